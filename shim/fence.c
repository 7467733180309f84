/*
 * Fences in shared memory (fence.h). Signalling stores the error, then the
 * state with release order, then wakes futex waiters if any said they wait.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "device.h"
#include "fence.h"
#include "valgrind_hide.h"

uint64_t shim_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

shim_off shim_fence_create(struct shim_device *dev, uint64_t context, uint64_t seqno)
{
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_fence));
	if (!off)
		return 0;
	struct shim_fence *f = shim_ptr(off);
	f->refcount = 1;
	f->context = context;
	f->seqno = seqno;
	return off;
}

void shim_fence_get(struct shim_device *dev, shim_off off)
{
	((struct shim_fence *)shim_ptr(off))->refcount++;
}

void shim_fence_put(struct shim_device *dev, shim_off off)
{
	struct shim_fence *f = shim_ptr(off);
	if (f && --f->refcount == 0)
		shim_free(&dev->shared->arena, off, sizeof(*f));
}

void shim_fence_signal(struct shim_fence *f, int error)
{
	if (shim_fence_is_signalled(f))
		return;
	f->error = error;
	f->signal_ns = shim_now_ns();
	__atomic_store_n(&f->state, 1, __ATOMIC_RELEASE);
	if (__atomic_load_n(&f->waiters, __ATOMIC_ACQUIRE)) {
		shim_valgrind_unhide(&f->state, sizeof(f->state));	/* futex() reads the word */
		syscall(SYS_futex, &f->state, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
		shim_valgrind_rehide(&f->state, sizeof(f->state));
	}
}

/* Waiting briefly before sleeping saves the futex round trip for short requests. */
#define FENCE_SPIN_NS 20000

int shim_fence_wait(struct shim_fence *f, uint64_t deadline_ns, bool interruptible)
{
	if (shim_fence_is_signalled(f))
		return 0;
	uint64_t until = shim_now_ns() + FENCE_SPIN_NS;
	if (until > deadline_ns)
		until = deadline_ns;
	while (shim_now_ns() < until)
		if (shim_fence_is_signalled(f))
			return 0;
		else
			shim_cpu_relax();
	__atomic_add_fetch(&f->waiters, 1, __ATOMIC_ACQ_REL);
	int ret = 0;
	while (!shim_fence_is_signalled(f)) {
		struct timespec ts, *tsp = NULL;
		if (deadline_ns != UINT64_MAX) {
			uint64_t now = shim_now_ns();
			if (now >= deadline_ns) {
				ret = -ETIME;
				break;
			}
			uint64_t left = deadline_ns - now;
			ts.tv_sec = (time_t)(left / 1000000000ull);
			ts.tv_nsec = (long)(left % 1000000000ull);
			tsp = &ts;
		}
		shim_valgrind_unhide(&f->state, sizeof(f->state));
		long r = syscall(SYS_futex, &f->state, FUTEX_WAIT, 0, tsp, NULL, 0);
		int err = errno;
		shim_valgrind_rehide(&f->state, sizeof(f->state));
		if (r < 0 && err == EINTR && interruptible) {
			ret = -EINTR;
			break;
		}
	}
	__atomic_sub_fetch(&f->waiters, 1, __ATOMIC_ACQ_REL);
	return ret;
}
