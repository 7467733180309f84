/* SPDX-License-Identifier: MIT */
/*
 * The allocator and id allocator of the device-wide shared mapping.
 *
 * Blocks come in power-of-two size classes from 16 bytes up; a freed block
 * goes on its class's free list (linked through its first 8 bytes) and is
 * handed out again before the bump pointer moves. The mapping is a sparse
 * file, so untouched space costs nothing. Everything here runs under the
 * device lock.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include "base/journal.h"
#include "base/shared_mem.h"

char *shim_shm_base;
static int backing_fd = -1;

void shim_arena_set_backing(int fd)
{
	backing_fd = fd;
}

/* Makes sure the file has the space the bump pointer is about to move into. */
static int reserve(uint64_t top, uint64_t bytes)
{
	const uint64_t chunk = SHIM_ARENA_RESERVE_CHUNK;
	uint64_t have = (top + chunk - 1) & ~(chunk - 1);
	uint64_t need = (top + bytes + chunk - 1) & ~(chunk - 1);
	if (need <= have || backing_fd < 0)
		return 0;
	if (fallocate(backing_fd, 0, (off_t)have, (off_t)(need - have)) == 0)
		return 0;
	return errno == EOPNOTSUPP || errno == ENOSYS ? 0 : -ENOMEM;	/* no way to tell: go on as before */
}

void shim_arena_init(struct shim_arena *a, uint64_t start, uint64_t limit)
{
	memset(a, 0, sizeof(*a));
	a->start = (start + 15) & ~15ull;
	a->top = a->start;
	a->limit = limit;
}

static unsigned size_class(size_t size)
{
	unsigned c = 0;
	size_t s = 16;
	while (s < size && c < SHIM_ARENA_CLASSES - 1) {
		s <<= 1;
		c++;
	}
	return c;
}

uint64_t shim_arena_block_size(size_t size)
{
	return 16ull << size_class(size);
}

shim_off shim_alloc(struct shim_arena *a, size_t size)
{
	unsigned c = size_class(size);
	uint64_t bytes = 16ull << c;
	shim_off off;

	if (bytes < size)
		return 0;
	if (a->free_head[c]) {
		off = a->free_head[c];
		uint64_t *link = shim_ptr(off);
		SHIM_SET(a->free_head[c], *link);
		/* A rolled-back allocation puts the block back as it was: its link, and all of it
		 * if this section freed it (then it was live when the section began). */
		shim_journal_reused(off, bytes);
		SHIM_NOTE(link);
	} else {
		if (a->top + bytes > a->limit || reserve(a->top, bytes))
			return 0;
		off = a->top;
		SHIM_ADD(a->top, bytes);
	}
	memset(shim_ptr(off), 0, bytes);
	shim_journal_fresh(off, bytes);
	SHIM_ADD(a->bytes_in_use, bytes);
	return off;
}

void shim_free(struct shim_arena *a, shim_off off, size_t size)
{
	unsigned c = size_class(size);
	if (!off)
		return;
	shim_journal_freed(off);
	SHIM_SET(*(uint64_t *)shim_ptr(off), a->free_head[c]);
	SHIM_SET(a->free_head[c], off);
	SHIM_SUB(a->bytes_in_use, 16ull << c);
}

static int idr_grow(struct shim_arena *a, struct shim_idr *idr, uint32_t need)
{
	uint32_t cap = idr->cap ? idr->cap : 16;
	while (cap <= need) {
		if (cap >= (1u << 31))
			return -ENOSPC;
		cap *= 2;
	}
	shim_off slots = shim_alloc(a, (size_t)cap * sizeof(uint64_t));
	if (!slots)
		return -ENOMEM;
	if (idr->slots) {
		memcpy(shim_ptr(slots), shim_ptr(idr->slots), (size_t)idr->cap * sizeof(uint64_t));
		shim_free(a, idr->slots, (size_t)idr->cap * sizeof(uint64_t));
	}
	SHIM_SET(idr->slots, slots);
	SHIM_SET(idr->cap, cap);
	return 0;
}

int64_t shim_idr_alloc(struct shim_arena *a, struct shim_idr *idr, uint64_t value, uint32_t min)
{
	/* Id 0 is never handed out, so "no free id below 1" always holds. */
	uint32_t hint = idr->hint ? idr->hint : 1;
	uint32_t id = hint > min ? hint : min;
	uint64_t *slots = shim_ptr(idr->slots);

	for (; id < idr->cap; id++)
		if (!slots[id])
			break;
	if (id >= idr->cap) {
		if (id == UINT32_MAX)
			return -ENOSPC;
		int ret = idr_grow(a, idr, id);
		if (ret)
			return ret;
		slots = shim_ptr(idr->slots);
	}
	SHIM_SET(slots[id], value);
	SHIM_INC(idr->count);
	if (hint >= min)	/* every id in [hint, id) was found in use */
		SHIM_SET(idr->hint, id + 1);
	return id;
}

uint64_t shim_idr_find(const struct shim_idr *idr, uint32_t id)
{
	if (id >= idr->cap)
		return 0;
	return ((uint64_t *)shim_ptr(idr->slots))[id];
}

void shim_idr_replace(struct shim_idr *idr, uint32_t id, uint64_t value)
{
	if (id < idr->cap)
		SHIM_SET(((uint64_t *)shim_ptr(idr->slots))[id], value);
}

uint64_t shim_idr_remove(struct shim_idr *idr, uint32_t id)
{
	if (id >= idr->cap)
		return 0;
	uint64_t *slots = shim_ptr(idr->slots);
	uint64_t old = slots[id];
	if (old) {
		SHIM_SET(slots[id], 0);
		SHIM_DEC(idr->count);
		if (id < idr->hint)
			SHIM_SET(idr->hint, id);
	}
	return old;
}

void shim_idr_destroy(struct shim_arena *a, struct shim_idr *idr)
{
	if (idr->slots)
		shim_free(a, idr->slots, (size_t)idr->cap * sizeof(uint64_t));
	shim_journal_memset(idr, 0, sizeof(*idr));
}

uint32_t shim_idr_next(const struct shim_idr *idr, uint32_t from)
{
	const uint64_t *slots = shim_ptr(idr->slots);
	for (uint32_t id = from; id < idr->cap; id++)
		if (slots[id])
			return id;
	return 0;
}
