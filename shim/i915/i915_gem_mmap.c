/* SPDX-License-Identifier: MIT */
/*
 * CPU mappings of objects: GEM_MMAP (the legacy CPU/WC mmap ioctl),
 * MMAP_GTT/MMAP_OFFSET, the dumb buffers' MODE_MAP_DUMB and mmap(2) of the
 * device fd at the fake offset (doc/uapi-conformance.md §8a, §14–15), and
 * the maps of dma-buf fds (drm/drm_prime.c).
 *
 * A mapping is of the object's own pages in the memory file, so every
 * mapping, in every process, sees the same bytes. Like the kernel, a mapping
 * keeps its object alive: each one holds a reference, recorded in the
 * shared state with the mapping process's pid and dropped by munmap(2) — or,
 * for a process that died with mappings, by the next reaping pass. fork()
 * gives the child references of its own for what it inherits.
 *
 * Fake offsets: one node per (object, mapping type), offset = node << 32,
 * the same for every file that has a handle to the object.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <drm.h>
#include <i915_drm.h>

#include "base/journal.h"
#include "base/real.h"
#include "base/signal_hold.h"
#include "base/user_copy.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_mmap.h"
#include "i915/i915_gem_object.h"

struct local_map {
	uintptr_t addr;
	uint64_t len;
	uint32_t ref;		/* id in i915_shared(dev)->map_refs */
	bool view;		/* a GTT mapping of the object's linear view */
	bool device;		/* of the device fd at a fake offset: a PFN map in the kernel */
	bool gtt;		/* ... of the GTT type: it follows the object's tiling */
	int prot;
	shim_off obj;
	struct local_map *next;
};

static pthread_mutex_t maps_lock = PTHREAD_MUTEX_INITIALIZER;
static struct local_map *maps;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

/* Device lock held. */
static int ref_create(struct shim_device *dev, shim_off obj, pid_t pid, uint32_t *id)
{
	shim_off r = shim_alloc(&dev->shared->arena, sizeof(struct map_ref));
	if (!r)
		return -ENOMEM;
	int64_t ret = shim_idr_alloc(&dev->shared->arena, &i915_shared(dev)->map_refs, r, 1);
	if (ret < 0) {
		shim_free(&dev->shared->arena, r, sizeof(struct map_ref));
		return (int)ret;
	}
	struct map_ref *m = shim_ptr(r);
	SHIM_SET(m->obj, obj);
	SHIM_SET(m->pid, pid);
	shim_gem_object_get(dev, obj);
	*id = (uint32_t)ret;
	return 0;
}

/* Device lock held. */
static void ref_drop(struct shim_device *dev, uint32_t id)
{
	shim_off r = shim_idr_remove(&i915_shared(dev)->map_refs, id);
	if (!r)
		return;
	struct map_ref *m = shim_ptr(r);
	shim_gem_object_put(dev, m->obj);
	shim_free(&dev->shared->arena, r, sizeof(*m));
}

static void child_after_fork(void)
{
	struct shim_device *dev = shim_device_peek();
	if (!dev || !maps)
		return;
	shim_device_lock(dev);
	for (struct local_map *m = maps; m; m = m->next) {
		struct map_ref *r = shim_ptr(shim_idr_find(&i915_shared(dev)->map_refs, m->ref));
		uint32_t id;
		if (r && ref_create(dev, r->obj, shim_getpid(), &id) == 0)
			m->ref = id;
	}
	shim_device_unlock(dev);
}

static void install_atfork(void)
{
	pthread_atfork(NULL, NULL, child_after_fork);
}

/* What a tracked mapping is of, beyond its object. */
struct map_kind {
	bool view, device, gtt;
	int prot;
};

/* Records a mapping made for the caller and its reference. Device lock held. */
static int track(struct shim_device *dev, void *addr, uint64_t len, shim_off obj, struct map_kind k)
{
	struct local_map *m = malloc(sizeof(*m));
	if (!m)
		return -ENOMEM;
	int ret = ref_create(dev, obj, shim_getpid(), &m->ref);
	if (ret) {
		free(m);
		return ret;
	}
	pthread_once(&atfork_once, install_atfork);
	m->addr = (uintptr_t)addr;
	m->len = len;
	m->view = k.view;
	m->device = k.device;
	m->gtt = k.gtt;
	m->prot = k.prot;
	m->obj = obj;
	shim_mutex_lock(&maps_lock);
	m->next = maps;
	maps = m;
	shim_mutex_unlock(&maps_lock);
	return 0;
}

bool shim_gem_range_has_device_map(uint64_t addr, uint64_t len)
{
	bool found = false;
	shim_mutex_lock(&maps_lock);
	for (struct local_map *m = maps; m && !found; m = m->next)
		found = m->device && m->addr < addr + len && addr < m->addr + m->len;
	shim_mutex_unlock(&maps_lock);
	return found;
}

void shim_gem_munmap(void *addr, size_t len)
{
	struct shim_device *dev = shim_device_peek();
	uintptr_t lo = (uintptr_t)addr, hi = lo + len;
	struct local_map *gone = NULL;

	if (!dev)
		return;
	shim_mutex_lock(&maps_lock);
	for (struct local_map **link = &maps; *link;) {
		struct local_map *m = *link;
		if (m->addr >= lo && m->addr + m->len <= hi) {
			*link = m->next;
			m->next = gone;
			gone = m;
		} else {
			link = &m->next;
		}
	}
	shim_mutex_unlock(&maps_lock);
	if (!gone)
		return;
	shim_device_lock(dev);
	while (gone) {
		struct local_map *m = gone;
		gone = m->next;
		struct map_ref *r = shim_ptr(shim_idr_find(&i915_shared(dev)->map_refs, m->ref));
		if (r && m->view)	/* unmapping a GTT map is a synchronisation point */
			shim_gem_flush_view(dev, shim_ptr(r->obj));
		ref_drop(dev, m->ref);
		free(m);
	}
	shim_device_unlock(dev);
}

void shim_gem_reap_mappings(struct shim_device *dev)
{
	struct shim_idr *refs = &i915_shared(dev)->map_refs;
	for (uint32_t id = shim_idr_next(refs, 1); id; id = shim_idr_next(refs, id + 1)) {
		struct map_ref *r = shim_ptr(shim_idr_find(refs, id));
		if (kill(r->pid, 0) < 0 && errno == ESRCH)
			ref_drop(dev, id);
	}
}

/*
 * A range every touch of which raises SIGBUS, as a fault on an object without
 * pages does in the kernel: a shared mapping of an empty file lies wholly
 * past its end.
 */
static void *map_sigbus(void *addr, uint64_t len, int prot, int flags)
{
	int fd = memfd_create("i915-shim-no-pages", MFD_CLOEXEC);
	if (fd < 0)
		return shim_real.mmap(addr, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS |
				      (flags & MAP_FIXED), -1, 0);
	void *p = shim_real.mmap(addr, len, prot, MAP_SHARED | (flags & MAP_FIXED), fd, 0);
	shim_real.close(fd);
	return p;
}

/*
 * Maps [offset, offset+len) of obj for the caller: its pages, or for a GTT map
 * of a tiled object its linear view. An object that cannot get pages (purged)
 * is still mapped, and the first touch raises SIGBUS (MO16).
 */
static void *map_object(struct shim_device *dev, struct i915_gem_object *obj, void *addr,
			uint64_t len, int prot, int flags, uint64_t offset, bool view)
{
	int ret = view ? shim_gem_prepare_view(dev, obj, true) : shim_gem_object_get_pages(dev, obj);
	if (ret == -ENOMEM) {
		errno = ENOMEM;
		return MAP_FAILED;
	}
	if (ret < 0)
		return map_sigbus(addr, len, prot, flags);
	if (view)
		return shim_mem_map(&dev->mem, addr, len, prot, flags, obj->view_off + offset);
	shim_gem_flush_view(dev, obj);		/* the CPU now sees the pages themselves */
	shim_gem_invalidate_view(dev, obj);
	/* From now on the pages may change behind the view's back (SD15). */
	if ((prot & PROT_WRITE) && !(obj->flags & SHIM_OBJ_PAGES_MAPPED))
		SHIM_OR(obj->flags, SHIM_OBJ_PAGES_MAPPED);
	return shim_mem_map(&dev->mem, addr, len, prot, flags, obj->mem_off + offset);
}

void *shim_gem_map_range(struct shim_device *dev, shim_off off, void *addr, size_t len, int prot,
			 int flags, uint64_t offset)
{
	void *p = map_object(dev, shim_ptr(off), addr, len, prot, flags, offset, false);
	if (p == MAP_FAILED)
		return p;
	int err = -track(dev, p, len, off, (struct map_kind){ .prot = prot });
	if (err) {
		shim_real.munmap(p, len);
		errno = err;
		return MAP_FAILED;
	}
	return p;
}

/*
 * A GTT map of the whole object as its fence shows it: the pages, or for a
 * tiled object their linear view (*view). Without an LLC, snooped pages are
 * incoherent through the aperture and every GTT fault fails (MO17).
 */
static void *map_gtt(struct shim_device *dev, struct i915_gem_object *obj, void *addr,
		     uint64_t len, int prot, int flags, bool *view)
{
	*view = false;
	if (!dev->model->has_llc && obj->caching != I915_CACHING_NONE)
		return map_sigbus(addr, len, prot, flags);
	*view = shim_gem_needs_view(obj);
	return map_object(dev, obj, addr, len, prot, flags, 0, *view);
}

void shim_gem_remap_gtt(struct shim_device *dev, shim_off off)
{
	struct i915_gem_object *obj = shim_ptr(off);
	shim_mutex_lock(&maps_lock);
	for (struct local_map *m = maps; m; m = m->next) {
		bool view;
		if (m->gtt && m->obj == off &&
		    map_gtt(dev, obj, (void *)m->addr, m->len, m->prot, MAP_SHARED | MAP_FIXED, &view) != MAP_FAILED)
			m->view = view;
	}
	shim_mutex_unlock(&maps_lock);
}

int shim_i915_gem_mmap_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_mmap *a = data;
	struct shim_device *dev = call->dev;
	int ret = 0;

	if (a->flags & ~(uint64_t)I915_MMAP_WC)
		return -EINVAL;
	shim_device_lock(dev);
	shim_off off = shim_gem_lookup(call->file, a->handle);
	struct i915_gem_object *obj = shim_ptr(off);
	if (!obj) {
		ret = -ENOENT;
	} else if (obj->flags & SHIM_OBJ_USERPTR) {
		ret = -ENXIO;
	} else if (a->offset >= obj->base.size || a->size > obj->base.size - a->offset || !a->size ||
		   (a->offset & 4095)) {
		ret = -EINVAL;
	} else {
		uint64_t len = (a->size + 4095) & ~4095ull;
		void *p = map_object(dev, obj, NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, a->offset, false);
		if (p == MAP_FAILED) {
			ret = -errno;
		} else {
			ret = track(dev, p, len, off, (struct map_kind){ .prot = PROT_READ | PROT_WRITE });
			if (ret)
				shim_real.munmap(p, len);
			else
				a->addr_ptr = (uint64_t)(uintptr_t)p;
		}
	}
	shim_device_unlock(dev);
	return ret;
}

/* The fake offset of handle's object for mapping type (an I915_MMAP_OFFSET_* value): one node per
 * (object, type), made on first use. */
static int assign_mmap_offset(struct shim_call *call, uint32_t handle, uint32_t type, uint64_t *offset)
{
	struct shim_device *dev = call->dev;
	int ret = 0;
	shim_device_lock(dev);
	shim_off off = shim_gem_lookup(call->file, handle);
	struct i915_gem_object *obj = shim_ptr(off);
	if (!obj) {
		ret = -ENOENT;
	} else if ((obj->flags & SHIM_OBJ_USERPTR) || type == I915_MMAP_OFFSET_FIXED) {
		ret = -ENODEV;
	} else {
		if (!obj->base.mmap_node[type]) {
			int64_t id = shim_idr_alloc(&dev->shared->arena, &dev->shared->mmap_nodes, off | type, 1);
			if (id < 0)
				ret = (int)id;
			else
				SHIM_SET(obj->base.mmap_node[type], (uint32_t)id);
		}
		if (!ret)
			*offset = (uint64_t)obj->base.mmap_node[type] << 32;
	}
	shim_device_unlock(dev);
	return ret;
}

int shim_i915_mmap_offset_ioctl(struct shim_call *call, void *data)
{
	struct drm_i915_gem_mmap_offset *a = data;

	if (a->extensions) {
		struct i915_user_extension ext;
		if (shim_copy_from_user(&ext, a->extensions, sizeof(ext)))
			return -EFAULT;
		return -EINVAL;	/* MMAP_OFFSET defines no extensions */
	}
	if (a->flags > I915_MMAP_OFFSET_FIXED)
		return -EINVAL;
	uint64_t offset = 0;
	int ret = assign_mmap_offset(call, a->handle, (uint32_t)a->flags, &offset);
	if (!ret)
		a->offset = offset;
	return ret;
}

/*
 * MODE_MAP_DUMB (i915's dumb_map_offset, DB3–DB5): the WC type's offset, as on any x86 part
 * with PAT and no local memory (the kernel would pick the GTT type without PAT), so it is the
 * same offset MMAP_OFFSET WC gives for the object.
 */
int shim_i915_dumb_mmap_offset(struct shim_call *call, uint32_t handle, uint64_t *offset)
{
	return assign_mmap_offset(call, handle, I915_MMAP_OFFSET_WC, offset);
}

static bool file_has_object(struct shim_file *file, shim_off obj)
{
	for (uint32_t h = shim_idr_next(&file->handles, 1); h; h = shim_idr_next(&file->handles, h + 1))
		if (shim_idr_find(&file->handles, h) == obj)
			return true;
	return false;
}

void *shim_device_mmap(struct shim_call *call, void *addr, size_t len, int prot, int flags, off_t offset)
{
	struct shim_device *dev = call->dev;
	uint64_t o = (uint64_t)offset;
	void *p = MAP_FAILED;
	int err = 0;

	shim_device_lock(dev);
	uint64_t node = (o & 0xffffffffull) ? 0 : shim_idr_find(&dev->shared->mmap_nodes, (uint32_t)(o >> 32));
	shim_off off = node & ~15ull;
	uint32_t type = node & 15;
	struct i915_gem_object *obj = shim_ptr(off);
	if (!obj || !len || len > obj->base.size) {
		err = EINVAL;
	} else if (!file_has_object(call->file, off)) {
		err = EACCES;
	} else if ((prot & PROT_WRITE) && (obj->flags & SHIM_OBJ_READ_ONLY)) {
		err = EINVAL;
	} else {
		bool gtt = type == I915_MMAP_OFFSET_GTT, view = false;
		p = gtt ? map_gtt(dev, obj, addr, len, prot, flags, &view) :
			  map_object(dev, obj, addr, len, prot, flags, 0, false);
		if (p == MAP_FAILED) {
			err = errno;
		} else if ((err = -track(dev, p, len, off, (struct map_kind){ .view = view, .device = true,
				.gtt = gtt, .prot = prot })) != 0) {
			shim_real.munmap(p, len);
			p = MAP_FAILED;
		}
	}
	shim_device_unlock(dev);
	if (p == MAP_FAILED)
		errno = err;
	return p;
}
