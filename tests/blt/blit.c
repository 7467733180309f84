/* SPDX-License-Identifier: MIT */
/*
 * Golden tests of the blitter commands: tiling per generation (gen2/3
 * fences, gen4 X, gen6/7 BCS_SWCTRL Y, gen9 and XY_FAST_COPY), clipping,
 * mono expansion and transparency, patterns, text packing, setup-driven
 * pixels and scanlines, overlapping copies, GPU faults (nothing written,
 * guards intact), malformed commands and 48-bit addresses. Each test builds
 * its own objects (blt_test.h) and compares every byte with the reference.
 */
#include "config.h"

#include "blt_test.h"

static int rndr(int lo, int hi)	/* [lo, hi] */
{
	return lo + (int)(rnd() % (uint32_t)(hi - lo + 1));
}

#define W 1024	/* surface pitch in bytes */
#define H 64

/* A surface of W x H bytes in its own object at gpu, tiled as asked (gen2/3: by fence). */
static struct tsurf surface(int gen, uint64_t gpu, int tiling)
{
	struct obj *o = obj_new(gpu, (uint64_t)W * H);
	if (gen < 4)
		o->fence_tiling = (uint32_t)tiling, o->fence_pitch = tiling ? W : 0;
	return (struct tsurf){ o, 0, W, gen < 4 ? 0 : tiling };
}

static void random_rect(struct model *m, int maxw)
{
	int cpp = m->cpp, w = rndr(1, maxw), h = rndr(1, rnd() & 1 ? 20 : H);
	m->x1 = rndr(0, W / cpp - w);
	m->y1 = rndr(0, H - h);
	m->x2 = m->x1 + w;
	m->y2 = m->y1 + h;
}

struct tcase {
	int gen;
	int tilings[3];
	int n;
};

static const struct tcase tcases[] = {
	{ 2, { 0, 1 }, 2 }, { 3, { 0, 1, 2 }, 3 }, { 4, { 0, 1 }, 2 }, { 5, { 0, 1 }, 2 },
	{ 6, { 0, 1, 2 }, 3 }, { 7, { 0, 1, 2 }, 3 }, { 8, { 0, 1, 2 }, 3 }, { 9, { 0, 1, 2 }, 3 },
	{ 11, { 0, 1, 2 }, 3 },
};

static uint32_t swctrl(int gen, int st, int dt)
{
	if (gen < 6)
		return 0;
	return (st == 2 ? 1u : 0) | (dt == 2 ? 2u : 0);
}

/* Copies, fills and a general ROP between every pair of tilings on every generation. */
TEST(tiling_every_gen)
{
	static const uint8_t rops[] = { 0xCC, 0x66, 0x33 };
	for (unsigned t = 0; t < ARRAY_SIZE(tcases); t++) {
		const struct tcase *tc = &tcases[t];
		for (int a = 0; a < tc->n; a++)
			for (int b = 0; b < tc->n; b++) {
				int gen = tc->gen, st = tc->tilings[a], dt = tc->tilings[b];
				objs_reset();
				struct tsurf d = surface(gen, 0x100000, dt), s = surface(gen, 0x200000, st);
				for (int i = 0; i < 12; i++) {
					int cpp = 1 << (i % 3);
					struct model *m = model_new(gen, cpp, d, 0, 0, 0, 0);
					random_rect(m, i < 6 ? 200 : W / cpp);
					m->swctrl = swctrl(gen, st, dt);
					m->rop = rops[i % 3];
					m->skind = SK_SURF;
					m->src = s;
					int w = m->x2 - m->x1, h = m->y2 - m->y1;
					m->sx = rndr(0, W / cpp - w);
					m->sy = rndr(0, H - h);
					check(m, C_SRC_COPY);
					m = model_new(gen, cpp, d, 0, 0, 0, 0);
					random_rect(m, W / cpp);
					m->swctrl = swctrl(gen, st, dt);
					m->rop = i % 2 ? 0xF0 : 0x5A;
					m->p_solid = m->s_solid = rnd();
					check(m, C_COLOR);
				}
			}
	}
}

/* Tile-aligned X<->Y copies (the block fast path), whole and with leftover rows. */
TEST(tile_aligned_xy_blocks)
{
	static const struct { int x1, y1, w, h, sx, sy; } rects[] = {
		{ 0, 0, W, H, 0, 0 }, { 0, 0, W, 40, 0, 0 }, { 512, 0, 512, 64, 0, 0 },
		{ 0, 32, 512, 32, 512, 0 }, { 512, 32, 512, 17, 0, 32 },
	};
	for (int gen = 6; gen <= 9; gen += 3)
		for (int dir = 0; dir < 2; dir++)
			for (unsigned r = 0; r < ARRAY_SIZE(rects); r++)
				for (int cpp = 1; cpp <= 4; cpp *= 4) {
					int st = dir ? 2 : 1, dt = dir ? 1 : 2;
					objs_reset();
					struct tsurf d = surface(gen, 0x100000, dt), s = surface(gen, 0x200000, st);
					struct model *m = model_new(gen, cpp, d, 0, 0, 0, 0);
					m->x1 = rects[r].x1 / cpp;
					m->y1 = rects[r].y1;
					m->x2 = m->x1 + rects[r].w / cpp;
					m->y2 = m->y1 + rects[r].h;
					m->sx = rects[r].sx / cpp;
					m->sy = rects[r].sy;
					m->swctrl = swctrl(gen, st, dt);
					m->rop = 0xCC;
					m->skind = SK_SURF;
					m->src = s;
					check(m, C_SRC_COPY);
				}
}

/*
 * The fill and copy fast paths against the reference at their edges: every
 * ROP that reduces to a fill (solid P and S, no D) and plain copies, at 8, 16
 * and 32 bpp, on rows long enough for the long-run stores (8 KiB pitch),
 * with starts and widths around 8/32/64-byte, run and tile boundaries, rows
 * around tile-row boundaries, clipped rectangles and write masks (which must
 * leave the fast paths).
 */
#define FP 8192	/* pitch in bytes */
#define FH 72	/* 2 Y tile rows + 8, 9 X tile rows */

static struct tsurf wide_surface(int gen, uint64_t gpu, int tiling, uint64_t off)
{
	struct obj *o = obj_new(gpu, (uint64_t)FP * 96 + off);	/* whole Y tile rows */
	if (gen < 4)
		o->fence_tiling = (uint32_t)tiling, o->fence_pitch = tiling ? FP : 0;
	return (struct tsurf){ o, gen < 4 || !tiling ? off : 0, FP, gen < 4 ? 0 : tiling };
}

static int edge_of(const int *v, unsigned n)
{
	return v[rnd() % n];
}

static void edge_rect(struct model *m)
{
	static const int xs[] = { 0, 1, 3, 5, 8, 15, 16, 17, 31, 33, 63, 64, 65, 127, 128, 129, 511, 512, 513, 4095 };
	static const int ws[] = { 1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 129, 511, 512, 513,
				  2047, 2048, 2049, 2111, 4096, 6000, FP };
	static const int ys[] = { 0, 1, 7, 8, 9, 31, 32, 33, 40, 63, 64 };
	static const int hs[] = { 1, 2, 7, 8, 9, 24, 31, 32, 33, 40, 64, FH };
	int cpp = m->cpp;
	int xb = edge_of(xs, ARRAY_SIZE(xs)) + (rnd() & 1 ? 0 : rndr(0, 3) * 512);
	int wb = edge_of(ws, ARRAY_SIZE(ws));
	xb -= xb % cpp;
	if (xb > FP - cpp)
		xb = FP - cpp;
	if (wb < cpp)
		wb = cpp;
	if (xb + wb > FP)
		wb = FP - xb;
	int y = edge_of(ys, ARRAY_SIZE(ys)), h = edge_of(hs, ARRAY_SIZE(hs));
	if (y + h > FH)
		h = FH - y;
	m->x1 = xb / cpp;
	m->x2 = m->x1 + wb / cpp;
	m->y1 = y;
	m->y2 = y + h;
	if (rnd() % 6 == 0) {
		m->clip = true;
		m->cx1 = m->x1 + rndr(-4, 20);
		m->cy1 = m->y1 + rndr(-4, 9);
		m->cx2 = m->x2 - rndr(-4, 20);
		m->cy2 = m->y2 - rndr(-4, 9);
	}
}

TEST(fast_path_edges)
{
	static const uint8_t fill_rops[] = { 0xF0, 0xCC, 0x00, 0xFF, 0x0F, 0x33, 0x3C, 0xC0 };
	static const struct { int gen, tiling; } surfs[] = {
		{ 9, 0 }, { 9, 1 }, { 9, 2 }, { 6, 1 }, { 6, 2 }, { 4, 1 }, { 3, 1 }, { 3, 2 },
	};
	for (unsigned a = 0; a < ARRAY_SIZE(surfs); a++)
		for (unsigned b = 0; b < ARRAY_SIZE(surfs); b++) {
			int gen = surfs[a].gen, dt = surfs[a].tiling, st = surfs[b].tiling;
			if (surfs[b].gen != gen)
				continue;
			objs_reset();
			/* linear surfaces start at odd offsets so rows start at every alignment */
			struct tsurf d = wide_surface(gen, 0x100000, dt, 4096 + 3);
			struct tsurf s = wide_surface(gen, 0x800000, st, 4096 + 5);
			for (int i = 0; i < 48; i++) {
				int cpp = 1 << (i % 3);
				struct model *m = model_new(gen, cpp, d, 0, 0, 0, 0);
				edge_rect(m);
				m->swctrl = swctrl(gen, st, dt);
				if (cpp == 4 && i % 8 == 2)
					m->wmask = 1 + rnd() % 2;
				if (a == b || i % 2) {
					m->rop = fill_rops[i % ARRAY_SIZE(fill_rops)];
					m->p_solid = m->s_solid = rnd();
					check(m, C_COLOR);
				}
				if (i % 2) {
					m = model_new(gen, cpp, d, 0, 0, 0, 0);
					edge_rect(m);
					m->swctrl = swctrl(gen, st, dt);
					if (cpp == 4 && i % 8 == 3)
						m->wmask = 1 + rnd() % 2;
					m->rop = 0xCC;
					m->skind = SK_SURF;
					m->src = s;
					int w = m->x2 - m->x1, h = m->y2 - m->y1;
					m->sx = rnd() % 3 ? rndr(0, FP / cpp - w) : m->x1;
					m->sy = rnd() % 3 ? rndr(0, FH - h) : m->y1;
					check(m, C_SRC_COPY);
				}
			}
		}
}

/*
 * A gen9 32bpp copy of the wb x h bytes at byte column xb, row y, from
 * sxb, sy, between two surfaces of FP x 192 bytes in objects of their own
 * (destination tiling dt, source st), each starting shift[k] bytes past a
 * 4 KiB boundary of host memory (k 0: destination, 1: source), checked
 * against the reference: the large copies that take the streamed paths.
 */
static void check_large_copy(int dt, int st, const int shift[2], int xb, int y, int wb, int h, int sxb, int sy)
{
	objs_reset();
	struct tsurf sf[2];
	for (int k = 0; k < 2; k++) {
		struct obj *o = obj_new(k ? 0x1000000 : 0x100000, (uint64_t)FP * 192 + 8192);
		uint64_t off = ((uint64_t)-(uintptr_t)o->host & 4095) + (uint64_t)shift[k];
		sf[k] = (struct tsurf){ o, off, FP, k ? st : dt };
	}
	struct model *m = model_new(9, 4, sf[0], 0, 0, 0, 0);
	m->x1 = xb / 4;
	m->y1 = y;
	m->x2 = m->x1 + wb / 4;
	m->y2 = y + h;
	m->sx = sxb / 4;
	m->sy = sy;
	m->swctrl = swctrl(9, st, dt);
	m->rop = 0xCC;
	m->skind = SK_SURF;
	m->src = sf[1];
	check(m, C_SRC_COPY);
}

/*
 * Copies between two surfaces of one tiling whose rectangles sit at the same
 * place in their tiles (the source a whole number of tile columns and bands
 * away, or at the very same place), which move whole bands and columns at
 * a time: partial bands at the top and bottom, ragged columns at both edges,
 * clipping, every cpp, X on gen4/6/9 and Y on gen6/9.
 */
TEST(copies_at_the_same_tile_place)
{
	static const struct { int gen, tiling; } surfs[] = { { 9, 1 }, { 9, 2 }, { 6, 1 }, { 6, 2 }, { 4, 1 } };
	for (unsigned a = 0; a < ARRAY_SIZE(surfs); a++) {
		int gen = surfs[a].gen, t = surfs[a].tiling, cw = t == 2 ? 16 : 512, th = t == 2 ? 32 : 8;
		objs_reset();
		struct tsurf d = wide_surface(gen, 0x100000, t, 0);
		struct tsurf s = wide_surface(gen, 0x800000, t, 0);
		for (int i = 0; i < 60; i++) {
			int cpp = 1 << (i % 3);
			struct model *m = model_new(gen, cpp, d, 0, 0, 0, 0);
			edge_rect(m);
			m->swctrl = swctrl(gen, t, t);
			m->rop = 0xCC;
			m->skind = SK_SURF;
			m->src = s;
			int xb = m->x1 * cpp, wb = (m->x2 - m->x1) * cpp;
			int kx = i % 4 ? rndr(-(xb / cw), (FP - xb - wb) / cw) : 0;
			int ky = i % 4 ? rndr(-(m->y1 / th), (FH - m->y2) / th) : 0;
			m->sx = (xb + kx * cw) / cpp;
			m->sy = m->y1 + ky * th;
			check(m, C_SRC_COPY);
		}
	}
}

/*
 * The same, large enough (1 MiB and more) to be streamed past the caches,
 * from host memory whose surfaces start 32-byte aligned and not.
 */
TEST(copies_at_the_same_tile_place_large)
{
	static const struct { int x1, y1, w, h, sx, sy; } rects[] = {
		{ 0, 0, FP, 160, 0, 0 }, { 512, 32, FP - 1024, 150, 1024, 0 }, { 0, 0, FP, 127, 0, 32 },
		{ 100, 5, FP - 300, 150, 100, 37 }, { 100, 5, FP - 1300, 150, 612, 37 },
	};
	for (int t = 1; t <= 2; t++)
		for (unsigned r = 0; r < ARRAY_SIZE(rects); r++)
			for (int shift = 0; shift <= 16; shift += 16)
				check_large_copy(t, t, (const int[2]){ shift, shift }, rects[r].x1, rects[r].y1, rects[r].w,
						 rects[r].h, rects[r].sx, rects[r].sy);
}

/*
 * Linear copies whose rows span the whole pitch on both sides (a buffer
 * copy), large enough to be streamed: every start alignment of both sides,
 * whole and partial 64-row chunks.
 */
TEST(full_pitch_linear_copy_large)
{
	static const struct { int y1, h, sy; } rects[] = { { 0, 160, 0 }, { 3, 129, 40 }, { 50, 128, 1 } };
	static const int shifts[][2] = { { 0, 0 }, { 3, 5 }, { 16, 0 }, { 31, 17 } };
	for (unsigned r = 0; r < ARRAY_SIZE(rects); r++)
		for (unsigned k = 0; k < ARRAY_SIZE(shifts); k++)
			check_large_copy(0, 0, shifts[k], 0, rects[r].y1, FP, rects[r].h, 0, rects[r].sy);
}

/*
 * Linear fills whose rows span the whole pitch are stored as one run per 64
 * rows: every cpp, odd base offsets, heights around the 64-row chunks, the
 * rectangle at any row, every fill ROP and both colour write masks.
 */
TEST(full_pitch_linear_fill)
{
	static const uint8_t fill_rops[] = { 0xF0, 0x00, 0xFF, 0x0F, 0x5A, 0xA5 };
	static const int heights[] = { 1, 2, 63, 64, 65, 127, 128, 129, 200 };
	for (int i = 0; i < 54; i++) {
		int gen = i % 2 ? 9 : 6, cpp = 1 << (i % 3), h = heights[i % ARRAY_SIZE(heights)];
		int32_t pitch = cpp * (17 + 8 * (i % 5));
		objs_reset();
		struct obj *o = obj_new(0x100000, (uint64_t)pitch * 256 + 64);
		struct tsurf d = { o, (uint64_t)(i % 7), pitch, 0 };
		int y1 = rndr(0, 256 - h);
		struct model *m = model_new(gen, cpp, d, 0, y1, pitch / cpp, y1 + h);
		m->rop = fill_rops[i % ARRAY_SIZE(fill_rops)];
		m->p_solid = m->s_solid = rnd();
		if (cpp == 4 && i % 4 == 0)
			m->wmask = 1 + rnd() % 2;
		check(m, C_COLOR);
	}
}

/*
 * Tile-aligned X<->Y copies of a MiB and more (streamed stores where the
 * destination is 32-byte aligned, regular ones where it is not), whole
 * and with leftover rows.
 */
TEST(tile_aligned_xy_large)
{
	static const struct { int x1, y1, w, h, sx, sy; } rects[] = {
		{ 0, 0, FP, 160, 0, 0 }, { 512, 32, FP - 1024, 150, 1024, 0 }, { 0, 0, FP, 127, 0, 32 },
	};
	for (int dir = 0; dir < 2; dir++)
		for (unsigned r = 0; r < ARRAY_SIZE(rects); r++)
			for (int shift = 0; shift <= 16; shift += 16)
				check_large_copy(dir ? 1 : 2, dir ? 2 : 1, (const int[2]){ shift, shift }, rects[r].x1,
						 rects[r].y1, rects[r].w, rects[r].h, rects[r].sx, rects[r].sy);
}

/* gen2/3: a surface starting inside a fenced object, with pitch = fence pitch. */
TEST(fenced_offset_base)
{
	for (int gen = 2; gen <= 3; gen++)
		for (int ft = 1; ft <= (gen == 2 ? 1 : 2); ft++) {
			objs_reset();
			struct tsurf d = surface(gen, 0x100000, ft), s = surface(gen, 0x400000, ft);
			for (int i = 0; i < 20; i++) {
				d.off = (uint64_t)rndr(0, 8) * W + (uint64_t)rndr(0, 64) * 4;
				struct model *m = model_new(gen, 4, d, 0, 0, 0, 0);
				int w = rndr(1, 150), h = rndr(1, 30);
				m->x1 = rndr(0, (W - 260) / 4 - w);
				m->y1 = rndr(0, 20);
				m->x2 = m->x1 + w;
				m->y2 = m->y1 + h;
				m->rop = i % 2 ? 0xCC : 0x96;
				m->skind = SK_SURF;
				m->src = s;
				m->src.off = (uint64_t)rndr(0, 3) * W + 8;
				m->sx = rndr(0, 40);
				m->sy = rndr(0, 10);
				check(m, C_SRC_COPY);
			}
		}
}

TEST(fast_copy_gen9)
{
	static const int cpps[] = { 1, 2, 4, 8, 16 };
	for (int st = 0; st < 3; st++)
		for (int dt = 0; dt < 3; dt++) {
			objs_reset();
			struct tsurf d = surface(9, 0x100000, dt), s = surface(9, 0x200000, st);
			for (int i = 0; i < 15; i++) {
				int cpp = cpps[i % 5];
				struct model *m = model_new(9, cpp, d, 0, 0, 0, 0);
				random_rect(m, W / cpp);
				m->rop = 0xCC;
				m->skind = SK_SURF;
				m->src = s;
				int w = m->x2 - m->x1, h = m->y2 - m->y1;
				m->sx = rndr(0, W / cpp - w);
				m->sy = rndr(0, H - h);
				check(m, C_FAST_COPY);
			}
		}
}

TEST(clipping)
{
	static const int types[] = { C_COLOR, C_SRC_COPY, C_MONO_SRC_IMM, C_FULL_MONO_PAT, C_MONO_PAT };
	objs_reset();
	struct tsurf d = { obj_new(0x100000, 65536), 4096, 512, 0 };
	struct tsurf s = { obj_new(0x200000, 65536), 0, 512, 0 };
	for (int i = 0; i < 200; i++) {
		int type = types[i % 5];
		struct model *m = model_new(i % 2 ? 9 : 6, 4, d, rndr(-20, 60), rndr(-8, 20), 0, 0);
		m->x2 = m->x1 + rndr(1, 60);
		m->y2 = m->y1 + rndr(1, 30);
		m->clip = true;
		m->cx1 = rndr(0, 40);
		m->cy1 = rndr(0, 10);
		m->cx2 = m->cx1 + rndr(i % 17 ? 1 : -3, 60);
		m->cy2 = m->cy1 + rndr(1, 30);
		m->rop = i % 3 ? 0xCC : 0x69;
		if (type == C_COLOR)
			m->p_solid = m->s_solid = rnd();
		if (type == C_SRC_COPY || type == C_FULL_MONO_PAT) {
			m->skind = SK_SURF;
			m->src = s;
			m->sx = rndr(30, 50);
			m->sy = rndr(10, 20);
		}
		if (type == C_FULL_MONO_PAT || type == C_MONO_PAT) {
			m->pkind = PK_MONO;
			for (int k = 0; k < 8; k++)
				m->mpat[k] = (uint8_t)rnd();
			m->pfg = rnd(), m->pbg = rnd();
			m->pat_transp = rnd() & 1;
		}
		if (type == C_MONO_SRC_IMM) {
			m->skind = SK_MONO;
			m->bitoff = rnd() % 8;
			m->mono_transp = rnd() & 1;
			uint64_t bytes = mono_bytes_needed(m, type);
			m->imm_dw = (uint32_t)((bytes + 7) / 8 * 2);
			rnd_fill(m->imm, m->imm_dw * 4);
		}
		check(m, type);
	}
}

/* Mono sources in memory and immediate: every start bit, odd widths, both transparencies. */
TEST(mono_expansion)
{
	objs_reset();
	struct tsurf d = { obj_new(0x100000, 65536), 0, 640, 0 };
	struct obj *ms = obj_new(0x300000, 4096);
	for (int i = 0; i < 160; i++) {
		int cpp = 1 << (i % 3);
		struct model *m = model_new(3 + i % 7, cpp, d, rndr(0, 20), rndr(0, 20), 0, 0);
		m->x2 = m->x1 + rndr(1, 70);
		m->y2 = m->y1 + rndr(1, 20);
		m->rop = i % 4 ? 0xCC : 0x3C;
		m->skind = SK_MONO;
		m->bitoff = (unsigned)(i / 3) % 8;
		m->mono_transp = i & 8;
		if (i & 1) {
			m->mono_obj = ms;
			m->mono_off = rnd() % 512;
			check(m, C_MONO_SRC);
		} else {
			uint64_t bytes = mono_bytes_needed(m, C_MONO_SRC_IMM);
			m->imm_dw = (uint32_t)((bytes + 7) / 8 * 2);
			rnd_fill(m->imm, m->imm_dw * 4);
			check(m, C_MONO_SRC_IMM);
		}
	}
}

TEST(mono_pattern_seeds)
{
	objs_reset();
	struct tsurf d = { obj_new(0x100000, 65536), 0, 512, 0 };
	for (int i = 0; i < 128; i++) {
		struct model *m = model_new(4 + i % 6, 1 << (i % 3), d, rndr(0, 30), rndr(0, 30), 0, 0);
		m->x2 = m->x1 + rndr(1, 60);
		m->y2 = m->y1 + rndr(1, 30);
		m->rop = i % 2 ? 0xF0 : 0xA5;
		m->pkind = PK_MONO;
		for (int k = 0; k < 8; k++)
			m->mpat[k] = (uint8_t)rnd();
		m->pfg = rnd(), m->pbg = rnd();
		m->hseed = (unsigned)i % 8;
		m->vseed = (unsigned)(i / 8) % 8;
		m->pat_transp = i & 4;
		check(m, C_MONO_PAT);
	}
}

/* spec §5 byte packing, checked by hand: rows of ceil(w/8) bytes, back to back, padded to 8 bytes. */
TEST(text_packing_explicit)
{
	objs_reset();
	struct obj *o = obj_new(0x100000, 4096);
	memset(o->host, 0, 4096);
	static const char *glyph[3] = { "1100000001", "0011111100", "1010101010" };
	uint32_t c[16] = { 0 };
	struct shim_blt_state st;
	shim_blt_state_init(&st, 9);
	/* XY_SETUP_BLT: 8bpp, pitch 64, ROP copy, transparent, FG 0xEE. */
	c[0] = 0x40400000 | 8;
	c[1] = 64 | 0xCCu << 16 | 1u << 29;
	c[4] = 0x100000;
	c[6] = 0x11;
	c[7] = 0xEE;
	ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, 10), 0);
	memset(c, 0, sizeof(c));
	c[0] = 0x4C400000 | 1u << 16 | 3;	/* 3 + 2 dwords */
	c[1] = xy(5, 2);
	c[2] = xy(15, 5);
	uint8_t *b = (uint8_t *)&c[3];
	memcpy(b, (uint8_t[]){ 0xC0, 0x40, 0x3F, 0x00, 0xAA, 0x80 }, 6);
	ASSERT_EQ(shim_blt_cmd_length(9, c[0]), 5);
	ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, 5), 0);
	for (int y = 0; y < 8; y++)
		for (int x = 0; x < 64; x++) {
			int want = 0;
			if (y >= 2 && y < 5 && x >= 5 && x < 15 && glyph[y - 2][x - 5] == '1')
				want = 0xEE;
			if (o->host[y * 64 + x] != want)
				TEST_FAIL("pixel (%d,%d) = 0x%02x, want 0x%02x", x, y, o->host[y * 64 + x], want);
		}
	/* Too little data for the rectangle: malformed. */
	c[2] = xy(15, 9);
	ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, 5), -EINVAL);
}

TEST(text_random)
{
	objs_reset();
	struct tsurf d = { obj_new(0x100000, 65536), 0, 512, 0 };
	for (int i = 0; i < 100; i++) {
		struct model *m = model_new(3 + i % 7, 1 << (i % 3), d, rndr(0, 40), rndr(0, 40), 0, 0);
		m->x2 = m->x1 + rndr(1, 40);
		m->y2 = m->y1 + rndr(1, 20);
		m->rop = i % 5 ? 0xCC : 0x66;
		m->wmask_in = (i / 3) % 3;	/* the byte mask on the draw, the setup (SNA) or both */
		m->skind = SK_MONO;
		m->bytepacked = i % 4 != 3;
		m->mono_transp = i % 3 != 0;
		m->pkind = i % 2 ? PK_SOLID : PK_MONO;
		for (int k = 0; k < 8; k++)
			m->mpat[k] = (uint8_t)rnd();
		if (i % 6 == 1) {
			m->clip = true;
			m->cx1 = m->x1 + 2, m->cy1 = m->y1 + 1, m->cx2 = m->x2 - 1, m->cy2 = m->y2 + 3;
		}
		uint64_t bytes = mono_bytes_needed(m, C_TEXT);
		m->imm_dw = (uint32_t)((bytes + 7) / 8 * 2);
		rnd_fill(m->imm, m->imm_dw * 4);
		check(m, C_TEXT);
	}
}

TEST(pixel_and_scanlines)
{
	objs_reset();
	struct tsurf d = { obj_new(0x100000, 65536), 0, 512, 0 };
	struct obj *p = obj_new(0x200000, 4096);
	for (int i = 0; i < 120; i++) {
		struct model *m = model_new(3 + i % 8, 1 << (i % 3), d, rndr(0, 40), rndr(0, 40), 0, 0);
		int type = i % 2 ? C_PIXEL : C_SCANLINES;
		m->x2 = m->x1 + (type == C_PIXEL ? 1 : rndr(1, 50));
		m->y2 = m->y1 + (type == C_PIXEL ? 1 : rndr(1, 8));
		m->pkind = (i / 2) % 3;
		m->pat_obj = p;
		m->pat_off = 256;
		static const uint8_t rops[] = { 0xF0, 0x5A, 0xCC, 0xE2 };
		m->rop = rops[(i / 6) % 4];
		for (int k = 0; k < 8; k++)
			m->mpat[k] = (uint8_t)rnd();
		m->pat_transp = i % 5 == 0;
		m->hseed = rnd() % 8, m->vseed = rnd() % 8;
		m->wmask = 1 + (i / 9) % 3;	/* alpha, RGB or both, from the setup, the draw or both */
		m->wmask_in = (i / 3) % 3;
		if (i % 7 == 0) {
			m->clip = true;
			m->cx1 = m->x1, m->cy1 = m->y1 + 1, m->cx2 = m->x1 + 10, m->cy2 = m->y2;
		}
		check(m, type);
	}
}

/* src == dst surface (scrolling) in every direction, on linear and tiled surfaces, copy and ROP paths. */
TEST(overlap_same_surface)
{
	static const int gens[] = { 3, 3, 4, 6, 9 };
	static const int tl[] = { 0, 1, 1, 2, 2 };
	for (unsigned g = 0; g < ARRAY_SIZE(gens); g++) {
		objs_reset();
		struct tsurf d = surface(gens[g], 0x100000, tl[g]);
		for (int dy = -5; dy <= 5; dy += 5)
			for (int dx = -9; dx <= 9; dx += 9)
				for (int k = 0; k < 4; k++) {
					int cpp = 1 << (k % 3);
					struct model *m = model_new(gens[g], cpp, d, 0, 0, 0, 0);
					m->swctrl = tl[g] == 2 ? 3 : 0;
					int w = rndr(20, k == 3 ? W / cpp - 20 : 200), h = rndr(6, 40);
					m->sx = rndr(10, W / cpp - w - 10);
					m->sy = rndr(6, H - h - 6);
					m->x1 = m->sx + dx, m->y1 = m->sy + dy;
					m->x2 = m->x1 + w, m->y2 = m->y1 + h;
					m->rop = k == 1 ? 0x66 : 0xCC;
					m->skind = SK_SURF;
					m->src = d;
					check(m, C_SRC_COPY);
				}
	}
}

/* Overlap with a different geometry: negative source pitch (Mesa flips), other pitch, other base. */
TEST(overlap_other_geometry)
{
	objs_reset();
	struct obj *o = obj_new(0x100000, 65536);
	for (int i = 0; i < 60; i++) {
		struct tsurf d = { o, (uint64_t)rndr(0, 64) * 4, 512, 0 };
		struct model *m = model_new(i % 2 ? 9 : 5, 4, d, rndr(0, 20), rndr(0, 20), 0, 0);
		m->x2 = m->x1 + rndr(1, 100);
		m->y2 = m->y1 + rndr(1, 40);
		m->rop = i % 3 ? 0xCC : 0x99;
		m->skind = SK_SURF;
		switch (i % 3) {
		case 0: m->src = (struct tsurf){ o, 512 * 70, -512, 0 }; break;
		case 1: m->src = (struct tsurf){ o, 256, 768, 0 }; break;
		default: m->src = (struct tsurf){ o, 4, 512, 0 }; break;
		}
		m->sx = rndr(0, 10);
		m->sy = rndr(0, 10);
		check(m, C_SRC_COPY);
	}
}

/* Anything reaching outside an object faults and writes nothing anywhere. */
TEST(gpu_faults)
{
	for (int gen = 3; gen <= 9; gen += 3) {
		objs_reset();
		struct tsurf d = surface(gen, 0x100000, gen >= 6 ? 2 : 1);
		struct tsurf l = surface(gen, 0x200000, 0);
		struct model *m;
		/* Destination running off the end of its object. */
		m = model_new(gen, 4, d, 10, H - 5, 50, H + 1);
		m->swctrl = 3;
		m->rop = 0xF0;
		m->p_solid = m->s_solid = 0x12345678;
		check_ret(m, C_COLOR, -EFAULT);
		/* Destination starting before its object (linear, negative x). */
		m = model_new(gen, 4, l, -2, 0, 30, 5);
		m->rop = 0xF0;
		check_ret(m, C_COLOR, -EFAULT);
		/* Tiled destination at negative coordinates. */
		m = model_new(gen, 2, d, 0, -1, 30, 5);
		m->swctrl = 3;
		m->rop = 0xF0;
		check_ret(m, C_COLOR, -EFAULT);
		/* Fine destination, source partly outside. */
		m = model_new(gen, 4, l, 0, 0, 100, 20);
		m->rop = 0xCC;
		m->skind = SK_SURF;
		m->src = l;
		m->sx = W / 4 - 50;
		m->sy = H - 10;
		check_ret(m, C_SRC_COPY, -EFAULT);
		/* Source in no object at all. */
		m->src = (struct tsurf){ &(struct obj){ .gpu = 0x5000000, .size = 4096 }, 0, 64, 0 };
		m->sx = m->sy = 0;
		check_ret(m, C_SRC_COPY, -EFAULT);
		/* Pattern not bound; mono source running past its object. */
		m = model_new(gen, 1, l, 0, 0, 64, 8);
		m->rop = 0xF0;
		m->pkind = PK_COLOR;
		m->pat_obj = &(struct obj){ .gpu = 0x7000000, .size = 4096 };
		check_ret(m, C_PAT, -EFAULT);
		m->pat_obj = l.o;
		m->pat_off = (uint64_t)W * H - 32;
		check_ret(m, C_PAT, -EFAULT);
		m = model_new(gen, 4, l, 0, 0, 64, 8);
		m->rop = 0xCC;
		m->skind = SK_MONO;
		m->mono_obj = d.o;
		m->mono_off = (uint64_t)W * H - 40;
		check_ret(m, C_MONO_SRC, -EFAULT);
		/* A pattern the ROP does not use is not fetched. */
		m = model_new(gen, 4, l, 0, 0, 64, 8);
		m->rop = 0x55;
		m->pkind = PK_COLOR;
		m->pat_obj = &(struct obj){ .gpu = 0x7000000, .size = 4096 };
		check(m, C_PAT);
	}
}

/* Wrong lengths, short immediates, odd immediate dwords, unknown headers. */
TEST(malformed)
{
	static const int types[] = { C_SRC_COPY, C_COLOR, C_PAT, C_MONO_PAT, C_MONO_SRC, C_FULL_MONO_PAT,
				     C_FULL_MONO_PAT_MONO_SRC, C_NONXY_COLOR, C_NONXY_SRC_COPY, C_PIXEL,
				     C_SCANLINES, C_FAST_COPY };
	static uint32_t c[64];
	objs_reset();
	struct tsurf d = { obj_new(0x100000, 65536), 0, 512, 0 };
	struct obj *ms = obj_new(0x200000, 4096);
	for (int gen = 3; gen <= 9; gen++)
		for (unsigned t = 0; t < ARRAY_SIZE(types); t++) {
			if (types[t] == C_FAST_COPY && gen < 9)
				continue;
			struct model *m = model_new(gen, 4, d, 1, 1, 5, 5);
			m->src = d;
			m->pat_obj = ms;
			m->mono_obj = ms;
			m->rop = 0xCC;
			struct shim_blt_state st;
			shim_blt_state_init(&st, (unsigned)gen);
			unsigned n = encode(m, types[t], c);
			ASSERT_EQ(shim_blt_cmd_length((unsigned)gen, c[0]), n);
			for (int delta = -1; delta <= 1; delta += 2) {
				uint32_t save = c[0];
				c[0] = (c[0] & ~0xFFu) | ((n - 2 + (unsigned)delta) & 0xFF);
				ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, n + (unsigned)delta), -EINVAL);
				c[0] = save;
			}
			/* ndw disagreeing with the header. */
			ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, n - 1), -EINVAL);
			ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, 0), -EINVAL);
		}
	struct shim_blt_state st;
	shim_blt_state_init(&st, 9);
	/* Immediate mono data too short for the rectangle, and odd. */
	struct model *m = model_new(9, 4, d, 0, 0, 40, 10);
	m->rop = 0xCC;
	m->skind = SK_MONO;
	m->imm_dw = 4;
	unsigned n = encode(m, C_MONO_SRC_IMM, c);
	ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, n), -EINVAL);
	m->imm_dw = 19;
	n = encode(m, C_MONO_SRC_IMM, c);
	ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, n), -EINVAL);
	m->imm_dw = 20;
	check(m, C_MONO_SRC_IMM);
	/* Not 2D, unknown opcodes, fast copy before gen9, known but unsupported. */
	c[0] = 0x05000000;
	ASSERT_EQ(shim_blt_cmd_length(9, c[0]), 0);
	ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, 1), -EINVAL);
	c[0] = 2u << 29 | 0x7Fu << 22;
	ASSERT_EQ(shim_blt_cmd_length(9, c[0]), 0);
	ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, 2), -EINVAL);
	ASSERT_EQ(shim_blt_cmd_length(8, 0x50800008), 0);
	ASSERT_EQ(shim_blt_cmd_length(9, 0x50800008), 10);
	ASSERT_EQ(shim_blt_cmd_length(7, 0x54C00006), 8);
	ASSERT_EQ(shim_blt_cmd_length(8, 0x54C00008), 10);
	memset(c, 0, 4 * 8);
	c[0] = 0x49800000 | 2;	/* XY_TEXT_BLT */
	ASSERT_EQ(shim_blt_execute(&st, &test_vm, c, 4), -EOPNOTSUPP);
}

TEST(non_xy_commands)
{
	static const int gens[] = { 2, 3, 3, 4, 6 };
	static const int tl[] = { 1, 0, 2, 0, 0 };
	for (unsigned g = 0; g < ARRAY_SIZE(gens); g++) {
		objs_reset();
		struct tsurf d = surface(gens[g], 0x100000, tl[g]), s = surface(gens[g], 0x200000, 0);
		for (int i = 0; i < 20; i++) {
			int cpp = 1 << (i % 3);
			d.off = (uint64_t)rndr(0, 20) * W + (uint64_t)rndr(0, 20) * 4;
			struct model *m = model_new(gens[g], cpp, d, 0, 0, rndr(1, 100), rndr(1, 30));
			m->rop = i % 2 ? 0xF0 : 0x5A;
			m->p_solid = m->s_solid = rnd();
			check(m, C_NONXY_COLOR);
			m->rop = i % 2 ? 0xCC : 0x66;
			m->skind = SK_SURF;
			m->src = s;
			m->src.off = (uint64_t)rndr(0, 20) * W + (uint64_t)rndr(0, 20);
			check(m, C_NONXY_SRC_COPY);
		}
	}
}

/* gen8+: addresses above 4 GiB and in the upper (canonical) half of the 48-bit space. */
TEST(addresses_48bit)
{
	objs_reset();
	struct tsurf d = { obj_new(0x800000001000ull, 65536), 0, 512, 0 };
	struct tsurf s = { obj_new(0x100002000ull, 65536), 0, 512, 0 };
	struct obj *p = obj_new(0x7FFFFFFF0000ull, 4096);
	for (int i = 0; i < 20; i++) {
		struct model *m = model_new(8 + i % 4, 4, d, rndr(0, 20), rndr(0, 20), 0, 0);
		m->x2 = m->x1 + rndr(1, 80), m->y2 = m->y1 + rndr(1, 30);
		m->rop = 0xCC;
		m->skind = SK_SURF;
		m->src = s;
		m->sx = 3, m->sy = 4;
		check(m, C_SRC_COPY);
		m->skind = SK_SOLID;
		m->rop = 0xF0;
		m->pkind = PK_COLOR;
		m->pat_obj = p;
		check(m, C_PAT);
	}
}

TEST_MAIN(T(fast_path_edges), T(copies_at_the_same_tile_place), T(copies_at_the_same_tile_place_large), T(full_pitch_linear_copy_large), T(full_pitch_linear_fill), T(tile_aligned_xy_blocks), T(tile_aligned_xy_large), T(tiling_every_gen), T(fenced_offset_base), T(fast_copy_gen9), T(clipping), T(mono_expansion),
	  T(mono_pattern_seeds), T(text_packing_explicit), T(text_random), T(pixel_and_scanlines),
	  T(overlap_same_surface), T(overlap_other_geometry), T(gpu_faults), T(malformed),
	  T(non_xy_commands), T(addresses_48bit))
