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

static void bench_subdata(drm_intel_bufmgr *mgr, unsigned long size)
{
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "sub", size, 0);
	char *src = malloc(size), *dst = malloc(size);
	int n = (int)((256ul << 20) / size);
	if (n > 20000)
		n = 20000;
	if (n < 4)
		n = 4;
	memset(src, 1, size);
	memset(dst, 2, size);
	double t0 = now();
	for (int i = 0; i < n; i++)
		drm_intel_bo_subdata(bo, 0, size, src);
	double tw = now() - t0;
	t0 = now();
	for (int i = 0; i < n; i++)
		drm_intel_bo_get_subdata(bo, 0, size, dst);
	double tr = now() - t0;
	t0 = now();
	for (int i = 0; i < n; i++) {
		memcpy(dst, src, size);
		__asm__ volatile("" : : "r"(dst) : "memory");
	}
	double tm = now() - t0;
	double mib = n * (double)size / (1 << 20);
	printf("%-7s %6lu KiB: subdata %8.1f MiB/s  get_subdata %8.1f MiB/s  memcpy %8.1f MiB/s\n",
	       WHICH, size >> 10, mib / tw, mib / tr, mib / tm);
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
