/* SPDX-License-Identifier: MIT */
/*
 * Creating i915 objects: I915_GEM_CREATE (doc/uapi-conformance.md §12),
 * GEM_CREATE_EXT (§32: the same object, after its extension chain is read)
 * and the KMS dumb-buffer MODE_CREATE_DUMB, which i915 serves with the same
 * objects. Backing memory is allocated lazily, on first use.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/journal.h"
#include "base/user_copy.h"
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

/* GEM_CREATE's object of *size bytes (rounded up in place) and its handle: both ioctls'. */
static int create_sized(struct shim_call *call, uint64_t *size, uint32_t *handle)
{
	int ret = object_size(size);
	return ret ? ret : create_handle(call, *size, handle);
}

int shim_i915_gem_create_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_create *args = data;
	uint64_t size = args->size;
	uint32_t handle;
	int ret = create_sized(call, &size, &handle);
	if (ret)
		return ret;
	args->size = size;
	args->handle = handle;
	return 0;
}

/*
 * The kernel's i915_user_extensions() walk over a GEM_CREATE_EXT chain, 6.1's
 * two extensions: MEMORY_REGIONS (placements; an integrated part has one
 * region a user may name, system memory 0:0) and PROTECTED_CONTENT (needs
 * PXP, which no emulated part has: ENODEV). Nothing is created until the
 * whole chain is accepted, so a bad chain leaves no state behind.
 */
#define MAX_EXTENSIONS 512	/* the kernel's depth limit; one more is E2BIG */
#define NUM_REGIONS 7		/* 6.1's INTEL_REGION_UNKNOWN: smem, 4 lmem, 2 stolen */

static int ext_memory_regions(uint64_t uext, bool *placed)
{
	struct drm_i915_gem_create_ext_memory_regions ext;
	if (shim_copy_from_user(&ext, uext, sizeof(ext)))
		return -EFAULT;
	/* The three shape checks are all made before any of them fails. */
	if (ext.pad || !ext.num_regions || ext.num_regions > NUM_REGIONS)
		return -EINVAL;
	bool seen = false;
	for (uint32_t i = 0; i < ext.num_regions; i++) {
		struct drm_i915_gem_memory_class_instance r;
		if (shim_copy_from_user(&r, ext.regions + (uint64_t)i * sizeof(r), sizeof(r)))
			return -EFAULT;
		/* Device memory and the stolen regions do not exist here or are private. */
		if (r.memory_class != I915_MEMORY_CLASS_SYSTEM || r.memory_instance != 0)
			return -EINVAL;
		if (seen)
			return -EINVAL;		/* the same region twice */
		seen = true;
	}
	if (*placed)
		return -EINVAL;			/* a second MEMORY_REGIONS in the chain */
	*placed = true;
	return 0;
}

static int ext_protected_content(uint64_t uext)
{
	struct drm_i915_gem_create_ext_protected_content ext;
	if (shim_copy_from_user(&ext, uext, sizeof(ext)))
		return -EFAULT;
	if (ext.flags)
		return -EINVAL;
	return -ENODEV;				/* no PXP on any emulated part */
}

static int create_extensions(uint64_t uext)
{
	bool placed = false;
	for (unsigned depth = MAX_EXTENSIONS + 1; uext; depth--) {
		struct i915_user_extension ext;
		if (!depth)
			return -E2BIG;
		if (shim_copy_from_user(&ext, uext, sizeof(ext)))
			return -EFAULT;
		if (ext.flags || ext.rsvd[0] || ext.rsvd[1] || ext.rsvd[2] || ext.rsvd[3])
			return -EINVAL;
		int ret;
		switch (ext.name) {
		case I915_GEM_CREATE_EXT_MEMORY_REGIONS:
			ret = ext_memory_regions(uext, &placed);
			break;
		case I915_GEM_CREATE_EXT_PROTECTED_CONTENT:
			ret = ext_protected_content(uext);
			break;
		default:
			ret = -EINVAL;		/* SET_PAT and later names are not 6.1's */
			break;
		}
		if (ret)
			return ret;
		uext = ext.next_extension;
	}
	return 0;
}

int shim_i915_gem_create_ext_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_create_ext *args = data;
	if (args->flags & ~(uint32_t)I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS)
		return -EINVAL;
	int ret = create_extensions(args->extensions);
	if (ret)
		return ret;
	/* NEEDS_CPU_ACCESS asks for a system-memory fallback next to device memory: with system
	 * memory as the only placement (all an integrated part can have) it is EINVAL. */
	if (args->flags & I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS)
		return -EINVAL;
	uint64_t size = args->size;
	uint32_t handle;
	ret = create_sized(call, &size, &handle);
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
