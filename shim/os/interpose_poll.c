/* SPDX-License-Identifier: MIT */
/*
 * poll(2) and ppoll(2) (and their fortified entry points), for sync_files.
 *
 * A sync_file (drm/sync_file.c) becomes readable when whoever signals its
 * fence writes a byte into its FIFO. A poller asleep in the kernel on an idle
 * CPU then takes ~20 us on this machine to run again (issue #16), where a
 * SYNCOBJ_WAIT or GEM_WAIT, which spin briefly before they sleep
 * (drm/dma_fence.h), see most requests finish without sleeping at all. So a
 * poll whose every fd is a sync_file of ours, waiting for input, and that
 * would block, first spins the same way on the fences themselves; once one
 * has signalled it asks the kernel again (without sleeping, for as long as
 * the signaller takes to write its byte) and returns what the kernel says:
 * the answer is always the real poll's. Anything else (another fd in the
 * set, no timeout, a ppoll with a signal mask, more than a few fds) goes
 * straight to the real call. A signal handler that runs during the spin
 * ends it with EINTR, as it would have ended the system call.
 *
 * No state of its own; the fences are referenced for the length of the spin.
 */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <time.h>

#include "base/fd_table.h"
#include "base/real.h"
#include "base/signal_hold.h"
#include "drm/dma_fence.h"
#include "drm/drm_device.h"
#include "drm/drm_syncobj.h"
#include "os/interpose.h"

/* Sets up to this many fds are looked at: libsync and Mesa wait on one. */
#define SPIN_MAX_FDS 8

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * The spin before a blocking poll of sync_files. *timeout_ns (UINT64_MAX: none)
 * is what the real call still gets afterwards. True when the poll is answered
 * (*ret), false when the caller makes the real call.
 */
static bool spin_on_sync_files(struct pollfd *fds, nfds_t n, uint64_t *timeout_ns, int *ret)
{
	struct shim_device *dev = shim_device_peek();
	int sfds[SPIN_MAX_FDS];
	unsigned k = 0;
	if (!dev || !n || n > SPIN_MAX_FDS || !*timeout_ns)
		return false;
	for (nfds_t i = 0; i < n; i++) {
		struct shim_fd_entry e;
		if (fds[i].fd < 0)
			continue;	/* ignored by poll */
		if (!(fds[i].events & POLLIN) || (shim_fd_lookup(fds[i].fd, &e) && e.kind != SHIM_FD_SYNC_FILE))
			return false;
		sfds[k++] = fds[i].fd;	/* unknown ones are looked at below */
	}
	if (!k)
		return false;
	int r = shim_real.poll(fds, n, 0);
	if (r != 0) {
		*ret = r;
		return true;
	}
	shim_off fences[SPIN_MAX_FDS];
	if (!shim_sync_file_fences_get(dev, sfds, k, fences))
		return false;
	uint64_t start = now_ns();
	uint64_t deadline = *timeout_ns == UINT64_MAX ? UINT64_MAX : start + *timeout_ns;
	unsigned handled = shim_signal_handled_count;
	bool answered = false;
	if (shim_fences_spin_any(fences, k, deadline, &shim_signal_handled_count)) {
		/* The byte follows the signal within the signaller's callbacks. */
		uint64_t until = now_ns() + SHIM_FENCE_SPIN_NS;
		while ((r = shim_real.poll(fds, n, 0)) == 0 && now_ns() < until && now_ns() < deadline &&
		       shim_signal_handled_count == handled)
			sched_yield();
		if (r != 0) {
			*ret = r;
			answered = true;
		}
	}
	shim_sync_file_fences_put(dev, fences, k);
	if (!answered && shim_signal_handled_count != handled) {
		errno = EINTR;
		*ret = -1;
		answered = true;
	}
	if (!answered && *timeout_ns != UINT64_MAX) {
		uint64_t spent = now_ns() - start;
		*timeout_ns = spent < *timeout_ns ? *timeout_ns - spent : 0;
	}
	return answered;
}

static int poll_ms(struct pollfd *fds, nfds_t n, int timeout)
{
	int ret;
	uint64_t left = timeout < 0 ? UINT64_MAX : (uint64_t)timeout * 1000000ull;
	if (spin_on_sync_files(fds, n, &left, &ret))
		return ret;
	if (timeout > 0)	/* rounded up: never return before the caller's time */
		timeout = (int)((left + 999999) / 1000000);
	return shim_real.poll(fds, n, timeout);
}

SHIM_EXPORT int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	if (shim_ensure_real()) {
		struct timespec ts = { timeout / 1000, (long)(timeout % 1000) * 1000000 };
		return shim_raw_ppoll(fds, n, timeout < 0 ? NULL : &ts, NULL);
	}
	return poll_ms(fds, n, timeout);
}

SHIM_EXPORT int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask)
{
	if (shim_ensure_real())
		return shim_raw_ppoll(fds, n, ts, mask);
	if (mask || (ts && (ts->tv_sec < 0 || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000)))
		return shim_real.ppoll(fds, n, ts, mask);	/* its own errors; a mask is its own atomicity */
	int ret;
	uint64_t left = UINT64_MAX;
	if (ts && ts->tv_sec < 1000000000)	/* longer (31 years) is forever */
		left = (uint64_t)ts->tv_sec * 1000000000ull + (uint64_t)ts->tv_nsec;
	if (spin_on_sync_files(fds, n, &left, &ret))
		return ret;
	struct timespec rest = { (time_t)(left / 1000000000ull), (long)(left % 1000000000ull) };
	return shim_real.ppoll(fds, n, left == UINT64_MAX ? NULL : &rest, NULL);
}

/*
 * The fortified entry points (_FORTIFY_SOURCE, as Debian builds libsync's
 * users): the size check is libc's, so a wrong size still aborts there.
 */
static bool fds_fit(nfds_t n, size_t fdslen)
{
	return fdslen / sizeof(struct pollfd) >= n;
}

SHIM_EXPORT int __poll_chk(struct pollfd *fds, nfds_t n, int timeout, size_t fdslen)
{
	if (!fds_fit(n, fdslen)) {
		int (*chk)(struct pollfd *, nfds_t, int, size_t) =
			(int (*)(struct pollfd *, nfds_t, int, size_t))dlsym(RTLD_NEXT, "__poll_chk");
		if (chk)
			return chk(fds, n, timeout, fdslen);
	}
	return poll(fds, n, timeout);
}

SHIM_EXPORT int __ppoll_chk(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask,
			    size_t fdslen)
{
	if (!fds_fit(n, fdslen)) {
		int (*chk)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *, size_t) =
			(int (*)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *,
				 size_t))dlsym(RTLD_NEXT, "__ppoll_chk");
		if (chk)
			return chk(fds, n, ts, mask, fdslen);
	}
	return ppoll(fds, n, ts, mask);
}
