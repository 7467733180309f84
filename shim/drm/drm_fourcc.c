/* SPDX-License-Identifier: MIT */
/*
 * DOC: pixel formats (the kernel's drm_fourcc.c)
 *
 * The formats framebuffers may have, as the core describes them. Only the
 * packed RGB and YUV formats and NV12 are listed: a format the kernel knows
 * and this table does not is refused with the same EINVAL the driver would
 * give it (no i915 plane scans out the others). Static data, no lock.
 */
#include "config.h"

#include <stddef.h>
#include <drm_fourcc.h>

#include "drm/drm_fourcc.h"

static const struct shim_format_info formats[] = {
	{ DRM_FORMAT_C8, 8, 1, { 1 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_XRGB1555, 15, 1, { 2 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_ARGB1555, 15, 1, { 2 }, 1, 1, 1, 0 },
	{ DRM_FORMAT_RGB565, 16, 1, { 2 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_BGR565, 16, 1, { 2 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_RGB888, 24, 1, { 3 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_BGR888, 24, 1, { 3 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_XRGB8888, 24, 1, { 4 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_XBGR8888, 24, 1, { 4 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_RGBX8888, 24, 1, { 4 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_BGRX8888, 24, 1, { 4 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_ARGB8888, 32, 1, { 4 }, 1, 1, 1, 0 },
	{ DRM_FORMAT_ABGR8888, 32, 1, { 4 }, 1, 1, 1, 0 },
	{ DRM_FORMAT_RGBA8888, 32, 1, { 4 }, 1, 1, 1, 0 },
	{ DRM_FORMAT_BGRA8888, 32, 1, { 4 }, 1, 1, 1, 0 },
	{ DRM_FORMAT_XRGB2101010, 30, 1, { 4 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_XBGR2101010, 30, 1, { 4 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_ARGB2101010, 30, 1, { 4 }, 1, 1, 1, 0 },
	{ DRM_FORMAT_ABGR2101010, 30, 1, { 4 }, 1, 1, 1, 0 },
	{ DRM_FORMAT_XRGB16161616F, 0, 1, { 8 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_XBGR16161616F, 0, 1, { 8 }, 1, 1, 0, 0 },
	{ DRM_FORMAT_YUYV, 0, 1, { 2 }, 2, 1, 0, 1 },
	{ DRM_FORMAT_YVYU, 0, 1, { 2 }, 2, 1, 0, 1 },
	{ DRM_FORMAT_UYVY, 0, 1, { 2 }, 2, 1, 0, 1 },
	{ DRM_FORMAT_VYUY, 0, 1, { 2 }, 2, 1, 0, 1 },
	{ DRM_FORMAT_NV12, 0, 2, { 1, 2 }, 2, 2, 0, 1 },
};

const struct shim_format_info *shim_format_info(uint32_t format)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i].format == format)
			return &formats[i];
	return NULL;
}

uint32_t shim_legacy_fb_format(uint32_t bpp, uint32_t depth)
{
	switch (bpp) {
	case 8: return depth == 8 ? DRM_FORMAT_C8 : 0;
	case 16: return depth == 15 ? DRM_FORMAT_XRGB1555 : depth == 16 ? DRM_FORMAT_RGB565 : 0;
	case 24: return depth == 24 ? DRM_FORMAT_RGB888 : 0;
	case 32:
		return depth == 24 ? DRM_FORMAT_XRGB8888 : depth == 30 ? DRM_FORMAT_XRGB2101010 :
		       depth == 32 ? DRM_FORMAT_ARGB8888 : 0;
	default: return 0;
	}
}
