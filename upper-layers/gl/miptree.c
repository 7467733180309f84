/* SPDX-License-Identifier: MIT */
/*
 * Miptrees: the buffer object behind one 2D image, or behind the slices
 * of one level of a 3D or array texture, with its tiling chosen by i965's
 * rules (brw_miptree_choose_tiling) cut down to what a blitter driver
 * needs: stencil and narrow or very wide rows are linear (the GTT cannot
 * fence W tiling; rows of 32 KiB and up cannot be blitted tiled); before
 * gen6 the blitter addresses only X tiling, so X; from gen6 Y.
 *
 * Slices are laid out as i965's ALL_SLICES_AT_EACH_LOD layout lays out a
 * level: one under the other, qpitch rows apart, in one object per level
 * (this driver keeps each level in its own object, as for 2D). qpitch is
 * the image height rounded up to whole tile rows (8 rows for X, 32 for Y;
 * 4 when linear, i965's usual vertical alignment), so a slice of a tiled
 * object begins on a tile row: an offset of whole 4 KiB tiles, the base
 * address the blitter takes for a tiled surface (a linear slice needs the
 * pitch's 64-byte alignment only). A slice is then an ordinary 2D image
 * at an offset into the object — where i965 added intra-tile x/y offsets
 * to its blits, here a slice view is handed to the blitter, the CPU maps
 * and the framebuffer code like any other miptree, and no coordinate ever
 * passes the blitter's 16-bit range however many slices there are.
 *
 * A compressed image is an image of its blocks: width and height are
 * counted in 4x4 blocks (rounded up), each block one 8 or 16-byte pixel,
 * which the blitter moves as 2 or 4 32bpp pixels like the wide formats.
 *
 * A miptree is reference counted; the last unref releases its slice
 * views and the object. Views hold their own reference to the object.
 *
 * Calls: libdrm_intel (allocation, maps), formats.c, batch.c.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
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

/* Rows from one slice to the next: whole tile rows of the tiling asked for
 * (the allocation may fall back to linear, never to another tiling, and
 * a linear object takes any row count). */
static uint32_t slice_rows(uint32_t tiling, int height)
{
	uint32_t align = tiling == I915_TILING_Y ? 32 : tiling == I915_TILING_X ? 8 : 4;
	return ((uint32_t)height + align - 1) / align * align;
}

struct gl_miptree *gl_miptree_create_3d(struct gl_screen *s, enum gl_fmt fmt, int width, int height, int depth,
					unsigned flags)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi || width <= 0 || height <= 0 || depth <= 0)
		return NULL;
	if (fi->block > 1) {
		/* an image of blocks: a 13x7 level is 4x2 blocks */
		width = (width + fi->block - 1) / fi->block;
		height = (height + fi->block - 1) / fi->block;
	}
	uint32_t tiling = choose_tiling(s, fmt, width, flags);
	uint32_t qpitch = depth > 1 ? slice_rows(tiling, height) : (uint32_t)height;
	uint64_t rows = (uint64_t)qpitch * (uint64_t)(depth - 1) + (uint64_t)height;
	/* slices are reached through a 32-bit relocation delta (offset): the
	 * stack must lie within 4 GiB, and a pitch is at most twice the row
	 * (gen3's power-of-two tiled pitches); rows are counted in an int */
	if (rows > INT32_MAX || rows * (uint64_t)width * fi->cpp >= UINT32_MAX / 2)
		return NULL;
	struct gl_miptree *mt = calloc(1, sizeof(*mt));
	if (!mt)
		return NULL;
	if (depth > 1) {
		mt->slices = calloc((size_t)depth, sizeof(*mt->slices));
		if (!mt->slices) {
			free(mt);
			return NULL;
		}
	}
	unsigned long pitch = 0;
	mt->bo = drm_intel_bo_alloc_tiled(s->bufmgr, "miptree", width, (int)rows, fi->cpp, &tiling, &pitch, 0);
	if (!mt->bo) {
		free(mt->slices);
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
	mt->depth = depth;
	mt->qpitch = qpitch;
	return mt;
}

struct gl_miptree *gl_miptree_create(struct gl_screen *s, enum gl_fmt fmt, int width, int height, unsigned flags)
{
	return gl_miptree_create_3d(s, fmt, width, height, 1, flags);
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
	mt->depth = 1;
	mt->qpitch = (uint32_t)height;
	return mt;
}

struct gl_miptree *gl_miptree_slice(struct gl_miptree *mt, int z)
{
	if (z == 0)
		return mt;
	if (!mt->slices || z < 0 || z >= mt->depth)
		return NULL;
	struct gl_miptree *v = __atomic_load_n(&mt->slices[z], __ATOMIC_ACQUIRE);
	if (v)
		return v;
	/* made on first use: a 2048-layer array touched at one layer costs one view */
	drm_intel_bo_reference(mt->bo);
	v = gl_miptree_wrap(mt->screen, mt->bo, mt->fmt, mt->width, mt->height, mt->pitch,
			    mt->offset + (uint32_t)z * mt->qpitch * mt->pitch, mt->tiling);
	if (!v) {
		drm_intel_bo_unreference(mt->bo);
		return NULL;
	}
	/* textures are shared between contexts: two threads may race here,
	 * and the loser's view goes */
	struct gl_miptree *none = NULL;
	if (!__atomic_compare_exchange_n(&mt->slices[z], &none, v, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		gl_miptree_unref(v);
		return none;
	}
	return v;
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
	if (mt->slices) {
		for (int z = 1; z < mt->depth; z++)
			gl_miptree_unref(mt->slices[z]);
		free(mt->slices);
	}
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

uint8_t *gl_miptree_read_rect(struct gl_context *ctx, struct gl_miptree *mt, int x, int y, int w, int h, int planes)
{
	unsigned cpp = gl_fmt_info(mt->fmt)->cpp;
	size_t row = (size_t)w * cpp, plane = row * (size_t)h;
	uint8_t *buf = malloc(plane * (size_t)planes);
	if (!buf)
		return NULL;
	const uint8_t *s = gl_miptree_map(ctx, mt);
	if (!s) {
		free(buf);
		return NULL;
	}
	for (int k = 0; k < planes; k++) {
		const uint8_t *p = s + (size_t)k * mt->qpitch * mt->pitch;
		for (int j = 0; j < h; j++)
			memcpy(buf + plane * (size_t)k + row * (size_t)j,
			       p + (size_t)(y + j) * mt->pitch + (size_t)x * cpp, row);
	}
	gl_miptree_unmap(mt);
	return buf;
}
