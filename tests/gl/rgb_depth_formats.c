/* SPDX-License-Identifier: MIT */
/*
 * The GLES 3.0 RGB integer formats (RGB8UI/I, RGB16UI/I, RGB32UI/I:
 * texture-only) and the float depth formats (DEPTH_COMPONENT32F,
 * DEPTH32F_STENCIL8: depth-renderable), against Mesa. For each: which
 * format/type pairs TexImage2D and TexSubImage2D take (Table 3.2) and the
 * error of the others, TexStorage2D/3D, the renderbuffer and
 * GetInternalformativ answers, framebuffer completeness and attachment
 * queries.
 *
 * What is observable of the contents. RGB8UI and RGB8I share the 24-bit
 * size class with RGB8, which is renderable: a raw CopyImageSubData into
 * an RGB8 texture and a ReadPixels of it show every bit of every texel
 * (uploads from memory and from an unpack buffer under UNPACK_*, 2D, array
 * and 3D images, CopyTexSubImage2D into them, copies back and forth). The
 * 48 and 96-bit classes have no renderable member in ES 3.0, and nothing
 * reads a depth buffer in ES 3.0 (no ReadPixels of depth, no shaders on
 * our side): for those the facts are the errors and answers of every call
 * that reaches them (uploads, clears under masks, blits, copies), which
 * run the paths on our side for the checks and memcheck.
 */
#include "gltest.h"

static PFNGLCOPYIMAGESUBDATAEXTPROC copy_image;

struct tfmt {
	GLenum internal, format, type;
	const char *name;
	int bpp;		/* client bytes per texel of format/type */
	bool readable;		/* copies raw into RGB8, which reads back */
};

static const struct tfmt rgbs[] = {
	{ GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, "RGB8UI", 3, true },
	{ GL_RGB8I, GL_RGB_INTEGER, GL_BYTE, "RGB8I", 3, true },
	{ GL_RGB16UI, GL_RGB_INTEGER, GL_UNSIGNED_SHORT, "RGB16UI", 6, false },
	{ GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, "RGB16I", 6, false },
	{ GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, "RGB32UI", 12, false },
	{ GL_RGB32I, GL_RGB_INTEGER, GL_INT, "RGB32I", 12, false },
};
#define NRGBS (int)(sizeof(rgbs) / sizeof(rgbs[0]))

static const struct tfmt depths[] = {
	{ GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, "DEPTH_COMPONENT32F", 4, false },
	{ GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, "DEPTH32F_STENCIL8", 8, false },
};
#define NDEPTHS (int)(sizeof(depths) / sizeof(depths[0]))

/* The client pairs every format is tried with. */
static const struct gt_pair pairs[] = {
	{ GL_RGB_INTEGER, GL_UNSIGNED_BYTE, "RGB_INTEGER/UNSIGNED_BYTE" },
	{ GL_RGB_INTEGER, GL_BYTE, "RGB_INTEGER/BYTE" },
	{ GL_RGB_INTEGER, GL_UNSIGNED_SHORT, "RGB_INTEGER/UNSIGNED_SHORT" },
	{ GL_RGB_INTEGER, GL_SHORT, "RGB_INTEGER/SHORT" },
	{ GL_RGB_INTEGER, GL_UNSIGNED_INT, "RGB_INTEGER/UNSIGNED_INT" },
	{ GL_RGB_INTEGER, GL_INT, "RGB_INTEGER/INT" },
	{ GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, "RGBA_INTEGER/UNSIGNED_BYTE" },
	{ GL_RGBA_INTEGER, GL_UNSIGNED_INT, "RGBA_INTEGER/UNSIGNED_INT" },
	{ GL_RG_INTEGER, GL_UNSIGNED_BYTE, "RG_INTEGER/UNSIGNED_BYTE" },
	{ GL_RGB, GL_UNSIGNED_BYTE, "RGB/UNSIGNED_BYTE" },
	{ GL_RGB, GL_FLOAT, "RGB/FLOAT" },
	{ GL_RGBA, GL_FLOAT, "RGBA/FLOAT" },
	{ GL_DEPTH_COMPONENT, GL_FLOAT, "DEPTH_COMPONENT/FLOAT" },
	{ GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, "DEPTH_COMPONENT/UNSIGNED_INT" },
	{ GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, "DEPTH_COMPONENT/UNSIGNED_SHORT" },
	{ GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, "DEPTH_STENCIL/FLOAT_32_UNSIGNED_INT_24_8_REV" },
	{ GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, "DEPTH_STENCIL/UNSIGNED_INT_24_8" },
	{ GL_RED_INTEGER, GL_UNSIGNED_INT, "RED_INTEGER/UNSIGNED_INT" },
};
#define NPAIRS (int)(sizeof(pairs) / sizeof(pairs[0]))

/* States the w x h texels at x, y of layer z of level 0 of tex (an RGB8UI
 * or RGB8I image of target) as RGB8 bytes: copied raw into an RGB8
 * texture (which is renderable), read back as RGBA bytes. Alpha reads 255
 * whatever the padding holds. */
static void fact_read_at(const char *what, GLuint tex, GLenum target, int z, int x, int y, int w, int h)
{
	GLint bound = 0;
	glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
	GLuint partner = gt_new_tex(GL_TEXTURE_2D), fb;
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGB8, w, h);
	copy_image(tex, target, 0, x, y, z, partner, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, 1);
	GLenum err = glGetError();
	glBindTexture(GL_TEXTURE_2D, (GLuint)bound);
	fb = gt_fbo_with_tex(partner, GL_TEXTURE_2D, 0);
	size_t n = (size_t)w * h * 4;
	uint8_t *px = calloc(n, 1);
	glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
	GLenum rerr = glGetError();
	fact("%s: copy %s read %s hash %08x %s", what, gt_err_name(err), gt_err_name(rerr), gt_hash(px, n), gt_hex(px, n));
	free(px);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &partner);
}

/* ---- which client pairs each format takes ---- */

static void combos(void)
{
	for (int i = 0; i < NRGBS; i++)
		fact_pairs(rgbs[i].internal, rgbs[i].name, pairs, NPAIRS);
	for (int i = 0; i < NDEPTHS; i++)
		fact_pairs(depths[i].internal, depths[i].name, pairs, NPAIRS);
}

/* ---- uploads of the RGB integer formats and what reads back ---- */

static void uploads(void)
{
	for (int i = 0; i < NRGBS; i++) {
		const struct tfmt *f = &rgbs[i];
		int w = 7, h = 5;
		size_t n = (size_t)w * h * f->bpp;
		uint8_t *data = gt_pattern(n * 4 + 64, 100 + (unsigned)i);
		char what[96];
		/* TexImage2D from client memory, rows 4-byte aligned (21 bytes padded to 24) */
		GLuint t = gt_new_tex(GL_TEXTURE_2D);
		glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, w, h, 0, f->format, f->type, data);
		fact("%s TexImage2D 7x5 -> %s", f->name, gt_err_name(glGetError()));
		snprintf(what, sizeof(what), "%s TexImage2D", f->name);
		if (f->readable)
			fact_read_at(what, t, GL_TEXTURE_2D, 0, 0, 0, w, h);
		/* a sub-rectangle from a pixel unpack buffer, rows 9 texels apart, skipping 1 row and 2 texels */
		glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
		GLuint pbo;
		glGenBuffers(1, &pbo);
		glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
		glBufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)(n * 4 + 64), data + 7, GL_STATIC_DRAW);
		glPixelStorei(GL_UNPACK_ROW_LENGTH, 9);
		glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
		glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
		glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 4, 3, f->format, f->type, (void *)(uintptr_t)(f->bpp * 4));
		fact("%s TexSubImage2D from an unpack buffer -> %s", f->name, gt_err_name(glGetError()));
		/* an offset that is not a multiple of the type's size */
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, f->format, f->type, (void *)(uintptr_t)1);
		fact("%s TexSubImage2D at unpack offset 1 -> %s", f->name, gt_err_name(glGetError()));
		glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
		glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
		glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
		snprintf(what, sizeof(what), "%s after TexSubImage2D", f->name);
		if (f->readable)
			fact_read_at(what, t, GL_TEXTURE_2D, 0, 0, 0, w, h);
		/* TexStorage2D, the whole level from the buffer */
		GLuint s = gt_new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 3, f->internal, w, h);
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, f->format, f->type, (void *)(uintptr_t)(f->bpp * 5));
		fact("%s TexStorage2D + TexSubImage2D from the buffer -> %s", f->name, gt_err_name(glGetError()));
		snprintf(what, sizeof(what), "%s TexStorage2D", f->name);
		if (f->readable)
			fact_read_at(what, s, GL_TEXTURE_2D, 0, 0, 0, w, h);
		glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
		glDeleteBuffers(1, &pbo);
		/* a 2D array: TexImage3D of 3 layers under IMAGE_HEIGHT / SKIP_IMAGES */
		glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 4);
		glPixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
		GLuint a = gt_new_tex(GL_TEXTURE_2D_ARRAY);
		glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, (GLint)f->internal, 4, 3, 3, 0, f->format, f->type, data + 11);
		fact("%s TexImage3D -> %s", f->name, gt_err_name(glGetError()));
		glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
		glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
		snprintf(what, sizeof(what), "%s TexImage3D layer 2", f->name);
		if (f->readable)
			fact_read_at(what, a, GL_TEXTURE_2D_ARRAY, 2, 0, 0, 4, 3);
		/* a 3D texture: TexStorage3D, a box written by TexSubImage3D */
		GLuint d = gt_new_tex(GL_TEXTURE_3D);
		glTexStorage3D(GL_TEXTURE_3D, 1, f->internal, 4, 3, 2);
		glTexSubImage3D(GL_TEXTURE_3D, 0, 1, 1, 1, 3, 2, 1, f->format, f->type, data + 3);
		fact("%s TexStorage3D(TEXTURE_3D) + TexSubImage3D -> %s", f->name, gt_err_name(glGetError()));
		snprintf(what, sizeof(what), "%s TexStorage3D slice 1", f->name);
		if (f->readable)
			fact_read_at(what, d, GL_TEXTURE_3D, 1, 1, 1, 3, 2);
		/* integer formats are not filterable */
		glBindTexture(GL_TEXTURE_2D, s);
		glGenerateMipmap(GL_TEXTURE_2D);
		fact("%s GenerateMipmap -> %s", f->name, gt_err_name(glGetError()));
		glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
		GLuint ts[] = { t, s, a, d };
		glDeleteTextures(4, ts);
		free(data);
	}
}

/* ---- completeness: a LINEAR filter makes an integer texture incomplete ---- */

static void completeness(void)
{
	static const struct {
		GLenum min, mag;
		const char *name;
	} filters[] = {
		{ GL_NEAREST, GL_NEAREST, "NEAREST/NEAREST" },
		{ GL_NEAREST, GL_LINEAR, "NEAREST/LINEAR" },
		{ GL_LINEAR, GL_NEAREST, "LINEAR/NEAREST" },
		{ GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, "NEAREST_MIPMAP_NEAREST/NEAREST (one level)" },
		{ GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, "the defaults" },
	};
	const struct tfmt *fs[] = { &rgbs[0], &rgbs[3], &rgbs[4], &depths[0], &depths[1] };
	uint8_t *data = gt_pattern(4 * 4 * 16, 7);
	for (unsigned i = 0; i < sizeof(fs) / sizeof(fs[0]); i++)
		for (unsigned k = 0; k < sizeof(filters) / sizeof(filters[0]); k++) {
			GLuint a = gt_new_tex(GL_TEXTURE_2D);
			glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fs[i]->internal, 4, 4, 0, fs[i]->format, fs[i]->type, NULL);
			glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)filters[k].min);
			glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, (GLint)filters[k].mag);
			GLuint b = gt_new_tex(GL_TEXTURE_2D);
			glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fs[i]->internal, 4, 4, 0, fs[i]->format, fs[i]->type, NULL);
			copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
			GLenum e1 = glGetError();
			copy_image(b, GL_TEXTURE_2D, 0, 0, 0, 0, a, GL_TEXTURE_2D, 0, 1, 1, 0, 2, 2, 1);
			GLenum e2 = glGetError();
			fact("%s with %s filters: CopyImageSubData from %s, into %s", fs[i]->name, filters[k].name,
			     gt_err_name(e1), gt_err_name(e2));
			glDeleteTextures(1, &a);
			glDeleteTextures(1, &b);
		}
	free(data);
}

/* ---- renderbuffers, framebuffers, queries ---- */

static void rb_facts(const struct tfmt *f)
{
	GLuint rb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, f->internal, 5, 5);
	GLenum e1 = glGetError();
	GLint v[4] = { -1, -1, -1, -1 };
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v[0]);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v[1]);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &v[2]);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_RED_SIZE, &v[3]);
	GLenum e2 = glGetError();
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, f->internal, 5, 5);
	GLenum e3 = glGetError();
	GLint ns = -1, sm[4] = { -1, -1, -1, -1 };
	glGetInternalformativ(GL_RENDERBUFFER, f->internal, GL_NUM_SAMPLE_COUNTS, 1, &ns);
	GLenum e4 = glGetError();
	glGetInternalformativ(GL_RENDERBUFFER, f->internal, GL_SAMPLES, 4, sm);
	GLenum e5 = glGetError();
	fact("%s RenderbufferStorage %s: 0x%x depth %d stencil %d red %d (%s); Multisample(4) %s; "
	     "NUM_SAMPLE_COUNTS %s %d SAMPLES %s %d",
	     f->name, gt_err_name(e1), v[0], v[1], v[2], v[3], gt_err_name(e2), gt_err_name(e3), gt_err_name(e4), ns,
	     gt_err_name(e5), sm[0]);
	glDeleteRenderbuffers(1, &rb);
}

/* The attachment's answers to the size and type queries. */
static void attachment_facts(const char *what, GLenum attachment)
{
	static const GLenum pn[] = {
		GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE,
		GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE,
		GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING,
	};
	GLint v[5];
	GLenum e[5];
	for (int k = 0; k < 5; k++) {
		v[k] = -1;
		glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, pn[k], &v[k]);
		e[k] = glGetError();
	}
	fact("%s: red %d %s depth %d %s stencil %d %s type 0x%x %s encoding 0x%x %s", what, v[0], gt_err_name(e[0]),
	     v[1], gt_err_name(e[1]), v[2], gt_err_name(e[2]), v[3], gt_err_name(e[3]), v[4], gt_err_name(e[4]));
}

static void framebuffers(void)
{
	static const struct {
		GLenum att;
		const char *name;
	} atts[] = {
		{ GL_COLOR_ATTACHMENT0, "COLOR_ATTACHMENT0" },
		{ GL_DEPTH_ATTACHMENT, "DEPTH_ATTACHMENT" },
		{ GL_STENCIL_ATTACHMENT, "STENCIL_ATTACHMENT" },
		{ GL_DEPTH_STENCIL_ATTACHMENT, "DEPTH_STENCIL_ATTACHMENT" },
	};
	/* DEPTH24_STENCIL8 for comparison: what differs is the float */
	static const struct tfmt z24s8 = { GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
					   "DEPTH24_STENCIL8", 4, false };
	for (int i = 0; i <= NRGBS + NDEPTHS; i++) {
		const struct tfmt *f = i < NRGBS ? &rgbs[i] : i < NRGBS + NDEPTHS ? &depths[i - NRGBS] : &z24s8;
		rb_facts(f);
		GLuint t = gt_new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 1, f->internal, 4, 4);
		for (unsigned a = 0; a < sizeof(atts) / sizeof(atts[0]); a++) {
			GLuint fb;
			glGenFramebuffers(1, &fb);
			glBindFramebuffer(GL_FRAMEBUFFER, fb);
			glFramebufferTexture2D(GL_FRAMEBUFFER, atts[a].att, GL_TEXTURE_2D, t, 0);
			GLenum e = glGetError();
			fact("%s texture at %s: %s status 0x%x", f->name, atts[a].name, gt_err_name(e),
			     glCheckFramebufferStatus(GL_FRAMEBUFFER));
			char what[96];
			snprintf(what, sizeof(what), "%s at %s", f->name, atts[a].name);
			attachment_facts(what, atts[a].att);
			glBindFramebuffer(GL_FRAMEBUFFER, 0);
			glDeleteFramebuffers(1, &fb);
		}
		glDeleteTextures(1, &t);
	}
	/* float depth with a separate stencil image: not the same image (GLES 3.0 §4.4.4.2) */
	GLuint rb[2], fb;
	glGenRenderbuffers(2, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32F, 4, 4);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_STENCIL_INDEX8, 4, 4);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[0]);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
	fact("DEPTH_COMPONENT32F depth + STENCIL_INDEX8 stencil: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	attachment_facts("DEPTH_COMPONENT32F renderbuffer at DEPTH_ATTACHMENT", GL_DEPTH_ATTACHMENT);
	attachment_facts("STENCIL_INDEX8 renderbuffer at STENCIL_ATTACHMENT", GL_STENCIL_ATTACHMENT);
	static const GLenum ds_rbs[] = { GL_DEPTH24_STENCIL8, GL_DEPTH32F_STENCIL8 };
	for (int i = 0; i < 2; i++) {
		glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
		glRenderbufferStorage(GL_RENDERBUFFER, ds_rbs[i], 4, 4);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[0]);
		attachment_facts(i ? "DEPTH32F_STENCIL8 renderbuffer at STENCIL_ATTACHMENT"
				   : "DEPTH24_STENCIL8 renderbuffer at STENCIL_ATTACHMENT",
				 GL_STENCIL_ATTACHMENT);
	}
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(2, rb);
}

/* ---- uploads, clears, blits and copies of the depth formats ---- */

/* A framebuffer with a color renderbuffer (RGBA8) and a depth format of
 * w x h as a renderbuffer (samples > 0: multisample) or, when tex, a
 * texture, at the attachment its format fills. */
static GLuint depth_fb(GLenum internal, int w, int h, int samples, GLuint *rbs, GLuint *tex)
{
	GLuint fb;
	glGenRenderbuffers(2, rbs);
	glBindRenderbuffer(GL_RENDERBUFFER, rbs[0]);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, w, h);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rbs[0]);
	GLenum att = internal == GL_DEPTH_COMPONENT32F || internal == GL_DEPTH_COMPONENT24 ? GL_DEPTH_ATTACHMENT
											   : GL_DEPTH_STENCIL_ATTACHMENT;
	if (tex) {
		*tex = gt_new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 1, internal, w, h);
		glFramebufferTexture2D(GL_FRAMEBUFFER, att, GL_TEXTURE_2D, *tex, 0);
	} else {
		glBindRenderbuffer(GL_RENDERBUFFER, rbs[1]);
		glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, internal, w, h);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, att, GL_RENDERBUFFER, rbs[1]);
	}
	return fb;
}

static void depth_uploads(void)
{
	/* depths outside [0, 1] are clamped on the way in; stencil in the low byte of the second word */
	float z[16];
	uint32_t zs[32];
	for (int i = 0; i < 16; i++) {
		z[i] = -0.5f + (float)i * 0.125f;
		memcpy(&zs[2 * i], &z[i], 4);
		zs[2 * i + 1] = 0xabcd00u | (uint32_t)(i * 17);
	}
	const void *src[2] = { z, zs };
	for (int i = 0; i < NDEPTHS; i++) {
		const struct tfmt *f = &depths[i];
		GLuint t = gt_new_tex(GL_TEXTURE_2D);
		glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, 4, 4, 0, f->format, f->type, src[i]);
		fact("%s TexImage2D 4x4 -> %s", f->name, gt_err_name(glGetError()));
		glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 2, f->format, f->type, src[i]);
		fact("%s TexSubImage2D -> %s", f->name, gt_err_name(glGetError()));
		GLuint pbo;
		glGenBuffers(1, &pbo);
		glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
		glBufferData(GL_PIXEL_UNPACK_BUFFER, 16 * f->bpp, src[i], GL_STATIC_DRAW);
		glPixelStorei(GL_UNPACK_ROW_LENGTH, 3);
		glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 3, f->format, f->type, (void *)(uintptr_t)f->bpp);
		fact("%s TexSubImage2D from an unpack buffer -> %s", f->name, gt_err_name(glGetError()));
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, f->format, f->type, (void *)(uintptr_t)2);
		fact("%s TexSubImage2D at unpack offset 2 -> %s", f->name, gt_err_name(glGetError()));
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 4, f->format, f->type, (void *)(uintptr_t)(f->bpp * 8));
		fact("%s TexSubImage2D past the unpack buffer -> %s", f->name, gt_err_name(glGetError()));
		glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
		glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
		glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
		glDeleteBuffers(1, &pbo);
		glGenerateMipmap(GL_TEXTURE_2D);
		fact("%s GenerateMipmap -> %s", f->name, gt_err_name(glGetError()));
		/* arrays of depth images are fine, 3D ones are not */
		GLuint a = gt_new_tex(GL_TEXTURE_2D_ARRAY);
		glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, (GLint)f->internal, 2, 2, 4, 0, f->format, f->type, src[i]);
		GLenum e1 = glGetError();
		glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 1, 1, 2, 1, 2, f->format, f->type, src[i]);
		GLenum e2 = glGetError();
		GLuint b = gt_new_tex(GL_TEXTURE_2D_ARRAY);
		glTexStorage3D(GL_TEXTURE_2D_ARRAY, 2, f->internal, 4, 4, 3);
		GLenum e3 = glGetError();
		GLuint d = gt_new_tex(GL_TEXTURE_3D);
		glTexImage3D(GL_TEXTURE_3D, 0, (GLint)f->internal, 2, 2, 2, 0, f->format, f->type, src[i]);
		GLenum e4 = glGetError();
		glTexStorage3D(GL_TEXTURE_3D, 1, f->internal, 2, 2, 2);
		GLenum e5 = glGetError();
		fact("%s TexImage3D(2D_ARRAY) %s TexSubImage3D %s TexStorage3D(2D_ARRAY) %s TexImage3D(3D) %s "
		     "TexStorage3D(3D) %s",
		     f->name, gt_err_name(e1), gt_err_name(e2), gt_err_name(e3), gt_err_name(e4), gt_err_name(e5));
		/* one layer of the array as the depth attachment */
		GLuint fb;
		glGenFramebuffers(1, &fb);
		glBindFramebuffer(GL_FRAMEBUFFER, fb);
		glFramebufferTextureLayer(GL_FRAMEBUFFER, i ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT, b, 1, 2);
		fact("%s array layer attachment: %s status 0x%x", f->name, gt_err_name(glGetError()),
		     glCheckFramebufferStatus(GL_FRAMEBUFFER));
		glClearBufferfv(GL_DEPTH, 0, &z[3]);
		fact("%s array layer ClearBufferfv(DEPTH) -> %s", f->name, gt_err_name(glGetError()));
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &fb);
		/* CopyTexImage2D into a depth format: never from a color buffer */
		GLuint crb, cfb = gt_fbo_with_rb(GL_RGBA8, 4, 4, &crb);
		GLuint c = gt_new_tex(GL_TEXTURE_2D);
		glCopyTexImage2D(GL_TEXTURE_2D, 0, f->internal, 0, 0, 2, 2, 0);
		GLenum e6 = glGetError();
		glBindTexture(GL_TEXTURE_2D, t);
		glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
		fact("%s CopyTexImage2D %s CopyTexSubImage2D %s", f->name, gt_err_name(e6), gt_err_name(glGetError()));
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &cfb);
		glDeleteRenderbuffers(1, &crb);
		GLuint ts[] = { t, a, b, d, c };
		glDeleteTextures(5, ts);
	}
}

static void depth_clears(void)
{
	for (int i = 0; i < NDEPTHS; i++) {
		const struct tfmt *f = &depths[i];
		GLuint rbs[2], tex;
		GLuint fb = depth_fb(f->internal, 6, 5, 0, rbs, i ? &tex : NULL);
		fact("%s clear target: status 0x%x", f->name, glCheckFramebufferStatus(GL_FRAMEBUFFER));
		glClearDepthf(0.75f);
		glClearStencil(0x1ff);
		glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
		GLenum e1 = glGetError();
		glEnable(GL_SCISSOR_TEST);
		glScissor(1, 1, 3, 2);
		glDepthMask(GL_FALSE);
		glStencilMask(0x0f);
		glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
		GLenum e2 = glGetError();
		glDepthMask(GL_TRUE);
		float d = 2.0f;
		glClearBufferfv(GL_DEPTH, 0, &d);
		GLenum e3 = glGetError();
		GLint s = 0x55;
		glClearBufferiv(GL_STENCIL, 0, &s);
		GLenum e4 = glGetError();
		glClearBufferfi(GL_DEPTH_STENCIL, 0, -1.0f, 7);
		GLenum e5 = glGetError();
		glClearBufferfv(GL_DEPTH, 1, &d);
		GLenum e6 = glGetError();
		glClearBufferfi(GL_DEPTH, 0, 0.5f, 1);
		GLenum e7 = glGetError();
		glStencilMask(0xff);
		glDisable(GL_SCISSOR_TEST);
		fact("%s clears: Clear %s masked %s ClearBufferfv %s ClearBufferiv %s ClearBufferfi %s; "
		     "drawbuffer 1 %s ClearBufferfi(DEPTH) %s",
		     f->name, gt_err_name(e1), gt_err_name(e2), gt_err_name(e3), gt_err_name(e4), gt_err_name(e5),
		     gt_err_name(e6), gt_err_name(e7));
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &fb);
		glDeleteRenderbuffers(2, rbs);
		if (i)
			glDeleteTextures(1, &tex);
	}
	glClearDepthf(1.0f);
	glClearStencil(0);
}

/* Blits src_fb to dst_fb with mask and filter, scaled when dw differs from w, and states the error. */
static void blit_fact(const char *what, GLuint src_fb, GLuint dst_fb, GLbitfield mask, GLenum filter, int w,
		      int dw)
{
	glBindFramebuffer(GL_READ_FRAMEBUFFER, src_fb);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dst_fb);
	glBlitFramebuffer(0, 0, w, w, 0, 0, dw, dw, mask, filter);
	fact("BlitFramebuffer %s -> %s", what, gt_err_name(glGetError()));
}

static void depth_blits(void)
{
	/* the float ones against each other and the 24-bit ones, and the
	 * 24-bit ones against each other: Mesa matches depth by bits and
	 * type, stencil by bits, each only where both sides have it */
	static const GLenum fmts[] = { GL_DEPTH_COMPONENT32F, GL_DEPTH32F_STENCIL8, GL_DEPTH24_STENCIL8,
				       GL_DEPTH_COMPONENT24 };
	static const char *names[] = { "DEPTH_COMPONENT32F", "DEPTH32F_STENCIL8", "DEPTH24_STENCIL8",
				       "DEPTH_COMPONENT24" };
	GLuint fbs[4][2], rbs[4][2][2];
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < 2; k++) {
			fbs[i][k] = depth_fb(fmts[i], 8, 8, 0, rbs[i][k], NULL);
			glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.25f * (float)(k + 1), 3 + k);
		}
	GLbitfield ds = GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
	char what[128];
	for (int i = 0; i < 3; i++) {
		snprintf(what, sizeof(what), "%s depth", names[i]);
		blit_fact(what, fbs[i][0], fbs[i][1], GL_DEPTH_BUFFER_BIT, GL_NEAREST, 8, 8);
		snprintf(what, sizeof(what), "%s depth and stencil", names[i]);
		blit_fact(what, fbs[i][0], fbs[i][1], ds, GL_NEAREST, 8, 8);
		snprintf(what, sizeof(what), "%s stencil", names[i]);
		blit_fact(what, fbs[i][0], fbs[i][1], GL_STENCIL_BUFFER_BIT, GL_NEAREST, 8, 8);
		snprintf(what, sizeof(what), "%s depth scaled", names[i]);
		blit_fact(what, fbs[i][0], fbs[i][1], GL_DEPTH_BUFFER_BIT, GL_NEAREST, 8, 3);
		snprintf(what, sizeof(what), "%s stencil scaled", names[i]);
		blit_fact(what, fbs[i][1], fbs[i][0], GL_STENCIL_BUFFER_BIT, GL_NEAREST, 4, 8);
		snprintf(what, sizeof(what), "%s depth LINEAR", names[i]);
		blit_fact(what, fbs[i][0], fbs[i][1], GL_DEPTH_BUFFER_BIT, GL_LINEAR, 8, 8);
		snprintf(what, sizeof(what), "%s to itself", names[i]);
		blit_fact(what, fbs[i][0], fbs[i][0], GL_DEPTH_BUFFER_BIT, GL_NEAREST, 4, 4);
		for (int j = 0; j < 4; j++) {
			if (j == i)
				continue;
			snprintf(what, sizeof(what), "%s to %s depth", names[i], names[j]);
			blit_fact(what, fbs[i][0], fbs[j][1], GL_DEPTH_BUFFER_BIT, GL_NEAREST, 8, 8);
			snprintf(what, sizeof(what), "%s to %s stencil", names[i], names[j]);
			blit_fact(what, fbs[i][0], fbs[j][1], GL_STENCIL_BUFFER_BIT, GL_NEAREST, 8, 8);
			snprintf(what, sizeof(what), "%s from %s depth", names[i], names[j]);
			blit_fact(what, fbs[j][0], fbs[i][1], GL_DEPTH_BUFFER_BIT, GL_NEAREST, 8, 8);
		}
	}
	/* a multisample float depth-stencil buffer resolved into a single-sample one */
	GLuint msrb[2], msfb = depth_fb(GL_DEPTH32F_STENCIL8, 8, 8, 4, msrb, NULL);
	fact("multisample DEPTH32F_STENCIL8: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 9);
	fact("multisample DEPTH32F_STENCIL8 ClearBufferfi -> %s", gt_err_name(glGetError()));
	blit_fact("multisample DEPTH32F_STENCIL8 resolved", msfb, fbs[1][1], ds, GL_NEAREST, 8, 8);
	blit_fact("multisample DEPTH32F_STENCIL8 resolved depth", msfb, fbs[1][1], GL_DEPTH_BUFFER_BIT, GL_NEAREST, 8, 8);
	blit_fact("multisample DEPTH32F_STENCIL8 resolved stencil", msfb, fbs[1][1], GL_STENCIL_BUFFER_BIT, GL_NEAREST, 8,
		  8);
	blit_fact("multisample DEPTH32F_STENCIL8 scaled", msfb, fbs[1][1], ds, GL_NEAREST, 8, 4);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &msfb);
	glDeleteRenderbuffers(2, msrb);
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < 2; k++) {
			glDeleteFramebuffers(1, &fbs[i][k]);
			glDeleteRenderbuffers(2, rbs[i][k]);
		}
}

/* ---- CopyImageSubData: size classes, padding, depth ---- */

/* A 4x4 texture of internal (NEAREST) with client pixels of format/type from data. */
static GLuint tex_of(GLenum internal, GLenum format, GLenum type, const void *data)
{
	GLuint t = gt_new_tex(GL_TEXTURE_2D);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, 4, 4, 0, format, type, data);
	return t;
}

static void copies(void)
{
	static const struct gt_copy_pair c[] = {
		{ GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, "RGB8UI and RGB8" },
		{ GL_RGB8I, GL_RGB_INTEGER, GL_BYTE, GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, "RGB8I and RGB8UI" },
		{ GL_RGB8I, GL_RGB_INTEGER, GL_BYTE, GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, "RGB8I and SRGB8" },
		{ GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, GL_RGB8_SNORM, GL_RGB, GL_BYTE, "RGB8UI and RGB8_SNORM" },
		{ GL_RGB8UI, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
		  "RGB8UI and RGBA8UI" },
		{ GL_RGB8I, GL_RGB_INTEGER, GL_BYTE, GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, "RGB8I and RGB16I" },
		{ GL_RGB16UI, GL_RGB_INTEGER, GL_UNSIGNED_SHORT, GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, "RGB16UI and RGB16I" },
		{ GL_RGB16UI, GL_RGB_INTEGER, GL_UNSIGNED_SHORT, GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT,
		  "RGB16UI and RGBA16UI" },
		{ GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, GL_RG32I, GL_RG_INTEGER, GL_INT, "RGB16I and RG32I" },
		{ GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, GL_RGB32I, GL_RGB_INTEGER, GL_INT, "RGB32UI and RGB32I" },
		{ GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
		  "RGB32UI and RGBA32UI" },
		{ GL_RGB32I, GL_RGB_INTEGER, GL_INT, GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, "RGB32I and RGB16I" },
		{ GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT,
		  GL_FLOAT, "DEPTH_COMPONENT32F and itself" },
		{ GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
		  "DEPTH_COMPONENT32F and R32UI" },
		{ GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL,
		  GL_UNSIGNED_INT_24_8, "DEPTH_COMPONENT32F and DEPTH24_STENCIL8" },
		{ GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_DEPTH32F_STENCIL8,
		  GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, "DEPTH32F_STENCIL8 and itself" },
		{ GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_RG32UI, GL_RG_INTEGER,
		  GL_UNSIGNED_INT, "DEPTH32F_STENCIL8 and RG32UI" },
		{ GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_DEPTH_COMPONENT32F,
		  GL_DEPTH_COMPONENT, GL_FLOAT, "DEPTH32F_STENCIL8 and DEPTH_COMPONENT32F" },
	};
	/* values in range for every format: small bytes, depths in [0, 1] */
	uint32_t data[4 * 4 * 4];
	for (int i = 0; i < 64; i++)
		data[i] = i % 2 ? 0x11u * (uint32_t)(i % 7) : 0x3e800000u + (uint32_t)i * 0x10000u;
	for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		fact_copy_pair(copy_image, &c[i], data, data + 3);
	/* the depth formats between renderbuffers */
	for (int i = 0; i < NDEPTHS; i++) {
		GLuint rb[2];
		glGenRenderbuffers(2, rb);
		for (int k = 0; k < 2; k++) {
			glBindRenderbuffer(GL_RENDERBUFFER, rb[k]);
			glRenderbufferStorage(GL_RENDERBUFFER, depths[i].internal, 4, 4);
		}
		copy_image(rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, rb[1], GL_RENDERBUFFER, 0, 1, 1, 0, 3, 3, 1);
		fact("CopyImageSubData %s renderbuffers -> %s", depths[i].name, gt_err_name(glGetError()));
		glDeleteRenderbuffers(2, rb);
	}
}

/* The bits through the 24-bit class: RGB8 data into RGB8UI and RGB8I and
 * out again, RGB8UI into RGB8I, each read back as RGB8. The padding byte
 * must never show as a channel, nor a channel be lost to it. */
static void padded_round_trips(void)
{
	uint8_t *data = gt_pattern(6 * 4 * 2 * 4 + 64, 500);
	GLuint rgb8 = gt_new_tex(GL_TEXTURE_2D);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 6, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, data);
	GLuint ui = gt_new_tex(GL_TEXTURE_2D);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8UI, 6, 4, 0, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, data + 17);
	GLuint si = gt_new_tex(GL_TEXTURE_3D);
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGB8I, 6, 4, 2, 0, GL_RGB_INTEGER, GL_BYTE, data + 5);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	fact("round-trip images -> %s", gt_err_name(glGetError()));
	copy_image(rgb8, GL_TEXTURE_2D, 0, 1, 0, 0, ui, GL_TEXTURE_2D, 0, 2, 1, 0, 4, 3, 1);
	copy_image(ui, GL_TEXTURE_2D, 0, 0, 0, 0, si, GL_TEXTURE_3D, 0, 1, 1, 1, 5, 3, 1);
	copy_image(si, GL_TEXTURE_3D, 0, 0, 0, 1, rgb8, GL_TEXTURE_2D, 0, 0, 0, 0, 3, 4, 1);
	fact("round-trip copies -> %s", gt_err_name(glGetError()));
	fact_read_at("round trip RGB8UI", ui, GL_TEXTURE_2D, 0, 0, 0, 6, 4);
	fact_read_at("round trip RGB8I slice 1", si, GL_TEXTURE_3D, 1, 0, 0, 6, 4);
	fact_read_at("round trip RGB8I slice 0", si, GL_TEXTURE_3D, 0, 0, 0, 6, 4);
	GLuint fb = gt_fbo_with_tex(rgb8, GL_TEXTURE_2D, 0);
	fact_pixels("round trip RGB8", 6, 4);
	/* CopyTexSubImage2D from an RGBA8UI buffer into RGB8UI, and
	 * CopyTexImage2D of each RGB integer format from integer buffers */
	static const struct {
		GLenum internal, format, type;
		const char *name;
	} srcs[] = {
		{ GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, "RGBA8UI" },
		{ GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, "RGBA8I" },
		{ GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, "RGBA16UI" },
		{ GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, "RGBA32I" },
	};
	for (unsigned s = 0; s < sizeof(srcs) / sizeof(srcs[0]); s++) {
		GLuint st = tex_of(srcs[s].internal, srcs[s].format, srcs[s].type, data);
		GLuint sfb = gt_fbo_with_tex(st, GL_TEXTURE_2D, 0);
		for (int i = 0; i < NRGBS; i++) {
			GLuint t = gt_new_tex(GL_TEXTURE_2D);
			glCopyTexImage2D(GL_TEXTURE_2D, 0, rgbs[i].internal, 1, 0, 3, 3, 0);
			fact("CopyTexImage2D from %s into %s -> %s", srcs[s].name, rgbs[i].name, gt_err_name(glGetError()));
			glDeleteTextures(1, &t);
		}
		if (srcs[s].format == GL_RGBA_INTEGER && (srcs[s].type == GL_BYTE || srcs[s].type == GL_INT)) {
			/* a signed buffer into an unsigned texture: Mesa copies
			 * it, clamped, where ES 3.0 §3.8.5 says INVALID_OPERATION
			 * (as ours does): not stated */
			glBindFramebuffer(GL_FRAMEBUFFER, 0);
			glDeleteFramebuffers(1, &sfb);
			glDeleteTextures(1, &st);
			continue;
		}
		glBindTexture(GL_TEXTURE_2D, ui);
		glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 3, 1, 0, 1, 3, 2);
		char what[64];
		snprintf(what, sizeof(what), "CopyTexSubImage2D from %s into RGB8UI", srcs[s].name);
		fact("%s -> %s", what, gt_err_name(glGetError()));
		fact_read_at(what, ui, GL_TEXTURE_2D, 0, 0, 0, 6, 4);
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &sfb);
		glDeleteTextures(1, &st);
	}
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	GLuint ts[] = { rgb8, ui, si };
	glDeleteTextures(3, ts);
	free(data);
}

int main(void)
{
	/* an ES 3.0 implementation, as ours is (texture_formats.c says why) */
	setenv("MESA_GLES_VERSION_OVERRIDE", "3.0", 1);
	gt_init();
	copy_image = (PFNGLCOPYIMAGESUBDATAEXTPROC)eglGetProcAddress("glCopyImageSubDataEXT");
	if (!copy_image) {
		printf("Bail out! no glCopyImageSubDataEXT\n");
		return 1;
	}
	combos();
	uploads();
	completeness();
	framebuffers();
	depth_uploads();
	depth_clears();
	depth_blits();
	copies();
	padded_round_trips();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
