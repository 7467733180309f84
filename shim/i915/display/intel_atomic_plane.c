/* SPDX-License-Identifier: MIT */
/*
 * DOC: i915's plane checks (the kernel's intel_atomic_plane.c clipping check
 * with the check_plane of i9xx_plane.c, intel_sprite.c, skl_universal_plane.c
 * and intel_cursor.c)
 *
 * The driver's plane_check hook (drm_drv.h), run by the DRM core's atomic
 * check for each plane that is to show a framebuffer: the scaling each
 * plane can do (none for primaries before Skylake and for cursors; sprites
 * downscale up to 16x on Ironlake/Sandy Bridge and 2x from Ivy Bridge; the
 * Skylake planes below 3x where the format is scalable), ERANGE otherwise;
 * a visible plane's source at least one pixel; a primary plane without
 * windowing must cover the whole pipe; the cursor's sizes. A plane on a CRTC
 * with no mode is invisible and not an error (i915 clips it to nothing).
 * Pure: no state, no lock needed beyond the caller's, no calls.
 */
#include "config.h"

#include <errno.h>
#include <drm_fourcc.h>

#include "i915/display/intel_display.h"

#define NO_SCALING (1 << 16)

/* drm_calc_scale: src (16.16) over dst (whole pixels), rounded up when downscaling. */
static int64_t calc_scale(uint64_t src, uint64_t dst)
{
	if (!dst)
		return 0;
	if (src > dst << 16)
		return (int64_t)((src + dst - 1) / dst);
	return (int64_t)(src / dst);
}

/* i9xx_plane_has_windowing: only the 9xx generations' second plane could be placed. */
static bool primary_has_windowing(const struct shim_device_model *m, const struct shim_mode_plane *p)
{
	return m->gen < 4 && p->pipe >= 1;
}

/* skl_fb_scalable: C8 never; FP16 not before Ice Lake. */
static bool skl_format_scalable(const struct shim_device_model *m, uint32_t format)
{
	if (format == DRM_FORMAT_C8)
		return false;
	if ((format == DRM_FORMAT_XRGB16161616F || format == DRM_FORMAT_XBGR16161616F) && m->gen < 11)
		return false;
	return true;
}

/* i9xx_cursor_size_ok: widths 64, 128, 256 up to the model's; the height the width
 * before Ivy Bridge, any up to the maximum after. */
static bool cursor_size_ok(const struct shim_device_model *m, uint32_t w, uint32_t h)
{
	uint32_t max = m->cursor_size ? m->cursor_size : 64;
	if (!w || !h || w > max || h > max)
		return false;
	if (w != 64 && w != 128 && w != 256)
		return false;
	return m->gen >= 7 || h == w;
}

/* KA22–KA24 */
int intel_plane_atomic_check(struct shim_device *dev, const struct shim_mode_plane *p,
			     const struct shim_plane_state *s, const struct drm_mode_modeinfo *mode)
{
	const struct shim_device_model *m = dev->model;
	const struct shim_mode_fb *fb = shim_ptr(s->fb);
	int64_t min_scale = NO_SCALING, max_scale = NO_SCALING;
	bool can_position = true;
	if (p->type == DRM_PLANE_TYPE_CURSOR) {
		/* no scaling; positioned anywhere */
	} else if (m->gen >= 9) {
		if (skl_format_scalable(m, fb->format))
			min_scale = 1, max_scale = (3 << 16) - 1;
	} else if (p->type == DRM_PLANE_TYPE_PRIMARY) {
		can_position = primary_has_windowing(m, p);
	} else {
		min_scale = 1;
		max_scale = m->gen >= 7 ? 2 << 16 : 16 << 16;
	}
	int64_t hscale = calc_scale(s->src_w, s->crtc_w), vscale = calc_scale(s->src_h, s->crtc_h);
	if (hscale < min_scale || hscale > max_scale || vscale < min_scale || vscale > max_scale)
		return -ERANGE;	/* "invalid scaling of plane" */
	/* Clip the destination to the pipe (nothing when the CRTC has no mode). */
	int64_t x1 = s->crtc_x, y1 = s->crtc_y, x2 = x1 + s->crtc_w, y2 = y1 + s->crtc_h;
	int64_t cw = mode ? mode->hdisplay : 0, ch = mode ? mode->vdisplay : 0;
	int64_t vx1 = x1 > 0 ? x1 : 0, vy1 = y1 > 0 ? y1 : 0, vx2 = x2 < cw ? x2 : cw, vy2 = y2 < ch ? y2 : ch;
	bool visible = vx2 > vx1 && vy2 > vy1;
	if (visible) {
		/* The source that remains after clipping, at least one pixel. */
		uint64_t sw = (uint64_t)s->src_w * (uint64_t)(vx2 - vx1) / s->crtc_w;
		uint64_t sh = (uint64_t)s->src_h * (uint64_t)(vy2 - vy1) / s->crtc_h;
		if (sw < 0x10000 || sh < 0x10000)
			return -EINVAL;
		if (!can_position && (vx1 != 0 || vy1 != 0 || vx2 != cw || vy2 != ch || x1 > 0 || y1 > 0))
			return -EINVAL;	/* "plane must cover entire CRTC" */
	}
	if (p->type == DRM_PLANE_TYPE_CURSOR && !cursor_size_ok(m, s->crtc_w, s->crtc_h))
		return -EINVAL;
	return 0;
}
