/*
 * Decoding of the 2D commands (spec/blitter.md §4-7) into struct blt_op:
 * field layouts per generation (32-bit addresses before gen8, two dwords
 * masked to 48 bits from gen8), the setup/clip registers kept in struct
 * shim_blt_state, clipping, tiling (DW0 bits 11/15 on gen4+ with
 * BCS_SWCTRL choosing Y on gen6+; fences via the translated range on
 * gen2/3), and translation of every surface before anything is written.
 * Owns nothing beyond one call: the op and its mappings are stack-local.
 *
 * Choices where the spec leaves room: an operand the ROP ignores is not
 * fetched (so an unbound pattern/source address does not fault when unused);
 * commands without a source use S = their solid colour (XY_COLOR_BLT) or the
 * setup FG (XY_PIXEL/XY_SCANLINES); commands without a pattern use P = 0
 * except XY_COLOR_BLT (P = colour). The non-XY COLOR_BLT/SRC_COPY_BLT honour
 * the DW0 tiled bits like the XY commands and take 64-bit addresses on
 * gen8+ (sizes there are undocumented). Immediate data must cover the
 * rectangle and be an even number of dwords.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "hw/blt_priv.h"

enum {
	OP_SETUP = 0x01, OP_SETUP_CLIP = 0x03, OP_SETUP_MONO_SL = 0x11, OP_PIXEL = 0x24,
	OP_SCANLINES = 0x25, OP_TEXT = 0x26, OP_TEXT_IMM = 0x31, OP_COLOR = 0x40,
	OP_FAST_COPY = 0x42, OP_SRC_COPY = 0x43, OP_BLOCK_COPY = 0x41, OP_FAST_COLOR = 0x44,
	OP_XY_COLOR = 0x50, OP_XY_PAT = 0x51, OP_XY_MONO_PAT = 0x52, OP_XY_SRC_COPY = 0x53,
	OP_XY_MONO_SRC = 0x54, OP_XY_FULL = 0x55, OP_XY_FULL_MONO_SRC = 0x56,
	OP_XY_FULL_MONO_PAT = 0x57, OP_XY_FULL_MONO_PAT_MONO_SRC = 0x58, OP_XY_MONO_PAT_FIXED = 0x59,
	OP_XY_MONO_SRC_IMM = 0x71, OP_XY_PAT_IMM = 0x72, OP_XY_SRC_COPY_CHROMA = 0x73,
	OP_XY_FULL_IMM_PAT = 0x74, OP_XY_FULL_MONO_SRC_IMM_PAT = 0x75, OP_XY_PAT_CHROMA = 0x76,
	OP_XY_PAT_CHROMA_IMM = 0x77,
};

#define BR13_MONO_PAT_TRANSPARENT (1u << 28)
#define BR13_MONO_SRC_TRANSPARENT (1u << 29)
#define BR13_CLIP (1u << 30)
#define BR13_SOLID_PATTERN (1u << 31)

void shim_blt_state_init(struct shim_blt_state *st, unsigned gen)
{
	memset(st, 0, sizeof(*st));
	st->gen = gen;
}

uint32_t shim_blt_cmd_length(unsigned gen, uint32_t dw)
{
	if (dw >> 29 != 2)
		return 0;
	switch ((dw >> 22) & 0x7F) {
	case OP_FAST_COPY:
		if (gen < 9)
			return 0;
		break;
	case OP_BLOCK_COPY:
	case OP_FAST_COLOR:
		if (gen < 12)
			return 0;
		break;
	case OP_SETUP: case OP_SETUP_CLIP: case OP_SETUP_MONO_SL: case OP_PIXEL: case OP_SCANLINES:
	case OP_TEXT: case OP_TEXT_IMM: case OP_COLOR: case OP_SRC_COPY: case OP_XY_COLOR:
	case OP_XY_PAT: case OP_XY_MONO_PAT: case OP_XY_SRC_COPY: case OP_XY_MONO_SRC: case OP_XY_FULL:
	case OP_XY_FULL_MONO_SRC: case OP_XY_FULL_MONO_PAT: case OP_XY_FULL_MONO_PAT_MONO_SRC:
	case OP_XY_MONO_PAT_FIXED: case OP_XY_MONO_SRC_IMM: case OP_XY_PAT_IMM:
	case OP_XY_SRC_COPY_CHROMA: case OP_XY_FULL_IMM_PAT: case OP_XY_FULL_MONO_SRC_IMM_PAT:
	case OP_XY_PAT_CHROMA: case OP_XY_PAT_CHROMA_IMM:
		break;
	default:
		return 0;
	}
	return (dw & (gen >= 12 ? 0x1FF : 0xFF)) + 2;
}

/* Fixed total length of a command we execute; 0 = variable (immediate data). */
static uint32_t fixed_length(unsigned gen, unsigned op)
{
	uint32_t a = gen >= 8;
	switch (op) {
	case OP_SETUP: return 8 + 2 * a;
	case OP_SETUP_CLIP: return 3;
	case OP_SETUP_MONO_SL: return 9 + a;
	case OP_PIXEL: return 2;
	case OP_SCANLINES: return 3;
	case OP_XY_COLOR: return 6 + a;
	case OP_XY_PAT: return 6 + 2 * a;
	case OP_XY_MONO_PAT: return 9 + a;
	case OP_XY_SRC_COPY: return 8 + 2 * a;
	case OP_XY_MONO_SRC: return 8 + 2 * a;
	case OP_XY_FULL_MONO_PAT: return 12 + 2 * a;
	case OP_XY_FULL_MONO_PAT_MONO_SRC: return 12 + 2 * a;
	case OP_COLOR: return 5 + a;
	case OP_SRC_COPY: return 6 + 2 * a;
	case OP_FAST_COPY: return 10;
	default: return 0;
	}
}

static uint64_t addr_at(unsigned gen, const uint32_t *c, unsigned i)
{
	if (gen >= 8)
		return (c[i] | (uint64_t)c[i + 1] << 32) & ((1ull << 48) - 1);
	return c[i];
}

static inline int32_t lo16(uint32_t v) { return (int16_t)(v & 0xFFFF); }
static inline int32_t hi16(uint32_t v) { return (int16_t)(v >> 16); }

enum mono_from { MONO_NONE, MONO_MEM, MONO_IMM };

/* A decoded rectangle command before clipping and translation. */
struct req {
	uint32_t dw0, br13;
	bool clip;
	int32_t x1, y1, x2, y2;
	uint32_t cpp;
	uint8_t rop;
	uint32_t bytemask;
	uint64_t dst;
	enum shim_tiling dtile;
	int32_t dpitch;

	enum blt_src_kind skind;
	uint32_t s_solid;
	uint64_t src;			/* colour source surface */
	enum shim_tiling stile;
	int32_t spitch, sx, sy;
	enum mono_from mono;		/* mono source */
	uint64_t mono_addr;
	const uint8_t *imm;
	uint64_t imm_bytes;
	uint64_t mono_bit0, mono_row_bits;
	uint32_t fg, bg;
	bool src_transparent;

	enum blt_pat_kind pkind;
	uint32_t p_solid;
	uint64_t pat_addr;
	uint32_t mpat[2];
	uint32_t pfg, pbg;
	bool pat_transparent;
};

static enum shim_tiling tiled_bit(const struct shim_blt_state *st, uint32_t dw0, unsigned bit,
				  uint32_t swctrl_y)
{
	if (st->gen < 4 || !(dw0 & (1u << bit)))
		return SHIM_TILING_NONE;
	return st->gen >= 6 && (st->bcs_swctrl & swctrl_y) ? SHIM_TILING_Y : SHIM_TILING_X;
}

/* Pitch in bytes of a BR13-style pitch field. */
static int32_t pitch_bytes(const struct shim_blt_state *st, uint32_t field, enum shim_tiling t)
{
	int32_t p = lo16(field);
	return st->gen >= 4 && t != SHIM_TILING_NONE ? p * 4 : p;
}

/* Fills the BR13-derived parts of a request. */
static void from_br13(struct req *r, const struct shim_blt_state *st, uint32_t dw0, uint32_t br13)
{
	r->dw0 = dw0;
	r->br13 = br13;
	r->clip = br13 & BR13_CLIP;
	r->cpp = blt_depth_cpp(br13);
	r->rop = (uint8_t)(br13 >> 16);
	r->bytemask = ((dw0 >> 20 & 1) ? 0x7 : 0) | ((dw0 >> 21 & 1) ? 0x8 : 0);
	r->dtile = tiled_bit(st, dw0, 11, SHIM_BCS_SWCTRL_DST_Y);
	r->dpitch = pitch_bytes(st, br13, r->dtile);
}

static void rect(struct req *r, uint32_t tl, uint32_t br)
{
	r->x1 = lo16(tl);
	r->y1 = hi16(tl);
	r->x2 = lo16(br);
	r->y2 = hi16(br);
}

static void mono_pattern(struct req *r, uint32_t bg, uint32_t fg, uint32_t p0, uint32_t p1)
{
	r->pkind = BLT_PAT_MONO;
	r->pbg = bg;
	r->pfg = fg;
	r->mpat[0] = p0;
	r->mpat[1] = p1;
	r->pat_transparent = r->br13 & BR13_MONO_PAT_TRANSPARENT;
}

/* Source rows of XY_MONO_SRC_COPY(_IMMEDIATE): word aligned, first pixel at DW0 bits 19:17. */
static void mono_rows(struct req *r)
{
	uint64_t off = r->dw0 >> 17 & 7;
	uint64_t w = (uint64_t)(r->x2 > r->x1 ? r->x2 - r->x1 : 0);
	r->mono_bit0 = off;
	r->mono_row_bits = ((off + w + 7) / 8 + 1) / 2 * 2 * 8;
	r->src_transparent = r->br13 & BR13_MONO_SRC_TRANSPARENT;
}

/* Clips, translates and runs a request. */
static int run_req(const struct shim_blt_state *st, const struct shim_gpu_vm *vm, struct req *r)
{
	unsigned gen = st->gen;
	struct blt_op op;
	int ret;
	memset(&op, 0, sizeof(op));

	/* Immediate data must cover the unclipped rectangle. */
	if (r->mono == MONO_IMM && r->x2 > r->x1 && r->y2 > r->y1) {
		uint64_t bits = r->mono_bit0 + (uint64_t)(r->y2 - r->y1 - 1) * r->mono_row_bits +
				(uint64_t)(r->x2 - r->x1);
		if ((bits + 7) / 8 > r->imm_bytes)
			return -EINVAL;
	}
	int32_t x1 = r->x1, y1 = r->y1, x2 = r->x2, y2 = r->y2;
	if (r->clip) {
		int32_t cx1 = lo16(st->clip_tl), cy1 = hi16(st->clip_tl);
		int32_t cx2 = lo16(st->clip_br), cy2 = hi16(st->clip_br);
		x1 = x1 > cx1 ? x1 : cx1;
		y1 = y1 > cy1 ? y1 : cy1;
		x2 = x2 < cx2 ? x2 : cx2;
		y2 = y2 < cy2 ? y2 : cy2;
	}
	if (x2 <= x1 || y2 <= y1)
		return 0;
	op.x1 = x1, op.y1 = y1, op.x2 = x2, op.y2 = y2;
	op.cpp = r->cpp;
	op.rop = r->rop;
	op.bytemask = r->cpp == 4 ? r->bytemask : 0xF;
	op.fg = r->fg, op.bg = r->bg;
	op.src_transparent = r->mono != MONO_NONE && r->src_transparent;
	op.pat_transparent = r->pkind == BLT_PAT_MONO && r->pat_transparent;
	op.hseed = r->dw0 >> 12 & 7;
	op.vseed = r->dw0 >> 8 & 7;
	bool use_s = blt_rop_uses_s(op.rop), use_p = blt_rop_uses_p(op.rop);

	ret = blt_surf_map(&op.dst, vm, gen, r->dst, r->dpitch, r->dtile, (int64_t)x1 * op.cpp,
			   (int64_t)x2 * op.cpp, y1, y2, true);
	if (ret)
		return ret;

	op.skind = BLT_SRC_SOLID;
	op.s_solid = r->s_solid;
	if (r->skind == BLT_SRC_SURF && use_s) {
		op.skind = BLT_SRC_SURF;
		op.sx = r->sx + (x1 - r->x1);
		op.sy = r->sy + (y1 - r->y1);
		ret = blt_surf_map(&op.src, vm, gen, r->src, r->spitch, r->stile, (int64_t)op.sx * op.cpp,
				   ((int64_t)op.sx + (x2 - x1)) * op.cpp, op.sy,
				   (int64_t)op.sy + (y2 - y1), false);
		if (ret)
			return ret;
	} else if (r->mono != MONO_NONE && (use_s || op.src_transparent)) {
		uint64_t first = r->mono_bit0 + (uint64_t)(y1 - r->y1) * r->mono_row_bits + (uint64_t)(x1 - r->x1);
		uint64_t last = r->mono_bit0 + (uint64_t)(y2 - 1 - r->y1) * r->mono_row_bits +
				(uint64_t)(x2 - 1 - r->x1);
		op.skind = BLT_SRC_MONO;
		op.mono_x0 = x1;
		op.mono_y0 = y1;
		op.mono_bit0 = first & 7;
		op.mono_row_bits = r->mono_row_bits;
		if (r->mono == MONO_IMM) {
			op.mono = r->imm + first / 8;
		} else if (!(op.mono = blt_map_bytes(vm, r->mono_addr + first / 8, last / 8 - first / 8 + 1))) {
			return -EFAULT;
		}
	}

	op.pkind = r->pkind;
	op.p_solid = r->p_solid;
	if (r->pkind == BLT_PAT_COLOR) {
		if (use_p) {
			if (!(op.cpat = blt_map_bytes(vm, r->pat_addr, 64ull * op.cpp)))
				return -EFAULT;
		} else {
			op.pkind = BLT_PAT_SOLID;
			op.p_solid = 0;
		}
	} else if (r->pkind == BLT_PAT_MONO) {
		for (int k = 0; k < 8; k++)
			op.mpat[k] = (uint8_t)(r->mpat[k / 4] >> (8 * (k % 4)));
		op.pfg = r->pfg;
		op.pbg = r->pbg;
	}
	return blt_run(&op);
}

/* The pattern of a command that draws with the setup registers. */
static void setup_pattern(struct req *r, const struct shim_blt_state *st)
{
	if (st->br13 & BR13_SOLID_PATTERN) {
		r->pkind = BLT_PAT_SOLID;
		r->p_solid = st->bg;
	} else if (st->mono_setup) {
		mono_pattern(r, st->bg, st->fg, st->mono_pat[0], st->mono_pat[1]);
	} else {
		r->pkind = BLT_PAT_COLOR;
		r->pat_addr = st->pat_addr;
	}
}

static int fast_copy(const struct shim_blt_state *st, const struct shim_gpu_vm *vm, const uint32_t *c)
{
	static const uint8_t cpps[8] = { 1, 2, 0, 4, 8, 16, 0, 0 };
	static const enum shim_tiling tl[4] = { SHIM_TILING_NONE, SHIM_TILING_X, SHIM_TILING_Y, SHIM_TILING_NONE };
	unsigned st_src = c[0] >> 20 & 3, st_dst = c[0] >> 13 & 3;
	uint32_t cpp = cpps[c[1] >> 24 & 7];
	if (!cpp)
		return -EINVAL;
	if (st_src == 3 || st_dst == 3 || (c[1] & (3u << 30)))
		return -EOPNOTSUPP;	/* Ys/Tile64, Yf/Tile4 */
	struct req r;
	memset(&r, 0, sizeof(r));
	r.dw0 = 0;
	r.cpp = cpp;
	r.rop = 0xCC;
	r.bytemask = 0xF;
	rect(&r, c[2], c[3]);
	r.dst = addr_at(st->gen, c, 4);
	r.dtile = tl[st_dst];
	r.dpitch = (int32_t)(c[1] & 0xFFFF) * (r.dtile ? 4 : 1);
	r.skind = BLT_SRC_SURF;
	r.sx = lo16(c[6]);
	r.sy = hi16(c[6]);
	r.stile = tl[st_src];
	r.spitch = (int32_t)(c[7] & 0xFFFF) * (r.stile ? 4 : 1);
	r.src = addr_at(st->gen, c, 8);
	return run_req(st, vm, &r);
}

int shim_blt_execute(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const uint32_t *c,
		     uint32_t ndw)
{
	unsigned gen = st->gen, a = gen >= 8;
	if (!ndw)
		return -EINVAL;
	uint32_t len = shim_blt_cmd_length(gen, c[0]);
	if (!len || len != ndw)
		return -EINVAL;
	unsigned op = c[0] >> 22 & 0x7F;
	uint32_t fixed = fixed_length(gen, op);
	if (fixed && ndw != fixed)
		return -EINVAL;

	struct req r;
	memset(&r, 0, sizeof(r));
	switch (op) {
	case OP_SETUP:
		st->br13 = c[1];
		st->clip_tl = c[2];
		st->clip_br = c[3];
		st->dst = addr_at(gen, c, 4);
		st->bg = c[5 + a];
		st->fg = c[6 + a];
		st->pat_addr = addr_at(gen, c, 7 + a);
		st->mono_setup = false;
		return 0;
	case OP_SETUP_CLIP:
		st->clip_tl = c[1];
		st->clip_br = c[2];
		return 0;
	case OP_SETUP_MONO_SL:
		st->br13 = c[1];
		st->clip_tl = c[2];
		st->clip_br = c[3];
		st->dst = addr_at(gen, c, 4);
		st->bg = c[5 + a];
		st->fg = c[6 + a];
		st->mono_pat[0] = c[7 + a];
		st->mono_pat[1] = c[8 + a];
		st->mono_setup = true;
		return 0;
	case OP_PIXEL:
	case OP_SCANLINES:
	case OP_TEXT_IMM:
		from_br13(&r, st, c[0], st->br13);
		r.dst = st->dst;
		r.fg = st->fg;
		r.bg = st->bg;
		setup_pattern(&r, st);
		if (op == OP_PIXEL) {
			rect(&r, c[1], c[1]);
			r.x2 = r.x1 + 1;
			r.y2 = r.y1 + 1;
		} else {
			rect(&r, c[1], c[2]);
		}
		r.skind = BLT_SRC_SOLID;
		r.s_solid = st->fg;
		if (op == OP_TEXT_IMM) {
			uint64_t w = (uint64_t)(r.x2 > r.x1 ? r.x2 - r.x1 : 0);
			if ((ndw - 3) & 1)
				return -EINVAL;
			r.skind = BLT_SRC_MONO;
			r.mono = MONO_IMM;
			r.imm = (const uint8_t *)(c + 3);
			r.imm_bytes = (uint64_t)(ndw - 3) * 4;
			r.mono_row_bits = (c[0] & (1u << 16)) ? (w + 7) / 8 * 8 : w;
			r.src_transparent = st->br13 & BR13_MONO_SRC_TRANSPARENT;
		}
		return run_req(st, vm, &r);
	case OP_XY_COLOR:
		from_br13(&r, st, c[0], c[1]);
		rect(&r, c[2], c[3]);
		r.dst = addr_at(gen, c, 4);
		r.s_solid = r.p_solid = c[5 + a];
		return run_req(st, vm, &r);
	case OP_XY_PAT:
		from_br13(&r, st, c[0], c[1]);
		rect(&r, c[2], c[3]);
		r.dst = addr_at(gen, c, 4);
		r.pkind = BLT_PAT_COLOR;
		r.pat_addr = addr_at(gen, c, 5 + a);
		return run_req(st, vm, &r);
	case OP_XY_MONO_PAT:
		from_br13(&r, st, c[0], c[1]);
		rect(&r, c[2], c[3]);
		r.dst = addr_at(gen, c, 4);
		mono_pattern(&r, c[5 + a], c[6 + a], c[7 + a], c[8 + a]);
		return run_req(st, vm, &r);
	case OP_XY_SRC_COPY:
	case OP_XY_FULL_MONO_PAT: {
		bool full = op == OP_XY_FULL_MONO_PAT;
		from_br13(&r, st, c[0], c[1]);
		rect(&r, c[2], c[3]);
		r.dst = addr_at(gen, c, 4);
		r.skind = BLT_SRC_SURF;
		r.stile = tiled_bit(st, c[0], 15, SHIM_BCS_SWCTRL_SRC_Y);
		uint32_t xy = c[(full ? 6 : 5) + a], pitch = c[(full ? 5 : 6) + a];
		r.sx = lo16(xy);
		r.sy = hi16(xy);
		r.spitch = pitch_bytes(st, pitch, r.stile);
		r.src = addr_at(gen, c, 7 + a);
		if (full)
			mono_pattern(&r, c[8 + 2 * a], c[9 + 2 * a], c[10 + 2 * a], c[11 + 2 * a]);
		return run_req(st, vm, &r);
	}
	case OP_XY_MONO_SRC:
	case OP_XY_FULL_MONO_PAT_MONO_SRC:
		from_br13(&r, st, c[0], c[1]);
		rect(&r, c[2], c[3]);
		r.dst = addr_at(gen, c, 4);
		r.skind = BLT_SRC_MONO;
		r.mono = MONO_MEM;
		r.mono_addr = addr_at(gen, c, 5 + a);
		r.bg = c[6 + 2 * a];
		r.fg = c[7 + 2 * a];
		mono_rows(&r);
		if (op == OP_XY_FULL_MONO_PAT_MONO_SRC)
			mono_pattern(&r, c[8 + 2 * a], c[9 + 2 * a], c[10 + 2 * a], c[11 + 2 * a]);
		return run_req(st, vm, &r);
	case OP_XY_MONO_SRC_IMM:
		if ((ndw - 7 - a) & 1)
			return -EINVAL;
		from_br13(&r, st, c[0], c[1]);
		rect(&r, c[2], c[3]);
		r.dst = addr_at(gen, c, 4);
		r.bg = c[5 + a];
		r.fg = c[6 + a];
		r.skind = BLT_SRC_MONO;
		r.mono = MONO_IMM;
		r.imm = (const uint8_t *)(c + 7 + a);
		r.imm_bytes = (uint64_t)(ndw - 7 - a) * 4;
		mono_rows(&r);
		return run_req(st, vm, &r);
	case OP_COLOR:
	case OP_SRC_COPY:
		/* Non-XY: BR14 = height << 16 | width in bytes; no clipping. */
		from_br13(&r, st, c[0], c[1]);
		r.clip = false;
		r.x1 = r.y1 = 0;
		r.x2 = (int32_t)((c[2] & 0xFFFF) / r.cpp);
		r.y2 = (int32_t)(c[2] >> 16);
		r.dst = addr_at(gen, c, 3);
		if (op == OP_COLOR) {
			r.s_solid = r.p_solid = c[4 + a];
		} else {
			r.skind = BLT_SRC_SURF;
			r.stile = tiled_bit(st, c[0], 15, SHIM_BCS_SWCTRL_SRC_Y);
			r.spitch = pitch_bytes(st, c[4 + a], r.stile);
			r.src = addr_at(gen, c, 5 + a);
		}
		return run_req(st, vm, &r);
	case OP_FAST_COPY:
		return fast_copy(st, vm, c);
	default:
		return -EOPNOTSUPP;
	}
}
