/* SPDX-License-Identifier: MIT */
/*
 * PutImage and GetImage between caller memory and pixmaps.
 *
 * The blitter path (ZPixmap, depth >= 8, a plane mask covering the depth)
 * wraps the caller's pages in a userptr object (read-only for put), copies
 * with XY_SRC_COPY_BLT and waits before returning, because the memory is
 * the caller's again when we return (SNA's upload/download through
 * kgem_create_map). Where the wrap is refused or the layout does not suit
 * the blitter (an address or stride not a multiple of the pixel size, a
 * stride beyond the pitch field), and for XYBitmap, depth 1 and partial
 * plane masks, the CPU copies through a map of the pixmap.
 *
 * GetImage: X answers BadMatch for a rectangle outside a pixmap; 2d-api.md
 * asks for clipping instead, so pixels outside the pixmap read as zero.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <i915_drm.h>

#include "upper-layers/2d/gem2d_priv.h"
#include "upper-layers/2d/requests.h"

/* A userptr object over [data, data + len), page-rounded; *delta is data's
 * offset in it. NULL if the kernel refuses. */
static drm_intel_bo *wrap_user(gem2d_device *dev, const void *data, size_t len, bool read_only,
			       uint32_t *delta)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = (uintptr_t)data & ~(page - 1);
	uintptr_t end = ((uintptr_t)data + len + page - 1) & ~(page - 1);
	drm_intel_bo *bo = NULL;
	if (dev->userptr < 0)
		return NULL;
	if (read_only)
		bo = drm_intel_bo_alloc_userptr(dev->bufmgr, "gem2d image", (void *)start, I915_TILING_NONE, 0,
						end - start, I915_USERPTR_READ_ONLY);
	if (!bo)
		bo = drm_intel_bo_alloc_userptr(dev->bufmgr, "gem2d image", (void *)start, I915_TILING_NONE, 0,
						end - start, 0);
	dev->userptr = bo ? 1 : -1;
	*delta = (uint32_t)((uintptr_t)data - start);
	return bo;
}

/* A pixmap-shaped view of caller memory for the blitter: linear, pitch =
 * stride, the BO a userptr wrap. Returns false if the layout does not fit. */
static bool user_view(gem2d_pixmap *view, const gem2d_pixmap *like, drm_intel_bo *bo, int stride,
		      int width, int height)
{
	*view = *like;
	view->bo = bo;
	view->tiling = I915_TILING_NONE;
	view->pitch = (uint32_t)stride;
	view->width = width;
	view->height = height;
	view->bits = NULL;
	view->cpu_maps = 0;
	return stride < 32768;
}

/* Copies between caller memory and the pixmap on the blitter and waits.
 * Returns -ENOSPC when the caller should use the CPU. */
static int blt_image(gem2d_pixmap *pix, const gem2d_gc *gc, bool put, int x, int y, int width, int height,
		     void *data, int stride, const g2d_box *boxes, size_t n)
{
	gem2d_device *dev = pix->dev;
	int cpp = pix->bpp / 8;
	uint32_t delta;
	drm_intel_bo *bo;
	gem2d_pixmap view;
	int ret = 0;
	if ((uintptr_t)data % (uintptr_t)cpp || stride % cpp)
		return -ENOSPC;
	bo = wrap_user(dev, data, (size_t)stride * (size_t)(height - 1) + (size_t)width * (size_t)cpp,
		       put, &delta);
	if (!bo)
		return -ENOSPC;
	/* The view's pixel (0,0) is data: fold the in-page offset into x. */
	if (!user_view(&view, pix, bo, stride, width + (int)(delta / (uint32_t)cpp), height) ||
	    delta % (uint32_t)cpp) {
		drm_intel_bo_unreference(bo);
		return -ENOSPC;
	}
	for (size_t i = 0; i < n && !ret; i++) {
		/* view coordinates: (px - x + delta/cpp, py - y) */
		int ox = x - (int)(delta / (uint32_t)cpp);
		if (put) {
			ret = g2d_blt_copy_boxes(&view, pix, gc ? gc->function : 3, ox, y, &boxes[i], 1);
		} else {
			g2d_box b = { boxes[i].x1 - ox, boxes[i].y1 - y, boxes[i].x2 - ox, boxes[i].y2 - y };
			ret = g2d_blt_copy_boxes(pix, &view, 3 /* GXcopy */, -ox, -y, &b, 1);
		}
	}
	if (!ret)
		ret = g2d_batch_submit(dev);
	/* The memory is the caller's again when we return. libdrm_intel's
	 * wait_rendering does nothing for a userptr BO; the batch BO that
	 * copied it is an ordinary one, and its completion is the copy's. */
	if (!ret)
		ret = g2d_batch_wait(dev);
	drm_intel_bo_unreference(bo);
	return ret;
}

G2D_EXPORT int gem2d_put_image(gem2d_pixmap *dst, const gem2d_gc *gc, int format, int x, int y, int width,
			       int height, const void *data, int stride)
{
	gem2d_device *dev;
	struct g2d_clip clip;
	struct g2d_fill f;
	struct g2d_raster d, img;
	g2d_box b;
	int bpp, why, ret = g2d_check_gc(dst, gc, 0);
	if (ret)
		return ret;
	if ((format != GEM2D_ZPIXMAP && format != GEM2D_XYBITMAP) || width < 0 || height < 0)
		return -EINVAL;
	if (!width || !height)
		return 0;
	bpp = format == GEM2D_XYBITMAP ? 1 : dst->bpp;
	if (!data || stride <= 0 || (int64_t)stride * 8 < (int64_t)width * bpp)
		return -EINVAL;
	dev = dst->dev;
	b = (g2d_box){ x, y, (int32_t)x + width, (int32_t)y + height };
	ret = g2d_clip_init(&clip, dst, gc);
	if (ret)
		return ret;
	g2d_boxes_reset(&dev->clipped);
	g2d_clip_boxes(&clip, &b, 1, &dev->clipped);
	g2d_clip_fini(&clip);
	if (dev->clipped.err || !dev->clipped.n)
		return dev->clipped.err;
	g2d_fill_from_gc(&f, dst, gc, G2D_PEN_FG);
	why = g2d_policy_device(dev);
	if (!why && dst->depth == 1)
		why = GEM2D_FALLBACK_DEPTH1;
	if (!why && !g2d_pm_is_solid(dst, f.pm))
		why = GEM2D_FALLBACK_PLANEMASK;
	if (!why && format == GEM2D_XYBITMAP)
		why = GEM2D_FALLBACK_FORMAT;
	if (!why) {
		ret = g2d_blt_outcome(dev, blt_image(dst, gc, true, x, y, width, height, (void *)data, stride,
						     dev->clipped.box, dev->clipped.n), &why);
		if (ret <= 0)
			return ret;
	}
	g2d_count_fallback(dev, why);
	ret = g2d_pixmap_map(dst, &d);
	if (ret)
		return ret;
	img = (struct g2d_raster){ (uint8_t *)data, stride, bpp, bpp, width, height };
	for (size_t i = 0; i < dev->clipped.n; i++) {
		const g2d_box *c = &dev->clipped.box[i];
		for (int32_t py = c->y1; py < c->y2; py++) {
			for (int32_t px = c->x1; px < c->x2; px++) {
				uint32_t s = g2d_raster_get(&img, px - x, py - y);
				if (format == GEM2D_XYBITMAP)
					s = s ? f.fg : f.bg;
				g2d_raster_put(&d, px, py, g2d_rop(f.alu, s, g2d_raster_get(&d, px, py), f.pm));
			}
		}
	}
	g2d_pixmap_unmap(dst);
	return 0;
}

G2D_EXPORT int gem2d_get_image(gem2d_pixmap *src, int x, int y, int width, int height, uint32_t plane_mask,
			       void *data, int stride)
{
	gem2d_device *dev;
	struct g2d_raster s, img;
	int32_t x1, y1, x2, y2;
	uint32_t pm;
	int ret, why;
	if (!g2d_pixmap_ok(src) || width < 0 || height < 0)
		return -EINVAL;
	if (!width || !height)
		return 0;
	if (!data || stride <= 0 || (int64_t)stride * 8 < (int64_t)width * src->bpp)
		return -EINVAL;
	dev = src->dev;
	pm = plane_mask & g2d_depth_mask(src->depth);
	x1 = x < 0 ? 0 : x;
	y1 = y < 0 ? 0 : y;
	x2 = (int32_t)x + width > src->width ? src->width : (int32_t)x + width;
	y2 = (int32_t)y + height > src->height ? src->height : (int32_t)y + height;
	if (x1 >= x2 || y1 >= y2 || x1 != x || y1 != y || x2 != x + width || y2 != y + height) {
		/* pixels outside the pixmap read as zero */
		for (int r = 0; r < height; r++)
			memset((uint8_t *)data + (size_t)r * (size_t)stride, 0,
			       ((size_t)width * (size_t)src->bpp + 7) / 8);
	}
	if (x1 >= x2 || y1 >= y2)
		return 0;
	why = g2d_policy_device(dev);
	if (!why && src->depth == 1)
		why = GEM2D_FALLBACK_DEPTH1;
	if (!why && pm != g2d_depth_mask(src->depth))
		why = GEM2D_FALLBACK_PLANEMASK;
	if (!why) {
		g2d_box b = { x1, y1, x2, y2 };
		ret = g2d_blt_outcome(dev, blt_image(src, NULL, false, x, y, width, height, data, stride, &b, 1),
				      &why);
		if (ret <= 0)
			return ret;
	}
	g2d_count_fallback(dev, why);
	ret = g2d_pixmap_map(src, &s);
	if (ret)
		return ret;
	img = (struct g2d_raster){ data, stride, src->bpp, src->depth, width, height };
	for (int32_t py = y1; py < y2; py++)
		for (int32_t px = x1; px < x2; px++)
			g2d_raster_put(&img, px - x, py - y, g2d_raster_get(&s, px, py) & (src->depth == 1 ? 1 : pm));
	g2d_pixmap_unmap(src);
	return 0;
}
