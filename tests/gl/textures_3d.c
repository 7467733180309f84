/* SPDX-License-Identifier: MIT */
/*
 * 3D and 2D array textures against Mesa: TexImage3D/TexSubImage3D uploads
 * in every format the driver stores, under every UNPACK_* parameter that
 * applies to 3D (IMAGE_HEIGHT and SKIP_IMAGES with the 2D ones), from
 * client memory and from a pixel unpack buffer; TexStorage3D with the
 * spec's level sizes (a 3D depth halves, array layers stay); each layer,
 * slice and level read back through FramebufferTextureLayer; clears of
 * one layer, CopyTexSubImage3D, CopyImageSubData between 2D, cube, 3D and
 * array images, BlitFramebuffer between layers, GenerateMipmap; texture
 * parameters; and the GLES 3.0 errors of all of them. Sizes are odd and
 * rows reach past 512 bytes so X and Y tiles and partial tiles are
 * crossed within every slice.
 */
#include "gltest.h"

static PFNGLCOPYIMAGESUBDATAEXTPROC copy_image;

static const char *tname(GLenum target)
{
	return target == GL_TEXTURE_3D ? "3D" : "2D_ARRAY";
}

/* A new framebuffer, bound, with layer of level of tex as its color attachment. */
static GLuint fbo_layer(GLuint tex, int level, int layer)
{
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, level, layer);
	return fb;
}

/* Reads back every layer (slice) of a level: status and pixels. */
static void show_layers(const char *what, GLuint tex, int level, int w, int h, int layers, bool integer)
{
	for (int z = 0; z < layers; z++) {
		GLuint fb = fbo_layer(tex, level, z);
		char s[200];
		snprintf(s, sizeof(s), "%s level %d layer %d: status 0x%x", what, level, z,
			 glCheckFramebufferStatus(GL_FRAMEBUFFER));
		if (!integer) {
			fact_pixels(s, w, h);
		} else {
			uint32_t *px = calloc((size_t)w * h, 16);
			glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
			fact("%s: %s hash %08x", s, gt_err_name(glGetError()), gt_hash(px, (size_t)w * h * 16));
			free(px);
		}
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &fb);
	}
}

/* ---- uploads in every format ---- */

static void upload_read(GLenum target, GLenum internal, GLenum format, GLenum type, int bpp, int w, int h, int d,
			const char *name)
{
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(target, t);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	uint8_t *data = gt_pattern((size_t)w * h * d * bpp, (unsigned)internal + (unsigned)type + (unsigned)target);
	glTexImage3D(target, 0, (GLint)internal, w, h, d, 0, format, type, data);
	char what[200];
	snprintf(what, sizeof(what), "%s teximage %s %dx%dx%d -> %s", tname(target), name, w, h, d,
		 gt_err_name(glGetError()));
	bool integer = format == GL_RGBA_INTEGER || format == GL_RG_INTEGER || format == GL_RED_INTEGER;
	show_layers(what, t, 0, w, h, d, integer);
	/* a box at odd offsets, through the middle slices */
	uint8_t *sub = gt_pattern((size_t)w * h * d * bpp, 99);
	glTexSubImage3D(target, 0, w / 3, h / 5, 1, w / 2 + 1, h / 3 + 1, d - 1, format, type, sub);
	snprintf(what, sizeof(what), "%s texsubimage %s -> %s", tname(target), name, gt_err_name(glGetError()));
	show_layers(what, t, 0, w, h, d, integer);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	glDeleteTextures(1, &t);
	free(data);
	free(sub);
}

static void formats(void)
{
	static const GLenum targets[] = { GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY };
	for (int i = 0; i < 2; i++) {
		GLenum tg = targets[i];
		upload_read(tg, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, 131, 37, 3, "RGBA8");
		upload_read(tg, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, 3, 45, 29, 3, "RGB8");
		upload_read(tg, GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, 301, 19, 3, "RGB565/565");
		upload_read(tg, GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE, 3, 33, 9, 3, "RGB565/ubyte");
		upload_read(tg, GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 2, 40, 17, 3, "RGBA4/4444");
		upload_read(tg, GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 2, 40, 17, 3, "RGB5_A1/5551");
		upload_read(tg, GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_BYTE, 4, 23, 17, 3, "RGB5_A1/ubyte");
		upload_read(tg, GL_R8, GL_RED, GL_UNSIGNED_BYTE, 1, 517, 11, 3, "R8");
		upload_read(tg, GL_RG8, GL_RG, GL_UNSIGNED_BYTE, 2, 77, 35, 4, "RG8");
		upload_read(tg, GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, 29, 13, 3, "SRGB8_ALPHA8");
		upload_read(tg, GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, 4, 19, 21, 3, "RGBA");
		upload_read(tg, GL_BGRA_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE, 4, 35, 7, 3, "BGRA_EXT");
		upload_read(tg, GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, 1, 70, 13, 3, "R8UI");
		upload_read(tg, GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT, 4, 33, 10, 3, "RG16UI");
		upload_read(tg, GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, 4, 150, 9, 3, "RGBA8UI");
	}
	/* legacy formats store but do not render */
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D_ARRAY, t);
	uint8_t px[64] = { 0 };
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_LUMINANCE, 4, 4, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, px);
	fact_err("array LUMINANCE");
	GLuint fb = fbo_layer(t, 0, 1);
	fact("LUMINANCE layer attachment: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &t);
}

/* ---- unpack parameters ---- */

static void unpack_params(GLenum target)
{
	const int w = 37, h = 13, d = 3;
	uint8_t *src = gt_pattern(100 * 40 * 12 * 4, 7);
	static const struct { int align, row_length, image_height, skip_pixels, skip_rows, skip_images; } cases[] = {
		{ 1, 0, 0, 0, 0, 0 },   { 4, 0, 0, 0, 0, 0 },  { 8, 0, 0, 0, 0, 0 },  { 1, 0, 17, 0, 0, 0 },
		{ 1, 0, 0, 0, 0, 2 },   { 2, 41, 0, 0, 0, 0 }, { 1, 0, 0, 5, 3, 0 },  { 4, 50, 20, 3, 4, 1 },
		{ 8, 61, 15, 9, 2, 3 }, { 2, 0, 14, 0, 1, 4 },
	};
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(target, t);
	glTexImage3D(target, 0, GL_RGB8, w, h, d, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		glPixelStorei(GL_UNPACK_ALIGNMENT, cases[i].align);
		glPixelStorei(GL_UNPACK_ROW_LENGTH, cases[i].row_length);
		glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, cases[i].image_height);
		glPixelStorei(GL_UNPACK_SKIP_PIXELS, cases[i].skip_pixels);
		glPixelStorei(GL_UNPACK_SKIP_ROWS, cases[i].skip_rows);
		glPixelStorei(GL_UNPACK_SKIP_IMAGES, cases[i].skip_images);
		glTexSubImage3D(target, 0, 0, 0, 0, w, h, d, GL_RGB, GL_UNSIGNED_BYTE, src);
		char what[200];
		snprintf(what, sizeof(what),
			 "%s unpack align %d row_length %d image_height %d skip_pixels %d skip_rows %d skip_images %d (%s)",
			 tname(target), cases[i].align, cases[i].row_length, cases[i].image_height, cases[i].skip_pixels,
			 cases[i].skip_rows, cases[i].skip_images, gt_err_name(glGetError()));
		show_layers(what, t, 0, w, h, d, false);
	}
	/* the same parameters for TexImage3D itself */
	glTexImage3D(target, 0, GL_RGB8, w, h, d, 0, GL_RGB, GL_UNSIGNED_BYTE, src + 11);
	char what[96];
	snprintf(what, sizeof(what), "%s teximage under the last unpack (%s)", tname(target),
		 gt_err_name(glGetError()));
	show_layers(what, t, 0, w, h, d, false);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
	glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
	glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
	glDeleteTextures(1, &t);
	free(src);
}

/* ---- a pixel unpack buffer ---- */

static void unpack_buffer(GLenum target)
{
	const int w = 70, h = 11, d = 4;
	const size_t size = 80 * 16 * 6 * 4 + 64;
	uint8_t *data = gt_pattern(size, 17);
	GLuint pbo, t;
	glGenBuffers(1, &pbo);
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
	glBufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)size, data, GL_STATIC_DRAW);
	glGenTextures(1, &t);
	glBindTexture(target, t);
	glTexImage3D(target, 0, GL_RGBA8, w, h, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)(uintptr_t)36);
	char what[160];
	snprintf(what, sizeof(what), "%s teximage from an unpack buffer at 36 (%s)", tname(target),
		 gt_err_name(glGetError()));
	show_layers(what, t, 0, w, h, d, false);
	glPixelStorei(GL_UNPACK_ROW_LENGTH, 80);
	glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 16);
	glPixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, 2);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, 3);
	glTexSubImage3D(target, 0, 5, 1, 1, 60, 9, 3, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)(uintptr_t)8);
	snprintf(what, sizeof(what), "%s texsubimage from an unpack buffer, row 80 image 16 skips 1,2,3 (%s)",
		 tname(target), gt_err_name(glGetError()));
	show_layers(what, t, 0, w, h, d, false);
	/* 5 images of 16 rows of 80 pixels after skipping one: past the end */
	glTexSubImage3D(target, 0, 0, 0, 0, 70, 11, 4, GL_RGBA, GL_UNSIGNED_BYTE,
			(const void *)(uintptr_t)(size - 80 * 16 * 4 * 4));
	fact_err("TexSubImage3D past the end of the unpack buffer");
	glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
	glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
	glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
	glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
	glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
	glTexImage3D(target, 0, GL_RGBA8, 64, 64, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage3D 64x64x8 from a smaller unpack buffer");
	glTexImage3D(target, 0, GL_RGB565, 4, 4, 2, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, (const void *)1);
	fact_err("TexImage3D 565 at an odd offset");
	glTexImage3D(target, 0, GL_RGB565, 4, 4, 2, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, (const void *)2);
	fact_err("TexImage3D 565 at offset 2");
	glMapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 16, GL_MAP_WRITE_BIT);
	glTexSubImage3D(target, 0, 0, 0, 0, 2, 2, 2, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, NULL);
	fact_err("TexSubImage3D from a mapped unpack buffer");
	glUnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
	glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
	glDeleteBuffers(1, &pbo);
	glDeleteTextures(1, &t);
	free(data);
}

/* ---- TexStorage3D and levels ---- */

static void storage(GLenum target)
{
	const int w = 150, h = 37, d = 9, levels = 5;
	GLuint t;
	char what[160];
	glGenTextures(1, &t);
	glBindTexture(target, t);
	glTexStorage3D(target, levels, GL_RGBA8, w, h, d);
	snprintf(what, sizeof(what), "%s TexStorage3D %d levels %dx%dx%d", tname(target), levels, w, h, d);
	fact_err(what);
	GLint v = -1;
	glGetTexParameteriv(target, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
	fact("%s immutable format %d", tname(target), v);
	glGetTexParameteriv(target, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
	fact("%s immutable levels %d", tname(target), v);
	uint8_t *data = gt_pattern((size_t)w * h * d * 4, 3);
	for (int l = 0; l < levels; l++) {
		int lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
		int ld = target == GL_TEXTURE_3D ? (d >> l ? d >> l : 1) : d;
		glTexSubImage3D(target, l, 0, 0, 0, lw, lh, ld, GL_RGBA, GL_UNSIGNED_BYTE, data + l * 7);
		snprintf(what, sizeof(what), "%s storage %dx%dx%d (%s)", tname(target), lw, lh, ld,
			 gt_err_name(glGetError()));
		show_layers(what, t, l, lw, lh, ld, false);
		/* one slice past the level's depth */
		glTexSubImage3D(target, l, 0, 0, ld, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
		snprintf(what, sizeof(what), "%s TexSubImage3D at z %d of level %d", tname(target), ld, l);
		fact_err(what);
		GLuint fb = fbo_layer(t, l, ld);
		fact("%s attachment of layer %d of level %d: status 0x%x", tname(target), ld, l,
		     glCheckFramebufferStatus(GL_FRAMEBUFFER));
		glDeleteFramebuffers(1, &fb);
	}
	glTexSubImage3D(target, levels, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
	fact_err("TexSubImage3D of a level beyond the storage");
	glTexSubImage3D(target, 0, 140, 0, 0, 11, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
	fact_err("TexSubImage3D past the right edge");
	glTexSubImage3D(target, 0, 0, 0, -1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
	fact_err("TexSubImage3D at z -1");
	glTexSubImage3D(target, 0, 0, 0, 0, 1, 1, -1, GL_RGBA, GL_UNSIGNED_BYTE, data);
	fact_err("TexSubImage3D depth -1");
	glTexSubImage3D(target, 0, 0, 0, 0, 1, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, data);
	fact_err("TexSubImage3D RGB into RGBA8");
	glTexSubImage3D(target, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, 0x1234, data);
	fact_err("TexSubImage3D type 0x1234");
	glTexSubImage3D(target, 12 + (target == GL_TEXTURE_2D_ARRAY ? 3 : 0), 0, 0, 0, 1, 1, 1, GL_RGBA,
			GL_UNSIGNED_BYTE, data);
	fact_err("TexSubImage3D level past the target's levels");
	glTexStorage3D(target, 1, GL_RGBA8, 4, 4, 4);
	fact_err("TexStorage3D again");
	glTexImage3D(target, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage3D on immutable storage");
	glDeleteTextures(1, &t);

	/* the errors of TexStorage3D */
	glGenTextures(1, &t);
	glBindTexture(target, t);
	glTexStorage3D(target, 0, GL_RGBA8, 16, 16, 4);
	fact_err("TexStorage3D levels 0");
	glTexStorage3D(target, 1, GL_RGBA, 16, 16, 4);
	fact_err("TexStorage3D unsized RGBA");
	glTexStorage3D(target, 1, GL_RGBA8, 16, 0, 4);
	fact_err("TexStorage3D height 0");
	glTexStorage3D(target, 1, GL_RGBA8, 16, 16, 0);
	fact_err("TexStorage3D depth 0");
	/* 4x4x32: six levels for 3D (the depth counts), three for an array */
	glTexStorage3D(target, 4, GL_RGBA8, 4, 4, 32);
	snprintf(what, sizeof(what), "%s TexStorage3D 4 levels of 4x4x32", tname(target));
	fact_err(what);
	glDeleteTextures(1, &t);
	glGenTextures(1, &t);
	glBindTexture(target, t);
	glTexStorage3D(target, 7, GL_RGBA8, 4, 4, 32);
	snprintf(what, sizeof(what), "%s TexStorage3D 7 levels of 4x4x32", tname(target));
	fact_err(what);
	glTexStorage3D(target, 1, GL_DEPTH_COMPONENT16, 8, 8, 2);
	snprintf(what, sizeof(what), "%s TexStorage3D DEPTH_COMPONENT16", tname(target));
	fact_err(what);
	glDeleteTextures(1, &t);
	glTexStorage3D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 4);
	fact_err("TexStorage3D(TEXTURE_2D)");
	glTexStorage3D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 4, 4);
	fact_err("TexStorage3D(TEXTURE_CUBE_MAP)");
	glBindTexture(target, 0);
	glTexStorage3D(target, 1, GL_RGBA8, 4, 4, 4);
	fact_err("TexStorage3D on texture 0");
	free(data);
}

/* TexImage3D level by level: the sizes each level may have. */
static void levels_and_sizes(void)
{
	GLuint t;
	GLint max3d = 0, layers = 0;
	glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
	glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
	check(max3d >= 256 && layers >= 256, "MAX_3D_TEXTURE_SIZE %d, MAX_ARRAY_TEXTURE_LAYERS %d (ES 3.0: >= 256)",
	      max3d, layers);
	if (gt_ours())
		check(max3d == 2048 && layers == 2048, "ours: 2048 and 2048 on every generation");
	int l3d = 0;
	while ((1 << l3d) < max3d)
		l3d++;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_3D, t);
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 1, 1, max3d + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D depth MAX_3D_TEXTURE_SIZE + 1");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, max3d + 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D width MAX_3D_TEXTURE_SIZE + 1");
	glTexImage3D(GL_TEXTURE_3D, 1, GL_RGBA8, 1, 1, max3d / 2 + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D level 1 depth MAX_3D_TEXTURE_SIZE / 2 + 1");
	glTexImage3D(GL_TEXTURE_3D, l3d, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D level log2(MAX_3D_TEXTURE_SIZE), 1x1x1");
	glTexImage3D(GL_TEXTURE_3D, l3d, GL_RGBA8, 1, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D level log2(MAX_3D_TEXTURE_SIZE), 1x1x2");
	glTexImage3D(GL_TEXTURE_3D, l3d + 1, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D level log2(MAX_3D_TEXTURE_SIZE) + 1");
	glTexImage3D(GL_TEXTURE_3D, -1, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D level -1");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, -1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D depth -1");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D border 1");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT16, 4, 4, 4, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, NULL);
	fact_err("3D DEPTH_COMPONENT16");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH24_STENCIL8, 4, 4, 4, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
	fact_err("3D DEPTH24_STENCIL8");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D RGBA8 from RGB");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, 0x1234, NULL);
	fact_err("3D type 0x1234");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, 0x1234, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D format 0x1234");
	glTexImage3D(GL_TEXTURE_3D, 0, 0x1234, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D internalformat 0x1234");
	glTexImage3D(GL_TEXTURE_3D, 0, GL_R8UI, 4, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
	fact_err("3D R8UI from RED");
	glTexImage3D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage3D(TEXTURE_2D)");
	glTexImage3D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexImage3D(TEXTURE_CUBE_MAP)");
	glTexSubImage3D(GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexSubImage3D(TEXTURE_2D)");
	glTexSubImage3D(GL_TEXTURE_3D, 3, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("TexSubImage3D of a level with no image");
	/* mip levels of a 3D texture: the depth halves */
	uint8_t *data = gt_pattern(32 * 16 * 8 * 4, 51);
	for (int l = 0; l < 6; l++) {
		int lw = 32 >> l ? 32 >> l : 1, lh = 16 >> l ? 16 >> l : 1, ld = 8 >> l ? 8 >> l : 1;
		glTexImage3D(GL_TEXTURE_3D, l, GL_RGBA8, lw, lh, ld, 0, GL_RGBA, GL_UNSIGNED_BYTE, data + l);
		char what[64];
		snprintf(what, sizeof(what), "3D mip %dx%dx%d (%s)", lw, lh, ld, gt_err_name(glGetError()));
		show_layers(what, t, l, lw, lh, ld, false);
	}
	glDeleteTextures(1, &t);

	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D_ARRAY, t);
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 1, 1, layers + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("array layers MAX_ARRAY_TEXTURE_LAYERS + 1");
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 3, GL_RGBA8, 1, 1, layers, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("array level 3 with MAX_ARRAY_TEXTURE_LAYERS layers");
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 14, GL_RGBA8, 1, 1, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("array level 14, 1x1x3");
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 15, GL_RGBA8, 1, 1, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("array level 15");
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 16385, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("array width 16385");
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_DEPTH_COMPONENT16, 4, 4, 2, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT,
		     NULL);
	fact_err("array DEPTH_COMPONENT16");
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fact_err("array of 0 layers");
	/* array mip levels keep their layers */
	for (int l = 0; l < 3; l++) {
		int lw = 32 >> l, lh = 16 >> l;
		glTexImage3D(GL_TEXTURE_2D_ARRAY, l, GL_RGBA8, lw, lh, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, data + 3 * l);
		char what[64];
		snprintf(what, sizeof(what), "array mip %dx%dx3 (%s)", lw, lh, gt_err_name(glGetError()));
		show_layers(what, t, l, lw, lh, 3, false);
	}
	glDeleteTextures(1, &t);
	/* the largest array: its last layer is an image like any other */
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D_ARRAY, t);
	glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 17, 5, layers);
	fact_err("TexStorage3D 17x5 x MAX_ARRAY_TEXTURE_LAYERS");
	glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, layers - 2, 17, 5, 2, GL_RGBA, GL_UNSIGNED_BYTE, data);
	GLuint fb = fbo_layer(t, 0, layers - 1);
	glEnable(GL_SCISSOR_TEST);
	glScissor(3, 1, 5, 2);
	glClearColor(0.0f, 0.5f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	fact_pixels("last layer of the largest array, scissored clear", 17, 5);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, layers - 2);
	fact_pixels("last layer but one", 17, 5);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &t);
	free(data);
	GLint cf = -1;
	glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &cf);
	glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, 0x1234, 4, 4, 1, 0, 16, NULL);
	fact_err("CompressedTexImage3D(internalformat 0x1234)");
	/* the compressed formats themselves: tests/gl/compressed */
	glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 1, 0, 16, NULL);
	fact_err("CompressedTexImage3D(RGBA8_ETC2_EAC, 4x4x1, no data)");
	check(cf >= 10, "NUM_COMPRESSED_TEXTURE_FORMATS %d (ES 3.0: the ten ETC2/EAC ones at least)", cf);
}

/* ---- framebuffer attachments of layers ---- */

static void attachments(void)
{
	GLuint t3, ta, t2, tc;
	glGenTextures(1, &t3);
	glBindTexture(GL_TEXTURE_3D, t3);
	glTexStorage3D(GL_TEXTURE_3D, 2, GL_RGBA8, 16, 16, 4);
	glGenTextures(1, &ta);
	glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
	glTexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 16, 16, 5);
	glGenTextures(1, &t2);
	glBindTexture(GL_TEXTURE_2D, t2);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 16, 16);
	glGenTextures(1, &tc);
	glBindTexture(GL_TEXTURE_CUBE_MAP, tc);
	glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 16, 16);
	GLint max3d = 0, layers = 0;
	glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
	glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 1, 4);
	fact_err("FramebufferTextureLayer(array, level 1, layer 4)");
	fact("status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	static const GLenum pn[] = { GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME,
				     GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER,
				     GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE };
	for (unsigned i = 0; i < sizeof(pn) / sizeof(pn[0]); i++) {
		GLint v = -1;
		glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, pn[i], &v);
		fact("attachment 0x%x = %d (%s)", pn[i], pn[i] == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME ? v == (GLint)ta : v,
		     gt_err_name(glGetError()));
	}
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0, 5);
	fact("array layer 5 of 5: status 0x%x (%s)", glCheckFramebufferStatus(GL_FRAMEBUFFER), gt_err_name(glGetError()));
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, 1, 2);
	fact("3D level 1 (depth 2) layer 2: status 0x%x (%s)", glCheckFramebufferStatus(GL_FRAMEBUFFER),
	     gt_err_name(glGetError()));
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, 1, 1);
	fact("3D level 1 layer 1: status 0x%x (%s)", glCheckFramebufferStatus(GL_FRAMEBUFFER), gt_err_name(glGetError()));
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, 2, 0);
	fact("3D level 2 (no image): status 0x%x (%s)", glCheckFramebufferStatus(GL_FRAMEBUFFER),
	     gt_err_name(glGetError()));
	/* errors */
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t2, 0, 0);
	fact_err("FramebufferTextureLayer(a 2D texture)");
	/* GLES 3.0 §4.4.2.4 takes only 3D and array textures here; Mesa 22
	 * also takes a cube map (attaching face 0 whatever the layer), so
	 * this is ours alone */
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tc, 0, 0);
	GLenum cube_err = glGetError();
	if (gt_ours())
		check(cube_err == GL_INVALID_OPERATION, "FramebufferTextureLayer(a cube map) -> %s",
		      gt_err_name(cube_err));
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 9999, 0, 0);
	fact_err("FramebufferTextureLayer(unknown texture)");
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0, -1);
	fact_err("FramebufferTextureLayer(layer -1)");
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0, layers);
	fact_err("FramebufferTextureLayer(array layer MAX_ARRAY_TEXTURE_LAYERS)");
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0, layers - 1);
	fact_err("FramebufferTextureLayer(array layer MAX_ARRAY_TEXTURE_LAYERS - 1)");
	fact("past the layers: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, 0, max3d);
	fact_err("FramebufferTextureLayer(3D layer MAX_3D_TEXTURE_SIZE)");
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, -1, 0);
	fact_err("FramebufferTextureLayer(level -1)");
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, 12, 0);
	fact_err("FramebufferTextureLayer(3D level 12)");
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 14, 0);
	fact_err("FramebufferTextureLayer(array level 14)");
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 15, 0);
	fact_err("FramebufferTextureLayer(array level 15)");
	glFramebufferTextureLayer(0x1234, GL_COLOR_ATTACHMENT0, ta, 0, 0);
	fact_err("FramebufferTextureLayer(target 0x1234)");
	glFramebufferTextureLayer(GL_FRAMEBUFFER, 0x1234, ta, 0, 0);
	fact_err("FramebufferTextureLayer(attachment 0x1234)");
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, 0, 0);
	fact_err("FramebufferTextureLayer(texture 0)");
	GLint v = -1;
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
					      &v);
	fact("after texture 0: object type 0x%x", v);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t3, 0);
	fact_err("FramebufferTexture2D(TEXTURE_2D of a 3D texture)");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0, 0);
	fact_err("FramebufferTextureLayer on framebuffer 0");
	/* deleting an attached texture detaches it from the bound framebuffer */
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0, 2);
	glDeleteTextures(1, &ta);
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
					      &v);
	fact("after delete: object type 0x%x", v);
	/* a layer of a depth-stencil array as the depth and stencil attachment */
	GLuint tds, rb;
	glGenTextures(1, &tds);
	glBindTexture(GL_TEXTURE_2D_ARRAY, tds);
	glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_DEPTH24_STENCIL8, 16, 16, 3);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, tds, 0, 2);
	fact_err("FramebufferTextureLayer(DEPTH_STENCIL_ATTACHMENT, layer 2)");
	fact("color + depth-stencil layer: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glClearDepthf(0.25f);
	glClearStencil(7);
	glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	fact_err("clear of a depth-stencil layer");
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
					      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
	fact("DEPTH_STENCIL_ATTACHMENT layer %d (%s)", v, gt_err_name(glGetError()));
	glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE,
					      &v);
	fact("depth size %d", v);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
	glDeleteTextures(1, &tds);
	glDeleteTextures(1, &t3);
	glDeleteTextures(1, &t2);
	glDeleteTextures(1, &tc);
}

/* ---- clears of one layer ---- */

static void clears(GLenum target)
{
	const int w = 67, h = 45, d = 4;
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(target, t);
	uint8_t *data = gt_pattern((size_t)w * h * d * 4, 61);
	glTexImage3D(target, 0, GL_RGBA8, w, h, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	GLuint fb = fbo_layer(t, 0, 2);
	glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
	glClear(GL_COLOR_BUFFER_BIT);
	glEnable(GL_SCISSOR_TEST);
	glScissor(10, 5, 30, 20);
	glClearColor(1.0f, 0.0f, 0.5f, 0.25f);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 1);
	static const GLfloat c[4] = { 0.0f, 1.0f, 0.0f, 1.0f };
	glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
	glClearBufferfv(GL_COLOR, 0, c);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	char what[96];
	snprintf(what, sizeof(what), "%s after clears of layers 2 and 1 (%s)", tname(target), gt_err_name(glGetError()));
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	show_layers(what, t, 0, w, h, d, false);
	glDeleteTextures(1, &t);
	/* an integer array layer */
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D_ARRAY, t);
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8UI, 33, 9, 3, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, data);
	fb = fbo_layer(t, 0, 0);
	static const GLuint u[4] = { 1, 200, 3000, 40 };
	glClearBufferuiv(GL_COLOR, 0, u);
	snprintf(what, sizeof(what), "RGBA8UI array after ClearBufferuiv of layer 0 (%s)", gt_err_name(glGetError()));
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	show_layers(what, t, 0, 33, 9, 3, true);
	glDeleteTextures(1, &t);
	free(data);
}

/* ---- CopyTexSubImage3D, and CopyTexSubImage2D from a layer ---- */

static void copies(void)
{
	const int w = 97, h = 61;
	GLuint rb, t3, ta, t2;
	GLuint fb = gt_fbo_with_rb(GL_RGBA8, w, h, &rb);
	uint8_t *data = gt_pattern((size_t)w * h * 4 * 4, 71);
	glGenTextures(1, &t2);
	glBindTexture(GL_TEXTURE_2D, t2);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	/* the renderbuffer gets the 2D texture's pixels */
	GLuint fb2 = gt_fbo_with_tex(t2, GL_TEXTURE_2D, 0);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	fact_err("renderbuffer filled");

	glGenTextures(1, &t3);
	glBindTexture(GL_TEXTURE_3D, t3);
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 80, 50, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, data + 5);
	glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 7, 9, 2, 20, 10, 33, 17);
	fact_err("CopyTexSubImage3D into 3D slice 2");
	glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 3, 0, 0, 80, 50);
	fact_err("CopyTexSubImage3D whole slice 3");
	glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 4, 0, 0, 8, 8);
	fact_err("CopyTexSubImage3D zoffset 4 of 4");
	glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, -1, 0, 0, 8, 8);
	fact_err("CopyTexSubImage3D zoffset -1");
	glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 70, 0, 0, 0, 0, 33, 17);
	fact_err("CopyTexSubImage3D past the texture");
	glCopyTexSubImage3D(GL_TEXTURE_3D, 1, 0, 0, 0, 0, 0, 8, 8);
	fact_err("CopyTexSubImage3D level without an image");
	glCopyTexSubImage3D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 0, 8, 8);
	fact_err("CopyTexSubImage3D(TEXTURE_2D)");
	glCopyTexSubImage3D(GL_TEXTURE_3D, -1, 0, 0, 0, 0, 0, 8, 8);
	fact_err("CopyTexSubImage3D level -1");
	show_layers("3D after CopyTexSubImage3D", t3, 0, 80, 50, 4, false);

	glGenTextures(1, &ta);
	glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
	/* RGB8: a conversion (alpha dropped) with no rounding, which Mesa's
	 * paths do not all do alike */
	glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGB8, 40, 30, 3);
	glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 40, 30, 3, GL_RGB, GL_UNSIGNED_BYTE, data + 1);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 1, 2, 1, 30, 20, 39, 28);
	fact_err("CopyTexSubImage3D RGBA8 -> RGB8 array layer 1");
	/* from a layer of a 3D texture into a layer of the array */
	GLuint fb3 = fbo_layer(t3, 0, 1);
	glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 3, 4, 40, 30);
	fact_err("CopyTexSubImage3D from 3D slice 1 into array layer 2");
	show_layers("RGB8 array after copies", ta, 0, 40, 30, 3, false);
	/* CopyTexSubImage2D from an array layer, and CopyTexSubImage3D from
	 * it into another layer of the same texture */
	GLuint fba = fbo_layer(ta, 0, 2);
	glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 4, 4, 0, 10, 8, 25, 20);
	fact_err("CopyTexSubImage3D from array layer 2 into layer 0");
	show_layers("RGB8 array after the copy within it", ta, 0, 40, 30, 3, false);
	glBindFramebuffer(GL_FRAMEBUFFER, fba);
	GLuint trgb;
	glGenTextures(1, &trgb);
	glBindTexture(GL_TEXTURE_2D, trgb);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 45, 35, 0, GL_RGB, GL_UNSIGNED_BYTE, data);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 5, 3, 0, 0, 40, 30);
	fact_err("CopyTexSubImage2D from an RGB8 array layer");
	GLuint fbi = gt_fbo_with_tex(trgb, GL_TEXTURE_2D, 0);
	fact_pixels("2D after copy from a layer", 45, 35);
	/* an integer texture cannot take a normalized read buffer */
	GLuint ti;
	glGenTextures(1, &ti);
	glBindTexture(GL_TEXTURE_2D_ARRAY, ti);
	glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8UI, 8, 8, 2);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 0, 0, 8, 8);
	fact_err("CopyTexSubImage3D RGBA8 -> RGBA8UI");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	GLuint empty;
	glGenFramebuffers(1, &empty);
	glBindFramebuffer(GL_FRAMEBUFFER, empty);
	glBindTexture(GL_TEXTURE_3D, t3);
	glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 0, 0, 8, 8);
	fact_err("CopyTexSubImage3D from an incomplete framebuffer");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	GLuint fbs[] = { fb, fb2, fb3, fba, fbi, empty };
	glDeleteFramebuffers(6, fbs);
	glDeleteRenderbuffers(1, &rb);
	GLuint ts[] = { t3, ta, t2, ti, trgb };
	glDeleteTextures(5, ts);
	free(data);
}

/* ---- CopyImageSubData between 2D, cube, 3D and array images ---- */

static void show_tex2d(const char *what, GLuint t, GLenum textarget, int w, int h)
{
	GLuint fb = gt_fbo_with_tex(t, textarget, 0);
	fact_pixels(what, w, h);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
}

static GLuint tex3d(GLenum target, int w, int h, int d, int levels, unsigned seed)
{
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(target, t);
	glTexStorage3D(target, levels, GL_RGBA8, w, h, d);
	uint8_t *data = gt_pattern((size_t)w * h * d * 4, seed);
	for (int l = 0; l < levels; l++) {
		int lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
		int ld = target == GL_TEXTURE_3D ? (d >> l ? d >> l : 1) : d;
		glTexSubImage3D(target, l, 0, 0, 0, lw, lh, ld, GL_RGBA, GL_UNSIGNED_BYTE, data + l);
	}
	free(data);
	return t;
}

static void copy_images(void)
{
	const int w = 133, h = 71;
	GLuint a = tex3d(GL_TEXTURE_2D_ARRAY, w, h, 5, 2, 81);
	GLuint b = tex3d(GL_TEXTURE_3D, w, h, 6, 2, 82);
	GLuint t2;
	glGenTextures(1, &t2);
	glBindTexture(GL_TEXTURE_2D, t2);
	uint8_t *data = gt_pattern((size_t)w * h * 4, 83);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	GLuint cube;
	glGenTextures(1, &cube);
	glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
	glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 64, 64);
	GLuint u;
	glGenTextures(1, &u);
	glBindTexture(GL_TEXTURE_2D_ARRAY, u);
	glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_R32UI, 40, 30, 3);
	/* integer textures are complete only with NEAREST filters */
	glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

	copy_image(t2, GL_TEXTURE_2D, 0, 3, 5, 0, b, GL_TEXTURE_3D, 0, 60, 7, 4, 70, 60, 1);
	fact_err("copy 2D -> 3D slice 4");
	copy_image(b, GL_TEXTURE_3D, 0, 10, 10, 1, a, GL_TEXTURE_2D_ARRAY, 0, 20, 30, 2, 100, 40, 3);
	fact_err("copy 3D slices 1..3 -> array layers 2..4");
	copy_image(a, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 4, a, GL_TEXTURE_2D_ARRAY, 0, 5, 5, 0, 64, 64, 1);
	fact_err("copy array layer 4 -> layer 0");
	copy_image(a, GL_TEXTURE_2D_ARRAY, 1, 0, 0, 0, b, GL_TEXTURE_3D, 1, 2, 2, 1, 60, 30, 2);
	fact_err("copy array level 1 layers 0..1 -> 3D level 1 slices 1..2");
	copy_image(a, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 1, 64, 64, 5);
	fact_err("copy array layers 0..4 -> cube faces 1..5");
	copy_image(cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 3, t2, GL_TEXTURE_2D, 0, 60, 0, 0, 64, 64, 1);
	fact_err("copy cube face 3 -> 2D");
	copy_image(a, GL_TEXTURE_2D_ARRAY, 0, 7, 7, 1, u, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 40, 30, 3);
	fact_err("copy RGBA8 array -> R32UI array");
	show_layers("array after copies", a, 0, w, h, 5, false);
	show_layers("array level 1 after copies", a, 1, w / 2, h / 2, 5, false);
	show_layers("3D after copies", b, 0, w, h, 6, false);
	show_layers("3D level 1 after copies", b, 1, w / 2, h / 2, 3, false);
	show_layers("R32UI array after copies", u, 0, 40, 30, 3, true);
	show_tex2d("cube face 5 after copies", cube, GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 64, 64);
	show_tex2d("2D after copies", t2, GL_TEXTURE_2D, w, h);
	/* errors */
	copy_image(a, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 3, b, GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 3);
	fact_err("source layers 3..5 of 5");
	copy_image(a, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, b, GL_TEXTURE_3D, 1, 0, 0, 2, 4, 4, 2);
	fact_err("destination 3D level 1 slices 2..3 of 3");
	copy_image(a, GL_TEXTURE_2D_ARRAY, 0, 0, 0, -1, b, GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("srcZ -1");
	copy_image(a, GL_TEXTURE_3D, 0, 0, 0, 0, b, GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("srcTarget 3D of an array");
	copy_image(t2, GL_TEXTURE_2D, 0, 0, 0, 0, a, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 2);
	fact_err("depth 2 from a 2D texture");
	copy_image(a, GL_TEXTURE_2D_ARRAY, 2, 0, 0, 0, b, GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("srcLevel 2 beyond the storage");
	GLuint inc;
	glGenTextures(1, &inc);
	glBindTexture(GL_TEXTURE_3D, inc);
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	copy_image(inc, GL_TEXTURE_3D, 0, 0, 0, 0, b, GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 1);
	fact_err("source 3D texture mipmap-incomplete");
	glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	copy_image(inc, GL_TEXTURE_3D, 0, 0, 0, 0, b, GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 8);
	fact_err("source 3D texture complete without mipmaps, 8 slices into 6");
	copy_image(inc, GL_TEXTURE_3D, 0, 0, 0, 2, b, GL_TEXTURE_3D, 0, 0, 0, 0, 8, 8, 6);
	fact_err("source 3D slices 2..7 -> slices 0..5");
	show_layers("3D after the copy of 8x8x6", b, 0, 8, 8, 6, false);
	GLuint ts[] = { a, b, t2, cube, u, inc };
	glDeleteTextures(6, ts);
	free(data);
}

/* ---- BlitFramebuffer between layers ---- */

static void blits(void)
{
	const int w = 90, h = 50;
	GLuint a = tex3d(GL_TEXTURE_2D_ARRAY, w, h, 3, 1, 91);
	GLuint b = tex3d(GL_TEXTURE_3D, w, h, 4, 1, 92);
	GLuint rfb, dfb;
	glGenFramebuffers(1, &rfb);
	glGenFramebuffers(1, &dfb);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, rfb);
	glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, a, 0, 1);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dfb);
	glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, b, 0, 3);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("blit array layer 1 -> 3D slice 3, 1:1");
	glBlitFramebuffer(5, 7, 45, 27, 50, 40, 10, 20, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("blit flipped both");
	glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, b, 0, 0);
	glBlitFramebuffer(1, 2, 18, 15, 0, 0, 40, 31, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("blit scaled into 3D slice 0");
	/* within one array: layer 2 -> layer 0 */
	glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, a, 0, 2);
	glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, a, 0, 0);
	glBlitFramebuffer(0, 0, w, h, 3, 3, w + 3, h + 3, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("blit array layer 2 -> layer 0, offset");
	/* mirrored: the CPU's path, both layers in one object */
	glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, a, 0, 1);
	glBlitFramebuffer(10, 5, 50, 45, 70, 2, 30, 42, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("blit array layer 2 -> layer 1, mirrored in x");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &rfb);
	glDeleteFramebuffers(1, &dfb);
	show_layers("3D after blits", b, 0, w, h, 4, false);
	show_layers("array after blits", a, 0, w, h, 3, false);
	glDeleteTextures(1, &a);
	glDeleteTextures(1, &b);
}

/* ---- GenerateMipmap ---- */

static void mipmaps(void)
{
	/* blocks of one color 8 texels (and 8 slices) wide: every box filter
	 * gives the same answer */
	const int n = 32, d = 16;
	uint8_t *data = malloc((size_t)n * n * d * 4);
	uint8_t *rnd = gt_pattern((size_t)n * n * d, 5);
	for (int z = 0; z < d; z++)
		for (int y = 0; y < n; y++)
			for (int x = 0; x < n; x++)
				for (int c = 0; c < 4; c++)
					data[(((size_t)z * n + y) * n + x) * 4 + c] =
						(uint8_t)(rnd[((z / 8) * n + y / 8) * n + x / 8] * (c + 1) & 0xfc);
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_3D, t);
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, n, n, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	glGenerateMipmap(GL_TEXTURE_3D);
	fact_err("GenerateMipmap(3D)");
	for (int l = 1; l <= 3; l++)
		show_layers("3D mip", t, l, n >> l, n >> l, d >> l, false);
	glDeleteTextures(1, &t);
	/* an array: each layer on its own (the layers differ; 4x4 blocks) */
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D_ARRAY, t);
	glTexStorage3D(GL_TEXTURE_2D_ARRAY, 4, GL_RGBA8, n, n, 3);
	glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, n, n, 3, GL_RGBA, GL_UNSIGNED_BYTE, data + (size_t)n * n * 4 * 7);
	glGenerateMipmap(GL_TEXTURE_2D_ARRAY);
	fact_err("GenerateMipmap(2D_ARRAY, immutable)");
	for (int l = 1; l <= 3; l++)
		show_layers("array mip", t, l, n >> l, n >> l, 3, false);
	glDeleteTextures(1, &t);
	/* errors */
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_3D, t);
	glGenerateMipmap(GL_TEXTURE_3D);
	fact_err("GenerateMipmap(3D without images)");
	glDeleteTextures(1, &t);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D_ARRAY, t);
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_R8UI, 4, 4, 2, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, data);
	glGenerateMipmap(GL_TEXTURE_2D_ARRAY);
	fact_err("GenerateMipmap(R8UI array)");
	glDeleteTextures(1, &t);
	free(data);
	free(rnd);
}

/* ---- parameters and bindings ---- */

static void params(void)
{
	static const GLenum targets[] = { GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY };
	static const GLenum bindings[] = { GL_TEXTURE_BINDING_3D, GL_TEXTURE_BINDING_2D_ARRAY };
	for (int i = 0; i < 2; i++) {
		GLenum tg = targets[i];
		GLuint t;
		glGenTextures(1, &t);
		glBindTexture(tg, t);
		GLint v = -1;
		glGetIntegerv(bindings[i], &v);
		fact("%s binding is the texture: %d", tname(tg), v == (GLint)t);
		static const GLenum pn[] = { GL_TEXTURE_MIN_FILTER, GL_TEXTURE_WRAP_R, GL_TEXTURE_BASE_LEVEL,
					     GL_TEXTURE_MAX_LEVEL, GL_TEXTURE_IMMUTABLE_FORMAT,
					     GL_TEXTURE_IMMUTABLE_LEVELS };
		for (unsigned j = 0; j < sizeof(pn) / sizeof(pn[0]); j++) {
			glGetTexParameteriv(tg, pn[j], &v);
			fact("%s default 0x%x = 0x%x", tname(tg), pn[j], v);
		}
		glTexParameteri(tg, GL_TEXTURE_WRAP_R, GL_MIRRORED_REPEAT);
		glTexParameteri(tg, GL_TEXTURE_BASE_LEVEL, 2);
		glGetTexParameteriv(tg, GL_TEXTURE_WRAP_R, &v);
		fact("%s WRAP_R 0x%x", tname(tg), v);
		glGetTexParameteriv(tg, GL_TEXTURE_BASE_LEVEL, &v);
		fact("%s BASE_LEVEL %d", tname(tg), v);
		glTexStorage3D(tg, 3, GL_RG8, 8, 8, 8);
		glGetTexParameteriv(tg, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
		fact("%s immutable format after storage %d", tname(tg), v);
		glGetTexParameteriv(tg, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
		fact("%s immutable levels after storage %d", tname(tg), v);
		glBindTexture(GL_TEXTURE_2D, t);
		fact_err("BindTexture(2D) of a layered texture");
		glDeleteTextures(1, &t);
		glGetIntegerv(bindings[i], &v);
		fact("%s binding after delete %d", tname(tg), v);
	}
}

int main(void)
{
	gt_init();
	copy_image = (PFNGLCOPYIMAGESUBDATAEXTPROC)eglGetProcAddress("glCopyImageSubDataEXT");
	if (!copy_image) {
		printf("Bail out! no glCopyImageSubDataEXT\n");
		return 1;
	}
	formats();
	unpack_params(GL_TEXTURE_3D);
	unpack_params(GL_TEXTURE_2D_ARRAY);
	unpack_buffer(GL_TEXTURE_3D);
	unpack_buffer(GL_TEXTURE_2D_ARRAY);
	storage(GL_TEXTURE_3D);
	storage(GL_TEXTURE_2D_ARRAY);
	levels_and_sizes();
	attachments();
	clears(GL_TEXTURE_3D);
	clears(GL_TEXTURE_2D_ARRAY);
	copies();
	copy_images();
	blits();
	mipmaps();
	params();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
