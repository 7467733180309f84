/* SPDX-License-Identifier: MIT */
/*
 * The undo journal of the shared state: what makes a locked section atomic
 * when its process dies in the middle of it.
 *
 * Every store into the state mapping made under the instance lock is
 * preceded by a note of the bytes it overwrites (shim_journal_note, or the
 * SHIM_SET family below, which note and store in one step). Notes go to the
 * journal area of the state file, after the state, and the count of notes is
 * published after each one is written, so at any instant the journal holds
 * the old contents of everything the section has changed. Unlocking commits:
 * the count drops to zero before the mutex is released. A process that dies
 * holding the lock (SIGKILL at any instruction, exit() while another of its
 * threads is inside a section) leaves its notes behind; the next locker gets
 * EOWNERDEAD from the robust mutex and restores them newest first, which
 * puts the state back exactly as it was when the dead section began. A
 * locker that dies while rolling back leaves the same notes to the next one
 * (restoring is idempotent).
 *
 * Only the lock holder notes: a note from a thread that does not hold the
 * lock, or about memory outside the state mapping, is ignored, so lock-free
 * fields (futex words written atomically by waiters) are never rolled back
 * over a concurrent update. Notes are byte-exact (up to 8 bytes each), so a
 * lock-free field that shares a word with a journaled one is not touched.
 *
 * A long section (releasing a file with a million handles) may commit at a
 * point where the state is consistent and carry on holding the lock
 * (shim_journal_checkpoint), so the journal never has to hold it all.
 *
 * I915_SHIM_JOURNAL_VERIFY=1 proves the discipline: each section snapshots
 * the used state when it locks and, when it unlocks, compares; a byte that
 * changed without a note (and is not in a block allocated by the section,
 * or a field registered as lock-free) is reported with its offset and the
 * process aborts. The test suite runs a workload that way.
 *
 * Libc only. Lifetime: the journal lives in the state file, as long as the
 * instance; this process attaches to it once, when the instance is opened.
 */
#ifndef SHIM_JOURNAL_H
#define SHIM_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/shared_mem.h"

/* In the instance header: the journal's bookkeeping (the notes follow the state). */
struct shim_journal {
	uint64_t count;		/* notes of the section in progress; 0 when committed */
	uint64_t cap;		/* notes the area can hold */
	uint64_t recoveries;	/* sections of dead holders rolled back */
	uint64_t restored;	/* notes restored by those rollbacks */
	uint64_t torn;		/* sections that outgrew the journal (could not be rolled back) */
	uint32_t overflowed;	/* the section in progress outgrew it */
	uint32_t backed_chunks;	/* SHIM_JOURNAL_RESERVE_CHUNKs of the area with file space reserved */
};
SHIM_SHARED_LAYOUT(struct shim_journal, 48);

/* One note: where (offset << 4 | length 1..8) and the bytes that were there. */
struct shim_journal_note {
	uint64_t where;
	uint64_t old;
};
SHIM_SHARED_LAYOUT(struct shim_journal_note, 16);

/* The journal area is backed (fallocate) a chunk at a time as notes reach it, so a full
 * tmpfs makes a section too big to undo, never a SIGBUS; the first chunk is backed when the
 * instance is made. */
#define SHIM_JOURNAL_RESERVE_CHUNK (1 << 20)

/* Bytes of the journal area for cap notes (plus the verifier's lock-free registry). */
size_t shim_journal_area_size(uint64_t cap);

/*
 * This process's view: the journal j of the state mapped at base (len bytes
 * of state, the journal area right after), fd the state file (-1: do not back
 * the area). Called once, when the instance is opened.
 */
void shim_journal_attach(struct shim_journal *j, char *base, size_t len, int fd);
/* For a process that maps a state only to look at it (the checker): is a journal attached,
 * and forgetting it again. */
bool shim_journal_attached(void);
void shim_journal_detach(void);
/* The arena whose used part the verifier compares (the state's owner knows where it is). */
void shim_journal_set_arena(const struct shim_arena *arena);
/* A new instance: the empty journal for cap notes. */
void shim_journal_init(struct shim_journal *j, uint64_t cap);

/* The lock was just taken (dead_holder: from a thread that died holding it). */
void shim_journal_begin(bool dead_holder);
/* The lock is about to be released: the section's changes are final. */
void shim_journal_commit(void);
/* Commit now and carry on holding the lock: the state is consistent here. */
void shim_journal_checkpoint(void);

/* Does this thread hold the lock (is a section open)? */
bool shim_journal_in_section(void);

/* Notes the current contents of [p, p+len) before the caller changes them. */
void shim_journal_note(const void *p, size_t len);

/* The allocator: off was freed in this section; off (bytes long) is being handed out again,
 * about to be overwritten (noted whole if this section freed it: it was live when it began). */
void shim_journal_freed(shim_off off);
void shim_journal_reused(shim_off off, size_t bytes);
/* For the verifier: [off, off+bytes) was just allocated by this section (its old contents are garbage). */
void shim_journal_fresh(shim_off off, size_t bytes);
/* For the verifier: [p, p+len) is written without the lock (a futex word, a waiter count). */
void shim_journal_lockfree(const void *p, size_t len);

/* Note-then-store helpers: each notes the lvalue, changes it, and yields its new value. */
#define SHIM_NOTE(p) shim_journal_note((p), sizeof(*(p)))
#define SHIM_SET(lv, v) ({ __typeof__(lv) *p_ = &(lv); __typeof__(lv) v_ = (v); \
	shim_journal_note(p_, sizeof(*p_)); *p_ = v_; })
#define SHIM_ADD(lv, d) ({ __typeof__(lv) *p_ = &(lv); shim_journal_note(p_, sizeof(*p_)); *p_ += (d); })
#define SHIM_SUB(lv, d) ({ __typeof__(lv) *p_ = &(lv); shim_journal_note(p_, sizeof(*p_)); *p_ -= (d); })
#define SHIM_OR(lv, m) ({ __typeof__(lv) *p_ = &(lv); shim_journal_note(p_, sizeof(*p_)); *p_ |= (m); })
#define SHIM_ANDN(lv, m) ({ __typeof__(lv) *p_ = &(lv); shim_journal_note(p_, sizeof(*p_)); *p_ &= ~(m); })
#define SHIM_INC(lv) SHIM_ADD(lv, 1)
#define SHIM_DEC(lv) SHIM_SUB(lv, 1)
/* memset/memcpy into shared memory, noted. */
void *shim_journal_memset(void *p, int c, size_t len);
void *shim_journal_memcpy(void *dst, const void *src, size_t len);

#endif
