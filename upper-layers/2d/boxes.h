/* SPDX-License-Identifier: MIT */
/*
 * Box lists: the one currency between the request code that works out which
 * pixels a request touches (mi_*.c: lines, arcs, polygons) and the code that
 * draws them (the blitter or the CPU). A box is half-open, [x1, x2) x
 * [y1, y2), in drawable coordinates, not yet clipped; 32-bit, since a
 * request's geometry may leave the 16-bit range before clipping.
 *
 * A list is a multiset: a pixel in two boxes is drawn twice, which matters
 * for GXxor and friends, so a generator must emit each pixel exactly as often
 * as the X server draws it. The list owns its array; g2d_boxes_fini frees it.
 * An allocation failure is remembered in err (-ENOMEM) and later adds are
 * ignored, so generators need not check each add.
 */
#ifndef GEM2D_BOXES_H
#define GEM2D_BOXES_H

#include <stddef.h>
#include <stdint.h>

typedef struct g2d_box {
	int32_t x1, y1, x2, y2;
} g2d_box;

struct g2d_boxes {
	g2d_box *box;
	size_t n, cap;
	int err;
};

#define G2D_BOXES_INIT { NULL, 0, 0, 0 }

/* Appends [x1,x2) x [y1,y2); an empty box is ignored. */
void g2d_boxes_add(struct g2d_boxes *l, int32_t x1, int32_t y1, int32_t x2, int32_t y2);
static inline void g2d_boxes_point(struct g2d_boxes *l, int32_t x, int32_t y)
{
	g2d_boxes_add(l, x, y, x + 1, y + 1);
}
static inline void g2d_boxes_span(struct g2d_boxes *l, int32_t x, int32_t y, int32_t w)
{
	g2d_boxes_add(l, x, y, x + w, y + 1);
}
void g2d_boxes_reset(struct g2d_boxes *l);	/* n = 0, err = 0, keeps the array */
void g2d_boxes_fini(struct g2d_boxes *l);

#endif
