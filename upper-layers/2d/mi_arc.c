/* SPDX-License-Identifier: MIT */
/* PolyArc with line_width 0 (mi_poly_arc, mi.h): not yet implemented. */
#include <errno.h>

#include "upper-layers/2d/mi.h"

int mi_poly_arc(struct g2d_boxes *fg, struct g2d_boxes *bg, const gem2d_gc *gc, int n,
		const gem2d_arc *arcs)
{
	(void)fg;
	(void)bg;
	(void)gc;
	(void)n;
	(void)arcs;
	return -ENOTSUP;
}
