/* SPDX-License-Identifier: MIT */
/*
 * Copies on the blitter: one XY_SRC_COPY_BLT per box, with the function's
 * copy ROP (rop.c). Inside one blit an overlapping copy reads the whole
 * source first (as drivers rely on; the shim does it); across boxes of a
 * self-copy we order the boxes so that no box overwrites pixels a later box
 * still has to read, as the X server's region copy orders them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hwdefs/intel_commands.h"
#include "upper-layers/2d/gem2d_priv.h"

static int emit_copy(gem2d_pixmap *src, gem2d_pixmap *dst, uint8_t rop, int dx, int dy, const g2d_box *b)
{
	gem2d_device *dev = dst->dev;
	unsigned a = dev->gen >= 8 ? 2 : 1;
	unsigned len = 6 + 2 * a;
	drm_intel_bo *bos[2] = { dst->bo, src->bo };
	uint32_t dw0 = XY_SRC_COPY_BLT | INTEL_LEN(len) | g2d_blt_tiling_bits(dst, src);
	uint32_t spitch = g2d_br13(src, 0) & 0xffff;
	int ret = g2d_batch_reserve(dev, len + 3, 2, bos, 2);
	if (ret < 0)
		return ret;
	g2d_blt_swctrl(dev, dst, src);
	g2d_out(dev, dw0);
	g2d_out(dev, g2d_br13(dst, rop));
	g2d_out(dev, INTEL_XY(b->x1, b->y1));
	g2d_out(dev, INTEL_XY(b->x2, b->y2));
	g2d_out_reloc(dev, dst->bo, 0, true, dev->gen < 4 && dst->tiling);
	g2d_out(dev, INTEL_XY(b->x1 - dx, b->y1 - dy));
	g2d_out(dev, spitch);
	g2d_out_reloc(dev, src->bo, 0, false, dev->gen < 4 && src->tiling);
	g2d_count_command(dev, dw0);
	return 0;
}

struct direction {
	int dx, dy;
};

static int later_first(const void *pa, const void *pb, void *arg)
{
	const g2d_box *a = pa, *b = pb;
	const struct direction *d = arg;
	int dx_sign = d->dx, dy_sign = d->dy;
	/* Copying down (dy > 0): lower boxes first; up: upper first. Then the
	 * same along x within a band. */
	if (a->y1 != b->y1)
		return dy_sign > 0 ? (a->y1 < b->y1 ? 1 : -1) : (a->y1 < b->y1 ? -1 : 1);
	if (a->x1 != b->x1)
		return dx_sign > 0 ? (a->x1 < b->x1 ? 1 : -1) : (a->x1 < b->x1 ? -1 : 1);
	return 0;
}

int g2d_blt_copy_boxes(gem2d_pixmap *src, gem2d_pixmap *dst, uint8_t alu, int dx, int dy,
		       const g2d_box *boxes, size_t n)
{
	uint8_t rop = g2d_copy_rop[alu & 15];
	g2d_box *sorted = NULL;
	int ret = 0;
	if (src == dst && n > 1 && (dx || dy)) {
		sorted = malloc(n * sizeof(*sorted));
		if (!sorted)
			return -ENOMEM;
		struct direction d = { dx, dy };
		memcpy(sorted, boxes, n * sizeof(*sorted));
		qsort_r(sorted, n, sizeof(*sorted), later_first, &d);
		boxes = sorted;
	}
	for (size_t i = 0; i < n && !ret; i++)
		ret = emit_copy(src, dst, rop, dx, dy, &boxes[i]);
	free(sorted);
	return ret;
}
