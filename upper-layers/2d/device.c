/* SPDX-License-Identifier: MIT */
/*
 * Devices (gem2d_device_create): one per bufmgr user, owning the batch
 * being built and the statistics. The generation comes from the PCI device
 * id (hwdefs/intel_devices.h), as SNA and Mesa find it: libdrm_intel
 * exposes the id, not the generation. Destroying a device submits and
 * waits for its last batch; its pixmaps must be gone first (the caller
 * owns them).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <i915_drm.h>

#include "hwdefs/intel_devices.h"
#include "upper-layers/2d/gem2d_priv.h"

bool g2d_device_ok(const gem2d_device *dev)
{
	return dev && dev->magic == G2D_DEVICE_MAGIC;
}

bool g2d_pixmap_ok(const gem2d_pixmap *pix)
{
	return pix && pix->magic == G2D_PIXMAP_MAGIC && g2d_device_ok(pix->dev);
}

G2D_EXPORT gem2d_device *gem2d_device_create(drm_intel_bufmgr *bufmgr, unsigned flags)
{
	gem2d_device *dev;
	int gen;
	if (!bufmgr || (flags & ~GEM2D_CPU_ONLY)) {
		errno = EINVAL;
		return NULL;
	}
	gen = intel_gen_from_devid(drm_intel_bufmgr_gem_get_devid(bufmgr));
	if (!gen) {
		errno = ENODEV;
		return NULL;
	}
	dev = calloc(1, sizeof(*dev));
	if (!dev) {
		errno = ENOMEM;
		return NULL;
	}
	dev->magic = G2D_DEVICE_MAGIC;
	dev->bufmgr = bufmgr;
	dev->flags = flags;
	dev->gen = gen;
	dev->ring = gen >= 6 ? I915_EXEC_BLT : I915_EXEC_RENDER;
	dev->batch.swctrl = ~0u;
	dev->in_fence = -1;
	return dev;
}

G2D_EXPORT void gem2d_device_destroy(gem2d_device *dev)
{
	if (!g2d_device_ok(dev))
		return;
	gem2d_finish(dev);
	g2d_batch_fini(dev);
	g2d_fence_fini(dev);
	g2d_boxes_fini(&dev->fg);
	g2d_boxes_fini(&dev->bg);
	g2d_boxes_fini(&dev->clipped);
	dev->magic = 0;
	free(dev);
}

G2D_EXPORT int gem2d_flush(gem2d_device *dev)
{
	if (!g2d_device_ok(dev))
		return -EINVAL;
	return g2d_batch_submit(dev);
}

G2D_EXPORT int gem2d_finish(gem2d_device *dev)
{
	int ret;
	if (!g2d_device_ok(dev))
		return -EINVAL;
	ret = g2d_batch_submit(dev);
	/* Batches run in order on one ring: the last one done means all are. */
	if (ret == 0)
		ret = g2d_batch_wait(dev);
	return ret;
}

void g2d_count_fallback(gem2d_device *dev, int reason)
{
	dev->stats.cpu_requests++;
	if (reason >= 0 && reason < GEM2D_FALLBACK_COUNT)
		dev->stats.fallbacks[reason]++;
}

void g2d_count_gpu(gem2d_device *dev)
{
	dev->stats.gpu_requests++;
}

int g2d_blt_outcome(gem2d_device *dev, int ret, int *why)
{
	if (ret == 0) {
		g2d_count_gpu(dev);
		return 0;
	}
	if (ret == -ENOSPC)
		*why = GEM2D_FALLBACK_SPACE;
	else if (dev->wedged)
		*why = GEM2D_FALLBACK_WEDGED;
	else
		return ret;
	return 1;
}

G2D_EXPORT int gem2d_get_stats(gem2d_device *dev, gem2d_stats *stats)
{
	if (!g2d_device_ok(dev) || !stats)
		return -EINVAL;
	*stats = dev->stats;
	return 0;
}

G2D_EXPORT void gem2d_stats_reset(gem2d_device *dev)
{
	if (g2d_device_ok(dev))
		memset(&dev->stats, 0, sizeof(dev->stats));
}

G2D_EXPORT const char *gem2d_fallback_name(int reason)
{
	static const char *const names[GEM2D_FALLBACK_COUNT] = {
		[GEM2D_FALLBACK_NONE] = "none",
		[GEM2D_FALLBACK_CPU_ONLY] = "cpu-only",
		[GEM2D_FALLBACK_WEDGED] = "wedged",
		[GEM2D_FALLBACK_PLANEMASK] = "planemask",
		[GEM2D_FALLBACK_DEPTH1] = "depth1",
		[GEM2D_FALLBACK_DASHED] = "dashed",
		[GEM2D_FALLBACK_WIDE] = "wide",
		[GEM2D_FALLBACK_FILL_STYLE] = "fill-style",
		[GEM2D_FALLBACK_COMPOSITE] = "composite",
		[GEM2D_FALLBACK_LIMITS] = "limits",
		[GEM2D_FALLBACK_SPACE] = "space",
		[GEM2D_FALLBACK_FORMAT] = "format",
	};
	if (reason < 0 || reason >= GEM2D_FALLBACK_COUNT)
		return NULL;
	return names[reason];
}
