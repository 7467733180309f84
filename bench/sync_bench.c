/* SPDX-License-Identifier: MIT */
/*
 * bench/sync_bench: cross-process wake-up latency of sync objects against a
 * plain futex ping-pong measured in the same run, and sync_file poll
 * latency. Raw ioctls only; prints medians; never fails on time.
 *
 *   futex ping-pong      two processes wake each other through two futex
 *                        words in shared memory; one-way = round trip / 2
 *   syncobj ping-pong    the same with two syncobjs shared as syncobj fds:
 *                        WAIT(WAIT_FOR_SUBMIT) -> RESET -> SIGNAL the other
 *   sync_file poll       exec of an empty batch with FENCE_OUT, then poll()
 *                        until the out-fence is readable (submit -> POLLIN)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "hwdefs/intel_commands.h"
#include <time.h>
#include <unistd.h>
#include <drm.h>
#include <i915_drm.h>

#define ROUNDS 2000

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static double median_us(uint64_t *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_u64);
	return v[n / 2] / 1000.0;
}

/* --- futex ping-pong -------------------------------------------------------- */

static void futex_wait(uint32_t *w, uint32_t val)
{
	while (__atomic_load_n(w, __ATOMIC_ACQUIRE) == val)
		syscall(SYS_futex, w, FUTEX_WAIT, val, NULL, NULL, 0);
}

static void futex_post(uint32_t *w)
{
	__atomic_add_fetch(w, 1, __ATOMIC_ACQ_REL);
	syscall(SYS_futex, w, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

static double futex_pingpong(void)
{
	uint32_t *w = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	uint64_t *t = calloc(ROUNDS, sizeof(*t));
	pid_t pid = fork();
	if (pid == 0) {
		for (uint32_t i = 0; i < ROUNDS; i++) {
			futex_wait(&w[0], i);
			futex_post(&w[1]);
		}
		_exit(0);
	}
	for (uint32_t i = 0; i < ROUNDS; i++) {
		uint64_t t0 = now_ns();
		futex_post(&w[0]);
		futex_wait(&w[1], i);
		t[i] = (now_ns() - t0) / 2;
	}
	waitpid(pid, NULL, 0);
	double m = median_us(t, ROUNDS);
	free(t);
	munmap(w, 4096);
	return m;
}

/* --- syncobj ping-pong ------------------------------------------------------- */

static int so_ioctl(int fd, unsigned long req, void *arg)
{
	int ret;
	do
		ret = ioctl(fd, req, arg);
	while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	if (ret) {
		perror("syncobj ioctl");
		exit(1);
	}
	return ret;
}

static void so_wait_reset(int fd, uint32_t h)
{
	struct drm_syncobj_wait w = { .handles = (uintptr_t)&h, .count_handles = 1, .timeout_nsec = INT64_MAX,
				      .flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT };
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
	struct drm_syncobj_array a = { .handles = (uintptr_t)&h, .count_handles = 1 };
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_RESET, &a);
}

static void so_signal(int fd, uint32_t h)
{
	struct drm_syncobj_array a = { .handles = (uintptr_t)&h, .count_handles = 1 };
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &a);
}

static uint32_t so_import(int fd, int ofd)
{
	struct drm_syncobj_handle a = { .fd = ofd };
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &a);
	return a.handle;
}

static double syncobj_pingpong(const char *node)
{
	int fd = open(node, O_RDWR | O_CLOEXEC);
	struct drm_syncobj_create c[2] = { { 0 }, { 0 } };
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c[0]);
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c[1]);
	struct drm_syncobj_handle e[2] = { { .handle = c[0].handle }, { .handle = c[1].handle } };
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &e[0]);
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &e[1]);
	uint64_t *t = calloc(ROUNDS, sizeof(*t));
	pid_t pid = fork();
	if (pid == 0) {
		int cfd = open(node, O_RDWR | O_CLOEXEC);	/* its own open file */
		uint32_t ping = so_import(cfd, e[0].fd), pong = so_import(cfd, e[1].fd);
		for (int i = 0; i < ROUNDS; i++) {
			so_wait_reset(cfd, ping);
			so_signal(cfd, pong);
		}
		_exit(0);
	}
	for (int i = 0; i < ROUNDS; i++) {
		uint64_t t0 = now_ns();
		so_signal(fd, c[0].handle);
		so_wait_reset(fd, c[1].handle);
		t[i] = (now_ns() - t0) / 2;
	}
	waitpid(pid, NULL, 0);
	double m = median_us(t, ROUNDS);
	free(t);
	close(e[0].fd);
	close(e[1].fd);
	close(fd);
	return m;
}

/* --- sync_file poll ---------------------------------------------------------- */

static double sync_file_poll(const char *node, double *poll_signalled)
{
	int fd = open(node, O_RDWR | O_CLOEXEC);
	struct drm_i915_gem_create gc = { .size = 4096 };
	so_ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &gc);
	uint32_t cmd[2] = { MI_BATCH_BUFFER_END, MI_NOOP };
	struct drm_i915_gem_pwrite pw = { .handle = gc.handle, .size = sizeof(cmd), .data_ptr = (uintptr_t)cmd };
	so_ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &pw);
	uint64_t *t = calloc(ROUNDS, sizeof(*t)), *u = calloc(ROUNDS, sizeof(*u));
	for (int i = 0; i < ROUNDS; i++) {
		struct drm_i915_gem_exec_object2 o = { .handle = gc.handle };
		struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
						       .flags = I915_EXEC_FENCE_OUT };
		uint64_t t0 = now_ns();
		so_ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
		struct pollfd p = { .fd = (int)(eb.rsvd2 >> 32), .events = POLLIN };
		while (poll(&p, 1, 5000) == 0)
			;
		t[i] = now_ns() - t0;
		t0 = now_ns();
		poll(&p, 1, 0);
		u[i] = now_ns() - t0;
		close(p.fd);
	}
	double m = median_us(t, ROUNDS);
	*poll_signalled = median_us(u, ROUNDS);
	free(t);
	free(u);
	close(fd);
	return m;
}

int main(void)
{
	const char *node = getenv("DRM_TEST_RENDER_DEVICE") ? getenv("DRM_TEST_RENDER_DEVICE") : "/dev/dri/renderD128";
	int probe = open(node, O_RDWR | O_CLOEXEC);
	if (probe < 0) {
		perror(node);
		return 0;
	}
	close(probe);
	double fut = futex_pingpong();
	double so = syncobj_pingpong(node);
	double ps, pf = sync_file_poll(node, &ps);
	printf("sync_bench (medians of %d, one-way = round trip / 2):\n", ROUNDS);
	printf("  futex ping-pong (anchor)          %8.1f us\n", fut);
	printf("  syncobj signal -> wake, 2 procs   %8.1f us  (%.1fx futex)\n", so, so / fut);
	printf("  exec + sync_file POLLIN           %8.1f us\n", pf);
	printf("  poll() of a signalled sync_file   %8.1f us\n", ps);
	return 0;
}
