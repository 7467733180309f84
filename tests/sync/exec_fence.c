/* SPDX-License-Identifier: MIT */
/*
 * Execbuffer fences (doc/uapi-conformance.md §27g, X70–X72) and what needs a
 * pending fence: out-fences that stay unsignalled while a spinner runs, in-
 * fences that hold a request back, FENCE_SUBMIT, syncobj arrays and timeline
 * points signalled by requests, WAIT_AVAILABLE and transfers of pending
 * points, sync_file merge and FILE_INFO. gen8+ batches; kernel-agnostic.
 */
#include "tests/sync/sync_util.h"

#include <signal.h>
#include <sys/time.h>

#define SPIN_ADDR 0x800000ull
#define DST_ADDR 0x400000ull

/* X70a, X70c: bad in-fences. */
TEST(in_fence_errors)
{
	int fd = gen8_fd();
	uint32_t b = batch_end(fd);
	uint64_t rsvd2 = (uint32_t)-1;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_IN, &rsvd2, 0, 0), EINVAL);
	rsvd2 = (uint32_t)fd;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_IN, &rsvd2, 0, 0), EINVAL);
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_SUBMIT, &rsvd2, 0, 0), EINVAL);	/* X70b */
	uint32_t s = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	int sf;
	ASSERT_OK(so_to_fd(fd, s, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &sf));
	rsvd2 = (uint32_t)sf;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_IN | I915_EXEC_FENCE_SUBMIT, &rsvd2, 0, 0), EINVAL);
	ASSERT_OK(exec_batch(fd, b, 0, I915_EXEC_FENCE_IN, &rsvd2, 0, 0));
	ASSERT_OK(exec_batch(fd, b, 0, I915_EXEC_FENCE_SUBMIT, &rsvd2, 0, 0));
	close(sf);
	close(fd);
}

/* X70d: the out-fence is pending while the batch runs, readable after; low bits kept. */
TEST(out_fence_follows_request)
{
	int fd = gen8_fd();
	struct spinner s = spinner_new(fd, SPIN_ADDR);
	uint64_t rsvd2 = 0x1234;
	ASSERT_OK(exec_batch(fd, s.handle, s.addr, I915_EXEC_FENCE_OUT, &rsvd2, 0, 0));
	ASSERT_EQ(rsvd2 & 0xffffffff, 0x1234);
	int out = (int)(rsvd2 >> 32);
	ASSERT(out > 2);
	ASSERT(fcntl(out, F_GETFD) & FD_CLOEXEC);
	ASSERT(!sync_file_ready(out, 20));
	struct sync_file_info info = { 0 };
	ASSERT_OK(ioctl(out, SYNC_IOC_FILE_INFO, &info));
	ASSERT_EQ(info.status, 0);
	spinner_end(&s);
	ASSERT(sync_file_ready(out, 5000));
	memset(&info, 0, sizeof(info));
	ASSERT_OK(ioctl(out, SYNC_IOC_FILE_INFO, &info));
	ASSERT_EQ(info.status, 1);
	close(out);
	/* with the IOW number the struct is not copied back: no fd to see (D7) */
	struct drm_i915_gem_exec_object2 o = { .handle = batch_end(fd) };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
					       .flags = I915_EXEC_FENCE_OUT };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb));
	ASSERT_EQ(eb.rsvd2, 0);
	close(fd);
}

static void on_alarm(int sig)
{
	(void)sig;
}

static uint64_t ms_since(uint64_t t0)
{
	return (now_ns() - t0) / 1000000;
}

/*
 * poll(2) and ppoll(2) of a pending out-fence behave as on any fd (X70f): the
 * timeout is kept, a readable fd beside it answers at once, a negative fd is
 * ignored, a signal handler ends the wait with EINTR, a bad timespec is
 * EINVAL; the fence's completion makes it POLLIN.
 */
TEST(out_fence_poll_keeps_timeouts_and_signals)
{
	int fd = gen8_fd();
	struct spinner s = spinner_new(fd, SPIN_ADDR);
	int out = spin_with_out_fence(fd, &s, I915_EXEC_RENDER);
	struct pollfd p[2] = { { .fd = out, .events = POLLIN } };
	uint64_t t0 = now_ns();
	ASSERT_EQ(poll(p, 1, 30), 0);
	ASSERT(ms_since(t0) >= 30);
	ASSERT_EQ(p[0].revents, 0);
	struct timespec ts = { 0, 20000000 };
	t0 = now_ns();
	ASSERT_EQ(ppoll(p, 1, &ts, NULL), 0);
	ASSERT(ms_since(t0) >= 20);
	ASSERT_EQ(ts.tv_nsec, 20000000);	/* glibc's ppoll leaves the caller's timespec alone */
	sigset_t none;
	sigemptyset(&none);
	ts.tv_nsec = 10000000;
	ASSERT_EQ(ppoll(p, 1, &ts, &none), 0);
	ts.tv_nsec = 2000000000;
	ASSERT_ERRNO(ppoll(p, 1, &ts, NULL), EINVAL);

	int pp[2];
	ASSERT_OK(pipe(pp));
	ASSERT_EQ(write(pp[1], "x", 1), 1);
	p[1] = (struct pollfd){ .fd = pp[0], .events = POLLIN };
	ASSERT_EQ(poll(p, 2, 5000), 1);
	ASSERT_EQ(p[0].revents, 0);
	ASSERT_EQ(p[1].revents, POLLIN);
	p[1].fd = -1;
	t0 = now_ns();
	ASSERT_EQ(poll(p, 2, 10), 0);
	ASSERT(ms_since(t0) >= 10);

	struct sigaction sa = { .sa_handler = on_alarm }, old;
	sigemptyset(&sa.sa_mask);
	ASSERT_OK(sigaction(SIGALRM, &sa, &old));
	struct itimerval it = { .it_value = { 0, 5000 } };
	ASSERT_OK(setitimer(ITIMER_REAL, &it, NULL));
	ASSERT_ERRNO(poll(p, 1, -1), EINTR);
	ASSERT_OK(sigaction(SIGALRM, &old, NULL));

	spinner_end(&s);
	ASSERT_EQ(poll(p, 1, 5000), 1);
	ASSERT_EQ(p[0].revents, POLLIN);
	ASSERT_EQ(ppoll(p, 1, NULL, NULL), 1);
	close(pp[0]);
	close(pp[1]);
	close(out);
	close(fd);
}

/* An in-fence holds the request back until it signals. */
TEST(in_fence_orders_requests)
{
	int fd = gen8_fd();
	struct spinner s = spinner_new(fd, SPIN_ADDR);
	int out = spin_with_out_fence(fd, &s, I915_EXEC_RENDER);
	uint32_t dst = gem_create(fd, 4096), batch = gem_create(fd, 4096);
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, (uint32_t)DST_ADDR, 0, 0xc0ffee, MI_BATCH_BUFFER_END, 0 };
	gem_write(fd, batch, 0, cmd, sizeof(cmd));
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = dst, .offset = DST_ADDR, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE },
		{ .handle = batch, .offset = 0x600000, .flags = EXEC_OBJECT_PINNED },
	};
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)o, .buffer_count = 2,
					       .flags = I915_EXEC_BLT | I915_EXEC_FENCE_IN | I915_EXEC_FENCE_OUT,
					       .rsvd2 = (uint32_t)out };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	int out2 = (int)(eb.rsvd2 >> 32);
	ASSERT(!sync_file_ready(out2, 50));
	struct drm_i915_gem_busy busy = { .handle = dst };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &busy));
	ASSERT(busy.busy != 0);
	spinner_end(&s);
	ASSERT(sync_file_ready(out2, 5000));
	ASSERT_EQ(gem_read_u32(fd, dst, 0), 0xc0ffee);
	close(out);
	close(out2);
	close(fd);
}

/* X70b: FENCE_SUBMIT waits only until the other request starts. */
TEST(submit_fence_runs_alongside)
{
	int fd = gen8_fd();
	struct spinner s = spinner_new(fd, SPIN_ADDR);
	int out = spin_with_out_fence(fd, &s, I915_EXEC_RENDER);
	uint32_t dst = gem_create(fd, 4096), batch = gem_create(fd, 4096);
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, (uint32_t)DST_ADDR, 0, 0xabcd, MI_BATCH_BUFFER_END, 0 };
	gem_write(fd, batch, 0, cmd, sizeof(cmd));
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = dst, .offset = DST_ADDR, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE },
		{ .handle = batch, .offset = 0x600000, .flags = EXEC_OBJECT_PINNED },
	};
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)o, .buffer_count = 2,
					       .flags = I915_EXEC_BLT | I915_EXEC_FENCE_SUBMIT | I915_EXEC_FENCE_OUT,
					       .rsvd2 = (uint32_t)out };
	struct drm_i915_gem_context_create cc = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE, &cc));
	eb.rsvd1 = cc.ctx_id;		/* another context: no ordering behind the spinner */
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	int out2 = (int)(eb.rsvd2 >> 32);
	ASSERT(sync_file_ready(out2, 5000));		/* done while the spinner still spins */
	ASSERT(!sync_file_ready(out, 0));
	ASSERT_EQ(gem_read_u32(fd, dst, 0), 0xabcd);
	spinner_end(&s);
	ASSERT(sync_file_ready(out, 5000));
	close(out);
	close(out2);
	close(fd);
}

/* X71a–X71h: the syncobj fence array. */
TEST(fence_array_rows)
{
	int fd = gen8_fd();
	uint32_t b = batch_end(fd), none = so_create(fd, 0), sig = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	struct drm_i915_gem_exec_fence f[2] = { { .handle = sig, .flags = I915_EXEC_FENCE_WAIT } };
	ASSERT_OK(exec_batch(fd, b, 0, I915_EXEC_FENCE_ARRAY, NULL, 8, 0));			/* X71a */
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_ARRAY, NULL, 8, 1), EFAULT);		/* X71c */
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_ARRAY, NULL, 8, 0xffffffff), EFAULT);	/* X71b (64-bit) */
	f[0].flags = 4;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_ARRAY, NULL, (uintptr_t)f, 1), EINVAL);	/* X71d */
	f[0] = (struct drm_i915_gem_exec_fence){ .handle = 0, .flags = I915_EXEC_FENCE_WAIT };
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_ARRAY, NULL, (uintptr_t)f, 1), ENOENT);	/* X71e */
	f[0] = (struct drm_i915_gem_exec_fence){ .handle = 99, .flags = 0 };
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_ARRAY, NULL, (uintptr_t)f, 1), ENOENT);
	f[0] = (struct drm_i915_gem_exec_fence){ .handle = none, .flags = I915_EXEC_FENCE_WAIT };
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_FENCE_ARRAY, NULL, (uintptr_t)f, 1), EINVAL);	/* X71f */
	f[0].flags = 0;
	ASSERT_OK(exec_batch(fd, b, 0, I915_EXEC_FENCE_ARRAY, NULL, (uintptr_t)f, 1));		/* X71g */
	ASSERT_ERRNO(so_wait(fd, &none, 1, 0, 0, NULL), EINVAL);				/* untouched */
	/* X71h: SIGNAL gets the request's fence; WAIT on a signalled one is fine */
	struct spinner s = spinner_new(fd, SPIN_ADDR);
	f[0] = (struct drm_i915_gem_exec_fence){ .handle = none, .flags = I915_EXEC_FENCE_SIGNAL };
	f[1] = (struct drm_i915_gem_exec_fence){ .handle = sig, .flags = I915_EXEC_FENCE_WAIT };
	ASSERT_OK(exec_batch(fd, s.handle, s.addr, I915_EXEC_FENCE_ARRAY, NULL, (uintptr_t)f, 2));
	ASSERT_ERRNO(so_wait(fd, &none, 1, 0, 0, NULL), ETIME);				/* submitted, pending */
	ASSERT_ERRNO(so_wait(fd, &none, 1, (int64_t)(now_ns() + 20000000), 0, NULL), ETIME);	/* Y28 */
	/* a request that waits for it through the array */
	uint32_t done = so_create(fd, 0);
	struct drm_i915_gem_exec_fence g[2] = { { .handle = none, .flags = I915_EXEC_FENCE_WAIT },
						{ .handle = done, .flags = I915_EXEC_FENCE_SIGNAL } };
	ASSERT_OK(exec_batch(fd, b, 0, I915_EXEC_BLT | I915_EXEC_FENCE_ARRAY, NULL, (uintptr_t)g, 2));
	ASSERT_ERRNO(so_wait(fd, &done, 1, (int64_t)(now_ns() + 20000000), 0, NULL), ETIME);
	spinner_end(&s);
	ASSERT_OK(so_wait(fd, &done, 1, INT64_MAX, 0, NULL));
	ASSERT_OK(so_wait(fd, &none, 1, 0, 0, NULL));
	/* X4 does not apply: FENCE_ARRAY takes cliprects */
	close(fd);
}

/* X72a–X72d: the timeline-fences extension. */
TEST(timeline_extension_rows)
{
	int fd = gen8_fd();
	uint32_t b = batch_end(fd), tl = so_create(fd, 0);
	struct drm_i915_gem_exec_fence ef[2] = { { .handle = tl, .flags = I915_EXEC_FENCE_SIGNAL } };
	uint64_t pts[2] = { 5, 0 };
	struct drm_i915_gem_execbuffer_ext_timeline_fences ext = {
		.base = { .name = DRM_I915_GEM_EXECBUFFER_EXT_TIMELINE_FENCES },
		.fence_count = 1, .handles_ptr = (uintptr_t)ef, .values_ptr = (uintptr_t)pts };
	uint64_t ep = (uintptr_t)&ext;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS | I915_EXEC_FENCE_ARRAY, NULL, ep, 0), EINVAL);	/* X72a */
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, ep, 1), EINVAL);	/* X72b */
	ext.base.name = 1;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, ep, 0), EINVAL);	/* unknown extension */
	ext.base.name = 0;
	ext.base.flags = 1;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, ep, 0), EINVAL);
	ext.base.flags = 0;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, 8, 0), EFAULT);
	/* X72c */
	ef[0].flags = 4;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, ep, 0), EINVAL);
	ef[0] = (struct drm_i915_gem_exec_fence){ .handle = 77, .flags = I915_EXEC_FENCE_SIGNAL };
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, ep, 0), ENOENT);
	ef[0] = (struct drm_i915_gem_exec_fence){ .handle = tl, .flags = I915_EXEC_FENCE_WAIT };
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, ep, 0), EINVAL);	/* no fence */
	ef[0].flags = I915_EXEC_FENCE_WAIT | I915_EXEC_FENCE_SIGNAL;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, ep, 0), EINVAL);	/* same point */
	ext.handles_ptr = 8;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, ep, 0), EFAULT);
	ext.handles_ptr = (uintptr_t)ef;
	ext.values_ptr = 8;
	ASSERT_ERRNO(exec_batch(fd, b, 0, I915_EXEC_USE_EXTENSIONS, NULL, ep, 0), EFAULT);
	ext.values_ptr = (uintptr_t)pts;
	ASSERT_EQ(so_query(fd, tl, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 0);		/* nothing changed */
	/* X72d: a spinner signals point 5; WAIT_AVAILABLE sees it at once, a plain wait does not */
	struct spinner s = spinner_new(fd, SPIN_ADDR);
	ef[0].flags = I915_EXEC_FENCE_SIGNAL;
	ASSERT_OK(exec_batch(fd, s.handle, s.addr, I915_EXEC_USE_EXTENSIONS, NULL, ep, 0));
	ASSERT_EQ(so_query(fd, tl, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 5);
	ASSERT_EQ(so_query(fd, tl, 0), 0);
	uint64_t p = 5;
	ASSERT_OK(so_twait(fd, &tl, &p, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE));	/* Y39 */
	ASSERT_ERRNO(so_twait(fd, &tl, &p, 1, 0, 0), ETIME);
	/* transfer of a pending point to a binary syncobj, and to another timeline */
	uint32_t bin = so_create(fd, 0), tl2 = so_create(fd, 0);
	ASSERT_OK(so_transfer(fd, bin, 0, tl, 5, 0));
	ASSERT_OK(so_transfer(fd, tl2, 2, tl, 5, 0));
	ASSERT_ERRNO(so_wait(fd, &bin, 1, 0, 0, NULL), ETIME);
	/* a second request waits for point 5 and signals point 6 */
	ef[0] = (struct drm_i915_gem_exec_fence){ .handle = tl, .flags = I915_EXEC_FENCE_WAIT };
	ef[1] = (struct drm_i915_gem_exec_fence){ .handle = tl, .flags = I915_EXEC_FENCE_SIGNAL };
	pts[1] = 6;
	ext.fence_count = 2;
	ASSERT_OK(exec_batch(fd, b, 0, I915_EXEC_BLT | I915_EXEC_USE_EXTENSIONS, NULL, ep, 0));
	ASSERT_EQ(so_query(fd, tl, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 6);
	p = 6;
	ASSERT_ERRNO(so_twait(fd, &tl, &p, 1, (int64_t)(now_ns() + 20000000), 0), ETIME);
	spinner_end(&s);
	ASSERT_OK(so_twait(fd, &tl, &p, 1, INT64_MAX, 0));
	ASSERT_EQ(so_query(fd, tl, 0), 6);
	ASSERT_OK(so_wait(fd, &bin, 1, 0, 0, NULL));
	p = 2;
	ASSERT_OK(so_twait(fd, &tl2, &p, 1, 0, 0));
	close(fd);
}

/* A waiter blocks until the request signals: WAIT_FOR_SUBMIT then completion. */
TEST(wait_for_submit_then_signal)
{
	int fd = gen8_fd();
	uint32_t h = so_create(fd, 0);
	struct spinner s = spinner_new(fd, SPIN_ADDR);
	pid_t pid = fork();
	if (pid == 0) {
		usleep(50000);
		struct drm_i915_gem_exec_fence f = { .handle = h, .flags = I915_EXEC_FENCE_SIGNAL };
		ASSERT_OK(exec_batch(fd, s.handle, s.addr, I915_EXEC_FENCE_ARRAY, NULL, (uintptr_t)&f, 1));
		usleep(50000);
		spinner_end(&s);
		struct drm_i915_gem_wait w = { .bo_handle = s.handle, .timeout_ns = -1 };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &w));	/* its request completes */
		_exit(0);
	}
	uint64_t t0 = now_ns();
	ASSERT_OK(so_wait(fd, &h, 1, (int64_t)(t0 + 10000000000ull), DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL));
	ASSERT(now_ns() - t0 >= 90000000);
	ASSERT_EQ(wait_child(pid), 0);
	close(fd);
}

/* sync_file merge and FILE_INFO. */
TEST(sync_file_merge_info)
{
	int fd = gen8_fd();
	struct spinner s = spinner_new(fd, SPIN_ADDR);
	int a = spin_with_out_fence(fd, &s, I915_EXEC_RENDER);
	uint32_t sig = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	int b;
	ASSERT_OK(so_to_fd(fd, sig, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &b));
	struct sync_merge_data m = { .name = "merged", .fd2 = b, .flags = 1 };
	ASSERT_ERRNO(ioctl(a, SYNC_IOC_MERGE, &m), EINVAL);
	m.flags = 0;
	m.fd2 = fd;
	ASSERT_ERRNO(ioctl(a, SYNC_IOC_MERGE, &m), ENOENT);
	m.fd2 = b;
	ASSERT_ERRNO(ioctl(a, SYNC_IOC_MERGE, (void *)8), EFAULT);
	ASSERT_OK(ioctl(a, SYNC_IOC_MERGE, &m));
	int c = m.fence;
	ASSERT(c >= 0 && c != a && c != b);
	ASSERT(fcntl(c, F_GETFD) & FD_CLOEXEC);
	struct sync_file_info info = { .flags = 1 };
	ASSERT_ERRNO(ioctl(c, SYNC_IOC_FILE_INFO, &info), EINVAL);
	memset(&info, 0, sizeof(info));
	ASSERT_OK(ioctl(c, SYNC_IOC_FILE_INFO, &info));
	ASSERT_STREQ(info.name, "merged");
	ASSERT_EQ(info.num_fences, 2);
	ASSERT_EQ(info.status, 0);
	struct sync_fence_info fi[2];
	memset(fi, 0, sizeof(fi));
	info.num_fences = 1;
	info.sync_fence_info = (uintptr_t)fi;
	ASSERT_ERRNO(ioctl(c, SYNC_IOC_FILE_INFO, &info), EINVAL);
	info.num_fences = 2;
	ASSERT_OK(ioctl(c, SYNC_IOC_FILE_INFO, &info));
	ASSERT_EQ(fi[0].status + fi[1].status, 1);	/* one pending, one signalled */
	ASSERT(!sync_file_ready(c, 20));
	ASSERT_ERRNO(ioctl(c, _IO(SYNC_IOC_MAGIC, 9)), ENOTTY);
	spinner_end(&s);
	ASSERT(sync_file_ready(c, 5000));
	memset(&info, 0, sizeof(info));
	ASSERT_OK(ioctl(c, SYNC_IOC_FILE_INFO, &info));
	ASSERT_EQ(info.status, 1);
	/* importing the merged sync_file into a syncobj */
	uint32_t h = so_create(fd, 0);
	ASSERT_OK(so_from_fd(fd, c, DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE, &h));
	ASSERT_OK(so_wait(fd, &h, 1, 0, 0, NULL));
	close(a);
	close(b);
	close(c);
	close(fd);
}

/* Runs batch (pinned at addr when addr) on ring of context ctx with an out-fence; the fence. */
static int exec_ctx_out_fence(int fd, uint32_t ctx, uint32_t batch, uint64_t addr, uint64_t ring)
{
	struct drm_i915_gem_exec_object2 o = { .handle = batch, .offset = addr,
					       .flags = addr ? EXEC_OBJECT_PINNED : 0 };
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
					       .flags = ring | I915_EXEC_FENCE_OUT, .rsvd1 = ctx };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	return (int)(eb.rsvd2 >> 32);
}

/*
 * Each engine of a context is a timeline of its own (i915's default): a
 * request on the blitter does not wait for one still running on the render
 * engine of the same context, and their fences are of two fence contexts, so
 * a merge keeps both. A context created with SINGLE_TIMELINE orders all its
 * engines as one: the blit waits, and a merge keeps the later fence only.
 */
TEST(engines_of_a_context_are_timelines_of_their_own)
{
	int fd = gen8_fd();
	for (int single = 0; single < 2; single++) {
		uint32_t ctx = 0;
		if (single) {
			struct drm_i915_gem_context_create_ext c = {
				.flags = I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE };
			ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
			ctx = c.ctx_id;
		}
		struct spinner s = spinner_new(fd, SPIN_ADDR);
		int render = exec_ctx_out_fence(fd, ctx, s.handle, s.addr, I915_EXEC_RENDER);
		int blit = exec_ctx_out_fence(fd, ctx, batch_end(fd), 0, I915_EXEC_BLT);
		ASSERT(render >= 0 && blit >= 0);
		if (single)
			ASSERT(!sync_file_ready(blit, 50));	/* behind the spinner */
		else
			ASSERT(sync_file_ready(blit, 5000));	/* beside it */
		ASSERT(!sync_file_ready(render, 0));
		struct sync_merge_data m = { .name = "both", .fd2 = blit };
		ASSERT_OK(ioctl(render, SYNC_IOC_MERGE, &m));
		struct sync_file_info info = { 0 };
		ASSERT_OK(ioctl(m.fence, SYNC_IOC_FILE_INFO, &info));
		ASSERT_EQ(info.num_fences, single ? 1 : 2);
		spinner_end(&s);
		ASSERT(sync_file_ready(m.fence, 5000));
		ASSERT(sync_file_ready(blit, 0));
		close(m.fence);
		close(blit);
		close(render);
	}
	close(fd);
}

TEST_MAIN(T(engines_of_a_context_are_timelines_of_their_own), T(in_fence_errors), T(out_fence_follows_request),
	  T(out_fence_poll_keeps_timeouts_and_signals), T(in_fence_orders_requests),
	  T(submit_fence_runs_alongside), T(fence_array_rows), T(timeline_extension_rows),
	  T(wait_for_submit_then_signal), T(sync_file_merge_info))
