/* SPDX-License-Identifier: MIT */
/*
 * EGLImages: EGL_KHR_image_base with the GL renderbuffer and 2D texture
 * sources (KHR_gl_renderbuffer_image, KHR_gl_texture_2D_image), dma-buf
 * import (EXT_image_dma_buf_import and _modifiers, with the format and
 * modifier queries) and export (MESA_image_dma_buf_export). This file owns
 * struct egl_image, the attribute parsing and every EGL error of those
 * specs; the GL driver (upper-layers/gl/image.c) owns the image's content.
 *
 * Lifetimes: an EGLImage lives on its display's image list from creation
 * to eglDestroyImage or eglTerminate, holding one reference to the GL
 * image. GL objects made from it hold their own references, so they keep
 * the content after the EGLImage is gone, as KHR_image_base asks. The fds
 * an application passes in stay the application's; the fds we export are
 * the caller's.
 *
 * The GL driver finds images through the resolver registered here, which
 * accepts only live images of the calling thread's current display.
 *
 * May call: the GL driver (gl_driver.h), libc.
 */
#include <drm_fourcc.h>
#include <stdlib.h>
#include <unistd.h>

#include "upper-layers/egl/egl_priv.h"

static struct gl_image *resolve(void *handle)
{
	struct gl_image *img = NULL;
	pthread_mutex_lock(&egl_lock);
	struct egl_display *d = egl_thread()->dpy;
	if (d && egl_object_in(d->images, handle) && !((struct egl_object *)handle)->doomed)
		img = gl_image_ref(((struct egl_image *)handle)->gl);
	pthread_mutex_unlock(&egl_lock);
	return img;
}

void egl_images_init(void)
{
	gl_set_image_resolver(resolve);
}

void egl_images_release(struct egl_display *d)
{
	while (d->images) {
		struct egl_image *img = (struct egl_image *)d->images;
		d->images = img->base.next;
		gl_image_unref(img->gl);
		free(img);
	}
}

/* ---- dma-buf attributes ---- */

#define MAX_PLANES 4

struct dmabuf_attribs {
	bool has_width, has_height, has_fourcc;
	EGLAttrib width, height, fourcc;
	struct {
		bool has_fd, has_offset, has_pitch, has_lo, has_hi;
		EGLAttrib fd, offset, pitch, lo, hi;
	} plane[MAX_PLANES];
};

/* Plane attribute tokens: fd, offset, pitch, modifier lo, modifier hi. */
static const EGLint plane_tokens[MAX_PLANES][5] = {
	{ EGL_DMA_BUF_PLANE0_FD_EXT, EGL_DMA_BUF_PLANE0_OFFSET_EXT, EGL_DMA_BUF_PLANE0_PITCH_EXT,
	  EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT },
	{ EGL_DMA_BUF_PLANE1_FD_EXT, EGL_DMA_BUF_PLANE1_OFFSET_EXT, EGL_DMA_BUF_PLANE1_PITCH_EXT,
	  EGL_DMA_BUF_PLANE1_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE1_MODIFIER_HI_EXT },
	{ EGL_DMA_BUF_PLANE2_FD_EXT, EGL_DMA_BUF_PLANE2_OFFSET_EXT, EGL_DMA_BUF_PLANE2_PITCH_EXT,
	  EGL_DMA_BUF_PLANE2_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE2_MODIFIER_HI_EXT },
	{ EGL_DMA_BUF_PLANE3_FD_EXT, EGL_DMA_BUF_PLANE3_OFFSET_EXT, EGL_DMA_BUF_PLANE3_PITCH_EXT,
	  EGL_DMA_BUF_PLANE3_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE3_MODIFIER_HI_EXT },
};

static bool plane_attrib(struct dmabuf_attribs *a, EGLAttrib name, EGLAttrib value)
{
	for (int p = 0; p < MAX_PLANES; p++)
		for (int k = 0; k < 5; k++)
			if (plane_tokens[p][k] == name) {
				switch (k) {
				case 0: a->plane[p].has_fd = true; a->plane[p].fd = value; break;
				case 1: a->plane[p].has_offset = true; a->plane[p].offset = value; break;
				case 2: a->plane[p].has_pitch = true; a->plane[p].pitch = value; break;
				case 3: a->plane[p].has_lo = true; a->plane[p].lo = value; break;
				default: a->plane[p].has_hi = true; a->plane[p].hi = value; break;
				}
				return true;
			}
	return false;
}

/* The attribute list of a dma-buf import, checked in the order the specs
 * (and Mesa, dri2_check_dma_buf_attribs then _format) check it. */
static EGLint parse_dmabuf(const struct gl_screen *screen, const EGLAttrib *attribs, struct dmabuf_attribs *a)
{
	for (const EGLAttrib *p = attribs; p && p[0] != EGL_NONE; p += 2) {
		EGLAttrib v = p[1];
		switch (p[0]) {
		case EGL_WIDTH: a->has_width = true; a->width = v; break;
		case EGL_HEIGHT: a->has_height = true; a->height = v; break;
		case EGL_LINUX_DRM_FOURCC_EXT: a->has_fourcc = true; a->fourcc = v; break;
		case EGL_IMAGE_PRESERVED_KHR: break;
		case EGL_YUV_COLOR_SPACE_HINT_EXT:
			if (v != EGL_ITU_REC601_EXT && v != EGL_ITU_REC709_EXT && v != EGL_ITU_REC2020_EXT)
				return EGL_BAD_ATTRIBUTE;
			break;
		case EGL_SAMPLE_RANGE_HINT_EXT:
			if (v != EGL_YUV_FULL_RANGE_EXT && v != EGL_YUV_NARROW_RANGE_EXT)
				return EGL_BAD_ATTRIBUTE;
			break;
		case EGL_YUV_CHROMA_HORIZONTAL_SITING_HINT_EXT:
		case EGL_YUV_CHROMA_VERTICAL_SITING_HINT_EXT:
			if (v != EGL_YUV_CHROMA_SITING_0_EXT && v != EGL_YUV_CHROMA_SITING_0_5_EXT)
				return EGL_BAD_ATTRIBUTE;
			break;
		default:
			if (!plane_attrib(a, p[0], v))
				return EGL_BAD_PARAMETER;	/* KHR_image_base: not an attribute of Table bbb */
			break;
		}
	}
	if (!a->has_width || !a->has_height || !a->has_fourcc)
		return EGL_BAD_PARAMETER;
	if (!a->plane[0].has_fd || !a->plane[0].has_offset || !a->plane[0].has_pitch)
		return EGL_BAD_PARAMETER;
	for (int p = 0; p < MAX_PLANES; p++) {
		if (a->plane[p].has_pitch && a->plane[p].pitch <= 0)
			return EGL_BAD_ACCESS;
		if (a->plane[p].has_offset && a->plane[p].offset < 0)
			return EGL_BAD_ACCESS;
		if (a->plane[p].has_lo != a->plane[p].has_hi)
			return EGL_BAD_PARAMETER;
	}
	uint32_t fourcc = (uint32_t)a->fourcc;
	uint32_t list[16];
	int n = gl_screen_dmabuf_formats(screen, list, 16);
	bool known = false;
	for (int i = 0; i < n && i < 16; i++)
		known |= list[i] == fourcc;
	if (!known)
		return EGL_BAD_MATCH;
	/* every format we take has one plane */
	for (int p = 1; p < MAX_PLANES; p++)
		if (a->plane[p].has_fd || a->plane[p].has_offset || a->plane[p].has_pitch || a->plane[p].has_lo ||
		    a->plane[p].has_hi)
			return EGL_BAD_ATTRIBUTE;
	if (a->width <= 0 || a->height <= 0 || a->width > 16384 || a->height > 16384)
		return EGL_BAD_PARAMETER;
	if (a->plane[0].fd < 0 || a->plane[0].fd > INT32_MAX)
		return EGL_BAD_PARAMETER;
	if (a->plane[0].pitch > UINT32_MAX || a->plane[0].offset > UINT32_MAX)
		return EGL_BAD_ACCESS;
	return EGL_SUCCESS;
}

static EGLint import_dmabuf(struct egl_display *d, const EGLAttrib *attribs, struct gl_image **out)
{
	struct dmabuf_attribs a = { 0 };
	EGLint err = parse_dmabuf(d->screen, attribs, &a);
	if (err != EGL_SUCCESS)
		return err;
	struct gl_image_desc desc = {
		.fourcc = (uint32_t)a.fourcc,
		.modifier = DRM_FORMAT_MOD_INVALID,
		.width = (int)a.width,
		.height = (int)a.height,
		.pitch = (uint32_t)a.plane[0].pitch,
		.offset = (uint32_t)a.plane[0].offset,
	};
	if (a.plane[0].has_lo) {
		desc.modifier = (uint64_t)(uint32_t)a.plane[0].hi << 32 | (uint32_t)a.plane[0].lo;
		/* given, INVALID names no layout (to the driver it means "none given") */
		if (desc.modifier == DRM_FORMAT_MOD_INVALID)
			return EGL_BAD_MATCH;
	}
	return gl_image_from_dmabuf(d->screen, (int)a.plane[0].fd, &desc, out);
}

/* ---- GL sources ---- */

static EGLint parse_gl(const EGLAttrib *attribs, EGLenum target, EGLAttrib *level)
{
	*level = 0;
	for (const EGLAttrib *p = attribs; p && p[0] != EGL_NONE; p += 2) {
		switch (p[0]) {
		case EGL_IMAGE_PRESERVED_KHR: break;
		case EGL_GL_TEXTURE_LEVEL_KHR:
			if (target != EGL_GL_TEXTURE_2D_KHR)
				return EGL_BAD_PARAMETER;
			*level = p[1];
			break;
		default:
			return EGL_BAD_PARAMETER;
		}
	}
	return EGL_SUCCESS;
}

static EGLImage create_image(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
			     const EGLAttrib *attribs)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_NO_IMAGE;
	EGLint err = EGL_SUCCESS;
	struct gl_image *gl = NULL;
	struct egl_image *img = NULL;
	struct egl_context *c = ctx;
	if (ctx != EGL_NO_CONTEXT && (!egl_object_in(d->contexts, ctx) || c->base.doomed)) {
		err = EGL_BAD_CONTEXT;
		goto out;
	}
	switch (target) {
	case EGL_LINUX_DMA_BUF_EXT:
		/* no context and no buffer: everything is in the attributes */
		if (ctx != EGL_NO_CONTEXT || buffer != NULL) {
			err = EGL_BAD_PARAMETER;
			goto out;
		}
		err = import_dmabuf(d, attribs, &gl);
		break;
	case EGL_GL_RENDERBUFFER_KHR:
	case EGL_GL_TEXTURE_2D_KHR: {
		EGLAttrib level;
		if (ctx == EGL_NO_CONTEXT) {
			err = EGL_BAD_CONTEXT;	/* the name means something only in a context */
			goto out;
		}
		err = parse_gl(attribs, target, &level);
		if (err != EGL_SUCCESS)
			goto out;
		uintptr_t name = (uintptr_t)buffer;
		if (name == 0 || name > UINT32_MAX) {
			err = EGL_BAD_PARAMETER;
			goto out;
		}
		if (target == EGL_GL_RENDERBUFFER_KHR)
			err = gl_image_from_renderbuffer(c->gl, (unsigned)name, &gl);
		else if (level < 0 || level > 64)
			err = EGL_BAD_MATCH;
		else
			err = gl_image_from_texture(c->gl, (unsigned)name, (int)level, &gl);
		break;
	}
	default:
		err = EGL_BAD_PARAMETER;
		break;
	}
	if (err != EGL_SUCCESS)
		goto out;
	img = calloc(1, sizeof(*img));
	if (!img) {
		gl_image_unref(gl);
		err = EGL_BAD_ALLOC;
		goto out;
	}
	img->gl = gl;
	img->base.dpy = d;
	img->base.next = d->images;
	d->images = &img->base;
out:
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_NO_IMAGE);
	egl_success();
	return img;
}

EGLImage eglCreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
			const EGLAttrib *attribs)
{
	return create_image(dpy, ctx, target, buffer, attribs);
}

EGLImageKHR eglCreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
			      const EGLint *attribs)
{
	/* the same list widened to EGLAttrib */
	size_t n = 0;
	while (attribs && attribs[n] != EGL_NONE)
		n += 2;
	EGLAttrib stack[64], *wide = n + 1 <= 64 ? stack : malloc((n + 1) * sizeof(*wide));
	if (!wide)
		return EGL_FAIL(EGL_BAD_ALLOC, EGL_NO_IMAGE_KHR);
	for (size_t i = 0; i < n; i++)
		wide[i] = attribs[i];
	wide[n] = EGL_NONE;
	EGLImage img = create_image(dpy, ctx, target, buffer, wide);
	if (wide != stack)
		free(wide);
	return img;
}

/* The image handle on d, or NULL. Caller holds egl_lock. */
static struct egl_image *image_lookup(struct egl_display *d, EGLImage handle)
{
	return egl_object_in(d->images, handle) ? handle : NULL;
}

EGLBoolean eglDestroyImage(EGLDisplay dpy, EGLImage image)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_image *img = image_lookup(d, image);
	if (!img) {
		egl_unlock();
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	}
	egl_object_unlink(&d->images, &img->base);
	egl_unlock();
	gl_image_unref(img->gl);
	free(img);
	return egl_success();
}

EGLBoolean eglDestroyImageKHR(EGLDisplay dpy, EGLImageKHR image)
{
	return eglDestroyImage(dpy, image);
}

/* ---- dma-buf queries and export ---- */

EGLBoolean eglQueryDmaBufFormatsEXT(EGLDisplay dpy, EGLint max, EGLint *formats, EGLint *num)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	EGLint err = EGL_SUCCESS;
	if (max < 0 || (max > 0 && !formats) || !num) {
		err = EGL_BAD_PARAMETER;
	} else {
		uint32_t list[16];
		int n = gl_screen_dmabuf_formats(d->screen, list, 16);
		if (max == 0) {
			*num = n;
		} else {
			int k = n < max ? n : max;
			for (int i = 0; i < k; i++)
				formats[i] = (EGLint)list[i];
			*num = k;
		}
	}
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglQueryDmaBufModifiersEXT(EGLDisplay dpy, EGLint format, EGLint max, EGLuint64KHR *modifiers,
				      EGLBoolean *external_only, EGLint *num)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	EGLint err = EGL_SUCCESS;
	uint64_t mods[8];
	int n = gl_screen_dmabuf_modifiers(d->screen, (uint32_t)format, mods, 8);
	if (max < 0 || (max > 0 && !modifiers) || !num || n == 0) {
		err = EGL_BAD_PARAMETER;	/* n == 0: not a format we advertise */
	} else if (max == 0) {
		*num = n;
	} else {
		int k = n < max ? n : max;
		for (int i = 0; i < k; i++) {
			modifiers[i] = mods[i];
			/* no format here needs GL_TEXTURE_EXTERNAL_OES */
			if (external_only)
				external_only[i] = EGL_FALSE;
		}
		*num = k;
	}
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglExportDMABUFImageQueryMESA(EGLDisplay dpy, EGLImageKHR image, int *fourcc, int *num_planes,
					 EGLuint64KHR *modifiers)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_image *img = image_lookup(d, image);
	EGLint err = EGL_SUCCESS;
	struct gl_image_desc desc;
	if (!img) {
		err = EGL_BAD_PARAMETER;
	} else {
		gl_image_describe(img->gl, &desc);
		if (!desc.fourcc)
			err = EGL_BAD_MATCH;	/* depth or stencil: no dma-buf format says it */
	}
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	if (fourcc)
		*fourcc = (int)desc.fourcc;
	if (num_planes)
		*num_planes = 1;
	if (modifiers)
		modifiers[0] = desc.modifier;
	return egl_success();
}

EGLBoolean eglExportDMABUFImageMESA(EGLDisplay dpy, EGLImageKHR image, int *fds, EGLint *strides, EGLint *offsets)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_image *img = image_lookup(d, image);
	EGLint err = EGL_SUCCESS;
	struct gl_image_desc desc;
	int fd = -1;
	if (!img)
		err = EGL_BAD_PARAMETER;
	else if (fds)
		err = gl_image_export_dmabuf(img->gl, &fd, &desc);
	else
		gl_image_describe(img->gl, &desc);
	if (err == EGL_SUCCESS && !desc.fourcc)
		err = EGL_BAD_MATCH;
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	if (fds)
		fds[0] = fd;
	if (strides)
		strides[0] = (EGLint)desc.pitch;
	if (offsets)
		offsets[0] = (EGLint)desc.offset;
	return egl_success();
}
