/* SPDX-License-Identifier: MIT */
/*
 * Text on the blitter, as SNA draws glyphs: one XY_SETUP_BLT per clip box
 * (the function's copy ROP, the foreground, a transparent mono source, the
 * hardware clip rectangle set to the box; g2d_blt_setup_for, which leaves it
 * out when the batch holds it already), then one XY_TEXT_IMMEDIATE_BLT
 * per glyph that meets the box, its bits inline. The glyphs are packed once
 * per request into the blitter's layout (byte-packed rows of ceil(w/8)
 * bytes, MSB first, the payload padded to whole quadwords; X's glyph rows
 * are LSB first and padded to 32 bits) and the packed words reused for
 * every clip box. Owns nothing past the call: the packing buffer is freed
 * before return. -E2BIG (nothing emitted) for a glyph larger than one
 * immediate, which text.c then draws as boxes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hwdefs/intel_commands.h"
#include "upper-layers/2d/gem2d_priv.h"

#define MAX_TEXT_DWORDS 130	/* XY_TEXT_IMMEDIATE_BLT holds at most 134 dwords in all */

struct packed_glyph {
	int32_t x1, y1, x2, y2;	/* where it lands */
	uint32_t off, ndw;	/* its packed dwords in the request's buffer */
};

static uint8_t reverse_bits(uint8_t b)
{
	b = (uint8_t)((b & 0xf0) >> 4 | (b & 0x0f) << 4);
	b = (uint8_t)((b & 0xcc) >> 2 | (b & 0x33) << 2);
	return (uint8_t)((b & 0xaa) >> 1 | (b & 0x55) << 1);
}

/* Packs the glyphs with ink; *out is malloc'd (NULL when there is none). */
static int pack(int x, int y, int n, const gem2d_glyph *const *glyphs, struct packed_glyph **out, uint32_t **words,
		size_t *count)
{
	size_t total = 0, k = 0;
	for (int i = 0; i < n; i++) {
		const gem2d_glyph *g = glyphs[i];
		if (!g->width || !g->height)
			continue;
		size_t bytes = ((size_t)g->width + 7) / 8 * (size_t)g->height;
		size_t ndw = (bytes + 7) / 8 * 2;
		if (ndw > MAX_TEXT_DWORDS)
			return -E2BIG;
		total += ndw;
		k++;
	}
	*out = NULL;
	*words = NULL;
	*count = 0;
	if (!k)
		return 0;
	struct packed_glyph *pg = malloc(k * sizeof(*pg));
	uint32_t *w = calloc(total, 4);
	if (!pg || !w) {
		free(pg);
		free(w);
		return -ENOMEM;
	}
	int32_t pen = x;
	uint32_t off = 0;
	k = 0;
	for (int i = 0; i < n; i++) {
		const gem2d_glyph *g = glyphs[i];
		if (g->width && g->height) {
			size_t src_row = ((size_t)g->width + 31) / 32 * 4, dst_row = ((size_t)g->width + 7) / 8;
			size_t bytes = dst_row * (size_t)g->height;
			uint8_t *d = (uint8_t *)(w + off);
			for (int r = 0; r < g->height; r++)
				for (size_t c = 0; c < dst_row; c++) {
					uint8_t b = reverse_bits(g->bits[(size_t)r * src_row + c]);
					int last = g->width - (int)(c * 8);	/* bits of this byte in the glyph */
					if (last < 8)
						b &= (uint8_t)(0xff00 >> last);
					d[(size_t)r * dst_row + c] = b;
				}
			int32_t gx = pen + g->left_bearing, gy = (int32_t)y - g->ascent;
			pg[k] = (struct packed_glyph){ gx, gy, gx + g->width, gy + g->height, off,
						      (uint32_t)((bytes + 7) / 8 * 2) };
			off += pg[k].ndw;
			k++;
		}
		pen += g->advance;
	}
	*out = pg;
	*words = w;
	*count = k;
	return 0;
}

int g2d_blt_text(gem2d_pixmap *dst, const struct g2d_fill *f, const struct g2d_clip *clip, int x, int y, int n,
		 const gem2d_glyph *const *glyphs)
{
	gem2d_device *dev = dst->dev;
	struct packed_glyph *pg;
	uint32_t *words;
	size_t count;
	int ret = pack(x, y, n, glyphs, &pg, &words, &count);
	if (ret || !count)
		return ret;
	struct g2d_setup w = {
		.kind = G2D_SETUP_TEXT, .bo = dst->bo,
		.br13 = g2d_br13(dst, g2d_copy_rop[f->alu]) | INTEL_BR13_MONO_SRC_TRANSPARENT | INTEL_BR13_CLIP_ENABLE,
		.bg = 0, .fg = f->pen == G2D_PEN_FG ? f->fg : f->bg,	/* BG: transparent */
	};
	int nb;
	const pixman_box32_t *cb = pixman_region32_rectangles((pixman_region32_t *)&clip->region, &nb);
	for (int c = 0; c < nb && !ret; c++) {
		w.clip[0] = cb[c].x1, w.clip[1] = cb[c].y1, w.clip[2] = cb[c].x2, w.clip[3] = cb[c].y2;
		for (size_t i = 0; i < count && !ret; i++) {
			const struct packed_glyph *p = &pg[i];
			if (p->x2 <= cb[c].x1 || p->x1 >= cb[c].x2 || p->y2 <= cb[c].y1 || p->y1 >= cb[c].y2)
				continue;
			unsigned len = 3 + p->ndw;
			if ((ret = g2d_blt_setup_for(dst, &w, len)) < 0)
				break;
			uint32_t dw0 = XY_TEXT_IMMEDIATE_BLT | INTEL_BLT_TEXT_BYTE_PACKED | INTEL_LEN(len) |
				       g2d_blt_tiling_bits(dst, NULL);
			g2d_out(dev, dw0);
			g2d_out(dev, INTEL_XY(p->x1, p->y1));
			g2d_out(dev, INTEL_XY(p->x2, p->y2));
			memcpy(&dev->batch.dw[dev->batch.n], words + p->off, (size_t)p->ndw * 4);
			dev->batch.n += p->ndw;
			g2d_count_command(dev, dw0);
		}
	}
	free(pg);
	free(words);
	return ret;
}
