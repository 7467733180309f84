/* SPDX-License-Identifier: MIT */
/* Argument checks shared by the request files (requests.c, copy.c, image.c,
 * text.c): the X protocol's BadValue/BadMatch as -EINVAL. */
#ifndef GEM2D_REQUESTS_H
#define GEM2D_REQUESTS_H

#include "upper-layers/2d/gem2d_priv.h"

enum {
	G2D_USES_FILL = 1,	/* the fill style's tile or stipple must be valid */
	G2D_USES_LINES = 2,	/* line width and dashes */
};
int g2d_check_gc(const gem2d_pixmap *dst, const gem2d_gc *gc, unsigned uses);

#endif
