/* SPDX-License-Identifier: MIT */
/*
 * One-bit sources on the blitter: XY_MONO_SRC_COPY_IMMEDIATE_BLT with the
 * bits inline, foreground where a bit is set, background (or nothing, when
 * transparent) where it is clear, combined with the destination by the
 * function's copy ROP. Stipples (transparent for FillStippled, opaque for
 * FillOpaqueStippled), CopyPlane and XYBitmap images all come here through a
 * callback that says which bit a destination pixel gets, so the stipple's
 * origin and period, the plane and the image layout stay with their owners.
 *
 * The blitter reads each byte MSB first (X's bitmaps are LSB first), rows
 * padded to 16 bits, the data padded to whole quadwords; an immediate holds
 * at most 128 dwords, so a box goes in bands of rows.
 */
#include <errno.h>
#include <string.h>

#include "hwdefs/intel_commands.h"
#include "upper-layers/2d/gem2d_priv.h"

#define MAX_DATA_DWORDS 128

int g2d_blt_mono_boxes(gem2d_pixmap *dst, uint8_t alu, uint32_t fg, uint32_t bg, bool transparent,
		       const g2d_box *boxes, size_t n, g2d_bit_fn bit, const void *arg)
{
	gem2d_device *dev = dst->dev;
	unsigned a = dev->gen >= 8 ? 2 : 1;
	uint32_t br13 = g2d_br13(dst, g2d_copy_rop[alu & 15]) | (transparent ? INTEL_BR13_MONO_SRC_TRANSPARENT : 0);
	for (size_t i = 0; i < n; i++) {
		const g2d_box *b = &boxes[i];
		int32_t w = b->x2 - b->x1;
		uint32_t row_bytes = (uint32_t)((w + 15) / 16 * 2);
		int32_t band = (int32_t)(MAX_DATA_DWORDS * 4 / row_bytes);
		if (band < 1)
			return -ENOSPC;		/* wider than one immediate row: 1024 pixels */
		for (int32_t y0 = b->y1; y0 < b->y2; y0 += band) {
			int32_t y1 = y0 + band < b->y2 ? y0 + band : b->y2;
			uint32_t bytes = row_bytes * (uint32_t)(y1 - y0);
			uint32_t ndata = (bytes + 7) / 8 * 2;	/* whole quadwords */
			unsigned len = 6 + a + ndata;
			uint32_t dw0 = XY_MONO_SRC_COPY_IMMEDIATE_BLT | INTEL_LEN(len) | g2d_blt_tiling_bits(dst, NULL);
			uint8_t *data;
			int ret = g2d_batch_reserve(dev, len + 3, 1, &dst->bo, 1);
			if (ret < 0)
				return ret;
			g2d_blt_swctrl(dev, dst, NULL);
			g2d_out(dev, dw0);
			g2d_out(dev, br13);
			g2d_out(dev, INTEL_XY(b->x1, y0));
			g2d_out(dev, INTEL_XY(b->x2, y1));
			g2d_out_reloc(dev, dst->bo, 0, true, dev->gen < 4 && dst->tiling);
			g2d_out(dev, bg);
			g2d_out(dev, fg);
			data = (uint8_t *)&dev->batch.dw[dev->batch.n];
			memset(data, 0, ndata * 4);
			for (int32_t y = y0; y < y1; y++) {
				uint8_t *row = data + (size_t)(y - y0) * row_bytes;
				for (int32_t x = b->x1; x < b->x2; x++)
					if (bit(arg, x, y))
						row[(x - b->x1) >> 3] |= (uint8_t)(0x80 >> ((x - b->x1) & 7));
			}
			dev->batch.n += ndata;
			g2d_count_command(dev, dw0);
		}
	}
	return 0;
}
