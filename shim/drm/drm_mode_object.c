/* SPDX-License-Identifier: MIT */
/*
 * DOC: mode objects (the kernel's drm_mode_object.c)
 *
 * Ids and their types live in the config's idr (drm_mode_config.c hands
 * them out); this file looks them up by uAPI type for a caller (a lessee's
 * file sees only what it leases), answers OBJ_GETPROPERTIES and holds the
 * property listing every object ioctl shares (GETCONNECTOR lists the same).
 * Owns nothing; takes the device lock in the ioctl.
 */
#include "config.h"

#include <errno.h>

#include "base/user_copy.h"
#include "drm/drm_lease.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_mode_object.h"

/* The uAPI type of an object (DRM_MODE_OBJECT_*) from ours. */
static const uint32_t uapi_type[] = {
	[SHIM_MODE_CRTC] = DRM_MODE_OBJECT_CRTC, [SHIM_MODE_ENCODER] = DRM_MODE_OBJECT_ENCODER,
	[SHIM_MODE_CONNECTOR] = DRM_MODE_OBJECT_CONNECTOR, [SHIM_MODE_PLANE] = DRM_MODE_OBJECT_PLANE,
	[SHIM_MODE_PROPERTY] = DRM_MODE_OBJECT_PROPERTY, [SHIM_MODE_BLOB] = DRM_MODE_OBJECT_BLOB,
	[SHIM_MODE_FB] = DRM_MODE_OBJECT_FB,
};

shim_off shim_mode_object_find_uapi(const struct shim_file *file, struct shim_mode_config *mc, uint32_t id,
				    uint32_t obj_type, enum shim_mode_type *type)
{
	uint64_t v = id ? shim_idr_find(&mc->ids, id) : 0;
	if (!v)
		return 0;
	unsigned t = shim_mode_entry_type(v);
	if (obj_type != DRM_MODE_OBJECT_ANY && (t >= sizeof(uapi_type) / sizeof(uapi_type[0]) ||
						uapi_type[t] != obj_type))
		return 0;
	if (shim_mode_type_leased(t) && !shim_lease_held(file, id))
		return 0;	/* LS6: outside the caller's lease, as if there were no such id */
	*type = t;
	return shim_mode_entry_off(v);
}

int shim_mode_object_get_properties(const struct shim_mode_config *mc, shim_off obj, enum shim_mode_type type,
				    bool atomic, uint64_t props_ptr, uint64_t values_ptr, uint32_t *count_props)
{
	enum shim_prop list[SHIM_PROP_COUNT];
	unsigned n = shim_mode_object_props(mc, obj, type, list);
	uint32_t count = 0;
	for (unsigned i = 0; i < n; i++) {
		if (!atomic && (shim_prop_descs[list[i]].flags & DRM_MODE_PROP_ATOMIC))
			continue;
		if (*count_props > count) {
			uint32_t id = mc->props[list[i]].id;
			uint64_t v = shim_mode_prop_value(mc, obj, type, list[i]);
			if (shim_copy_to_user(props_ptr + count * 4, &id, 4) ||
			    shim_copy_to_user(values_ptr + count * 8, &v, 8))
				return -EFAULT;
		}
		count++;
	}
	*count_props = count;
	return 0;
}

/* KO1–KO4, LS6: drm_mode_obj_get_properties_ioctl. */
int shim_mode_obj_getproperties_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_obj_get_properties *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	enum shim_mode_type type = 0;
	shim_off obj = shim_mode_object_find_uapi(call->file, mc, r->obj_id, r->obj_type, &type);
	if (!obj)
		ret = -ENOENT;
	else if (type != SHIM_MODE_CRTC && type != SHIM_MODE_CONNECTOR && type != SHIM_MODE_PLANE)
		ret = -EINVAL;	/* no properties: encoders, fbs, blobs, properties */
	else
		ret = shim_mode_object_get_properties(mc, obj, type, call->file->caps & SHIM_CAP_ATOMIC,
						      r->props_ptr, r->prop_values_ptr, &r->count_props);
	shim_device_unlock(call->dev);
	return ret;
}
