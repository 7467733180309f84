/* SPDX-License-Identifier: MIT */
/*
 * A process killed while it sleeps in a wait leaves nothing behind: what the
 * wait held between its two locked sections (the fences it waits for, the
 * sync objects, the futex word and the callbacks and nodes that point at it,
 * the object of a DMA_BUF_IOCTL_SYNC) is given back by the device process,
 * and the checker (i915-shim --check) finds the same state as if the wait had
 * returned. One test per wait a libdrm user makes with an infinite timeout:
 * SYNCOBJ_WAIT (on a fence and for a fence to be submitted), the timeline
 * wait, DMA_BUF_IOCTL_SYNC, GEM_WAIT, THROTTLE and poll() of a sync_file.
 * Shim only; each test has a device instance of its own.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <linux/dma-buf.h>

#include "tests/i915/i915_test.h"
#include "tests/shim_check.h"

/* What the waits wait for: a spinner that writes target, and what points at it. */
struct busy {
	int fd;
	uint32_t target, batch;
	volatile uint32_t *map;		/* the spinner's batch: MI_BATCH_BUFFER_END ends it */
	uint32_t signalled;		/* a syncobj the spinner signals */
	uint32_t empty;			/* a syncobj with no fence yet */
	uint32_t timeline;		/* a timeline syncobj with no points */
	int dmabuf;			/* target, exported */
	int out_fence;			/* the spinner's sync_file */
	struct heartbeat hb;
};

static uint32_t syncobj_create(int fd)
{
	struct drm_syncobj_create c = { 0 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c));
	return c.handle;
}

static void busy_start(struct busy *b, const char *tag)
{
	REQUIRE_SHIM("the shim's invariant checker");
	private_instance(tag);
	b->fd = i915_open_gen8();
	heartbeat_hold_off(b->fd, "rcs0", &b->hb);
	static const uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, 0x800000, 0, MI_BATCH_BUFFER_END };
	b->target = gem_create(b->fd, 4096);
	b->batch = gem_batch(b->fd, spin, sizeof(spin));
	struct drm_i915_gem_mmap m = { .handle = b->batch, .size = 4096 };
	ASSERT_OK(ioctl(b->fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	b->map = (volatile uint32_t *)(uintptr_t)m.addr_ptr;
	b->signalled = syncobj_create(b->fd);
	b->empty = syncobj_create(b->fd);
	b->timeline = syncobj_create(b->fd);
	struct drm_i915_gem_exec_fence signal = { .handle = b->signalled, .flags = I915_EXEC_FENCE_SIGNAL };
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = b->target, .flags = EXEC_OBJECT_WRITE },
		{ .handle = b->batch, .flags = EXEC_OBJECT_PINNED, .offset = 0x800000 },
	};
	struct drm_i915_gem_execbuffer2 eb = {
		.buffers_ptr = (uintptr_t)o, .buffer_count = 2, .cliprects_ptr = (uintptr_t)&signal,
		.num_cliprects = 1, .flags = I915_EXEC_RENDER | I915_EXEC_FENCE_ARRAY | I915_EXEC_FENCE_OUT,
	};
	ASSERT_OK(ioctl(b->fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	b->out_fence = (int)(eb.rsvd2 >> 32);
	struct drm_prime_handle ph = { .handle = b->target, .flags = DRM_CLOEXEC | DRM_RDWR };
	ASSERT_OK(ioctl(b->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph));
	b->dmabuf = ph.fd;
}

/* Ends the spinner, waits for the device to settle, closes everything: nothing may be left. */
static void busy_end(struct busy *b)
{
	b->map[0] = MI_BATCH_BUFFER_END;
	__sync_synchronize();
	gem_wait(b->fd, b->target);
	ASSERT_SHIM_CONSISTENT();
	munmap((void *)b->map, 4096);
	close(b->dmabuf);
	close(b->out_fence);
	heartbeat_restore(&b->hb);
	close(b->fd);
	close(open_render());			/* reaping runs when a device file opens */
	char *text = SHIM_CHECK_CONSISTENT();
	ASSERT_EQ(shim_check_count(text, "files"), 0);
	ASSERT_EQ(shim_check_count(text, "objects"), 0);
	ASSERT_EQ(shim_check_count(text, "fences"), 0);
	ASSERT_EQ(shim_check_count(text, "syncobjs"), 0);
	ASSERT_EQ(shim_check_count(text, "waiters"), 0);
	ASSERT_EQ(shim_check_count(text, "arena_unreached"), 0);
	free(text);
	test_instance_remove();
}

/* The state letter of /proc/<pid>/stat ('S': asleep). */
static char proc_state(pid_t pid)
{
	char path[64], text[512];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return '?';
	size_t n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	const char *p = strrchr(text, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

/*
 * A child (sharing b's open file) calls wait(b), which must not return while the spinner
 * spins; once it sleeps, it is killed. The device must be consistent with the spinner still
 * running, and after it ends and everything is closed nothing may be left.
 */
static void killed_in(const char *tag, int (*wait)(struct busy *b))
{
	struct busy b;
	busy_start(&b, tag);
	char *text = SHIM_CHECK_CONSISTENT();
	long long clients = shim_check_count(text, "clients");
	free(text);
	int ready[2];
	ASSERT_OK(pipe(ready));
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		close(ready[0]);
		if (write(ready[1], "w", 1) != 1)
			_exit(3);
		int ret = wait(&b);
		_exit(ret ? 2 : 1);		/* returned: the wait did not wait */
	}
	close(ready[1]);
	char c;
	ASSERT_EQ(read(ready[0], &c, 1), 1);
	close(ready[0]);
	for (int i = 0; i < 2000 && proc_state(pid) != 'S'; i++)
		usleep(1000);
	usleep(50000);				/* asleep, and in the wait itself */
	ASSERT_EQ(proc_state(pid), 'S');
	ASSERT_OK(kill(pid, SIGKILL));
	int status;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFSIGNALED(status))
		TEST_FAIL("the child's wait returned (exit %d)", WEXITSTATUS(status));
	/* The device process learns of the death through a pidfd, on its own time: its
	 * record goes once it has given back what the child borrowed. */
	for (int i = 0;; i++) {
		text = SHIM_CHECK_CONSISTENT();	/* the spinner still runs */
		ASSERT_EQ(shim_check_count(text, "idle"), 0);
		long long now = shim_check_count(text, "clients");
		free(text);
		if (now == clients)
			break;
		if (i == 1000)
			TEST_FAIL("the dead child's record is still there after 10 s (%lld clients)", now);
		usleep(10000);
	}
	busy_end(&b);
}

static int syncobj_wait_all(struct busy *b)
{
	uint32_t handles[] = { b->signalled, b->empty };
	struct drm_syncobj_wait w = { .handles = (uintptr_t)handles, .count_handles = 2,
				      .timeout_nsec = INT64_MAX,
				      .flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL |
					       DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT };
	return ioctl(b->fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
}

static int syncobj_wait_fence(struct busy *b)
{
	struct drm_syncobj_wait w = { .handles = (uintptr_t)&b->signalled, .count_handles = 1,
				      .timeout_nsec = INT64_MAX };
	return ioctl(b->fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
}

static int timeline_wait(struct busy *b)
{
	uint64_t point = 3;
	uint32_t handles[] = { b->timeline, b->signalled };
	uint64_t points[] = { point, 0 };
	struct drm_syncobj_timeline_wait w = { .handles = (uintptr_t)handles, .points = (uintptr_t)points,
					       .count_handles = 2, .timeout_nsec = INT64_MAX,
					       .flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT };
	return ioctl(b->fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &w);
}

static int dmabuf_sync(struct busy *b)
{
	struct dma_buf_sync s = { .flags = DMA_BUF_SYNC_START | DMA_BUF_SYNC_RW };
	return ioctl(b->dmabuf, DMA_BUF_IOCTL_SYNC, &s);
}

static int gem_wait_forever(struct busy *b)
{
	struct drm_i915_gem_wait w = { .bo_handle = b->target, .timeout_ns = -1 };
	return ioctl(b->fd, DRM_IOCTL_I915_GEM_WAIT, &w);
}

static int throttle(struct busy *b)
{
	usleep(30000);				/* the spinner is now older than throttle's 20 ms */
	return ioctl(b->fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL);
}

static int sync_file_poll(struct busy *b)
{
	struct pollfd p = { .fd = b->out_fence, .events = POLLIN };
	return poll(&p, 1, -1);
}

TEST(killed_in_syncobj_wait_for_submit) { killed_in("so-submit", syncobj_wait_all); }
TEST(killed_in_syncobj_wait) { killed_in("so-wait", syncobj_wait_fence); }
TEST(killed_in_timeline_wait) { killed_in("tl-wait", timeline_wait); }
TEST(killed_in_dma_buf_sync) { killed_in("dmabuf-sync", dmabuf_sync); }
TEST(killed_in_gem_wait) { killed_in("gem-wait", gem_wait_forever); }
TEST(killed_in_throttle) { killed_in("throttle", throttle); }
TEST(killed_in_sync_file_poll) { killed_in("poll", sync_file_poll); }

TEST_MAIN(T(killed_in_syncobj_wait_for_submit), T(killed_in_syncobj_wait), T(killed_in_timeline_wait),
	  T(killed_in_dma_buf_sync), T(killed_in_gem_wait), T(killed_in_throttle), T(killed_in_sync_file_poll))
