/* SPDX-License-Identifier: MIT */
/*
 * DOC: pre-Skylake planes (the kernel's i9xx_plane.c, intel_sprite.c, intel_cursor.c)
 *
 * The formats and modifiers of the primary, sprite and cursor planes up to
 * Broadwell, and the cursor of every generation. Fills struct
 * shim_mode_plane fields of a fresh config; no state of its own, no calls.
 */
#include "config.h"

#include <string.h>
#include <drm_fourcc.h>

#include "i915/display/intel_display.h"

static void set_lists(struct shim_mode_plane *p, const uint32_t *f, unsigned nf, const uint64_t *m, unsigned nm)
{
	memcpy(p->formats, f, nf * sizeof(*f));
	memcpy(p->modifiers, m, nm * sizeof(*m));
	p->nformats = nf;
	p->nmodifiers = nm;
}

void intel_plane_all_formats(struct shim_mode_plane *p)
{
	for (unsigned m = 0; m < p->nmodifiers; m++)
		p->mod_formats[m] = (p->nformats >= 64 ? ~0ull : (1ull << p->nformats) - 1);
}

static const uint64_t i9xx_modifiers[] = { I915_FORMAT_MOD_X_TILED, DRM_FORMAT_MOD_LINEAR };

/* i8xx_primary_formats (gen3), i965_primary_formats (gen4 to Sandy Bridge),
 * ivb_primary_formats (Ivy Bridge to Broadwell). */
void i9xx_primary_plane_formats(const struct shim_device_model *m, struct shim_mode_plane *p)
{
	static const uint32_t i8xx[] = { DRM_FORMAT_C8, DRM_FORMAT_XRGB1555, DRM_FORMAT_RGB565,
					 DRM_FORMAT_XRGB8888 };
	static const uint32_t i965[] = { DRM_FORMAT_C8, DRM_FORMAT_RGB565, DRM_FORMAT_XRGB8888,
					 DRM_FORMAT_XBGR8888, DRM_FORMAT_XRGB2101010, DRM_FORMAT_XBGR2101010,
					 DRM_FORMAT_XBGR16161616F };
	static const uint32_t ivb[] = { DRM_FORMAT_C8, DRM_FORMAT_RGB565, DRM_FORMAT_XRGB8888,
					DRM_FORMAT_XBGR8888, DRM_FORMAT_XRGB2101010, DRM_FORMAT_XBGR2101010 };
	if (m->gen >= 7)
		set_lists(p, ivb, 6, i9xx_modifiers, 2);
	else if (m->gen >= 4)
		set_lists(p, i965, 7, i9xx_modifiers, 2);
	else
		set_lists(p, i8xx, 4, i9xx_modifiers, 2);
	intel_plane_all_formats(p);
}

/* snb_sprite_formats: Sandy Bridge to Broadwell. */
void intel_sprite_plane_formats(const struct shim_device_model *m, struct shim_mode_plane *p)
{
	static const uint32_t snb[] = { DRM_FORMAT_XRGB8888, DRM_FORMAT_XBGR8888, DRM_FORMAT_XRGB2101010,
					DRM_FORMAT_XBGR2101010, DRM_FORMAT_XRGB16161616F,
					DRM_FORMAT_XBGR16161616F, DRM_FORMAT_YUYV, DRM_FORMAT_YVYU,
					DRM_FORMAT_UYVY, DRM_FORMAT_VYUY };
	set_lists(p, snb, 10, i9xx_modifiers, 2);
	intel_plane_all_formats(p);
}

/* The cursor: ARGB8888, linear, on every generation. */
void intel_cursor_plane_formats(const struct shim_device_model *m, struct shim_mode_plane *p)
{
	static const uint32_t cursor[] = { DRM_FORMAT_ARGB8888 };
	static const uint64_t linear[] = { DRM_FORMAT_MOD_LINEAR };
	set_lists(p, cursor, 1, linear, 1);
	intel_plane_all_formats(p);
}
