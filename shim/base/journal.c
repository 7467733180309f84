/* SPDX-License-Identifier: MIT */
/*
 * The undo journal of the shared state (base/journal.h has the model).
 *
 * The journal area follows the state in the state file: a page for the
 * verifier's registry of lock-free fields, then the notes. Sections are
 * serialised by the instance lock, so this process's bookkeeping of the open
 * section (the verifier's snapshot, the blocks it allocated) needs no lock of
 * its own: only the thread holding the instance lock touches it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/journal.h"

#define REGISTRY_BYTES (256 << 10)	/* 32768 lock-free fields, for the verifier */
#define REGISTRY_SLOTS (REGISTRY_BYTES / sizeof(uint64_t))

static struct shim_journal *journal;
static char *state_base;
static size_t state_len;		/* bytes of state before the journal area */
static size_t header_len;		/* bytes at the start the verifier leaves alone (the lock) */
static const struct shim_arena *state_arena;
static uint64_t *registry;		/* lock-free fields, offset << 4 | length */
static struct shim_journal_note *notes;
static int state_fd = -1;

/* Notes below this index are known to have file space (backed()); this process's cache. */
static uint64_t backed_below;

static __thread bool in_section __attribute__((tls_model("initial-exec")));

/*
 * The blocks the open section freed. A block freed and allocated again in one
 * section held live data when the section began: its whole contents must be
 * noted before they are reused, or undoing the free would bring back a block
 * holding the new owner's bytes. An open-addressing set whose entries carry the
 * section's number, so starting a section empties it without touching it.
 */
struct freed_entry {
	uint64_t off;
	uint64_t section;
};
static struct freed_entry *freed;
static size_t freed_cap, freed_count;
static uint64_t section_no = 1;
static uint64_t freed_lost;		/* the section whose set could not grow: note every reuse */

/* The verifier (I915_SHIM_JOURNAL_VERIFY=1). */
static bool verify;
static char *snapshot;
static size_t snapshot_len, snapshot_cap;
static struct { shim_off off; size_t bytes; } *fresh;
static size_t nfresh, fresh_cap;

size_t shim_journal_area_size(uint64_t cap)
{
	return REGISTRY_BYTES + (size_t)cap * sizeof(struct shim_journal_note);
}

void shim_journal_init(struct shim_journal *j, uint64_t cap)
{
	memset(j, 0, sizeof(*j));
	j->cap = cap;
}

bool shim_journal_attached(void)
{
	return journal != NULL;
}

void shim_journal_detach(void)
{
	backed_below = 0;
	journal = NULL;
	state_base = NULL;
	state_arena = NULL;
	state_fd = -1;
}

void shim_journal_set_arena(const struct shim_arena *arena)
{
	state_arena = arena;
}

void shim_journal_attach(struct shim_journal *j, char *base, size_t len, int fd)
{
	backed_below = 0;
	state_fd = fd;
	journal = j;
	state_base = base;
	state_len = len;
	header_len = (size_t)((char *)(j + 1) - base);
	registry = (uint64_t *)(base + len);
	notes = (struct shim_journal_note *)(base + len + REGISTRY_BYTES);
	const char *v = getenv("I915_SHIM_JOURNAL_VERIFY");
	verify = v && *v && *v != '0';
}

bool shim_journal_in_section(void)
{
	return in_section;
}

/* Puts back what a dead holder's section changed, newest note first. */
static void roll_back(void)
{
	uint64_t n = journal->count;
	if (n > journal->cap)
		n = journal->cap;
	for (uint64_t i = n; i-- > 0;) {
		uint64_t off = notes[i].where >> 4;
		size_t len = notes[i].where & 15;
		if (len && len <= 8 && off >= header_len && off + len <= state_len)
			memcpy(state_base + off, &notes[i].old, len);
	}
	if (journal->overflowed)
		journal->torn++;	/* what outgrew the journal stays as the dead holder left it */
	journal->restored += n;
	journal->recoveries++;
	journal->overflowed = 0;
	__atomic_store_n(&journal->count, 0, __ATOMIC_RELEASE);
}

static void take_snapshot(void)
{
	size_t len = state_arena ? (size_t)state_arena->top : 0;
	if (len > state_len)
		len = state_len;
	if (len > snapshot_cap) {
		char *p = realloc(snapshot, len);
		if (!p) {
			snapshot_len = 0;
			return;
		}
		snapshot = p;
		snapshot_cap = len;
	}
	memcpy(snapshot, state_base, len);
	snapshot_len = len;
	nfresh = 0;
}

static void new_section(void)
{
	section_no++;
	freed_count = 0;
}

static size_t freed_slot(uint64_t off)
{
	size_t mask = freed_cap - 1, i = (size_t)((off >> 4) * 0x9e3779b97f4a7c15ull) & mask;
	while (freed[i].section == section_no && freed[i].off != off)
		i = (i + 1) & mask;
	return i;
}

void shim_journal_freed(shim_off off)
{
	if (!in_section || !journal)
		return;
	if ((freed_count + 1) * 2 > freed_cap) {
		size_t cap = freed_cap ? freed_cap * 2 : 256;
		struct freed_entry *old = freed, *n = calloc(cap, sizeof(*n));
		if (!n) {
			freed_lost = section_no;	/* every reuse is noted whole instead */
			return;
		}
		size_t old_cap = freed_cap;
		freed = n;
		freed_cap = cap;
		for (size_t i = 0; i < old_cap; i++)
			if (old[i].section == section_no)
				freed[freed_slot(old[i].off)] = old[i];
		free(old);
	}
	size_t i = freed_slot(off);
	if (freed[i].section != section_no) {
		freed[i] = (struct freed_entry){ .off = off, .section = section_no };
		freed_count++;
	}
}

void shim_journal_reused(shim_off off, size_t bytes)
{
	if (!in_section || !journal)
		return;
	if (freed_lost == section_no || (freed_count && freed[freed_slot(off)].section == section_no))
		shim_journal_note(shim_shm_base + off, bytes);
}

void shim_journal_begin(bool dead_holder)
{
	in_section = true;
	new_section();
	if (!journal)
		return;
	if (dead_holder || journal->count)
		roll_back();
	if (verify)
		take_snapshot();
}

static bool covered(uint64_t off)
{
	for (size_t i = 0; i < nfresh; i++)
		if (off >= fresh[i].off && off < fresh[i].off + fresh[i].bytes)
			return true;
	for (uint64_t i = 0; i < journal->count && i < journal->cap; i++) {
		uint64_t o = notes[i].where >> 4;
		if (off >= o && off < o + (notes[i].where & 15))
			return true;
	}
	for (size_t i = 0; i < REGISTRY_SLOTS; i++) {
		uint64_t r = __atomic_load_n(&registry[i], __ATOMIC_ACQUIRE);
		if (r && off >= (r >> 4) && off < (r >> 4) + (r & 15))
			return true;
	}
	return false;
}

/* Every byte the section changed must be noted, fresh, or lock-free. */
static void check_section(void)
{
	unsigned bad = 0;
	for (size_t off = header_len; off < snapshot_len; off += 64) {
		size_t n = snapshot_len - off < 64 ? snapshot_len - off : 64;
		if (!memcmp(snapshot + off, state_base + off, n))
			continue;
		for (size_t i = off; i < off + n; i++)
			if (snapshot[i] != state_base[i] && !covered(i) && bad++ < 16)
				fprintf(stderr, "i915-shim: journal: byte %#zx changed without a note (%02x -> %02x)\n",
					i, (unsigned char)snapshot[i], (unsigned char)state_base[i]);
	}
	if (bad) {
		fprintf(stderr, "i915-shim: journal: %u bytes changed without a note\n", bad);
		abort();
	}
}

static void commit(void)
{
	if (verify && snapshot_len)
		check_section();
	journal->overflowed = 0;
	__atomic_store_n(&journal->count, 0, __ATOMIC_RELEASE);
}

void shim_journal_commit(void)
{
	if (journal && in_section)
		commit();
	in_section = false;
	new_section();
}

void shim_journal_checkpoint(void)
{
	if (!journal || !in_section)
		return;
	commit();
	new_section();
	if (verify)
		take_snapshot();
}

/* Has note i file space behind it? Reserves the next chunk when it first gets there. */
static bool backed(uint64_t i)
{
	uint64_t end = REGISTRY_BYTES + (i + 1) * sizeof(struct shim_journal_note);
	uint64_t chunk = SHIM_JOURNAL_RESERVE_CHUNK;
	if (end <= (uint64_t)journal->backed_chunks * chunk || (!journal->backed_chunks && end <= chunk))
		return true;
	if (state_fd < 0)
		return true;
	uint64_t have = journal->backed_chunks ? journal->backed_chunks : 1;
	if (fallocate(state_fd, 0, (off_t)(state_len + have * chunk), (off_t)chunk) < 0 &&
	    errno != EOPNOTSUPP && errno != ENOSYS)
		return false;
	journal->backed_chunks = (uint32_t)(have + 1);
	return true;
}

static void overflow(void)
{
	static int said;
	if (!journal->overflowed && !said++)
		fprintf(stderr, "i915-shim: journal: a section outgrew %llu notes; it cannot be rolled back\n",
			(unsigned long long)journal->cap);
	journal->overflowed = 1;
}


static void note_slow(uint64_t off, size_t len)
{
	while (len) {
		size_t n = len > 8 ? 8 : len;
		uint64_t i = journal->count;
		if (i >= backed_below) {
			if (i >= journal->cap || !backed(i)) {
				overflow();
				return;
			}
			uint64_t chunks = journal->backed_chunks ? journal->backed_chunks : 1;
			uint64_t limit = (chunks * SHIM_JOURNAL_RESERVE_CHUNK - REGISTRY_BYTES) /
					 sizeof(struct shim_journal_note);
			backed_below = limit < journal->cap ? limit : journal->cap;
		}
		notes[i].where = off << 4 | n;
		notes[i].old = 0;
		memcpy(&notes[i].old, state_base + off, n);
		__atomic_store_n(&journal->count, i + 1, __ATOMIC_RELEASE);
		off += n;
		len -= n;
	}
}

void shim_journal_note(const void *p, size_t len)
{
	if (!in_section || !journal)
		return;
	uint64_t off = (uint64_t)((const char *)p - state_base);
	if ((uintptr_t)p < (uintptr_t)state_base || off >= state_len)
		return;		/* this process's own memory */
	uint64_t i = journal->count;
	if (len == 8 && i < backed_below && !(off & 7)) {
		/* The common case: one aligned word. */
		notes[i].where = off << 4 | 8;
		notes[i].old = *(const uint64_t *)(state_base + off);
		__atomic_store_n(&journal->count, i + 1, __ATOMIC_RELEASE);
	} else if (len == 4 && i < backed_below && !(off & 3)) {
		notes[i].where = off << 4 | 4;
		notes[i].old = *(const uint32_t *)(state_base + off);
		__atomic_store_n(&journal->count, i + 1, __ATOMIC_RELEASE);
	} else {
		note_slow(off, len);
	}
	/* The caller's store must not be moved above the note by the compiler. */
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

void *shim_journal_memset(void *p, int c, size_t len)
{
	shim_journal_note(p, len);
	return memset(p, c, len);
}

void *shim_journal_memcpy(void *dst, const void *src, size_t len)
{
	shim_journal_note(dst, len);
	return memcpy(dst, src, len);
}

void shim_journal_fresh(shim_off off, size_t bytes)
{
	if (!verify || !in_section)
		return;
	if (nfresh == fresh_cap) {
		size_t cap = fresh_cap ? fresh_cap * 2 : 64;
		void *p = realloc(fresh, cap * sizeof(*fresh));
		if (!p)
			return;
		fresh = p;
		fresh_cap = cap;
	}
	fresh[nfresh].off = off;
	fresh[nfresh].bytes = bytes;
	nfresh++;
}

void shim_journal_lockfree(const void *p, size_t len)
{
	if (!verify || !journal || len == 0 || len > 8)
		return;
	uint64_t off = (uint64_t)((const char *)p - state_base);
	if (off >= state_len)
		return;
	uint64_t want = off << 4 | len;
	for (size_t k = 0; k < REGISTRY_SLOTS; k++) {
		uint64_t *slot = &registry[(off / 4 + k) % REGISTRY_SLOTS];
		uint64_t cur = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
		if (cur == want)
			return;
		if (!cur && __atomic_compare_exchange_n(slot, &cur, want, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			return;
		if (cur == want)
			return;
	}
}
