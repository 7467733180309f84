/* SPDX-License-Identifier: MIT */
/*
 * Formats: the sized internal formats this driver stores, what each looks
 * like in memory, and the per-pixel conversions every transfer path
 * (uploads, read-back, clears, scaled blits) goes through. Color formats
 * that EGL shares are named by their DRM fourcc (the byte order in memory,
 * which the blitter moves as 8, 16 or 32-bit pixels and never converts).
 * GL's RGBA8 is stored R, G, B, A in memory (ABGR8888), as Mesa stores it
 * for GLES; RGBA4 and RGB5_A1 are stored as GL's own packed 16-bit words,
 * so an upload of the matching packed type is a plain copy.
 *
 * Every format is described by channel widths and bit positions in its
 * little-endian pixel word (at most 32 bits: the blitter's widest pixel),
 * and the conversions are written once over that description. The wide
 * formats (integer RGBA16, RG32, RGBA32; float RGBA16F, RG32F, RGBA32F) are
 * a 16 or 32-bit word per channel, moved by the blitter as 2 or 4 32bpp
 * pixels; RGB formats the blitter has no 24, 48 or 96-bit pixel for (SRGB8,
 * RGB8_SNORM, the RGB integer ones, RGB16F, RGB32F) are padded to 4
 * channels, as i965 kept them: 4, 8 or 16 bytes. A float channel's width
 * says its encoding: 32 a float, 16 a half, 11 and 10 GL's unsigned small
 * floats; RGB9_E5's three 9-bit mantissas share the exponent in the word's
 * top 5 bits. Depth and stencil pixels are read as one little-endian word
 * of up to 64 bits: depth low (normalized, or a float at 32 bits), stencil
 * in the byte above it. The compressed ones (ETC2/EAC) are
 * 8 or 16-byte blocks of 4x4 texels, one block per pixel of the storage,
 * which nothing here converts. Pure functions of their arguments; nothing
 * here allocates.
 */
#include <drm_fourcc.h>
#include <math.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

#define UN GLF_KIND_UNORM
#define UI GLF_KIND_UINT
#define SI GLF_KIND_SINT
#define DS GLF_KIND_DS
#define SN GLF_KIND_SNORM
#define FL GLF_KIND_FLOAT
#define SH(r, g, b, a) { r, g, b, a }

static const struct gl_fmt_info infos[GLF_COUNT] = {
	[GLF_RGBA8] = { GL_RGBA8, DRM_FORMAT_ABGR8888, 4, GL_RGBA, 8, 8, 8, 8, 0, 0, UN, SH(0, 8, 16, 24),
			false, false, true, GL_RGBA, GL_UNSIGNED_BYTE },
	[GLF_RGBX8] = { GL_RGB8, DRM_FORMAT_XBGR8888, 4, GL_RGB, 8, 8, 8, 0, 0, 0, UN, SH(0, 8, 16, 24),
			false, false, true, GL_RGBA, GL_UNSIGNED_BYTE },
	[GLF_BGRA8] = { GL_BGRA8_EXT, DRM_FORMAT_ARGB8888, 4, GL_RGBA, 8, 8, 8, 8, 0, 0, UN, SH(16, 8, 0, 24),
			false, false, true, GL_BGRA_EXT, GL_UNSIGNED_BYTE },
	[GLF_BGRX8] = { GL_RGB8, DRM_FORMAT_XRGB8888, 4, GL_RGB, 8, 8, 8, 0, 0, 0, UN, SH(16, 8, 0, 24),
			false, false, true, GL_BGRA_EXT, GL_UNSIGNED_BYTE },
	[GLF_RGB565] = { GL_RGB565, DRM_FORMAT_RGB565, 2, GL_RGB, 5, 6, 5, 0, 0, 0, UN, SH(11, 5, 0, 0),
			 false, false, true, GL_RGB, GL_UNSIGNED_SHORT_5_6_5 },
	[GLF_R8] = { GL_R8, DRM_FORMAT_R8, 1, GL_RED, 8, 0, 0, 0, 0, 0, UN, SH(0, 0, 0, 0),
		     false, false, true, GL_RED, GL_UNSIGNED_BYTE },
	[GLF_RG8] = { GL_RG8, DRM_FORMAT_GR88, 2, GL_RG, 8, 8, 0, 0, 0, 0, UN, SH(0, 8, 0, 0),
		      false, false, true, GL_RG, GL_UNSIGNED_BYTE },
	[GLF_Z16] = { GL_DEPTH_COMPONENT16, 0, 2, GL_DEPTH_COMPONENT, 0, 0, 0, 0, 16, 0, DS, SH(0, 0, 0, 0),
		      false, false, false, 0, 0 },
	[GLF_Z24X8] = { GL_DEPTH_COMPONENT24, 0, 4, GL_DEPTH_COMPONENT, 0, 0, 0, 0, 24, 0, DS, SH(0, 0, 0, 0),
			false, false, false, 0, 0 },
	[GLF_Z24S8] = { GL_DEPTH24_STENCIL8, 0, 4, GL_DEPTH_STENCIL, 0, 0, 0, 0, 24, 8, DS, SH(0, 0, 0, 0),
			false, false, false, 0, 0 },
	[GLF_S8] = { GL_STENCIL_INDEX8, 0, 1, GL_STENCIL_INDEX8, 0, 0, 0, 0, 0, 8, DS, SH(0, 0, 0, 0),
		     false, false, false, 0, 0 },
	[GLF_RGBA4] = { GL_RGBA4, DRM_FORMAT_RGBA4444, 2, GL_RGBA, 4, 4, 4, 4, 0, 0, UN, SH(12, 8, 4, 0),
			false, false, true, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4 },
	[GLF_RGB5A1] = { GL_RGB5_A1, DRM_FORMAT_RGBA5551, 2, GL_RGBA, 5, 5, 5, 1, 0, 0, UN, SH(11, 6, 1, 0),
			 false, false, true, GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT },
	[GLF_SRGBA8] = { GL_SRGB8_ALPHA8, 0, 4, GL_RGBA, 8, 8, 8, 8, 0, 0, UN, SH(0, 8, 16, 24),
			 true, false, true, GL_RGBA, GL_UNSIGNED_BYTE },
	[GLF_L8] = { GL_LUMINANCE, 0, 1, GL_LUMINANCE, 8, 0, 0, 0, 0, 0, UN, SH(0, 0, 0, 0),
		     false, true, false, 0, 0 },
	[GLF_A8] = { GL_ALPHA, 0, 1, GL_ALPHA, 0, 0, 0, 8, 0, 0, UN, SH(0, 0, 0, 0),
		     false, false, false, 0, 0 },
	[GLF_LA8] = { GL_LUMINANCE_ALPHA, 0, 2, GL_LUMINANCE_ALPHA, 8, 0, 0, 8, 0, 0, UN, SH(0, 0, 0, 8),
		      false, true, false, 0, 0 },
	[GLF_R8UI] = { GL_R8UI, 0, 1, GL_RED, 8, 0, 0, 0, 0, 0, UI, SH(0, 0, 0, 0),
		       false, false, true, GL_RED_INTEGER, GL_UNSIGNED_BYTE },
	[GLF_R8I] = { GL_R8I, 0, 1, GL_RED, 8, 0, 0, 0, 0, 0, SI, SH(0, 0, 0, 0),
		      false, false, true, GL_RED_INTEGER, GL_BYTE },
	[GLF_RG8UI] = { GL_RG8UI, 0, 2, GL_RG, 8, 8, 0, 0, 0, 0, UI, SH(0, 8, 0, 0),
			false, false, true, GL_RG_INTEGER, GL_UNSIGNED_BYTE },
	[GLF_RG8I] = { GL_RG8I, 0, 2, GL_RG, 8, 8, 0, 0, 0, 0, SI, SH(0, 8, 0, 0),
		       false, false, true, GL_RG_INTEGER, GL_BYTE },
	[GLF_R16UI] = { GL_R16UI, 0, 2, GL_RED, 16, 0, 0, 0, 0, 0, UI, SH(0, 0, 0, 0),
			false, false, true, GL_RED_INTEGER, GL_UNSIGNED_SHORT },
	[GLF_R16I] = { GL_R16I, 0, 2, GL_RED, 16, 0, 0, 0, 0, 0, SI, SH(0, 0, 0, 0),
		       false, false, true, GL_RED_INTEGER, GL_SHORT },
	[GLF_RG16UI] = { GL_RG16UI, 0, 4, GL_RG, 16, 16, 0, 0, 0, 0, UI, SH(0, 16, 0, 0),
			 false, false, true, GL_RG_INTEGER, GL_UNSIGNED_SHORT },
	[GLF_RG16I] = { GL_RG16I, 0, 4, GL_RG, 16, 16, 0, 0, 0, 0, SI, SH(0, 16, 0, 0),
			false, false, true, GL_RG_INTEGER, GL_SHORT },
	[GLF_R32UI] = { GL_R32UI, 0, 4, GL_RED, 32, 0, 0, 0, 0, 0, UI, SH(0, 0, 0, 0),
			false, false, true, GL_RED_INTEGER, GL_UNSIGNED_INT },
	[GLF_R32I] = { GL_R32I, 0, 4, GL_RED, 32, 0, 0, 0, 0, 0, SI, SH(0, 0, 0, 0),
		       false, false, true, GL_RED_INTEGER, GL_INT },
	[GLF_RGBA8UI] = { GL_RGBA8UI, 0, 4, GL_RGBA, 8, 8, 8, 8, 0, 0, UI, SH(0, 8, 16, 24),
			  false, false, true, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE },
	[GLF_RGBA8I] = { GL_RGBA8I, 0, 4, GL_RGBA, 8, 8, 8, 8, 0, 0, SI, SH(0, 8, 16, 24),
			 false, false, true, GL_RGBA_INTEGER, GL_BYTE },
	/* wide: channels are whole 32-bit words at byte 0, 4, 8, 12 */
	[GLF_RG32UI] = { GL_RG32UI, 0, 8, GL_RG, 32, 32, 0, 0, 0, 0, UI, SH(0, 32, 0, 0),
			 false, false, true, GL_RG_INTEGER, GL_UNSIGNED_INT },
	[GLF_RG32I] = { GL_RG32I, 0, 8, GL_RG, 32, 32, 0, 0, 0, 0, SI, SH(0, 32, 0, 0),
			false, false, true, GL_RG_INTEGER, GL_INT },
	[GLF_RGBA32UI] = { GL_RGBA32UI, 0, 16, GL_RGBA, 32, 32, 32, 32, 0, 0, UI, SH(0, 32, 64, 96),
			   false, false, true, GL_RGBA_INTEGER, GL_UNSIGNED_INT },
	[GLF_RGBA32I] = { GL_RGBA32I, 0, 16, GL_RGBA, 32, 32, 32, 32, 0, 0, SI, SH(0, 32, 64, 96),
			  false, false, true, GL_RGBA_INTEGER, GL_INT },
	[GLF_RGB10A2] = { GL_RGB10_A2, 0, 4, GL_RGBA, 10, 10, 10, 2, 0, 0, UN, SH(0, 10, 20, 30),
			  false, false, true, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV },
	[GLF_RGB10A2UI] = { GL_RGB10_A2UI, 0, 4, GL_RGBA, 10, 10, 10, 2, 0, 0, UI, SH(0, 10, 20, 30),
			    false, false, true, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV },
	[GLF_SRGBX8] = { GL_SRGB8, 0, 4, GL_RGB, 8, 8, 8, 0, 0, 0, UN, SH(0, 8, 16, 24),
			 true, false, false, 0, 0 },
	/* wide: 16-bit channels at byte 0, 2, 4, 6 */
	[GLF_RGBA16UI] = { GL_RGBA16UI, 0, 8, GL_RGBA, 16, 16, 16, 16, 0, 0, UI, SH(0, 16, 32, 48),
			   false, false, true, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT },
	[GLF_RGBA16I] = { GL_RGBA16I, 0, 8, GL_RGBA, 16, 16, 16, 16, 0, 0, SI, SH(0, 16, 32, 48),
			  false, false, true, GL_RGBA_INTEGER, GL_SHORT },
	/* snorm: texture-only in ES 3.0 (EXT_render_snorm is ES 3.1) */
	[GLF_R8_SNORM] = { GL_R8_SNORM, 0, 1, GL_RED, 8, 0, 0, 0, 0, 0, SN, SH(0, 0, 0, 0),
			   false, false, false, 0, 0 },
	[GLF_RG8_SNORM] = { GL_RG8_SNORM, 0, 2, GL_RG, 8, 8, 0, 0, 0, 0, SN, SH(0, 8, 0, 0),
			    false, false, false, 0, 0 },
	[GLF_RGBX8_SNORM] = { GL_RGB8_SNORM, 0, 4, GL_RGB, 8, 8, 8, 0, 0, 0, SN, SH(0, 8, 16, 24),
			      false, false, false, 0, 0 },
	[GLF_RGBA8_SNORM] = { GL_RGBA8_SNORM, 0, 4, GL_RGBA, 8, 8, 8, 8, 0, 0, SN, SH(0, 8, 16, 24),
			      false, false, false, 0, 0 },
	/* RGB integer, padded: texture-only (no read format) */
	[GLF_RGB8UI] = { GL_RGB8UI, 0, 4, GL_RGB, 8, 8, 8, 0, 0, 0, UI, SH(0, 8, 16, 0),
			 false, false, false, 0, 0 },
	[GLF_RGB8I] = { GL_RGB8I, 0, 4, GL_RGB, 8, 8, 8, 0, 0, 0, SI, SH(0, 8, 16, 0),
			false, false, false, 0, 0 },
	[GLF_RGB16UI] = { GL_RGB16UI, 0, 8, GL_RGB, 16, 16, 16, 0, 0, 0, UI, SH(0, 16, 32, 0),
			  false, false, false, 0, 0 },
	[GLF_RGB16I] = { GL_RGB16I, 0, 8, GL_RGB, 16, 16, 16, 0, 0, 0, SI, SH(0, 16, 32, 0),
			 false, false, false, 0, 0 },
	[GLF_RGB32UI] = { GL_RGB32UI, 0, 16, GL_RGB, 32, 32, 32, 0, 0, 0, UI, SH(0, 32, 64, 0),
			  false, false, false, 0, 0 },
	[GLF_RGB32I] = { GL_RGB32I, 0, 16, GL_RGB, 32, 32, 32, 0, 0, 0, SI, SH(0, 32, 64, 0),
			 false, false, false, 0, 0 },
	[GLF_Z32F] = { GL_DEPTH_COMPONENT32F, 0, 4, GL_DEPTH_COMPONENT, 0, 0, 0, 0, 32, 0, DS, SH(0, 0, 0, 0),
		       false, false, false, 0, 0 },
	/* GL's FLOAT_32_UNSIGNED_INT_24_8_REV layout, one interleaved image:
	 * i965 kept the stencil apart, but one image per level is what every
	 * path here (attachments, copies, the blitter's 2 32bpp pixels) moves */
	[GLF_Z32FS8] = { GL_DEPTH32F_STENCIL8, 0, 8, GL_DEPTH_STENCIL, 0, 0, 0, 0, 32, 8, DS, SH(0, 0, 0, 0),
			 false, false, false, 0, 0 },
	/* floating point (FL): halves and floats a channel, RGB padded to 4
	 * with 1.0; GL's packed float words. Color-renderable by
	 * EXT_color_buffer_float (RGB16F by EXT_color_buffer_half_float) but
	 * RGB32F and RGB9_E5; the read pairs are Mesa's */
	[GLF_R16F] = { GL_R16F, 0, 2, GL_RED, 16, 0, 0, 0, 0, 0, FL, SH(0, 0, 0, 0), false, false, true, GL_RED,
		       GL_HALF_FLOAT },
	[GLF_RG16F] = { GL_RG16F, 0, 4, GL_RG, 16, 16, 0, 0, 0, 0, FL, SH(0, 16, 0, 0), false, false, true, GL_RG,
			GL_HALF_FLOAT },
	[GLF_RGBX16F] = { GL_RGB16F, 0, 8, GL_RGB, 16, 16, 16, 0, 0, 0, FL, SH(0, 16, 32, 48),
			  false, false, true, GL_RGBA, GL_HALF_FLOAT },
	[GLF_RGBA16F] = { GL_RGBA16F, 0, 8, GL_RGBA, 16, 16, 16, 16, 0, 0, FL, SH(0, 16, 32, 48),
			  false, false, true, GL_RGBA, GL_HALF_FLOAT },
	[GLF_R32F] = { GL_R32F, 0, 4, GL_RED, 32, 0, 0, 0, 0, 0, FL, SH(0, 0, 0, 0), false, false, true, GL_RED,
		       GL_FLOAT },
	[GLF_RG32F] = { GL_RG32F, 0, 8, GL_RG, 32, 32, 0, 0, 0, 0, FL, SH(0, 32, 0, 0), false, false, true, GL_RG,
			GL_FLOAT },
	[GLF_RGBX32F] = { GL_RGB32F, 0, 16, GL_RGB, 32, 32, 32, 0, 0, 0, FL, SH(0, 32, 64, 96),
			  false, false, false, 0, 0 },
	[GLF_RGBA32F] = { GL_RGBA32F, 0, 16, GL_RGBA, 32, 32, 32, 32, 0, 0, FL, SH(0, 32, 64, 96),
			  false, false, true, GL_RGBA, GL_FLOAT },
	[GLF_R11G11B10F] = { GL_R11F_G11F_B10F, 0, 4, GL_RGB, 11, 11, 10, 0, 0, 0, FL, SH(0, 11, 22, 0),
			     false, false, true, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV },
	/* 9-bit mantissas; the shared exponent (bits 27-31) is no channel */
	[GLF_RGB9E5] = { GL_RGB9_E5, 0, 4, GL_RGB, 9, 9, 9, 0, 0, 0, FL, SH(0, 9, 18, 0), false, false, false, 0, 0 },
	/* compressed: one 4x4 block per pixel, no channels anything converts */
	[GLF_BLOCK64] = { 0, 0, 8, GL_RGBA, 0, 0, 0, 0, 0, 0, GLF_KIND_BLOCK, SH(0, 0, 0, 0),
			  false, false, false, 0, 0, 4 },
	[GLF_BLOCK128] = { 0, 0, 16, GL_RGBA, 0, 0, 0, 0, 0, 0, GLF_KIND_BLOCK, SH(0, 0, 0, 0),
			   false, false, false, 0, 0, 4 },
};

const struct gl_fmt_info *gl_fmt_info(enum gl_fmt fmt)
{
	return fmt > GLF_NONE && fmt < GLF_COUNT ? &infos[fmt] : NULL;
}

enum gl_fmt gl_fmt_from_internal(GLenum internal)
{
	switch (internal) {
	case GL_RGBA8: return GLF_RGBA8;
	case GL_RGB8: return GLF_RGBX8;
	case GL_BGRA8_EXT: return GLF_BGRA8;
	case GL_RGB565: return GLF_RGB565;
	case GL_R8: return GLF_R8;
	case GL_RG8: return GLF_RG8;
	case GL_DEPTH_COMPONENT16: return GLF_Z16;
	case GL_DEPTH_COMPONENT24: return GLF_Z24X8;
	case GL_DEPTH24_STENCIL8: return GLF_Z24S8;
	case GL_STENCIL_INDEX8: return GLF_S8;
	case GL_DEPTH_COMPONENT32F: return GLF_Z32F;
	case GL_DEPTH32F_STENCIL8: return GLF_Z32FS8;
	case GL_RGBA4: return GLF_RGBA4;
	case GL_RGB5_A1: return GLF_RGB5A1;
	case GL_SRGB8_ALPHA8: return GLF_SRGBA8;
	case GL_R8UI: return GLF_R8UI;
	case GL_R8I: return GLF_R8I;
	case GL_RG8UI: return GLF_RG8UI;
	case GL_RG8I: return GLF_RG8I;
	case GL_R16UI: return GLF_R16UI;
	case GL_R16I: return GLF_R16I;
	case GL_RG16UI: return GLF_RG16UI;
	case GL_RG16I: return GLF_RG16I;
	case GL_R32UI: return GLF_R32UI;
	case GL_R32I: return GLF_R32I;
	case GL_RGBA8UI: return GLF_RGBA8UI;
	case GL_RGBA8I: return GLF_RGBA8I;
	case GL_RG32UI: return GLF_RG32UI;
	case GL_RG32I: return GLF_RG32I;
	case GL_RGBA32UI: return GLF_RGBA32UI;
	case GL_RGBA32I: return GLF_RGBA32I;
	/* the renderable ones only: this answers renderbuffers too (texture
	 * storage comes from teximage.c's table) */
	case GL_RGB10_A2: return GLF_RGB10A2;
	case GL_RGB10_A2UI: return GLF_RGB10A2UI;
	case GL_RGBA16UI: return GLF_RGBA16UI;
	case GL_RGBA16I: return GLF_RGBA16I;
	case GL_R16F: return GLF_R16F;
	case GL_RG16F: return GLF_RG16F;
	case GL_RGB16F: return GLF_RGBX16F;
	case GL_RGBA16F: return GLF_RGBA16F;
	case GL_R32F: return GLF_R32F;
	case GL_RG32F: return GLF_RG32F;
	case GL_RGBA32F: return GLF_RGBA32F;
	case GL_R11F_G11F_B10F: return GLF_R11G11B10F;
	default: return GLF_NONE;
	}
}

enum gl_fmt gl_fmt_from_fourcc(uint32_t fourcc)
{
	for (int f = GLF_NONE + 1; f < GLF_COUNT; f++)
		if (infos[f].fourcc && infos[f].fourcc == fourcc)
			return (enum gl_fmt)f;
	return GLF_NONE;
}

static uint32_t mask_of(unsigned bits)
{
	return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

static void bits_of(const struct gl_fmt_info *fi, uint8_t bits[4])
{
	bits[0] = fi->r;
	bits[1] = fi->g;
	bits[2] = fi->b;
	bits[3] = fi->a;
}

static uint32_t load(const struct gl_fmt_info *fi, const void *pixel)
{
	uint32_t v = 0;
	memcpy(&v, pixel, fi->cpp);
	return v;
}

static void store(const struct gl_fmt_info *fi, uint32_t v, void *pixel)
{
	memcpy(pixel, &v, fi->cpp);
}

/* GL's float-to-normalized rule: clamp, scale by 2^bits - 1, round. */
static uint32_t unorm(float v, unsigned bits)
{
	if (!(v > 0.0f))
		return 0;
	if (v >= 1.0f)
		return mask_of(bits);
	return (uint32_t)lrintf(v * (float)mask_of(bits));
}

/* sRGB encoding of a linear value (GLES 3.0 §4.1.8), kept in double so the
 * final rounding to 8 bits is the exact one. */
static float linear_to_srgb(float c)
{
	double v = c <= 0.0f ? 0.0 : c >= 1.0f ? 1.0 : c;
	if (v < 0.0031308)
		v *= 12.92;
	else
		v = 1.055 * pow(v, 1.0 / 2.4) - 0.055;
	return (float)v;
}

uint32_t gl_fmt_pack_color(enum gl_fmt fmt, const float c[4])
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi || fi->kind != GLF_KIND_UNORM)
		return 0;
	uint8_t bits[4];
	bits_of(fi, bits);
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		float x = fi->srgb && i < 3 ? linear_to_srgb(c[i]) : c[i];
		if (bits[i])
			v |= unorm(x, bits[i]) << fi->shift[i];
	}
	/* padding bytes of X formats read back as opaque */
	if (fi->cpp == 4 && !fi->a)
		v |= 0xffu << 24;
	return v;
}

uint32_t gl_fmt_color_keep(enum gl_fmt fmt, const GLboolean m[4])
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi || fi->kind == GLF_KIND_DS || fi->kind == GLF_KIND_BLOCK)
		return ~0u;
	if (gl_fmt_wide(fi)) {
		uint8_t bits[4];
		bits_of(fi, bits);
		uint32_t kept = 0;
		for (int i = 0; i < 4; i++)
			if (bits[i] && !m[i])
				kept |= 1u << i;
		return kept;
	}
	uint8_t bits[4];
	bits_of(fi, bits);
	uint32_t all = mask_of(fi->cpp * 8u), written = 0;
	for (int i = 0; i < 4; i++)
		if (bits[i] && m[i])
			written |= mask_of(bits[i]) << fi->shift[i];
	/* bits no channel owns (X bytes) are left alone */
	uint32_t owned = 0;
	for (int i = 0; i < 4; i++)
		if (bits[i])
			owned |= mask_of(bits[i]) << fi->shift[i];
	return (all & ~written) | (all & ~owned);
}

/* n-bit to 8-bit by bit replication (what llvmpipe's read-back does);
 * wider channels (RGB10_A2's) go through a float, as Mesa converts
 * formats of more than 8 bits a channel: v / max, then rounded to 8 bits. */
static uint8_t widen(uint32_t v, unsigned bits)
{
	if (bits > 8)
		return (uint8_t)lrintf((float)v * (1.0f / (float)mask_of(bits)) * 255.0f);
	if (bits == 8)
		return (uint8_t)v;
	uint32_t out = 0;
	int pos = 8 - (int)bits;
	out = v << pos;
	while (pos > 0) {
		pos -= (int)bits;
		out |= pos >= 0 ? v << pos : v >> -pos;
	}
	return (uint8_t)out;
}

/* 8-bit to n-bit, round to nearest (Mesa's unorm-to-unorm narrowing);
 * to more than 8 bits by bit replication, as llvmpipe's blits widen. */
static uint32_t narrow(uint8_t v, unsigned bits)
{
	if (bits > 8)
		return (uint32_t)v << (bits - 8) | (uint32_t)v >> (16 - bits);
	if (bits == 8)
		return v;
	uint32_t max = mask_of(bits);
	return (v * max + 127) / 255;
}

/*
 * The channels of a normalized pixel: each present one's raw value and width
 * (bits 0 for an absent one). False for other kinds (nothing to convert).
 */
static bool unorm_channels(const struct gl_fmt_info *fi, const void *pixel, uint32_t raw[4], uint8_t bits[4])
{
	if (!fi || fi->kind != GLF_KIND_UNORM)
		return false;
	uint32_t v = load(fi, pixel);
	bits_of(fi, bits);
	for (int i = 0; i < 4; i++)
		raw[i] = bits[i] ? (v >> fi->shift[i]) & mask_of(bits[i]) : 0;
	return true;
}

/* Stores raw channel values (already narrowed to bits) as a pixel; a padding byte reads opaque. */
static void store_unorm(const struct gl_fmt_info *fi, const uint32_t raw[4], const uint8_t bits[4], void *pixel)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++)
		if (bits[i])
			v |= raw[i] << fi->shift[i];
	if (fi->cpp == 4 && !fi->a)
		v |= 0xffu << 24;
	store(fi, v, pixel);
}

void gl_fmt_unpack_ubyte(enum gl_fmt fmt, const void *pixel, uint8_t out[4])
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	uint32_t raw[4];
	uint8_t bits[4];
	out[0] = out[1] = out[2] = 0;
	out[3] = 255;
	if (!unorm_channels(fi, pixel, raw, bits))
		return;
	for (int i = 0; i < 4; i++)
		if (bits[i])
			out[i] = widen(raw[i], bits[i]);
	if (fi->luminance)
		out[1] = out[2] = out[0];
}

void gl_fmt_pack_ubyte(enum gl_fmt fmt, const uint8_t in[4], void *pixel)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi || fi->kind != GLF_KIND_UNORM)
		return;
	uint8_t bits[4];
	uint32_t raw[4];
	bits_of(fi, bits);
	for (int i = 0; i < 4; i++)
		raw[i] = bits[i] ? narrow(in[i], bits[i]) : 0;
	store_unorm(fi, raw, bits, pixel);
}

/* Channel i (bits wide at shift) of a pixel: a whole little-endian word
 * of bits / 8 bytes in a wide pixel, else bits of the pixel word v. */
static uint32_t channel_get(const struct gl_fmt_info *fi, const void *pixel, uint32_t v, int i, unsigned bits)
{
	uint32_t c = 0;
	if (!gl_fmt_wide(fi))
		return (v >> fi->shift[i]) & mask_of(bits);
	memcpy(&c, (const uint8_t *)pixel + fi->shift[i] / 8, bits / 8);
	return c;
}

/* The other way: into the wide pixel, or or'ed into the word *v. */
static void channel_put(const struct gl_fmt_info *fi, void *pixel, uint32_t *v, int i, unsigned bits, uint32_t c)
{
	if (gl_fmt_wide(fi))
		memcpy((uint8_t *)pixel + fi->shift[i] / 8, &c, bits / 8);
	else
		*v |= (c & mask_of(bits)) << fi->shift[i];
}

void gl_fmt_unpack_int(enum gl_fmt fmt, const void *pixel, uint32_t out[4])
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	out[0] = out[1] = out[2] = 0;
	out[3] = 1;
	if (!fi || (fi->kind != GLF_KIND_UINT && fi->kind != GLF_KIND_SINT))
		return;
	uint32_t v = gl_fmt_wide(fi) ? 0 : load(fi, pixel);
	uint8_t bits[4];
	bits_of(fi, bits);
	for (int i = 0; i < 4; i++) {
		if (!bits[i])
			continue;
		uint32_t c = channel_get(fi, pixel, v, i, bits[i]);
		if (fi->kind == GLF_KIND_SINT && bits[i] < 32 && (c >> (bits[i] - 1)) & 1)
			c |= ~mask_of(bits[i]);
		out[i] = c;
	}
}

void gl_fmt_pack_int(enum gl_fmt fmt, const uint32_t in[4], void *pixel)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi || (fi->kind != GLF_KIND_UINT && fi->kind != GLF_KIND_SINT))
		return;
	uint8_t bits[4];
	bits_of(fi, bits);
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		if (!bits[i])
			continue;
		uint32_t c = in[i];
		if (fi->kind == GLF_KIND_UINT) {
			if (c > mask_of(bits[i]))
				c = mask_of(bits[i]);
		} else if (bits[i] < 32) {
			int32_t s = (int32_t)c, hi = (int32_t)(mask_of(bits[i] - 1)), lo = -hi - 1;
			c = (uint32_t)(s > hi ? hi : s < lo ? lo : s);
		}
		channel_put(fi, pixel, &v, i, bits[i], c);
	}
	if (!gl_fmt_wide(fi))
		store(fi, v, pixel);
}

bool gl_fmt_deep(enum gl_fmt fmt)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	return fi && fi->kind == GLF_KIND_UNORM && (fi->r > 8 || fi->g > 8 || fi->b > 8 || fi->a > 8);
}

/* ---- floating-point channels ---- */

static uint32_t float_bits(float f)
{
	uint32_t x;
	memcpy(&x, &f, 4);
	return x;
}

static float bits_float(uint32_t x)
{
	float f;
	memcpy(&f, &x, 4);
	return f;
}

/* q rounded by its low s bits (s >= 1) to nearest, ties to even. */
static uint32_t round_even(uint32_t q, unsigned s)
{
	uint32_t rem = q & mask_of(s), half = 1u << (s - 1), r = q >> s;
	return r + (rem > half || (rem == half && (r & 1)));
}

float gl_half_to_float(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 31, m = h & 0x3ff;
	if (e == 0) {
		float v = ldexpf((float)m, -24);	/* denormal: m units of 2^-24 */
		return sign ? -v : v;
	}
	/* inf and NaN keep exponent all ones, the payload its top bits */
	return bits_float(sign | (e == 31 ? 255u : e + 112) << 23 | m << 13);
}

/* Float to half, rounded to nearest even (overflowing to infinity) or
 * toward zero (finite values past the largest half to the largest). */
static uint16_t half_from_float(float f, bool toward_zero)
{
	uint32_t x = float_bits(f), sign = (x >> 16) & 0x8000, e = (x >> 23) & 0xff, m = x & 0x7fffff;
	if (e == 255)	/* inf; NaN stays a quiet NaN */
		return (uint16_t)(sign | 0x7c00 | (m ? 0x200 | m >> 13 : 0));
	if (e > 112) {
		/* normal (a carry of the rounding walks into the exponent) */
		uint32_t v = (e - 112) << 23 | m;
		uint32_t q = toward_zero ? v >> 13 : round_even(v, 13);
		uint32_t top = toward_zero ? 0x7bff : 0x7c00;
		return (uint16_t)(sign | (q > top ? top : q));
	}
	/* a half denormal: the value in units of 2^-24, (1.m * 2^(e-127)) * 2^24 */
	unsigned s = 126 - e;
	if (s > 24)
		return (uint16_t)sign;
	return (uint16_t)(sign | (toward_zero ? (m | 0x800000) >> s : round_even(m | 0x800000, s)));
}

uint16_t gl_half_from_float(float f)
{
	return half_from_float(f, false);
}

/* GL's unsigned 11 and 10-bit floats (5 exponent bits, bias 15) as
 * llvmpipe encodes them: the mantissa truncated; negatives (and -inf) 0,
 * finite values past the largest the largest, NaN a NaN. Values below
 * 2^-14 are flushed to 0 by Mesa's CPU packer (uploads), but kept as
 * denormals by its rendering (denormals). */
static uint32_t to_ufloat(float v, unsigned bits, bool denormals)
{
	unsigned mbits = bits - 5;
	uint32_t x = float_bits(v), e = (x >> 23) & 0xff, m = x & 0x7fffff, inf = 31u << mbits;
	if (e == 255)
		return m ? inf | 1 : x >> 31 ? 0 : inf;
	if (x >> 31)
		return 0;
	if (e <= 112) {
		/* the value in units of 2^(-14 - mbits): M * 2^(e - 150 + 14 + mbits) */
		unsigned s = 136 - mbits - e;
		return denormals && s <= 24 ? (m | 0x800000) >> s : 0;
	}
	if (e >= 127 + 16)
		return inf - 1;	/* 30 << mbits | all mantissa bits */
	return (e - 112) << mbits | m >> (23 - mbits);
}

static float from_ufloat(uint32_t c, unsigned bits)
{
	unsigned mbits = bits - 5;
	uint32_t e = c >> mbits, m = c & mask_of(mbits);
	if (e == 31)
		return m ? NAN : INFINITY;
	if (e == 0)
		return ldexpf((float)m, -14 - (int)mbits);
	return ldexpf((float)(m | 1u << mbits), (int)e - 15 - (int)mbits);
}

/* A float channel of bits as stored (how: GL_PACK_* flags), and back. */
static uint32_t float_channel(float v, unsigned bits, unsigned how)
{
	if (bits == 32)
		return float_bits(v);
	if (bits == 16)
		return half_from_float(v, how & GL_PACK_HALF_TOWARD_ZERO);
	return to_ufloat(v, bits, how & GL_PACK_SMALL_DENORMALS);
}

static float channel_float(uint32_t c, unsigned bits)
{
	return bits == 32 ? bits_float(c) : bits == 16 ? gl_half_to_float((uint16_t)c) : from_ufloat(c, bits);
}

/*
 * RGB9_E5 (GLES 3.0 §3.8.3.2, "shared exponent"): N = 9 mantissa bits,
 * bias B = 15. Channels clamp to [0, 65408] (NaN to 0); the exponent comes
 * from the largest, one more when its mantissa rounds up to 2^N; each
 * mantissa is floor(c / 2^(exp - B - N) + 0.5), computed exactly as
 * (floor(2c / 2^(exp - B - N)) + 1) / 2 (the scale is a power of two).
 */
static uint32_t rgb9e5_mantissa(float c, int exp)
{
	return ((uint32_t)ldexpf(c, 1 - (exp - 15 - 9)) + 1) >> 1;
}

static uint32_t pack_rgb9e5(const float in[3])
{
	const float max = 65408.0f;	/* (2^9 - 1) / 2^9 * 2^16 */
	float c[3], maxc = 0.0f;
	for (int i = 0; i < 3; i++) {
		c[i] = in[i] > 0.0f ? (in[i] < max ? in[i] : max) : 0.0f;
		if (c[i] > maxc)
			maxc = c[i];
	}
	int e = 0;
	if (maxc > 0.0f)
		frexpf(maxc, &e);	/* maxc = f * 2^e, f in [0.5, 1): floor(log2) = e - 1 */
	int exp = (maxc > 0.0f && e - 1 > -16 ? e - 1 : -16) + 1 + 15;
	if (rgb9e5_mantissa(maxc, exp) == 1u << 9)
		exp++;
	return (uint32_t)exp << 27 | rgb9e5_mantissa(c[2], exp) << 18 | rgb9e5_mantissa(c[1], exp) << 9 |
	       rgb9e5_mantissa(c[0], exp);
}

static void unpack_rgb9e5(uint32_t v, float out[4])
{
	int exp = (int)(v >> 27) - 15 - 9;
	for (int i = 0; i < 3; i++)
		out[i] = ldexpf((float)((v >> (9 * i)) & 511), exp);
}

/* A float format's RGB padded to 4 channels (RGB16F, RGB32F): the pad word reads 1.0. */
static bool float_padded(const struct gl_fmt_info *fi)
{
	return fi->kind == GLF_KIND_FLOAT && !fi->a && fi->cpp * 8u == 4u * fi->b;
}

static void unpack_float_kind(enum gl_fmt fmt, const struct gl_fmt_info *fi, const void *pixel, float out[4])
{
	uint32_t v = gl_fmt_wide(fi) ? 0 : load(fi, pixel);
	if (fmt == GLF_RGB9E5) {
		unpack_rgb9e5(v, out);
		return;
	}
	uint8_t bits[4];
	bits_of(fi, bits);
	for (int i = 0; i < 4; i++)
		if (bits[i])
			out[i] = channel_float(channel_get(fi, pixel, v, i, bits[i]), bits[i]);
}

static void pack_float_kind(enum gl_fmt fmt, const struct gl_fmt_info *fi, const float in[4], void *pixel,
			    unsigned how)
{
	uint32_t v = 0;
	if (fmt == GLF_RGB9E5) {
		store(fi, pack_rgb9e5(in), pixel);
		return;
	}
	uint8_t bits[4];
	bits_of(fi, bits);
	for (int i = 0; i < 4; i++)
		if (bits[i])
			channel_put(fi, pixel, &v, i, bits[i], float_channel(in[i], bits[i], how));
	if (float_padded(fi))
		channel_put(fi, pixel, &v, 3, fi->b, float_channel(1.0f, fi->b, how));
	if (!gl_fmt_wide(fi))
		store(fi, v, pixel);
}

/* Mesa's unorm-to-float: v * (1 / max), in float. */
void gl_fmt_unpack_float(enum gl_fmt fmt, const void *pixel, float out[4])
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	uint32_t raw[4];
	uint8_t bits[4];
	out[0] = out[1] = out[2] = 0.0f;
	out[3] = 1.0f;
	if (fi && fi->kind == GLF_KIND_FLOAT) {
		unpack_float_kind(fmt, fi, pixel, out);
		return;
	}
	if (!unorm_channels(fi, pixel, raw, bits))
		return;
	for (int i = 0; i < 4; i++)
		if (bits[i])
			out[i] = (float)raw[i] * (1.0f / (float)mask_of(bits[i]));
	if (fi->luminance)
		out[1] = out[2] = out[0];
}

void gl_fmt_pack_float(enum gl_fmt fmt, const float in[4], void *pixel)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (fi && fi->kind == GLF_KIND_FLOAT) {
		pack_float_kind(fmt, fi, in, pixel, 0);
		return;
	}
	if (!fi || fi->kind != GLF_KIND_UNORM)
		return;
	uint8_t bits[4];
	uint32_t raw[4];
	bits_of(fi, bits);
	for (int i = 0; i < 4; i++)
		raw[i] = bits[i] ? unorm(in[i], bits[i]) : 0;
	store_unorm(fi, raw, bits, pixel);
}

/* ---- depth and stencil ---- */

uint64_t gl_fmt_ds_bits(enum gl_fmt fmt, bool depth, bool stencil)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	uint64_t bits = 0;
	if (!fi || fi->kind != GLF_KIND_DS)
		return 0;
	if (depth && fi->depth)
		bits |= ((uint64_t)1 << fi->depth) - 1;
	if (stencil && fi->stencil)
		bits |= (uint64_t)0xff << fi->depth;
	return bits;
}

uint64_t gl_fmt_pack_ds(enum gl_fmt fmt, float depth, uint32_t stencil)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (!fi || fi->kind != GLF_KIND_DS)
		return 0;
	float d = depth > 0.0f ? (depth < 1.0f ? depth : 1.0f) : 0.0f;	/* NaN too goes to 0 */
	uint64_t v = 0;
	if (gl_fmt_float_depth(fi)) {
		uint32_t bits;
		memcpy(&bits, &d, 4);
		v = bits;
	} else if (fi->depth) {
		v = (uint64_t)lrint((double)d * (double)mask_of(fi->depth));
	}
	if (fi->stencil)
		v |= (uint64_t)(stencil & 0xff) << fi->depth;
	return v;
}

uint64_t gl_fmt_ds_convert(enum gl_fmt src, uint64_t v, enum gl_fmt dst)
{
	const struct gl_fmt_info *si = gl_fmt_info(src), *di = gl_fmt_info(dst);
	if (src == dst || !si || !di)
		return v;
	uint64_t depth = v & gl_fmt_ds_bits(src, true, false);
	uint64_t stencil = si->stencil ? (v >> si->depth) & 0xff : 0;
	return (depth & gl_fmt_ds_bits(dst, true, false)) | (di->stencil ? stencil << di->depth : 0);
}

void gl_fmt_pack_float_as(enum gl_fmt fmt, const float in[4], void *pixel, unsigned how)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (fi && fi->kind == GLF_KIND_FLOAT)
		pack_float_kind(fmt, fi, in, pixel, how);
	else
		gl_fmt_pack_float(fmt, in, pixel);
}
