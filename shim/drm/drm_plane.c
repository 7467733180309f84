/* SPDX-License-Identifier: MIT */
/*
 * DOC: planes (the kernel's drm_plane.c)
 *
 * GETPLANE (GETPLANERESOURCES is with GETRESOURCES in drm_mode_config.c).
 * Planes are made by the driver and live in the config as long as the
 * instance; a plane that shows a framebuffer holds a reference on it
 * (drm_framebuffer.c drops it when the plane goes off). Takes the device lock.
 */
#include "config.h"

#include <errno.h>

#include "base/user_copy.h"
#include "drm/drm_mode_config.h"

/* KP2–KP4: drm_mode_getplane. The formats all or nothing: only when the user's count
 * holds them all. Primary and cursor planes answer without UNIVERSAL_PLANES too. */
int shim_mode_getplane_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_get_plane *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_find(mc, r->plane_id, SHIM_MODE_PLANE);
	if (!off) {
		shim_device_unlock(call->dev);
		return -ENOENT;
	}
	const struct shim_mode_plane *p = shim_ptr(off);
	const struct shim_mode_fb *fb = shim_ptr(p->fb);
	r->crtc_id = p->crtc ? mc->crtcs[p->crtc - 1].id : 0;
	r->fb_id = fb ? fb->id : 0;
	r->possible_crtcs = 1u << p->pipe;
	r->gamma_size = 0;
	if (p->nformats && r->count_format_types >= p->nformats &&
	    shim_copy_to_user(r->format_type_ptr, p->formats, p->nformats * sizeof(uint32_t)))
		ret = -EFAULT;
	else
		r->count_format_types = p->nformats;
	shim_device_unlock(call->dev);
	return ret;
}
