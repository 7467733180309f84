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

/* A fill of the destination boxes on the blitter, noted for a replay. */
static int blt_fill(gem2d_pixmap *dst, uint8_t alu, uint32_t pixel, const g2d_box *b)
{
	struct g2d_fill f = { .alu = alu, .pm = g2d_depth_mask(dst->depth), .fg = pixel };
	int ret = g2d_blt_fill_boxes(dst, &f, b, 1);
	if (!ret)
		g2d_replay_note_fill(dst->dev, dst, &f, b, 1);
	return ret;
}

/* The pixel pixman's Src writes into a pixel of dst's format for the 1x1
 * source: the colour conversion of the X server, exactly. */
static int solid_pixel(gem2d_pixmap *src, gem2d_pixmap *dst, uint32_t *pixel, uint32_t *src_argb)
{
	struct g2d_raster rs;
	uint32_t out = 0, argb = 0;
	pixman_image_t *is, *id, *ia;
	int ret = g2d_pixmap_map(src, &rs);
	if (ret)
		return ret;
	is = image_of(&rs, src);
	id = pixman_image_create_bits(format_of(dst), 1, 1, &out, 4);
	ia = pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 1, &argb, 4);
	if (is && id && ia) {
		pixman_image_composite32(PIXMAN_OP_SRC, is, NULL, id, 0, 0, 0, 0, 0, 0, 1, 1);
		pixman_image_composite32(PIXMAN_OP_SRC, is, NULL, ia, 0, 0, 0, 0, 0, 0, 1, 1);
	} else {
		ret = -ENOMEM;
	}
	if (is)
		pixman_image_unref(is);
	if (id)
		pixman_image_unref(id);
	if (ia)
		pixman_image_unref(ia);
	g2d_pixmap_unmap(src);
	*pixel = out;
	*src_argb = argb;
	return ret;
}

/*
 * The composites the blitter expresses exactly (2d-layer.md §1.6). Returns
 * 0 when drawn (or when there is nothing to draw), -ENOSPC when the CPU
 * must do it.
 */
static int blt_composite(int op, gem2d_pixmap *src, bool src_repeat, gem2d_pixmap *mask, gem2d_pixmap *dst,
			 int src_x, int src_y, int dst_x, int dst_y, int width, int height)
{
	int32_t x1 = dst_x, y1 = dst_y, x2 = (int32_t)dst_x + width, y2 = (int32_t)dst_y + height;
	bool opaque_format = src->depth == 24 || src->depth == 16 || src->depth == 15;
	g2d_box b;
	if (mask || g2d_policy_device(dst->dev) || dst->depth == 1 || src->depth == 1)
		return -ENOSPC;
	x1 = x1 < 0 ? 0 : x1;
	y1 = y1 < 0 ? 0 : y1;
	x2 = x2 > dst->width ? dst->width : x2;
	y2 = y2 > dst->height ? dst->height : y2;
	if (x1 >= x2 || y1 >= y2)
		return 0;
	b = (g2d_box){ x1, y1, x2, y2 };
	if (op == PIXMAN_OP_CLEAR)
		return blt_fill(dst, 3, 0, &b);
	if (src_repeat && src->width == 1 && src->height == 1) {
		uint32_t pixel, argb;
		int ret = solid_pixel(src, dst, &pixel, &argb);
		if (ret)
			return ret;
		if ((op == PIXMAN_OP_OVER || op == PIXMAN_OP_ADD) && (argb >> 24) == 0 && !opaque_format)
			return 0;			/* a transparent source adds nothing */
		if (op == PIXMAN_OP_SRC || (op == PIXMAN_OP_OVER && ((argb >> 24) == 0xff || opaque_format)))
			return blt_fill(dst, 3, pixel, &b);
		return -ENOSPC;
	}
	if (src_repeat || !(op == PIXMAN_OP_SRC || (op == PIXMAN_OP_OVER && opaque_format)))
		return -ENOSPC;
	/* Inside the source only: outside it Render reads transparency. */
	if (src_x + (x1 - dst_x) < 0 || src_y + (y1 - dst_y) < 0 || src_x + (x2 - dst_x) > src->width ||
	    src_y + (y2 - dst_y) > src->height)
		return -ENOSPC;
	if (src->depth == dst->depth || (src->depth == 24 && dst->depth == 32)) {
		int dx = dst_x - src_x, dy = dst_y - src_y, ret;
		if (g2d_policy_copy(src, dst, 3, ~0u))
			return -ENOSPC;
		ret = g2d_blt_copy_boxes(src, dst, 3, dx, dy, &b, 1);
		if (!ret)
			g2d_replay_note_copy(dst->dev, src, dst, 3, dx, dy, &b, 1);
		/* x8r8g8b8 to a8r8g8b8: pixman's Src makes the alpha opaque. */
		if (!ret && src->depth == 24 && dst->depth == 32)
			ret = blt_fill(dst, 7 /* GXor */, 0xff000000u, &b);
		return ret;
	}
	return -ENOSPC;
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
	if (op > 13)	/* the disjoint, conjoint and blend sets (Saturate is 13) */
		return -ENOTSUP;
	if (!width || !height)
		return 0;
	dev = dst->dev;
	why = g2d_policy_device(dev);
	if (!why) {
		int ret = blt_composite(op, src, src_repeat, mask, dst, src_x, src_y, dst_x, dst_y, width, height);
		if (ret == 0) {
			g2d_count_gpu(dev);
			return 0;
		}
		if (ret != -ENOSPC && !dev->wedged)
			return ret;
		why = ret == -ENOSPC ? GEM2D_FALLBACK_COMPOSITE : GEM2D_FALLBACK_WEDGED;
	}
	g2d_count_fallback(dev, why);
	return cpu_composite(op, src, src_repeat, mask, dst, src_x, src_y, mask_x, mask_y, dst_x, dst_y, width,
			     height);
}
