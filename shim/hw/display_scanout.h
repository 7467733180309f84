/* SPDX-License-Identifier: MIT */
/*
 * DOC: the display engine's scanout (a pipe composing its planes)
 *
 * What a pipe sends to its output, computed from plane descriptions and the
 * plane's memory, as i915's display engine does it (doc/uapi-conformance.md
 * §8b, KS rows): the pipe starts black; the planes are blended bottom to top
 * in the order given (primary, then sprites in zpos order, then the cursor);
 * each plane shows its source rectangle (16.16, nearest sample when scaled)
 * in its CRTC rectangle, clipped to the pipe; a format with alpha is blended
 * as premultiplied (i915's default pixel blend mode): out = src + dst *
 * (255 - alpha) / 255, rounded to nearest, clamped to 255; a format without
 * alpha replaces what is below. Then the pipe's legacy gamma LUT, if given,
 * maps each 8-bit channel c to round(lut[c] / 256) (the kernel's
 * drm_color_lut_extract to 8 bits). 10-bit formats keep their top 8 bits.
 *
 * Memory is read as the engine reads it: at the tiled address of each pixel
 * (hw/tiling.h, X or Y tiles of the generation), then bit-6 swizzled as the
 * CPU view of the pages is; bytes past the end of a plane's memory, or a
 * plane without memory, read as 0.
 *
 * Pure functions: no state, no allocation, no files; the caller owns every
 * buffer and guards against faults in plane memory. Calls hw/tiling.h only.
 */
#ifndef SHIM_HW_DISPLAY_SCANOUT_H
#define SHIM_HW_DISPLAY_SCANOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/tiling.h"

struct shim_scanout_plane {
	const uint8_t *mem;		/* the plane's memory as the CPU sees it; NULL: all 0 */
	uint64_t size;			/* bytes at mem */
	uint64_t offset;		/* of the framebuffer's first byte in mem */
	uint32_t format;		/* DRM_FORMAT_* (shim_scanout_format_supported) */
	enum shim_tiling tiling;
	uint32_t swizzle;		/* I915_BIT_6_SWIZZLE_* of the CPU view */
	uint32_t pitch;
	uint32_t fb_width, fb_height;
	uint32_t src_x, src_y, src_w, src_h;	/* 16.16, inside the framebuffer */
	int32_t crtc_x, crtc_y;		/* may be negative or past the pipe: clipped */
	uint32_t crtc_w, crtc_h;
};

struct shim_scanout_pipe {
	unsigned gen;			/* tile shapes (gen2 X tiles differ) */
	uint32_t width, height;		/* the mode's hdisplay x vdisplay */
	const uint16_t *lut;		/* lut_size red, then green, then blue entries; NULL: none */
	uint32_t lut_size;
	uint32_t nplanes;
	const struct shim_scanout_plane *planes;	/* bottom first */
};

/* Can the engine show this format here? (Others are skipped: their plane shows nothing.) */
bool shim_scanout_format_supported(uint32_t format);

/* The pipe's picture: width x height pixels of 0x00RRGGBB, rows packed, into out. */
void shim_scanout_compose(const struct shim_scanout_pipe *pipe, uint32_t *out);

#endif
