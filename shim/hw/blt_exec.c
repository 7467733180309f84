/* SPDX-License-Identifier: MIT */
/*
 * Decoding of the 2D commands (doc/blitter.md §4-7) into struct blt_op, one
 * handler per command or family: the field layouts per generation come from
 * hwdefs/intel_commands.h (32-bit addresses before gen8, two dwords masked
 * to 48 bits from gen8); here are the setup/clip registers kept in struct
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
#include "hwdefs/intel_commands.h"

void shim_blt_state_init(struct shim_blt_state *st, unsigned gen)
{
	memset(st, 0, sizeof(*st));
	st->gen = gen;
}

uint32_t shim_blt_cmd_length(unsigned gen, uint32_t dw)
{
	if (INTEL_CLIENT(dw) != INTEL_CLIENT_2D || !intel_cmd_known(intel_2d_info(INTEL_2D_OPCODE(dw)), gen))
		return 0;
	return intel_2d_length(gen, dw);
}

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

static enum shim_tiling tiled_bit(const struct shim_blt_state *st, uint32_t dw0, uint32_t tiled_flag,
				  uint32_t swctrl_y)
{
	if (st->gen < 4 || !(dw0 & tiled_flag))
		return SHIM_TILING_NONE;
	return st->gen >= 6 && (st->bcs_swctrl & swctrl_y) ? SHIM_TILING_Y : SHIM_TILING_X;
}

/* Pitch in bytes of a BR13-style pitch field. */
static int32_t pitch_bytes(const struct shim_blt_state *st, uint32_t field, enum shim_tiling t)
{
	int32_t p = INTEL_BR13_PITCH(field);
	return st->gen >= 4 && t != SHIM_TILING_NONE ? p * 4 : p;
}

/* Fills the BR13-derived parts of a request. */
static void from_br13(struct req *r, const struct shim_blt_state *st, uint32_t dw0, uint32_t br13)
{
	r->dw0 = dw0;
	r->br13 = br13;
	r->clip = br13 & INTEL_BR13_CLIP_ENABLE;
	r->cpp = intel_br13_cpp(br13);
	r->rop = INTEL_BR13_ROP(br13);
	r->bytemask = (dw0 & INTEL_BLT_WRITE_RGB ? 0x7 : 0) | (dw0 & INTEL_BLT_WRITE_ALPHA ? 0x8 : 0);
	r->dtile = tiled_bit(st, dw0, INTEL_BLT_DST_TILED, INTEL_BCS_SWCTRL_DST_Y);
	r->dpitch = pitch_bytes(st, br13, r->dtile);
}

static void rect(struct req *r, uint32_t tl, uint32_t br)
{
	r->x1 = INTEL_XY_X(tl);
	r->y1 = INTEL_XY_Y(tl);
	r->x2 = INTEL_XY_X(br);
	r->y2 = INTEL_XY_Y(br);
}

static void mono_pattern(struct req *r, uint32_t bg, uint32_t fg, uint32_t p0, uint32_t p1)
{
	r->pkind = BLT_PAT_MONO;
	r->pbg = bg;
	r->pfg = fg;
	r->mpat[0] = p0;
	r->mpat[1] = p1;
	r->pat_transparent = r->br13 & INTEL_BR13_MONO_PAT_TRANSPARENT;
}

/* Source rows of XY_MONO_SRC_COPY(_IMMEDIATE): word aligned, first pixel at DW0 bits 19:17. */
static void mono_rows(struct req *r)
{
	uint64_t off = INTEL_BLT_MONO_BIT_OFFSET(r->dw0);
	uint64_t w = (uint64_t)(r->x2 > r->x1 ? r->x2 - r->x1 : 0);
	r->mono_bit0 = off;
	r->mono_row_bits = ((off + w + 7) / 8 + 1) / 2 * 2 * 8;
	r->src_transparent = r->br13 & INTEL_BR13_MONO_SRC_TRANSPARENT;
}

/* Clips, translates and runs a request. */
static int run_req(const struct shim_blt_state *st, const struct shim_gpu_vm *vm, struct req *r)
{
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
		int32_t cx1 = INTEL_XY_X(st->clip_tl), cy1 = INTEL_XY_Y(st->clip_tl);
		int32_t cx2 = INTEL_XY_X(st->clip_br), cy2 = INTEL_XY_Y(st->clip_br);
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
	op.hseed = INTEL_BLT_HSEED(r->dw0);
	op.vseed = INTEL_BLT_VSEED(r->dw0);
	op.deadline_ns = st->deadline_ns;
	bool use_s = blt_rop_uses_s(op.rop), use_p = blt_rop_uses_p(op.rop);

	ret = blt_surf_map(&op.dst, vm, st, r->dst, r->dpitch, r->dtile, (int64_t)x1 * op.cpp,
			   (int64_t)x2 * op.cpp, y1, y2, true);
	if (ret)
		return ret;

	op.skind = BLT_SRC_SOLID;
	op.s_solid = r->s_solid;
	if (r->skind == BLT_SRC_SURF && use_s) {
		op.skind = BLT_SRC_SURF;
		op.sx = r->sx + (x1 - r->x1);
		op.sy = r->sy + (y1 - r->y1);
		ret = blt_surf_map(&op.src, vm, st, r->src, r->spitch, r->stile, (int64_t)op.sx * op.cpp,
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
	if (st->br13 & INTEL_BR13_SOLID_PATTERN) {
		r->pkind = BLT_PAT_SOLID;
		r->p_solid = st->bg;
	} else if (st->mono_setup) {
		mono_pattern(r, st->bg, st->fg, st->mono_pat[0], st->mono_pat[1]);
	} else {
		r->pkind = BLT_PAT_COLOR;
		r->pat_addr = st->pat_addr;
	}
}

/* One command being executed: its dwords and where each field role sits on this gen. */
struct cmd {
	const uint32_t *c;
	uint32_t ndw;
	unsigned gen;
	uint8_t dw[INTEL_F_COUNT];
};

#define F(k, role) ((k)->c[(k)->dw[INTEL_F_##role]])
#define ADDR(k, role) intel_address((k)->gen, (k)->c, (k)->dw[INTEL_F_##role])

/* The destination part common to the XY commands with a BR13. */
static void xy_dst(struct req *r, const struct shim_blt_state *st, const struct cmd *k)
{
	from_br13(r, st, k->c[0], F(k, BR13));
	rect(r, F(k, DST_TL), F(k, DST_BR));
	r->dst = ADDR(k, DST_ADDR);
}

static int setup(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	st->br13 = F(k, BR13);
	st->clip_tl = F(k, CLIP_TL);
	st->clip_br = F(k, CLIP_BR);
	st->dst = ADDR(k, DST_ADDR);
	st->bg = F(k, BG);
	st->fg = F(k, FG);
	st->write_mask = k->c[0] & (INTEL_BLT_WRITE_RGB | INTEL_BLT_WRITE_ALPHA);
	st->mono_setup = k->dw[INTEL_F_PAT_DW0] != 0;
	if (st->mono_setup) {
		st->mono_pat[0] = F(k, PAT_DW0);	/* XY_SETUP_MONO_PATTERN_SL_BLT */
		st->mono_pat[1] = F(k, PAT_DW1);
	} else {
		st->pat_addr = ADDR(k, PAT_ADDR);	/* XY_SETUP_BLT */
	}
	return 0;
}

static int setup_clip(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	st->clip_tl = F(k, CLIP_TL);
	st->clip_br = F(k, CLIP_BR);
	return 0;
}

/*
 * XY_PIXEL_BLT, XY_SCANLINES_BLT, XY_TEXT_IMMEDIATE_BLT: drawn with the setup
 * registers. The 32bpp byte mask is the setup's (SNA, which runs on real
 * hardware, sets DW0 bits 21:20 on XY_SETUP_* only and leaves them clear on
 * every scanline, pixel and text command) or the draw's own (Mesa-era and
 * our 2D layer set them on both): either enables the bytes (doc/blitter.md §4, setup-state commands).
 */
static int setup_draw(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	struct req r;
	memset(&r, 0, sizeof(r));
	from_br13(&r, st, k->c[0] | st->write_mask, st->br13);
	r.dst = st->dst;
	r.fg = st->fg;
	r.bg = st->bg;
	setup_pattern(&r, st);
	if (k->dw[INTEL_F_PIXEL]) {
		rect(&r, F(k, PIXEL), F(k, PIXEL));
		r.x2 = r.x1 + 1;
		r.y2 = r.y1 + 1;
	} else {
		rect(&r, F(k, DST_TL), F(k, DST_BR));
	}
	r.skind = BLT_SRC_SOLID;
	r.s_solid = st->fg;
	if (k->dw[INTEL_F_DATA]) {		/* text: byte- or bit-packed glyph rows */
		uint64_t w = (uint64_t)(r.x2 > r.x1 ? r.x2 - r.x1 : 0);
		uint32_t data = k->dw[INTEL_F_DATA];
		if ((k->ndw - data) & 1)
			return -EINVAL;
		r.skind = BLT_SRC_MONO;
		r.mono = MONO_IMM;
		r.imm = (const uint8_t *)(k->c + data);
		r.imm_bytes = (uint64_t)(k->ndw - data) * 4;
		r.mono_row_bits = (k->c[0] & INTEL_BLT_TEXT_BYTE_PACKED) ? (w + 7) / 8 * 8 : w;
		r.src_transparent = st->br13 & INTEL_BR13_MONO_SRC_TRANSPARENT;
	}
	return run_req(st, vm, &r);
}

static int xy_color(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	struct req r;
	memset(&r, 0, sizeof(r));
	xy_dst(&r, st, k);
	r.s_solid = r.p_solid = F(k, COLOR);
	return run_req(st, vm, &r);
}

static int xy_pat(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	struct req r;
	memset(&r, 0, sizeof(r));
	xy_dst(&r, st, k);
	r.pkind = BLT_PAT_COLOR;
	r.pat_addr = ADDR(k, PAT_ADDR);
	return run_req(st, vm, &r);
}

static int xy_mono_pat(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	struct req r;
	memset(&r, 0, sizeof(r));
	xy_dst(&r, st, k);
	mono_pattern(&r, F(k, PAT_BG), F(k, PAT_FG), F(k, PAT_DW0), F(k, PAT_DW1));
	return run_req(st, vm, &r);
}

/* XY_SRC_COPY_BLT and XY_FULL_MONO_PATTERN_BLT (the same with a mono pattern). */
static int xy_src_copy(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	struct req r;
	memset(&r, 0, sizeof(r));
	xy_dst(&r, st, k);
	r.skind = BLT_SRC_SURF;
	r.stile = tiled_bit(st, k->c[0], INTEL_BLT_SRC_TILED, INTEL_BCS_SWCTRL_SRC_Y);
	r.sx = INTEL_XY_X(F(k, SRC_XY));
	r.sy = INTEL_XY_Y(F(k, SRC_XY));
	r.spitch = pitch_bytes(st, F(k, SRC_PITCH), r.stile);
	r.src = ADDR(k, SRC_ADDR);
	if (k->dw[INTEL_F_PAT_DW0])
		mono_pattern(&r, F(k, PAT_BG), F(k, PAT_FG), F(k, PAT_DW0), F(k, PAT_DW1));
	return run_req(st, vm, &r);
}

/* XY_MONO_SRC_COPY_BLT and XY_FULL_MONO_PATTERN_MONO_SRC_BLT. */
static int xy_mono_src(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	struct req r;
	memset(&r, 0, sizeof(r));
	xy_dst(&r, st, k);
	r.skind = BLT_SRC_MONO;
	r.mono = MONO_MEM;
	r.mono_addr = ADDR(k, MONO_ADDR);
	r.bg = F(k, BG);
	r.fg = F(k, FG);
	mono_rows(&r);
	if (k->dw[INTEL_F_PAT_DW0])
		mono_pattern(&r, F(k, PAT_BG), F(k, PAT_FG), F(k, PAT_DW0), F(k, PAT_DW1));
	return run_req(st, vm, &r);
}

static int xy_mono_src_imm(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	struct req r;
	uint32_t data = k->dw[INTEL_F_DATA];
	if ((k->ndw - data) & 1)
		return -EINVAL;
	memset(&r, 0, sizeof(r));
	xy_dst(&r, st, k);
	r.bg = F(k, BG);
	r.fg = F(k, FG);
	r.skind = BLT_SRC_MONO;
	r.mono = MONO_IMM;
	r.imm = (const uint8_t *)(k->c + data);
	r.imm_bytes = (uint64_t)(k->ndw - data) * 4;
	mono_rows(&r);
	return run_req(st, vm, &r);
}

/* COLOR_BLT and SRC_COPY_BLT (non-XY): BR14 sizes the rectangle in bytes; no clipping. */
static int non_xy(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	struct req r;
	memset(&r, 0, sizeof(r));
	from_br13(&r, st, k->c[0], F(k, BR13));
	r.clip = false;
	r.x1 = r.y1 = 0;
	r.x2 = (int32_t)(INTEL_BR14_WIDTH_BYTES(F(k, BR14)) / r.cpp);
	r.y2 = (int32_t)INTEL_BR14_HEIGHT(F(k, BR14));
	r.dst = ADDR(k, DST_ADDR);
	if (k->dw[INTEL_F_COLOR]) {
		r.s_solid = r.p_solid = F(k, COLOR);
	} else {
		r.skind = BLT_SRC_SURF;
		r.stile = tiled_bit(st, k->c[0], INTEL_BLT_SRC_TILED, INTEL_BCS_SWCTRL_SRC_Y);
		r.spitch = pitch_bytes(st, F(k, SRC_PITCH), r.stile);
		r.src = ADDR(k, SRC_ADDR);
	}
	return run_req(st, vm, &r);
}

static int fast_copy(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k)
{
	static const enum shim_tiling tl[4] = {
		[INTEL_FAST_COPY_LINEAR] = SHIM_TILING_NONE, [INTEL_FAST_COPY_TILE_X] = SHIM_TILING_X,
		[INTEL_FAST_COPY_TILE_Y] = SHIM_TILING_Y, [INTEL_FAST_COPY_TILE_64K] = SHIM_TILING_NONE,
	};
	uint32_t dw1 = F(k, FAST_DW1);
	unsigned st_src = INTEL_FAST_COPY_SRC_TILING(k->c[0]), st_dst = INTEL_FAST_COPY_DST_TILING(k->c[0]);
	uint32_t cpp = intel_fast_copy_cpp(dw1);
	if (!cpp)
		return -EINVAL;
	if (st_src == INTEL_FAST_COPY_TILE_64K || st_dst == INTEL_FAST_COPY_TILE_64K ||
	    (dw1 & (INTEL_FAST_COPY_SRC_TILE_Y_TYPE | INTEL_FAST_COPY_DST_TILE_Y_TYPE)))
		return -EOPNOTSUPP;	/* Ys/Tile64, Yf/Tile4 */
	struct req r;
	memset(&r, 0, sizeof(r));
	r.dw0 = 0;
	r.cpp = cpp;
	r.rop = 0xCC;
	r.bytemask = 0xF;
	rect(&r, F(k, DST_TL), F(k, DST_BR));
	r.dst = ADDR(k, DST_ADDR);
	r.dtile = tl[st_dst];
	r.dpitch = (int32_t)(dw1 & 0xFFFF) * (r.dtile ? 4 : 1);
	r.skind = BLT_SRC_SURF;
	r.sx = INTEL_XY_X(F(k, SRC_XY));
	r.sy = INTEL_XY_Y(F(k, SRC_XY));
	r.stile = tl[st_src];
	r.spitch = (int32_t)(F(k, SRC_PITCH) & 0xFFFF) * (r.stile ? 4 : 1);
	r.src = ADDR(k, SRC_ADDR);
	return run_req(st, vm, &r);
}

typedef int (*blt_handler)(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const struct cmd *k);

/* The 2D commands this core executes; the others are known (sized) but -EOPNOTSUPP. */
static const blt_handler handlers[128] = {
	[INTEL_2D_OP(XY_SETUP_BLT)] = setup,
	[INTEL_2D_OP(XY_SETUP_MONO_PATTERN_SL_BLT)] = setup,
	[INTEL_2D_OP(XY_SETUP_CLIP_BLT)] = setup_clip,
	[INTEL_2D_OP(XY_PIXEL_BLT)] = setup_draw,
	[INTEL_2D_OP(XY_SCANLINES_BLT)] = setup_draw,
	[INTEL_2D_OP(XY_TEXT_IMMEDIATE_BLT)] = setup_draw,
	[INTEL_2D_OP(XY_COLOR_BLT)] = xy_color,
	[INTEL_2D_OP(XY_PAT_BLT)] = xy_pat,
	[INTEL_2D_OP(XY_MONO_PAT_BLT)] = xy_mono_pat,
	[INTEL_2D_OP(XY_SRC_COPY_BLT)] = xy_src_copy,
	[INTEL_2D_OP(XY_FULL_MONO_PATTERN_BLT)] = xy_src_copy,
	[INTEL_2D_OP(XY_MONO_SRC_COPY_BLT)] = xy_mono_src,
	[INTEL_2D_OP(XY_FULL_MONO_PATTERN_MONO_SRC_BLT)] = xy_mono_src,
	[INTEL_2D_OP(XY_MONO_SRC_COPY_IMMEDIATE_BLT)] = xy_mono_src_imm,
	[INTEL_2D_OP(COLOR_BLT)] = non_xy,
	[INTEL_2D_OP(SRC_COPY_BLT)] = non_xy,
	[INTEL_2D_OP(XY_FAST_COPY_BLT)] = fast_copy,
};

int shim_blt_execute(struct shim_blt_state *st, const struct shim_gpu_vm *vm, const uint32_t *c,
		     uint32_t ndw)
{
	if (!ndw)
		return -EINVAL;
	uint32_t len = shim_blt_cmd_length(st->gen, c[0]);
	if (!len || len != ndw)
		return -EINVAL;
	const struct intel_cmd_info *ci = intel_2d_info(INTEL_2D_OPCODE(c[0]));
	blt_handler run = handlers[ci->opcode];
	if (!run)
		return -EOPNOTSUPP;
	unsigned min, max;
	intel_2d_valid_length(ci, st->gen, &min, &max);
	if (min == max && ndw != min)
		return -EINVAL;		/* a fixed-length command of the wrong length */
	struct cmd k = { .c = c, .ndw = ndw, .gen = st->gen };
	intel_2d_layout(ci, st->gen, k.dw);
	return run(st, vm, &k);
}
