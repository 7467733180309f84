/* SPDX-License-Identifier: MIT */
/*
 * USERPTR (doc/uapi-conformance.md §18): objects whose pages are a range of
 * the creating process's memory. The shim reads and writes that memory in
 * place, so only the creating process can use such an object's pages; they
 * are looked at lazily, when something needs them (exec, SET_DOMAIN), or at
 * creation with PROBE.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/fault_guard.h"
#include "base/journal.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "i915/i915_gem_mmap.h"
#include "i915/i915_gem_object.h"

/*
 * Is every page of [ptr, ptr+size) in a mapping this process may write, as pinning the
 * pages for writing (FOLL_WRITE) needs? Asked the way the kernel's pin does it: a write
 * fault on each page (an atomic add of zero, which changes no byte even with another
 * thread writing, and breaks copy-on-write as the pin would); a page without write
 * permission faults, under a guard that turns the fault into the answer. Reading
 * /proc/self/maps instead cost tens of microseconds per check, on every execbuffer
 * of a userptr object.
 */
struct write_probe {
	uint64_t ptr, size;
};

static void write_probe_fn(void *arg)
{
	const struct write_probe *w = arg;
	for (uint64_t p = 0; p < w->size; p += 4096)
		__atomic_fetch_add((uint8_t *)(uintptr_t)(w->ptr + p), 0, __ATOMIC_RELAXED);
}

static bool write_probe_expects(void *arg, uintptr_t addr)
{
	const struct write_probe *w = arg;
	return addr - w->ptr < w->size;
}

static bool range_writable(uint64_t ptr, uint64_t size)
{
	struct write_probe w = { ptr, size };
	return !shim_fault_call(write_probe_fn, &w, write_probe_expects, NULL);
}

/*
 * Could the kernel pin [ptr, ptr+size) of this process? Every page must be
 * mapped and readable, and none may be a mapping of a device's fake offset:
 * those are PFN maps without struct pages behind them (U10, U13). For an
 * object the GPU may write (not READ_ONLY), i915 pins the pages for writing:
 * read-only memory is EFAULT too (U21).
 */
int shim_userptr_check(uint64_t ptr, uint64_t size, bool write)
{
	uint8_t byte;
	if (shim_gem_range_has_device_map(ptr, size))
		return -EFAULT;		/* before any touch: a device map may trap its accesses */
	for (uint64_t p = 0; p < size; p += 4096)
		if (shim_copy_from_user(&byte, ptr + p, 1))
			return -EFAULT;
	return write && !range_writable(ptr, size) ? -EFAULT : 0;
}

int shim_i915_userptr_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_userptr *a = data;
	struct shim_device *dev = call->dev;
	const struct shim_device_model *m = dev->model;

	if (!shim_model_cpu_cache_coherent(m))
		return -ENODEV;	/* U1 */
	if (a->flags & ~(uint32_t)(I915_USERPTR_READ_ONLY | I915_USERPTR_PROBE | I915_USERPTR_UNSYNCHRONIZED))
		return -EINVAL;
	if ((a->user_size >> 12) > INT32_MAX)
		return -E2BIG;
	if (!a->user_size)
		return -EINVAL;
	if ((a->user_ptr | a->user_size) & 4095)
		return -EINVAL;
	if (!shim_access_ok(a->user_ptr, a->user_size))
		return -EFAULT;
	if (a->flags & I915_USERPTR_UNSYNCHRONIZED)
		return -ENODEV;
	if ((a->flags & I915_USERPTR_READ_ONLY) && (m->gen < 8 || m->gen >= 11))
		return -ENODEV;
	if ((a->flags & I915_USERPTR_PROBE) && shim_userptr_check(a->user_ptr, a->user_size, false))
		return -EFAULT;	/* U10 */

	int ret;
	uint32_t handle = 0;
	shim_device_lock(dev);
	shim_off off = i915_gem_object_create(dev, a->user_size);
	if (!off) {
		ret = -ENOMEM;
	} else {
		struct i915_gem_object *obj = shim_ptr(off);
		SHIM_SET(obj->flags, SHIM_OBJ_USERPTR);
		if (a->flags & I915_USERPTR_READ_ONLY)
			SHIM_OR(obj->flags, SHIM_OBJ_READ_ONLY);
		SHIM_SET(obj->user_ptr, a->user_ptr);
		SHIM_SET(obj->owner_pid, shim_getpid());
		SHIM_SET(obj->caching, m->has_llc ? I915_CACHING_CACHED : I915_CACHING_NONE);
		ret = shim_gem_handle_create(dev, call->file, off, &handle);
		shim_gem_object_put(dev, off);
	}
	shim_device_unlock(dev);
	if (!ret)
		a->handle = handle;
	return ret;
}
