/* SPDX-License-Identifier: MIT */
/* Box lists (boxes.h): a growing array; libc only. */
#include <errno.h>
#include <stdlib.h>

#include "upper-layers/2d/boxes.h"

void g2d_boxes_add(struct g2d_boxes *l, int32_t x1, int32_t y1, int32_t x2, int32_t y2)
{
	if (x1 >= x2 || y1 >= y2 || l->err)
		return;
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		g2d_box *b = realloc(l->box, cap * sizeof(*b));
		if (!b) {
			l->err = -ENOMEM;
			return;
		}
		l->box = b;
		l->cap = cap;
	}
	l->box[l->n++] = (g2d_box){ x1, y1, x2, y2 };
}

void g2d_boxes_reset(struct g2d_boxes *l)
{
	l->n = 0;
	l->err = 0;
}

void g2d_boxes_fini(struct g2d_boxes *l)
{
	free(l->box);
	*l = (struct g2d_boxes)G2D_BOXES_INIT;
}
