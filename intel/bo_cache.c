/* SPDX-License-Identifier: MIT */
/*
 * The BO cache: 55 size buckets of idle objects kept for reuse once
 * drm_intel_bufmgr_gem_enable_reuse() has been called.
 *
 * Policy (libdrm 2.4.114): buckets of 4, 8, 12 KiB then P, 1.25P, 1.5P,
 * 1.75P for every power of two P from 16 KiB to 64 MiB. A freed bo goes to
 * the tail of its bucket after the kernel agreed to keep it (MADV_DONTNEED
 * retained). alloc_for_render takes the tail (most recently freed, maybe still
 * busy); plain alloc takes the head only if it is idle. A taken bo is marked
 * WILLNEED; if the kernel purged it, it and the purged bos behind it are
 * freed and the allocation retries. Bos idle in the cache for more than about
 * a second are freed at the next final unreference.
 *
 * Beyond libdrm: the cache holds at most cache_max_bytes (default 256 MiB;
 * environment variable LIBDRM_INTEL_BO_CACHE_MAX, see drm_intel_bufmgr(3));
 * going over frees the oldest cached bos first, across all buckets. And a
 * freed bo is marked MADV_DONTNEED only once it has sat in the cache for
 * cache_hot_ns (default 100 ms, LIBDRM_INTEL_BO_CACHE_HOT_MS; 0 = at once,
 * as libdrm): the common free-and-reuse within a frame or two then costs no
 * ioctl, while a bo that lingers still becomes purgeable soon. A bo the
 * kernel drops when it is marked (it had no pages) is freed then.
 *
 * Lifetime: a cached bo has refcount 0 and belongs to the cache; it leaves it
 * either taken by an allocation (refcount 1) or freed. All functions here run
 * with mgr->lock held.
 */
#include "config.h"

#include <string.h>
#include <time.h>

#include <drm.h>
#include <i915_drm.h>

#include "intel/bufmgr_priv.h"
#include "intel/sys.h"

void bo_cache_init(drm_intel_bufmgr *mgr)
{
	int n = 0;

	intel_list_init(&mgr->cache_lru);
	for (unsigned long s = 4096; s <= 12288; s += 4096) {
		mgr->buckets[n].size = s;
		intel_list_init(&mgr->buckets[n++].head);
	}
	for (unsigned long p = 16384; p <= 64ul * 1024 * 1024; p *= 2) {
		for (int q = 0; q < 4; q++) {
			mgr->buckets[n].size = p + q * (p / 4);
			intel_list_init(&mgr->buckets[n++].head);
		}
	}
}

struct intel_bo_bucket *bo_cache_bucket_for_size(drm_intel_bufmgr *mgr, unsigned long size)
{
	for (int i = 0; i < INTEL_CACHE_BUCKETS; i++)
		if (mgr->buckets[i].size >= size)
			return &mgr->buckets[i];
	return NULL;
}

int bo_madvise_raw(drm_intel_bufmgr *mgr, uint32_t handle, int madv)
{
	struct drm_i915_gem_madvise m;

	memset(&m, 0, sizeof(m));
	m.handle = handle;
	m.madv = madv;
	m.retained = 1;
	intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_MADVISE, &m);
	return m.retained;
}

static void cache_unlink(drm_intel_bufmgr *mgr, struct intel_bo *bo)
{
	intel_list_del(&bo->bucket_link);
	intel_list_del(&bo->cache_link);
	mgr->cache_bytes -= bo->base.size;
}

static void cache_evict(drm_intel_bufmgr *mgr, struct intel_bo *bo)
{
	cache_unlink(mgr, bo);
	intel_bo_free(bo);
}

/* Frees purged bos from the head of a bucket until one is still retained. */
static void cache_purge_bucket(drm_intel_bufmgr *mgr, struct intel_bo_bucket *bucket)
{
	while (!intel_list_empty(&bucket->head)) {
		struct intel_bo *bo = intel_container_of(bucket->head.next, struct intel_bo,
							 bucket_link);
		if (bo_madvise_raw(mgr, bo->base.handle, I915_MADV_DONTNEED)) {
			bo->purgeable = true;	/* taking it again must ask WILLNEED */
			break;
		}
		cache_evict(mgr, bo);
	}
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Marks purgeable the bos cached longer than cache_hot_ns; frees those the kernel drops. */
static void cache_mark(drm_intel_bufmgr *mgr, uint64_t now)
{
	if (now - mgr->last_mark_ns < mgr->cache_hot_ns / 4)
		return;	/* looked recently enough */
	mgr->last_mark_ns = now;
	struct intel_list *l = mgr->cache_lru.next;
	while (l != &mgr->cache_lru) {
		struct intel_bo *bo = intel_container_of(l, struct intel_bo, cache_link);
		l = l->next;
		if (now - bo->free_ns < mgr->cache_hot_ns)
			break;	/* oldest first: the rest are younger */
		if (bo->purgeable)
			continue;
		if (bo_madvise_raw(mgr, bo->base.handle, I915_MADV_DONTNEED))
			bo->purgeable = true;
		else
			cache_evict(mgr, bo);
	}
}

static bool bo_is_idle(drm_intel_bufmgr *mgr, struct intel_bo *bo)
{
	struct drm_i915_gem_busy busy;

	if (bo->idle)
		return true;
	memset(&busy, 0, sizeof(busy));
	busy.handle = bo->base.handle;
	if (intel_ioctl(mgr->fd, DRM_IOCTL_I915_GEM_BUSY, &busy))
		return true;
	bo->idle = !busy.busy;
	return bo->idle;
}

struct intel_bo *bo_cache_take(drm_intel_bufmgr *mgr, struct intel_bo_bucket *bucket,
			       bool for_render, uint32_t tiling, unsigned long stride)
{
	struct intel_bo *bo;

	if (!mgr->bo_reuse || !bucket)
		return NULL;
	if (mgr->cache_hot_ns)
		cache_mark(mgr, now_ns());
	for (;;) {
		if (intel_list_empty(&bucket->head))
			return NULL;
		if (for_render) {
			bo = intel_container_of(bucket->head.prev, struct intel_bo, bucket_link);
		} else {
			bo = intel_container_of(bucket->head.next, struct intel_bo, bucket_link);
			if (!bo_is_idle(mgr, bo))
				return NULL;
		}
		cache_unlink(mgr, bo);
		if (bo->purgeable && !bo_madvise_raw(mgr, bo->base.handle, I915_MADV_WILLNEED)) {
			/* The kernel dropped its pages: free it and its purged peers. */
			intel_bo_free(bo);
			cache_purge_bucket(mgr, bucket);
			continue;
		}
		if (bo_tiling_apply(bo, tiling, stride)) {
			intel_bo_free(bo);
			continue;
		}
		return bo;
	}
}

bool bo_cache_put(drm_intel_bufmgr *mgr, struct intel_bo *bo, time_t now)
{
	struct intel_bo_bucket *bucket;

	if (!mgr->bo_reuse || !bo->reusable)
		return false;
	bucket = bo_cache_bucket_for_size(mgr, bo->base.size);
	if (!bucket || bucket->size != bo->base.size)
		return false;
	if (bo->base.size > mgr->cache_max_bytes)
		return false;
	bo->purgeable = !mgr->cache_hot_ns;
	if (bo->purgeable && !bo_madvise_raw(mgr, bo->base.handle, I915_MADV_DONTNEED))
		return false;

	/* Make room under the byte bound, oldest first. */
	while (mgr->cache_bytes + bo->base.size > mgr->cache_max_bytes &&
	       !intel_list_empty(&mgr->cache_lru))
		cache_evict(mgr, intel_container_of(mgr->cache_lru.next, struct intel_bo,
						    cache_link));

	bo->free_time = now;
	bo->free_ns = now_ns();
	bo->name = NULL;
	intel_list_add_tail(&bucket->head, &bo->bucket_link);
	intel_list_add_tail(&mgr->cache_lru, &bo->cache_link);
	mgr->cache_bytes += bo->base.size;
	if (mgr->cache_hot_ns)
		cache_mark(mgr, bo->free_ns);
	return true;
}

void bo_cache_clean(drm_intel_bufmgr *mgr, time_t now)
{
	if (mgr->last_clean == now)
		return;
	while (!intel_list_empty(&mgr->cache_lru)) {
		struct intel_bo *bo = intel_container_of(mgr->cache_lru.next, struct intel_bo,
							 cache_link);
		if (now - bo->free_time <= 1)
			break;
		cache_evict(mgr, bo);
	}
	mgr->last_clean = now;
}

void bo_cache_free_all(drm_intel_bufmgr *mgr)
{
	while (!intel_list_empty(&mgr->cache_lru))
		cache_evict(mgr, intel_container_of(mgr->cache_lru.next, struct intel_bo,
						    cache_link));
}
