/* SPDX-License-Identifier: MIT */
/*
 * Texture images: TexImage2D, TexSubImage2D, TexStorage2D, CopyTexImage2D,
 * CopyTexSubImage2D for 2D textures and cube map faces, GenerateMipmap for
 * every target, with GLES 3.0's errors; and what teximage3d.c's 3D and
 * array entry points share with them (gl_tex.h). The internal format /
 * format / type combinations are GLES 3.0's Table 3.2 (plus the unsized
 * legacy ones and EXT_texture_format_BGRA8888); those whose storage is
 * not implemented (OES_texture_float's unsized ones) are refused with
 * GL_INVALID_OPERATION and a KHR_debug message saying so.
 *
 * Uploads are the blitter-only recipe: the client's pixels are converted
 * into a linear staging object, which one XY_SRC_COPY_BLT puts into the
 * (X- or Y-tiled) image; where the blitter refuses, the rows go through a
 * CPU map of the image instead. Each image is its own miptree (nothing
 * samples, so levels need not share an object); a new image replaces the
 * old one, which lives on while framebuffers or pending batches use it.
 *
 * Calls: pixels.c (layouts, conversions, PBO maps), miptree.c, blt.c,
 * texture.c, fbo.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <i915_drm.h>

#include "upper-layers/gl/gl_tex.h"

/* ---- GLES 3.0 Table 3.2 ---- */

static const struct gl_tex_combo combos[] = {
	{ GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, GLF_RGBA8 },
	{ GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_BYTE, GLF_RGB5A1 },
	{ GL_RGBA4, GL_RGBA, GL_UNSIGNED_BYTE, GLF_RGBA4 },
	{ GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, GLF_SRGBA8 },
	{ GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, GLF_RGBA8_SNORM },
	{ GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GLF_RGBA4 },
	{ GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GLF_RGB5A1 },
	{ GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GLF_RGB10A2 },
	{ GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GLF_RGB5A1 },
	{ GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, GLF_RGBA16F },
	{ GL_RGBA32F, GL_RGBA, GL_FLOAT, GLF_RGBA32F },
	{ GL_RGBA16F, GL_RGBA, GL_FLOAT, GLF_RGBA16F },
	{ GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, GLF_RGBA8UI },
	{ GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, GLF_RGBA8I },
	{ GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, GLF_RGBA16UI },
	{ GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, GLF_RGBA16I },
	{ GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, GLF_RGBA32UI },
	{ GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, GLF_RGBA32I },
	{ GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, GLF_RGB10A2UI },
	{ GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, GLF_RGBX8 },
	{ GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE, GLF_RGB565 },
	{ GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, GLF_SRGBX8 },
	{ GL_RGB8_SNORM, GL_RGB, GL_BYTE, GLF_RGBX8_SNORM },
	{ GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GLF_RGB565 },
	{ GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, GLF_R11G11B10F },
	{ GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, GLF_RGB9E5 },
	{ GL_RGB16F, GL_RGB, GL_HALF_FLOAT, GLF_RGBX16F },
	{ GL_R11F_G11F_B10F, GL_RGB, GL_HALF_FLOAT, GLF_R11G11B10F },
	{ GL_RGB9_E5, GL_RGB, GL_HALF_FLOAT, GLF_RGB9E5 },
	{ GL_RGB32F, GL_RGB, GL_FLOAT, GLF_RGBX32F },
	{ GL_RGB16F, GL_RGB, GL_FLOAT, GLF_RGBX16F },
	{ GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT, GLF_R11G11B10F },
	{ GL_RGB9_E5, GL_RGB, GL_FLOAT, GLF_RGB9E5 },
	{ GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, GLF_RGB8UI },
	{ GL_RGB8I, GL_RGB_INTEGER, GL_BYTE, GLF_RGB8I },
	{ GL_RGB16UI, GL_RGB_INTEGER, GL_UNSIGNED_SHORT, GLF_RGB16UI },
	{ GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, GLF_RGB16I },
	{ GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, GLF_RGB32UI },
	{ GL_RGB32I, GL_RGB_INTEGER, GL_INT, GLF_RGB32I },
	{ GL_RG8, GL_RG, GL_UNSIGNED_BYTE, GLF_RG8 },
	{ GL_RG8_SNORM, GL_RG, GL_BYTE, GLF_RG8_SNORM },
	{ GL_RG16F, GL_RG, GL_HALF_FLOAT, GLF_RG16F },
	{ GL_RG32F, GL_RG, GL_FLOAT, GLF_RG32F },
	{ GL_RG16F, GL_RG, GL_FLOAT, GLF_RG16F },
	{ GL_RG8UI, GL_RG_INTEGER, GL_UNSIGNED_BYTE, GLF_RG8UI },
	{ GL_RG8I, GL_RG_INTEGER, GL_BYTE, GLF_RG8I },
	{ GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT, GLF_RG16UI },
	{ GL_RG16I, GL_RG_INTEGER, GL_SHORT, GLF_RG16I },
	{ GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, GLF_RG32UI },
	{ GL_RG32I, GL_RG_INTEGER, GL_INT, GLF_RG32I },
	{ GL_R8, GL_RED, GL_UNSIGNED_BYTE, GLF_R8 },
	{ GL_R8_SNORM, GL_RED, GL_BYTE, GLF_R8_SNORM },
	{ GL_R16F, GL_RED, GL_HALF_FLOAT, GLF_R16F },
	{ GL_R32F, GL_RED, GL_FLOAT, GLF_R32F },
	{ GL_R16F, GL_RED, GL_FLOAT, GLF_R16F },
	{ GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, GLF_R8UI },
	{ GL_R8I, GL_RED_INTEGER, GL_BYTE, GLF_R8I },
	{ GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, GLF_R16UI },
	{ GL_R16I, GL_RED_INTEGER, GL_SHORT, GLF_R16I },
	{ GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, GLF_R32UI },
	{ GL_R32I, GL_RED_INTEGER, GL_INT, GLF_R32I },
	{ GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GLF_Z16 },
	{ GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GLF_Z24X8 },
	{ GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GLF_Z16 },
	{ GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, GLF_Z32F },
	{ GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GLF_Z24S8 },
	{ GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GLF_Z32FS8 },
	/* unsized */
	{ GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, GLF_RGBA8 },
	{ GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GLF_RGBA4 },
	{ GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GLF_RGB5A1 },
	{ GL_RGB, GL_RGB, GL_UNSIGNED_BYTE, GLF_RGBX8 },
	{ GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GLF_RGB565 },
	{ GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, GLF_LA8 },
	{ GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, GLF_L8 },
	{ GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE, GLF_A8 },
	{ GL_BGRA_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE, GLF_BGRA8 },
	/* OES_texture_float / half_float, unsized */
	{ GL_RGBA, GL_RGBA, GL_FLOAT, GLF_NONE },
	{ GL_RGB, GL_RGB, GL_FLOAT, GLF_NONE },
	{ GL_RGBA, GL_RGBA, GL_HALF_FLOAT_OES, GLF_NONE },
	{ GL_RGB, GL_RGB, GL_HALF_FLOAT_OES, GLF_NONE },
	/* OES_texture_half_float's type with RED and RG: Mesa takes it for
	 * the sized formats too (an image of any 16F format also takes it in
	 * TexSubImage, gl_teximage_check_sub_combo) */
	{ GL_R16F, GL_RED, GL_HALF_FLOAT_OES, GLF_R16F },
	{ GL_RG16F, GL_RG, GL_HALF_FLOAT_OES, GLF_RG16F },
};

static const struct gl_tex_combo *find_combo(GLenum internal, GLenum format, GLenum type)
{
	for (unsigned i = 0; i < sizeof(combos) / sizeof(combos[0]); i++)
		if (combos[i].internal == internal && combos[i].format == format && combos[i].type == type)
			return &combos[i];
	return NULL;
}

bool gl_teximage_known_internal(GLenum internal)
{
	for (unsigned i = 0; i < sizeof(combos) / sizeof(combos[0]); i++)
		if (combos[i].internal == internal)
			return true;
	return false;
}

/* Sized: TexStorage's formats, the compressed ones among them. */
bool gl_teximage_sized_internal(GLenum internal)
{
	switch (internal) {
	case GL_RGBA: case GL_RGB: case GL_LUMINANCE_ALPHA: case GL_LUMINANCE: case GL_ALPHA: case GL_BGRA_EXT:
		return false;
	default: return gl_teximage_known_internal(internal) || gl_compressed_info(internal);
	}
}

/* The sized storage of a sized internal format (GLF_NONE when not held here). */
enum gl_fmt gl_teximage_sized_storage(GLenum internal)
{
	const struct gl_compressed_info *ci = gl_compressed_info(internal);
	if (ci)
		return ci->fmt;
	for (unsigned i = 0; i < sizeof(combos) / sizeof(combos[0]); i++)
		if (combos[i].internal == internal)
			return combos[i].fmt;
	return GLF_NONE;
}

/* ---- targets ---- */

int gl_teximage_face(struct gl_context *ctx, GLenum target, int *k, const char *fn)
{
	if (target == GL_TEXTURE_2D) {
		*k = GL_TEX_2D;
		return 0;
	}
	if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
		*k = GL_TEX_CUBE;
		return (int)(target - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
	}
	gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
	return -1;
}

static int max_levels(void)
{
	return GL_MAX_TEXTURE_LEVELS;
}

/* ---- writing pixels into an image ---- */

/* Float depth (DEPTH_COMPONENT/FLOAT, DEPTH_STENCIL/FLOAT_32_UNSIGNED_INT_24_8_REV,
 * the only pairs Table 3.2 gives the float formats): clamped to [0, 1],
 * stencil from the low byte of the second word. */
static void float_depth_row(enum gl_fmt fmt, const struct gl_pixel_desc *d, const uint8_t *src, uint8_t *dst,
			    int n)
{
	unsigned cpp = gl_fmt_info(fmt)->cpp;
	for (int i = 0; i < n; i++, src += d->bpp, dst += cpp) {
		float z;
		uint32_t s = 0;
		memcpy(&z, src, 4);
		if (d->bpp == 8)
			memcpy(&s, src + 4, 4);
		uint64_t v = gl_fmt_pack_ds(fmt, z, s);
		memcpy(dst, &v, cpp);
	}
}

static void depth_row(enum gl_fmt fmt, const struct gl_pixel_desc *d, const uint8_t *src, uint8_t *dst, int n)
{
	if (gl_fmt_float_depth(gl_fmt_info(fmt))) {
		float_depth_row(fmt, d, src, dst, n);
		return;
	}
	for (int i = 0; i < n; i++) {
		uint32_t v;
		if (d->type == GL_UNSIGNED_SHORT) {
			uint16_t s;
			memcpy(&s, src + 2 * i, 2);
			v = (uint32_t)s << 16 | s;	/* 16 to 32 bits by replication */
		} else {
			memcpy(&v, src + 4 * i, 4);
		}
		if (fmt == GLF_Z16) {
			uint16_t z = (uint16_t)(v >> 16);
			memcpy(dst + 2 * i, &z, 2);
		} else if (fmt == GLF_Z24X8) {
			uint32_t z = v >> 8;
			memcpy(dst + 4 * i, &z, 4);
		} else {
			/* UNSIGNED_INT_24_8: depth in the high 24 bits, stencil low; stored the other way */
			uint32_t z = v >> 8 | (v & 0xff) << 24;
			memcpy(dst + 4 * i, &z, 4);
		}
	}
}

static void convert_row(enum gl_fmt fmt, const struct gl_pixel_desc *d, const uint8_t *src, uint8_t *dst, int n)
{
	if (gl_fmt_info(fmt)->kind == GLF_KIND_DS)
		depth_row(fmt, d, src, dst, n);
	else
		gl_pixels_unpack_row(d, src, fmt, dst, n);
}

int gl_teximage_write_rows(struct gl_context *ctx, struct gl_miptree *mt, int x, int y, int w, int h,
			   gl_row_writer *put, const void *arg)
{
	const struct gl_fmt_info *fi = gl_fmt_info(mt->fmt);
	int texels = fi->block ? fi->block : 1;	/* the staging object is sized in texels */
	if (w <= 0 || h <= 0)
		return 0;
	struct gl_miptree *st = gl_miptree_create(ctx->screen, mt->fmt, w * texels, h * texels, GL_MT_LINEAR);
	if (st && drm_intel_bo_map(st->bo, 1) == 0) {
		uint8_t *p = st->bo->virtual;
		for (int j = 0; j < h; j++)
			put(arg, j, p + (size_t)j * st->pitch, w);
		drm_intel_bo_unmap(st->bo);
		int ret = gl_blt_copy(ctx, st, 0, 0, mt, x, y, w, h);
		gl_miptree_unref(st);
		if (ret == 0)
			return 0;
	} else {
		gl_miptree_unref(st);
	}
	uint8_t *base = gl_miptree_map(ctx, mt);
	if (!base)
		return -ENOMEM;
	for (int j = 0; j < h; j++)
		put(arg, j, base + (size_t)(y + j) * mt->pitch + (size_t)x * fi->cpp, w);
	gl_miptree_unmap(mt);
	return 0;
}

struct client_rows {
	enum gl_fmt fmt;
	const struct gl_pixel_desc *d;
	const uint8_t *src;
	size_t stride;
};

static void put_client_row(const void *arg, int j, uint8_t *dst, int n)
{
	const struct client_rows *c = arg;
	convert_row(c->fmt, c->d, c->src + (size_t)j * c->stride, dst, n);
}

int gl_teximage_upload(struct gl_context *ctx, struct gl_miptree *mt, int x, int y, int w, int h,
		       const struct gl_pixel_desc *d, const uint8_t *src, size_t stride)
{
	struct client_rows c = { mt->fmt, d, src, stride };
	return gl_teximage_write_rows(ctx, mt, x, y, w, h, put_client_row, &c);
}

/* The client pixels of a transfer (gl_tex.h says what comes back). */
bool gl_teximage_source(struct gl_context *ctx, const char *fn, const struct gl_pixel_desc *d, int w, int h,
			int depth, bool is_3d, const void *pixels, struct gl_tex_source *s)
{
	const struct gl_context *c = ctx;
	struct gl_pixel_layout l;
	memset(s, 0, sizeof(*s));
	/* IMAGE_HEIGHT and SKIP_IMAGES are 3D parameters: a 2D transfer
	 * ignores them, as GLES 3.0 §3.7.2 and Mesa do */
	if (!gl_pixel_layout(d, w, h, is_3d ? depth : 1, c->pixel_store.unpack_alignment,
			     c->pixel_store.unpack_row_length, is_3d ? c->pixel_store.unpack_image_height : 0,
			     c->pixel_store.unpack_skip_pixels, c->pixel_store.unpack_skip_rows,
			     is_3d ? c->pixel_store.unpack_skip_images : 0, &l)) {
		gl_error(ctx, GL_INVALID_VALUE, "%s: the image is too large", fn);
		return false;
	}
	s->stride = l.stride;
	s->image_stride = l.image_stride;
	struct gl_buffer *buf = ctx->bound_buffers[GL_BUF_PIXEL_UNPACK];
	if (buf) {
		const char *why;
		GLenum err = gl_pixels_check_buffer(buf, d, (uintptr_t)pixels, &l, &why);
		if (err) {
			gl_error(ctx, err, "%s: %s", fn, why);
			return false;
		}
		return l.end == 0 || gl_teximage_source_map(ctx, fn, buf, (uintptr_t)pixels + l.start, s);
	}
	if (pixels && l.end)
		s->src = (const uint8_t *)pixels + l.start;
	return true;
}

bool gl_teximage_source_map(struct gl_context *ctx, const char *fn, struct gl_buffer *buf, uintptr_t offset,
			    struct gl_tex_source *s)
{
	uint8_t *map = gl_pixels_buffer_map(ctx, buf, false);
	if (!map) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot map the unpack buffer", fn);
		return false;
	}
	s->mapped = buf;
	s->src = map + offset;
	return true;
}

void gl_teximage_source_release(struct gl_tex_source *s)
{
	if (s->mapped)
		gl_pixels_buffer_unmap(s->mapped);
	s->mapped = NULL;
}

/* ---- TexImage2D ---- */

struct gl_texture *gl_teximage_bound(struct gl_context *ctx, int k, const char *fn)
{
	struct gl_texture *t = gl_tex_bound(ctx, k);
	if (!t)
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
	return t;
}

static bool check_level_size(struct gl_context *ctx, const char *fn, int face_k, int level, int w, int h)
{
	if (level < 0 || level >= max_levels()) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", fn, level);
		return false;
	}
	int max = GL_MAX_TEXTURE_SIZE_GEM >> level;
	if (w < 0 || h < 0 || w > max || h > max) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%dx%d at level %d)", fn, w, h, level);
		return false;
	}
	if (face_k == GL_TEX_CUBE && w != h) {
		gl_error(ctx, GL_INVALID_VALUE, "%s: cube map faces must be square (%dx%d)", fn, w, h);
		return false;
	}
	return true;
}

/* The format/type checks shared by TexImage and TexSubImage: INVALID_ENUM
 * for unknown enums, INVALID_OPERATION for a combination Table 3.2 lacks. */
const struct gl_tex_combo *gl_teximage_check_combo(struct gl_context *ctx, const char *fn, GLenum internal,
						   GLenum format, GLenum type, struct gl_pixel_desc *d)
{
	if (!gl_pixel_desc(format, type, d)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(format 0x%x, type 0x%x)", fn, format, type);
		return NULL;
	}
	if (gl_compressed_info(internal)) {
		/* a compressed image takes CompressedTexSubImage only; Mesa's
		 * GLES 3.0 format check answers INVALID_VALUE */
		gl_error(ctx, GL_INVALID_VALUE, "%s: the image is compressed", fn);
		return NULL;
	}
	if (type == GL_UNSIGNED_INT_5_9_9_9_REV && format != GL_RGB) {
		/* Mesa's answer: the shared-exponent type is an enum error with
		 * any other format (10F_11F_11F_REV's is INVALID_OPERATION) */
		gl_error(ctx, GL_INVALID_ENUM, "%s(format 0x%x, type 0x%x)", fn, format, type);
		return NULL;
	}
	const struct gl_tex_combo *c = find_combo(internal, format, type);
	if (!c) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x, format 0x%x, type 0x%x): not a valid combination",
			 fn, internal, format, type);
		return NULL;
	}
	return c;
}

const struct gl_tex_combo *gl_teximage_check_sub_combo(struct gl_context *ctx, const char *fn, GLenum internal,
						       GLenum format, GLenum type, struct gl_pixel_desc *d)
{
	/* TexStorage's BGRA8_EXT takes what the unsized BGRA_EXT takes
	 * (EXT_texture_storage with EXT_texture_format_BGRA8888) */
	if (internal == GL_BGRA8_EXT)
		internal = GL_BGRA_EXT;
	/* a half-float image takes OES_texture_half_float's type as
	 * HALF_FLOAT, as Mesa's TexSubImage does */
	const struct gl_fmt_info *fi = gl_fmt_info(gl_teximage_sized_storage(internal));
	if (type == GL_HALF_FLOAT_OES && fi && fi->kind == GLF_KIND_FLOAT && fi->r == 16)
		type = GL_HALF_FLOAT;
	return gl_teximage_check_combo(ctx, fn, internal, format, type, d);
}

const struct gl_tex_combo *gl_teximage_check_args(struct gl_context *ctx, const char *fn, GLint border,
						  GLenum internal, GLenum format, GLenum type,
						  struct gl_pixel_desc *d)
{
	if (border != 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(border %d)", fn, border);
		return NULL;
	}
	if (!gl_pixel_desc(format, type, d)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(format 0x%x, type 0x%x)", fn, format, type);
		return NULL;
	}
	if (!gl_teximage_known_internal(internal)) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(internalformat 0x%x)", fn, internal);
		return NULL;
	}
	return gl_teximage_check_combo(ctx, fn, internal, format, type, d);
}

struct gl_texture *gl_teximage_respecifiable(struct gl_context *ctx, int k, const char *fn,
					     const struct gl_tex_combo *c, GLenum internal, GLenum type)
{
	struct gl_texture *t = gl_teximage_bound(ctx, k, fn);
	if (!t)
		return NULL;
	if (t->immutable) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the texture's storage is immutable", fn);
		return NULL;
	}
	if (c->fmt == GLF_NONE) {
		gl_error(ctx, GL_INVALID_OPERATION,
			 "%s(internalformat 0x%x, type 0x%x): not implemented (the blitter cannot hold this format)", fn,
			 internal, type);
		return NULL;
	}
	return t;
}

void glTexImage2D(GLenum target, GLint level, GLint internal_, GLsizei w, GLsizei h, GLint border, GLenum format,
		  GLenum type, const void *pixels)
{
	static const char fn[] = "glTexImage2D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	GLenum internal = (GLenum)internal_;
	int k, face = gl_teximage_face(ctx, target, &k, fn);
	if (face < 0)
		return;
	if (!check_level_size(ctx, fn, k, level, w, h))
		return;
	struct gl_pixel_desc d;
	const struct gl_tex_combo *c = gl_teximage_check_args(ctx, fn, border, internal, format, type, &d);
	if (!c)
		return;
	struct gl_texture *t = gl_teximage_respecifiable(ctx, k, fn, c, internal, type);
	if (!t)
		return;
	struct gl_tex_source src;
	if (!gl_teximage_source(ctx, fn, &d, w, h, 1, false, pixels, &src))
		return;
	struct gl_miptree *mt = NULL;
	if (w > 0 && h > 0) {
		mt = gl_miptree_create(ctx->screen, c->fmt, w, h, 0);
		if (!mt) {
			gl_teximage_source_release(&src);
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s(%dx%d): out of memory", fn, w, h);
			return;
		}
		if (src.src && gl_teximage_upload(ctx, mt, 0, 0, w, h, &d, src.src, src.stride) < 0)
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot write the image", fn);
	}
	gl_teximage_source_release(&src);
	gl_tex_set_image(t, face, level, mt, internal, w, h);
}

/* The face of target (its texture index in *k) with level checked, or -1
 * after recording the error: what every 2D image call validates first. */
static int target_level(struct gl_context *ctx, GLenum target, GLint level, int *k, const char *fn)
{
	int face = gl_teximage_face(ctx, target, k, fn);
	if (face < 0)
		return -1;
	if (level < 0 || level >= max_levels()) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", fn, level);
		return -1;
	}
	return face;
}

/* For the Sub calls: the bound texture's existing image at (face, level)
 * and the rectangle inside it, or NULL after recording the error. */
static struct gl_texture *sub_image(struct gl_context *ctx, int k, int face, GLint level, GLint x, GLint y,
				    GLsizei w, GLsizei h, struct gl_miptree **mt, GLenum **internal, const char *fn)
{
	struct gl_texture *t = gl_teximage_bound(ctx, k, fn);
	if (!t)
		return NULL;
	*mt = *gl_tex_image_slot(t, face, level, internal);
	if (!**internal) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: level %d has no image", fn, level);
		return NULL;
	}
	int tw = t->width[face][level], th = t->height[face][level];
	if (w < 0 || h < 0 || x < 0 || y < 0 || (int64_t)x + w > tw || (int64_t)y + h > th) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%d,%d %dx%d) outside the %dx%d image", fn, x, y, w, h, tw, th);
		return NULL;
	}
	return t;
}

void glTexSubImage2D(GLenum target, GLint level, GLint x, GLint y, GLsizei w, GLsizei h, GLenum format,
		     GLenum type, const void *pixels)
{
	static const char fn[] = "glTexSubImage2D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k, face = target_level(ctx, target, level, &k, fn);
	if (face < 0)
		return;
	struct gl_pixel_desc d;
	if (!gl_pixel_desc(format, type, &d)) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(format 0x%x, type 0x%x)", fn, format, type);
		return;
	}
	GLenum *internal;
	struct gl_miptree *mt;
	struct gl_texture *t = sub_image(ctx, k, face, level, x, y, w, h, &mt, &internal, fn);
	if (!t)
		return;
	/* a format and type the image's internal format accepts, converted
	 * into whatever the image is stored as */
	const struct gl_tex_combo *c = gl_teximage_check_sub_combo(ctx, fn, *internal, format, type, &d);
	if (!c)
		return;
	if (c->fmt == GLF_NONE || (mt && !gl_pixels_can_unpack(mt->fmt, &d) &&
				    gl_fmt_info(mt->fmt)->kind != GLF_KIND_DS)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(format 0x%x, type 0x%x): not implemented for this image", fn,
			 format, type);
		return;
	}
	struct gl_tex_source src;
	if (!gl_teximage_source(ctx, fn, &d, w, h, 1, false, pixels, &src))
		return;
	if (mt && src.src && gl_teximage_upload(ctx, mt, x, y, w, h, &d, src.src, src.stride) < 0)
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot write the image", fn);
	gl_teximage_source_release(&src);
}

/* ---- TexStorage2D ---- */

struct gl_texture *gl_texstorage_texture(struct gl_context *ctx, const char *fn, int k, GLsizei levels,
					 GLenum internal)
{
	if (levels < 1) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(levels %d)", fn, levels);
		return NULL;
	}
	if (!gl_teximage_sized_internal(internal) && internal != GL_BGRA8_EXT) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(internalformat 0x%x is not a sized format)", fn, internal);
		return NULL;
	}
	struct gl_texture *t = ctx->bound_textures[ctx->active_texture][k];
	if (!t)
		gl_error(ctx, GL_INVALID_OPERATION, "%s: texture 0 is bound", fn);
	return t;
}

void glTexStorage2D(GLenum target, GLsizei levels, GLenum internal, GLsizei w, GLsizei h)
{
	static const char fn[] = "glTexStorage2D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k = gl_tex_target_index(target);
	if (k != GL_TEX_2D && k != GL_TEX_CUBE) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
		return;
	}
	struct gl_texture *t = gl_texstorage_texture(ctx, fn, k, levels, internal);
	if (!t)
		return;
	if (w < 1 || h < 1 || w > GL_MAX_TEXTURE_SIZE_GEM || h > GL_MAX_TEXTURE_SIZE_GEM) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(%dx%d)", fn, w, h);
		return;
	}
	if (k == GL_TEX_CUBE && w != h) {
		gl_error(ctx, GL_INVALID_VALUE, "%s: cube map faces must be square (%dx%d)", fn, w, h);
		return;
	}
	int maxl = 1, m = w > h ? w : h;
	while (m >>= 1)
		maxl++;
	if (levels > maxl) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(levels %d > %d for %dx%d)", fn, levels, maxl, w, h);
		return;
	}
	if (t->immutable) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the texture's storage is already immutable", fn);
		return;
	}
	enum gl_fmt fmt = internal == GL_BGRA8_EXT ? GLF_BGRA8 : gl_teximage_sized_storage(internal);
	if (fmt == GLF_NONE) {
		gl_error(ctx, GL_INVALID_OPERATION,
			 "%s(internalformat 0x%x): not implemented (the blitter cannot hold this format)", fn, internal);
		return;
	}
	int faces = k == GL_TEX_CUBE ? 6 : 1;
	struct gl_miptree *mts[6][GL_MAX_TEXTURE_LEVELS] = { { 0 } };
	for (int f = 0; f < faces; f++)
		for (int l = 0; l < levels; l++) {
			int lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
			mts[f][l] = gl_miptree_create(ctx->screen, fmt, lw, lh, 0);
			if (!mts[f][l]) {
				for (int g = 0; g < 6; g++)
					for (int n = 0; n < GL_MAX_TEXTURE_LEVELS; n++)
						gl_miptree_unref(mts[g][n]);
				gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
				return;
			}
		}
	/* every level goes: those past the storage become undefined */
	for (int f = 0; f < 6; f++)
		for (int l = 0; l < GL_MAX_TEXTURE_LEVELS; l++) {
			int lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
			bool in = f < faces && l < levels;
			gl_tex_set_image(t, f, l, mts[f][l], in ? internal : 0, in ? lw : 0, in ? lh : 0);
		}
	t->immutable = true;
	t->immutable_levels = levels;
}

/* ---- copies between images ---- */

int gl_copy_rect(struct gl_context *ctx, struct gl_miptree *src, int sx, int sy, struct gl_miptree *dst, int dx,
		 int dy, int w, int h)
{
	if (w <= 0 || h <= 0)
		return 0;
	if (src->fmt == dst->fmt && gl_blt_copy(ctx, src, sx, sy, dst, dx, dy, w, h) == 0)
		return 0;
	const struct gl_fmt_info *si = gl_fmt_info(src->fmt), *di = gl_fmt_info(dst->fmt);
	/* the source rows first, so a copy within one image reads what was there */
	size_t row = (size_t)w * si->cpp;
	uint8_t *tmp = gl_miptree_read_rect(ctx, src, sx, sy, w, h, 1);
	if (!tmp)
		return -ENOMEM;
	uint8_t *d = gl_miptree_map(ctx, dst);
	if (!d) {
		free(tmp);
		return -ENOMEM;
	}
	for (int j = 0; j < h; j++) {
		uint8_t *o = d + (size_t)(dy + j) * dst->pitch + (size_t)dx * di->cpp;
		const uint8_t *p = tmp + row * (size_t)j;
		if (src->fmt == dst->fmt || (si->cpp == di->cpp && si->kind == GLF_KIND_DS)) {
			memcpy(o, p, (size_t)w * di->cpp);
			continue;
		}
		for (int i = 0; i < w; i++, p += si->cpp, o += di->cpp) {
			if (si->kind == GLF_KIND_FLOAT || di->kind == GLF_KIND_FLOAT) {
				/* through floats, stored as rendering stores them */
				float c[4];
				gl_fmt_unpack_float(src->fmt, p, c);
				gl_fmt_pack_float_as(dst->fmt, c, o, GL_PACK_RENDERED);
			} else if (si->kind == GLF_KIND_UNORM) {
				/* through bytes, also for RGB10_A2: its channels
				 * round to 8 bits and 8 widen to 10 by
				 * replication (formats.c), as llvmpipe copies */
				uint8_t c[4];
				gl_fmt_unpack_ubyte(src->fmt, p, c);
				gl_fmt_pack_ubyte(dst->fmt, c, o);
			} else {
				uint32_t c[4];
				gl_fmt_unpack_int(src->fmt, p, c);
				gl_fmt_pack_int(dst->fmt, c, o);
			}
		}
	}
	gl_miptree_unmap(dst);
	free(tmp);
	return 0;
}

/* Base formats a copy from a framebuffer of base fb may produce (GLES 3.0 Table 3.15). */
static bool copy_base_ok(GLenum fb, GLenum tex)
{
	int fbc = fb == GL_RGBA ? 4 : fb == GL_RGB ? 3 : fb == GL_RG ? 2 : fb == GL_RED ? 1 : 0;
	switch (tex) {
	case GL_ALPHA: case GL_LUMINANCE_ALPHA: case GL_RGBA: return fbc == 4;
	case GL_RGB: return fbc >= 3;
	case GL_RG: return fbc >= 2;
	case GL_RED: case GL_LUMINANCE: return fbc >= 1;
	default: return false;
	}
}

/* The read buffer of a copy, with the framebuffer errors; NULL after recording one. */
struct gl_miptree *gl_teximage_copy_source(struct gl_context *ctx, const char *fn)
{
	struct gl_framebuffer *fb = gl_read_fb(ctx);
	if (gl_fb_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
		gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read framebuffer is not complete", fn);
		return NULL;
	}
	if (gl_fb_samples(ctx, fb) > 0) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the read framebuffer is multisample", fn);
		return NULL;
	}
	struct gl_miptree *mt = gl_fb_read_miptree(ctx);
	if (!mt)
		gl_error(ctx, GL_INVALID_OPERATION, "%s: there is no read buffer", fn);
	return mt;
}

/* Kinds a copy may convert between: the same, or normalized and float
 * (Mesa copies a float buffer into a normalized image and back). */
static bool copy_kinds_ok(const struct gl_fmt_info *si, const struct gl_fmt_info *di)
{
	bool sf = si->kind == GLF_KIND_UNORM || si->kind == GLF_KIND_FLOAT;
	bool df = di->kind == GLF_KIND_UNORM || di->kind == GLF_KIND_FLOAT;
	return si->kind == di->kind || (sf && df);
}

bool gl_teximage_copy_formats_ok(struct gl_context *ctx, const char *fn, enum gl_fmt src, enum gl_fmt dst)
{
	const struct gl_fmt_info *si = gl_fmt_info(src), *di = gl_fmt_info(dst);
	if (si->kind == GLF_KIND_DS || di->kind == GLF_KIND_DS || !copy_kinds_ok(si, di) || si->srgb != di->srgb) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the texture's format cannot be copied from the read buffer's", fn);
		return false;
	}
	return true;
}

/* Copies the part of the w x h rectangle at x, y of src that lies inside
 * it into dst at dx, dy (GL leaves the rest undefined: we leave it alone). */
void gl_teximage_copy_clipped(struct gl_context *ctx, const char *fn, struct gl_miptree *src, int x, int y,
			      struct gl_miptree *dst, int dx, int dy, int w, int h)
{
	int sw, sh;
	gl_fb_size(ctx, gl_read_fb(ctx), &sw, &sh);
	int64_t x1 = x, y1 = y, x2 = (int64_t)x + w, y2 = (int64_t)y + h;
	if (x1 < 0) { dx -= (int)x1; x1 = 0; }
	if (y1 < 0) { dy -= (int)y1; y1 = 0; }
	if (x2 > sw) x2 = sw;
	if (y2 > sh) y2 = sh;
	if (x1 >= x2 || y1 >= y2)
		return;
	if (gl_copy_rect(ctx, src, (int)x1, (int)y1, dst, dx, dy, (int)(x2 - x1), (int)(y2 - y1)) < 0)
		gl_error(ctx, GL_OUT_OF_MEMORY, "%s: cannot map the images", fn);
}

void glCopyTexSubImage2D(GLenum target, GLint level, GLint dx, GLint dy, GLint x, GLint y, GLsizei w, GLsizei h)
{
	static const char fn[] = "glCopyTexSubImage2D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k, face = target_level(ctx, target, level, &k, fn);
	if (face < 0)
		return;
	GLenum *internal;
	struct gl_miptree *dst;
	struct gl_texture *t = sub_image(ctx, k, face, level, dx, dy, w, h, &dst, &internal, fn);
	if (!t)
		return;
	struct gl_miptree *src = gl_teximage_copy_source(ctx, fn);
	if (!src || !dst)
		return;
	if (!gl_teximage_copy_formats_ok(ctx, fn, src->fmt, dst->fmt))
		return;
	gl_teximage_copy_clipped(ctx, fn, src, x, y, dst, dx, dy, w, h);
}

/* The storage a CopyTexImage2D internal format gets from a source of
 * format src (GLES 3.0 §3.8.5: unsized formats take the source's sizes;
 * sized ones must match them); GLF_NONE after recording an error. */
static enum gl_fmt copy_teximage_format(struct gl_context *ctx, const char *fn, GLenum internal, enum gl_fmt src)
{
	const struct gl_fmt_info *si = gl_fmt_info(src);
	enum gl_fmt fmt;
	if (src == GLF_RGB10A2 && !gl_teximage_sized_internal(internal) && gl_teximage_known_internal(internal) &&
	    internal != GL_BGRA_EXT) {
		/* ES 3.0 has no unsized format for RGB10_A2's sizes (Khronos
		 * bug 9807): Mesa refuses the copy */
		gl_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x): unsized, from an RGB10_A2 buffer", fn,
			 internal);
		return GLF_NONE;
	}
	switch (internal) {
	case GL_RGBA:
		fmt = src == GLF_RGBA4 ? GLF_RGBA4 : src == GLF_RGB5A1 ? GLF_RGB5A1 : GLF_RGBA8;
		break;
	case GL_RGB: fmt = src == GLF_RGB565 ? GLF_RGB565 : GLF_RGBX8; break;
	case GL_LUMINANCE: fmt = GLF_L8; break;
	case GL_ALPHA: fmt = GLF_A8; break;
	case GL_LUMINANCE_ALPHA: fmt = GLF_LA8; break;
	default:
		if (gl_compressed_info(internal)) {
			/* known, but nothing compresses (Mesa: no online compression) */
			gl_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x): cannot compress", fn, internal);
			return GLF_NONE;
		}
		if (!gl_teximage_known_internal(internal) || internal == GL_BGRA_EXT) {
			gl_error(ctx, GL_INVALID_ENUM, "%s(internalformat 0x%x)", fn, internal);
			return GLF_NONE;
		}
		fmt = gl_teximage_sized_storage(internal);
		if (fmt == GLF_NONE) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x): not implemented", fn, internal);
			return GLF_NONE;
		}
		break;
	}
	if (!gl_teximage_copy_formats_ok(ctx, fn, src, fmt))
		return GLF_NONE;
	if (!copy_base_ok(si->base, gl_fmt_info(fmt)->base)) {
		/* Table 3.15 (only CopyTexImage: Mesa's CopyTexSubImage
		 * takes any base format, missing channels read 0, 0, 0, 1) */
		gl_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x): the read buffer lacks its channels", fn,
			 internal);
		return GLF_NONE;
	}
	if ((si->kind == GLF_KIND_FLOAT) != (gl_fmt_info(fmt)->kind == GLF_KIND_FLOAT)) {
		/* a new image keeps float or fixed point (GLES 3.0 §3.8.5,
		 * EXT_color_buffer_float); CopyTexSubImage may convert */
		gl_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x): float and fixed-point do not mix", fn,
			 internal);
		return GLF_NONE;
	}
	/* sized formats keep the read buffer's component sizes, integer ones
	 * too (Mesa's formats_differ_in_component_sizes) */
	if (gl_teximage_sized_internal(internal) && si->kind != GLF_KIND_DS) {
		const struct gl_fmt_info *di = gl_fmt_info(fmt);
		if ((di->r && di->r != si->r) || (di->g && di->g != si->g) || (di->b && di->b != si->b) ||
		    (di->a && di->a != si->a)) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x): component sizes differ from the read buffer's",
				 fn, internal);
			return GLF_NONE;
		}
	}
	return fmt;
}

void glCopyTexImage2D(GLenum target, GLint level, GLenum internal, GLint x, GLint y, GLsizei w, GLsizei h,
		      GLint border)
{
	static const char fn[] = "glCopyTexImage2D";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k, face = gl_teximage_face(ctx, target, &k, fn);
	if (face < 0)
		return;
	if (!check_level_size(ctx, fn, k, level, w, h))
		return;
	if (border != 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(border %d)", fn, border);
		return;
	}
	struct gl_texture *t = gl_teximage_bound(ctx, k, fn);
	if (!t)
		return;
	if (t->immutable) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the texture's storage is immutable", fn);
		return;
	}
	struct gl_miptree *src = gl_teximage_copy_source(ctx, fn);
	if (!src)
		return;
	enum gl_fmt fmt = copy_teximage_format(ctx, fn, internal, src->fmt);
	if (fmt == GLF_NONE)
		return;
	struct gl_miptree *mt = NULL;
	if (w > 0 && h > 0) {
		mt = gl_miptree_create(ctx->screen, fmt, w, h, 0);
		if (!mt) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "%s(%dx%d): out of memory", fn, w, h);
			return;
		}
		gl_teximage_copy_clipped(ctx, fn, src, x, y, mt, 0, 0, w, h);
	}
	gl_tex_set_image(t, face, level, mt, internal, w, h);
}

/* ---- GenerateMipmap: a box filter on the CPU ---- */

/* A slice's bytes (pitch x height), copied out so the source map is not
 * held while the destination is written. */
static uint8_t *copy_slice(struct gl_context *ctx, struct gl_miptree *mt)
{
	uint8_t *m = gl_miptree_map(ctx, mt);
	if (!m)
		return NULL;
	size_t n = (size_t)mt->pitch * mt->height;
	uint8_t *copy = malloc(n);
	if (copy)
		memcpy(copy, m, n);
	gl_miptree_unmap(mt);
	return copy;
}

/* One slice of the next level, d, from slices s0 and s1 of this one: the
 * mean of the 2x2x2 texels under each texel of d. A 2D or array level
 * has one source slice (s1 NULL), which then counts twice: the mean of
 * eight is the 2x2 box filter's mean of four, rounded alike. */
static int downsample(struct gl_context *ctx, struct gl_miptree *s0, struct gl_miptree *s1, struct gl_miptree *d)
{
	const struct gl_fmt_info *fi = gl_fmt_info(s0->fmt);
	uint8_t *copy[2] = { copy_slice(ctx, s0), NULL };
	if (copy[0] && s1)
		copy[1] = copy_slice(ctx, s1);
	uint8_t *dm = copy[0] && (!s1 || copy[1]) ? gl_miptree_map(ctx, d) : NULL;
	if (!dm) {
		free(copy[0]);
		free(copy[1]);
		return -ENOMEM;
	}
	if (!s1)
		copy[1] = copy[0];
	const struct gl_miptree *s = s0;
	for (int y = 0; y < d->height; y++)
		for (int x = 0; x < d->width; x++) {
			/* a source dimension of 1 contributes the same texel twice */
			int x0 = 2 * x < s->width ? 2 * x : s->width - 1, x1 = 2 * x + 1 < s->width ? 2 * x + 1 : x0;
			int y0 = 2 * y < s->height ? 2 * y : s->height - 1, y1 = 2 * y + 1 < s->height ? 2 * y + 1 : y0;
			unsigned sum[4] = { 0 };
			const int xs[2] = { x0, x1 }, ys[2] = { y0, y1 };
			uint8_t *out = dm + (size_t)y * d->pitch + (size_t)x * fi->cpp;
			if (gl_fmt_deep(s->fmt) || fi->kind == GLF_KIND_FLOAT) {
				/* float formats and channels of more than 8 bits: the mean in float */
				float fsum[4] = { 0 }, c[4];
				for (int z = 0; z < 2; z++)
					for (int a = 0; a < 2; a++)
						for (int b = 0; b < 2; b++) {
							gl_fmt_unpack_float(s->fmt,
									    copy[z] + (size_t)ys[a] * s->pitch +
										    (size_t)xs[b] * fi->cpp,
									    c);
							for (int i = 0; i < 4; i++)
								fsum[i] += c[i];
						}
				for (int i = 0; i < 4; i++)
					c[i] = fsum[i] / 8.0f;
				gl_fmt_pack_float_as(d->fmt, c, out, GL_PACK_RENDERED);
				continue;
			}
			for (int z = 0; z < 2; z++)
				for (int a = 0; a < 2; a++)
					for (int b = 0; b < 2; b++) {
						uint8_t c[4];
						gl_fmt_unpack_ubyte(s->fmt,
								    copy[z] + (size_t)ys[a] * s->pitch + (size_t)xs[b] * fi->cpp,
								    c);
						for (int i = 0; i < 4; i++)
							sum[i] += c[i];
					}
			uint8_t avg[4];
			for (int i = 0; i < 4; i++)
				avg[i] = (uint8_t)((sum[i] + 4) / 8);
			gl_fmt_pack_ubyte(d->fmt, avg, out);
		}
	gl_miptree_unmap(d);
	free(copy[0]);
	if (s1)
		free(copy[1]);
	return 0;
}

/* Level l of face f (d slices) from level l - 1 (sd slices), into the
 * existing image when the storage is immutable, else a new one. 3D
 * slices come from pairs of source slices (depth halves); array layers
 * from the same layer (layers stay). */
static int next_level(struct gl_context *ctx, struct gl_texture *t, int f, int l, int w, int h, int d, int sd,
		      GLenum internal)
{
	bool is_3d = t->target == GL_TEXTURE_3D, layered = gl_tex_layered(t);
	struct gl_miptree *src = gl_tex_image(t, f, l - 1);
	struct gl_miptree *dst = t->immutable ? gl_miptree_ref(gl_tex_image(t, f, l))
					      : gl_miptree_create_3d(ctx->screen, src->fmt, w, h, d, 0);
	if (!dst)
		return -ENOMEM;
	for (int z = 0; z < d; z++) {
		struct gl_miptree *s0 = gl_miptree_slice(src, is_3d ? 2 * z : z);
		struct gl_miptree *s1 = is_3d ? gl_miptree_slice(src, 2 * z + 1 < sd ? 2 * z + 1 : sd - 1) : NULL;
		struct gl_miptree *out = gl_miptree_slice(dst, z);
		if (!s0 || (is_3d && !s1) || !out || downsample(ctx, s0, s1, out) < 0) {
			gl_miptree_unref(dst);
			return -ENOMEM;
		}
	}
	if (t->immutable)
		gl_miptree_unref(dst);
	else if (layered)
		gl_tex_set_image_3d(t, l, dst, internal, w, h, d);
	else
		gl_tex_set_image(t, f, l, dst, internal, w, h);
	return 0;
}

/* GLES 3.0: formats both color-renderable and filterable (not integer or
 * depth ones); sRGB would need decoding first, which this CPU path does
 * not do. Of the float formats, those EXT_color_buffer_float makes
 * renderable, not RGB16F (EXT_color_buffer_half_float's): Mesa's answer. */
static bool mipmappable(const struct gl_fmt_info *fi)
{
	if (fi->kind == GLF_KIND_FLOAT)
		return fi->renderable && fi->internal != GL_RGB16F;
	return fi->kind == GLF_KIND_UNORM && !fi->srgb;
}

void glGenerateMipmap(GLenum target)
{
	static const char fn[] = "glGenerateMipmap";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	int k = gl_tex_target_index(target);
	if (k < 0) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", fn, target);
		return;
	}
	struct gl_texture *t = gl_teximage_bound(ctx, k, fn);
	if (!t)
		return;
	int base = t->base_level < GL_MAX_TEXTURE_LEVELS ? t->base_level : GL_MAX_TEXTURE_LEVELS - 1;
	int faces = k == GL_TEX_CUBE ? 6 : 1;
	GLenum *internal;
	gl_tex_image_slot(t, 0, base, &internal);
	GLenum base_internal = *internal;
	for (int f = 0; f < faces; f++) {
		GLenum *fi;
		gl_tex_image_slot(t, f, base, &fi);
		if (!*fi || *fi != base_internal || t->width[f][base] != t->width[0][base]) {
			gl_error(ctx, GL_INVALID_OPERATION, "%s: the base level is not defined (or the cube is not complete)",
				 fn);
			return;
		}
	}
	struct gl_miptree *b = gl_tex_image(t, 0, base);
	const struct gl_fmt_info *info = b ? gl_fmt_info(b->fmt) : NULL;
	if (info && !mipmappable(info)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the format is not color-renderable and filterable%s", fn,
			 info->srgb ? " (sRGB: not implemented)" : "");
		return;
	}
	if (!b)
		return;
	bool is_3d = k == GL_TEX_3D;
	for (int f = 0; f < faces; f++) {
		int w = t->width[f][base], h = t->height[f][base], d = gl_tex_layered(t) ? t->depth[base] : 1;
		int last = t->immutable ? t->immutable_levels - 1 : GL_MAX_TEXTURE_LEVELS - 1;
		if (t->max_level < last)
			last = t->max_level;
		for (int l = base + 1; l <= last && (w > 1 || h > 1 || (is_3d && d > 1)); l++) {
			int sd = d;
			w = w > 1 ? w / 2 : 1;
			h = h > 1 ? h / 2 : 1;
			if (is_3d)
				d = d > 1 ? d / 2 : 1;
			if (next_level(ctx, t, f, l, w, h, d, sd, base_internal) < 0) {
				gl_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", fn);
				return;
			}
		}
	}
}
