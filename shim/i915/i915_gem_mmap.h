/* SPDX-License-Identifier: MIT */
/*
 * Object mappings (i915/i915_gem_mmap.c): what the interposed mmap/munmap call.
 */
#ifndef SHIM_I915_GEM_MMAP_H
#define SHIM_I915_GEM_MMAP_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/shared_mem.h"
#include "drm/drm_ioctl.h"

/* The reference a mapping holds (an entry of i915_shared(dev)->map_refs): whose process mapped what. */
struct map_ref {
	shim_off obj;
	int32_t pid;
	uint32_t pad;
};
SHIM_SHARED_LAYOUT(struct map_ref, 16);

/* mmap(2) of a device fd: the object at a fake offset, or MAP_FAILED with errno. */
void *shim_device_mmap(struct shim_call *call, void *addr, size_t len, int prot, int flags, off_t offset);
/*
 * Device lock held: maps [offset, offset+len) of object off's pages for the caller
 * (a dma-buf mmap, drm/drm_prime.c), holding a reference like every object mapping.
 */
void *shim_gem_map_range(struct shim_device *dev, shim_off off, void *addr, size_t len, int prot,
			 int flags, uint64_t offset);
/* Does [addr, addr+len) overlap a mapping of a device fd made by this process? */
bool shim_gem_range_has_device_map(uint64_t addr, uint64_t len);
/*
 * Device lock held: after a tiling change, points this process's GTT maps of
 * the object at what the new fence shows (its pages, or their linear view).
 * Other processes' maps keep the old layout until they map again (T16).
 */
void shim_gem_remap_gtt(struct shim_device *dev, shim_off off);
/* munmap(2) of any range: drops the references of object mappings inside it. */
void shim_gem_munmap(void *addr, size_t len);
/* Device lock held: drops the mapping references of processes that are gone. */
void shim_gem_reap_mappings(struct shim_device *dev);

int shim_i915_gem_mmap_ioctl(struct shim_call *call, void *data);
int shim_i915_mmap_offset_ioctl(struct shim_call *call, void *data);
/* struct shim_driver's dumb_map_offset. */
int shim_i915_dumb_mmap_offset(struct shim_call *call, uint32_t handle, uint64_t *offset);

#endif
