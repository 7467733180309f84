/* SPDX-License-Identifier: MIT */
/*
 * The GLES 3.0 sized texture formats added for issue #12, against Mesa:
 * RGB10_A2 and RGB10_A2UI (color-renderable 32-bit words), SRGB8 (texture
 * only), RGBA16UI and RGBA16I (8-byte integer texels, renderable), and
 * the four snorm formats (texture only). For each: which format/type
 * pairs TexImage2D and TexSubImage2D take (Table 3.2) and which error the
 * others get; uploads from client memory, from a pixel unpack buffer
 * under UNPACK_ROW_LENGTH / SKIP_*, through TexStorage2D, TexImage3D and
 * TexStorage3D; the bytes read back, either straight from a framebuffer
 * (renderable formats, in every ReadPixels pair and the error of the
 * others) or, for texture-only ones, copied raw by CopyImageSubData into a
 * renderable format of the same size class first. Then the
 * framebuffer and renderbuffer rules, the queries, the clears, the blits
 * and CopyTex* conversions that reach these formats, and the copies
 * between size classes.
 */
#include "gltest.h"

static PFNGLCOPYIMAGESUBDATAEXTPROC copy_image;

struct tfmt {
	GLenum internal, format, type;
	const char *name;
	int bpp;		/* client bytes per texel of format/type */
	GLenum partner;		/* 0: read straight; else copied into this first */
	GLenum rformat, rtype;	/* ReadPixels of the read buffer (own or the partner's) */
	int rbpp;		/* bytes per pixel of rformat/rtype */
};

static const struct tfmt tfmts[] = {
	{ GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, "RGB10_A2", 4, 0, GL_RGBA,
	  GL_UNSIGNED_INT_2_10_10_10_REV, 4 },
	{ GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, "RGB10_A2UI", 4, 0, GL_RGBA_INTEGER,
	  GL_UNSIGNED_INT, 16 },
	{ GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, "SRGB8", 3, GL_RGB8, GL_RGBA, GL_UNSIGNED_BYTE, 4 },
	{ GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, "RGBA16UI", 8, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16 },
	{ GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, "RGBA16I", 8, 0, GL_RGBA_INTEGER, GL_INT, 16 },
	{ GL_R8_SNORM, GL_RED, GL_BYTE, "R8_SNORM", 1, GL_R8UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16 },
	{ GL_RG8_SNORM, GL_RG, GL_BYTE, "RG8_SNORM", 2, GL_RG8UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16 },
	{ GL_RGB8_SNORM, GL_RGB, GL_BYTE, "RGB8_SNORM", 3, GL_RGB8, GL_RGBA, GL_UNSIGNED_BYTE, 4 },
	{ GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, "RGBA8_SNORM", 4, GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16 },
};
#define NTFMTS (int)(sizeof(tfmts) / sizeof(tfmts[0]))

/* The client pairs every format is tried with. */
static const struct gt_pair pairs[] = {
	{ GL_RGBA, GL_UNSIGNED_BYTE, "RGBA/UNSIGNED_BYTE" },
	{ GL_RGBA, GL_BYTE, "RGBA/BYTE" },
	{ GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, "RGBA/UNSIGNED_INT_2_10_10_10_REV" },
	{ GL_RGBA, GL_HALF_FLOAT, "RGBA/HALF_FLOAT" },
	{ GL_RGBA, GL_FLOAT, "RGBA/FLOAT" },
	{ GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, "RGBA/UNSIGNED_SHORT_4_4_4_4" },
	{ GL_RGBA, GL_UNSIGNED_SHORT, "RGBA/UNSIGNED_SHORT" },
	{ GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, "RGBA_INTEGER/UNSIGNED_BYTE" },
	{ GL_RGBA_INTEGER, GL_BYTE, "RGBA_INTEGER/BYTE" },
	{ GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, "RGBA_INTEGER/UNSIGNED_SHORT" },
	{ GL_RGBA_INTEGER, GL_SHORT, "RGBA_INTEGER/SHORT" },
	{ GL_RGBA_INTEGER, GL_UNSIGNED_INT, "RGBA_INTEGER/UNSIGNED_INT" },
	{ GL_RGBA_INTEGER, GL_INT, "RGBA_INTEGER/INT" },
	{ GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, "RGBA_INTEGER/UNSIGNED_INT_2_10_10_10_REV" },
	{ GL_RGB, GL_UNSIGNED_BYTE, "RGB/UNSIGNED_BYTE" },
	{ GL_RGB, GL_BYTE, "RGB/BYTE" },
	{ GL_RGB, GL_FLOAT, "RGB/FLOAT" },
	{ GL_RGB, GL_UNSIGNED_SHORT_5_6_5, "RGB/UNSIGNED_SHORT_5_6_5" },
	{ GL_RGB_INTEGER, GL_UNSIGNED_BYTE, "RGB_INTEGER/UNSIGNED_BYTE" },
	{ GL_RG, GL_BYTE, "RG/BYTE" },
	{ GL_RG, GL_UNSIGNED_BYTE, "RG/UNSIGNED_BYTE" },
	{ GL_RED, GL_BYTE, "RED/BYTE" },
	{ GL_RED, GL_UNSIGNED_BYTE, "RED/UNSIGNED_BYTE" },
	{ GL_LUMINANCE, GL_UNSIGNED_BYTE, "LUMINANCE/UNSIGNED_BYTE" },
	{ GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, "DEPTH_COMPONENT/UNSIGNED_INT" },
};
#define NPAIRS (int)(sizeof(pairs) / sizeof(pairs[0]))

/* States the w x h pixels at x, y of layer z of level of tex (target)
 * as f reads them back: from a framebuffer of tex itself, or of a copy
 * into f's partner format. */
static void fact_read_at(const struct tfmt *f, const char *what, GLuint tex, GLenum target, int level, int z,
			 int x, int y, int w, int h)
{
	GLuint fb, src = tex, partner = 0;
	GLenum err = GL_NO_ERROR;
	if (f->partner) {
		GLint bound = 0;
		glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
		partner = gt_new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 1, f->partner, w, h);
		copy_image(tex, target, level, x, y, z, partner, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, 1);
		err = glGetError();
		glBindTexture(GL_TEXTURE_2D, (GLuint)bound);
		src = partner;
		z = 0;
		x = y = level = 0;
		target = GL_TEXTURE_2D;
	}
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	if (target == GL_TEXTURE_2D)
		glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, src, level);
	else
		glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, src, level, z);
	size_t n = (size_t)w * h * f->rbpp;
	uint8_t *px = calloc(n, 1);
	glReadPixels(x, y, w, h, f->rformat, f->rtype, px);
	GLenum rerr = glGetError();
	fact("%s %s: copy %s read %s hash %08x %s", f->name, what, gt_err_name(err), gt_err_name(rerr), gt_hash(px, n),
	     gt_hex(px, n));
	free(px);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	if (partner)
		glDeleteTextures(1, &partner);
}

static void fact_read(const struct tfmt *f, const char *what, GLuint tex, GLenum target, int z, int w, int h)
{
	fact_read_at(f, what, tex, target, 0, z, 0, 0, w, h);
}

/* ---- which client pairs each format takes ---- */

static void combos(void)
{
	for (int i = 0; i < NTFMTS; i++)
		fact_pairs(tfmts[i].internal, tfmts[i].name, pairs, NPAIRS);
}

/* ---- uploads and what reads back ---- */

static void uploads(void)
{
	for (int i = 0; i < NTFMTS; i++) {
		const struct tfmt *f = &tfmts[i];
		int w = 7, h = 5;
		size_t n = (size_t)w * h * f->bpp;
		uint8_t *data = gt_pattern(n * 4 + 64, 100 + (unsigned)i);
		glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
		/* TexImage2D from client memory */
		GLuint t = gt_new_tex(GL_TEXTURE_2D);
		glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, w, h, 0, f->format, f->type, data);
		fact("%s TexImage2D 7x5 -> %s", f->name, gt_err_name(glGetError()));
		fact_read(f, "TexImage2D", t, GL_TEXTURE_2D, 0, w, h);
		/* a sub-rectangle from a pixel unpack buffer, rows 9 texels apart, skipping 1 row and 2 texels */
		GLuint pbo;
		glGenBuffers(1, &pbo);
		glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
		glBufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)(n * 4 + 64), data + 7, GL_STATIC_DRAW);
		glPixelStorei(GL_UNPACK_ROW_LENGTH, 9);
		glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
		glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
		glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 4, 3, f->format, f->type, (void *)(uintptr_t)(f->bpp * 3));
		fact("%s TexSubImage2D from an unpack buffer -> %s", f->name, gt_err_name(glGetError()));
		glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
		glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
		glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
		fact_read(f, "after TexSubImage2D", t, GL_TEXTURE_2D, 0, w, h);
		/* TexStorage2D with TexImage-less data from the buffer, whole */
		GLuint s = gt_new_tex(GL_TEXTURE_2D);
		glTexStorage2D(GL_TEXTURE_2D, 3, f->internal, w, h);
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, f->format, f->type, (void *)(uintptr_t)(f->bpp * 5));
		fact("%s TexStorage2D + TexSubImage2D from the buffer -> %s", f->name, gt_err_name(glGetError()));
		fact_read(f, "TexStorage2D", s, GL_TEXTURE_2D, 0, w, h);
		glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
		glDeleteBuffers(1, &pbo);
		/* a 2D array: TexImage3D of 3 layers, then TexStorage3D */
		GLuint a = gt_new_tex(GL_TEXTURE_2D_ARRAY);
		glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, (GLint)f->internal, 4, 3, 3, 0, f->format, f->type, data + 11);
		fact("%s TexImage3D -> %s", f->name, gt_err_name(glGetError()));
		fact_read(f, "TexImage3D layer 2", a, GL_TEXTURE_2D_ARRAY, 2, 4, 3);
		GLuint b = gt_new_tex(GL_TEXTURE_2D_ARRAY);
		glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, f->internal, 4, 3, 2);
		glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 1, 1, 1, 3, 2, 1, f->format, f->type, data + 3);
		fact("%s TexStorage3D + TexSubImage3D -> %s", f->name, gt_err_name(glGetError()));
		/* only what was written: the rest of TexStorage's image is undefined */
		fact_read_at(f, "TexStorage3D layer 1", b, GL_TEXTURE_2D_ARRAY, 0, 1, 1, 1, 3, 2);
		GLuint d = gt_new_tex(GL_TEXTURE_3D);
		glTexStorage3D(GL_TEXTURE_3D, 1, f->internal, 4, 3, 2);
		fact("%s TexStorage3D(TEXTURE_3D) -> %s", f->name, gt_err_name(glGetError()));
		/* GenerateMipmap: filterable and renderable or not. What
		 * RGB10_A2 levels hold is not stated: llvmpipe's linear blit
		 * rounds the mean of 2x2 10-bit texels off by one now and then
		 * (932.25 to 933, 257.5 to 257), which our exact mean does not */
		glBindTexture(GL_TEXTURE_2D, s);
		glGenerateMipmap(GL_TEXTURE_2D);
		fact("%s GenerateMipmap -> %s", f->name, gt_err_name(glGetError()));
		glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
		glDeleteTextures(1, &t);
		glDeleteTextures(1, &s);
		glDeleteTextures(1, &a);
		glDeleteTextures(1, &b);
		glDeleteTextures(1, &d);
		free(data);
	}
}

/* ---- framebuffers, renderbuffers, queries ---- */

static void framebuffers(void)
{
	static const struct {
		GLenum format, type;
		const char *name;
		int bpp;
	} reads[] = {
		{ GL_RGBA, GL_UNSIGNED_BYTE, "RGBA/UNSIGNED_BYTE", 4 },
		{ GL_RGBA, GL_BYTE, "RGBA/BYTE", 4 },
		{ GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, "RGBA/UNSIGNED_INT_2_10_10_10_REV", 4 },
		{ GL_RGBA, GL_FLOAT, "RGBA/FLOAT", 16 },
		{ GL_RGB, GL_UNSIGNED_BYTE, "RGB/UNSIGNED_BYTE", 3 },
		{ GL_RGBA_INTEGER, GL_UNSIGNED_INT, "RGBA_INTEGER/UNSIGNED_INT", 16 },
		{ GL_RGBA_INTEGER, GL_INT, "RGBA_INTEGER/INT", 16 },
		{ GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, "RGBA_INTEGER/UNSIGNED_SHORT", 8 },
		{ GL_RGBA_INTEGER, GL_SHORT, "RGBA_INTEGER/SHORT", 8 },
		{ GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, "RGBA_INTEGER/UNSIGNED_INT_2_10_10_10_REV", 4 },
		{ GL_RGB_INTEGER, GL_UNSIGNED_INT, "RGB_INTEGER/UNSIGNED_INT", 12 },
	};
	for (int i = 0; i < NTFMTS; i++) {
		const struct tfmt *f = &tfmts[i];
		int w = 6, h = 4;
		uint8_t *data = gt_pattern((size_t)w * h * f->bpp, 200 + (unsigned)i);
		GLuint t = gt_new_tex(GL_TEXTURE_2D);
		glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
		glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal, w, h, 0, f->format, f->type, data);
		glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
		GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
		GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
		fact("%s texture attachment: status 0x%x", f->name, status);
		if (status == GL_FRAMEBUFFER_COMPLETE) {
			GLint rf = 0, rt = 0, v[6];
			glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &rf);
			glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &rt);
			fact("%s: IMPLEMENTATION_COLOR_READ_FORMAT 0x%x TYPE 0x%x", f->name, rf, rt);
			static const GLenum pn[6] = { GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE,
						      GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE,
						      GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE,
						      GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING };
			for (int k = 0; k < 6; k++)
				glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, pn[k], &v[k]);
			fact("%s attachment: sizes %d %d %d %d type 0x%x encoding 0x%x", f->name, v[0], v[1], v[2], v[3],
			     v[4], v[5]);
			for (unsigned r = 0; r < sizeof(reads) / sizeof(reads[0]); r++) {
				size_t n = (size_t)w * h * reads[r].bpp;
				uint8_t *px = calloc(n, 1);
				glReadPixels(0, 0, w, h, reads[r].format, reads[r].type, px);
				GLenum e = glGetError();
				fact("%s ReadPixels %s -> %s hash %08x %s", f->name, reads[r].name, gt_err_name(e),
				     gt_hash(px, n), e ? "" : gt_hex(px, n));
				free(px);
			}
		}
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &fb);
		/* a renderbuffer of it, single and multisample, and the sample queries */
		GLuint rb;
		glGenRenderbuffers(1, &rb);
		glBindRenderbuffer(GL_RENDERBUFFER, rb);
		glRenderbufferStorage(GL_RENDERBUFFER, f->internal, 5, 5);
		GLenum e1 = glGetError();
		glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, f->internal, 5, 5);
		GLenum e2 = glGetError();
		GLint ns = -1, sm[4] = { -1, -1, -1, -1 };
		glGetInternalformativ(GL_RENDERBUFFER, f->internal, GL_NUM_SAMPLE_COUNTS, 1, &ns);
		GLenum e3 = glGetError();
		glGetInternalformativ(GL_RENDERBUFFER, f->internal, GL_SAMPLES, 4, sm);
		GLenum e4 = glGetError();
		fact("%s RenderbufferStorage %s, Multisample(4) %s; NUM_SAMPLE_COUNTS %s %d SAMPLES %s %d", f->name,
		     gt_err_name(e1), gt_err_name(e2), gt_err_name(e3), ns, gt_err_name(e4), sm[0]);
		glDeleteRenderbuffers(1, &rb);
		glDeleteTextures(1, &t);
		free(data);
	}
}

/* ---- clears of the renderable ones ---- */

static void clears(void)
{
	GLuint rb;
	/* RGB10_A2: a float clear is rounded to 10 and 2 bits */
	gt_fbo_with_rb(GL_RGB10_A2, 4, 4, &rb);
	glClearColor(0.3f, 0.5f, 0.999f, 0.6f);
	glClear(GL_COLOR_BUFFER_BIT);
	GLfloat fv[4] = { 0.1f, 1.5f, -1.0f, 0.2f };
	glEnable(GL_SCISSOR_TEST);
	glScissor(1, 1, 2, 2);
	glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
	glClearBufferfv(GL_COLOR, 0, fv);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glDisable(GL_SCISSOR_TEST);
	uint32_t px[16 * 4];
	glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, px);
	fact("RGB10_A2 cleared: %s %08x %08x", gt_err_name(glGetError()), px[0], px[5]);
	glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact("RGB10_A2 cleared as bytes: %s %08x %08x", gt_err_name(glGetError()), px[0], px[5]);
	glDeleteRenderbuffers(1, &rb);
	static const struct {
		GLenum internal;
		const char *name;
		bool sint;
	} ints[] = {
		{ GL_RGB10_A2UI, "RGB10_A2UI", false },
		{ GL_RGBA16UI, "RGBA16UI", false },
		{ GL_RGBA16I, "RGBA16I", true },
	};
	for (unsigned i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		gt_fbo_with_rb(ints[i].internal, 4, 4, &rb);
		GLint iv[4] = { 70000, -40000, 513, 3 };
		GLint iv2[4] = { 1, 2, -3, -4 };
		if (ints[i].sint)
			glClearBufferiv(GL_COLOR, 0, iv);
		else
			glClearBufferuiv(GL_COLOR, 0, (const GLuint *)iv);
		glEnable(GL_SCISSOR_TEST);
		glScissor(1, 1, 2, 2);
		glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
		if (ints[i].sint)
			glClearBufferiv(GL_COLOR, 0, iv2);
		else
			glClearBufferuiv(GL_COLOR, 0, (const GLuint *)iv2);
		glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
		glDisable(GL_SCISSOR_TEST);
		/* the other signedness leaves it alone */
		if (ints[i].sint)
			glClearBufferuiv(GL_COLOR, 0, (const GLuint *)iv2);
		else
			glClearBufferiv(GL_COLOR, 0, iv2);
		fact("%s ClearBuffer of the other signedness -> %s", ints[i].name, gt_err_name(glGetError()));
		glReadPixels(0, 0, 4, 4, GL_RGBA_INTEGER, ints[i].sint ? GL_INT : GL_UNSIGNED_INT, px);
		fact("%s cleared: %s %08x %08x %08x %08x / %08x %08x %08x %08x", ints[i].name, gt_err_name(glGetError()),
		     px[0], px[1], px[2], px[3], px[20], px[21], px[22], px[23]);
		glDeleteRenderbuffers(1, &rb);
	}
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* ---- conversions: blits and CopyTex* ---- */

static GLuint tex_fb(GLenum internal, GLenum format, GLenum type, int w, int h, const void *data, GLuint *fb)
{
	GLuint t = gt_new_tex(GL_TEXTURE_2D);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, w, h, 0, format, type, data);
	*fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
	return t;
}

/* Blits all of src_fb into dst_fb (1:1, NEAREST), states the error, and states dst_fb read back as format/type (bpp bytes a pixel). */
static void blit_fact(const char *src, GLuint src_fb, const char *dst, GLuint dst_fb, GLenum format, GLenum type,
		      int bpp, int w, int h, uint8_t *px)
{
	glBindFramebuffer(GL_READ_FRAMEBUFFER, src_fb);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dst_fb);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact("BlitFramebuffer %s to %s -> %s", src, dst, gt_err_name(glGetError()));
	glBindFramebuffer(GL_READ_FRAMEBUFFER, dst_fb);
	glReadPixels(0, 0, w, h, format, type, px);
	fact("%s from %s: %08x %s", dst, src, gt_hash(px, (size_t)w * h * (size_t)bpp), gt_hex(px, 32));
}

static void conversions(void)
{
	int w = 8, h = 4;
	uint8_t *data = gt_pattern((size_t)w * h * 8 + 16, 300);
	GLuint fb10, fb8, fb16, fbui, fb32;
	GLuint t10 = tex_fb(GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, w, h, data, &fb10);
	GLuint t8 = tex_fb(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, w, h, data + 5, &fb8);
	GLuint t16 = tex_fb(GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, w, h, data + 3, &fb16);
	GLuint tui = tex_fb(GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, w, h, data + 9, &fbui);
	GLuint t32 = tex_fb(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, w, h, NULL, &fb32);
	fact("conversion sources -> %s", gt_err_name(glGetError()));
	uint8_t px[8 * 4 * 16];
	/* blits between RGB10_A2 and RGBA8, both ways */
	GLuint dst8, dst10, fbd8, fbd10;
	dst8 = tex_fb(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, w, h, NULL, &fbd8);
	dst10 = tex_fb(GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, w, h, NULL, &fbd10);
	blit_fact("RGB10_A2", fb10, "RGBA8", fbd8, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, px);
	blit_fact("RGBA8", fb8, "RGB10_A2", fbd10, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 4, w, h, px);
	/* integer blits: RGBA16UI into RGBA32UI, RGB10_A2UI into RGBA16UI (LINEAR refused), and a refused one */
	blit_fact("RGBA16UI", fb16, "RGBA32UI", fb32, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16, w, h, px);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, fbui);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb16);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_LINEAR);
	fact("BlitFramebuffer RGB10_A2UI to RGBA16UI LINEAR -> %s", gt_err_name(glGetError()));
	blit_fact("RGB10_A2UI", fbui, "RGBA16UI", fb16, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16, w, h, px);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb8);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact("BlitFramebuffer RGBA16UI to RGBA8 -> %s", gt_err_name(glGetError()));

	/* CopyTexImage2D: from each renderable source into each format */
	const struct {
		GLuint *fb;
		const char *name;
	} srcs[] = { { &fb10, "RGB10_A2" }, { &fb8, "RGBA8" }, { &fb16, "RGBA16UI" }, { &fbui, "RGB10_A2UI" } };
	static const struct {
		GLenum internal;
		const char *name;
	} dsts[] = {
		{ GL_RGBA, "RGBA" }, { GL_RGB, "RGB" }, { GL_RGB10_A2, "RGB10_A2" }, { GL_RGBA8, "RGBA8" },
		{ GL_RGB5_A1, "RGB5_A1" }, { GL_SRGB8, "SRGB8" }, { GL_SRGB8_ALPHA8, "SRGB8_ALPHA8" },
		{ GL_RGB10_A2UI, "RGB10_A2UI" }, { GL_RGBA16UI, "RGBA16UI" }, { GL_RGBA16I, "RGBA16I" },
		{ GL_RGBA8UI, "RGBA8UI" }, { GL_RGBA32UI, "RGBA32UI" }, { GL_R8_SNORM, "R8_SNORM" },
		{ GL_RGBA8_SNORM, "RGBA8_SNORM" }, { GL_RGB8, "RGB8" },
	};
	for (unsigned s = 0; s < sizeof(srcs) / sizeof(srcs[0]); s++)
		for (unsigned d = 0; d < sizeof(dsts) / sizeof(dsts[0]); d++) {
			glBindFramebuffer(GL_FRAMEBUFFER, *srcs[s].fb);
			GLuint c = gt_new_tex(GL_TEXTURE_2D);
			glCopyTexImage2D(GL_TEXTURE_2D, 0, dsts[d].internal, 1, 1, 4, 2, 0);
			fact("CopyTexImage2D from %s into %s -> %s", srcs[s].name, dsts[d].name, gt_err_name(glGetError()));
			glDeleteTextures(1, &c);
		}
	/* CopyTexSubImage2D across formats, and what it wrote */
	const struct {
		GLuint *fb, *tex;
		const char *name;
		GLenum rf, rt;
		int bpp;
		GLuint *rfb;
	} subs[] = {
		{ &fb10, &t8, "RGB10_A2 into RGBA8", GL_RGBA, GL_UNSIGNED_BYTE, 4, &fb8 },
		{ &fb8, &t10, "RGBA8 into RGB10_A2", GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 4, &fb10 },
		{ &fbui, &t16, "RGB10_A2UI into RGBA16UI", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16, &fb16 },
		{ &fb16, &t32, "RGBA16UI into RGBA32UI", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16, &fb32 },
		{ &fb16, &tui, "RGBA16UI into RGB10_A2UI", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16, &fbui },
	};
	for (unsigned s = 0; s < sizeof(subs) / sizeof(subs[0]); s++) {
		glBindFramebuffer(GL_FRAMEBUFFER, *subs[s].fb);
		glBindTexture(GL_TEXTURE_2D, *subs[s].tex);
		glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 0, 5, 3);
		GLenum e = glGetError();
		glBindFramebuffer(GL_FRAMEBUFFER, *subs[s].rfb);
		glReadPixels(0, 0, w, h, subs[s].rf, subs[s].rt, px);
		fact("CopyTexSubImage2D %s -> %s: %08x", subs[s].name, gt_err_name(e),
		     gt_hash(px, (size_t)w * h * subs[s].bpp));
	}
	/* a copy of RGB10_A2 in its own format keeps every bit */
	glBindFramebuffer(GL_FRAMEBUFFER, fbd10);
	glClearColor(0.25f, 0.75f, 0.5f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glBindFramebuffer(GL_FRAMEBUFFER, fb10);
	GLuint c = gt_new_tex(GL_TEXTURE_2D);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB10_A2, 0, 0, w, h, 0);
	GLuint cfb = gt_fbo_with_tex(c, GL_TEXTURE_2D, 0);
	glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, px);
	fact("CopyTexImage2D RGB10_A2 -> %s: %08x", gt_err_name(glGetError()), gt_hash(px, (size_t)w * h * 4));
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	GLuint fbs[] = { fb10, fb8, fb16, fbui, fb32, fbd8, fbd10, cfb };
	glDeleteFramebuffers(8, fbs);
	GLuint ts[] = { t10, t8, t16, tui, t32, dst8, dst10, c };
	glDeleteTextures(8, ts);
	free(data);
}

/* ---- RGB5_A1 from 10-bit words: narrowed through bytes ---- */

static void rgb5a1_from_10bit(void)
{
	uint32_t words[16];
	for (int i = 0; i < 16; i++)	/* every 10-bit step near the 5-bit rounding points, every alpha */
		words[i] = (uint32_t)(i * 33 + 16) | (uint32_t)(1023 - i * 65) << 10 | (uint32_t)(i * 7 + 480) << 20 |
			   (uint32_t)(i & 3) << 30;
	GLuint t = gt_new_tex(GL_TEXTURE_2D);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB5_A1, 4, 4, 0, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, words);
	GLenum e = glGetError();
	glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, words + 5);
	GLenum e2 = glGetError();
	GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
	uint8_t b[64];
	glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, b);
	fact("RGB5_A1 from UNSIGNED_INT_2_10_10_10_REV: %s, sub %s, read %s: %08x %s", gt_err_name(e),
	     gt_err_name(e2), gt_err_name(glGetError()), gt_hash(b, 64), gt_hex(b, 48));
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &t);
}

/* ---- CopyImageSubData between size classes ---- */

static void copies(void)
{
	static const struct gt_copy_pair c[] = {
		{ GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
		  "RGB10_A2 and RGBA8UI" },
		{ GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, GL_R32UI, GL_RED_INTEGER,
		  GL_UNSIGNED_INT, "RGB10_A2UI and R32UI" },
		{ GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT,
		  "RGBA16UI and RG32UI" },
		{ GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT,
		  "RGBA16I and RGBA16UI" },
		{ GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, "SRGB8 and RGB8" },
		{ GL_RGB8_SNORM, GL_RGB, GL_BYTE, GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, "RGB8_SNORM and SRGB8" },
		{ GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, "RGBA8_SNORM and RGBA8" },
		{ GL_RG8_SNORM, GL_RG, GL_BYTE, GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, "RG8_SNORM and R16UI" },
		{ GL_R8_SNORM, GL_RED, GL_BYTE, GL_R8, GL_RED, GL_UNSIGNED_BYTE, "R8_SNORM and R8" },
		{ GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE,
		  "RGB10_A2 and RGB8" },
		{ GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
		  "RGBA16UI and RGBA8UI" },
		{ GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, "SRGB8 and RGBA8" },
		{ GL_RGB8_SNORM, GL_RGB, GL_BYTE, GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, "RGB8_SNORM and RGBA8_SNORM" },
	};
	uint8_t *data = gt_pattern(4 * 4 * 16, 400);
	for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		fact_copy_pair(copy_image, &c[i], data, data + 3);
	free(data);
}

int main(void)
{
	/* an ES 3.0 implementation, as ours is: llvmpipe gives ES 3.2
	 * otherwise, where integer formats have multisample storage and the
	 * snorm ones are color-renderable (EXT_render_snorm) */
	setenv("MESA_GLES_VERSION_OVERRIDE", "3.0", 1);
	gt_init();
	copy_image = (PFNGLCOPYIMAGESUBDATAEXTPROC)eglGetProcAddress("glCopyImageSubDataEXT");
	if (!copy_image) {
		printf("Bail out! no glCopyImageSubDataEXT\n");
		return 1;
	}
	combos();
	uploads();
	framebuffers();
	clears();
	conversions();
	rgb5a1_from_10bit();
	copies();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
