/* SPDX-License-Identifier: MIT */
/*
 * DOC: i915 framebuffers (the kernel's intel_fb.c: intel_user_framebuffer_create
 * and intel_framebuffer_init)
 *
 * The driver's checks of ADDFB/ADDFB2, after the core's: the object of
 * handles[0] in the caller's file (every plane must name it), its tiling
 * against the modifier (a legacy ADDFB of an X-tiled object means the X
 * modifier; of a Y-tiled one, EINVAL), the format and modifier some plane
 * scans out, the stride limit and alignment, a tiled object's stride, offset
 * 0, and an object big enough for the framebuffer. On success fb->obj[]
 * holds one reference to the object per plane (the core drops them when the
 * framebuffer goes); on failure nothing is held. Device lock held; calls the
 * core's GEM lookups.
 */
#include "config.h"

#include <errno.h>
#include <drm_fourcc.h>
#include <i915_drm.h>

#include "drm/drm_fourcc.h"
#include "drm/drm_gem.h"
#include "i915/display/intel_display.h"
#include "i915/i915_gem_object.h"

static uint32_t modifier_to_tiling(uint64_t modifier)
{
	switch (modifier) {
	case I915_FORMAT_MOD_X_TILED: return I915_TILING_X;
	case I915_FORMAT_MOD_Y_TILED: case I915_FORMAT_MOD_Y_TILED_CCS: return I915_TILING_Y;
	default: return I915_TILING_NONE;
	}
}

static bool ccs(uint64_t modifier)
{
	return modifier == I915_FORMAT_MOD_Y_TILED_CCS || modifier == I915_FORMAT_MOD_Yf_TILED_CCS;
}

/* drm_any_plane_has_format */
static bool any_plane_has_format(const struct shim_mode_config *mc, uint32_t format, uint64_t modifier)
{
	for (uint32_t i = 0; i < mc->nplanes; i++) {
		const struct shim_mode_plane *p = &mc->planes[i];
		for (uint32_t f = 0; f < p->nformats; f++) {
			if (p->formats[f] != format)
				continue;
			for (uint32_t m = 0; m < p->nmodifiers; m++)
				if (p->modifiers[m] == modifier && (p->mod_formats[m] >> f & 1))
					return true;
		}
	}
	return false;
}

/* The primary plane's own stride limit (i9xx_plane_max_stride, skl_plane_max_stride). */
static uint32_t plane_max_stride(const struct shim_device_model *m, uint32_t cpp, uint64_t modifier)
{
	if (m->gen >= 9)
		return cpp * 8192 < 32768 ? cpp * 8192 : 32768;
	if (m->gen >= 4)
		return modifier == I915_FORMAT_MOD_X_TILED ? 16384 : 32768;
	return modifier == I915_FORMAT_MOD_X_TILED ? 8192 : 16384;
}

/* intel_fb_max_stride: remapping lifts the plane's limit from gen4, but not for CCS. */
static uint32_t fb_max_stride(const struct shim_device_model *m, uint32_t cpp, uint64_t modifier)
{
	if (m->gen < 4 || ccs(modifier))
		return plane_max_stride(m, cpp, modifier);
	return m->gen >= 7 ? 256 * 1024 : 128 * 1024;
}

/* Tile geometry in bytes x rows (intel_tile_width_bytes / intel_tile_height). */
static void tile_dims(const struct shim_device_model *m, uint64_t modifier, uint32_t cpp, uint32_t *w,
		      uint32_t *h)
{
	switch (modifier) {
	case I915_FORMAT_MOD_X_TILED:
		*w = 512, *h = 8;
		return;
	case I915_FORMAT_MOD_Y_TILED: case I915_FORMAT_MOD_Y_TILED_CCS:
		*w = 128, *h = 32;
		return;
	case I915_FORMAT_MOD_Yf_TILED: case I915_FORMAT_MOD_Yf_TILED_CCS:
		*w = cpp == 1 ? 64 : cpp <= 4 ? 128 : 256;
		*h = 4096 / *w;
		return;
	default:
		*w = 0, *h = 0;	/* linear */
	}
}

int intel_user_framebuffer_create(struct shim_device *dev, struct shim_file *file, struct shim_mode_fb *fb)
{
	const struct shim_device_model *m = dev->model;
	struct shim_mode_config *mc = shim_ptr(dev->shared->mode_config);
	shim_off off = shim_gem_lookup(file, fb->handles[0]);
	if (!off)
		return -ENOENT;	/* KF14 */
	const struct i915_gem_object *obj = shim_ptr(off);
	const struct shim_format_info *info = shim_format_info(fb->format);
	uint32_t tiling = obj->tiling_mode, stride = obj->stride, cpp = info->cpp[0];

	if (fb->flags & DRM_MODE_FB_MODIFIERS) {
		if (tiling != I915_TILING_NONE && tiling != modifier_to_tiling(fb->modifier))
			return -EINVAL;	/* KF15: a fenced object's tiling is the modifier's */
	} else if (tiling == I915_TILING_X) {
		fb->modifier = I915_FORMAT_MOD_X_TILED;
	} else if (tiling == I915_TILING_Y) {
		return -EINVAL;	/* no Y tiling for legacy ADDFB */
	}
	if (!any_plane_has_format(mc, fb->format, fb->modifier))
		return -EINVAL;	/* KF16 */
	if (m->gen < 4 && tiling != modifier_to_tiling(fb->modifier))
		return -EINVAL;	/* gen3 scans out through the fence: exactly the same */
	if (fb->pitches[0] > fb_max_stride(m, cpp, fb->modifier))
		return -EINVAL;	/* KF17 */
	if (tiling != I915_TILING_NONE && fb->pitches[0] != stride)
		return -EINVAL;	/* KF18 */
	if (fb->offsets[0] != 0)
		return -EINVAL;
	uint32_t tw, th;
	tile_dims(m, fb->modifier, cpp, &tw, &th);
	for (uint32_t i = 0; i < fb->nplanes; i++) {
		if (fb->handles[i] != fb->handles[0])
			return -EINVAL;
		uint32_t align = tw;
		if (!tw)	/* linear: 64 bytes, a page past what the plane can scan out unremapped */
			align = fb->pitches[i] > plane_max_stride(m, cpp, fb->modifier) && !ccs(fb->modifier) ? 4096 : 64;
		if (fb->pitches[i] & (align - 1))
			return -EINVAL;	/* KF19 */
	}
	/* KF20: intel_fill_fb_info: the object holds every row (whole tile rows when tiled). */
	for (uint32_t i = 0; i < fb->nplanes; i++) {
		uint32_t height = i ? (fb->height + info->vsub - 1) / info->vsub : fb->height;
		uint64_t need;
		if (tw)
			need = (uint64_t)((height + th - 1) / th) * (fb->pitches[i] / tw) * 4096 + fb->offsets[i];
		else
			need = ((uint64_t)height * fb->pitches[i] + fb->offsets[i] + 4095) & ~4095ull;
		if (need > obj->base.size)
			return -EINVAL;
	}
	for (uint32_t i = 0; i < fb->nplanes; i++) {
		shim_gem_object_get(dev, off);
		fb->obj[i] = off;
	}
	return 0;
}
