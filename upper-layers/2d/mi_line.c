/* SPDX-License-Identifier: MIT */
/*
 * Thin (line_width 0) lines as the X server draws them: PolyPoint, PolyLine,
 * PolySegment and PolyRectangle, solid and dashed, emitted as boxes (runs
 * along the major axis) in drawable coordinates, unclipped. Our own code,
 * written from the rules below.
 *
 * Facts this file relies on (Debian 12's Xvfb 21.1.7 = fb + mi, checked
 * pixel for pixel by tests/2d/mi_line_check.c):
 *
 *  - Every line is stepped from its first point on the major axis. The
 *    error starts at -major - bias_bit, grows by 2*minor per major step and
 *    a minor step is taken when it reaches 0 (then it drops by 2*major).
 *    bias_bit is bit `octant` of the screen's zero-line bias, octant =
 *    YMAJOR 1 | YDECREASING 2 | XDECREASING 4. Measured: Xvfb draws as if
 *    that bias were 0 in every octant (mi's documented default 0xD8 gives
 *    other pixels in ~20% of random lines), which is why its lines are not
 *    direction symmetric. Ties (|dx| == |dy|) are pure diagonals whatever
 *    the major axis.
 *  - A line draws `major` pixels from its first point; the endpoint is one
 *    more pixel, drawn for the last line of a PolyLine and for every
 *    PolySegment unless the cap style is CapNotLast. So PolyLine draws each
 *    shared vertex once, PolySegment redraws where segments meet.
 *  - A PolyLine of one point draws nothing (the server needs two).
 *  - The closing pixel of a solid PolyLine whose last point equals its first
 *    (every PolyRectangle) depends on the clip: fb's fast path, taken when the
 *    composite clip is one rectangle, leaves it out when the last line lies
 *    wholly inside that rectangle; otherwise it is drawn, so the first point
 *    is drawn twice. Dashed lines never take the fast path: always drawn.
 *    This breaks clip invariance in the server; mi_clip_hint lets the caller
 *    say which case applies.
 *  - PolyRectangle with line_width 0 is a closed 5-point PolyLine
 *    (x,y) (x+w,y) (x+w,y+h) (x,y+h) (x,y), x+w and y+h clamped to 32767.
 *  - Dashes: the GC's list, doubled when its length is odd; dash_offset is
 *    taken modulo the pattern's length. Each drawn pixel, endpoint included,
 *    advances the pattern by one. A PolyLine (and so a PolyRectangle) carries
 *    the pattern across its lines; PolySegment restarts it at dash_offset for
 *    each segment. Even dashes are drawn with the foreground, odd ones with
 *    the background for LineDoubleDash, skipped for LineOnOffDash.
 *  - The server draws a request's pixels in request order, one at a time,
 *    so under GXcopy a pixel drawn in both colours (a double-dashed
 *    rectangle's first corner, lines that cross) ends in the colour drawn
 *    last. Two lists cannot say that; the _layered calls can (mi.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "upper-layers/2d/mi.h"

/* bit `octant` set: the error starts one lower in that octant (0: none) */
#ifndef MI_LINE_BIAS
#define MI_LINE_BIAS 0x00u
#endif

#define OCT_YMAJOR 1
#define OCT_YDEC 2
#define OCT_XDEC 4

/* Collects pixels into runs: a pixel next to the end of the open run on
 * its axis extends it, anything else closes it and opens a new one. Each
 * pixel lands in exactly one box, so multiplicity is kept. */
struct run {
	struct g2d_boxes *out;
	int32_t x1, y1, x2, y2;	/* open box, half-open; x1 == x2 when none */
};

static void run_flush(struct run *r)
{
	if (r->x1 != r->x2)
		g2d_boxes_add(r->out, r->x1, r->y1, r->x2, r->y2);
	r->x2 = r->x1;
}

static void run_pixel(struct run *r, int32_t x, int32_t y)
{
	if (r->x1 != r->x2) {
		bool row = r->y2 - r->y1 == 1, col = r->x2 - r->x1 == 1;

		if (row && y == r->y1) {
			if (x == r->x2) {
				r->x2++;
				return;
			}
			if (x == r->x1 - 1) {
				r->x1--;
				return;
			}
		}
		if (col && x == r->x1) {
			if (y == r->y2) {
				r->y2++;
				return;
			}
			if (y == r->y1 - 1) {
				r->y1--;
				return;
			}
		}
		g2d_boxes_add(r->out, r->x1, r->y1, r->x2, r->y2);
	}
	r->x1 = x;
	r->y1 = y;
	r->x2 = x + 1;
	r->y2 = y + 1;
}

/* Position in the dash pattern. */
struct dash {
	const uint8_t *list;
	int n;		/* entries in the GC's list */
	int period;	/* entries after doubling an odd list */
	int idx;	/* current entry, 0 .. period-1; even idx = even dash */
	int left;	/* pixels left in it, >= 1 */
};

static const uint8_t default_dashes[2] = { 4, 4 };

static void dash_start(struct dash *d, const gem2d_gc *gc)
{
	uint32_t total = 0, off;
	int i;

	d->list = gc->dashes;
	d->n = gc->n_dashes;
	for (i = 0; d->list && i < d->n; i++) {
		if (!d->list[i])
			break;
	}
	if (!d->list || d->n <= 0 || i < d->n) {
		/* no usable list (the protocol forbids 0 entries): X's default */
		d->list = default_dashes;
		d->n = 2;
	}
	d->period = d->n & 1 ? 2 * d->n : d->n;
	for (i = 0; i < d->period; i++)
		total += d->list[i % d->n];
	off = gc->dash_offset % total;
	d->idx = 0;
	while (off >= d->list[d->idx % d->n]) {
		off -= d->list[d->idx % d->n];
		d->idx++;
	}
	d->left = d->list[d->idx % d->n] - (int)off;
}

static void dash_step(struct dash *d)
{
	if (--d->left == 0) {
		if (++d->idx == d->period)
			d->idx = 0;
		d->left = d->list[d->idx % d->n];
	}
}

/* Pixels already drawn by this request, for the layered output: packed
 * position -> the last layer that drew it. Open addressing; key 0 = empty. */
struct pixel_map {
	uint64_t *key;
	int32_t *layer;
	size_t cap, n;
};

static uint64_t pixel_key(int32_t x, int32_t y)
{
	return ((uint64_t)(uint32_t)x << 32 | (uint32_t)y) + 1;
}

static size_t pixel_slot(const struct pixel_map *m, uint64_t k)
{
	uint64_t h = k * 0x9e3779b97f4a7c15ull;
	size_t i;

	h ^= h >> 29;	/* x sits in the high half: fold it down */
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 32;
	i = (size_t)h & (m->cap - 1);

	while (m->key[i] && m->key[i] != k)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static int pixel_map_grow(struct pixel_map *m)
{
	struct pixel_map g = { NULL, NULL, m->cap ? m->cap * 2 : 1024, m->n };

	g.key = calloc(g.cap, sizeof(*g.key));
	g.layer = malloc(g.cap * sizeof(*g.layer));
	if (!g.key || !g.layer) {
		free(g.key);
		free(g.layer);
		return -ENOMEM;
	}
	for (size_t i = 0; i < m->cap; i++) {
		if (m->key[i]) {
			size_t j = pixel_slot(&g, m->key[i]);

			g.key[j] = m->key[i];
			g.layer[j] = m->layer[i];
		}
	}
	free(m->key);
	free(m->layer);
	*m = g;
	return 0;
}

/* Where one request's pixels go: two lists (fg, bg) or ordered layers. */
struct pen {
	struct run fg, bg;
	mi_layers *layers;	/* non-NULL: layered output */
	struct run *lrun;	/* one open run per layer */
	int nrun;
	struct pixel_map seen;
	int err;
	bool dashed, double_dash;
	struct dash dash;
};

static void pen_init(struct pen *p, struct g2d_boxes *fg, struct g2d_boxes *bg,
		     mi_layers *layers, const gem2d_gc *gc)
{
	*p = (struct pen){ .fg = { fg, 0, 0, 0, 0 }, .bg = { bg, 0, 0, 0, 0 }, .layers = layers };
	p->dashed = gc->line_style == 1 || gc->line_style == 2;
	p->double_dash = gc->line_style == 2 && (bg || layers);
	if (p->dashed)
		dash_start(&p->dash, gc);
}

/* Layer `l` exists, with its open run. */
static int pen_need_layer(struct pen *p, int l)
{
	mi_layers *o = p->layers;

	while (o->n <= l) {
		if (o->n == o->cap) {
			int cap = o->cap ? 2 * o->cap : 4;
			struct g2d_boxes *nl = realloc(o->layer, (size_t)cap * sizeof(*nl));

			if (!nl)
				return -ENOMEM;
			o->layer = nl;
			o->cap = cap;
			for (int i = 0; i < p->nrun; i++)	/* the array moved */
				p->lrun[i].out = &o->layer[i];
		}
		o->layer[o->n] = (struct g2d_boxes)G2D_BOXES_INIT;
		o->n++;
	}
	if (p->nrun <= l) {
		struct run *nr = realloc(p->lrun, (size_t)o->cap * sizeof(*nr));

		if (!nr)
			return -ENOMEM;
		p->lrun = nr;
		for (; p->nrun < o->n; p->nrun++)
			p->lrun[p->nrun] = (struct run){ &o->layer[p->nrun], 0, 0, 0, 0 };
	}
	return 0;
}

/* bg: drawn with the background. The pixel goes to the first layer of its
 * colour (fg even, bg odd) that is not before its last draw, so drawing the
 * layers in turn repeats each pixel's sequence of fg and bg draws. */
static void layered_pixel(struct pen *p, int32_t x, int32_t y, bool bg)
{
	uint64_t k = pixel_key(x, y);
	size_t i;
	int l;

	if (p->err)
		return;
	if (!p->double_dash) {	/* one colour: its order does not matter */
		if (pen_need_layer(p, 0))
			p->err = -ENOMEM;
		else
			run_pixel(&p->lrun[0], x, y);
		return;
	}
	if (p->seen.n * 2 >= p->seen.cap && pixel_map_grow(&p->seen)) {
		p->err = -ENOMEM;
		return;
	}
	i = pixel_slot(&p->seen, k);
	if (!p->seen.key[i]) {
		p->seen.key[i] = k;
		p->seen.n++;
		l = bg;
	} else {
		l = p->seen.layer[i];
		if ((l & 1) != bg)
			l++;
	}
	p->seen.layer[i] = l;
	if (pen_need_layer(p, l)) {
		p->err = -ENOMEM;
		return;
	}
	run_pixel(&p->lrun[l], x, y);
}

static void pen_pixel(struct pen *p, int32_t x, int32_t y)
{
	bool even = !p->dashed || !(p->dash.idx & 1);

	if (p->dashed)
		dash_step(&p->dash);
	if (!even && !p->double_dash)
		return;
	if (p->layers)
		layered_pixel(p, x, y, !even);
	else
		run_pixel(even ? &p->fg : &p->bg, x, y);
}

static int pen_finish(struct pen *p)
{
	int err = p->err;

	if (p->layers) {
		for (int i = 0; i < p->nrun; i++) {
			run_flush(&p->lrun[i]);
			if (!err)
				err = p->lrun[i].out->err;
		}
		free(p->lrun);
		free(p->seen.key);
		free(p->seen.layer);
		if (err)
			p->layers->err = err;
		return err;
	}
	run_flush(&p->fg);
	if (p->bg.out)
		run_flush(&p->bg);
	if (err)
		return err;
	if (p->fg.out->err)
		return p->fg.out->err;
	return p->bg.out ? p->bg.out->err : 0;
}

/* One line from (x1,y1) towards (x2,y2): its `major` pixels from the first
 * point on, plus the endpoint when last is set. */
static void draw_line(struct pen *p, int32_t x1, int32_t y1, int32_t x2, int32_t y2, bool last)
{
	int32_t dx = x2 - x1, dy = y2 - y1, sx = 1, sy = 1;
	int32_t major, minor, e, e_minor, e_major, n;
	unsigned octant = 0;
	bool ymajor;

	if (dx < 0) {
		dx = -dx;
		sx = -1;
		octant |= OCT_XDEC;
	}
	if (dy < 0) {
		dy = -dy;
		sy = -1;
		octant |= OCT_YDEC;
	}
	ymajor = dy > dx;
	if (ymajor) {
		octant |= OCT_YMAJOR;
		major = dy;
		minor = dx;
	} else {
		major = dx;
		minor = dy;
	}
	e = -major - (int32_t)((MI_LINE_BIAS >> octant) & 1);
	e_minor = 2 * minor;
	e_major = -2 * major;

	for (n = major + (last ? 1 : 0); n > 0; n--) {
		pen_pixel(p, x1, y1);
		e += e_minor;
		if (ymajor) {
			y1 += sy;
			if (e >= 0) {
				x1 += sx;
				e += e_major;
			}
		} else {
			x1 += sx;
			if (e >= 0) {
				y1 += sy;
				e += e_major;
			}
		}
	}
}

int mi_points(struct g2d_boxes *fg, int n, const gem2d_point *pts)
{
	for (int i = 0; i < n; i++)
		g2d_boxes_point(fg, pts[i].x, pts[i].y);
	return fg->err;
}

/* Does fb leave out the closing pixel of this solid closed polyline? Only
 * its fast path does, when the clip is one rectangle holding both ends of
 * the last line. */
static bool skips_closing_pixel(const mi_clip_hint *hint, int32_t ax, int32_t ay, int32_t bx,
				int32_t by)
{
	const g2d_box *b;

	if (!hint)
		return true;
	if (!hint->single)
		return false;
	b = &hint->extents;
	return ax >= b->x1 && ax < b->x2 && ay >= b->y1 && ay < b->y2 &&
	       bx >= b->x1 && bx < b->x2 && by >= b->y1 && by < b->y2;
}

/* The polyline core on 32-bit points (PolyRectangle's corners may be
 * clamped past what int16 points can say, so the points come in as pairs). */
static void poly_line(struct pen *p, const gem2d_gc *gc, int n, const int32_t (*pt)[2],
		      const mi_clip_hint *hint)
{
	bool last;

	if (n < 2)
		return;
	last = gc->cap_style != 0;
	if (last && !p->dashed && pt[n - 1][0] == pt[0][0] && pt[n - 1][1] == pt[0][1] &&
	    skips_closing_pixel(hint, pt[n - 2][0], pt[n - 2][1], pt[n - 1][0], pt[n - 1][1]))
		last = false;
	for (int i = 0; i + 1 < n; i++)
		draw_line(p, pt[i][0], pt[i][1], pt[i + 1][0], pt[i + 1][1],
			  last && i + 2 == n);
}

/* The three requests, into either kind of output. */
static int line_request(struct pen *p, const gem2d_gc *gc, int n, const gem2d_point *pts,
			const mi_clip_hint *hint)
{
	int32_t small[16][2], (*pt)[2] = small;

	if (n > 16) {
		pt = calloc((size_t)n, sizeof(*pt));
		if (!pt) {
			p->err = -ENOMEM;
			return pen_finish(p);
		}
	}
	for (int i = 0; i < n; i++) {
		pt[i][0] = pts[i].x;
		pt[i][1] = pts[i].y;
	}
	poly_line(p, gc, n, (const int32_t (*)[2])pt, hint);
	if (pt != small)
		free(pt);
	return pen_finish(p);
}

static int segment_request(struct pen *p, const gem2d_gc *gc, int n, const gem2d_segment *segs)
{
	bool last = gc->cap_style != 0;

	for (int i = 0; i < n; i++) {
		if (p->dashed)
			dash_start(&p->dash, gc);
		draw_line(p, segs[i].x1, segs[i].y1, segs[i].x2, segs[i].y2, last);
	}
	return pen_finish(p);
}

static int rectangle_request(struct pen *p, const gem2d_gc *gc, int n, const gem2d_rect *rects,
			     const mi_clip_hint *hint)
{
	for (int i = 0; i < n; i++) {
		int32_t x = rects[i].x, y = rects[i].y;
		int32_t r = x + rects[i].width, b = y + rects[i].height;
		int32_t pt[5][2];

		if (r > 32767)
			r = 32767;
		if (b > 32767)
			b = 32767;
		pt[0][0] = x, pt[0][1] = y;
		pt[1][0] = r, pt[1][1] = y;
		pt[2][0] = r, pt[2][1] = b;
		pt[3][0] = x, pt[3][1] = b;
		pt[4][0] = x, pt[4][1] = y;
		/* each rectangle is its own PolyLine request: the dashes restart */
		if (p->dashed)
			dash_start(&p->dash, gc);
		poly_line(p, gc, 5, (const int32_t (*)[2])pt, hint);
	}
	return pen_finish(p);
}

int mi_poly_line_hinted(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
			const gem2d_point *pts, const mi_clip_hint *hint)
{
	struct pen p;

	if (gc->line_width)
		return -ENOTSUP;
	pen_init(&p, fg, bg, NULL, gc);
	return line_request(&p, gc, n, pts, hint);
}

int mi_poly_line(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
		 const gem2d_point *pts)
{
	return mi_poly_line_hinted(fg, bg, gc, n, pts, NULL);
}

int mi_poly_segment(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
		    const gem2d_segment *segs)
{
	struct pen p;

	if (gc->line_width)
		return -ENOTSUP;
	pen_init(&p, fg, bg, NULL, gc);
	return segment_request(&p, gc, n, segs);
}

int mi_poly_rectangle_hinted(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc,
			     int n, const gem2d_rect *rects, const mi_clip_hint *hint)
{
	struct pen p;

	if (gc->line_width)
		return -ENOTSUP;
	pen_init(&p, fg, bg, NULL, gc);
	return rectangle_request(&p, gc, n, rects, hint);
}

int mi_poly_rectangle(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
		      const gem2d_rect *rects)
{
	return mi_poly_rectangle_hinted(fg, bg, gc, n, rects, NULL);
}

int mi_poly_line_layered(mi_layers *out, const gem2d_gc *gc, int n, const gem2d_point *pts,
			 const mi_clip_hint *hint)
{
	struct pen p;

	if (gc->line_width)
		return -ENOTSUP;
	pen_init(&p, NULL, NULL, out, gc);
	return line_request(&p, gc, n, pts, hint);
}

int mi_poly_segment_layered(mi_layers *out, const gem2d_gc *gc, int n,
			    const gem2d_segment *segs)
{
	struct pen p;

	if (gc->line_width)
		return -ENOTSUP;
	pen_init(&p, NULL, NULL, out, gc);
	return segment_request(&p, gc, n, segs);
}

int mi_poly_rectangle_layered(mi_layers *out, const gem2d_gc *gc, int n,
			      const gem2d_rect *rects, const mi_clip_hint *hint)
{
	struct pen p;

	if (gc->line_width)
		return -ENOTSUP;
	pen_init(&p, NULL, NULL, out, gc);
	return rectangle_request(&p, gc, n, rects, hint);
}

void mi_layers_fini(mi_layers *l)
{
	for (int i = 0; i < l->n; i++)
		g2d_boxes_fini(&l->layer[i]);
	free(l->layer);
	*l = (mi_layers)MI_LAYERS_INIT;
}
