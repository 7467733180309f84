/* SPDX-License-Identifier: MIT */
/*
 * The EGL functions by name, for libglvnd: core EGL 1.5 functions fill
 * libEGL's static table when it loads the vendor, extension functions are
 * the targets of the dispatch stubs in vendor.c.
 */
#include <string.h>

#include "upper-layers/egl/egl_priv.h"

#define E(f) { #f, (void *)f }

static const struct {
	const char *name;
	void *fn;
} procs[] = {
	E(eglBindAPI), E(eglBindTexImage), E(eglChooseConfig), E(eglCopyBuffers), E(eglCreateContext),
	E(eglCreatePbufferFromClientBuffer), E(eglCreatePbufferSurface), E(eglCreatePixmapSurface),
	E(eglCreatePlatformPixmapSurface), E(eglCreatePlatformWindowSurface), E(eglCreateWindowSurface),
	E(eglDestroyContext), E(eglDestroySurface), E(eglGetConfigAttrib), E(eglGetConfigs),
	E(eglGetCurrentContext), E(eglGetCurrentDisplay), E(eglGetCurrentSurface), E(eglGetError),
	E(eglInitialize), E(eglMakeCurrent), E(eglQueryAPI), E(eglQueryContext), E(eglQueryDeviceAttribEXT),
	E(eglQueryDevicesEXT), E(eglQueryDeviceStringEXT), E(eglQueryDisplayAttribEXT), E(eglQueryString),
	E(eglQuerySurface), E(eglReleaseTexImage), E(eglReleaseThread), E(eglSurfaceAttrib), E(eglSwapBuffers),
	E(eglSwapInterval), E(eglTerminate), E(eglWaitClient), E(eglWaitGL), E(eglWaitNative),
};

void *egl_proc(const char *name)
{
	for (size_t i = 0; i < sizeof(procs) / sizeof(procs[0]); i++)
		if (strcmp(procs[i].name, name) == 0)
			return procs[i].fn;
	return NULL;
}
