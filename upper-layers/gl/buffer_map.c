/* SPDX-License-Identifier: MIT */
/*
 * Buffer mappings: glMapBufferRange, glFlushMappedBufferRange,
 * glUnmapBuffer, and the CPU view other paths (pixel pack/unpack) take of
 * a buffer's storage. Each access flag picks a libdrm_intel map mode the
 * way i965 did over libdrm_intel (intel_buffer_objects.c, 2017):
 *
 *  1. without UNSYNCHRONIZED, an object the unsubmitted batch uses is
 *     replaced by a fresh one for INVALIDATE_BUFFER, otherwise the batch is
 *     submitted; an object the GPU is still busy with is also replaced for
 *     INVALIDATE_BUFFER (its old contents are not wanted);
 *  2. INVALIDATE_RANGE on a busy object (not UNSYNCHRONIZED, not
 *     PERSISTENT) maps a temporary object instead, blitted into place at
 *     FlushMappedBufferRange (FLUSH_EXPLICIT) or at unmap: the CPU need not
 *     wait for the GPU;
 *  3. UNSYNCHRONIZED: drm_intel_gem_bo_map_unsynchronized (no wait);
 *  4. no LLC and write-only or PERSISTENT: drm_intel_gem_bo_map_gtt (a
 *     write-combined, coherent view; cached CPU maps are not coherent
 *     with the GPU there);
 *  5. otherwise drm_intel_bo_map, which waits for the GPU.
 *
 * Lifetime: a mapping belongs to the buffer and ends at UnmapBuffer,
 * BufferData/BufferStorage, DeleteBuffers or the buffer's last reference.
 * Calls: libdrm_intel map/unmap, the batch, gl_blt_linear.
 */
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

/* The temporary object's offset for a range: the range keeps its offset's
 * misalignment to 64 so the blit's bases stay aligned and the pointer
 * handed out keeps GL_MIN_MAP_BUFFER_ALIGNMENT's promise. */
#define MAP_ALIGN 64

/* Copies bytes of the temporary object into the buffer: by the blitter
 * behind queued work, or, if it refuses, by a pwrite after the batch. */
static void temp_writeback(struct gl_context *ctx, struct gl_buffer *buf, GLintptr off, GLsizeiptr len)
{
	if (len <= 0)
		return;
	uint32_t src = buf->map_temp_delta + (uint32_t)off;
	uint32_t dst = (uint32_t)(buf->map_offset + off);
	if (gl_blt_linear(ctx, buf->bo, dst, buf->map_temp, src, (uint32_t)len) == 0)
		return;
	if (gl_batch_references(ctx, buf->bo))
		gl_batch_flush(ctx, NULL);
	drm_intel_bo_subdata(buf->bo, dst, (unsigned long)len, (uint8_t *)buf->map_pointer + off);
}

void gl_buffer_unmap_internal(struct gl_context *ctx, struct gl_buffer *buf)
{
	if (!buf->mapped)
		return;
	if (buf->map_temp) {
		if (ctx && !(buf->access & GL_MAP_FLUSH_EXPLICIT_BIT))
			temp_writeback(ctx, buf, 0, buf->map_length);
		if (buf->map_gtt)
			drm_intel_gem_bo_unmap_gtt(buf->map_temp);
		else
			drm_intel_bo_unmap(buf->map_temp);
		drm_intel_bo_unreference(buf->map_temp);
		buf->map_temp = NULL;
	} else if (buf->map_gtt) {
		drm_intel_gem_bo_unmap_gtt(buf->bo);
	} else {
		drm_intel_bo_unmap(buf->bo);
	}
	buf->mapped = false;
	buf->map_gtt = false;
	buf->access = 0;
	buf->map_offset = 0;
	buf->map_length = 0;
	buf->map_pointer = NULL;
	buf->map_temp_delta = 0;
}

static bool replace_bo(struct gl_context *ctx, struct gl_buffer *buf)
{
	drm_intel_bo *bo = gl_buffer_alloc_bo(ctx, buf->size);
	if (!bo)
		return false;
	drm_intel_bo_unreference(buf->bo);
	buf->bo = bo;
	return true;
}

/* The mapping itself, once the arguments are valid: NULL on failure. */
static void *map_range(struct gl_context *ctx, struct gl_buffer *buf, GLintptr offset, GLsizeiptr length,
		       GLbitfield access)
{
	const bool llc = ctx->screen->has_llc;
	if (!(access & GL_MAP_UNSYNCHRONIZED_BIT)) {
		if (gl_batch_references(ctx, buf->bo)) {
			if (!(access & GL_MAP_INVALIDATE_BUFFER_BIT) || !replace_bo(ctx, buf))
				gl_batch_flush(ctx, NULL);
		} else if ((access & GL_MAP_INVALIDATE_BUFFER_BIT) && gl_buffer_gpu_busy(buf->bo)) {
			replace_bo(ctx, buf);	/* if this fails, the map below waits */
		}
	}
	if ((access & GL_MAP_INVALIDATE_RANGE_BIT) &&
	    !(access & (GL_MAP_UNSYNCHRONIZED_BIT | GL_MAP_PERSISTENT_BIT_EXT)) && gl_buffer_gpu_busy(buf->bo)) {
		uint32_t delta = (uint32_t)(offset % MAP_ALIGN);
		drm_intel_bo *tmp = gl_buffer_alloc_bo(ctx, length + delta);
		if (tmp) {
			int ret = llc ? drm_intel_bo_map(tmp, 1) : drm_intel_gem_bo_map_gtt(tmp);
			if (ret == 0) {
				buf->map_temp = tmp;
				buf->map_temp_delta = delta;
				buf->map_gtt = !llc;
				return (uint8_t *)tmp->virtual + delta;
			}
			drm_intel_bo_unreference(tmp);
		}
		/* no temporary: fall through to a map that waits */
	}
	int ret;
	if (access & GL_MAP_UNSYNCHRONIZED_BIT) {
		ret = drm_intel_gem_bo_map_unsynchronized(buf->bo);
		buf->map_gtt = true;
	} else if (!llc && ((access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)) == GL_MAP_WRITE_BIT ||
			    (access & GL_MAP_PERSISTENT_BIT_EXT))) {
		ret = drm_intel_gem_bo_map_gtt(buf->bo);
		buf->map_gtt = true;
	} else {
		ret = drm_intel_bo_map(buf->bo, (access & GL_MAP_WRITE_BIT) != 0);
		buf->map_gtt = false;
	}
	if (ret != 0)
		return NULL;
	return (uint8_t *)buf->bo->virtual + offset;
}

void *glMapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access)
{
	static const char fn[] = "glMapBufferRange";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return NULL;
	struct gl_buffer *buf = gl_buffer_for_target(ctx, target, fn);
	if (!buf)
		return NULL;
	const GLbitfield allowed = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |
				   GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT |
				   GL_MAP_UNSYNCHRONIZED_BIT | GL_MAP_PERSISTENT_BIT_EXT | GL_MAP_COHERENT_BIT_EXT;
	/* the checks in the order Mesa makes them, so the first error
	 * recorded for a call with several faults is the same */
	if (offset < 0 || length < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(offset %lld, length %lld): negative", fn, (long long)offset,
			 (long long)length);
		return NULL;
	}
	if (length == 0) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(length 0)", fn);
		return NULL;
	}
	if (access & ~allowed) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(access 0x%x has unknown bits)", fn, access);
		return NULL;
	}
	if (!(access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT))) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(access 0x%x: neither MAP_READ nor MAP_WRITE)", fn, access);
		return NULL;
	}
	if ((access & GL_MAP_READ_BIT) &&
	    (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_UNSYNCHRONIZED_BIT))) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(access 0x%x: MAP_READ with INVALIDATE or UNSYNCHRONIZED)", fn,
			 access);
		return NULL;
	}
	if ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(access 0x%x: FLUSH_EXPLICIT without MAP_WRITE)", fn, access);
		return NULL;
	}
	static const GLbitfield need_storage[] = { GL_MAP_READ_BIT, GL_MAP_WRITE_BIT, GL_MAP_COHERENT_BIT_EXT,
						   GL_MAP_PERSISTENT_BIT_EXT };
	for (unsigned i = 0; i < sizeof(need_storage) / sizeof(need_storage[0]); i++)
		if ((access & need_storage[i]) && !(buf->storage_flags & need_storage[i])) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s(access 0x%x: storage flags 0x%x do not allow 0x%x)",
				 fn, access, buf->storage_flags, need_storage[i]);
			return NULL;
		}
	if (offset > buf->size || length > buf->size - offset) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(offset %lld + length %lld > buffer size %lld)", fn,
			 (long long)offset, (long long)length, (long long)buf->size);
		return NULL;
	}
	if (buf->mapped) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: buffer %u is already mapped", fn, buf->name);
		return NULL;
	}
	void *ptr = map_range(ctx, buf, offset, length, access);
	if (!ptr) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: the buffer object cannot be mapped", fn);
		return NULL;
	}
	buf->mapped = true;
	buf->access = access;
	buf->map_offset = offset;
	buf->map_length = length;
	buf->map_pointer = ptr;
	return ptr;
}

void glFlushMappedBufferRange(GLenum target, GLintptr offset, GLsizeiptr length)
{
	static const char fn[] = "glFlushMappedBufferRange";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_buffer *buf = gl_buffer_for_target(ctx, target, fn);
	if (!buf)
		return;
	if (offset < 0 || length < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(offset %lld, length %lld): negative", fn, (long long)offset,
			 (long long)length);
		return;
	}
	if (!buf->mapped) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: buffer %u is not mapped", fn, buf->name);
		return;
	}
	if (!(buf->access & GL_MAP_FLUSH_EXPLICIT_BIT)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the mapping was made without MAP_FLUSH_EXPLICIT", fn);
		return;
	}
	if (offset > buf->map_length || length > buf->map_length - offset) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(offset %lld + length %lld > mapped length %lld)", fn,
			 (long long)offset, (long long)length, (long long)buf->map_length);
		return;
	}
	/* Direct maps are coherent views of the object; only the temporary
	 * object has bytes to move. */
	if (buf->map_temp)
		temp_writeback(ctx, buf, offset, length);
}

GLboolean glUnmapBuffer(GLenum target)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return GL_FALSE;
	struct gl_buffer *buf = gl_buffer_for_target(ctx, target, "glUnmapBuffer");
	if (!buf)
		return GL_FALSE;
	if (!buf->mapped) {
		gl_error(ctx, GL_INVALID_OPERATION, "glUnmapBuffer: buffer %u is not mapped", buf->name);
		return GL_FALSE;
	}
	gl_buffer_unmap_internal(ctx, buf);
	return GL_TRUE;
}

void *gl_buffer_map_cpu(struct gl_context *ctx, struct gl_buffer *buf, bool write)
{
	if (!buf || !buf->bo)
		return NULL;
	if (gl_batch_references(ctx, buf->bo))
		gl_batch_flush(ctx, NULL);
	if (drm_intel_bo_map(buf->bo, write) != 0)
		return NULL;
	return buf->bo->virtual;
}

void gl_buffer_unmap_cpu(struct gl_buffer *buf)
{
	if (buf && buf->bo)
		drm_intel_bo_unmap(buf->bo);
}
