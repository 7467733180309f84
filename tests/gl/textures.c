/* SPDX-License-Identifier: MIT */
/*
 * Textures against Mesa: TexImage2D/TexSubImage2D/TexStorage2D uploads in
 * every format the driver stores, under every UNPACK_* parameter, read
 * back through a framebuffer attachment; cube map faces; CopyTexImage2D
 * and CopyTexSubImage2D; GenerateMipmap on data whose box filter is exact;
 * integer and depth textures; texture parameters; and the GLES 3.0 errors
 * of all of them (3D and array textures: textures_3d.c). Sizes are odd
 * and reach past 256 so X and Y tiles and partial tiles are crossed.
 */
#include "gltest.h"

/* Uploads w x h of (internal, format, type), reads it back, states the hash. */
static void upload_read(GLenum internal, GLenum format, GLenum type, int bpp, int w, int h, const char *name)
{
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	uint8_t *data = gt_pattern((size_t)w * h * bpp, (unsigned)internal + (unsigned)type);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, w, h, 0, format, type, data);
	char what[160];
	snprintf(what, sizeof(what), "teximage %s %dx%d -> %s", name, w, h, gt_err_name(glGetError()));
	GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
	fact("%s: status 0x%x", what, glCheckFramebufferStatus(GL_FRAMEBUFFER));
	fact_pixels(what, w, h);
	/* a sub-rectangle at odd offsets */
	uint8_t *sub = gt_pattern((size_t)w * h * bpp, 99);
	glTexSubImage2D(GL_TEXTURE_2D, 0, w / 3, h / 5, w / 2 + 1, h / 3 + 1, format, type, sub);
	snprintf(what, sizeof(what), "texsubimage %s -> %s", name, gt_err_name(glGetError()));
	fact_pixels(what, w, h);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &t);
	free(data);
	free(sub);
}

static void formats(void)
{
	static const int sizes[][2] = { { 67, 45 }, { 301, 259 } };
	for (int s = 0; s < 2; s++) {
		int w = sizes[s][0], h = sizes[s][1];
		upload_read(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, "RGBA8");
		upload_read(GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, 3, w, h, "RGB8");
		upload_read(GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE, 3, w, h, "RGB565/ubyte");
		upload_read(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, w, h, "RGB565/565");
		upload_read(GL_RGBA4, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, "RGBA4/ubyte");
		upload_read(GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 2, w, h, "RGBA4/4444");
		upload_read(GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, "RGB5_A1/ubyte");
		upload_read(GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 2, w, h, "RGB5_A1/5551");
		upload_read(GL_R8, GL_RED, GL_UNSIGNED_BYTE, 1, w, h, "R8");
		upload_read(GL_RG8, GL_RG, GL_UNSIGNED_BYTE, 2, w, h, "RG8");
		upload_read(GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, "SRGB8_ALPHA8");
		upload_read(GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, "RGBA");
		upload_read(GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, w, h, "RGB/565");
		upload_read(GL_BGRA_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE, 4, w, h, "BGRA_EXT");
	}
	/* legacy formats store but do not render */
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	uint8_t px[64] = { 0 };
	glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 4, 4, 0, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, px);
	fact_err("teximage LUMINANCE_ALPHA");
	GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
	fact("LUMINANCE_ALPHA attachment: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &t);
}

/* Every UNPACK_* parameter with RGB bytes (3 per pixel: alignment matters). */
static void unpack_params(void)
{
	const int w = 37, h = 29;
	uint8_t *src = gt_pattern(200 * 200 * 4, 7);
	static const struct { int align, row_length, skip_pixels, skip_rows; } cases[] = {
		{ 1, 0, 0, 0 }, { 2, 0, 0, 0 }, { 4, 0, 0, 0 }, { 8, 0, 0, 0 }, { 4, 50, 0, 0 }, { 1, 0, 5, 0 },
		{ 1, 0, 0, 7 }, { 8, 61, 3, 4 }, { 2, 41, 9, 2 },
	};
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, w, h, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
	GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		glPixelStorei(GL_UNPACK_ALIGNMENT, cases[i].align);
		glPixelStorei(GL_UNPACK_ROW_LENGTH, cases[i].row_length);
		glPixelStorei(GL_UNPACK_SKIP_PIXELS, cases[i].skip_pixels);
		glPixelStorei(GL_UNPACK_SKIP_ROWS, cases[i].skip_rows);
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, src);
		char what[128];
		snprintf(what, sizeof(what), "unpack align %d row_length %d skip_pixels %d skip_rows %d (%s)",
			 cases[i].align, cases[i].row_length, cases[i].skip_pixels, cases[i].skip_rows,
			 gt_err_name(glGetError()));
		fact_pixels(what, w, h);
	}
	/* IMAGE_HEIGHT and SKIP_IMAGES do not affect 2D uploads */
	glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 3);
	glPixelStorei(GL_UNPACK_SKIP_IMAGES, 2);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, src + 1000);
	fact_pixels("unpack with IMAGE_HEIGHT 3 SKIP_IMAGES 2", w, h);
	glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
	glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &t);
	free(src);
}

static void storage(void)
{
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16);
	fact_err("TexStorage2D(levels 0)");
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 16, 16);
	fact_err("TexStorage2D(unsized RGBA)");
	glTexStorage2D(GL_TEXTURE_2D, 6, GL_RGBA8, 16, 16);
	fact_err("TexStorage2D(6 levels for 16x16)");
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 0, 16);
	fact_err("TexStorage2D(width 0)");
	glTexStorage2D(GL_TEXTURE_3D, 1, GL_RGBA8, 16, 16);
	fact_err("TexStorage2D(TEXTURE_3D)");
	glTexStorage2D(GL_TEXTURE_2D, 5, GL_RGBA8, 300, 17);
	fact_err("TexStorage2D(5 levels, 300x17)");
	GLint v = -1;
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
	fact("immutable format %d", v);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
	fact("immutable levels %d", v);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
	fact_err("TexStorage2D again");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage2D on immutable storage");
	uint8_t *data = gt_pattern(300 * 17 * 4, 3);
	for (int l = 0; l < 5; l++) {
		int w = 300 >> l, h = 17 >> l ? 17 >> l : 1;
		glTexSubImage2D(GL_TEXTURE_2D, l, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, data);
		GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, l);
		char what[64];
		snprintf(what, sizeof(what), "storage level %d", l);
		fact_pixels(what, w, h);
		glDeleteFramebuffers(1, &fb);
	}
	glTexSubImage2D(GL_TEXTURE_2D, 5, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
	fact_err("TexSubImage2D(level 5 beyond the storage)");
	GLuint fb5 = gt_fbo_with_tex(t, GL_TEXTURE_2D, 5);
	fact_err("FramebufferTexture2D(level 5 beyond the storage)");
	glDeleteFramebuffers(1, &fb5);
	glTexSubImage2D(GL_TEXTURE_2D, 1, 140, 0, 11, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
	fact_err("TexSubImage2D(past the right edge)");
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, data);
	fact_err("TexSubImage2D(RGB into RGBA8)");
	glBindTexture(GL_TEXTURE_2D, 0);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
	fact_err("TexStorage2D on texture 0");
	glDeleteTextures(1, &t);
	free(data);
}

static void cube(void)
{
	GLuint t;
	const int n = 65;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_CUBE_MAP, t);
	glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 64, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("cube face 64x32");
	glTexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage2D(TEXTURE_CUBE_MAP)");
	for (int f = 0; f < 6; f++) {
		uint8_t *data = gt_pattern((size_t)n * n * 4, 40 + (unsigned)f);
		glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA8, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE,
			     data);
		free(data);
	}
	for (int f = 0; f < 6; f++) {
		GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0);
		char what[32];
		snprintf(what, sizeof(what), "cube face %d", f);
		fact_pixels(what, n, n);
		GLint v = 0;
		glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
						      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &v);
		fact("attachment face 0x%x", v);
		glDeleteFramebuffers(1, &fb);
	}
	glBindTexture(GL_TEXTURE_2D, t);
	fact_err("BindTexture(2D) of a cube map");
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	fact_err("FramebufferTexture2D(TEXTURE_2D of a cube map)");
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, t, -1);
	fact_err("FramebufferTexture2D(level -1)");
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 9999, 0);
	fact_err("FramebufferTexture2D(unknown texture)");
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &t);
}

static void copies(void)
{
	const int w = 97, h = 61;
	GLuint t, rb;
	GLuint fb = gt_fbo_with_rb(GL_RGBA8, w, h, &rb);
	glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
	glClear(GL_COLOR_BUFFER_BIT);
	glEnable(GL_SCISSOR_TEST);
	glScissor(10, 5, 30, 20);
	glClearColor(1.0f, 0.0f, 0.5f, 0.25f);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 3, 2, 80, 50, 0);
	fact_err("CopyTexImage2D RGBA8");
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 0, 0, 8, 8, 0);
	fact_err("CopyTexImage2D RGB565 from RGBA8");
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 8, 8, 1);
	fact_err("CopyTexImage2D border 1");
	GLuint fb2 = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
	fact_pixels("after CopyTexImage2D", 80, 50);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 7, 9, 20, 10, 33, 17);
	fact_err("CopyTexSubImage2D");
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 70, 0, 0, 0, 33, 17);
	fact_err("CopyTexSubImage2D past the texture");
	glBindFramebuffer(GL_FRAMEBUFFER, fb2);
	fact_pixels("after CopyTexSubImage2D", 80, 50);
	/* from a texture attachment into a 565 texture (conversion) */
	GLuint t2;
	glGenTextures(1, &t2);
	glBindTexture(GL_TEXTURE_2D, t2);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 40, 30, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, NULL);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 40, 30);
	fact_err("CopyTexSubImage2D RGBA8 -> RGB565");
	GLuint fb3 = gt_fbo_with_tex(t2, GL_TEXTURE_2D, 0);
	fact_pixels("RGB565 copy", 40, 30);
	glBindFramebuffer(GL_FRAMEBUFFER, fb3);
	glBindTexture(GL_TEXTURE_2D, t);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 8, 8, 0);
	fact_err("CopyTexImage2D(RGBA) from RGB565");
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 0, 19, 13, 0);
	fact_err("CopyTexImage2D(RGB) from RGB565");
	glDeleteFramebuffers(1, &fb3);
	glDeleteFramebuffers(1, &fb2);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
	glDeleteTextures(1, &t);
	glDeleteTextures(1, &t2);
}

static void mipmaps(void)
{
	/* 2x2 blocks of one color: every box filter gives the same answer */
	const int n = 64;
	uint8_t *data = malloc((size_t)n * n * 4);
	uint8_t *rnd = gt_pattern((size_t)n * n, 5);
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++)
			for (int c = 0; c < 4; c++)
				data[((size_t)y * n + x) * 4 + c] = (uint8_t)(rnd[(y / 8) * n + x / 8] * (c + 1) & 0xfc);
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	/* a level past the base level of a mutable texture renders only
	 * while the texture is mipmap complete */
	glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, n / 2, n / 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	GLuint fb1 = gt_fbo_with_tex(t, GL_TEXTURE_2D, 1);
	fact("level 1 of levels 0..1: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
	fact("level 1 of levels 0..1, MAX_LEVEL 1: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1000);
	glDeleteFramebuffers(1, &fb1);
	glGenerateMipmap(GL_TEXTURE_2D);
	fact_err("GenerateMipmap");
	for (int l = 1; l <= 3; l++) {
		GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, l);
		char what[32];
		snprintf(what, sizeof(what), "mip level %d", l);
		fact_pixels(what, n >> l, n >> l);
		glDeleteFramebuffers(1, &fb);
	}
	glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
	fact_err("GenerateMipmap(cube without images)");
	glGenerateMipmap(0x1234);
	fact_err("GenerateMipmap(bad target)");
	GLuint ti;
	glGenTextures(1, &ti);
	glBindTexture(GL_TEXTURE_2D, ti);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, 4, 4, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, data);
	glGenerateMipmap(GL_TEXTURE_2D);
	fact_err("GenerateMipmap(R8UI)");
	glDeleteTextures(1, &ti);
	glDeleteTextures(1, &t);
	free(data);
	free(rnd);
}

static void integer_and_depth(void)
{
	const int w = 70, h = 33;
	uint8_t *data = gt_pattern((size_t)w * h * 8, 11);
	static const struct { GLenum internal, format, type; int bpp; const char *name; } f[] = {
		{ GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, 1, "R8UI" },
		{ GL_RG8I, GL_RG_INTEGER, GL_BYTE, 2, "RG8I" },
		{ GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, 2, "R16UI" },
		{ GL_RG16I, GL_RG_INTEGER, GL_SHORT, 4, "RG16I" },
		{ GL_R32I, GL_RED_INTEGER, GL_INT, 4, "R32I" },
		{ GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, 4, "RGBA8UI" },
	};
	for (unsigned i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		GLuint t;
		glGenTextures(1, &t);
		glBindTexture(GL_TEXTURE_2D, t);
		glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f[i].internal, w, h, 0, f[i].format, f[i].type, data);
		GLenum e = glGetError();
		GLuint fb = gt_fbo_with_tex(t, GL_TEXTURE_2D, 0);
		bool sint = f[i].type == GL_BYTE || f[i].type == GL_SHORT || f[i].type == GL_INT;
		uint32_t *px = calloc((size_t)w * h, 16);
		glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, sint ? GL_INT : GL_UNSIGNED_INT, px);
		fact("%s: teximage %s status 0x%x read %s hash %08x", f[i].name, gt_err_name(e),
		     glCheckFramebufferStatus(GL_FRAMEBUFFER), gt_err_name(glGetError()), gt_hash(px, (size_t)w * h * 16));
		GLint rf = 0, rt = 0;
		glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &rf);
		glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &rt);
		memset(px, 0, (size_t)w * h * 16);
		glReadPixels(0, 0, w, h, (GLenum)rf, (GLenum)rt, px);
		fact("%s: read as 0x%x/0x%x %s hash %08x", f[i].name, rf, rt, gt_err_name(glGetError()),
		     gt_hash(px, (size_t)w * h * 16));
		glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
		fact_err("integer buffer read as RGBA/UNSIGNED_BYTE");
		free(px);
		glDeleteFramebuffers(1, &fb);
		glDeleteTextures(1, &t);
	}
	glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, data);
	fact_err("TexImage2D(R8UI from RED)");
	/* depth textures as depth attachments */
	GLuint t, rb;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT24, w, h);
	fact_err("TexStorage2D DEPTH_COMPONENT24");
	GLuint fb = gt_fbo_with_rb(GL_RGBA8, w, h, &rb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, t, 0);
	fact("color + depth texture: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glClearDepthf(0.5f);
	glClear(GL_DEPTH_BUFFER_BIT);
	fact_err("clear of a depth texture");
	GLint v = 0;
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE,
					      &v);
	fact("depth size %d", v);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
					      &v);
	fact("depth object type 0x%x", v);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
					      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	fact("stencil object type 0x%x", v);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
					      GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
	fact_err("RED_SIZE of nothing");
	/* deleting an attached texture detaches it from the bound framebuffer */
	glDeleteTextures(1, &t);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
					      &v);
	fact("after delete: depth object type 0x%x", v);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
	free(data);
}

static void params_and_errors(void)
{
	GLuint t;
	glGenTextures(1, &t);
	fact("IsTexture before bind %d", glIsTexture(t));
	glBindTexture(GL_TEXTURE_2D, t);
	fact("IsTexture after bind %d", glIsTexture(t));
	static const GLenum pn[] = { GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T,
				     GL_TEXTURE_WRAP_R, GL_TEXTURE_BASE_LEVEL, GL_TEXTURE_MAX_LEVEL, GL_TEXTURE_COMPARE_MODE,
				     GL_TEXTURE_COMPARE_FUNC, GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_A,
				     GL_TEXTURE_IMMUTABLE_FORMAT };
	for (unsigned i = 0; i < sizeof(pn) / sizeof(pn[0]); i++) {
		GLint v = -1;
		glGetTexParameteriv(GL_TEXTURE_2D, pn[i], &v);
		fact("default 0x%x = 0x%x", pn[i], v);
	}
	GLfloat fv = 0;
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, &fv);
	fact("default MIN_LOD %g", fv);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, (GLfloat)GL_CLAMP_TO_EDGE);
	glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, 4.5f);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ONE);
	fact_err("TexParameter valid");
	GLint v = 0;
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
	fact("MIN_FILTER 0x%x", v);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
	fact("WRAP_S 0x%x", v);
	glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, &fv);
	fact("MAX_LOD %g", fv);
	glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, &v);
	fact("SWIZZLE_G 0x%x", v);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	fact_err("MAG_FILTER LINEAR_MIPMAP_LINEAR");
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER_EXT + 1000);
	fact_err("WRAP_T bad");
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
	fact_err("BASE_LEVEL -1");
	glTexParameteri(GL_TEXTURE_2D, 0x1234, 0);
	fact_err("TexParameteri(pname 0x1234)");
	glTexParameteri(0x1234, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	fact_err("TexParameteri(target 0x1234)");
	glGetTexParameteriv(GL_TEXTURE_2D, 0x1234, &v);
	fact_err("GetTexParameteriv(pname 0x1234)");

	uint8_t px[64] = { 0 };
	glTexImage2D(0x1234, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("TexImage2D(target 0x1234)");
	glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("TexImage2D(level -1)");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, -4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("TexImage2D(width -4)");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("TexImage2D(border 1)");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, px);
	fact_err("TexImage2D(RGBA8 from RGB)");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, 0x1234, px);
	fact_err("TexImage2D(type 0x1234)");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, 0x1234, GL_UNSIGNED_BYTE, px);
	fact_err("TexImage2D(format 0x1234)");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("TexImage2D(unsized RGB from RGBA)");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1 << 20, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage2D(width 2^20)");
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("TexSubImage2D with no image");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
	glTexSubImage2D(GL_TEXTURE_2D, 0, -1, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("TexSubImage2D(x -1)");
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, px);
	fact_err("TexSubImage2D(4444 into RGBA8)");
	glBindTexture(0x1234, t);
	fact_err("BindTexture(target 0x1234)");
	glActiveTexture(GL_TEXTURE0 + 5);
	fact_err("ActiveTexture(5)");
	glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
	fact("ACTIVE_TEXTURE 0x%x", v);
	glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
	fact("binding on unit 5: %d", v);
	glActiveTexture(GL_TEXTURE0 + 1000);
	fact_err("ActiveTexture(1000)");
	glActiveTexture(GL_TEXTURE0);
	glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
	fact("binding on unit 0 is the texture: %d", v == (GLint)t);
	glDeleteTextures(1, &t);
	glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
	fact("binding after delete %d, IsTexture %d", v, glIsTexture(t));
	glDeleteTextures(-1, &t);
	fact_err("DeleteTextures(-1)");
	glGenTextures(-1, &t);
	fact_err("GenTextures(-1)");
	/* 3D and array textures have their own program, textures_3d */
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage3D(TEXTURE_3D) into texture 0");
}

int main(void)
{
	gt_init();
	formats();
	unpack_params();
	storage();
	cube();
	copies();
	mipmaps();
	integer_and_depth();
	params_and_errors();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
