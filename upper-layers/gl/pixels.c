/* SPDX-License-Identifier: MIT */
/*
 * Client pixel layouts: what a (format, type) pair means in the
 * application's memory, where the rows of a w x h rectangle lie under the
 * PACK_* / UNPACK_* parameters (GLES 3.0 §3.7.2 and §4.3.2), the pixel
 * buffer object checks shared by TexImage and ReadPixels, and the row
 * conversions between client layouts and the storage formats of
 * formats.c. Conversions go through RGBA bytes for normalized formats,
 * 32-bit integers for integer formats and RGBA floats for floating-point
 * ones, except when the client layout is the storage layout byte for
 * byte, which is a copy.
 *
 * Pure functions, except gl_pixels_buffer_map/unmap, which map a bound
 * PIXEL_PACK/UNPACK buffer's object for the CPU (after submitting the
 * batch if it uses the object) and never keep it mapped past the call.
 */
#include <string.h>

#include "upper-layers/gl/gl_priv.h"
#include "upper-layers/gl/gl_tex.h"

/* Components of a client format, and whether it is an integer one. */
static int format_comps(GLenum format, bool *integer)
{
	*integer = false;
	switch (format) {
	case GL_RGBA: case GL_BGRA_EXT: return 4;
	case GL_RGB: return 3;
	case GL_RG: case GL_LUMINANCE_ALPHA: return 2;
	case GL_RED: case GL_ALPHA: case GL_LUMINANCE: return 1;
	case GL_RGBA_INTEGER: *integer = true; return 4;
	case GL_RGB_INTEGER: *integer = true; return 3;
	case GL_RG_INTEGER: *integer = true; return 2;
	case GL_RED_INTEGER: *integer = true; return 1;
	case GL_DEPTH_COMPONENT: return 1;
	case GL_DEPTH_STENCIL: return 1;
	default: return 0;
	}
}

/* Bytes of one component of type, or of the whole pixel for packed types (*packed). */
static int type_size(GLenum type, bool *packed)
{
	*packed = false;
	switch (type) {
	case GL_UNSIGNED_BYTE: case GL_BYTE: return 1;
	case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_HALF_FLOAT: case GL_HALF_FLOAT_OES: return 2;
	case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT: return 4;
	case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_4_4_4_4: case GL_UNSIGNED_SHORT_5_5_5_1:
	case GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT: case GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT:
		*packed = true;
		return 2;
	case GL_UNSIGNED_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_10F_11F_11F_REV:
	case GL_UNSIGNED_INT_5_9_9_9_REV: case GL_UNSIGNED_INT_24_8:
		*packed = true;
		return 4;
	case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
		*packed = true;
		return 8;
	default: return 0;
	}
}

bool gl_pixel_desc(GLenum format, GLenum type, struct gl_pixel_desc *d)
{
	bool integer, packed;
	int n = format_comps(format, &integer), s = type_size(type, &packed);
	if (!n || !s)
		return false;
	d->format = format;
	d->type = type;
	d->comps = n;
	d->integer = integer;
	d->elem = s;
	d->bpp = packed ? s : n * s;
	return true;
}

bool gl_pixel_layout(const struct gl_pixel_desc *d, int w, int h, int depth, GLint alignment, GLint row_length,
		     GLint image_height, GLint skip_pixels, GLint skip_rows, GLint skip_images,
		     struct gl_pixel_layout *l)
{
	if (w <= 0 || h <= 0 || depth <= 0) {
		l->stride = l->image_stride = l->start = l->end = 0;
		return true;
	}
	uint64_t row_px = row_length > 0 ? (uint64_t)row_length : (uint64_t)w;
	uint64_t rows = image_height > 0 ? (uint64_t)image_height : (uint64_t)h;
	uint64_t a = (uint64_t)alignment;
	uint64_t stride = (row_px * d->bpp + a - 1) / a * a;
	uint64_t image = stride * rows;
	uint64_t start = (uint64_t)skip_pixels * d->bpp + (uint64_t)skip_rows * stride + (uint64_t)skip_images * image;
	uint64_t end = start + (uint64_t)(depth - 1) * image + (uint64_t)(h - 1) * stride + (uint64_t)w * d->bpp;
	if (end > (uint64_t)SIZE_MAX / 2)
		return false;
	l->stride = (size_t)stride;
	l->image_stride = (size_t)image;
	l->start = (size_t)start;
	l->end = (size_t)end;
	return true;
}

/* ---- normalized client pixels <-> RGBA bytes ---- */

static uint8_t rep(uint32_t v, unsigned bits)
{
	/* bit replication, as formats.c widens */
	uint32_t out = 0;
	int pos = 8 - (int)bits;
	out = v << pos;
	while (pos > 0) {
		pos -= (int)bits;
		out |= pos >= 0 ? v << pos : v >> -pos;
	}
	return (uint8_t)out;
}

static uint32_t nar(uint8_t v, unsigned bits)
{
	uint32_t max = (1u << bits) - 1;
	return (v * max + 127) / 255;
}

static bool decode_ubyte(const struct gl_pixel_desc *d, const uint8_t *p, uint8_t o[4])
{
	uint16_t v;
	o[0] = o[1] = o[2] = 0;
	o[3] = 255;
	if (d->type == GL_UNSIGNED_BYTE) {
		switch (d->format) {
		case GL_RGBA: memcpy(o, p, 4); return true;
		case GL_BGRA_EXT: o[0] = p[2]; o[1] = p[1]; o[2] = p[0]; o[3] = p[3]; return true;
		case GL_RGB: memcpy(o, p, 3); return true;
		case GL_RG: o[0] = p[0]; o[1] = p[1]; return true;
		case GL_RED: o[0] = p[0]; return true;
		case GL_ALPHA: o[3] = p[0]; return true;
		case GL_LUMINANCE: o[0] = o[1] = o[2] = p[0]; return true;
		case GL_LUMINANCE_ALPHA: o[0] = o[1] = o[2] = p[0]; o[3] = p[1]; return true;
		default: return false;
		}
	}
	memcpy(&v, p, 2);
	switch (d->type) {
	case GL_UNSIGNED_SHORT_5_6_5:
		if (d->format != GL_RGB)
			return false;
		o[0] = rep(v >> 11, 5); o[1] = rep((v >> 5) & 63, 6); o[2] = rep(v & 31, 5);
		return true;
	case GL_UNSIGNED_SHORT_4_4_4_4:
		if (d->format != GL_RGBA)
			return false;
		o[0] = rep(v >> 12, 4); o[1] = rep((v >> 8) & 15, 4); o[2] = rep((v >> 4) & 15, 4); o[3] = rep(v & 15, 4);
		return true;
	case GL_UNSIGNED_SHORT_5_5_5_1:
		if (d->format != GL_RGBA)
			return false;
		o[0] = rep(v >> 11, 5); o[1] = rep((v >> 6) & 31, 5); o[2] = rep((v >> 1) & 31, 5);
		o[3] = v & 1 ? 255 : 0;
		return true;
	default: return false;
	}
}

static bool encode_ubyte(const struct gl_pixel_desc *d, const uint8_t c[4], uint8_t *p)
{
	uint16_t v;
	switch (d->type) {
	case GL_UNSIGNED_BYTE:
		switch (d->format) {
		case GL_RGBA: memcpy(p, c, 4); return true;
		case GL_BGRA_EXT: p[0] = c[2]; p[1] = c[1]; p[2] = c[0]; p[3] = c[3]; return true;
		case GL_RGB: memcpy(p, c, 3); return true;
		case GL_RG: p[0] = c[0]; p[1] = c[1]; return true;
		case GL_RED: p[0] = c[0]; return true;
		default: return false;
		}
	case GL_UNSIGNED_SHORT_5_6_5:
		v = (uint16_t)(nar(c[0], 5) << 11 | nar(c[1], 6) << 5 | nar(c[2], 5));
		break;
	case GL_UNSIGNED_SHORT_4_4_4_4:
		v = (uint16_t)(nar(c[0], 4) << 12 | nar(c[1], 4) << 8 | nar(c[2], 4) << 4 | nar(c[3], 4));
		break;
	case GL_UNSIGNED_SHORT_5_5_5_1:
		v = (uint16_t)(nar(c[0], 5) << 11 | nar(c[1], 5) << 6 | nar(c[2], 5) << 1 | nar(c[3], 1));
		break;
	case GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT:
		/* first component in the low bits */
		if (d->format == GL_BGRA_EXT)
			v = (uint16_t)(nar(c[2], 5) | nar(c[1], 5) << 5 | nar(c[0], 5) << 10 | nar(c[3], 1) << 15);
		else
			v = (uint16_t)(nar(c[0], 5) | nar(c[1], 5) << 5 | nar(c[2], 5) << 10 | nar(c[3], 1) << 15);
		break;
	default: return false;
	}
	memcpy(p, &v, 2);
	return true;
}

/* ---- float client pixels -> RGBA floats ---- */

/* FLOAT and HALF_FLOAT components, GL's packed float words (decoded as the
 * storage formats of the same layout); missing components 0, 0, 0, 1.
 * False for other types. */
static bool decode_float(const struct gl_pixel_desc *d, const uint8_t *p, float o[4])
{
	o[0] = o[1] = o[2] = 0.0f;
	o[3] = 1.0f;
	switch (d->type) {
	case GL_UNSIGNED_INT_10F_11F_11F_REV: gl_fmt_unpack_float(GLF_R11G11B10F, p, o); return true;
	case GL_UNSIGNED_INT_5_9_9_9_REV: gl_fmt_unpack_float(GLF_RGB9E5, p, o); return true;
	case GL_FLOAT: case GL_HALF_FLOAT: case GL_HALF_FLOAT_OES: break;
	default: return false;
	}
	for (int k = 0; k < d->comps && k < 4; k++) {
		if (d->type == GL_FLOAT) {
			memcpy(&o[k], p + 4 * k, 4);
		} else {
			uint16_t h;
			memcpy(&h, p + 2 * k, 2);
			o[k] = gl_half_to_float(h);
		}
	}
	return true;
}

/* RGBA floats into FLOAT or HALF_FLOAT components, or GL's packed float
 * word; false for other types. */
static bool encode_float(const struct gl_pixel_desc *d, const float c[4], uint8_t *p)
{
	if (d->type == GL_UNSIGNED_INT_10F_11F_11F_REV) {
		gl_fmt_pack_float(GLF_R11G11B10F, c, p);
		return true;
	}
	if (d->type != GL_FLOAT && d->type != GL_HALF_FLOAT)
		return false;
	for (int k = 0; k < d->comps && k < 4; k++) {
		if (d->type == GL_FLOAT) {
			memcpy(p + 4 * k, &c[k], 4);
		} else {
			uint16_t h = gl_half_from_float(c[k]);
			memcpy(p + 2 * k, &h, 2);
		}
	}
	return true;
}

/* RGBA16F from RGBA/FLOAT is stored as rendering stores: llvmpipe, the
 * reference, uploads that pair with a blit (its half conversion rounds
 * toward zero), every other pair with its CPU packers. */
static bool upload_rendered(enum gl_fmt fmt, const struct gl_pixel_desc *d)
{
	return fmt == GLF_RGBA16F && d->format == GL_RGBA && d->type == GL_FLOAT;
}

/* ---- integer client pixels <-> 32-bit integers ---- */

static uint32_t get_int(GLenum type, const uint8_t *p)
{
	switch (type) {
	case GL_UNSIGNED_BYTE: return p[0];
	case GL_BYTE: return (uint32_t)(int32_t)(int8_t)p[0];
	case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, p, 2); return v; }
	case GL_SHORT: { int16_t v; memcpy(&v, p, 2); return (uint32_t)(int32_t)v; }
	default: { uint32_t v; memcpy(&v, p, 4); return v; }
	}
}

static void put_int(GLenum type, uint32_t v, uint8_t *p)
{
	switch (type) {
	case GL_UNSIGNED_BYTE: case GL_BYTE: p[0] = (uint8_t)v; break;
	case GL_UNSIGNED_SHORT: case GL_SHORT: { uint16_t s = (uint16_t)v; memcpy(p, &s, 2); break; }
	default: memcpy(p, &v, 4); break;
	}
}

static bool int_type(GLenum type)
{
	switch (type) {
	case GL_UNSIGNED_BYTE: case GL_BYTE: case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_UNSIGNED_INT: case GL_INT:
		return true;
	default: return false;
	}
}

/* ---- rows ---- */

bool gl_pixels_is_raw(enum gl_fmt fmt, const struct gl_pixel_desc *d)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	GLenum f = 0, t = 0;
	switch (fmt) {
	case GLF_RGBA8: case GLF_SRGBA8: f = GL_RGBA; t = GL_UNSIGNED_BYTE; break;
	case GLF_BGRA8: f = GL_BGRA_EXT; t = GL_UNSIGNED_BYTE; break;
	case GLF_RGB565: f = GL_RGB; t = GL_UNSIGNED_SHORT_5_6_5; break;
	case GLF_RGBA4: f = GL_RGBA; t = GL_UNSIGNED_SHORT_4_4_4_4; break;
	case GLF_RGB5A1: f = GL_RGBA; t = GL_UNSIGNED_SHORT_5_5_5_1; break;
	case GLF_R8: f = GL_RED; t = GL_UNSIGNED_BYTE; break;
	case GLF_RG8: f = GL_RG; t = GL_UNSIGNED_BYTE; break;
	case GLF_L8: f = GL_LUMINANCE; t = GL_UNSIGNED_BYTE; break;
	case GLF_A8: f = GL_ALPHA; t = GL_UNSIGNED_BYTE; break;
	case GLF_LA8: f = GL_LUMINANCE_ALPHA; t = GL_UNSIGNED_BYTE; break;
	case GLF_RGB10A2: f = GL_RGBA; t = GL_UNSIGNED_INT_2_10_10_10_REV; break;
	case GLF_R8_SNORM: f = GL_RED; t = GL_BYTE; break;
	case GLF_RG8_SNORM: f = GL_RG; t = GL_BYTE; break;
	case GLF_RGBA8_SNORM: f = GL_RGBA; t = GL_BYTE; break;
	case GLF_R16F: f = GL_RED; t = GL_HALF_FLOAT; break;
	case GLF_RG16F: f = GL_RG; t = GL_HALF_FLOAT; break;
	case GLF_RGBA16F: f = GL_RGBA; t = GL_HALF_FLOAT; break;
	case GLF_R32F: f = GL_RED; t = GL_FLOAT; break;
	case GLF_RG32F: f = GL_RG; t = GL_FLOAT; break;
	case GLF_RGBA32F: f = GL_RGBA; t = GL_FLOAT; break;
	case GLF_R11G11B10F: f = GL_RGB; t = GL_UNSIGNED_INT_10F_11F_11F_REV; break;
	case GLF_RGB9E5: f = GL_RGB; t = GL_UNSIGNED_INT_5_9_9_9_REV; break;
	default:
		if (fi && (fi->kind == GLF_KIND_UINT || fi->kind == GLF_KIND_SINT)) {
			f = fi->read_format;
			t = fi->read_type;
		}
		break;
	}
	return f && d->format == f && d->type == t;
}

/* RGB5_A1 from UNSIGNED_INT_2_10_10_10_REV (Table 3.2): 10-bit channels
 * round to bytes through a float, then narrow to 5 bits, the two steps
 * Mesa takes (rounding 10 bits to 5 at once differs, 115 gives 3 not 4). */
static bool from_rgb10a2(enum gl_fmt fmt, const struct gl_pixel_desc *d)
{
	return fmt == GLF_RGB5A1 && d->format == GL_RGBA && d->type == GL_UNSIGNED_INT_2_10_10_10_REV;
}

bool gl_pixels_can_unpack(enum gl_fmt fmt, const struct gl_pixel_desc *d)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi)
		return false;
	if (gl_pixels_is_raw(fmt, d))
		return true;
	if (from_rgb10a2(fmt, d))
		return true;
	if (fi->kind == GLF_KIND_UNORM) {
		uint8_t px[4] = { 0 };
		uint8_t c[4];
		return !d->integer && decode_ubyte(d, px, c);
	}
	if (fi->kind == GLF_KIND_UINT || fi->kind == GLF_KIND_SINT)
		return d->integer && int_type(d->type);
	if (fmt == GLF_RGBX8_SNORM)
		return d->format == GL_RGB && d->type == GL_BYTE;	/* padded on the way */
	if (fi->kind == GLF_KIND_FLOAT) {
		float c[4];
		uint8_t px[4] = { 0 };
		return !d->integer && decode_float(d, px, c);
	}
	return false;
}

bool gl_pixels_can_pack(enum gl_fmt fmt, const struct gl_pixel_desc *d)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi)
		return false;
	if (gl_pixels_is_raw(fmt, d))
		return true;
	if (fi->kind == GLF_KIND_UNORM) {
		uint8_t c[4] = { 0 }, px[4];
		return !d->integer && encode_ubyte(d, c, px);
	}
	if (fi->kind == GLF_KIND_UINT || fi->kind == GLF_KIND_SINT)
		return d->integer && int_type(d->type) && d->format != GL_RGB_INTEGER;
	if (fi->kind == GLF_KIND_FLOAT) {
		float c[4] = { 0 };
		uint8_t px[16];
		return !d->integer && d->format != GL_LUMINANCE && d->format != GL_LUMINANCE_ALPHA &&
		       d->format != GL_ALPHA && d->format != GL_BGRA_EXT && encode_float(d, c, px);
	}
	return false;
}

void gl_pixels_unpack_row(const struct gl_pixel_desc *d, const void *src, enum gl_fmt fmt, void *dst, int n)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	const uint8_t *s = src;
	uint8_t *o = dst;
	if (gl_pixels_is_raw(fmt, d)) {
		memcpy(dst, src, (size_t)n * fi->cpp);
		return;
	}
	for (int i = 0; i < n; i++, s += d->bpp, o += fi->cpp) {
		if (from_rgb10a2(fmt, d)) {
			uint8_t c[4];
			gl_fmt_unpack_ubyte(GLF_RGB10A2, s, c);
			gl_fmt_pack_ubyte(fmt, c, o);
		} else if (fi->kind == GLF_KIND_UNORM) {
			uint8_t c[4];
			decode_ubyte(d, s, c);
			gl_fmt_pack_ubyte(fmt, c, o);
		} else if (fi->kind == GLF_KIND_FLOAT) {
			float c[4];
			decode_float(d, s, c);
			if (upload_rendered(fmt, d))
				gl_fmt_pack_float_as(fmt, c, o, GL_PACK_RENDERED);
			else
				gl_fmt_pack_float(fmt, c, o);
		} else if (fi->kind == GLF_KIND_SNORM) {
			/* RGB bytes into RGBX: the padding reads as 1.0 */
			memcpy(o, s, 3);
			o[3] = 0x7f;
		} else {
			uint32_t c[4] = { 0, 0, 0, 1 };
			for (int k = 0; k < d->comps; k++)
				c[k] = get_int(d->type, s + k * d->elem);
			gl_fmt_pack_int(fmt, c, o);
		}
	}
}

void gl_pixels_pack_row(enum gl_fmt fmt, const void *src, const struct gl_pixel_desc *d, void *dst, int n)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	const uint8_t *s = src;
	uint8_t *o = dst;
	if (gl_pixels_is_raw(fmt, d)) {
		memcpy(dst, src, (size_t)n * fi->cpp);
		return;
	}
	for (int i = 0; i < n; i++, s += fi->cpp, o += d->bpp) {
		if (fi->kind == GLF_KIND_UNORM) {
			uint8_t c[4];
			gl_fmt_unpack_ubyte(fmt, s, c);
			encode_ubyte(d, c, o);
		} else if (fi->kind == GLF_KIND_FLOAT) {
			float c[4];
			gl_fmt_unpack_float(fmt, s, c);
			encode_float(d, c, o);
		} else {
			uint32_t c[4];
			gl_fmt_unpack_int(fmt, s, c);
			for (int k = 0; k < d->comps; k++)
				put_int(d->type, c[k], o + k * d->elem);
		}
	}
}

/* ---- pixel buffer objects ---- */

GLenum gl_pixels_check_buffer(struct gl_buffer *buf, const struct gl_pixel_desc *d, uintptr_t offset,
			      const struct gl_pixel_layout *l, const char **why)
{
	if (buf->mapped) {
		*why = "the pixel buffer is mapped";
		return GL_INVALID_OPERATION;
	}
	if (d->elem && offset % (uintptr_t)d->elem) {
		*why = "the offset into the pixel buffer is not a multiple of the type's size";
		return GL_INVALID_OPERATION;
	}
	if (l->end && (offset > (uintptr_t)buf->size || l->end > (uintptr_t)buf->size - offset)) {
		*why = "the pixels would run past the end of the pixel buffer";
		return GL_INVALID_OPERATION;
	}
	return GL_NO_ERROR;
}

void *gl_pixels_buffer_map(struct gl_context *ctx, struct gl_buffer *buf, bool write)
{
	if (!buf->bo)
		return NULL;
	if (gl_batch_references(ctx, buf->bo))
		gl_batch_flush(ctx, NULL);
	if (drm_intel_bo_map(buf->bo, write))
		return NULL;
	return buf->bo->virtual;
}

void gl_pixels_buffer_unmap(struct gl_buffer *buf)
{
	drm_intel_bo_unmap(buf->bo);
}
