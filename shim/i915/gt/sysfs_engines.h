/* SPDX-License-Identifier: MIT */
/*
 * The per-engine sysfs controls (i915/gt/sysfs_engines.c): card0/engine/<name>/ with the
 * scheduling properties a program may tune, and their read-only .defaults/ copies. The files
 * are real files in the instance tree; the engines read heartbeat_interval_ms back from them.
 */
#ifndef SHIM_GT_SYSFS_ENGINES_H
#define SHIM_GT_SYSFS_ENGINES_H

#include <stdint.h>

#include "drm/drm_device.h"

struct shim_fs_builder;
struct shim_device_model;

/* Linux 6.1's defaults (CONFIG_DRM_I915_HEARTBEAT_INTERVAL and friends). */
#define SHIM_HEARTBEAT_INTERVAL_MS 2500
#define SHIM_PREEMPT_TIMEOUT_MS 640
#define SHIM_STOP_TIMEOUT_MS 100
#define SHIM_TIMESLICE_DURATION_MS 1
#define SHIM_MAX_BUSYWAIT_NS 8000

/* Adds card0/engine/ for the engines model has (instance creation only). */
void shim_engines_populate_fs(struct shim_fs_builder *b, const struct shim_device_model *model);

/*
 * The heartbeat interval of the engine of class engine_class (enum shim_engine_class), as its
 * heartbeat_interval_ms file says; 0 means heartbeats are off. Per-thread cache: the file is
 * looked at (stat) at most once per coarse clock tick, and re-read only when its mtime or size
 * changed, or changed so recently that a later write could share the mtime. Called by the
 * engine thread while a batch runs long.
 */
uint64_t shim_engine_heartbeat_ms(struct shim_device *dev, unsigned engine_class);

#endif
