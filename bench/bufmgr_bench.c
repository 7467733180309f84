/* SPDX-License-Identifier: MIT */
/*
 * libdrm_intel buffer-manager benchmarks: cache churn of mixed 4 KiB-4 MiB
 * objects, map+write+unmap, and subdata/get_subdata bandwidth from 4 KiB to
 * 64 MiB against memcpy measured in the same run. Built twice (ours and
 * Debian's libdrm_intel); run under the shim by `make bench`. Prints figures
 * only; never fails on time.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "intel_bufmgr.h"
#include "bench/bench_util.h"

#ifdef DEBIAN_LIBDRM
#define WHICH "debian"
#else
#define WHICH "ours"
#endif

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static unsigned rng = 12345;
static unsigned next_rand(void)
{
	rng = rng * 1103515245u + 12345u;
	return rng >> 8;
}

static void bench_churn(drm_intel_bufmgr *mgr, int reuse)
{
	enum { LIVE = 64, OPS = 20000 };
	drm_intel_bo *live[LIVE] = { 0 };
	double t0 = now();
	for (int i = 0; i < OPS; i++) {
		int slot = next_rand() % LIVE;
		unsigned long size = 4096ul << (next_rand() % 11);	/* 4 KiB .. 4 MiB */
		size += (next_rand() % 4) * (size / 4);
		if (size > (4ul << 20))
			size = 4ul << 20;
		drm_intel_bo_unreference(live[slot]);
		live[slot] = drm_intel_bo_alloc(mgr, "churn", size, 0);
		uint32_t v = (uint32_t)i;
		drm_intel_bo_subdata(live[slot], 0, 4, &v);	/* give it pages */
	}
	for (int i = 0; i < LIVE; i++)
		drm_intel_bo_unreference(live[i]);
	double dt = now() - t0;
	printf("%-7s cache churn (reuse %s): %8.0f alloc+free/s (%.2f us each)\n", WHICH,
	       reuse ? "on " : "off", OPS / dt, dt / OPS * 1e6);
}

static void bench_map(drm_intel_bufmgr *mgr, unsigned long size)
{
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "map", size, 0);
	int n = size <= 65536 ? 20000 : 500;
	double t0 = now();
	for (int i = 0; i < n; i++) {
		drm_intel_bo_map(bo, 1);
		memset(bo->virtual, i, size);
		drm_intel_bo_unmap(bo);
	}
	double dt = now() - t0;
	printf("%-7s map+write+unmap %6lu KiB: %8.2f us/op, %8.1f MiB/s\n", WHICH, size >> 10,
	       dt / n * 1e6, n * (double)size / dt / (1 << 20));
	drm_intel_bo_unreference(bo);
}

/*
 * Five rounds, each timing subdata, get_subdata and the memcpy anchor back to
 * back, and the median of each: copies of a few MiB swing by a third from
 * one stretch of time to the next on a shared machine, so one long loop of
 * each would mostly measure when it ran.
 */
static void bench_subdata(drm_intel_bufmgr *mgr, unsigned long size)
{
	enum { ROUNDS = 5 };
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "sub", size, 0);
	char *src = malloc(size), *dst = malloc(size);
	double w[ROUNDS], r[ROUNDS], m[ROUNDS];
	int n = (int)((64ul << 20) / size);
	if (n > 5000)
		n = 5000;
	if (n < 2)
		n = 2;
	memset(src, 1, size);
	memset(dst, 2, size);
	drm_intel_bo_subdata(bo, 0, size, src);	/* first touch is not bandwidth */
	for (int k = 0; k < ROUNDS; k++) {
		double t0 = now();
		for (int i = 0; i < n; i++)
			drm_intel_bo_subdata(bo, 0, size, src);
		double t1 = now();
		for (int i = 0; i < n; i++)
			drm_intel_bo_get_subdata(bo, 0, size, dst);
		double t2 = now();
		for (int i = 0; i < n; i++) {
			memcpy(dst, src, size);
			__asm__ volatile("" : : "r"(dst) : "memory");
		}
		double t3 = now();
		double mib = n * (double)size / (1 << 20);
		w[k] = mib / (t1 - t0);
		r[k] = mib / (t2 - t1);
		m[k] = mib / (t3 - t2);
	}
	qsort(w, ROUNDS, sizeof(double), cmp_double);
	qsort(r, ROUNDS, sizeof(double), cmp_double);
	qsort(m, ROUNDS, sizeof(double), cmp_double);
	printf("%-7s %6lu KiB: subdata %8.1f MiB/s (%.2fx)  get_subdata %8.1f MiB/s (%.2fx)  memcpy %8.1f MiB/s\n",
	       WHICH, size >> 10, w[ROUNDS / 2], w[ROUNDS / 2] / m[ROUNDS / 2], r[ROUNDS / 2],
	       r[ROUNDS / 2] / m[ROUNDS / 2], m[ROUNDS / 2]);
	free(src);
	free(dst);
	drm_intel_bo_unreference(bo);
}

int main(void)
{
	int fd = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
	drm_intel_bufmgr *mgr;

	if (fd < 0 || !(mgr = drm_intel_bufmgr_gem_init(fd, 16384))) {
		printf("bench: no i915 device\n");
		return 0;
	}
	bench_churn(mgr, 0);
	drm_intel_bufmgr_gem_enable_reuse(mgr);
	bench_churn(mgr, 1);
	for (unsigned long s = 4096; s <= (4ul << 20); s *= 16)
		bench_map(mgr, s);
	for (unsigned long s = 4096; s <= (64ul << 20); s *= 4)
		bench_subdata(mgr, s);
	drm_intel_bufmgr_destroy(mgr);
	return 0;
}
