/* SPDX-License-Identifier: MIT */
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

#include "base/shared_mem.h"
#include "drm/drm_device.h"
#include "drm/drm_ioctl.h"

/*
 * The core's part of an object; a driver embeds it first in its own object
 * (struct i915_gem_object), allocates that, and calls shim_gem_object_init.
 * write_fence/read_fence are the object's reservation (the kernel's
 * dma_resv): the last writer, and the last reader per engine class, that
 * implicit synchronisation and dma-buf sync wait for.
 */
struct shim_gem_object {
	uint32_t refcount;
	uint32_t handle_count;
	uint64_t size;
	uint32_t name;			/* flink name, 0 if none */
	uint32_t dmabuf;		/* its dma-buf (drm/drm_prime.h), 0 if none */
	uint32_t mmap_node[4];		/* fake-offset node per mapping type the driver has, 0 if none */
	uint32_t write_class;		/* engine class of the last writer */
	uint32_t pad;
	shim_off write_fence;		/* the last request that writes it, or 0 */
	shim_off read_fence[4];		/* the last request reading it, per engine class */
};
SHIM_SHARED_LAYOUT(struct shim_gem_object, 88);

/* Makes the object at off (a driver object of its own size, zeroed) a GEM object of size
 * bytes (page multiple), refcount 1, no handle. */
void shim_gem_object_init(struct shim_device *dev, shim_off off, uint64_t size);

void shim_gem_object_get(struct shim_device *dev, shim_off obj);
void shim_gem_object_put(struct shim_device *dev, shim_off obj);

/*
 * Handles one open file may hold (GEM_CREATE, GEM_OPEN and PRIME imports all make one):
 * I915_SHIM_FILE_MAX_OBJECTS, read once per process (0: no limit), else this. An idle object
 * takes about 185 bytes of the 2 GiB shared state (bench/scale_bench), so one file fills at
 * most 0.6% of it; with no limit, millions fit.
 */
#define SHIM_FILE_MAX_HANDLES 65536u
uint32_t shim_file_max_handles(void);

/* Adds a handle to obj in file (taking a reference); 0, -ENOSPC past the file's limit, or -errno. */
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
/* drm/drm_dumb_buffers.c */
int shim_drm_mode_create_dumb_ioctl(struct shim_call *call, void *data);
int shim_drm_mode_mmap_dumb_ioctl(struct shim_call *call, void *data);
int shim_gem_destroy_dumb_ioctl(struct shim_call *call, void *data);

#endif
