/* SPDX-License-Identifier: MIT */
/*
 * Fences in shared memory (drm/dma_fence.h). Signalling stores the error, then the
 * state, then owes futex waiters a wake if any said they wait, then runs the
 * fence's callbacks (composite parents, syncobj waiters, sync_file pokes)
 * under the device lock the signaller holds. The futex wakes themselves are
 * made when the signaller releases the lock (shim_fence_flush_wakes), so that
 * a woken waiter finds the lock free. A composite's parts hold it alive
 * through their PARENT callbacks until they signal.
 */
#include "base/raw_syscall.h"
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/journal.h"
#include "base/valgrind_hide.h"
#include "drm/dma_fence.h"
#include "drm/drm_device.h"

shim_off shim_fence_create(struct shim_device *dev, uint64_t context, uint64_t seqno)
{
	shim_assert_locked(dev);
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_fence));
	if (!off)
		return 0;
	struct shim_fence *f = shim_ptr(off);
	SHIM_SET(f->refcount, 1);
	SHIM_SET(f->context, context);
	SHIM_SET(f->seqno, seqno);
	return off;
}

void shim_fence_get(struct shim_device *dev, shim_off off)
{
	shim_assert_locked(dev);
	SHIM_INC(((struct shim_fence *)shim_ptr(off))->refcount);
}

static void free_callbacks(struct shim_device *dev, struct shim_fence *f)
{
	/* Only a fence that never signalled has any left (its process died). */
	for (shim_off cb = f->callbacks, next; cb; cb = next) {
		struct shim_fence_cb *c = shim_ptr(cb);
		next = c->next;
		if (c->kind == SHIM_FENCE_CB_PARENT)
			shim_fence_put(dev, c->target);
		shim_free(&dev->shared->arena, cb, sizeof(*c));
	}
	SHIM_SET(f->callbacks, 0);
}

void shim_fence_put(struct shim_device *dev, shim_off off)
{
	shim_assert_locked(dev);
	struct shim_fence *f = shim_ptr(off);
	if (!f || SHIM_DEC(f->refcount))
		return;
	free_callbacks(dev, f);
	if (f->parts) {
		shim_off *parts = shim_ptr(f->parts);
		for (uint32_t i = 0; i < f->nparts; i++)
			shim_fence_put(dev, parts[i]);
		shim_free(&dev->shared->arena, f->parts, f->nparts * sizeof(shim_off));
	}
	shim_free(&dev->shared->arena, off, sizeof(*f));
}

shim_off shim_fence_create_signalled(struct shim_device *dev, int error)
{
	shim_assert_locked(dev);
	shim_off off = shim_fence_create(dev, 0, 0);
	if (off)
		shim_fence_signal(shim_ptr(off), error);
	return off;
}

shim_off shim_fence_create_array(struct shim_device *dev, const shim_off *parts, uint32_t n,
				 bool keep_parts)
{
	shim_assert_locked(dev);
	shim_off off = shim_fence_create(dev, SHIM_INC(dev->shared->next_timeline), 1);
	if (!off)
		return 0;
	struct shim_fence *f = shim_ptr(off);
	if (keep_parts && n) {
		SHIM_SET(f->parts, shim_alloc(&dev->shared->arena, n * sizeof(shim_off)));
		if (!f->parts) {
			shim_fence_put(dev, off);
			return 0;
		}
		shim_off *kept = shim_ptr(f->parts);
		for (uint32_t i = 0; i < n; i++) {
			shim_fence_get(dev, parts[i]);
			SHIM_SET(kept[i], parts[i]);
		}
		SHIM_SET(f->nparts, n);
	}
	SHIM_SET(f->pending, 1);		/* held until every part is looked at */
	for (uint32_t i = 0; i < n; i++) {
		struct shim_fence *p = shim_ptr(parts[i]);
		if (shim_fence_is_signalled(p)) {
			if (p->error && !f->error)
				SHIM_SET(f->error, p->error);
			continue;
		}
		shim_fence_get(dev, off);	/* the callback's */
		if (!shim_fence_add_cb(dev, parts[i], SHIM_FENCE_CB_PARENT, off, 0)) {
			shim_fence_put(dev, off);
			shim_fence_put(dev, off);
			return 0;
		}
		SHIM_INC(f->pending);
	}
	if (SHIM_DEC(f->pending) == 0)
		shim_fence_signal(f, f->error);
	return off;
}

shim_off shim_fence_all_of(struct shim_device *dev, const shim_off *parts, uint32_t n)
{
	if (n != 1)
		return shim_fence_create_array(dev, parts, n, true);
	shim_fence_get(dev, parts[0]);
	return parts[0];
}

shim_off shim_fence_add_cb(struct shim_device *dev, shim_off fence, uint32_t kind, shim_off target,
			   uint32_t id)
{
	shim_assert_locked(dev);
	struct shim_fence *f = shim_ptr(fence);
	if (shim_fence_is_signalled(f))
		return 0;
	shim_off cb = shim_alloc(&dev->shared->arena, sizeof(struct shim_fence_cb));
	if (!cb)
		return 0;
	struct shim_fence_cb *c = shim_ptr(cb);
	SHIM_SET(c->kind, kind);
	SHIM_SET(c->id, id);
	SHIM_SET(c->target, target);
	SHIM_SET(c->next, f->callbacks);
	SHIM_SET(f->callbacks, cb);
	return cb;
}

void shim_fence_remove_cb(struct shim_device *dev, shim_off fence, shim_off cb)
{
	shim_assert_locked(dev);
	struct shim_fence *f = shim_ptr(fence);
	if (!f || !cb || shim_fence_is_signalled(f))
		return;		/* it ran, and is gone */
	for (shim_off *link = &f->callbacks; *link; link = &((struct shim_fence_cb *)shim_ptr(*link))->next)
		if (*link == cb) {
			SHIM_SET(*link, ((struct shim_fence_cb *)shim_ptr(cb))->next);
			shim_free(&dev->shared->arena, cb, sizeof(struct shim_fence_cb));
			return;
		}
}

void shim_fence_remove_wake(struct shim_device *dev, shim_off fence, shim_off waiter)
{
	shim_assert_locked(dev);
	struct shim_fence *f = shim_ptr(fence);
	for (shim_off *link = &f->callbacks; *link;) {
		struct shim_fence_cb *c = shim_ptr(*link);
		if (c->kind == SHIM_FENCE_CB_WAKE && c->target == waiter) {
			shim_off cb = *link;
			SHIM_SET(*link, c->next);
			shim_free(&dev->shared->arena, cb, sizeof(*c));
		} else {
			link = &c->next;
		}
	}
}

static void futex_wake_word(uint32_t *word)
{
	shim_valgrind_unhide(word, sizeof(*word));	/* futex() reads the word */
	shim_syscall(SYS_futex, word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
	shim_valgrind_rehide(word, sizeof(*word));
}

/*
 * Wakes owed by this thread until it releases the device lock. Every waiter
 * that a fence or a syncobj wakes takes the device lock as soon as it runs
 * (to drop its callbacks and references); woken while the signaller still
 * holds the lock (running the other callbacks, retiring the request), it
 * would only go back to sleep on the lock and need a second wake-up. The
 * word itself (state, seq) is written at once, so a waiter that has not gone
 * to sleep yet sees it; only the FUTEX_WAKE waits for shim_device_unlock().
 * The word may be freed by then (its waiter timed out, reallocated): the
 * wake is then a spurious one, which every futex sleeper here tolerates.
 */
#define DEFERRED_WAKES 32
static __thread uint32_t *deferred[DEFERRED_WAKES] __attribute__((tls_model("initial-exec")));
static __thread unsigned ndeferred __attribute__((tls_model("initial-exec")));

static void futex_wake_soon(uint32_t *word)
{
	struct shim_device *dev = shim_device_peek();
	if (!dev || !shim_device_locked(dev)) {
		futex_wake_word(word);
		return;
	}
	for (unsigned i = 0; i < ndeferred; i++)
		if (deferred[i] == word)
			return;
	if (ndeferred == DEFERRED_WAKES)
		futex_wake_word(word);	/* a rare crowd: no worse than before */
	else
		deferred[ndeferred++] = word;
}

void shim_fence_flush_wakes(void)
{
	while (ndeferred)
		futex_wake_word(deferred[--ndeferred]);
}

void shim_waiter_wake(struct shim_waiter *w)
{
	/* Lock-free: sleepers compare it without the lock; a bump is never undone (a
	 * rolled-back one is a spurious wake-up, which waiters tolerate). */
	shim_journal_lockfree(&w->seq, sizeof(w->seq));
	__atomic_add_fetch(&w->seq, 1, __ATOMIC_ACQ_REL);
	futex_wake_soon(&w->seq);
}

static shim_fence_cb_fn cb_kinds[SHIM_FENCE_CB_KINDS];

void shim_fence_cb_register(enum shim_fence_cb_kind kind, shim_fence_cb_fn fn)
{
	if (kind > SHIM_FENCE_CB_WAKE && kind < SHIM_FENCE_CB_KINDS)
		cb_kinds[kind] = fn;
}

static void run_callbacks(struct shim_fence *f)
{
	struct shim_device *dev = shim_device_peek();
	shim_off cb = 0;
	/* In the order they were added, as the kernel runs a fence's cb_list: a sync_file made
	 * before a merge that holds the same fence is readable before the merged one. */
	for (shim_off at = f->callbacks, next; at; at = next) {
		struct shim_fence_cb *c = shim_ptr(at);
		next = c->next;
		SHIM_SET(c->next, cb);
		cb = at;
	}
	SHIM_SET(f->callbacks, 0);
	while (cb && dev) {
		struct shim_fence_cb *c = shim_ptr(cb);
		shim_off next = c->next;
		if (c->kind == SHIM_FENCE_CB_PARENT) {
			struct shim_fence *p = shim_ptr(c->target);
			if (f->error && !p->error)
				SHIM_SET(p->error, f->error);
			if (SHIM_DEC(p->pending) == 0)
				shim_fence_signal(p, p->error);
			shim_fence_put(dev, c->target);
		} else if (c->kind == SHIM_FENCE_CB_WAKE) {
			shim_waiter_wake(shim_ptr(c->target));
		} else if (c->kind < SHIM_FENCE_CB_KINDS && cb_kinds[c->kind]) {
			cb_kinds[c->kind](dev, f, c);
		}
		shim_free(&dev->shared->arena, cb, sizeof(*c));
		cb = next;
	}
}

void shim_fence_mark_started(struct shim_fence *f)
{
	/* Lock-free: written with and without the device lock, never rolled back. */
	shim_journal_lockfree(&f->started, sizeof(f->started));
	__atomic_store_n(&f->started, 1, __ATOMIC_RELEASE);
	if (__atomic_load_n(&f->start_waiters, __ATOMIC_ACQUIRE))
		futex_wake_word(&f->started);
}

void shim_fence_wait_started(struct shim_fence *f)
{
	if (__atomic_load_n(&f->started, __ATOMIC_ACQUIRE))
		return;
	shim_journal_lockfree(&f->start_waiters, sizeof(f->start_waiters));
	__atomic_add_fetch(&f->start_waiters, 1, __ATOMIC_ACQ_REL);
	while (!__atomic_load_n(&f->started, __ATOMIC_ACQUIRE)) {
		shim_valgrind_unhide(&f->started, sizeof(f->started));
		shim_syscall(SYS_futex, &f->started, FUTEX_WAIT, 0, NULL, NULL, 0);
		shim_valgrind_rehide(&f->started, sizeof(f->started));
	}
	shim_journal_lockfree(&f->start_waiters, sizeof(f->start_waiters));
	__atomic_sub_fetch(&f->start_waiters, 1, __ATOMIC_ACQ_REL);
}

void shim_fence_signal(struct shim_fence *f, int error)
{
	if (shim_fence_is_signalled(f))
		return;
	SHIM_SET(f->error, error);
	SHIM_SET(f->signal_ns, shim_now_ns());
	shim_journal_note(&f->state, sizeof(f->state));
	/* Sequentially consistent, as the waiter's increment of waiters and load of
	 * state: one of the two sides must see the other's store. */
	__atomic_store_n(&f->state, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&f->waiters, __ATOMIC_SEQ_CST))
		futex_wake_soon(&f->state);
	shim_fence_mark_started(f);
	run_callbacks(f);
}

/*
 * Waiting briefly before sleeping saves the futex round trip for short requests
 * (with two CPUs and other load, a pausing waiter delayed its own wake-up by the
 * whole spin plus a sleep, ~60 us in sync_bench: hence the yield). True when
 * *word moved on from val within SHIM_FENCE_SPIN_NS (or before deadline_ns).
 */
static bool spin_while_equal(const uint32_t *word, uint32_t val, uint64_t deadline_ns)
{
	if (__atomic_load_n(word, __ATOMIC_ACQUIRE) != val)
		return true;
	uint64_t until = shim_now_ns() + SHIM_FENCE_SPIN_NS;
	if (until > deadline_ns)
		until = deadline_ns;
	while (shim_now_ns() < until) {
		sched_yield();
		if (__atomic_load_n(word, __ATOMIC_ACQUIRE) != val)
			return true;
	}
	return false;
}

bool shim_fences_spin_any(const shim_off *fences, unsigned n, uint64_t deadline_ns, const unsigned *stop)
{
	uint64_t until = shim_now_ns() + SHIM_FENCE_SPIN_NS;
	unsigned stop_at = *stop;
	if (until > deadline_ns)
		until = deadline_ns;
	for (;;) {
		for (unsigned i = 0; i < n; i++)
			if (__atomic_load_n(&((struct shim_fence *)shim_ptr(fences[i]))->state, __ATOMIC_ACQUIRE))
				return true;
		if (shim_now_ns() >= until || *(volatile const unsigned *)stop != stop_at)
			return false;
		sched_yield();
	}
}

bool shim_waiter_spin(struct shim_waiter *w, uint32_t seq, uint64_t deadline_ns)
{
	return spin_while_equal(&w->seq, seq, deadline_ns);
}

int shim_fence_wait(struct shim_fence *f, uint64_t deadline_ns, bool interruptible)
{
	if (spin_while_equal(&f->state, 0, deadline_ns))
		return 0;
	shim_journal_lockfree(&f->waiters, sizeof(f->waiters));	/* without the lock */
	__atomic_add_fetch(&f->waiters, 1, __ATOMIC_SEQ_CST);
	int ret = 0;
	while (!__atomic_load_n(&f->state, __ATOMIC_SEQ_CST)) {
		struct timespec ts;
		uint64_t left = SHIM_LOST_WAKE_NS;
		if (deadline_ns != UINT64_MAX) {
			uint64_t now = shim_now_ns();
			if (now >= deadline_ns) {
				ret = -ETIME;
				break;
			}
			if (deadline_ns - now < left)
				left = deadline_ns - now;
		}
		ts.tv_sec = (time_t)(left / 1000000000ull);
		ts.tv_nsec = (long)(left % 1000000000ull);
		shim_valgrind_unhide(&f->state, sizeof(f->state));
		long r = shim_syscall(SYS_futex, &f->state, FUTEX_WAIT, 0, &ts, NULL, 0);
		int err = errno;
		shim_valgrind_rehide(&f->state, sizeof(f->state));
		if (r < 0 && err == EINTR && interruptible) {
			ret = -EINTR;
			break;
		}
	}
	shim_journal_lockfree(&f->waiters, sizeof(f->waiters));
	__atomic_sub_fetch(&f->waiters, 1, __ATOMIC_ACQ_REL);
	return ret;
}
