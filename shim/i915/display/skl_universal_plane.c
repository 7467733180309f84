/* SPDX-License-Identifier: MIT */
/*
 * DOC: Skylake+ universal planes (the kernel's skl_universal_plane.c)
 *
 * The formats and modifiers of the primary and sprite planes from Skylake,
 * with which format takes which modifier (skl_plane_format_mod_supported):
 * render compression only for the 8888 RGB formats and only on the planes
 * that have it (pipes A and B's first two planes on Skylake, every plane on
 * Ice Lake); Yf tiling not for C8. NV12 and the other planar formats are
 * left out: the shim has no planar framebuffers yet. Fills a fresh config's
 * plane; no state, no calls.
 */
#include "config.h"

#include <string.h>
#include <drm_fourcc.h>

#include "i915/display/intel_display.h"

static const uint32_t skl_formats[] = {
	DRM_FORMAT_C8, DRM_FORMAT_RGB565, DRM_FORMAT_XRGB8888, DRM_FORMAT_XBGR8888, DRM_FORMAT_ARGB8888,
	DRM_FORMAT_ABGR8888, DRM_FORMAT_XRGB2101010, DRM_FORMAT_XBGR2101010, DRM_FORMAT_XRGB16161616F,
	DRM_FORMAT_XBGR16161616F, DRM_FORMAT_YUYV, DRM_FORMAT_YVYU, DRM_FORMAT_UYVY, DRM_FORMAT_VYUY,
};
#define NFORMATS (sizeof(skl_formats) / sizeof(skl_formats[0]))

static bool has_ccs(const struct shim_device_model *m, unsigned pipe, unsigned plane_id)
{
	if (m->gen >= 11)
		return true;
	return pipe != 2 && plane_id <= 1;
}

void skl_universal_plane_formats(const struct shim_device_model *m, unsigned pipe, unsigned plane_id,
				 struct shim_mode_plane *p)
{
	uint64_t mods[] = { I915_FORMAT_MOD_Y_TILED_CCS, I915_FORMAT_MOD_Yf_TILED_CCS, I915_FORMAT_MOD_Y_TILED,
			    I915_FORMAT_MOD_Yf_TILED, I915_FORMAT_MOD_X_TILED, DRM_FORMAT_MOD_LINEAR };
	unsigned first = has_ccs(m, pipe, plane_id) ? 0 : 2;
	p->type = plane_id == 0 ? DRM_PLANE_TYPE_PRIMARY : DRM_PLANE_TYPE_OVERLAY;
	memcpy(p->formats, skl_formats, sizeof(skl_formats));
	p->nformats = NFORMATS;
	p->nmodifiers = 0;
	for (unsigned i = first; i < 6; i++) {
		uint64_t mask = 0;
		for (unsigned f = 0; f < NFORMATS; f++) {
			uint32_t fmt = skl_formats[f];
			bool rgb8888 = fmt == DRM_FORMAT_XRGB8888 || fmt == DRM_FORMAT_XBGR8888 ||
				       fmt == DRM_FORMAT_ARGB8888 || fmt == DRM_FORMAT_ABGR8888;
			if ((mods[i] == I915_FORMAT_MOD_Y_TILED_CCS || mods[i] == I915_FORMAT_MOD_Yf_TILED_CCS) &&
			    !rgb8888)
				continue;
			if ((mods[i] == I915_FORMAT_MOD_Yf_TILED || mods[i] == I915_FORMAT_MOD_Yf_TILED_CCS) &&
			    fmt == DRM_FORMAT_C8)
				continue;
			mask |= 1ull << f;
		}
		p->modifiers[p->nmodifiers] = mods[i];
		p->mod_formats[p->nmodifiers++] = mask;
	}
}
