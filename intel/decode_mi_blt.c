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
 * "MI UNKNOWN" / "2D UNKNOWN". Nothing here allocates.
 */
#include "config.h"

#include <string.h>

#include "intel/decode_priv.h"

/* ---- MI ---------------------------------------------------------------- */

struct mi_cmd {
	uint8_t opcode;
	uint8_t min_gen;
	const char *name;
};

static const struct mi_cmd mi_cmds[] = {
	{ 0x00, 2, "MI_NOOP" }, { 0x02, 2, "MI_USER_INTERRUPT" },
	{ 0x03, 2, "MI_WAIT_FOR_EVENT" }, { 0x04, 2, "MI_FLUSH" },
	{ 0x05, 4, "MI_ARB_CHECK" }, { 0x07, 2, "MI_REPORT_HEAD" },
	{ 0x08, 2, "MI_ARB_ON_OFF" }, { 0x0a, 2, "MI_BATCH_BUFFER_END" },
	{ 0x0b, 2, "MI_SUSPEND_FLUSH" }, { 0x0c, 7, "MI_PREDICATE" },
	{ 0x0d, 8, "MI_TOPOLOGY_FILTER" },
	{ 0x11, 2, "MI_OVERLAY_FLIP" }, { 0x12, 2, "MI_LOAD_SCAN_LINES_INCL" },
	{ 0x13, 2, "MI_LOAD_SCAN_LINES_EXCL" }, { 0x14, 2, "MI_DISPLAY_BUFFER_INFO" },
	{ 0x16, 6, "MI_SEMAPHORE_MBOX" }, { 0x18, 2, "MI_SET_CONTEXT" },
	{ 0x1a, 7, "MI_MATH" }, { 0x1c, 8, "MI_SEMAPHORE_WAIT" },
	{ 0x20, 2, "MI_STORE_DATA_IMM" }, { 0x21, 2, "MI_STORE_DATA_INDEX" },
	{ 0x22, 2, "MI_LOAD_REGISTER_IMM" }, { 0x24, 2, "MI_STORE_REGISTER_MEM" },
	{ 0x26, 6, "MI_FLUSH_DW" }, { 0x28, 2, "MI_REPORT_PERF_COUNT" },
	{ 0x29, 2, "MI_LOAD_REGISTER_MEM" }, { 0x2a, 7, "MI_LOAD_REGISTER_REG" },
	{ 0x2e, 8, "MI_COPY_MEM_MEM" }, { 0x30, 2, "MI_BATCH_BUFFER" },
	{ 0x31, 2, "MI_BATCH_BUFFER_START" }, { 0x36, 6, "MI_CONDITIONAL_BATCH_BUFFER_END" },
};

/* Dword count of an MI packet and the range that is valid on this gen. */
static unsigned mi_length(const struct drm_intel_decode *ctx, unsigned op, unsigned *min,
			  unsigned *max)
{
	bool g8 = ctx->gen >= 8;
	uint32_t d0 = dw(ctx, 0);
	unsigned mask = g8 ? 0xff : 0x3f;

	*min = *max = 1;
	if (op < 0x10)
		return 1;
	switch (op) {
	case 0x11: case 0x12: case 0x13: case 0x18: *min = *max = 2; break;
	case 0x14: case 0x16: case 0x28: case 0x2a: case 0x30: *min = *max = 3; break;
	case 0x1a: *min = 2; *max = 257; mask = 0xff; break;
	case 0x1c: *min = 4; *max = 5; break;
	case 0x20:
		if (g8) { *min = 4; *max = 1025; mask = 0x3ff; }
		else if (ctx->gen >= 4) { *min = 4; *max = 5; }
		else { *min = 3; *max = 4; }
		break;
	case 0x21: *min = 3; *max = 4; break;
	case 0x22: *min = 3; *max = 257; mask = 0xff; break;
	case 0x24: case 0x29: *min = *max = g8 ? 4 : 3; break;
	case 0x26: *min = g8 ? 4 : 3; *max = *min + 1; break;
	case 0x2e: *min = *max = g8 ? 5 : 4; break;
	case 0x31: *min = *max = g8 ? 3 : 2; break;
	case 0x36: *min = g8 ? 3 : 2; *max = 4; break;
	default: *min = 2; *max = 257; break;
	}
	return (d0 & mask) + 2;
}

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
		   B(18, " invalidate tlb,"), B(17, " flush gfdt,"), post[(d >> 14) & 3],
		   B(8, " enable notify interrupt,"), B(7, " invalidate video state (BCS-only),"));
#undef B
	if (ctx->gen < 8) {
		/* libdrm's lines */
		decode_out(ctx, 1, (d & (1u << 21)) ? "hws index\n" : "address\n");
		decode_out(ctx, 2, "dword\n");
		if (len == 4)
			decode_out(ctx, 3, "upper dword\n");
		return;
	}
	i = out_addr(ctx, 1, (d & (1u << 21)) ? "hws index " : "address ");
	decode_out(ctx, i, "dword 0x%08x\n", dw(ctx, i));
	if (len >= 5)
		decode_out(ctx, i + 1, "upper dword 0x%08x\n", dw(ctx, i + 1));
}

static void decode_store_data_imm(struct drm_intel_decode *ctx, unsigned len)
{
	uint32_t d = dw(ctx, 0);
	unsigned i = 1;

	decode_out(ctx, 0, "MI_STORE_DATA_IMM\n");
	if (ctx->gen >= 4 && ctx->gen < 8) {
		decode_out(ctx, 1, "reserved 0x%08x\n", dw(ctx, 1));
		i = 2;
	}
	i = out_addr(ctx, i, (d & (1u << 22)) ? "address (global gtt) " : "address ");
	for (unsigned k = 0; i < len; i++, k++)
		decode_out(ctx, i, "%s %u: 0x%08x\n",
			   (ctx->gen >= 8 && (d & (1u << 21))) ? "qword value dword" : "value",
			   k, dw(ctx, i));
}

/* Decodes dwords 1.. of a multi-dword MI packet libdrm prints as "dword N". */
static void decode_mi_body(struct drm_intel_decode *ctx, unsigned op, unsigned len)
{
	uint32_t d = dw(ctx, 0);
	unsigned i;

	switch (op) {
	case 0x22:	/* MI_LOAD_REGISTER_IMM */
		for (i = 1; i + 1 < len; i += 2) {
			decode_out(ctx, i, "register 0x%05x\n", dw(ctx, i) & 0x7ffffc);
			decode_out(ctx, i + 1, "value 0x%08x\n", dw(ctx, i + 1));
		}
		if (i < len)
			decode_out(ctx, i, "register (no value) 0x%08x\n", dw(ctx, i));
		return;
	case 0x24:	/* MI_STORE_REGISTER_MEM */
	case 0x29:	/* MI_LOAD_REGISTER_MEM */
		decode_out(ctx, 1, "register 0x%05x\n", dw(ctx, 1) & 0x7ffffc);
		i = out_addr(ctx, 2, (d & (1u << 22)) ? "address (global gtt) " : "address ");
		decode_out_dwords(ctx, i, len);
		return;
	case 0x2a:	/* MI_LOAD_REGISTER_REG */
		decode_out(ctx, 1, "source register 0x%05x\n", dw(ctx, 1) & 0x7ffffc);
		decode_out(ctx, 2, "destination register 0x%05x\n", dw(ctx, 2) & 0x7ffffc);
		return;
	case 0x2e:	/* MI_COPY_MEM_MEM */
		i = out_addr(ctx, 1, "destination address ");
		i = out_addr(ctx, i, "source address ");
		decode_out_dwords(ctx, i, len);
		return;
	case 0x30:	/* MI_BATCH_BUFFER */
		decode_out(ctx, 1, "start address 0x%08x%s\n", dw(ctx, 1) & ~3u,
			   (dw(ctx, 1) & 1) ? ", non-secure" : "");
		decode_out(ctx, 2, "end address 0x%08x\n", dw(ctx, 2));
		return;
	case 0x31: {	/* MI_BATCH_BUFFER_START */
		const char *space, *level = "";
		if (ctx->gen >= 6)
			space = (d & (1u << 8)) ? "ppgtt" : "ggtt";
		else if (ctx->gen >= 4)
			space = (d & (1u << 8)) ? "non-secure" : "secure";
		else
			space = (dw(ctx, 1) & 1) ? "non-secure" : "secure";
		if (ctx->gen >= 7 && (d & (1u << 22)))
			level = ", second level";
		decode_out(ctx, 1, "batch address 0x%08x (%s%s)\n",
			   dw(ctx, 1) & ~3u, space, level);
		if (ctx->gen >= 8)
			decode_out(ctx, 2, "address high 0x%08x\n", dw(ctx, 2));
		return;
	}
	case 0x36:	/* MI_CONDITIONAL_BATCH_BUFFER_END */
		decode_out(ctx, 1, "compare data 0x%08x\n", dw(ctx, 1));
		i = out_addr(ctx, 2, "compare address ");
		decode_out_dwords(ctx, i, len);
		return;
	case 0x1a:	/* MI_MATH */
		for (i = 1; i < len; i++)
			decode_alu(ctx, i);
		return;
	case 0x1c: {	/* MI_SEMAPHORE_WAIT */
		static const char *const ops[] = { "SAD_GREATER_THAN_SDD", "SAD_GREATER_THAN_OR_EQUAL_SDD",
			"SAD_LESS_THAN_SDD", "SAD_LESS_THAN_OR_EQUAL_SDD", "SAD_EQUAL_SDD",
			"SAD_NOT_EQUAL_SDD", "reserved", "reserved" };
		decode_out(ctx, 1, "semaphore data 0x%08x (%s, %s mode)\n", dw(ctx, 1),
			   ops[(d >> 12) & 7], (d & (1u << 15)) ? "poll" : "signal");
		i = out_addr(ctx, 2, "semaphore address ");
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
	unsigned op = (d >> 23) & 0x3f;
	const struct mi_cmd *cmd = NULL;
	unsigned len, min, max;

	for (size_t k = 0; k < sizeof(mi_cmds) / sizeof(mi_cmds[0]); k++)
		if (mi_cmds[k].opcode == op && ctx->gen >= mi_cmds[k].min_gen)
			cmd = &mi_cmds[k];
	if (!cmd) {
		decode_out(ctx, 0, "MI UNKNOWN\n");
		return 1;
	}
	len = mi_length(ctx, op, &min, &max);
	if (len < min || len > max)
		fprintf(ctx->f, "Bad length (%u) in %s, [%u, %u]\n", len, cmd->name, min, max);

	switch (op) {
	case 0x0a:
		decode_out(ctx, 0, "MI_BATCH_BUFFER_END\n");
		return -1;
	case 0x00:
		if (d & (1u << 22))
			decode_out(ctx, 0, "MI_NOOP write NOPID reg, val=0x%x\n", d & 0x3fffff);
		else
			decode_out(ctx, 0, "MI_NOOP\n");
		return 1;
	case 0x03:
		decode_wait_for_event(ctx);
		return 1;
	case 0x18:
		decode_out(ctx, 0, "MI_SET_CONTEXT\n");
		decode_out(ctx, 1, "gtt offset = 0x%x%s%s\n", dw(ctx, 1) & ~0xfffu,
			   (dw(ctx, 1) & 2) ? ", Force Restore" : "",
			   (dw(ctx, 1) & 1) ? ", Restore Inhibit" : "");
		return 2;
	case 0x16:
		decode_out(ctx, 0, "MI_SEMAPHORE_MBOX%s%s%s%s %u\n",
			   (d & (1u << 22)) ? " global gtt," : "",
			   (d & (1u << 21)) ? " update semaphore," : "",
			   (d & (1u << 20)) ? " compare semaphore," : "",
			   (d & (1u << 18)) ? " use compare reg" : "", (d >> 16) & 3);
		decode_out(ctx, 1, "value\n");
		decode_out(ctx, 2, "address\n");
		return (int)len;
	case 0x21:
		decode_out(ctx, 0, "MI_STORE_DATA_INDEX%s\n",
			   (d & (1u << 21)) ? " use per-process HWS," : "");
		decode_out(ctx, 1, "index\n");
		decode_out(ctx, 2, "dword\n");
		if (len == 4)
			decode_out(ctx, 3, "upper dword\n");
		return (int)len;
	case 0x26:
		decode_flush_dw(ctx, len);
		return (int)len;
	case 0x20:
		decode_store_data_imm(ctx, len);
		return (int)len;
	}
	decode_out(ctx, 0, "%s\n", cmd->name);
	if (len > 1)
		decode_mi_body(ctx, op, len);
	return (int)len;
}

/* ---- 2D ---------------------------------------------------------------- */

/*
 * A 2D packet as a list of fields in the gen<8 dword order; on gen8+ every
 * F_ADDR field takes two dwords. Labels in libdrm's words where it has them.
 */
enum field_kind {
	F_END, F_BR13, F_XY, F_ADDR, F_ADDR_TEXT, F_TEXT, F_VAL, F_PITCH, F_SIZE, F_DATA,
	F_FAST_BR13,
};

struct field {
	uint8_t kind;
	const char *label;
};

struct blt_cmd {
	uint8_t opcode;
	uint8_t min_gen;
	bool br00;		/* libdrm's detailed first line */
	uint8_t min_len, max_len;	/* gen<8 dwords */
	const char *name;
	struct field f[14];
};

#define XY(l) { F_XY, l }
#define AD(l) { F_ADDR, l }
#define VL(l) { F_VAL, l }
#define TX(l) { F_TEXT, l }
#define BR13 { F_BR13, NULL }
#define DATA { F_DATA, NULL }

static const struct blt_cmd blt_cmds[] = {
	{ 0x01, 2, true, 8, 8, "XY_SETUP_BLT", { BR13, XY("cliprect "), XY("cliprect "),
	  AD("setup dst offset "), TX("setup background color"), TX("setup foreground color"),
	  { F_ADDR_TEXT, "color pattern offset" } } },
	{ 0x03, 2, true, 3, 3, "XY_SETUP_CLIP_BLT", { XY("cliprect "), XY("cliprect ") } },
	{ 0x11, 2, true, 9, 9, "XY_SETUP_MONO_PATTERN_SL_BLT", { BR13, XY("cliprect "),
	  XY("cliprect "), AD("setup dst offset "), TX("setup background color"),
	  TX("setup foreground color"), TX("mono pattern dw0"), TX("mono pattern dw1") } },
	{ 0x24, 2, false, 2, 2, "XY_PIXEL_BLT", { XY("pixel ") } },
	{ 0x25, 2, false, 3, 3, "XY_SCANLINES_BLT", { XY("dest "), XY("dest ") } },
	{ 0x26, 2, false, 4, 4, "XY_TEXT_BLT", { XY("dst "), XY("dst "), AD("glyph offset ") } },
	{ 0x31, 2, false, 5, 134, "XY_TEXT_IMMEDIATE_BLT", { XY("dst "), XY("dst "), DATA } },
	{ 0x40, 2, false, 5, 5, "COLOR_BLT", { BR13, { F_SIZE, NULL }, AD("dst offset "),
	  VL("color") } },
	{ 0x42, 9, false, 10, 10, "XY_FAST_COPY_BLT", { { F_FAST_BR13, NULL }, XY("dst "),
	  XY("dst "), AD("dst offset "), XY("src "), { F_PITCH, "src pitch " },
	  AD("src offset ") } },
	{ 0x43, 2, false, 6, 6, "SRC_COPY_BLT", { BR13, { F_SIZE, NULL }, AD("dst offset "),
	  { F_PITCH, "src pitch " }, AD("src offset ") } },
	{ 0x50, 2, true, 6, 6, "XY_COLOR_BLT", { BR13, XY(""), XY(""), AD("offset "),
	  TX("color") } },
	{ 0x51, 2, false, 6, 6, "XY_PAT_BLT", { BR13, XY("dst "), XY("dst "), AD("dst offset "),
	  AD("pattern offset ") } },
	{ 0x52, 2, false, 9, 9, "XY_MONO_PAT_BLT", { BR13, XY("dst "), XY("dst "),
	  AD("dst offset "), VL("background color"), VL("foreground color"),
	  VL("mono pattern dw0"), VL("mono pattern dw1") } },
	{ 0x53, 2, true, 8, 8, "XY_SRC_COPY_BLT", { BR13, XY("dst "), XY("dst "),
	  AD("dst offset "), XY("src "), { F_PITCH, "src pitch " }, AD("src offset ") } },
	{ 0x54, 2, false, 8, 8, "XY_MONO_SRC_COPY_BLT", { BR13, XY("dst "), XY("dst "),
	  AD("dst offset "), AD("src offset "), VL("background color"),
	  VL("foreground color") } },
	{ 0x55, 2, false, 9, 9, "XY_FULL_BLT", { BR13, XY("dst "), XY("dst "), AD("dst offset "),
	  XY("src "), { F_PITCH, "src pitch " }, AD("src offset "), AD("pattern offset ") } },
	{ 0x56, 2, false, 9, 9, "XY_FULL_MONO_SRC_BLT", { BR13, XY("dst "), XY("dst "),
	  AD("dst offset "), AD("src offset "), VL("background color"), VL("foreground color"),
	  AD("pattern offset ") } },
	{ 0x57, 2, false, 12, 12, "XY_FULL_MONO_PATTERN_BLT", { BR13, XY("dst "), XY("dst "),
	  AD("dst offset "), { F_PITCH, "src pitch " }, XY("src "), AD("src offset "),
	  VL("pattern background color"), VL("pattern foreground color"),
	  VL("mono pattern dw0"), VL("mono pattern dw1") } },
	{ 0x58, 2, false, 12, 12, "XY_FULL_MONO_PATTERN_MONO_SRC_BLT", { BR13, XY("dst "),
	  XY("dst "), AD("dst offset "), AD("src offset "), VL("source background color"),
	  VL("source foreground color"), VL("pattern background color"),
	  VL("pattern foreground color"), VL("mono pattern dw0"), VL("mono pattern dw1") } },
	{ 0x59, 2, false, 7, 7, "XY_MONO_PAT_FIXED_BLT", { BR13, XY("dst "), XY("dst "),
	  AD("dst offset "), VL("background color"), VL("foreground color") } },
	{ 0x71, 2, false, 9, 137, "XY_MONO_SRC_COPY_IMMEDIATE_BLT", { BR13, XY("dst "),
	  XY("dst "), AD("dst offset "), VL("background color"), VL("foreground color"),
	  DATA } },
	{ 0x72, 2, false, 7, 135, "XY_PAT_BLT_IMMEDIATE", { BR13, XY("dst "), XY("dst "),
	  AD("dst offset "), DATA } },
	{ 0x75, 2, false, 10, 138, "XY_FULL_MONO_SRC_IMMEDIATE_PATTERN_BLT", { { F_END, NULL } } },
	{ 0x76, 2, false, 8, 8, "XY_PAT_CHROMA_BLT", { { F_END, NULL } } },
	{ 0x77, 2, false, 9, 137, "XY_PAT_CHROMA_BLT_IMMEDIATE", { { F_END, NULL } } },
};

static void out_br13(struct drm_intel_decode *ctx, unsigned i)
{
	static const char *const fmt[] = { "8", "565", "1555", "8888" };
	uint32_t v = dw(ctx, i);

	decode_out(ctx, i, "format %s, pitch %d, rop 0x%02x, clipping %sabled, %s%s \n",
		   fmt[(v >> 24) & 3], (int16_t)(v & 0xffff), (v >> 16) & 0xff,
		   (v & (1u << 30)) ? "en" : "dis",
		   (v & (1u << 31)) ? "solid pattern enabled, " : "",
		   (v & (1u << 28)) ? "mono pattern transparency enabled, " : "");
}

static unsigned blt_addr_fields(const struct blt_cmd *c)
{
	unsigned n = 0;
	for (int k = 0; k < 14 && c->f[k].kind != F_END; k++)
		n += c->f[k].kind == F_ADDR || c->f[k].kind == F_ADDR_TEXT;
	return n;
}

int decode_2d(struct drm_intel_decode *ctx)
{
	uint32_t d = dw(ctx, 0);
	unsigned op = (d >> 22) & 0x7f;
	const struct blt_cmd *c = NULL;
	unsigned len, min, max, extra, i;

	for (size_t k = 0; k < sizeof(blt_cmds) / sizeof(blt_cmds[0]); k++)
		if (blt_cmds[k].opcode == op && ctx->gen >= blt_cmds[k].min_gen)
			c = &blt_cmds[k];
	if (!c) {
		decode_out(ctx, 0, "2D UNKNOWN\n");
		return 1;
	}
	len = (d & 0xff) + 2;
	extra = ctx->gen >= 8 && op != 0x42 ? blt_addr_fields(c) : 0;
	min = c->min_len + extra;
	max = c->max_len + extra;

	if (op == 0x25)
		decode_out(ctx, 0, "XY_SCANLINES_BLT (pattern seed (%u, %u), dst tile %u)\n",
			   (d >> 12) & 7, (d >> 8) & 7, (d >> 11) & 1);
	else if (op == 0x42)
		decode_out(ctx, 0, "XY_FAST_COPY_BLT (src tiling %u, dst tiling %u)\n",
			   (d >> 20) & 3, (d >> 13) & 3);
	else if (c->br00)
		decode_out(ctx, 0, "%s (rgb %sabled, alpha %sabled, src tile %u, dst tile %u)\n",
			   c->name, (d & (1u << 20)) ? "en" : "dis", (d & (1u << 21)) ? "en" : "dis",
			   (d >> 15) & 1, (d >> 11) & 1);
	else
		decode_out(ctx, 0, "%s\n", c->name);
	if (len < min || len > max)
		fprintf(ctx->f, "Bad count in %s\n", c->name);

	i = 1;
	for (int k = 0; k < 14 && c->f[k].kind != F_END && i < len; k++) {
		const struct field *f = &c->f[k];
		uint32_t v = dw(ctx, i);

		switch (f->kind) {
		case F_BR13:
			out_br13(ctx, i++);
			break;
		case F_FAST_BR13:
			decode_out(ctx, i++, "dst pitch %d, depth %u, dst tile-y type %u, "
				   "src tile-y type %u\n", (int16_t)(v & 0xffff), (v >> 24) & 7,
				   (v >> 30) & 1, v >> 31);
			break;
		case F_XY:
			decode_out(ctx, i++, "%s(%d,%d)\n", f->label, v & 0xffff, v >> 16);
			break;
		case F_ADDR:
		case F_ADDR_TEXT:
			if (f->kind == F_ADDR)
				decode_out(ctx, i, "%s0x%08x\n", f->label, v);
			else
				decode_out(ctx, i, "%s\n", f->label);
			i++;
			if (ctx->gen >= 8 && i < len) {
				decode_out(ctx, i, "address high 0x%08x\n", dw(ctx, i));
				i++;
			}
			break;
		case F_TEXT:
			decode_out(ctx, i++, "%s\n", f->label);
			break;
		case F_VAL:
			decode_out(ctx, i++, "%s 0x%08x\n", f->label, v);
			break;
		case F_PITCH:
			decode_out(ctx, i++, "%s%d\n", f->label, (int16_t)(v & 0xffff));
			break;
		case F_SIZE:
			decode_out(ctx, i++, "%u bytes x %u lines\n", v & 0xffff, v >> 16);
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
