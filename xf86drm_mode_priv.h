/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_mode_priv.h - private to libdrm.so.2: helpers shared by the
 * mode-setting files (xf86drm_mode*.c). Nothing here is exported.
 *
 * The mode-setting wrappers use two return conventions, as libdrm does:
 * the "Get" functions return NULL with errno from the ioctl, and most
 * others return 0 or -errno, which drm_ioctl_errno() gives. Copies handed to
 * the caller are plain malloc() blocks (released by the drmModeFree*
 * functions with free(), so drmFree() works on them too).
 */
#ifndef XF86DRM_MODE_PRIV_H
#define XF86DRM_MODE_PRIV_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xf86drm.h"
#include "xf86drm_private.h"

/*
 * A count the kernel reports is trusted only up to this: a bigger one (a
 * lying or corrupted kernel) would overflow the int counts of the public
 * structures, so the call fails with ENOMEM instead of allocating it.
 */
#define MODE_MAX_COUNT (1u << 24)

/*
 * libdrm repeats a query for as long as the counts keep growing between
 * its two ioctls (hotplug); we stop after this many rounds and fail with
 * EAGAIN, so a kernel that always reports more cannot hang the caller.
 */
#define MODE_MAX_RETRIES 64

/* A zeroed array of count entries, or NULL (errno ENOMEM) when count is too big. */
static inline void *mode_array(uint32_t count, size_t size)
{
	if (count > MODE_MAX_COUNT) {
		errno = ENOMEM;
		return NULL;
	}
	return calloc(count ? count : 1, size);
}

/*
 * What the caller receives for a list: a malloc'd copy of count entries,
 * NULL for an empty list (as libdrm hands out). *fail is set when the
 * copy could not be made, so "empty" and "no memory" stay apart.
 */
static inline void *mode_copy(const void *src, uint32_t count, size_t size, int *fail)
{
	void *p;

	if (!count || !src || !size)
		return NULL;
	p = malloc((size_t)count * size);
	if (!p) {
		*fail = 1;
		return NULL;
	}
	memcpy(p, src, (size_t)count * size);
	return p;
}

#endif
