/* SPDX-License-Identifier: MIT */
/*
 * i915's device-wide and per-file state (the kernel's drm_i915_private and
 * drm_i915_file_private). Both live in the areas the DRM core keeps for its
 * driver inside the shared mapping (struct shim_shared.driver and struct
 * shim_file.driver, drm/drm_device.h): zeroed when the instance or the open
 * file is made, shared by every process, guarded by the device lock. They
 * are an ABI between processes: the asserts below pin them to their areas.
 */
#ifndef SHIM_I915_DRV_H
#define SHIM_I915_DRV_H

#include <stdint.h>

#include "base/shared_mem.h"
#include "drm/drm_device.h"
#include "i915/i915_pmu.h"

struct i915_shared {
	struct shim_idr map_refs;	/* references held by mappings (i915_gem_mmap.c) */
	shim_off purgeable;		/* DONTNEED objects with pages (i915_gem_shrinker.c) */
	uint64_t memory_budget;		/* bytes of object pages before the shrinker runs */
	struct shim_idr vms;		/* every GPU address space (i915_gem_context.h) */
	shim_off global_vm;		/* the one before full PPGTT */
	uint64_t reset_count;		/* GPU resets since the instance began */
	uint32_t wedged;		/* GPU terminally wedged (gt/intel_reset.c): new work is EIO */
	uint32_t pad;
	uint64_t wedged_file_ns[2];	/* mtime of i915_wedged (minors 0, 128) as the shim last wrote it */
	shim_off requests_head, requests_tail;	/* live request records, oldest first (i915_request.h) */
	uint64_t requests;
	struct i915_pmu_state pmu;	/* i915_pmu.c */
};
SHIM_SHARED_LAYOUT(struct i915_shared, 248);
_Static_assert(sizeof(struct i915_shared) <= SHIM_DRIVER_SHARED_SIZE, "fits the driver's area");

struct i915_file {
	struct shim_idr contexts;	/* context id -> struct shim_context */
	shim_off default_ctx;		/* context 0, made on first use */
	uint32_t ban_score;		/* the per-file ban score (CT4) */
	uint32_t charged_pages;		/* pages of the objects it made (i915_gem_object.c) */
	uint64_t last_hang_ns;
	struct shim_idr vms;		/* address space id -> struct shim_vm, each a reference (§23a) */
};
SHIM_SHARED_LAYOUT(struct i915_file, 72);
_Static_assert(sizeof(struct i915_file) <= SHIM_DRIVER_FILE_SIZE, "fits the driver's area");

static inline struct i915_shared *i915_shared(const struct shim_device *dev)
{
	return (struct i915_shared *)dev->shared->driver;
}

static inline struct i915_file *i915_file(struct shim_file *file)
{
	return (struct i915_file *)file->driver;
}

#endif
