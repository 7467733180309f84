/* SPDX-License-Identifier: MIT */
/*
 * Creating i915 objects: I915_GEM_CREATE (doc/uapi-conformance.md §12) and
 * the KMS dumb-buffer MODE_CREATE_DUMB, which i915 serves with the same
 * objects. Backing memory is allocated lazily, on first use.
 */
#include "config.h"

#include <errno.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/journal.h"
#include "i915/i915_gem_object.h"

#define PAGE_SIZE 4096ull

/* Rounds and validates a user size; 0 or -errno. */
static int object_size(uint64_t *size)
{
	uint64_t s = *size;
	if (s == 0)
		return -EINVAL;
	uint64_t rounded = (s + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
	if (rounded < s || rounded == 0)
		return -EINVAL;
	if ((rounded >> 12) > INT32_MAX)	/* more than INT_MAX pages */
		return -E2BIG;
	*size = rounded;
	return 0;
}

static int create_handle(struct shim_call *call, uint64_t size, uint32_t *handle)
{
	struct shim_device *dev = call->dev;
	int ret;

	shim_device_lock(dev);
	shim_off obj = i915_gem_object_create(dev, size);
	if (!obj) {
		ret = -ENOMEM;
	} else {
		struct i915_gem_object *o = shim_ptr(obj);
		SHIM_SET(o->caching, dev->model->has_llc ? I915_CACHING_CACHED : I915_CACHING_NONE);
		i915_gem_object_set_owner(dev, o, call->file);
		ret = shim_gem_handle_create(dev, call->file, obj, handle);
		shim_gem_object_put(dev, obj);	/* the handle holds it now */
	}
	shim_device_unlock(dev);
	return ret;
}

int shim_i915_gem_create_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_create *args = data;
	uint64_t size = args->size;
	uint32_t handle;
	int ret = object_size(&size);
	if (ret)
		return ret;
	ret = create_handle(call, size, &handle);
	if (ret)
		return ret;
	args->size = size;
	args->handle = handle;
	return 0;
}

int shim_i915_dumb_create_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_create_dumb *args = data;
	uint32_t cpp;

	if (!args->width || !args->height || !args->bpp)
		return -EINVAL;
	cpp = (args->bpp + 7) / 8;
	if (cpp != 1 && cpp != 2 && cpp != 4)
		return -EINVAL;
	uint64_t pitch = ((uint64_t)args->width * cpp + 63) & ~63ull;
	if (pitch > 32768)	/* past the display engine's limit: page-aligned stride */
		pitch = (pitch + 4095) & ~4095ull;
	if (pitch > UINT32_MAX)
		return -EINVAL;
	uint64_t size = pitch * args->height;
	int ret = object_size(&size);
	if (ret)
		return ret;
	uint32_t handle;
	ret = create_handle(call, size, &handle);
	if (ret)
		return ret;
	args->pitch = (uint32_t)pitch;
	args->size = size;
	args->handle = handle;
	return 0;
}
