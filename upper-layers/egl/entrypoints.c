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
	/* EGL 1.5 images and syncs */
	E(eglCreateImage), E(eglDestroyImage), E(eglCreateSync), E(eglDestroySync), E(eglClientWaitSync),
	E(eglGetSyncAttrib), E(eglWaitSync),
	/* extensions (the targets of vendor.c's stubs) */
	E(eglCreateImageKHR), E(eglDestroyImageKHR), E(eglCreateSyncKHR), E(eglDestroySyncKHR),
	E(eglClientWaitSyncKHR), E(eglWaitSyncKHR), E(eglGetSyncAttribKHR), E(eglSignalSyncKHR),
	E(eglDupNativeFenceFDANDROID), E(eglExportDMABUFImageQueryMESA), E(eglExportDMABUFImageMESA),
	E(eglQueryDmaBufFormatsEXT), E(eglQueryDmaBufModifiersEXT),
	/* EGL_KHR_debug: libEGL implements these and forwards to ours (debug.c) */
	E(eglDebugMessageControlKHR), E(eglQueryDebugKHR), E(eglLabelObjectKHR),
};

void *egl_proc(const char *name)
{
	for (size_t i = 0; i < sizeof(procs) / sizeof(procs[0]); i++)
		if (strcmp(procs[i].name, name) == 0)
			return procs[i].fn;
	return NULL;
}
