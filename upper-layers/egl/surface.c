/* SPDX-License-Identifier: MIT */
/*
 * Surfaces: pbuffers only, as on Mesa's device and surfaceless platforms —
 * the display has no window system, so window and pixmap surfaces are
 * refused with the errors EGL gives a config that cannot make them. A
 * pbuffer is a window-system framebuffer of the GL driver (a color buffer
 * in the config's format, depth/stencil if the config has them).
 */
#include <stdlib.h>

#include "upper-layers/egl/egl_priv.h"

#define MAX_PBUFFER 16384

static struct egl_surface *surface_lookup(struct egl_display *d, EGLSurface s)
{
	return egl_object_in(d->surfaces, s) && !((struct egl_object *)s)->doomed ? s : NULL;
}

EGLSurface eglCreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint *attribs)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_NO_SURFACE;
	EGLint err = EGL_SUCCESS;
	struct egl_surface *s = NULL;
	const struct egl_config *cf = egl_config_lookup(d, config);
	EGLint w = 0, h = 0, largest = EGL_FALSE, tex_format = EGL_NO_TEXTURE, tex_target = EGL_NO_TEXTURE;
	EGLint mipmap = EGL_FALSE;
	if (!cf) {
		err = EGL_BAD_CONFIG;
		goto out;
	}
	for (const EGLint *a = attribs; a && a[0] != EGL_NONE; a += 2) {
		switch (a[0]) {
		case EGL_WIDTH: w = a[1]; break;
		case EGL_HEIGHT: h = a[1]; break;
		case EGL_LARGEST_PBUFFER: largest = a[1]; break;
		case EGL_TEXTURE_FORMAT: tex_format = a[1]; break;
		case EGL_TEXTURE_TARGET: tex_target = a[1]; break;
		case EGL_MIPMAP_TEXTURE: mipmap = a[1]; break;
		case EGL_GL_COLORSPACE: case EGL_VG_COLORSPACE: case EGL_VG_ALPHA_FORMAT:
			if (a[1] != EGL_GL_COLORSPACE_LINEAR && a[1] != EGL_VG_COLORSPACE_sRGB &&
			    a[1] != EGL_VG_ALPHA_FORMAT_NONPRE) {
				err = EGL_BAD_ATTRIBUTE;
				goto out;
			}
			break;
		default:
			err = EGL_BAD_ATTRIBUTE;
			goto out;
		}
	}
	if (w < 0 || h < 0) {
		err = EGL_BAD_PARAMETER;
		goto out;
	}
	/* No config binds to textures, so a texture format is a mismatch
	 * (EGL 1.5 §3.5.2), and format and target must come together. */
	if ((tex_format == EGL_NO_TEXTURE) != (tex_target == EGL_NO_TEXTURE)) {
		err = EGL_BAD_MATCH;
		goto out;
	}
	if (tex_format != EGL_NO_TEXTURE) {
		err = tex_format == EGL_TEXTURE_RGB || tex_format == EGL_TEXTURE_RGBA ? EGL_BAD_MATCH
										       : EGL_BAD_ATTRIBUTE;
		goto out;
	}
	if (w > MAX_PBUFFER || h > MAX_PBUFFER) {
		if (!largest) {
			err = EGL_BAD_ALLOC;
			goto out;
		}
		w = w > MAX_PBUFFER ? MAX_PBUFFER : w;
		h = h > MAX_PBUFFER ? MAX_PBUFFER : h;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		err = EGL_BAD_ALLOC;
		goto out;
	}
	s->fb = gl_winsys_fb_create(d->screen, w, h, cf->fourcc, cf->depth, cf->stencil);
	if (!s->fb) {
		free(s);
		s = NULL;
		err = EGL_BAD_ALLOC;
		goto out;
	}
	s->base.dpy = d;
	s->config = cf;
	s->width = w;
	s->height = h;
	s->largest = largest;
	s->texture_format = tex_format;
	s->texture_target = tex_target;
	s->mipmap_texture = mipmap;
	s->swap_behavior = EGL_BUFFER_PRESERVED;
	s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
	s->base.next = d->surfaces;
	d->surfaces = &s->base;
out:
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_NO_SURFACE);
	egl_success();
	return s;
}

EGLSurface eglCreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum type, EGLClientBuffer buffer, EGLConfig config,
					    const EGLint *attribs)
{
	(void)type;
	(void)buffer;
	(void)attribs;
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_NO_SURFACE;
	bool ok = egl_config_lookup(d, config) != NULL;
	egl_unlock();
	/* only OpenVG images qualify, and we have no OpenVG */
	return EGL_FAIL(ok ? EGL_BAD_PARAMETER : EGL_BAD_CONFIG, EGL_NO_SURFACE);
}

/* Window and pixmap surfaces: no config has the bit for them. */
static EGLSurface refuse_native(EGLDisplay dpy, EGLConfig config)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_NO_SURFACE;
	bool ok = egl_config_lookup(d, config) != NULL;
	egl_unlock();
	return EGL_FAIL(ok ? EGL_BAD_MATCH : EGL_BAD_CONFIG, EGL_NO_SURFACE);
}

EGLSurface eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win, const EGLint *attribs)
{
	(void)win;
	(void)attribs;
	return refuse_native(dpy, config);
}

EGLSurface eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pix, const EGLint *attribs)
{
	(void)pix;
	(void)attribs;
	return refuse_native(dpy, config);
}

EGLSurface eglCreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *win, const EGLAttrib *attribs)
{
	(void)win;
	(void)attribs;
	return refuse_native(dpy, config);
}

EGLSurface eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *pix, const EGLAttrib *attribs)
{
	(void)pix;
	(void)attribs;
	return refuse_native(dpy, config);
}

EGLBoolean eglDestroySurface(EGLDisplay dpy, EGLSurface surface)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_surface *s = surface_lookup(d, surface);
	if (!s) {
		egl_unlock();
		return EGL_FAIL(EGL_BAD_SURFACE, EGL_FALSE);
	}
	if (s->base.current) {
		s->base.doomed = true;
	} else {
		egl_object_unlink(&d->surfaces, &s->base);
		egl_surface_free(s);
	}
	egl_unlock();
	return egl_success();
}

EGLBoolean eglQuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attr, EGLint *value)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_surface *s = surface_lookup(d, surface);
	EGLint err = EGL_SUCCESS;
	if (!s) {
		err = EGL_BAD_SURFACE;
		goto out;
	}
	if (!value) {
		err = EGL_BAD_PARAMETER;
		goto out;
	}
	switch (attr) {
	case EGL_CONFIG_ID: *value = s->config->id; break;
	case EGL_WIDTH: *value = s->width; break;
	case EGL_HEIGHT: *value = s->height; break;
	case EGL_LARGEST_PBUFFER: *value = s->largest; break;
	case EGL_TEXTURE_FORMAT: *value = s->texture_format; break;
	case EGL_TEXTURE_TARGET: *value = s->texture_target; break;
	case EGL_MIPMAP_TEXTURE: *value = s->mipmap_texture; break;
	case EGL_MIPMAP_LEVEL: *value = 0; break;
	case EGL_RENDER_BUFFER: *value = EGL_BACK_BUFFER; break;
	case EGL_SWAP_BEHAVIOR: *value = s->swap_behavior; break;
	case EGL_MULTISAMPLE_RESOLVE: *value = s->multisample_resolve; break;
	case EGL_HORIZONTAL_RESOLUTION: case EGL_VERTICAL_RESOLUTION: case EGL_PIXEL_ASPECT_RATIO:
		*value = EGL_UNKNOWN;
		break;
	case EGL_GL_COLORSPACE: *value = EGL_GL_COLORSPACE_LINEAR; break;
	case EGL_VG_ALPHA_FORMAT: *value = EGL_VG_ALPHA_FORMAT_NONPRE; break;
	case EGL_VG_COLORSPACE: *value = EGL_VG_COLORSPACE_sRGB; break;
	default: err = EGL_BAD_ATTRIBUTE; break;
	}
out:
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglSurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attr, EGLint value)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_surface *s = surface_lookup(d, surface);
	EGLint err = EGL_SUCCESS;
	if (!s)
		err = EGL_BAD_SURFACE;
	else if (attr == EGL_MIPMAP_LEVEL)
		;	/* ignored for surfaces that are not mipmapped textures */
	else if (attr == EGL_SWAP_BEHAVIOR && (value == EGL_BUFFER_PRESERVED || value == EGL_BUFFER_DESTROYED))
		s->swap_behavior = value == EGL_BUFFER_DESTROYED ? EGL_BUFFER_DESTROYED : EGL_BUFFER_PRESERVED;
	else if (attr == EGL_MULTISAMPLE_RESOLVE && value == EGL_MULTISAMPLE_RESOLVE_DEFAULT)
		s->multisample_resolve = value;
	else if (attr == EGL_MULTISAMPLE_RESOLVE && value == EGL_MULTISAMPLE_RESOLVE_BOX)
		err = EGL_BAD_MATCH;	/* no config has EGL_MULTISAMPLE_RESOLVE_BOX_BIT */
	else if (attr == EGL_SWAP_BEHAVIOR || attr == EGL_MULTISAMPLE_RESOLVE)
		err = EGL_BAD_PARAMETER;
	else
		err = EGL_BAD_ATTRIBUTE;
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglSwapBuffers(EGLDisplay dpy, EGLSurface surface)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_surface *s = surface_lookup(d, surface);
	struct egl_context *c = egl_thread()->ctx;
	EGLint err = EGL_SUCCESS;
	if (!s)
		err = EGL_BAD_SURFACE;
	else if (!c || c->draw != s)
		err = EGL_BAD_SURFACE;	/* not the calling thread's current draw surface */
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	/* pbuffers have no front buffer: a swap is a flush (EGL 1.5 §3.10.1) */
	gl_context_flush(c->gl);
	if (gl_context_is_lost(c->gl))
		return EGL_FAIL(EGL_CONTEXT_LOST, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglSwapInterval(EGLDisplay dpy, EGLint interval)
{
	(void)interval;
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	egl_unlock();
	struct egl_context *c = egl_thread()->ctx;
	if (!c)
		return EGL_FAIL(EGL_BAD_CONTEXT, EGL_FALSE);
	if (!c->draw)
		return EGL_FAIL(EGL_BAD_SURFACE, EGL_FALSE);
	/* clamped to the config's [0, 0]: pbuffers are never presented */
	return egl_success();
}

EGLBoolean eglBindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_surface *s = surface_lookup(d, surface);
	egl_unlock();
	if (!s)
		return EGL_FAIL(EGL_BAD_SURFACE, EGL_FALSE);
	if (buffer != EGL_BACK_BUFFER)
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	/* EGL_TEXTURE_FORMAT is always EGL_NO_TEXTURE here */
	return EGL_FAIL(EGL_BAD_MATCH, EGL_FALSE);
}

EGLBoolean eglReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
	return eglBindTexImage(dpy, surface, buffer);
}

EGLBoolean eglCopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target)
{
	(void)target;
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_surface *s = surface_lookup(d, surface);
	egl_unlock();
	if (!s)
		return EGL_FAIL(EGL_BAD_SURFACE, EGL_FALSE);
	/* no native pixmaps on these platforms */
	return EGL_FAIL(EGL_BAD_NATIVE_PIXMAP, EGL_FALSE);
}
