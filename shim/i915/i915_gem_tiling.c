/* SPDX-License-Identifier: MIT */
/*
 * SET_TILING / GET_TILING (doc/uapi-conformance.md §17).
 * Tiling is recorded on the object; the layout it implies is what the
 * blitter and the GTT view will follow.
 */
#include "config.h"

#include <errno.h>
#include <unistd.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/journal.h"
#include "base/user_copy.h"
#include "i915/i915_gem_mmap.h"
#include "i915/i915_gem_object.h"

static bool tiling_ok(const struct shim_device_model *m, uint32_t tiling, uint32_t stride)
{
	if (tiling == I915_TILING_NONE)
		return true;
	if (tiling > I915_TILING_Y)
		return false;
	if (m->gen >= 7) {
		if (stride / 128 > 0x800)
			return false;
	} else if (m->gen >= 4) {
		if (stride / 128 > 0x400)
			return false;
	} else if (stride > 8192 || (stride & (stride - 1))) {
		return false;
	}
	uint32_t tile_width = (m->gen == 2 || tiling == I915_TILING_Y) ? 128 : 512;
	return stride && stride % tile_width == 0;
}

/* The bit-6 swizzling the platform reports: none from gen8; typical dual-channel values before. */
uint32_t shim_i915_swizzle_for(const struct shim_device_model *m, uint32_t tiling)
{
	if (tiling == I915_TILING_NONE || m->gen >= 8)
		return I915_BIT_6_SWIZZLE_NONE;
	return tiling == I915_TILING_X ? I915_BIT_6_SWIZZLE_9_10 : I915_BIT_6_SWIZZLE_9;
}

int shim_i915_set_tiling_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_set_tiling *a = data;
	struct shim_device *dev = call->dev;
	int ret = 0;

	shim_device_lock(dev);
	shim_off off = shim_gem_lookup(call->file, a->handle);
	struct i915_gem_object *obj = shim_ptr(off);
	if (!obj)
		ret = -ENOENT;
	else if (obj->flags & SHIM_OBJ_USERPTR)
		ret = -ENXIO;
	else if (!tiling_ok(dev->model, a->tiling_mode, a->stride))
		ret = -EINVAL;
	if (ret)
		goto out;
	if (a->tiling_mode == I915_TILING_NONE)
		a->stride = 0;
	a->swizzle_mode = shim_i915_swizzle_for(dev->model, a->tiling_mode);
	if (obj->tiling_mode == a->tiling_mode && obj->stride == a->stride)
		goto out;	/* T13 */
	shim_gem_flush_view(dev, obj);	/* GTT writes land with the old layout */
	shim_gem_invalidate_view(dev, obj);
	SHIM_SET(obj->tiling_mode, a->tiling_mode);
	SHIM_SET(obj->stride, a->stride);
	SHIM_SET(obj->swizzle_mode, a->swizzle_mode);
	shim_gem_remap_gtt(dev, off);	/* the fence changed under the GTT maps (T16) */
out:
	shim_device_unlock(dev);
	return ret;
}

int shim_i915_get_tiling_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_get_tiling *a = data;
	int ret = 0;

	shim_device_lock(call->dev);
	struct i915_gem_object *obj = shim_ptr(shim_gem_lookup(call->file, a->handle));
	if (!obj) {
		ret = -ENOENT;
	} else {
		a->tiling_mode = obj->tiling_mode;
		a->swizzle_mode = obj->swizzle_mode;
		a->phys_swizzle_mode = obj->swizzle_mode;
	}
	shim_device_unlock(call->dev);
	return ret;
}
