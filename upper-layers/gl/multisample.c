/* SPDX-License-Identifier: MIT */
/*
 * Multisample renderbuffers. GLES 3.0 asks for GL_MAX_SAMPLES of at least
 * 4; like llvmpipe (the reference) this driver has the one count 4, and
 * RenderbufferStorageMultisample rounds 1..4 up to it. ES 3.0 gives
 * integer formats no multisample storage (§4.4.2.1; ES 3.1 relaxed it).
 *
 * Storage: the samples of a renderbuffer are held for real, as sample
 * planes stacked in one buffer object the way the slices of an array
 * texture are (miptree.c: qpitch rows apart, each a whole tile-aligned 2D
 * image) — i965's UMS layout in spirit, one plane per sample rather than
 * interleaved. The miptree is plane 0 and says how many planes it has
 * (samples); gl_miptree_slice gives the others. So the blitter fills and
 * copies each plane like any 2D image: a clear writes every plane
 * (clear.c), CopyImageSubData copies plane to plane (copy_image.c), and a
 * path that knows nothing of samples sees sample 0.
 *
 * The resolve (a BlitFramebuffer from a multisample read framebuffer into
 * a single-sample one, the only thing that may read samples) runs on the
 * CPU, since the blitter cannot average: normalized color is the mean of
 * the samples per channel, rounded to nearest (sRGB averaged as linear
 * values, as GL's resolve of sRGB buffers does in Mesa), float color the
 * mean in float; depth, stencil
 * and integer color take sample 0 (ES 3.0 §4.3.3 leaves the choice open).
 * When every sample of a pixel is equal, the mean is that value.
 *
 * Calls: miptree.c (planes, maps), formats.c.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "upper-layers/gl/gl_tex.h"

int gl_ms_storage_samples(struct gl_context *ctx, const char *fn, enum gl_fmt fmt, GLsizei samples)
{
	if (samples == 0)
		return 0;
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	if (fi->kind == GLF_KIND_UINT || fi->kind == GLF_KIND_SINT) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(samples %d of the integer format 0x%x)", fn, samples,
			 fi->internal);
		return -1;
	}
	if (samples > GL_MAX_SAMPLES_GEM) {
		gl_error(ctx, GL_INVALID_OPERATION, "%s(samples %d > GL_MAX_SAMPLES %d)", fn, samples,
			 GL_MAX_SAMPLES_GEM);
		return -1;
	}
	return GL_MAX_SAMPLES_GEM;	/* the only count there is */
}

struct gl_miptree *gl_ms_miptree_create(struct gl_screen *screen, enum gl_fmt fmt, int width, int height,
					int samples)
{
	if (samples == 0)
		return gl_miptree_create(screen, fmt, width, height, 0);
	struct gl_miptree *mt = gl_miptree_create_3d(screen, fmt, width, height, samples, 0);
	if (mt)
		mt->samples = samples;
	return mt;
}

void gl_ms_internalformat(enum gl_fmt fmt, GLenum pname, GLsizei count, GLint *params)
{
	const struct gl_fmt_info *fi = gl_fmt_info(fmt);
	bool integer = fi->kind == GLF_KIND_UINT || fi->kind == GLF_KIND_SINT;
	if (count <= 0)
		return;
	if (pname == GL_NUM_SAMPLE_COUNTS)
		params[0] = integer ? 0 : 1;	/* ES 3.0 §6.1.15: none for integer formats */
	else if (pname == GL_SAMPLES)
		params[0] = GL_MAX_SAMPLES_GEM;	/* Mesa lists it for integer formats too */
}

/* ---- the resolve ---- */

static double srgb_decode(unsigned v)
{
	double c = v / 255.0;
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static unsigned srgb_encode(double c)
{
	c = c <= 0.0 ? 0.0 : c >= 1.0 ? 1.0 : c;
	c = c < 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
	return (unsigned)lrint(c * 255.0);
}

/* One resolved pixel of fmt from n samples (px[k], cpp bytes each): the
 * mean of normalized ones, the first sample of others (integer, depth
 * and stencil, the 8-byte DEPTH32F_STENCIL8 among them). */
static uint64_t resolve_pixel(const struct gl_fmt_info *fi, const uint64_t *px, int n)
{
	if (fi->kind != GLF_KIND_UNORM)
		return px[0];
	const uint8_t bits[4] = { fi->r, fi->g, fi->b, fi->a };
	uint32_t out = (uint32_t)px[0];
	for (int c = 0; c < 4; c++) {
		if (!bits[c])
			continue;
		uint32_t mask = bits[c] >= 32 ? 0xffffffffu : (1u << bits[c]) - 1;
		uint32_t v;
		if (fi->srgb && c < 3) {
			double sum = 0;
			for (int k = 0; k < n; k++)
				sum += srgb_decode((px[k] >> fi->shift[c]) & mask);
			v = srgb_encode(sum / n);
		} else {
			uint64_t sum = 0;
			for (int k = 0; k < n; k++)
				sum += (px[k] >> fi->shift[c]) & mask;
			v = (uint32_t)((sum + (uint64_t)n / 2) / (uint64_t)n);
		}
		out = (out & ~(mask << fi->shift[c])) | (v & mask) << fi->shift[c];
	}
	return out;
}

/* GLES 3.0 §4.3.3: a resolve needs "identical" formats; Mesa, the
 * reference, compares the sized internal formats with sRGB taken away,
 * so sRGB and linear resolve into each other (converted), and RGBA8 and
 * BGRA8 (window-system buffers) are one format. */
static GLenum linear_internal(enum gl_fmt fmt)
{
	GLenum internal = gl_fmt_info(fmt)->internal;
	switch (internal) {
	case GL_SRGB8_ALPHA8: case GL_BGRA8_EXT: return GL_RGBA8;
	default: return internal;
	}
}

bool gl_ms_resolve_formats_ok(enum gl_fmt src, enum gl_fmt dst)
{
	return linear_internal(src) == linear_internal(dst);
}

/* A resolved pixel of src's format into dst's (the color pairs
 * gl_ms_resolve_formats_ok allows, the depth/stencil pairs blits allow). */
static uint64_t convert_pixel(enum gl_fmt src, enum gl_fmt dst, uint64_t v)
{
	if (src == dst)
		return v;
	const struct gl_fmt_info *si = gl_fmt_info(src), *di = gl_fmt_info(dst);
	if (si->kind == GLF_KIND_DS)
		return gl_fmt_ds_convert(src, v, dst);
	uint8_t c[4];
	gl_fmt_unpack_ubyte(src, &v, c);
	for (int i = 0; i < 3 && si->srgb != di->srgb; i++)
		c[i] = si->srgb ? (uint8_t)lrint(srgb_decode(c[i]) * 255.0) : (uint8_t)srgb_encode(c[i] / 255.0);
	uint32_t out = 0;
	gl_fmt_pack_ubyte(dst, c, &out);
	return out;
}

/* A resolved pixel of a float format from n samples (cpp bytes, plane
 * bytes apart): the mean per channel, or the samples' value when they
 * are all equal (exact, also where a sum would overflow). */
static void resolve_float(enum gl_fmt fmt, const uint8_t *sample, size_t plane, int n, uint8_t *out)
{
	unsigned cpp = gl_fmt_info(fmt)->cpp;
	bool same = true;
	for (int k = 1; k < n && same; k++)
		same = memcmp(sample, sample + plane * (size_t)k, cpp) == 0;
	if (same) {
		memcpy(out, sample, cpp);
		return;
	}
	float sum[4] = { 0 }, c[4];
	for (int k = 0; k < n; k++) {
		gl_fmt_unpack_float(fmt, sample + plane * (size_t)k, c);
		for (int i = 0; i < 4; i++)
			sum[i] += c[i];
	}
	for (int i = 0; i < 4; i++)
		c[i] = sum[i] / (float)n;
	gl_fmt_pack_float_as(fmt, c, out, GL_PACK_RENDERED);
}

int gl_ms_resolve(struct gl_context *ctx, struct gl_miptree *src, struct gl_miptree *dst, uint64_t keep, int x0,
		  int y0, int x1, int y1)
{
	const struct gl_fmt_info *fi = gl_fmt_info(src->fmt);
	unsigned cpp = fi->cpp, dcpp = gl_fmt_info(dst->fmt)->cpp;
	int n = src->samples > 0 ? src->depth : 1;
	int w = x1 - x0, h = y1 - y0;
	if (w <= 0 || h <= 0)
		return 0;
	/* the rectangle of every plane, read first, so the destination may
	 * be mapped after the source is unmapped */
	size_t row = (size_t)w * cpp, plane = row * (size_t)h;
	uint8_t *tmp = gl_miptree_read_rect(ctx, src, x0, y0, w, h, n);
	if (!tmp)
		return -ENOMEM;
	uint8_t *d = gl_miptree_map(ctx, dst);
	if (!d) {
		free(tmp);
		return -ENOMEM;
	}
	uint64_t px[GL_MAX_SAMPLES_GEM];
	if (n > GL_MAX_SAMPLES_GEM)
		n = GL_MAX_SAMPLES_GEM;
	for (int j = 0; j < h; j++) {
		uint8_t *out = d + (size_t)(y0 + j) * dst->pitch + (size_t)x0 * dcpp;
		for (int i = 0; i < w; i++, out += dcpp) {
			if (fi->kind == GLF_KIND_FLOAT) {
				/* a color buffer: nothing kept (keep is for depth/stencil) */
				resolve_float(src->fmt, tmp + row * (size_t)j + (size_t)i * cpp, plane, n, out);
				continue;
			}
			for (int k = 0; k < n; k++) {
				px[k] = 0;
				memcpy(&px[k], tmp + plane * (size_t)k + row * (size_t)j + (size_t)i * cpp, cpp);
			}
			uint64_t v = convert_pixel(src->fmt, dst->fmt, resolve_pixel(fi, px, n)), old = 0;
			memcpy(&old, out, dcpp);
			v = (old & keep) | (v & ~keep);
			memcpy(out, &v, dcpp);
		}
	}
	gl_miptree_unmap(dst);
	free(tmp);
	return 0;
}
