/* SPDX-License-Identifier: MIT */
/*
 * The GL driver as the EGL layer sees it: the only header of gl/ that egl/
 * includes. The driver is written like i965 over libdrm_intel; EGL owns the
 * displays, configs and surfaces and hands the driver a screen (one
 * render-node fd and its bufmgr), contexts, window-system framebuffers
 * (pbuffers), images and fences.
 *
 * Lifetimes: a screen outlives everything made from it (EGL destroys its
 * contexts, framebuffers, images and fences before the screen). A context
 * or framebuffer current in some thread must not be destroyed: EGL defers
 * that until it is released, as the EGL spec asks. Images and fences are
 * reference counted / owned by the one EGL object that made them.
 *
 * Errors: functions that can fail on the caller's input return an EGL error
 * code (EGL_SUCCESS when they succeed), so the EGL layer can pass it on.
 */
#ifndef UPPER_LAYERS_GL_DRIVER_H
#define UPPER_LAYERS_GL_DRIVER_H

#include <stdbool.h>
#include <stdint.h>
#include <EGL/egl.h>

struct gl_screen;
struct gl_context;
struct gl_framebuffer;
struct gl_image;
struct gl_fence;

/* Screens: takes ownership of fd (closed by gl_screen_destroy, or on
 * failure). NULL with errno set when the device is not one we drive. */
struct gl_screen *gl_screen_create(int fd);
void gl_screen_destroy(struct gl_screen *screen);
int gl_screen_fd(const struct gl_screen *screen);
int gl_screen_gen(const struct gl_screen *screen);

/* Contexts for OpenGL ES major.minor (2.0 or 3.0). share may be NULL. */
enum {
	GL_CONTEXT_FLAG_DEBUG_GEM = 1u << 0,
	GL_CONTEXT_FLAG_ROBUST_GEM = 1u << 1,	/* robust access + lose context on reset */
};
struct gl_context *gl_context_create(struct gl_screen *screen, int major, int minor, unsigned flags,
				     struct gl_context *share);
void gl_context_destroy(struct gl_context *ctx);
bool gl_context_is_lost(const struct gl_context *ctx);

/* Window-system framebuffers (EGL pbuffers): a color buffer of the given
 * DRM fourcc, with optional depth and stencil buffers. */
struct gl_framebuffer *gl_winsys_fb_create(struct gl_screen *screen, int width, int height, uint32_t fourcc,
					   int depth_bits, int stencil_bits);
void gl_winsys_fb_destroy(struct gl_framebuffer *fb);

/* Makes ctx current in the calling thread with draw/read as framebuffer 0
 * (both NULL for a surfaceless context). ctx NULL releases the thread's
 * context, flushing it first. */
void gl_make_current(struct gl_context *ctx, struct gl_framebuffer *draw, struct gl_framebuffer *read);
struct gl_context *gl_current_context(void);

/* glFlush and glFinish for the EGL calls that imply them. */
void gl_context_flush(struct gl_context *ctx);
void gl_context_finish(struct gl_context *ctx);

/*
 * Images (EGLImage's content): one 2D surface in a buffer object, shared by
 * reference. Made from a texture level, a renderbuffer or a dma-buf;
 * exported as a dma-buf; bound to a texture or renderbuffer by
 * glEGLImageTargetTexture2DOES / RenderbufferStorageOES, which find the
 * image through the resolver EGL registers (it returns a new reference, or
 * NULL for a handle that is not a live image of the current display).
 */
struct gl_image_desc {
	uint32_t fourcc;	/* DRM_FORMAT_* */
	uint64_t modifier;	/* DRM_FORMAT_MOD_LINEAR, I915_FORMAT_MOD_X/Y_TILED; on import
				 * DRM_FORMAT_MOD_INVALID: none given, the kernel's tiling */
	int width, height;
	uint32_t pitch, offset;
};
EGLint gl_image_from_texture(struct gl_context *ctx, unsigned texture, int level, struct gl_image **out);
EGLint gl_image_from_renderbuffer(struct gl_context *ctx, unsigned renderbuffer, struct gl_image **out);
EGLint gl_image_from_dmabuf(struct gl_screen *screen, int fd, const struct gl_image_desc *desc,
			    struct gl_image **out);
/* fd: a new dma-buf fd the caller owns; desc may be NULL. */
EGLint gl_image_export_dmabuf(struct gl_image *image, int *fd, struct gl_image_desc *desc);
void gl_image_describe(const struct gl_image *image, struct gl_image_desc *desc);
struct gl_image *gl_image_ref(struct gl_image *image);
void gl_image_unref(struct gl_image *image);
void gl_set_image_resolver(struct gl_image *(*resolve)(void *egl_image));
/* The dma-buf formats and modifiers images can hold, for
 * eglQueryDmaBufFormatsEXT/ModifiersEXT: counts, arrays filled up to max. */
int gl_screen_dmabuf_formats(const struct gl_screen *screen, uint32_t *fourccs, int max);
int gl_screen_dmabuf_modifiers(const struct gl_screen *screen, uint32_t fourcc, uint64_t *modifiers, int max);

/*
 * Fences: a point in a context's command stream. gl_fence_create flushes
 * the context's batch (the fence is the batch's completion); with
 * want_fd the batch is submitted with a sync_file out-fence. in_fd >= 0
 * makes a fence from a sync_file (ownership passes to the fence).
 */
struct gl_fence *gl_fence_create(struct gl_context *ctx, bool want_fd);
struct gl_fence *gl_fence_from_fd(struct gl_context *ctx, int in_fd);
/* 1 signaled, 0 timed out, negative errno on failure. */
int gl_fence_client_wait(struct gl_fence *fence, uint64_t timeout_ns);
bool gl_fence_signaled(struct gl_fence *fence);
/* Makes ctx's later work wait for the fence (an in-fence on its next
 * batch, or nothing when the fence is ctx's own stream). */
int gl_fence_server_wait(struct gl_context *ctx, struct gl_fence *fence);
/* A new fd the caller owns, or -1 when the fence has no sync_file. */
int gl_fence_dup_fd(const struct gl_fence *fence);
void gl_fence_destroy(struct gl_fence *fence);

/* GL entry points by name, for libglvnd's dispatch table and
 * eglGetProcAddress; NULL for a name the driver does not know. */
void *gl_get_proc_address(const char *name);

#endif
