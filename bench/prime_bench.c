/* SPDX-License-Identifier: MIT */
/*
 * bench/prime_bench: what PRIME costs under the shim (or a real kernel), with
 * anchors from the same run: a no-op system call (getppid) and a trivial
 * ioctl (GEM_BUSY of an idle object). Raw ioctls only. Figures:
 *   re-import   FD_TO_HANDLE of a dma-buf the file already imported;
 *   export      HANDLE_TO_FD of an object that has its dma-buf (+ close of the fd);
 *   churn       export + import in a second file + close fd + GEM_CLOSE of the
 *               import, the exporter keeping its handle (the dma-buf persists);
 *   full churn  GEM_CREATE + export + import + close fd + GEM_CLOSE of both
 *               handles (a dma-buf made and released every time).
 * Prints figures; never fails on time.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <drm.h>
#include <i915_drm.h>
#include "bench/bench_util.h"

static int export(int fd, uint32_t h)
{
	struct drm_prime_handle p = { .handle = h, .flags = DRM_CLOEXEC | DRM_RDWR, .fd = -1 };
	must(ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p), "PRIME_HANDLE_TO_FD");
	return p.fd;
}

static uint32_t import(int fd, int d)
{
	struct drm_prime_handle p = { .fd = d };
	must(ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &p), "PRIME_FD_TO_HANDLE");
	return p.handle;
}

int main(void)
{
	const char *node = getenv("DRM_TEST_RENDER_DEVICE");
	int fa = open(node ? node : "/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
	int fb = open(node ? node : "/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
	if (fa < 0 || fb < 0) {
		perror("open");
		return 1;
	}
	const int N = 200000, M = 20000;
	double t;

	t = now_us();
	for (int i = 0; i < N; i++)
		getppid();
	printf("anchor: getppid                %8.3f us\n", (now_us() - t) / N);

	uint32_t h = bench_gem_create(fa, 65536);
	struct drm_i915_gem_busy b = { .handle = h };
	t = now_us();
	for (int i = 0; i < N; i++)
		ioctl(fa, DRM_IOCTL_I915_GEM_BUSY, &b);
	printf("anchor: GEM_BUSY ioctl         %8.3f us\n", (now_us() - t) / N);

	int d = export(fa, h);
	uint32_t hb = import(fb, d);
	t = now_us();
	for (int i = 0; i < N; i++)
		if (import(fb, d) != hb)
			return 1;
	printf("re-import (same handle)        %8.3f us\n", (now_us() - t) / N);

	t = now_us();
	for (int i = 0; i < M; i++)
		close(export(fa, h));
	printf("export + close                 %8.3f us\n", (now_us() - t) / M);
	close(d);
	bench_gem_close(fb, hb);

	t = now_us();
	for (int i = 0; i < M; i++) {
		int e = export(fa, h);
		uint32_t x = import(fb, e);
		close(e);
		bench_gem_close(fb, x);
	}
	printf("churn (export+import+close)    %8.3f us\n", (now_us() - t) / M);

	t = now_us();
	for (int i = 0; i < M; i++) {
		uint32_t o = bench_gem_create(fa, 4096);
		int e = export(fa, o);
		uint32_t x = import(fb, e);
		close(e);
		bench_gem_close(fb, x);
		bench_gem_close(fa, o);
	}
	printf("full churn (create..release)   %8.3f us\n", (now_us() - t) / M);
	bench_gem_close(fa, h);
	close(fa);
	close(fb);
	return 0;
}
