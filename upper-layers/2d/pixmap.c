/* SPDX-License-Identifier: MIT */
/*
 * Pixmaps: one buffer object per pixmap of depth 8 to 32 (linear, X- or
 * Y-tiled), CPU memory for depth 1 (the blitter draws depth-1 only as a
 * source, and X's bitmaps are small), and the CPU view of either.
 *
 * Lifetimes: a pixmap holds one reference on its BO; a dma-buf import holds
 * its own BO and leaves the fd with the caller; an export hands the caller a
 * new fd. The open batch may still name a destroyed pixmap's BO: the batch
 * BO's relocation keeps it alive until the batch is submitted and retired.
 *
 * The CPU view submits the open batch first if it names the BO (the GPU's
 * writes must land before the CPU reads), then maps: the GTT view for tiled
 * BOs (the fence detiles, as SNA's GTT fallback), a CPU map for linear ones;
 * both wait for the GPU.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <i915_drm.h>
#include <drm_fourcc.h>

#include "upper-layers/2d/gem2d_priv.h"

uint32_t g2d_depth_mask(int depth)
{
	return depth >= 32 ? 0xffffffffu : (1u << depth) - 1;
}

static int bpp_of(int depth)
{
	switch (depth) {
	case 1:
		return 1;
	case 8:
		return 8;
	case 15:
	case 16:
		return 16;
	case 24:
	case 32:
		return 32;
	default:
		return 0;
	}
}

static gem2d_pixmap *pixmap_new(gem2d_device *dev, int width, int height, int depth)
{
	gem2d_pixmap *pix;
	if (!g2d_device_ok(dev) || width <= 0 || height <= 0 || width > 32767 || height > 32767 ||
	    !bpp_of(depth)) {
		errno = EINVAL;
		return NULL;
	}
	pix = calloc(1, sizeof(*pix));
	if (!pix) {
		errno = ENOMEM;
		return NULL;
	}
	pix->magic = G2D_PIXMAP_MAGIC;
	pix->dev = dev;
	pix->width = width;
	pix->height = height;
	pix->depth = depth;
	pix->bpp = bpp_of(depth);
	return pix;
}

static void pixmap_free(gem2d_pixmap *pix)
{
	if (pix->bo)
		drm_intel_bo_unreference(pix->bo);
	free(pix->bits);
	pix->magic = 0;
	free(pix);
}

/* Zeroes a new pixmap: the bufmgr's cache hands back used BOs. On the GPU
 * when the GPU is in use (queued, no wait), else through a map. */
static int clear_new(gem2d_pixmap *pix)
{
	struct gem2d_gc gc = { .function = 0 /* GXclear */, .plane_mask = ~0u };
	gem2d_rect all = { 0, 0, (uint16_t)pix->width, (uint16_t)pix->height };
	return gem2d_poly_fill_rectangle(pix, &gc, 1, &all);
}

G2D_EXPORT gem2d_pixmap *gem2d_pixmap_create(gem2d_device *dev, int width, int height, int depth,
					     int tiling)
{
	gem2d_pixmap *pix;
	uint32_t mode;
	unsigned long pitch = 0;
	if (tiling < GEM2D_TILING_DEFAULT || tiling > GEM2D_TILING_Y) {
		errno = EINVAL;
		return NULL;
	}
	pix = pixmap_new(dev, width, height, depth);
	if (!pix)
		return NULL;
	if (depth == 1) {
		if (tiling == GEM2D_TILING_X || tiling == GEM2D_TILING_Y) {
			pixmap_free(pix);
			errno = EINVAL;
			return NULL;
		}
		pix->pitch = (uint32_t)((width + 31) / 32 * 4);
		pix->bits = calloc((size_t)height, pix->pitch);
		if (!pix->bits) {
			pixmap_free(pix);
			errno = ENOMEM;
			return NULL;
		}
		return pix;
	}
	if (tiling == GEM2D_TILING_Y && dev->gen < 6) {	/* BCS_SWCTRL chooses Y from gen6 */
		pixmap_free(pix);
		errno = EINVAL;
		return NULL;
	}
	mode = tiling == GEM2D_TILING_NONE ? I915_TILING_NONE
	       : tiling == GEM2D_TILING_Y  ? I915_TILING_Y
					   : I915_TILING_X;
	pix->bo = drm_intel_bo_alloc_tiled(dev->bufmgr, "gem2d pixmap", width, height, pix->bpp / 8,
					   &mode, &pitch, 0);
	if (!pix->bo) {
		pixmap_free(pix);
		errno = ENOMEM;
		return NULL;
	}
	/* A tiling asked for by name that the bufmgr could not give is an
	 * error; the default takes what it gets. */
	if (tiling != GEM2D_TILING_DEFAULT &&
	    mode != (tiling == GEM2D_TILING_NONE ? I915_TILING_NONE
		     : tiling == GEM2D_TILING_Y  ? I915_TILING_Y
						 : I915_TILING_X)) {
		pixmap_free(pix);
		errno = EINVAL;
		return NULL;
	}
	pix->tiling = mode;
	pix->pitch = (uint32_t)pitch;
	if (clear_new(pix)) {
		pixmap_free(pix);
		errno = EIO;
		return NULL;
	}
	return pix;
}

static int tiling_of_modifier(uint64_t modifier, uint32_t *tiling)
{
	if (modifier == DRM_FORMAT_MOD_LINEAR)
		*tiling = I915_TILING_NONE;
	else if (modifier == I915_FORMAT_MOD_X_TILED)
		*tiling = I915_TILING_X;
	else if (modifier == I915_FORMAT_MOD_Y_TILED)
		*tiling = I915_TILING_Y;
	else
		return -EINVAL;
	return 0;
}

G2D_EXPORT gem2d_pixmap *gem2d_pixmap_from_dmabuf(gem2d_device *dev, int fd, int width, int height,
						  int depth, uint32_t stride, uint64_t modifier)
{
	gem2d_pixmap *pix;
	uint32_t tiling, want, swizzle;
	uint64_t size;
	if (fd < 0 || depth == 1 || tiling_of_modifier(modifier, &want)) {
		errno = EINVAL;
		return NULL;
	}
	pix = pixmap_new(dev, width, height, depth);
	if (!pix)
		return NULL;
	size = (uint64_t)stride * (uint64_t)height;
	if (stride % 4 || stride < (uint32_t)width * (uint32_t)(pix->bpp / 8) || size > INT32_MAX ||
	    (want == I915_TILING_X && stride % 512) || (want == I915_TILING_Y && stride % 128) ||
	    (want == I915_TILING_Y && dev->gen < 6)) {
		pixmap_free(pix);
		errno = EINVAL;
		return NULL;
	}
	pix->bo = drm_intel_bo_gem_create_from_prime(dev->bufmgr, fd, (int)size);
	if (!pix->bo || pix->bo->size < size) {
		pixmap_free(pix);
		errno = EINVAL;
		return NULL;
	}
	tiling = want;
	if (drm_intel_bo_get_tiling(pix->bo, &tiling, &swizzle) || tiling != want) {
		tiling = want;
		if (drm_intel_bo_set_tiling(pix->bo, &tiling, stride) || tiling != want) {
			pixmap_free(pix);
			errno = EINVAL;
			return NULL;
		}
	}
	pix->tiling = tiling;
	pix->pitch = stride;
	return pix;
}

G2D_EXPORT int gem2d_pixmap_export_dmabuf(gem2d_pixmap *pix, int *fd, uint32_t *stride,
					  uint64_t *modifier)
{
	int ret;
	if (!g2d_pixmap_ok(pix) || !fd || !stride || !modifier || !pix->bo)
		return -EINVAL;
	/* The importer waits on the BO's fences: what we queued must be in
	 * them, so the open batch goes first. */
	if (g2d_batch_references(pix->dev, pix->bo)) {
		ret = g2d_batch_submit(pix->dev);
		if (ret && ret != -EIO)
			return ret;
	}
	ret = drm_intel_bo_gem_export_to_prime(pix->bo, fd);
	if (ret)
		return ret < 0 ? ret : -EIO;
	*stride = pix->pitch;
	*modifier = pix->tiling == I915_TILING_X   ? I915_FORMAT_MOD_X_TILED
		    : pix->tiling == I915_TILING_Y ? I915_FORMAT_MOD_Y_TILED
						   : DRM_FORMAT_MOD_LINEAR;
	return 0;
}

G2D_EXPORT drm_intel_bo *gem2d_pixmap_bo(gem2d_pixmap *pix)
{
	return g2d_pixmap_ok(pix) ? pix->bo : NULL;
}

G2D_EXPORT void gem2d_pixmap_destroy(gem2d_pixmap *pix)
{
	if (!g2d_pixmap_ok(pix))
		return;
	/* An op of the open batch that uses the pixmap would need it if the
	 * batch failed and were drawn again on the CPU (replay.c). */
	if (g2d_replay_uses(pix->dev, pix))
		g2d_batch_submit(pix->dev);
	while (pix->cpu_maps > 0)
		g2d_pixmap_unmap(pix);
	pixmap_free(pix);
}

int g2d_pixmap_map(gem2d_pixmap *pix, struct g2d_raster *r)
{
	int ret = 0;
	r->stride = (int)pix->pitch;
	r->bpp = pix->bpp;
	r->depth = pix->depth;
	r->width = pix->width;
	r->height = pix->height;
	if (!pix->bo) {
		r->bits = pix->bits;
		return 0;
	}
	g2d_fence_cpu_wait(pix->dev);
	if (pix->cpu_maps == 0) {
		if (g2d_batch_references(pix->dev, pix->bo)) {
			ret = g2d_batch_submit(pix->dev);
			if (ret && ret != -EIO)
				return ret;
		}
		pix->gtt_mapped = pix->tiling != I915_TILING_NONE;
		ret = pix->gtt_mapped ? drm_intel_gem_bo_map_gtt(pix->bo) : drm_intel_bo_map(pix->bo, 1);
		if (ret)
			return ret < 0 ? ret : -EIO;
	}
	pix->cpu_maps++;
	r->bits = pix->bo->virtual;
	return 0;
}

void g2d_pixmap_unmap(gem2d_pixmap *pix)
{
	if (!pix->bo || pix->cpu_maps <= 0)
		return;
	if (--pix->cpu_maps == 0) {
		if (pix->gtt_mapped)
			drm_intel_gem_bo_unmap_gtt(pix->bo);
		else
			drm_intel_bo_unmap(pix->bo);
	}
}
