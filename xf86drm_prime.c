/* SPDX-License-Identifier: MIT */
/*
 * PRIME in libdrm.so.2: drmPrimeHandleToFD() and drmPrimeFDToHandle(),
 * libdrm 2.4.114's thin wrappers of DRM_IOCTL_PRIME_HANDLE_TO_FD and
 * DRM_IOCTL_PRIME_FD_TO_HANDLE (doc/libdrm-intel-behavior.md §14).
 *
 * Conventions kept: the fd field is preset to -1, the result is drmIoctl()'s
 * (0, or -1 with errno), and the output is written only on success. Where
 * libdrm would dereference a NULL output we fail with EINVAL before any
 * ioctl, so no fd or handle is created that nobody could release.
 *
 * Lifetimes: the dma-buf fd returned belongs to the caller (close(2) it);
 * a handle is not reference counted - one per object per open file, the
 * same for every import of one dma-buf - and lives until GEM_CLOSE
 * (drmCloseBufferHandle) or until the device fd's open file is closed.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <string.h>
#include <drm.h>

#include "libdrm_macros.h"
#include "xf86drm.h"

drm_public int drmPrimeHandleToFD(int fd, uint32_t handle, uint32_t flags, int *prime_fd)
{
	struct drm_prime_handle args;
	int ret;

	if (!prime_fd) {
		errno = EINVAL;
		return -1;
	}
	memset(&args, 0, sizeof(args));
	args.fd = -1;
	args.handle = handle;
	args.flags = flags;
	ret = drmIoctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &args);
	if (ret)
		return ret;
	*prime_fd = args.fd;
	return 0;
}

drm_public int drmPrimeFDToHandle(int fd, int prime_fd, uint32_t *handle)
{
	struct drm_prime_handle args;
	int ret;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	memset(&args, 0, sizeof(args));
	args.fd = prime_fd;
	ret = drmIoctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &args);
	if (ret)
		return ret;
	*handle = args.handle;
	return 0;
}
