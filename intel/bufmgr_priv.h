/* SPDX-License-Identifier: MIT */
/*
 * Private to libdrm_intel: the buffer manager and buffer object structures
 * shared by the files in intel/, and the helpers they lend each other.
 * The system calls they all make (ioctl, GETPARAM, the clock) are in sys.h.
 *
 * Ownership:
 *  - struct _drm_intel_bufmgr is created by drm_intel_bufmgr_gem_init() and
 *    freed when its last reference goes (bufmgr.c). It owns the BO cache,
 *    the VMA LRU, the handle and name tables and the userptr probe object.
 *  - struct intel_bo embeds the public drm_intel_bo as its first member.
 *    It lives while its reference count is non-zero or while it sits in the
 *    cache; it is freed only by intel_bo_free(), with the bufmgr lock held.
 *  - mgr->lock protects: the cache lists, the VMA list and counters, the
 *    tables, map_count and the mmap pointers of every bo. Reference counts are
 *    atomic; the drop to zero happens under the lock, so a lookup in a table
 *    (also under the lock) never returns a dying bo.
 */
#ifndef INTEL_BUFMGR_PRIV_H
#define INTEL_BUFMGR_PRIV_H

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "intel_bufmgr.h"
#include "libdrm_macros.h"

/* ---- intrusive doubly-linked list ------------------------------------- */

struct intel_list {
	struct intel_list *prev, *next;
};

static inline void intel_list_init(struct intel_list *l)
{
	l->prev = l->next = l;
}

static inline bool intel_list_empty(const struct intel_list *l)
{
	return l->next == l;
}

static inline void intel_list_add_tail(struct intel_list *l, struct intel_list *item)
{
	item->prev = l->prev;
	item->next = l;
	l->prev->next = item;
	l->prev = item;
}

/* Unlinks item and leaves it self-linked, so removing it twice is harmless. */
static inline void intel_list_del(struct intel_list *item)
{
	item->prev->next = item->next;
	item->next->prev = item->prev;
	intel_list_init(item);
}

#define intel_container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

/* ---- buffer objects ---------------------------------------------------- */

struct intel_bo {
	drm_intel_bo base;		/* must stay first: users see &bo->base */
	int refcount;			/* atomic */
	const char *name;		/* caller's label, not copied */
	uint32_t global_name;		/* flink name, 0 if none */
	uint32_t tiling_mode;
	uint32_t swizzle_mode;
	unsigned long stride;
	bool reusable;			/* may go back into the cache */
	bool is_userptr;
	bool idle;			/* known idle: busy() answers without an ioctl */
	bool mapped_cpu_write;		/* unmap issues SW_FINISH */
	bool in_vma_lru;
	int map_count;			/* opens across the CPU, WC and GTT maps */
	void *mem_virtual;		/* CPU (GEM_MMAP) map, or NULL */
	void *wc_virtual;		/* write-combined map, or NULL */
	void *gtt_virtual;		/* GTT map of the device fd, or NULL */
	void *user_virtual;		/* userptr: the caller's memory */
	unsigned long aperture_size;	/* size + alignment it needs in the GTT */
	time_t free_time;		/* when it entered the cache */
	uint64_t free_ns;		/* the same, CLOCK_MONOTONIC ns */
	bool purgeable;			/* told MADV_DONTNEED while cached */
	struct intel_list bucket_link;	/* in its cache bucket */
	struct intel_list cache_link;	/* in mgr->cache_lru, oldest first */
	struct intel_list vma_link;	/* in mgr->vma_lru while closed with maps */
	struct intel_bo *handle_next;	/* chain in mgr->handles */
	struct intel_bo *name_next;	/* chain in mgr->names */

	/* relocations and execution (bo_reloc.c, exec.c) */
	struct drm_i915_gem_relocation_entry *relocs;	/* kernel entries */
	struct intel_reloc_target *reloc_targets;	/* parallel to relocs */
	int reloc_count, reloc_cap;
	struct intel_bo **softpin_targets;
	int softpin_count, softpin_cap;
	uint64_t kflags;		/* EXEC_OBJECT_* ORed into the exec object */
	bool used_as_reloc_target;
	bool has_error;			/* a relocation array could not grow */
	bool tree_visited;		/* check_aperture_space walk */
	long reloc_tree_extra;		/* reloc tree size = aperture_size + this */
	int reloc_tree_fences;
	int exec_index;			/* 1 + position on the validation list, 0 if not on it */
};

struct intel_reloc_target {
	struct intel_bo *bo;		/* holds a reference unless it is the relocating bo */
	bool fenced;			/* gen < 4: the target needs a fence register */
};

static inline struct intel_bo *to_intel_bo(drm_intel_bo *bo)
{
	return (struct intel_bo *)bo;
}

/* ---- the buffer manager ----------------------------------------------- */

#define INTEL_CACHE_BUCKETS 55

struct intel_bo_bucket {
	struct intel_list head;		/* oldest at the head */
	unsigned long size;
};

struct intel_bo_table {
	struct intel_bo **slots;
	unsigned nslots;		/* a power of two */
	unsigned count;
};

struct _drm_intel_bufmgr {
	int fd;
	int refcount;			/* under the global bufmgr-list lock */
	struct _drm_intel_bufmgr *next;	/* global list of bufmgrs */
	pthread_mutex_t lock;
	int debug;

	uint32_t devid;
	int gen;
	bool is_915;			/* 915G/E7221/915GM: Y tiles 512 bytes wide */
	bool no_exec;			/* INTEL_DEVID_OVERRIDE was used */
	uint64_t gtt_size;
	bool has_bsd, has_blt, has_vebox, has_llc, has_relaxed_fencing;
	bool has_exec_async, has_wait_timeout, has_softpin, has_full_48b;
	int available_fences;
	int max_relocs;
	bool fenced_relocs;

	/* BO cache (bo_cache.c) */
	bool bo_reuse;
	struct intel_bo_bucket buckets[INTEL_CACHE_BUCKETS];
	struct intel_list cache_lru;	/* every cached bo, oldest first */
	uint64_t cache_bytes;
	uint64_t cache_max_bytes;	/* UINT64_MAX = unbounded */
	uint64_t cache_hot_ns;		/* cached bos stay WILLNEED this long (0: libdrm's way) */
	uint64_t last_mark_ns;
	time_t last_clean;

	/* VMA cache (bo_map.c) */
	struct intel_list vma_lru;
	int vma_count;			/* mmaps held by closed bos */
	int vma_open;			/* bos with map_count > 0 */
	int vma_max;			/* -1 = unlimited */

	/* one drm_intel_bo per kernel object (bo_names.c) */
	struct intel_bo_table handles;
	struct intel_bo_table names;

	/* userptr support, probed on first use (bo_alloc.c) */
	int userptr_state;		/* 0 unknown, 1 supported, -1 not */
	uint32_t userptr_probe_handle;
	void *userptr_probe_page;
};

struct _drm_intel_context {
	uint32_t ctx_id;
	drm_intel_bufmgr *bufmgr;
};

#define INTEL_DBG(mgr, ...) do { \
	if ((mgr)->debug) fprintf(stderr, __VA_ARGS__); } while (0)

#define INTEL_ALIGN(v, a) (((v) + (a) - 1) & ~((__typeof__(v))(a) - 1))

/* ---- helpers (defined in the files named) ------------------------------ */

/* chipset.c: generation of a PCI id (0 = unknown), and the 915-class test. */
int intel_chipset_gen(uint32_t devid);
bool intel_chipset_is_915(uint32_t devid);

/* bo_alloc.c */
struct intel_bo *intel_bo_new(drm_intel_bufmgr *mgr, const char *name,
			      uint32_t handle, unsigned long size);
void intel_bo_free(struct intel_bo *bo);		/* lock held */
void intel_bo_gem_close(drm_intel_bufmgr *mgr, uint32_t handle);
void intel_bo_unreference_locked(struct intel_bo *bo, time_t now);	/* lock held */

/* bo_reloc.c: drop every relocation and softpin target, clear kflags (lock held). */
void bo_relocs_release(struct intel_bo *bo, time_t now);

/* exec.c: the one exec routine behind every entry point. cliprects/num_cliprects go to the
 * kernel as they are (with I915_EXEC_FENCE_ARRAY they are a fence array). -errno. */
int intel_exec(drm_intel_bo *b, drm_intel_context *ctx, int used, struct drm_clip_rect *cliprects,
	       int num_cliprects, int DR4, int in_fence, int *out_fence, unsigned int flags);

/* bo_cache.c (lock held for all) */
void bo_cache_init(drm_intel_bufmgr *mgr);
struct intel_bo_bucket *bo_cache_bucket_for_size(drm_intel_bufmgr *mgr, unsigned long size);
struct intel_bo *bo_cache_take(drm_intel_bufmgr *mgr, struct intel_bo_bucket *bucket,
			       bool for_render, uint32_t tiling, unsigned long stride);
bool bo_cache_put(drm_intel_bufmgr *mgr, struct intel_bo *bo, time_t now);
void bo_cache_clean(drm_intel_bufmgr *mgr, time_t now);
void bo_cache_free_all(drm_intel_bufmgr *mgr);
int bo_madvise_raw(drm_intel_bufmgr *mgr, uint32_t handle, int madv);

/* bo_map.c (lock held) */
void bo_vma_open(struct intel_bo *bo);
void bo_vma_close(struct intel_bo *bo);
void bo_vma_release(struct intel_bo *bo);	/* unmap everything, leave the LRU */
void bo_vma_purge(drm_intel_bufmgr *mgr);
void *bo_map_raw_locked(struct intel_bo *bo, int kind, int *err); /* 0 CPU, 1 WC, 2 GTT */
int bo_set_domain(struct intel_bo *bo, uint32_t read, uint32_t write);

/* bo_tiling.c */
int bo_tiling_apply(struct intel_bo *bo, uint32_t tiling, unsigned long stride);
int bo_tiling_query(struct intel_bo *bo);
void bo_tiling_update_aperture(struct intel_bo *bo);
unsigned long bo_tiling_surface(drm_intel_bufmgr *mgr, unsigned long x, unsigned long y,
				unsigned long cpp, uint32_t *tiling, unsigned long *pitch);

/* bo_names.c (lock held) */
void bo_table_init(struct intel_bo_table *t);
void bo_table_fini(struct intel_bo_table *t);
void bo_names_add_handle(drm_intel_bufmgr *mgr, struct intel_bo *bo);
void bo_names_add_name(drm_intel_bufmgr *mgr, struct intel_bo *bo);
struct intel_bo *bo_names_find_handle(drm_intel_bufmgr *mgr, uint32_t handle);
struct intel_bo *bo_names_find_name(drm_intel_bufmgr *mgr, uint32_t name);
void bo_names_remove(drm_intel_bufmgr *mgr, struct intel_bo *bo);

#endif
