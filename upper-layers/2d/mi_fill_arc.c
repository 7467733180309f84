/* SPDX-License-Identifier: MIT */
/* PolyFillArc (mi_poly_fill_arc, mi.h): not yet implemented. */
#include <errno.h>

#include "upper-layers/2d/mi.h"

int mi_poly_fill_arc(struct g2d_boxes *fg, const gem2d_gc *gc, int n, const gem2d_arc *arcs)
{
	(void)fg;
	(void)gc;
	(void)n;
	(void)arcs;
	return -ENOTSUP;
}
