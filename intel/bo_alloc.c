/* SPDX-License-Identifier: MIT */
/*
 * Allocation and release of buffer objects: drm_intel_bo_alloc(),
 * _alloc_for_render(), _alloc_tiled(), _alloc_userptr(), _reference() and
 * _unreference().
 *
 * Lifetime: every allocation returns a bo with one reference, owned by the
 * caller. reference() adds one (atomic, no lock); unreference() drops one and
 * the last drop, taken under the bufmgr lock, either parks the bo in the
 * cache (reusable, reuse enabled, a bucket fits, under the byte bound) or
 * frees it: its maps are unmapped, it leaves the handle and name tables and
 * its GEM handle is closed. A userptr bo never owns the caller's memory.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

struct intel_bo *intel_bo_new(drm_intel_bufmgr *mgr, const char *name,
			      uint32_t handle, unsigned long size)
{
	struct intel_bo *bo = calloc(1, sizeof(*bo));

	if (!bo)
		return NULL;
	bo->base.bufmgr = mgr;
	bo->base.handle = (int)handle;
	bo->base.size = size;
	bo->refcount = 1;
	bo->name = name;
	bo->tiling_mode = I915_TILING_NONE;
	bo->swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
	intel_list_init(&bo->bucket_link);
	intel_list_init(&bo->cache_link);
	intel_list_init(&bo->vma_link);
	return bo;
}

void intel_bo_gem_close(drm_intel_bufmgr *mgr, uint32_t handle)
{
	struct drm_gem_close c;
	int ret;

	memset(&c, 0, sizeof(c));
	c.handle = handle;
	ret = intel_ioctl(mgr->fd, DRM_IOCTL_GEM_CLOSE, &c);
	if (ret)
		INTEL_DBG(mgr, "DRM_IOCTL_GEM_CLOSE %u failed: %s\n", handle, strerror(-ret));
}

void intel_bo_free(struct intel_bo *bo)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;

	bo_vma_release(bo);
	bo_names_remove(mgr, bo);
	intel_bo_gem_close(mgr, bo->base.handle);
	free(bo);
}

/* Creates or recycles an object of at least size bytes. Takes the lock. */
static struct intel_bo *bo_alloc_internal(drm_intel_bufmgr *mgr, const char *name,
					  unsigned long size, unsigned long flags,
					  uint32_t tiling, unsigned long stride,
					  unsigned int alignment)
{
	bool for_render = flags & BO_ALLOC_FOR_RENDER;
	struct intel_bo_bucket *bucket;
	unsigned long bo_size;
	struct intel_bo *bo;

	bucket = bo_cache_bucket_for_size(mgr, size);
	if (bucket) {
		bo_size = bucket->size;
	} else {
		unsigned long page = (unsigned long)getpagesize();
		if (size > ~0ul - page)
			return NULL;
		bo_size = INTEL_ALIGN(size < page ? page : size, page);
	}

	pthread_mutex_lock(&mgr->lock);
	bo = bo_cache_take(mgr, bucket, for_render, tiling, stride);
	if (bo) {
		if (for_render)
			bo->base.align = alignment;
	} else {
		struct drm_i915_gem_create create;

		memset(&create, 0, sizeof(create));
		create.size = bo_size;
		if (intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_CREATE, &create)) {
			pthread_mutex_unlock(&mgr->lock);
			return NULL;
		}
		bo = intel_bo_new(mgr, name, create.handle, bo_size);
		if (!bo) {
			intel_bo_gem_close(mgr, create.handle);
			pthread_mutex_unlock(&mgr->lock);
			return NULL;
		}
		bo->base.align = alignment;
		bo_names_add_handle(mgr, bo);
		if (bo_tiling_apply(bo, tiling, stride)) {
			intel_bo_free(bo);
			pthread_mutex_unlock(&mgr->lock);
			return NULL;
		}
	}
	bo->name = name;
	bo->refcount = 1;
	bo->reusable = true;
	bo_tiling_update_aperture(bo);
	pthread_mutex_unlock(&mgr->lock);

	INTEL_DBG(mgr, "bo_create: buf %d (%s) %lub\n", bo->base.handle, name ? name : "", size);
	return bo;
}

drm_public drm_intel_bo *drm_intel_bo_alloc(drm_intel_bufmgr *mgr, const char *name,
					    unsigned long size, unsigned int alignment)
{
	if (!mgr)
		return NULL;
	return (drm_intel_bo *)bo_alloc_internal(mgr, name, size, 0, I915_TILING_NONE, 0, 0);
}

drm_public drm_intel_bo *drm_intel_bo_alloc_for_render(drm_intel_bufmgr *mgr, const char *name,
						       unsigned long size, unsigned int alignment)
{
	if (!mgr)
		return NULL;
	return (drm_intel_bo *)bo_alloc_internal(mgr, name, size, BO_ALLOC_FOR_RENDER,
						 I915_TILING_NONE, 0, alignment);
}

drm_public drm_intel_bo *drm_intel_bo_alloc_tiled(drm_intel_bufmgr *mgr, const char *name,
						  int x, int y, int cpp, uint32_t *tiling_mode,
						  unsigned long *pitch, unsigned long flags)
{
	unsigned long size, stride;
	uint32_t tiling;

	if (!mgr || !tiling_mode || !pitch || x < 0 || y < 0 || cpp < 0)
		return NULL;
	tiling = *tiling_mode;
	if (tiling != I915_TILING_NONE && tiling != I915_TILING_X && tiling != I915_TILING_Y)
		return NULL;
	size = bo_tiling_surface(mgr, (unsigned long)x, (unsigned long)y, (unsigned long)cpp,
				 &tiling, &stride);
	if (!size && x && y && cpp)
		return NULL;	/* overflow */
	*tiling_mode = tiling;
	*pitch = stride;
	if (tiling == I915_TILING_NONE)
		stride = 0;
	return (drm_intel_bo *)bo_alloc_internal(mgr, name, size, flags, tiling, stride, 0);
}

/* ---- userptr ----------------------------------------------------------- */

static int userptr_ioctl(drm_intel_bufmgr *mgr, void *addr, unsigned long size,
			 uint32_t flags, uint32_t *handle)
{
	struct drm_i915_gem_userptr u;
	int ret;

	memset(&u, 0, sizeof(u));
	u.user_ptr = (uintptr_t)addr;
	u.user_size = size;
	u.flags = flags;
	ret = intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_USERPTR, &u);
	if (ret == 0)
		*handle = u.handle;
	return ret;
}

/* First use: does the kernel take userptr objects? The probe bo is kept. */
static bool userptr_supported(drm_intel_bufmgr *mgr)
{
	long page = getpagesize();
	void *mem = NULL;
	uint32_t handle;
	int ret;

	pthread_mutex_lock(&mgr->lock);
	if (mgr->userptr_state) {
		pthread_mutex_unlock(&mgr->lock);
		return mgr->userptr_state > 0;
	}
	mgr->userptr_state = -1;
	if (posix_memalign(&mem, (size_t)page, (size_t)page) == 0) {
		ret = userptr_ioctl(mgr, mem, (unsigned long)page, 0, &handle);
		if (ret == -ENODEV)
			ret = userptr_ioctl(mgr, mem, (unsigned long)page,
					    I915_USERPTR_UNSYNCHRONIZED, &handle);
		if (ret == 0) {
			mgr->userptr_state = 1;
			mgr->userptr_probe_handle = handle;
			mgr->userptr_probe_page = mem;
			mem = NULL;
		}
	}
	free(mem);
	pthread_mutex_unlock(&mgr->lock);
	return mgr->userptr_state > 0;
}

drm_public drm_intel_bo *drm_intel_bo_alloc_userptr(drm_intel_bufmgr *mgr, const char *name,
						    void *addr, uint32_t tiling_mode,
						    uint32_t stride, unsigned long size,
						    unsigned long flags)
{
	struct intel_bo *bo;
	uint32_t handle;
	int ret;

	if (!mgr || tiling_mode != I915_TILING_NONE)
		return NULL;
	if (!userptr_supported(mgr))
		return NULL;
	ret = userptr_ioctl(mgr, addr, size, (uint32_t)flags, &handle);
	if (ret) {
		INTEL_DBG(mgr, "bo_create_userptr: ioctl failed with user ptr %p size 0x%lx, "
			  "user flags 0x%lx: %s\n", addr, size, flags, strerror(-ret));
		return NULL;
	}
	pthread_mutex_lock(&mgr->lock);
	bo = intel_bo_new(mgr, name, handle, size);
	if (!bo) {
		intel_bo_gem_close(mgr, handle);
		pthread_mutex_unlock(&mgr->lock);
		return NULL;
	}
	bo->is_userptr = true;
	bo->user_virtual = addr;
	bo->base.virtual = addr;
	bo->reusable = false;
	bo_names_add_handle(mgr, bo);
	bo_tiling_update_aperture(bo);
	pthread_mutex_unlock(&mgr->lock);
	INTEL_DBG(mgr, "bo_create_userptr: ptr %p buf %u (%s) size %lub, stride 0x%x, "
		  "tiling %u\n", addr, handle, name ? name : "", size, stride, tiling_mode);
	return &bo->base;
}

/* ---- references -------------------------------------------------------- */

drm_public void drm_intel_bo_reference(drm_intel_bo *b)
{
	if (b)
		__atomic_add_fetch(&to_intel_bo(b)->refcount, 1, __ATOMIC_RELAXED);
}

/* The last reference is gone (lock held): cache or free, then age-clean. */
static void bo_release_locked(struct intel_bo *bo, time_t now)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;

	INTEL_DBG(mgr, "bo_unreference final: %d (%s)\n", bo->base.handle,
		  bo->name ? bo->name : "");
	if (bo->map_count) {
		INTEL_DBG(mgr, "bo freed with non-zero map-count %d\n", bo->map_count);
		bo->map_count = 0;
		bo_vma_close(bo);
		bo->base.virtual = bo->is_userptr ? bo->user_virtual : NULL;
	}
	bo->mapped_cpu_write = false;
	bo_relocs_release(bo, now);
	if (!bo_cache_put(mgr, bo, now))
		intel_bo_free(bo);
}

void intel_bo_unreference_locked(struct intel_bo *bo, time_t now)
{
	if (__atomic_sub_fetch(&bo->refcount, 1, __ATOMIC_ACQ_REL) == 0)
		bo_release_locked(bo, now);
}

drm_public void drm_intel_bo_unreference(drm_intel_bo *b)
{
	struct intel_bo *bo;
	drm_intel_bufmgr *mgr;
	int old;

	if (!b)
		return;
	bo = to_intel_bo(b);
	old = __atomic_load_n(&bo->refcount, __ATOMIC_RELAXED);
	while (old > 1) {
		if (__atomic_compare_exchange_n(&bo->refcount, &old, old - 1, false,
						__ATOMIC_RELEASE, __ATOMIC_RELAXED))
			return;
	}
	if (old <= 0)
		return;		/* already released: libdrm asserts here */

	mgr = b->bufmgr;
	pthread_mutex_lock(&mgr->lock);
	if (__atomic_sub_fetch(&bo->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
		time_t now = intel_now_seconds();
		bo_release_locked(bo, now);
		bo_cache_clean(mgr, now);
	}
	pthread_mutex_unlock(&mgr->lock);
}
