/* SPDX-License-Identifier: MIT */
/*
 * Screens: one per EGL display, owning the render-node fd and the bufmgr
 * every context, miptree and image of that display allocates from. The
 * generation comes from the device id (hwdefs/intel_devices.h); LLC from
 * I915_PARAM_HAS_LLC, which decides how buffers are mapped (i965's rule:
 * cached CPU maps are coherent only with LLC).
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include <xf86drm.h>
#include <i915_drm.h>

#include "hwdefs/intel_devices.h"
#include "upper-layers/gl/gl_priv.h"

/* i965 used a 32 KiB batch; the bufmgr's BO cache serves every size. */
#define GL_BUFMGR_BATCH_BYTES (GL_BATCH_DWORDS * 4)

struct gl_screen *gl_screen_create(int fd)
{
	struct gl_screen *s = calloc(1, sizeof(*s));
	if (!s) {
		close(fd);
		errno = ENOMEM;
		return NULL;
	}
	s->fd = fd;
	s->bufmgr = drm_intel_bufmgr_gem_init(fd, GL_BUFMGR_BATCH_BYTES);
	if (!s->bufmgr)
		goto fail;
	s->devid = drm_intel_bufmgr_gem_get_devid(s->bufmgr);
	s->gen = intel_gen_from_devid(s->devid);
	if (s->gen < 3) {
		/* gen2's blitter lacks the XY commands' tiling bits we rely on */
		errno = ENODEV;
		goto fail;
	}
	int llc = 0;
	drm_i915_getparam_t gp = { .param = I915_PARAM_HAS_LLC, .value = &llc };
	if (drmIoctl(fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0)
		s->has_llc = llc != 0;
	drm_intel_bufmgr_gem_enable_reuse(s->bufmgr);
	return s;
fail:;
	int err = errno ? errno : ENODEV;
	if (s->bufmgr)
		drm_intel_bufmgr_destroy(s->bufmgr);
	close(fd);
	free(s);
	errno = err;
	return NULL;
}

void gl_screen_destroy(struct gl_screen *s)
{
	if (!s)
		return;
	drm_intel_bufmgr_destroy(s->bufmgr);
	close(s->fd);
	free(s);
}

int gl_screen_fd(const struct gl_screen *s)
{
	return s->fd;
}

int gl_screen_gen(const struct gl_screen *s)
{
	return s->gen;
}
