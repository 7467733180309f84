/* SPDX-License-Identifier: MIT */
/*
 * i915's PMU (i915_pmu.c, the kernel's i915_pmu.c): the perf events intel_gpu_top
 * counts, their sysfs files, and the accounting the engines feed it.
 */
#ifndef SHIM_I915_PMU_H
#define SHIM_I915_PMU_H

#include <stdint.h>

#include "base/shared_mem.h"

struct shim_device;
struct shim_device_model;
struct shim_fs_builder;
struct shim_pmu;

/* Device-wide counters (in struct i915_shared; device lock, journaled). */
struct i915_pmu_state {
	uint64_t busy_ns[4];		/* per engine class: its finished busy periods */
	uint64_t since[4];		/* when its current busy period began */
	uint32_t active[4];		/* batches running on it now, in every process */
	uint64_t awake_ns;		/* finished periods with any engine busy (GT awake) */
	uint64_t awake_since;
	uint64_t interrupts;		/* requests completed: a user interrupt each */
	uint64_t epoch_ns;		/* the PMU's first use: rc6 residency counts from there */
	uint64_t epoch_awake_ns;	/* awake time then */
};
SHIM_SHARED_LAYOUT(struct i915_pmu_state, 120);

extern const struct shim_pmu i915_pmu;

/* Device lock held: a batch of engine class engine starts running / stops (in any
 * process; a dead process's running batch is stopped by whoever adopts it). */
void i915_pmu_engine_busy(struct shim_device *dev, unsigned engine);
void i915_pmu_engine_idle(struct shim_device *dev, unsigned engine);
/* Device lock held: a request completed (its user interrupt). */
void i915_pmu_request_done(struct shim_device *dev);

/* /sys/bus/event_source/devices/i915 and /sys/devices/i915 (instance creation). */
void i915_pmu_populate_fs(struct shim_fs_builder *b, const struct shim_device_model *model);

#endif
