/* SPDX-License-Identifier: MIT */
/*
 * DOC: the cursor plane's checks (the kernel's intel_cursor.c: i9xx_cursor_check)
 *
 * What i915 accepts on the cursor plane of a legacy CURSOR/CURSOR2, after the
 * DRM core made the BO a framebuffer (drm/drm_plane.c): a linear image (the
 * core already refused other formats and modifiers), of a width the cursor
 * engine has (64, 128 or 256, and no more than the mode config's cursor_width,
 * DRM_CAP_CURSOR_WIDTH: 64 on i830/85x/915G(M), else 256), a height of the
 * same size except from Ivy Bridge where CUR_FBC_CTL lets it be any height
 * from 8 to the width (HAS_CUR_FBC: gen7+ outside the GMCH platforms), and a
 * pitch of exactly width x 4. The position is free (negative or past the
 * pipe: the engine clips it). The driver's cursor_check hook; no state, no
 * lock of its own (device lock held).
 */
#include "config.h"

#include <errno.h>
#include <drm_fourcc.h>

#include "i915/display/intel_display.h"

/* HAS_CUR_FBC: every model of ours from gen7 is outside the GMCH (no VLV/CHV here). */
static bool has_cur_fbc(const struct shim_device_model *m)
{
	return m->gen >= 7;
}

/* KU6: i9xx_cursor_size_ok (with intel_cursor_size_ok) and the stride check. */
int intel_cursor_check(struct shim_device *dev, const struct shim_mode_config *mc,
		       const struct shim_mode_plane *plane, const struct shim_mode_fb *fb)
{
	const struct shim_device_model *m = dev->model;
	uint32_t w = fb->width, h = fb->height, max = m->cursor_size;
	if (fb->modifier != DRM_FORMAT_MOD_LINEAR)
		return -EINVAL;	/* "cursor cannot be tiled" */
	if (!w || !h || w > max || h > max)
		return -EINVAL;
	if (w != 64 && w != 128 && w != 256)
		return -EINVAL;
	if (has_cur_fbc(m) ? (h < 8 || h > w) : h != w)
		return -EINVAL;
	if (fb->pitches[0] != w * 4)
		return -EINVAL;	/* "Invalid cursor stride" */
	return 0;
}
