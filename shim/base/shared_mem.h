/* SPDX-License-Identifier: MIT */
/*
 * Memory shared by every process that uses one emulated device.
 *
 * The device-wide state file is mapped MAP_SHARED at a different address in
 * each process, so objects inside it refer to each other by offset
 * (shim_off), never by pointer; shim_ptr() turns an offset into a pointer in
 * this process. Offset 0 means "none".
 *
 * shim_alloc()/shim_free() carve zeroed blocks out of the mapping; callers
 * hold the device lock. A block handed out is backed by the file (reserved
 * when the arena grew into it), so stores into it cannot fault. A block lives until it is freed explicitly: there is
 * no reference counting at this level.
 *
 * struct shim_idr is the kernel's idr: small integer ids mapped to values,
 * allocated lowest-free-first from a minimum (GEM handles, flink names,
 * magics and context ids all follow that rule). A value of 0 is "free".
 * Every operation but shim_idr_next is O(1) amortised in the number of ids
 * in use: slots[] is indexed by id, and a bitmap index of the used ids
 * (base/shared_mem.c; its block's offset is kept in slots[0]) finds the
 * lowest free one.
 */
#ifndef SHIM_SHARED_MEM_H
#define SHIM_SHARED_MEM_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t shim_off;

#define SHIM_ARENA_CLASSES 48

/*
 * Structures in the shared mapping are an ABI between processes (and between
 * builds of the shim that open the same instance): each one's size is pinned
 * where it is defined, and a change to any of them must bump
 * SHIM_LAYOUT_VERSION (drm/drm_device.h) together with the number. LP64 sizes.
 */
#if __SIZEOF_POINTER__ == 8
#define SHIM_SHARED_LAYOUT(type, bytes) \
	_Static_assert(sizeof(type) == (bytes), #type " is shared memory: bump SHIM_LAYOUT_VERSION with its size")
#else
#define SHIM_SHARED_LAYOUT(type, bytes) _Static_assert(1, #type)
#endif

struct shim_arena {
	uint64_t start;		/* first offset handed out */
	uint64_t top;		/* bump pointer */
	uint64_t limit;		/* size of the mapping */
	uint64_t free_head[SHIM_ARENA_CLASSES];
	uint64_t bytes_in_use;
};
SHIM_SHARED_LAYOUT(struct shim_arena, 416);

extern char *shim_shm_base;

static inline void *shim_ptr(shim_off off)
{
	return off ? shim_shm_base + off : NULL;
}

static inline shim_off shim_off_of(const void *p)
{
	return p ? (shim_off)((const char *)p - shim_shm_base) : 0;
}

void shim_arena_init(struct shim_arena *a, uint64_t start, uint64_t limit);
/*
 * The file behind the mapping, in this process. The arena then reserves its
 * file space (fallocate) a chunk at a time as the bump pointer enters it, so
 * that a full tmpfs makes shim_alloc return 0 instead of a later store into
 * the block raising SIGBUS; the instance reserves everything below the first
 * chunk boundary after start when it is made (SHIM_ARENA_RESERVE_CHUNK).
 */
#define SHIM_ARENA_RESERVE_CHUNK (1ull << 20)
void shim_arena_set_backing(int fd);
/* A zeroed block of at least size bytes, 16-byte aligned; 0 when full. */
shim_off shim_alloc(struct shim_arena *a, size_t size);
void shim_free(struct shim_arena *a, shim_off off, size_t size);
/* The bytes a block of size bytes really takes (its size class): what shim_alloc hands out. */
uint64_t shim_arena_block_size(size_t size);
/* The block size of class c (free_head[c]). */
uint64_t shim_arena_class_size(unsigned c);

struct shim_idr {
	uint32_t cap;		/* entries in slots[] */
	uint32_t hint;		/* no free id below this */
	uint32_t count;		/* ids in use */
	uint32_t pad;
	shim_off slots;		/* uint64_t[cap], index = id */
};
SHIM_SHARED_LAYOUT(struct shim_idr, 24);

/* Allocates the lowest free id >= min (min >= 1); -ENOMEM or -ENOSPC. */
int64_t shim_idr_alloc(struct shim_arena *a, struct shim_idr *idr, uint64_t value, uint32_t min);
uint64_t shim_idr_find(const struct shim_idr *idr, uint32_t id);
/* Replace the value of an allocated id (value must be non-zero). */
void shim_idr_replace(struct shim_idr *idr, uint32_t id, uint64_t value);
/* Returns the old value (0 if the id was free). */
uint64_t shim_idr_remove(struct shim_idr *idr, uint32_t id);
void shim_idr_destroy(struct shim_arena *a, struct shim_idr *idr);
/* Words (uint64_t) of the free-id index block of an idr of cap slots: for the state checker. */
uint64_t shim_idr_index_words(uint32_t cap);
/* Next allocated id >= from, or 0 when none: for (id = next(1); id; id = next(id + 1)). */
uint32_t shim_idr_next(const struct shim_idr *idr, uint32_t from);

#endif
