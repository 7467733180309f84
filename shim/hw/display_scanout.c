/* SPDX-License-Identifier: MIT */
/*
 * DOC: the display engine's scanout (display_scanout.h)
 *
 * Per pixel of the pipe, bottom plane first: find the source pixel (nearest
 * sample), read it at its tiled and swizzled address, decode it to 8-bit
 * channels, blend. Then the gamma LUT. Owns nothing; calls hw/tiling.h only.
 */
#include "config.h"

#include <drm_fourcc.h>
#include <string.h>

#include "hw/display_scanout.h"

struct px {
	uint32_t r, g, b, a;
	bool has_alpha;
};

bool shim_scanout_format_supported(uint32_t format)
{
	switch (format) {
	case DRM_FORMAT_XRGB8888: case DRM_FORMAT_ARGB8888:
	case DRM_FORMAT_XBGR8888: case DRM_FORMAT_ABGR8888:
	case DRM_FORMAT_RGB565: case DRM_FORMAT_XRGB1555:
	case DRM_FORMAT_XRGB2101010: case DRM_FORMAT_XBGR2101010:
		return true;
	default:
		return false;
	}
}

static unsigned format_cpp(uint32_t format)
{
	return format == DRM_FORMAT_RGB565 || format == DRM_FORMAT_XRGB1555 ? 2 : 4;
}

/* n bits widened to 8 by repeating the top bits, as the engine expands them. */
static uint32_t widen(uint32_t v, unsigned bits)
{
	return (v << (8 - bits)) | (v >> (2 * bits - 8));
}

static struct px decode(uint32_t format, uint32_t v)
{
	struct px p = { .a = 255 };
	switch (format) {
	case DRM_FORMAT_ARGB8888:
		p.has_alpha = true;
		p.a = v >> 24;
		/* fall through */
	case DRM_FORMAT_XRGB8888:
		p.r = v >> 16 & 0xff, p.g = v >> 8 & 0xff, p.b = v & 0xff;
		break;
	case DRM_FORMAT_ABGR8888:
		p.has_alpha = true;
		p.a = v >> 24;
		/* fall through */
	case DRM_FORMAT_XBGR8888:
		p.b = v >> 16 & 0xff, p.g = v >> 8 & 0xff, p.r = v & 0xff;
		break;
	case DRM_FORMAT_RGB565:
		p.r = widen(v >> 11 & 0x1f, 5), p.g = widen(v >> 5 & 0x3f, 6), p.b = widen(v & 0x1f, 5);
		break;
	case DRM_FORMAT_XRGB1555:
		p.r = widen(v >> 10 & 0x1f, 5), p.g = widen(v >> 5 & 0x1f, 5), p.b = widen(v & 0x1f, 5);
		break;
	case DRM_FORMAT_XRGB2101010:
		p.r = v >> 22 & 0xff, p.g = v >> 12 & 0xff, p.b = v >> 2 & 0xff;
		break;
	case DRM_FORMAT_XBGR2101010:
		p.b = v >> 22 & 0xff, p.g = v >> 12 & 0xff, p.r = v >> 2 & 0xff;
		break;
	}
	return p;
}

/* The pixel (x, y) of the plane's framebuffer, read as the engine reads it. */
static struct px fetch(const struct shim_scanout_pipe *pipe, const struct shim_scanout_plane *pl, uint32_t x,
		       uint32_t y)
{
	unsigned cpp = format_cpp(pl->format);
	uint64_t a = pl->offset + shim_tiled_offset(pipe->gen, pl->tiling, pl->pitch, x * cpp, y);
	if (pl->tiling != SHIM_TILING_NONE)
		a = shim_swizzle(a, pl->swizzle);
	uint32_t v = 0;
	if (pl->mem && a < pl->size && pl->size - a >= cpp) {
		const uint8_t *s = pl->mem + a;
		v = cpp == 2 ? (uint32_t)(s[0] | s[1] << 8)
			     : (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24;
	}
	return decode(pl->format, v);
}

static uint32_t blend_channel(uint32_t src, uint32_t dst, uint32_t a)
{
	uint32_t v = src + (dst * (255 - a) + 127) / 255;
	return v > 255 ? 255 : v;
}

/* One plane over the picture so far. */
static void draw_plane(const struct shim_scanout_pipe *pipe, const struct shim_scanout_plane *pl, uint32_t *out)
{
	if (!shim_scanout_format_supported(pl->format) || !pl->crtc_w || !pl->crtc_h || !pl->src_w || !pl->src_h)
		return;
	int64_t x0 = pl->crtc_x, y0 = pl->crtc_y;
	int64_t x1 = x0 + pl->crtc_w, y1 = y0 + pl->crtc_h;
	int64_t cx0 = x0 < 0 ? 0 : x0, cy0 = y0 < 0 ? 0 : y0;
	int64_t cx1 = x1 > pipe->width ? pipe->width : x1, cy1 = y1 > pipe->height ? pipe->height : y1;
	for (int64_t dy = cy0; dy < cy1; dy++) {
		/* the sample at the centre of the destination pixel */
		uint64_t sy16 = pl->src_y + ((uint64_t)(2 * (dy - y0) + 1) * pl->src_h) / (2ull * pl->crtc_h);
		uint32_t sy = (uint32_t)(sy16 >> 16);
		if (sy >= pl->fb_height)
			continue;
		uint32_t *row = out + (uint64_t)dy * pipe->width;
		for (int64_t dx = cx0; dx < cx1; dx++) {
			uint64_t sx16 = pl->src_x + ((uint64_t)(2 * (dx - x0) + 1) * pl->src_w) / (2ull * pl->crtc_w);
			uint32_t sx = (uint32_t)(sx16 >> 16);
			if (sx >= pl->fb_width)
				continue;
			struct px s = fetch(pipe, pl, sx, sy);
			if (s.has_alpha) {
				uint32_t d = row[dx];
				s.r = blend_channel(s.r, d >> 16 & 0xff, s.a);
				s.g = blend_channel(s.g, d >> 8 & 0xff, s.a);
				s.b = blend_channel(s.b, d & 0xff, s.a);
			}
			row[dx] = s.r << 16 | s.g << 8 | s.b;
		}
	}
}

/* drm_color_lut_extract to 8 bits: round, clamp. */
static uint32_t lut_8(uint16_t v)
{
	uint32_t r = ((uint32_t)v + 0x80) >> 8;
	return r > 255 ? 255 : r;
}

static void apply_gamma(const struct shim_scanout_pipe *pipe, uint32_t *out)
{
	uint32_t n = pipe->lut_size;
	if (!pipe->lut || n < 2)
		return;
	uint8_t map[3][256];
	for (unsigned ch = 0; ch < 3; ch++)
		for (uint32_t c = 0; c < 256; c++)
			map[ch][c] = (uint8_t)lut_8(pipe->lut[ch * n + (n == 256 ? c : c * (n - 1) / 255)]);
	uint64_t count = (uint64_t)pipe->width * pipe->height;
	for (uint64_t i = 0; i < count; i++) {
		uint32_t v = out[i];
		out[i] = (uint32_t)map[0][v >> 16 & 0xff] << 16 | (uint32_t)map[1][v >> 8 & 0xff] << 8 |
			 map[2][v & 0xff];
	}
}

void shim_scanout_compose(const struct shim_scanout_pipe *pipe, uint32_t *out)
{
	memset(out, 0, (size_t)pipe->width * pipe->height * sizeof(*out));
	for (uint32_t i = 0; i < pipe->nplanes; i++)
		draw_plane(pipe, &pipe->planes[i], out);
	apply_gamma(pipe, out);
}
