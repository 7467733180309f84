/* SPDX-License-Identifier: MIT */
/*
 * DOC: the i915 display (the kernel's intel_display.c and intel_mode_config_init)
 *
 * Makes the model's display the first time the DRM core needs it (the
 * core's mode_config_init hook): per pipe, in the kernel's order, the
 * primary plane, the sprite planes the generation has and the cursor plane,
 * then the CRTC; then the outputs (intel_hdmi.c). Pipes: 2 up to Sandy
 * Bridge, 3 from Ivy Bridge. The limits of framebuffers and modes
 * (intel_mode_config_init, intel_mode_valid) are here too.
 *
 * The objects live in the core's config block as long as the instance;
 * nothing here holds anything else. Device lock held. Calls the DRM core's
 * mode-object calls (drm/drm_mode_config.h) only.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <i915_drm.h>

#include "i915/display/intel_display.h"

unsigned intel_num_pipes(const struct shim_device_model *m)
{
	return m->gen >= 7 ? 3 : 2;
}

/* The kernel's runtime num_sprites: none before Ironlake (our gen3/gen4 models), one per
 * pipe from Sandy Bridge through Skylake (Broxton alone exposes more on gen9), six on Ice
 * Lake. */
unsigned intel_num_sprites(const struct shim_device_model *m, unsigned pipe)
{
	if (m->gen >= 11)
		return 6;
	if (m->gen >= 5)
		return 1;
	return 0;
}

static int add_plane(struct shim_device *dev, struct shim_mode_config *mc, unsigned pipe, unsigned type,
		     unsigned plane_id, uint32_t *index)
{
	const struct shim_device_model *m = dev->model;
	if (mc->nplanes >= SHIM_MAX_PLANES)
		return -ENOSPC;
	struct shim_mode_plane *p = &mc->planes[mc->nplanes];
	p->index = mc->nplanes;
	p->pipe = pipe;
	p->type = type;
	if (m->gen >= 9 && type != DRM_PLANE_TYPE_CURSOR)
		skl_universal_plane_formats(m, pipe, plane_id, p);
	else if (type == DRM_PLANE_TYPE_PRIMARY)
		i9xx_primary_plane_formats(m, p);
	else if (type == DRM_PLANE_TYPE_OVERLAY)
		intel_sprite_plane_formats(m, p);
	else
		intel_cursor_plane_formats(m, p);
	p->id = shim_mode_object_add(dev, shim_off_of(p), SHIM_MODE_PLANE);
	p->in_formats = shim_plane_in_formats_blob(dev, p);
	if (!p->id || !p->in_formats)
		return -ENOMEM;
	*index = mc->nplanes++;
	return 0;
}

/* intel_crtc_init: the pipe's planes, then the CRTC. */
static int crtc_init(struct shim_device *dev, struct shim_mode_config *mc, unsigned pipe)
{
	struct shim_mode_crtc *c = &mc->crtcs[pipe];
	uint32_t idx;
	int ret = add_plane(dev, mc, pipe, DRM_PLANE_TYPE_PRIMARY, 0, &c->primary);
	for (unsigned s = 0; !ret && s < intel_num_sprites(dev->model, pipe); s++)
		ret = add_plane(dev, mc, pipe, DRM_PLANE_TYPE_OVERLAY, s + 1, &idx);
	if (!ret)
		ret = add_plane(dev, mc, pipe, DRM_PLANE_TYPE_CURSOR, 0, &c->cursor);
	if (ret)
		return ret;
	c->index = pipe;
	c->gamma_size = 256;	/* the legacy LUT of every generation */
	c->id = shim_mode_object_add(dev, shim_off_of(c), SHIM_MODE_CRTC);
	if (!c->id)
		return -ENOMEM;
	mc->ncrtcs = pipe + 1;
	return 0;
}

/* intel_modeset_init_nogem. The config block is fresh: its fields are set without notes. */
int intel_modeset_init(struct shim_device *dev, struct shim_mode_config *mc)
{
	const struct shim_device_model *m = dev->model;
	/* intel_mode_config_init: the framebuffer size limits. */
	mc->min_width = mc->min_height = 0;
	if (m->gen >= 7)
		mc->max_width = mc->max_height = 16384;
	else if (m->gen >= 4)
		mc->max_width = mc->max_height = 8192;
	else
		mc->max_width = mc->max_height = 4096;
	for (unsigned pipe = 0; pipe < intel_num_pipes(m); pipe++) {
		int ret = crtc_init(dev, mc, pipe);
		if (ret)
			return ret;
	}
	return intel_hdmi_init(dev, mc);
}

/* KC10: intel_mode_valid, the transcoder's limits (the mode_config's mode_valid). */
int intel_mode_valid(struct shim_device *dev, const struct drm_mode_modeinfo *mode)
{
	const struct shim_device_model *m = dev->model;
	bool hsw_plus = m->gen >= 9 || !strcmp(m->codename, "hsw") || !strcmp(m->codename, "bdw");
	uint32_t hdisplay_max, vdisplay_max, htotal_max, vtotal_max;
	if (mode->flags & (DRM_MODE_FLAG_DBLSCAN | DRM_MODE_FLAG_DBLCLK | DRM_MODE_FLAG_CSYNC |
			   DRM_MODE_FLAG_NCSYNC | DRM_MODE_FLAG_PCSYNC | DRM_MODE_FLAG_BCAST |
			   DRM_MODE_FLAG_PIXMUX | DRM_MODE_FLAG_CLKDIV2))
		return -EINVAL;
	if (m->gen >= 11) {
		hdisplay_max = 16384; vdisplay_max = 8192; htotal_max = 16384; vtotal_max = 8192;
	} else if (hsw_plus) {
		hdisplay_max = 8192; vdisplay_max = 4096; htotal_max = 8192; vtotal_max = 8192;
	} else {
		hdisplay_max = 4096; vdisplay_max = 4096; htotal_max = 8192; vtotal_max = 8192;
	}
	if (mode->hdisplay > hdisplay_max || mode->hsync_start > htotal_max ||
	    mode->hsync_end > htotal_max || mode->htotal > htotal_max)
		return -EINVAL;
	if (mode->vdisplay > vdisplay_max || mode->vsync_start > vtotal_max ||
	    mode->vsync_end > vtotal_max || mode->vtotal > vtotal_max)
		return -EINVAL;
	if (m->gen >= 5) {
		if (mode->hdisplay < 64 || mode->htotal - mode->hdisplay < 32 ||
		    mode->vtotal - mode->vdisplay < 5)
			return -EINVAL;
		if (mode->hsync_start == mode->hdisplay)	/* no hsync front porch */
			return -EINVAL;
	} else if (mode->htotal - mode->hdisplay < 32 || mode->vtotal - mode->vdisplay < 3) {
		return -EINVAL;
	}
	/* The HDMI sink's TMDS clock (intel_hdmi_mode_clock_valid): 300 MHz from Haswell,
	 * 225 MHz before. */
	if (mode->clock > (hsw_plus ? 300000u : 225000u))
		return -EINVAL;
	return 0;
}

/* KI1: intel_get_pipe_from_crtc_id_ioctl: the pipe of a CRTC, which X drivers need to
 * name it in MI_WAIT_FOR_EVENT and vblank requests; an id that is not a CRTC is ENOENT. */
int shim_i915_get_pipe_from_crtc_id_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_get_pipe_from_crtc_id *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_lookup(call->file, mc, r->crtc_id, SHIM_MODE_CRTC);	/* LS18 */
	if (off)
		r->pipe = ((const struct shim_mode_crtc *)shim_ptr(off))->index;
	shim_device_unlock(call->dev);
	return off ? 0 : -ENOENT;
}
