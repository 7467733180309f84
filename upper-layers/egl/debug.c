/* SPDX-License-Identifier: MIT */
/*
 * EGL_KHR_debug, the vendor's half. libglvnd's libEGL implements the three
 * functions for the application and keeps its own callback for the errors
 * it raises itself; it forwards eglDebugMessageControlKHR to every vendor,
 * forwards thread labels to every vendor and object labels to the vendor
 * owning the display, and calls our functions only if getProcAddress
 * finds them (libglvnd 1.6, src/EGL/libeglerror.c). Without ours, labels
 * on our displays' objects would fail with EGL_BAD_PARAMETER and errors we
 * raise would never reach the callback. So this file owns: the callback
 * and the message types enabled for it (process-wide, as the extension
 * says), the thread's label, object labels (the label field of displays
 * and of every context, surface, image and sync, looked up in the
 * display's lists), and reporting each EGL error to the callback.
 *
 * Lifetime: labels live in the objects and go with them. The callback is
 * called without egl_lock held, so it may call EGL.
 *
 * May call: libc, the display lookup of display.c.
 */
#include "upper-layers/egl/egl_priv.h"

enum { DBG_CRITICAL = 1, DBG_ERROR = 2, DBG_WARN = 4, DBG_INFO = 8 };
#define DBG_DEFAULT (DBG_CRITICAL | DBG_ERROR)

static pthread_mutex_t debug_lock = PTHREAD_MUTEX_INITIALIZER;
static EGLDEBUGPROCKHR debug_callback;
static unsigned debug_enabled = DBG_DEFAULT;
static __thread EGLLabelKHR thread_label;

EGLLabelKHR egl_thread_label(void)
{
	return thread_label;
}

static unsigned type_bit(EGLAttrib type)
{
	if (type < EGL_DEBUG_MSG_CRITICAL_KHR || type > EGL_DEBUG_MSG_INFO_KHR)
		return 0;
	return 1u << (type - EGL_DEBUG_MSG_CRITICAL_KHR);
}

void egl_debug_report(const char *fn, EGLint err)
{
	pthread_mutex_lock(&debug_lock);
	EGLDEBUGPROCKHR cb = (debug_enabled & DBG_ERROR) ? debug_callback : NULL;
	pthread_mutex_unlock(&debug_lock);
	if (!cb)
		return;
	/* EGL_BAD_ALLOC is the one error that leaves EGL unsure of its state */
	EGLint type = err == EGL_BAD_ALLOC ? EGL_DEBUG_MSG_CRITICAL_KHR : EGL_DEBUG_MSG_ERROR_KHR;
	cb((EGLenum)err, fn, type, thread_label, NULL, "libdrm-gem: the call failed; see the EGL spec for the error");
}

EGLint eglDebugMessageControlKHR(EGLDEBUGPROCKHR callback, const EGLAttrib *attribs)
{
	pthread_mutex_lock(&debug_lock);
	unsigned enabled = debug_enabled;
	for (const EGLAttrib *a = attribs; a && a[0] != EGL_NONE; a += 2) {
		unsigned bit = type_bit(a[0]);
		if (!bit) {
			pthread_mutex_unlock(&debug_lock);
			egl_error(EGL_BAD_ATTRIBUTE);
			return EGL_BAD_ATTRIBUTE;
		}
		enabled = a[1] ? enabled | bit : enabled & ~bit;
	}
	/* a NULL callback also puts the enabled types back to their default */
	debug_callback = callback;
	debug_enabled = callback ? enabled : DBG_DEFAULT;
	pthread_mutex_unlock(&debug_lock);
	egl_success();
	return EGL_SUCCESS;
}

EGLBoolean eglQueryDebugKHR(EGLint attribute, EGLAttrib *value)
{
	if (!value)
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	pthread_mutex_lock(&debug_lock);
	bool ok = true;
	if (attribute == EGL_DEBUG_CALLBACK_KHR)
		*value = (EGLAttrib)debug_callback;
	else if (type_bit(attribute))
		*value = (debug_enabled & type_bit(attribute)) ? EGL_TRUE : EGL_FALSE;
	else
		ok = false;
	pthread_mutex_unlock(&debug_lock);
	if (!ok)
		return EGL_FAIL(EGL_BAD_ATTRIBUTE, EGL_FALSE);
	return egl_success();
}

static struct egl_object *find_object(struct egl_display *d, EGLenum type, EGLObjectKHR object)
{
	struct egl_object *list;
	switch (type) {
	case EGL_OBJECT_CONTEXT_KHR: list = d->contexts; break;
	case EGL_OBJECT_SURFACE_KHR: list = d->surfaces; break;
	case EGL_OBJECT_IMAGE_KHR: list = d->images; break;
	case EGL_OBJECT_SYNC_KHR: list = d->syncs; break;
	default: return NULL;
	}
	for (struct egl_object *o = list; o; o = o->next)
		if (o == (struct egl_object *)object && !o->doomed)
			return o;
	return NULL;
}

EGLint eglLabelObjectKHR(EGLDisplay dpy, EGLenum type, EGLObjectKHR object, EGLLabelKHR label)
{
	if (type == EGL_OBJECT_THREAD_KHR) {
		thread_label = label;
		egl_success();
		return EGL_SUCCESS;
	}
	/* a display can be labelled before it is initialized; its objects
	 * exist only while it is */
	struct egl_display *d = egl_display_lock(dpy, type != EGL_OBJECT_DISPLAY_KHR);
	if (!d)
		return egl_thread()->error;
	EGLint err = EGL_SUCCESS;
	if (type == EGL_OBJECT_DISPLAY_KHR) {
		if (object != (EGLObjectKHR)dpy)
			err = EGL_BAD_PARAMETER;
		else
			d->label = label;
	} else {
		struct egl_object *o = find_object(d, type, object);
		if (!o)
			err = EGL_BAD_PARAMETER;
		else
			o->label = label;
	}
	egl_unlock();
	if (err != EGL_SUCCESS) {
		egl_error(err);
		return err;
	}
	egl_success();
	return EGL_SUCCESS;
}
