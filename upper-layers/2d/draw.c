/* SPDX-License-Identifier: MIT */
/*
 * Drawing clipped boxes with a GC: the blitter where policy.c allows,
 * otherwise (or when the blitter path cannot fit a command, or the GPU
 * wedges) the CPU, with the same pixels. The statistics say which.
 */
#include <errno.h>

#include "upper-layers/2d/gem2d_priv.h"
#include "upper-layers/2d/mi.h"

void g2d_fill_from_gc(struct g2d_fill *f, const gem2d_pixmap *dst, const gem2d_gc *gc, enum g2d_pen pen)
{
	uint32_t bppmask = dst->bpp >= 32 ? ~0u : (1u << dst->bpp) - 1;
	f->alu = gc->function & 15;
	f->pm = gc->plane_mask & g2d_depth_mask(dst->depth);
	f->fg = gc->foreground & bppmask;
	f->bg = gc->background & bppmask;
	f->fill_style = gc->fill_style;
	f->tile = gc->tile;
	f->stipple = gc->stipple;
	f->ts_x = gc->ts_x_origin;
	f->ts_y = gc->ts_y_origin;
	f->pen = pen;
}

int g2d_draw_boxes_by(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n,
		      g2d_blt_boxes_fn *blt, const void *arg)
{
	gem2d_device *dev = dst->dev;
	int why, ret;
	if (!n)
		return 0;
	why = g2d_policy_fill(dst, f);
	if (why == GEM2D_FALLBACK_NONE) {
		ret = blt ? blt(dst, f, boxes, n, arg) : g2d_blt_fill_boxes(dst, f, boxes, n);
		if (ret == 0)
			g2d_replay_note_fill(dev, dst, f, boxes, n);
		ret = g2d_blt_outcome(dev, ret, &why);
		if (ret <= 0)
			return ret;
	}
	g2d_count_fallback(dev, why);
	return g2d_cpu_fill_boxes(dst, f, boxes, n);
}

int g2d_draw_boxes(gem2d_pixmap *dst, const struct g2d_fill *f, const g2d_box *boxes, size_t n)
{
	return g2d_draw_boxes_by(dst, f, boxes, n, NULL, NULL);
}

static int draw_list(gem2d_pixmap *dst, const gem2d_gc *gc, const struct g2d_clip *clip,
		     const struct g2d_boxes *list, enum g2d_pen pen)
{
	gem2d_device *dev = dst->dev;
	struct g2d_fill f;
	if (list->err)
		return list->err;
	if (!list->n)
		return 0;
	g2d_boxes_reset(&dev->clipped);
	g2d_clip_boxes(clip, list->box, list->n, &dev->clipped);
	if (dev->clipped.err)
		return dev->clipped.err;
	g2d_fill_from_gc(&f, dst, gc, pen);
	return g2d_draw_boxes(dst, &f, dev->clipped.box, dev->clipped.n);
}

int g2d_draw_shapes_in(gem2d_pixmap *dst, const gem2d_gc *gc, const struct g2d_clip *clip)
{
	gem2d_device *dev = dst->dev;
	int ret = draw_list(dst, gc, clip, &dev->fg, G2D_PEN_FG);
	return ret ? ret : draw_list(dst, gc, clip, &dev->bg, G2D_PEN_BG);
}

int g2d_draw_shapes(gem2d_pixmap *dst, const gem2d_gc *gc)
{
	struct g2d_clip clip;
	int ret = g2d_clip_init(&clip, dst, gc);
	if (ret)
		return ret;
	ret = g2d_draw_shapes_in(dst, gc, &clip);
	g2d_clip_fini(&clip);
	return ret;
}

int g2d_draw_layers_in(gem2d_pixmap *dst, const gem2d_gc *gc, const struct g2d_clip *clip,
		       const struct mi_layers *layers)
{
	int ret = layers->err;
	for (int i = 0; i < layers->n && !ret; i++)
		ret = draw_list(dst, gc, clip, &layers->layer[i], i & 1 ? G2D_PEN_BG : G2D_PEN_FG);
	return ret;
}

void g2d_clip_hint(const struct g2d_clip *clip, const gem2d_gc *gc, struct mi_clip_hint *hint)
{
	hint->extents = (g2d_box){ clip->extents.x1, clip->extents.y1, clip->extents.x2, clip->extents.y2 };
	/* fb's fast line path also needs a solid fill: with a tile or a
	 * stipple the server draws through mi's spans, as with many boxes. */
	hint->single = clip->single && gc->fill_style == 0;
}
