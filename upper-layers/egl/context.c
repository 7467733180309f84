/* SPDX-License-Identifier: MIT */
/*
 * Contexts and the current-context binding. OpenGL ES 2 and 3 contexts
 * (EGL_KHR_create_context attributes; EGL_NO_CONFIG_KHR; share groups),
 * made current with a pbuffer or with no surface
 * (EGL_KHR_surfaceless_context). A context is current in at most one
 * thread; destroying a current context, or terminating its display, only
 * marks it, and it goes when released (EGL 1.5 §3.7.3). libglvnd keeps
 * its own record of the current context and switches the GL dispatch; we
 * keep ours for the GL driver.
 */
#include <stdlib.h>

#include "upper-layers/egl/egl_priv.h"

bool egl_object_in(struct egl_object *list, const void *handle)
{
	for (struct egl_object *o = list; o; o = o->next)
		if ((const void *)o == handle)
			return true;
	return false;
}

void egl_object_unlink(struct egl_object **list, struct egl_object *obj)
{
	for (struct egl_object **p = list; *p; p = &(*p)->next)
		if (*p == obj) {
			*p = obj->next;
			return;
		}
}

void egl_context_free(struct egl_context *c)
{
	gl_context_destroy(c->gl);
	free(c);
}

void egl_surface_free(struct egl_surface *s)
{
	gl_winsys_fb_destroy(s->fb);
	free(s);
}

void egl_display_maybe_finish(struct egl_display *d)
{
	if (d->initialized || d->contexts || d->surfaces || !d->screen)
		return;
	gl_screen_destroy(d->screen);
	d->screen = NULL;
	free(d->configs);
	d->configs = NULL;
	d->num_configs = 0;
}

void egl_display_release_objects(struct egl_display *d)
{
	/* images and syncs are never "current": they go at once */
	egl_images_release(d);
	egl_syncs_release(d);
	struct egl_object **p = &d->contexts;
	while (*p) {
		struct egl_object *o = *p;
		if (o->current) {
			o->doomed = true;
			p = &o->next;
			continue;
		}
		*p = o->next;
		egl_context_free((struct egl_context *)o);
	}
	p = &d->surfaces;
	while (*p) {
		struct egl_object *o = *p;
		if (o->current) {
			o->doomed = true;
			p = &o->next;
			continue;
		}
		*p = o->next;
		egl_surface_free((struct egl_surface *)o);
	}
}

EGLBoolean eglBindAPI(EGLenum api)
{
	if (api != EGL_OPENGL_ES_API)
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	egl_thread()->api = api;
	return egl_success();
}

EGLenum eglQueryAPI(void)
{
	return egl_thread()->api;
}

EGLContext eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share, const EGLint *attribs)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_NO_CONTEXT;
	EGLint err = EGL_SUCCESS;
	const struct egl_config *cf = NULL;
	struct egl_context *sh = NULL, *c = NULL;
	EGLint major = 1, minor = 0, flags = 0;
	bool robust = false;
	if (config != EGL_NO_CONFIG_KHR && !(cf = egl_config_lookup(d, config))) {
		err = EGL_BAD_CONFIG;
		goto out;
	}
	if (share != EGL_NO_CONTEXT) {
		if (!egl_object_in(d->contexts, share) || ((struct egl_object *)share)->doomed) {
			err = EGL_BAD_CONTEXT;
			goto out;
		}
		sh = share;
	}
	for (const EGLint *a = attribs; a && a[0] != EGL_NONE; a += 2) {
		switch (a[0]) {
		case EGL_CONTEXT_MAJOR_VERSION: major = a[1]; break;
		case EGL_CONTEXT_MINOR_VERSION: minor = a[1]; break;
		case EGL_CONTEXT_FLAGS_KHR: flags = a[1]; break;
		case EGL_CONTEXT_OPENGL_DEBUG: if (a[1]) flags |= EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR; break;
		case EGL_CONTEXT_OPENGL_ROBUST_ACCESS: robust = a[1] != 0; break;
		case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY: break;
		/* EGL_EXT_create_context_robustness spells them its own way */
		case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT: robust = a[1] != 0; break;
		case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
			if (a[1] != EGL_NO_RESET_NOTIFICATION_EXT && a[1] != EGL_LOSE_CONTEXT_ON_RESET_EXT) {
				err = EGL_BAD_ATTRIBUTE;
				goto out;
			}
			break;
		default: err = EGL_BAD_ATTRIBUTE; goto out;
		}
	}
	if (flags & ~(EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR |
		      EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR) || major < 1 || minor < 0) {
		err = EGL_BAD_ATTRIBUTE;
		goto out;
	}
	/* OpenGL ES 2.0 and 3.0 are ours; 1.x and 3.1+ are versions we lack */
	if (!((major == 2 || major == 3) && minor == 0)) {
		err = EGL_BAD_MATCH;
		goto out;
	}
	if (flags & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)
		robust = true;
	if (egl_thread()->api != EGL_OPENGL_ES_API) {
		err = EGL_BAD_MATCH;
		goto out;
	}
	c = calloc(1, sizeof(*c));
	if (!c) {
		err = EGL_BAD_ALLOC;
		goto out;
	}
	unsigned gl_flags = ((flags & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR) ? GL_CONTEXT_FLAG_DEBUG_GEM : 0) |
			    (robust ? GL_CONTEXT_FLAG_ROBUST_GEM : 0);
	c->gl = gl_context_create(d->screen, major, minor, gl_flags, sh ? sh->gl : NULL);
	if (!c->gl) {
		free(c);
		c = NULL;
		err = EGL_BAD_ALLOC;
		goto out;
	}
	c->base.dpy = d;
	c->config = cf;
	c->client_version = major;
	c->base.next = d->contexts;
	d->contexts = &c->base;
out:
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_NO_CONTEXT);
	egl_success();
	return c;
}

EGLBoolean eglDestroyContext(EGLDisplay dpy, EGLContext ctx)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_object *o = ctx;
	if (!egl_object_in(d->contexts, ctx) || o->doomed) {
		egl_unlock();
		return EGL_FAIL(EGL_BAD_CONTEXT, EGL_FALSE);
	}
	if (o->current) {
		o->doomed = true;
	} else {
		egl_object_unlink(&d->contexts, o);
		egl_context_free((struct egl_context *)o);
	}
	egl_unlock();
	return egl_success();
}

/* Drops a surface's or context's "current" mark, freeing it if doomed. */
static void uncurrent(struct egl_display *d, struct egl_object *o, bool is_context)
{
	if (!o)
		return;
	o->current = false;
	if (!o->doomed)
		return;
	if (is_context) {
		egl_object_unlink(&d->contexts, o);
		egl_context_free((struct egl_context *)o);
	} else {
		egl_object_unlink(&d->surfaces, o);
		egl_surface_free((struct egl_surface *)o);
	}
}

static bool surface_ok(struct egl_display *d, EGLSurface s)
{
	return s == EGL_NO_SURFACE || (egl_object_in(d->surfaces, s) && !((struct egl_object *)s)->doomed);
}

EGLBoolean eglMakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx)
{
	struct egl_thread *t = egl_thread();
	bool release = ctx == EGL_NO_CONTEXT;
	/* Releasing works on a terminated display (EGL 1.5 §3.7.3), and only then. */
	struct egl_display *d = egl_display_lock(dpy, !release);
	if (!d)
		return EGL_FALSE;
	EGLint err = EGL_SUCCESS;
	struct egl_context *c = ctx;
	if (release) {
		if (draw != EGL_NO_SURFACE || read != EGL_NO_SURFACE) {
			err = EGL_BAD_MATCH;
			goto out;
		}
	} else {
		if (!egl_object_in(d->contexts, ctx) || c->base.doomed) {
			err = EGL_BAD_CONTEXT;
			goto out;
		}
		if (!surface_ok(d, draw) || !surface_ok(d, read)) {
			err = EGL_BAD_SURFACE;
			goto out;
		}
		if ((draw == EGL_NO_SURFACE) != (read == EGL_NO_SURFACE)) {
			err = EGL_BAD_MATCH;
			goto out;
		}
		if (c->base.current && t->ctx != c) {
			err = EGL_BAD_ACCESS;	/* current in another thread */
			goto out;
		}
		/* A context the GPU banned (its batches fail with EIO) stays
		 * lost: the application must make a new one (EGL 1.5 §3.7.3). */
		if (gl_context_is_lost(c->gl)) {
			err = EGL_CONTEXT_LOST;
			goto out;
		}
		struct egl_surface *ds = draw, *rs = read;
		if (c->config && ((ds && !egl_configs_compatible(c->config, ds->config)) ||
				  (rs && !egl_configs_compatible(c->config, rs->config)))) {
			err = EGL_BAD_MATCH;
			goto out;
		}
		if ((ds && ds->base.current && (!t->ctx || (t->ctx->draw != ds && t->ctx->read != ds))) ||
		    (rs && rs->base.current && (!t->ctx || (t->ctx->draw != rs && t->ctx->read != rs)))) {
			err = EGL_BAD_ACCESS;	/* bound to a context of another thread */
			goto out;
		}
	}
	/* release what this thread had */
	struct egl_context *old = t->ctx;
	if (old) {
		gl_make_current(NULL, NULL, NULL);
		struct egl_display *od = old->base.dpy;
		struct egl_surface *odraw = old->draw, *oread = old->read;
		old->draw = old->read = NULL;
		if (old != c) {
			uncurrent(od, &old->base, true);
		}
		if (odraw && odraw != draw && odraw != read)
			uncurrent(od, &odraw->base, false);
		if (oread && oread != odraw && oread != draw && oread != read)
			uncurrent(od, &oread->base, false);
		t->ctx = NULL;
		t->dpy = NULL;
		egl_display_maybe_finish(od);
	}
	if (!release) {
		struct egl_surface *ds = draw, *rs = read;
		c->base.current = true;
		c->draw = ds;
		c->read = rs;
		c->thread = pthread_self();
		if (ds)
			ds->base.current = true;
		if (rs)
			rs->base.current = true;
		t->ctx = c;
		t->dpy = d;
		gl_make_current(c->gl, ds ? ds->fb : NULL, rs ? rs->fb : NULL);
	}
out:
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglQueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attr, EGLint *value)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_context *c = ctx;
	EGLint err = EGL_SUCCESS;
	if (!egl_object_in(d->contexts, ctx)) {
		err = EGL_BAD_CONTEXT;
	} else if (!value) {
		err = EGL_BAD_PARAMETER;
	} else {
		switch (attr) {
		case EGL_CONFIG_ID: *value = c->config ? c->config->id : 0; break;
		case EGL_CONTEXT_CLIENT_TYPE: *value = EGL_OPENGL_ES_API; break;
		case EGL_CONTEXT_CLIENT_VERSION: *value = c->client_version; break;
		case EGL_RENDER_BUFFER:
			*value = !c->draw ? EGL_NONE : EGL_BACK_BUFFER;
			break;
		default: err = EGL_BAD_ATTRIBUTE; break;
		}
	}
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglReleaseThread(void)
{
	struct egl_thread *t = egl_thread();
	if (t->ctx)
		eglMakeCurrent(t->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	t->api = EGL_OPENGL_ES_API;
	t->error = EGL_SUCCESS;
	return EGL_TRUE;
}

/* A current context without a draw surface (KHR_surfaceless_context)
 * has nothing to wait for on a surface: Mesa answers
 * EGL_BAD_CURRENT_SURFACE there, and so do we, to give one answer. */
static bool surfaceless_current(void)
{
	struct egl_thread *t = egl_thread();
	return t->ctx && !t->ctx->draw;
}

EGLBoolean eglWaitClient(void)
{
	struct egl_thread *t = egl_thread();
	if (surfaceless_current())
		return EGL_FAIL(EGL_BAD_CURRENT_SURFACE, EGL_FALSE);
	if (t->ctx)
		gl_context_finish(t->ctx->gl);
	return egl_success();
}

EGLBoolean eglWaitGL(void)
{
	return eglWaitClient();
}

EGLBoolean eglWaitNative(EGLint engine)
{
	/* no native rendering APIs: nothing to wait for */
	if (surfaceless_current())
		return EGL_FAIL(EGL_BAD_CURRENT_SURFACE, EGL_FALSE);
	if (engine != EGL_CORE_NATIVE_ENGINE)
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	return egl_success();
}

EGLContext eglGetCurrentContext(void)
{
	return egl_thread()->ctx ? (EGLContext)egl_thread()->ctx : EGL_NO_CONTEXT;
}

EGLDisplay eglGetCurrentDisplay(void)
{
	return egl_thread()->dpy ? (EGLDisplay)egl_thread()->dpy : EGL_NO_DISPLAY;
}

EGLSurface eglGetCurrentSurface(EGLint which)
{
	struct egl_context *c = egl_thread()->ctx;
	if (which != EGL_DRAW && which != EGL_READ)
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_NO_SURFACE);
	if (!c)
		return EGL_NO_SURFACE;
	return which == EGL_DRAW ? (EGLSurface)c->draw : (EGLSurface)c->read;
}
