/* SPDX-License-Identifier: MIT */
/*
 * The registered driver (drm_drv.h). One device, one driver: registering a
 * second one is a bug in the module, reported and ignored.
 */
#include "config.h"

#include <stdio.h>

#include "drm/drm_drv.h"

const struct shim_driver *shim_drv;

void shim_driver_register(const struct shim_driver *driver)
{
	if (shim_drv && shim_drv != driver) {
		fprintf(stderr, "i915-shim: a second DRM driver (%s) registered; ignored\n", driver->name);
		return;
	}
	shim_drv = driver;
}
