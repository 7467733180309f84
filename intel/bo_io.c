/* SPDX-License-Identifier: MIT */
/*
 * Data transfer and synchronisation on buffer objects: subdata/get_subdata
 * (PWRITE/PREAD, with a map+copy fallback where the kernel has no
 * pread/pwrite), wait_rendering, gem_bo_wait, busy and madvise.
 *
 * Nothing here hands out memory. None of these hold the bufmgr lock across
 * an ioctl, except the fallback copy path, which opens (and closes again) a
 * map count of its own under the lock, so it never steals a count from a
 * caller's map__cpu/__wc mapping as libdrm does.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <drm.h>
#include <i915_drm.h>

#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

static int bo_check_range(drm_intel_bo *b, unsigned long offset, unsigned long size)
{
	if (!b || to_intel_bo(b)->is_userptr)
		return -EINVAL;
	if (offset > b->size || size > b->size - offset)
		return -EINVAL;
	return 0;
}

/* The copy fallback: map (CPU if coherent, else WC), copy, unmap. */
static int bo_copy_via_map(struct intel_bo *bo, unsigned long offset, unsigned long size,
			   void *buf, bool write)
{
	drm_intel_bufmgr *mgr = bo->base.bufmgr;
	bool use_cpu;
	int kind, err = -ENOMEM;
	uint32_t domain;
	char *p;

	if (write) {
		struct drm_i915_gem_caching c;
		memset(&c, 0, sizeof(c));
		c.handle = bo->base.handle;
		use_cpu = intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_GET_CACHING, &c) == 0 &&
			  c.caching != I915_CACHING_NONE;
	} else {
		use_cpu = mgr->has_llc;
	}
	kind = use_cpu ? 0 : 1;
	domain = use_cpu ? I915_GEM_DOMAIN_CPU : I915_GEM_DOMAIN_WC;

	pthread_mutex_lock(&mgr->lock);
	if (bo->map_count++ == 0)
		bo_vma_open(bo);
	p = bo_map_raw_locked(bo, kind, &err);
	pthread_mutex_unlock(&mgr->lock);
	if (p) {
		err = bo_set_domain(bo, domain, write ? domain : 0);
		if (!err) {
			if (write)
				memcpy(p + offset, buf, size);
			else
				memcpy(buf, p + offset, size);
		}
	}
	pthread_mutex_lock(&mgr->lock);
	if (--bo->map_count == 0)
		bo_vma_close(bo);
	pthread_mutex_unlock(&mgr->lock);
	return err;
}

drm_public int drm_intel_bo_subdata(drm_intel_bo *b, unsigned long offset,
				    unsigned long size, const void *data)
{
	struct drm_i915_gem_pwrite pw;
	int ret = bo_check_range(b, offset, size);

	if (ret)
		return ret;
	memset(&pw, 0, sizeof(pw));
	pw.handle = b->handle;
	pw.offset = offset;
	pw.size = size;
	pw.data_ptr = (uintptr_t)data;
	ret = intel_ioctl(b->bufmgr->fd, DRM_IOCTL_I915_GEM_PWRITE, &pw);
	if (ret == -EOPNOTSUPP)
		return size ? bo_copy_via_map(to_intel_bo(b), offset, size, (void *)data, true) : 0;
	if (ret)
		INTEL_DBG(b->bufmgr, "%s:%d: Error writing data to buffer %d: "
			  "(%lu %lu) %s .\n", __FILE__, __LINE__, b->handle, offset, size,
			  strerror(-ret));
	return ret;
}

drm_public int drm_intel_bo_get_subdata(drm_intel_bo *b, unsigned long offset,
					unsigned long size, void *data)
{
	struct drm_i915_gem_pread pr;
	int ret = bo_check_range(b, offset, size);

	if (ret)
		return ret;
	memset(&pr, 0, sizeof(pr));
	pr.handle = b->handle;
	pr.offset = offset;
	pr.size = size;
	pr.data_ptr = (uintptr_t)data;
	ret = intel_ioctl(b->bufmgr->fd, DRM_IOCTL_I915_GEM_PREAD, &pr);
	if (ret == -EOPNOTSUPP)
		return size ? bo_copy_via_map(to_intel_bo(b), offset, size, data, false) : 0;
	if (ret)
		INTEL_DBG(b->bufmgr, "%s:%d: Error reading data from buffer %d: "
			  "(%lu %lu) %s .\n", __FILE__, __LINE__, b->handle, offset, size,
			  strerror(-ret));
	else if (size)
		INTEL_VG(VALGRIND_MAKE_MEM_DEFINED(data, size));
	return ret;
}

drm_public void drm_intel_bo_wait_rendering(drm_intel_bo *b)
{
	drm_intel_gem_bo_start_gtt_access(b, 1);
}

drm_public int drm_intel_bo_busy(drm_intel_bo *b)
{
	struct intel_bo *bo = to_intel_bo(b);
	struct drm_i915_gem_busy busy;

	if (!b)
		return 0;
	if (bo->reusable && bo->idle)
		return 0;
	memset(&busy, 0, sizeof(busy));
	busy.handle = b->handle;
	if (intel_ioctl(b->bufmgr->fd, DRM_IOCTL_I915_GEM_BUSY, &busy))
		return 0;
	bo->idle = !busy.busy;
	return (int)busy.busy;
}

drm_public int drm_intel_gem_bo_wait(drm_intel_bo *b, int64_t timeout_ns)
{
	struct drm_i915_gem_wait w;

	if (!b)
		return -EINVAL;
	if (!b->bufmgr->has_wait_timeout) {
		if (timeout_ns) {
			drm_intel_bo_wait_rendering(b);
			return 0;
		}
		return drm_intel_bo_busy(b) ? -ETIME : 0;
	}
	memset(&w, 0, sizeof(w));
	w.bo_handle = b->handle;
	w.timeout_ns = timeout_ns;
	return intel_ioctl(b->bufmgr->fd, DRM_IOCTL_I915_GEM_WAIT, &w);
}

drm_public int drm_intel_bo_madvise(drm_intel_bo *b, int madv)
{
	if (!b)
		return -EINVAL;
	return bo_madvise_raw(b->bufmgr, b->handle, madv);
}
