/* SPDX-License-Identifier: MIT */
/*
 * CopyArea and CopyPlane. The source rectangle is clipped to the source
 * pixmap first (where it falls outside, the destination is left unchanged,
 * as Xvfb does for pixmaps), then translated and clipped by the
 * destination's composite clip. CopyArea runs on the blitter when policy.c
 * allows; CopyPlane turns one bit plane into foreground and background
 * pixels (fill style ignored, function and plane mask applied) on the CPU.
 */
#include <errno.h>
#include <stdlib.h>

#include "upper-layers/2d/gem2d_priv.h"
#include "upper-layers/2d/requests.h"

/* The destination boxes of a copy: in dst coordinates, inside both
 * pixmaps and the clip. Returns 0 with dev->clipped filled. */
static int copy_boxes(gem2d_pixmap *src, gem2d_pixmap *dst, const gem2d_gc *gc, int src_x, int src_y,
		      int width, int height, int dst_x, int dst_y)
{
	gem2d_device *dev = dst->dev;
	struct g2d_clip clip;
	int32_t sx1 = src_x, sy1 = src_y, sx2 = (int32_t)src_x + width, sy2 = (int32_t)src_y + height;
	int32_t dx = dst_x - src_x, dy = dst_y - src_y;
	g2d_box b;
	int ret;
	g2d_boxes_reset(&dev->clipped);
	if (sx1 < 0)
		sx1 = 0;
	if (sy1 < 0)
		sy1 = 0;
	if (sx2 > src->width)
		sx2 = src->width;
	if (sy2 > src->height)
		sy2 = src->height;
	if (sx1 >= sx2 || sy1 >= sy2)
		return 0;
	b = (g2d_box){ sx1 + dx, sy1 + dy, sx2 + dx, sy2 + dy };
	ret = g2d_clip_init(&clip, dst, gc);
	if (ret)
		return ret;
	g2d_clip_boxes(&clip, &b, 1, &dev->clipped);
	g2d_clip_fini(&clip);
	return dev->clipped.err;
}

static int check_copy(gem2d_pixmap *src, gem2d_pixmap *dst, const gem2d_gc *gc, int width, int height)
{
	int ret = g2d_check_gc(dst, gc, 0);
	if (ret)
		return ret;
	if (!g2d_pixmap_ok(src) || src->dev != dst->dev || width < 0 || height < 0)
		return -EINVAL;
	return 0;
}

G2D_EXPORT int gem2d_copy_area(gem2d_pixmap *src, gem2d_pixmap *dst, const gem2d_gc *gc, int src_x,
			       int src_y, int width, int height, int dst_x, int dst_y)
{
	gem2d_device *dev;
	uint32_t pm;
	int ret = check_copy(src, dst, gc, width, height), why;
	if (ret)
		return ret;
	if (src->depth != dst->depth)
		return -EINVAL;		/* BadMatch */
	dev = dst->dev;
	ret = copy_boxes(src, dst, gc, src_x, src_y, width, height, dst_x, dst_y);
	if (ret || !dev->clipped.n)
		return ret;
	pm = gc->plane_mask & g2d_depth_mask(dst->depth);
	why = g2d_policy_copy(src, dst, gc->function, pm);
	if (why == GEM2D_FALLBACK_NONE) {
		ret = g2d_blt_copy_boxes(src, dst, gc->function, dst_x - src_x, dst_y - src_y, dev->clipped.box,
					 dev->clipped.n);
		if (ret == 0)
			g2d_replay_note_copy(dev, src, dst, gc->function, dst_x - src_x, dst_y - src_y, dev->clipped.box,
					     dev->clipped.n);
		ret = g2d_blt_outcome(dev, ret, &why);
		if (ret <= 0)
			return ret;
	}
	g2d_count_fallback(dev, why);
	return g2d_cpu_copy_boxes(src, dst, gc->function, pm, dst_x - src_x, dst_y - src_y, dev->clipped.box,
				  dev->clipped.n);
}

struct plane_bits {
	const uint8_t *bits;
	int32_t x1, y1, w;
};

static bool plane_bit(const void *arg, int32_t x, int32_t y)
{
	const struct plane_bits *p = arg;
	return p->bits[(size_t)(y - p->y1) * (size_t)p->w + (size_t)(x - p->x1)];
}

G2D_EXPORT int gem2d_copy_plane(gem2d_pixmap *src, gem2d_pixmap *dst, const gem2d_gc *gc, int src_x,
				int src_y, int width, int height, int dst_x, int dst_y, uint32_t bit_plane)
{
	gem2d_device *dev;
	struct g2d_raster s, d;
	struct g2d_fill f;
	uint8_t *bits;
	int32_t dx = dst_x - src_x, dy = dst_y - src_y;
	int32_t bx1, by1, bx2, by2, bw;
	int why, ret = check_copy(src, dst, gc, width, height);
	if (ret)
		return ret;
	/* BadValue: exactly one bit, inside the source's depth. */
	if (!bit_plane || (bit_plane & (bit_plane - 1)) || (bit_plane & ~g2d_depth_mask(src->depth)))
		return -EINVAL;
	dev = dst->dev;
	ret = copy_boxes(src, dst, gc, src_x, src_y, width, height, dst_x, dst_y);
	if (ret || !dev->clipped.n)
		return ret;
	g2d_fill_from_gc(&f, dst, gc, G2D_PEN_FG);
	/* The plane of the source rectangle, read before any pixel is written
	 * (src may be dst). */
	bx1 = dev->clipped.box[0].x1;
	by1 = dev->clipped.box[0].y1;
	bx2 = dev->clipped.box[0].x2;
	by2 = dev->clipped.box[0].y2;
	for (size_t i = 1; i < dev->clipped.n; i++) {
		const g2d_box *b = &dev->clipped.box[i];
		bx1 = b->x1 < bx1 ? b->x1 : bx1;
		by1 = b->y1 < by1 ? b->y1 : by1;
		bx2 = b->x2 > bx2 ? b->x2 : bx2;
		by2 = b->y2 > by2 ? b->y2 : by2;
	}
	bw = bx2 - bx1;
	bits = malloc((size_t)bw * (size_t)(by2 - by1));
	if (!bits)
		return -ENOMEM;
	ret = g2d_pixmap_map(src, &s);
	if (ret) {
		free(bits);
		return ret;
	}
	for (int32_t y = by1; y < by2; y++)
		for (int32_t x = bx1; x < bx2; x++)
			bits[(size_t)(y - by1) * (size_t)bw + (size_t)(x - bx1)] =
				(g2d_raster_get(&s, x - dx, y - dy) & bit_plane) != 0;
	g2d_pixmap_unmap(src);
	/* The plane as a one-bit source on the blitter, where it can. */
	why = g2d_policy_device(dev);
	if (!why && dst->depth == 1)
		why = GEM2D_FALLBACK_DEPTH1;
	if (!why && !g2d_pm_is_solid(dst, f.pm))
		why = GEM2D_FALLBACK_PLANEMASK;
	if (!why) {
		struct plane_bits pb = { bits, bx1, by1, bw };
		ret = g2d_blt_mono_boxes(dst, f.alu, f.fg, f.bg, false, dev->clipped.box, dev->clipped.n, plane_bit, &pb);
		if (!ret)
			g2d_replay_note_plane(dev, dst, &f, dev->clipped.box, dev->clipped.n, bits, bx1, by1, bw,
					      by2 - by1);
		ret = g2d_blt_outcome(dev, ret, &why);
		if (ret <= 0) {
			free(bits);
			return ret;
		}
	}
	g2d_count_fallback(dev, why);
	ret = g2d_pixmap_map(dst, &d);
	if (ret) {
		free(bits);
		return ret;
	}
	for (size_t i = 0; i < dev->clipped.n; i++) {
		const g2d_box *b = &dev->clipped.box[i];
		for (int32_t y = b->y1; y < b->y2; y++)
			for (int32_t x = b->x1; x < b->x2; x++) {
				uint32_t v = bits[(size_t)(y - by1) * (size_t)bw + (size_t)(x - bx1)] ? f.fg : f.bg;
				g2d_raster_put(&d, x, y, g2d_rop(f.alu, v, g2d_raster_get(&d, x, y), f.pm));
			}
	}
	g2d_pixmap_unmap(dst);
	free(bits);
	return 0;
}
