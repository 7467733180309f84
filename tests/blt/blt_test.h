/* SPDX-License-Identifier: MIT */
/*
 * Shared infrastructure of the blitter unit tests: fake GPU objects with
 * guard bytes behind a struct shim_gpu_vm, a description of one blit (the
 * "model"), encoders turning a model into 2D commands per generation, and a
 * plain per-pixel reference implementation written from doc/blitter.md,
 * independent of the shim's code (own tiling formulas, bit-by-bit ROP3).
 * check() runs the commands through shim_blt_execute() and compares every
 * object byte, guards included, with the reference. All state is static to
 * the test program; each test runs in its own forked child.
 */
#ifndef TESTS_BLT_TEST_H
#define TESTS_BLT_TEST_H

#include <stdbool.h>
#include <stdint.h>

#include "harness.h"
#include "hw/blt.h"

#define GUARD 512
#define MAXOBJ 8

struct obj {
	uint64_t gpu, size;
	uint8_t *mem;		/* size + 2 * GUARD */
	uint8_t *host;		/* mem + GUARD */
	uint32_t fence_tiling, fence_pitch;
	uint8_t *before, *exp;	/* copies of mem during check() */
};

static struct obj objs[MAXOBJ];
static int nobjs;
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static inline uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

static inline void rnd_fill(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)rnd();
}

static inline struct obj *obj_new(uint64_t gpu, uint64_t size)
{
	struct obj *o = &objs[nobjs++];
	memset(o, 0, sizeof(*o));
	o->gpu = gpu;
	o->size = size;
	o->mem = malloc(size + 2 * GUARD);
	o->before = malloc(size + 2 * GUARD);
	o->exp = malloc(size + 2 * GUARD);
	ASSERT(o->mem && o->before && o->exp);
	memset(o->mem, 0xA5, size + 2 * GUARD);
	o->host = o->mem + GUARD;
	rnd_fill(o->host, size);
	return o;
}

static inline void objs_reset(void)
{
	for (int i = 0; i < nobjs; i++) {
		free(objs[i].mem);
		free(objs[i].before);
		free(objs[i].exp);
	}
	nobjs = 0;
}

static int translate_calls;

static inline int vm_translate(void *ctx, uint64_t a, uint64_t len, bool write, struct shim_gpu_range *out)
{
	(void)ctx;
	(void)write;
	translate_calls++;
	for (int i = 0; i < nobjs; i++) {
		struct obj *o = &objs[i];
		if (a >= o->gpu && a < o->gpu + o->size) {
			if (a + len > o->gpu + o->size)
				return -EFAULT;
			out->host = o->host + (a - o->gpu);
			out->bytes = o->size - (a - o->gpu);
			out->fence_tiling = o->fence_tiling;
			out->fence_pitch = o->fence_pitch;
			out->fence_offset = a - o->gpu;
			return 0;
		}
	}
	return -EFAULT;
}

static const struct shim_gpu_vm test_vm = { NULL, vm_translate };

/* ---- reference ---------------------------------------------------------- */

/* Tile-index form of the layouts (spec §8), written independently of tiling.h. */
static inline uint64_t ref_tiled(int gen, int t, uint32_t pitch, uint64_t xb, uint64_t y)
{
	if (t == 1 && gen == 2)
		return ((y / 16) * (pitch / 128) + xb / 128) * 2048 + (y % 16) * 128 + xb % 128;
	if (t == 1)
		return ((y / 8) * (pitch / 512) + xb / 512) * 4096 + (y % 8) * 512 + xb % 512;
	if (t == 2)
		return ((y / 32) * (pitch / 128) + xb / 128) * 4096 + ((xb % 128) / 16) * 512 +
		       (y % 32) * 16 + xb % 16;
	return y * pitch + xb;
}

struct tsurf {
	struct obj *o;
	uint64_t off;		/* of the surface base in the object */
	int32_t pitch;		/* bytes */
	int tiling;		/* gen4+: 0 linear, 1 X, 2 Y (gen2/3: the object's fence decides) */
};

static inline int64_t ref_off(const struct tsurf *s, int gen, int64_t xb, int64_t y)
{
	if (gen < 4 && s->o->fence_tiling) {
		int64_t l = (int64_t)s->off + y * s->pitch + xb;
		uint32_t fp = s->o->fence_pitch;
		return (int64_t)ref_tiled(gen, (int)s->o->fence_tiling, fp, (uint64_t)l % fp, (uint64_t)l / fp);
	}
	if (gen >= 4 && s->tiling)
		return (int64_t)(s->off + ref_tiled(gen, s->tiling, (uint32_t)s->pitch, (uint64_t)xb, (uint64_t)y));
	return (int64_t)s->off + y * s->pitch + xb;
}

static inline uint8_t ref_rop(uint8_t rop, uint8_t p, uint8_t s, uint8_t d)
{
	uint8_t r = 0;
	for (int b = 0; b < 8; b++) {
		int idx = ((p >> b & 1) << 2) | ((s >> b & 1) << 1) | (d >> b & 1);
		r |= (uint8_t)((rop >> idx & 1) << b);
	}
	return r;
}

enum { SK_SOLID, SK_SURF, SK_MONO };
enum { PK_SOLID, PK_COLOR, PK_MONO };
enum ctype {
	C_SRC_COPY, C_COLOR, C_PAT, C_MONO_PAT, C_MONO_SRC, C_MONO_SRC_IMM, C_FULL_MONO_PAT,
	C_FULL_MONO_PAT_MONO_SRC, C_FAST_COPY, C_NONXY_COLOR, C_NONXY_SRC_COPY, C_PIXEL, C_SCANLINES,
	C_TEXT,
};

struct model {
	int gen, cpp;
	uint8_t rop;
	uint32_t wmask;			/* DW0 bits 21:20 */
	/* setup-driven commands: where wmask goes (0 the draw's DW0, 1 the setup's as SNA, 2 both) */
	int wmask_in;
	struct tsurf dst;
	int x1, y1, x2, y2;
	bool clip;
	int cx1, cy1, cx2, cy2;
	int skind;
	uint32_t s_solid;
	struct tsurf src;
	int sx, sy;
	struct obj *mono_obj;		/* mono source in memory */
	uint64_t mono_off;
	uint8_t imm[4096];		/* immediate mono data / text */
	uint32_t imm_dw;
	unsigned bitoff;
	bool bytepacked;
	bool mono_transp;
	uint32_t fg, bg;
	int pkind;
	uint32_t p_solid;
	struct obj *pat_obj;
	uint64_t pat_off;
	uint8_t mpat[8];
	uint32_t pfg, pbg;
	bool pat_transp;
	unsigned hseed, vseed;
	uint32_t swctrl;
};

static inline uint64_t mono_row_bits(const struct model *m, int type)
{
	uint64_t w = (uint64_t)(m->x2 - m->x1);
	if (type == C_TEXT)
		return m->bytepacked ? (w + 7) / 8 * 8 : w;
	return ((m->bitoff + w + 7) / 8 + 1) / 2 * 2 * 8;	/* word-aligned rows */
}

static inline const uint8_t *mono_bytes(const struct model *m, int type)
{
	if (type == C_MONO_SRC_IMM || type == C_TEXT)
		return m->imm;
	return m->mono_obj->before + GUARD + m->mono_off;
}

static inline uint8_t *at(const struct tsurf *s, uint8_t *copy, int gen, int64_t xb, int64_t y)
{
	(void)s;
	return copy + GUARD + ref_off(s, gen, xb, y);
}

static inline void ref_run(const struct model *m, int type)
{
	int cpp = m->cpp, gen = m->gen;
	uint64_t rb = m->skind == SK_MONO ? mono_row_bits(m, type) : 0;
	unsigned bit0 = type == C_TEXT ? 0 : m->bitoff;
	for (int y = m->y1; y < m->y2; y++)
		for (int x = m->x1; x < m->x2; x++) {
			if (m->clip && (x < m->cx1 || x >= m->cx2 || y < m->cy1 || y >= m->cy2))
				continue;
			uint8_t S[16] = { 0 }, P[16] = { 0 }, D[16];
			bool write = true;
			for (int k = 0; k < cpp; k++)
				D[k] = *at(&m->dst, m->dst.o->before, gen, (int64_t)x * cpp + k, y);
			if (m->skind == SK_SOLID) {
				memcpy(S, &m->s_solid, 4);
			} else if (m->skind == SK_SURF) {
				for (int k = 0; k < cpp; k++)
					S[k] = *at(&m->src, m->src.o->before, gen,
						   (int64_t)(m->sx + x - m->x1) * cpp + k, m->sy + y - m->y1);
			} else {
				uint64_t b = bit0 + (uint64_t)(y - m->y1) * rb + (uint64_t)(x - m->x1);
				int bit = mono_bytes(m, type)[b / 8] >> (7 - b % 8) & 1;
				uint32_t c = bit ? m->fg : m->bg;
				memcpy(S, &c, 4);
				if (!bit && m->mono_transp)
					write = false;
			}
			int pr = (y + (int)m->vseed) & 7, pc = (x + (int)m->hseed) & 7;
			if (m->pkind == PK_SOLID) {
				memcpy(P, &m->p_solid, 4);
			} else if (m->pkind == PK_COLOR) {
				if ((m->rop >> 4) != (m->rop & 15))	/* P unused: not fetched */
				memcpy(P, m->pat_obj->before + GUARD + m->pat_off + (pr * 8 + pc) * cpp, cpp);
			} else {
				int bit = m->mpat[pr] >> (7 - pc) & 1;
				uint32_t c = bit ? m->pfg : m->pbg;
				memcpy(P, &c, 4);
				if (!bit && m->pat_transp)
					write = false;
			}
			if (!write)
				continue;
			for (int k = 0; k < cpp; k++) {
				bool wr = cpp != 4 || (k == 3 ? (m->wmask & 2) : (m->wmask & 1));
				*at(&m->dst, m->dst.o->exp, gen, (int64_t)x * cpp + k, y) =
					wr ? ref_rop(m->rop, P[k], S[k], D[k]) : D[k];
			}
		}
}

/* ---- command encoding --------------------------------------------------- */

static inline uint64_t gpu_of(const struct obj *o, uint64_t off, int gen)
{
	uint64_t a = o->gpu + off;
	if (gen >= 8 && (a >> 47 & 1))
		a |= 0xFFFFull << 48;	/* canonical */
	return a;
}

static inline unsigned put_addr(uint32_t *p, int gen, uint64_t a)
{
	p[0] = (uint32_t)a;
	if (gen >= 8) {
		p[1] = (uint32_t)(a >> 32);
		return 2;
	}
	return 1;
}

static inline uint32_t xy(int x, int y)
{
	return (uint32_t)(y & 0xFFFF) << 16 | (uint32_t)(x & 0xFFFF);
}

static inline uint32_t depth_bits(int cpp)
{
	return cpp == 1 ? 0 : cpp == 2 ? 1u << 24 : 3u << 24;
}

static inline uint32_t pitch_field(const struct model *m, const struct tsurf *s)
{
	int32_t p = m->gen >= 4 && s->tiling ? s->pitch / 4 : s->pitch;
	return (uint32_t)p & 0xFFFF;
}

static inline uint32_t br13_of(const struct model *m)
{
	return pitch_field(m, &m->dst) | (uint32_t)m->rop << 16 | depth_bits(m->cpp) |
	       (m->pat_transp ? 1u << 28 : 0) | (m->mono_transp ? 1u << 29 : 0) | (m->clip ? 1u << 30 : 0);
}

static inline uint32_t dw0_of(const struct model *m, uint32_t op, bool src)
{
	uint32_t d = 2u << 29 | op << 22 | m->wmask << 20 | m->hseed << 12 | m->vseed << 8;
	if (m->gen >= 4 && m->dst.tiling)
		d |= 1u << 11;
	if (src && m->gen >= 4 && m->src.tiling)
		d |= 1u << 15;
	return d;
}

static inline uint64_t mono_bytes_needed(const struct model *m, int type)
{
	uint64_t h = (uint64_t)(m->y2 - m->y1), w = (uint64_t)(m->x2 - m->x1);
	if (type == C_TEXT)
		return (mono_row_bits(m, type) * (h - 1) + w + 7) / 8;
	return mono_row_bits(m, type) / 8 * h;
}

/* Encodes the command for a model into c; returns its length. */
static inline unsigned encode(const struct model *m, int type, uint32_t *c)
{
	int gen = m->gen;
	unsigned n = 1;
	uint64_t dst = gpu_of(m->dst.o, m->dst.off, gen);
	static const uint32_t ops[] = {
		[C_SRC_COPY] = 0x53, [C_COLOR] = 0x50, [C_PAT] = 0x51, [C_MONO_PAT] = 0x52,
		[C_MONO_SRC] = 0x54, [C_MONO_SRC_IMM] = 0x71, [C_FULL_MONO_PAT] = 0x57,
		[C_FULL_MONO_PAT_MONO_SRC] = 0x58, [C_FAST_COPY] = 0x42, [C_NONXY_COLOR] = 0x40,
		[C_NONXY_SRC_COPY] = 0x43, [C_PIXEL] = 0x24, [C_SCANLINES] = 0x25, [C_TEXT] = 0x31,
	};
	bool has_src = type == C_SRC_COPY || type == C_FULL_MONO_PAT || type == C_NONXY_SRC_COPY;
	c[0] = dw0_of(m, ops[type], has_src);
	if ((type == C_PIXEL || type == C_SCANLINES || type == C_TEXT) && m->wmask_in == 1)
		c[0] &= ~(3u << 20);
	switch (type) {
	case C_FAST_COPY: {
		static const uint32_t fcd[17] = { [1] = 0, [2] = 1, [4] = 3, [8] = 4, [16] = 5 };
		c[0] = 2u << 29 | 0x42u << 22 | (uint32_t)m->src.tiling << 20 | (uint32_t)m->dst.tiling << 13;
		c[n++] = pitch_field(m, &m->dst) | fcd[m->cpp] << 24;
		c[n++] = xy(m->x1, m->y1);
		c[n++] = xy(m->x2, m->y2);
		n += put_addr(c + n, gen, dst);
		c[n++] = xy(m->sx, m->sy);
		c[n++] = pitch_field(m, &m->src);
		n += put_addr(c + n, gen, gpu_of(m->src.o, m->src.off, gen));
		break;
	}
	case C_NONXY_COLOR:
	case C_NONXY_SRC_COPY:
		c[n++] = br13_of(m) & ~(1u << 30);
		c[n++] = (uint32_t)(m->y2 - m->y1) << 16 | (uint32_t)((m->x2 - m->x1) * m->cpp);
		n += put_addr(c + n, gen, dst);
		if (type == C_NONXY_COLOR) {
			c[n++] = m->p_solid;
		} else {
			c[n++] = pitch_field(m, &m->src);
			n += put_addr(c + n, gen, gpu_of(m->src.o, m->src.off, gen));
		}
		break;
	case C_PIXEL:
		c[n++] = xy(m->x1, m->y1);
		break;
	case C_SCANLINES:
		c[n++] = xy(m->x1, m->y1);
		c[n++] = xy(m->x2, m->y2);
		break;
	case C_TEXT:
		c[0] |= m->bytepacked ? 1u << 16 : 0;
		c[n++] = xy(m->x1, m->y1);
		c[n++] = xy(m->x2, m->y2);
		memcpy(c + n, m->imm, m->imm_dw * 4);
		n += m->imm_dw;
		break;
	default:
		c[n++] = br13_of(m);
		c[n++] = xy(m->x1, m->y1);
		c[n++] = xy(m->x2, m->y2);
		n += put_addr(c + n, gen, dst);
		switch (type) {
		case C_SRC_COPY:
			c[n++] = xy(m->sx, m->sy);
			c[n++] = pitch_field(m, &m->src);
			n += put_addr(c + n, gen, gpu_of(m->src.o, m->src.off, gen));
			break;
		case C_COLOR:
			c[n++] = m->p_solid;
			break;
		case C_PAT:
			n += put_addr(c + n, gen, gpu_of(m->pat_obj, m->pat_off, gen));
			break;
		case C_FULL_MONO_PAT:
			c[n++] = pitch_field(m, &m->src);
			c[n++] = xy(m->sx, m->sy);
			n += put_addr(c + n, gen, gpu_of(m->src.o, m->src.off, gen));
			/* fallthrough */
		case C_MONO_PAT:
			c[n++] = m->pbg;
			c[n++] = m->pfg;
			c[n++] = (uint32_t)m->mpat[0] | (uint32_t)m->mpat[1] << 8 | (uint32_t)m->mpat[2] << 16 | (uint32_t)m->mpat[3] << 24;
			c[n++] = (uint32_t)m->mpat[4] | (uint32_t)m->mpat[5] << 8 | (uint32_t)m->mpat[6] << 16 | (uint32_t)m->mpat[7] << 24;
			break;
		case C_MONO_SRC:
		case C_FULL_MONO_PAT_MONO_SRC:
			c[0] |= m->bitoff << 17;
			n += put_addr(c + n, gen, gpu_of(m->mono_obj, m->mono_off, gen));
			c[n++] = m->bg;
			c[n++] = m->fg;
			if (type == C_FULL_MONO_PAT_MONO_SRC) {
				c[n++] = m->pbg;
				c[n++] = m->pfg;
				c[n++] = (uint32_t)m->mpat[0] | (uint32_t)m->mpat[1] << 8 | (uint32_t)m->mpat[2] << 16 | (uint32_t)m->mpat[3] << 24;
				c[n++] = (uint32_t)m->mpat[4] | (uint32_t)m->mpat[5] << 8 | (uint32_t)m->mpat[6] << 16 | (uint32_t)m->mpat[7] << 24;
			}
			break;
		case C_MONO_SRC_IMM:
			c[0] |= m->bitoff << 17;
			c[n++] = m->bg;
			c[n++] = m->fg;
			memcpy(c + n, m->imm, m->imm_dw * 4);
			n += m->imm_dw;
			break;
		}
	}
	c[0] |= (n - 2) & 0xFF;
	return n;
}

/* The setup command preceding XY_PIXEL / XY_SCANLINES / XY_TEXT_IMMEDIATE. */
static inline unsigned encode_setup(const struct model *m, uint32_t *c)
{
	int gen = m->gen;
	unsigned n = 1;
	bool mono = m->pkind != PK_COLOR;
	c[0] = 2u << 29 | (mono ? 0x11u : 0x01u) << 22 | (m->wmask_in ? m->wmask << 20 : 0);
	c[n++] = br13_of(m) | (m->pkind == PK_SOLID ? 1u << 31 : 0);
	c[n++] = xy(m->cx1, m->cy1);
	c[n++] = xy(m->cx2, m->cy2);
	n += put_addr(c + n, gen, gpu_of(m->dst.o, m->dst.off, gen));
	c[n++] = m->bg;
	c[n++] = m->fg;
	if (mono) {
		c[n++] = (uint32_t)m->mpat[0] | (uint32_t)m->mpat[1] << 8 | (uint32_t)m->mpat[2] << 16 | (uint32_t)m->mpat[3] << 24;
		c[n++] = (uint32_t)m->mpat[4] | (uint32_t)m->mpat[5] << 8 | (uint32_t)m->mpat[6] << 16 | (uint32_t)m->mpat[7] << 24;
	} else {
		n += put_addr(c + n, gen, gpu_of(m->pat_obj, m->pat_off, gen));
	}
	c[0] |= n - 2;
	return n;
}

/*
 * Runs the model's command (after a clip or setup command as needed) and
 * compares every object, guards included, with the reference (ret 0) or
 * with its old contents (ret < 0).
 */
static inline void check_ret(struct model *m, int type, int ret)
{
	static uint32_t cmd[2048], pre[32];
	for (int i = 0; i < nobjs; i++) {
		memcpy(objs[i].before, objs[i].mem, objs[i].size + 2 * GUARD);
		memcpy(objs[i].exp, objs[i].mem, objs[i].size + 2 * GUARD);
	}
	struct shim_blt_state st;
	shim_blt_state_init(&st, (unsigned)m->gen);
	st.bcs_swctrl = m->swctrl;
	unsigned npre = 0;
	if (type == C_PIXEL || type == C_SCANLINES || type == C_TEXT) {
		if (!m->clip)
			m->cx1 = m->cy1 = m->cx2 = m->cy2 = 0;
		if (m->pkind == PK_MONO) {
			m->pfg = m->fg;
			m->pbg = m->bg;
		} else if (m->pkind == PK_SOLID) {
			m->p_solid = m->bg;
		}
		if (type != C_TEXT) {
			m->skind = SK_SOLID;
			m->s_solid = m->fg;
		}
		npre = encode_setup(m, pre);
	} else if (m->clip) {
		pre[0] = 2u << 29 | 0x03u << 22 | 1;
		pre[1] = xy(m->cx1, m->cy1);
		pre[2] = xy(m->cx2, m->cy2);
		npre = 3;
	}
	if (npre) {
		ASSERT_EQ(shim_blt_cmd_length((unsigned)m->gen, pre[0]), npre);
		ASSERT_EQ(shim_blt_execute(&st, &test_vm, pre, npre), 0);
	}
	unsigned n = encode(m, type, cmd);
	ASSERT_EQ(shim_blt_cmd_length((unsigned)m->gen, cmd[0]), n);
	int r = shim_blt_execute(&st, &test_vm, cmd, n);
	if (r != ret)
		TEST_FAIL("type %d gen %d cpp %d rop 0x%02x: ret %d, expected %d", type, m->gen, m->cpp,
			  m->rop, r, ret);
	if (ret == 0)
		ref_run(m, type);
	for (int i = 0; i < nobjs; i++) {
		struct obj *o = &objs[i];
		uint8_t *want = ret == 0 ? o->exp : o->before;
		for (uint64_t k = 0; k < o->size + 2 * GUARD; k++)
			if (o->mem[k] != want[k])
				TEST_FAIL("type %d gen %d cpp %d rop 0x%02x: obj %d byte %lld (%s) is 0x%02x, "
					  "expected 0x%02x (was 0x%02x)", type, m->gen, m->cpp, m->rop, i,
					  (long long)k - GUARD, k < GUARD || k >= GUARD + o->size ? "guard" : "in",
					  o->mem[k], want[k], o->before[k]);
	}
}

static inline void check(struct model *m, int type)
{
	check_ret(m, type, 0);
}

/* A base model: gen, cpp, destination surface, rectangle. */
static inline struct model *model_new(int gen, int cpp, struct tsurf dst, int x1, int y1, int x2, int y2)
{
	static struct model m;
	memset(&m, 0, sizeof(m));
	m.gen = gen;
	m.cpp = cpp;
	m.wmask = 3;
	m.dst = dst;
	m.x1 = x1, m.y1 = y1, m.x2 = x2, m.y2 = y2;
	m.fg = rnd();
	m.bg = rnd();
	return &m;
}

#endif
