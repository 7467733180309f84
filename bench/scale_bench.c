/* SPDX-License-Identifier: MIT */
/*
 * bench/scale_bench: how the shim's costs hold up with many live objects in
 * one file, and what small user copies cost (issue #16), each figure beside
 * an anchor measured in the same run:
 *   PWRITE/PREAD 4 KiB        against memcpy of 4 KiB;
 *   GEM_CREATE+GEM_CLOSE      with 10^3 and 10^6 idle objects live in the file,
 *                             against a no-op system call, and their ratio;
 *   lookup (GEM_BUSY)         of live handles spread over the whole table, at
 *                             10^3 and 10^6 live, against the same syscall;
 *   bytes per idle object     the growth of the shared state's live arena
 *                             blocks between 10^3 and 10^6 objects, as the
 *                             state checker (i915_shim_check, when the shim is
 *                             loaded) counts them: everything the shim keeps
 *                             for an object nobody touched (it has no pages).
 * Each time is the median of REPS repetitions, with [min..max]. Raw ioctls
 * only; run under the shim with I915_SHIM_FILE_MAX_OBJECTS=0 (bench.am does),
 * since the default per-file cap is below 10^6. Prints figures; never fails
 * on time.
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

#define REPS 9
#define SMALL 1000u
#define LARGE 1000000u

/* The shim's checker, when the shim is preloaded (tests/shim_check.h declares it the same way). */
extern int i915_shim_check(const char *instance, FILE *out, unsigned settle_ms) __attribute__((weak));

static int fd;

/* A figure: per-operation microseconds of REPS repetitions. */
struct fig {
	double rep[REPS];
};

static double median(struct fig *f)
{
	qsort(f->rep, REPS, sizeof(f->rep[0]), cmp_double);
	return f->rep[REPS / 2];
}

static void print(const char *what, struct fig *f, const char *anchor_name, double anchor)
{
	double m = median(f);
	printf("%-40s %8.3f us [%.3f..%.3f]", what, m, f->rep[0], f->rep[REPS - 1]);
	if (anchor_name)
		printf("  (%.2fx %s)", anchor / m, anchor_name);
	printf("\n");
}

/* Keeps the compiler from dropping a copy whose result is never read. */
static void clobber(void *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}

static struct fig fig_syscall(void)
{
	struct fig f;
	for (int r = 0; r < REPS; r++) {
		int n = 100000;
		double t0 = now_us();
		for (int i = 0; i < n; i++)
			getppid();
		f.rep[r] = (now_us() - t0) / n;
	}
	return f;
}

static struct fig fig_memcpy(char *dst, const char *src, size_t len)
{
	struct fig f;
	for (int r = 0; r < REPS; r++) {
		int n = 100000;
		double t0 = now_us();
		for (int i = 0; i < n; i++) {
			memcpy(dst, src, len);
			clobber(dst);
		}
		f.rep[r] = (now_us() - t0) / n;
	}
	return f;
}

static struct fig fig_rw(uint32_t h, char *buf, size_t len, int write)
{
	struct fig f;
	for (int r = 0; r < REPS; r++) {
		int n = 20000;
		double t0 = now_us();
		for (int i = 0; i < n; i++) {
			if (write) {
				struct drm_i915_gem_pwrite a = { .handle = h, .size = len, .data_ptr = (uintptr_t)buf };
				must(ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &a), "PWRITE");
			} else {
				struct drm_i915_gem_pread a = { .handle = h, .size = len, .data_ptr = (uintptr_t)buf };
				must(ioctl(fd, DRM_IOCTL_I915_GEM_PREAD, &a), "PREAD");
			}
		}
		f.rep[r] = (now_us() - t0) / n;
	}
	return f;
}

static struct fig fig_create_close(void)
{
	struct fig f;
	for (int r = 0; r < REPS; r++) {
		int n = 20000;
		double t0 = now_us();
		for (int i = 0; i < n; i++)
			bench_gem_close(fd, bench_gem_create(fd, 4096));
		f.rep[r] = (now_us() - t0) / n;
	}
	return f;
}

/* GEM_BUSY of live handles visited in a scattered order over the whole table. */
static struct fig fig_lookup(const uint32_t *handles, uint32_t live)
{
	struct fig f;
	uint32_t k = 0;
	for (int r = 0; r < REPS; r++) {
		int n = 20000;
		double t0 = now_us();
		for (int i = 0; i < n; i++) {
			k = (k + 7919u * 131u) % live;	/* a stride coprime with both sizes */
			struct drm_i915_gem_busy b = { .handle = handles[k] };
			must(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b), "GEM_BUSY");
		}
		f.rep[r] = (now_us() - t0) / n;
	}
	return f;
}

/* The checker's arena_live figure for this process's instance, or -1 without the shim. */
static double arena_live(void)
{
	if (!i915_shim_check)
		return -1;
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return -1;
	i915_shim_check(NULL, mem, 0);
	fclose(mem);
	const char *p = text ? strstr(text, " arena_live=") : NULL;
	double v = p ? strtod(p + strlen(" arena_live="), NULL) : -1;
	free(text);
	return v;
}

int main(void)
{
	fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror("open");
		return 1;
	}
	struct fig sys = fig_syscall();
	double syscall_us = median(&sys);
	print("anchor: no-op syscall (getppid)", &sys, NULL, 0);

	/* Small copies: PWRITE/PREAD of a page against memcpy of a page. */
	char *buf = aligned_alloc(4096, 4096), *other = aligned_alloc(4096, 4096);
	memset(buf, 1, 4096);
	memset(other, 2, 4096);
	struct fig cpy = fig_memcpy(other, buf, 4096);
	double memcpy_us = median(&cpy);
	print("anchor: memcpy 4 KiB", &cpy, NULL, 0);
	uint32_t obj = bench_gem_create(fd, 4096);
	struct fig pw = fig_rw(obj, buf, 4096, 1);
	print("PWRITE 4 KiB", &pw, "memcpy", memcpy_us);
	struct fig pr = fig_rw(obj, buf, 4096, 0);
	print("PREAD 4 KiB", &pr, "memcpy", memcpy_us);
	bench_gem_close(fd, obj);

	/* Many objects: 10^3 live, then 10^6 live, in this one file. */
	uint32_t *handles = malloc(LARGE * sizeof(*handles));
	if (!handles)
		return 1;
	for (uint32_t i = 0; i < SMALL; i++)
		handles[i] = bench_gem_create(fd, 4096);
	double live_small = arena_live();
	struct fig cc_small = fig_create_close();
	print("GEM_CREATE+GEM_CLOSE, 10^3 live", &cc_small, "a syscall", syscall_us);
	struct fig lk_small = fig_lookup(handles, SMALL);
	print("lookup (GEM_BUSY), 10^3 live", &lk_small, "a syscall", syscall_us);

	double t0 = now_us();
	for (uint32_t i = SMALL; i < LARGE; i++)
		handles[i] = bench_gem_create(fd, 4096);
	printf("%-40s %8.3f us per object\n", "filling to 10^6 (GEM_CREATE)", (now_us() - t0) / (LARGE - SMALL));
	double live_large = arena_live();
	struct fig cc_large = fig_create_close();
	print("GEM_CREATE+GEM_CLOSE, 10^6 live", &cc_large, "a syscall", syscall_us);
	struct fig lk_large = fig_lookup(handles, LARGE);
	print("lookup (GEM_BUSY), 10^6 live", &lk_large, "a syscall", syscall_us);
	printf("%-40s %8.2fx\n", "create+close 10^6 / 10^3 live", median(&cc_large) / median(&cc_small));
	printf("%-40s %8.2fx\n", "lookup 10^6 / 10^3 live", median(&lk_large) / median(&lk_small));
	if (live_small >= 0 && live_large >= 0)
		printf("%-40s %8.1f bytes (arena_live %.0f -> %.0f)\n", "shim state per idle object",
		       (live_large - live_small) / (LARGE - SMALL), live_small, live_large);
	else
		printf("%-40s %8s (the shim's checker is not loaded)\n", "shim state per idle object", "n/a");

	t0 = now_us();
	for (uint32_t i = 0; i < LARGE; i++)
		bench_gem_close(fd, handles[i]);
	printf("%-40s %8.3f us per object\n", "closing 10^6 (GEM_CLOSE)", (now_us() - t0) / LARGE);
	free(handles);
	free(buf);
	free(other);
	close(fd);
	return 0;
}
