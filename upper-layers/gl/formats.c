/* SPDX-License-Identifier: MIT */
/*
 * Formats: the sized internal formats this driver stores, what each looks
 * like in memory (a DRM fourcc for color: the blitter moves 8, 16 and
 * 32-bit pixels and never converts, so the fourcc says it all), and the
 * packing of clear colors and unpacking for read-back. GL's RGBA8 is
 * stored R, G, B, A in memory (ABGR8888), as Mesa stores it for GLES.
 */
#include <drm_fourcc.h>
#include <math.h>
#include <string.h>

#include "upper-layers/gl/gl_priv.h"

static const struct gl_fmt_info infos[GLF_COUNT] = {
	[GLF_RGBA8] = { GL_RGBA8, DRM_FORMAT_ABGR8888, 4, GL_RGBA, 8, 8, 8, 8, 0, 0 },
	[GLF_RGBX8] = { GL_RGB8, DRM_FORMAT_XBGR8888, 4, GL_RGB, 8, 8, 8, 0, 0, 0 },
	[GLF_BGRA8] = { GL_BGRA8_EXT, DRM_FORMAT_ARGB8888, 4, GL_RGBA, 8, 8, 8, 8, 0, 0 },
	[GLF_BGRX8] = { GL_RGB8, DRM_FORMAT_XRGB8888, 4, GL_RGB, 8, 8, 8, 0, 0, 0 },
	[GLF_RGB565] = { GL_RGB565, DRM_FORMAT_RGB565, 2, GL_RGB, 5, 6, 5, 0, 0, 0 },
	[GLF_R8] = { GL_R8, DRM_FORMAT_R8, 1, GL_RED, 8, 0, 0, 0, 0, 0 },
	[GLF_RG8] = { GL_RG8, DRM_FORMAT_GR88, 2, GL_RG, 8, 8, 0, 0, 0, 0 },
	[GLF_Z16] = { GL_DEPTH_COMPONENT16, 0, 2, GL_DEPTH_COMPONENT, 0, 0, 0, 0, 16, 0 },
	[GLF_Z24X8] = { GL_DEPTH_COMPONENT24, 0, 4, GL_DEPTH_COMPONENT, 0, 0, 0, 0, 24, 0 },
	[GLF_Z24S8] = { GL_DEPTH24_STENCIL8, 0, 4, GL_DEPTH_STENCIL, 0, 0, 0, 0, 24, 8 },
	[GLF_S8] = { GL_STENCIL_INDEX8, 0, 1, GL_STENCIL_INDEX8, 0, 0, 0, 0, 0, 8 },
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

/* GL's float-to-normalized rule: clamp, scale by 2^bits - 1, round. */
static uint32_t unorm(float v, unsigned bits)
{
	if (!(v > 0.0f))
		return 0;
	if (v >= 1.0f)
		return (1u << bits) - 1;
	return (uint32_t)lrintf(v * (float)((1u << bits) - 1));
}

uint32_t gl_fmt_pack_color(enum gl_fmt fmt, const float c[4])
{
	uint32_t r = unorm(c[0], 8), g = unorm(c[1], 8), b = unorm(c[2], 8), a = unorm(c[3], 8);
	switch (fmt) {
	case GLF_RGBA8: return r | g << 8 | b << 16 | a << 24;
	case GLF_RGBX8: return r | g << 8 | b << 16 | 0xffu << 24;
	case GLF_BGRA8: return b | g << 8 | r << 16 | a << 24;
	case GLF_BGRX8: return b | g << 8 | r << 16 | 0xffu << 24;
	case GLF_RGB565: return unorm(c[0], 5) << 11 | unorm(c[1], 6) << 5 | unorm(c[2], 5);
	case GLF_R8: return r;
	case GLF_RG8: return r | g << 8;
	default: return 0;
	}
}

/* n-bit to 8-bit by bit replication, as Mesa's format unpacking (and the
 * hardware's) widens them: 5-bit 3 reads back as 24, where GL's float
 * rule (round(3 * 255 / 31)) would give 25. Mesa is our reference for
 * pixels, so we read back what it reads back. */
static uint8_t expand(uint32_t v, unsigned bits)
{
	uint32_t x = v << (8 - bits);
	return (uint8_t)(x | x >> bits);
}

void gl_fmt_unpack_ubyte(enum gl_fmt fmt, const void *pixel, uint8_t out[4])
{
	const uint8_t *p = pixel;
	uint16_t v16;
	switch (fmt) {
	case GLF_RGBA8: memcpy(out, p, 4); break;
	case GLF_RGBX8: memcpy(out, p, 3); out[3] = 255; break;
	case GLF_BGRA8: out[0] = p[2]; out[1] = p[1]; out[2] = p[0]; out[3] = p[3]; break;
	case GLF_BGRX8: out[0] = p[2]; out[1] = p[1]; out[2] = p[0]; out[3] = 255; break;
	case GLF_RGB565:
		memcpy(&v16, p, 2);
		out[0] = expand(v16 >> 11, 5);
		out[1] = expand((v16 >> 5) & 63, 6);
		out[2] = expand(v16 & 31, 5);
		out[3] = 255;
		break;
	case GLF_R8: out[0] = p[0]; out[1] = out[2] = 0; out[3] = 255; break;
	case GLF_RG8: out[0] = p[0]; out[1] = p[1]; out[2] = 0; out[3] = 255; break;
	default: memset(out, 0, 4); break;
	}
}
