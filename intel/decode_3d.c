/* SPDX-License-Identifier: MIT */
/*
 * 3D and media packets (top bits 3): named, with their length checked, for
 * gen4 to gen11; PIPE_CONTROL is decoded field by field (libdrm's text on
 * gen4-7, the gen8 layout with 64-bit address and data after it). Gen2/3
 * packets are sized (3DSTATE, 3DPRIMITIVE and the one-dword states) and, on
 * gen3, named, but their fields are not decoded: libdrm's i830/i915 state and
 * fragment-shader decoders are not reproduced. Names and the length rule (intel_gfx_length: the length field
 * + 2, except the one-dword commands of subtype 1 / opcodes 0-1 such as
 * PIPELINE_SELECT and 3DSTATE_VF_STATISTICS, and media packets, whose length
 * field is 16 bits wide) come from hwdefs/intel_commands.h, which also names
 * gen3's packets. Nothing here allocates.
 */
#include "config.h"

#include "intel/decode_priv.h"
#include "hwdefs/intel_commands.h"

static void decode_pipe_control(struct drm_intel_decode *ctx, unsigned len)
{
	static const char *const post[] = { "no write", "qword write", "PS_DEPTH_COUNT write",
					    "TIMESTAMP write" };
	uint32_t d0 = dw(ctx, 0), d = dw(ctx, 1);

	if (ctx->gen < 6) {
		if (len != 4)
			fprintf(ctx->f, "Bad count in PIPE_CONTROL\n");
		decode_out(ctx, 0, "PIPE_CONTROL: %s, %sdepth stall, %sRC write flush, "
			   "%sinst flush\n", post[INTEL_POST_SYNC(d0)],
			   (d0 & (1u << 13)) ? "" : "no ", (d0 & (1u << 12)) ? "" : "no ",
			   (d0 & (1u << 11)) ? "" : "no ");
		decode_out(ctx, 1, "destination address\n");
		decode_out(ctx, 2, "immediate dword low\n");
		decode_out(ctx, 3, "immediate dword high\n");
		return;
	}
	if (ctx->gen < 8 ? (len != 4 && len != 5) : (len != 5 && len != 6))
		fprintf(ctx->f, "Bad count in PIPE_CONTROL\n");
#define B(n, s) ((d & (1u << (n))) ? (s) : "")
	decode_out(ctx, 0, "PIPE_CONTROL\n");
	decode_out(ctx, 1, "%s, %s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s\n", post[INTEL_POST_SYNC(d)],
		   B(20, "cs stall, "), B(19, "global snapshot count reset, "),
		   B(18, "tlb invalidate, "), B(17, "gfdt flush, "), B(16, "media state clear, "),
		   B(13, "depth stall, "), B(12, "render target cache flush, "),
		   B(11, "instruction cache invalidate, "), B(10, "texture cache invalidate, "),
		   B(9, "indirect state invalidate, "), B(8, "notify irq, "),
		   B(7, "PIPE_CONTROL flush, "), B(6, "protect mem app_id, "), B(5, "DC flush, "),
		   B(4, "vf fetch invalidate, "), B(3, "constant cache invalidate, "),
		   B(2, "state cache invalidate, "), B(1, "stall at scoreboard, "),
		   B(0, "depth cache flush, "));
#undef B
	if (ctx->gen < 8) {
		if (len == 5) {
			decode_out(ctx, 2, "destination address\n");
			decode_out(ctx, 3, "immediate dword low\n");
			decode_out(ctx, 4, "immediate dword high\n");
		} else {
			for (unsigned i = 2; i < len; i++)
				decode_out(ctx, i, "\n");
		}
		return;
	}
	decode_out(ctx, 2, "destination address 0x%08x%s\n", dw(ctx, 2),
		   (d & INTEL_PIPE_CONTROL_GGTT) ? " (global gtt)" : "");
	decode_out(ctx, 3, "address high 0x%08x\n", dw(ctx, 3));
	decode_out(ctx, 4, "immediate dword low 0x%08x\n", dw(ctx, 4));
	if (len > 5)
		decode_out(ctx, 5, "immediate dword high 0x%08x\n", dw(ctx, 5));
	decode_out_dwords(ctx, 6, len);
}

/* Gen2/3: sized and, on gen3, named; their fields are not decoded. */
static int decode_3d_legacy(struct drm_intel_decode *ctx)
{
	uint32_t d = dw(ctx, 0);
	unsigned op = INTEL_GFX_LEGACY_OPCODE(d), len = intel_gfx_length((unsigned)ctx->gen, d);
	const char *name = intel_gfx_legacy_name((unsigned)ctx->gen, d);

	if (name) {
		decode_out(ctx, 0, "%s (%u dword%s)\n", name, len, len == 1 ? "" : "s");
		decode_out_dwords(ctx, 1, len);
		return (int)len;
	}
	switch (op) {
	case INTEL_GFX_LEGACY_3DSTATE:
		decode_out(ctx, 0, "3DSTATE 0x%02x (%u dwords)\n", (d >> 16) & 0xff, len);
		break;
	case INTEL_GFX_LEGACY_3DPRIMITIVE:
		decode_out(ctx, 0, "3DPRIMITIVE (%u dwords)\n", len);
		break;
	case INTEL_GFX_LEGACY_STATE_1C:
		decode_out(ctx, 0, "3DSTATE 1c:0x%02x\n", (d >> 19) & 0x1f);
		break;
	default:
		decode_out(ctx, 0, "3DSTATE 0x%02x (1 dword)\n", op);
		break;
	}
	decode_out_dwords(ctx, 1, len);
	return (int)len;
}

int decode_3d(struct drm_intel_decode *ctx)
{
	uint32_t d = dw(ctx, 0);
	unsigned len;
	const char *name;

	if (ctx->gen < 4)
		return decode_3d_legacy(ctx);
	len = intel_gfx_length((unsigned)ctx->gen, d);
	if (INTEL_IS_PIPE_CONTROL(d)) {
		decode_pipe_control(ctx, len);
		return (int)len;
	}
	name = intel_gfx_name((unsigned)ctx->gen, d);
	if (!name) {
		decode_out(ctx, 0, "3D UNKNOWN: 3d_965 opcode = 0x%x\n", INTEL_GFX_OPCODE(d));
		return 1;
	}
	decode_out(ctx, 0, "%s\n", name);
	decode_out_dwords(ctx, 1, len);
	return (int)len;
}
