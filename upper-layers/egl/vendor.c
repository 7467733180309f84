/* SPDX-License-Identifier: MIT */
/*
 * The libglvnd vendor interface: __egl_Main is the library's one exported
 * symbol. libEGL calls it when it loads the library named by our vendor
 * JSON and gets back the imports table: platform displays, the EGL and GL
 * functions by name (getProcAddress: core EGL functions fill libEGL's
 * static table, GL ones its GL dispatch table) and dispatch stubs for the
 * EGL extension functions that take a display or a device.
 *
 * Extension dispatch, as libglvnd defines it: an application's
 * eglGetProcAddress("eglFooEXT") makes libEGL ask each vendor for a stub
 * (getDispatchAddress) and tell the vendors the slot it gave the function
 * (setDispatchIndex). The stub finds the vendor that owns the display or
 * device and calls through that vendor's slot, which libEGL resolves with
 * getProcAddress — so a stub serves every vendor, not just us.
 */
#include <string.h>

#include "upper-layers/egl/egl_priv.h"

const __EGLapiExports *egl_exports;
__EGLvendorInfo *egl_vendor;

/* ---- dispatch stubs ---- */

enum stub_kind { BY_DISPLAY, BY_DEVICE };

enum {
	S_eglQueryDeviceStringEXT,
	S_eglQueryDeviceAttribEXT,
	S_eglQueryDisplayAttribEXT,
	S_eglCreateImageKHR,
	S_eglDestroyImageKHR,
	S_eglCreateSyncKHR,
	S_eglDestroySyncKHR,
	S_eglClientWaitSyncKHR,
	S_eglWaitSyncKHR,
	S_eglGetSyncAttribKHR,
	S_eglSignalSyncKHR,
	S_eglDupNativeFenceFDANDROID,
	S_eglExportDMABUFImageQueryMESA,
	S_eglExportDMABUFImageMESA,
	S_eglQueryDmaBufFormatsEXT,
	S_eglQueryDmaBufModifiersEXT,
	S_COUNT
};

static struct stub {
	const char *name;
	enum stub_kind kind;
	int index;		/* libEGL's slot, -1 until told */
} stubs[S_COUNT] = {
#define STUB(name, kind) [S_##name] = { #name, kind, -1 }
	STUB(eglQueryDeviceStringEXT, BY_DEVICE),
	STUB(eglQueryDeviceAttribEXT, BY_DEVICE),
	STUB(eglQueryDisplayAttribEXT, BY_DISPLAY),
	STUB(eglCreateImageKHR, BY_DISPLAY),
	STUB(eglDestroyImageKHR, BY_DISPLAY),
	STUB(eglCreateSyncKHR, BY_DISPLAY),
	STUB(eglDestroySyncKHR, BY_DISPLAY),
	STUB(eglClientWaitSyncKHR, BY_DISPLAY),
	STUB(eglWaitSyncKHR, BY_DISPLAY),
	STUB(eglGetSyncAttribKHR, BY_DISPLAY),
	STUB(eglSignalSyncKHR, BY_DISPLAY),
	STUB(eglDupNativeFenceFDANDROID, BY_DISPLAY),
	STUB(eglExportDMABUFImageQueryMESA, BY_DISPLAY),
	STUB(eglExportDMABUFImageMESA, BY_DISPLAY),
	STUB(eglQueryDmaBufFormatsEXT, BY_DISPLAY),
	STUB(eglQueryDmaBufModifiersEXT, BY_DISPLAY),
#undef STUB
};

/* The implementation behind a stub for the vendor owning handle, with the
 * error libEGL reports when no vendor owns it. */
static void *fetch(int which, void *handle)
{
	struct stub *s = &stubs[which];
	egl_exports->threadInit();
	__EGLvendorInfo *v = s->kind == BY_DISPLAY ? egl_exports->getVendorFromDisplay(handle)
						   : egl_exports->getVendorFromDevice(handle);
	if (!v) {
		egl_exports->setEGLError(s->kind == BY_DISPLAY ? EGL_BAD_DISPLAY : EGL_BAD_DEVICE_EXT);
		return NULL;
	}
	egl_exports->setLastVendor(v);
	if (s->index < 0)
		return NULL;
	return (void *)egl_exports->fetchDispatchEntry(v, s->index);
}

/* One stub per function: the same signature as ours (typeof), calling the
 * owning vendor's implementation or failing with its failure value. */
#define STUB_FN(name, ret, fail, params, args, handle)                          \
	static ret stub_##name params                                           \
	{                                                                       \
		__typeof__(name) *f = (__typeof__(name) *)fetch(S_##name, handle); \
		return f ? f args : fail;                                       \
	}
STUB_FN(eglQueryDeviceStringEXT, const char *, NULL,
	(EGLDeviceEXT dev, EGLint name),
	(dev, name), dev)
STUB_FN(eglQueryDeviceAttribEXT, EGLBoolean, EGL_FALSE,
	(EGLDeviceEXT dev, EGLint attr, EGLAttrib *value),
	(dev, attr, value), dev)
STUB_FN(eglQueryDisplayAttribEXT, EGLBoolean, EGL_FALSE,
	(EGLDisplay dpy, EGLint attr, EGLAttrib *value),
	(dpy, attr, value), dpy)
STUB_FN(eglCreateImageKHR, EGLImageKHR, EGL_NO_IMAGE_KHR,
	(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLint *attribs),
	(dpy, ctx, target, buffer, attribs), dpy)
STUB_FN(eglDestroyImageKHR, EGLBoolean, EGL_FALSE,
	(EGLDisplay dpy, EGLImageKHR image),
	(dpy, image), dpy)
STUB_FN(eglCreateSyncKHR, EGLSyncKHR, EGL_NO_SYNC_KHR,
	(EGLDisplay dpy, EGLenum type, const EGLint *attribs),
	(dpy, type, attribs), dpy)
STUB_FN(eglDestroySyncKHR, EGLBoolean, EGL_FALSE,
	(EGLDisplay dpy, EGLSyncKHR sync),
	(dpy, sync), dpy)
STUB_FN(eglClientWaitSyncKHR, EGLint, EGL_FALSE,
	(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout),
	(dpy, sync, flags, timeout), dpy)
STUB_FN(eglWaitSyncKHR, EGLint, EGL_FALSE,
	(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags),
	(dpy, sync, flags), dpy)
STUB_FN(eglGetSyncAttribKHR, EGLBoolean, EGL_FALSE,
	(EGLDisplay dpy, EGLSyncKHR sync, EGLint attr, EGLint *value),
	(dpy, sync, attr, value), dpy)
STUB_FN(eglSignalSyncKHR, EGLBoolean, EGL_FALSE,
	(EGLDisplay dpy, EGLSyncKHR sync, EGLenum mode),
	(dpy, sync, mode), dpy)
STUB_FN(eglDupNativeFenceFDANDROID, EGLint, EGL_NO_NATIVE_FENCE_FD_ANDROID,
	(EGLDisplay dpy, EGLSyncKHR sync),
	(dpy, sync), dpy)
STUB_FN(eglExportDMABUFImageQueryMESA, EGLBoolean, EGL_FALSE,
	(EGLDisplay dpy, EGLImageKHR image, int *fourcc, int *num_planes, EGLuint64KHR *modifiers),
	(dpy, image, fourcc, num_planes, modifiers), dpy)
STUB_FN(eglExportDMABUFImageMESA, EGLBoolean, EGL_FALSE,
	(EGLDisplay dpy, EGLImageKHR image, int *fds, EGLint *strides, EGLint *offsets),
	(dpy, image, fds, strides, offsets), dpy)
STUB_FN(eglQueryDmaBufFormatsEXT, EGLBoolean, EGL_FALSE,
	(EGLDisplay dpy, EGLint max, EGLint *formats, EGLint *num),
	(dpy, max, formats, num), dpy)
STUB_FN(eglQueryDmaBufModifiersEXT, EGLBoolean, EGL_FALSE,
	(EGLDisplay dpy, EGLint format, EGLint max, EGLuint64KHR *modifiers, EGLBoolean *external_only, EGLint *num),
	(dpy, format, max, modifiers, external_only, num), dpy)
#undef STUB_FN

static void *const stub_fns[S_COUNT] = {
	[S_eglQueryDeviceStringEXT] = (void *)stub_eglQueryDeviceStringEXT,
	[S_eglQueryDeviceAttribEXT] = (void *)stub_eglQueryDeviceAttribEXT,
	[S_eglQueryDisplayAttribEXT] = (void *)stub_eglQueryDisplayAttribEXT,
	[S_eglCreateImageKHR] = (void *)stub_eglCreateImageKHR,
	[S_eglDestroyImageKHR] = (void *)stub_eglDestroyImageKHR,
	[S_eglCreateSyncKHR] = (void *)stub_eglCreateSyncKHR,
	[S_eglDestroySyncKHR] = (void *)stub_eglDestroySyncKHR,
	[S_eglClientWaitSyncKHR] = (void *)stub_eglClientWaitSyncKHR,
	[S_eglWaitSyncKHR] = (void *)stub_eglWaitSyncKHR,
	[S_eglGetSyncAttribKHR] = (void *)stub_eglGetSyncAttribKHR,
	[S_eglSignalSyncKHR] = (void *)stub_eglSignalSyncKHR,
	[S_eglDupNativeFenceFDANDROID] = (void *)stub_eglDupNativeFenceFDANDROID,
	[S_eglExportDMABUFImageQueryMESA] = (void *)stub_eglExportDMABUFImageQueryMESA,
	[S_eglExportDMABUFImageMESA] = (void *)stub_eglExportDMABUFImageMESA,
	[S_eglQueryDmaBufFormatsEXT] = (void *)stub_eglQueryDmaBufFormatsEXT,
	[S_eglQueryDmaBufModifiersEXT] = (void *)stub_eglQueryDmaBufModifiersEXT,
};

static void *get_dispatch_address(const char *name)
{
	for (int i = 0; i < S_COUNT; i++)
		if (strcmp(stubs[i].name, name) == 0)
			return stub_fns[i];
	return NULL;
}

static void set_dispatch_index(const char *name, int index)
{
	for (int i = 0; i < S_COUNT; i++)
		if (strcmp(stubs[i].name, name) == 0)
			stubs[i].index = index;
}

/* ---- the imports table ---- */

static EGLBoolean supports_api(EGLenum api)
{
	return api == EGL_OPENGL_ES_API;
}

static const char *vendor_string(int name)
{
	if (name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS)
		return "EGL_EXT_platform_device EGL_MESA_platform_surfaceless";
	return NULL;
}

static void *get_proc_address(const char *name)
{
	if (!name)
		return NULL;
	if (name[0] == 'g' && name[1] == 'l')
		return gl_get_proc_address(name);
	return egl_proc(name);
}

__attribute__((visibility("default"))) EGLBoolean __egl_Main(uint32_t version, const __EGLapiExports *exports,
							     __EGLvendorInfo *vendor, __EGLapiImports *imports)
{
	if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) != EGL_VENDOR_ABI_MAJOR_VERSION ||
	    EGL_VENDOR_ABI_GET_MINOR_VERSION(version) < EGL_VENDOR_ABI_MINOR_VERSION)
		return EGL_FALSE;
	egl_exports = exports;
	egl_vendor = vendor;
	memset(imports, 0, sizeof(*imports));
	imports->getPlatformDisplay = egl_get_platform_display;
	imports->getSupportsAPI = supports_api;
	imports->getVendorString = vendor_string;
	imports->getProcAddress = get_proc_address;
	imports->getDispatchAddress = get_dispatch_address;
	imports->setDispatchIndex = set_dispatch_index;
	egl_images_init();
	return EGL_TRUE;
}
