/* SPDX-License-Identifier: MIT */
/*
 * Copies between buffer objects: glCopyBufferSubData and the linear blit
 * the temporary-object paths of buffer_map.c and bufferobj.c use.
 *
 * The blitter has no "copy n bytes" command; i965's intel_emit_linear_blit
 * made one out of XY_SRC_COPY_BLT by treating the bytes as rows of 8-bit
 * pixels: a pitch just under the blitter's 32 KiB limit (a dword
 * multiple), as many whole rows as fit, then one short row for the tail.
 * Surface bases are rounded down to 64 bytes (gen8+ wants aligned linear
 * bases) and the remainder becomes the x coordinate. The rows are handed
 * to gl_blt_copy (blt.c) as linear R8 "miptrees" built on the stack, so
 * BCS_SWCTRL, relocations and the batch space checks stay in one place.
 *
 * When the blitter cannot take a copy (no batch space, context lost), the
 * copy happens on the CPU after the batch is submitted: slower, same bytes.
 * Calls: gl_blt_copy, the batch, libdrm_intel maps.
 */
#include <errno.h>
#include <string.h>
#include <i915_drm.h>

#include "upper-layers/gl/gl_priv.h"

#define LINEAR_MAX_PITCH (32768 - 64)	/* dword multiple, under the 15-bit limit */
#define LINEAR_MAX_ROWS 32767		/* coordinates are signed 16-bit */

static void linear_mt(struct gl_miptree *mt, struct gl_context *ctx, drm_intel_bo *bo, uint32_t base,
		      uint32_t pitch, int width, int height)
{
	memset(mt, 0, sizeof(*mt));
	mt->refcount = 1;
	mt->screen = ctx->screen;
	mt->bo = bo;
	mt->fmt = GLF_R8;
	mt->tiling = I915_TILING_NONE;
	mt->pitch = pitch;
	mt->offset = base;
	mt->width = width;
	mt->height = height;
}

/* One blit of rows x width bytes at pitch, from src_off to dst_off. */
static int blit_rows(struct gl_context *ctx, drm_intel_bo *dst, uint32_t dst_off, drm_intel_bo *src,
		     uint32_t src_off, uint32_t pitch, int width, int rows)
{
	struct gl_miptree s, d;
	int sx = (int)(src_off % 64), dx = (int)(dst_off % 64);
	linear_mt(&s, ctx, src, src_off - (uint32_t)sx, pitch, sx + width, rows);
	linear_mt(&d, ctx, dst, dst_off - (uint32_t)dx, pitch, dx + width, rows);
	return gl_blt_copy(ctx, &s, sx, 0, &d, dx, 0, width, rows);
}

int gl_blt_linear(struct gl_context *ctx, drm_intel_bo *dst, uint32_t dst_offset, drm_intel_bo *src,
		  uint32_t src_offset, uint32_t size)
{
	while (size > 0) {
		int ret;
		if (size >= LINEAR_MAX_PITCH || size % 4 == 0) {
			uint32_t pitch = size < LINEAR_MAX_PITCH ? size : LINEAR_MAX_PITCH;
			uint32_t rows = size / pitch;
			if (rows > LINEAR_MAX_ROWS)
				rows = LINEAR_MAX_ROWS;
			ret = blit_rows(ctx, dst, dst_offset, src, src_offset, pitch, (int)pitch, (int)rows);
			if (ret < 0)
				return ret;
			uint32_t done = pitch * rows;
			dst_offset += done;
			src_offset += done;
			size -= done;
		} else {
			/* the tail: one row (its pitch is never stepped over) */
			ret = blit_rows(ctx, dst, dst_offset, src, src_offset, 64, (int)size, 1);
			if (ret < 0)
				return ret;
			size = 0;
		}
	}
	return 0;
}

void glCopyBufferSubData(GLenum read_target, GLenum write_target, GLintptr read_offset, GLintptr write_offset,
			 GLsizeiptr size)
{
	static const char fn[] = "glCopyBufferSubData";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_buffer *src = gl_buffer_for_target(ctx, read_target, fn);
	if (!src)
		return;
	struct gl_buffer *dst = gl_buffer_for_target(ctx, write_target, fn);
	if (!dst)
		return;
	if (src->mapped && !(src->access & GL_MAP_PERSISTENT_BIT_EXT)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the read buffer is mapped", fn);
		return;
	}
	if (dst->mapped && !(dst->access & GL_MAP_PERSISTENT_BIT_EXT)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the write buffer is mapped", fn);
		return;
	}
	if (read_offset < 0 || write_offset < 0 || size < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(read %lld, write %lld, size %lld): negative", fn,
			 (long long)read_offset, (long long)write_offset, (long long)size);
		return;
	}
	if (read_offset > src->size || size > src->size - read_offset || write_offset > dst->size ||
	    size > dst->size - write_offset) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(read %lld, write %lld, size %lld): beyond the buffers", fn,
			 (long long)read_offset, (long long)write_offset, (long long)size);
		return;
	}
	if (src == dst && read_offset < write_offset + size && write_offset < read_offset + size) {
		gl_error(ctx, GL_INVALID_VALUE, "%s: overlapping ranges in one buffer", fn);
		return;
	}
	if (size == 0)
		return;
	if (gl_blt_linear(ctx, dst->bo, (uint32_t)write_offset, src->bo, (uint32_t)read_offset, (uint32_t)size) == 0)
		return;
	/* the CPU way: after the queued work, through CPU maps */
	if (gl_batch_references(ctx, src->bo) || gl_batch_references(ctx, dst->bo))
		gl_batch_flush(ctx, NULL);
	if (drm_intel_bo_map(src->bo, src->bo == dst->bo) != 0) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot map the read buffer", fn);
		return;
	}
	if (src->bo != dst->bo && drm_intel_bo_map(dst->bo, 1) != 0) {
		drm_intel_bo_unmap(src->bo);
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot map the write buffer", fn);
		return;
	}
	memcpy((uint8_t *)dst->bo->virtual + write_offset, (const uint8_t *)src->bo->virtual + read_offset,
	       (size_t)size);
	if (src->bo != dst->bo)
		drm_intel_bo_unmap(dst->bo);
	drm_intel_bo_unmap(src->bo);
}
