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
 */
#include <math.h>
#include <stdarg.h>

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

/*
 * What renderability decides (GenerateMipmap, renderbuffers, attachment
 * completeness) is compared only for formats no extension makes
 * renderable: llvmpipe advertises EXT_color_buffer_float and
 * EXT_color_buffer_half_float, our vendor not yet (the formats are
 * texture-only there, as in core ES 3.0). The others are noted, and our
 * run checks that it refuses them consistently.
 */
static void rfact(bool compared, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rfact(bool compared, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs(compared ? "= " : "# not compared (renderability): ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	fflush(stdout);
}
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

static void nearest(GLenum target)
{
	glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

static GLuint new_tex(GLenum target)
{
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(target, t);
	nearest(target);
	return t;
}

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
	GLuint partner = new_tex(GL_TEXTURE_2D);
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
	static const struct {
		GLenum format, type;
		const char *name;
	} pairs[] = {
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
	uint8_t zero[64] = { 0 };
	for (int i = 0; i < NFFMTS; i++) {
		const struct ffmt *f = &ffmts[i];
		GLuint t = new_tex(GL_TEXTURE_2D), s = new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 1, f->internal, 2, 2);
		fact("%s TexStorage2D -> %s", f->name, gt_err_name(glGetError()));
		for (unsigned p = 0; p < sizeof(pairs) / sizeof(pairs[0]); p++) {
			glBindTexture(GL_TEXTURE_2D, t);
			glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, 1, 1, 0, pairs[p].format, pairs[p].type, zero);
			GLenum e1 = glGetError();
			glBindTexture(GL_TEXTURE_2D, s);
			glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, pairs[p].format, pairs[p].type, zero);
			GLenum e2 = glGetError();
			fact("%s with %s: TexImage2D %s TexSubImage2D %s", f->name, pairs[p].name, gt_err_name(e1),
			     gt_err_name(e2));
		}
		glDeleteTextures(1, &t);
		glDeleteTextures(1, &s);
	}
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
	GLuint t = new_tex(GL_TEXTURE_2D);
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
	GLuint s = new_tex(GL_TEXTURE_2D);
	glTexStorage2D(GL_TEXTURE_2D, 3, f->internal, w, h);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, f->format, type, (void *)(uintptr_t)(4 * bpp));
	fact("%s from %s: TexStorage2D + TexSubImage2D from the buffer -> %s", f->name, tname,
	     gt_err_name(glGetError()));
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
	glDeleteBuffers(1, &pbo);
	snprintf(what, sizeof(what), "from %s TexStorage2D", tname);
	fact_bits(f, what, s, w, h);
	/* a 2D array by TexImage3D, a part of one by TexStorage3D */
	GLuint a = new_tex(GL_TEXTURE_2D_ARRAY);
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, (GLint)f->internal, 4, 3, 2, 0, f->format, type, more);
	fact("%s from %s: TexImage3D -> %s", f->name, tname, gt_err_name(glGetError()));
	snprintf(what, sizeof(what), "from %s TexImage3D layer 1", tname);
	fact_bits_at(f, what, a, GL_TEXTURE_2D_ARRAY, 0, 1, 0, 0, 4, 3);
	GLuint b = new_tex(GL_TEXTURE_3D);
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
			GLuint t = new_tex(GL_TEXTURE_2D);
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
			GLuint a = new_tex(GL_TEXTURE_2D);
			glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, 2, 2, 0, f->format, GL_FLOAT, zero);
			glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)filters[k].min);
			glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, (GLint)filters[k].mag);
			GLuint b = new_tex(GL_TEXTURE_2D);
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
		GLuint t = new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 3, f->internal, 4, 4);
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, f->format, GL_FLOAT, data);
		glGenerateMipmap(GL_TEXTURE_2D);
		GLenum e = glGetError();
		rfact(!f->cbf, "%s GenerateMipmap -> %s", f->name, gt_err_name(e));
		if (gt_ours())
			check(e == GL_INVALID_OPERATION, "%s GenerateMipmap: not color-renderable here", f->name);
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
		rfact(!f->cbf, "%s RenderbufferStorage %s; NUM_SAMPLE_COUNTS %s %d SAMPLES %s %d", f->name,
		      gt_err_name(e1), gt_err_name(e3), ns, gt_err_name(e4), sm[0]);
		if (gt_ours())
			check(e1 == GL_INVALID_ENUM && e3 == GL_INVALID_ENUM, "%s: no renderbuffer here", f->name);
		glDeleteRenderbuffers(1, &rb);
		GLuint t = new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 1, f->internal, 4, 4);
		GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
		/* RGB32F too: llvmpipe answers UNSUPPORTED, we the spec's
		 * INCOMPLETE_ATTACHMENT for a format that is not color-renderable */
		GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
		rfact(!f->cbf && f->internal != GL_RGB32F, "%s texture attachment: status 0x%x", f->name, status);
		if (gt_ours())
			check(status == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "%s: attachment incomplete here", f->name);
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &fb);
		glDeleteTextures(1, &t);
	}
}

/* CopyImageSubData between size classes: a float format and one of the
 * same class copy raw both ways, other pairs are refused. */
static void copies(void)
{
	static const struct {
		GLenum a, fa, ta;
		GLenum b, fb, tb;
		const char *name;
	} c[] = {
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
	for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		GLuint a = new_tex(GL_TEXTURE_2D);
		glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c[i].a, 4, 4, 0, c[i].fa, c[i].ta, data);
		GLuint b = new_tex(GL_TEXTURE_2D);
		glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c[i].b, 4, 4, 0, c[i].fb, c[i].tb, data + 3);
		GLenum e0 = glGetError();
		copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 1, 1, 0, 2, 2, 1);
		GLenum e1 = glGetError();
		copy_image(b, GL_TEXTURE_2D, 0, 2, 0, 0, a, GL_TEXTURE_2D, 0, 0, 2, 0, 2, 2, 1);
		GLenum e2 = glGetError();
		fact("CopyImageSubData %s: %s, there %s, back %s", c[i].name, gt_err_name(e0), gt_err_name(e1),
		     gt_err_name(e2));
		glDeleteTextures(1, &a);
		glDeleteTextures(1, &b);
	}
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
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
