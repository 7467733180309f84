/* SPDX-License-Identifier: MIT */
/*
 * Decoding of MI (memory interface) and 2D blitter packets, field by field,
 * for gen2 to gen11 (doc/blitter.md §2-§6). Gen8+ addresses take two dwords
 * (low, then "high"); before gen8 one.
 *
 * Where libdrm 2.4.114 decodes a packet in detail (MI_NOOP, MI_FLUSH_DW,
 * MI_STORE_DATA_INDEX, MI_SEMAPHORE_MBOX, MI_SET_CONTEXT, MI_WAIT_FOR_EVENT,
 * XY_SETUP_BLT, XY_SETUP_CLIP_BLT, XY_SETUP_MONO_PATTERN_SL_BLT,
 * XY_SCANLINES_BLT, XY_COLOR_BLT, XY_SRC_COPY_BLT) the text is its text,
 * except that three of its slips are fixed: XY_SETUP_CLIP_BLT's corners are
 * read from the right dwords, the scanline pattern seeds are 3-bit fields,
 * and "mono pattern transparency" follows bit 28. Where libdrm prints only
 * "dword N", the first line (the name) is kept and the later lines carry
 * decoded fields. Commands libdrm does not know get names instead of
 * "MI UNKNOWN" / "2D UNKNOWN". Names, opcodes, lengths and the 2D dword
 * layouts come from hwdefs/intel_commands.h; what is here is presentation
 * (libdrm's words and line layout). Nothing here allocates.
 */
#include "config.h"

#include <string.h>

#include "intel/decode_priv.h"
#include "hwdefs/intel_commands.h"

/* ---- MI ---------------------------------------------------------------- */

/* An address field: one dword, or low and high on gen8+. Returns the next index. */
static unsigned out_addr(struct drm_intel_decode *ctx, unsigned i, const char *label)
{
	decode_out(ctx, i, "%s0x%08x\n", label, dw(ctx, i));
	if (ctx->gen >= 8) {
		decode_out(ctx, i + 1, "address high 0x%08x\n", dw(ctx, i + 1));
		return i + 2;
	}
	return i + 1;
}

static const char *alu_operand(unsigned v, char *buf, size_t n)
{
	switch (v) {
	case 0x20: return "SRCA";
	case 0x21: return "SRCB";
	case 0x31: return "ACCU";
	case 0x32: return "ZF";
	case 0x33: return "CF";
	}
	if (v < 16)
		snprintf(buf, n, "R%u", v);
	else
		snprintf(buf, n, "0x%03x", v);
	return buf;
}

static void decode_alu(struct drm_intel_decode *ctx, unsigned i)
{
	static const struct { unsigned op; const char *name; } ops[] = {
		{ 0x000, "NOOP" }, { 0x080, "LOAD" }, { 0x480, "LOADINV" }, { 0x081, "LOAD0" },
		{ 0x481, "LOAD1" }, { 0x100, "ADD" }, { 0x101, "SUB" }, { 0x102, "AND" },
		{ 0x103, "OR" }, { 0x104, "XOR" }, { 0x180, "STORE" }, { 0x580, "STOREINV" },
	};
	uint32_t v = dw(ctx, i);
	const char *name = "UNKNOWN";
	char a[8], b[8];

	for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
		if (ops[k].op == v >> 20)
			name = ops[k].name;
	decode_out(ctx, i, "ALU %s %s, %s\n", name, alu_operand((v >> 10) & 0x3ff, a, sizeof(a)),
		   alu_operand(v & 0x3ff, b, sizeof(b)));
}

static void decode_wait_for_event(struct drm_intel_decode *ctx)
{
	uint32_t d = dw(ctx, 0);
	static const char *const cc[] = { "", ", cc wait 1", ", cc wait 2", ", cc wait 3",
					  ", cc wait 4", ", cc wait 4" };
	unsigned c = (d >> (ctx->gen <= 5 ? 9 : 16)) & 0x1f;
	const char *ccs = c < 6 ? cc[c] : "";

#define B(n, s) ((d & (1u << (n))) ? (s) : "")
	if (ctx->gen <= 5)
		decode_out(ctx, 0, "MI_WAIT_FOR_EVENT%s%s%s%s%s%s%s%s%s%s%s%s%s%s\n",
			   B(18, ", pipe B start vblank wait"), B(17, ", pipe A start vblank wait"),
			   B(16, ", overlay flip pending wait"), B(14, ", pipe B hblank wait"),
			   B(13, ", pipe A hblank wait"), ccs, B(8, ", plane C pending flip wait"),
			   B(7, ", pipe B vblank wait"), B(6, ", plane B pending flip wait"),
			   B(5, ", pipe B scan line wait"), B(4, ", fbc idle wait"),
			   B(3, ", pipe A vblank wait"), B(2, ", plane A pending flip wait"),
			   B(1, ", plane A scan line wait"));
	else
		decode_out(ctx, 0, "MI_WAIT_FOR_EVENT%s%s%s%s%s%s%s%s%s%s%s%s\n",
			   B(20, ", sprite C pending flip wait"), ccs,
			   B(13, ", pipe B hblank wait"), B(11, ", pipe B vblank wait"),
			   B(10, ", sprite B pending flip wait"), B(9, ", plane B pending flip wait"),
			   B(8, ", plane B scan line wait"), B(5, ", pipe A hblank wait"),
			   B(3, ", pipe A vblank wait"), B(2, ", sprite A pending flip wait"),
			   B(1, ", plane A pending flip wait"), B(0, ", plane A scan line wait"));
#undef B
}

static void decode_flush_dw(struct drm_intel_decode *ctx, unsigned len)
{
	static const char *const post[] = { "no write", "write data", "reserved",
					    "write TIMESTAMP" };
	uint32_t d = dw(ctx, 0);
	unsigned i;

#define B(n, s) ((d & (1u << (n))) ? (s) : "")
	decode_out(ctx, 0, "MI_FLUSH_DW%s%s%s%s post_sync_op='%s' %s%s\n",
		   B(22, " enable protected mem (BCS-only),"), B(21, " store in hws,"),
		   B(18, " invalidate tlb,"), B(17, " flush gfdt,"), post[INTEL_POST_SYNC(d)],
		   B(8, " enable notify interrupt,"), B(7, " invalidate video state (BCS-only),"));
#undef B
	if (ctx->gen < 8) {
		/* libdrm's lines */
		decode_out(ctx, 1, (d & INTEL_FLUSH_DW_STORE_INDEX) ? "hws index\n" : "address\n");
		decode_out(ctx, 2, "dword\n");
		if (len == 4)
			decode_out(ctx, 3, "upper dword\n");
		return;
	}
	i = out_addr(ctx, INTEL_FLUSH_DW_ADDRESS_DW, (d & INTEL_FLUSH_DW_STORE_INDEX) ? "hws index " : "address ");
	decode_out(ctx, i, "dword 0x%08x\n", dw(ctx, i));
	if (len >= 5)
		decode_out(ctx, i + 1, "upper dword 0x%08x\n", dw(ctx, i + 1));
}

static void decode_store_data_imm(struct drm_intel_decode *ctx, unsigned len)
{
	uint32_t d = dw(ctx, 0);
	unsigned i = intel_sdi_address_dw(ctx->gen);

	decode_out(ctx, 0, "MI_STORE_DATA_IMM\n");
	if (i > 1)
		decode_out(ctx, 1, "reserved 0x%08x\n", dw(ctx, 1));
	i = out_addr(ctx, i, (d & INTEL_SDI_GGTT) ? "address (global gtt) " : "address ");
	for (unsigned k = 0; i < len; i++, k++)
		decode_out(ctx, i, "%s %u: 0x%08x\n",
			   (ctx->gen >= 8 && (d & INTEL_SDI_QWORD)) ? "qword value dword" : "value",
			   k, dw(ctx, i));
}

/* Decodes dwords 1.. of a multi-dword MI packet libdrm prints as "dword N". */
static void decode_mi_body(struct drm_intel_decode *ctx, unsigned op, unsigned len)
{
	uint32_t d = dw(ctx, 0);
	unsigned i;

	switch (op) {
	case INTEL_MI_OP(MI_LOAD_REGISTER_IMM):
		for (i = 1; i + 1 < len; i += 2) {
			decode_out(ctx, i, "register 0x%05x\n", INTEL_MMIO_OFFSET(dw(ctx, i)));
			decode_out(ctx, i + 1, "value 0x%08x\n", dw(ctx, i + 1));
		}
		if (i < len)
			decode_out(ctx, i, "register (no value) 0x%08x\n", dw(ctx, i));
		return;
	case INTEL_MI_OP(MI_STORE_REGISTER_MEM):
	case INTEL_MI_OP(MI_LOAD_REGISTER_MEM):
		decode_out(ctx, INTEL_SRM_REGISTER_DW, "register 0x%05x\n",
			   INTEL_MMIO_OFFSET(dw(ctx, INTEL_SRM_REGISTER_DW)));
		i = out_addr(ctx, INTEL_SRM_ADDRESS_DW,
			     (d & INTEL_MI_MEM_GGTT) ? "address (global gtt) " : "address ");
		decode_out_dwords(ctx, i, len);
		return;
	case INTEL_MI_OP(MI_LOAD_REGISTER_REG):
		decode_out(ctx, 1, "source register 0x%05x\n", INTEL_MMIO_OFFSET(dw(ctx, 1)));
		decode_out(ctx, 2, "destination register 0x%05x\n", INTEL_MMIO_OFFSET(dw(ctx, 2)));
		return;
	case INTEL_MI_OP(MI_COPY_MEM_MEM):
		i = out_addr(ctx, 1, "destination address ");
		i = out_addr(ctx, i, "source address ");
		decode_out_dwords(ctx, i, len);
		return;
	case INTEL_MI_OP(MI_BATCH_BUFFER):
		decode_out(ctx, 1, "start address 0x%08x%s\n", dw(ctx, 1) & ~3u,
			   (dw(ctx, 1) & INTEL_BB_START_NON_SECURE_GEN2) ? ", non-secure" : "");
		decode_out(ctx, 2, "end address 0x%08x\n", dw(ctx, 2));
		return;
	case INTEL_MI_OP(MI_BATCH_BUFFER_START): {
		const char *space, *level = "";
		if (ctx->gen >= 6)
			space = (d & INTEL_BB_START_PPGTT) ? "ppgtt" : "ggtt";
		else if (ctx->gen >= 4)
			space = (d & INTEL_BB_START_PPGTT) ? "non-secure" : "secure";
		else
			space = (dw(ctx, 1) & INTEL_BB_START_NON_SECURE_GEN2) ? "non-secure" : "secure";
		if (ctx->gen >= 7 && (d & INTEL_BB_START_2ND_LEVEL))
			level = ", second level";
		decode_out(ctx, 1, "batch address 0x%08x (%s%s)\n",
			   dw(ctx, 1) & ~3u, space, level);
		if (ctx->gen >= 8)
			decode_out(ctx, 2, "address high 0x%08x\n", dw(ctx, 2));
		return;
	}
	case INTEL_MI_OP(MI_CONDITIONAL_BATCH_BUFFER_END):
		decode_out(ctx, INTEL_COND_BBE_DATA_DW, "compare data 0x%08x\n", dw(ctx, INTEL_COND_BBE_DATA_DW));
		i = out_addr(ctx, INTEL_COND_BBE_ADDRESS_DW, "compare address ");
		decode_out_dwords(ctx, i, len);
		return;
	case INTEL_MI_OP(MI_MATH):
		for (i = 1; i < len; i++)
			decode_alu(ctx, i);
		return;
	case INTEL_MI_OP(MI_SEMAPHORE_WAIT): {
		static const char *const ops[8] = {
			[INTEL_SAD_GREATER_THAN_SDD] = "SAD_GREATER_THAN_SDD",
			[INTEL_SAD_GREATER_THAN_OR_EQUAL_SDD] = "SAD_GREATER_THAN_OR_EQUAL_SDD",
			[INTEL_SAD_LESS_THAN_SDD] = "SAD_LESS_THAN_SDD",
			[INTEL_SAD_LESS_THAN_OR_EQUAL_SDD] = "SAD_LESS_THAN_OR_EQUAL_SDD",
			[INTEL_SAD_EQUAL_SDD] = "SAD_EQUAL_SDD", [INTEL_SAD_NOT_EQUAL_SDD] = "SAD_NOT_EQUAL_SDD",
			[6] = "reserved", [7] = "reserved" };
		decode_out(ctx, INTEL_SEMAPHORE_DATA_DW, "semaphore data 0x%08x (%s, %s mode)\n",
			   dw(ctx, INTEL_SEMAPHORE_DATA_DW), ops[INTEL_SEMAPHORE_OP(d)],
			   (d & INTEL_SEMAPHORE_POLL) ? "poll" : "signal");
		i = out_addr(ctx, INTEL_SEMAPHORE_ADDRESS_DW, "semaphore address ");
		decode_out_dwords(ctx, i, len);
		return;
	}
	default:
		decode_out_dwords(ctx, 1, len);
		return;
	}
}

int decode_mi(struct drm_intel_decode *ctx)
{
	uint32_t d = dw(ctx, 0);
	unsigned op = INTEL_MI_OPCODE(d);
	const struct intel_cmd_info *cmd = intel_cmd_known(intel_mi_info(op), (unsigned)ctx->gen);
	unsigned len, min, max;

	if (!cmd) {
		decode_out(ctx, 0, "MI UNKNOWN\n");
		return 1;
	}
	len = intel_mi_length((unsigned)ctx->gen, d);
	intel_mi_valid_length(cmd, (unsigned)ctx->gen, &min, &max);
	if (len < min || len > max)
		fprintf(ctx->f, "Bad length (%u) in %s, [%u, %u]\n", len, cmd->name, min, max);

	switch (op) {
	case INTEL_MI_OP(MI_BATCH_BUFFER_END):
		decode_out(ctx, 0, "MI_BATCH_BUFFER_END\n");
		return -1;
	case INTEL_MI_OP(MI_NOOP):
		if (d & INTEL_NOOP_WRITE_ID)
			decode_out(ctx, 0, "MI_NOOP write NOPID reg, val=0x%x\n", INTEL_NOOP_ID(d));
		else
			decode_out(ctx, 0, "MI_NOOP\n");
		return 1;
	case INTEL_MI_OP(MI_WAIT_FOR_EVENT):
		decode_wait_for_event(ctx);
		return 1;
	case INTEL_MI_OP(MI_SET_CONTEXT):
		decode_out(ctx, 0, "MI_SET_CONTEXT\n");
		decode_out(ctx, 1, "gtt offset = 0x%x%s%s\n", dw(ctx, 1) & ~0xfffu,
			   (dw(ctx, 1) & 2) ? ", Force Restore" : "",
			   (dw(ctx, 1) & 1) ? ", Restore Inhibit" : "");
		return 2;
	case INTEL_MI_OP(MI_SEMAPHORE_MBOX):
		decode_out(ctx, 0, "MI_SEMAPHORE_MBOX%s%s%s%s %u\n",
			   (d & (1u << 22)) ? " global gtt," : "",
			   (d & (1u << 21)) ? " update semaphore," : "",
			   (d & (1u << 20)) ? " compare semaphore," : "",
			   (d & (1u << 18)) ? " use compare reg" : "", (d >> 16) & 3);
		decode_out(ctx, 1, "value\n");
		decode_out(ctx, 2, "address\n");
		return (int)len;
	case INTEL_MI_OP(MI_STORE_DATA_INDEX):
		decode_out(ctx, 0, "MI_STORE_DATA_INDEX%s\n",
			   (d & INTEL_SDX_PER_PROCESS_HWS) ? " use per-process HWS," : "");
		decode_out(ctx, 1, "index\n");
		decode_out(ctx, 2, "dword\n");
		if (len == 4)
			decode_out(ctx, 3, "upper dword\n");
		return (int)len;
	case INTEL_MI_OP(MI_FLUSH_DW):
		decode_flush_dw(ctx, len);
		return (int)len;
	case INTEL_MI_OP(MI_STORE_DATA_IMM):
		decode_store_data_imm(ctx, len);
		return (int)len;
	}
	decode_out(ctx, 0, "%s\n", cmd->name);
	if (len > 1)
		decode_mi_body(ctx, op, len);
	return (int)len;
}

/* ---- 2D ---------------------------------------------------------------- */

/* How a field is printed. */
enum field_kind {
	F_BR13, F_FAST_BR13, F_SIZE, F_XY, F_ADDR, F_ADDR_TEXT, F_TEXT, F_VAL, F_PITCH, F_DATA,
};

/* The commands libdrm decodes in detail: DW0's flags on the first line, colours as labels only. */
static bool libdrm_detailed(unsigned op)
{
	switch (op) {
	case INTEL_2D_OP(XY_SETUP_BLT):
	case INTEL_2D_OP(XY_SETUP_CLIP_BLT):
	case INTEL_2D_OP(XY_SETUP_MONO_PATTERN_SL_BLT):
	case INTEL_2D_OP(XY_COLOR_BLT):
	case INTEL_2D_OP(XY_SRC_COPY_BLT):
		return true;
	default:
		return false;
	}
}

static enum field_kind field_kind(enum intel_field role, bool detailed)
{
	switch (role) {
	case INTEL_F_BR13: return F_BR13;
	case INTEL_F_FAST_DW1: return F_FAST_BR13;
	case INTEL_F_BR14: return F_SIZE;
	case INTEL_F_SRC_PITCH: return F_PITCH;
	case INTEL_F_DATA: return F_DATA;
	case INTEL_F_CLIP_TL: case INTEL_F_CLIP_BR: case INTEL_F_PIXEL: case INTEL_F_DST_TL:
	case INTEL_F_DST_BR: case INTEL_F_SRC_XY:
		return F_XY;
	case INTEL_F_PAT_ADDR:
		return detailed ? F_ADDR_TEXT : F_ADDR;
	case INTEL_F_DST_ADDR: case INTEL_F_SRC_ADDR: case INTEL_F_MONO_ADDR: case INTEL_F_GLYPH_ADDR:
		return F_ADDR;
	default:	/* colours and pattern dwords */
		return detailed ? F_TEXT : F_VAL;
	}
}

/* libdrm's label for a field of a command. */
static const char *field_label(unsigned op, enum intel_field role)
{
	switch (op) {
	case INTEL_2D_OP(XY_SETUP_BLT):
	case INTEL_2D_OP(XY_SETUP_MONO_PATTERN_SL_BLT):
		if (role == INTEL_F_DST_ADDR)
			return "setup dst offset ";
		if (role == INTEL_F_BG)
			return "setup background color";
		if (role == INTEL_F_FG)
			return "setup foreground color";
		if (role == INTEL_F_PAT_ADDR)
			return "color pattern offset";
		break;
	case INTEL_2D_OP(XY_SCANLINES_BLT):
		if (role == INTEL_F_DST_TL || role == INTEL_F_DST_BR)
			return "dest ";
		break;
	case INTEL_2D_OP(XY_COLOR_BLT):
		if (role == INTEL_F_DST_TL || role == INTEL_F_DST_BR)
			return "";
		if (role == INTEL_F_DST_ADDR)
			return "offset ";
		break;
	case INTEL_2D_OP(XY_MONO_PAT_BLT):
	case INTEL_2D_OP(XY_MONO_PAT_FIXED_BLT):
		if (role == INTEL_F_PAT_BG)
			return "background color";
		if (role == INTEL_F_PAT_FG)
			return "foreground color";
		break;
	case INTEL_2D_OP(XY_FULL_MONO_PATTERN_MONO_SRC_BLT):
		if (role == INTEL_F_BG)
			return "source background color";
		if (role == INTEL_F_FG)
			return "source foreground color";
		break;
	}
	switch (role) {
	case INTEL_F_CLIP_TL: case INTEL_F_CLIP_BR: return "cliprect ";
	case INTEL_F_PIXEL: return "pixel ";
	case INTEL_F_DST_TL: case INTEL_F_DST_BR: return "dst ";
	case INTEL_F_DST_ADDR: return "dst offset ";
	case INTEL_F_SRC_XY: return "src ";
	case INTEL_F_SRC_PITCH: return "src pitch ";
	case INTEL_F_SRC_ADDR: case INTEL_F_MONO_ADDR: return "src offset ";
	case INTEL_F_GLYPH_ADDR: return "glyph offset ";
	case INTEL_F_PAT_ADDR: return "pattern offset ";
	case INTEL_F_BG: return "background color";
	case INTEL_F_FG: return "foreground color";
	case INTEL_F_PAT_BG: return "pattern background color";
	case INTEL_F_PAT_FG: return "pattern foreground color";
	case INTEL_F_PAT_DW0: return "mono pattern dw0";
	case INTEL_F_PAT_DW1: return "mono pattern dw1";
	case INTEL_F_COLOR: return "color";
	default: return "";
	}
}

static void out_br13(struct drm_intel_decode *ctx, unsigned i)
{
	static const char *const fmt[] = {
		[INTEL_BR13_DEPTH_8] = "8", [INTEL_BR13_DEPTH_565] = "565",
		[INTEL_BR13_DEPTH_1555] = "1555", [INTEL_BR13_DEPTH_8888] = "8888",
	};
	uint32_t v = dw(ctx, i);

	decode_out(ctx, i, "format %s, pitch %d, rop 0x%02x, clipping %sabled, %s%s \n",
		   fmt[INTEL_BR13_DEPTH(v)], INTEL_BR13_PITCH(v), INTEL_BR13_ROP(v),
		   (v & INTEL_BR13_CLIP_ENABLE) ? "en" : "dis",
		   (v & INTEL_BR13_SOLID_PATTERN) ? "solid pattern enabled, " : "",
		   (v & INTEL_BR13_MONO_PAT_TRANSPARENT) ? "mono pattern transparency enabled, " : "");
}

int decode_2d(struct drm_intel_decode *ctx)
{
	uint32_t d = dw(ctx, 0);
	unsigned op = INTEL_2D_OPCODE(d), gen = (unsigned)ctx->gen;
	const struct intel_cmd_info *c = intel_cmd_known(intel_2d_info(op), gen);
	unsigned len, min, max, i;
	bool detailed = libdrm_detailed(op);

	if (!c) {
		decode_out(ctx, 0, "2D UNKNOWN\n");
		return 1;
	}
	len = intel_2d_length(gen, d);
	intel_2d_valid_length(c, gen, &min, &max);

	if (op == INTEL_2D_OP(XY_SCANLINES_BLT))
		decode_out(ctx, 0, "XY_SCANLINES_BLT (pattern seed (%u, %u), dst tile %u)\n",
			   INTEL_BLT_HSEED(d), INTEL_BLT_VSEED(d), !!(d & INTEL_BLT_DST_TILED));
	else if (op == INTEL_2D_OP(XY_FAST_COPY_BLT))
		decode_out(ctx, 0, "XY_FAST_COPY_BLT (src tiling %u, dst tiling %u)\n",
			   INTEL_FAST_COPY_SRC_TILING(d), INTEL_FAST_COPY_DST_TILING(d));
	else if (detailed)
		decode_out(ctx, 0, "%s (rgb %sabled, alpha %sabled, src tile %u, dst tile %u)\n",
			   c->name, (d & INTEL_BLT_WRITE_RGB) ? "en" : "dis",
			   (d & INTEL_BLT_WRITE_ALPHA) ? "en" : "dis", !!(d & INTEL_BLT_SRC_TILED),
			   !!(d & INTEL_BLT_DST_TILED));
	else
		decode_out(ctx, 0, "%s\n", c->name);
	if (len < min || len > max)
		fprintf(ctx->f, "Bad count in %s\n", c->name);

	i = 1;
	for (unsigned k = 0; k < sizeof(c->fields) && c->fields[k] != INTEL_F_END && i < len; k++) {
		enum intel_field role = (enum intel_field)c->fields[k];
		const char *label = field_label(op, role);
		uint32_t v = dw(ctx, i);

		switch (field_kind(role, detailed)) {
		case F_BR13:
			out_br13(ctx, i++);
			break;
		case F_FAST_BR13:
			decode_out(ctx, i++, "dst pitch %d, depth %u, dst tile-y type %u, "
				   "src tile-y type %u\n", INTEL_PITCH(v), INTEL_FAST_COPY_DEPTH(v),
				   !!(v & INTEL_FAST_COPY_DST_TILE_Y_TYPE), !!(v & INTEL_FAST_COPY_SRC_TILE_Y_TYPE));
			break;
		case F_XY:
			/* unsigned halves, as libdrm prints them */
			decode_out(ctx, i++, "%s(%d,%d)\n", label, v & 0xffff, v >> 16);
			break;
		case F_ADDR:
		case F_ADDR_TEXT:
			if (field_kind(role, detailed) == F_ADDR)
				decode_out(ctx, i, "%s0x%08x\n", label, v);
			else
				decode_out(ctx, i, "%s\n", label);
			i++;
			if (gen >= 8 && i < len) {
				decode_out(ctx, i, "address high 0x%08x\n", dw(ctx, i));
				i++;
			}
			break;
		case F_TEXT:
			decode_out(ctx, i++, "%s\n", label);
			break;
		case F_VAL:
			decode_out(ctx, i++, "%s 0x%08x\n", label, v);
			break;
		case F_PITCH:
			decode_out(ctx, i++, "%s%d\n", label, INTEL_PITCH(v));
			break;
		case F_SIZE:
			decode_out(ctx, i++, "%u bytes x %u lines\n", INTEL_BR14_WIDTH_BYTES(v),
				   INTEL_BR14_HEIGHT(v));
			break;
		case F_DATA:
			for (unsigned n = 0; i < len && i <= ctx->count; n++, i++)
				decode_out(ctx, i, "data %u: 0x%08x\n", n, dw(ctx, i));
			break;
		}
	}
	decode_out_dwords(ctx, i, len);
	return (int)len;
}
