/* SPDX-License-Identifier: MIT */
/*
 * Fences: the completion of a context's batch, as i965's brw_fence held
 * it — the batch object for a plain fence (waited with GEM_WAIT, polled
 * with GEM_BUSY), a sync_file from execbuffer's FENCE_OUT for a native
 * one. A fence made from an application's sync_file owns that fd; a
 * server wait hands it to the next batch as FENCE_IN (merged with a wait
 * already pending through SYNC_IOC_MERGE). A fence outlives the context
 * that made it: it holds its own reference to the batch object.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/sync_file.h>

#include "upper-layers/gl/gl_priv.h"

struct gl_fence *gl_fence_create(struct gl_context *ctx, bool want_fd)
{
	struct gl_fence *f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->fd = -1;
	int ret = gl_batch_flush(ctx, want_fd ? &f->fd : NULL);
	if (ret < 0 && want_fd) {
		free(f);
		errno = -ret;
		return NULL;
	}
	if (ctx->batch.last) {
		f->bo = ctx->batch.last;
		drm_intel_bo_reference(f->bo);
	}
	return f;
}

struct gl_fence *gl_fence_from_fd(struct gl_context *ctx, int in_fd)
{
	(void)ctx;
	struct gl_fence *f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->fd = in_fd;
	return f;
}

/* Waits for fd to poll readable; 1 signaled, 0 timed out, -errno. */
static int wait_fd(int fd, uint64_t timeout_ns)
{
	struct timespec ts = { (time_t)(timeout_ns / 1000000000u), (long)(timeout_ns % 1000000000u) };
	if (timeout_ns > (uint64_t)INT64_MAX / 2)
		ts.tv_sec = INT32_MAX;	/* "forever" */
	struct pollfd p = { .fd = fd, .events = POLLIN };
	for (;;) {
		int n = ppoll(&p, 1, &ts, NULL);
		if (n > 0)
			return (p.revents & (POLLERR | POLLNVAL)) ? -EINVAL : 1;
		if (n == 0)
			return 0;
		if (errno != EINTR)
			return -errno;
	}
}

int gl_fence_client_wait(struct gl_fence *f, uint64_t timeout_ns)
{
	if (f->fd >= 0)
		return wait_fd(f->fd, timeout_ns);
	if (!f->bo)
		return 1;
	int64_t t = timeout_ns > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)timeout_ns;
	int ret = drm_intel_gem_bo_wait(f->bo, t);
	if (ret == 0)
		return 1;
	return ret == -ETIME ? 0 : ret;
}

bool gl_fence_signaled(struct gl_fence *f)
{
	if (f->fd >= 0)
		return wait_fd(f->fd, 0) == 1;
	return !f->bo || !drm_intel_bo_busy(f->bo);
}

int gl_fence_server_wait(struct gl_context *ctx, struct gl_fence *f)
{
	/* A batch object is ordered by the kernel's implicit sync on the
	 * objects later work shares; only a sync_file needs an in-fence. */
	if (f->fd < 0)
		return 0;
	int fd = fcntl(f->fd, F_DUPFD_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	int *pending = &ctx->batch.in_fence;
	if (*pending >= 0) {
		struct sync_merge_data m = { .fd2 = fd };
		strcpy(m.name, "gl wait");
		if (ioctl(*pending, SYNC_IOC_MERGE, &m) < 0) {
			int err = errno;
			close(fd);
			return -err;
		}
		close(fd);
		close(*pending);
		fd = m.fence;
	}
	*pending = fd;
	return 0;
}

int gl_fence_dup_fd(const struct gl_fence *f)
{
	return f->fd >= 0 ? fcntl(f->fd, F_DUPFD_CLOEXEC, 0) : -1;
}

void gl_fence_destroy(struct gl_fence *f)
{
	if (!f)
		return;
	drm_intel_bo_unreference(f->bo);
	if (f->fd >= 0)
		close(f->fd);
	free(f);
}
