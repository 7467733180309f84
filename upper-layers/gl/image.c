/* SPDX-License-Identifier: MIT */
/*
 * Images: what an EGLImage holds on the GL side — one 2D surface (a
 * miptree) and the DRM modifier that names its layout. This file owns
 * struct gl_image, the dma-buf import and export of images, the formats
 * and modifiers the screen offers for them, and the two OES_EGL_image entry
 * points that bind an image to a texture or a renderbuffer.
 *
 * Lifetimes: an image is reference counted. EGL holds one reference for
 * the EGLImage handle; every texture level or renderbuffer that was made
 * from the image shares its miptree (a miptree reference, so it survives
 * eglDestroyImage), and a texture bound with glEGLImageTargetTexture2DOES
 * also keeps an image reference in tex->image. An image made from a
 * renderbuffer or a texture level holds the same miptree, so it outlives
 * the object and the context that made it; respecifying that object gives
 * the object a new miptree and leaves the image with the old one (EGL's
 * "orphaning").
 *
 * Import (i965's rules, intel_create_image_from_fds_common): the fourcc
 * gives the format; a modifier gives the tiling and the object is told it
 * (SET_TILING with the pitch, so GTT maps detile it); without a modifier
 * the kernel's tiling of the object (GET_TILING) decides. The layout must
 * fit in the object, the pitch must be one the blitter can address, and Y
 * tiling needs a gen6+ blitter.
 *
 * May call: libdrm_intel (prime import/export, tiling), the miptree,
 * format and batch helpers of gl/, libc.
 */
#include <drm_fourcc.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <i915_drm.h>

#include "upper-layers/gl/gl_priv.h"
#include "upper-layers/gl/gl_tex.h"

struct gl_image {
	int refcount;
	struct gl_screen *screen;
	struct gl_miptree *mt;
	uint64_t modifier;
};

static struct gl_image *(*resolver)(void *egl_image);

void gl_set_image_resolver(struct gl_image *(*resolve)(void *egl_image))
{
	resolver = resolve;
}

struct gl_image *gl_image_ref(struct gl_image *image)
{
	if (image)
		__atomic_add_fetch(&image->refcount, 1, __ATOMIC_RELAXED);
	return image;
}

void gl_image_unref(struct gl_image *image)
{
	if (!image || __atomic_sub_fetch(&image->refcount, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	__atomic_sub_fetch(&image->mt->images, 1, __ATOMIC_RELAXED);
	gl_miptree_unref(image->mt);
	free(image);
}

static uint64_t modifier_of_tiling(uint32_t tiling)
{
	switch (tiling) {
	case I915_TILING_X: return I915_FORMAT_MOD_X_TILED;
	case I915_TILING_Y: return I915_FORMAT_MOD_Y_TILED;
	default: return DRM_FORMAT_MOD_LINEAR;
	}
}

/* Takes over the caller's miptree reference. */
static EGLint image_wrap(struct gl_screen *screen, struct gl_miptree *mt, struct gl_image **out)
{
	struct gl_image *img = calloc(1, sizeof(*img));
	if (!img) {
		gl_miptree_unref(mt);
		return EGL_BAD_ALLOC;
	}
	img->refcount = 1;
	img->screen = screen;
	img->mt = mt;
	__atomic_add_fetch(&mt->images, 1, __ATOMIC_RELAXED);
	img->modifier = modifier_of_tiling(mt->tiling);
	*out = img;
	return EGL_SUCCESS;
}

/* An image made by a context is read by others: what the context queued
 * for it must reach the kernel first, which then orders the rest. Only the
 * calling thread's own context may be flushed here. */
static void flush_if_current(struct gl_context *ctx, struct gl_miptree *mt)
{
	if (ctx == gl_current_context() && gl_batch_references(ctx, mt->bo))
		gl_batch_flush(ctx, NULL);
}

/* KHR_image_base: a resource that is already an EGLImage sibling (the
 * source or a target of a live image) cannot be the source of another:
 * EGL_BAD_ACCESS. */
static EGLint wrap_gl_source(struct gl_context *ctx, struct gl_miptree *mt, struct gl_image **out)
{
	if (__atomic_load_n(&mt->images, __ATOMIC_RELAXED) > 0) {
		gl_miptree_unref(mt);
		return EGL_BAD_ACCESS;
	}
	flush_if_current(ctx, mt);
	return image_wrap(ctx->screen, mt, out);
}

EGLint gl_image_from_renderbuffer(struct gl_context *ctx, unsigned name, struct gl_image **out)
{
	pthread_mutex_lock(&ctx->shared->lock);
	struct gl_renderbuffer *rb = gl_names_get(&ctx->shared->renderbuffers, name);
	struct gl_miptree *mt = rb ? gl_miptree_ref(rb->mt) : NULL;
	bool multisampled = rb && rb->samples > 0;
	pthread_mutex_unlock(&ctx->shared->lock);
	/* KHR_gl_renderbuffer_image: not a renderbuffer, or multisampled, is
	 * EGL_BAD_PARAMETER; one without storage has no resource either. */
	if (!rb || multisampled || !mt) {
		gl_miptree_unref(mt);
		return EGL_BAD_PARAMETER;
	}
	return wrap_gl_source(ctx, mt, out);
}

EGLint gl_image_from_texture(struct gl_context *ctx, unsigned name, int level, struct gl_image **out)
{
	pthread_mutex_lock(&ctx->shared->lock);
	struct gl_texture *tex = gl_names_get(&ctx->shared->textures, name);
	EGLint err = EGL_SUCCESS;
	struct gl_miptree *mt = NULL;
	/* KHR_gl_texture_2D_image: a name that is not a 2D texture is
	 * EGL_BAD_PARAMETER, and so is level 0 when it has no image, and a
	 * level other than 0 of an incomplete texture; a level outside the
	 * texture's or one never specified is EGL_BAD_MATCH. */
	if (!tex || tex->target != GL_TEXTURE_2D)
		err = EGL_BAD_PARAMETER;
	else if (level != 0 && !gl_tex_complete(tex))
		err = EGL_BAD_PARAMETER;
	else if (level < 0 || level >= GL_MAX_TEXTURE_LEVELS || !tex->level[level])
		err = level == 0 ? EGL_BAD_PARAMETER : EGL_BAD_MATCH;
	else if (gl_fmt_info(tex->level[level]->fmt)->kind == GLF_KIND_BLOCK)
		err = EGL_BAD_MATCH;	/* compressed blocks: no format to share them as */
	else
		mt = gl_miptree_ref(tex->level[level]);
	pthread_mutex_unlock(&ctx->shared->lock);
	if (err != EGL_SUCCESS)
		return err;
	return wrap_gl_source(ctx, mt, out);
}

/* ---- dma-buf ---- */

static const uint32_t dmabuf_fourccs[] = {
	DRM_FORMAT_XRGB8888, DRM_FORMAT_ARGB8888, DRM_FORMAT_XBGR8888, DRM_FORMAT_ABGR8888,
	DRM_FORMAT_RGB565,   DRM_FORMAT_R8,	  DRM_FORMAT_GR88,
};
#define NUM_FOURCCS (int)(sizeof(dmabuf_fourccs) / sizeof(dmabuf_fourccs[0]))

int gl_screen_dmabuf_formats(const struct gl_screen *screen, uint32_t *fourccs, int max)
{
	(void)screen;
	for (int i = 0; i < NUM_FOURCCS && i < max; i++)
		fourccs[i] = dmabuf_fourccs[i];
	return NUM_FOURCCS;
}

static bool fourcc_supported(uint32_t fourcc)
{
	for (int i = 0; i < NUM_FOURCCS; i++)
		if (dmabuf_fourccs[i] == fourcc)
			return true;
	return false;
}

/* LINEAR and X tiling on every blitter; Y tiling from gen6, where the
 * blitter learns it through BCS_SWCTRL (i965 offered Y from gen6 too). */
int gl_screen_dmabuf_modifiers(const struct gl_screen *screen, uint32_t fourcc, uint64_t *mods, int max)
{
	if (!fourcc_supported(fourcc))
		return 0;
	uint64_t all[3] = { DRM_FORMAT_MOD_LINEAR, I915_FORMAT_MOD_X_TILED, I915_FORMAT_MOD_Y_TILED };
	int n = screen->gen >= 6 ? 3 : 2;
	for (int i = 0; i < n && i < max; i++)
		mods[i] = all[i];
	return n;
}

static bool tiling_of_modifier(const struct gl_screen *s, uint64_t mod, uint32_t *tiling)
{
	if (mod == DRM_FORMAT_MOD_LINEAR)
		*tiling = I915_TILING_NONE;
	else if (mod == I915_FORMAT_MOD_X_TILED)
		*tiling = I915_TILING_X;
	else if (mod == I915_FORMAT_MOD_Y_TILED && s->gen >= 6)
		*tiling = I915_TILING_Y;
	else
		return false;
	return true;
}

/* Is the layout one the blitter and the GTT can address, inside bo_size?
 * Pitches: XY commands take a signed 16-bit pitch, in bytes when linear
 * and in dwords when tiled; tiled pitches are whole tiles and tiled
 * surfaces start on a tile. */
static bool layout_ok(const struct gl_image_desc *d, uint32_t tiling, unsigned cpp, uint64_t bo_size)
{
	uint64_t row = (uint64_t)d->width * cpp;
	if (d->pitch < row || d->offset % cpp || d->pitch % cpp)
		return false;
	uint64_t rows = (uint64_t)d->height;
	switch (tiling) {
	case I915_TILING_NONE:
		if (d->pitch > 32767)
			return false;
		/* the last row need only hold its pixels */
		return d->offset + d->pitch * (rows - 1) + row <= bo_size;
	case I915_TILING_X:
		if (d->pitch % 512 || d->pitch / 4 > 32767 || d->offset % 4096)
			return false;
		rows = (rows + 7) / 8 * 8;
		break;
	default:	/* Y */
		if (d->pitch % 128 || d->pitch / 4 > 32767 || d->offset % 4096)
			return false;
		rows = (rows + 31) / 32 * 32;
		break;
	}
	return d->offset + d->pitch * rows <= bo_size;
}

EGLint gl_image_from_dmabuf(struct gl_screen *screen, int fd, const struct gl_image_desc *desc,
			    struct gl_image **out)
{
	enum gl_fmt fmt = fourcc_supported(desc->fourcc) ? gl_fmt_from_fourcc(desc->fourcc) : GLF_NONE;
	if (fmt == GLF_NONE)
		return EGL_BAD_MATCH;
	uint32_t tiling = I915_TILING_NONE;
	bool have_mod = desc->modifier != DRM_FORMAT_MOD_INVALID;
	if (have_mod && !tiling_of_modifier(screen, desc->modifier, &tiling))
		return EGL_BAD_MATCH;	/* a layout this screen does not have */
	if (desc->width <= 0 || desc->height <= 0)
		return EGL_BAD_PARAMETER;
	if (fd < 0)
		return EGL_BAD_PARAMETER;
	drm_intel_bo *bo = drm_intel_bo_gem_create_from_prime(screen->bufmgr, fd, 0);
	if (!bo)
		return EGL_BAD_PARAMETER;	/* not a dma-buf this device can import */
	uint32_t kernel_tiling = I915_TILING_NONE, swizzle;
	if (drm_intel_bo_get_tiling(bo, &kernel_tiling, &swizzle) != 0)
		kernel_tiling = I915_TILING_NONE;
	if (!have_mod) {
		tiling = kernel_tiling;
		if (tiling == I915_TILING_Y && screen->gen < 6) {
			drm_intel_bo_unreference(bo);
			return EGL_BAD_MATCH;
		}
	}
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!layout_ok(desc, tiling, fi->cpp, bo->size)) {
		drm_intel_bo_unreference(bo);
		return EGL_BAD_ACCESS;
	}
	/* GTT maps detile through the object's fence, which follows the
	 * kernel's tiling: tell the kernel what the modifier says. */
	if (have_mod && tiling != kernel_tiling) {
		uint32_t t = tiling;
		if (drm_intel_bo_set_tiling(bo, &t, desc->pitch) != 0 || t != tiling) {
			drm_intel_bo_unreference(bo);
			return EGL_BAD_ACCESS;
		}
	}
	struct gl_miptree *mt =
		gl_miptree_wrap(screen, bo, fmt, desc->width, desc->height, desc->pitch, desc->offset, tiling);
	if (!mt) {
		drm_intel_bo_unreference(bo);
		return EGL_BAD_ALLOC;
	}
	return image_wrap(screen, mt, out);
}

void gl_image_describe(const struct gl_image *image, struct gl_image_desc *desc)
{
	const struct gl_miptree *mt = image->mt;
	desc->fourcc = gl_fmt_info(mt->fmt)->fourcc;
	desc->modifier = image->modifier;
	desc->width = mt->width;
	desc->height = mt->height;
	desc->pitch = mt->pitch;
	desc->offset = mt->offset;
}

EGLint gl_image_export_dmabuf(struct gl_image *image, int *fd, struct gl_image_desc *desc)
{
	/* depth and stencil images have no fourcc: nothing to describe them by */
	if (!gl_fmt_info(image->mt->fmt)->fourcc)
		return EGL_BAD_MATCH;
	struct gl_context *ctx = gl_current_context();
	if (ctx && gl_batch_references(ctx, image->mt->bo))
		gl_batch_flush(ctx, NULL);
	if (drm_intel_bo_gem_export_to_prime(image->mt->bo, fd) != 0)
		return EGL_BAD_ALLOC;
	if (desc)
		gl_image_describe(image, desc);
	return EGL_SUCCESS;
}

/* ---- OES_EGL_image ---- */

static struct gl_image *resolve(GLeglImageOES handle)
{
	return resolver && handle ? resolver(handle) : NULL;
}

void glEGLImageTargetRenderbufferStorageOES(GLenum target, GLeglImageOES handle)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target != GL_RENDERBUFFER) {
		gl_error(ctx, GL_INVALID_ENUM, "glEGLImageTargetRenderbufferStorageOES(target 0x%x)", target);
		return;
	}
	struct gl_renderbuffer *rb = ctx->bound_rb;
	if (!rb) {
		gl_error(ctx, GL_INVALID_OPERATION, "glEGLImageTargetRenderbufferStorageOES: no renderbuffer bound");
		return;
	}
	struct gl_image *img = resolve(handle);
	if (!img) {
		gl_error(ctx, GL_INVALID_VALUE, "glEGLImageTargetRenderbufferStorageOES(%p is not an EGLImage)",
			 handle);
		return;
	}
	if (img->screen != ctx->screen) {
		/* another display's device: its objects are not ours to address */
		gl_image_unref(img);
		gl_error(ctx, GL_INVALID_OPERATION,
			 "glEGLImageTargetRenderbufferStorageOES: the image belongs to another display");
		return;
	}
	struct gl_miptree *mt = gl_miptree_ref(img->mt);
	gl_miptree_unref(rb->mt);
	rb->mt = mt;
	rb->internal = gl_fmt_info(mt->fmt)->internal;
	rb->width = mt->width;
	rb->height = mt->height;
	rb->samples = 0;
	gl_image_unref(img);
}

void glEGLImageTargetTexture2DOES(GLenum target, GLeglImageOES handle)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (target != GL_TEXTURE_2D) {
		/* no GL_OES_EGL_image_external: nothing samples here */
		gl_error(ctx, GL_INVALID_ENUM, "glEGLImageTargetTexture2DOES(target 0x%x)", target);
		return;
	}
	struct gl_texture *tex = ctx->bound_textures[ctx->active_texture][GL_TEX_2D];
	if (!tex) {
		gl_error(ctx, GL_INVALID_OPERATION,
			 "glEGLImageTargetTexture2DOES: the default texture cannot hold an image");
		return;
	}
	if (tex->immutable) {
		gl_error(ctx, GL_INVALID_OPERATION, "glEGLImageTargetTexture2DOES: texture %u is immutable",
			 tex->name);
		return;
	}
	struct gl_image *img = resolve(handle);
	if (!img) {
		gl_error(ctx, GL_INVALID_VALUE, "glEGLImageTargetTexture2DOES(%p is not an EGLImage)", handle);
		return;
	}
	if (img->screen != ctx->screen) {
		gl_image_unref(img);
		gl_error(ctx, GL_INVALID_OPERATION, "glEGLImageTargetTexture2DOES: the image belongs to another display");
		return;
	}
	pthread_mutex_lock(&ctx->shared->lock);
	for (int i = 1; i < GL_MAX_TEXTURE_LEVELS; i++)
		gl_tex_set_image(tex, 0, i, NULL, 0, 0, 0);
	/* level 0 becomes the image's (dropping an image it had before) */
	gl_tex_set_image(tex, 0, 0, gl_miptree_ref(img->mt), gl_fmt_info(img->mt->fmt)->internal, img->mt->width,
			 img->mt->height);
	tex->image = img;	/* the resolver's reference */
	pthread_mutex_unlock(&ctx->shared->lock);
}
