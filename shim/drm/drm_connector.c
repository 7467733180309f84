/* SPDX-License-Identifier: MIT */
/*
 * DOC: connectors (the kernel's drm_connector.c)
 *
 * GETCONNECTOR. Connectors are made by the driver with their EDID blob and
 * the modes the driver's probe found (the kernel's fill_modes at boot, when
 * fbdev first probes), and live in the config as long as the instance. A
 * GETCONNECTOR with count_modes 0 probes again only for the current master,
 * as the kernel does; the virtual sink never changes, so a probe finds what
 * is there. Takes the device lock.
 */
#include "config.h"

#include <errno.h>

#include "base/user_copy.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_mode_object.h"

/* KN1–KN5, LS6: drm_mode_getconnector. Encoders and modes all or nothing; properties one by one. */
int shim_mode_getconnector_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_get_connector *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_lookup(call->file, mc, r->connector_id, SHIM_MODE_CONNECTOR);
	if (!off) {
		shim_device_unlock(call->dev);
		return -ENOENT;
	}
	const struct shim_mode_connector *c = shim_ptr(off);
	uint32_t enc_id = mc->encoders[c->encoder].id;
	if (r->count_encoders >= 1 && shim_copy_to_user(r->encoders_ptr, &enc_id, sizeof(enc_id))) {
		ret = -EFAULT;
		goto out;
	}
	r->count_encoders = 1;
	r->connector_id = c->id;
	r->connector_type = c->type;
	r->connector_type_id = c->type_id;
	r->mm_width = c->mm_width;
	r->mm_height = c->mm_height;
	r->subpixel = c->subpixel;
	r->connection = c->status;
	bool aspect = call->file->caps & SHIM_CAP_ASPECT_RATIO;
	if (r->count_modes >= c->nmodes && c->nmodes) {
		for (uint32_t i = 0; i < c->nmodes; i++) {
			struct drm_mode_modeinfo m = c->modes[i];
			if (!aspect)
				m.flags &= ~DRM_MODE_FLAG_PIC_AR_MASK;
			if (shim_copy_to_user(r->modes_ptr + i * sizeof(m), &m, sizeof(m))) {
				ret = -EFAULT;
				goto out;
			}
		}
	}
	r->count_modes = c->nmodes;
	r->encoder_id = c->crtc ? enc_id : 0;
	ret = shim_mode_object_get_properties(mc, off, SHIM_MODE_CONNECTOR, call->file->caps & SHIM_CAP_ATOMIC,
					      r->props_ptr, r->prop_values_ptr, &r->count_props);
out:
	shim_device_unlock(call->dev);
	return ret;
}
