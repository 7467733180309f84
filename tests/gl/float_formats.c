/* SPDX-License-Identifier: MIT */
/*
 * The GLES 3.0 half-float, float and packed-float texture formats (issue
 * #12), against Mesa: R16F, RG16F, RGB16F, RGBA16F, R32F, RG32F, RGB32F,
 * RGBA32F, R11F_G11F_B10F and RGB9_E5. For each: which client
 * format/type pairs TexImage2D and TexSubImage2D take (Table 3.2) and the
 * error of the others; uploads of edge values (signed zeros, half
 * denormals, overflow to infinity, values past the largest packed float,
 * negatives into the unsigned packed formats, round-to-nearest ties)
 * from client memory, from a pixel unpack buffer under ROW_LENGTH / SKIP_*,
 * through TexStorage2D/3D and TexImage3D; what is stored is read back
 * exactly, as bits, by a raw CopyImageSubData into an integer format of
 * the same size class (R32F into R32UI, RGBA16F into RG32UI...) read with
 * RGBA_INTEGER. RGB16F and RGB32F have no size class to copy into, so
 * only their errors are stated. Then texture completeness as
 * CopyImageSubData sees it (filters), GenerateMipmap, the renderbuffer
 * and sample queries, and the copies between size classes.
 *
 * The formats EXT_color_buffer_float and _half_float make renderable
 * (all but RGB32F and RGB9_E5): the framebuffer queries, every ReadPixels
 * pair, clears (unclamped, masked, scissored, of small values, into a
 * multisample renderbuffer then resolved), blits (1:1, flipped, scaled
 * NEAREST and LINEAR on values whose means are exact, to and from RGBA8,
 * into an integer buffer), CopyTexImage2D and CopyTexSubImage2D across
 * formats, and GenerateMipmap's level 1, each read back as RGBA/FLOAT.
 */
#include <math.h>

#include "gltest.h"

static PFNGLCOPYIMAGESUBDATAEXTPROC copy_image;

struct ffmt {
	GLenum internal, format;
	const char *name;
	int comps;		/* client components of format */
	GLenum partner;		/* same size class integer format to read through, 0: none */
	int words;		/* 32-bit words a partner texel reads as (R, G, B, A of RGBA_INTEGER) */
	bool cbf;		/* color-renderable under EXT_color_buffer_float / _half_float */
};

static const struct ffmt ffmts[] = {
	{ GL_R16F, GL_RED, "R16F", 1, GL_R16UI, 1, true },
	{ GL_RG16F, GL_RG, "RG16F", 2, GL_R32UI, 1, true },
	{ GL_RGB16F, GL_RGB, "RGB16F", 3, 0, 0, true },
	{ GL_RGBA16F, GL_RGBA, "RGBA16F", 4, GL_RG32UI, 2, true },
	{ GL_R32F, GL_RED, "R32F", 1, GL_R32UI, 1, true },
	{ GL_RG32F, GL_RG, "RG32F", 2, GL_RG32UI, 2, true },
	{ GL_RGB32F, GL_RGB, "RGB32F", 3, 0, 0, false },
	{ GL_RGBA32F, GL_RGBA, "RGBA32F", 4, GL_RGBA32UI, 4, true },
	{ GL_R11F_G11F_B10F, GL_RGB, "R11F_G11F_B10F", 3, GL_R32UI, 1, true },
	{ GL_RGB9_E5, GL_RGB, "RGB9_E5", 3, GL_R32UI, 1, false },
};
#define NFFMTS (int)(sizeof(ffmts) / sizeof(ffmts[0]))

/* The client types an upload of each format is tried with. */
static const struct {
	GLenum type;
	const char *name;
} types[] = {
	{ GL_FLOAT, "FLOAT" },
	{ GL_HALF_FLOAT, "HALF_FLOAT" },
	{ GL_UNSIGNED_INT_10F_11F_11F_REV, "UNSIGNED_INT_10F_11F_11F_REV" },
	{ GL_UNSIGNED_INT_5_9_9_9_REV, "UNSIGNED_INT_5_9_9_9_REV" },
};
#define NTYPES (int)(sizeof(types) / sizeof(types[0]))

/* Float edge values: zeros, half's limits (65504 the largest, 65520 the
 * first to overflow, 2^-14 its smallest normal, 2^-24 its smallest
 * denormal and 2^-25 the tie below it), the packed formats' limits
 * (65024 for 11 bits, 64512 for 10, 65408 for 9E5), ties of half
 * rounding (1 + 2^-11, 1 + 3 * 2^-11), negatives, infinities. */
static const float fvals[] = {
	0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 0.33333334f, 0.1f, 3.14159265f, 65504.0f, 65519.99f,
	65520.0f, 65535.0f, 70000.0f, 1e30f, INFINITY, -INFINITY, 6.1035156e-5f, 6.0e-5f, 5.9604645e-8f, 2.9802322e-8f,
	4.5e-8f, 1e-10f, -2.5f, 65024.0f, 65025.0f, 64512.0f, 64600.0f, 65408.0f, 65409.0f, 1.0009765625f,
	1.00048828125f, 1.00146484375f, 2049.0f, 0.0001f, 3e-5f, 1.5e-5f, 7.0e-3f, -1e-6f, 1e-40f, 123.456f,
	0.75f, 1e-5f, 2.0f, 4095.0f, 8.0e-6f, 0.25f, 5e-5f,
};
#define NFVALS (int)(sizeof(fvals) / sizeof(fvals[0]))

/* Half edge values: zeros, the denormals, the smallest normal, the
 * largest finite, infinities, negatives, ordinary values. */
static const uint16_t hvals[] = {
	0x0000, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x03ff, 0x0400, 0x7bff, 0x7c00, 0xfc00, 0x3555, 0xc900, 0x5a3f,
	0x0200, 0x1234, 0x8001, 0x7800, 0x2e66, 0x4248, 0x0010, 0x7a00, 0x1000, 0x3800,
};
#define NHVALS (int)(sizeof(hvals) / sizeof(hvals[0]))

/* Bytes of one client texel of f's format in type. */
static int client_bpp(const struct ffmt *f, GLenum type)
{
	switch (type) {
	case GL_FLOAT: return 4 * f->comps;
	case GL_HALF_FLOAT: return 2 * f->comps;
	default: return 4;
	}
}

/* n texels of f's format in type (malloc'd): the edge values in turn,
 * from value start on (so that each upload mixes them differently); the
 * packed types a pseudo-random pattern. */
static uint8_t *client_data(const struct ffmt *f, GLenum type, int n, int start)
{
	int bpp = client_bpp(f, type);
	if (type != GL_FLOAT && type != GL_HALF_FLOAT)
		return gt_pattern((size_t)n * bpp, 700 + (unsigned)start);
	uint8_t *p = malloc((size_t)n * bpp);
	int comps = n * f->comps;
	for (int i = 0; i < comps; i++) {
		if (type == GL_FLOAT)
			memcpy(p + 4 * i, &fvals[(start + i) % NFVALS], 4);
		else
			memcpy(p + 2 * i, &hvals[(start + i) % NHVALS], 2);
	}
	return p;
}

/* States the w x h texels at x, y of layer z of level of tex (target) as
 * bits: copied raw into f's partner format and read back as integers. */
static void fact_bits_at(const struct ffmt *f, const char *what, GLuint tex, GLenum target, int level, int z, int x,
			 int y, int w, int h)
{
	if (!f->partner)
		return;
	GLint bound = 0;
	glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
	GLuint partner = gt_new_tex(GL_TEXTURE_2D);
	glTexStorage2D(GL_TEXTURE_2D, 1, f->partner, w, h);
	copy_image(tex, target, level, x, y, z, partner, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, 1);
	GLenum err = glGetError();
	glBindTexture(GL_TEXTURE_2D, (GLuint)bound);
	GLuint fb = gt_fbo_with_tex(partner, GL_TEXTURE_2D, 0);
	uint32_t *px = calloc((size_t)w * h * 4, 4);
	glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
	GLenum rerr = glGetError();
	char *s = malloc((size_t)w * h * 4 * 9 + 1), *o = s;
	*o = 0;
	for (int i = 0; i < w * h; i++)
		for (int k = 0; k < f->words; k++)
			o += sprintf(o, "%s%08x", i || k ? (k ? ":" : " ") : "", px[4 * i + k]);
	fact("%s %s: copy %s read %s %s", f->name, what, gt_err_name(err), gt_err_name(rerr), s);
	free(s);
	free(px);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &partner);
}

static void fact_bits(const struct ffmt *f, const char *what, GLuint tex, int w, int h)
{
	fact_bits_at(f, what, tex, GL_TEXTURE_2D, 0, 0, 0, 0, w, h);
}

/* ---- which client pairs each format takes ---- */

static void combos(void)
{
	static const struct gt_pair pairs[] = {
		{ GL_RGBA, GL_FLOAT, "RGBA/FLOAT" },
		{ GL_RGBA, GL_HALF_FLOAT, "RGBA/HALF_FLOAT" },
		{ GL_RGBA, GL_HALF_FLOAT_OES, "RGBA/HALF_FLOAT_OES" },
		{ GL_RGBA, GL_UNSIGNED_BYTE, "RGBA/UNSIGNED_BYTE" },
		{ GL_RGB, GL_FLOAT, "RGB/FLOAT" },
		{ GL_RGB, GL_HALF_FLOAT, "RGB/HALF_FLOAT" },
		{ GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, "RGB/UNSIGNED_INT_10F_11F_11F_REV" },
		{ GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, "RGB/UNSIGNED_INT_5_9_9_9_REV" },
		{ GL_RGB, GL_UNSIGNED_BYTE, "RGB/UNSIGNED_BYTE" },
		{ GL_RGBA, GL_UNSIGNED_INT_10F_11F_11F_REV, "RGBA/UNSIGNED_INT_10F_11F_11F_REV" },
		{ GL_RGBA, GL_UNSIGNED_INT_5_9_9_9_REV, "RGBA/UNSIGNED_INT_5_9_9_9_REV" },
		{ GL_RED, GL_UNSIGNED_INT_5_9_9_9_REV, "RED/UNSIGNED_INT_5_9_9_9_REV" },
		{ GL_RGB_INTEGER, GL_UNSIGNED_INT_5_9_9_9_REV, "RGB_INTEGER/UNSIGNED_INT_5_9_9_9_REV" },
		{ GL_RED, GL_UNSIGNED_INT_10F_11F_11F_REV, "RED/UNSIGNED_INT_10F_11F_11F_REV" },
		{ GL_RGB, GL_HALF_FLOAT_OES, "RGB/HALF_FLOAT_OES" },
		{ GL_RG, GL_HALF_FLOAT_OES, "RG/HALF_FLOAT_OES" },
		{ GL_RED, GL_HALF_FLOAT_OES, "RED/HALF_FLOAT_OES" },
		{ GL_RG, GL_FLOAT, "RG/FLOAT" },
		{ GL_RG, GL_HALF_FLOAT, "RG/HALF_FLOAT" },
		{ GL_RED, GL_FLOAT, "RED/FLOAT" },
		{ GL_RED, GL_HALF_FLOAT, "RED/HALF_FLOAT" },
		{ GL_RED_INTEGER, GL_UNSIGNED_INT, "RED_INTEGER/UNSIGNED_INT" },
		{ GL_RGBA_INTEGER, GL_UNSIGNED_INT, "RGBA_INTEGER/UNSIGNED_INT" },
		{ GL_LUMINANCE, GL_FLOAT, "LUMINANCE/FLOAT" },
		{ GL_DEPTH_COMPONENT, GL_FLOAT, "DEPTH_COMPONENT/FLOAT" },
	};
	for (int i = 0; i < NFFMTS; i++)
		fact_pairs(ffmts[i].internal, ffmts[i].name, pairs, (int)(sizeof(pairs) / sizeof(pairs[0])));
}

/* ---- uploads of every valid type, read back as bits ---- */

static void upload_type(const struct ffmt *f, GLenum type, const char *tname, int seed)
{
	int w = 7, h = 5, n = w * h;
	int bpp = client_bpp(f, type);
	char what[96];
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	/* TexImage2D from client memory */
	uint8_t *data = client_data(f, type, n, seed);
	GLuint t = gt_new_tex(GL_TEXTURE_2D);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, w, h, 0, f->format, type, data);
	GLenum e = glGetError();
	fact("%s from %s: TexImage2D 7x5 -> %s", f->name, tname, gt_err_name(e));
	if (e != GL_NO_ERROR) {
		glDeleteTextures(1, &t);
		free(data);
		return;
	}
	snprintf(what, sizeof(what), "from %s TexImage2D", tname);
	fact_bits(f, what, t, w, h);
	/* bad input changes nothing: a type the format does not take */
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, f->format, GL_UNSIGNED_BYTE, data);
	fact("%s from %s: TexSubImage2D of UNSIGNED_BYTE -> %s", f->name, tname, gt_err_name(glGetError()));
	/* a sub-rectangle from a pixel unpack buffer, rows 9 texels apart,
	 * skipping 1 row and 2 texels */
	uint8_t *more = client_data(f, type, 9 * 6, seed + 13);
	GLuint pbo;
	glGenBuffers(1, &pbo);
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
	glBufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)(9 * 6 * bpp + 4 * bpp), NULL, GL_STATIC_DRAW);
	glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 4 * bpp, 9 * 6 * bpp, more);
	glPixelStorei(GL_UNPACK_ROW_LENGTH, 9);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 4, 3, f->format, type, (void *)(uintptr_t)(4 * bpp));
	fact("%s from %s: TexSubImage2D from an unpack buffer -> %s", f->name, tname, gt_err_name(glGetError()));
	glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
	snprintf(what, sizeof(what), "from %s after TexSubImage2D", tname);
	fact_bits(f, what, t, w, h);
	/* TexStorage2D, written whole from the buffer */
	GLuint s = gt_new_tex(GL_TEXTURE_2D);
	glTexStorage2D(GL_TEXTURE_2D, 3, f->internal, w, h);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, f->format, type, (void *)(uintptr_t)(4 * bpp));
	fact("%s from %s: TexStorage2D + TexSubImage2D from the buffer -> %s", f->name, tname,
	     gt_err_name(glGetError()));
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
	glDeleteBuffers(1, &pbo);
	snprintf(what, sizeof(what), "from %s TexStorage2D", tname);
	fact_bits(f, what, s, w, h);
	/* a 2D array by TexImage3D, a part of one by TexStorage3D */
	GLuint a = gt_new_tex(GL_TEXTURE_2D_ARRAY);
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, (GLint)f->internal, 4, 3, 2, 0, f->format, type, more);
	fact("%s from %s: TexImage3D -> %s", f->name, tname, gt_err_name(glGetError()));
	snprintf(what, sizeof(what), "from %s TexImage3D layer 1", tname);
	fact_bits_at(f, what, a, GL_TEXTURE_2D_ARRAY, 0, 1, 0, 0, 4, 3);
	GLuint b = gt_new_tex(GL_TEXTURE_3D);
	glTexStorage3D(GL_TEXTURE_3D, 1, f->internal, 4, 3, 2);
	glTexSubImage3D(GL_TEXTURE_3D, 0, 1, 1, 1, 3, 2, 1, f->format, type, data);
	fact("%s from %s: TexStorage3D(TEXTURE_3D) + TexSubImage3D -> %s", f->name, tname, gt_err_name(glGetError()));
	snprintf(what, sizeof(what), "from %s TexStorage3D slice 1", tname);
	fact_bits_at(f, what, b, GL_TEXTURE_3D, 0, 1, 1, 1, 3, 2);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	glDeleteTextures(1, &t);
	glDeleteTextures(1, &s);
	glDeleteTextures(1, &a);
	glDeleteTextures(1, &b);
	free(data);
	free(more);
}

static void uploads(void)
{
	for (int i = 0; i < NFFMTS; i++)
		for (int k = 0; k < NTYPES; k++)
			upload_type(&ffmts[i], types[k].type, types[k].name, 3 * i + k);
}

/* A NaN in each channel in turn, for the formats where both stacks store
 * it alike (a quiet NaN in, as bits out). */
static void nans(void)
{
	static const uint16_t hnan = 0x7e00;
	const float fnan = NAN;
	for (int i = 0; i < NFFMTS; i++) {
		const struct ffmt *f = &ffmts[i];
		if (!f->partner)
			continue;
		for (int k = 0; k < NTYPES && k < 2; k++) {
			float fd[4 * 4];
			uint16_t hd[4 * 4];
			for (int j = 0; j < 4 * f->comps; j++) {
				fd[j] = (float)j + 0.5f;
				hd[j] = (uint16_t)(0x3c00 + j * 0x100);
			}
			for (int c = 0; c < f->comps; c++) {
				fd[c * f->comps + c] = fnan;
				hd[c * f->comps + c] = hnan;
			}
			GLuint t = gt_new_tex(GL_TEXTURE_2D);
			glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, f->comps, 1, 0, f->format, types[k].type,
				     k ? (void *)hd : (void *)fd);
			char what[64];
			snprintf(what, sizeof(what), "NaN from %s", types[k].name);
			if (glGetError() == GL_NO_ERROR)
				fact_bits(f, what, t, f->comps, 1);
			glDeleteTextures(1, &t);
		}
	}
}

/* ---- completeness, mipmaps, renderbuffers, copies ---- */

/* CopyImageSubData asks both sides to be complete: the filters of a
 * one-level texture of each format decide. */
static void completeness(void)
{
	static const struct {
		GLenum min, mag;
		const char *name;
	} filters[] = {
		{ GL_NEAREST, GL_NEAREST, "NEAREST/NEAREST" },
		{ GL_LINEAR, GL_NEAREST, "LINEAR/NEAREST" },
		{ GL_NEAREST, GL_LINEAR, "NEAREST/LINEAR" },
		{ GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, "NEAREST_MIPMAP_NEAREST/NEAREST" },
	};
	uint8_t zero[64] = { 0 };
	for (int i = 0; i < NFFMTS; i++) {
		const struct ffmt *f = &ffmts[i];
		for (unsigned k = 0; k < sizeof(filters) / sizeof(filters[0]); k++) {
			GLuint a = gt_new_tex(GL_TEXTURE_2D);
			glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, 2, 2, 0, f->format, GL_FLOAT, zero);
			glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)filters[k].min);
			glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, (GLint)filters[k].mag);
			GLuint b = gt_new_tex(GL_TEXTURE_2D);
			glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, 2, 2, 0, f->format, GL_FLOAT, zero);
			GLenum e0 = glGetError();
			copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
			GLenum e1 = glGetError();
			fact("%s %s: CopyImageSubData from it %s (setup %s)", f->name, filters[k].name, gt_err_name(e1),
			     gt_err_name(e0));
			glDeleteTextures(1, &a);
			glDeleteTextures(1, &b);
		}
	}
}

static void mipmaps(void)
{
	for (int i = 0; i < NFFMTS; i++) {
		const struct ffmt *f = &ffmts[i];
		uint8_t *data = client_data(f, GL_FLOAT, 16, 5 + i);
		GLuint t = gt_new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 3, f->internal, 4, 4);
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, f->format, GL_FLOAT, data);
		glGenerateMipmap(GL_TEXTURE_2D);
		fact("%s GenerateMipmap -> %s", f->name, gt_err_name(glGetError()));
		glDeleteTextures(1, &t);
		free(data);
	}
}

static void renderbuffers(void)
{
	for (int i = 0; i < NFFMTS; i++) {
		const struct ffmt *f = &ffmts[i];
		GLuint rb;
		glGenRenderbuffers(1, &rb);
		glBindRenderbuffer(GL_RENDERBUFFER, rb);
		glRenderbufferStorage(GL_RENDERBUFFER, f->internal, 5, 5);
		GLenum e1 = glGetError();
		GLint ns = -1, sm[4] = { -1, -1, -1, -1 };
		glGetInternalformativ(GL_RENDERBUFFER, f->internal, GL_NUM_SAMPLE_COUNTS, 1, &ns);
		GLenum e3 = glGetError();
		glGetInternalformativ(GL_RENDERBUFFER, f->internal, GL_SAMPLES, 4, sm);
		GLenum e4 = glGetError();
		fact("%s RenderbufferStorage %s; NUM_SAMPLE_COUNTS %s %d SAMPLES %s %d", f->name, gt_err_name(e1),
		     gt_err_name(e3), ns, gt_err_name(e4), sm[0]);
		glDeleteRenderbuffers(1, &rb);
		GLuint t = gt_new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 1, f->internal, 4, 4);
		GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
		/* not compared for RGB32F: llvmpipe answers UNSUPPORTED, we the
		 * spec's INCOMPLETE_ATTACHMENT for a format that is not
		 * color-renderable */
		GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
		if (f->internal == GL_RGB32F)
			printf("# %s texture attachment: status 0x%x\n", f->name, status);
		else
			fact("%s texture attachment: status 0x%x", f->name, status);
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &fb);
		glDeleteTextures(1, &t);
	}
}

/* ---- the renderable ones (EXT_color_buffer_float / _half_float) ---- */

/* States the w x h pixels at x, y of the read buffer as RGBA/FLOAT, each float's bits. */
static void fact_floats_at(const char *what, int x, int y, int w, int h)
{
	float *px = calloc((size_t)w * h * 4, 4);
	glReadPixels(x, y, w, h, GL_RGBA, GL_FLOAT, px);
	GLenum e = glGetError();
	char *s = malloc((size_t)w * h * 4 * 9 + 1), *o = s;
	*o = 0;
	for (int i = 0; i < w * h * 4; i++) {
		uint32_t v;
		memcpy(&v, &px[i], 4);
		o += sprintf(o, "%s%08x", i ? (i % 4 ? ":" : " ") : "", v);
	}
	fact("%s: RGBA/FLOAT %s %s", what, gt_err_name(e), s);
	free(s);
	free(px);
}

static void fact_floats(const char *what, int w, int h)
{
	fact_floats_at(what, 0, 0, w, h);
}

/* A texture of f, 4x4 (level 0 of 3 when mip), from FLOAT values of
 * fvals from start on, with a framebuffer of it bound. */
static GLuint float_fb(const struct ffmt *f, GLuint *tex, int start, const float *vals)
{
	float data[4 * 4 * 4];
	for (int i = 0; i < 4 * 4 * 4; i++)
		data[i] = vals ? vals[i] : fvals[(start + i) % NFVALS];
	*tex = gt_new_tex(GL_TEXTURE_2D);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, 4, 4, 0, f->format, GL_FLOAT, data);
	return gt_fbo_with_tex(*tex, GL_TEXTURE_2D, 0);
}

static void drop_fb(GLuint fb, GLuint tex)
{
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &tex);
}

/* The framebuffer queries and every ReadPixels pair of a float buffer. */
static void float_reads(const struct ffmt *f)
{
	static const struct {
		GLenum format, type;
		const char *name;
		int bpp;
	} reads[] = {
		{ GL_RGBA, GL_FLOAT, "RGBA/FLOAT", 16 },
		{ GL_RGBA, GL_HALF_FLOAT, "RGBA/HALF_FLOAT", 8 },
		{ GL_RGBA, GL_UNSIGNED_BYTE, "RGBA/UNSIGNED_BYTE", 4 },
		{ GL_RGB, GL_FLOAT, "RGB/FLOAT", 12 },
		{ GL_RG, GL_FLOAT, "RG/FLOAT", 8 },
		{ GL_RED, GL_FLOAT, "RED/FLOAT", 4 },
		{ GL_RED, GL_HALF_FLOAT, "RED/HALF_FLOAT", 2 },
		{ GL_RG, GL_HALF_FLOAT, "RG/HALF_FLOAT", 4 },
		{ GL_RGB, GL_HALF_FLOAT, "RGB/HALF_FLOAT", 6 },
		{ GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, "RGB/UNSIGNED_INT_10F_11F_11F_REV", 4 },
		{ GL_RGBA_INTEGER, GL_UNSIGNED_INT, "RGBA_INTEGER/UNSIGNED_INT", 16 },
	};
	GLuint tex, fb = float_fb(f, &tex, 7, NULL);
	GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
	fact("%s renderable: status 0x%x", f->name, status);
	if (status != GL_FRAMEBUFFER_COMPLETE) {
		drop_fb(fb, tex);
		return;
	}
	GLint rf = 0, rt = 0, v[6];
	glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &rf);
	glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &rt);
	fact("%s: IMPLEMENTATION_COLOR_READ_FORMAT 0x%x TYPE 0x%x", f->name, rf, rt);
	static const GLenum pn[6] = { GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE,
				      GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE,
				      GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING };
	for (int k = 0; k < 6; k++)
		glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, pn[k], &v[k]);
	fact("%s attachment: sizes %d %d %d %d type 0x%x encoding 0x%x", f->name, v[0], v[1], v[2], v[3], v[4], v[5]);
	for (unsigned r = 0; r < sizeof(reads) / sizeof(reads[0]); r++) {
		size_t n = (size_t)4 * 4 * reads[r].bpp;
		uint8_t *px = calloc(n, 1);
		glReadPixels(0, 0, 4, 4, reads[r].format, reads[r].type, px);
		GLenum e = glGetError();
		fact("%s ReadPixels %s -> %s hash %08x", f->name, reads[r].name, gt_err_name(e), gt_hash(px, n));
		free(px);
	}
	fact_floats(f->name, 4, 4);
	/* into a pixel pack buffer, under PACK_ROW_LENGTH: RGBA/FLOAT and the read pair */
	for (int k = 0; k < 2; k++) {
		GLenum format = k ? (GLenum)rf : GL_RGBA, type = k ? (GLenum)rt : GL_FLOAT;
		int bpp = type == GL_UNSIGNED_INT_10F_11F_11F_REV ? 4
			  : (format == GL_RED ? 1 : format == GL_RG ? 2 : format == GL_RGB ? 3 : 4) *
				    (type == GL_FLOAT ? 4 : 2);
		size_t n = (size_t)6 * 4 * bpp + 16;
		GLuint pbo;
		glGenBuffers(1, &pbo);
		glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
		glBufferData(GL_PIXEL_PACK_BUFFER, (GLsizeiptr)n, NULL, GL_STREAM_READ);
		uint8_t *zero = calloc(n, 1);
		glBufferSubData(GL_PIXEL_PACK_BUFFER, 0, (GLsizeiptr)n, zero);
		free(zero);
		glPixelStorei(GL_PACK_ROW_LENGTH, 6);
		glReadPixels(1, 0, 3, 4, format, type, (void *)(uintptr_t)bpp);
		GLenum e = glGetError();
		glPixelStorei(GL_PACK_ROW_LENGTH, 0);
		const uint8_t *m = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, (GLsizeiptr)n, GL_MAP_READ_BIT);
		fact("%s ReadPixels 0x%x/0x%x into a pack buffer -> %s hash %08x", f->name, format, type,
		     gt_err_name(e), m ? gt_hash(m, n) : 0);
		glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
		glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
		glDeleteBuffers(1, &pbo);
	}
	drop_fb(fb, tex);
}

/* Clears: glClear with an out-of-range color, under a color mask, and
 * ClearBufferfv, into a texture and a multisample renderbuffer (then
 * resolved); the clear color as queried. */
static void float_clears(const struct ffmt *f)
{
	char what[96];
	GLuint tex, fb = float_fb(f, &tex, 3, NULL);
	glClearColor(-1.5f, 0.25f, 3.0e5f, 7.0f);
	GLfloat cc[4];
	glGetFloatv(GL_COLOR_CLEAR_VALUE, cc);
	fact("COLOR_CLEAR_VALUE %g %g %g %g", cc[0], cc[1], cc[2], cc[3]);
	glClear(GL_COLOR_BUFFER_BIT);
	snprintf(what, sizeof(what), "%s Clear", f->name);
	fact_floats(what, 4, 4);
	glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
	glClearColor(0.5f, 65504.0f, 0.125f, -2.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	snprintf(what, sizeof(what), "%s Clear under mask G, A", f->name);
	fact_floats(what, 4, 4);
	static const GLfloat val[4] = { 1.0e-6f, -3.5f, 1.0e9f, 0.75f };
	glEnable(GL_SCISSOR_TEST);
	glScissor(1, 1, 2, 2);
	glClearBufferfv(GL_COLOR, 0, val);
	glDisable(GL_SCISSOR_TEST);
	snprintf(what, sizeof(what), "%s ClearBufferfv in a scissor (%s)", f->name, gt_err_name(glGetError()));
	fact_floats(what, 4, 4);
	static const GLfloat tiny[4] = { 1.0e-6f, 3.0e-5f, 1.0e-7f, 5.0e-5f };
	glClearBufferfv(GL_COLOR, 0, tiny);
	snprintf(what, sizeof(what), "%s ClearBufferfv of small values (%s)", f->name, gt_err_name(glGetError()));
	fact_floats_at(what, 0, 0, 1, 1);
	glEnable(GL_SCISSOR_TEST);
	glScissor(0, 0, 1, 1);
	glClearBufferfv(GL_COLOR, 0, tiny);
	glDisable(GL_SCISSOR_TEST);
	snprintf(what, sizeof(what), "%s ClearBufferfv of small values in a scissor (%s)", f->name,
		 gt_err_name(glGetError()));
	fact_floats_at(what, 0, 0, 1, 1);
	static const GLuint uval[4] = { 1, 2, 3, 4 };
	glClearBufferuiv(GL_COLOR, 0, uval);
	fact("%s ClearBufferuiv -> %s", f->name, gt_err_name(glGetError()));
	drop_fb(fb, tex);
	glClearColor(0, 0, 0, 0);
	/* a multisample renderbuffer, cleared and resolved */
	GLuint rb, ms = gt_fbo_with_rb(f->internal, 4, 4, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, f->internal, 4, 4);
	GLint samples = -1;
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
	fact("%s multisample renderbuffer: %s samples %d status 0x%x", f->name, gt_err_name(glGetError()), samples,
	     glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glClearBufferfv(GL_COLOR, 0, val);
	GLuint rb1, one = gt_fbo_with_rb(f->internal, 4, 4, &rb1);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
	glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	snprintf(what, sizeof(what), "%s resolved (%s)", f->name, gt_err_name(glGetError()));
	glBindFramebuffer(GL_FRAMEBUFFER, one);
	fact_floats(what, 4, 4);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &ms);
	glDeleteFramebuffers(1, &one);
	glDeleteRenderbuffers(1, &rb);
	glDeleteRenderbuffers(1, &rb1);
}

/* Values whose bilinear means are exact in every format: multiples of
 * 1/4 and small integers, negative too. */
static const float nice[4 * 4 * 4] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f,
	7.5f, 8.5f, 9.5f, 10.5f, 11.5f, 12.5f, 13.5f, 14.5f, 32, 48, 64, 80, 96, 112, 128, 144, 0.25f, 0.75f, 1.25f,
	1.75f, 2.25f, 2.75f, 3.25f, 3.75f, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64,
};

/* Blits from a float buffer: 1:1, flipped, scaled NEAREST and LINEAR,
 * into RGBA8 (clamped) and from it, and into an integer buffer (refused). */
static void float_blits(const struct ffmt *f)
{
	static const struct {
		int s[4], d[4];
		GLenum filter;
		const char *name;
	} b[] = {
		{ { 0, 0, 4, 4 }, { 0, 0, 4, 4 }, GL_NEAREST, "1:1" },
		{ { 0, 0, 4, 4 }, { 0, 4, 4, 0 }, GL_NEAREST, "flipped" },
		{ { 1, 1, 3, 3 }, { 0, 0, 4, 4 }, GL_NEAREST, "2x NEAREST" },
		{ { 0, 0, 2, 2 }, { 0, 0, 4, 4 }, GL_LINEAR, "2x LINEAR" },
		{ { 0, 0, 4, 4 }, { 0, 0, 2, 2 }, GL_LINEAR, "halved LINEAR" },
	};
	char what[96];
	GLuint stex, sfb = float_fb(f, &stex, 0, nice);
	for (unsigned i = 0; i < sizeof(b) / sizeof(b[0]); i++) {
		GLuint dtex, dfb = float_fb(f, &dtex, 11, NULL);
		glBindFramebuffer(GL_READ_FRAMEBUFFER, sfb);
		glBlitFramebuffer(b[i].s[0], b[i].s[1], b[i].s[2], b[i].s[3], b[i].d[0], b[i].d[1], b[i].d[2], b[i].d[3],
				  GL_COLOR_BUFFER_BIT, b[i].filter);
		snprintf(what, sizeof(what), "%s blit %s (%s)", f->name, b[i].name, gt_err_name(glGetError()));
		glBindFramebuffer(GL_FRAMEBUFFER, dfb);
		fact_floats(what, 4, 4);
		drop_fb(dfb, dtex);
	}
	/* into RGBA8 and back, into RGBA32UI */
	GLuint rb, u8 = gt_fbo_with_rb(GL_RGBA8, 4, 4, &rb);
	glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
	glClear(GL_COLOR_BUFFER_BIT);
	glClearColor(0, 0, 0, 0);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, sfb);
	glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	snprintf(what, sizeof(what), "%s blit into RGBA8 (%s)", f->name, gt_err_name(glGetError()));
	glBindFramebuffer(GL_FRAMEBUFFER, u8);
	fact_pixels(what, 4, 4);
	GLuint dtex, dfb = float_fb(f, &dtex, 11, NULL);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, u8);
	glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	snprintf(what, sizeof(what), "%s blit from RGBA8 (%s)", f->name, gt_err_name(glGetError()));
	glBindFramebuffer(GL_FRAMEBUFFER, dfb);
	fact_floats(what, 4, 4);
	drop_fb(dfb, dtex);
	glDeleteFramebuffers(1, &u8);
	glDeleteRenderbuffers(1, &rb);
	GLuint ui = gt_fbo_with_rb(GL_RGBA32UI, 4, 4, &rb);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, sfb);
	glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact("%s blit into RGBA32UI -> %s", f->name, gt_err_name(glGetError()));
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &ui);
	glDeleteRenderbuffers(1, &rb);
	drop_fb(sfb, stex);
}

/* CopyTexImage2D and CopyTexSubImage2D from a float read buffer. */
static void float_copytex(const struct ffmt *f)
{
	static const GLenum internals[] = { GL_R32F, GL_RG16F, GL_RGBA32F, GL_RGBA16F, GL_R11F_G11F_B10F,
					    GL_RGBA, GL_RGBA8, GL_R16F };
	char what[96];
	GLuint stex, sfb = float_fb(f, &stex, 0, nice);
	for (unsigned i = 0; i < sizeof(internals) / sizeof(internals[0]); i++) {
		GLuint t = gt_new_tex(GL_TEXTURE_2D);
		glCopyTexImage2D(GL_TEXTURE_2D, 0, internals[i], 1, 1, 3, 2, 0);
		GLenum e = glGetError();
		snprintf(what, sizeof(what), "%s CopyTexImage2D into 0x%x (%s)", f->name, internals[i], gt_err_name(e));
		if (e == GL_NO_ERROR) {
			GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
			fact_floats(what, 3, 2);
			glBindFramebuffer(GL_FRAMEBUFFER, sfb);
			glDeleteFramebuffers(1, &fb);
		} else {
			fact("%s", what);
		}
		/* into an existing image of that format */
		GLuint d = gt_new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 1, internals[i], 4, 4);
		glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 0, 1, 2, 3);
		fact("%s CopyTexSubImage2D into 0x%x -> %s", f->name, internals[i], gt_err_name(glGetError()));
		glDeleteTextures(1, &t);
		glDeleteTextures(1, &d);
	}
	GLuint d = gt_new_tex(GL_TEXTURE_2D);
	glTexStorage2D(GL_TEXTURE_2D, 1, f->internal, 4, 4);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 0, 1, 3, 3);
	snprintf(what, sizeof(what), "%s CopyTexSubImage2D into its own format (%s)", f->name, gt_err_name(glGetError()));
	GLuint fb = gt_fbo_with_tex(d, GL_TEXTURE_2D, 0);
	fact_floats_at(what, 1, 0, 3, 3);	/* the rest of the storage is undefined */
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &d);
	/* from a normalized buffer into the float image */
	GLuint rb, u8 = gt_fbo_with_rb(GL_RGBA8, 4, 4, &rb);
	glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
	glClear(GL_COLOR_BUFFER_BIT);
	glClearColor(0, 0, 0, 0);
	d = gt_new_tex(GL_TEXTURE_2D);
	glTexStorage2D(GL_TEXTURE_2D, 1, f->internal, 4, 4);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
	snprintf(what, sizeof(what), "%s CopyTexSubImage2D from RGBA8 (%s)", f->name, gt_err_name(glGetError()));
	fb = gt_fbo_with_tex(d, GL_TEXTURE_2D, 0);
	fact_floats_at(what, 0, 0, 2, 2);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &d);
	/* and the float buffer into a normalized image */
	d = gt_new_tex(GL_TEXTURE_2D);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
	glBindFramebuffer(GL_FRAMEBUFFER, sfb);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
	snprintf(what, sizeof(what), "%s CopyTexSubImage2D into RGBA8 (%s)", f->name, gt_err_name(glGetError()));
	fb = gt_fbo_with_tex(d, GL_TEXTURE_2D, 0);
	fact_pixels(what, 2, 2);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &d);
	glDeleteFramebuffers(1, &u8);
	glDeleteRenderbuffers(1, &rb);
	drop_fb(sfb, stex);
}

/* GenerateMipmap of the nice values: level 1 read back. */
static void float_mipmap(const struct ffmt *f)
{
	GLuint t = gt_new_tex(GL_TEXTURE_2D);
	glTexStorage2D(GL_TEXTURE_2D, 3, f->internal, 4, 4);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, f->format, GL_FLOAT, nice);
	glGenerateMipmap(GL_TEXTURE_2D);
	GLenum e = glGetError();
	char what[64];
	snprintf(what, sizeof(what), "%s mipmap level 1", f->name);
	GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 1);
	if (e == GL_NO_ERROR)
		fact_floats(what, 2, 2);
	else
		fact("%s: GenerateMipmap %s", what, gt_err_name(e));	/* the level stays undefined */
	drop_fb(fb, t);
}

static void renderable(void)
{
	/* CopyTexSubImage checks no base formats (Table 3.15) in Mesa: an R8
	 * buffer into an RGBA8 image */
	GLuint rb, fb = gt_fbo_with_rb(GL_R8, 4, 4, &rb);
	GLuint t = gt_new_tex(GL_TEXTURE_2D);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
	fact("R8 buffer CopyTexSubImage2D into RGBA8 -> %s", gt_err_name(glGetError()));
	glCopyTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 0, 0, 2, 2, 0);
	fact("R8 buffer CopyTexImage2D into RGBA8 -> %s", gt_err_name(glGetError()));
	glDeleteTextures(1, &t);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
	const char *ext = (const char *)glGetString(GL_EXTENSIONS);
	fact("EXT_color_buffer_float %s, EXT_color_buffer_half_float %s",
	     ext && strstr(ext, "GL_EXT_color_buffer_float ") ? "yes" : "no",
	     ext && strstr(ext, "GL_EXT_color_buffer_half_float ") ? "yes" : "no");
	for (int i = 0; i < NFFMTS; i++) {
		const struct ffmt *f = &ffmts[i];
		if (!f->cbf)
			continue;
		float_reads(f);
		float_clears(f);
		float_blits(f);
		float_copytex(f);
		float_mipmap(f);
	}
}

/* CopyImageSubData between size classes: a float format and one of the
 * same class copy raw both ways, other pairs are refused. */
static void copies(void)
{
	static const struct gt_copy_pair c[] = {
		{ GL_R32F, GL_RED, GL_FLOAT, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, "R32F and RGBA8" },
		{ GL_RG16F, GL_RG, GL_HALF_FLOAT, GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT, "RG16F and R11F_G11F_B10F" },
		{ GL_RGB9_E5, GL_RGB, GL_FLOAT, GL_R32F, GL_RED, GL_FLOAT, "RGB9_E5 and R32F" },
		{ GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, GL_RG32F, GL_RG, GL_FLOAT, "RGBA16F and RG32F" },
		{ GL_R16F, GL_RED, GL_HALF_FLOAT, GL_RG8, GL_RG, GL_UNSIGNED_BYTE, "R16F and RG8" },
		{ GL_RGBA32F, GL_RGBA, GL_FLOAT, GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, "RGBA32F and RGBA32I" },
		{ GL_RGB16F, GL_RGB, GL_HALF_FLOAT, GL_RGB16F, GL_RGB, GL_FLOAT, "RGB16F and RGB16F" },
		{ GL_RGB32F, GL_RGB, GL_FLOAT, GL_RGB32F, GL_RGB, GL_FLOAT, "RGB32F and RGB32F" },
		{ GL_RGB16F, GL_RGB, GL_HALF_FLOAT, GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, "RGB16F and RGBA16F" },
		{ GL_RGB32F, GL_RGB, GL_FLOAT, GL_RGBA32F, GL_RGBA, GL_FLOAT, "RGB32F and RGBA32F" },
		{ GL_R16F, GL_RED, GL_FLOAT, GL_R32F, GL_RED, GL_FLOAT, "R16F and R32F" },
		{ GL_RGBA16F, GL_RGBA, GL_FLOAT, GL_RGBA32F, GL_RGBA, GL_FLOAT, "RGBA16F and RGBA32F" },
	};
	float data[4 * 4 * 4];
	for (int i = 0; i < 4 * 4 * 4; i++)
		data[i] = fvals[i % NFVALS];
	for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		fact_copy_pair(copy_image, &c[i], data, data + 3);
}

int main(void)
{
	/* an ES 3.0 implementation, as ours is (llvmpipe gives ES 3.2
	 * otherwise, with more formats renderable) */
	setenv("MESA_GLES_VERSION_OVERRIDE", "3.0", 1);
	gt_init();
	copy_image = (PFNGLCOPYIMAGESUBDATAEXTPROC)eglGetProcAddress("glCopyImageSubDataEXT");
	if (!copy_image) {
		printf("Bail out! no glCopyImageSubDataEXT\n");
		return 1;
	}
	printf("# extensions: %s\n", glGetString(GL_EXTENSIONS));
	combos();
	uploads();
	nans();
	completeness();
	mipmaps();
	renderbuffers();
	copies();
	renderable();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
