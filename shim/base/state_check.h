/* SPDX-License-Identifier: MIT */
/*
 * The ground floor of the invariant checker (i915-shim --check): what a
 * check found, and the proofs about the structures base/ owns in a state
 * mapping: the arena (its header, its free lists, the blocks it handed out),
 * idrs, singly linked lists in the arena, and the memory pool's range lists.
 *
 * A check reads a mapping of the state file of its own and never uses
 * shim_ptr(): every offset it follows is checked against the mapping and the
 * arena first, so corrupt state is reported, not dereferenced. The layers
 * above walk their structures and tell it which arena blocks they reached
 * (shim_check_claim) and which ranges of the memory file live objects own
 * (shim_check_pool_range); shim_check_arena_prove and shim_check_pool_prove
 * then hold that against the allocators' own books.
 *
 * Violations are "hard" (the state is wrong whatever else is running) or
 * "soft": they would also follow from references the state cannot show
 * (process-local engine requests, an ioctl asleep in another process), so
 * the caller reports them only when the device is idle and looks again a
 * little later before believing them.
 *
 * Lifetime: a struct shim_state_check is one pass of one check, begun by
 * shim_check_begin and ended by shim_check_end, which frees what it gathered.
 * The caller holds the device lock throughout. Libc only.
 */
#ifndef SHIM_STATE_CHECK_H
#define SHIM_STATE_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/mem_pool.h"
#include "base/shared_mem.h"

struct shim_check_block {
	uint64_t off, size;		/* size: the block's whole size class */
	const char *what;		/* "object", "free block", ... */
};

struct shim_check_range {
	uint64_t off, size;
	uint64_t at;			/* where its owner records it */
	const char *what;
	bool in_use;			/* counted in the pool's bytes_in_use */
	bool is_free;			/* on one of the pool's free lists */
};

struct shim_state_check {
	const char *base;		/* the state mapping */
	uint64_t size;			/* its length */
	const struct shim_arena *arena;	/* inside it */
	uint64_t lo, hi;		/* where arena blocks can be: [start, top), clipped to the mapping */
	FILE *out;			/* one line per violation */
	uint64_t violations, soft;	/* reported; soft ones among them */
	bool oom;			/* the checker itself ran out of memory: no verdict */

	struct shim_check_block *blocks;
	size_t nblocks, blocks_cap;
	struct shim_check_range *ranges;
	size_t nranges, ranges_cap;

	/* What the proofs found, for the summary. */
	uint64_t arena_live, arena_free, arena_unreached;
	uint64_t arena_pool;		/* of arena_live: the pool's range records (they vary with its lists) */
	uint64_t pool_in_use, pool_free, pool_top;
};

/*
 * Begins a pass over the mapping [base, base + size) whose arena header is at
 * arena_at; blocks may not start below min_start (the structures before the
 * arena). Checks the arena header. out receives the violations.
 */
void shim_check_begin(struct shim_state_check *s, const void *base, uint64_t size, uint64_t arena_at,
		      uint64_t min_start, FILE *out);
void shim_check_end(struct shim_state_check *s);

/* Reports one violation: "i915-shim: check: <what> at <at>: <detail>". */
void shim_check_report(struct shim_state_check *s, bool soft, const char *what, uint64_t at,
		       const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void shim_check_vreport(struct shim_state_check *s, bool soft, const char *what, uint64_t at,
			const char *fmt, va_list ap);

/* [off, off + len) of the mapping, or NULL if it is not all inside it. */
const void *shim_check_map(const struct shim_state_check *s, uint64_t off, uint64_t len);
/* The offset of p, a pointer into the mapping. */
static inline uint64_t shim_check_off(const struct shim_state_check *s, const void *p)
{
	return (uint64_t)((const char *)p - s->base);
}

/*
 * The walk reached an arena block of size bytes at off (what it is), through
 * a reference kept at `at` by `holder`. The block must lie in the arena's
 * handed-out space, 16-byte aligned. Returns it, or NULL (reported).
 */
const void *shim_check_claim(struct shim_state_check *s, uint64_t off, uint64_t size, const char *what,
			     const char *holder, uint64_t at);

/*
 * A singly linked list of arena nodes of node_size bytes whose next link (an
 * offset, 0 at the end) is at byte next_at of each node, starting at head
 * (kept at `at`). Proves that it ends (Floyd's cycle finding, every link in
 * the arena), then calls visit for each node in order. The number of nodes,
 * or -1 when it does not end or leaves the arena (reported, nothing visited).
 */
typedef void (*shim_check_list_fn)(struct shim_state_check *s, void *arg, uint64_t node, const void *p);
int64_t shim_check_list(struct shim_state_check *s, uint64_t head, uint64_t node_size, uint64_t next_at,
			const char *what, uint64_t at, shim_check_list_fn visit, void *arg);

/*
 * An idr (at its place in the mapping): its slots block, count and hint.
 * Calls fn for every id in use with its value and where the slot is.
 */
typedef void (*shim_check_idr_fn)(struct shim_state_check *s, void *arg, uint32_t id, uint64_t value,
				  uint64_t slot_at);
void shim_check_idr(struct shim_state_check *s, const struct shim_idr *idr, const char *what,
		    shim_check_idr_fn fn, void *arg);
/* The value of id in idr, 0 if it has none (or the idr cannot be read). */
uint64_t shim_check_idr_find(const struct shim_state_check *s, const struct shim_idr *idr, uint32_t id);

/* The arena's free lists: each ends, each block in range; claimed as free. */
void shim_check_arena_lists(struct shim_state_check *s);
/*
 * After every walk: no two claimed blocks overlap, the arena's books balance
 * (top - start = bytes_in_use + free bytes), and the space handed out is
 * covered by claimed blocks. Unclaimed space is unreachable (orphans): a soft
 * violation when exact, only counted otherwise.
 */
void shim_check_arena_prove(struct shim_state_check *s, bool exact);

/* The pool's range lists (clean, large, dirty): they end, their nodes are claimed, their
 * ranges are recorded as free. */
void shim_check_pool_lists(struct shim_state_check *s, const struct shim_mem_pool *pool);
/* A range of the memory file a live object owns (in_use: counted in bytes_in_use). */
void shim_check_pool_range(struct shim_state_check *s, uint64_t off, uint64_t size, bool in_use,
			   const char *what, uint64_t at);
/* After every walk: no two ranges overlap, all lie below top, bytes_in_use is what live
 * ranges hold (exactly when exact, at least otherwise). */
void shim_check_pool_prove(struct shim_state_check *s, const struct shim_mem_pool *pool, bool exact);

#endif
