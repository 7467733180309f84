/* SPDX-License-Identifier: MIT */
/*
 * The core requests that draw shapes (gem2d.h): argument checks with the X
 * protocol's errors as -EINVAL (BadValue, BadMatch) and -ENOTSUP for what
 * this layer does not draw (wide lines and arcs), the geometry from mi.h or
 * the request itself, then draw.c. A request that fails its checks draws
 * nothing; coordinates outside the pixmap are clipped, never an error.
 */
#include <errno.h>
#include <string.h>

#include "upper-layers/2d/gem2d_priv.h"
#include "upper-layers/2d/mi.h"
#include "upper-layers/2d/requests.h"

static bool fill_source_ok(const gem2d_pixmap *dst, const gem2d_gc *gc)
{
	switch (gc->fill_style) {
	case 0:
		return true;
	case 1:
		return g2d_pixmap_ok(gc->tile) && gc->tile->dev == dst->dev && gc->tile->depth == dst->depth;
	default:
		return g2d_pixmap_ok(gc->stipple) && gc->stipple->dev == dst->dev && gc->stipple->depth == 1;
	}
}

int g2d_check_gc(const gem2d_pixmap *dst, const gem2d_gc *gc, unsigned uses)
{
	if (!g2d_pixmap_ok(dst) || !gc)
		return -EINVAL;
	if (gc->function > 15 || gc->line_style > 2 || gc->cap_style > 3 || gc->join_style > 2 ||
	    gc->fill_style > 3 || gc->fill_rule > 1 || gc->arc_mode > 1 || gc->n_clip < 0 ||
	    (gc->n_clip > 0 && !gc->clip))
		return -EINVAL;
	if ((uses & G2D_USES_FILL) && !fill_source_ok(dst, gc))
		return -EINVAL;
	if ((uses & G2D_USES_LINES) && gc->line_style != 0) {
		if (gc->n_dashes <= 0 || !gc->dashes)
			return -EINVAL;
		for (int i = 0; i < gc->n_dashes; i++)
			if (gc->dashes[i] == 0)
				return -EINVAL;	/* BadValue: a dash of length zero */
	}
	if ((uses & G2D_USES_LINES) && gc->line_width != 0)
		return -ENOTSUP;
	return 0;
}

static int check_list(int n, const void *items)
{
	return n < 0 || (n > 0 && !items) ? -EINVAL : 0;
}

static void start(gem2d_device *dev)
{
	g2d_boxes_reset(&dev->fg);
	g2d_boxes_reset(&dev->bg);
}

G2D_EXPORT int gem2d_poly_point(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_point *pts)
{
	gem2d_gc solid;
	int ret = g2d_check_gc(dst, gc, 0);
	if (!ret)
		ret = check_list(n, pts);
	if (ret || !n)
		return ret;
	start(dst->dev);
	ret = mi_points(&dst->dev->fg, n, pts);
	if (ret)
		return ret;
	solid = *gc;
	solid.fill_style = 0;		/* PolyPoint ignores the fill style (measured on Xvfb) */
	return g2d_draw_shapes(dst, &solid);
}

/*
 * The start of every thin-line request: the GC and the list checked, the
 * composite clip made, the box lists emptied. 1 when there is something
 * to draw, 0 when n is 0, negative errno when a check fails.
 */
static int begin_lines(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const void *items, struct g2d_clip *clip)
{
	int ret = g2d_check_gc(dst, gc, G2D_USES_FILL | G2D_USES_LINES);
	if (!ret)
		ret = check_list(n, items);
	if (!ret && n)
		ret = g2d_clip_init(clip, dst, gc);
	if (ret || !n)
		return ret;
	start(dst->dev);
	return 1;
}

/*
 * The end of every thin-line request: its geometry (gen_ret is what the
 * generator returned) drawn with the composite clip the request made,
 * LineDoubleDash in its layers (the server's order), then both freed.
 */
static int draw_lines(gem2d_pixmap *dst, const gem2d_gc *gc, struct g2d_clip *clip, mi_layers *layers,
		      int gen_ret)
{
	int ret = gen_ret;
	if (!ret)
		ret = gc->line_style == 2 ? g2d_draw_layers_in(dst, gc, clip, layers) : g2d_draw_shapes_in(dst, gc, clip);
	mi_layers_fini(layers);
	g2d_clip_fini(clip);
	return ret;
}

G2D_EXPORT int gem2d_poly_line(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_point *pts)
{
	struct g2d_clip clip;
	mi_clip_hint hint;
	mi_layers layers = MI_LAYERS_INIT;
	int ret = begin_lines(dst, gc, n, pts, &clip);
	if (ret <= 0)
		return ret;
	g2d_clip_hint(&clip, gc, &hint);
	if (gc->line_style == 2)
		ret = mi_poly_line_layered(&layers, gc, n, pts, &hint);
	else
		ret = mi_poly_line_hinted(&dst->dev->fg, &dst->dev->bg, gc, n, pts, &hint);
	return draw_lines(dst, gc, &clip, &layers, ret);
}

G2D_EXPORT int gem2d_poly_segment(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_segment *segs)
{
	struct g2d_clip clip;
	mi_layers layers = MI_LAYERS_INIT;
	int ret = begin_lines(dst, gc, n, segs, &clip);
	if (ret <= 0)
		return ret;
	if (gc->line_style == 2)
		ret = mi_poly_segment_layered(&layers, gc, n, segs);
	else
		ret = mi_poly_segment(&dst->dev->fg, &dst->dev->bg, gc, n, segs);
	return draw_lines(dst, gc, &clip, &layers, ret);
}

G2D_EXPORT int gem2d_poly_rectangle(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_rect *rects)
{
	struct g2d_clip clip;
	mi_clip_hint hint;
	mi_layers layers = MI_LAYERS_INIT;
	int ret = begin_lines(dst, gc, n, rects, &clip);
	if (ret <= 0)
		return ret;
	g2d_clip_hint(&clip, gc, &hint);
	if (gc->line_style == 2)
		ret = mi_poly_rectangle_layered(&layers, gc, n, rects, &hint);
	else
		ret = mi_poly_rectangle_hinted(&dst->dev->fg, &dst->dev->bg, gc, n, rects, &hint);
	return draw_lines(dst, gc, &clip, &layers, ret);
}

G2D_EXPORT int gem2d_poly_arc(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_arc *arcs)
{
	struct g2d_clip clip;
	mi_layers layers = MI_LAYERS_INIT;
	int ret = begin_lines(dst, gc, n, arcs, &clip);
	if (ret <= 0)
		return ret;
	if (gc->line_style == 2)
		ret = mi_poly_arc_layered(&layers, gc, n, arcs, dst->width, dst->height, dst->bpp);
	else
		ret = mi_poly_arc_drawable(&dst->dev->fg, &dst->dev->bg, gc, n, arcs, dst->width, dst->height,
					   dst->bpp);
	return draw_lines(dst, gc, &clip, &layers, ret);
}

G2D_EXPORT int gem2d_fill_polygon(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_point *pts)
{
	int ret = g2d_check_gc(dst, gc, G2D_USES_FILL);
	if (!ret)
		ret = check_list(n, pts);
	if (ret || !n)
		return ret;
	start(dst->dev);
	ret = mi_fill_polygon(&dst->dev->fg, gc, n, pts);
	return ret ? ret : g2d_draw_shapes(dst, gc);
}

G2D_EXPORT int gem2d_poly_fill_rectangle(gem2d_pixmap *dst, const gem2d_gc *gc, int n,
					 const gem2d_rect *rects)
{
	int ret = g2d_check_gc(dst, gc, G2D_USES_FILL);
	if (!ret)
		ret = check_list(n, rects);
	if (ret || !n)
		return ret;
	start(dst->dev);
	for (int i = 0; i < n; i++) {
		const gem2d_rect *r = &rects[i];
		g2d_boxes_add(&dst->dev->fg, r->x, r->y, (int32_t)r->x + r->width, (int32_t)r->y + r->height);
	}
	return g2d_draw_shapes(dst, gc);
}

G2D_EXPORT int gem2d_poly_fill_arc(gem2d_pixmap *dst, const gem2d_gc *gc, int n, const gem2d_arc *arcs)
{
	int ret = g2d_check_gc(dst, gc, G2D_USES_FILL);
	if (!ret)
		ret = check_list(n, arcs);
	if (ret || !n)
		return ret;
	start(dst->dev);
	ret = mi_poly_fill_arc(&dst->dev->fg, gc, n, arcs);
	return ret ? ret : g2d_draw_shapes(dst, gc);
}
