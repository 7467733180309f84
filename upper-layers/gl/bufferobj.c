/* SPDX-License-Identifier: MIT */
/*
 * Buffer objects: names, bindings, storage (BufferData, BufferSubData,
 * BufferStorageEXT) and queries. The storage of a buffer is one
 * drm_intel_bo, allocated 64-byte aligned as i965's intel_buffer_objects.c
 * did; it is replaced whole (never resized) by BufferData, by a whole-buffer
 * BufferSubData on a busy object, and by an INVALIDATE_BUFFER map of a busy
 * object (buffer_map.c), so the GPU keeps reading the old contents while
 * the CPU writes the new ones.
 *
 * Lifetimes: a gl_buffer is reference counted. The shared name table holds
 * one reference; every binding (the targets of ctx->bound_buffers, the
 * indexed uniform and transform feedback bindings, vertex attributes and
 * the element array binding of VAOs) holds one more. glDeleteBuffers drops
 * the name, unmaps the buffer and unbinds it from the calling context's
 * bindings (current VAO and transform feedback object included); other
 * contexts' bindings keep the storage alive until they let go, as GL says.
 *
 * Calls: libdrm_intel (alloc, subdata, busy, unreference), the batch
 * (gl_batch_references, gl_batch_flush) and the linear blit of
 * buffer_copy.c. Locks: the share group's lock guards the name table only;
 * GL leaves concurrent use of one buffer from two threads to the
 * application.
 */
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

static const GLenum target_enums[GL_BUF_TARGET_COUNT] = {
	[GL_BUF_ARRAY] = GL_ARRAY_BUFFER,
	[GL_BUF_ELEMENT_ARRAY] = GL_ELEMENT_ARRAY_BUFFER,
	[GL_BUF_COPY_READ] = GL_COPY_READ_BUFFER,
	[GL_BUF_COPY_WRITE] = GL_COPY_WRITE_BUFFER,
	[GL_BUF_PIXEL_PACK] = GL_PIXEL_PACK_BUFFER,
	[GL_BUF_PIXEL_UNPACK] = GL_PIXEL_UNPACK_BUFFER,
	[GL_BUF_UNIFORM] = GL_UNIFORM_BUFFER,
	[GL_BUF_TRANSFORM_FEEDBACK] = GL_TRANSFORM_FEEDBACK_BUFFER,
};

int gl_buf_target_index(GLenum target)
{
	for (int i = 0; i < GL_BUF_TARGET_COUNT; i++)
		if (target_enums[i] == target)
			return i;
	return -1;
}

struct gl_buffer *gl_buffer_ref(struct gl_buffer *buf)
{
	if (buf)
		__atomic_add_fetch(&buf->refcount, 1, __ATOMIC_RELAXED);
	return buf;
}

void gl_buffer_unref(struct gl_buffer *buf)
{
	if (!buf || __atomic_sub_fetch(&buf->refcount, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	/* A mapping cannot outlive the last reference: delete unmapped it,
	 * but a persistent map in a context that went away could remain. */
	if (buf->mapped)
		gl_buffer_unmap_internal(NULL, buf);
	drm_intel_bo_unreference(buf->bo);
	free(buf);
}

void gl_buffer_set(struct gl_buffer **slot, struct gl_buffer *buf)
{
	if (*slot == buf)
		return;
	gl_buffer_ref(buf);
	gl_buffer_unref(*slot);
	*slot = buf;
}

struct gl_buffer *gl_bound_buffer(struct gl_context *ctx, GLenum target)
{
	int i = gl_buf_target_index(target);
	return i < 0 ? NULL : ctx->bound_buffers[i];
}

/* The buffer a target-taking entry point works on: INVALID_ENUM for a
 * target GLES 3.0 lacks, INVALID_OPERATION when nothing is bound. */
struct gl_buffer *gl_buffer_for_target(struct gl_context *ctx, GLenum target, const char *fn)
{
	int i = gl_buf_target_index(target);
	if (i < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
		return NULL;
	}
	if (!ctx->bound_buffers[i]) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: no buffer is bound to target 0x%x", fn, target);
		return NULL;
	}
	return ctx->bound_buffers[i];
}

/*
 * "Busy" as i965 meant it: the GPU may still read or write the object,
 * either because a submitted batch has not finished with it or because the
 * unsubmitted batch refers to it. GEM_GL_ASSUME_BUSY=1 makes every object
 * busy, so the tests can walk the replace and temporary-object paths on a
 * device model that finishes each batch before execbuffer returns.
 */
bool gl_buffer_gpu_busy(drm_intel_bo *bo)
{
	const char *force = getenv("GEM_GL_ASSUME_BUSY");
	if (force && force[0] == '1')
		return true;
	return drm_intel_bo_busy(bo);
}

bool gl_buffer_bo_busy(struct gl_context *ctx, drm_intel_bo *bo)
{
	return gl_batch_references(ctx, bo) || gl_buffer_gpu_busy(bo);
}

drm_intel_bo *gl_buffer_alloc_bo(struct gl_context *ctx, GLsizeiptr size)
{
	/* 64-byte alignment: the blitter's linear base alignment on gen8+
	 * and GL_MIN_MAP_BUFFER_ALIGNMENT's promise for whole-buffer maps. */
	return drm_intel_bo_alloc(ctx->screen->bufmgr, "gl buffer", (unsigned long)size, 64);
}

/* ---- names and bindings ---- */

void glGenBuffers(GLsizei n, GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGenBuffers(n %d < 0)", n);
		return;
	}
	pthread_mutex_lock(&ctx->shared->lock);
	for (GLsizei i = 0; i < n; i++)
		names[i] = gl_names_gen(&ctx->shared->buffers);
	pthread_mutex_unlock(&ctx->shared->lock);
}

GLboolean glIsBuffer(GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return GL_FALSE;
	pthread_mutex_lock(&ctx->shared->lock);
	bool is = gl_names_get(&ctx->shared->buffers, name) != NULL;
	pthread_mutex_unlock(&ctx->shared->lock);
	return is;
}

/* The object behind a name, made on first use: GLES lets a bind create a
 * buffer for any unused name, generated or not. NULL when out of memory. */
struct gl_buffer *gl_buffer_lookup_or_create(struct gl_context *ctx, GLuint name)
{
	pthread_mutex_lock(&ctx->shared->lock);
	struct gl_buffer *buf = gl_names_get(&ctx->shared->buffers, name);
	if (!buf) {
		buf = calloc(1, sizeof(*buf));
		if (buf) {
			buf->name = name;
			buf->refcount = 1;
			buf->usage = GL_STATIC_DRAW;
			if (gl_names_set(&ctx->shared->buffers, name, buf) < 0) {
				free(buf);
				buf = NULL;
			}
		}
	}
	pthread_mutex_unlock(&ctx->shared->lock);
	return buf;
}

void glBindBuffer(GLenum target, GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int i = gl_buf_target_index(target);
	if (i < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "glBindBuffer(target 0x%x)", target);
		return;
	}
	struct gl_buffer *buf = NULL;
	if (name) {
		buf = gl_buffer_lookup_or_create(ctx, name);
		if (!buf) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "glBindBuffer: out of memory");
			return;
		}
	}
	gl_buffer_set(&ctx->bound_buffers[i], buf);
}

static void unbind_binding(struct gl_buffer_binding *b, struct gl_buffer *buf)
{
	if (b->buf != buf)
		return;
	gl_buffer_set(&b->buf, NULL);
	b->offset = 0;
	b->size = 0;
}

/* GL: deleting a buffer resets every binding of it in the current context
 * (including the bound VAO's and transform feedback object's) to 0. */
static void unbind_everywhere(struct gl_context *ctx, struct gl_buffer *buf)
{
	for (int i = 0; i < GL_BUF_TARGET_COUNT; i++)
		if (ctx->bound_buffers[i] == buf)
			gl_buffer_set(&ctx->bound_buffers[i], NULL);
	for (int i = 0; i < GL_MAX_UNIFORM_BUFFER_BINDINGS_GEM; i++)
		unbind_binding(&ctx->ubo[i], buf);
	if (ctx->xfb)
		for (int i = 0; i < GL_MAX_XFB_BUFFERS_GEM; i++)
			unbind_binding(&ctx->xfb->buffers[i], buf);
	if (ctx->vao)
		for (int i = 0; i < GL_MAX_VERTEX_ATTRIBS_GEM; i++)
			if (ctx->vao->attr[i].buffer == buf)
				gl_buffer_set(&ctx->vao->attr[i].buffer, NULL);
}

void glDeleteBuffers(GLsizei n, const GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glDeleteBuffers(n %d < 0)", n);
		return;
	}
	for (GLsizei i = 0; i < n; i++) {
		GLuint name = names[i];
		if (!name)
			continue;
		pthread_mutex_lock(&ctx->shared->lock);
		struct gl_buffer *buf = gl_names_get(&ctx->shared->buffers, name);
		if (!buf && gl_names_is_used(&ctx->shared->buffers, name))
			gl_names_remove(&ctx->shared->buffers, name);	/* generated, never bound */
		else if (buf)
			gl_names_remove(&ctx->shared->buffers, name);
		pthread_mutex_unlock(&ctx->shared->lock);
		if (!buf)
			continue;
		if (buf->mapped)
			gl_buffer_unmap_internal(ctx, buf);
		unbind_everywhere(ctx, buf);
		gl_buffer_unref(buf);	/* the name table's reference */
	}
}

/* Releases every buffer reference a context holds (context destroy). */
void gl_buffers_release_context(struct gl_context *ctx)
{
	for (int i = 0; i < GL_BUF_TARGET_COUNT; i++)
		gl_buffer_set(&ctx->bound_buffers[i], NULL);
	for (int i = 0; i < GL_MAX_UNIFORM_BUFFER_BINDINGS_GEM; i++)
		unbind_binding(&ctx->ubo[i], ctx->ubo[i].buf);
}

static void xfb_release(struct gl_xfb *xfb)
{
	for (int i = 0; i < GL_MAX_XFB_BUFFERS_GEM; i++)
		unbind_binding(&xfb->buffers[i], xfb->buffers[i].buf);
}

/* Context destroy: the references the context's own objects hold (VAOs,
 * transform feedback objects, bindings). */
void gl_objects_release_context(struct gl_context *ctx)
{
	gl_vertex_release_context(ctx);
	gl_queries_release_context(ctx);
	for (GLuint n = 1; n < ctx->xfbs.cap; n++) {
		struct gl_xfb *xfb = gl_names_get(&ctx->xfbs, n);
		if (xfb) {
			xfb_release(xfb);
			free(xfb);
		}
	}
	gl_names_fini(&ctx->xfbs);
	xfb_release(&ctx->xfb0);
	ctx->xfb = &ctx->xfb0;
	gl_buffers_release_context(ctx);
}

/* Releases the share group's buffers (its last context went away). */
void gl_buffers_release_shared(struct gl_shared *sh)
{
	for (GLuint n = 1; n < sh->buffers.cap; n++) {
		struct gl_buffer *buf = gl_names_get(&sh->buffers, n);
		if (buf)
			gl_buffer_unref(buf);
	}
}

/* ---- indexed bindings ---- */

static void bind_indexed(struct gl_context *ctx, GLenum target, GLuint index, GLuint name, GLintptr offset,
			 GLsizeiptr size, bool range, const char *fn)
{
	struct gl_buffer_binding *slot;
	if (target == GL_UNIFORM_BUFFER) {
		if (index >= GL_MAX_UNIFORM_BUFFER_BINDINGS_GEM) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(index %u >= GL_MAX_UNIFORM_BUFFER_BINDINGS)", fn, index);
			return;
		}
		slot = &ctx->ubo[index];
	} else if (target == GL_TRANSFORM_FEEDBACK_BUFFER) {
		if (index >= GL_MAX_XFB_BUFFERS_GEM) {
			gl_error(ctx, GL_INVALID_VALUE,
				 "%s(index %u >= GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS)", fn, index);
			return;
		}
		if (ctx->xfb->active) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s: transform feedback is active", fn);
			return;
		}
		slot = &ctx->xfb->buffers[index];
	} else {
		gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
		return;
	}
	if (range && name) {
		if (size <= 0) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(size %lld <= 0)", fn, (long long)size);
			return;
		}
		if (offset < 0) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(offset %lld < 0)", fn, (long long)offset);
			return;
		}
		if (target == GL_UNIFORM_BUFFER && offset % GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT_GEM) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(offset %lld not a multiple of %d)", fn, (long long)offset,
				 GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT_GEM);
			return;
		}
		if (target == GL_TRANSFORM_FEEDBACK_BUFFER && (offset % 4 || size % 4)) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(offset %lld or size %lld not a multiple of 4)", fn,
				 (long long)offset, (long long)size);
			return;
		}
	}
	struct gl_buffer *buf = NULL;
	if (name) {
		buf = gl_buffer_lookup_or_create(ctx, name);
		if (!buf) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
			return;
		}
	}
	/* Both calls bind the generic binding point too. */
	gl_buffer_set(&ctx->bound_buffers[gl_buf_target_index(target)], buf);
	gl_buffer_set(&slot->buf, buf);
	slot->offset = buf && range ? offset : 0;
	slot->size = buf && range ? size : 0;
}

void glBindBufferRange(GLenum target, GLuint index, GLuint buffer, GLintptr offset, GLsizeiptr size)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		bind_indexed(ctx, target, index, buffer, offset, size, true, "glBindBufferRange");
}

void glBindBufferBase(GLenum target, GLuint index, GLuint buffer)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		bind_indexed(ctx, target, index, buffer, 0, 0, false, "glBindBufferBase");
}

/* ---- storage ---- */

static bool usage_ok(GLenum usage)
{
	switch (usage) {
	case GL_STREAM_DRAW: case GL_STREAM_READ: case GL_STREAM_COPY:
	case GL_STATIC_DRAW: case GL_STATIC_READ: case GL_STATIC_COPY:
	case GL_DYNAMIC_DRAW: case GL_DYNAMIC_READ: case GL_DYNAMIC_COPY:
		return true;
	default:
		return false;
	}
}

/* New storage of size bytes with optional contents; false when out of memory. */
static bool new_storage(struct gl_context *ctx, struct gl_buffer *buf, GLsizeiptr size, const void *data)
{
	if (buf->mapped)
		gl_buffer_unmap_internal(ctx, buf);
	drm_intel_bo_unreference(buf->bo);
	buf->bo = NULL;
	buf->size = 0;
	if (size == 0)
		return true;
	drm_intel_bo *bo = gl_buffer_alloc_bo(ctx, size);
	if (!bo)
		return false;
	if (data && drm_intel_bo_subdata(bo, 0, (unsigned long)size, data) != 0) {
		drm_intel_bo_unreference(bo);
		return false;
	}
	buf->bo = bo;
	buf->size = size;
	return true;
}

void glBufferData(GLenum target, GLsizeiptr size, const void *data, GLenum usage)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_buffer *buf = gl_buffer_for_target(ctx, target, "glBufferData");
	if (!buf)
		return;
	if (size < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glBufferData(size %lld < 0)", (long long)size);
		return;
	}
	if (!usage_ok(usage)) {
		gl_error(ctx, GL_INVALID_ENUM, "glBufferData(usage 0x%x)", usage);
		return;
	}
	if (buf->immutable) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBufferData: buffer %u has immutable storage", buf->name);
		return;
	}
	buf->usage = usage;
	/* as if made by BufferStorage with these flags (EXT_buffer_storage) */
	buf->storage_flags = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT_EXT;
	if (!new_storage(ctx, buf, size, data))
		gl_error(ctx, GL_OUT_OF_MEMORY, "glBufferData(size %lld): out of memory", (long long)size);
}

void glBufferStorageEXT(GLenum target, GLsizeiptr size, const void *data, GLbitfield flags)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	const GLbitfield valid = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT_EXT |
				 GL_MAP_COHERENT_BIT_EXT | GL_DYNAMIC_STORAGE_BIT_EXT | GL_CLIENT_STORAGE_BIT_EXT;
	struct gl_buffer *buf = gl_buffer_for_target(ctx, target, "glBufferStorageEXT");
	if (!buf)
		return;
	if (size <= 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glBufferStorageEXT(size %lld <= 0)", (long long)size);
		return;
	}
	if (flags & ~valid) {
		gl_error(ctx, GL_INVALID_VALUE, "glBufferStorageEXT(flags 0x%x has unknown bits)", flags);
		return;
	}
	if ((flags & GL_MAP_PERSISTENT_BIT_EXT) && !(flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT))) {
		gl_error(ctx, GL_INVALID_VALUE, "glBufferStorageEXT: MAP_PERSISTENT without MAP_READ or MAP_WRITE");
		return;
	}
	if ((flags & GL_MAP_COHERENT_BIT_EXT) && !(flags & GL_MAP_PERSISTENT_BIT_EXT)) {
		gl_error(ctx, GL_INVALID_VALUE, "glBufferStorageEXT: MAP_COHERENT without MAP_PERSISTENT");
		return;
	}
	if (buf->immutable) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBufferStorageEXT: buffer %u has immutable storage", buf->name);
		return;
	}
	if (!new_storage(ctx, buf, size, data)) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "glBufferStorageEXT(size %lld): out of memory", (long long)size);
		return;
	}
	buf->immutable = true;
	buf->storage_flags = flags;
	buf->usage = GL_DYNAMIC_DRAW;
}

/*
 * Writes bytes into buf's storage without disturbing what the GPU has
 * still to read, i965's way: an idle object takes a pwrite; a busy one is
 * replaced when the write covers all of it (and no mapping pins the
 * object), otherwise the bytes go to a temporary object that the blitter
 * copies into place behind the queued work. If the blitter refuses, the
 * batch is submitted and the pwrite waits.
 */
int gl_buffer_write(struct gl_context *ctx, struct gl_buffer *buf, GLintptr offset, GLsizeiptr size,
		    const void *data)
{
	if (!gl_buffer_bo_busy(ctx, buf->bo))
		return drm_intel_bo_subdata(buf->bo, (unsigned long)offset, (unsigned long)size, data);
	if (offset == 0 && size == buf->size && !buf->mapped) {
		drm_intel_bo *bo = gl_buffer_alloc_bo(ctx, size);
		if (bo && drm_intel_bo_subdata(bo, 0, (unsigned long)size, data) == 0) {
			drm_intel_bo_unreference(buf->bo);
			buf->bo = bo;
			return 0;
		}
		drm_intel_bo_unreference(bo);
	} else {
		drm_intel_bo *tmp = gl_buffer_alloc_bo(ctx, size);
		if (tmp && drm_intel_bo_subdata(tmp, 0, (unsigned long)size, data) == 0 &&
		    gl_blt_linear(ctx, buf->bo, (uint32_t)offset, tmp, 0, (uint32_t)size) == 0) {
			drm_intel_bo_unreference(tmp);	/* the batch holds it */
			return 0;
		}
		drm_intel_bo_unreference(tmp);
	}
	if (gl_batch_references(ctx, buf->bo))
		gl_batch_flush(ctx, NULL);
	return drm_intel_bo_subdata(buf->bo, (unsigned long)offset, (unsigned long)size, data);
}

void glBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, const void *data)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_buffer *buf = gl_buffer_for_target(ctx, target, "glBufferSubData");
	if (!buf)
		return;
	if (offset < 0 || size < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glBufferSubData(offset %lld, size %lld): negative", (long long)offset,
			 (long long)size);
		return;
	}
	if (offset > buf->size || size > buf->size - offset) {
		gl_error(ctx, GL_INVALID_VALUE, "glBufferSubData(offset %lld + size %lld > buffer size %lld)",
			 (long long)offset, (long long)size, (long long)buf->size);
		return;
	}
	/* GL 4.5 and ES 3.2 word it per byte, and Mesa follows: only a write
	 * into the mapped range of a non-persistent mapping is refused. */
	if (buf->mapped && !(buf->access & GL_MAP_PERSISTENT_BIT_EXT) && offset < buf->map_offset + buf->map_length &&
	    buf->map_offset < offset + size) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBufferSubData: the range is mapped");
		return;
	}
	if (buf->immutable && !(buf->storage_flags & GL_DYNAMIC_STORAGE_BIT_EXT)) {
		gl_error(ctx, GL_INVALID_OPERATION, "glBufferSubData: immutable storage without DYNAMIC_STORAGE_BIT");
		return;
	}
	if (size == 0 || !data)
		return;
	if (gl_buffer_write(ctx, buf, offset, size, data) != 0)
		gl_error(ctx, GL_OUT_OF_MEMORY, "glBufferSubData: the write failed");
}

/* ---- queries ---- */

static bool buffer_param(struct gl_context *ctx, GLenum target, GLenum pname, GLint64 *v, const char *fn)
{
	struct gl_buffer *buf = gl_buffer_for_target(ctx, target, fn);
	if (!buf)
		return false;
	switch (pname) {
	case GL_BUFFER_SIZE: *v = buf->size; return true;
	case GL_BUFFER_USAGE: *v = buf->usage; return true;
	case GL_BUFFER_ACCESS_FLAGS: *v = buf->mapped ? buf->access : 0; return true;
	case GL_BUFFER_MAPPED: *v = buf->mapped; return true;
	case GL_BUFFER_MAP_OFFSET: *v = buf->mapped ? buf->map_offset : 0; return true;
	case GL_BUFFER_MAP_LENGTH: *v = buf->mapped ? buf->map_length : 0; return true;
	case GL_BUFFER_IMMUTABLE_STORAGE_EXT: *v = buf->immutable; return true;
	case GL_BUFFER_STORAGE_FLAGS_EXT: *v = buf->storage_flags; return true;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", fn, pname);
		return false;
	}
}

void glGetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
	struct gl_context *ctx = gl_ctx();
	GLint64 v;
	if (ctx && buffer_param(ctx, target, pname, &v, "glGetBufferParameteriv"))
		*params = v > INT32_MAX ? INT32_MAX : (GLint)v;
}

void glGetBufferParameteri64v(GLenum target, GLenum pname, GLint64 *params)
{
	struct gl_context *ctx = gl_ctx();
	GLint64 v;
	if (ctx && buffer_param(ctx, target, pname, &v, "glGetBufferParameteri64v"))
		*params = v;
}

void glGetBufferPointerv(GLenum target, GLenum pname, void **params)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (pname != GL_BUFFER_MAP_POINTER) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetBufferPointerv(pname 0x%x)", pname);
		return;
	}
	struct gl_buffer *buf = gl_buffer_for_target(ctx, target, "glGetBufferPointerv");
	if (buf)
		*params = buf->mapped ? buf->map_pointer : NULL;
}
