/* SPDX-License-Identifier: MIT */
/*
 * The i915 driver's hooks behind struct shim_driver (drm/drm_drv.h) that
 * live outside i915_driver.c. Private to i915/. Device lock held unless
 * said otherwise, as the hook contracts in drm_drv.h state.
 */
#ifndef SHIM_I915_DRIVER_H
#define SHIM_I915_DRIVER_H

#include <stdbool.h>

#include "base/shared_mem.h"

struct shim_device;
struct shim_device_model;
struct shim_fs_builder;
struct shim_gem_object;
struct shim_driver_check;

/* i915_gem_object.c */
void i915_gem_free_object(struct shim_device *dev, struct shim_gem_object *obj, shim_off off);

/* i915_gem_dmabuf.c */
int i915_gem_prime_export(struct shim_device *dev, struct shim_gem_object *obj);
void i915_gem_begin_cpu_access(struct shim_device *dev, struct shim_gem_object *obj, bool write);

/* i915_check.c: the driver's part of the invariant checker (drm/drm_check.h). */
extern const struct shim_driver_check i915_driver_check;

/* i915_sysfs.c: the driver's files in the instance tree (sysfs, debugfs, module). */
void i915_populate_fs(struct shim_fs_builder *b, const struct shim_device_model *model);

#endif
