/* SPDX-License-Identifier: MIT */
/*
 * The driver's part of an object's life (the kernel's i915_gem_object.c and
 * i915_gem_pages.c): its pages, got lazily from the memory pool with the
 * shrinker run first when the emulated machine is short, and what goes when
 * the last reference does (pages, the GTT view, the purgeable-list entry,
 * bindings in address spaces). The core object (drm/drm_gem.h) calls
 * i915_gem_free_object through struct shim_driver once it has let go of its
 * part; the object's memory is the driver's to allocate and free. Device lock
 * held throughout.
 */
#include "config.h"

#include <errno.h>

#include "base/journal.h"
#include "base/mem_pool.h"
#include "i915/i915_driver.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_object.h"

int shim_gem_object_get_pages(struct shim_device *dev, struct i915_gem_object *obj)
{
	shim_assert_locked(dev);
	if (obj->flags & (SHIM_OBJ_HAS_PAGES | SHIM_OBJ_USERPTR))
		return 0;
	/* A purgeable object without pages may not get any (i915: "purgeable object"). */
	if (obj->madv != SHIM_MADV_WILLNEED)
		return -EFAULT;
	struct shim_mem_pool *pool = &dev->shared->mem;
	if (!i915_shared(dev)->memory_budget)
		SHIM_SET(i915_shared(dev)->memory_budget, shim_gem_memory_budget());
	if (pool->bytes_in_use + obj->base.size > i915_shared(dev)->memory_budget) {
		shim_gem_purge_all(dev);	/* short of memory: the shrinker runs first */
		if (pool->bytes_in_use + obj->base.size > i915_shared(dev)->memory_budget)
			return -ENOMEM;
	}
	uint64_t mem_off;
	int ret = shim_mem_alloc(&dev->mem, obj->base.size, &mem_off);
	if (ret)
		return ret;
	SHIM_SET(obj->mem_off, mem_off);
	SHIM_OR(obj->flags, SHIM_OBJ_HAS_PAGES);
	shim_gem_purgeable_update(dev, obj);
	return 0;
}

shim_off i915_gem_object_create(struct shim_device *dev, uint64_t size)
{
	shim_assert_locked(dev);
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct i915_gem_object));
	if (off)
		shim_gem_object_init(dev, off, size);
	return off;
}

void i915_gem_free_object(struct shim_device *dev, struct shim_gem_object *gem, shim_off off)
{
	shim_assert_locked(dev);
	struct i915_gem_object *obj = to_i915_obj(gem);
	if (obj->flags & SHIM_OBJ_PURGEABLE) {
		SHIM_SET(obj->madv, SHIM_MADV_WILLNEED);
		shim_gem_purgeable_update(dev, obj);
	}
	if (obj->flags & SHIM_OBJ_HAS_PAGES)
		shim_mem_free(&dev->mem, obj->mem_off, obj->base.size);
	else if (obj->flags & SHIM_OBJ_PURGED_RANGE)	/* punched already; only the range goes back */
		shim_mem_free_clean(&dev->mem, obj->mem_off, obj->base.size);
	if (obj->flags & SHIM_OBJ_HAS_VIEW)
		shim_mem_free(&dev->mem, obj->view_off, obj->base.size);
	if (obj->bind_count)
		shim_vm_unbind_everywhere(dev, off);
	shim_free(&dev->shared->arena, off, sizeof(*obj));
}
