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
 * Multisample storage is multisample.c's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_tex.h"

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
	samples = gl_ms_storage_samples(ctx, "glRenderbufferStorageMultisample", fmt, samples);
	if (samples < 0)
		return;
	struct gl_renderbuffer *rb = ctx->bound_rb;
	if (!rb) {
		gl_error(ctx, GL_INVALID_OPERATION, "glRenderbufferStorage: no renderbuffer bound");
		return;
	}
	struct gl_miptree *mt = NULL;
	if (w > 0 && h > 0) {
		mt = gl_ms_miptree_create(ctx->screen, fmt, w, h, samples);
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
	rb->samples = samples;
}

void glRenderbufferStorage(GLenum target, GLenum internal, GLsizei w, GLsizei h)
{
	glRenderbufferStorageMultisample(target, 0, internal, w, h);
}

/* ---- framebuffer objects ---- */

/* Drops what an attachment point holds and leaves it empty. */
static void att_clear(struct gl_attachment *a)
{
	if (a->type == GL_RENDERBUFFER)
		gl_renderbuffer_unref(a->rb);
	else if (a->type == GL_TEXTURE)
		gl_texture_unref(a->tex);
	memset(a, 0, sizeof(*a));
}

void gl_fb_free(struct gl_framebuffer *fb)
{
	for (int i = 0; i < GL_ATT_COUNT; i++)
		att_clear(&fb->att[i]);
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
		att_clear(a);
		if (rb) {
			a->type = GL_RENDERBUFFER;
			a->rb = rb_ref(rb);
		}
	}
}

/* What an attachment renders to: the renderbuffer's image, or the
 * texture's image at its face, level and layer (a slice of a 3D or array
 * level; none when the layer is past the level's depth, which leaves the
 * attachment incomplete, GLES 3.0 §4.4.4.1). */
static struct gl_miptree *att_miptree(const struct gl_attachment *a)
{
	if (a->type == GL_RENDERBUFFER)
		return a->rb->mt;
	if (a->type == GL_TEXTURE)
		return gl_tex_layer(a->tex, a->face, a->level, a->layer);
	return NULL;
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
	return att_miptree(&fb->att[att]);
}

static bool attachment_complete(const struct gl_attachment *a, int slot)
{
	if (a->type == GL_NONE)
		return true;
	struct gl_miptree *mt = att_miptree(a);
	if (!mt)
		return false;
	/* a level past the base level of a mutable texture is attachable
	 * only while the texture is mipmap complete (the ES 3.x attachment
	 * completeness rule, which Mesa, the reference, checks) */
	if (a->type == GL_TEXTURE && !a->tex->immutable && a->level > a->tex->base_level &&
	    !gl_tex_mipmap_complete(a->tex))
		return false;
	const struct gl_fmt_info *fi = gl_fmt_info(mt->fmt);
	if (slot < GL_ATT_DEPTH)
		return fi->renderable;
	if (slot == GL_ATT_DEPTH)
		return fi->depth != 0;
	return fi->stencil != 0;
}

static int att_samples(const struct gl_attachment *a)
{
	return a->type == GL_RENDERBUFFER ? a->rb->samples : 0;
}

bool gl_fb_has_float_color(struct gl_context *ctx, struct gl_framebuffer *fb)
{
	for (int i = GL_ATT_COLOR0; i < GL_ATT_DEPTH; i++) {
		struct gl_miptree *mt = gl_fb_miptree(ctx, fb, i);
		if (mt && gl_fmt_info(mt->fmt)->kind == GLF_KIND_FLOAT)
			return true;
	}
	return false;
}

int gl_fb_samples(struct gl_context *ctx, struct gl_framebuffer *fb)
{
	(void)ctx;
	if (!fb || fb->name == 0)
		return 0;
	for (int i = 0; i < GL_ATT_COUNT; i++)
		if (fb->att[i].type != GL_NONE)
			return att_samples(&fb->att[i]);
	return 0;
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
	/* GLES 3.0 §4.4.4.2: one RENDERBUFFER_SAMPLES for all attachments
	 * (textures have none) */
	int samples = gl_fb_samples(ctx, fb);
	for (int i = 0; i < GL_ATT_COUNT; i++)
		if (fb->att[i].type != GL_NONE && att_samples(&fb->att[i]) != samples)
			return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
	const struct gl_attachment *d = &fb->att[GL_ATT_DEPTH], *s = &fb->att[GL_ATT_STENCIL];
	if (d->type != GL_NONE && s->type != GL_NONE && att_miptree(d) != att_miptree(s))
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

/* ---- texture attachments ---- */

/* The largest level a texture attachment may name: log2 of the target's
 * largest size, and for immutable storage its last level, as Mesa (the
 * reference) checks it for GLES too (GL 4.6 §9.2.8's rule; ES 3.0 only
 * leaves a level past the storage incomplete). */
static int max_level_for(const struct gl_texture *tex)
{
	int max = tex->target == GL_TEXTURE_3D ? GL_MAX_3D_TEXTURE_LEVELS_GEM - 1 : GL_MAX_TEXTURE_LEVELS - 1;
	if (tex->immutable && tex->immutable_levels - 1 < max)
		max = tex->immutable_levels - 1;
	return max;
}

static void attach_texture(struct gl_framebuffer *fb, GLenum attachment, struct gl_texture *tex, int face,
			   int level, int layer)
{
	int slots[2];
	int n = att_slots(attachment, slots);
	for (int i = 0; i < n; i++) {
		struct gl_attachment *a = &fb->att[slots[i]];
		att_clear(a);
		if (!tex)
			continue;
		a->type = GL_TEXTURE;
		a->tex = gl_texture_ref(tex);
		a->texture = tex->name;
		a->level = level;
		a->face = face;
		a->layer = layer;
	}
}

/* The checks FramebufferTexture2D and FramebufferTextureLayer share;
 * returns the framebuffer object, or NULL after recording an error. */
static struct gl_framebuffer *fb_for_attach(struct gl_context *ctx, GLenum target, GLenum attachment, const char *fn)
{
	if (!fb_target_ok(ctx, target, fn))
		return NULL;
	int slots[2];
	if (!att_slots(attachment, slots)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(attachment 0x%x)", fn, attachment);
		return NULL;
	}
	struct gl_framebuffer *fb = bound_object(ctx, target);
	if (!fb)
		gl_error(ctx, GL_INVALID_OPERATION, "%s: framebuffer 0 is bound", fn);
	return fb;
}

void glFramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level)
{
	static const char fn[] = "glFramebufferTexture2D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_framebuffer *fb = fb_for_attach(ctx, target, attachment, fn);
	if (!fb)
		return;
	if (!texture) {
		attach_texture(fb, attachment, NULL, 0, 0, 0);
		return;
	}
	int face = 0;
	GLenum want;
	if (textarget == GL_TEXTURE_2D) {
		want = GL_TEXTURE_2D;
	} else if (textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
		want = GL_TEXTURE_CUBE_MAP;
		face = (int)(textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
	} else {
		gl_error(ctx, GL_INVALID_ENUM, "%s(textarget 0x%x)", fn, textarget);
		return;
	}
	struct gl_texture *tex = gl_texture_lookup(ctx, texture);
	if (!tex || !tex->target) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(texture %u is not a texture)", fn, texture);
		return;
	}
	if (tex->target != want) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(textarget 0x%x does not match texture %u's target 0x%x)", fn,
			 textarget, texture, tex->target);
		return;
	}
	if (level < 0 || level > max_level_for(tex)) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", fn, level);
		return;
	}
	attach_texture(fb, attachment, tex, face, level, 0);
}

void glFramebufferTextureLayer(GLenum target, GLenum attachment, GLuint texture, GLint level, GLint layer)
{
	static const char fn[] = "glFramebufferTextureLayer";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_framebuffer *fb = fb_for_attach(ctx, target, attachment, fn);
	if (!fb)
		return;
	if (!texture) {
		attach_texture(fb, attachment, NULL, 0, 0, 0);
		return;
	}
	struct gl_texture *tex = gl_texture_lookup(ctx, texture);
	if (!tex) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(texture %u is not a texture)", fn, texture);
		return;
	}
	if (!gl_tex_layered(tex)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(texture %u is not a 3D or array texture)", fn, texture);
		return;
	}
	/* GLES 3.0 §4.4.2.4: layer against the target's limit, not the
	 * texture's depth (a layer past it only makes the attachment
	 * incomplete); then the level */
	int max_layers = tex->target == GL_TEXTURE_3D ? GL_MAX_3D_TEXTURE_SIZE_GEM : GL_MAX_ARRAY_TEXTURE_LAYERS_GEM;
	if (layer < 0 || layer >= max_layers) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(layer %d)", fn, layer);
		return;
	}
	if (level < 0 || level > max_level_for(tex)) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", fn, level);
		return;
	}
	attach_texture(fb, attachment, tex, 0, level, layer);
}

/* ---- queries ---- */

static void rb_param(struct gl_renderbuffer *rb, GLenum pname, GLint *v, bool *ok)
{
	const struct gl_fmt_info *fi = rb->mt ? gl_fmt_info(rb->mt->fmt) : NULL;
	*ok = true;
	switch (pname) {
	case GL_RENDERBUFFER_WIDTH: *v = rb->width; break;
	case GL_RENDERBUFFER_HEIGHT: *v = rb->height; break;
	case GL_RENDERBUFFER_INTERNAL_FORMAT: *v = (GLint)rb->internal; break;
	case GL_RENDERBUFFER_SAMPLES: *v = rb->samples; break;
	case GL_RENDERBUFFER_RED_SIZE: *v = fi ? fi->r : 0; break;
	case GL_RENDERBUFFER_GREEN_SIZE: *v = fi ? fi->g : 0; break;
	case GL_RENDERBUFFER_BLUE_SIZE: *v = fi ? fi->b : 0; break;
	case GL_RENDERBUFFER_ALPHA_SIZE: *v = fi ? fi->a : 0; break;
	case GL_RENDERBUFFER_DEPTH_SIZE: *v = fi ? fi->depth : 0; break;
	case GL_RENDERBUFFER_STENCIL_SIZE: *v = fi ? fi->stencil : 0; break;
	default: *ok = false; break;
	}
}

void glGetRenderbufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target != GL_RENDERBUFFER) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetRenderbufferParameteriv(target 0x%x)", target);
		return;
	}
	if (!ctx->bound_rb) {
		gl_error(ctx, GL_INVALID_OPERATION, "glGetRenderbufferParameteriv: no renderbuffer bound");
		return;
	}
	bool ok;
	GLint v;
	rb_param(ctx->bound_rb, pname, &v, &ok);
	if (!ok) {
		gl_error(ctx, GL_INVALID_ENUM, "glGetRenderbufferParameteriv(pname 0x%x)", pname);
		return;
	}
	*params = v;
}

#ifndef GL_INDEX
#define GL_INDEX 0x8222
#endif

/* FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, as Mesa (the reference) answers
 * it: the type of the format's values, the depth's for a depth-stencil
 * one, but GL_INDEX at the stencil attachment where the stencil is kept
 * apart from a normalized depth (STENCIL_INDEX8, DEPTH32F_STENCIL8). */
static GLenum component_type(const struct gl_fmt_info *fi, int slot)
{
	if (!fi)
		return GL_NONE;
	if (fi->kind == GLF_KIND_UINT)
		return GL_UNSIGNED_INT;
	if (fi->kind == GLF_KIND_SINT)
		return GL_INT;
	if (slot == GL_ATT_STENCIL && fi->stencil && (!fi->depth || gl_fmt_float_depth(fi)))
		return GL_INDEX;
	return fi->kind == GLF_KIND_FLOAT || gl_fmt_float_depth(fi) ? GL_FLOAT : GL_UNSIGNED_NORMALIZED;
}

void glGetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment, GLenum pname, GLint *params)
{
	static const char fn[] = "glGetFramebufferAttachmentParameteriv";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!fb_target_ok(ctx, target, fn))
		return;
	struct gl_framebuffer *obj = bound_object(ctx, target);
	struct gl_framebuffer *fb = obj ? obj : target == GL_READ_FRAMEBUFFER ? ctx->ws_read : ctx->ws_draw;
	int slot;
	GLenum type;
	struct gl_miptree *mt;
	const struct gl_attachment *a = NULL;
	if (!obj) {
		/* the window-system framebuffer's buffers */
		switch (attachment) {
		case GL_BACK: slot = GL_ATT_COLOR0; break;
		case GL_DEPTH: slot = GL_ATT_DEPTH; break;
		case GL_STENCIL: slot = GL_ATT_STENCIL; break;
		default:
			gl_error(ctx, GL_INVALID_ENUM, "%s(attachment 0x%x on framebuffer 0)", fn, attachment);
			return;
		}
		mt = gl_fb_miptree(ctx, fb, slot);
		type = mt ? GL_FRAMEBUFFER_DEFAULT : GL_NONE;
	} else {
		int slots[2];
		int n = att_slots(attachment, slots);
		if (!n) {
			gl_error(ctx, GL_INVALID_ENUM, "%s(attachment 0x%x)", fn, attachment);
			return;
		}
		slot = slots[0];
		if (n == 2) {
			const struct gl_attachment *d = &obj->att[GL_ATT_DEPTH], *s = &obj->att[GL_ATT_STENCIL];
			if (d->type != s->type || d->rb != s->rb || d->tex != s->tex || d->level != s->level ||
			    d->face != s->face) {
				gl_error(ctx, GL_INVALID_OPERATION, "%s: depth and stencil attachments differ", fn);
				return;
			}
		}
		a = &obj->att[slot];
		type = a->type;
		mt = att_miptree(a);
	}
	if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
		*params = (GLint)type;
		return;
	}
	if (type == GL_NONE) {
		if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
			*params = 0;
			return;
		}
		gl_error(ctx, GL_INVALID_OPERATION, "%s(pname 0x%x): nothing is attached", fn, pname);
		return;
	}
	const struct gl_fmt_info *fi = mt ? gl_fmt_info(mt->fmt) : NULL;
	if (fi && fi->kind == GLF_KIND_BLOCK) {
		/* compressed blocks say nothing of their channels: their format does */
		GLenum *internal;
		gl_tex_image_slot(a->tex, a->face, a->level, &internal);
		if (gl_compressed_attachment_param(*internal, pname, params))
			return;
	}
	switch (pname) {
	case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
		if (type == GL_FRAMEBUFFER_DEFAULT)
			break;
		*params = type == GL_RENDERBUFFER ? (GLint)a->rb->name : (GLint)a->texture;
		return;
	case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
		if (type != GL_TEXTURE)
			break;
		*params = a->level;
		return;
	case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
		if (type != GL_TEXTURE)
			break;
		*params = a->tex->target == GL_TEXTURE_CUBE_MAP ? (GLint)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + a->face) : 0;
		return;
	case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
		if (type != GL_TEXTURE)
			break;
		*params = a->layer;
		return;
	case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: *params = fi ? fi->r : 0; return;
	case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: *params = fi ? fi->g : 0; return;
	case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: *params = fi ? fi->b : 0; return;
	case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: *params = fi ? fi->a : 0; return;
	case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: *params = fi ? fi->depth : 0; return;
	case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: *params = fi ? fi->stencil : 0; return;
	case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
		if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s(COMPONENT_TYPE of DEPTH_STENCIL_ATTACHMENT)", fn);
			return;
		}
		*params = (GLint)component_type(fi, slot);
		return;
	case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
		*params = fi && fi->srgb ? GL_SRGB : GL_LINEAR;
		return;
	default:
		break;
	}
	gl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", fn, pname);
}

/* ---- read and draw buffers ---- */

void glReadBuffer(GLenum src)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_framebuffer *fb = ctx->read_fb;
	bool color = src >= GL_COLOR_ATTACHMENT0 && src <= GL_COLOR_ATTACHMENT15;
	if (src != GL_NONE && src != GL_BACK && !color) {
		gl_error(ctx, GL_INVALID_ENUM, "glReadBuffer(0x%x)", src);
		return;
	}
	if (!fb) {
		if (src != GL_NONE && src != GL_BACK) {
			gl_error(ctx, GL_INVALID_OPERATION, "glReadBuffer(0x%x) on framebuffer 0", src);
			return;
		}
		if (ctx->ws_read)
			ctx->ws_read->read_buffer = src;
		return;
	}
	if (src == GL_BACK || (color && src >= GL_COLOR_ATTACHMENT0 + 4)) {
		gl_error(ctx, GL_INVALID_OPERATION, "glReadBuffer(0x%x) on a framebuffer object", src);
		return;
	}
	fb->read_buffer = src;
}

void glDrawBuffers(GLsizei n, const GLenum *bufs)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (n < 0 || n > 4) {
		gl_error(ctx, GL_INVALID_VALUE, "glDrawBuffers(n %d)", n);
		return;
	}
	struct gl_framebuffer *fb = ctx->draw_fb;
	for (GLsizei i = 0; i < n; i++) {
		GLenum b = bufs[i];
		bool color = b >= GL_COLOR_ATTACHMENT0 && b <= GL_COLOR_ATTACHMENT15;
		if (b != GL_NONE && b != GL_BACK && !color) {
			gl_error(ctx, GL_INVALID_ENUM, "glDrawBuffers(0x%x)", b);
			return;
		}
		if (!fb ? (n != 1 || (b != GL_NONE && b != GL_BACK))
			: (b != GL_NONE && b != GL_COLOR_ATTACHMENT0 + (GLenum)i)) {
			gl_error(ctx, GL_INVALID_OPERATION, "glDrawBuffers: buffer %d may not be 0x%x", i, b);
			return;
		}
	}
	if (!fb) {
		if (n == 1 && ctx->ws_draw)
			ctx->ws_draw->draw_buffers[0] = bufs[0];
		return;
	}
	for (int i = 0; i < 4; i++)
		fb->draw_buffers[i] = i < n ? bufs[i] : GL_NONE;
}

struct gl_miptree *gl_fb_read_miptree(struct gl_context *ctx)
{
	struct gl_framebuffer *fb = gl_read_fb(ctx);
	if (!fb || gl_fb_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE || fb->read_buffer == GL_NONE)
		return NULL;
	int att = fb->read_buffer == GL_BACK ? GL_ATT_COLOR0 : (int)(fb->read_buffer - GL_COLOR_ATTACHMENT0);
	return att >= 0 && att < 4 ? gl_fb_miptree(ctx, fb, att) : NULL;
}

void gl_fb_size(struct gl_context *ctx, struct gl_framebuffer *fb, int *w, int *h)
{
	if (fb->name == 0) {
		*w = fb->width;
		*h = fb->height;
		return;
	}
	*w = *h = 1 << 30;
	for (int i = 0; i < GL_ATT_COUNT; i++) {
		struct gl_miptree *mt = gl_fb_miptree(ctx, fb, i);
		if (!mt)
			continue;
		if (mt->width < *w)
			*w = mt->width;
		if (mt->height < *h)
			*h = mt->height;
	}
	if (*w == 1 << 30)
		*w = *h = 0;
}

/* ---- invalidation: contents may be discarded; keeping them is allowed ---- */

static void invalidate(GLenum target, GLsizei n, const GLenum *atts, GLint x, GLint y, GLsizei w, GLsizei h,
		       const char *fn)
{
	(void)x, (void)y;
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (!fb_target_ok(ctx, target, fn))
		return;
	if (n < 0 || w < 0 || h < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(n %d, %dx%d)", fn, n, w, h);
		return;
	}
	bool is_default = bound_object(ctx, target) == NULL;
	for (GLsizei i = 0; i < n; i++) {
		GLenum a = atts[i];
		bool ok;
		if (is_default)
			ok = a == GL_COLOR || a == GL_DEPTH || a == GL_STENCIL;
		else
			ok = a == GL_DEPTH_ATTACHMENT || a == GL_STENCIL_ATTACHMENT || a == GL_DEPTH_STENCIL_ATTACHMENT ||
			     (a >= GL_COLOR_ATTACHMENT0 && a <= GL_COLOR_ATTACHMENT15);
		if (!ok) {
			gl_error(ctx, GL_INVALID_ENUM, "%s(attachment 0x%x)", fn, a);
			return;
		}
		if (!is_default && a >= GL_COLOR_ATTACHMENT0 + 4 && a <= GL_COLOR_ATTACHMENT15) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s(attachment 0x%x >= MAX_COLOR_ATTACHMENTS)", fn, a);
			return;
		}
	}
}

void glInvalidateFramebuffer(GLenum target, GLsizei n, const GLenum *attachments)
{
	invalidate(target, n, attachments, 0, 0, 0, 0, "glInvalidateFramebuffer");
}

void glInvalidateSubFramebuffer(GLenum target, GLsizei n, const GLenum *attachments, GLint x, GLint y, GLsizei w,
				GLsizei h)
{
	invalidate(target, n, attachments, x, y, w, h, "glInvalidateSubFramebuffer");
}

/* ---- internal format queries ---- */

void glGetInternalformativ(GLenum target, GLenum internal, GLenum pname, GLsizei count, GLint *params)
{
	static const char fn[] = "glGetInternalformativ";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target != GL_RENDERBUFFER) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
		return;
	}
	enum gl_fmt fmt = gl_fmt_from_internal(internal);
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi || (!fi->renderable && fi->kind != GLF_KIND_DS)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(internalformat 0x%x is not renderable)", fn, internal);
		return;
	}
	if (pname != GL_NUM_SAMPLE_COUNTS && pname != GL_SAMPLES) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", fn, pname);
		return;
	}
	if (count < 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(bufSize %d)", fn, count);
		return;
	}
	gl_ms_internalformat(fmt, pname, count, params);
}
