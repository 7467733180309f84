/* SPDX-License-Identifier: MIT */
/*
 * glBlitFramebuffer with GLES 3.0's errors. A 1:1 copy between buffers of
 * the same pixel layout is the blitter's: one XY_SRC_COPY_BLT per draw
 * buffer on the rectangle left after clipping to both framebuffers and the
 * scissor (i965's intel_blit_framebuffer_with_blitter), an XRGB source
 * into an ARGB destination followed by an alpha-only XY_COLOR_BLT, and a
 * vertical flip done as one blit per row. Everything else (scaling,
 * horizontal mirroring, format conversion) runs on the CPU with GLES 3.0's
 * definition of the blit as sampling level 0 of the source at each
 * destination pixel's center with CLAMP_TO_EDGE: NEAREST takes the texel
 * the center falls in, LINEAR the bilinear weighting of the four around it
 * (float buffers, and normalized ones into float ones, convert through
 * floats; normalized ones between them through bytes).
 * Destination pixels whose sample lies outside the source framebuffer are
 * left alone (GL leaves them undefined). A multisample source is resolved
 * (multisample.c), only 1:1 into a single-sample buffer of its format.
 *
 * Calls: blt.c, miptree.c, formats.c, fbo.c, teximage.c (gl_copy_rect),
 * multisample.c.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hwdefs/intel_commands.h"
#include "upper-layers/gl/gl_tex.h"

struct box {
	int x0, y0, x1, y1;	/* GL's corners: the rectangle is [min, max) on each axis */
};

/* The buffers one blit moves: for color one pair per draw buffer. */
struct pair {
	struct gl_miptree *src, *dst;
	uint64_t keep;		/* destination bits to keep (depth-only or stencil-only of a depth-stencil buffer) */
};

static int att_of(GLenum buf)
{
	return buf == GL_BACK ? GL_ATT_COLOR0 : buf >= GL_COLOR_ATTACHMENT0 && buf < GL_COLOR_ATTACHMENT0 + 4
								  ? (int)(buf - GL_COLOR_ATTACHMENT0)
								  : -1;
}

static bool is_integer(const struct gl_fmt_info *fi)
{
	return fi->kind == GLF_KIND_UINT || fi->kind == GLF_KIND_SINT;
}

/* Integer buffers blit into integer ones of their signedness; normalized
 * and float ones into each other. */
static bool compatible_kinds(const struct gl_fmt_info *a, const struct gl_fmt_info *b)
{
	return is_integer(a) || is_integer(b) ? a->kind == b->kind : true;
}

/* What LINEAR may filter (the integer formats not). */
static bool filterable(const struct gl_fmt_info *fi)
{
	return fi->kind == GLF_KIND_UNORM || fi->kind == GLF_KIND_FLOAT;
}

/* GLES 3.0 §4.3.3's "depth and stencil formats match", as Mesa reads it:
 * depth of the same bits and type, stencil of the same bits, each where
 * both buffers have it (DEPTH_COMPONENT32F and DEPTH32F_STENCIL8 blit
 * depth into each other, DEPTH24_STENCIL8 and DEPTH32F_STENCIL8 nothing). */
static bool ds_formats_match(enum gl_fmt a, enum gl_fmt b)
{
	const struct gl_fmt_info *ai = gl_fmt_info(a), *bi = gl_fmt_info(b);
	if (ai->depth && bi->depth && (ai->depth != bi->depth || gl_fmt_float_depth(ai) != gl_fmt_float_depth(bi)))
		return false;
	return !ai->stencil || !bi->stencil || ai->stencil == bi->stencil;
}

/* The pair moving depth and/or stencil from src into dst: the rest of
 * dst's pixel (the other aspect, padding) is kept. A whole pixel of the
 * same format keeps nothing, so the blitter may copy it. */
static struct pair ds_pair(struct gl_miptree *src, struct gl_miptree *dst, bool depth, bool stencil)
{
	uint64_t keep = gl_fmt_pixel_mask(gl_fmt_info(dst->fmt)) & ~gl_fmt_ds_bits(dst->fmt, depth, stencil);
	if (src->fmt == dst->fmt && (keep & gl_fmt_ds_bits(dst->fmt, true, true)) == 0)
		keep = 0;	/* only padding kept: copy it along */
	return (struct pair){ src, dst, keep };
}

/* ---- the blitter paths ---- */

/* The blitter's XRGB-to-ARGB case: same bytes, then alpha made opaque. */
static bool x_to_a(enum gl_fmt src, enum gl_fmt dst)
{
	return (src == GLF_BGRX8 && dst == GLF_BGRA8) || (src == GLF_RGBX8 && dst == GLF_RGBA8);
}

static bool same_layout(enum gl_fmt src, enum gl_fmt dst)
{
	return src == dst || x_to_a(src, dst) || (src == GLF_BGRA8 && dst == GLF_BGRX8) ||
	       (src == GLF_RGBA8 && dst == GLF_RGBX8);
}

/* A 1:1 copy of w x h from sx, sy to dx, dy, flipped vertically when flip. */
static int blt_pair(struct gl_context *ctx, const struct pair *p, int sx, int sy, int dx, int dy, int w, int h,
		    bool flip)
{
	int ret = 0;
	if (!flip) {
		ret = gl_blt_copy(ctx, p->src, sx, sy, p->dst, dx, dy, w, h);
	} else {
		for (int j = 0; j < h && ret == 0; j++)
			ret = gl_blt_copy(ctx, p->src, sx, sy + h - 1 - j, p->dst, dx, dy + j, w, 1);
	}
	if (ret == 0 && x_to_a(p->src->fmt, p->dst->fmt))
		ret = gl_blt_fill(ctx, p->dst, dx, dy, dx + w, dy + h, 0xff000000u, INTEL_BLT_WRITE_ALPHA);
	return ret;
}

/* ---- the CPU path ---- */

static float srgb_to_linear(uint8_t v)
{
	double c = v / 255.0;
	return (float)(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4));
}

static uint8_t linear_to_srgb8(float c)
{
	double v = c <= 0.0f ? 0.0 : c >= 1.0f ? 1.0 : c;
	v = v < 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1.0 / 2.4) - 0.055;
	return (uint8_t)lrint(v * 255.0);
}

/* A texel of the pair's source as floats (normalized: linear values):
 * straight from float formats, from channels of more than 8 bits, and
 * from linear normalized ones going into a float buffer (v / max, as Mesa
 * converts); through bytes otherwise. */
static void fetch_float(const struct pair *p, const uint8_t *base, uint32_t pitch, int x, int y, float c[4])
{
	const struct gl_miptree *mt = p->src;
	const struct gl_fmt_info *fi = gl_fmt_info(mt->fmt);
	uint8_t b[4];
	if (gl_fmt_deep(mt->fmt) || fi->kind == GLF_KIND_FLOAT ||
	    (gl_fmt_info(p->dst->fmt)->kind == GLF_KIND_FLOAT && !fi->srgb)) {
		gl_fmt_unpack_float(mt->fmt, base + (size_t)y * pitch + (size_t)x * fi->cpp, c);
		return;
	}
	gl_fmt_unpack_ubyte(mt->fmt, base + (size_t)y * pitch + (size_t)x * fi->cpp, b);
	for (int i = 0; i < 4; i++)
		c[i] = fi->srgb && i < 3 ? srgb_to_linear(b[i]) : b[i] / 255.0f;
}

/* Floats into a pixel of mt: as rendered into a float buffer, clamped and
 * through bytes into a normalized one. */
static void store_float(const struct gl_miptree *mt, uint8_t *px, const float c[4])
{
	const struct gl_fmt_info *fi = gl_fmt_info(mt->fmt);
	uint8_t b[4];
	if (fi->kind == GLF_KIND_FLOAT) {
		gl_fmt_pack_float_as(mt->fmt, c, px, GL_PACK_RENDERED);
		return;
	}
	for (int i = 0; i < 4; i++) {
		float v = c[i] < 0 ? 0 : c[i] > 1 ? 1 : c[i];
		b[i] = fi->srgb && i < 3 ? linear_to_srgb8(v) : (uint8_t)lrintf(v * 255.0f);
	}
	gl_fmt_pack_ubyte(mt->fmt, b, px);
}

/* One destination pixel from the source texel(s) around (u, v) (texel
 * space). Returns false when the sample is outside the source. */
static bool sample(const struct pair *p, const uint8_t *s, uint32_t spitch, int sw, int sh, double u, double v,
		   GLenum filter, uint8_t *out)
{
	const struct gl_fmt_info *si = gl_fmt_info(p->src->fmt), *di = gl_fmt_info(p->dst->fmt);
	if (u < 0 || v < 0 || u >= sw || v >= sh)
		return false;
	if (filter == GL_NEAREST || !filterable(si)) {
		int x = (int)floor(u), y = (int)floor(v);
		const uint8_t *px = s + (size_t)y * spitch + (size_t)x * si->cpp;
		if (si->kind == GLF_KIND_DS) {
			uint64_t a = 0, b = 0;
			memcpy(&a, px, si->cpp);
			memcpy(&b, out, di->cpp);
			b = (b & p->keep) | (gl_fmt_ds_convert(p->src->fmt, a, p->dst->fmt) & ~p->keep);
			memcpy(out, &b, di->cpp);
		} else if (p->src->fmt == p->dst->fmt && si->cpp > 4) {
			memcpy(out, px, si->cpp);	/* a wide texel: color has no kept bits */
		} else if (p->src->fmt == p->dst->fmt) {
			uint32_t a = 0, b = 0;
			memcpy(&a, px, si->cpp);
			memcpy(&b, out, di->cpp);
			b = (b & (uint32_t)p->keep) | (a & ~(uint32_t)p->keep);
			memcpy(out, &b, di->cpp);
		} else if (filterable(si)) {
			float c[4];
			fetch_float(p, s, spitch, x, y, c);
			store_float(p->dst, out, c);
		} else {
			uint32_t c[4];
			gl_fmt_unpack_int(p->src->fmt, px, c);
			gl_fmt_pack_int(p->dst->fmt, c, out);
		}
		return true;
	}
	double fu = u - 0.5, fv = v - 0.5;
	int i0 = (int)floor(fu), j0 = (int)floor(fv);
	double a = fu - i0, b = fv - j0;
	int i1 = i0 + 1, j1 = j0 + 1;
	i0 = i0 < 0 ? 0 : i0 >= sw ? sw - 1 : i0;
	i1 = i1 < 0 ? 0 : i1 >= sw ? sw - 1 : i1;
	j0 = j0 < 0 ? 0 : j0 >= sh ? sh - 1 : j0;
	j1 = j1 < 0 ? 0 : j1 >= sh ? sh - 1 : j1;
	float t00[4], t10[4], t01[4], t11[4], c[4];
	fetch_float(p, s, spitch, i0, j0, t00);
	fetch_float(p, s, spitch, i1, j0, t10);
	fetch_float(p, s, spitch, i0, j1, t01);
	fetch_float(p, s, spitch, i1, j1, t11);
	for (int k = 0; k < 4; k++)
		c[k] = (float)((1 - a) * (1 - b) * t00[k] + a * (1 - b) * t10[k] + (1 - a) * b * t01[k] +
			       a * b * t11[k]);
	store_float(p->dst, out, c);
	return true;
}

static int cpu_pair(struct gl_context *ctx, const struct pair *p, struct box s, struct box d, struct box clip,
		    GLenum filter)
{
	const struct gl_fmt_info *si = gl_fmt_info(p->src->fmt), *di = gl_fmt_info(p->dst->fmt);
	int sw = p->src->width, sh = p->src->height;
	/* a private copy of the source, so the destination may be mapped at once */
	size_t n = (size_t)p->src->pitch * (size_t)sh;
	uint8_t *copy = malloc(n);
	if (!copy)
		return -ENOMEM;
	const uint8_t *sm = gl_miptree_map(ctx, p->src);
	if (!sm) {
		free(copy);
		return -ENOMEM;
	}
	memcpy(copy, sm, n);
	gl_miptree_unmap(p->src);
	uint8_t *dm = gl_miptree_map(ctx, p->dst);
	if (!dm) {
		free(copy);
		return -ENOMEM;
	}
	double sx = (double)(s.x1 - s.x0) / (d.x1 - d.x0), sy = (double)(s.y1 - s.y0) / (d.y1 - d.y0);
	for (int y = clip.y0; y < clip.y1; y++) {
		double v = s.y0 + (y + 0.5 - d.y0) * sy;
		for (int x = clip.x0; x < clip.x1; x++) {
			double u = s.x0 + (x + 0.5 - d.x0) * sx;
			sample(p, copy, p->src->pitch, sw, sh, u, v, filter,
			       dm + (size_t)y * p->dst->pitch + (size_t)x * di->cpp);
		}
	}
	(void)si;
	gl_miptree_unmap(p->dst);
	free(copy);
	return 0;
}

/* ---- the entry point ---- */

static int min_i(int a, int b) { return a < b ? a : b; }
static int max_i(int a, int b) { return a > b ? a : b; }

static void do_pair(struct gl_context *ctx, const struct pair *p, struct box s, struct box d, GLenum filter,
		    const struct box *scissor)
{
	/* destination pixels written: the destination rectangle inside the
	 * draw buffer and the scissor */
	struct box clip = { max_i(min_i(d.x0, d.x1), 0), max_i(min_i(d.y0, d.y1), 0),
			    min_i(max_i(d.x0, d.x1), p->dst->width), min_i(max_i(d.y0, d.y1), p->dst->height) };
	if (scissor) {
		clip.x0 = max_i(clip.x0, scissor->x0);
		clip.y0 = max_i(clip.y0, scissor->y0);
		clip.x1 = min_i(clip.x1, scissor->x1);
		clip.y1 = min_i(clip.y1, scissor->y1);
	}
	if (clip.x0 >= clip.x1 || clip.y0 >= clip.y1)
		return;
	if (p->src->samples > 0) {
		/* a resolve: the rectangles are the same (checked), so a
		 * destination pixel is the source pixel of its own position */
		clip.x1 = min_i(clip.x1, p->src->width);
		clip.y1 = min_i(clip.y1, p->src->height);
		if (clip.x0 < clip.x1 && clip.y0 < clip.y1 &&
		    gl_ms_resolve(ctx, p->src, p->dst, p->keep, clip.x0, clip.y0, clip.x1, clip.y1) < 0)
			gl_error(ctx, GL_OUT_OF_MEMORY, "glBlitFramebuffer: cannot map the buffers");
		return;
	}
	int sw = s.x1 - s.x0, sh = s.y1 - s.y0, dw = d.x1 - d.x0, dh = d.y1 - d.y0;
	bool flip_x = (sw < 0) != (dw < 0), flip_y = (sh < 0) != (dh < 0);
	if (abs(sw) == abs(dw) && abs(sh) == abs(dh) && !flip_x && same_layout(p->src->fmt, p->dst->fmt) &&
	    p->keep == 0) {
		/* 1:1: destination x maps to source x + (sx0 - dx0) (y likewise, or mirrored) */
		int sxmin = min_i(s.x0, s.x1), symin = min_i(s.y0, s.y1);
		int dxmin = min_i(d.x0, d.x1), dymin = min_i(d.y0, d.y1);
		int ox = sxmin - dxmin;
		/* source rows: unflipped y + oy; flipped (symin + symax - 1) - (y - dymin) */
		int x0 = max_i(clip.x0, -ox), x1 = min_i(clip.x1, p->src->width - ox);
		int y0 = clip.y0, y1 = clip.y1;
		if (!flip_y) {
			int oy = symin - dymin;
			y0 = max_i(y0, -oy);
			y1 = min_i(y1, p->src->height - oy);
			if (x0 < x1 && y0 < y1 &&
			    blt_pair(ctx, p, x0 + ox, y0 + oy, x0, y0, x1 - x0, y1 - y0, false) == 0)
				return;
		} else {
			int top = symin + abs(sh) - 1 + dymin;	/* source row = top - y */
			y0 = max_i(y0, top - p->src->height + 1);
			y1 = min_i(y1, top + 1);
			if (x0 < x1 && y0 < y1 &&
			    blt_pair(ctx, p, x0 + ox, top - (y1 - 1), x0, y0, x1 - x0, y1 - y0, true) == 0)
				return;
		}
		if (x0 >= x1 || y0 >= y1)
			return;
	}
	if (cpu_pair(ctx, p, s, d, clip, filter) < 0)
		gl_error(ctx, GL_OUT_OF_MEMORY, "glBlitFramebuffer: cannot map the buffers");
}

void glBlitFramebuffer(GLint sx0, GLint sy0, GLint sx1, GLint sy1, GLint dx0, GLint dy0, GLint dx1, GLint dy1,
		       GLbitfield mask, GLenum filter)
{
	static const char fn[] = "glBlitFramebuffer";
	struct gl_context *ctx = gl_ctx();
	if (!ctx)
		return;
	struct gl_framebuffer *rfb = gl_read_fb(ctx), *dfb = gl_draw_fb(ctx);
	if (gl_fb_status(ctx, rfb) != GL_FRAMEBUFFER_COMPLETE || gl_fb_status(ctx, dfb) != GL_FRAMEBUFFER_COMPLETE) {
		gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read or draw framebuffer is not complete", fn);
		return;
	}
	if (filter != GL_NEAREST && filter != GL_LINEAR) {
		gl_error(ctx, GL_INVALID_ENUM, "%s(filter 0x%x)", fn, filter);
		return;
	}
	if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
		gl_error(ctx, GL_INVALID_VALUE, "%s(mask 0x%x)", fn, mask);
		return;
	}
	if ((mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) && filter != GL_NEAREST) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: depth and stencil blits must use GL_NEAREST", fn);
		return;
	}
	/* GLES 3.0 §4.3.3: a multisample buffer is only resolved, 1:1 into a
	 * single-sample one */
	int read_samples = gl_fb_samples(ctx, rfb);
	if (gl_fb_samples(ctx, dfb) > 0) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the draw framebuffer is multisample", fn);
		return;
	}
	if (read_samples > 0 && (sx0 != dx0 || sy0 != dy0 || sx1 != dx1 || sy1 != dy1)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: a resolve needs the same source and destination rectangles", fn);
		return;
	}
	struct pair pairs[6];
	int np = 0;
	if (mask & GL_COLOR_BUFFER_BIT) {
		struct gl_miptree *src = gl_fb_read_miptree(ctx);
		for (int i = 0; src && i < 4; i++) {
			int a = att_of(dfb->draw_buffers[i]);
			struct gl_miptree *dst = a >= 0 ? gl_fb_miptree(ctx, dfb, a) : NULL;
			if (!dst)
				continue;
			const struct gl_fmt_info *si = gl_fmt_info(src->fmt), *di = gl_fmt_info(dst->fmt);
			if (dst == src) {
				gl_error(ctx, GL_INVALID_OPERATION, "%s: the source and destination buffers are the same", fn);
				return;
			}
			if (!compatible_kinds(si, di)) {
				gl_error(ctx, GL_INVALID_OPERATION, "%s: integer and normalized color buffers do not mix", fn);
				return;
			}
			if (read_samples > 0 && !gl_ms_resolve_formats_ok(src->fmt, dst->fmt)) {
				gl_error(ctx, GL_INVALID_OPERATION, "%s: a resolve needs identical formats", fn);
				return;
			}
			if (filter == GL_LINEAR && !filterable(si)) {
				gl_error(ctx, GL_INVALID_OPERATION, "%s: integer buffers need GL_NEAREST", fn);
				return;
			}
			pairs[np++] = (struct pair){ src, dst, 0 };
		}
	}
	struct gl_miptree *sd = gl_fb_miptree(ctx, rfb, GL_ATT_DEPTH), *dd = gl_fb_miptree(ctx, dfb, GL_ATT_DEPTH);
	struct gl_miptree *ss = gl_fb_miptree(ctx, rfb, GL_ATT_STENCIL), *ds = gl_fb_miptree(ctx, dfb, GL_ATT_STENCIL);
	bool depth = (mask & GL_DEPTH_BUFFER_BIT) && sd && dd;
	bool stencil = (mask & GL_STENCIL_BUFFER_BIT) && ss && ds;
	if ((depth && !ds_formats_match(sd->fmt, dd->fmt)) || (stencil && !ds_formats_match(ss->fmt, ds->fmt))) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the depth/stencil formats differ", fn);
		return;
	}
	if ((depth && sd == dd) || (stencil && ss == ds)) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s: the source and destination buffers are the same", fn);
		return;
	}
	if (depth && stencil && sd == ss && dd == ds) {
		pairs[np++] = ds_pair(sd, dd, true, true);
	} else {
		if (depth)
			pairs[np++] = ds_pair(sd, dd, true, false);
		if (stencil)
			pairs[np++] = ds_pair(ss, ds, false, true);
	}
	if (sx0 == sx1 || sy0 == sy1 || dx0 == dx1 || dy0 == dy1)
		return;
	struct box s = { sx0, sy0, sx1, sy1 }, d = { dx0, dy0, dx1, dy1 };
	struct box sc;
	if (ctx->scissor_test) {
		sc.x0 = ctx->scissor[0];
		sc.y0 = ctx->scissor[1];
		sc.x1 = (int)((int64_t)ctx->scissor[0] + ctx->scissor[2] > INT32_MAX ? INT32_MAX
										     : ctx->scissor[0] + ctx->scissor[2]);
		sc.y1 = (int)((int64_t)ctx->scissor[1] + ctx->scissor[3] > INT32_MAX ? INT32_MAX
										     : ctx->scissor[1] + ctx->scissor[3]);
	}
	/* the source is limited to the read framebuffer's size as well */
	int rw, rh;
	gl_fb_size(ctx, rfb, &rw, &rh);
	for (int i = 0; i < np; i++) {
		struct pair p = pairs[i];
		(void)rw, (void)rh;
		do_pair(ctx, &p, s, d, filter, ctx->scissor_test ? &sc : NULL);
	}
}
