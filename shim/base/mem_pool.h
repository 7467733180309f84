/* SPDX-License-Identifier: MIT */
/*
 * Where object pages live: one sparse file per device instance ("memory"),
 * carved into page ranges. Every process maps the parts it touches, so an
 * object's pages are the same memory in every process, zero-copy, and
 * creating an object costs no system call.
 *
 * Ranges are handed out from free lists of clean (zeroed) ranges or from the
 * untouched end of the file. A freed range is dirty until its pages are
 * punched out of the file (which frees the memory and makes it read as
 * zero); that is done in batches, so small frees cost nothing. All pool
 * functions run under the device lock; the mapping helpers do not need it.
 */
#ifndef SHIM_MEM_POOL_H
#define SHIM_MEM_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "base/shared_mem.h"

struct shim_instance_access;

#define SHIM_MEM_SMALL_PAGES 256	/* exact-size free lists up to 1 MiB */
#define SHIM_MEM_FILE_SIZE (1ull << 46)	/* 64 TiB, sparse */

struct shim_mem_pool {
	uint64_t top;			/* start of the untouched end */
	uint64_t limit;
	shim_off clean[SHIM_MEM_SMALL_PAGES + 1];
	shim_off clean_large;
	shim_off dirty;
	uint32_t dirty_count;
	uint32_t pad;
	uint64_t dirty_bytes;
	uint64_t bytes_in_use;
};
SHIM_SHARED_LAYOUT(struct shim_mem_pool, 2112);

/* A free range on one of the pool's lists (clean[], clean_large, dirty): an arena block. */
struct shim_mem_range {
	uint64_t off, size;
	shim_off next;
};
SHIM_SHARED_LAYOUT(struct shim_mem_range, 24);

/* This process's handle on the pool: the shared bookkeeping, the arena its
 * range records live in, and this process's descriptor of the file. */
struct shim_mem {
	struct shim_mem_pool *pool;
	struct shim_arena *arena;
	int fd;
};

/* Creates the memory file of a new instance, with the mode access gives it. */
int shim_mem_create_file(const char *path, const struct shim_instance_access *access);
/* Opens it in this process (called once per process). */
int shim_mem_open(struct shim_mem *m, const char *path);

/* A page-aligned range of size bytes; -ENOMEM when the file is full. */
int shim_mem_alloc(struct shim_mem *m, uint64_t size, uint64_t *off);
void shim_mem_free(struct shim_mem *m, uint64_t off, uint64_t size);
/*
 * The same, for a caller that writes every byte it will read before reading
 * it (a copy of a batch): a freed range of the same size is taken back as it
 * is, its pages still resident, instead of a punched one whose first write
 * faults in and zeroes a new page.
 */
int shim_mem_alloc_scratch(struct shim_mem *m, uint64_t size, uint64_t *off);
/* Returns a range whose pages were already punched out (and not counted in use). */
void shim_mem_free_clean(struct shim_mem *m, uint64_t off, uint64_t size);

/* Copies between the memory file and the caller's memory, checked (-EFAULT). */
int shim_mem_copy_from_user(struct shim_mem *m, uint64_t off, uint64_t uptr, uint64_t len);
int shim_mem_copy_to_user(struct shim_mem *m, uint64_t uptr, uint64_t off, uint64_t len);
/* A pointer to [off, off+len) in this process, or NULL if the range crosses a window. */
void *shim_mem_ptr(struct shim_mem *m, uint64_t off, uint64_t len);

/* A new mapping of [off, off+len) for the caller, as mmap(2) returns it. */
void *shim_mem_map(struct shim_mem *m, void *addr, uint64_t len, int prot, int flags, uint64_t off);

#endif
