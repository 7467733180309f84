/* SPDX-License-Identifier: MIT */
/*
 * KMS dumb buffers (the kernel's drm_dumb_buffers.c): MODE_CREATE_DUMB,
 * MODE_MAP_DUMB and MODE_DESTROY_DUMB (doc/uapi-conformance.md §8a).
 *
 * Owns nothing: a dumb buffer is a GEM object like any other, made by the
 * driver's dumb_create hook and given its fake mmap offset by the driver's
 * dumb_map_offset hook (for i915, the offset of MMAP_OFFSET's WC type, so
 * mmap(2) of the device fd at it works as for any other object); destroying
 * one closes its handle. Without dumb_create the three answer ENOSYS, as the
 * kernel does. Calls the driver only through struct shim_driver (drm_drv.h)
 * and the core's GEM handles (drm_gem.h); holds no lock itself.
 */
#include "config.h"

#include <errno.h>
#include <drm.h>
#include <drm_mode.h>

#include "base/log.h"
#include "drm/drm_drv.h"
#include "drm/drm_gem.h"

/* DB1: the driver makes the object, or ENOSYS without one. */
int shim_drm_mode_create_dumb_ioctl(struct shim_call *call, void *data)
{
	if (!shim_drv->dumb_create)
		return -ENOSYS;
	return shim_drv->dumb_create(call, data);
}

/* DB2–DB6: pad and the input offset are not looked at. */
int shim_drm_mode_mmap_dumb_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_map_dumb *args = data;
	if (!shim_drv->dumb_create)
		return -ENOSYS;
	if (!shim_drv->dumb_map_offset) {
		/* The kernel's generic drm_gem_dumb_map_offset: every driver the shim has brings its own. */
		shim_say_unemulated("MODE_MAP_DUMB without the driver's dumb_map_offset");
		return -ENOSYS;
	}
	uint64_t offset = 0;
	int ret = shim_drv->dumb_map_offset(call, args->handle, &offset);
	if (!ret)
		args->offset = offset;
	return ret;
}

int shim_gem_destroy_dumb_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_destroy_dumb *args = data;
	return shim_gem_close_ioctl(call, &(struct drm_gem_close){ .handle = args->handle });
}
