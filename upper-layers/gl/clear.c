/* SPDX-License-Identifier: MIT */
/*
 * glClear: one XY_COLOR_BLT per buffer within the scissor, the way the
 * i915 driver's intelClearWithBlit did, when the format packs into 8, 16
 * or 32 bits and the write mask is full (or, at 32 bpp, exactly the color
 * bytes or exactly the alpha/stencil byte: the blitter's write-enable
 * bits). Other masks, and whatever the blitter refuses, are cleared on the
 * CPU through a map. Depth 24 + stencil 8 is one 32-bit word: depth in
 * the three low bytes, stencil in the high one; depth 32F + stencil 8 is
 * 8 bytes, filled on the CPU (formats.c). A multisample buffer is
 * cleared one sample plane after the other. The wide formats (a 16 or
 * 32-bit word per channel, integer or float) are cleared on the CPU, word
 * by word. Float buffers take the clear color unclamped.
 */
#include <errno.h>
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

/* CPU fill of a rect: keep the bits of each pixel that keep_mask names
 * (pixels of up to 8 bytes: DEPTH32F_STENCIL8's are). */
static int cpu_fill(struct gl_context *ctx, struct gl_miptree *mt, struct rect r, uint64_t pixel, uint64_t keep)
{
	unsigned cpp = gl_fmt_info(mt->fmt)->cpp;
	uint8_t *base = gl_miptree_map(ctx, mt);
	if (!base)
		return -ENOMEM;
	for (int y = r.y1; y < r.y2; y++) {
		uint8_t *p = base + (size_t)y * mt->pitch + (size_t)r.x1 * cpp;
		for (int x = r.x1; x < r.x2; x++, p += cpp) {
			uint64_t old = 0;
			memcpy(&old, p, cpp);
			uint64_t v = (old & keep) | (pixel & ~keep);
			memcpy(p, &v, cpp);
		}
	}
	gl_miptree_unmap(mt);
	return 0;
}

/* CPU fill of a wide (RGBA16, RG32, RGBA32, float too) buffer with the
 * pixel px, but for the channels whose bit is set in kept
 * (gl_fmt_color_keep's answer). */
static void fill_wide(struct gl_context *ctx, struct gl_miptree *mt, struct rect r, const uint8_t px[16],
		      uint32_t kept)
{
	const struct gl_fmt_info *fi = gl_fmt_info(mt->fmt);
	const uint8_t bits[4] = { fi->r, fi->g, fi->b, fi->a };
	uint32_t all = 0;
	for (int i = 0; i < 4; i++)
		if (bits[i])
			all |= 1u << i;
	if (r.x1 >= r.x2 || r.y1 >= r.y2 || (kept & all) == all)
		return;
	uint8_t *base = gl_miptree_map(ctx, mt);
	if (!base) {
		gl_error(ctx, GL_OUT_OF_MEMORY, "glClear: cannot map the buffer");
		return;
	}
	for (int y = r.y1; y < r.y2; y++) {
		uint8_t *p = base + (size_t)y * mt->pitch + (size_t)r.x1 * fi->cpp;
		for (int x = r.x1; x < r.x2; x++, p += fi->cpp)
			for (int i = 0; i < 4; i++)
				if (bits[i] && !(kept & 1u << i))
					memcpy(p + fi->shift[i] / 8, px + fi->shift[i] / 8, bits[i] / 8u);
	}
	gl_miptree_unmap(mt);
}

/* Fill with the pixel px (its first cpp bytes) through the blitter when
 * write_bits says which bytes it may write (0 = all), otherwise or on
 * refusal on the CPU. keep names the bits of each pixel kept (pixels of
 * up to 8 bytes), or for a wide format the channels kept
 * (gl_fmt_color_keep's answer). */
static void fill_image(struct gl_context *ctx, struct gl_miptree *mt, struct rect r, const uint8_t px[16],
		       uint64_t keep)
{
	unsigned cpp = gl_fmt_info(mt->fmt)->cpp;
	if (gl_fmt_wide(gl_fmt_info(mt->fmt))) {
		fill_wide(ctx, mt, r, px, (uint32_t)keep);
		return;
	}
	uint64_t pixel = 0;
	memcpy(&pixel, px, cpp);
	uint64_t all = gl_fmt_pixel_mask(gl_fmt_info(mt->fmt));
	keep &= all;
	if (r.x1 >= r.x2 || r.y1 >= r.y2 || keep == all)
		return;
	uint32_t write_bits = 0;
	bool blit = cpp <= 4;	/* the blitter fills pixels of up to 32 bits */
	if (keep == 0)
		write_bits = 0;
	else if (cpp == 4 && keep == 0xff000000u)
		write_bits = INTEL_BLT_WRITE_RGB;
	else if (cpp == 4 && keep == 0x00ffffffu)
		write_bits = INTEL_BLT_WRITE_ALPHA;
	else
		blit = false;
	if (blit && gl_blt_fill(ctx, mt, r.x1, r.y1, r.x2, r.y2, (uint32_t)pixel, write_bits) == 0)
		return;
	if (cpu_fill(ctx, mt, r, pixel, keep) < 0)
		gl_error(ctx, GL_OUT_OF_MEMORY, "glClear: cannot map the buffer");
}

/* Every sample of a multisample image (its planes, multisample.c). */
static void fill_px(struct gl_context *ctx, struct gl_miptree *mt, struct rect r, const uint8_t px[16], uint64_t keep)
{
	int planes = mt->samples > 0 ? mt->depth : 1;
	for (int s = 0; s < planes; s++) {
		struct gl_miptree *plane = gl_miptree_slice(mt, s);
		if (!plane) {
			gl_error(ctx, GL_OUT_OF_MEMORY, "glClear: cannot reach sample %d", s);
			return;
		}
		fill_image(ctx, plane, r, px, keep);
	}
}

/* The same with a pixel of at most 64 bits. */
static void fill(struct gl_context *ctx, struct gl_miptree *mt, struct rect r, uint64_t pixel, uint64_t keep)
{
	uint8_t px[16] = { 0 };
	memcpy(px, &pixel, 8);
	fill_px(ctx, mt, r, px, keep);
}

/* Whether llvmpipe, the reference, clears r of mt by drawing (a scissor
 * inside the buffer, a channel masked off) rather than filling it: float
 * values are then stored as rendered (formats.c). */
static bool drawn_clear(struct gl_context *ctx, struct gl_miptree *mt, struct rect r)
{
	const GLboolean *m = ctx->color_mask;
	return r.x1 > 0 || r.y1 > 0 || r.x2 < mt->width || r.y2 < mt->height || !m[0] || !m[1] || !m[2] || !m[3];
}

/* A color buffer cleared to the float color c under the color mask: a
 * float buffer takes c as it is, a normalized one clamped (sRGB encoded);
 * integer ones get zeros (undefined; gl_fmt_pack_color packs no integer
 * format). */
static void fill_color(struct gl_context *ctx, struct gl_miptree *mt, struct rect r, const float c[4])
{
	uint8_t px[16] = { 0 };
	if (gl_fmt_info(mt->fmt)->kind == GLF_KIND_FLOAT) {
		gl_fmt_pack_float_as(mt->fmt, c, px, drawn_clear(ctx, mt, r) ? GL_PACK_RENDERED : GL_PACK_CLEARED);
	} else {
		uint32_t pixel = gl_fmt_pack_color(mt->fmt, c);
		memcpy(px, &pixel, 4);
	}
	fill_px(ctx, mt, r, px, gl_fmt_color_keep(mt->fmt, ctx->color_mask));
}

/* Depth and/or stencil of fb within r, under the depth and stencil write
 * masks (formats.c lays the pixels out). A buffer holding both (depth 24
 * or 32F + stencil 8) is one pass over the bits either clear writes. */
static void clear_ds(struct gl_context *ctx, struct gl_framebuffer *fb, struct rect r, bool do_depth,
		     float depth_value, bool do_stencil, GLint stencil_value)
{
	struct gl_miptree *depth = gl_fb_miptree(ctx, fb, GL_ATT_DEPTH);
	struct gl_miptree *stencil = gl_fb_miptree(ctx, fb, GL_ATT_STENCIL);
	uint32_t smask = ctx->stencil_mask & 0xff;
	bool z = do_depth && depth && ctx->depth_mask, s = do_stencil && stencil && smask;
	struct gl_miptree *mts[2] = { z ? depth : NULL, s && stencil != depth ? stencil : NULL };
	for (int i = 0; i < 2; i++) {
		struct gl_miptree *mt = mts[i];
		if (!mt)
			continue;
		bool zi = z && mt == depth, si = s && mt == stencil;
		/* stencil bits under its write mask: the mask placed as a stencil value */
		uint64_t written = gl_fmt_ds_bits(mt->fmt, zi, false) |
				   (si ? gl_fmt_pack_ds(mt->fmt, 0.0f, smask) & gl_fmt_ds_bits(mt->fmt, false, true) : 0);
		fill(ctx, mt, r, gl_fmt_pack_ds(mt->fmt, depth_value, (uint32_t)stencil_value), ~written);
	}
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
				fill_color(ctx, mt, r, ctx->clear_color);
		}
	}
	clear_ds(ctx, fb, r, mask & GL_DEPTH_BUFFER_BIT, ctx->clear_depth, mask & GL_STENCIL_BUFFER_BIT,
		 ctx->clear_stencil);
}

/* ---- ClearBuffer* ---- */

/* The draw framebuffer for a ClearBuffer call, with its errors (the buffer
 * enum and drawbuffer index checked by the caller first). */
static struct gl_framebuffer *clearbuffer_fb(struct gl_context *ctx, const char *fn, struct rect *r)
{
	struct gl_framebuffer *fb = gl_draw_fb(ctx);
	if (gl_fb_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
		gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the draw framebuffer is not complete", fn);
		return NULL;
	}
	int w, h;
	gl_fb_size(ctx, fb, &w, &h);
	*r = clear_rect(ctx, w, h);
	return fb;
}

/* The color buffer drawbuffer i writes to, NULL for none. */
static struct gl_miptree *draw_buffer_mt(struct gl_context *ctx, struct gl_framebuffer *fb, GLint i)
{
	GLenum db = fb->draw_buffers[i];
	if (db == GL_NONE)
		return NULL;
	int att = db == GL_BACK ? GL_ATT_COLOR0 : (int)(db - GL_COLOR_ATTACHMENT0);
	return gl_fb_miptree(ctx, fb, att);
}

static bool color_index_ok(struct gl_context *ctx, const char *fn, GLint drawbuffer)
{
	if (drawbuffer < 0 || drawbuffer >= 4) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer %d)", fn, drawbuffer);
		return false;
	}
	return true;
}

void glClearBufferfv(GLenum buffer, GLint drawbuffer, const GLfloat *value)
{
	static const char fn[] = "glClearBufferfv";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct rect r;
	struct gl_framebuffer *fb;
	switch (buffer) {
	case GL_COLOR: {
		if (!color_index_ok(ctx, fn, drawbuffer) || !(fb = clearbuffer_fb(ctx, fn, &r)))
			return;
		struct gl_miptree *mt = draw_buffer_mt(ctx, fb, drawbuffer);
		/* float values clear normalized and float buffers; integer
		 * ones are undefined: left alone */
		if (mt && (gl_fmt_info(mt->fmt)->kind == GLF_KIND_UNORM || gl_fmt_info(mt->fmt)->kind == GLF_KIND_FLOAT))
			fill_color(ctx, mt, r, value);
		return;
	}
	case GL_DEPTH:
		if (drawbuffer != 0) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer %d)", fn, drawbuffer);
			return;
		}
		if (!(fb = clearbuffer_fb(ctx, fn, &r)))
			return;
		clear_ds(ctx, fb, r, true, value[0], false, 0);
		return;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "%s(buffer 0x%x)", fn, buffer);
		return;
	}
}

static void clear_int_color(struct gl_context *ctx, const char *fn, GLint drawbuffer, const GLint *value)
{
	struct rect r;
	struct gl_framebuffer *fb;
	if (!color_index_ok(ctx, fn, drawbuffer) || !(fb = clearbuffer_fb(ctx, fn, &r)))
		return;
	struct gl_miptree *mt = draw_buffer_mt(ctx, fb, drawbuffer);
	/* the other signedness is undefined; Mesa (the reference) writes the
	 * value's bits as the buffer's own type, clamped to its channels */
	if (!mt || (gl_fmt_info(mt->fmt)->kind != GLF_KIND_UINT && gl_fmt_info(mt->fmt)->kind != GLF_KIND_SINT))
		return;
	uint8_t px[16] = { 0 };
	gl_fmt_pack_int(mt->fmt, (const uint32_t *)value, px);
	fill_px(ctx, mt, r, px, gl_fmt_color_keep(mt->fmt, ctx->color_mask));
}

void glClearBufferiv(GLenum buffer, GLint drawbuffer, const GLint *value)
{
	static const char fn[] = "glClearBufferiv";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct rect r;
	struct gl_framebuffer *fb;
	switch (buffer) {
	case GL_COLOR:
		clear_int_color(ctx, fn, drawbuffer, value);
		return;
	case GL_STENCIL:
		if (drawbuffer != 0) {
			gl_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer %d)", fn, drawbuffer);
			return;
		}
		if (!(fb = clearbuffer_fb(ctx, fn, &r)))
			return;
		clear_ds(ctx, fb, r, false, 0, true, value[0]);
		return;
	default:
		gl_error(ctx, GL_INVALID_ENUM, "%s(buffer 0x%x)", fn, buffer);
		return;
	}
}

void glClearBufferuiv(GLenum buffer, GLint drawbuffer, const GLuint *value)
{
	static const char fn[] = "glClearBufferuiv";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (buffer != GL_COLOR) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(buffer 0x%x)", fn, buffer);
		return;
	}
	clear_int_color(ctx, fn, drawbuffer, (const GLint *)value);
}

void glClearBufferfi(GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil)
{
	static const char fn[] = "glClearBufferfi";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	if (buffer != GL_DEPTH_STENCIL) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(buffer 0x%x)", fn, buffer);
		return;
	}
	if (drawbuffer != 0) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer %d)", fn, drawbuffer);
		return;
	}
	struct rect r;
	struct gl_framebuffer *fb = clearbuffer_fb(ctx, fn, &r);
	if (fb)
		clear_ds(ctx, fb, r, true, depth, true, stencil);
}
