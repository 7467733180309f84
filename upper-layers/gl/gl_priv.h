/* SPDX-License-Identifier: MIT */
/*
 * The GL driver's private types, shared by the files of upper-layers/gl.
 *
 * GL entry points are defined under their own names (glClear...) with
 * hidden visibility: the library exports only __egl_Main, and libglvnd
 * reaches them through gl_get_proc_address (dispatch.c). Every entry point
 * works on the calling thread's current context (gl_current_context) and
 * records errors with gl_error (context.c), which also feeds KHR_debug.
 *
 * What may be called: libdrm_intel and libdrm public APIs, libc, and the
 * hardware vocabulary in hwdefs/. Nothing of the shim.
 */
#ifndef UPPER_LAYERS_GL_PRIV_H
#define UPPER_LAYERS_GL_PRIV_H

#define GL_APICALL __attribute__((visibility("hidden")))
#define GL_GLEXT_PROTOTYPES 1
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <intel_bufmgr.h>

#include "upper-layers/gl/gl_driver.h"

#define GL_HIDDEN __attribute__((visibility("hidden")))

struct gl_screen {
	int fd;
	drm_intel_bufmgr *bufmgr;
	int devid, gen;
	bool has_llc;
};

/*
 * Formats (formats.c): how a GL internal format is stored. Color formats
 * are named by their DRM fourcc (the byte order in memory, which the
 * blitter moves as 8, 16 or 32-bit pixels); depth and stencil by their
 * Intel layout.
 */
enum gl_fmt {
	GLF_NONE,
	GLF_RGBA8,	/* DRM ABGR8888: bytes R, G, B, A */
	GLF_RGBX8,	/* DRM XBGR8888 */
	GLF_BGRA8,	/* DRM ARGB8888: bytes B, G, R, A */
	GLF_BGRX8,	/* DRM XRGB8888 */
	GLF_RGB565,
	GLF_R8,
	GLF_RG8,	/* DRM GR88 */
	GLF_Z16,
	GLF_Z24X8,	/* depth in bits 0-23 */
	GLF_Z24S8,	/* depth in bits 0-23, stencil in 24-31 */
	GLF_S8,
	GLF_RGBA4,	/* GL's UNSIGNED_SHORT_4_4_4_4 word: R in bits 12-15 (DRM RGBA4444) */
	GLF_RGB5A1,	/* GL's UNSIGNED_SHORT_5_5_5_1 word: R in bits 11-15 (DRM RGBA5551) */
	GLF_SRGBA8,	/* bytes R, G, B, A, sRGB-encoded color */
	GLF_L8,		/* legacy LUMINANCE, ALPHA, LUMINANCE_ALPHA: texture-only */
	GLF_A8,
	GLF_LA8,	/* bytes L, A */
	GLF_R8UI, GLF_R8I, GLF_RG8UI, GLF_RG8I,
	GLF_R16UI, GLF_R16I, GLF_RG16UI, GLF_RG16I,
	GLF_R32UI, GLF_R32I, GLF_RGBA8UI, GLF_RGBA8I,
	GLF_COUNT
};

/* What a format's values are: normalized color, integer color, depth/stencil. */
enum gl_fmt_kind { GLF_KIND_UNORM, GLF_KIND_UINT, GLF_KIND_SINT, GLF_KIND_DS };

struct gl_fmt_info {
	GLenum internal;	/* the sized internal format it comes from */
	uint32_t fourcc;	/* 0 for depth/stencil and legacy formats */
	uint8_t cpp;
	GLenum base;		/* GL_RGBA, GL_RGB, GL_RG, GL_RED, GL_DEPTH_COMPONENT, ... */
	uint8_t r, g, b, a, depth, stencil;	/* bits */
	uint8_t kind;		/* enum gl_fmt_kind */
	uint8_t shift[4];	/* bit position of R, G, B, A in the little-endian pixel */
	bool srgb;		/* color bytes are sRGB-encoded */
	bool luminance;		/* the R channel is luminance: reads give L, L, L */
	bool renderable;	/* color-renderable in GLES 3.0 */
	GLenum read_format, read_type;	/* IMPLEMENTATION_COLOR_READ_FORMAT/TYPE (Mesa's answers) */
};
const struct gl_fmt_info *gl_fmt_info(enum gl_fmt fmt);
enum gl_fmt gl_fmt_from_internal(GLenum internalformat);
enum gl_fmt gl_fmt_from_fourcc(uint32_t fourcc);
/* Packs a clear color (0..1 floats; linear, encoded here for sRGB) into a pixel of fmt. */
uint32_t gl_fmt_pack_color(enum gl_fmt fmt, const float rgba[4]);
/* Packs integer clear values (ClearBufferiv/uiv), clamped to the channel's range. */
uint32_t gl_fmt_pack_int_color(enum gl_fmt fmt, const GLint rgba[4]);
/* The bits of a pixel of fmt that the color write mask protects. */
uint32_t gl_fmt_color_keep(enum gl_fmt fmt, const GLboolean mask[4]);
/* Pixels of normalized formats as RGBA bytes: unpacking widens by bit
 * replication, packing narrows with round-to-nearest ((v * max + 127) / 255),
 * the conversions Mesa's and llvmpipe's transfers make. */
void gl_fmt_unpack_ubyte(enum gl_fmt fmt, const void *pixel, uint8_t rgba[4]);
void gl_fmt_pack_ubyte(enum gl_fmt fmt, const uint8_t rgba[4], void *pixel);
/* Pixels of integer formats as 32-bit RGBA (sign-extended for SINT; missing
 * channels read 0, 0, 0, 1); packing clamps to the channel's range. */
void gl_fmt_unpack_int(enum gl_fmt fmt, const void *pixel, uint32_t rgba[4]);
void gl_fmt_pack_int(enum gl_fmt fmt, const uint32_t rgba[4], void *pixel);

/*
 * Miptrees (miptree.c): one 2D image in a buffer object, X-tiled, Y-tiled
 * or linear. Reference counted: textures, renderbuffers, images and
 * window-system framebuffers share them.
 */
struct gl_miptree {
	int refcount;
	struct gl_screen *screen;
	drm_intel_bo *bo;
	enum gl_fmt fmt;
	uint32_t tiling;	/* I915_TILING_* */
	uint32_t pitch;		/* bytes */
	uint32_t offset;	/* bytes from the start of bo (imported images) */
	int width, height;
};
enum { GL_MT_LINEAR = 1u << 0 };
struct gl_miptree *gl_miptree_create(struct gl_screen *screen, enum gl_fmt fmt, int width, int height,
				     unsigned flags);
struct gl_miptree *gl_miptree_wrap(struct gl_screen *screen, drm_intel_bo *bo, enum gl_fmt fmt, int width,
				   int height, uint32_t pitch, uint32_t offset, uint32_t tiling);
struct gl_miptree *gl_miptree_ref(struct gl_miptree *mt);
void gl_miptree_unref(struct gl_miptree *mt);
/* A CPU view of the image (GTT map when tiled: the fence detiles), after
 * submitting ctx's batch if it uses the buffer. Returns the first pixel. */
void *gl_miptree_map(struct gl_context *ctx, struct gl_miptree *mt);
void gl_miptree_unmap(struct gl_miptree *mt);

/*
 * The batch (batch.c): per context, on the BLT ring (render ring before
 * gen6), commands written in CPU memory and copied into a fresh batch
 * object at submit; relocations through drm_intel_bo_emit_reloc.
 */
#define GL_BATCH_DWORDS 8192
struct gl_batch {
	drm_intel_bo *bo;	/* the batch object being built, NULL when empty */
	uint32_t map[GL_BATCH_DWORDS];
	unsigned used;		/* dwords */
	unsigned relocs;
	uint32_t swctrl;	/* BCS_SWCTRL Y bits the batch has loaded */
	drm_intel_bo *last;	/* the last submitted batch, for glFinish and fences */
	int in_fence;		/* sync_file the next batch waits for, or -1 */
};
int gl_batch_reserve(struct gl_context *ctx, unsigned dwords, unsigned relocs, drm_intel_bo *const *bos,
		     unsigned n);
void gl_out(struct gl_context *ctx, uint32_t dw);
/* fenced: the relocation asks for a fence register (tiled surfaces before gen4). */
void gl_out_reloc(struct gl_context *ctx, drm_intel_bo *bo, uint32_t delta, bool write, bool fenced);
/* Submits the batch if it has commands; out_fence (may be NULL) gets a
 * sync_file of its completion. */
int gl_batch_flush(struct gl_context *ctx, int *out_fence);
bool gl_batch_references(struct gl_context *ctx, drm_intel_bo *bo);
void gl_batch_fini(struct gl_context *ctx);

/* Blitter commands (blt.c): rectangles in pixels of mt, x2/y2 exclusive.
 * write_mask: INTEL_BLT_WRITE_* bits for 32 bpp, 0 for all. */
int gl_blt_fill(struct gl_context *ctx, struct gl_miptree *dst, int x1, int y1, int x2, int y2,
		uint32_t pixel, uint32_t write_mask);
int gl_blt_copy(struct gl_context *ctx, struct gl_miptree *src, int sx, int sy, struct gl_miptree *dst, int dx,
		int dy, int w, int h);

/*
 * Objects. Names live in tables (names.c): buffers, textures, renderbuffers
 * and syncs are shared between shared contexts; framebuffers are not.
 */
struct gl_names {
	void **obj;		/* obj[name], NULL when free; (void *)1 = named, not yet created */
	unsigned cap;
};
#define GL_NAME_RESERVED ((void *)1)
GLuint gl_names_gen(struct gl_names *t);
void *gl_names_get(const struct gl_names *t, GLuint name);
bool gl_names_is_used(const struct gl_names *t, GLuint name);
int gl_names_set(struct gl_names *t, GLuint name, void *obj);
void gl_names_remove(struct gl_names *t, GLuint name);
void gl_names_fini(struct gl_names *t);

struct gl_renderbuffer {
	GLuint name;
	int refcount;
	GLenum internal;	/* GL_RGBA4 until storage is given */
	struct gl_miptree *mt;	/* NULL without storage */
	int width, height, samples;
};

struct gl_attachment {
	GLenum type;		/* GL_NONE, GL_RENDERBUFFER, GL_TEXTURE */
	struct gl_renderbuffer *rb;
	GLuint texture;
	int level;
	struct gl_texture *tex;	/* GL_TEXTURE: a reference */
	int face;		/* cube map face 0..5 (0 for other targets) */
	int layer;		/* FramebufferTextureLayer */
};

enum { GL_ATT_COLOR0, GL_ATT_DEPTH = 4, GL_ATT_STENCIL, GL_ATT_COUNT };
struct gl_framebuffer {
	GLuint name;		/* 0: a window-system framebuffer */
	struct gl_attachment att[GL_ATT_COUNT];
	GLenum draw_buffers[4];
	GLenum read_buffer;
	/* window-system framebuffers only */
	struct gl_miptree *ws_color, *ws_depth, *ws_stencil;
	int width, height;
};
void gl_fb_free(struct gl_framebuffer *fb);
void gl_renderbuffer_unref(struct gl_renderbuffer *rb);
/* The miptree an attachment point of fb renders to (NULL if none). */
struct gl_miptree *gl_fb_miptree(struct gl_context *ctx, struct gl_framebuffer *fb, int att);
GLenum gl_fb_status(struct gl_context *ctx, struct gl_framebuffer *fb);

/*
 * Buffer objects (bufferobj.c). The object is reference counted (name
 * table, bindings); its storage is one drm_intel_bo, replaced whole by
 * BufferData or an INVALIDATE_BUFFER map of a busy buffer.
 */
enum gl_buf_target {
	GL_BUF_ARRAY,
	GL_BUF_ELEMENT_ARRAY,
	GL_BUF_COPY_READ,
	GL_BUF_COPY_WRITE,
	GL_BUF_PIXEL_PACK,
	GL_BUF_PIXEL_UNPACK,
	GL_BUF_UNIFORM,
	GL_BUF_TRANSFORM_FEEDBACK,
	GL_BUF_TARGET_COUNT
};
struct gl_buffer {
	GLuint name;
	int refcount;
	drm_intel_bo *bo;	/* NULL until storage is given */
	GLsizeiptr size;
	GLenum usage;
	bool immutable;		/* BufferStorageEXT */
	GLbitfield storage_flags;
	/* the current mapping, if any */
	bool mapped;
	GLbitfield access;
	GLintptr map_offset;
	GLsizeiptr map_length;
	void *map_pointer;
	drm_intel_bo *map_temp;	/* INVALIDATE_RANGE on a busy buffer: blitted in at flush/unmap */
};
/* -1 for a target enum GLES 3.0 does not have. */
int gl_buf_target_index(GLenum target);
void gl_buffer_unref(struct gl_buffer *buf);

/*
 * Textures (texture.c): a 2D image per level, each in its own miptree (a
 * blitter-only driver never samples, so levels need not share an object).
 */
#define GL_MAX_TEXTURE_LEVELS 15
#define GL_MAX_TEXTURE_UNITS_GEM 32
enum gl_tex_target { GL_TEX_2D, GL_TEX_3D, GL_TEX_2D_ARRAY, GL_TEX_CUBE, GL_TEX_TARGET_COUNT };
struct gl_texture {
	GLuint name;
	int refcount;
	GLenum target;		/* 0 until first bound */
	/* level[] is face 0 (the only face but of cube maps, whose +X it is);
	 * internal[] is 0 for an image never specified (a specified image of
	 * width or height 0 has internal set and no miptree) */
	struct gl_miptree *level[GL_MAX_TEXTURE_LEVELS];
	GLenum internal[GL_MAX_TEXTURE_LEVELS];
	struct gl_miptree *face_level[5][GL_MAX_TEXTURE_LEVELS];	/* cube faces -X, +Y, -Y, +Z, -Z */
	GLenum face_internal[5][GL_MAX_TEXTURE_LEVELS];
	int width[6][GL_MAX_TEXTURE_LEVELS], height[6][GL_MAX_TEXTURE_LEVELS];
	bool immutable;
	int immutable_levels;
	struct gl_image *image;	/* bound by glEGLImageTargetTexture2DOES */
	/* sampler state (kept and queried; nothing samples) */
	GLint min_filter, mag_filter, wrap_s, wrap_t, wrap_r, base_level, max_level;
	GLint compare_mode, compare_func, swizzle[4];
	GLfloat min_lod, max_lod;
};
void gl_texture_unref(struct gl_texture *tex);
/* Releases the context's texture bindings and default textures (texture.c). */
void gl_tex_context_fini(struct gl_context *ctx);
/* Texture and pixel-transfer state for glGet: values written, -1 if pname
 * is not one of them (texture.c). */
int gl_tex_get_ints(struct gl_context *ctx, GLenum pname, GLint64 *v);

struct gl_shared {
	int refcount;
	pthread_mutex_t lock;
	struct gl_names buffers, textures, renderbuffers, syncs;
};

/* Fences (fence.c) are what gl_driver.h declares; GL sync objects hold one. */
struct gl_fence {
	drm_intel_bo *bo;	/* the batch whose completion it is, or NULL (already complete) */
	int fd;			/* sync_file, or -1 */
};

struct gl_context {
	struct gl_screen *screen;
	struct gl_shared *shared;
	int major, minor;
	unsigned flags;
	bool lost;
	bool made_current;
	GLDEBUGPROCKHR debug_callback;
	const void *debug_user;
	GLenum error;
	struct gl_batch batch;
	drm_intel_context *hw_ctx;	/* NULL: the file's default context */

	struct gl_framebuffer *ws_draw, *ws_read;	/* EGL's, NULL when surfaceless */
	struct gl_framebuffer *draw_fb, *read_fb;	/* bound; NULL = framebuffer 0 */
	struct gl_names framebuffers;
	struct gl_renderbuffer *bound_rb;
	struct gl_buffer *bound_buffers[GL_BUF_TARGET_COUNT];
	GLuint active_texture;	/* unit index */
	struct gl_texture *bound_textures[GL_MAX_TEXTURE_UNITS_GEM][GL_TEX_TARGET_COUNT];
	/* texture 0 of each target, per context (texture.c makes them on first use) */
	struct gl_texture *default_textures[GL_TEX_TARGET_COUNT];

	/* fragment operations the blitter paths honour */
	float clear_color[4];
	float clear_depth;
	GLint clear_stencil;
	GLboolean color_mask[4], depth_mask;
	GLuint stencil_mask;
	bool scissor_test;
	uint32_t enables;	/* glEnable bits, state.c */
	GLint scissor[4];
	GLint viewport[4];

	struct {
		GLint pack_alignment, unpack_alignment;
		GLint pack_row_length, pack_skip_rows, pack_skip_pixels;
		GLint unpack_row_length, unpack_image_height, unpack_skip_rows, unpack_skip_pixels,
			unpack_skip_images;
	} pixel_store;
};

struct gl_context *gl_ctx(void);
/* Default state of a new context (state.c). */
void gl_state_init(struct gl_context *ctx);
/* Records err if no error is pending; msg (printf-style) goes to KHR_debug. */
void gl_error(struct gl_context *ctx, GLenum err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The draw/read framebuffer bound (window-system when name 0). */
struct gl_framebuffer *gl_draw_fb(struct gl_context *ctx);
struct gl_framebuffer *gl_read_fb(struct gl_context *ctx);

#endif
