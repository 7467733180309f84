/* SPDX-License-Identifier: MIT */
/*
 * Purgeable objects: the shrinker of the emulated kernel.
 *
 * An object marked DONTNEED that has pages is on the device's purgeable
 * list. Its pages are really given back — punched out of the memory file —
 * when the emulated machine runs short of object memory (more than the
 * device's budget in use: I915_SHIM_MEMORY_LIMIT bytes, default half of the
 * machine's RAM) or when a program writes to debugfs i915_gem_drop_caches
 * (as IGT does). A purged object reports retained = 0 forever and refuses
 * to get pages again (EFAULT). It keeps its address range until it is freed,
 * so a mapping that outlives the purge can never reach another object's
 * memory (it sees zeros where the kernel would raise SIGBUS).
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>
#include <i915_drm.h>

#include "base/journal.h"
#include "base/real.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_object.h"

static void unlink_purgeable(struct shim_device *dev, struct i915_gem_object *obj)
{
	struct i915_gem_object *prev = shim_ptr(obj->purge_prev), *next = shim_ptr(obj->purge_next);
	if (prev)
		SHIM_SET(prev->purge_next, obj->purge_next);
	else
		SHIM_SET(i915_shared(dev)->purgeable, obj->purge_next);
	if (next)
		SHIM_SET(next->purge_prev, obj->purge_prev);
	SHIM_SET(obj->purge_prev, 0);
	SHIM_SET(obj->purge_next, 0);
	SHIM_ANDN(obj->flags, SHIM_OBJ_PURGEABLE);
}

void shim_gem_purgeable_update(struct shim_device *dev, struct i915_gem_object *obj)
{
	shim_assert_locked(dev);
	bool want = obj->madv == SHIM_MADV_DONTNEED && (obj->flags & SHIM_OBJ_HAS_PAGES);
	bool linked = obj->flags & SHIM_OBJ_PURGEABLE;
	if (want == linked)
		return;
	if (linked) {
		unlink_purgeable(dev, obj);
		return;
	}
	SHIM_SET(obj->purge_prev, 0);
	SHIM_SET(obj->purge_next, i915_shared(dev)->purgeable);
	if (i915_shared(dev)->purgeable)
		SHIM_SET(((struct i915_gem_object *)shim_ptr(i915_shared(dev)->purgeable))->purge_prev,
			 shim_off_of(obj));
	SHIM_SET(i915_shared(dev)->purgeable, shim_off_of(obj));
	SHIM_OR(obj->flags, SHIM_OBJ_PURGEABLE);
}

static void purge(struct shim_device *dev, struct i915_gem_object *obj)
{
	unlink_purgeable(dev, obj);
	shim_gem_invalidate_view(dev, obj);
	fallocate(dev->mem.fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)obj->mem_off,
		  (off_t)obj->base.size);
	SHIM_SUB(dev->shared->mem.bytes_in_use, obj->base.size);
	i915_gem_object_uncharge(dev, obj);
	SHIM_SET(obj->flags, (obj->flags & ~SHIM_OBJ_HAS_PAGES) | SHIM_OBJ_PURGED_RANGE);
	SHIM_SET(obj->madv, SHIM_MADV_PURGED);
}

uint64_t shim_gem_purge_all(struct shim_device *dev)
{
	shim_assert_locked(dev);
	uint64_t freed = 0;
	while (i915_shared(dev)->purgeable) {
		struct i915_gem_object *obj = shim_ptr(i915_shared(dev)->purgeable);
		freed += obj->base.size;
		purge(dev, obj);
	}
	return freed;
}

uint64_t shim_gem_memory_budget(void)
{
	const char *s = getenv("I915_SHIM_MEMORY_LIMIT");
	if (s && *s)
		return strtoull(s, NULL, 0);
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size / 2 : 1ull << 32;
}

/* i915's DROP_UNBOUND | DROP_BOUND | DROP_SHRINK_ALL: the requests that run the shrinker. */
#define DROP_SHRINKS 0x23ull

static void drop_caches_path(struct shim_device *dev, unsigned i, char *path, size_t len)
{
	static const unsigned minors[2] = { 0, 128 };
	snprintf(path, len, "%s/sys/kernel/debug/dri/%u/i915_gem_drop_caches", dev->inst.root, minors[i]);
}

/*
 * Reads and clears the drop_caches files; purges if one asked for it.
 * Writes are noticed through inotify, so the common case (nothing written)
 * costs one non-blocking read(); without inotify the files are looked at
 * every time.
 */
static int inotify_fd = -2;

void shim_gem_check_drop_caches(struct shim_device *dev)
{
	char path[PATH_MAX + 64];
	if (inotify_fd == -2) {
		int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
		for (unsigned i = 0; fd >= 0 && i < 2; i++) {
			drop_caches_path(dev, i, path, sizeof(path));
			if (inotify_add_watch(fd, path, IN_MODIFY | IN_CLOSE_WRITE) < 0) {
				shim_real.close(fd);
				fd = -1;
			}
		}
		inotify_fd = fd < 0 ? -1 : shim_private_fd(fd);
	} else if (inotify_fd >= 0) {
		char events[4096];
		if (shim_real.read(inotify_fd, events, sizeof(events)) <= 0)
			return;	/* nothing was written since the last look */
	}
	for (unsigned i = 0; i < 2; i++) {
		struct stat st;
		drop_caches_path(dev, i, path, sizeof(path));
		if (shim_real.fstatat(AT_FDCWD, path, &st, 0) < 0 || st.st_size == 0)
			continue;	/* nothing written since we last looked */
		char text[32] = "";
		int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		ssize_t n = shim_real.read(fd, text, sizeof(text) - 1);
		if (ftruncate(fd, 0) < 0) {
			/* a later write is still read from offset 0 */
		}
		shim_real.close(fd);
		if (n > 0 && (strtoull(text, NULL, 0) & DROP_SHRINKS))
			shim_gem_purge_all(dev);
	}
}
