/*
 * 3D and media packets (top bits 3): named, with their length checked, for
 * gen4 to gen11; PIPE_CONTROL is decoded field by field (libdrm's text on
 * gen4-7, the gen8 layout with 64-bit address and data after it). Gen2/3
 * packets are only sized (3DSTATE, 3DPRIMITIVE and the one-dword states), not
 * decoded: libdrm's i830/i915 state and fragment-shader decoders are not
 * reproduced. Names come from the hardware's command tables (Mesa genxml);
 * the dword count is the length field + 2, except the one-dword commands of
 * subtype 1 / opcode 1 (PIPELINE_SELECT and friends) and media packets,
 * whose length field is 16 bits wide. Nothing here allocates.
 */
#include "config.h"

#include "intel/decode_priv.h"

struct name3d {
	uint16_t op;		/* DW0 bits 31:16 */
	uint8_t min_gen, max_gen;
	const char *name;
};

static const struct name3d names3d[] = {
	{ 0x6000, 4, 5, "URB_FENCE" }, { 0x6001, 4, 5, "CS_URB_STATE" },
	{ 0x6002, 4, 5, "CONSTANT_BUFFER" }, { 0x6003, 4, 7, "STATE_PREFETCH" },
	{ 0x6101, 4, 11, "STATE_BASE_ADDRESS" }, { 0x6102, 4, 11, "STATE_SIP" },
	{ 0x6104, 4, 5, "PIPELINE_SELECT" }, { 0x6904, 4, 11, "PIPELINE_SELECT" },
	{ 0x6106, 9, 11, "3DSTATE_VF_STATISTICS" }, { 0x680b, 4, 11, "3DSTATE_VF_STATISTICS" },
	{ 0x7000, 4, 11, "MEDIA_VFE_STATE" }, { 0x7001, 4, 11, "MEDIA_CURBE_LOAD" },
	{ 0x7002, 4, 11, "MEDIA_INTERFACE_DESCRIPTOR_LOAD" },
	{ 0x7003, 5, 11, "MEDIA_GATEWAY_STATE" }, { 0x7004, 5, 11, "MEDIA_STATE_FLUSH" },
	{ 0x7100, 4, 11, "MEDIA_OBJECT" }, { 0x7101, 4, 6, "MEDIA_OBJECT_EX" },
	{ 0x7102, 6, 11, "MEDIA_OBJECT_PRT" }, { 0x7103, 6, 11, "MEDIA_OBJECT_WALKER" },
	{ 0x7105, 7, 11, "GPGPU_WALKER" },
	{ 0x7800, 4, 5, "3DSTATE_PIPELINED_POINTERS" },
	{ 0x7801, 4, 6, "3DSTATE_BINDING_TABLE_POINTERS" },
	{ 0x7802, 6, 6, "3DSTATE_SAMPLER_STATE_POINTERS" },
	{ 0x7804, 7, 11, "3DSTATE_CLEAR_PARAMS" },
	{ 0x7805, 6, 6, "3DSTATE_URB" }, { 0x7805, 7, 11, "3DSTATE_DEPTH_BUFFER" },
	{ 0x7806, 7, 11, "3DSTATE_STENCIL_BUFFER" },
	{ 0x7807, 7, 11, "3DSTATE_HIER_DEPTH_BUFFER" },
	{ 0x7808, 4, 11, "3DSTATE_VERTEX_BUFFERS" }, { 0x7809, 4, 11, "3DSTATE_VERTEX_ELEMENTS" },
	{ 0x780a, 4, 11, "3DSTATE_INDEX_BUFFER" }, { 0x780b, 4, 4, "3DSTATE_VF_STATISTICS" },
	{ 0x780c, 8, 11, "3DSTATE_VF" },
	{ 0x780d, 6, 7, "3DSTATE_VIEWPORT_STATE_POINTERS" }, { 0x780d, 8, 11, "3DSTATE_MULTISAMPLE" },
	{ 0x780e, 6, 6, "3DSTATE_CC_STATE_POINTERS" },
	{ 0x780f, 6, 11, "3DSTATE_SCISSOR_STATE_POINTERS" },
	{ 0x7810, 6, 11, "3DSTATE_VS" }, { 0x7811, 6, 11, "3DSTATE_GS" },
	{ 0x7812, 6, 11, "3DSTATE_CLIP" }, { 0x7813, 6, 11, "3DSTATE_SF" },
	{ 0x7814, 6, 11, "3DSTATE_WM" }, { 0x7815, 6, 11, "3DSTATE_CONSTANT_VS" },
	{ 0x7816, 6, 11, "3DSTATE_CONSTANT_GS" }, { 0x7817, 6, 11, "3DSTATE_CONSTANT_PS" },
	{ 0x7818, 6, 11, "3DSTATE_SAMPLE_MASK" }, { 0x7819, 7, 11, "3DSTATE_CONSTANT_HS" },
	{ 0x781a, 7, 11, "3DSTATE_CONSTANT_DS" }, { 0x781b, 7, 11, "3DSTATE_HS" },
	{ 0x781c, 7, 11, "3DSTATE_TE" }, { 0x781d, 7, 11, "3DSTATE_DS" },
	{ 0x781e, 7, 11, "3DSTATE_STREAMOUT" }, { 0x781f, 7, 11, "3DSTATE_SBE" },
	{ 0x7820, 7, 11, "3DSTATE_PS" },
	{ 0x7821, 7, 11, "3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP" },
	{ 0x7823, 7, 11, "3DSTATE_VIEWPORT_STATE_POINTERS_CC" },
	{ 0x7824, 7, 11, "3DSTATE_BLEND_STATE_POINTERS" },
	{ 0x7825, 7, 11, "3DSTATE_DEPTH_STENCIL_STATE_POINTERS" },
	{ 0x7826, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_VS" },
	{ 0x7827, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_HS" },
	{ 0x7828, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_DS" },
	{ 0x7829, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_GS" },
	{ 0x782a, 7, 11, "3DSTATE_BINDING_TABLE_POINTERS_PS" },
	{ 0x782b, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_VS" },
	{ 0x782c, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_HS" },
	{ 0x782d, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_DS" },
	{ 0x782e, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_GS" },
	{ 0x782f, 7, 11, "3DSTATE_SAMPLER_STATE_POINTERS_PS" },
	{ 0x7830, 7, 11, "3DSTATE_URB_VS" }, { 0x7831, 7, 11, "3DSTATE_URB_HS" },
	{ 0x7832, 7, 11, "3DSTATE_URB_DS" }, { 0x7833, 7, 11, "3DSTATE_URB_GS" },
	{ 0x7849, 8, 11, "3DSTATE_VF_INSTANCING" }, { 0x784a, 8, 11, "3DSTATE_VF_SGVS" },
	{ 0x784b, 8, 11, "3DSTATE_VF_TOPOLOGY" }, { 0x784c, 8, 11, "3DSTATE_WM_CHROMAKEY" },
	{ 0x784d, 8, 11, "3DSTATE_PS_BLEND" }, { 0x784e, 8, 11, "3DSTATE_WM_DEPTH_STENCIL" },
	{ 0x784f, 8, 11, "3DSTATE_PS_EXTRA" }, { 0x7850, 8, 11, "3DSTATE_RASTER" },
	{ 0x7851, 8, 11, "3DSTATE_SBE_SWIZ" }, { 0x7852, 8, 11, "3DSTATE_WM_HZ_OP" },
	{ 0x7855, 9, 11, "3DSTATE_VF_COMPONENT_PACKING" },
	{ 0x7900, 4, 11, "3DSTATE_DRAWING_RECTANGLE" }, { 0x7901, 4, 5, "3DSTATE_CONSTANT_COLOR" },
	{ 0x7902, 4, 11, "3DSTATE_SAMPLER_PALETTE_LOAD0" },
	{ 0x7904, 4, 11, "3DSTATE_CHROMA_KEY" }, { 0x7905, 4, 6, "3DSTATE_DEPTH_BUFFER" },
	{ 0x7906, 4, 11, "3DSTATE_POLY_STIPPLE_OFFSET" },
	{ 0x7907, 4, 11, "3DSTATE_POLY_STIPPLE_PATTERN" },
	{ 0x7908, 4, 11, "3DSTATE_LINE_STIPPLE" },
	{ 0x7909, 4, 5, "3DSTATE_GLOBAL_DEPTH_OFFSET_CLAMP" },
	{ 0x790a, 4, 11, "3DSTATE_AA_LINE_PARAMETERS" }, { 0x790b, 5, 7, "3DSTATE_GS_SVB_INDEX" },
	{ 0x790c, 4, 11, "3DSTATE_SAMPLER_PALETTE_LOAD1" },
	{ 0x790d, 6, 7, "3DSTATE_MULTISAMPLE" }, { 0x790e, 5, 6, "3DSTATE_STENCIL_BUFFER" },
	{ 0x790f, 5, 6, "3DSTATE_HIER_DEPTH_BUFFER" }, { 0x7910, 5, 6, "3DSTATE_CLEAR_PARAMS" },
	{ 0x7911, 6, 11, "3DSTATE_MONOFILTER_SIZE" },
	{ 0x7912, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_VS" },
	{ 0x7913, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_HS" },
	{ 0x7914, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_DS" },
	{ 0x7915, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_GS" },
	{ 0x7916, 7, 11, "3DSTATE_PUSH_CONSTANT_ALLOC_PS" },
	{ 0x7917, 7, 11, "3DSTATE_SO_DECL_LIST" }, { 0x7918, 7, 11, "3DSTATE_SO_BUFFER" },
	{ 0x7919, 8, 11, "3DSTATE_BINDING_TABLE_POOL_ALLOC" },
	{ 0x791a, 8, 11, "3DSTATE_GATHER_POOL_ALLOC" },
	{ 0x791c, 8, 11, "3DSTATE_SAMPLE_PATTERN" },
	{ 0x7b00, 4, 11, "3DPRIMITIVE" },
};

static void decode_pipe_control(struct drm_intel_decode *ctx, unsigned len)
{
	static const char *const post[] = { "no write", "qword write", "PS_DEPTH_COUNT write",
					    "TIMESTAMP write" };
	uint32_t d0 = dw(ctx, 0), d = dw(ctx, 1);

	if (ctx->gen < 6) {
		if (len != 4)
			fprintf(ctx->f, "Bad count in PIPE_CONTROL\n");
		decode_out(ctx, 0, "PIPE_CONTROL: %s, %sdepth stall, %sRC write flush, "
			   "%sinst flush\n", post[(d0 >> 14) & 3],
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
	decode_out(ctx, 1, "%s, %s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s\n", post[(d >> 14) & 3],
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
		   (d & (1u << 24)) ? " (global gtt)" : "");
	decode_out(ctx, 3, "address high 0x%08x\n", dw(ctx, 3));
	decode_out(ctx, 4, "immediate dword low 0x%08x\n", dw(ctx, 4));
	if (len > 5)
		decode_out(ctx, 5, "immediate dword high 0x%08x\n", dw(ctx, 5));
	decode_out_dwords(ctx, 6, len);
}

/* Gen2/3: sized, not decoded. */
static int decode_3d_legacy(struct drm_intel_decode *ctx)
{
	uint32_t d = dw(ctx, 0);
	unsigned op = (d >> 24) & 0x1f, len;

	switch (op) {
	case 0x1d:
		len = (d & 0xff) + 2;
		decode_out(ctx, 0, "3DSTATE 0x%02x (%u dwords)\n", (d >> 16) & 0xff, len);
		break;
	case 0x1f:
		len = (d & (1u << 23)) ? 1 : (d & 0xffff) + 2;
		decode_out(ctx, 0, "3DPRIMITIVE (%u dwords)\n", len);
		break;
	case 0x1c:
		len = 1;
		decode_out(ctx, 0, "3DSTATE 1c:0x%02x\n", (d >> 19) & 0x1f);
		break;
	default:
		len = 1;
		decode_out(ctx, 0, "3DSTATE 0x%02x (1 dword)\n", op);
		break;
	}
	decode_out_dwords(ctx, 1, len);
	return (int)len;
}

int decode_3d(struct drm_intel_decode *ctx)
{
	uint32_t d = dw(ctx, 0);
	unsigned op = d >> 16, subtype = (d >> 27) & 3, opcode = (d >> 24) & 7, len;
	const char *name = NULL;

	if (ctx->gen < 4)
		return decode_3d_legacy(ctx);
	if (subtype == 1 && opcode == 1)
		len = 1;
	else if (subtype == 2)
		len = (d & 0xffff) + 2;
	else
		len = (d & 0xff) + 2;

	if (op == 0x7a00) {
		decode_pipe_control(ctx, len);
		return (int)len;
	}
	for (size_t k = 0; k < sizeof(names3d) / sizeof(names3d[0]); k++)
		if (names3d[k].op == op && ctx->gen >= names3d[k].min_gen &&
		    ctx->gen <= names3d[k].max_gen)
			name = names3d[k].name;
	if (!name) {
		decode_out(ctx, 0, "3D UNKNOWN: 3d_965 opcode = 0x%x\n", op);
		return 1;
	}
	decode_out(ctx, 0, "%s\n", name);
	decode_out_dwords(ctx, 1, len);
	return (int)len;
}
