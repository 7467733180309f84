/* SPDX-License-Identifier: MIT */
/*
 * Contexts: the GL state of one EGL context, its batch and hardware
 * context, the objects it shares with the contexts of its share group, and
 * the calling thread's current context. Errors follow GL's rule: the first
 * error is kept until glGetError reads it; each one also goes to the
 * KHR_debug callback when the application installed one.
 *
 * A context is destroyed by EGL only when no thread has it current. Its
 * share group (struct gl_shared) lives until its last context goes.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

static __thread struct gl_context *current;

struct gl_context *gl_ctx(void)
{
	return current;
}

struct gl_context *gl_current_context(void)
{
	return current;
}

static struct gl_shared *shared_create(void)
{
	struct gl_shared *sh = calloc(1, sizeof(*sh));
	if (!sh)
		return NULL;
	sh->refcount = 1;
	pthread_mutex_init(&sh->lock, NULL);
	return sh;
}

static void shared_unref(struct gl_shared *sh)
{
	if (__atomic_sub_fetch(&sh->refcount, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	for (GLuint n = 1; n < sh->renderbuffers.cap; n++) {
		struct gl_renderbuffer *rb = gl_names_get(&sh->renderbuffers, n);
		if (rb)
			gl_renderbuffer_unref(rb);
	}
	gl_buffers_release_shared(sh);
	gl_syncs_release_shared(sh);
	gl_shobjs_release_shared(sh);
	gl_samplers_release_shared(sh);
	gl_labels_free(&sh->labels);
	for (GLuint n = 1; n < sh->textures.cap; n++) {
		struct gl_texture *tex = gl_names_get(&sh->textures, n);
		if (tex)
			gl_texture_unref(tex);
	}
	gl_names_fini(&sh->buffers);
	gl_names_fini(&sh->textures);
	gl_names_fini(&sh->renderbuffers);
	pthread_mutex_destroy(&sh->lock);
	free(sh);
}

struct gl_context *gl_context_create(struct gl_screen *screen, int major, int minor, unsigned flags,
				     struct gl_context *share)
{
	struct gl_context *ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return NULL;
	ctx->screen = screen;
	ctx->major = major;
	ctx->minor = minor;
	ctx->flags = flags;
	if (share) {
		ctx->shared = share->shared;
		__atomic_add_fetch(&ctx->shared->refcount, 1, __ATOMIC_RELAXED);
	} else if (!(ctx->shared = shared_create())) {
		free(ctx);
		return NULL;
	}
	/* A hardware context of its own, as i965 made one per GL context, so
	 * a hang bans this context and not the others; before gen6 the
	 * kernel has none and the file's default context serves. */
	ctx->hw_ctx = drm_intel_gem_context_create(screen->bufmgr);
	gl_batch_init(ctx);
	ctx->error = GL_NO_ERROR;
	gl_vao_init(&ctx->vao0, 0);
	ctx->vao = &ctx->vao0;
	ctx->xfb = &ctx->xfb0;
	gl_state_init(ctx);
	return ctx;
}

void gl_context_destroy(struct gl_context *ctx)
{
	if (!ctx)
		return;
	gl_batch_fini(ctx);
	if (ctx->hw_ctx)
		drm_intel_gem_context_destroy(ctx->hw_ctx);
	for (GLuint n = 1; n < ctx->framebuffers.cap; n++) {
		struct gl_framebuffer *fb = gl_names_get(&ctx->framebuffers, n);
		if (fb)
			gl_fb_free(fb);
	}
	gl_names_fini(&ctx->framebuffers);
	gl_tex_context_fini(ctx);
	if (ctx->bound_rb)
		gl_renderbuffer_unref(ctx->bound_rb);
	gl_objects_release_context(ctx);
	gl_debug_fini(ctx);
	shared_unref(ctx->shared);
	free(ctx);
}

bool gl_context_is_lost(const struct gl_context *ctx)
{
	return ctx->lost;
}

void gl_make_current(struct gl_context *ctx, struct gl_framebuffer *draw, struct gl_framebuffer *read)
{
	if (current && current != ctx)
		gl_batch_flush(current, NULL);
	current = ctx;
	if (!ctx)
		return;
	bool first = !ctx->made_current;
	ctx->made_current = true;
	ctx->ws_draw = draw;
	ctx->ws_read = read;
	/* Viewport and scissor start as the size of the first surface the
	 * context is made current with (none: 0x0). */
	if (first && draw) {
		ctx->viewport[2] = ctx->scissor[2] = draw->width;
		ctx->viewport[3] = ctx->scissor[3] = draw->height;
	}
}

void gl_context_flush(struct gl_context *ctx)
{
	gl_batch_flush(ctx, NULL);
}

void gl_context_finish(struct gl_context *ctx)
{
	gl_batch_flush(ctx, NULL);
	if (ctx->batch.last)
		drm_intel_bo_wait_rendering(ctx->batch.last);
}

void gl_error(struct gl_context *ctx, GLenum err, const char *fmt, ...)
{
	if (ctx->error == GL_NO_ERROR)
		ctx->error = err;
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	gl_debug_message(ctx, GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_ERROR_KHR, err, GL_DEBUG_SEVERITY_HIGH_KHR, msg);
}

struct gl_framebuffer *gl_draw_fb(struct gl_context *ctx)
{
	return ctx->draw_fb ? ctx->draw_fb : ctx->ws_draw;
}

struct gl_framebuffer *gl_read_fb(struct gl_context *ctx)
{
	return ctx->read_fb ? ctx->read_fb : ctx->ws_read;
}

GLenum glGetError(void)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return GL_NO_ERROR;
	GLenum e = ctx->error;
	ctx->error = GL_NO_ERROR;
	return e;
}

void glFlush(void)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		gl_context_flush(ctx);
}

void glFinish(void)
{
	struct gl_context *ctx = gl_ctx();
	if (ctx)
		gl_context_finish(ctx);
}
