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
#include <string.h>

#include "base/shared_mem.h"

char *shim_shm_base;

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
		a->free_head[c] = *(uint64_t *)shim_ptr(off);
	} else {
		if (a->top + bytes > a->limit)
			return 0;
		off = a->top;
		a->top += bytes;
	}
	memset(shim_ptr(off), 0, bytes);
	a->bytes_in_use += bytes;
	return off;
}

void shim_free(struct shim_arena *a, shim_off off, size_t size)
{
	unsigned c = size_class(size);
	if (!off)
		return;
	*(uint64_t *)shim_ptr(off) = a->free_head[c];
	a->free_head[c] = off;
	a->bytes_in_use -= 16ull << c;
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
	idr->slots = slots;
	idr->cap = cap;
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
	slots[id] = value;
	idr->count++;
	if (hint >= min)	/* every id in [hint, id) was found in use */
		idr->hint = id + 1;
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
		((uint64_t *)shim_ptr(idr->slots))[id] = value;
}

uint64_t shim_idr_remove(struct shim_idr *idr, uint32_t id)
{
	if (id >= idr->cap)
		return 0;
	uint64_t *slots = shim_ptr(idr->slots);
	uint64_t old = slots[id];
	if (old) {
		slots[id] = 0;
		idr->count--;
		if (id < idr->hint)
			idr->hint = id;
	}
	return old;
}

void shim_idr_destroy(struct shim_arena *a, struct shim_idr *idr)
{
	if (idr->slots)
		shim_free(a, idr->slots, (size_t)idr->cap * sizeof(uint64_t));
	memset(idr, 0, sizeof(*idr));
}

uint32_t shim_idr_next(const struct shim_idr *idr, uint32_t from)
{
	const uint64_t *slots = shim_ptr(idr->slots);
	for (uint32_t id = from; id < idr->cap; id++)
		if (slots[id])
			return id;
	return 0;
}
