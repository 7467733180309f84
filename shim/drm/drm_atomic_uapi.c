/* SPDX-License-Identifier: MIT */
/*
 * DOC: the atomic uAPI (the kernel's drm_atomic_uapi.c and the property-set
 * half of drm_mode_object.c)
 *
 * ATOMIC, OBJ_SETPROPERTY and the legacy connector SETPROPERTY: turning
 * (object, property, value) triples into a struct shim_atomic_state
 * (drm_atomic.h) with the kernel's checks of each value, then handing it to
 * shim_atomic_commit_unlock. On an atomic driver the property sets are
 * one-property blocking commits (with modesets allowed, as the kernel's
 * default state allows), except DPMS, which has its own legacy path.
 *
 * Owns nothing that outlives an ioctl: the state is on the stack, and the
 * in-fence references it takes are the commit's or dropped. Takes the
 * device lock (the commit releases it). Calls drm_atomic.c, the core's
 * lookups and sync_file.c.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_atomic.h"
#include "drm/drm_lease.h"
#include "drm/drm_mode_object.h"
#include "drm/drm_syncobj.h"

/* The property of id attached to the object (drm_mode_obj_find_prop_id), or -1. */
static int find_prop(const struct shim_mode_config *mc, shim_off obj, enum shim_mode_type type, uint32_t id)
{
	enum shim_prop list[SHIM_PROP_COUNT];
	unsigned n = shim_mode_object_props(mc, obj, type, list);
	for (unsigned i = 0; i < n; i++)
		if (mc->props[list[i]].id == id)
			return (int)list[i];
	return -1;
}

/* KA8: drm_property_change_valid_get: immutable properties take no value; ranges, enums,
 * blob and object ids are checked. */
static bool value_valid(struct shim_mode_config *mc, enum shim_prop which, uint64_t v)
{
	const struct shim_prop_desc *d = &shim_prop_descs[which];
	uint32_t type = d->flags & (DRM_MODE_PROP_LEGACY_TYPE | DRM_MODE_PROP_EXTENDED_TYPE);
	if (d->flags & DRM_MODE_PROP_IMMUTABLE)
		return false;
	if (type & DRM_MODE_PROP_RANGE)
		return v >= d->values[0] && v <= d->values[1];
	if (type & DRM_MODE_PROP_ENUM) {
		for (unsigned i = 0; i < d->nvalues; i++)
			if (d->enums[i].value == v)
				return true;
		return false;
	}
	if (type & DRM_MODE_PROP_BLOB)
		return !v || (v <= UINT32_MAX && shim_mode_object_find(mc, (uint32_t)v, SHIM_MODE_BLOB));
	if (type == DRM_MODE_PROP_SIGNED_RANGE)
		return (int64_t)v >= (int64_t)d->values[0] && (int64_t)v <= (int64_t)d->values[1];
	if (type == DRM_MODE_PROP_OBJECT) {
		enum shim_mode_type t = d->values[0] == DRM_MODE_OBJECT_FB ? SHIM_MODE_FB : SHIM_MODE_CRTC;
		return !v || (v <= UINT32_MAX && shim_mode_object_find(mc, (uint32_t)v, t));
	}
	return false;
}

static uint32_t crtc1_of(struct shim_mode_config *mc, uint64_t id)
{
	const struct shim_mode_crtc *c = shim_ptr(shim_mode_object_find(mc, (uint32_t)id, SHIM_MODE_CRTC));
	return c ? c->index + 1 : 0;
}

/* drm_atomic_set_property and the per-type set_property functions. */
static int set_property(struct shim_call *call, struct shim_atomic_state *st, shim_off obj,
			enum shim_mode_type type, enum shim_prop which, uint64_t v)
{
	struct shim_mode_config *mc = st->mc;
	if (!value_valid(mc, which, v))
		return -EINVAL;
	if (type == SHIM_MODE_CRTC) {
		const struct shim_mode_crtc *c = shim_ptr(obj);
		struct shim_atomic_crtc *a = shim_atomic_get_crtc(st, c->index);
		switch (which) {
		case SHIM_PROP_ACTIVE: a->active = v; return 0;
		case SHIM_PROP_MODE_ID: return shim_atomic_set_mode_blob(st, c->index, (uint32_t)v);
		case SHIM_PROP_VRR_ENABLED: return 0;	/* not kept: no VRR sink */
		case SHIM_PROP_OUT_FENCE_PTR: {
			if (!v)
				return 0;
			int32_t none = -1;	/* KA17: -1 until the commit succeeds */
			if (shim_copy_to_user(v, &none, sizeof(none)))
				return -EFAULT;
			a->out_fence = true;
			a->out_fence_ptr = v;
			return 0;
		}
		default: return -EINVAL;
		}
	}
	/* LS9: a CRTC_ID that names a CRTC the caller's lease does not hold (it exists: KA8
	 * let it through) is EACCES. */
	if (which == SHIM_PROP_CRTC_ID && v && !shim_lease_held(call->file, (uint32_t)v))
		return -EACCES;
	if (type == SHIM_MODE_CONNECTOR) {
		const struct shim_mode_connector *c = shim_ptr(obj);
		shim_atomic_get_conn(st, c->index);
		switch (which) {
		case SHIM_PROP_CRTC_ID: shim_atomic_set_conn_crtc(st, c->index, crtc1_of(mc, v)); return 0;
		case SHIM_PROP_LINK_STATUS: return 0;	/* never downgraded by user space; always good */
		default: return -EINVAL;		/* DPMS has its legacy path only (KA19) */
		}
	}
	const struct shim_mode_plane *p = shim_ptr(obj);
	struct shim_atomic_plane *a = shim_atomic_get_plane(st, p->index);
	struct shim_plane_state *s = &a->s;
	switch (which) {
	case SHIM_PROP_FB_ID: s->fb = v ? shim_mode_object_find(mc, (uint32_t)v, SHIM_MODE_FB) : 0; return 0;
	case SHIM_PROP_CRTC_ID: shim_atomic_set_plane_crtc(st, p->index, crtc1_of(mc, v)); return 0;
	case SHIM_PROP_IN_FENCE_FD:
		/* KA18: one in-fence per plane per commit; -1: none; anything else a sync_file. */
		if (a->in_fence)
			return -EINVAL;
		if ((int64_t)v == -1)
			return 0;
		a->in_fence = shim_sync_file_fence(call->dev, (int)v);
		return a->in_fence ? 0 : -EINVAL;
	case SHIM_PROP_CRTC_X: s->crtc_x = (int32_t)v; return 0;
	case SHIM_PROP_CRTC_Y: s->crtc_y = (int32_t)v; return 0;
	case SHIM_PROP_CRTC_W: s->crtc_w = (uint32_t)v; return 0;
	case SHIM_PROP_CRTC_H: s->crtc_h = (uint32_t)v; return 0;
	case SHIM_PROP_SRC_X: s->src_x = (uint32_t)v; return 0;
	case SHIM_PROP_SRC_Y: s->src_y = (uint32_t)v; return 0;
	case SHIM_PROP_SRC_W: s->src_w = (uint32_t)v; return 0;
	case SHIM_PROP_SRC_H: s->src_h = (uint32_t)v; return 0;
	default: return -EINVAL;
	}
}

#define ATOMIC_FLAGS (DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_PAGE_FLIP_ASYNC | DRM_MODE_ATOMIC_TEST_ONLY | \
		      DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_ATOMIC_ALLOW_MODESET)

/* KA3–KA7, LS6: drm_mode_atomic_ioctl. A lessee's objects outside its lease are unknown ids. */
int shim_mode_atomic_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_atomic *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);	/* EOPNOTSUPP without a display */
	if (!mc)
		return ret;
	shim_device_unlock(call->dev);
	if (!(call->file->caps & SHIM_CAP_ATOMIC))
		return -EINVAL;	/* KA3 */
	if ((r->flags & ~ATOMIC_FLAGS) || r->reserved || (r->flags & DRM_MODE_PAGE_FLIP_ASYNC))
		return -EINVAL;	/* KA4 */
	if ((r->flags & DRM_MODE_ATOMIC_TEST_ONLY) && (r->flags & DRM_MODE_PAGE_FLIP_EVENT))
		return -EINVAL;	/* KA4: a test sends no event */
	for (;;) {
		struct shim_atomic_state st;
		mc = shim_mode_lock(call, &ret);
		if (!mc)
			return ret;
		shim_atomic_state_init(&st, mc, r->flags & DRM_MODE_ATOMIC_ALLOW_MODESET);
		uint32_t copied_props = 0;
		for (uint32_t i = 0; i < r->count_objs && !ret; i++) {
			uint32_t obj_id, count;
			if (shim_copy_from_user(&obj_id, r->objs_ptr + i * 4ull, 4)) {
				ret = -EFAULT;
				break;
			}
			enum shim_mode_type type = 0;
			shim_off obj = shim_mode_object_find_uapi(call->file, mc, obj_id, DRM_MODE_OBJECT_ANY, &type);
			if (!obj || (type != SHIM_MODE_CRTC && type != SHIM_MODE_CONNECTOR && type != SHIM_MODE_PLANE)) {
				ret = -ENOENT;	/* KA7: no object, or one without properties */
				break;
			}
			if (shim_copy_from_user(&count, r->count_props_ptr + i * 4ull, 4)) {
				ret = -EFAULT;
				break;
			}
			for (uint32_t j = 0; j < count; j++, copied_props++) {
				uint32_t prop_id;
				uint64_t value;
				if (shim_copy_from_user(&prop_id, r->props_ptr + copied_props * 4ull, 4)) {
					ret = -EFAULT;
					break;
				}
				int which = find_prop(mc, obj, type, prop_id);
				if (which < 0) {
					ret = -ENOENT;	/* KA7: not a property of this object */
					break;
				}
				if (shim_copy_from_user(&value, r->prop_values_ptr + copied_props * 8ull, 8)) {
					ret = -EFAULT;
					break;
				}
				ret = set_property(call, &st, obj, type, (enum shim_prop)which, value);
				if (ret)
					break;
			}
		}
		if (ret) {
			shim_atomic_state_release(call->dev, &st);
			shim_device_unlock(call->dev);
			return ret;
		}
		ret = shim_atomic_commit_unlock(call, &st, r->flags, r->user_data);
		if (ret != SHIM_COMMIT_RETRY)
			return ret;
		ret = 0;
	}
}

/* KA10–KA11, KA19–KA20: drm_mode_obj_set_property_ioctl on an atomic driver (set_property_atomic). */
static int obj_set_property(struct shim_call *call, uint32_t obj_id, uint32_t obj_type, uint32_t prop_id,
			    uint64_t value)
{
	for (;;) {
		int ret = 0;
		struct shim_mode_config *mc = shim_mode_lock(call, &ret);
		if (!mc)
			return ret;
		enum shim_mode_type type = 0;
		shim_off obj = shim_mode_object_find_uapi(call->file, mc, obj_id, obj_type, &type);
		int which = obj ? find_prop(mc, obj, type, prop_id) : -1;
		if (!obj || which < 0) {
			shim_device_unlock(call->dev);
			return obj ? -EINVAL : -ENOENT;
		}
		if (which == SHIM_PROP_DPMS)	/* the value is not checked: anything but On is Off */
			return shim_atomic_connector_dpms_unlock(call, mc, shim_ptr(obj), value);
		struct shim_atomic_state st;
		shim_atomic_state_init(&st, mc, true);
		ret = set_property(call, &st, obj, type, (enum shim_prop)which, value);
		if (ret) {
			shim_atomic_state_release(call->dev, &st);
			shim_device_unlock(call->dev);
			return ret;
		}
		ret = shim_atomic_commit_unlock(call, &st, 0, 0);
		if (ret != SHIM_COMMIT_RETRY)
			return ret;
	}
}

int shim_mode_obj_setproperty_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_obj_set_property *r = data;
	return obj_set_property(call, r->obj_id, r->obj_type, r->prop_id, r->value);
}

/* drm_connector_property_set_ioctl: OBJ_SETPROPERTY on a connector. */
int shim_mode_connector_setproperty_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_connector_set_property *r = data;
	return obj_set_property(call, r->connector_id, DRM_MODE_OBJECT_CONNECTOR, r->prop_id, r->value);
}
