/* SPDX-License-Identifier: MIT */
/*
 * The pixel formats the core knows (the kernel's drm_fourcc.c
 * __drm_format_info): planes, bytes per pixel of each, depth, subsampling.
 * A static table (drm/drm_fourcc.c); no state, no lock.
 */
#ifndef SHIM_DRM_FOURCC_H
#define SHIM_DRM_FOURCC_H

#include <stdint.h>

struct shim_format_info {
	uint32_t format;
	uint8_t depth;			/* legacy depth, 0 for none */
	uint8_t num_planes;
	uint8_t cpp[3];
	uint8_t hsub, vsub;
	uint8_t has_alpha, is_yuv;
};

/* The format's description, or NULL if the core does not know it. */
const struct shim_format_info *shim_format_info(uint32_t format);
/* drm_mode_legacy_fb_format: the format ADDFB means by bpp/depth, or 0 (DRM_FORMAT_INVALID). */
uint32_t shim_legacy_fb_format(uint32_t bpp, uint32_t depth);

#endif
