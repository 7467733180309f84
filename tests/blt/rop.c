/* SPDX-License-Identifier: MIT */
/*
 * Golden tests of the blitter's raster operations: all 256 ROP3 codes on
 * random data at 8, 16 and 32 bpp through commands that supply P, S and D
 * in different ways, and the 32bpp write-alpha/write-RGB byte masks.
 * Each test builds its own objects (see blt_test.h) and compares every
 * byte with the per-pixel reference.
 */
#include "config.h"

#include "blt_test.h"

static struct tsurf lin(struct obj *o, uint64_t off, int32_t pitch)
{
	return (struct tsurf){ o, off, pitch, 0 };
}

static void random_mono_pattern(struct model *m)
{
	for (int k = 0; k < 8; k++)
		m->mpat[k] = (uint8_t)rnd();
	m->pfg = rnd();
	m->pbg = rnd();
	m->hseed = rnd() % 8;
	m->vseed = rnd() % 8;
}

/* P mono pattern, S colour surface, D: every operand random. */
TEST(all_rops_full_mono_pattern)
{
	static const int cpps[] = { 1, 2, 4 };
	for (int gi = 0; gi < 2; gi++) {
		int gen = gi ? 9 : 6;
		for (int ci = 0; ci < 3; ci++) {
			int cpp = cpps[ci];
			objs_reset();
			struct obj *d = obj_new(0x100000, 65536), *s = obj_new(0x200000, 65536);
			for (int rop = 0; rop < 256; rop++) {
				int x = (int)(rnd() % 9), y = (int)(rnd() % 5);
				struct model *m = model_new(gen, cpp, lin(d, 64, 512), x, y, x + 1 + (int)(rnd() % 40), y + 1 + (int)(rnd() % 12));
				m->rop = (uint8_t)rop;
				m->skind = SK_SURF;
				m->src = lin(s, 128, 384);
				m->sx = (int)(rnd() % 20);
				m->sy = (int)(rnd() % 20);
				m->pkind = PK_MONO;
				random_mono_pattern(m);
				check(m, C_FULL_MONO_PAT);
			}
		}
	}
}

/* S colour surface, P = 0 (XY_SRC_COPY has no pattern). */
TEST(all_rops_src_copy)
{
	for (int cpp = 1; cpp <= 4; cpp *= 2) {
		objs_reset();
		struct obj *d = obj_new(0x100000, 65536), *s = obj_new(0x7000000, 65536);
		for (int rop = 0; rop < 256; rop++) {
			struct model *m = model_new(rop % 2 ? 4 : 8, cpp, lin(d, 0, 256), 3, 2, 3 + 1 + (int)(rnd() % 50), 2 + (int)(rnd() % 30) + 1);
			m->rop = (uint8_t)rop;
			m->skind = SK_SURF;
			m->src = lin(s, 4, 320);
			m->sx = 1;
			m->sy = 3;
			check(m, C_SRC_COPY);
		}
	}
}

/* P colour pattern (seeded), S = 0. */
TEST(all_rops_colour_pattern)
{
	for (int cpp = 1; cpp <= 4; cpp *= 2) {
		objs_reset();
		struct obj *d = obj_new(0x100000, 65536), *p = obj_new(0x300000, 4096);
		for (int rop = 0; rop < 256; rop++) {
			struct model *m = model_new(rop % 3 ? 7 : 9, cpp, lin(d, 0, 1024), (int)(rnd() % 16), 1, 20 + (int)(rnd() % 40), 2 + (int)(rnd() % 30));
			m->rop = (uint8_t)rop;
			m->pkind = PK_COLOR;
			m->pat_obj = p;
			m->pat_off = 64 * (rnd() % 8);
			m->hseed = rnd() % 8;
			m->vseed = rnd() % 8;
			check(m, C_PAT);
		}
	}
}

/* P = S = the solid colour: the fill fast path for codes that ignore D. */
TEST(all_rops_colour_fill)
{
	for (int cpp = 1; cpp <= 4; cpp *= 2) {
		objs_reset();
		struct obj *d = obj_new(0x100000, 65536);
		for (int rop = 0; rop < 256; rop++) {
			struct model *m = model_new(rop % 2 ? 3 : 11, cpp, lin(d, 32, 768), (int)(rnd() % 16), (int)(rnd() % 8), 20 + (int)(rnd() % 100), 10 + (int)(rnd() % 30));
			m->rop = (uint8_t)rop;
			m->p_solid = m->s_solid = rnd();
			check(m, C_COLOR);
		}
	}
}

/* Mono source (S) against a mono pattern (P), with and without both transparencies. */
TEST(all_rops_mono_source_and_pattern)
{
	objs_reset();
	struct obj *d = obj_new(0x100000, 65536), *ms = obj_new(0x200000, 8192);
	for (int rop = 0; rop < 256; rop++) {
		int cpp = 1 << (rop % 3);
		struct model *m = model_new(8 + rop % 2, cpp, lin(d, 0, 512), (int)(rnd() % 30), (int)(rnd() % 8), 40 + (int)(rnd() % 60), 10 + (int)(rnd() % 30));
		m->rop = (uint8_t)rop;
		m->skind = SK_MONO;
		m->mono_obj = ms;
		m->mono_off = rnd() % 1024;
		m->bitoff = rnd() % 8;
		m->mono_transp = rnd() & 1;
		m->pkind = PK_MONO;
		random_mono_pattern(m);
		m->pat_transp = rnd() & 1;
		check(m, C_FULL_MONO_PAT_MONO_SRC);
	}
}

/* DW0 bits 21:20 at 32bpp (and ignored at 8/16bpp), on the copy, fill and general paths. */
TEST(write_masks)
{
	static const uint8_t rops[] = { 0xCC, 0xF0, 0x66, 0x00, 0xFF, 0x5A, 0xAA, 0x33 };
	objs_reset();
	struct obj *d = obj_new(0x100000, 65536), *s = obj_new(0x200000, 65536);
	for (int cpp = 1; cpp <= 4; cpp *= 2)
		for (uint32_t wm = 0; wm < 4; wm++)
			for (unsigned r = 0; r < sizeof(rops); r++) {
				struct model *m = model_new(9, cpp, lin(d, 0, 512), 5, 3, 60, 40);
				m->rop = rops[r];
				m->wmask = wm;
				m->skind = SK_SURF;
				m->src = lin(s, 0, 512);
				m->sx = 2;
				check(m, C_SRC_COPY);
				m = model_new(6, cpp, lin(d, 0, 512), 5, 3, 60, 40);
				m->rop = rops[r];
				m->wmask = wm;
				m->p_solid = m->s_solid = rnd();
				check(m, C_COLOR);
			}
}

TEST_MAIN(T(all_rops_full_mono_pattern), T(all_rops_src_copy), T(all_rops_colour_pattern),
	  T(all_rops_colour_fill), T(all_rops_mono_source_and_pattern), T(write_masks))
