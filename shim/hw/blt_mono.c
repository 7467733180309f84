/* SPDX-License-Identifier: MIT */
/*
 * Monochrome expansion and patterns (doc/blitter.md §5): mono source bits
 * (MSB of each byte = leftmost pixel, byte k of the stream = byte k in
 * memory), fg/bg expansion, and the 8x8 colour and mono patterns with their
 * seeds. Works on one row of a struct blt_op at a time, into caller buffers;
 * no state.
 */
#include "config.h"

#include <string.h>

#include "hw/blt_priv.h"

void blt_mono_src_bits(const struct blt_op *op, int32_t x1, int32_t y, uint32_t w, uint8_t *bits)
{
	uint64_t b = op->mono_bit0 + (uint64_t)(y - op->mono_y0) * op->mono_row_bits +
		     (uint64_t)(x1 - op->mono_x0);
	const uint8_t *m = op->mono;
	uint32_t i = 0;
	/* Leading bits up to a byte boundary, then whole bytes, then the tail. */
	for (; i < w && (b & 7); i++, b++)
		bits[i] = m[b >> 3] >> (7 - (b & 7)) & 1;
	for (; i + 8 <= w; i += 8, b += 8) {
		uint8_t v = m[b >> 3];
		for (int k = 0; k < 8; k++)
			bits[i + k] = v >> (7 - k) & 1;
	}
	for (; i < w; i++, b++)
		bits[i] = m[b >> 3] >> (7 - (b & 7)) & 1;
}

void blt_expand(uint8_t *out, const uint8_t *bits, uint32_t w, uint32_t cpp, uint32_t fg, uint32_t bg)
{
	switch (cpp) {
	case 1:
		for (uint32_t i = 0; i < w; i++)
			out[i] = (uint8_t)(bits[i] ? fg : bg);
		break;
	case 2:
		for (uint32_t i = 0; i < w; i++) {
			uint16_t v = (uint16_t)(bits[i] ? fg : bg);
			memcpy(out + 2 * i, &v, 2);
		}
		break;
	default:
		for (uint32_t i = 0; i < w; i++) {
			uint32_t v = bits[i] ? fg : bg;
			memcpy(out + 4 * i, &v, 4);
		}
		break;
	}
}

void blt_mask_bits(uint8_t *m, const uint8_t *bits, uint32_t w, uint32_t cpp)
{
	for (uint32_t i = 0; i < w; i++)
		if (!bits[i])
			memset(m + (size_t)i * cpp, 0, cpp);
}

void blt_pattern_row(const struct blt_op *op, int32_t x1, int32_t y, uint32_t w, uint8_t *out,
		     uint8_t *pbits)
{
	uint32_t cpp = op->cpp;
	unsigned row = (unsigned)(y + (int32_t)op->vseed) & 7;
	unsigned col = (unsigned)(x1 + (int32_t)op->hseed) & 7;

	if (op->pkind == BLT_PAT_COLOR) {
		/* One period of 8 pixels starting at the right phase, then replicated. */
		const uint8_t *prow = op->cpat + row * 8 * cpp;
		uint8_t period[8 * 4];
		for (unsigned k = 0; k < 8; k++)
			memcpy(period + k * cpp, prow + ((col + k) & 7) * cpp, cpp);
		size_t n = (size_t)w * cpp, p = 8 * cpp;
		for (size_t i = 0; i < n; i += p)
			memcpy(out + i, period, n - i < p ? n - i : p);
		return;
	}
	if (op->pkind == BLT_PAT_MONO) {
		uint8_t bits[8];
		for (unsigned k = 0; k < 8; k++)
			bits[k] = op->mpat[row] >> (7 - ((col + k) & 7)) & 1;
		uint8_t period[8 * 4];
		blt_expand(period, bits, 8, cpp, op->pfg, op->pbg);
		size_t n = (size_t)w * cpp, p = 8 * cpp;
		for (size_t i = 0; i < n; i += p)
			memcpy(out + i, period, n - i < p ? n - i : p);
		if (pbits)
			for (uint32_t i = 0; i < w; i++)
				pbits[i] = bits[i & 7];
		return;
	}
	blt_fill_colour(out, op->p_solid, cpp, (size_t)w * cpp);
}
