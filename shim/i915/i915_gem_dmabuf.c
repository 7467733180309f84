/* SPDX-License-Identifier: MIT */
/*
 * What i915 adds to the core's dma-bufs (the kernel's i915_gem_dmabuf.c):
 * which objects may be exported and the CPU-access step of DMA_BUF_IOCTL_SYNC.
 * The mmap of a dma-buf is the object mapping of i915_gem_mmap.c. Device
 * lock held.
 */
#include "config.h"

#include <errno.h>
#include <i915_drm.h>

#include "base/journal.h"
#include "i915/i915_driver.h"
#include "i915/i915_gem_object.h"

/* Userptr objects have no pages of their own to share: EINVAL (R7, 5.13+). */
int i915_gem_prime_export(struct shim_device *dev, struct shim_gem_object *gem)
{
	struct i915_gem_object *obj = to_i915_obj(gem);
	return (obj->flags & SHIM_OBJ_USERPTR) ? -EINVAL : 0;
}

/* i915_gem_begin_cpu_access: the object moves to the CPU domain (read, or read-write). */
void i915_gem_begin_cpu_access(struct shim_device *dev, struct shim_gem_object *gem, bool write)
{
	struct i915_gem_object *obj = to_i915_obj(gem);
	if (shim_gem_object_get_pages(dev, obj))
		return;
	shim_gem_flush_view(dev, obj);
	if (write)
		shim_gem_invalidate_view(dev, obj);
	SHIM_SET(obj->read_domains, I915_GEM_DOMAIN_CPU);
	if (write)
		SHIM_SET(obj->write_domain, I915_GEM_DOMAIN_CPU);
}
