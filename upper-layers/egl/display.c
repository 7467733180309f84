/* SPDX-License-Identifier: MIT */
/*
 * Displays, devices and the thread's error. Two platforms, as Mesa's
 * device and surfaceless platforms: EGL_PLATFORM_DEVICE_EXT takes an
 * EGLDeviceEXT from eglQueryDevicesEXT; EGL_PLATFORM_SURFACELESS_MESA (and
 * the default display, since we have no window system) takes the first
 * Intel device with a render node. Devices are found with drmGetDevices2,
 * as Mesa finds them. A display owns one render-node fd and one screen
 * (the GL driver's bufmgr) from eglInitialize to eglTerminate.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "upper-layers/egl/egl_priv.h"

pthread_mutex_t egl_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- thread state and errors ---- */

static __thread struct egl_thread thread_state = { EGL_SUCCESS, EGL_OPENGL_ES_API, NULL, NULL };

struct egl_thread *egl_thread(void)
{
	return &thread_state;
}

EGLBoolean egl_report_error(const char *fn, EGLint err)
{
	thread_state.error = err;
	egl_debug_report(fn, err);
	return EGL_FALSE;
}

EGLBoolean egl_success(void)
{
	thread_state.error = EGL_SUCCESS;
	return EGL_TRUE;
}

EGLint eglGetError(void)
{
	EGLint e = thread_state.error;
	thread_state.error = EGL_SUCCESS;
	return e;
}

/* ---- devices ---- */

static struct egl_device *devices;
static int num_devices = -1;
static pthread_mutex_t devices_lock = PTHREAD_MUTEX_INITIALIZER;	/* taken inside egl_lock */

/* The Intel DRM devices with a render node. Listed once: a device's
 * handle must stay valid for the life of the process. */
int egl_devices(struct egl_device **list)
{
	pthread_mutex_lock(&devices_lock);
	if (num_devices < 0) {
		drmDevicePtr found[16];
		int n = drmGetDevices2(0, found, 16);
		num_devices = 0;
		if (n > 0) {
			devices = calloc((size_t)n, sizeof(*devices));
			for (int i = 0; devices && i < n; i++) {
				drmDevicePtr d = found[i];
				if (!(d->available_nodes & (1 << DRM_NODE_RENDER)) || d->bustype != DRM_BUS_PCI ||
				    d->deviceinfo.pci->vendor_id != 0x8086)
					continue;
				struct egl_device *e = &devices[num_devices++];
				snprintf(e->render, sizeof(e->render), "%s", d->nodes[DRM_NODE_RENDER]);
				if (d->available_nodes & (1 << DRM_NODE_PRIMARY)) {
					snprintf(e->primary, sizeof(e->primary), "%s", d->nodes[DRM_NODE_PRIMARY]);
					e->has_primary = true;
				}
			}
			drmFreeDevices(found, n);
		}
	}
	*list = devices;
	int n = num_devices;
	pthread_mutex_unlock(&devices_lock);
	return n;
}

struct egl_device *egl_device_lookup(EGLDeviceEXT handle)
{
	struct egl_device *list;
	int n = egl_devices(&list);
	for (int i = 0; i < n; i++)
		if ((void *)&list[i] == handle)
			return &list[i];
	return NULL;
}

EGLBoolean eglQueryDevicesEXT(EGLint max, EGLDeviceEXT *out, EGLint *num)
{
	if (!num || max < 0 || (out && max == 0) || (!out && max > 0))
		return EGL_FAIL(EGL_BAD_PARAMETER, EGL_FALSE);
	struct egl_device *list;
	int n = egl_devices(&list);
	if (!out) {
		*num = n;
		return egl_success();
	}
	int k = n < max ? n : max;
	for (int i = 0; i < k; i++)
		out[i] = (EGLDeviceEXT)&list[i];
	*num = k;
	return egl_success();
}

const char *eglQueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name)
{
	struct egl_device *d = egl_device_lookup(dev);
	if (!d)
		return EGL_FAIL(EGL_BAD_DEVICE_EXT, NULL);
	switch (name) {
	case EGL_EXTENSIONS:
		egl_success();
		return d->has_primary ? "EGL_EXT_device_drm EGL_EXT_device_drm_render_node"
				      : "EGL_EXT_device_drm_render_node";
	case EGL_DRM_DEVICE_FILE_EXT:
		if (!d->has_primary)
			break;
		egl_success();
		return d->primary;
	case EGL_DRM_RENDER_NODE_FILE_EXT:
		egl_success();
		return d->render;
	default:
		break;
	}
	return EGL_FAIL(EGL_BAD_PARAMETER, NULL);
}

EGLBoolean eglQueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attr, EGLAttrib *value)
{
	(void)attr;
	(void)value;
	if (!egl_device_lookup(dev))
		return EGL_FAIL(EGL_BAD_DEVICE_EXT, EGL_FALSE);
	/* no device attributes are defined by the extensions we expose */
	return EGL_FAIL(EGL_BAD_ATTRIBUTE, EGL_FALSE);
}

/* ---- displays ---- */

#define MAX_DISPLAYS 17	/* one surfaceless, one per device */
static struct egl_display displays[MAX_DISPLAYS];
static int num_displays;

static struct egl_display *find_display(const void *handle)
{
	for (int i = 0; i < num_displays; i++)
		if ((const void *)&displays[i] == handle)
			return &displays[i];
	return NULL;
}

struct egl_display *egl_display_lock_in(const char *fn, EGLDisplay dpy, bool initialized)
{
	pthread_mutex_lock(&egl_lock);
	struct egl_display *d = find_display(dpy);
	if (!d) {
		pthread_mutex_unlock(&egl_lock);
		egl_report_error(fn, EGL_BAD_DISPLAY);
		return NULL;
	}
	if (initialized && !d->initialized) {
		pthread_mutex_unlock(&egl_lock);
		egl_report_error(fn, EGL_NOT_INITIALIZED);
		return NULL;
	}
	return d;
}

void egl_unlock(void)
{
	pthread_mutex_unlock(&egl_lock);
}

static EGLDisplay display_for(EGLenum platform, struct egl_device *dev)
{
	pthread_mutex_lock(&egl_lock);
	for (int i = 0; i < num_displays; i++)
		if (displays[i].platform == platform && displays[i].device == dev) {
			pthread_mutex_unlock(&egl_lock);
			return &displays[i];
		}
	if (num_displays == MAX_DISPLAYS) {
		pthread_mutex_unlock(&egl_lock);
		return EGL_FAIL(EGL_BAD_ALLOC, EGL_NO_DISPLAY);
	}
	struct egl_display *d = &displays[num_displays++];
	d->platform = platform;
	d->device = dev;
	pthread_mutex_unlock(&egl_lock);
	return d;
}

EGLDisplay egl_get_platform_display(EGLenum platform, void *native, const EGLAttrib *attribs)
{
	switch (platform) {
	case EGL_NONE:
		/* eglGetDisplay: only the default display, which is surfaceless */
		if (native != EGL_DEFAULT_DISPLAY)
			return EGL_NO_DISPLAY;
		/* fall through */
	case EGL_PLATFORM_SURFACELESS_MESA:
		if (native != NULL)
			return EGL_FAIL(EGL_BAD_PARAMETER, EGL_NO_DISPLAY);
		if (attribs && attribs[0] != EGL_NONE)
			return EGL_FAIL(EGL_BAD_ATTRIBUTE, EGL_NO_DISPLAY);
		egl_success();
		return display_for(EGL_PLATFORM_SURFACELESS_MESA, NULL);
	case EGL_PLATFORM_DEVICE_EXT: {
		struct egl_device *dev = egl_device_lookup(native);
		if (!dev)
			return EGL_FAIL(EGL_BAD_PARAMETER, EGL_NO_DISPLAY);
		/* EGL_DRM_MASTER_FD_EXT is the one attribute, and it is for
		 * KMS, which a pbuffer-only display does not use */
		for (const EGLAttrib *a = attribs; a && a[0] != EGL_NONE; a += 2)
			if (a[0] != EGL_DRM_MASTER_FD_EXT)
				return EGL_FAIL(EGL_BAD_ATTRIBUTE, EGL_NO_DISPLAY);
		egl_success();
		return display_for(EGL_PLATFORM_DEVICE_EXT, dev);
	}
	default:
		/* not ours: libglvnd asks the next vendor */
		return EGL_NO_DISPLAY;
	}
}

static int open_render_node(struct egl_display *d)
{
	if (d->device)
		return open(d->device->render, O_RDWR | O_CLOEXEC);
	struct egl_device *list;
	int n = egl_devices(&list);
	for (int i = 0; i < n; i++) {
		int fd = open(list[i].render, O_RDWR | O_CLOEXEC);
		if (fd >= 0)
			return fd;
	}
	errno = ENODEV;
	return -1;
}

/* The display extensions, each only as far as it is implemented. */
static void build_extensions(struct egl_display *d)
{
	snprintf(d->extensions, sizeof(d->extensions), "%s",
		 "EGL_ANDROID_native_fence_sync "
		 "EGL_EXT_create_context_robustness "
		 "EGL_EXT_image_dma_buf_import EGL_EXT_image_dma_buf_import_modifiers "
		 "EGL_KHR_create_context EGL_KHR_fence_sync EGL_KHR_gl_renderbuffer_image "
		 "EGL_KHR_gl_texture_2D_image EGL_KHR_image_base EGL_KHR_no_config_context "
		 "EGL_KHR_reusable_sync EGL_KHR_surfaceless_context EGL_KHR_wait_sync "
		 "EGL_MESA_image_dma_buf_export");
}

EGLBoolean eglInitialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
	struct egl_display *d = egl_display_lock(dpy, false);
	if (!d)
		return EGL_FALSE;
	if (!d->initialized) {
		int fd = open_render_node(d);
		struct gl_screen *screen = fd >= 0 ? gl_screen_create(fd) : NULL;
		if (!screen) {
			egl_unlock();
			return EGL_FAIL(EGL_NOT_INITIALIZED, EGL_FALSE);
		}
		d->screen = screen;
		egl_configs_build(d);
		build_extensions(d);
		d->initialized = true;
	}
	egl_unlock();
	if (major)
		*major = 1;
	if (minor)
		*minor = 5;
	return egl_success();
}

EGLBoolean eglTerminate(EGLDisplay dpy)
{
	struct egl_display *d = egl_display_lock(dpy, false);
	if (!d)
		return EGL_FALSE;
	if (d->initialized) {
		d->initialized = false;
		egl_display_release_objects(d);
		/* the screen stays while a doomed context still uses it */
		egl_display_maybe_finish(d);
	}
	egl_unlock();
	return egl_success();
}

const char *eglQueryString(EGLDisplay dpy, EGLint name)
{
	if (dpy == EGL_NO_DISPLAY && name == EGL_EXTENSIONS) {
		/* libglvnd answers client extensions itself, but a vendor must too */
		egl_success();
		return "EGL_EXT_device_base EGL_EXT_device_enumeration EGL_EXT_device_query EGL_EXT_platform_base "
		       "EGL_EXT_platform_device EGL_KHR_debug EGL_MESA_platform_surfaceless";
	}
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return NULL;
	const char *s = NULL;
	switch (name) {
	case EGL_VENDOR: s = "libdrm-gem"; break;
	case EGL_VERSION: s = "1.5 libdrm-gem"; break;
	case EGL_CLIENT_APIS: s = "OpenGL_ES"; break;
	case EGL_EXTENSIONS: s = d->extensions; break;
	default: break;
	}
	egl_unlock();
	if (!s)
		return EGL_FAIL(EGL_BAD_PARAMETER, NULL);
	egl_success();
	return s;
}

EGLBoolean eglQueryDisplayAttribEXT(EGLDisplay dpy, EGLint attr, EGLAttrib *value)
{
	struct egl_display *d = egl_display_lock(dpy, true);
	if (!d)
		return EGL_FALSE;
	if (attr != EGL_DEVICE_EXT) {
		egl_unlock();
		return EGL_FAIL(EGL_BAD_ATTRIBUTE, EGL_FALSE);
	}
	struct egl_device *dev = d->device;
	egl_unlock();
	if (!dev) {
		struct egl_device *list;
		/* surfaceless: the device whose render node it opened, the first */
		if (egl_devices(&list) > 0)
			dev = &list[0];
	}
	if (value)
		*value = (EGLAttrib)dev;
	return egl_success();
}
