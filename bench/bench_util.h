/* SPDX-License-Identifier: MIT */
/*
 * What the benchmarks share: a monotonic clock in microseconds, an exit on a
 * failed setup call, the comparison for sorting samples into medians, and
 * the GEM calls every benchmark makes (create, close, wait).
 */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <time.h>
#include <drm.h>
#include <i915_drm.h>

static inline double now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* A setup call that must work: r nonzero ends the benchmark, naming what failed. */
static inline void must(int r, const char *what)
{
	if (r) {
		perror(what);
		exit(1);
	}
}

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static inline uint32_t bench_gem_create(int fd, uint64_t size)
{
	struct drm_i915_gem_create c = { .size = size };
	must(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c), "GEM_CREATE");
	return c.handle;
}

static inline void bench_gem_close(int fd, uint32_t h)
{
	struct drm_gem_close c = { .handle = h };
	must(ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c), "GEM_CLOSE");
}

/* Until the object is idle; a failed wait is one that had nothing to wait for. */
static inline void bench_gem_wait(int fd, uint32_t h)
{
	struct drm_i915_gem_wait w = { .bo_handle = h, .timeout_ns = -1 };
	ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w);
}

#endif
