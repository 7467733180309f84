/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the sync tests (tests/sync/): render-node fds, one-line
 * syncobj ioctl wrappers returning the ioctl result (0 or -1 with errno),
 * CLOCK_MONOTONIC deadlines, fd passing over a socketpair (SCM_RIGHTS), and
 * a gen8+ "spinner": a batch that jumps to itself until the test writes
 * MI_BATCH_BUFFER_END over it, so its request's fence stays pending for as
 * long as the test wants. Only ioctl/mmap and the uAPI headers are used, so
 * the tests run unchanged on a real i915. Every fd and mapping belongs to
 * the caller.
 */
#ifndef TESTS_SYNC_SYNC_UTIL_H
#define TESTS_SYNC_SYNC_UTIL_H

#define _GNU_SOURCE
#include <poll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <drm.h>
#include <i915_drm.h>
#include <linux/sync_file.h>

#include "hwdefs/intel_commands.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "tests/i915/i915_test.h"

static inline int sync_open(void)
{
	int fd = test_open_render();
	if (fd < 0)
		SKIP_MISSING("no render node");
	uint64_t cap = 0;
	struct drm_get_cap gc = { .capability = DRM_CAP_SYNCOBJ_TIMELINE };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GET_CAP, &gc));
	if (!gc.value)	/* 0: no DRIVER_SYNCOBJ_TIMELINE; i915 has it on every device */
		SKIP_UNSUPPORTED(false, "no timeline sync objects");
	(void)cap;
	return fd;
}

static inline uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline uint32_t so_create(int fd, uint32_t flags)
{
	struct drm_syncobj_create c = { .flags = flags };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c));
	return c.handle;
}

static inline int so_destroy(int fd, uint32_t h)
{
	struct drm_syncobj_destroy d = { .handle = h };
	return ioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d);
}

static inline int so_wait(int fd, uint32_t *h, uint32_t n, int64_t timeout, uint32_t flags, uint32_t *first)
{
	struct drm_syncobj_wait w = { .handles = (uintptr_t)h, .count_handles = n, .timeout_nsec = timeout,
				      .flags = flags, .first_signaled = 0xdeadbeef };
	int ret = ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
	if (first)
		*first = w.first_signaled;
	return ret;
}

static inline int so_twait(int fd, uint32_t *h, uint64_t *p, uint32_t n, int64_t timeout, uint32_t flags)
{
	struct drm_syncobj_timeline_wait w = { .handles = (uintptr_t)h, .points = (uintptr_t)p,
					       .count_handles = n, .timeout_nsec = timeout, .flags = flags };
	return ioctl(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &w);
}

static inline int so_array(int fd, unsigned long req, uint32_t *h, uint32_t n)
{
	struct drm_syncobj_array a = { .handles = (uintptr_t)h, .count_handles = n };
	return ioctl(fd, req, &a);
}

static inline int so_signal(int fd, uint32_t h) { return so_array(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &h, 1); }
static inline int so_reset(int fd, uint32_t h) { return so_array(fd, DRM_IOCTL_SYNCOBJ_RESET, &h, 1); }

static inline int so_tarray(int fd, unsigned long req, uint32_t *h, uint64_t *p, uint32_t n, uint32_t flags)
{
	struct drm_syncobj_timeline_array a = { .handles = (uintptr_t)h, .points = (uintptr_t)p,
						.count_handles = n, .flags = flags };
	return ioctl(fd, req, &a);
}

static inline int so_tsignal(int fd, uint32_t h, uint64_t point)
{
	return so_tarray(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &h, &point, 1, 0);
}

static inline uint64_t so_query(int fd, uint32_t h, uint32_t flags)
{
	uint64_t p = 0xdead;
	ASSERT_OK(so_tarray(fd, DRM_IOCTL_SYNCOBJ_QUERY, &h, &p, 1, flags));
	return p;
}

static inline int so_transfer(int fd, uint32_t dst, uint64_t dp, uint32_t src, uint64_t sp, uint32_t flags)
{
	struct drm_syncobj_transfer t = { .dst_handle = dst, .dst_point = dp, .src_handle = src,
					  .src_point = sp, .flags = flags };
	return ioctl(fd, DRM_IOCTL_SYNCOBJ_TRANSFER, &t);
}

static inline int so_to_fd(int fd, uint32_t h, uint32_t flags, int *out)
{
	struct drm_syncobj_handle a = { .handle = h, .flags = flags, .fd = -1 };
	int ret = ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &a);
	*out = a.fd;
	return ret;
}

static inline int so_from_fd(int fd, int obj_fd, uint32_t flags, uint32_t *h)
{
	struct drm_syncobj_handle a = { .fd = obj_fd, .flags = flags, .handle = *h };
	int ret = ioctl(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &a);
	*h = a.handle;
	return ret;
}

/* Is the sync_file readable (its fence signalled) within ms milliseconds? */
static inline bool sync_file_ready(int sf, int ms)
{
	struct pollfd p = { .fd = sf, .events = POLLIN };
	return poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

/* --- between processes (send_fd/recv_fd: tests/drm_test_util.h) ---------- */

static inline void send_byte(int sock, char b) { ASSERT_EQ(write(sock, &b, 1), 1); }
static inline char recv_byte(int sock)
{
	char b = 0;
	ASSERT_EQ(read(sock, &b, 1), 1);
	return b;
}

/* A child that must exit 0; returns its pid. */
static inline int wait_child(pid_t pid)
{
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* --- gen8+ batches ----------------------------------------------------------- */

static inline int gen8_fd(void)
{
	int fd = sync_open();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	int devid = i915_devid(fd);
	if ((devid & 0xff00) != 0x1900 && (devid & 0xff00) != 0x1600 && (devid & 0xff00) != 0x8a00)
		SKIP_DEVICE("these batches use gen8+ encodings");
	return fd;
}

static inline uint32_t gem_read_u32(int fd, uint32_t h, uint64_t off)
{
	uint32_t v = 0;
	struct drm_i915_gem_pread a = { .handle = h, .offset = off, .size = 4, .data_ptr = (uintptr_t)&v };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_PREAD, &a));
	return v;
}

static inline uint32_t batch_end(int fd)
{
	uint32_t h = gem_create(fd, 4096);
	uint32_t cmd[2] = { MI_BATCH_BUFFER_END, 0 };
	gem_write(fd, h, 0, cmd, sizeof(cmd));
	return h;
}

struct spinner {
	uint32_t handle;
	volatile uint32_t *map;
	uint64_t addr;
};

/* A batch (pinned at addr) that loops until spinner_end(). */
static inline struct spinner spinner_new(int fd, uint64_t addr)
{
	struct spinner s = { .handle = gem_create(fd, 4096), .addr = addr };
	struct drm_i915_gem_mmap m = { .handle = s.handle, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	s.map = (uint32_t *)(uintptr_t)m.addr_ptr;
	uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, (uint32_t)addr, (uint32_t)(addr >> 32), MI_BATCH_BUFFER_END };
	memcpy((void *)s.map, spin, sizeof(spin));
	return s;
}

static inline void spinner_end(struct spinner *s)
{
	s->map[0] = MI_BATCH_BUFFER_END;
	__sync_synchronize();
}

/* Executes one batch (EXECBUFFER2_WR) with the given flags/rsvd2/cliprects; the ioctl result. */
static inline int exec_batch(int fd, uint32_t batch, uint64_t addr, uint64_t flags, uint64_t *rsvd2,
			     uint64_t cliprects_ptr, uint32_t num_cliprects)
{
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .offset = addr,
					       .flags = addr ? EXEC_OBJECT_PINNED : 0 };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1, .flags = flags,
					       .cliprects_ptr = cliprects_ptr, .num_cliprects = num_cliprects,
					       .rsvd2 = rsvd2 ? *rsvd2 : 0 };
	int ret = ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
	if (rsvd2)
		*rsvd2 = eb.rsvd2;
	return ret;
}

/* Starts a spinner and returns its out-fence (a sync_file fd). */
static inline int spin_with_out_fence(int fd, struct spinner *s, uint64_t ring)
{
	uint64_t rsvd2 = 0;
	ASSERT_OK(exec_batch(fd, s->handle, s->addr, ring | I915_EXEC_FENCE_OUT, &rsvd2, 0, 0));
	int out = (int)(rsvd2 >> 32);
	ASSERT(out >= 0);
	return out;
}

#endif
