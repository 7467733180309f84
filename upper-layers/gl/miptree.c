/* SPDX-License-Identifier: MIT */
/*
 * Miptrees: the buffer object behind one 2D image, with its tiling chosen
 * by i965's rules (brw_miptree_choose_tiling) cut down to what a blitter
 * driver needs: stencil and narrow or very wide rows are linear (the GTT
 * cannot fence W tiling; rows of 32 KiB and up cannot be blitted tiled);
 * before gen6 the blitter addresses only X tiling, so X; from gen6 Y.
 * A miptree is reference counted; the last unref releases the object.
 */
#include <errno.h>
#include <stdlib.h>
#include <i915_drm.h>

#include "upper-layers/gl/gl_priv.h"

static uint32_t choose_tiling(const struct gl_screen *s, enum gl_fmt fmt, int width, unsigned flags)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	uint32_t row = (uint32_t)width * fi->cpp;
	if ((flags & GL_MT_LINEAR) || fmt == GLF_S8)
		return I915_TILING_NONE;
	if (row < 64 || row >= 32768)
		return I915_TILING_NONE;
	return s->gen < 6 ? I915_TILING_X : I915_TILING_Y;
}

struct gl_miptree *gl_miptree_create(struct gl_screen *s, enum gl_fmt fmt, int width, int height, unsigned flags)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi || width <= 0 || height <= 0)
		return NULL;
	struct gl_miptree *mt = calloc(1, sizeof(*mt));
	if (!mt)
		return NULL;
	uint32_t tiling = choose_tiling(s, fmt, width, flags);
	unsigned long pitch = 0;
	mt->bo = drm_intel_bo_alloc_tiled(s->bufmgr, "miptree", width, height, fi->cpp, &tiling, &pitch, 0);
	if (!mt->bo) {
		free(mt);
		return NULL;
	}
	mt->refcount = 1;
	mt->screen = s;
	mt->fmt = fmt;
	mt->tiling = tiling;
	mt->pitch = (uint32_t)pitch;
	mt->width = width;
	mt->height = height;
	return mt;
}

struct gl_miptree *gl_miptree_wrap(struct gl_screen *s, drm_intel_bo *bo, enum gl_fmt fmt, int width, int height,
				   uint32_t pitch, uint32_t offset, uint32_t tiling)
{
	struct gl_miptree *mt = calloc(1, sizeof(*mt));
	if (!mt)
		return NULL;
	mt->refcount = 1;
	mt->screen = s;
	mt->bo = bo;
	mt->fmt = fmt;
	mt->tiling = tiling;
	mt->pitch = pitch;
	mt->offset = offset;
	mt->width = width;
	mt->height = height;
	return mt;
}

struct gl_miptree *gl_miptree_ref(struct gl_miptree *mt)
{
	if (mt)
		__atomic_add_fetch(&mt->refcount, 1, __ATOMIC_RELAXED);
	return mt;
}

void gl_miptree_unref(struct gl_miptree *mt)
{
	if (!mt || __atomic_sub_fetch(&mt->refcount, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	drm_intel_bo_unreference(mt->bo);
	free(mt);
}

void *gl_miptree_map(struct gl_context *ctx, struct gl_miptree *mt)
{
	if (ctx && gl_batch_references(ctx, mt->bo))
		gl_batch_flush(ctx, NULL);
	int ret = mt->tiling != I915_TILING_NONE ? drm_intel_gem_bo_map_gtt(mt->bo) : drm_intel_bo_map(mt->bo, 1);
	if (ret)
		return NULL;
	return (uint8_t *)mt->bo->virtual + mt->offset;
}

void gl_miptree_unmap(struct gl_miptree *mt)
{
	if (mt->tiling != I915_TILING_NONE)
		drm_intel_gem_bo_unmap_gtt(mt->bo);
	else
		drm_intel_bo_unmap(mt->bo);
}
