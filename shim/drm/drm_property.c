/* SPDX-License-Identifier: MIT */
/*
 * DOC: properties and blobs (the kernel's drm_property.c)
 *
 * The standard properties are static descriptions here (name, flags, values,
 * enum entries); the config holds only their ids (drm_mode_config.h). Their
 * values are read from the state of the object asked about
 * (shim_mode_prop_value), never stored. Blobs are made by the core and the
 * driver (EDID, IN_FORMATS, SETCRTC's MODE_ID) and by user space
 * (CREATEPROPBLOB, owned by the file that made it, which alone may destroy
 * it, and whose release drops them); they are counted (drm_mode_config.h).
 * GETPROPBLOB of any blob id is allowed, as in the kernel.
 *
 * The _ioctl functions take the device lock; the rest need it held.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

#include "base/journal.h"
#include "base/user_copy.h"
#include "drm/drm_mode_config.h"

static const struct shim_prop_enum dpms_enums[] = {
	{ DRM_MODE_DPMS_ON, "On" }, { DRM_MODE_DPMS_STANDBY, "Standby" },
	{ DRM_MODE_DPMS_SUSPEND, "Suspend" }, { DRM_MODE_DPMS_OFF, "Off" },
};
static const struct shim_prop_enum link_status_enums[] = {
	{ DRM_MODE_LINK_STATUS_GOOD, "Good" }, { DRM_MODE_LINK_STATUS_BAD, "Bad" },
};
static const struct shim_prop_enum plane_type_enums[] = {
	{ DRM_PLANE_TYPE_OVERLAY, "Overlay" }, { DRM_PLANE_TYPE_PRIMARY, "Primary" },
	{ DRM_PLANE_TYPE_CURSOR, "Cursor" },
};

#define RANGE(lo, hi) 2, { (lo), (hi) }
#define ATOMIC_RANGE (DRM_MODE_PROP_RANGE | DRM_MODE_PROP_ATOMIC)
#define ATOMIC_SIGNED (DRM_MODE_PROP_SIGNED_RANGE | DRM_MODE_PROP_ATOMIC)
#define ATOMIC_OBJECT (DRM_MODE_PROP_OBJECT | DRM_MODE_PROP_ATOMIC)

/* Flags as drm_mode_create_standard_properties and the connector/plane/CRTC inits create them. */
const struct shim_prop_desc shim_prop_descs[SHIM_PROP_COUNT] = {
	[SHIM_PROP_EDID] = { "EDID", DRM_MODE_PROP_BLOB | DRM_MODE_PROP_IMMUTABLE },
	[SHIM_PROP_DPMS] = { "DPMS", DRM_MODE_PROP_ENUM, 4, { 0 }, dpms_enums },
	[SHIM_PROP_TILE] = { "TILE", DRM_MODE_PROP_BLOB | DRM_MODE_PROP_IMMUTABLE },
	[SHIM_PROP_LINK_STATUS] = { "link-status", DRM_MODE_PROP_ENUM, 2, { 0 }, link_status_enums },
	[SHIM_PROP_NON_DESKTOP] = { "non-desktop", DRM_MODE_PROP_RANGE | DRM_MODE_PROP_IMMUTABLE, RANGE(0, 1) },
	[SHIM_PROP_TYPE] = { "type", DRM_MODE_PROP_ENUM | DRM_MODE_PROP_IMMUTABLE, 3, { 0 }, plane_type_enums },
	[SHIM_PROP_SRC_X] = { "SRC_X", ATOMIC_RANGE, RANGE(0, UINT32_MAX) },
	[SHIM_PROP_SRC_Y] = { "SRC_Y", ATOMIC_RANGE, RANGE(0, UINT32_MAX) },
	[SHIM_PROP_SRC_W] = { "SRC_W", ATOMIC_RANGE, RANGE(0, UINT32_MAX) },
	[SHIM_PROP_SRC_H] = { "SRC_H", ATOMIC_RANGE, RANGE(0, UINT32_MAX) },
	[SHIM_PROP_CRTC_X] = { "CRTC_X", ATOMIC_SIGNED, RANGE((uint64_t)(int64_t)INT_MIN, INT_MAX) },
	[SHIM_PROP_CRTC_Y] = { "CRTC_Y", ATOMIC_SIGNED, RANGE((uint64_t)(int64_t)INT_MIN, INT_MAX) },
	[SHIM_PROP_CRTC_W] = { "CRTC_W", ATOMIC_RANGE, RANGE(0, INT_MAX) },
	[SHIM_PROP_CRTC_H] = { "CRTC_H", ATOMIC_RANGE, RANGE(0, INT_MAX) },
	[SHIM_PROP_FB_ID] = { "FB_ID", ATOMIC_OBJECT, 1, { DRM_MODE_OBJECT_FB } },
	[SHIM_PROP_IN_FENCE_FD] = { "IN_FENCE_FD", ATOMIC_SIGNED, RANGE((uint64_t)-1ll, INT_MAX) },
	[SHIM_PROP_CRTC_ID] = { "CRTC_ID", ATOMIC_OBJECT, 1, { DRM_MODE_OBJECT_CRTC } },
	[SHIM_PROP_IN_FORMATS] = { "IN_FORMATS", DRM_MODE_PROP_BLOB | DRM_MODE_PROP_IMMUTABLE },
	[SHIM_PROP_ACTIVE] = { "ACTIVE", ATOMIC_RANGE, RANGE(0, 1) },
	[SHIM_PROP_MODE_ID] = { "MODE_ID", DRM_MODE_PROP_BLOB | DRM_MODE_PROP_ATOMIC },
	[SHIM_PROP_OUT_FENCE_PTR] = { "OUT_FENCE_PTR", ATOMIC_RANGE, RANGE(0, UINT64_MAX) },
	[SHIM_PROP_VRR_ENABLED] = { "VRR_ENABLED", DRM_MODE_PROP_RANGE, RANGE(0, 1) },
};

/* KO4: the order in which the inits attach them. */
unsigned shim_mode_object_props(const struct shim_mode_config *mc, shim_off obj, enum shim_mode_type type,
				enum shim_prop *out)
{
	static const enum shim_prop crtc[] = { SHIM_PROP_ACTIVE, SHIM_PROP_MODE_ID, SHIM_PROP_OUT_FENCE_PTR,
					       SHIM_PROP_VRR_ENABLED };
	static const enum shim_prop conn[] = { SHIM_PROP_EDID, SHIM_PROP_DPMS, SHIM_PROP_LINK_STATUS,
					       SHIM_PROP_NON_DESKTOP, SHIM_PROP_TILE, SHIM_PROP_CRTC_ID };
	static const enum shim_prop plane[] = { SHIM_PROP_TYPE, SHIM_PROP_FB_ID, SHIM_PROP_IN_FENCE_FD,
						SHIM_PROP_CRTC_ID, SHIM_PROP_CRTC_X, SHIM_PROP_CRTC_Y,
						SHIM_PROP_CRTC_W, SHIM_PROP_CRTC_H, SHIM_PROP_SRC_X, SHIM_PROP_SRC_Y,
						SHIM_PROP_SRC_W, SHIM_PROP_SRC_H, SHIM_PROP_IN_FORMATS };
	const enum shim_prop *list = NULL;
	unsigned n = 0;
	switch (type) {
	case SHIM_MODE_CRTC: list = crtc; n = 4; break;
	case SHIM_MODE_CONNECTOR: list = conn; n = 6; break;
	case SHIM_MODE_PLANE:
		list = plane;
		n = ((const struct shim_mode_plane *)shim_ptr(obj))->in_formats ? 13 : 12;
		break;
	default: break;	/* encoders, fbs, blobs, properties: none */
	}
	memcpy(out, list, n * sizeof(*out));
	return n;
}

static uint32_t crtc_id(const struct shim_mode_config *mc, uint32_t crtc1)
{
	return crtc1 ? mc->crtcs[crtc1 - 1].id : 0;
}

uint64_t shim_mode_prop_value(const struct shim_mode_config *mc, shim_off obj, enum shim_mode_type type,
			      enum shim_prop which)
{
	if (type == SHIM_MODE_CRTC) {
		const struct shim_mode_crtc *c = shim_ptr(obj);
		switch (which) {
		case SHIM_PROP_ACTIVE: return c->enabled;
		case SHIM_PROP_MODE_ID: return c->mode_blob;
		default: return 0;
		}
	}
	if (type == SHIM_MODE_CONNECTOR) {
		const struct shim_mode_connector *c = shim_ptr(obj);
		switch (which) {
		case SHIM_PROP_EDID: return c->edid;
		case SHIM_PROP_DPMS: return c->dpms;
		case SHIM_PROP_LINK_STATUS: return c->link_status;
		case SHIM_PROP_CRTC_ID: return crtc_id(mc, c->crtc);
		default: return 0;
		}
	}
	if (type == SHIM_MODE_PLANE) {
		const struct shim_mode_plane *p = shim_ptr(obj);
		const struct shim_mode_fb *fb = shim_ptr(p->fb);
		switch (which) {
		case SHIM_PROP_TYPE: return p->type;
		case SHIM_PROP_FB_ID: return fb ? fb->id : 0;
		case SHIM_PROP_IN_FENCE_FD: return (uint64_t)-1ll;
		case SHIM_PROP_CRTC_ID: return crtc_id(mc, p->crtc);
		case SHIM_PROP_CRTC_X: return (uint64_t)(int64_t)p->crtc_x;
		case SHIM_PROP_CRTC_Y: return (uint64_t)(int64_t)p->crtc_y;
		case SHIM_PROP_CRTC_W: return p->crtc_w;
		case SHIM_PROP_CRTC_H: return p->crtc_h;
		case SHIM_PROP_SRC_X: return p->src_x;
		case SHIM_PROP_SRC_Y: return p->src_y;
		case SHIM_PROP_SRC_W: return p->src_w;
		case SHIM_PROP_SRC_H: return p->src_h;
		case SHIM_PROP_IN_FORMATS: return p->in_formats;
		default: return 0;
		}
	}
	return 0;
}

/* KR1–KR4: drm_mode_getproperty_ioctl. Values and enum entries are copied one by one
 * while the user's count has room; blob properties answer count_enum_blobs 0; other
 * non-enum properties leave it as it came. */
int shim_mode_getproperty_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_get_property *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_find(mc, r->prop_id, SHIM_MODE_PROPERTY);
	shim_device_unlock(call->dev);
	if (!off)
		return -ENOENT;
	const struct shim_mode_property *mp = shim_ptr(off);
	const struct shim_prop_desc *d = &shim_prop_descs[mp->which];
	memset(r->name, 0, sizeof(r->name));
	strncpy(r->name, d->name, sizeof(r->name) - 1);
	r->flags = d->flags;
	bool is_enum = d->flags & (DRM_MODE_PROP_ENUM | DRM_MODE_PROP_BITMASK);
	for (unsigned i = 0; i < d->nvalues; i++) {
		uint64_t v = is_enum ? d->enums[i].value : d->values[i];
		if (i < r->count_values && shim_copy_to_user(r->values_ptr + i * 8, &v, 8))
			return -EFAULT;
	}
	r->count_values = d->nvalues;
	if (is_enum) {
		for (unsigned i = 0; i < d->nvalues; i++) {
			if (r->count_enum_blobs < i + 1)
				continue;
			struct drm_mode_property_enum e;
			memset(&e, 0, sizeof(e));
			e.value = d->enums[i].value;
			strncpy(e.name, d->enums[i].name, sizeof(e.name) - 1);
			if (shim_copy_to_user(r->enum_blob_ptr + i * sizeof(e), &e, sizeof(e)))
				return -EFAULT;
		}
		r->count_enum_blobs = d->nvalues;
	}
	if (d->flags & DRM_MODE_PROP_BLOB)
		r->count_enum_blobs = 0;
	return 0;
}

/* KB1–KB3: drm_mode_getblob_ioctl. The data only when the length given is the blob's. */
int shim_mode_getpropblob_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_get_blob *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_find(mc, r->blob_id, SHIM_MODE_BLOB);
	if (!off) {
		ret = -ENOENT;
	} else {
		const struct shim_mode_blob *b = shim_ptr(off);
		if (r->length == b->length && shim_copy_to_user(r->data, shim_ptr(b->data), b->length))
			ret = -EFAULT;
		else
			r->length = b->length;
	}
	shim_device_unlock(call->dev);
	return ret;
}

/* KA1: drm_mode_createblob_ioctl. Length 0 (or one the kernel's blob could not hold) is
 * EINVAL; the data is copied in before the id exists; the blob is the caller's file's. */
int shim_mode_createblob_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_create_blob *r = data;
	if (!r->length || r->length > INT_MAX - 64u)
		return -EINVAL;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	uint32_t id = shim_mode_blob_create(call->dev, NULL, r->length);
	if (!id) {
		ret = -ENOMEM;
	} else {
		struct shim_mode_blob *b = shim_ptr(shim_mode_object_find(mc, id, SHIM_MODE_BLOB));
		if (shim_copy_from_user(shim_ptr(b->data), r->data, r->length)) {
			shim_mode_blob_put(call->dev, id);
			ret = -EFAULT;
		} else {
			b->owner = call->slot + 1;	/* fresh block */
			b->owner_generation = call->file->generation;
			r->blob_id = id;
		}
	}
	shim_device_unlock(call->dev);
	return ret;
}

/* KA2: drm_mode_destroyblob_ioctl. Unknown id ENOENT; a blob another file (or the driver)
 * made EPERM; else the file's reference goes (a CRTC using it as MODE_ID keeps it). */
int shim_mode_destroyblob_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_destroy_blob *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	struct shim_mode_blob *b = shim_ptr(shim_mode_object_find(mc, r->blob_id, SHIM_MODE_BLOB));
	if (!b) {
		ret = -ENOENT;
	} else if (b->owner != call->slot + 1 || b->owner_generation != call->file->generation) {
		ret = -EPERM;
	} else {
		SHIM_SET(b->owner, 0);
		shim_mode_blob_put(call->dev, r->blob_id);
	}
	shim_device_unlock(call->dev);
	return ret;
}
