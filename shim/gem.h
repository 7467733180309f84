/*
 * GEM objects and handles: the kernel's drm_gem.c.
 *
 * An object lives in the shared state and is counted twice, as in the
 * kernel: handle_count (handles in any open file; the flink name dies when
 * it reaches 0) and refcount (handles plus every other holder; the object
 * is freed when it reaches 0). Handles are per open file, lowest free
 * first. All functions here run with the device lock held unless their name
 * ends in _ioctl.
 */
#ifndef SHIM_GEM_H
#define SHIM_GEM_H

#include <stdint.h>

#include "device.h"
#include "drm_ioctl.h"

struct shim_gem_object {
	uint32_t refcount;
	uint32_t handle_count;
	uint64_t size;
	uint32_t name;			/* flink name, 0 if none */
	uint32_t tiling_mode;		/* i915: I915_TILING_* */
	uint32_t stride;
	uint32_t flags;
};

/* A new object of size bytes (page multiple), refcount 1, no handle; 0 if out of memory. */
shim_off shim_gem_object_create(struct shim_device *dev, uint64_t size);
void shim_gem_object_get(struct shim_device *dev, shim_off obj);
void shim_gem_object_put(struct shim_device *dev, shim_off obj);

/* Adds a handle to obj in file (taking a reference); 0 or -errno. */
int shim_gem_handle_create(struct shim_device *dev, struct shim_file *file, shim_off obj,
			   uint32_t *handle);
/* The object behind a handle, or 0. No reference is taken. */
shim_off shim_gem_lookup(struct shim_file *file, uint32_t handle);
/* Drops a handle: 0 or -EINVAL (the kernel's answer for an unknown handle). */
int shim_gem_handle_delete(struct shim_device *dev, struct shim_file *file, uint32_t handle);

/* Closes every handle of a file that is being released. */
void shim_gem_file_release(struct shim_device *dev, struct shim_file *file);

int shim_gem_close_ioctl(struct shim_call *call, void *data);
int shim_gem_flink_ioctl(struct shim_call *call, void *data);
int shim_gem_open_ioctl(struct shim_call *call, void *data);
int shim_gem_destroy_dumb_ioctl(struct shim_call *call, void *data);

/* i915_gem_create.c */
int shim_i915_gem_create_ioctl(struct shim_call *call, void *data);
int shim_i915_dumb_create_ioctl(struct shim_call *call, void *data);

#endif
