/* SPDX-License-Identifier: MIT */
/*
 * GPU-wide resets and wedging (i915/gt/intel_reset.c): the debugfs i915_wedged control
 * and the wedged state that makes new work fail with EIO.
 */
#ifndef SHIM_GT_RESET_H
#define SHIM_GT_RESET_H

#include <stdbool.h>

#include "drm/drm_device.h"
#include "i915/i915_drv.h"

/* The mtime (s) of a freshly built i915_wedged file: nobody has written it yet. */
#define SHIM_GT_RESET_BUILT_S 1

/* Is path (already redirected into the instance) an i915_wedged control? Its minor, or -1. */
int shim_gt_reset_control_minor(struct shim_device *dev, const char *path);
/* A descriptor that had the control of minor open for writing was closed: act on what it wrote. */
void shim_gt_reset_control_closed(struct shim_device *dev, unsigned minor);

/* Is the GPU terminally wedged (i915's intel_gt_terminally_wedged)? No lock needed. */
static inline bool shim_gt_wedged(const struct shim_device *dev)
{
	return __atomic_load_n(&i915_shared(dev)->wedged, __ATOMIC_ACQUIRE) != 0;
}

#endif
