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

static const char *stub_eglQueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name)
{
	PFNEGLQUERYDEVICESTRINGEXTPROC f = (PFNEGLQUERYDEVICESTRINGEXTPROC)fetch(S_eglQueryDeviceStringEXT, dev);
	return f ? f(dev, name) : NULL;
}

static EGLBoolean stub_eglQueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attr, EGLAttrib *value)
{
	PFNEGLQUERYDEVICEATTRIBEXTPROC f = (PFNEGLQUERYDEVICEATTRIBEXTPROC)fetch(S_eglQueryDeviceAttribEXT, dev);
	return f ? f(dev, attr, value) : EGL_FALSE;
}

static EGLBoolean stub_eglQueryDisplayAttribEXT(EGLDisplay dpy, EGLint attr, EGLAttrib *value)
{
	PFNEGLQUERYDISPLAYATTRIBEXTPROC f = (PFNEGLQUERYDISPLAYATTRIBEXTPROC)fetch(S_eglQueryDisplayAttribEXT, dpy);
	return f ? f(dpy, attr, value) : EGL_FALSE;
}

static void *const stub_fns[S_COUNT] = {
	[S_eglQueryDeviceStringEXT] = (void *)stub_eglQueryDeviceStringEXT,
	[S_eglQueryDeviceAttribEXT] = (void *)stub_eglQueryDeviceAttribEXT,
	[S_eglQueryDisplayAttribEXT] = (void *)stub_eglQueryDisplayAttribEXT,
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
	return EGL_TRUE;
}
