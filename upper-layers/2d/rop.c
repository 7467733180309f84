/* SPDX-License-Identifier: MIT */
/*
 * The GX functions as the blitter's ROP3 codes (2d-layer.md §1.6), derived
 * from the one rule rather than typed in: GX bit (3 - (2s + d)) is the result
 * for source s and destination d, and ROP3 bit (4P + 2S + D) is the result
 * for pattern P, source S and destination D. A copy takes S as the source, a
 * fill takes P. tests/2d checks the tables against SNA's constants.
 */
#include "upper-layers/2d/gem2d_priv.h"

#define GX_BIT(gx, s, d) (((gx) >> (3 - (2 * (s) + (d)))) & 1)
#define ROP_TERM(gx, p, s, d, src) (GX_BIT(gx, src, d) << (4 * (p) + 2 * (s) + (d)))
#define ROP_ALL(gx, pick)                                                                          \
	(ROP_TERM(gx, 0, 0, 0, pick(0, 0)) | ROP_TERM(gx, 0, 0, 1, pick(0, 0)) |                   \
	 ROP_TERM(gx, 0, 1, 0, pick(0, 1)) | ROP_TERM(gx, 0, 1, 1, pick(0, 1)) |                   \
	 ROP_TERM(gx, 1, 0, 0, pick(1, 0)) | ROP_TERM(gx, 1, 0, 1, pick(1, 0)) |                   \
	 ROP_TERM(gx, 1, 1, 0, pick(1, 1)) | ROP_TERM(gx, 1, 1, 1, pick(1, 1)))
#define PICK_S(p, s) (s)
#define PICK_P(p, s) (p)
#define COPY_ROP(gx) ((uint8_t)ROP_ALL(gx, PICK_S))
#define FILL_ROP(gx) ((uint8_t)ROP_ALL(gx, PICK_P))
#define TABLE(f) { f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7), \
		   f(8), f(9), f(10), f(11), f(12), f(13), f(14), f(15) }

const uint8_t g2d_copy_rop[16] = TABLE(COPY_ROP);
const uint8_t g2d_fill_rop[16] = TABLE(FILL_ROP);
