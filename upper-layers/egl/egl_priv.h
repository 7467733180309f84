/* SPDX-License-Identifier: MIT */
/*
 * The EGL layer's private types. EGL handles are pointers to these
 * structures; every handle an application passes in is looked up in the
 * lists below before use, so a stale or foreign handle is an EGL error,
 * never a dereference. One mutex (egl_lock) guards the displays and
 * everything hanging off them; the GL driver is called outside it only for
 * the current thread's own work.
 *
 * Lifetimes (EGL 1.5 §3.2, §3.7.3): eglTerminate marks a display's objects
 * for deletion; an object current in some thread is destroyed when it
 * stops being current, the others at once. A display handle itself lives
 * for the life of the process, as the spec allows.
 *
 * May call: the GL driver through upper-layers/gl/gl_driver.h, libdrm
 * (device discovery), libglvnd's exports table, libc.
 */
#ifndef UPPER_LAYERS_EGL_PRIV_H
#define UPPER_LAYERS_EGL_PRIV_H

/* Our EGL functions keep their names but stay inside the library: libglvnd
 * reaches them through getProcAddress, and only __egl_Main is exported. */
#define EGLAPI __attribute__((visibility("hidden")))
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <glvnd/libeglabi.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "upper-layers/gl/gl_driver.h"

#define EGL_HIDDEN __attribute__((visibility("hidden")))

extern const __EGLapiExports *egl_exports;
extern __EGLvendorInfo *egl_vendor;
extern pthread_mutex_t egl_lock;

/* A DRM device as EGL_EXT_device_enumeration lists it. */
struct egl_device {
	char primary[64];
	char render[64];
	bool has_primary;
};
int egl_devices(struct egl_device **list);	/* count; the list lives for the process */
struct egl_device *egl_device_lookup(EGLDeviceEXT handle);

struct egl_config {
	EGLint id;
	uint32_t fourcc;	/* pbuffer color format */
	EGLint r, g, b, a, depth, stencil;
};

struct egl_object {		/* what contexts, surfaces, images and syncs start with */
	struct egl_object *next;
	struct egl_display *dpy;
	EGLLabelKHR label;
	bool current;		/* current in some thread (contexts, surfaces) */
	bool doomed;		/* destroyed or terminated while current: free when released */
};

struct egl_context {
	struct egl_object base;
	struct gl_context *gl;
	const struct egl_config *config;	/* NULL: EGL_NO_CONFIG_KHR */
	EGLint client_version;
	struct egl_surface *draw, *read;
	pthread_t thread;
};

struct egl_surface {
	struct egl_object base;
	const struct egl_config *config;
	struct gl_framebuffer *fb;
	EGLint width, height;
	EGLint largest, texture_format, texture_target, mipmap_texture;
	EGLint swap_behavior, multisample_resolve;
};

/* An EGLImage: the GL driver's image, one reference (image.c). */
struct egl_image {
	struct egl_object base;
	struct gl_image *gl;
};

/* An EGLSync (sync.c). Fence and native-fence syncs hold a GL fence;
 * reusable ones are a CPU flag with a condition variable (on egl_lock).
 * refs: the display's list holds one, each waiter one while it waits
 * outside the lock, so eglDestroySync and eglTerminate never free a sync
 * a thread still sleeps on. */
struct egl_sync {
	struct egl_object base;
	EGLenum type;		/* EGL_SYNC_FENCE, EGL_SYNC_REUSABLE_KHR, EGL_SYNC_NATIVE_FENCE_ANDROID */
	EGLenum condition;
	EGLint status;		/* reusable: EGL_SIGNALED / EGL_UNSIGNALED */
	struct gl_fence *fence;
	pthread_cond_t cond;
	int refs;
};

struct egl_display {
	EGLenum platform;	/* EGL_PLATFORM_SURFACELESS_MESA or EGL_PLATFORM_DEVICE_EXT */
	struct egl_device *device;
	bool initialized;
	struct gl_screen *screen;
	struct egl_config *configs;
	int num_configs;
	struct egl_object *contexts, *surfaces, *images, *syncs;
	EGLLabelKHR label;
	char extensions[1024];
};

/* Thread state: the last error, the bound API, the current objects. */
struct egl_thread {
	EGLint error;
	EGLenum api;
	struct egl_context *ctx;
	struct egl_display *dpy;
};
struct egl_thread *egl_thread(void);
/* Records err for eglGetError, reports it to the EGL_KHR_debug callback as
 * an error of the command fn (debug.c), and returns EGL_FALSE. The macros
 * name the calling function, which for entry points is the EGL command.
 * Never called with egl_lock held: the callback may call EGL. */
EGLBoolean egl_report_error(const char *fn, EGLint err);
#define egl_error(err) egl_report_error(__func__, (err))
#define EGL_FAIL(err, ret) (egl_report_error(__func__, (err)), (ret))
EGLBoolean egl_success(void);
/* EGL_KHR_debug state (debug.c): the thread's label. */
EGLLabelKHR egl_thread_label(void);
void egl_debug_report(const char *fn, EGLint err);

/* Display lookup: NULL with EGL_BAD_DISPLAY recorded when dpy is not ours;
 * with initialized, also EGL_NOT_INITIALIZED when it is not initialized.
 * The lookup takes egl_lock when it succeeds; egl_unlock releases it. */
struct egl_display *egl_display_lock_in(const char *fn, EGLDisplay dpy, bool initialized);
#define egl_display_lock(dpy, initialized) egl_display_lock_in(__func__, (dpy), (initialized))
void egl_unlock(void);
bool egl_object_in(struct egl_object *list, const void *handle);
void egl_object_unlink(struct egl_object **list, struct egl_object *obj);

/* Frees a display's contexts/surfaces not current anywhere; the current
 * ones are doomed (eglTerminate). Caller holds egl_lock. */
void egl_display_release_objects(struct egl_display *d);
/* A terminated display's screen and configs go once its last doomed
 * context and surface are gone (eglTerminate, the release that frees
 * them). Caller holds egl_lock. */
void egl_display_maybe_finish(struct egl_display *d);
void egl_context_free(struct egl_context *c);
void egl_surface_free(struct egl_surface *s);
/* Images and syncs of a display going away (eglTerminate), egl_lock held. */
void egl_images_release(struct egl_display *d);
void egl_syncs_release(struct egl_display *d);
/* Registers the EGLImage resolver with the GL driver (image.c). */
void egl_images_init(void);
void egl_configs_build(struct egl_display *d);
bool egl_configs_compatible(const struct egl_config *a, const struct egl_config *b);
const struct egl_config *egl_config_lookup(struct egl_display *d, EGLConfig handle);

/* Entry points the vendor table hands to libglvnd (vendor.c). */
EGLDisplay egl_get_platform_display(EGLenum platform, void *native, const EGLAttrib *attribs);
void *egl_proc(const char *name);

#endif
