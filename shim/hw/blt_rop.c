/* SPDX-License-Identifier: MIT */
/*
 * ROP3 on byte streams (doc/blitter.md §3). A raster operation is bitwise,
 * so it acts the same on 8, 16 and 32 bpp pixels once the pattern, source
 * and destination are laid out as bytes of the row; the pixel format only
 * decides how colours are replicated and which bytes the 32bpp write mask
 * keeps. Pure functions on caller buffers; no state.
 *
 * result bit = bit ((P << 2) | (S << 1) | D) of the ROP byte, evaluated as
 * the OR of the minterms the ROP selects (masks m[i] = all ones if bit i).
 */
#include "config.h"

#include <string.h>

#include "hw/blt_priv.h"

static inline uint64_t rop_word(const uint64_t m[8], uint64_t p, uint64_t s, uint64_t d)
{
	uint64_t np = ~p, ns = ~s, nd = ~d;
	return (m[0] & np & ns & nd) | (m[1] & np & ns & d) | (m[2] & np & s & nd) |
	       (m[3] & np & s & d) | (m[4] & p & ns & nd) | (m[5] & p & ns & d) |
	       (m[6] & p & s & nd) | (m[7] & p & s & d);
}

uint32_t blt_rop32(uint8_t rop, uint32_t p, uint32_t s, uint32_t d)
{
	uint64_t m[8];
	for (int i = 0; i < 8; i++)
		m[i] = (rop >> i & 1) ? ~0ull : 0;
	return (uint32_t)rop_word(m, p, s, d);
}

static inline uint64_t load64(const uint8_t *b)
{
	uint64_t v;
	memcpy(&v, b, 8);
	return v;
}

static inline void store64(uint8_t *b, uint64_t v)
{
	memcpy(b, &v, 8);
}

void blt_rop_bytes(uint8_t rop, uint8_t *out, const uint8_t *p, const uint8_t *s, const uint8_t *d,
		   size_t n)
{
	size_t i = 0;
	/* The common codes get their own loops; everything else the minterm sum. */
	switch (rop) {
	case 0xCC:
		memmove(out, s, n);
		return;
	case 0xF0:
		memmove(out, p, n);
		return;
	case 0xAA:
		memmove(out, d, n);
		return;
	case 0x00:
	case 0xFF:
		memset(out, rop, n);
		return;
	case 0x66:
		for (; i + 8 <= n; i += 8)
			store64(out + i, load64(s + i) ^ load64(d + i));
		for (; i < n; i++)
			out[i] = s[i] ^ d[i];
		return;
	case 0x5A:
		for (; i + 8 <= n; i += 8)
			store64(out + i, load64(p + i) ^ load64(d + i));
		for (; i < n; i++)
			out[i] = p[i] ^ d[i];
		return;
	default:
		break;
	}
	uint64_t m[8];
	for (int k = 0; k < 8; k++)
		m[k] = (rop >> k & 1) ? ~0ull : 0;
	for (; i + 8 <= n; i += 8)
		store64(out + i, rop_word(m, load64(p + i), load64(s + i), load64(d + i)));
	for (; i < n; i++)
		out[i] = (uint8_t)rop_word(m, p[i], s[i], d[i]);
}

void blt_merge_bytes(uint8_t *out, const uint8_t *d, const uint8_t *m, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t mm = load64(m + i);
		store64(out + i, (load64(out + i) & mm) | (load64(d + i) & ~mm));
	}
	for (; i < n; i++)
		out[i] = (uint8_t)((out[i] & m[i]) | (d[i] & ~m[i]));
}

void blt_fill_colour(uint8_t *buf, uint32_t colour, uint32_t cpp, size_t n)
{
	uint8_t px[16] = { 0 };
	for (uint32_t k = 0; k < cpp && k < 4; k++)
		px[k] = (uint8_t)(colour >> (8 * k));
	if (cpp == 1) {
		memset(buf, px[0], n);
		return;
	}
	size_t i = 0;
	if (n >= cpp) {
		memcpy(buf, px, cpp);
		i = cpp;
		/* Doubling copies: the buffer repeats with period cpp. */
		while (i < n) {
			size_t c = i < n - i ? i : n - i;
			memcpy(buf + i, buf, c);
			i += c;
		}
		return;
	}
	memcpy(buf, px, n);
}
