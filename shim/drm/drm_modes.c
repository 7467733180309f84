/* SPDX-License-Identifier: MIT */
/*
 * DOC: display modes (the kernel's drm_modes.c)
 *
 * Helpers on struct drm_mode_modeinfo, the uAPI form in which modes are
 * kept in the shared state: refresh, name, and the checks of a mode from
 * user space (drm_mode_convert_umode and drm_mode_validate_basic). Pure
 * functions: no state, no lock.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>

#include "drm/drm_mode_config.h"

uint64_t shim_mode_vrefresh_mhz(const struct drm_mode_modeinfo *m)
{
	uint64_t num = (uint64_t)m->clock * 1000000ull, den = (uint64_t)m->htotal * m->vtotal;
	if (!den)
		return 0;
	if (m->flags & DRM_MODE_FLAG_INTERLACE)
		num *= 2;
	if (m->flags & DRM_MODE_FLAG_DBLSCAN)
		den *= 2;
	if (m->vscan > 1)
		den *= m->vscan;
	return num / den;
}

void shim_mode_set_name(struct drm_mode_modeinfo *m)
{
	snprintf(m->name, sizeof(m->name), "%ux%u%s", m->hdisplay, m->vdisplay,
		 (m->flags & DRM_MODE_FLAG_INTERLACE) ? "i" : "");
}

/* Flags a kernel mode may carry (DRM_MODE_FLAG_ALL: no BCAST, PIXMUX or aspect bits). */
#define MODE_FLAG_ALL (DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_PVSYNC | \
		       DRM_MODE_FLAG_NVSYNC | DRM_MODE_FLAG_INTERLACE | DRM_MODE_FLAG_DBLSCAN | \
		       DRM_MODE_FLAG_CSYNC | DRM_MODE_FLAG_PCSYNC | DRM_MODE_FLAG_NCSYNC | \
		       DRM_MODE_FLAG_HSKEW | DRM_MODE_FLAG_DBLCLK | DRM_MODE_FLAG_CLKDIV2 | \
		       DRM_MODE_FLAG_3D_MASK)
#define MODE_TYPE_ALL (DRM_MODE_TYPE_PREFERRED | DRM_MODE_TYPE_USERDEF | DRM_MODE_TYPE_DRIVER)

/* KC7: drm_mode_convert_umode then drm_mode_validate_basic. */
int shim_mode_check_umode(const struct drm_mode_modeinfo *m)
{
	if (m->clock > INT_MAX || m->vrefresh > INT_MAX)
		return -ERANGE;
	switch (m->flags & DRM_MODE_FLAG_PIC_AR_MASK) {
	case DRM_MODE_FLAG_PIC_AR_NONE: case DRM_MODE_FLAG_PIC_AR_4_3: case DRM_MODE_FLAG_PIC_AR_16_9:
	case DRM_MODE_FLAG_PIC_AR_64_27: case DRM_MODE_FLAG_PIC_AR_256_135:
		break;
	default:
		return -EINVAL;
	}
	uint32_t flags = m->flags & ~DRM_MODE_FLAG_PIC_AR_MASK;
	if (m->type & ~MODE_TYPE_ALL || flags & ~MODE_FLAG_ALL ||
	    (flags & DRM_MODE_FLAG_3D_MASK) > DRM_MODE_FLAG_3D_SIDE_BY_SIDE_HALF)
		return -EINVAL;
	if (m->clock == 0)
		return -EINVAL;
	if (m->hdisplay == 0 || m->hsync_start < m->hdisplay || m->hsync_end < m->hsync_start ||
	    m->htotal < m->hsync_end)
		return -EINVAL;
	if (m->vdisplay == 0 || m->vsync_start < m->vdisplay || m->vsync_end < m->vsync_start ||
	    m->vtotal < m->vsync_end)
		return -EINVAL;
	return 0;
}
