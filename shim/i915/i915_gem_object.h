/* SPDX-License-Identifier: MIT */
/*
 * i915's GEM object (the kernel's i915_gem_object_types.h): the core object
 * (drm/drm_gem.h) embedded first, then what only i915 knows: where the
 * pages are, madvise state, tiling, caching, domains, userptr, the GTT view,
 * the purgeable list and bindings. Objects live in the shared state and are
 * named by their offset there, as the core's are; to_i915_obj() turns the
 * core's pointer into this one. Every function here runs with the device
 * lock held unless its name ends in _ioctl.
 */
#ifndef SHIM_I915_GEM_OBJECT_H
#define SHIM_I915_GEM_OBJECT_H

#include <stdbool.h>
#include <stdint.h>

#include "drm/drm_gem.h"

enum shim_madv { SHIM_MADV_WILLNEED = 0, SHIM_MADV_DONTNEED = 1, SHIM_MADV_PURGED = 2 };

#define SHIM_OBJ_HAS_PAGES	(1u << 0)	/* mem_off is valid */
#define SHIM_OBJ_USERPTR	(1u << 1)	/* pages are a user range of owner_pid */
#define SHIM_OBJ_READ_ONLY	(1u << 2)
#define SHIM_OBJ_HAS_VIEW	(1u << 3)	/* view_off holds the linear GTT view */
#define SHIM_OBJ_PURGEABLE	(1u << 4)	/* on the device's purgeable list */
#define SHIM_OBJ_PURGED_RANGE	(1u << 5)	/* mem_off is still ours though the pages are gone */
#define SHIM_OBJ_PAGES_MAPPED	(1u << 6)	/* a writable CPU/WC map of the pages was handed out */

/* The linear GTT view of a tiled object versus its pages (i915/i915_gem_domain.c). */
enum shim_view_state {
	SHIM_VIEW_STALE = 0,	/* the pages are newer: detile before the view is used */
	SHIM_VIEW_CLEAN,	/* both hold the same bytes */
	SHIM_VIEW_DIRTY,	/* the object is in the GTT domain: the view may be newer */
};

struct i915_gem_object {
	struct shim_gem_object base;
	uint32_t flags;			/* SHIM_OBJ_* */
	uint32_t stride;
	uint64_t mem_off;		/* where the pages are in the device's memory file */
	/* Small enumerations, a byte each: an idle object's bookkeeping stays in 176 bytes. */
	uint8_t madv;			/* enum shim_madv */
	uint8_t tiling_mode;		/* I915_TILING_* */
	uint8_t swizzle_mode;		/* I915_BIT_6_SWIZZLE_* */
	uint8_t caching;		/* I915_CACHING_* */
	uint8_t view_state;		/* enum shim_view_state */
	uint8_t pad[3];
	uint32_t read_domains, write_domain;
	int32_t owner_pid;		/* userptr: the process whose memory it is */
	uint64_t user_ptr;		/* userptr: start address */
	uint64_t view_off;		/* the GTT view's range in the memory file */
	shim_off purge_prev, purge_next;	/* the purgeable list (i915_gem_shrinker.c) */
	uint32_t bind_count;		/* bindings in address spaces (i915_gem_context.h) */
	uint32_t owner;			/* the file that made it, charged for its pages (0: none) */
	shim_off bindings;		/* its bindings (struct shim_vma), linked by obj_next */
};
SHIM_SHARED_LAYOUT(struct i915_gem_object, 176);
_Static_assert(__builtin_offsetof(struct i915_gem_object, base) == 0, "the core object comes first");

static inline struct i915_gem_object *to_i915_obj(struct shim_gem_object *obj)
{
	return (struct i915_gem_object *)obj;
}

/* A new object of size bytes (page multiple), refcount 1, no handle; 0 if out of memory. */
shim_off i915_gem_object_create(struct shim_device *dev, uint64_t size);

/*
 * Per-file accounting, as i915's per-client memory stats have it: an object's pages
 * are charged to the file that made it while that file is open (obj->owner names it),
 * and a file may have at most shim_file_memory_limit() bytes of pages charged to it.
 */
void i915_gem_object_set_owner(struct shim_device *dev, struct i915_gem_object *obj,
			       struct shim_file *file);
/* I915_SHIM_FILE_MEMORY_LIMIT bytes (0: none), else three quarters of the device budget. */
uint64_t shim_file_memory_limit(struct shim_device *dev);

/* Gives the object its pages if it has none yet: 0, -EFAULT (purged), -ENOMEM (the device's
 * budget, or the owner's per-file limit, would be passed). */
int shim_gem_object_get_pages(struct shim_device *dev, struct i915_gem_object *obj);

/* The pages of obj went (freed or purged): its owner is no longer charged for them. */
void i915_gem_object_uncharge(struct shim_device *dev, struct i915_gem_object *obj);

/* i915/i915_gem_shrinker.c, device lock held. */
void shim_gem_purgeable_update(struct shim_device *dev, struct i915_gem_object *obj);
uint64_t shim_gem_purge_all(struct shim_device *dev);
void shim_gem_check_drop_caches(struct shim_device *dev);
uint64_t shim_gem_memory_budget(void);

/*
 * The GTT view of tiled objects (i915/i915_gem_domain.c). All with the device lock held.
 * flush: before anything reads or writes the pages (pread, pwrite, CPU maps, exec,
 * a CPU domain, a tiling change), the view's writes go back to the pages.
 * invalidate: after the pages changed under the view. prepare: before the view is
 * used (GTT mmap, GTT domain); returns -ENOMEM if no view could be made.
 */
bool shim_gem_needs_view(const struct i915_gem_object *obj);
/* Bytes of the memory file the view takes: the linear bytes and their base (i915_gem_domain.c). */
uint64_t shim_gem_view_size(const struct i915_gem_object *obj);
void shim_gem_flush_view(struct shim_device *dev, struct i915_gem_object *obj);
void shim_gem_invalidate_view(struct shim_device *dev, struct i915_gem_object *obj);
int shim_gem_prepare_view(struct shim_device *dev, struct i915_gem_object *obj, bool write);

/* The i915 ioctls, one file per concern. */
int shim_i915_pread_ioctl(struct shim_call *call, void *data);
int shim_i915_pwrite_ioctl(struct shim_call *call, void *data);
int shim_i915_set_domain_ioctl(struct shim_call *call, void *data);
int shim_i915_sw_finish_ioctl(struct shim_call *call, void *data);
int shim_i915_madvise_ioctl(struct shim_call *call, void *data);
int shim_i915_busy_ioctl(struct shim_call *call, void *data);
int shim_i915_wait_ioctl(struct shim_call *call, void *data);
int shim_i915_set_caching_ioctl(struct shim_call *call, void *data);
int shim_i915_get_caching_ioctl(struct shim_call *call, void *data);
int shim_i915_set_tiling_ioctl(struct shim_call *call, void *data);
/* The bit-6 swizzling the platform applies to pages of that tiling, as the
 * CPU sees them (I915_BIT_6_SWIZZLE_*); the blitter undoes it. */
struct shim_device_model;
uint32_t shim_i915_swizzle_for(const struct shim_device_model *m, uint32_t tiling);
int shim_i915_get_tiling_ioctl(struct shim_call *call, void *data);
int shim_i915_userptr_ioctl(struct shim_call *call, void *data);
/* 0 if the kernel could pin [ptr, ptr+size) of the calling process as userptr pages (for the GPU
 * to write, with write), else -EFAULT. */
int shim_userptr_check(uint64_t ptr, uint64_t size, bool write);
int shim_i915_context_create_ioctl(struct shim_call *call, void *data);
int shim_i915_context_destroy_ioctl(struct shim_call *call, void *data);
int shim_i915_context_getparam_ioctl(struct shim_call *call, void *data);
int shim_i915_context_setparam_ioctl(struct shim_call *call, void *data);
int shim_i915_vm_create_ioctl(struct shim_call *call, void *data);
int shim_i915_vm_destroy_ioctl(struct shim_call *call, void *data);
int shim_i915_reset_stats_ioctl(struct shim_call *call, void *data);
int shim_i915_get_aperture_ioctl(struct shim_call *call, void *data);
int shim_i915_reg_read_ioctl(struct shim_call *call, void *data);
int shim_i915_throttle_ioctl(struct shim_call *call, void *data);

int shim_i915_execbuffer2_ioctl(struct shim_call *call, void *data);

/* i915/i915_query.c */
int shim_i915_query_ioctl(struct shim_call *call, void *data);

/* i915/i915_gem_create.c */
int shim_i915_gem_create_ioctl(struct shim_call *call, void *data);
int shim_i915_gem_create_ext_ioctl(struct shim_call *call, void *data);
int shim_i915_dumb_create_ioctl(struct shim_call *call, void *data);

#endif
