/* SPDX-License-Identifier: MIT */
/*
 * PRIME in libdrm_intel: drm_intel_bo_gem_export_to_prime() and
 * drm_intel_bo_gem_create_from_prime() (doc/libdrm-intel-behavior.md §5).
 *
 * One drm_intel_bo per kernel object per bufmgr: the kernel gives one handle
 * per object per open file for every import of it, and the bufmgr's handle
 * table (bo_names.c) maps that handle to the bo already wrapping it, which
 * is returned with one more reference. A new bo is named "prime", is never
 * reused (its pages may be shared), has no flink name, is in the handle table
 * only, and takes its size from lseek(SEEK_END) on the dma-buf (the size
 * argument is the fallback for kernels without it) and its tiling from one
 * GET_TILING. Exporting makes the bo non-reusable: another process may hold
 * the pages, so they must never be handed out again from the cache.
 *
 * Locking as libdrm: the bufmgr lock is held around the import ioctl (which
 * closes an import-vs-free race: the handle cannot be closed by a concurrent
 * unreference between the ioctl and the table lookup); export takes no lock.
 * The returned fd belongs to the caller; the returned bo holds a reference.
 *
 * Deliberate differences from libdrm 2.4.114: the size is kept as off_t (not
 * an int, which overflowed for dma-bufs of 2 GiB and more); a failed bo
 * allocation closes the imported handle instead of leaking it; NULL
 * arguments give -EINVAL/NULL instead of a crash.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "intel/bufmgr_priv.h"
#include "xf86drm.h"

drm_public int drm_intel_bo_gem_export_to_prime(drm_intel_bo *b, int *prime_fd)
{
	if (!b || !prime_fd)
		return -EINVAL;
	/* RDWR so that mmap of the dma-buf works (libdrm 05727548). */
	if (drmPrimeHandleToFD(b->bufmgr->fd, b->handle, DRM_CLOEXEC | DRM_RDWR, prime_fd) != 0)
		return -errno;
	to_intel_bo(b)->reusable = false;
	return 0;
}

drm_public drm_intel_bo *drm_intel_bo_gem_create_from_prime(drm_intel_bufmgr *mgr, int prime_fd,
							    int size)
{
	struct intel_bo *bo = NULL;
	uint32_t handle;
	off_t end;

	if (!mgr)
		return NULL;
	pthread_mutex_lock(&mgr->lock);
	if (drmPrimeFDToHandle(mgr->fd, prime_fd, &handle) != 0) {
		INTEL_DBG(mgr, "create_from_prime: failed to obtain handle from fd: %s\n",
			  strerror(errno));
		goto out;
	}
	bo = bo_names_find_handle(mgr, handle);
	if (bo) {
		drm_intel_bo_reference(&bo->base);
		goto out;
	}

	end = lseek(prime_fd, 0, SEEK_END);
	bo = intel_bo_new(mgr, "prime", handle, end != (off_t)-1 ? (unsigned long)end :
						      (unsigned long)(long)size);
	if (!bo) {
		intel_bo_gem_close(mgr, handle);
		goto out;
	}
	bo->reusable = false;
	bo_names_add_handle(mgr, bo);
	if (bo_tiling_query(bo)) {
		INTEL_DBG(mgr, "create_from_prime: failed to get tiling: %s\n", strerror(errno));
		intel_bo_free(bo);
		bo = NULL;
	}
out:
	pthread_mutex_unlock(&mgr->lock);
	return bo ? &bo->base : NULL;
}
