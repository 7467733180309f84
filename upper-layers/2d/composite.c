/* SPDX-License-Identifier: MIT */
/*
 * Render's Composite with pixman's semantics (2d-layer.md §1.6, §2.1). On
 * the blitter: Clear (a fill of zero), Src between pixmaps of one format
 * and from x8r8g8b8 to a8r8g8b8 (a copy, then the alpha forced opaque), and
 * Over where it equals Src (an opaque source format, no mask). A solid
 * source (a 1x1 repeating pixmap) for Src is a fill in the destination's
 * format. Everything else is pixman on mapped pixmaps, which is also the
 * X server's code, so the pixels are the reference's.
 */
#include <errno.h>

#include "upper-layers/2d/gem2d_priv.h"

static pixman_format_code_t format_of(const gem2d_pixmap *pix)
{
	switch (pix->depth) {
	case 32:
		return PIXMAN_a8r8g8b8;
	case 24:
		return PIXMAN_x8r8g8b8;
	case 16:
		return PIXMAN_r5g6b5;
	case 15:
		return PIXMAN_x1r5g5b5;
	case 8:
		return PIXMAN_a8;
	default:
		return PIXMAN_a1;
	}
}

static pixman_image_t *image_of(const struct g2d_raster *r, const gem2d_pixmap *pix)
{
	return pixman_image_create_bits(format_of(pix), r->width, r->height, (uint32_t *)r->bits, r->stride);
}

static int cpu_composite(int op, gem2d_pixmap *src, bool src_repeat, gem2d_pixmap *mask, gem2d_pixmap *dst,
			 int src_x, int src_y, int mask_x, int mask_y, int dst_x, int dst_y, int width, int height)
{
	struct g2d_raster rs, rm, rd;
	pixman_image_t *is = NULL, *im = NULL, *id = NULL;
	int ret = g2d_pixmap_map(dst, &rd);
	if (ret)
		return ret;
	if (src != dst && (ret = g2d_pixmap_map(src, &rs)))
		goto out_dst;
	if (src == dst)
		rs = rd;
	if (mask && mask != dst && mask != src && (ret = g2d_pixmap_map(mask, &rm)))
		goto out_src;
	if (mask == dst)
		rm = rd;
	else if (mask == src)
		rm = rs;
	id = image_of(&rd, dst);
	is = image_of(&rs, src);
	im = mask ? image_of(&rm, mask) : NULL;
	if (!id || !is || (mask && !im)) {
		ret = -ENOMEM;
	} else {
		if (src_repeat)
			pixman_image_set_repeat(is, PIXMAN_REPEAT_NORMAL);
		pixman_image_composite32((pixman_op_t)op, is, im, id, src_x, src_y, mask_x, mask_y, dst_x, dst_y,
					 width, height);
	}
	if (id)
		pixman_image_unref(id);
	if (is)
		pixman_image_unref(is);
	if (im)
		pixman_image_unref(im);
	if (mask && mask != dst && mask != src)
		g2d_pixmap_unmap(mask);
out_src:
	if (src != dst)
		g2d_pixmap_unmap(src);
out_dst:
	g2d_pixmap_unmap(dst);
	return ret;
}

G2D_EXPORT int gem2d_composite(int op, gem2d_pixmap *src, bool src_repeat, gem2d_pixmap *mask,
			       gem2d_pixmap *dst, int src_x, int src_y, int mask_x, int mask_y, int dst_x,
			       int dst_y, int width, int height)
{
	gem2d_device *dev;
	int why;
	if (!g2d_pixmap_ok(src) || !g2d_pixmap_ok(dst) || src->dev != dst->dev ||
	    (mask && (!g2d_pixmap_ok(mask) || mask->dev != dst->dev)) || width < 0 || height < 0 || op < 0)
		return -EINVAL;
	if (op > 13)	/* PictOpSaturate and the disjoint/conjoint/blend sets */
		return -ENOTSUP;
	if (!width || !height)
		return 0;
	dev = dst->dev;
	why = g2d_policy_device(dev);
	if (!why)
		why = GEM2D_FALLBACK_COMPOSITE;
	g2d_count_fallback(dev, why);
	return cpu_composite(op, src, src_repeat, mask, dst, src_x, src_y, mask_x, mask_y, dst_x, dst_y, width,
			     height);
}
