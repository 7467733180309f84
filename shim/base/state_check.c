/* SPDX-License-Identifier: MIT */
/*
 * The checker's proofs about the arena, idrs, lists and the memory pool
 * (base/state_check.h). Everything read is checked against the mapping
 * before it is read; nothing here writes to the state. Owns only the
 * pass's claim and range arrays (freed by shim_check_end). Libc only.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/state_check.h"

#define PAGE 4096ull
/* At most this many lines for one kind of finding that may repeat (gaps, overlaps). */
#define REPORT_LIMIT 32

void shim_check_vreport(struct shim_state_check *s, bool soft, const char *what, uint64_t at,
			const char *fmt, va_list ap)
{
	s->violations++;
	if (soft)
		s->soft++;
	if (!s->out)
		return;
	fprintf(s->out, "i915-shim: check: %s at 0x%llx: ", what, (unsigned long long)at);
	vfprintf(s->out, fmt, ap);
	fputc('\n', s->out);
}

void shim_check_report(struct shim_state_check *s, bool soft, const char *what, uint64_t at,
		       const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	shim_check_vreport(s, soft, what, at, fmt, ap);
	va_end(ap);
}

const void *shim_check_map(const struct shim_state_check *s, uint64_t off, uint64_t len)
{
	if (off > s->size || len > s->size - off)
		return NULL;
	return s->base + off;
}

static uint64_t read_u64(const struct shim_state_check *s, uint64_t off)
{
	uint64_t v;
	memcpy(&v, s->base + off, sizeof(v));
	return v;
}

void shim_check_begin(struct shim_state_check *s, const void *base, uint64_t size, uint64_t arena_at,
		      uint64_t min_start, FILE *out)
{
	memset(s, 0, sizeof(*s));
	s->base = base;
	s->size = size;
	s->out = out;
	s->arena = shim_check_map(s, arena_at, sizeof(*s->arena));
	const struct shim_arena *a = s->arena;
	uint64_t at = arena_at;
	if (!a) {
		shim_check_report(s, false, "arena", at, "its header is outside the mapping (%llu bytes)",
				  (unsigned long long)size);
		return;
	}
	if (a->start % 16 || a->start < min_start)
		shim_check_report(s, false, "arena", at, "start 0x%llx is not a 16-byte aligned offset "
				  "past the shared structures (0x%llx)", (unsigned long long)a->start,
				  (unsigned long long)min_start);
	if (a->top < a->start || a->top > a->limit)
		shim_check_report(s, false, "arena", at, "top 0x%llx is outside [start 0x%llx, limit 0x%llx]",
				  (unsigned long long)a->top, (unsigned long long)a->start,
				  (unsigned long long)a->limit);
	if (a->limit > size)
		shim_check_report(s, false, "arena", at, "limit 0x%llx is past the end of the state (0x%llx)",
				  (unsigned long long)a->limit, (unsigned long long)size);
	if (a->top >= a->start && a->bytes_in_use > a->top - a->start)
		shim_check_report(s, false, "arena", at, "bytes_in_use %llu is more than was ever handed out "
				  "(%llu)", (unsigned long long)a->bytes_in_use,
				  (unsigned long long)(a->top - a->start));
	/* Where blocks can be, however wrong the header is: never outside the mapping. */
	s->lo = (a->start > min_start ? a->start : min_start + 15) & ~15ull;
	s->hi = a->top < a->limit ? a->top : a->limit;
	if (s->hi > size)
		s->hi = size;
	if (s->hi < s->lo)
		s->hi = s->lo;
}

void shim_check_end(struct shim_state_check *s)
{
	free(s->blocks);
	free(s->ranges);
	s->blocks = NULL;
	s->ranges = NULL;
	s->nblocks = s->nranges = 0;
}

/* Is [off, off + len) inside the space the arena has handed out? */
static bool in_arena(const struct shim_state_check *s, uint64_t off, uint64_t len)
{
	return off % 16 == 0 && off >= s->lo && off <= s->hi && len <= s->hi - off;
}

const void *shim_check_claim(struct shim_state_check *s, uint64_t off, uint64_t size, const char *what,
			     const char *holder, uint64_t at)
{
	uint64_t bytes = shim_arena_block_size(size);
	if (bytes < size) {
		shim_check_report(s, false, holder, at, "a %s of %llu bytes is more than the arena hands out", what,
				  (unsigned long long)size);
		return NULL;
	}
	if (off % 16) {
		shim_check_report(s, false, holder, at, "%s offset 0x%llx is not 16-byte aligned", what,
				  (unsigned long long)off);
		return NULL;
	}
	if (!in_arena(s, off, bytes)) {
		shim_check_report(s, false, holder, at, "%s block [0x%llx, +%llu) is outside the arena's "
				  "handed-out space [0x%llx, 0x%llx)", what, (unsigned long long)off,
				  (unsigned long long)bytes, (unsigned long long)s->lo,
				  (unsigned long long)s->hi);
		return NULL;
	}
	if (s->nblocks == s->blocks_cap) {
		size_t cap = s->blocks_cap ? s->blocks_cap * 2 : 1024;
		struct shim_check_block *b = realloc(s->blocks, cap * sizeof(*b));
		if (!b) {
			s->oom = true;
			return NULL;
		}
		s->blocks = b;
		s->blocks_cap = cap;
	}
	s->blocks[s->nblocks++] = (struct shim_check_block){ .off = off, .size = bytes, .what = what };
	return s->base + off;
}

int64_t shim_check_list(struct shim_state_check *s, uint64_t head, uint64_t node_size, uint64_t next_at,
			const char *what, uint64_t at, shim_check_list_fn visit, void *arg)
{
	uint64_t need = next_at + sizeof(uint64_t) > node_size ? next_at + sizeof(uint64_t) : node_size;
	/* Floyd: the hare takes two links for the tortoise's one; they meet only on a cycle.
	 * The step bound is there in case a bug in this loop lets a cycle through. */
	uint64_t slow = head, fast = head, bound = (s->hi - s->lo) / 16 + 2;
	for (uint64_t steps = 0; fast; steps++) {
		for (int k = 0; k < 2 && fast; k++) {
			if (!in_arena(s, fast, need)) {
				shim_check_report(s, false, what, at, "a link to 0x%llx leaves the arena "
						  "[0x%llx, 0x%llx)", (unsigned long long)fast,
						  (unsigned long long)s->lo, (unsigned long long)s->hi);
				return -1;
			}
			fast = read_u64(s, fast + next_at);
		}
		slow = read_u64(s, slow + next_at);
		if ((fast && fast == slow) || steps > bound) {
			shim_check_report(s, false, what, at, "the list does not end: it cycles through 0x%llx",
					  (unsigned long long)slow);
			return -1;
		}
	}
	int64_t n = 0;
	for (uint64_t node = head; node; node = read_u64(s, node + next_at), n++)
		if (visit)
			visit(s, arg, node, s->base + node);
	return n;
}

uint64_t shim_check_idr_find(const struct shim_state_check *s, const struct shim_idr *idr, uint32_t id)
{
	if (id == 0 || id >= idr->cap || !in_arena(s, idr->slots, (uint64_t)idr->cap * 8))
		return 0;
	return read_u64(s, idr->slots + (uint64_t)id * 8);
}

void shim_check_idr(struct shim_state_check *s, const struct shim_idr *idr, const char *what,
		    shim_check_idr_fn fn, void *arg)
{
	uint64_t at = shim_check_off(s, idr);
	if (!idr->cap || !idr->slots) {
		if (idr->cap || idr->slots || idr->count || idr->hint)
			shim_check_report(s, false, what, at, "an empty idr with cap %u, slots 0x%llx, count %u, "
					  "hint %u", idr->cap, (unsigned long long)idr->slots, idr->count, idr->hint);
		return;
	}
	if (idr->cap < 16 || (idr->cap & (idr->cap - 1))) {
		shim_check_report(s, false, what, at, "cap %u is not a power of two from 16", idr->cap);
		return;
	}
	const uint64_t *slots = shim_check_claim(s, idr->slots, (uint64_t)idr->cap * 8, "idr slots", what, at);
	if (!slots)
		return;
	if (idr->hint > idr->cap)
		shim_check_report(s, false, what, at, "hint %u is past cap %u", idr->hint, idr->cap);
	/* slots[0] is the free-id index's block (base/shared_mem.c): its first level has a bit
	 * per id, set for id 0, every id in use and the bits past cap. */
	uint64_t index_off;
	memcpy(&index_off, &slots[0], sizeof(index_off));
	uint64_t words = shim_idr_index_words(idr->cap);
	const uint64_t *index = shim_check_claim(s, index_off, words * 8, "idr index", what, at);
	uint32_t count = 0, first_free = 0, mismatch = 0;
	for (uint32_t id = 1; id < idr->cap; id++) {
		uint64_t v, w = 0;
		memcpy(&v, &slots[id], sizeof(v));
		if (index)
			memcpy(&w, &index[id / 64], sizeof(w));
		if (index && !((w >> (id % 64)) & 1) != !v && !mismatch++)
			shim_check_report(s, false, what, at, "the free-id index has id %u %s, but its slot is "
					  "%s", id, v ? "free" : "in use", v ? "in use" : "free");
		if (!v) {
			if (!first_free)
				first_free = id;
			continue;
		}
		count++;
	}
	if (count != idr->count)
		shim_check_report(s, false, what, at, "count %u, but %u ids are in use", idr->count, count);
	if (first_free && first_free < idr->hint)
		shim_check_report(s, false, what, at, "hint %u says no id below it is free, but %u is",
				  idr->hint, first_free);
	if (!fn)
		return;
	for (uint32_t id = 1; id < idr->cap; id++) {
		uint64_t v;
		memcpy(&v, &slots[id], sizeof(v));
		if (v)
			fn(s, arg, id, v, idr->slots + (uint64_t)id * 8);
	}
}

/* --- the arena's proof ------------------------------------------------------------ */

struct free_list {
	uint64_t bytes;
};

static void visit_free(struct shim_state_check *s, void *arg, uint64_t node, const void *p)
{
	struct free_list *fl = arg;
	if (shim_check_claim(s, node, fl->bytes, "free block", "arena free list", node))
		s->arena_free += fl->bytes;
}

void shim_check_arena_lists(struct shim_state_check *s)
{
	if (!s->arena)
		return;
	for (unsigned c = 0; c < SHIM_ARENA_CLASSES; c++) {
		struct free_list fl = { .bytes = shim_arena_class_size(c) };
		char what[48];
		snprintf(what, sizeof(what), "arena free list %u (%llu bytes)", c, (unsigned long long)fl.bytes);
		shim_check_list(s, s->arena->free_head[c], fl.bytes, 0, what,
				shim_check_off(s, &s->arena->free_head[c]), visit_free, &fl);
	}
}

static int cmp_block(const void *a, const void *b)
{
	const struct shim_check_block *x = a, *y = b;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->size < y->size ? -1 : x->size > y->size;
}

void shim_check_arena_prove(struct shim_state_check *s, bool exact)
{
	const struct shim_arena *a = s->arena;
	if (!a || s->oom)
		return;
	qsort(s->blocks, s->nblocks, sizeof(*s->blocks), cmp_block);
	uint64_t cursor = s->lo, live = 0, unreached = 0;
	unsigned overlaps = 0, gaps = 0;
	const struct shim_check_block *last = NULL;	/* the block that reaches furthest so far */
	for (size_t i = 0; i < s->nblocks; i++) {
		const struct shim_check_block *b = &s->blocks[i];
		if (strcmp(b->what, "free block"))
			live += b->size;
		if (last && b->off < last->off + last->size) {
			if (++overlaps <= REPORT_LIMIT)
				shim_check_report(s, false, b->what, b->off, "its block [0x%llx, +%llu) %s %s "
						  "block [0x%llx, +%llu)", (unsigned long long)b->off,
						  (unsigned long long)b->size,
						  b->off == last->off ? "is also reached as a" : "overlaps a",
						  last->what, (unsigned long long)last->off,
						  (unsigned long long)last->size);
		} else if (b->off > cursor) {
			unreached += b->off - cursor;
			if (exact && ++gaps <= REPORT_LIMIT)
				shim_check_report(s, true, "unreachable block", cursor, "%llu bytes in use that "
						  "nothing in the state refers to", (unsigned long long)(b->off - cursor));
		}
		if (!last || b->off + b->size > last->off + last->size)
			last = b;
		if (b->off + b->size > cursor)
			cursor = b->off + b->size;
	}
	if (cursor < s->hi) {
		unreached += s->hi - cursor;
		if (exact && ++gaps <= REPORT_LIMIT)
			shim_check_report(s, true, "unreachable block", cursor, "%llu bytes in use that nothing "
					  "in the state refers to", (unsigned long long)(s->hi - cursor));
	}
	if (overlaps > REPORT_LIMIT)
		shim_check_report(s, false, "arena", shim_check_off(s, a), "%u more overlapping blocks",
				  overlaps - REPORT_LIMIT);
	if (exact && gaps > REPORT_LIMIT)
		shim_check_report(s, true, "arena", shim_check_off(s, a), "%u more unreachable blocks",
				  gaps - REPORT_LIMIT);
	s->arena_live = live;
	s->arena_unreached = unreached;
	uint64_t at = shim_check_off(s, a);
	if (a->top >= a->start && a->top - a->start != a->bytes_in_use + s->arena_free)
		shim_check_report(s, false, "arena", at, "%llu bytes handed out, but bytes_in_use %llu and "
				  "%llu bytes on the free lists make %llu",
				  (unsigned long long)(a->top - a->start), (unsigned long long)a->bytes_in_use,
				  (unsigned long long)s->arena_free,
				  (unsigned long long)(a->bytes_in_use + s->arena_free));
	if (live > a->bytes_in_use)
		shim_check_report(s, false, "arena", at, "%llu bytes of blocks are reachable, more than "
				  "bytes_in_use %llu", (unsigned long long)live,
				  (unsigned long long)a->bytes_in_use);
}

/* --- the memory pool ------------------------------------------------------------- */

static void add_range(struct shim_state_check *s, uint64_t off, uint64_t size, bool in_use, bool is_free,
		      const char *what, uint64_t at)
{
	if (off % PAGE || !size || size % PAGE || off + size < off) {
		shim_check_report(s, false, what, at, "memory range [0x%llx, +%llu) is not whole pages",
				  (unsigned long long)off, (unsigned long long)size);
		return;
	}
	if (s->nranges == s->ranges_cap) {
		size_t cap = s->ranges_cap ? s->ranges_cap * 2 : 1024;
		struct shim_check_range *r = realloc(s->ranges, cap * sizeof(*r));
		if (!r) {
			s->oom = true;
			return;
		}
		s->ranges = r;
		s->ranges_cap = cap;
	}
	s->ranges[s->nranges++] = (struct shim_check_range){ .off = off, .size = size, .at = at,
							      .what = what, .in_use = in_use, .is_free = is_free };
}

void shim_check_pool_range(struct shim_state_check *s, uint64_t off, uint64_t size, bool in_use,
			   const char *what, uint64_t at)
{
	add_range(s, off, size, in_use, false, what, at);
}

struct pool_list {
	const char *what;
	uint64_t pages;		/* the size every range must have, 0: any */
	bool large;		/* the large list: more than SHIM_MEM_SMALL_PAGES pages */
	uint64_t bytes;
	uint32_t count;
};

static void visit_range(struct shim_state_check *s, void *arg, uint64_t node, const void *p)
{
	struct pool_list *l = arg;
	const struct shim_mem_range *r = shim_check_claim(s, node, sizeof(*r), "pool range record", l->what, node);
	if (!r)
		return;
	l->count++;
	l->bytes += r->size;
	s->arena_pool += shim_arena_block_size(sizeof(*r));
	if ((l->pages && r->size != l->pages * PAGE) || (l->large && r->size <= SHIM_MEM_SMALL_PAGES * PAGE))
		shim_check_report(s, false, l->what, node, "a range of %llu bytes is on the wrong list",
				  (unsigned long long)r->size);
	add_range(s, r->off, r->size, false, true, l->what, node);
}

void shim_check_pool_lists(struct shim_state_check *s, const struct shim_mem_pool *pool)
{
	struct pool_list l;
	for (unsigned k = 0; k <= SHIM_MEM_SMALL_PAGES; k++) {
		l = (struct pool_list){ .what = "pool clean list", .pages = k };
		if (k == 0 && pool->clean[0]) {
			shim_check_report(s, false, l.what, shim_check_off(s, &pool->clean[0]),
					  "the list of empty ranges is not empty");
			continue;
		}
		shim_check_list(s, pool->clean[k], sizeof(struct shim_mem_range),
				offsetof(struct shim_mem_range, next), l.what,
				shim_check_off(s, &pool->clean[k]), visit_range, &l);
	}
	l = (struct pool_list){ .what = "pool large clean list", .large = true };
	shim_check_list(s, pool->clean_large, sizeof(struct shim_mem_range), offsetof(struct shim_mem_range, next),
			l.what, shim_check_off(s, &pool->clean_large), visit_range, &l);
	l = (struct pool_list){ .what = "pool dirty list" };
	uint64_t at = shim_check_off(s, &pool->dirty);
	if (shim_check_list(s, pool->dirty, sizeof(struct shim_mem_range), offsetof(struct shim_mem_range, next),
			    l.what, at, visit_range, &l) >= 0 &&
	    (l.count != pool->dirty_count || l.bytes != pool->dirty_bytes))
		shim_check_report(s, false, l.what, at, "%u ranges of %llu bytes, but dirty_count %u and "
				  "dirty_bytes %llu", l.count, (unsigned long long)l.bytes, pool->dirty_count,
				  (unsigned long long)pool->dirty_bytes);
}

static int cmp_range(const void *a, const void *b)
{
	const struct shim_check_range *x = a, *y = b;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->size < y->size ? -1 : x->size > y->size;
}

void shim_check_pool_prove(struct shim_state_check *s, const struct shim_mem_pool *pool, bool exact)
{
	uint64_t at = shim_check_off(s, pool);
	if (s->oom)
		return;
	if (pool->limit && pool->top > pool->limit)
		shim_check_report(s, false, "memory pool", at, "top 0x%llx is past its limit 0x%llx",
				  (unsigned long long)pool->top, (unsigned long long)pool->limit);
	qsort(s->ranges, s->nranges, sizeof(*s->ranges), cmp_range);
	uint64_t live = 0, free_bytes = 0, end = 0;
	const struct shim_check_range *last = NULL;
	unsigned overlaps = 0;
	for (size_t i = 0; i < s->nranges; i++) {
		const struct shim_check_range *r = &s->ranges[i];
		if (r->in_use)
			live += r->size;
		else if (r->is_free)
			free_bytes += r->size;
		if (r->off + r->size > pool->top)
			shim_check_report(s, false, r->what, r->at, "memory range [0x%llx, +%llu) is past the "
					  "pool's top 0x%llx", (unsigned long long)r->off,
					  (unsigned long long)r->size, (unsigned long long)pool->top);
		if (last && r->off < end && ++overlaps <= REPORT_LIMIT)
			shim_check_report(s, false, r->what, r->at, "memory range [0x%llx, +%llu) overlaps "
					  "[0x%llx, +%llu) of %s at 0x%llx", (unsigned long long)r->off,
					  (unsigned long long)r->size, (unsigned long long)last->off,
					  (unsigned long long)last->size, last->what, (unsigned long long)last->at);
		if (r->off + r->size > end) {
			end = r->off + r->size;
			last = r;
		}
	}
	if (overlaps > REPORT_LIMIT)
		shim_check_report(s, false, "memory pool", at, "%u more overlapping ranges",
				  overlaps - REPORT_LIMIT);
	s->pool_in_use = pool->bytes_in_use;
	s->pool_free = free_bytes;
	s->pool_top = pool->top;
	if (live > pool->bytes_in_use)
		shim_check_report(s, false, "memory pool", at, "live objects hold %llu bytes, more than "
				  "bytes_in_use %llu", (unsigned long long)live,
				  (unsigned long long)pool->bytes_in_use);
	else if (exact && live < pool->bytes_in_use)
		shim_check_report(s, true, "memory pool", at, "bytes_in_use %llu, but live objects hold "
				  "%llu bytes", (unsigned long long)pool->bytes_in_use, (unsigned long long)live);
}
