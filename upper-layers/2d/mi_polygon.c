/* SPDX-License-Identifier: MIT */
/*
 * FillPolygon for the Complex shape (mi_fill_polygon, mi.h): the scanline
 * rules of the X server's general polygon filler, our own code.
 *
 * The facts it reproduces:
 *  - every non-horizontal edge is active on the scanlines from its upper
 *    end's y up to one above its lower end's y (the last row is left out);
 *  - on a scanline an edge stands at the first pixel whose centre lies
 *    right of it (its x is stepped with an integer DDA from the upper end,
 *    biased by half a pixel), and a span runs from one edge's x up to, not
 *    including, its partner's x;
 *  - EvenOdd pairs the active edges in x order, Winding pairs an edge where
 *    the winding count leaves zero with the one where it returns to zero;
 *  - edges with equal x keep the order in which they entered: the bucket of
 *    a scanline lists a later edge before an earlier one with the same x,
 *    merging continues from the last merged edge, and the per-scanline
 *    resort is a stable insertion sort. For Winding the pairing is worked
 *    out again only when edges enter, the resort moved one, or one ended,
 *    so the order decides the spans and is kept exactly.
 * Each span is emitted once; spans of one scanline do not overlap, so no
 * pixel is drawn twice.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "upper-layers/2d/mi.h"

#define NIL (-1)

struct pedge {
	int top, last;		/* first and last active scanline */
	int x;			/* the column where the edge stands on this scanline */
	int err;		/* DDA error term */
	int q, q1;		/* whole step and whole step plus one (away from zero) */
	int inc_big, inc_small;	/* error increments after a q1 or a q step */
	int down;		/* drawn from top to bottom: counts +1 for Winding */
	int next, prev;		/* active list links (NIL ends) */
	int wnext;		/* partner link for Winding */
	int bnext;		/* bucket list link */
};

struct bucket {
	int y;
	int head;
};

struct pscan {
	struct pedge *e;
	int head;		/* first active edge or NIL */
};

static void edge_dda_init(struct pedge *e, int dy, int x_top, int x_bot)
{
	int dx = x_bot - x_top;

	e->x = x_top;
	e->q = dx / dy;
	if (dx < 0) {
		e->q1 = e->q - 1;
		e->inc_big = -2 * dx + 2 * dy * e->q1;
		e->inc_small = -2 * dx + 2 * dy * e->q;
		e->err = 2 * e->q * dy - 2 * dx - 2 * dy;
	} else {
		e->q1 = e->q + 1;
		e->inc_big = 2 * dx - 2 * dy * e->q1;
		e->inc_small = 2 * dx - 2 * dy * e->q;
		e->err = 2 * dx - 2 * e->q * dy;
	}
}

static void edge_dda_step(struct pedge *e)
{
	/* rightward edges take the big step only on a positive error, leftward
	 * ones on a non-negative one */
	int big = e->q1 > 0 ? e->err > 0 : e->err >= 0;

	if (big) {
		e->x += e->q1;
		e->err += e->inc_big;
	} else {
		e->x += e->q;
		e->err += e->inc_small;
	}
}

static int cmp_bucket_y(const void *a, const void *b)
{
	const struct bucket *p = a, *q = b;

	/* by scanline, then by the order the edges were made in */
	if (p->y != q->y)
		return (p->y > q->y) - (p->y < q->y);
	return (p->head > q->head) - (p->head < q->head);
}

/* Merges a bucket (sorted by x) into the sorted active list, resuming each
 * search after the edge merged before. */
static void active_merge(struct pscan *s, int list)
{
	int prev = NIL;
	int cur = s->head;

	while (list != NIL) {
		int nxt = s->e[list].bnext;

		while (cur != NIL && s->e[cur].x < s->e[list].x) {
			prev = cur;
			cur = s->e[cur].next;
		}
		s->e[list].next = cur;
		s->e[list].prev = prev;
		if (cur != NIL)
			s->e[cur].prev = list;
		if (prev != NIL)
			s->e[prev].next = list;
		else
			s->head = list;
		prev = list;
		list = nxt;
	}
}

/* Stable insertion sort of the active list by x; returns whether an edge moved. */
static int active_resort(struct pscan *s)
{
	int moved = 0;
	int cur = s->head;

	while (cur != NIL) {
		int nxt = s->e[cur].next;
		int pos = cur;

		while (s->e[pos].prev != NIL && s->e[s->e[pos].prev].x > s->e[cur].x)
			pos = s->e[pos].prev;
		if (pos != cur) {
			/* unlink cur, then put it before pos */
			int p = s->e[cur].prev;

			s->e[p].next = nxt;
			if (nxt != NIL)
				s->e[nxt].prev = p;
			s->e[cur].prev = s->e[pos].prev;
			s->e[cur].next = pos;
			if (s->e[pos].prev != NIL)
				s->e[s->e[pos].prev].next = cur;
			else
				s->head = cur;
			s->e[pos].prev = cur;
			moved = 1;
		}
		cur = nxt;
	}
	return moved;
}

/* Links, in x order, each edge where the winding count leaves zero to the
 * edge where it comes back, and that one to the next leaving edge. */
static void winding_link(struct pscan *s)
{
	int count = 0, want_nonzero = 1;
	int last = NIL;

	for (int i = s->head; i != NIL; i = s->e[i].next) {
		count += s->e[i].down ? 1 : -1;
		if (want_nonzero == (count != 0)) {
			if (last != NIL)
				s->e[last].wnext = i;
			last = i;
			want_nonzero = !want_nonzero;
		}
	}
	if (last != NIL)
		s->e[last].wnext = NIL;
}

/* Leaves edge i on scanline y: drops it if this was its last scanline, else
 * steps it. Returns the next active edge. */
static int edge_advance(struct pscan *s, int i, int y, int *dropped)
{
	int nxt = s->e[i].next;

	if (s->e[i].last == y) {
		int p = s->e[i].prev;

		if (p != NIL)
			s->e[p].next = nxt;
		else
			s->head = nxt;
		if (nxt != NIL)
			s->e[nxt].prev = p;
		*dropped = 1;
	} else {
		edge_dda_step(&s->e[i]);
	}
	return nxt;
}

int mi_fill_polygon(struct g2d_boxes *fg, const gem2d_gc *gc, int n, const gem2d_point *pts)
{
	struct pedge *e;
	struct bucket *bk;
	struct pscan s;
	int ne = 0, nb = 0;
	int ymin = INT_MAX, ymax = INT_MIN;

	if (n < 3)
		return 0;
	e = calloc((size_t)n, sizeof(*e));
	bk = calloc((size_t)n, sizeof(*bk));
	if (!e || !bk) {
		free(e);
		free(bk);
		return -ENOMEM;
	}

	/* the edges, from the closing one (last point to first) on */
	for (int i = 0; i < n; i++) {
		const gem2d_point *from = &pts[i ? i - 1 : n - 1], *to = &pts[i];
		const gem2d_point *hi, *lo;
		struct pedge *d = &e[ne];

		if (from->y == to->y)
			continue;
		if (from->y > to->y) {
			hi = to;
			lo = from;
			d->down = 0;
		} else {
			hi = from;
			lo = to;
			d->down = 1;
		}
		d->top = hi->y;
		d->last = lo->y - 1;
		edge_dda_init(d, lo->y - hi->y, hi->x, lo->x);
		d->next = d->prev = d->wnext = NIL;
		if (from->y < ymin)
			ymin = from->y;
		if (from->y > ymax)
			ymax = from->y;

		ne++;
	}
	/* one bucket per first scanline, each kept sorted by x with a newcomer
	 * ahead of the equal ones already there */
	for (int i = 0; i < ne; i++) {
		bk[i].y = e[i].top;
		bk[i].head = i;
	}
	qsort(bk, (size_t)ne, sizeof(*bk), cmp_bucket_y);
	for (int i = 0; i < ne;) {
		int j = i, head = NIL;

		while (j < ne && bk[j].y == bk[i].y) {
			int k = bk[j].head;
			int *link = &head;

			while (*link != NIL && e[*link].x < e[k].x)
				link = &e[*link].bnext;
			e[k].bnext = *link;
			*link = k;
			j++;
		}
		bk[nb].y = bk[i].y;
		bk[nb].head = head;
		nb++;
		i = j;
	}

	s.e = e;
	s.head = NIL;
	int nextb = 0;
	int winding = gc->fill_rule != 0;

	for (int y = ymin; y < ymax; y++) {
		int dropped = 0;

		if (nextb < nb && bk[nextb].y == y) {
			active_merge(&s, bk[nextb].head);
			nextb++;
			if (winding)
				winding_link(&s);
		}
		if (!winding) {
			int i = s.head;

			while (i != NIL) {
				int j = e[i].next;

				g2d_boxes_span(fg, e[i].x, y, e[j].x - e[i].x);
				i = edge_advance(&s, i, y, &dropped);
				i = edge_advance(&s, i, y, &dropped);
			}
			active_resort(&s);
		} else {
			int i = s.head;
			int w = s.head;	/* the first active edge always opens a span */

			while (i != NIL) {
				if (w == i) {
					int closing = e[i].wnext;

					g2d_boxes_span(fg, e[i].x, y, e[closing].x - e[i].x);
					while (i != closing)
						i = edge_advance(&s, i, y, &dropped);
					w = e[closing].wnext;
				}
				i = edge_advance(&s, i, y, &dropped);
			}
			if (active_resort(&s) || dropped)
				winding_link(&s);
		}
	}
	free(e);
	free(bk);
	return fg->err;
}
