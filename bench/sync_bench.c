/* SPDX-License-Identifier: MIT */
/*
 * bench/sync_bench: fence wake latency (median and 99th percentile) against a
 * futex round trip between two processes, measured in the same run: one
 * anchor sample is taken right before every fence sample, so both see the
 * same load. Raw ioctls only; never fails on time.
 *
 *   futex round trip     two processes wake each other through two futex
 *                        words in shared memory (the anchor)
 *   syncobj ping-pong    the same with two syncobjs shared as syncobj fds:
 *                        WAIT(WAIT_FOR_SUBMIT) -> RESET -> SIGNAL the other;
 *                        one-way = round trip / 2
 *   exec + wait          exec of an empty batch with FENCE_OUT, then one of
 *                        poll(POLLIN) on the out-fence, SYNCOBJ_WAIT on a
 *                        syncobj the exec signals, GEM_WAIT on the batch;
 *                        "submit" is exec -> woken, "wake" is the request's
 *                        completion (the out-fence's timestamp, FILE_INFO)
 *                        -> woken, "exec" is the ioctl alone
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <poll.h>
#include <sched.h>
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
#include <linux/sync_file.h>

#ifndef ROUNDS
#define ROUNDS 2000
#endif

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

/* After median_us (sorted). */
static double p99_us(const uint64_t *v, int n)
{
	return v[(n * 99) / 100] / 1000.0;
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

/*
 * The anchors. A futex round trip costs very different amounts depending on
 * where the two processes run: on one CPU it is two syscalls and two context
 * switches; across CPUs each wake-up may have to bring an idle CPU back, which
 * on a virtual machine is a trip through the host (~20 us here, issue #16).
 * Left to the scheduler, the same pair lands one way or the other from run to
 * run, so each anchor is a pair of processes pinned where it says, asked for
 * one round trip at a time and timing it themselves:
 *   ANCHOR_SAME    both on CPU 0: the cheapest hand-over there is; the ratios
 *                  are against this one;
 *   ANCHOR_CROSS   CPU 0 and CPU 1: what waking a sleeper costs when the waker
 *                  keeps running elsewhere, as an engine that signals does.
 * A pair shares one page: go (main -> A), ping (A -> B), pong (B -> A), done
 * (A -> main), the time, and stop.
 */
enum { ANCHOR_SAME, ANCHOR_CROSS, ANCHORS };
struct anchor_page {
	uint32_t go, ping, pong, done, stop;
	uint64_t ns;
};
static struct anchor_page *anchor_pg[ANCHORS];
static pid_t anchor_pids[ANCHORS][2];
static uint32_t anchor_seq[ANCHORS];

static void pin(int cpu)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);	/* best effort: one CPU pins both to it */
}

static void anchor_start(void)
{
	int cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	for (int k = 0; k < ANCHORS; k++) {
		struct anchor_page *pg = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		anchor_pg[k] = pg;
		anchor_pids[k][0] = fork();
		if (anchor_pids[k][0] == 0) {	/* A: times one round trip with B per go */
			pin(0);
			for (uint32_t i = 0;; i++) {
				futex_wait(&pg->go, i);
				if (__atomic_load_n(&pg->stop, __ATOMIC_ACQUIRE))
					_exit(0);
				uint64_t t0 = now_ns();
				futex_post(&pg->ping);
				futex_wait(&pg->pong, i);
				pg->ns = now_ns() - t0;
				futex_post(&pg->done);
			}
		}
		anchor_pids[k][1] = fork();
		if (anchor_pids[k][1] == 0) {	/* B: answers each ping */
			pin(k == ANCHOR_CROSS && cpus > 1 ? 1 : 0);
			for (uint32_t i = 0;; i++) {
				futex_wait(&pg->ping, i);
				if (__atomic_load_n(&pg->stop, __ATOMIC_ACQUIRE))
					_exit(0);
				futex_post(&pg->pong);
			}
		}
	}
}

/* One futex round trip of a pair, ns. */
static uint64_t anchor_sample_of(int k)
{
	futex_post(&anchor_pg[k]->go);
	futex_wait(&anchor_pg[k]->done, anchor_seq[k]++);
	return anchor_pg[k]->ns;
}

static uint64_t cross[ROUNDS * 5];	/* the cross-CPU anchor, every time the same one is taken */
static int ncross;

static uint64_t anchor_sample(void)
{
	if (ncross < (int)(sizeof(cross) / sizeof(cross[0])))
		cross[ncross++] = anchor_sample_of(ANCHOR_CROSS);
	return anchor_sample_of(ANCHOR_SAME);
}

static void anchor_stop(void)
{
	for (int k = 0; k < ANCHORS; k++) {
		__atomic_store_n(&anchor_pg[k]->stop, 1, __ATOMIC_RELEASE);
		futex_post(&anchor_pg[k]->go);
		futex_post(&anchor_pg[k]->ping);
		waitpid(anchor_pids[k][0], NULL, 0);
		waitpid(anchor_pids[k][1], NULL, 0);
		munmap(anchor_pg[k], 4096);
	}
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

static void syncobj_pingpong(const char *node, uint64_t *t, uint64_t *anchor)
{
	int fd = open(node, O_RDWR | O_CLOEXEC);
	struct drm_syncobj_create c[2] = { { 0 }, { 0 } };
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c[0]);
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c[1]);
	struct drm_syncobj_handle e[2] = { { .handle = c[0].handle }, { .handle = c[1].handle } };
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &e[0]);
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &e[1]);
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
		anchor[i] = anchor_sample();
		uint64_t t0 = now_ns();
		so_signal(fd, c[0].handle);
		so_wait_reset(fd, c[1].handle);
		t[i] = (now_ns() - t0) / 2;
	}
	waitpid(pid, NULL, 0);
	close(e[0].fd);
	close(e[1].fd);
	close(fd);
}

/* --- exec + wait ------------------------------------------------------------ */

enum wait_kind { WAIT_POLL, WAIT_SYNCOBJ, WAIT_GEM, WAIT_KINDS };
static const char *const kind_name[WAIT_KINDS] = { "exec + sync_file POLLIN", "exec + SYNCOBJ_WAIT",
						   "exec + GEM_WAIT" };

/* The signal time of a sync_file's (single) fence, CLOCK_MONOTONIC ns. */
static uint64_t fence_timestamp(int sf)
{
	struct sync_fence_info fi = { 0 };
	struct sync_file_info info = { .num_fences = 1, .sync_fence_info = (uintptr_t)&fi };
	so_ioctl(sf, SYNC_IOC_FILE_INFO, &info);
	return fi.timestamp_ns;
}

struct samples {
	uint64_t submit[ROUNDS], wake[ROUNDS], exec[ROUNDS], anchor[ROUNDS];
};

/*
 * Round-robin over the kinds, each sample after an anchor sample. The same
 * empty batch every time: the request's own cost is the exec's and the
 * engine's, which "wake" leaves out.
 */
static void exec_waits(const char *node, struct samples *s, double *poll_signalled)
{
	int fd = open(node, O_RDWR | O_CLOEXEC);
	struct drm_i915_gem_create gc = { .size = 4096 };
	so_ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &gc);
	uint32_t cmd[2] = { MI_BATCH_BUFFER_END, MI_NOOP };
	struct drm_i915_gem_pwrite pw = { .handle = gc.handle, .size = sizeof(cmd), .data_ptr = (uintptr_t)cmd };
	so_ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &pw);
	struct drm_syncobj_create sc = { 0 };
	so_ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc);
	uint64_t *u = calloc(ROUNDS, sizeof(*u));
	for (int i = 0; i < ROUNDS; i++) {
		for (int k = 0; k < WAIT_KINDS; k++) {
			s[k].anchor[i] = anchor_sample();
			struct drm_i915_gem_exec_object2 o = { .handle = gc.handle };
			struct drm_i915_gem_exec_fence ef = { .handle = sc.handle, .flags = I915_EXEC_FENCE_SIGNAL };
			struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
							       .flags = I915_EXEC_FENCE_OUT };
			if (k == WAIT_SYNCOBJ) {
				eb.flags |= I915_EXEC_FENCE_ARRAY;
				eb.cliprects_ptr = (uintptr_t)&ef;
				eb.num_cliprects = 1;
			}
			uint64_t t0 = now_ns();
			so_ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
			uint64_t t1 = now_ns();
			int sf = (int)(eb.rsvd2 >> 32);
			if (k == WAIT_POLL) {
				struct pollfd p = { .fd = sf, .events = POLLIN };
				while (poll(&p, 1, 5000) == 0)
					;
			} else if (k == WAIT_SYNCOBJ) {
				struct drm_syncobj_wait w = { .handles = (uintptr_t)&sc.handle, .count_handles = 1,
							      .timeout_nsec = INT64_MAX };
				so_ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
			} else {
				struct drm_i915_gem_wait w = { .bo_handle = gc.handle, .timeout_ns = -1 };
				so_ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w);
			}
			uint64_t t2 = now_ns();
			s[k].submit[i] = t2 - t0;
			s[k].exec[i] = t1 - t0;
			uint64_t signalled = fence_timestamp(sf);
			s[k].wake[i] = t2 > signalled ? t2 - signalled : 0;
			if (k == WAIT_POLL) {
				struct pollfd p = { .fd = sf, .events = POLLIN };
				uint64_t t3 = now_ns();
				poll(&p, 1, 0);
				u[i] = now_ns() - t3;
			}
			close(sf);
		}
	}
	*poll_signalled = median_us(u, ROUNDS);
	free(u);
	close(fd);
}

static void row(const char *name, uint64_t *v, double anchor_med)
{
	double m = median_us(v, ROUNDS);
	printf("  %-34s %8.1f %8.1f  %5.1fx\n", name, m, p99_us(v, ROUNDS), m / anchor_med);
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
	static struct samples so, ex[WAIT_KINDS];
	static uint64_t quiet[ROUNDS];
	anchor_start();
	for (int i = 0; i < ROUNDS; i++)
		quiet[i] = anchor_sample_of(ANCHOR_CROSS);
	syncobj_pingpong(node, so.submit, so.anchor);
	double ps;
	exec_waits(node, ex, &ps);
	anchor_stop();
	for (int i = 0; i < ROUNDS; i++)	/* one-way */
		so.submit[i] /= 2;

	printf("sync_bench: fence wake latency (median and 99th percentile, us, of %d) against a futex\n"
	       "round trip between two pinned processes, an anchor sampled before every fence sample:\n",
	       ROUNDS);
	printf("  %-34s %8s %8s  %6s\n", "", "median", "p99", "/futex");
	uint64_t all[(WAIT_KINDS + 1) * ROUNDS];
	memcpy(all, so.anchor, sizeof(so.anchor));
	for (int k = 0; k < WAIT_KINDS; k++)
		memcpy(all + (k + 1) * ROUNDS, ex[k].anchor, sizeof(ex[k].anchor));
	int nall = (int)(sizeof(all) / sizeof(all[0]));
	double am = median_us(all, nall);
	printf("  %-34s %8.1f %8.1f  %5.1fx\n", "futex round trip, one CPU (anchor)", am, p99_us(all, nall), 1.0);
	double cm = median_us(cross, ncross);
	printf("  %-34s %8.1f %8.1f  %5.1fx\n", "futex round trip, two CPUs", cm, p99_us(cross, ncross), cm / am);
	printf("  %-34s %8.1f %8.1f  %5.1fx\n", "  the same, nothing else running", median_us(quiet, ROUNDS),
	       p99_us(quiet, ROUNDS), median_us(quiet, ROUNDS) / am);
	double sm = median_us(so.anchor, ROUNDS);
	printf("  syncobj ping-pong (futex round trip meanwhile %.1f / %.1f)\n", sm, p99_us(so.anchor, ROUNDS));
	row("  signal -> wake, 2 procs", so.submit, am);
	for (int k = 0; k < WAIT_KINDS; k++) {
		char name[64];
		double km = median_us(ex[k].anchor, ROUNDS);	/* sorts: before p99_us */
		printf("  %s (futex round trip meanwhile %.1f / %.1f)\n", kind_name[k], km,
		       p99_us(ex[k].anchor, ROUNDS));
		snprintf(name, sizeof(name), "  completion -> woken");
		row(name, ex[k].wake, am);
		snprintf(name, sizeof(name), "  submit -> woken");
		row(name, ex[k].submit, am);
		snprintf(name, sizeof(name), "  the exec ioctl alone");
		row(name, ex[k].exec, am);
	}
	printf("  %-34s %8.1f\n", "poll() of a signalled sync_file", ps);
	return 0;
}
