/* SPDX-License-Identifier: MIT */
/*
 * i915's own files in the instance tree, added while the DRM core builds it
 * (drm/drm_sysfs.h): the module's parameters and state, the per-minor
 * debugfs controls IGT uses (doc/igt-device-probing.md §2: i915_params,
 * i915_gem_drop_caches, i915_wedged, i915_forcewake_user; the shim's i915_shim_scanout and the
 * crtc-N directories its pictures go to), the error-state file that
 * i915_gpu_error.c fills, the per-engine directories (gt/sysfs_engines.c) and the
 * PMU's description (i915_pmu.c).
 * Modes are Linux's (the instance keeps their owner bits); debugfs is
 * root-only where programs reach it (os/fs_view.c). Instance creation only.
 */
#include "config.h"

#include <stdio.h>

#include "drm/drm_sysfs.h"
#include "i915/display/intel_display.h"
#include "i915/gt/intel_reset.h"
#include "i915/gt/sysfs_engines.h"
#include "i915/i915_driver.h"
#include "i915/i915_pmu.h"

static void populate_minor(struct shim_fs_builder *b, const struct shim_device_model *model, unsigned minor)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_params", minor);
	shim_fs_dir(b, rel);
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_gem_drop_caches", minor);
	shim_fs_file(b, rel, 0644, "0x0\n");
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_wedged", minor);
	shim_fs_file(b, rel, 0644, "0\n");
	shim_fs_set_mtime(b, rel, SHIM_GT_RESET_BUILT_S);	/* gt/intel_reset.c tells writes by it */
	/* Held open, it keeps the GT awake for register access (IGT's intel_register_access_init
	 * opens it); the shim's registers need no waking: an empty file, root's. */
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_forcewake_user", minor);
	shim_fs_file(b, rel, 0400, "%s", "");
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_error_state", minor);
	shim_fs_file(b, rel, 0600, "%s", "");	/* i915_gpu_error.c: empty until a capture */
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_params/reset", minor);
	shim_fs_file(b, rel, 0600, "3\n");
	snprintf(rel, sizeof(rel), "/sys/kernel/debug/dri/%u/i915_params/enable_hangcheck", minor);
	shim_fs_file(b, rel, 0600, "Y\n");
	intel_scanout_populate_fs(b, model, minor);	/* the shim's i915_shim_scanout, crtc-N/ */
}

void i915_populate_fs(struct shim_fs_builder *b, const struct shim_device_model *model)
{
	shim_fs_dir(b, "/sys/module/i915/parameters");
	shim_fs_file(b, "/sys/module/i915/initstate", 0444, "live\n");
	shim_fs_file(b, "/sys/module/i915/parameters/reset", 0644, "3\n");
	populate_minor(b, model, 0);
	populate_minor(b, model, 128);
	shim_fs_file(b, SHIM_PCI_DEV_DIR "/drm/card0/error", 0600, "No error state collected\n");
	shim_engines_populate_fs(b, model);
	i915_pmu_populate_fs(b, model);
}
