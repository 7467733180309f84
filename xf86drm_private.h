/* SPDX-License-Identifier: MIT */
/*
 * Private to libdrm.so.2: the few functions one xf86drm*.c file offers
 * another without exporting them (everything here is hidden by
 * -fvisibility=hidden).
 */
#ifndef XF86DRM_PRIVATE_H
#define XF86DRM_PRIVATE_H

/* xf86drm_random.c: advance a Park-Miller seed and return the new value. */
unsigned long drm_random_next(unsigned long *seed);

/*
 * xf86drm_once.c: forget the drmGetEntry() record of fd's device and its
 * context tags (drmClose() calls it before closing the fd).
 */
void drm_entry_forget(int fd);

#endif
