/* SPDX-License-Identifier: MIT */
/*
 * Devices (gem2d_device_create): one per bufmgr user, owning the batch
 * being built and the statistics. The generation comes from the PCI device
 * id, as SNA and Mesa find it: libdrm_intel exposes the id, not the
 * generation. Destroying a device submits and waits for its last batch; its
 * pixmaps must be gone first (the caller owns them).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <i915_drm.h>

#include "upper-layers/2d/gem2d_priv.h"

/* Intel's PCI device ids by generation, by family prefix (the ids of one
 * family share their upper bits). Unknown ids are refused: the command
 * layouts differ by generation and guessing would write wrong batches. */
int g2d_gen_from_devid(int devid)
{
	static const struct {
		uint16_t first, last;
		uint8_t gen;
	} ranges[] = {
		{ 0x3577, 0x3577, 2 }, { 0x2562, 0x2562, 2 }, { 0x3582, 0x3582, 2 },
		{ 0x358e, 0x358e, 2 }, { 0x2572, 0x2572, 2 },
		{ 0x2582, 0x2582, 3 }, { 0x258a, 0x258a, 3 }, { 0x2592, 0x2592, 3 },
		{ 0x2772, 0x2772, 3 }, { 0x27a2, 0x27a2, 3 }, { 0x27ae, 0x27ae, 3 },
		{ 0x29b2, 0x29b2, 3 }, { 0x29c2, 0x29c2, 3 }, { 0x29d2, 0x29d2, 3 },
		{ 0xa001, 0xa001, 3 }, { 0xa011, 0xa011, 3 },
		{ 0x2972, 0x2972, 4 }, { 0x2982, 0x2982, 4 }, { 0x2992, 0x2992, 4 },
		{ 0x29a2, 0x29a2, 4 }, { 0x2a02, 0x2a02, 4 }, { 0x2a12, 0x2a12, 4 },
		{ 0x2a42, 0x2a42, 4 }, { 0x2e02, 0x2e92, 4 },
		{ 0x0042, 0x0046, 5 },
		{ 0x0102, 0x0126, 6 },
		{ 0x0152, 0x016a, 7 }, { 0x0402, 0x0d2e, 7 }, { 0x0f30, 0x0f33, 7 },
		{ 0x1602, 0x163e, 8 }, { 0x22b0, 0x22b3, 8 },
		{ 0x1902, 0x193d, 9 }, { 0x0a84, 0x0a84, 9 }, { 0x1a84, 0x1a85, 9 },
		{ 0x5a84, 0x5a85, 9 }, { 0x3184, 0x3185, 9 }, { 0x5902, 0x593b, 9 },
		{ 0x87c0, 0x87ca, 9 }, { 0x3e90, 0x3ea9, 9 }, { 0x9b21, 0x9bf6, 9 },
		{ 0x8a50, 0x8a71, 11 }, { 0x4500, 0x4571, 11 }, { 0x4e51, 0x4e71, 11 },
	};
	for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
		if (devid >= ranges[i].first && devid <= ranges[i].last)
			return ranges[i].gen;
	return 0;
}

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
	gen = g2d_gen_from_devid(drm_intel_bufmgr_gem_get_devid(bufmgr));
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
	return dev;
}

G2D_EXPORT void gem2d_device_destroy(gem2d_device *dev)
{
	if (!g2d_device_ok(dev))
		return;
	gem2d_finish(dev);
	g2d_batch_fini(dev);
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
