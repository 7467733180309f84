/* SPDX-License-Identifier: MIT */
/*
 * glClear: one XY_COLOR_BLT per buffer within the scissor, the way the
 * i915 driver's intelClearWithBlit did, when the format packs into 8, 16
 * or 32 bits and the write mask is full (or, at 32 bpp, exactly the color
 * bytes or exactly the alpha/stencil byte: the blitter's write-enable
 * bits). Other masks, and whatever the blitter refuses, are cleared on the
 * CPU through a map. Depth 24 + stencil 8 is one 32-bit word: depth in
 * the three low bytes, stencil in the high one.
 */
#include <errno.h>
#include <math.h>
#include <string.h>
#include <i915_drm.h>

#include "hwdefs/intel_commands.h"
#include "upper-layers/gl/gl_tex.h"

struct rect {
	int x1, y1, x2, y2;
};

/* The drawable area: the framebuffer's size, cut by the scissor when on. */
static struct rect clear_rect(struct gl_context *ctx, int w, int h)
{
	struct rect r = { 0, 0, w, h };
	if (ctx->scissor_test) {
		long x2 = (long)ctx->scissor[0] + ctx->scissor[2], y2 = (long)ctx->scissor[1] + ctx->scissor[3];
		if (ctx->scissor[0] > r.x1)
			r.x1 = ctx->scissor[0];
		if (ctx->scissor[1] > r.y1)
			r.y1 = ctx->scissor[1];
		if (x2 < r.x2)
			r.x2 = (int)x2;
		if (y2 < r.y2)
			r.y2 = (int)y2;
	}
	return r;
}

/* CPU fill of a rect: keep the bits of each pixel that keep_mask names. */
static int cpu_fill(struct gl_context *ctx, struct gl_miptree *mt, struct rect r, uint32_t pixel, uint32_t keep)
{
	unsigned cpp = gl_fmt_info(mt->fmt)->cpp;
	uint8_t *base = gl_miptree_map(ctx, mt);
	if (!base)
		return -ENOMEM;
	for (int y = r.y1; y < r.y2; y++) {
		uint8_t *p = base + (size_t)y * mt->pitch + (size_t)r.x1 * cpp;
		for (int x = r.x1; x < r.x2; x++, p += cpp) {
			uint32_t old = 0;
			memcpy(&old, p, cpp);
			uint32_t v = (old & keep) | (pixel & ~keep);
			memcpy(p, &v, cpp);
		}
	}
	gl_miptree_unmap(mt);
	return 0;
}

/* Fill through the blitter when write_bits says which bytes it may write
 * (0 = all), otherwise or on refusal on the CPU. */
static void fill(struct gl_context *ctx, struct gl_miptree *mt, struct rect r, uint32_t pixel, uint32_t keep)
{
	unsigned cpp = gl_fmt_info(mt->fmt)->cpp;
	uint32_t all = cpp == 4 ? 0xffffffffu : (1u << (cpp * 8)) - 1;
	keep &= all;
	if (r.x1 >= r.x2 || r.y1 >= r.y2 || keep == all)
		return;
	uint32_t write_bits = 0;
	bool blit = true;
	if (keep == 0)
		write_bits = 0;
	else if (cpp == 4 && keep == 0xff000000u)
		write_bits = INTEL_BLT_WRITE_RGB;
	else if (cpp == 4 && keep == 0x00ffffffu)
		write_bits = INTEL_BLT_WRITE_ALPHA;
	else
		blit = false;
	if (blit && gl_blt_fill(ctx, mt, r.x1, r.y1, r.x2, r.y2, pixel, write_bits) == 0)
		return;
	if (cpu_fill(ctx, mt, r, pixel, keep) < 0)
		gl_error(ctx, GL_OUT_OF_MEMORY, "glClear: cannot map the buffer");
}

void glClear(GLbitfield mask)
{
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
		gl_error(ctx, GL_INVALID_VALUE, "glClear(mask 0x%x)", mask);
		return;
	}
	struct gl_framebuffer *fb = gl_draw_fb(ctx);
	if (gl_fb_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
		gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "glClear: the draw framebuffer is not complete");
		return;
	}
	int w, h;
	gl_fb_size(ctx, fb, &w, &h);
	struct rect r = clear_rect(ctx, w, h);
	if (mask & GL_COLOR_BUFFER_BIT) {
		for (int i = 0; i < 4; i++) {
			GLenum db = fb->draw_buffers[i];
			if (db == GL_NONE)
				continue;
			int att = db == GL_BACK ? GL_ATT_COLOR0 : (int)(db - GL_COLOR_ATTACHMENT0);
			struct gl_miptree *mt = gl_fb_miptree(ctx, fb, att);
			if (mt)
				fill(ctx, mt, r, gl_fmt_pack_color(mt->fmt, ctx->clear_color), gl_fmt_color_keep(mt->fmt, ctx->color_mask));
		}
	}
	struct gl_miptree *depth = gl_fb_miptree(ctx, fb, GL_ATT_DEPTH);
	struct gl_miptree *stencil = gl_fb_miptree(ctx, fb, GL_ATT_STENCIL);
	float d = ctx->clear_depth < 0 ? 0 : ctx->clear_depth > 1 ? 1 : ctx->clear_depth;
	uint32_t s8 = (uint32_t)ctx->clear_stencil & 0xff, smask = ctx->stencil_mask & 0xff;
	if ((mask & GL_DEPTH_BUFFER_BIT) && depth && ctx->depth_mask) {
		uint32_t z, keep;
		if (depth->fmt == GLF_Z16) {
			z = (uint32_t)lrint(d * 65535.0);
			keep = 0;
		} else {
			z = (uint32_t)lrint(d * 16777215.0);
			keep = depth->fmt == GLF_Z24S8 ? 0xff000000u : 0;
		}
		if (depth == stencil && (mask & GL_STENCIL_BUFFER_BIT) && smask) {
			/* one pass for both, stencil bits under its write mask */
			z |= s8 << 24;
			keep = (~smask & 0xffu) << 24;
			stencil = NULL;
		}
		fill(ctx, depth, r, z, keep);
	}
	if ((mask & GL_STENCIL_BUFFER_BIT) && stencil && smask) {
		if (stencil->fmt == GLF_S8)
			fill(ctx, stencil, r, s8, ~smask & 0xffu);
		else
			fill(ctx, stencil, r, s8 << 24, 0x00ffffffu | (~smask & 0xffu) << 24);
	}
}
