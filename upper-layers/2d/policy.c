/* SPDX-License-Identifier: MIT */
/*
 * Every reason a request leaves the blitter for the CPU, in one place
 * (2d-layer.md §4.2): the device (GEM2D_CPU_ONLY, a wedged GPU), the
 * destination (depth 1 lives in CPU memory), the GC (a plane mask that does
 * not cover the depth, stipples, dashes, wide lines), the operands (formats
 * the blitter cannot convert, pitches beyond its 16-bit fields). The GPU
 * paths ask here first; a path that later finds it cannot fit a command
 * returns -ENOSPC and the request is redrawn on the CPU (GEM2D_FALLBACK_SPACE).
 */
#include <i915_drm.h>

#include "upper-layers/2d/gem2d_priv.h"

int g2d_policy_device(const gem2d_device *dev)
{
	if (dev->flags & GEM2D_CPU_ONLY)
		return GEM2D_FALLBACK_CPU_ONLY;
	if (dev->wedged)
		return GEM2D_FALLBACK_WEDGED;
	return GEM2D_FALLBACK_NONE;
}

bool g2d_pm_is_solid(const gem2d_pixmap *dst, uint32_t pm)
{
	uint32_t mask = g2d_depth_mask(dst->depth);
	return (pm & mask) == mask;
}

/* The blitter's pitch fields are signed 16-bit: bytes, or dwords when tiled
 * from gen4. */
static bool addressable(const gem2d_pixmap *pix)
{
	uint32_t p = pix->pitch;
	if (!pix->bo)
		return false;
	if (pix->dev->gen >= 4 && pix->tiling != I915_TILING_NONE)
		p /= 4;
	return p < 32768;
}

int g2d_policy_fill(const gem2d_pixmap *dst, const struct g2d_fill *f)
{
	int why = g2d_policy_device(dst->dev);
	if (why)
		return why;
	if (dst->depth == 1)
		return GEM2D_FALLBACK_DEPTH1;
	if (!g2d_pm_is_solid(dst, f->pm))
		return GEM2D_FALLBACK_PLANEMASK;
	if (!addressable(dst))
		return GEM2D_FALLBACK_LIMITS;
	if (f->fill_style == 1 /* FillTiled */) {
		/* Sides that divide 8: the blitter's colour pattern; else a copy per
		 * tile period (blt_fill.c), a command every few pixels for tiny
		 * tiles, slower than the CPU (make bench-2d). */
		if (!f->tile || !addressable(f->tile) || f->tile->bpp != dst->bpp ||
		    ((f->tile->width < 8 || f->tile->height < 8) && (8 % f->tile->width || 8 % f->tile->height)))
			return GEM2D_FALLBACK_FILL_STYLE;
	} else if (f->fill_style != 0) {
		if (!f->stipple || f->stipple->depth != 1)
			return GEM2D_FALLBACK_FILL_STYLE;
	}
	return GEM2D_FALLBACK_NONE;
}

int g2d_policy_copy(const gem2d_pixmap *src, const gem2d_pixmap *dst, uint8_t alu, uint32_t pm)
{
	int why = g2d_policy_device(dst->dev);
	(void)alu;
	if (why)
		return why;
	if (dst->depth == 1 || src->depth == 1)
		return GEM2D_FALLBACK_DEPTH1;
	if (!g2d_pm_is_solid(dst, pm))
		return GEM2D_FALLBACK_PLANEMASK;
	if (src->bpp != dst->bpp)
		return GEM2D_FALLBACK_FORMAT;
	if (!addressable(dst) || !addressable(src))
		return GEM2D_FALLBACK_LIMITS;
	return GEM2D_FALLBACK_NONE;
}
