/* SPDX-License-Identifier: MIT */
/*
 * DOC: encoders (the kernel's drm_encoder.c)
 *
 * GETENCODER. Encoders are made by the driver and live in the config
 * (drm_mode_config.h) as long as the instance; the CRTC an encoder drives
 * follows the connector routed through it (SETCRTC sets both). Takes the
 * device lock.
 */
#include "config.h"

#include <errno.h>

#include "drm/drm_lease.h"
#include "drm/drm_mode_config.h"

/* KE1–KE2, LS5: drm_mode_getencoder. Encoders are never leased, so a lessee finds every
 * one, but it is told of a CRTC only if it holds it, and of its own CRTC list's bits. */
int shim_mode_getencoder_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_get_encoder *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_lookup(call->file, mc, r->encoder_id, SHIM_MODE_ENCODER);
	if (!off) {
		ret = -ENOENT;
	} else {
		const struct shim_mode_encoder *e = shim_ptr(off);
		r->crtc_id = e->crtc && shim_lease_held(call->file, mc->crtcs[e->crtc - 1].id) ?
			mc->crtcs[e->crtc - 1].id : 0;
		r->encoder_type = e->type;
		r->encoder_id = e->id;
		r->possible_crtcs = shim_lease_filter_crtcs(call->file, mc, e->possible_crtcs);
		r->possible_clones = e->possible_clones;
	}
	shim_device_unlock(call->dev);
	return ret;
}
