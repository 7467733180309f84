/* SPDX-License-Identifier: MIT */
/*
 * PolyArc with line_width 0 (mi_poly_arc, mi_poly_arc_drawable; mi.h): the
 * pixels of the X server's zero-width arcs, our own code.
 *
 * The facts it reproduces (mi's zero arc code, fb's copy of its loop):
 *  - an arc is drawn by the zero-arc code only when w == h or both are at
 *    most 800; the others take the wide-arc code (-ENOTSUP here);
 *  - the outline comes from Pitteway's conic stepping over one quadrant,
 *    mirrored into the four; circles use their own constants, odd widths a
 *    half-pixel offset (the left half is one column right of the mirror),
 *    zero width or height a degenerate walk along the axis;
 *  - a partial arc is cut by quadrant masks: each quadrant is on or off, and
 *    the walk switches to another mask when it reaches the x (or y) where the
 *    start or end angle meets the ellipse (the angle's cosine times
 *    (w + 1) / 2 near the x axis, its sine times h / 2 near the y axis,
 *    truncated), with the fix-ups of the original for ends near 45 degrees;
 *  - miZeroPolyArc hands the points of one arc to PolyPoint in one list, so
 *    a point listed twice is drawn twice; for full circles of even size it
 *    drops the four last points when they repeat the 45-degree points, but
 *    fb's own loop (solid line and fill, 8/16/32 bpp, arc box inside the
 *    composite clip) does not drop them;
 *  - dashes run along the arc from its start angle, quadrant by quadrant,
 *    and carry over from one arc to the next when the next starts where
 *    the last ended; a point shared by two arcs is drawn by the first, and
 *    the last arc leaves out its end when that is the first arc's start.
 *  - for LineDoubleDash, miZeroPolyArc draws one arc's even dashes in fg,
 *    then its odd dashes in bg, then goes on to the next arc: not all fg,
 *    then all bg (mi_poly_arc_layered keeps that order, for the functions
 *    where it shows: GXcopy with fg != bg, GXnor, ...).
 *
 * -ENOTSUP (and the lists as they were) for line_width != 0, for requests
 * with an arc the server gives to the wide-arc code, and for the dashed
 * requests that crash Xvfb 21.1.7: a last arc that is one point, both the
 * previous arc's end and the first arc's start (see dash_arc).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/2d/mi.h"

#define DEG(d) ((d) * 64)
#define FULL DEG(360)
#define EIGHTH DEG(45)
#define QUARTER DEG(90)
#define NEAR45 64
#define FAR 65536

/* sine and cosine of 1/64 degrees, exact at the four axes */
static double arc_sin(int a)
{
	if (a == 0 || a == DEG(180))
		return 0.0;
	if (a == DEG(90))
		return 1.0;
	if (a == DEG(270))
		return -1.0;
	return sin((double)a * (M_PI / 11520.0));
}

static double arc_cos(int a)
{
	if (a == 0)
		return 1.0;
	if (a == DEG(90) || a == DEG(270))
		return 0.0;
	if (a == DEG(180))
		return -1.0;
	return cos((double)a * (M_PI / 11520.0));
}

/* where the walk changes masks: at column x or row y of the quadrant walk */
struct turn {
	int x, y, mask;
};

static const struct turn no_turn = { FAR, FAR, 0 };

struct walk {
	/* conic stepper state */
	int x, y, k1, k3, a, b, d, dx, dy;
	/* centre columns (left, right mirror) and rows (top, bottom) */
	int cx, cxo, top, bot;
	int hw, hh;		/* quadrant extent: (w + 1) / 2, h / 2 */
	int mask0;
	struct turn start, start2, end, end2;
	int firstx, firsty;	/* where the start angle lies */
	int sa, ea;		/* start and end angle, 0 .. FULL - 1 */
};

static int iabs(int v)
{
	return v < 0 ? -v : v;
}

static int norm_angle(int a)
{
	if (a < 0)
		a = FULL - (-a) % FULL;
	if (a >= FULL)
		a %= FULL;
	return a;
}

/* the point where angle a meets the quadrant walk */
static struct turn angle_turn(const gem2d_arc *arc, int a, int hh)
{
	struct turn t;
	int oct = a / EIGHTH;

	if (!arc->height || (((oct + 1) & 2) && arc->width)) {
		t.x = iabs((int)(arc_cos(a) * ((arc->width + 1) / 2.0)));
		t.y = -1;
	} else {
		t.y = hh - iabs((int)(arc_sin(a) * (arc->height / 2.0)));
		t.x = FAR;
	}
	t.mask = 0;
	return t;
}

static int near45(int a)
{
	int r = (a + EIGHTH) % EIGHTH;

	return r < NEAR45 || r > EIGHTH - NEAR45;
}

/* Sets the walk up; returns 1 for a whole outline (all masks on, no turns). */
static int walk_setup(const gem2d_arc *arc, struct walk *wk, int whole_ok)
{
	int w = arc->width, h = arc->height;
	int odd = w & 1;

	if (w == h) {
		wk->k1 = -8;
		wk->k3 = -16;
		wk->b = odd ? 8 : 12;
		wk->a = 4 * w - (odd ? 8 : 12);
		wk->d = 17 - 2 * w - (odd ? 7 : 0);
	} else if (!w || !h) {
		wk->k1 = wk->k3 = 0;
		wk->a = -h;
		wk->b = 0;
		wk->d = -1;
	} else {
		int alpha = (w * w) << 2, beta = (h * h) << 2;
		int k1 = beta << 1, k3 = k1 + (alpha << 1);
		int a, b, d;

		b = odd ? 0 : -beta;
		a = alpha * h;
		d = b - (a >> 1) - (alpha >> 2);
		if (odd)
			d -= beta >> 2;
		a -= b;
		/* the first step, always to the side */
		b -= k1;
		a += k1;
		d += b;
		/* and the switch to the other octant's terms */
		k1 = -k1;
		k3 = -k3;
		b = -b;
		d = b - a - d;
		a = a - (b << 1);
		wk->k1 = k1;
		wk->k3 = k3;
		wk->a = a;
		wk->b = b;
		wk->d = d;
	}
	wk->dx = 1;
	wk->dy = 0;
	wk->hw = (w + 1) >> 1;
	wk->hh = h >> 1;
	wk->cx = arc->x + (w >> 1);
	wk->top = arc->y;
	wk->cxo = wk->cx + odd;
	wk->bot = wk->top + h;
	if (!w) {
		if (!h) {
			wk->x = wk->y = 0;
			wk->mask0 = 0;
			wk->sa = wk->ea = 0;
			wk->start = wk->end = no_turn;
			wk->start2 = wk->end2 = no_turn;
			wk->firstx = wk->firsty = FAR;
			return 0;
		}
		wk->x = 0;
		wk->y = 1;
	} else {
		wk->x = 1;
		wk->y = 0;
	}

	int a1 = arc->angle1, a2 = arc->angle2, sa, ea;

	if (a1 == 0 && a2 >= FULL) {
		sa = ea = 0;
	} else {
		if (a2 > FULL)
			a2 = FULL;
		else if (a2 < -FULL)
			a2 = -FULL;
		sa = a2 < 0 ? a1 + a2 : a1;
		ea = a2 < 0 ? a1 : a1 + a2;
		sa = norm_angle(sa);
		ea = norm_angle(ea);
	}
	wk->sa = sa;
	wk->ea = ea;
	wk->start2 = wk->end2 = no_turn;
	if (whole_ok && sa == ea && arc->angle2 && w && h) {
		wk->mask0 = 0xf;
		wk->start = wk->end = no_turn;
		wk->firstx = wk->firsty = FAR;
		return 1;
	}

	struct turn s = angle_turn(arc, sa, wk->hh), e = angle_turn(arc, ea, wk->hh);
	int sq = sa / EIGHTH, eq = ea / EIGHTH;
	int wrap = arc->angle2 && ea <= sa;
	int m = 0;

	wk->firstx = s.x;
	wk->firsty = s.y;
	for (int i = 0; i < 4; i++) {
		int lo = i * QUARTER <= ea, hi = (i + 1) * QUARTER > sa;

		if (wrap ? (lo || hi) : (lo && hi))
			m |= 1 << i;
	}
	s.mask = e.mask = m;
	sq >>= 1;
	eq >>= 1;
	wrap = wrap && eq == sq;
	if (s.x != e.x || s.y != e.y || !wrap) {
		int same = s.x == e.x && s.y == e.y;
		int s_before = s.x < e.x || s.y < e.y;
		int s_after = s.x > e.x || s.y > e.y;

		if (sq & 1) {
			if (!wrap)
				m &= ~(1 << sq);
			if (s_after)
				e.mask &= ~(1 << sq);
		} else {
			s.mask &= ~(1 << sq);
			if ((s_before || (same && (eq & 1))) && !wrap)
				e.mask &= ~(1 << sq);
		}
		if (eq & 1) {
			e.mask &= ~(1 << eq);
			if ((s_after || (same && !(sq & 1))) && !wrap)
				s.mask &= ~(1 << eq);
		} else {
			if (!wrap)
				m &= ~(1 << eq);
			if (s_before)
				s.mask &= ~(1 << eq);
		}
	}
	/* both ends near 45 degrees, one found by x and one by y */
	if (sa && ((s.y < 0 && e.y >= 0) || (s.y >= 0 && e.y < 0)) && near45(sa) && near45(ea)) {
		if (s.y < 0) {
			int t = iabs((int)(arc_sin(sa) * (h / 2.0)));

			if (wk->hh - t == e.y)
				s.mask = e.mask;
		} else {
			int t = iabs((int)(arc_sin(ea) * (h / 2.0)));

			if (wk->hh - t == s.y)
				e.mask = s.mask;
		}
	}
	/* odd quadrants are walked towards their start, even ones towards
	 * their end: each turn goes to the list that meets it first */
	if (sq & 1) {
		wk->start = s;
		wk->end = no_turn;
	} else {
		wk->end = s;
		wk->start = no_turn;
	}
	if (eq & 1) {
		wk->end2 = e;
		if (wk->end2.x < wk->end.x || wk->end2.y < wk->end.y) {
			struct turn t = wk->end2;

			wk->end2 = wk->end;
			wk->end = t;
		}
		wk->start2 = no_turn;
	} else {
		wk->start2 = e;
		if (wk->start2.x < wk->start.x || wk->start2.y < wk->start.y) {
			struct turn t = wk->start2;

			wk->start2 = wk->start;
			wk->start = t;
		}
		wk->end2 = no_turn;
	}
	if (!wk->start.x || !wk->start.y) {
		m = wk->start.mask;
		wk->start = wk->start2;
	}
	if (!w && h == 1) {
		m |= wk->end.mask;
		m |= m << 1;
		wk->end.x = 0;
		wk->end.mask = 0;
	}
	wk->mask0 = m;
	return 0;
}

/* At the end of an octant (a < 0) switch the stepper to the steep one. */
static void walk_octant(struct walk *wk)
{
	if (wk->a >= 0)
		return;
	if (wk->y == wk->hh) {
		wk->d = -1;
		wk->a = wk->b = wk->k1 = 0;
		return;
	}
	int ndx = (wk->k1 << 1) - wk->k3;

	wk->k1 = ndx - wk->k1;
	wk->k3 = -wk->k3;
	wk->b = wk->b + wk->a - (wk->k1 >> 1);
	wk->d = wk->b + ((-wk->a) >> 1) - wk->d + (wk->k3 >> 3);
	wk->a = (ndx < 0 ? -((-ndx) >> 1) : ndx >> 1) - wk->a;
	wk->dx = 0;
	wk->dy = 1;
}

static void walk_step(struct walk *wk)
{
	wk->b -= wk->k1;
	if (wk->d < 0) {
		wk->x += wk->dx;
		wk->y += wk->dy;
		wk->a += wk->k1;
		wk->d += wk->b;
	} else {
		wk->x++;
		wk->y++;
		wk->a += wk->k3;
		wk->d -= wk->a;
	}
}

static void walk_circle_step(struct walk *wk)
{
	wk->b -= wk->k1;
	wk->x++;
	if (wk->d < 0) {
		wk->a += wk->k1;
		wk->d += wk->b;
	} else {
		wk->y++;
		wk->a += wk->k3;
		wk->d -= wk->a;
	}
}

/* point lists */
struct pt {
	int x, y;
};

struct ptlist {
	struct pt *p;
	size_t n, cap;
	int err;
};

static void pl_add(struct ptlist *l, int x, int y)
{
	if (l->err)
		return;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;
		struct pt *np = realloc(l->p, cap * sizeof(*np));

		if (!np) {
			l->err = -ENOMEM;
			return;
		}
		l->p = np;
		l->cap = cap;
	}
	l->p[l->n].x = (int16_t)x;	/* the server's points are 16-bit */
	l->p[l->n].y = (int16_t)y;
	l->n++;
}

/* a point of quadrant q (0: right top, 1: left top, 2: left bottom,
 * 3: right bottom) into list q, or all into list 0 */
struct sink {
	struct ptlist q[4];
	int by_quadrant;
	int mark_q;		/* by quadrant: the start angle's quadrant */
	size_t mark;		/*   and how many of its points came before the start */
};

static void put(struct sink *s, int mask, int q, int x, int y)
{
	if (mask & (1 << q))
		pl_add(&s->q[s->by_quadrant ? q : 0], x, y);
}

static void quad4(struct sink *s, const struct walk *wk, int mask)
{
	put(s, mask, 0, wk->cx + wk->x, wk->top + wk->y);
	put(s, mask, 1, wk->cxo - wk->x, wk->top + wk->y);
	put(s, mask, 2, wk->cxo - wk->x, wk->bot - wk->y);
	put(s, mask, 3, wk->cx + wk->x, wk->bot - wk->y);
}

/* The points of one arc, in the order the server lists them. whole_ok: a
 * full outline may take the unmasked loops. keep_dup: an even full circle
 * keeps its repeated 45-degree points (fb's loop). */
static void arc_points(const gem2d_arc *arc, struct sink *s, int whole_ok, int keep_dup,
		       struct walk *wk)
{
	int whole = walk_setup(arc, wk, whole_ok);
	int mask = wk->mask0;

	for (int q = 0; q < 4; q++)
		s->q[q].n = 0;
	s->mark_q = wk->sa / QUARTER;
	s->mark = 0;
	int w = arc->width, h = arc->height;

	if (!(w & 1)) {
		put(s, mask, 1, wk->cxo, wk->top);
		put(s, mask, 3, wk->cxo, wk->bot);
	}
	if (!wk->end.x || !wk->end.y) {
		mask = wk->end.mask;
		wk->end = wk->end2;
	}
	if (whole && w == h && !(w & 1)) {
		int mid = wk->top + wk->hh;
		int right = wk->cx + wk->hh, left = wk->cx - wk->hh;
		struct ptlist *l = &s->q[0];

		for (;;) {
			pl_add(l, wk->cx + wk->x, wk->top + wk->y);
			pl_add(l, wk->cx - wk->x, wk->top + wk->y);
			pl_add(l, wk->cx - wk->x, wk->bot - wk->y);
			pl_add(l, wk->cx + wk->x, wk->bot - wk->y);
			if (wk->a < 0)
				break;
			pl_add(l, right - wk->y, mid - wk->x);
			pl_add(l, left + wk->y, mid - wk->x);
			pl_add(l, left + wk->y, mid + wk->x);
			pl_add(l, right - wk->y, mid + wk->x);
			walk_circle_step(wk);
		}
		if (!keep_dup && !l->err && wk->x > 1 && l->p[l->n - 1].x == l->p[l->n - 5].x &&
		    l->p[l->n - 1].y == l->p[l->n - 5].y)
			l->n -= 4;
		wk->x = wk->hw;
		wk->y = wk->hh;
	} else if (whole) {
		while (wk->y < wk->hh || wk->x < wk->hw) {
			walk_octant(wk);
			quad4(s, wk, 0xf);
			walk_step(wk);
		}
	} else {
		while (wk->y < wk->hh || wk->x < wk->hw) {
			walk_octant(wk);
			if (wk->x == wk->firstx || wk->y == wk->firsty)
				s->mark = s->q[s->mark_q].n;
			if (wk->x == wk->start.x || wk->y == wk->start.y) {
				mask = wk->start.mask;
				wk->start = wk->start2;
			}
			quad4(s, wk, mask);
			if (wk->x == wk->end.x || wk->y == wk->end.y) {
				mask = wk->end.mask;
				wk->end = wk->end2;
			}
			walk_step(wk);
		}
	}
	if (!whole && (wk->x == wk->firstx || wk->y == wk->firsty))
		s->mark = s->q[s->mark_q].n;
	if (wk->x == wk->start.x || wk->y == wk->start.y)
		mask = wk->start.mask;
	put(s, mask, 0, wk->cx + wk->x, wk->top + wk->y);
	put(s, mask, 2, wk->cxo - wk->x, wk->bot - wk->y);
	if (h & 1) {
		put(s, mask, 1, wk->cxo - wk->x, wk->top + wk->y);
		put(s, mask, 3, wk->cx + wk->x, wk->bot - wk->y);
	}
}

static int can_zero(const gem2d_arc *a)
{
	return a->width == a->height || (a->width <= 800 && a->height <= 800);
}

/* fb's own loop draws the arc: its box lies inside the composite clip */
static int fb_inside(const gem2d_arc *a, const gem2d_gc *gc, int width, int height)
{
	int x1 = a->x, y1 = a->y;
	int x2 = x1 + a->width + 1, y2 = y1 + a->height + 1;

	if (x2 > 32767 || y2 > 32767)
		return 0;
	if (x1 < 0 || y1 < 0 || x2 > width || y2 > height)
		return 0;
	if (!gc->clip)
		return 1;

	/* cover the box with the clip rectangles: what is left of it after
	 * each rectangle is cut away, as a list of boxes */
	size_t cap = 4 * (size_t)gc->n_clip + 4, n = 1;
	g2d_box *left = malloc(cap * sizeof(*left)), *next = malloc(cap * 4 * sizeof(*next));
	int covered = 0;

	if (!left || !next)
		goto out;
	left[0] = (g2d_box){ x1, y1, x2, y2 };
	for (int r = 0; r < gc->n_clip && n; r++) {
		const gem2d_rect *c = &gc->clip[r];
		int cx1 = c->x, cy1 = c->y, cx2 = c->x + c->width, cy2 = c->y + c->height;
		size_t m = 0;

		for (size_t i = 0; i < n; i++) {
			g2d_box b = left[i];

			if (cx1 >= b.x2 || cx2 <= b.x1 || cy1 >= b.y2 || cy2 <= b.y1) {
				next[m++] = b;
				continue;
			}
			if (cy1 > b.y1)
				next[m++] = (g2d_box){ b.x1, b.y1, b.x2, cy1 };
			if (cy2 < b.y2)
				next[m++] = (g2d_box){ b.x1, cy2, b.x2, b.y2 };
			int my1 = cy1 > b.y1 ? cy1 : b.y1, my2 = cy2 < b.y2 ? cy2 : b.y2;

			if (cx1 > b.x1)
				next[m++] = (g2d_box){ b.x1, my1, cx1, my2 };
			if (cx2 < b.x2)
				next[m++] = (g2d_box){ cx2, my1, b.x2, my2 };
		}
		if (m > cap) {
			g2d_box *nl = realloc(left, m * 4 * sizeof(*nl));
			g2d_box *nn = realloc(next, m * 16 * sizeof(*nn));

			if (nl)
				left = nl;
			if (nn)
				next = nn;
			if (!nl || !nn)
				goto out;
			cap = m * 4;
		}
		memcpy(left, next, m * sizeof(*left));
		n = m;
	}
	covered = n == 0;
out:
	free(left);
	free(next);
	return covered;
}

/* Dashes: the dash list as the server keeps it (an odd list is repeated
 * once so that dashes alternate), the position in it, and what links one
 * arc's dashes to the next. */
struct dashes {
	uint8_t len[512];
	int count;
	int idx0, off0;		/* where the dash offset puts the first arc */
	int idx, off;
	int have_first, first_x, first_y;	/* the request's first point */
	int have_last, last_x, last_y;		/* the previous arc's last point */
};

static void dash_init(struct dashes *ds, const gem2d_gc *gc)
{
	int n = gc->n_dashes, total = 0;

	ds->count = n & 1 ? 2 * n : n;
	for (int i = 0; i < ds->count; i++) {
		ds->len[i] = gc->dashes[i % n];
		total += ds->len[i];
	}
	/* step the offset along the list */
	int dist = gc->dash_offset, i = 0;

	if (dist >= ds->len[0]) {
		dist -= ds->len[0];
		i = 1 % ds->count;
		if (total <= dist)
			dist %= total;
		while (dist >= ds->len[i]) {
			dist -= ds->len[i];
			i = (i + 1) % ds->count;
		}
	}
	ds->idx0 = i;
	ds->off0 = dist;
	ds->idx = i;
	ds->off = dist;
	ds->have_first = ds->have_last = 0;
}

/* One arc's quadrant point lists, walked from the start angle in the
 * arc's direction, split into dashes. Addresses: quadrant q's point k is
 * q * stride + k, as one array of four parts. */
struct run {
	long from, to;
	int step;
};

static struct pt at(const struct sink *s, long stride, long addr)
{
	return s->q[addr / stride].p[addr % stride];
}

static int dash_arc(const gem2d_arc *arc, const struct walk *wk, const struct sink *s,
		     long stride, struct dashes *ds, int first_arc, int last_arc,
		     struct g2d_boxes *even, struct g2d_boxes *odd)
{
	struct run r[5];
	int sq = wk->sa / QUARTER;
	long mark = sq * stride + (long)s->mark;

	for (int i = 0; i < 4; i++) {
		int q = (sq + i) & 3;
		long base = q * stride, n = (long)s->q[q].n;

		if (q & 1)
			r[i] = (struct run){ base, base + n, 1 };
		else
			r[i] = (struct run){ base + n - 1, base - 1, -1 };
	}
	/* the start quadrant is split at the start angle: its part after the
	 * start comes first, the part before it last */
	r[4].from = r[0].from;
	r[4].to = mark;
	r[0].from = mark;
	if (sq & 1) {
		if (r[4].from != r[4].to)
			r[4].to--;
		r[4].step = 1;
	} else {
		if (r[0].from > r[4].from)
			r[0].from--;
		if (r[4].from < r[4].to)
			r[4].to--;
		r[4].step = -1;
	}
	if (arc->angle2 < 0) {
		/* clockwise: the runs in the opposite order and direction */
		struct run t[5];

		for (int i = 0; i < 5; i++)
			t[4 - i] = (struct run){ r[i].to - r[i].step, r[i].from - r[i].step,
						 -r[i].step };
		memcpy(r, t, sizeof(r));
	}
	int i, j;

	for (i = 0; i < 5 && r[i].from == r[i].to; i++)
		;
	if (i == 5)
		return 0;
	for (j = 4; r[j].from == r[j].to; j--)
		;
	struct pt p0 = at(s, stride, r[i].from);
	long last = r[j].to - r[j].step;
	struct pt pl = at(s, stride, last);

	if (ds->have_last && p0.x == ds->last_x && p0.y == ds->last_y) {
		r[i].from += r[i].step;	/* drawn as the previous arc's end */
	} else {
		ds->idx = ds->idx0;
		ds->off = ds->off0;
	}
	if (first_arc && wk->sa != wk->ea) {
		ds->have_first = 1;
		ds->first_x = p0.x;
		ds->first_y = p0.y;
	} else if (last_arc && ds->have_first && pl.x == ds->first_x && pl.y == ds->first_y &&
		   last != r[i].from) {
		r[j].to = last;		/* the first arc's start is drawn already */
	}
	/* A last arc of one point that is both the previous arc's end and the
	 * first arc's start leaves a run that steps away from its end: the
	 * server walks off its buffer and crashes (seen with Xvfb 21.1.7). */
	for (int k = 0; k < 5; k++)
		if ((r[k].to - r[k].from) * r[k].step < 0)
			return -ENOTSUP;
	if (wk->sa != wk->ea) {
		ds->have_last = 1;
		ds->last_x = pl.x;
		ds->last_y = pl.y;
	}
	int left = ds->len[ds->idx] - ds->off;

	for (int k = 0; k < 5; k++) {
		long a = r[k].from;

		while (a != r[k].to) {
			struct g2d_boxes *out = ds->idx & 1 ? odd : even;

			while (a != r[k].to && --left >= 0) {
				struct pt p = at(s, stride, a);

				if (out)
					g2d_boxes_point(out, p.x, p.y);
				a += r[k].step;
			}
			if (left <= 0) {
				ds->idx = (ds->idx + 1) % ds->count;
				left = ds->len[ds->idx];
			}
		}
	}
	ds->off = ds->len[ds->idx] - left;
	return 0;
}

/* The draws of a LineDoubleDash request in the server's order, for the
 * layered output: each arc's even points (fg) and then its odd points (bg),
 * arc after arc. */
struct draw_event {
	int32_t x, y;
	uint32_t seq;
	uint32_t bg;
};

struct draw_order {
	struct draw_event *ev;
	size_t n, cap;
};

/* appends the arc's points (fg, then bg) and empties the two lists */
static int order_add(struct draw_order *o, struct g2d_boxes *fg, struct g2d_boxes *bg)
{
	size_t need = o->n + fg->n + bg->n;

	if (fg->err || bg->err)
		return fg->err ? fg->err : bg->err;
	if (need > o->cap) {
		size_t cap = o->cap ? o->cap : 1024;
		struct draw_event *ne;

		while (cap < need)
			cap *= 2;
		ne = realloc(o->ev, cap * sizeof(*ne));
		if (!ne)
			return -ENOMEM;
		o->ev = ne;
		o->cap = cap;
	}
	for (int c = 0; c < 2; c++) {
		struct g2d_boxes *l = c ? bg : fg;

		for (size_t i = 0; i < l->n; i++) {	/* dash_arc emits points only */
			o->ev[o->n] = (struct draw_event){ l->box[i].x1, l->box[i].y1,
							   (uint32_t)o->n, (uint32_t)c };
			o->n++;
		}
		g2d_boxes_reset(l);
	}
	return 0;
}

static int event_cmp(const void *pa, const void *pb)
{
	const struct draw_event *a = pa, *b = pb;

	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Layer l exists (the ones before it too, empty if need be). */
static int layers_need(mi_layers *out, int l)
{
	while (out->n <= l) {
		if (out->n == out->cap) {
			int cap = out->cap ? 2 * out->cap : 4;
			struct g2d_boxes *nl = realloc(out->layer, (size_t)cap * sizeof(*nl));

			if (!nl)
				return -ENOMEM;
			out->layer = nl;
			out->cap = cap;
		}
		out->layer[out->n++] = (struct g2d_boxes)G2D_BOXES_INIT;
	}
	return 0;
}

/* Each pixel's draws, in order, into the layers: its first draw into the
 * first layer of its colour (fg even, bg odd), each further one into the
 * same layer when the colour is the same, else the next. */
static int order_to_layers(struct draw_order *o, mi_layers *out)
{
	qsort(o->ev, o->n, sizeof(*o->ev), event_cmp);
	for (size_t i = 0; i < o->n;) {
		const struct draw_event *e = &o->ev[i];
		int l = (int)e->bg;

		for (size_t j = i; j < o->n && o->ev[j].x == e->x && o->ev[j].y == e->y; j++) {
			if ((l & 1) != (int)o->ev[j].bg)
				l++;
			if (layers_need(out, l))
				return -ENOMEM;
			g2d_boxes_point(&out->layer[l], e->x, e->y);
			i = j + 1;
		}
	}
	for (int l = 0; l < out->n; l++)
		if (out->layer[l].err)
			return out->layer[l].err;
	return 0;
}

static int poly_arc(struct g2d_boxes *fg, struct g2d_boxes *bg, struct draw_order *order,
		    const gem2d_gc *gc, int n, const gem2d_arc *arcs, int width, int height,
		    int bpp)
{
	struct sink s;
	struct walk wk;
	struct dashes *ds = NULL;
	int dashed = gc->line_style != 0;
	long stride = 0;

	if (gc->line_width)
		return -ENOTSUP;
	for (int i = 0; i < n; i++) {
		const gem2d_arc *a = &arcs[i];

		if (!can_zero(a))
			return -ENOTSUP;	/* the wide-arc code draws it */
		long m = a->width > a->height ? a->width + (a->height >> 1)
					      : a->height + (a->width >> 1);

		if (m > stride)
			stride = m;
	}
	if (dashed) {
		if (gc->n_dashes <= 0 || gc->n_dashes > 255 || !gc->dashes)
			return -EINVAL;
		ds = malloc(sizeof(*ds));
		if (!ds)
			return -ENOMEM;
		dash_init(ds, gc);
	}
	memset(&s, 0, sizeof(s));
	s.by_quadrant = dashed;
	size_t fg_n = fg->n, bg_n = bg ? bg->n : 0;
	int err = 0;
	int fb_loop = !dashed && gc->fill_style == 0 && (bpp == 8 || bpp == 16 || bpp == 32);

	for (int i = 0; i < n; i++) {
		const gem2d_arc *a = &arcs[i];

		if (!dashed) {
			arc_points(a, &s, 1, fb_loop && fb_inside(a, gc, width, height), &wk);
			for (size_t k = 0; k < s.q[0].n; k++)
				g2d_boxes_point(fg, s.q[0].p[k].x, s.q[0].p[k].y);
		} else {
			arc_points(a, &s, 0, 0, &wk);
			if (s.q[0].err || s.q[1].err || s.q[2].err || s.q[3].err)
				break;
			err = dash_arc(a, &wk, &s, stride, ds, i == 0, i == n - 1, fg,
				       gc->line_style == 2 ? bg : NULL);
			if (!err && order)
				err = order_add(order, fg, bg);
			if (err)
				break;
		}
	}

	for (int q = 0; q < 4; q++) {
		if (s.q[q].err)
			err = s.q[q].err;
		free(s.q[q].p);
	}
	free(ds);
	if (!err)
		err = fg->err ? fg->err : bg ? bg->err : 0;
	if (err == -ENOTSUP) {
		fg->n = fg_n;
		if (bg)
			bg->n = bg_n;
	}
	return err;
}

int mi_poly_arc_drawable(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
			 const gem2d_arc *arcs, int width, int height, int bpp)
{
	return poly_arc(fg, bg, NULL, gc, n, arcs, width, height, bpp);
}

int mi_poly_arc_layered(mi_layers *out, const gem2d_gc *gc, int n, const gem2d_arc *arcs,
			int width, int height, int bpp)
{
	int err;

	if (gc->line_style != 2) {	/* one colour: one layer */
		if (layers_need(out, 0))
			return out->err = -ENOMEM;
		err = poly_arc(&out->layer[0], NULL, NULL, gc, n, arcs, width, height, bpp);
		if (err && err != -ENOTSUP)
			out->err = err;
		return err;
	}

	struct g2d_boxes fg = G2D_BOXES_INIT, bg = G2D_BOXES_INIT;
	struct draw_order order = { NULL, 0, 0 };

	err = poly_arc(&fg, &bg, &order, gc, n, arcs, width, height, bpp);
	if (!err)
		err = order_to_layers(&order, out);
	g2d_boxes_fini(&fg);
	g2d_boxes_fini(&bg);
	free(order.ev);
	if (err && err != -ENOTSUP)
		out->err = err;
	return err;
}

int mi_poly_arc(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
		const gem2d_arc *arcs)
{
	return mi_poly_arc_drawable(fg, bg, gc, n, arcs, 0, 0, 1);
}
