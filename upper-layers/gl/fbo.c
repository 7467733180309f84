/* SPDX-License-Identifier: MIT */
/*
 * Renderbuffers and framebuffer objects, and the window-system framebuffers
 * EGL's pbuffers are. Renderbuffers are reference counted: the name table
 * holds one reference, each attachment and the binding one more, so a
 * deleted renderbuffer stays alive while attached elsewhere (GL's rule: it
 * is detached only from the bound framebuffers). Framebuffer objects are
 * per context and freed on delete or with the context.
 *
 * Completeness follows GLES 3.0 §4.4.4; on top of it, formats the blitter
 * and CPU paths cannot touch would answer GL_FRAMEBUFFER_UNSUPPORTED.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

#define GL_MAX_RENDERBUFFER_SIZE_GEM 16384

/* ---- renderbuffers ---- */

static struct gl_renderbuffer *rb_new(GLuint name)
{
	struct gl_renderbuffer *rb = calloc(1, sizeof(*rb));
	if (rb) {
		rb->name = name;
		rb->refcount = 1;
		rb->internal = GL_RGBA4;
	}
	return rb;
}

static struct gl_renderbuffer *rb_ref(struct gl_renderbuffer *rb)
{
	if (rb)
		__atomic_add_fetch(&rb->refcount, 1, __ATOMIC_RELAXED);
	return rb;
}

void gl_renderbuffer_unref(struct gl_renderbuffer *rb)
{
	if (!rb || __atomic_sub_fetch(&rb->refcount, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	gl_miptree_unref(rb->mt);
	free(rb);
}

void glGenRenderbuffers(GLsizei n, GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGenRenderbuffers(n < 0)");
		return;
	}
	pthread_mutex_lock(&ctx->shared->lock);
	for (GLsizei i = 0; i < n; i++)
		names[i] = gl_names_gen(&ctx->shared->renderbuffers);
	pthread_mutex_unlock(&ctx->shared->lock);
}

static void detach_rb(struct gl_framebuffer *fb, struct gl_renderbuffer *rb)
{
	if (!fb || fb->name == 0)
		return;
	for (int i = 0; i < GL_ATT_COUNT; i++)
		if (fb->att[i].type == GL_RENDERBUFFER && fb->att[i].rb == rb) {
			gl_renderbuffer_unref(rb);
			memset(&fb->att[i], 0, sizeof(fb->att[i]));
		}
}

void glDeleteRenderbuffers(GLsizei n, const GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glDeleteRenderbuffers(n < 0)");
		return;
	}
	for (GLsizei i = 0; i < n; i++) {
		pthread_mutex_lock(&ctx->shared->lock);
		struct gl_renderbuffer *rb = gl_names_get(&ctx->shared->renderbuffers, names[i]);
		if (names[i])
			gl_names_remove(&ctx->shared->renderbuffers, names[i]);
		pthread_mutex_unlock(&ctx->shared->lock);
		if (!rb)
			continue;
		if (ctx->bound_rb == rb) {
			ctx->bound_rb = NULL;
			gl_renderbuffer_unref(rb);
		}
		detach_rb(ctx->draw_fb, rb);
		if (ctx->read_fb != ctx->draw_fb)
			detach_rb(ctx->read_fb, rb);
		gl_renderbuffer_unref(rb);
	}
}

GLboolean glIsRenderbuffer(GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return GL_FALSE;
	pthread_mutex_lock(&ctx->shared->lock);
	bool is = gl_names_get(&ctx->shared->renderbuffers, name) != NULL;
	pthread_mutex_unlock(&ctx->shared->lock);
	return is;
}

void glBindRenderbuffer(GLenum target, GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target != GL_RENDERBUFFER) {
		gl_error(ctx, GL_INVALID_ENUM, "glBindRenderbuffer(target 0x%x)", target);
		return;
	}
	struct gl_renderbuffer *rb = NULL;
	if (name) {
		pthread_mutex_lock(&ctx->shared->lock);
		rb = gl_names_get(&ctx->shared->renderbuffers, name);
		if (!rb) {
			/* GLES creates the object at its first bind */
			rb = rb_new(name);
			if (rb && gl_names_set(&ctx->shared->renderbuffers, name, rb) < 0) {
				free(rb);
				rb = NULL;
			}
		}
		rb_ref(rb);
		pthread_mutex_unlock(&ctx->shared->lock);
		if (!rb) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "glBindRenderbuffer: out of memory");
			return;
		}
	}
	gl_renderbuffer_unref(ctx->bound_rb);
	ctx->bound_rb = rb;
}

void glRenderbufferStorageMultisample(GLenum target, GLsizei samples, GLenum internal, GLsizei w, GLsizei h)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target != GL_RENDERBUFFER) {
		gl_error(ctx, GL_INVALID_ENUM, "glRenderbufferStorage(target 0x%x)", target);
		return;
	}
	enum gl_fmt fmt = gl_fmt_from_internal(internal);
	if (fmt == GLF_NONE) {
		gl_error(ctx, GL_INVALID_ENUM, "glRenderbufferStorage(internalformat 0x%x is not renderable here)",
			 internal);
		return;
	}
	if (w < 0 || h < 0 || w > GL_MAX_RENDERBUFFER_SIZE_GEM || h > GL_MAX_RENDERBUFFER_SIZE_GEM) {
		gl_error(ctx, GL_INVALID_VALUE, "glRenderbufferStorage(%dx%d)", w, h);
		return;
	}
	if (samples < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glRenderbufferStorageMultisample(samples < 0)");
		return;
	}
	if (samples > 0) {
		/* GL_MAX_SAMPLES is 0 for us: the blitter has no resolve */
		gl_error(ctx, GL_INVALID_OPERATION, "glRenderbufferStorageMultisample(samples %d > GL_MAX_SAMPLES)",
			 samples);
		return;
	}
	struct gl_renderbuffer *rb = ctx->bound_rb;
	if (!rb) {
		gl_error(ctx, GL_INVALID_OPERATION, "glRenderbufferStorage: no renderbuffer bound");
		return;
	}
	struct gl_miptree *mt = NULL;
	if (w > 0 && h > 0) {
		mt = gl_miptree_create(ctx->screen, fmt, w, h, 0);
		if (!mt) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "glRenderbufferStorage(%dx%d): out of memory", w, h);
			return;
		}
	}
	gl_miptree_unref(rb->mt);
	rb->mt = mt;
	rb->internal = internal;
	rb->width = w;
	rb->height = h;
}

void glRenderbufferStorage(GLenum target, GLenum internal, GLsizei w, GLsizei h)
{
	glRenderbufferStorageMultisample(target, 0, internal, w, h);
}

/* ---- framebuffer objects ---- */

void gl_fb_free(struct gl_framebuffer *fb)
{
	for (int i = 0; i < GL_ATT_COUNT; i++)
		if (fb->att[i].type == GL_RENDERBUFFER)
			gl_renderbuffer_unref(fb->att[i].rb);
	free(fb);
}

static struct gl_framebuffer *fb_new(GLuint name)
{
	struct gl_framebuffer *fb = calloc(1, sizeof(*fb));
	if (fb) {
		fb->name = name;
		fb->draw_buffers[0] = GL_COLOR_ATTACHMENT0;
		fb->read_buffer = GL_COLOR_ATTACHMENT0;
	}
	return fb;
}

void glGenFramebuffers(GLsizei n, GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glGenFramebuffers(n < 0)");
		return;
	}
	for (GLsizei i = 0; i < n; i++)
		names[i] = gl_names_gen(&ctx->framebuffers);
}

void glDeleteFramebuffers(GLsizei n, const GLuint *names)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "glDeleteFramebuffers(n < 0)");
		return;
	}
	for (GLsizei i = 0; i < n; i++) {
		struct gl_framebuffer *fb = gl_names_get(&ctx->framebuffers, names[i]);
		if (names[i])
			gl_names_remove(&ctx->framebuffers, names[i]);
		if (!fb)
			continue;
		if (ctx->draw_fb == fb)
			ctx->draw_fb = NULL;
		if (ctx->read_fb == fb)
			ctx->read_fb = NULL;
		gl_fb_free(fb);
	}
}

GLboolean glIsFramebuffer(GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	return ctx && gl_names_get(&ctx->framebuffers, name) != NULL;
}

void glBindFramebuffer(GLenum target, GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target != GL_FRAMEBUFFER && target != GL_DRAW_FRAMEBUFFER && target != GL_READ_FRAMEBUFFER) {
		gl_error(ctx, GL_INVALID_ENUM, "glBindFramebuffer(target 0x%x)", target);
		return;
	}
	struct gl_framebuffer *fb = NULL;
	if (name) {
		fb = gl_names_get(&ctx->framebuffers, name);
		if (!fb) {
			fb = fb_new(name);
			if (!fb || gl_names_set(&ctx->framebuffers, name, fb) < 0) {
				free(fb);
				gl_error(ctx, GL_OUT_OF_MEMORY, "glBindFramebuffer: out of memory");
				return;
			}
		}
	}
	if (target != GL_READ_FRAMEBUFFER)
		ctx->draw_fb = fb;
	if (target != GL_DRAW_FRAMEBUFFER)
		ctx->read_fb = fb;
}

static bool fb_target_ok(struct gl_context *ctx, GLenum target, const char *fn)
{
	if (target == GL_FRAMEBUFFER || target == GL_DRAW_FRAMEBUFFER || target == GL_READ_FRAMEBUFFER)
		return true;
	gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
	return false;
}

/* The framebuffer object bound to target; NULL when it is framebuffer 0. */
static struct gl_framebuffer *bound_object(struct gl_context *ctx, GLenum target)
{
	return target == GL_READ_FRAMEBUFFER ? ctx->read_fb : ctx->draw_fb;
}

/* Attachment enum -> slots (DEPTH_STENCIL_ATTACHMENT fills two). */
static int att_slots(GLenum attachment, int slots[2])
{
	if (attachment >= GL_COLOR_ATTACHMENT0 && attachment < GL_COLOR_ATTACHMENT0 + 4) {
		slots[0] = GL_ATT_COLOR0 + (int)(attachment - GL_COLOR_ATTACHMENT0);
		return 1;
	}
	switch (attachment) {
	case GL_DEPTH_ATTACHMENT: slots[0] = GL_ATT_DEPTH; return 1;
	case GL_STENCIL_ATTACHMENT: slots[0] = GL_ATT_STENCIL; return 1;
	case GL_DEPTH_STENCIL_ATTACHMENT: slots[0] = GL_ATT_DEPTH; slots[1] = GL_ATT_STENCIL; return 2;
	default: return 0;
	}
}

void glFramebufferRenderbuffer(GLenum target, GLenum attachment, GLenum rbtarget, GLuint name)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!fb_target_ok(ctx, target, "glFramebufferRenderbuffer"))
		return;
	struct gl_framebuffer *fb = bound_object(ctx, target);
	int slots[2];
	int n = att_slots(attachment, slots);
	if (!n) {
		gl_error(ctx, GL_INVALID_ENUM, "glFramebufferRenderbuffer(attachment 0x%x)", attachment);
		return;
	}
	if (rbtarget != GL_RENDERBUFFER) {
		gl_error(ctx, GL_INVALID_ENUM, "glFramebufferRenderbuffer(renderbuffertarget 0x%x)", rbtarget);
		return;
	}
	if (!fb) {
		gl_error(ctx, GL_INVALID_OPERATION, "glFramebufferRenderbuffer: framebuffer 0 is bound");
		return;
	}
	struct gl_renderbuffer *rb = NULL;
	if (name) {
		pthread_mutex_lock(&ctx->shared->lock);
		rb = gl_names_get(&ctx->shared->renderbuffers, name);
		pthread_mutex_unlock(&ctx->shared->lock);
		if (!rb) {
			gl_error(ctx, GL_INVALID_OPERATION, "glFramebufferRenderbuffer(renderbuffer %u is not one)", name);
			return;
		}
	}
	for (int i = 0; i < n; i++) {
		struct gl_attachment *a = &fb->att[slots[i]];
		if (a->type == GL_RENDERBUFFER)
			gl_renderbuffer_unref(a->rb);
		memset(a, 0, sizeof(*a));
		if (rb) {
			a->type = GL_RENDERBUFFER;
			a->rb = rb_ref(rb);
		}
	}
}

struct gl_miptree *gl_fb_miptree(struct gl_context *ctx, struct gl_framebuffer *fb, int att)
{
	(void)ctx;
	if (!fb)
		return NULL;
	if (fb->name == 0) {
		switch (att) {
		case GL_ATT_COLOR0: return fb->ws_color;
		case GL_ATT_DEPTH: return fb->ws_depth;
		case GL_ATT_STENCIL: return fb->ws_stencil;
		default: return NULL;
		}
	}
	const struct gl_attachment *a = &fb->att[att];
	if (a->type == GL_RENDERBUFFER)
		return a->rb->mt;
	return NULL;
}

static bool attachment_complete(const struct gl_attachment *a, int slot)
{
	if (a->type != GL_RENDERBUFFER)
		return true;
	if (!a->rb->mt)
		return false;
	const struct gl_fmt_info *fi = gl_fmt_info(a->rb->mt->fmt);
	if (slot < GL_ATT_DEPTH)
		return fi->fourcc != 0;
	if (slot == GL_ATT_DEPTH)
		return fi->depth != 0;
	return fi->stencil != 0;
}

GLenum gl_fb_status(struct gl_context *ctx, struct gl_framebuffer *fb)
{
	(void)ctx;
	if (!fb)
		return GL_FRAMEBUFFER_UNDEFINED;
	if (fb->name == 0)
		return GL_FRAMEBUFFER_COMPLETE;
	int present = 0;
	for (int i = 0; i < GL_ATT_COUNT; i++) {
		const struct gl_attachment *a = &fb->att[i];
		if (a->type == GL_NONE)
			continue;
		if (!attachment_complete(a, i))
			return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
		present++;
	}
	if (!present)
		return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
	const struct gl_attachment *d = &fb->att[GL_ATT_DEPTH], *s = &fb->att[GL_ATT_STENCIL];
	if (d->type != GL_NONE && s->type != GL_NONE && (d->type != s->type || d->rb != s->rb))
		return GL_FRAMEBUFFER_UNSUPPORTED;
	return GL_FRAMEBUFFER_COMPLETE;
}

GLenum glCheckFramebufferStatus(GLenum target)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return 0;
	if (!fb_target_ok(ctx, target, "glCheckFramebufferStatus"))
		return 0;
	struct gl_framebuffer *fb = bound_object(ctx, target);
	if (!fb)
		fb = target == GL_READ_FRAMEBUFFER ? ctx->ws_read : ctx->ws_draw;
	return gl_fb_status(ctx, fb);
}

/* ---- window-system framebuffers ---- */

struct gl_framebuffer *gl_winsys_fb_create(struct gl_screen *screen, int width, int height, uint32_t fourcc,
					   int depth_bits, int stencil_bits)
{
	struct gl_framebuffer *fb = fb_new(0);
	if (!fb)
		return NULL;
	fb->draw_buffers[0] = GL_BACK;
	fb->read_buffer = GL_BACK;
	fb->width = width;
	fb->height = height;
	if (width > 0 && height > 0) {
		fb->ws_color = gl_miptree_create(screen, gl_fmt_from_fourcc(fourcc), width, height, 0);
		if (!fb->ws_color)
			goto fail;
		if (depth_bits || stencil_bits) {
			enum gl_fmt ds = stencil_bits ? GLF_Z24S8 : depth_bits > 16 ? GLF_Z24X8 : GLF_Z16;
			fb->ws_depth = gl_miptree_create(screen, ds, width, height, 0);
			if (!fb->ws_depth)
				goto fail;
			if (!depth_bits) {
				fb->ws_stencil = fb->ws_depth;
				fb->ws_depth = NULL;
			} else if (stencil_bits) {
				fb->ws_stencil = gl_miptree_ref(fb->ws_depth);
			}
		}
	}
	return fb;
fail:
	gl_winsys_fb_destroy(fb);
	return NULL;
}

void gl_winsys_fb_destroy(struct gl_framebuffer *fb)
{
	if (!fb)
		return;
	gl_miptree_unref(fb->ws_color);
	gl_miptree_unref(fb->ws_depth);
	gl_miptree_unref(fb->ws_stencil);
	free(fb);
}
