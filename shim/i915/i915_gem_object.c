/* SPDX-License-Identifier: MIT */
/*
 * The driver's part of an object's life (the kernel's i915_gem_object.c and
 * i915_gem_pages.c): its pages, got lazily from the memory pool with the
 * shrinker run first when the emulated machine is short, and what goes when
 * the last reference does (pages, the GTT view, the purgeable-list entry,
 * bindings in address spaces). The core object (drm/drm_gem.h) calls
 * i915_gem_free_object through struct shim_driver once it has let go of its
 * part; the object's memory is the driver's to allocate and free. The pages
 * are charged to the file that made the object, within a per-file limit, so
 * that one client cannot take the whole budget from the others. Device lock
 * held throughout.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "base/journal.h"
#include "base/mem_pool.h"
#include "i915/i915_driver.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_object.h"

/* owner: slot + 1 in the low 13 bits, the low 19 bits of the file's generation above. */
#define OWNER_SLOT_BITS 13
#define OWNER_GEN_MASK ((1u << (32 - OWNER_SLOT_BITS)) - 1)
_Static_assert(SHIM_MAX_FILES < (1u << OWNER_SLOT_BITS), "a slot fits the owner field");

void i915_gem_object_set_owner(struct shim_device *dev, struct i915_gem_object *obj,
			       struct shim_file *file)
{
	uint32_t slot = (uint32_t)(file - dev->shared->files);
	SHIM_SET(obj->owner, (slot + 1) | ((uint32_t)file->generation & OWNER_GEN_MASK) << OWNER_SLOT_BITS);
}

/* The open file the object is charged to, or NULL (none, or it was closed since). */
static struct i915_file *owner_file(struct shim_device *dev, const struct i915_gem_object *obj)
{
	uint32_t slot = obj->owner & ((1u << OWNER_SLOT_BITS) - 1);
	if (!slot || slot > SHIM_MAX_FILES)
		return NULL;
	struct shim_file *file = &dev->shared->files[slot - 1];
	if (file->state != SHIM_FILE_OPEN ||
	    ((uint32_t)file->generation & OWNER_GEN_MASK) != obj->owner >> OWNER_SLOT_BITS)
		return NULL;
	return i915_file(file);
}

uint64_t shim_file_memory_limit(struct shim_device *dev)
{
	static int64_t from_env = -1;	/* per process: -1 not read yet, -2 not set */
	if (from_env == -1) {
		const char *s = getenv("I915_SHIM_FILE_MEMORY_LIMIT");
		from_env = s && *s ? (int64_t)(strtoull(s, NULL, 0) & INT64_MAX) : -2;
	}
	if (from_env >= 0)
		return (uint64_t)from_env;
	return i915_shared(dev)->memory_budget / 4 * 3;
}

void i915_gem_object_uncharge(struct shim_device *dev, struct i915_gem_object *obj)
{
	struct i915_file *owner = owner_file(dev, obj);
	uint32_t pages = (uint32_t)(obj->base.size >> 12);
	if (owner)
		SHIM_SUB(owner->charged_pages, pages < owner->charged_pages ? pages : owner->charged_pages);
}

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
	struct i915_file *owner = owner_file(dev, obj);
	uint64_t limit = shim_file_memory_limit(dev);
	if (owner && limit && ((uint64_t)owner->charged_pages << 12) + obj->base.size > limit)
		return -ENOMEM;		/* its file has had its share of the device's memory */
	uint64_t mem_off;
	int ret = shim_mem_alloc(&dev->mem, obj->base.size, &mem_off);
	if (ret)
		return ret;
	SHIM_SET(obj->mem_off, mem_off);
	if (owner)
		SHIM_ADD(owner->charged_pages, (uint32_t)(obj->base.size >> 12));
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
	if (obj->flags & SHIM_OBJ_HAS_PAGES) {
		i915_gem_object_uncharge(dev, obj);
		shim_mem_free(&dev->mem, obj->mem_off, obj->base.size);
	}
	else if (obj->flags & SHIM_OBJ_PURGED_RANGE)	/* punched already; only the range goes back */
		shim_mem_free_clean(&dev->mem, obj->mem_off, obj->base.size);
	if (obj->flags & SHIM_OBJ_HAS_VIEW)
		shim_mem_free(&dev->mem, obj->view_off, shim_gem_view_size(obj));
	if (obj->bind_count)
		shim_vm_unbind_everywhere(dev, off);
	shim_free(&dev->shared->arena, off, sizeof(*obj));
}
