/* SPDX-License-Identifier: MIT */
/*
 * CPU access to buffer objects: drm_intel_bo_map()/_unmap(), the GTT and
 * unsynchronized maps, the map__cpu/__gtt/__wc persistent pointers,
 * start_gtt_access, and the VMA cache with set_vma_cache_size.
 *
 * Lifetime of what is handed out: each bo keeps up to three mmaps (CPU, WC,
 * GTT) that outlive unmap; map_count counts opens across them. A pointer
 * returned by any map call stays valid until the bo is freed or, once its
 * map_count is back to 0, until the VMA cache evicts it (only when a limit
 * was set with drm_intel_bufmgr_gem_set_vma_cache_size()). map__cpu/__gtt/
 * __wc leave the count raised when they create a mapping, so such a pointer
 * is never evicted while the bo lives.
 *
 * Every function that changes maps or counts holds mgr->lock.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include <drm.h>
#include <i915_drm.h>

#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

enum { MAP_CPU, MAP_WC, MAP_GTT };

static int bo_mmap_count(const struct intel_bo *bo)
{
	return !!bo->mem_virtual + !!bo->wc_virtual + !!bo->gtt_virtual;
}

static void bo_munmap_all(struct intel_bo *bo)
{
	size_t size = bo->base.size;

	if (bo->mem_virtual) {
		INTEL_VG(VALGRIND_FREELIKE_BLOCK(bo->mem_virtual, 0));
		munmap(bo->mem_virtual, size);
		__atomic_store_n(&bo->mem_virtual, NULL, __ATOMIC_RELEASE);
	}
	if (bo->wc_virtual) {
		INTEL_VG(VALGRIND_FREELIKE_BLOCK(bo->wc_virtual, 0));
		munmap(bo->wc_virtual, size);
		__atomic_store_n(&bo->wc_virtual, NULL, __ATOMIC_RELEASE);
	}
	if (bo->gtt_virtual) {
		munmap(bo->gtt_virtual, size);
		__atomic_store_n(&bo->gtt_virtual, NULL, __ATOMIC_RELEASE);
	}
}

void bo_vma_purge(drm_intel_bufmgr *mgr)
{
	int limit;

	if (mgr->vma_max < 0)
		return;
	limit = mgr->vma_max - 2 * mgr->vma_open;
	if (limit < 0)
		limit = 0;
	INTEL_DBG(mgr, "%s: cached=%d, open=%d, limit=%d\n", __func__,
		  mgr->vma_count, mgr->vma_open, limit);
	while (mgr->vma_count > limit && !intel_list_empty(&mgr->vma_lru)) {
		struct intel_bo *bo = intel_container_of(mgr->vma_lru.next, struct intel_bo,
							 vma_link);
		mgr->vma_count -= bo_mmap_count(bo);
		intel_list_del(&bo->vma_link);
		bo->in_vma_lru = false;
		bo_munmap_all(bo);
	}
}

void bo_vma_open(struct intel_bo *bo)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;

	if (bo->in_vma_lru) {
		intel_list_del(&bo->vma_link);
		bo->in_vma_lru = false;
		mgr->vma_count -= bo_mmap_count(bo);
	}
	mgr->vma_open++;
	bo_vma_purge(mgr);
}

void bo_vma_close(struct intel_bo *bo)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;

	if (bo_mmap_count(bo)) {
		intel_list_add_tail(&mgr->vma_lru, &bo->vma_link);
		bo->in_vma_lru = true;
		mgr->vma_count += bo_mmap_count(bo);
	}
	mgr->vma_open--;
	bo_vma_purge(mgr);
}

void bo_vma_release(struct intel_bo *bo)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;

	if (bo->in_vma_lru) {
		intel_list_del(&bo->vma_link);
		bo->in_vma_lru = false;
		mgr->vma_count -= bo_mmap_count(bo);
	}
	bo_munmap_all(bo);
}

/* Creates the mapping of the given kind if missing; returns it or NULL. */
void *bo_map_raw_locked(struct intel_bo *bo, int kind, int *err)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;
	int ret;

	if (kind == MAP_CPU || kind == MAP_WC) {
		void **slot = kind == MAP_CPU ? &bo->mem_virtual : &bo->wc_virtual;
		struct drm_i915_gem_mmap m;

		if (*slot)
			return *slot;
		memset(&m, 0, sizeof(m));
		m.handle = bo->base.handle;
		m.size = bo->base.size;
		m.flags = kind == MAP_WC ? I915_MMAP_WC : 0;
		ret = intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_MMAP, &m);
		if (ret) {
			INTEL_DBG(mgr, "%s:%d: Error mapping buffer %d (%s): %s .\n", __FILE__,
				  __LINE__, bo->base.handle, bo->name ? bo->name : "",
				  strerror(-ret));
			*err = ret;
			return NULL;
		}
		INTEL_VG(VALGRIND_MALLOCLIKE_BLOCK((void *)(uintptr_t)m.addr_ptr, m.size, 0, 1));
		__atomic_store_n(slot, (void *)(uintptr_t)m.addr_ptr, __ATOMIC_RELEASE);
		return *slot;
	} else {
		struct drm_i915_gem_mmap_gtt g;
		void *p;

		if (bo->gtt_virtual)
			return bo->gtt_virtual;
		memset(&g, 0, sizeof(g));
		g.handle = bo->base.handle;
		ret = intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_MMAP_GTT, &g);
		if (ret) {
			INTEL_DBG(mgr, "%s:%d: Error preparing buffer map %d (%s): %s .\n",
				  __FILE__, __LINE__, bo->base.handle, bo->name ? bo->name : "",
				  strerror(-ret));
			*err = ret;
			return NULL;
		}
		p = mmap(NULL, bo->base.size, PROT_READ | PROT_WRITE, MAP_SHARED, mgr->fd,
			 (off_t)g.offset);
		if (p == MAP_FAILED) {
			*err = -errno;
			INTEL_DBG(mgr, "%s:%d: Error mapping buffer %d (%s): %s .\n", __FILE__,
				  __LINE__, bo->base.handle, bo->name ? bo->name : "",
				  strerror(-*err));
			return NULL;
		}
		INTEL_DBG(mgr, "bo_map_gtt: mmap %d (%s), map_count=%d\n", bo->base.handle,
			  bo->name ? bo->name : "", bo->map_count);
		__atomic_store_n(&bo->gtt_virtual, p, __ATOMIC_RELEASE);
		return p;
	}
}

int bo_set_domain(struct intel_bo *bo, uint32_t read, uint32_t write)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;
	struct drm_i915_gem_set_domain sd;
	int ret;

	memset(&sd, 0, sizeof(sd));
	sd.handle = bo->base.handle;
	sd.read_domains = read;
	sd.write_domain = write;
	ret = intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &sd);
	if (ret)
		INTEL_DBG(mgr, "%s:%d: Error setting domain %d: %s\n", __FILE__, __LINE__,
			  bo->base.handle, strerror(-ret));
	return ret;
}

/* Opens one count and makes sure the mapping exists; undoes both on failure. */
static void *bo_open_map(struct intel_bo *bo, int kind, int *err)
{
	void *p;

	if (bo->map_count++ == 0)
		bo_vma_open(bo);
	p = bo_map_raw_locked(bo, kind, err);
	if (!p && --bo->map_count == 0)
		bo_vma_close(bo);
	return p;
}

drm_public int drm_intel_bo_map(drm_intel_bo *b, int write_enable)
{
	struct intel_bo *bo = to_intel_bo(b);
	drm_intel_bufmgr *mgr;
	int err = -ENOMEM;
	void *p;

	if (!b)
		return -EINVAL;
	if (bo->is_userptr) {
		b->virtual = bo->user_virtual;
		return 0;
	}
	mgr = b->bufmgr;
	pthread_mutex_lock(&mgr->lock);
	p = bo_open_map(bo, MAP_CPU, &err);
	if (!p) {
		pthread_mutex_unlock(&mgr->lock);
		return err;
	}
	INTEL_DBG(mgr, "bo_map: %d (%s) -> %p\n", b->handle, bo->name ? bo->name : "", p);
	b->virtual = p;
	bo_set_domain(bo, I915_GEM_DOMAIN_CPU, write_enable ? I915_GEM_DOMAIN_CPU : 0);
	if (write_enable)
		bo->mapped_cpu_write = true;
	INTEL_VG(VALGRIND_MAKE_MEM_DEFINED(p, b->size));
	pthread_mutex_unlock(&mgr->lock);
	return 0;
}

static int bo_map_gtt_common(drm_intel_bo *b, bool set_domain)
{
	struct intel_bo *bo = to_intel_bo(b);
	drm_intel_bufmgr *mgr;
	int err = -ENOMEM;
	void *p;

	if (!b || bo->is_userptr)
		return -EINVAL;
	mgr = b->bufmgr;
	pthread_mutex_lock(&mgr->lock);
	p = bo_open_map(bo, MAP_GTT, &err);
	if (!p) {
		pthread_mutex_unlock(&mgr->lock);
		return err;
	}
	INTEL_DBG(mgr, "bo_map_gtt: %d (%s) -> %p\n", b->handle, bo->name ? bo->name : "", p);
	b->virtual = p;
	if (set_domain)
		bo_set_domain(bo, I915_GEM_DOMAIN_GTT, I915_GEM_DOMAIN_GTT);
	pthread_mutex_unlock(&mgr->lock);
	return 0;
}

drm_public int drm_intel_gem_bo_map_gtt(drm_intel_bo *b)
{
	return bo_map_gtt_common(b, true);
}

drm_public int drm_intel_gem_bo_map_unsynchronized(drm_intel_bo *b)
{
	if (!b)
		return -EINVAL;
	/* Without LLC an unsynchronized GTT map is not coherent: synchronise. */
	return bo_map_gtt_common(b, !b->bufmgr->has_llc);
}

drm_public int drm_intel_bo_unmap(drm_intel_bo *b)
{
	struct intel_bo *bo = to_intel_bo(b);
	drm_intel_bufmgr *mgr;
	int ret = 0;

	if (!b)
		return -EINVAL;
	if (bo->is_userptr)
		return 0;
	mgr = b->bufmgr;
	pthread_mutex_lock(&mgr->lock);
	if (bo->map_count <= 0) {
		INTEL_DBG(mgr, "attempted to unmap an unmapped bo\n");
		pthread_mutex_unlock(&mgr->lock);
		return -EINVAL;
	}
	if (bo->mapped_cpu_write) {
		struct drm_i915_gem_sw_finish sf;
		memset(&sf, 0, sizeof(sf));
		sf.handle = b->handle;
		ret = intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_SW_FINISH, &sf);
		bo->mapped_cpu_write = false;
	}
	if (--bo->map_count == 0) {
		bo_vma_close(bo);
		b->virtual = NULL;
	}
	pthread_mutex_unlock(&mgr->lock);
	return ret;
}

drm_public int drm_intel_gem_bo_unmap_gtt(drm_intel_bo *b)
{
	return drm_intel_bo_unmap(b);
}

static void *bo_map_persistent(drm_intel_bo *b, int kind)
{
	struct intel_bo *bo = to_intel_bo(b);
	int err = 0;
	void **slot;
	void *p;

	if (!b)
		return NULL;
	if (bo->is_userptr)
		return kind == MAP_CPU ? bo->user_virtual : NULL;
	slot = kind == MAP_CPU ? &bo->mem_virtual : kind == MAP_WC ? &bo->wc_virtual
								   : &bo->gtt_virtual;
	p = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if (p)
		return p;
	pthread_mutex_lock(&b->bufmgr->lock);
	p = *slot ? *slot : bo_open_map(bo, kind, &err);
	pthread_mutex_unlock(&b->bufmgr->lock);
	return p;
}

drm_public void *drm_intel_gem_bo_map__cpu(drm_intel_bo *b)
{
	return bo_map_persistent(b, MAP_CPU);
}

drm_public void *drm_intel_gem_bo_map__wc(drm_intel_bo *b)
{
	return bo_map_persistent(b, MAP_WC);
}

drm_public void *drm_intel_gem_bo_map__gtt(drm_intel_bo *b)
{
	return bo_map_persistent(b, MAP_GTT);
}

drm_public void drm_intel_gem_bo_start_gtt_access(drm_intel_bo *b, int write_enable)
{
	if (!b || to_intel_bo(b)->is_userptr)
		return;
	bo_set_domain(to_intel_bo(b), I915_GEM_DOMAIN_GTT,
		      write_enable ? I915_GEM_DOMAIN_GTT : 0);
}

drm_public void drm_intel_bufmgr_gem_set_vma_cache_size(drm_intel_bufmgr *mgr, int limit)
{
	if (!mgr)
		return;
	pthread_mutex_lock(&mgr->lock);
	mgr->vma_max = limit;
	bo_vma_purge(mgr);
	pthread_mutex_unlock(&mgr->lock);
}
