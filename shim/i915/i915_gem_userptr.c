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
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/journal.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "i915/i915_gem_mmap.h"
#include "i915/i915_gem_object.h"

/*
 * Is every page of [ptr, ptr+size) in a mapping this process may write, as pinning the
 * pages for writing (FOLL_WRITE) needs? /proc/self/maps says, without touching the pages.
 */
static bool range_writable(uint64_t ptr, uint64_t size)
{
	int fd = shim_real.openat(AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return true;	/* no way to tell: as before, the writes will tell */
	char buf[4096];
	size_t have = 0;
	uint64_t at = ptr, end = ptr + size;
	bool ok = false, done = false;
	while (!done) {
		ssize_t n = shim_real.read(fd, buf + have, sizeof(buf) - 1 - have);
		if (n <= 0)
			break;
		have += (size_t)n;
		buf[have] = 0;
		char *line = buf, *nl;
		while (!done && (nl = strchr(line, '\n'))) {
			*nl = 0;
			char *p;
			uint64_t lo = strtoull(line, &p, 16), hi = *p == '-' ? strtoull(p + 1, &p, 16) : 0;
			if (hi > at) {			/* the lines come in address order */
				if (lo > at || p[0] != ' ' || p[2] != 'w')
					done = true;	/* a hole, or no write permission */
				else if ((at = hi) >= end)
					done = ok = true;
			}
			line = nl + 1;
		}
		have -= (size_t)(line - buf);
		memmove(buf, line, have);
		if (have == sizeof(buf) - 1)
			break;			/* a line longer than the buffer: not a mapping line */
	}
	shim_real.close(fd);
	return ok;
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
	for (uint64_t p = 0; p < size; p += 4096)
		if (shim_copy_from_user(&byte, ptr + p, 1))
			return -EFAULT;
	if (write && !range_writable(ptr, size))
		return -EFAULT;
	return shim_gem_range_has_device_map(ptr, size) ? -EFAULT : 0;
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
