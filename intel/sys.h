/* SPDX-License-Identifier: MIT */
/*
 * What libdrm_intel asks of the system, in one leaf that knows nothing of
 * bufmgrs or bos: ioctls with the library's -errno convention, GETPARAM,
 * the monotonic clock in seconds, and the memcheck annotations (INTEL_VG)
 * that mark what the kernel wrote as defined. Stateless and thread-safe;
 * nothing it returns needs releasing.
 */
#ifndef INTEL_SYS_H
#define INTEL_SYS_H

#include <time.h>

#ifdef HAVE_VALGRIND_MEMCHECK_H
#include <valgrind/memcheck.h>
#define INTEL_VG(x) x
#else
#define INTEL_VG(x) do { } while (0)
#endif

/* drmIoctl() returning 0 or -errno; an ioctl's output is marked defined for memcheck. */
int intel_ioctl(int fd, unsigned long request, void *arg);

/* I915_GETPARAM: 0 or -errno; *value (if not NULL) gets what the kernel wrote, 0 if nothing. */
int intel_getparam(int fd, int param, int *value);

/* CLOCK_MONOTONIC in whole seconds: the BO cache's ages. */
time_t intel_now_seconds(void);

#endif
