/* SPDX-License-Identifier: MIT */
/*
 * Compressed textures against Mesa: the ten ETC2/EAC formats of GLES 3.0
 * through CompressedTexImage2D/3D, CompressedTexSubImage2D/3D and
 * TexStorage2D/3D, for 2D textures, cube map faces and 2D arrays, from
 * client memory and from a pixel unpack buffer, with level sizes that are
 * not multiples of 4 (13x7 down to 1x1, each still one whole block); the
 * blocks read back without decoding anything: CopyImageSubData into an
 * RGBA32UI (16-byte blocks) or RG32UI (8-byte blocks) texture, one texel a
 * block, attached to a framebuffer and read with RGBA_INTEGER /
 * UNSIGNED_INT. The data are random bytes: neither stack decodes them on
 * the way. Then the GLES 3.0 errors of all of it, the queries, the copies
 * between compressed formats and between compressed and uncompressed
 * ones, and what a compressed texture may not be (an attachment, a
 * CopyTex* or TexSubImage destination, a GenerateMipmap source). The
 * 64 and 128-bit integer formats the read-back goes through are checked on
 * their own first (uploads, clears, blits, renderbuffers).
 */
#include "gltest.h"

static PFNGLCOPYIMAGESUBDATAEXTPROC copy_image;

struct cfmt {
	GLenum internal;
	const char *name;
	int bytes;	/* per 4x4 block */
};

static const struct cfmt cfmts[] = {
	{ GL_COMPRESSED_R11_EAC, "R11_EAC", 8 },
	{ GL_COMPRESSED_SIGNED_R11_EAC, "SIGNED_R11_EAC", 8 },
	{ GL_COMPRESSED_RG11_EAC, "RG11_EAC", 16 },
	{ GL_COMPRESSED_SIGNED_RG11_EAC, "SIGNED_RG11_EAC", 16 },
	{ GL_COMPRESSED_RGB8_ETC2, "RGB8_ETC2", 8 },
	{ GL_COMPRESSED_SRGB8_ETC2, "SRGB8_ETC2", 8 },
	{ GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, "RGB8_PUNCHTHROUGH_ALPHA1_ETC2", 8 },
	{ GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, "SRGB8_PUNCHTHROUGH_ALPHA1_ETC2", 8 },
	{ GL_COMPRESSED_RGBA8_ETC2_EAC, "RGBA8_ETC2_EAC", 16 },
	{ GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, "SRGB8_ALPHA8_ETC2_EAC", 16 },
};
#define NCFMTS (int)(sizeof(cfmts) / sizeof(cfmts[0]))

static int blocks(int texels)
{
	return (texels + 3) / 4;
}

static size_t image_bytes(int w, int h, int d, int bytes)
{
	return (size_t)blocks(w) * (size_t)blocks(h) * (size_t)d * (size_t)bytes;
}

/* The blocks of texels x, y, w, h of image z (face or layer) of level of
 * tex: copied into a new RGBA32UI or RG32UI texture, read back and
 * unpacked to bytes (blocks(w) x blocks(h) of bytes each, malloc'd). The
 * GL errors of the copy and of the read in *err. */
static uint8_t *read_blocks(GLuint tex, GLenum target, int level, int z, int x, int y, int w, int h, int bytes,
			    GLenum err[2])
{
	int bw = blocks(w), bh = blocks(h);
	GLint bound = 0;
	glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
	GLuint u;
	glGenTextures(1, &u);
	glBindTexture(GL_TEXTURE_2D, u);
	glTexStorage2D(GL_TEXTURE_2D, 1, bytes == 16 ? GL_RGBA32UI : GL_RG32UI, bw, bh);
	gt_nearest(GL_TEXTURE_2D);
	copy_image(tex, target, level, x, y, z, u, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, 1);
	err[0] = glGetError();
	GLuint fb = gt_fbo_with_tex(u, GL_TEXTURE_2D, 0);
	uint32_t *px = calloc((size_t)bw * bh, 16);
	glReadPixels(0, 0, bw, bh, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
	err[1] = glGetError();
	uint8_t *out = malloc((size_t)bw * bh * bytes);
	for (int i = 0; i < bw * bh; i++)
		memcpy(out + (size_t)i * bytes, px + (size_t)i * 4, (size_t)bytes);
	free(px);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &u);
	glBindTexture(GL_TEXTURE_2D, (GLuint)bound);
	return out;
}

/* The blocks of a region as a fact: errors, hash, and whether they are
 * the bytes expected (NULL: no expectation). */
static void fact_blocks(const char *what, GLuint tex, GLenum target, int level, int z, int x, int y, int w, int h,
			int bytes, const uint8_t *expect)
{
	GLenum err[2];
	uint8_t *b = read_blocks(tex, target, level, z, x, y, w, h, bytes, err);
	size_t n = image_bytes(w, h, 1, bytes);
	fact("%s: copy %s read %s, %d blocks hash %08x%s", what, gt_err_name(err[0]), gt_err_name(err[1]),
	     blocks(w) * blocks(h), gt_hash(b, n), !expect ? "" : memcmp(b, expect, n) == 0 ? ", as uploaded" : ", NOT as uploaded");
	free(b);
}

/* ---- the 64 and 128-bit integer formats of the read-back ---- */

static void wide_formats(void)
{
	static const struct {
		GLenum internal, format, type;
		const char *name;
		int bpp;
	} f[] = {
		{ GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, "RG32UI", 8 },
		{ GL_RG32I, GL_RG_INTEGER, GL_INT, "RG32I", 8 },
		{ GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, "RGBA32UI", 16 },
		{ GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, "RGBA32I", 16 },
	};
	for (unsigned i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		char s[160];
		bool sint = f[i].type == GL_INT;
		int w = 37, h = 9;	/* rows past 512 bytes at 16 bytes a texel, odd sizes */
		uint8_t *data = gt_pattern((size_t)w * h * f[i].bpp, 70 + i);
		GLuint t;
		glGenTextures(1, &t);
		glBindTexture(GL_TEXTURE_2D, t);
		gt_nearest(GL_TEXTURE_2D);
		glTexImage2D(GL_TEXTURE_2D, 0, f[i].internal, w, h, 0, f[i].format, f[i].type, data);
		snprintf(s, sizeof(s), "%s TexImage2D", f[i].name);
		fact_err(s);
		GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
		fact("%s: status 0x%x", f[i].name, glCheckFramebufferStatus(GL_FRAMEBUFFER));
		GLint rf = 0, rt = 0;
		glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &rf);
		glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &rt);
		fact("%s: IMPLEMENTATION_COLOR_READ_FORMAT 0x%x TYPE 0x%x", f[i].name, rf, rt);
		/* read in its own format, and as RGBA */
		uint8_t *px = calloc((size_t)w * h, 16);
		glReadPixels(0, 0, w, h, f[i].format, f[i].type, px);
		fact("%s: ReadPixels(own format) %s hash %08x%s", f[i].name, gt_err_name(glGetError()),
		     gt_hash(px, (size_t)w * h * f[i].bpp), memcmp(px, data, (size_t)w * h * f[i].bpp) ? "" : ", as uploaded");
		glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, sint ? GL_INT : GL_UNSIGNED_INT, px);
		fact("%s: ReadPixels(RGBA_INTEGER) %s hash %08x", f[i].name, gt_err_name(glGetError()),
		     gt_hash(px, (size_t)w * h * 16));
		/* a sub-image, a clear of part of it under a color mask and the scissor */
		glTexSubImage2D(GL_TEXTURE_2D, 0, 3, 2, 5, 4, f[i].format, f[i].type, data + 64);
		snprintf(s, sizeof(s), "%s TexSubImage2D", f[i].name);
		fact_err(s);
		glEnable(GL_SCISSOR_TEST);
		glScissor(10, 1, 20, 5);
		glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
		GLint iv[4] = { -5, 77, 0x12345678, -1 };
		if (sint)
			glClearBufferiv(GL_COLOR, 0, iv);
		else
			glClearBufferuiv(GL_COLOR, 0, (const GLuint *)iv);
		snprintf(s, sizeof(s), "%s ClearBuffer", f[i].name);
		fact_err(s);
		glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
		glScissor(0, 0, 3, 3);
		if (sint)
			glClearBufferiv(GL_COLOR, 0, iv);
		else
			glClearBufferuiv(GL_COLOR, 0, (const GLuint *)iv);
		glDisable(GL_SCISSOR_TEST);
		glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, sint ? GL_INT : GL_UNSIGNED_INT, px);
		fact("%s: after the clears %s hash %08x", f[i].name, gt_err_name(glGetError()),
		     gt_hash(px, (size_t)w * h * 16));
		/* read into a pixel pack buffer at an offset */
		GLuint pbo;
		glGenBuffers(1, &pbo);
		glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
		glBufferData(GL_PIXEL_PACK_BUFFER, (GLsizeiptr)w * h * 16 + 64, NULL, GL_STREAM_READ);
		glReadPixels(1, 1, w - 2, h - 2, f[i].format, f[i].type, (void *)(uintptr_t)64);
		snprintf(s, sizeof(s), "%s ReadPixels into a pack buffer", f[i].name);
		fact_err(s);
		const uint8_t *m = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 64, (GLsizeiptr)(w - 2) * (h - 2) * f[i].bpp,
						    GL_MAP_READ_BIT);
		fact("%s pack buffer: hash %08x", f[i].name, m ? gt_hash(m, (size_t)(w - 2) * (h - 2) * f[i].bpp) : 0);
		glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
		glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
		glDeleteBuffers(1, &pbo);
		/* CopyTexImage2D and CopyTexSubImage2D from it */
		GLuint ct;
		glGenTextures(1, &ct);
		glBindTexture(GL_TEXTURE_2D, ct);
		glCopyTexImage2D(GL_TEXTURE_2D, 0, f[i].internal, 2, 1, 20, 6, 0);
		snprintf(s, sizeof(s), "%s CopyTexImage2D", f[i].name);
		fact_err(s);
		glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 3, 2, 25, 0, 9, 4);
		snprintf(s, sizeof(s), "%s CopyTexSubImage2D", f[i].name);
		fact_err(s);
		glCopyTexImage2D(GL_TEXTURE_2D, 0, sint ? GL_RGBA8I : GL_RGBA8UI, 0, 0, 4, 4, 0);
		snprintf(s, sizeof(s), "%s CopyTexImage2D(%s)", f[i].name, sint ? "RGBA8I" : "RGBA8UI");
		fact_err(s);
		glGenerateMipmap(GL_TEXTURE_2D);
		snprintf(s, sizeof(s), "%s GenerateMipmap", f[i].name);
		fact_err(s);
		glBindTexture(GL_TEXTURE_2D, t);
		/* a renderbuffer of it, blitted into (1:1 and mirrored) and copied into */
		GLuint rb, rfb = gt_fbo_with_rb(f[i].internal, w, h, &rb);
		fact("%s renderbuffer: status 0x%x", f[i].name, glCheckFramebufferStatus(GL_FRAMEBUFFER));
		glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
		glBindFramebuffer(GL_DRAW_FRAMEBUFFER, rfb);
		glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
		snprintf(s, sizeof(s), "%s BlitFramebuffer 1:1", f[i].name);
		fact_err(s);
		glBlitFramebuffer(0, 0, 10, 5, 20, 6, 10, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
		snprintf(s, sizeof(s), "%s BlitFramebuffer mirrored", f[i].name);
		fact_err(s);
		glBindFramebuffer(GL_FRAMEBUFFER, rfb);
		glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, sint ? GL_INT : GL_UNSIGNED_INT, px);
		fact("%s renderbuffer: %s hash %08x", f[i].name, gt_err_name(glGetError()), gt_hash(px, (size_t)w * h * 16));
		copy_image(t, GL_TEXTURE_2D, 0, 1, 1, 0, rb, GL_RENDERBUFFER, 0, 30, 2, 0, 7, 7, 1);
		snprintf(s, sizeof(s), "%s CopyImageSubData texture to renderbuffer", f[i].name);
		fact_err(s);
		glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, sint ? GL_INT : GL_UNSIGNED_INT, px);
		fact("%s renderbuffer after the copy: %s hash %08x", f[i].name, gt_err_name(glGetError()),
		     gt_hash(px, (size_t)w * h * 16));
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &rfb);
		glDeleteRenderbuffers(1, &rb);
		/* what the copies made, read through a framebuffer of their own */
		glBindTexture(GL_TEXTURE_2D, ct);
		gt_nearest(GL_TEXTURE_2D);
		glBindFramebuffer(GL_FRAMEBUFFER, fb);
		glCopyTexImage2D(GL_TEXTURE_2D, 0, f[i].internal, 2, 1, 20, 6, 0);
		glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 3, 2, 25, 0, 9, 4);
		snprintf(s, sizeof(s), "%s CopyTexImage2D and CopyTexSubImage2D again", f[i].name);
		fact_err(s);
		GLuint cfb = gt_fbo_with_tex(ct, GL_TEXTURE_2D, 0);
		glReadPixels(0, 0, 20, 6, GL_RGBA_INTEGER, sint ? GL_INT : GL_UNSIGNED_INT, px);
		fact("%s copied texture: %s hash %08x", f[i].name, gt_err_name(glGetError()), gt_hash(px, 20 * 6 * 16));
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &cfb);
		glDeleteFramebuffers(1, &fb);
		glDeleteTextures(1, &ct);
		glDeleteTextures(1, &t);
		free(px);
		free(data);
	}
}

/* ---- queries ---- */

static void queries(void)
{
	GLint n = -1;
	glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
	check(n >= NCFMTS, "NUM_COMPRESSED_TEXTURE_FORMATS %d: the ten ETC2/EAC formats at least", n);
	if (gt_ours())
		check(n == NCFMTS + 1, "ours: exactly the ten ETC2/EAC formats and ETC1");
	GLint *list = calloc((size_t)(n > 0 ? n : 1) + 16, sizeof(GLint));
	glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, list);
	fact_err("GetIntegerv(COMPRESSED_TEXTURE_FORMATS)");
	for (int i = 0; i < NCFMTS; i++) {
		bool in = false;
		for (int j = 0; j < n; j++)
			in |= (GLenum)list[j] == cfmts[i].internal;
		fact("COMPRESSED_TEXTURE_FORMATS has %s: %s", cfmts[i].name, in ? "yes" : "no");
	}
	bool etc1 = false;
	for (int j = 0; j < n; j++)
		etc1 |= (GLenum)list[j] == GL_ETC1_RGB8_OES;
	fact("COMPRESSED_TEXTURE_FORMATS has ETC1_RGB8_OES: %s", etc1 ? "yes" : "no");
	const char *ext = (const char *)glGetString(GL_EXTENSIONS);
	fact("GL_OES_compressed_ETC1_RGB8_texture: %s", strstr(ext, "GL_OES_compressed_ETC1_RGB8_texture ") ||
	     (strlen(ext) > 35 && !strcmp(ext + strlen(ext) - 35, "GL_OES_compressed_ETC1_RGB8_texture")) ? "yes" : "no");
	fact("GL_EXT_compressed_ETC1_RGB8_sub_texture: %s",
	     strstr(ext, "GL_EXT_compressed_ETC1_RGB8_sub_texture") ? "yes" : "no");
	/* what else the reference lists is its own business: a comment */
	printf("# %d compressed formats:", n);
	for (int j = 0; j < n; j++)
		printf(" 0x%x", list[j]);
	printf("\n");
	free(list);
	GLint v[4] = { -1, -1, -1, -1 };
	glGetInternalformativ(GL_RENDERBUFFER, GL_COMPRESSED_RGBA8_ETC2_EAC, GL_NUM_SAMPLE_COUNTS, 1, v);
	fact("GetInternalformativ(RENDERBUFFER, RGBA8_ETC2_EAC, NUM_SAMPLE_COUNTS) -> %s, %d",
	     gt_err_name(glGetError()), v[0]);
	GLuint rb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_COMPRESSED_RGB8_ETC2, 8, 8);
	fact_err("RenderbufferStorage(RGB8_ETC2)");
	glDeleteRenderbuffers(1, &rb);
}

/* What an attachment of each format says of itself (it is incomplete). */
static void attachment_params(void)
{
	static const GLenum pn[] = { GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE,
				     GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE,
				     GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE,
				     GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING };
	for (int i = 0; i <= NCFMTS; i++) {
		GLenum f = i < NCFMTS ? cfmts[i].internal : GL_ETC1_RGB8_OES;
		GLuint t;
		glGenTextures(1, &t);
		glBindTexture(GL_TEXTURE_2D, t);
		glTexStorage2D(GL_TEXTURE_2D, 1, f, 4, 4);
		GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
		GLint v[7];
		for (int k = 0; k < 7; k++) {
			v[k] = -1;
			glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, pn[k], &v[k]);
		}
		fact("%s attached: status 0x%x, sizes %d %d %d %d %d, type 0x%x, encoding 0x%x (%s)",
		     i < NCFMTS ? cfmts[i].name : "ETC1_RGB8_OES", glCheckFramebufferStatus(GL_FRAMEBUFFER), v[0], v[1], v[2],
		     v[3], v[4], v[5], v[6], gt_err_name(glGetError()));
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &fb);
		glDeleteTextures(1, &t);
	}
}

/* ---- 2D images in every format, every level size ---- */

static void images_2d(void)
{
	for (int i = 0; i < NCFMTS; i++) {
		const struct cfmt *c = &cfmts[i];
		char s[200];
		int w = 13, h = 7;
		size_t n = image_bytes(w, h, 1, c->bytes);
		uint8_t *data = gt_pattern(n, 100 + i);
		GLuint t;
		glGenTextures(1, &t);
		glBindTexture(GL_TEXTURE_2D, t);
		gt_nearest(GL_TEXTURE_2D);
		glCompressedTexImage2D(GL_TEXTURE_2D, 0, c->internal, w, h, 0, (GLsizei)n, data);
		snprintf(s, sizeof(s), "%s CompressedTexImage2D 13x7 (%zu bytes)", c->name, n);
		fact_err(s);
		snprintf(s, sizeof(s), "%s 13x7", c->name);
		fact_blocks(s, t, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, c->bytes, data);
		/* one block inside, and the last one (a 1x3 corner of texels) */
		snprintf(s, sizeof(s), "%s block at 4,0", c->name);
		fact_blocks(s, t, GL_TEXTURE_2D, 0, 0, 4, 0, 4, 4, c->bytes, data + c->bytes);
		snprintf(s, sizeof(s), "%s block at 12,4 (1x3 texels)", c->name);
		fact_blocks(s, t, GL_TEXTURE_2D, 0, 0, 12, 4, 1, 3, c->bytes, data + 7 * c->bytes);
		/* sub-images: a whole block, then the partial edge blocks */
		uint8_t *sub = gt_pattern(5 * (size_t)c->bytes, 200 + i);
		glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 3, c->internal, c->bytes, sub);
		snprintf(s, sizeof(s), "%s CompressedTexSubImage2D 4,4 4x3 (reaching the bottom)", c->name);
		fact_err(s);
		glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 8, 0, 5, 7, c->internal, 4 * c->bytes, sub + c->bytes);
		snprintf(s, sizeof(s), "%s CompressedTexSubImage2D 8,0 5x7 (the right edge)", c->name);
		fact_err(s);
		/* blocks 0 1 2 3 / 4 5 6 7: 5 is sub's first, 2 3 6 7 its next four */
		static const int at[5] = { 5, 2, 3, 6, 7 };
		for (int b = 0; b < 5; b++)
			memcpy(data + at[b] * c->bytes, sub + b * c->bytes, (size_t)c->bytes);
		snprintf(s, sizeof(s), "%s after the sub-images", c->name);
		fact_blocks(s, t, GL_TEXTURE_2D, 0, 0, 0, 0, w, h, c->bytes, data);
		free(sub);
		free(data);
		glDeleteTextures(1, &t);
	}
}

/* TexStorage2D levels 13x7, 6x3, 3x1, 1x1: one sub-image each, read back. */
static void storage_levels(void)
{
	for (int i = 0; i < NCFMTS; i += 3) {
		const struct cfmt *c = &cfmts[i];
		char s[200];
		GLuint t;
		glGenTextures(1, &t);
		glBindTexture(GL_TEXTURE_2D, t);
		glTexStorage2D(GL_TEXTURE_2D, 4, c->internal, 13, 7);
		snprintf(s, sizeof(s), "%s TexStorage2D 4 levels 13x7", c->name);
		fact_err(s);
		GLint imm = -1;
		glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &imm);
		fact("%s TEXTURE_IMMUTABLE_FORMAT %d", c->name, imm);
		int w = 13, h = 7;
		for (int l = 0; l < 4; l++, w = w > 1 ? w / 2 : 1, h = h > 1 ? h / 2 : 1) {
			size_t n = image_bytes(w, h, 1, c->bytes);
			uint8_t *data = gt_pattern(n, 300 + 10 * i + l);
			glCompressedTexSubImage2D(GL_TEXTURE_2D, l, 0, 0, w, h, c->internal, (GLsizei)n, data);
			snprintf(s, sizeof(s), "%s level %d %dx%d CompressedTexSubImage2D", c->name, l, w, h);
			fact_err(s);
			snprintf(s, sizeof(s), "%s level %d %dx%d", c->name, l, w, h);
			fact_blocks(s, t, GL_TEXTURE_2D, l, 0, 0, 0, w, h, c->bytes, data);
			free(data);
		}
		/* the immutable texture cannot be respecified */
		uint8_t z[16] = { 0 };
		glCompressedTexImage2D(GL_TEXTURE_2D, 0, c->internal, 4, 4, 0, c->bytes, z);
		snprintf(s, sizeof(s), "%s CompressedTexImage2D on immutable storage", c->name);
		fact_err(s);
		glDeleteTextures(1, &t);
	}
	/* and a mutable chain down to 1x1, one CompressedTexImage2D a level */
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	gt_nearest(GL_TEXTURE_2D);	/* each level complete on its own */
	int w = 9, h = 3;
	for (int l = 0; l < 4; l++, w = w > 1 ? w / 2 : 1, h = h > 1 ? h / 2 : 1) {
		size_t n = image_bytes(w, h, 1, 16);
		uint8_t *data = gt_pattern(n, 400 + l);
		glCompressedTexImage2D(GL_TEXTURE_2D, l, GL_COMPRESSED_RGBA8_ETC2_EAC, w, h, 0, (GLsizei)n, data);
		char s[100];
		snprintf(s, sizeof(s), "RGBA8_ETC2_EAC mutable level %d %dx%d", l, w, h);
		fact_err(s);
		fact_blocks(s, t, GL_TEXTURE_2D, l, 0, 0, 0, w, h, 16, data);
		free(data);
	}
	glDeleteTextures(1, &t);
}

/* ---- cube maps and arrays ---- */

static void cube_and_array(void)
{
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_CUBE_MAP, t);
	glTexStorage2D(GL_TEXTURE_CUBE_MAP, 2, GL_COMPRESSED_RGB8_ETC2, 8, 8);
	fact_err("cube TexStorage2D RGB8_ETC2 8x8, 2 levels");
	uint8_t *faces[6];
	for (int f = 0; f < 6; f++) {
		faces[f] = gt_pattern(4 * 8, 500 + f);
		glCompressedTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, 0, 0, 8, 8, GL_COMPRESSED_RGB8_ETC2, 32,
					  faces[f]);
		glCompressedTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 1, 0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8,
					  faces[f] + 8);
	}
	fact_err("cube CompressedTexSubImage2D of every face and level");
	for (int f = 0; f < 6; f++) {
		char s[60];
		snprintf(s, sizeof(s), "cube face %d level 0", f);
		fact_blocks(s, t, GL_TEXTURE_CUBE_MAP, 0, f, 0, 0, 8, 8, 8, faces[f]);
		snprintf(s, sizeof(s), "cube face %d level 1", f);
		fact_blocks(s, t, GL_TEXTURE_CUBE_MAP, 1, f, 0, 0, 4, 4, 8, faces[f] + 8);
	}
	/* the CubeMap target itself is no image target */
	glCompressedTexSubImage2D(GL_TEXTURE_CUBE_MAP, 0, 0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, faces[0]);
	fact_err("CompressedTexSubImage2D(TEXTURE_CUBE_MAP)");
	glDeleteTextures(1, &t);
	/* a mutable cube: faces must be square */
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_CUBE_MAP, t);
	glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_COMPRESSED_RGB8_ETC2, 8, 4, 0, 16, faces[1]);
	fact_err("cube face CompressedTexImage2D 8x4");
	glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, 32, faces[1]);
	fact_err("cube face CompressedTexImage2D 8x8");
	glDeleteTextures(1, &t);
	for (int f = 0; f < 6; f++)
		free(faces[f]);

	/* an array: 10x6 (3x2 blocks) by 3 layers, then layer 1 updated */
	int w = 10, h = 6, d = 3;
	size_t n = image_bytes(w, h, d, 16);
	uint8_t *data = gt_pattern(n, 600);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D_ARRAY, t);
	gt_nearest(GL_TEXTURE_2D_ARRAY);
	glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RG11_EAC, w, h, d, 0, (GLsizei)n, data);
	fact_err("array CompressedTexImage3D RG11_EAC 10x6x3");
	size_t layer = image_bytes(w, h, 1, 16);
	for (int z = 0; z < d; z++) {
		char s[60];
		snprintf(s, sizeof(s), "array layer %d", z);
		fact_blocks(s, t, GL_TEXTURE_2D_ARRAY, 0, z, 0, 0, w, h, 16, data + layer * z);
	}
	uint8_t *sub = gt_pattern(2 * 16 * 2, 601);
	glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 4, 4, 1, 6, 2, 2, GL_COMPRESSED_RG11_EAC, 64, sub);
	fact_err("array CompressedTexSubImage3D 4,4,1 6x2x2");
	for (int z = 0; z < d; z++) {
		char s[60];
		snprintf(s, sizeof(s), "array layer %d after the update", z);
		fact_blocks(s, t, GL_TEXTURE_2D_ARRAY, 0, z, 0, 0, w, h, 16, NULL);
	}
	glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 4, 4, 2, GL_COMPRESSED_RG11_EAC, 32, sub);
	fact_err("array CompressedTexSubImage3D layers 2..3 of 3");
	glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 1, GL_COMPRESSED_RGBA8_ETC2_EAC, 16, sub);
	fact_err("array CompressedTexSubImage3D in another format");
	free(sub);
	glDeleteTextures(1, &t);
	free(data);
	/* TexStorage3D of an array, and 3D (none in GLES 3.0) */
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D_ARRAY, t);
	glTexStorage3D(GL_TEXTURE_2D_ARRAY, 3, GL_COMPRESSED_SRGB8_ETC2, 5, 5, 4);
	fact_err("array TexStorage3D SRGB8_ETC2 5x5x4, 3 levels");
	data = gt_pattern(8 * 4, 602);
	glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 2, 0, 0, 0, 1, 1, 4, GL_COMPRESSED_SRGB8_ETC2, 32, data);
	fact_err("array level 2 (1x1x4) CompressedTexSubImage3D");
	for (int z = 0; z < 4; z++) {
		char s[60];
		snprintf(s, sizeof(s), "array level 2 layer %d", z);
		fact_blocks(s, t, GL_TEXTURE_2D_ARRAY, 2, z, 0, 0, 1, 1, 8, data + 8 * z);
	}
	free(data);
	glDeleteTextures(1, &t);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_3D, t);
	glTexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 4);
	fact_err("3D TexStorage3D RGBA8_ETC2_EAC");
	uint8_t z64[64] = { 0 };
	glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 4, 0, 64, z64);
	fact_err("3D CompressedTexImage3D RGBA8_ETC2_EAC");
	glCompressedTexImage3D(GL_TEXTURE_3D, 0, 0x1234, 4, 4, 4, 0, 64, z64);
	fact_err("3D CompressedTexImage3D(internalformat 0x1234)");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glCompressedTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 1, GL_COMPRESSED_RGBA8_ETC2_EAC, 16, z64);
	fact_err("3D CompressedTexSubImage3D into an RGBA8 image");
	glDeleteTextures(1, &t);
}

/* ---- from a pixel unpack buffer ---- */

static void unpack_buffer(void)
{
	size_t n = image_bytes(8, 8, 1, 16);
	uint8_t *data = gt_pattern(n + 64, 700);
	GLuint pbo, t;
	glGenBuffers(1, &pbo);
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
	glBufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)(n + 64), data, GL_STATIC_DRAW);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	gt_nearest(GL_TEXTURE_2D);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 8, 8, 0, (GLsizei)n, (void *)(uintptr_t)48);
	fact_err("PBO CompressedTexImage2D at offset 48");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 8, 8, 0, (GLsizei)n, (void *)(uintptr_t)65);
	fact_err("PBO CompressedTexImage2D at offset 65 (past the end)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4, GL_COMPRESSED_RGBA8_ETC2_EAC, 16,
				  (void *)(uintptr_t)(n + 49));
	fact_err("PBO CompressedTexSubImage2D past the end");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4, GL_COMPRESSED_RGBA8_ETC2_EAC, 16, (void *)(uintptr_t)3);
	fact_err("PBO CompressedTexSubImage2D at offset 3");
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
	uint8_t *expect = malloc(n);
	memcpy(expect, data + 48, n);
	memcpy(expect + 16, data + 3, 16);
	fact_blocks("PBO uploads", t, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 16, expect);
	/* a mapped buffer */
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
	glMapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 16, GL_MAP_READ_BIT);
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGBA8_ETC2_EAC, 16, NULL);
	fact_err("PBO CompressedTexSubImage2D from a mapped buffer");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 0, 16, NULL);
	fact_err("PBO CompressedTexImage2D from a mapped buffer");
	glUnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
	/* an array from the buffer */
	GLuint ta;
	glGenTextures(1, &ta);
	glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
	gt_nearest(GL_TEXTURE_2D_ARRAY);
	glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_R11_EAC, 8, 4, 2, 0, 32, (void *)(uintptr_t)8);
	fact_err("PBO CompressedTexImage3D 8x4x2 at offset 8");
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
	fact_blocks("PBO array layer 0", ta, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 8, 4, 8, data + 8);
	fact_blocks("PBO array layer 1", ta, GL_TEXTURE_2D_ARRAY, 0, 1, 0, 0, 8, 4, 8, data + 24);
	glDeleteTextures(1, &ta);
	glDeleteTextures(1, &t);
	glDeleteBuffers(1, &pbo);
	free(expect);
	free(data);
	/* the pixel storage modes do not apply to compressed data */
	glPixelStorei(GL_UNPACK_ROW_LENGTH, 100);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, 4);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, 2);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 8);
	glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 30);
	glPixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
	data = gt_pattern(image_bytes(9, 5, 2, 16), 701);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	gt_nearest(GL_TEXTURE_2D);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG11_EAC, 9, 5, 0, (GLsizei)image_bytes(9, 5, 1, 16), data);
	fact_err("CompressedTexImage2D under UNPACK_ROW_LENGTH, SKIP_*, ALIGNMENT");
	fact_blocks("under the unpack modes", t, GL_TEXTURE_2D, 0, 0, 0, 0, 9, 5, 16, data);
	glGenTextures(1, &ta);
	glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
	gt_nearest(GL_TEXTURE_2D_ARRAY);
	glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RG11_EAC, 9, 5, 2, 0,
			       (GLsizei)image_bytes(9, 5, 2, 16), data);
	fact_err("CompressedTexImage3D under UNPACK_IMAGE_HEIGHT, SKIP_IMAGES");
	fact_blocks("array layer 1 under the unpack modes", ta, GL_TEXTURE_2D_ARRAY, 0, 1, 0, 0, 9, 5, 16,
		    data + image_bytes(9, 5, 1, 16));
	glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
	glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
	glDeleteTextures(1, &ta);
	glDeleteTextures(1, &t);
	free(data);
}

/* ---- errors ---- */

static void errors(void)
{
	uint8_t z[256] = { 0 };
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	const GLenum F = GL_COMPRESSED_RGBA8_ETC2_EAC;
	glCompressedTexImage2D(GL_TEXTURE_3D, 0, F, 4, 4, 0, 16, z);
	fact_err("CompressedTexImage2D(TEXTURE_3D)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, 16, z);
	fact_err("CompressedTexImage2D(internalformat RGBA8)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 4, 4, 0, 16, z);
	fact_err("CompressedTexImage2D(internalformat 0x1234)");
	glCompressedTexImage2D(GL_TEXTURE_2D, -1, F, 4, 4, 0, 16, z);
	fact_err("CompressedTexImage2D(level -1)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 15, F, 4, 4, 0, 16, z);
	fact_err("CompressedTexImage2D(level 15)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, 4, 4, 1, 16, z);
	fact_err("CompressedTexImage2D(border 1)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, 4, 4, 0, 15, z);
	fact_err("CompressedTexImage2D(imageSize 15 for one block)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, 5, 4, 0, 16, z);
	fact_err("CompressedTexImage2D(5x4, imageSize of one block)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, 5, 4, 0, 32, z);
	fact_err("CompressedTexImage2D(5x4, two blocks)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, -4, 4, 0, 16, z);
	fact_err("CompressedTexImage2D(width -4)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, 0, 0, 0, 0, NULL);
	fact_err("CompressedTexImage2D(0x0)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, 8, 8, 0, 64, NULL);
	fact_err("CompressedTexImage2D(8x8, no data)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, 16385, 1, 0, 4097 * 16, NULL);
	fact_err("CompressedTexImage2D(16385x1)");
	glCompressedTexImage2D(GL_TEXTURE_2D, 1, F, 8192, 4, 0, 2048 * 16, NULL);
	fact_err("CompressedTexImage2D(level 1 8192x4)");
	/* sub-images of the 8x8 image */
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, z);
	fact_err("CompressedTexSubImage2D(format mismatch)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, 16, z);
	fact_err("CompressedTexSubImage2D(format RGBA)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, 0x1234, 16, z);
	fact_err("CompressedTexSubImage2D(format 0x1234)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, F, 16, z);
	fact_err("CompressedTexSubImage2D(xoffset 2)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 1, 4, 4, F, 16, z);
	fact_err("CompressedTexSubImage2D(yoffset 1)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 3, 4, F, 16, z);
	fact_err("CompressedTexSubImage2D(width 3, not at the edge)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 2, F, 16, z);
	fact_err("CompressedTexSubImage2D(height 2, not at the edge)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 8, 4, F, 32, z);
	fact_err("CompressedTexSubImage2D(past the right edge)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, -4, 0, 4, 4, F, 16, z);
	fact_err("CompressedTexSubImage2D(xoffset -4)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, F, 32, z);
	fact_err("CompressedTexSubImage2D(imageSize 32 for one block)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 4, 4, F, 16, z);
	fact_err("CompressedTexSubImage2D(level 1, never specified)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 16, 0, 0, 4, 4, F, 16, z);
	fact_err("CompressedTexSubImage2D(level 16)");
	glCompressedTexSubImage2D(GL_TEXTURE_3D, 0, 0, 0, 4, 4, F, 16, z);
	fact_err("CompressedTexSubImage2D(TEXTURE_3D)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, F, 16, z);
	fact_err("CompressedTexSubImage2D(4,4 4x4)");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 0, 0, F, 0, z);
	fact_err("CompressedTexSubImage2D(0x0)");
	/* uncompressed calls into the compressed image */
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, z);
	fact_err("TexSubImage2D(RGBA, UNSIGNED_BYTE) into RGBA8_ETC2_EAC");
	glTexImage2D(GL_TEXTURE_2D, 1, (GLint)F, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage2D(internalformat RGBA8_ETC2_EAC)");
	glGenerateMipmap(GL_TEXTURE_2D);
	fact_err("GenerateMipmap of RGBA8_ETC2_EAC");
	GLuint rb, fb = gt_fbo_with_rb(GL_RGBA8, 8, 8, &rb);
	glBindTexture(GL_TEXTURE_2D, t);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
	fact_err("CopyTexSubImage2D into RGBA8_ETC2_EAC");
	glCopyTexImage2D(GL_TEXTURE_2D, 0, F, 0, 0, 4, 4, 0);
	fact_err("CopyTexImage2D(internalformat RGBA8_ETC2_EAC)");
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	fact_err("FramebufferTexture2D of RGBA8_ETC2_EAC");
	fact("status with RGBA8_ETC2_EAC attached: 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	GLint v = -1;
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
	fact("its ATTACHMENT_OBJECT_NAME is the texture: %s (%s)", (GLuint)v == t ? "yes" : "no",
	     gt_err_name(glGetError()));
	glClear(GL_COLOR_BUFFER_BIT);
	fact_err("Clear with RGBA8_ETC2_EAC attached");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
	/* TexStorage2D errors */
	GLuint s;
	glGenTextures(1, &s);
	glBindTexture(GL_TEXTURE_2D, s);
	glTexStorage2D(GL_TEXTURE_2D, 5, F, 13, 7);
	fact_err("TexStorage2D(5 levels for 13x7)");
	glTexStorage2D(GL_TEXTURE_2D, 1, F, 0, 4);
	fact_err("TexStorage2D(0x4)");
	glTexStorage2D(GL_TEXTURE_2D, 1, F, 4, 4);
	glTexStorage2D(GL_TEXTURE_2D, 1, F, 4, 4);
	fact_err("TexStorage2D twice");
	glCompressedTexImage2D(GL_TEXTURE_2D, 1, F, 4, 4, 0, 16, z);
	fact_err("CompressedTexImage2D(level 1 of immutable storage)");
	glDeleteTextures(1, &s);
	glBindTexture(GL_TEXTURE_2D, 0);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, 4, 4, 0, 16, z);
	fact_err("CompressedTexImage2D into texture 0");
	glDeleteTextures(1, &t);
	/* 2D array errors */
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D_ARRAY, t);
	glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, F, 4, 4, 2, 0, 16, z);
	fact_err("CompressedTexImage3D(4x4x2, imageSize of one layer)");
	glCompressedTexImage3D(GL_TEXTURE_2D, 0, F, 4, 4, 1, 0, 16, z);
	fact_err("CompressedTexImage3D(TEXTURE_2D)");
	glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, F, 4, 4, 2, 1, 32, z);
	fact_err("CompressedTexImage3D(border 1)");
	glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, F, 8, 4, 2, 0, 64, z);
	fact_err("CompressedTexImage3D(8x4x2)");
	glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 4, 4, 2, F, 32, z);
	fact_err("CompressedTexSubImage3D(layers 1..2 of 2)");
	glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 2, 0, 0, 4, 4, 1, F, 16, z);
	fact_err("CompressedTexSubImage3D(xoffset 2)");
	glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 4, 0, 1, 4, 4, 1, F, 16, z);
	fact_err("CompressedTexSubImage3D(4,0,1 4x4x1)");
	glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, z);
	fact_err("TexSubImage3D into an RGBA8_ETC2_EAC array");
	GLuint fb2;
	glGenFramebuffers(1, &fb2);
	glBindFramebuffer(GL_FRAMEBUFFER, fb2);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 1);
	fact("status with an RGBA8_ETC2_EAC layer attached: 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb2);
	glDeleteTextures(1, &t);
	while (glGetError() != GL_NO_ERROR)
		;
}

/* ---- copies ---- */

static GLuint ctex(GLenum internal, int w, int h, int bytes, unsigned seed, uint8_t **data)
{
	GLuint t;
	size_t n = image_bytes(w, h, 1, bytes);
	*data = gt_pattern(n, seed);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	gt_nearest(GL_TEXTURE_2D);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, (GLsizei)n, *data);
	return t;
}

static GLuint utex(GLenum internal, GLenum format, int w, int h, unsigned seed)
{
	GLuint t;
	uint8_t *data = gt_pattern((size_t)w * h * 16, seed);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	gt_nearest(GL_TEXTURE_2D);
	glTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, format, format == GL_RGBA_INTEGER || format == GL_RG_INTEGER ? GL_UNSIGNED_INT : GL_UNSIGNED_BYTE, data);
	free(data);
	return t;
}

static void copies(void)
{
	uint8_t *a_data, *b_data, *c_data;
	GLuint a = ctex(GL_COMPRESSED_RGBA8_ETC2_EAC, 16, 8, 16, 800, &a_data);
	GLuint b = ctex(GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, 13, 7, 16, 801, &b_data);
	GLuint c = ctex(GL_COMPRESSED_RG11_EAC, 8, 8, 16, 802, &c_data);
	uint8_t *d_data;
	GLuint d = ctex(GL_COMPRESSED_RGB8_ETC2, 8, 8, 8, 803, &d_data);
	uint8_t *e_data;
	GLuint e = ctex(GL_COMPRESSED_R11_EAC, 8, 8, 8, 804, &e_data);
	GLuint u128 = utex(GL_RGBA32UI, GL_RGBA_INTEGER, 5, 3, 805);
	GLuint u64 = utex(GL_RG32UI, GL_RG_INTEGER, 5, 3, 806);
	GLuint u32 = utex(GL_RGBA8, GL_RGBA, 5, 3, 807);
	/* compressed to compressed */
	copy_image(a, GL_TEXTURE_2D, 0, 4, 4, 0, b, GL_TEXTURE_2D, 0, 4, 0, 0, 8, 4, 1);
	fact_err("copy RGBA8_ETC2_EAC -> SRGB8_ALPHA8_ETC2_EAC (one view class)");
	fact_blocks("SRGB8_ALPHA8_ETC2_EAC after", b, GL_TEXTURE_2D, 0, 0, 0, 0, 13, 7, 16, NULL);
	copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, c, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("copy RGBA8_ETC2_EAC -> RG11_EAC (128-bit blocks, other classes)");
	copy_image(d, GL_TEXTURE_2D, 0, 0, 0, 0, e, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("copy RGB8_ETC2 -> R11_EAC (64-bit blocks, other classes)");
	copy_image(d, GL_TEXTURE_2D, 0, 0, 0, 0, d, GL_TEXTURE_2D, 0, 4, 4, 0, 4, 4, 1);
	fact_err("copy RGB8_ETC2 -> itself, another block");
	fact_blocks("RGB8_ETC2 after", d, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 8, NULL);
	copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, d, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("copy RGBA8_ETC2_EAC -> RGB8_ETC2 (block sizes differ)");
	/* the region's alignment */
	copy_image(a, GL_TEXTURE_2D, 0, 2, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("copy from x 2 of a compressed image");
	copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 2, 0, 4, 4, 1);
	fact_err("copy to y 2 of a compressed image");
	copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 3, 4, 1);
	fact_err("copy 3x4 texels, not at the source's edge");
	copy_image(b, GL_TEXTURE_2D, 0, 12, 4, 0, a, GL_TEXTURE_2D, 0, 12, 4, 0, 1, 3, 1);
	fact_err("copy the 1x3 corner of a 13x7 image into a 16x8 one");
	copy_image(a, GL_TEXTURE_2D, 0, 12, 4, 0, b, GL_TEXTURE_2D, 0, 12, 4, 0, 4, 4, 1);
	fact_err("copy 4x4 texels into the 1x3 corner of a 13x7 image");
	copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 12, 0, 0, 8, 4, 1);
	fact_err("copy past the destination's edge");
	/* compressed <-> uncompressed */
	copy_image(u128, GL_TEXTURE_2D, 0, 1, 1, 0, a, GL_TEXTURE_2D, 0, 4, 0, 0, 3, 2, 1);
	fact_err("copy RGBA32UI 3x2 texels -> RGBA8_ETC2_EAC at 4,0 (3x2 blocks)");
	fact_blocks("RGBA8_ETC2_EAC after", a, GL_TEXTURE_2D, 0, 0, 0, 0, 16, 8, 16, NULL);
	copy_image(u128, GL_TEXTURE_2D, 0, 0, 0, 0, a, GL_TEXTURE_2D, 0, 4, 0, 0, 4, 2, 1);
	fact_err("copy RGBA32UI 4x2 texels -> RGBA8_ETC2_EAC at 4,0 (past the edge)");
	copy_image(u64, GL_TEXTURE_2D, 0, 2, 0, 0, d, GL_TEXTURE_2D, 0, 0, 4, 0, 2, 1, 1);
	fact_err("copy RG32UI 2x1 texels -> RGB8_ETC2 at 0,4");
	fact_blocks("RGB8_ETC2 after", d, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 8, NULL);
	copy_image(u64, GL_TEXTURE_2D, 0, 0, 0, 0, a, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	fact_err("copy RG32UI -> RGBA8_ETC2_EAC (sizes differ)");
	copy_image(u32, GL_TEXTURE_2D, 0, 0, 0, 0, d, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	fact_err("copy RGBA8 -> RGB8_ETC2 (sizes differ)");
	copy_image(a, GL_TEXTURE_2D, 0, 8, 4, 0, u128, GL_TEXTURE_2D, 0, 2, 1, 0, 8, 4, 1);
	fact_err("copy RGBA8_ETC2_EAC 8x4 texels -> RGBA32UI at 2,1 (2x1 texels)");
	copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, u128, GL_TEXTURE_2D, 0, 2, 1, 0, 16, 8, 1);
	fact_err("copy RGBA8_ETC2_EAC 16x8 texels -> RGBA32UI at 2,1 (past the edge)");
	GLuint fb = gt_fbo_with_tex(u128, GL_TEXTURE_2D, 0);
	uint32_t px[5 * 3 * 4];
	glReadPixels(0, 0, 5, 3, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
	fact("RGBA32UI after: %s hash %08x", gt_err_name(glGetError()), gt_hash(px, sizeof(px)));
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	/* a renderbuffer of RGBA32UI, and a cube face */
	GLuint rb, rfb = gt_fbo_with_rb(GL_RGBA32UI, 4, 4, &rb);
	copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 16, 8, 1);
	fact_err("copy RGBA8_ETC2_EAC 16x8 -> RGBA32UI renderbuffer (4x2)");
	uint32_t rpx[4 * 4 * 4];
	glReadPixels(0, 0, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_INT, rpx);
	fact("RGBA32UI renderbuffer: %s hash %08x", gt_err_name(glGetError()), gt_hash(rpx, 4 * 2 * 16));
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &rfb);
	copy_image(rb, GL_RENDERBUFFER, 0, 0, 0, 0, c, GL_TEXTURE_2D, 0, 4, 4, 0, 1, 1, 1);
	fact_err("copy RGBA32UI renderbuffer -> RG11_EAC");
	fact_blocks("RG11_EAC after", c, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 16, NULL);
	glDeleteRenderbuffers(1, &rb);
	GLuint cube;
	glGenTextures(1, &cube);
	glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
	glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_COMPRESSED_RGBA8_ETC2_EAC, 8, 8);
	copy_image(a, GL_TEXTURE_2D, 0, 0, 0, 0, cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 3, 8, 8, 1);
	fact_err("copy RGBA8_ETC2_EAC -> cube face 3");
	fact_blocks("cube face 3", cube, GL_TEXTURE_CUBE_MAP, 0, 3, 0, 0, 8, 8, 16, NULL);
	copy_image(cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 2, b, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 4, 2);
	fact_err("copy 2 cube faces -> a 2D image (depth 2)");
	glDeleteTextures(1, &cube);
	/* an incomplete compressed texture */
	GLuint inc;
	glGenTextures(1, &inc);
	glBindTexture(GL_TEXTURE_2D, inc);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 8, 8, 0, 64, a_data);
	copy_image(inc, GL_TEXTURE_2D, 0, 0, 0, 0, a, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("copy from a compressed texture without mipmaps (incomplete)");
	glDeleteTextures(1, &inc);
	GLuint tt[] = { a, b, c, d, e, u128, u64, u32 };
	glDeleteTextures(8, tt);
	free(a_data);
	free(b_data);
	free(c_data);
	free(d_data);
	free(e_data);
}

/* ---- ETC1 (OES_compressed_ETC1_RGB8_texture): its errors and copies;
 * Mesa copies its blocks into ETC1 only, so no read-back of them ---- */

static void etc1(void)
{
	const GLenum F = GL_ETC1_RGB8_OES;
	uint8_t *data = gt_pattern(8 * 8, 900);
	GLuint t, t2, t3, u, a, c;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	gt_nearest(GL_TEXTURE_2D);
	glCompressedTexImage2D(GL_TEXTURE_2D, 0, F, 13, 7, 0, 64, data);
	fact_err("ETC1 CompressedTexImage2D 13x7");
	glCompressedTexImage2D(GL_TEXTURE_2D, 1, F, 6, 3, 0, 8, data);
	fact_err("ETC1 CompressedTexImage2D level 1 6x3, imageSize of one block");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 12, 4, 1, 3, F, 8, data);
	fact_err("ETC1 CompressedTexSubImage2D 12,4 1x3");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, F, 8, data);
	fact_err("ETC1 CompressedTexSubImage2D xoffset 2");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, data);
	fact_err("ETC1 CompressedTexSubImage2D(RGB8_ETC2)");
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGB, GL_UNSIGNED_BYTE, data);
	fact_err("ETC1 TexSubImage2D(RGB, UNSIGNED_BYTE)");
	glGenerateMipmap(GL_TEXTURE_2D);
	fact_err("ETC1 GenerateMipmap");
	glGenTextures(1, &t2);
	glBindTexture(GL_TEXTURE_2D, t2);
	glTexStorage2D(GL_TEXTURE_2D, 2, F, 8, 8);
	fact_err("ETC1 TexStorage2D 8x8, 2 levels");
	glCompressedTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 4, 4, F, 8, data);
	fact_err("ETC1 CompressedTexSubImage2D into the storage's level 1");
	copy_image(t, GL_TEXTURE_2D, 0, 4, 4, 0, t2, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 3, 1);
	fact_err("copy ETC1 -> ETC1");
	glGenTextures(1, &u);
	glBindTexture(GL_TEXTURE_2D, u);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RG32UI, 4, 4);
	copy_image(t, GL_TEXTURE_2D, 0, 0, 0, 0, u, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("copy ETC1 -> RG32UI");
	copy_image(u, GL_TEXTURE_2D, 0, 0, 0, 0, t, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	fact_err("copy RG32UI -> ETC1");
	glGenTextures(1, &t3);
	glBindTexture(GL_TEXTURE_2D, t3);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGB8_ETC2, 8, 8);
	copy_image(t, GL_TEXTURE_2D, 0, 0, 0, 0, t3, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("copy ETC1 -> RGB8_ETC2");
	copy_image(t3, GL_TEXTURE_2D, 0, 0, 0, 0, t, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("copy RGB8_ETC2 -> ETC1");
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	fact("ETC1 attached: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	GLuint rb, rfb = gt_fbo_with_rb(GL_RGBA8, 4, 4, &rb);
	glBindTexture(GL_TEXTURE_2D, u);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, F, 0, 0, 4, 4, 0);
	fact_err("CopyTexImage2D(ETC1)");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &rfb);
	glDeleteRenderbuffers(1, &rb);
	glGenTextures(1, &c);
	glBindTexture(GL_TEXTURE_CUBE_MAP, c);
	glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, F, 4, 4, 0, 8, data);
	fact_err("ETC1 cube face");
	glGenTextures(1, &a);
	glBindTexture(GL_TEXTURE_2D_ARRAY, a);
	glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, F, 4, 4, 3, 0, 24, data);
	fact_err("ETC1 CompressedTexImage3D(2D_ARRAY) 4x4x3");
	glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 4, 4, 1, F, 8, data);
	fact_err("ETC1 CompressedTexSubImage3D layer 2");
	glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, F, 4, 4, 2);
	fact_err("ETC1 TexStorage3D(2D_ARRAY)");
	GLuint t3d;
	glGenTextures(1, &t3d);
	glBindTexture(GL_TEXTURE_3D, t3d);
	glCompressedTexImage3D(GL_TEXTURE_3D, 0, F, 4, 4, 2, 0, 16, data);
	fact_err("ETC1 CompressedTexImage3D(3D)");
	glTexStorage3D(GL_TEXTURE_3D, 1, F, 4, 4, 2);
	fact_err("ETC1 TexStorage3D(3D)");
	glCompressedTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 1, F, 8, data);
	fact_err("ETC1 CompressedTexSubImage3D(3D)");
	GLuint all[] = { t, t2, t3, u, a, c, t3d };
	glDeleteTextures(7, all);
	free(data);
}

int main(void)
{
	gt_init();
	copy_image = (PFNGLCOPYIMAGESUBDATAEXTPROC)eglGetProcAddress("glCopyImageSubDataEXT");
	if (!copy_image) {
		printf("Bail out! no glCopyImageSubDataEXT\n");
		return 1;
	}
	wide_formats();
	queries();
	attachment_params();
	images_2d();
	storage_levels();
	cube_and_array();
	unpack_buffer();
	errors();
	copies();
	etc1();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
