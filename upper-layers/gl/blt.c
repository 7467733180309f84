/* SPDX-License-Identifier: MIT */
/*
 * Blitter commands: XY_COLOR_BLT for fills (clears) and XY_SRC_COPY_BLT for
 * raw copies (BlitFramebuffer 1:1, CopyImageSubData, uploads from a linear
 * staging object), the way intelEmitCopyBlit and intelClearWithBlit built
 * them: pitch in dwords for tiled surfaces from gen4, tiled bits in DW0,
 * BCS_SWCTRL loaded by MI_LOAD_REGISTER_IMM for Y tiling (gen6+), fences
 * for tiled surfaces before gen4, 32 bpp writing the bytes the write mask
 * names. Surfaces at an offset (imported images) are addressed through the
 * relocation delta. Pixels of 8 or 16 bytes (RG32/RGBA32 texels, ETC2/EAC
 * blocks) are copied as 2 or 4 32bpp pixels with x scaled, as
 * intelEmitCopyBlit did for cpp above 4; they are never filled.
 */
#include <errno.h>
#include <i915_drm.h>

#include "hwdefs/intel_commands.h"
#include "upper-layers/gl/gl_priv.h"

static uint32_t depth_code(const struct gl_miptree *mt)
{
	switch (gl_fmt_info(mt->fmt)->cpp) {
	case 1: return 0;
	case 2: return 1;	/* 565 */
	default: return 3;	/* 32 bpp */
	}
}

static uint32_t pitch_field(const struct gl_context *ctx, const struct gl_miptree *mt)
{
	if (ctx->screen->gen >= 4 && mt->tiling != I915_TILING_NONE)
		return mt->pitch / 4;
	return mt->pitch;
}

static uint32_t br13(const struct gl_context *ctx, const struct gl_miptree *mt, uint8_t rop)
{
	return pitch_field(ctx, mt) | (uint32_t)rop << INTEL_BR13_ROP_SHIFT | depth_code(mt) << INTEL_BR13_DEPTH_SHIFT;
}

static uint32_t tiled_bits(const struct gl_context *ctx, const struct gl_miptree *dst, const struct gl_miptree *src)
{
	uint32_t bits = 0;
	if (ctx->screen->gen >= 4 && dst->tiling != I915_TILING_NONE)
		bits |= INTEL_BLT_DST_TILED;
	if (src && ctx->screen->gen >= 4 && src->tiling != I915_TILING_NONE)
		bits |= INTEL_BLT_SRC_TILED;
	return bits;
}

/* 32bpp pixels per pixel of mt: 1 but for the 8 and 16-byte ones. */
static int x_scale(const struct gl_miptree *mt)
{
	unsigned cpp = gl_fmt_info(mt->fmt)->cpp;
	return cpp > 4 ? (int)cpp / 4 : 1;
}

/* The blitter's limits: coordinates are signed 16-bit, pitches under 32 KiB,
 * Y tiling only from gen6, 1, 2, 4 bytes per pixel (8 and 16 as 32bpp pixels). */
static bool blittable(const struct gl_context *ctx, const struct gl_miptree *mt)
{
	unsigned cpp = gl_fmt_info(mt->fmt)->cpp;
	return (cpp == 1 || cpp == 2 || cpp == 4 || cpp == 8 || cpp == 16) && mt->pitch < 32768 &&
	       (int64_t)mt->width * x_scale(mt) <= 32767 && mt->height <= 32767 &&
	       (mt->tiling != I915_TILING_Y || ctx->screen->gen >= 6) &&
	       mt->offset % (mt->tiling != I915_TILING_NONE ? 4096 : 4) == 0;
}

static void swctrl(struct gl_context *ctx, const struct gl_miptree *dst, const struct gl_miptree *src)
{
	uint32_t want = 0;
	if (ctx->screen->gen < 6)
		return;
	if (dst->tiling == I915_TILING_Y)
		want |= INTEL_BCS_SWCTRL_DST_Y;
	if (src && src->tiling == I915_TILING_Y)
		want |= INTEL_BCS_SWCTRL_SRC_Y;
	if (ctx->batch.swctrl == want)
		return;
	gl_out(ctx, MI_FLUSH_DW | INTEL_LEN(ctx->screen->gen >= 8 ? 4 : 3));
	gl_out(ctx, 0);
	gl_out(ctx, 0);
	if (ctx->screen->gen >= 8)
		gl_out(ctx, 0);
	gl_out(ctx, MI_LOAD_REGISTER_IMM_N(1));
	gl_out(ctx, INTEL_BCS_SWCTRL);
	gl_out(ctx, INTEL_MASKED_FIELD(INTEL_BCS_SWCTRL_SRC_Y | INTEL_BCS_SWCTRL_DST_Y, want));
	ctx->batch.swctrl = want;
}

/* Before gen4 a tiled surface is reached through a fence the relocation asks for. */
static void out_surface(struct gl_context *ctx, struct gl_miptree *mt, bool write)
{
	gl_out_reloc(ctx, mt->bo, mt->offset, write, ctx->screen->gen < 4 && mt->tiling != I915_TILING_NONE);
}

#define SWCTRL_DWORDS 7

int gl_blt_fill(struct gl_context *ctx, struct gl_miptree *dst, int x1, int y1, int x2, int y2, uint32_t pixel,
		uint32_t write_mask)
{
	if (!blittable(ctx, dst) || gl_fmt_info(dst->fmt)->cpp > 4)
		return -ENOTSUP;
	if (x1 >= x2 || y1 >= y2)
		return 0;
	unsigned len = ctx->screen->gen >= 8 ? 7 : 6;
	int ret = gl_batch_reserve(ctx, len + SWCTRL_DWORDS, 1, &dst->bo, 1);
	if (ret < 0)
		return ret;
	uint32_t dw0 = XY_COLOR_BLT | INTEL_LEN(len) | tiled_bits(ctx, dst, NULL);
	if (gl_fmt_info(dst->fmt)->cpp == 4)
		dw0 |= write_mask ? write_mask : INTEL_BLT_WRITE_RGBA;
	swctrl(ctx, dst, NULL);
	gl_out(ctx, dw0);
	gl_out(ctx, br13(ctx, dst, 0xf0));
	gl_out(ctx, INTEL_XY(x1, y1));
	gl_out(ctx, INTEL_XY(x2, y2));
	out_surface(ctx, dst, true);
	gl_out(ctx, pixel);
	return 0;
}

int gl_blt_copy(struct gl_context *ctx, struct gl_miptree *src, int sx, int sy, struct gl_miptree *dst, int dx,
		int dy, int w, int h)
{
	if (!blittable(ctx, src) || !blittable(ctx, dst) || gl_fmt_info(src->fmt)->cpp != gl_fmt_info(dst->fmt)->cpp)
		return -ENOTSUP;
	if (w <= 0 || h <= 0)
		return 0;
	unsigned len = ctx->screen->gen >= 8 ? 10 : 8;
	drm_intel_bo *bos[2] = { dst->bo, src->bo };
	int ret = gl_batch_reserve(ctx, len + SWCTRL_DWORDS, 2, bos, 2);
	if (ret < 0)
		return ret;
	uint32_t dw0 = XY_SRC_COPY_BLT | INTEL_LEN(len) | tiled_bits(ctx, dst, src);
	if (gl_fmt_info(dst->fmt)->cpp >= 4)
		dw0 |= INTEL_BLT_WRITE_RGBA;
	int xs = x_scale(dst);
	sx *= xs;
	dx *= xs;
	w *= xs;
	swctrl(ctx, dst, src);
	gl_out(ctx, dw0);
	gl_out(ctx, br13(ctx, dst, 0xcc));
	gl_out(ctx, INTEL_XY(dx, dy));
	gl_out(ctx, INTEL_XY(dx + w, dy + h));
	out_surface(ctx, dst, true);
	gl_out(ctx, INTEL_XY(sx, sy));
	gl_out(ctx, pitch_field(ctx, src));
	out_surface(ctx, src, false);
	return 0;
}
