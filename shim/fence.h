/*
 * Fences: the emulated kernel's dma_fence, in the device's shared state.
 *
 * A fence is created pending and signalled exactly once, with an error
 * (0 or -errno, e.g. -EIO for a request reset by a hang). Any process can
 * wait on it: the state word is a futex in the shared mapping, so waiters
 * sleep in the kernel and the signaller wakes them, whichever processes
 * they are in. References are counted under the device lock; a fence is
 * freed when the last reference goes.
 */
#ifndef SHIM_FENCE_H
#define SHIM_FENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "shared_mem.h"

struct shim_device;

struct shim_fence {
	uint32_t refcount;
	uint32_t state;		/* futex word: 0 pending, 1 signalled */
	int32_t error;
	uint32_t waiters;	/* futex waiters present: the signaller must wake */
	uint64_t signal_ns;	/* CLOCK_MONOTONIC when signalled */
	uint64_t context, seqno;	/* the timeline it belongs to */
};

/* Device lock held. A pending fence with one reference; 0 when out of memory. */
shim_off shim_fence_create(struct shim_device *dev, uint64_t context, uint64_t seqno);
void shim_fence_get(struct shim_device *dev, shim_off fence);
void shim_fence_put(struct shim_device *dev, shim_off fence);

/* Any lock state. */
void shim_fence_signal(struct shim_fence *fence, int error);
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

uint64_t shim_now_ns(void);

/* A polite spin-wait step. */
static inline void shim_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

#endif
