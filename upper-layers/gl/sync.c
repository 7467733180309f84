/* SPDX-License-Identifier: MIT */
/*
 * GL sync objects (FenceSync, IsSync, DeleteSync, ClientWaitSync, WaitSync,
 * GetSynciv) on the driver's fences (fence.c): a fence is the completion
 * of the batch that was current when FenceSync was called, as i965's
 * brw_fence held the batch object.
 *
 * Handles: a GLsync the application holds is the sync's name in the share
 * group's table cast to a pointer, never a pointer to our memory, so any
 * value an application passes can be checked against the table and a
 * stale or made-up handle gets GL_INVALID_VALUE instead of a crash.
 *
 * Lifetimes: the table holds one reference; a ClientWaitSync in progress
 * holds another, so DeleteSync from another thread during a wait only
 * removes the name (GL: deletion is deferred while the sync is in use).
 * The share group frees the rest when its last context goes.
 * Calls: fence.c, the batch, the share group's lock.
 */
#include <stdint.h>
#include <stdlib.h>

#include "upper-layers/gl/gl_priv.h"

struct gl_sync {
	int refcount;
	GLuint name;
	struct gl_fence *fence;
};

static void sync_unref(struct gl_sync *s)
{
	if (!s || __atomic_sub_fetch(&s->refcount, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	gl_fence_destroy(s->fence);
	free(s);
}

/* The sync behind a handle with a new reference, or NULL if it is none. */
static struct gl_sync *sync_get(struct gl_context *ctx, GLsync handle)
{
	uintptr_t v = (uintptr_t)handle;
	if (v == 0 || v > UINT32_MAX)
		return NULL;
	pthread_mutex_lock(&ctx->shared->lock);
	struct gl_sync *s = gl_names_get(&ctx->shared->syncs, (GLuint)v);
	if (s)
		__atomic_add_fetch(&s->refcount, 1, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&ctx->shared->lock);
	return s;
}

bool gl_sync_handle_valid(struct gl_context *ctx, const void *handle)
{
	struct gl_sync *s = sync_get(ctx, (GLsync)(uintptr_t)handle);
	sync_unref(s);
	return s != NULL;
}

GLsync glFenceSync(GLenum condition, GLbitfield flags)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return NULL;
	if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
		gl_error(ctx, GL_INVALID_ENUM, "glFenceSync(condition 0x%x)", condition);
		return NULL;
	}
	if (flags != 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glFenceSync(flags 0x%x != 0)", flags);
		return NULL;
	}
	struct gl_sync *s = calloc(1, sizeof(*s));
	if (!s) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "glFenceSync: out of memory");
		return NULL;
	}
	s->refcount = 1;
	s->fence = gl_fence_create(ctx, false);
	pthread_mutex_lock(&ctx->shared->lock);
	GLuint name = s->fence ? gl_names_gen(&ctx->shared->syncs) : 0;
	if (name)
		gl_names_set(&ctx->shared->syncs, name, s);
	pthread_mutex_unlock(&ctx->shared->lock);
	if (!name) {
		gl_fence_destroy(s->fence);
		free(s);
		gl_error(ctx, GL_OUT_OF_MEMORY, "glFenceSync: out of memory");
		return NULL;
	}
	s->name = name;
	return (GLsync)(uintptr_t)name;
}

GLboolean glIsSync(GLsync sync)
{
	struct gl_context *ctx = gl_ctx();
	return ctx && gl_sync_handle_valid(ctx, sync);
}

void glDeleteSync(GLsync sync)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx || !sync)	/* 0 is silently ignored */
		return;
	struct gl_sync *s = sync_get(ctx, sync);
	if (!s) {
		gl_error(ctx, GL_INVALID_VALUE, "glDeleteSync(%p is not a sync object)", (void *)sync);
		return;
	}
	pthread_mutex_lock(&ctx->shared->lock);
	bool ours = gl_names_get(&ctx->shared->syncs, s->name) == s;
	if (ours)
		gl_names_remove(&ctx->shared->syncs, s->name);
	pthread_mutex_unlock(&ctx->shared->lock);
	gl_label_forget(ctx, GL_SYNC_FENCE, s->name);
	if (ours)
		sync_unref(s);	/* the table's reference */
	sync_unref(s);
}

GLenum glClientWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return GL_WAIT_FAILED;
	if (flags & ~(GLbitfield)GL_SYNC_FLUSH_COMMANDS_BIT) {
		gl_error(ctx, GL_INVALID_VALUE, "glClientWaitSync(flags 0x%x)", flags);
		return GL_WAIT_FAILED;
	}
	struct gl_sync *s = sync_get(ctx, sync);
	if (!s) {
		gl_error(ctx, GL_INVALID_VALUE, "glClientWaitSync(%p is not a sync object)", (void *)sync);
		return GL_WAIT_FAILED;
	}
	GLenum ret;
	if (gl_fence_signaled(s->fence)) {
		ret = GL_ALREADY_SIGNALED;
	} else {
		/* The fence's batch was submitted when the sync was made;
		 * FLUSH_COMMANDS also submits what was queued since. */
		if (flags & GL_SYNC_FLUSH_COMMANDS_BIT)
			gl_batch_flush(ctx, NULL);
		if (timeout == 0) {
			ret = GL_TIMEOUT_EXPIRED;
		} else {
			int r = gl_fence_client_wait(s->fence, timeout);
			ret = r > 0 ? GL_CONDITION_SATISFIED : r == 0 ? GL_TIMEOUT_EXPIRED : GL_WAIT_FAILED;
			if (r < 0)
				gl_error(ctx, GL_OUT_OF_MEMORY, "glClientWaitSync: the wait failed (%d)", r);
		}
	}
	sync_unref(s);
	return ret;
}

void glWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (flags != 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glWaitSync(flags 0x%x != 0)", flags);
		return;
	}
	if (timeout != GL_TIMEOUT_IGNORED) {
		gl_error(ctx, GL_INVALID_VALUE, "glWaitSync(timeout is not GL_TIMEOUT_IGNORED)");
		return;
	}
	struct gl_sync *s = sync_get(ctx, sync);
	if (!s) {
		gl_error(ctx, GL_INVALID_VALUE, "glWaitSync(%p is not a sync object)", (void *)sync);
		return;
	}
	gl_fence_server_wait(ctx, s->fence);
	sync_unref(s);
}

void glGetSynciv(GLsync sync, GLenum pname, GLsizei bufsize, GLsizei *length, GLint *values)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_sync *s = sync_get(ctx, sync);
	if (!s) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetSynciv(%p is not a sync object)", (void *)sync);
		return;
	}
	GLint v;
	switch (pname) {
	case GL_OBJECT_TYPE: v = GL_SYNC_FENCE; break;
	case GL_SYNC_CONDITION: v = GL_SYNC_GPU_COMMANDS_COMPLETE; break;
	case GL_SYNC_FLAGS: v = 0; break;
	case GL_SYNC_STATUS: v = gl_fence_signaled(s->fence) ? GL_SIGNALED : GL_UNSIGNALED; break;
	default:
		sync_unref(s);
		gl_error(ctx, GL_INVALID_ENUM, "glGetSynciv(pname 0x%x)", pname);
		return;
	}
	sync_unref(s);
	if (bufsize < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGetSynciv(bufSize %d < 0)", bufsize);
		return;
	}
	if (bufsize > 0)
		values[0] = v;
	if (length)
		*length = 1;	/* the query's size, as Mesa answers, even when bufSize is 0 */
}

/* The share group's syncs, when its last context goes. */
void gl_syncs_release_shared(struct gl_shared *sh)
{
	for (GLuint n = 1; n < sh->syncs.cap; n++)
		sync_unref(gl_names_get(&sh->syncs, n));
	gl_names_fini(&sh->syncs);
}
