/* SPDX-License-Identifier: MIT */
/*
 * Fences: the emulated kernel's dma_fence, in the device's shared state.
 *
 * A fence is created pending and signalled exactly once, with an error
 * (0 or -errno, e.g. -EIO for a request reset by a hang). Any process can
 * wait on it: the state word is a futex in the shared mapping, so waiters
 * sleep in the kernel and the signaller wakes them, whichever processes
 * they are in, as it releases the device lock. References are counted under the device lock; a fence is
 * freed when the last reference goes.
 */
#ifndef SHIM_FENCE_H
#define SHIM_FENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/instance.h"
#include "base/shared_mem.h"

struct shim_device;

struct shim_fence {
	uint32_t refcount;
	uint32_t state;		/* futex word: 0 pending, 1 signalled */
	int32_t error;
	uint32_t waiters;	/* futex waiters present: the signaller must wake */
	uint64_t signal_ns;	/* CLOCK_MONOTONIC when signalled */
	uint64_t context, seqno;	/* the timeline it belongs to */
	shim_off callbacks;	/* struct shim_fence_cb list, run (and freed) when it signals */
	shim_off parts;		/* composite with kept parts: shim_off[nparts], each a reference */
	uint32_t nparts;
	uint32_t pending;	/* composite: parts not yet signalled */
	uint32_t started;	/* futex word: its request began executing (FENCE_SUBMIT) */
	uint32_t start_waiters;
};
SHIM_SHARED_LAYOUT(struct shim_fence, 72);

/*
 * Callbacks (the kernel's dma_fence_cb), in the shared state, run by whoever
 * signals the fence, under the device lock:
 *   PARENT  a composite (dma_fence_array) of which this fence is a part: one
 *           part fewer pending; the callback holds a reference to the parent;
 *   WAKE    bump and futex-wake a struct shim_waiter (a sleeping syncobj wait);
 *   POKE    make sync_file <id> readable (drm/sync_file.c).
 * A callback is freed when it runs; shim_fence_remove_cb() takes one back
 * from a fence that has not signalled yet.
 */
enum shim_fence_cb_kind {
	SHIM_FENCE_CB_PARENT = 1,
	SHIM_FENCE_CB_WAKE,
	SHIM_FENCE_CB_POKE,
	SHIM_FENCE_CB_KINDS
};
struct shim_fence_cb {
	shim_off next;
	uint32_t kind, id;
	shim_off target;
};
SHIM_SHARED_LAYOUT(struct shim_fence_cb, 24);

/*
 * Callbacks live in shared memory and may run in any process that signals
 * the fence, so they are stored as a kind and dispatched through this
 * process's table. The fence code runs PARENT and WAKE itself; another kind
 * is run by the function its owner registers when the module loads (a
 * constructor), so fences never call up into their users by name.
 */
struct shim_fence;
typedef void (*shim_fence_cb_fn)(struct shim_device *dev, struct shim_fence *fence,
				 const struct shim_fence_cb *cb);
void shim_fence_cb_register(enum shim_fence_cb_kind kind, shim_fence_cb_fn fn);

/* A futex word that any process may sleep on; woken by WAKE callbacks and syncobj changes. */
struct shim_waiter {
	uint32_t seq;
	uint32_t pad;
};
SHIM_SHARED_LAYOUT(struct shim_waiter, 8);
/* Device lock held or not: bumps w, and wakes its sleepers (when the lock is released, if held). */
void shim_waiter_wake(struct shim_waiter *w);
/*
 * Device lock not held: waits up to SHIM_FENCE_SPIN_NS (or deadline) for w's
 * seq to move on from seq, yielding the CPU, before the caller sleeps on it.
 * True when it moved.
 */
bool shim_waiter_spin(struct shim_waiter *w, uint32_t seq, uint64_t deadline_ns);
/*
 * Any lock state, each fence referenced by the caller: spins as
 * shim_waiter_spin does until one of the n fences has signalled (true), or
 * SHIM_FENCE_SPIN_NS or deadline_ns has passed, or *stop has changed (a
 * signal handler ran: false).
 */
bool shim_fences_spin_any(const shim_off *fences, unsigned n, uint64_t deadline_ns, const unsigned *stop);
/*
 * How long a waiter polls before it sleeps. A sleeper on an idle CPU took
 * ~20 us to run again on this machine (issue #16), most requests finish
 * sooner, and the spin yields: the thread that will signal may need this CPU.
 */
#define SHIM_FENCE_SPIN_NS 20000ull
/* The futex wakes this thread deferred while it held the device lock (shim_device_unlock calls it). */
void shim_fence_flush_wakes(void);
/*
 * The longest a futex sleeper on a fence or waiter word sleeps before it looks
 * again. A wake deferred to the unlock is lost if its process is killed between
 * the unlock and the wake (the signalled state itself is committed); sleepers
 * with no deadline then still find the state within this bound. Not a polling
 * interval: every wake that is made arrives at once.
 */
#define SHIM_LOST_WAKE_NS 1000000000ull

/* Device lock held. A pending fence with one reference; 0 when out of memory. */
shim_off shim_fence_create(struct shim_device *dev, uint64_t context, uint64_t seqno);
void shim_fence_get(struct shim_device *dev, shim_off fence);
void shim_fence_put(struct shim_device *dev, shim_off fence);

/* Device lock held: an already signalled fence (the kernel's stub), one reference. */
shim_off shim_fence_create_signalled(struct shim_device *dev, int error);
/*
 * Device lock held: a composite fence (dma_fence_array) that signals once all
 * n parts have, with the first error among them; a new fence context. With
 * keep_parts it holds references to its parts (sync_file merges, FILE_INFO);
 * without, it only counts them (timeline links, so history is not kept alive).
 */
shim_off shim_fence_create_array(struct shim_device *dev, const shim_off *parts, uint32_t n,
				 bool keep_parts);
/*
 * Device lock held: one reference to a fence that signals once all n (>= 1)
 * fences have: the fence itself when there is one, else a composite that
 * keeps its parts. 0 when memory is out.
 */
shim_off shim_fence_all_of(struct shim_device *dev, const shim_off *parts, uint32_t n);
/* Device lock held: adds a callback to a pending fence; 0 if it has signalled or memory is out. */
shim_off shim_fence_add_cb(struct shim_device *dev, shim_off fence, uint32_t kind, shim_off target,
			   uint32_t id);
/* Device lock held: takes back a callback of a fence that has not signalled. */
void shim_fence_remove_cb(struct shim_device *dev, shim_off fence, shim_off cb);
/* Takes back every WAKE callback of fence that wakes waiter (a dead waiter's). */
void shim_fence_remove_wake(struct shim_device *dev, shim_off fence, shim_off waiter);

/* Device lock held (the callbacks run here). */
void shim_fence_signal(struct shim_fence *fence, int error);
/* Any lock state: the fence's request starts executing; and waiting for that. */
void shim_fence_mark_started(struct shim_fence *fence);
void shim_fence_wait_started(struct shim_fence *fence);
static inline bool shim_fence_is_signalled(const struct shim_fence *fence)
{
	return __atomic_load_n(&fence->state, __ATOMIC_ACQUIRE) != 0;
}
/*
 * Waits without the device lock (the caller holds a reference) until the fence
 * signals or CLOCK_MONOTONIC passes deadline_ns (UINT64_MAX: forever). 0 or
 * -ETIME; -EINTR only if interruptible and a signal arrived.
 */
int shim_fence_wait(struct shim_fence *fence, uint64_t deadline_ns, bool interruptible);

/* A polite spin-wait step. */
static inline void shim_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

#endif
