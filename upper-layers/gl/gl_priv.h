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
	/* wide: one 32-bit word per channel, R first; the blitter moves a
	 * texel as 2 or 4 32bpp pixels */
	GLF_RG32UI, GLF_RG32I, GLF_RGBA32UI, GLF_RGBA32I,
	/* GL's UNSIGNED_INT_2_10_10_10_REV word: R in bits 0-9, A in 30-31 */
	GLF_RGB10A2, GLF_RGB10A2UI,
	GLF_SRGBX8,	/* SRGB8 kept as 4 bytes R, G, B, X (i965's RGB padding) */
	/* 8 bytes: a 16-bit word per channel, R first (a texel is 2 32bpp pixels to the blitter) */
	GLF_RGBA16UI, GLF_RGBA16I,
	/* signed normalized bytes, texture-only in ES 3.0; RGB8_SNORM padded to 4 bytes */
	GLF_R8_SNORM, GLF_RG8_SNORM, GLF_RGBX8_SNORM, GLF_RGBA8_SNORM,
	/* RGB integer, texture-only in ES 3.0, padded to 4 channels as i965
	 * kept them: RGB8 in 4 bytes, RGB16 in 8, RGB32 in 16 (the blitter
	 * moves 1, 2 or 4 32bpp pixels); the padding is no channel's */
	GLF_RGB8UI, GLF_RGB8I, GLF_RGB16UI, GLF_RGB16I, GLF_RGB32UI, GLF_RGB32I,
	GLF_Z32F,	/* a float depth, 4 bytes */
	GLF_Z32FS8,	/* a float depth, then stencil in byte 4 (bytes 5-7 unused): 8 bytes */
	/* floating point: a 16-bit half or 32-bit float word per channel, R
	 * first (RGBA16F, RG32F and RGBA32F are wide, moved as 2 or 4 32bpp
	 * pixels); RGB16F and RGB32F padded to 4 channels, the pad 1.0 */
	GLF_R16F, GLF_RG16F, GLF_RGBX16F, GLF_RGBA16F, GLF_R32F, GLF_RG32F, GLF_RGBX32F, GLF_RGBA32F,
	/* GL's packed float words: UNSIGNED_INT_10F_11F_11F_REV (R in bits
	 * 0-10) and UNSIGNED_INT_5_9_9_9_REV (R in 0-8, the shared exponent in 27-31) */
	GLF_R11G11B10F, GLF_RGB9E5,
	/* compressed (ETC2/EAC): a 4x4 texel block as one 8 or 16-byte pixel,
	 * kept as given (nothing samples, so nothing decodes) */
	GLF_BLOCK64, GLF_BLOCK128,
	GLF_COUNT
};

/* What a format's values are: normalized color, integer color, depth/stencil,
 * compressed blocks (opaque bytes: no conversion, render or read touches them),
 * floating-point color (channels of 32, 16, 11 or 10 bits, or RGB9_E5's). */
enum gl_fmt_kind {
	GLF_KIND_UNORM, GLF_KIND_UINT, GLF_KIND_SINT, GLF_KIND_DS, GLF_KIND_BLOCK, GLF_KIND_SNORM, GLF_KIND_FLOAT
};

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
	bool renderable;	/* color-renderable in GLES 3.0 (floats: with EXT_color_buffer_float) */
	GLenum read_format, read_type;	/* IMPLEMENTATION_COLOR_READ_FORMAT/TYPE (Mesa's answers) */
	uint8_t block;		/* texels per block edge (4 for GLF_BLOCK*), 0 for 1 */
};
/* The wide formats (cpp 8 or 16): each channel a whole 16 or 32-bit word
 * at byte shift / 8. Their pixels do not fit a uint32_t: gl_fmt_color_keep
 * answers a mask of kept channels (bit i: channel i) for them, and fills go
 * through gl_fmt_pack_int into a cpp-byte pixel. */
static inline bool gl_fmt_wide(const struct gl_fmt_info *fi)
{
	return fi->cpp > 4 && fi->kind != GLF_KIND_BLOCK && fi->kind != GLF_KIND_DS;
}
/* Depth and stencil pixels (at most 8 bytes, read as a little-endian
 * uint64_t): depth in the low fi->depth bits, unsigned normalized or, at
 * 32 bits (ES has no 32-bit fixed-point depth), a float; stencil in the 8
 * bits right above the depth. */
static inline bool gl_fmt_float_depth(const struct gl_fmt_info *fi)
{
	return fi->kind == GLF_KIND_DS && fi->depth == 32;
}
/* Every bit of a pixel of up to 8 bytes, as a mask. */
static inline uint64_t gl_fmt_pixel_mask(const struct gl_fmt_info *fi)
{
	return fi->cpp >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (fi->cpp * 8)) - 1;
}
/* The bits of a pixel of fmt that hold its depth and/or its stencil. */
uint64_t gl_fmt_ds_bits(enum gl_fmt fmt, bool depth, bool stencil);
/* A pixel of fmt holding depth (clamped to [0, 1]) and stencil (its low 8 bits). */
uint64_t gl_fmt_pack_ds(enum gl_fmt fmt, float depth, uint32_t stencil);
/* Pixel v of src as a pixel of dst: depth kept as is (the formats agree
 * on it where both have it, as blits require), stencil moved. */
uint64_t gl_fmt_ds_convert(enum gl_fmt src, uint64_t v, enum gl_fmt dst);
const struct gl_fmt_info *gl_fmt_info(enum gl_fmt fmt);
enum gl_fmt gl_fmt_from_internal(GLenum internalformat);
enum gl_fmt gl_fmt_from_fourcc(uint32_t fourcc);
/* Packs a clear color (0..1 floats; linear, encoded here for sRGB) into a pixel of fmt. */
uint32_t gl_fmt_pack_color(enum gl_fmt fmt, const float rgba[4]);
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
/* Normalized formats with a channel wider than 8 bits (RGB10_A2): Mesa
 * converts them through floats, not bytes, so every conversion between
 * them and other normalized formats goes through these (values 0..1, raw
 * encoded values for sRGB; missing channels 0, 0, 0, 1). They are also
 * the conversions of the floating-point formats (any value: packing
 * rounds to half to nearest even, truncates to the unsigned 11 and
 * 10-bit floats and encodes RGB9_E5's shared exponent, as Mesa does). */
bool gl_fmt_deep(enum gl_fmt fmt);
void gl_fmt_unpack_float(enum gl_fmt fmt, const void *pixel, float rgba[4]);
void gl_fmt_pack_float(enum gl_fmt fmt, const float rgba[4], void *pixel);
/* IEEE half floats (GL's HALF_FLOAT): to float exactly; from float
 * rounded to nearest even, overflowing to infinity, NaN kept quiet. */
float gl_half_to_float(uint16_t h);
uint16_t gl_half_from_float(float f);
/*
 * gl_fmt_pack_float as a given path of llvmpipe (the reference) stores
 * into float channels: its CPU packers (uploads: gl_fmt_pack_float, how
 * 0) round halves to nearest and flush 11 and 10-bit floats below 2^-14
 * to 0; its whole-buffer clears round halves toward zero (finite values
 * past the largest half to the largest); its rendering (blits, copies,
 * mipmaps, resolves, clears of part of a buffer) keeps small-float
 * denormals as well. Other kinds pack as gl_fmt_pack_float.
 */
enum {
	GL_PACK_HALF_TOWARD_ZERO = 1u << 0,
	GL_PACK_SMALL_DENORMALS = 1u << 1,
	GL_PACK_CLEARED = GL_PACK_HALF_TOWARD_ZERO,
	GL_PACK_RENDERED = GL_PACK_HALF_TOWARD_ZERO | GL_PACK_SMALL_DENORMALS,
};
void gl_fmt_pack_float_as(enum gl_fmt fmt, const float rgba[4], void *pixel, unsigned how);

/*
 * Miptrees (miptree.c): one 2D image in a buffer object, X-tiled, Y-tiled
 * or linear, or a stack of depth such images (the slices of one level of a
 * 3D or array texture) qpitch rows apart in one object. Reference counted:
 * textures, renderbuffers, images and window-system framebuffers share
 * them. A stack is its own slice 0; gl_miptree_slice gives the others as
 * miptrees of their own (views at an offset into the same object), so
 * every path that takes a 2D image takes a slice.
 */
struct gl_miptree {
	int refcount;
	struct gl_screen *screen;
	drm_intel_bo *bo;
	enum gl_fmt fmt;
	uint32_t tiling;	/* I915_TILING_* */
	uint32_t pitch;		/* bytes */
	uint32_t offset;	/* bytes from the start of bo (imported images, slices) */
	int images;		/* live EGL images of it: then it is an EGLImage sibling */
	int width, height;	/* pixels: 4x4 blocks for a compressed format */
	int depth;		/* slices; 1 for a 2D image and for a slice view */
	uint32_t qpitch;	/* rows from one slice to the next */
	int samples;		/* > 0: a multisample image, its depth slices the sample planes (multisample.c) */
	struct gl_miptree **slices;	/* depth > 1: views of slices 1.., made on first use */
};
enum { GL_MT_LINEAR = 1u << 0 };
struct gl_miptree *gl_miptree_create(struct gl_screen *screen, enum gl_fmt fmt, int width, int height,
				     unsigned flags);
/* depth slices of width x height (depth 1: gl_miptree_create's image);
 * sizes in texels, also for a compressed format (whose miptree counts blocks). */
struct gl_miptree *gl_miptree_create_3d(struct gl_screen *screen, enum gl_fmt fmt, int width, int height, int depth,
					unsigned flags);
/* Slice z of mt (mt itself for 0), owned by mt: valid while mt is, no
 * reference taken. NULL when z is outside or the view cannot be made. */
struct gl_miptree *gl_miptree_slice(struct gl_miptree *mt, int z);
struct gl_miptree *gl_miptree_wrap(struct gl_screen *screen, drm_intel_bo *bo, enum gl_fmt fmt, int width,
				   int height, uint32_t pitch, uint32_t offset, uint32_t tiling);
struct gl_miptree *gl_miptree_ref(struct gl_miptree *mt);
void gl_miptree_unref(struct gl_miptree *mt);
/* A CPU view of the image (GTT map when tiled: the fence detiles), after
 * submitting ctx's batch if it uses the buffer. Returns the first pixel. */
void *gl_miptree_map(struct gl_context *ctx, struct gl_miptree *mt);
void gl_miptree_unmap(struct gl_miptree *mt);
/*
 * The w x h texels at x, y of planes images of mt (slices qpitch rows apart,
 * from the first) copied into a new buffer the caller frees: rows packed
 * (w * cpp bytes), plane after plane. mt is unmapped again on return, so the
 * caller may then map the destination of a copy, which may be mt itself.
 * NULL when memory is out or the map fails.
 */
uint8_t *gl_miptree_read_rect(struct gl_context *ctx, struct gl_miptree *mt, int x, int y, int w, int h, int planes);

/*
 * The batch (batch.c): per context, on the BLT ring (render ring before
 * gen6), commands written in CPU memory and copied into a fresh batch
 * object at submit; relocations through drm_intel_bo_emit_reloc.
 */
#define GL_BATCH_DWORDS 8192
#define GL_BATCHES_IN_FLIGHT 4
struct gl_batch {
	drm_intel_bo *bo;	/* the batch object being built, NULL when empty */
	uint32_t map[GL_BATCH_DWORDS];
	unsigned used;		/* dwords */
	unsigned relocs;
	uint32_t swctrl;	/* BCS_SWCTRL Y bits the batch has loaded */
	drm_intel_bo *last;	/* the last submitted batch, for glFinish and fences */
	int in_fence;		/* sync_file the next batch waits for, or -1 */
	drm_intel_throttle *throttle;	/* NULL without libdrm-gem's throttle API */
	drm_intel_bo *in_flight[GL_BATCHES_IN_FLIGHT];	/* fenced submissions, round robin */
	unsigned in_flight_next;
};
void gl_batch_init(struct gl_context *ctx);
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
	unsigned hint;		/* every name below it is in use */
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
/* Whether a color attachment of fb is a float format (EXT_color_buffer_float). */
bool gl_fb_has_float_color(struct gl_context *ctx, struct gl_framebuffer *fb);

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
	uint32_t map_temp_delta;	/* where map_offset lies in map_temp (its misalignment to 64) */
	bool map_gtt;		/* mapped through the GTT (unmap with drm_intel_gem_bo_unmap_gtt) */
};
/* -1 for a target enum GLES 3.0 does not have. */
int gl_buf_target_index(GLenum target);
struct gl_buffer *gl_buffer_ref(struct gl_buffer *buf);
void gl_buffer_unref(struct gl_buffer *buf);
/* Replaces *slot's reference with one to buf (either may be NULL). */
void gl_buffer_set(struct gl_buffer **slot, struct gl_buffer *buf);
/* The buffer bound to a GLES target enum, NULL for none or a bad enum. */
struct gl_buffer *gl_bound_buffer(struct gl_context *ctx, GLenum target);
/* The storage of buf for the CPU (pixel pack/unpack paths): submits ctx's
 * batch if it uses the object, then maps it (waiting for the GPU). NULL if
 * buf has no storage or the map fails. Paired with gl_buffer_unmap_cpu. */
void *gl_buffer_map_cpu(struct gl_context *ctx, struct gl_buffer *buf, bool write);
void gl_buffer_unmap_cpu(struct gl_buffer *buf);
/* A raw copy of size bytes between buffer objects by XY_SRC_COPY_BLT rows
 * of 8-bit pixels (i965's intel_emit_linear_blit); -errno when the
 * blitter cannot take it (the caller copies on the CPU). */
int gl_blt_linear(struct gl_context *ctx, drm_intel_bo *dst, uint32_t dst_offset, drm_intel_bo *src,
		  uint32_t src_offset, uint32_t size);

/* Internals shared by bufferobj.c, buffer_map.c and buffer_copy.c. */
struct gl_buffer *gl_buffer_for_target(struct gl_context *ctx, GLenum target, const char *fn);
struct gl_buffer *gl_buffer_lookup_or_create(struct gl_context *ctx, GLuint name);
drm_intel_bo *gl_buffer_alloc_bo(struct gl_context *ctx, GLsizeiptr size);
bool gl_buffer_gpu_busy(drm_intel_bo *bo);
bool gl_buffer_bo_busy(struct gl_context *ctx, drm_intel_bo *bo);
int gl_buffer_write(struct gl_context *ctx, struct gl_buffer *buf, GLintptr offset, GLsizeiptr size,
		    const void *data);
/* Ends buf's mapping (blitting a temporary object into place); ctx NULL
 * when no context is left to blit with (the mapping is just dropped). */
void gl_buffer_unmap_internal(struct gl_context *ctx, struct gl_buffer *buf);
/* Context destroy / share group destroy: drop every buffer reference. */
void gl_buffers_release_context(struct gl_context *ctx);
struct gl_shared;
void gl_buffers_release_shared(struct gl_shared *sh);

/* Indexed buffer bindings (BindBufferBase/Range): the buffer and range. */
struct gl_buffer_binding {
	struct gl_buffer *buf;
	GLintptr offset;
	GLsizeiptr size;	/* 0: the whole buffer (BindBufferBase) */
};
#define GL_MAX_UNIFORM_BUFFER_BINDINGS_GEM 24
#define GL_MAX_XFB_BUFFERS_GEM 4
#define GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT_GEM 16

/*
 * Textures (texture.c): a 2D image per level, each in its own miptree (a
 * blitter-only driver never samples, so levels need not share an object);
 * for 3D and array textures each level's miptree is a stack of slices
 * (the 3D depth, which halves from level to level, or the array layers,
 * which do not).
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
	int depth[GL_MAX_TEXTURE_LEVELS];	/* of level[]: 3D depth or layers; 1 for a 2D image */
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
/* Texture and pixel-transfer state for glGet: values written (up to 16),
 * -1 if pname is not one of them (texture.c). */
int gl_tex_get_ints(struct gl_context *ctx, GLenum pname, GLint64 *v);

/*
 * Vertex arrays (vertex.c): bookkeeping only, nothing fetches vertices.
 * A VAO holds a reference to each attribute's buffer and to its element
 * array buffer; the bound VAO's element buffer lives in
 * ctx->bound_buffers[GL_BUF_ELEMENT_ARRAY] and is swapped in and out on
 * glBindVertexArray.
 */
#define GL_MAX_VERTEX_ATTRIBS_GEM 16
struct gl_vertex_attrib {
	bool enabled, normalized, integer;
	GLint size;
	GLenum type;
	GLsizei stride;
	const void *pointer;
	GLuint divisor;
	struct gl_buffer *buffer;
};
struct gl_vao {
	GLuint name;
	struct gl_vertex_attrib attr[GL_MAX_VERTEX_ATTRIBS_GEM];
	struct gl_buffer *element;	/* only while not bound */
};
void gl_vao_init(struct gl_vao *vao, GLuint name);
/* Drops the VAO's buffer references (not the struct). */
void gl_vao_release(struct gl_vao *vao);
void gl_vertex_release_context(struct gl_context *ctx);
/* Context destroy: everything the context holds of buffers, VAOs,
 * transform feedback, queries, samplers and programs (bufferobj.c). */
void gl_objects_release_context(struct gl_context *ctx);

/* Transform feedback objects (xfb.c): the indexed buffer bindings and the
 * active/paused state; nothing is ever captured. */
struct gl_xfb {
	GLuint name;
	bool active, paused;
	GLenum primitive;
	struct gl_buffer_binding buffers[GL_MAX_XFB_BUFFERS_GEM];
};

/* GL sync objects (sync.c) over fences. */
bool gl_sync_handle_valid(struct gl_context *ctx, const void *handle);
struct gl_shared;
void gl_syncs_release_shared(struct gl_shared *sh);

/*
 * KHR_debug (debug.c): messages go to the callback or, without one, to a
 * log; a stack of groups each with its own filter rules; object labels.
 * gl_error reports through gl_debug_message.
 */
#define GL_MAX_DEBUG_MESSAGE_LENGTH_GEM 1024
#define GL_MAX_DEBUG_LOGGED_MESSAGES_GEM 64
#define GL_MAX_DEBUG_GROUP_STACK_DEPTH_GEM 64
#define GL_MAX_LABEL_LENGTH_GEM 256
struct gl_debug_rule {
	GLenum source, type, severity;	/* GL_DONT_CARE matches all */
	GLuint id;
	bool has_id, enabled;
};
struct gl_debug_group {
	GLenum source;
	GLuint id;
	char *message;
	struct gl_debug_rule *rules;
	unsigned nrules;
};
struct gl_debug_msg {
	GLenum source, type, severity;
	GLuint id;
	char *text;
};
struct gl_label {
	struct gl_label *next;
	GLenum identifier;
	GLuint name;
	char *text;
};
struct gl_debug {
	struct gl_debug_group groups[GL_MAX_DEBUG_GROUP_STACK_DEPTH_GEM];
	int depth;		/* groups[0] is the default group */
	struct gl_debug_msg log[GL_MAX_DEBUG_LOGGED_MESSAGES_GEM];
	unsigned log_first, log_count;
	struct gl_label *labels;	/* labels of per-context objects */
};
void gl_debug_message(struct gl_context *ctx, GLenum source, GLenum type, GLuint id, GLenum severity,
		      const char *text);
/* An object (identifier, name) went away: its label goes with it. */
void gl_label_forget(struct gl_context *ctx, GLenum identifier, GLuint name);
void gl_debug_fini(struct gl_context *ctx);
void gl_labels_free(struct gl_label **list);

/* Shaders and programs (program.c): kept as state, never compiled. */
struct gl_shobj;
/* GL_SHADER_KHR, GL_PROGRAM_KHR, or 0 when name is neither. */
GLenum gl_shobj_kind(struct gl_context *ctx, GLuint name);
void gl_shobjs_release_shared(struct gl_shared *sh);

/* Samplers (sampler.c): parameters kept and queried; nothing samples. */
struct gl_sampler {
	GLuint name;
	GLint min_filter, mag_filter, wrap_s, wrap_t, wrap_r, compare_mode, compare_func;
	GLfloat min_lod, max_lod;
};
void gl_samplers_release_shared(struct gl_shared *sh);

/* Query objects (query.c). */
struct gl_query {
	GLuint name;
	GLenum target;		/* 0 until first begun */
	bool active;
	GLuint result;
};
enum { GL_QUERY_SLOT_SAMPLES, GL_QUERY_SLOT_XFB, GL_QUERY_SLOT_COUNT };
void gl_queries_release_context(struct gl_context *ctx);

/* Fragment and rasterization state (fragment.c): kept and queried; the
 * blitter paths honour only what the context fields above say. */
struct gl_raster_state {
	GLenum blend_src_rgb, blend_dst_rgb, blend_src_a, blend_dst_a, blend_eq_rgb, blend_eq_a;
	GLfloat blend_color[4];
	GLenum depth_func;
	GLfloat depth_range[2];
	struct {
		GLenum func, fail, zfail, zpass;
		GLint ref;
		GLuint value_mask, write_mask;	/* front write mask: ctx->stencil_mask */
	} stencil[2];			/* front, back */
	GLenum cull_face, front_face;
	GLfloat line_width, polygon_offset_factor, polygon_offset_units;
	GLfloat sample_coverage_value;
	GLboolean sample_coverage_invert;
	GLenum generate_mipmap_hint, fragment_shader_derivative_hint;
	GLfloat current_attrib[GL_MAX_VERTEX_ATTRIBS_GEM][4];	/* glVertexAttrib* values, as written */
	GLenum current_attrib_type[GL_MAX_VERTEX_ATTRIBS_GEM];	/* GL_FLOAT, GL_INT or GL_UNSIGNED_INT */
};
void gl_raster_init(struct gl_raster_state *r);

struct gl_shared {
	int refcount;
	pthread_mutex_t lock;
	struct gl_names buffers, textures, renderbuffers, syncs;
	struct gl_names programs, samplers;	/* shaders and programs share one name space */
	struct gl_label *labels;	/* labels of shared objects */
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
	bool reset_reported;	/* glGetGraphicsResetStatusEXT told it once (robustness.c) */
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

	/* buffers, vertex arrays, transform feedback (bufferobj.c, vertex.c, xfb.c) */
	struct gl_buffer_binding ubo[GL_MAX_UNIFORM_BUFFER_BINDINGS_GEM];
	struct gl_vao vao0, *vao;	/* vao: the bound one, &vao0 for 0 */
	struct gl_names vaos;
	struct gl_xfb xfb0, *xfb;	/* xfb: the bound one, &xfb0 for 0 */
	struct gl_names xfbs;

	/* programs, queries, samplers, fragment state, KHR_debug */
	GLuint current_program;	/* always 0: no program ever links */
	struct gl_names queries;
	struct gl_query *active_query[GL_QUERY_SLOT_COUNT];
	GLuint bound_samplers[GL_MAX_TEXTURE_UNITS_GEM];
	struct gl_raster_state raster;
	struct gl_debug debug;

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
/* glIsEnabled without the error, for the driver's own use. */
bool gl_is_enabled(struct gl_context *ctx, GLenum cap);
int gl_num_extensions(void);
/* GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH (debug.c). */
GLint gl_debug_next_length(struct gl_context *ctx);
/* Records err if no error is pending; msg (printf-style) goes to KHR_debug. */
void gl_error(struct gl_context *ctx, GLenum err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The draw/read framebuffer bound (window-system when name 0). */
struct gl_framebuffer *gl_draw_fb(struct gl_context *ctx);
struct gl_framebuffer *gl_read_fb(struct gl_context *ctx);

#endif
