/* SPDX-License-Identifier: MIT */
/*
 * The allocator and id allocator of the device-wide shared mapping.
 *
 * Blocks come in size classes (16-byte steps to 256, then powers of two); a freed block
 * goes on its class's free list (linked through its first 8 bytes) and is
 * handed out again before the bump pointer moves. The mapping is a sparse
 * file, so untouched space costs nothing. Everything here runs under the
 * device lock.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
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

/*
 * Size classes: every multiple of 16 bytes up to 256 (the records that exist by the
 * million, objects above all, waste at most 15 bytes each), then powers of two from
 * 512 (buffers that grow by doubling: idr slots, lists).
 */
#define EXACT_CLASSES 16

static unsigned size_class(size_t size)
{
	if (size <= 16 * EXACT_CLASSES)
		return size ? (unsigned)((size + 15) / 16 - 1) : 0;
	unsigned c = EXACT_CLASSES;
	uint64_t s = 512;
	while (s < size && c < SHIM_ARENA_CLASSES - 1) {
		s <<= 1;
		c++;
	}
	return c;
}

uint64_t shim_arena_class_size(unsigned c)
{
	return c < EXACT_CLASSES ? 16ull * (c + 1) : 512ull << (c - EXACT_CLASSES);
}

uint64_t shim_arena_block_size(size_t size)
{
	return shim_arena_class_size(size_class(size));
}

shim_off shim_alloc(struct shim_arena *a, size_t size)
{
	unsigned c = size_class(size);
	uint64_t bytes = shim_arena_class_size(c);
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
	SHIM_SUB(a->bytes_in_use, shim_arena_class_size(c));
}

/*
 * The idr's free-id index: a bitmap of used ids (id 0 and the bits past cap count as
 * used) with a summary level above it for every 64 words below, one bit per word that is
 * full, up to a single word. The lowest free id from min is then found in a walk up and
 * down the levels (at most six for 2^32 ids), whatever is in use: a table of a million
 * handles with a hole near the start costs the same as an empty one. It lives in its own
 * arena block, whose offset the idr keeps in slots[0] (id 0 is never handed out), so the
 * shared struct shim_idr keeps its size; cap/8 bytes and a little, about 1.6% of the slots.
 */
#define IDR_MAX_LEVELS 6

/* Words per level (n[0] = the ids' own) and where each starts in the block; the level count. */
static unsigned idr_levels(uint32_t cap, uint64_t n[IDR_MAX_LEVELS], uint64_t at[IDR_MAX_LEVELS])
{
	unsigned levels = 0;
	uint64_t bits = cap, pos = 0;
	do {
		n[levels] = (bits + 63) / 64;
		at[levels] = pos;
		pos += n[levels];
		bits = n[levels];
		levels++;
	} while (bits > 1);
	return levels;
}

uint64_t shim_idr_index_words(uint32_t cap)
{
	uint64_t n[IDR_MAX_LEVELS], at[IDR_MAX_LEVELS];
	unsigned l = idr_levels(cap, n, at);
	return at[l - 1] + n[l - 1];
}

static uint64_t *idr_index(const struct shim_idr *idr)
{
	return shim_ptr(((uint64_t *)shim_ptr(idr->slots))[0]);
}

/* Marks id used (or free) in the index, with the summaries above it. */
static void index_mark(const struct shim_idr *idr, uint32_t id, bool used)
{
	uint64_t n[IDR_MAX_LEVELS], at[IDR_MAX_LEVELS];
	unsigned levels = idr_levels(idr->cap, n, at);
	uint64_t *bm = idr_index(idr);
	uint64_t pos = id;
	for (unsigned l = 0; l < levels; l++) {
		uint64_t *w = &bm[at[l] + pos / 64], bit = 1ull << (pos % 64), was = *w;
		uint64_t now = used ? was | bit : was & ~bit;
		if (now != was)
			SHIM_SET(*w, now);
		/* The level above changes only when this word became full, or stopped being full. */
		if (used ? now != ~0ull : was != ~0ull)
			return;
		pos /= 64;
	}
}

/* The lowest free id >= min below cap, or 0 when there is none. */
static uint32_t index_find(const struct shim_idr *idr, uint32_t min)
{
	uint64_t n[IDR_MAX_LEVELS], at[IDR_MAX_LEVELS];
	unsigned levels = idr_levels(idr->cap, n, at), l = 0;
	const uint64_t *bm = idr_index(idr);
	uint64_t pos = min;
	for (;;) {	/* up: the first word at this level with a zero bit at or after pos */
		if (pos / 64 >= n[l])
			return 0;
		uint64_t w = bm[at[l] + pos / 64] | ((1ull << (pos % 64)) - 1);
		if (w != ~0ull) {
			pos = (pos & ~63ull) + (uint64_t)__builtin_ctzll(~w);
			break;
		}
		if (l + 1 == levels)
			return 0;
		pos = pos / 64 + 1;	/* the next word of this level, as the level above counts it */
		l++;
	}
	while (l-- > 0)		/* down: the first zero bit of the word the level above named */
		pos = pos * 64 + (uint64_t)__builtin_ctzll(~bm[at[l] + pos]);
	return pos < idr->cap ? (uint32_t)pos : 0;
}

/* Builds the index of slots[0, cap) into bm (fresh, zeroed, shim_idr_index_words(cap) words). */
static void index_build(uint64_t *bm, const uint64_t *slots, uint32_t cap)
{
	uint64_t n[IDR_MAX_LEVELS], at[IDR_MAX_LEVELS];
	unsigned levels = idr_levels(cap, n, at);
	for (uint64_t i = 0; i < n[0] * 64; i++)
		if (i == 0 || i >= cap || slots[i])
			bm[i / 64] |= 1ull << (i % 64);
	for (unsigned l = 1; l < levels; l++)
		for (uint64_t i = 0; i < n[l] * 64; i++)
			if (i >= n[l - 1] || bm[at[l - 1] + i] == ~0ull)
				bm[at[l] + i / 64] |= 1ull << (i % 64);
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
	uint64_t words = shim_idr_index_words(cap);
	shim_off index = shim_alloc(a, words * sizeof(uint64_t));
	if (!index) {
		shim_free(a, slots, (size_t)cap * sizeof(uint64_t));
		return -ENOMEM;
	}
	uint64_t *s = shim_ptr(slots);
	if (idr->slots) {
		memcpy(s, shim_ptr(idr->slots), (size_t)idr->cap * sizeof(uint64_t));
		shim_free(a, ((uint64_t *)shim_ptr(idr->slots))[0],
			  shim_idr_index_words(idr->cap) * sizeof(uint64_t));
		shim_free(a, idr->slots, (size_t)idr->cap * sizeof(uint64_t));
	}
	/* Both blocks are fresh (an undo frees them whole): written without notes. */
	s[0] = index;
	index_build(shim_ptr(index), s, cap);
	SHIM_SET(idr->slots, slots);
	SHIM_SET(idr->cap, cap);
	return 0;
}

int64_t shim_idr_alloc(struct shim_arena *a, struct shim_idr *idr, uint64_t value, uint32_t min)
{
	if (min == 0)
		min = 1;	/* id 0 is never handed out */
	uint32_t id = idr->cap ? index_find(idr, min) : 0;
	if (!id) {	/* every id from min below cap is in use */
		id = min > idr->cap ? min : idr->cap;
		if (id == UINT32_MAX)
			return -ENOSPC;
		int ret = idr_grow(a, idr, id);
		if (ret)
			return ret;
		id = index_find(idr, min);
	}
	uint64_t *slots = shim_ptr(idr->slots);
	SHIM_SET(slots[id], value);
	SHIM_INC(idr->count);
	index_mark(idr, id, true);
	if (id == (idr->hint ? idr->hint : 1)) {	/* the lowest free id moved up */
		uint32_t next = index_find(idr, id);
		SHIM_SET(idr->hint, next ? next : idr->cap);
	}
	return id;
}

uint64_t shim_idr_find(const struct shim_idr *idr, uint32_t id)
{
	if (id == 0 || id >= idr->cap)
		return 0;
	return ((uint64_t *)shim_ptr(idr->slots))[id];
}

void shim_idr_replace(struct shim_idr *idr, uint32_t id, uint64_t value)
{
	if (id && id < idr->cap)
		SHIM_SET(((uint64_t *)shim_ptr(idr->slots))[id], value);
}

uint64_t shim_idr_remove(struct shim_idr *idr, uint32_t id)
{
	if (id == 0 || id >= idr->cap)
		return 0;
	uint64_t *slots = shim_ptr(idr->slots);
	uint64_t old = slots[id];
	if (old) {
		SHIM_SET(slots[id], 0);
		SHIM_DEC(idr->count);
		index_mark(idr, id, false);
		if (id < idr->hint)
			SHIM_SET(idr->hint, id);
	}
	return old;
}

void shim_idr_destroy(struct shim_arena *a, struct shim_idr *idr)
{
	if (idr->slots) {
		shim_free(a, ((uint64_t *)shim_ptr(idr->slots))[0],
			  shim_idr_index_words(idr->cap) * sizeof(uint64_t));
		shim_free(a, idr->slots, (size_t)idr->cap * sizeof(uint64_t));
	}
	shim_journal_memset(idr, 0, sizeof(*idr));
}

uint32_t shim_idr_next(const struct shim_idr *idr, uint32_t from)
{
	const uint64_t *slots = shim_ptr(idr->slots);
	for (uint32_t id = from ? from : 1; id < idr->cap; id++)
		if (slots[id])
			return id;
	return 0;
}
