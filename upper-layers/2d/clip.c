/* SPDX-License-Identifier: MIT */
/*
 * A request's composite clip: the pixmap's bounds intersected with the
 * union of the GC's clip rectangles, which may overlap and come in any
 * order (X's Unsorted clip list). pixman's region code makes the union a set
 * of non-overlapping bands, so a pixel inside two overlapping clip
 * rectangles is still drawn once. Boxes from a request are clipped one by
 * one, so a pixel the request draws twice stays drawn twice.
 */
#include <errno.h>
#include <stdlib.h>

#include "upper-layers/2d/gem2d_priv.h"

int g2d_clip_init(struct g2d_clip *c, const gem2d_pixmap *dst, const gem2d_gc *gc)
{
	pixman_region32_t rects;
	pixman_region32_init_rect(&c->region, 0, 0, (unsigned)dst->width, (unsigned)dst->height);
	if (gc && gc->clip) {
		pixman_box32_t stack[64], *boxes = stack;
		int n = 0;
		if (gc->n_clip > 64) {
			boxes = malloc((size_t)gc->n_clip * sizeof(*boxes));
			if (!boxes) {
				pixman_region32_fini(&c->region);
				return -ENOMEM;
			}
		}
		for (int i = 0; i < gc->n_clip; i++) {
			const gem2d_rect *r = &gc->clip[i];
			if (!r->width || !r->height)
				continue;
			boxes[n++] = (pixman_box32_t){ r->x, r->y, r->x + r->width, r->y + r->height };
		}
		/* init_rects drops empty boxes and unions overlapping ones. */
		if (!pixman_region32_init_rects(&rects, boxes, n)) {
			if (boxes != stack)
				free(boxes);
			pixman_region32_fini(&c->region);
			return -ENOMEM;
		}
		if (boxes != stack)
			free(boxes);
		pixman_region32_intersect(&c->region, &c->region, &rects);
		pixman_region32_fini(&rects);
	}
	c->extents = *pixman_region32_extents(&c->region);
	c->single = pixman_region32_n_rects(&c->region) <= 1;
	return 0;
}

void g2d_clip_fini(struct g2d_clip *c)
{
	pixman_region32_fini(&c->region);
}

static inline int32_t max32(int32_t a, int32_t b)
{
	return a > b ? a : b;
}

static inline int32_t min32(int32_t a, int32_t b)
{
	return a < b ? a : b;
}

void g2d_clip_boxes(const struct g2d_clip *c, const g2d_box *in, size_t n, struct g2d_boxes *out)
{
	const pixman_box32_t *e = &c->extents;
	int nr = 0;
	const pixman_box32_t *rects = NULL;
	if (!c->single)
		rects = pixman_region32_rectangles((pixman_region32_t *)&c->region, &nr);
	for (size_t i = 0; i < n; i++) {
		const g2d_box *b = &in[i];
		if (b->x2 <= e->x1 || b->x1 >= e->x2 || b->y2 <= e->y1 || b->y1 >= e->y2)
			continue;
		if (c->single) {
			g2d_boxes_add(out, max32(b->x1, e->x1), max32(b->y1, e->y1), min32(b->x2, e->x2),
				      min32(b->y2, e->y2));
			continue;
		}
		for (int j = 0; j < nr; j++) {
			const pixman_box32_t *r = &rects[j];
			if (r->y1 >= b->y2)
				break;	/* bands are sorted by y */
			if (r->y2 <= b->y1 || r->x2 <= b->x1 || r->x1 >= b->x2)
				continue;
			g2d_boxes_add(out, max32(b->x1, r->x1), max32(b->y1, r->y1), min32(b->x2, r->x2),
				      min32(b->y2, r->y2));
		}
	}
}
