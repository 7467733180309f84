/* SPDX-License-Identifier: MIT */
/*
 * Explicit fences (ours, not in 2d-api.md): what a compositor needs to read
 * a buffer another process renders without stalling its CPU, and to learn
 * when its own reads are done.
 *
 * gem2d_add_in_fence hands the device a sync_file; the next submission
 * carries it as I915_EXEC_FENCE_IN, so the GPU, not the caller, waits for the
 * producer. Fences added before one submission are merged into one
 * (SYNC_IOC_MERGE), as the execbuffer takes a single in-fence. The device
 * owns the fd from the call on and closes it once the kernel holds its own
 * reference. The CPU path never reads behind the GPU's back: before a pixmap
 * is mapped, a pending in-fence is waited for on the CPU (g2d_fence_cpu_wait).
 *
 * gem2d_flush_fence submits what is queued and returns the submission's
 * out-fence (I915_EXEC_FENCE_OUT), a sync_file the caller owns.
 *
 * Calls: libdrm (drmIoctl) and libdrm_intel only, plus poll(2) and close(2).
 */
#include <errno.h>
#include <poll.h>
#include <unistd.h>
#include <linux/sync_file.h>
#include <xf86drm.h>

#include "upper-layers/2d/gem2d_priv.h"

G2D_EXPORT int gem2d_add_in_fence(gem2d_device *dev, int fd)
{
	if (!g2d_device_ok(dev)) {
		if (fd >= 0)
			close(fd);
		return -EINVAL;
	}
	if (fd < 0)
		return -EINVAL;
	if (dev->in_fence < 0) {
		dev->in_fence = fd;
		return 0;
	}
	struct sync_merge_data m = { .name = "gem2d in-fence", .fd2 = fd };
	if (drmIoctl(dev->in_fence, SYNC_IOC_MERGE, &m)) {
		int err = errno;
		close(fd);
		return -err;
	}
	close(dev->in_fence);
	close(fd);
	dev->in_fence = (int)m.fence;
	return 0;
}

G2D_EXPORT int gem2d_flush_fence(gem2d_device *dev, int *fd)
{
	if (fd)
		*fd = -1;
	if (!g2d_device_ok(dev) || !fd)
		return -EINVAL;
	return g2d_batch_submit_fence(dev, fd);
}

void g2d_fence_cpu_wait(gem2d_device *dev)
{
	if (dev->in_fence < 0)
		return;
	struct pollfd p = { .fd = dev->in_fence, .events = POLLIN };
	while (poll(&p, 1, -1) < 0 && (errno == EINTR || errno == EAGAIN))
		;
	close(dev->in_fence);
	dev->in_fence = -1;
}

void g2d_fence_fini(gem2d_device *dev)
{
	if (dev->in_fence >= 0)
		close(dev->in_fence);
	dev->in_fence = -1;
}
