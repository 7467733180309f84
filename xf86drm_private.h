/* SPDX-License-Identifier: MIT */
/*
 * Private to libdrm.so.2: the few functions one xf86drm*.c file offers
 * another without exporting them (everything here is hidden by
 * -fvisibility=hidden), and the small helpers every wrapper file uses.
 */
#ifndef XF86DRM_PRIVATE_H
#define XF86DRM_PRIVATE_H

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "xf86drm.h"

#define memclear(s) memset(&(s), 0, sizeof(s))

/* Pointers travel to the kernel as __u64. */
#define DRM_PTR(u64) ((void *)(uintptr_t)(u64))
#define DRM_U64(ptr) ((uint64_t)(uintptr_t)(ptr))

/* drmIoctl() with the -errno convention most wrappers have: 0 (or a positive result) or -errno. */
static inline int drm_ioctl_errno(int fd, unsigned long request, void *arg)
{
	int ret = drmIoctl(fd, request, arg);

	return ret < 0 ? -errno : ret;
}

/* xf86drm_random.c: advance a Park-Miller seed and return the new value. */
unsigned long drm_random_next(unsigned long *seed);

/*
 * xf86drm_once.c: forget the drmGetEntry() record of fd's device and its
 * context tags (drmClose() calls it before closing the fd).
 */
void drm_entry_forget(int fd);

#endif
