/* SPDX-License-Identifier: MIT */
/*
 * EGLSyncs: EGL_KHR_fence_sync, EGL_KHR_wait_sync, EGL_KHR_reusable_sync,
 * EGL_ANDROID_native_fence_sync and their EGL 1.5 core forms. This file
 * owns struct egl_sync and every EGL error those specs name; where the
 * specs leave an error open it answers as Mesa's EGL does, the reference
 * the tests compare with.
 *
 * A fence sync holds a GL fence (upper-layers/gl/fence.c): creating it
 * submits the current context's batch and the fence is that batch's
 * completion. A native fence sync made without an fd submits with
 * execbuffer's FENCE_OUT at once, so its sync_file exists from the start;
 * made from an application's fd it owns that fd, and eglWaitSync hands it
 * to the context's next batch as FENCE_IN. A reusable sync is a flag
 * flipped by eglSignalSyncKHR with a condition variable on egl_lock for
 * the threads waiting on it.
 *
 * Lifetimes: see struct egl_sync — the display's list and each waiter hold
 * a reference; eglDestroySync and eglTerminate unlink the sync, wake its
 * waiters (KHR_reusable_sync: "as if signaled") and the last reference
 * frees it. Waits on GL fences happen outside egl_lock.
 *
 * May call: the GL driver's fences and contexts (gl_driver.h), libc.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "upper-layers/egl/egl_priv.h"

static void sync_put(struct egl_sync *s)
{
	if (--s->refs > 0)
		return;
	gl_fence_destroy(s->fence);
	pthread_cond_destroy(&s->cond);
	free(s);
}

/* Unlinks and drops the list's reference; caller holds egl_lock. */
static void sync_kill(struct egl_display *d, struct egl_sync *s)
{
	egl_object_unlink(&d->syncs, &s->base);
	s->base.doomed = true;
	pthread_cond_broadcast(&s->cond);
	sync_put(s);
}

void egl_syncs_release(struct egl_display *d)
{
	while (d->syncs)
		sync_kill(d, (struct egl_sync *)d->syncs);
}

/* Is fd an open descriptor? An fd EGL is to own must be one. */
static bool fcntl_ok(int fd)
{
	return fcntl(fd, F_GETFD) != -1;
}

static struct egl_sync *sync_lookup(struct egl_display *d, EGLSync handle)
{
	return egl_object_in(d->syncs, handle) ? handle : NULL;
}

static EGLSync create_sync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs, EGLint bad_type_error)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_NO_SYNC;
	EGLint err = EGL_SUCCESS;
	struct egl_sync *s = NULL;
	struct egl_context *cur = egl_thread()->ctx;
	int in_fd = EGL_NO_NATIVE_FENCE_FD_ANDROID;
	bool fence_type = type == EGL_SYNC_FENCE || type == EGL_SYNC_NATIVE_FENCE_ANDROID;
	/* A fence marks a point in the current context's commands: there
	 * must be one, on this display (KHR_fence_sync: EGL_BAD_MATCH). */
	if (fence_type && (!cur || cur->base.dpy != d)) {
		err = EGL_BAD_MATCH;
		goto out;
	}
	if (type != EGL_SYNC_FENCE && type != EGL_SYNC_REUSABLE_KHR && type != EGL_SYNC_NATIVE_FENCE_ANDROID) {
		err = bad_type_error;
		goto out;
	}
	for (const EGLAttrib *a = attribs; a && a[0] != EGL_NONE; a += 2) {
		if (a[0] == EGL_SYNC_NATIVE_FENCE_FD_ANDROID && type == EGL_SYNC_NATIVE_FENCE_ANDROID) {
			in_fd = (int)a[1];
			continue;
		}
		err = EGL_BAD_ATTRIBUTE;
		goto out;
	}
	if (in_fd != EGL_NO_NATIVE_FENCE_FD_ANDROID && (in_fd < 0 || fcntl_ok(in_fd) == false)) {
		err = EGL_BAD_PARAMETER;
		goto out;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		err = EGL_BAD_ALLOC;
		goto out;
	}
	s->type = type;
	s->refs = 1;
	s->status = EGL_UNSIGNALED;
	s->condition = EGL_SYNC_PRIOR_COMMANDS_COMPLETE;
	pthread_cond_init(&s->cond, NULL);
	if (type == EGL_SYNC_NATIVE_FENCE_ANDROID && in_fd >= 0) {
		s->condition = EGL_SYNC_NATIVE_FENCE_SIGNALED_ANDROID;
		s->fence = gl_fence_from_fd(cur->gl, in_fd);	/* takes the fd on success */
	} else if (fence_type) {
		s->fence = gl_fence_create(cur->gl, type == EGL_SYNC_NATIVE_FENCE_ANDROID);
	}
	if (fence_type && !s->fence) {
		err = gl_context_is_lost(cur->gl) ? EGL_CONTEXT_LOST : EGL_BAD_ALLOC;
		pthread_cond_destroy(&s->cond);
		free(s);
		s = NULL;
		goto out;
	}
	s->base.dpy = d;
	s->base.next = d->syncs;
	d->syncs = &s->base;
out:
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_NO_SYNC);
	egl_success();
	return s;
}

EGLSync eglCreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs)
{
	/* EGL 1.5: an unknown type is EGL_BAD_PARAMETER */
	return create_sync(dpy, type, attribs, EGL_BAD_PARAMETER);
}

EGLSyncKHR eglCreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs)
{
	EGLAttrib wide[16];
	size_t n = 0;
	while (attribs && attribs[n] != EGL_NONE && n < 14) {
		wide[n] = attribs[n];
		wide[n + 1] = attribs[n + 1];
		n += 2;
	}
	if (attribs && attribs[n] != EGL_NONE)
		return EGL_FAIL(EGL_BAD_ATTRIBUTE, EGL_NO_SYNC_KHR);	/* longer than any valid list */
	wide[n] = EGL_NONE;
	/* KHR_fence_sync: an unknown type is EGL_BAD_ATTRIBUTE */
	return create_sync(dpy, type, wide, EGL_BAD_ATTRIBUTE);
}

EGLBoolean eglDestroySync(EGLDisplay dpy, EGLSync sync)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_sync *s = sync_lookup(d, sync);
	if (s)
		sync_kill(d, s);
	egl_unlock();
	if (!s)
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglDestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync)
{
	return eglDestroySync(dpy, sync);
}

/* An absolute CLOCK_REALTIME deadline ns from now, for pthread_cond_timedwait. */
static struct timespec deadline(uint64_t ns)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t sec = ns / 1000000000u;
	if (sec > (uint64_t)INT32_MAX)
		sec = INT32_MAX;
	ts.tv_sec += (time_t)sec;
	ts.tv_nsec += (long)(ns % 1000000000u);
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	return ts;
}

EGLint eglClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_sync *s = sync_lookup(d, sync);
	if (!s) {
		egl_unlock();
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	}
	struct egl_context *cur = egl_thread()->ctx;
	bool flush = (flags & EGL_SYNC_FLUSH_COMMANDS_BIT) && cur && cur->base.dpy == d;
	EGLint ret = EGL_CONDITION_SATISFIED;
	if (s->type == EGL_SYNC_REUSABLE_KHR) {
		if (s->status == EGL_SIGNALED) {
			egl_unlock();
			return (egl_success(), EGL_CONDITION_SATISFIED);
		}
		/* the commands that might signal it must reach the GPU first */
		if (flush)
			gl_context_flush(cur->gl);
		s->refs++;
		if (timeout == EGL_FOREVER) {
			while (s->status != EGL_SIGNALED && !s->base.doomed)
				pthread_cond_wait(&s->cond, &egl_lock);
		} else {
			struct timespec ts = deadline(timeout);
			int r = 0;
			while (s->status != EGL_SIGNALED && !s->base.doomed && r != ETIMEDOUT)
				r = pthread_cond_timedwait(&s->cond, &egl_lock, &ts);
			if (s->status != EGL_SIGNALED && !s->base.doomed)
				ret = EGL_TIMEOUT_EXPIRED;
		}
		sync_put(s);
		egl_unlock();
		return (egl_success(), ret);
	}
	/* fences: wait on the GL fence outside the lock */
	s->refs++;
	egl_unlock();
	if (flush)
		gl_context_flush(cur->gl);
	int r = gl_fence_client_wait(s->fence, timeout);
	pthread_mutex_lock(&egl_lock);
	sync_put(s);
	pthread_mutex_unlock(&egl_lock);
	if (r < 0)
		return EGL_FAIL(EGL_BAD_ACCESS, EGL_FALSE);	/* the sync_file failed to wait */
	egl_success();
	return r ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
}

EGLint eglClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout)
{
	return eglClientWaitSync(dpy, sync, flags, timeout);
}

EGLBoolean eglGetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib *value)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_sync *s = sync_lookup(d, sync);
	EGLint err = EGL_SUCCESS;
	if (!s || !value) {
		err = EGL_BAD_PARAMETER;
		goto out;
	}
	switch (attribute) {
	case EGL_SYNC_TYPE:
		*value = s->type;
		break;
	case EGL_SYNC_STATUS:
		if (s->type == EGL_SYNC_REUSABLE_KHR)
			*value = s->status;
		else
			*value = gl_fence_signaled(s->fence) ? EGL_SIGNALED : EGL_UNSIGNALED;
		break;
	case EGL_SYNC_CONDITION:
		if (s->type == EGL_SYNC_REUSABLE_KHR)
			err = EGL_BAD_ATTRIBUTE;	/* reusable syncs have no condition */
		else
			*value = s->condition;
		break;
	default:
		err = EGL_BAD_ATTRIBUTE;
		break;
	}
out:
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglGetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint *value)
{
	EGLAttrib v;
	EGLBoolean ok = eglGetSyncAttrib(dpy, sync, attribute, value ? &v : NULL);
	if (ok)
		*value = (EGLint)v;
	return ok;
}

EGLBoolean eglSignalSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLenum mode)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_sync *s = sync_lookup(d, sync);
	EGLint err = EGL_SUCCESS;
	if (!s)
		err = EGL_BAD_PARAMETER;
	else if (s->type != EGL_SYNC_REUSABLE_KHR)
		err = EGL_BAD_MATCH;
	else if (mode != EGL_SIGNALED && mode != EGL_UNSIGNALED)
		err = EGL_BAD_ATTRIBUTE;	/* as Mesa answers it */
	else {
		s->status = (EGLint)mode;
		if (mode == EGL_SIGNALED)
			pthread_cond_broadcast(&s->cond);
	}
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	return egl_success();
}

EGLBoolean eglWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	struct egl_sync *s = sync_lookup(d, sync);
	struct egl_context *cur = egl_thread()->ctx;
	EGLint err = EGL_SUCCESS;
	if (!s)
		err = EGL_BAD_PARAMETER;
	else if (!cur || cur->base.dpy != d)
		err = EGL_BAD_MATCH;	/* KHR_wait_sync: no current context of this display */
	else if (flags != 0)
		err = EGL_BAD_PARAMETER;
	else if (s->fence) {
		/* a reusable sync has nothing the GPU could wait for: as
		 * Mesa, the wait is a no-op */
		int r = gl_fence_server_wait(cur->gl, s->fence);
		if (r < 0)
			err = EGL_BAD_ALLOC;
	}
	egl_unlock();
	if (err != EGL_SUCCESS)
		return EGL_FAIL(err, EGL_FALSE);
	return egl_success();
}

EGLint eglWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
	return eglWaitSync(dpy, sync, flags);
}

EGLint eglDupNativeFenceFDANDROID(EGLDisplay dpy, EGLSyncKHR sync)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_NO_NATIVE_FENCE_FD_ANDROID;
	struct egl_sync *s = sync_lookup(d, sync);
	int fd = -1;
	if (s && s->type == EGL_SYNC_NATIVE_FENCE_ANDROID)
		fd = gl_fence_dup_fd(s->fence);
	egl_unlock();
	/* not a native fence sync, or one without a sync_file yet */
	if (fd < 0)
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_NO_NATIVE_FENCE_FD_ANDROID);
	egl_success();
	return fd;
}
