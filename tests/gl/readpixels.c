/* SPDX-License-Identifier: MIT */
/*
 * glReadPixels against Mesa: every read format (RGBA/UNSIGNED_BYTE, the
 * implementation's pair, the BGRA pairs) from buffers of each stored
 * format, under every PACK_* parameter, for rectangles partly or wholly
 * outside the framebuffer (whose outside pixels must stay untouched), at
 * sizes that cross tiles; ReadBuffer/DrawBuffers and their errors.
 */
#include "gltest.h"

/* A w x h texture of internal format with random content, attached to a new bound framebuffer. */
static GLuint source(GLenum internal, GLenum format, GLenum type, int bpp, int w, int h, GLuint *tex)
{
	GLuint fb;
	glGenTextures(1, tex);
	glBindTexture(GL_TEXTURE_2D, *tex);
	uint8_t *data = gt_pattern((size_t)w * h * bpp, (unsigned)internal);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, w, h, 0, format, type, data);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	free(data);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	return fb;
}

#define BUF (600 * 600 * 4 + 4096)

static void read_fact(const char *name, int x, int y, int w, int h, GLenum format, GLenum type)
{
	uint8_t *buf = malloc(BUF);
	memset(buf, 0xab, BUF);
	glReadPixels(x, y, w, h, format, type, buf);
	GLenum e = glGetError();
	fact("%s: read (%d,%d %dx%d) as 0x%x/0x%x -> %s hash %08x", name, x, y, w, h, format, type, gt_err_name(e),
	     gt_hash(buf, BUF));
	free(buf);
}

static void formats(void)
{
	static const struct { GLenum internal, format, type; int bpp; const char *name; } f[] = {
		{ GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, "RGBA8" },
		{ GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, 3, "RGB8" },
		{ GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, "RGB565" },
		{ GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 2, "RGBA4" },
		{ GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 2, "RGB5_A1" },
		{ GL_R8, GL_RED, GL_UNSIGNED_BYTE, 1, "R8" },
		{ GL_RG8, GL_RG, GL_UNSIGNED_BYTE, 2, "RG8" },
		{ GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, "SRGB8_ALPHA8" },
		{ GL_BGRA_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE, 4, "BGRA_EXT" },
	};
	static const int sizes[][2] = { { 53, 37 }, { 277, 263 } };
	for (unsigned i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		for (int s = 0; s < 2; s++) {
			int w = sizes[s][0], h = sizes[s][1];
			GLuint tex;
			GLuint fb = source(f[i].internal, f[i].format, f[i].type, f[i].bpp, w, h, &tex);
			GLint rf = 0, rt = 0;
			glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &rf);
			glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &rt);
			char name[64];
			snprintf(name, sizeof(name), "%s %dx%d", f[i].name, w, h);
			fact("%s: implementation read 0x%x/0x%x", name, rf, rt);
			read_fact(name, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE);
			read_fact(name, 3, 5, w - 7, h - 9, (GLenum)rf, (GLenum)rt);
			read_fact(name, 1, 2, w / 2, h / 2, GL_BGRA_EXT, GL_UNSIGNED_BYTE);
			read_fact(name, 0, 0, w, h, GL_BGRA_EXT, GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT);
			read_fact(name, 0, 0, 4, 4, GL_RGB, GL_UNSIGNED_BYTE);
			read_fact(name, 0, 0, 4, 4, GL_RGBA, GL_FLOAT);
			read_fact(name, 0, 0, 4, 4, GL_LUMINANCE, GL_UNSIGNED_BYTE);
			/* outside the framebuffer: those pixels stay as they were */
			read_fact(name, -5, -3, 20, 10, GL_RGBA, GL_UNSIGNED_BYTE);
			read_fact(name, w - 10, h - 4, 30, 25, GL_RGBA, GL_UNSIGNED_BYTE);
			read_fact(name, w + 5, 0, 10, 10, GL_RGBA, GL_UNSIGNED_BYTE);
			read_fact(name, -40, -40, w + 80, h + 80, GL_RGBA, GL_UNSIGNED_BYTE);
			glDeleteFramebuffers(1, &fb);
			glDeleteTextures(1, &tex);
		}
}

static void pack_params(void)
{
	GLuint tex;
	const int w = 61, h = 43;
	GLuint fb = source(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, &tex);
	GLuint fb565, tex565;
	static const struct { int align, row_length, skip_pixels, skip_rows; } c[] = {
		{ 1, 0, 0, 0 }, { 2, 0, 0, 0 }, { 8, 0, 0, 0 }, { 4, 70, 0, 0 }, { 1, 0, 3, 0 },
		{ 4, 0, 0, 5 }, { 8, 67, 2, 3 }, { 2, 63, 1, 7 },
	};
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			fb565 = source(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, w, h, &tex565);
		}
		for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
			glPixelStorei(GL_PACK_ALIGNMENT, c[i].align);
			glPixelStorei(GL_PACK_ROW_LENGTH, c[i].row_length);
			glPixelStorei(GL_PACK_SKIP_PIXELS, c[i].skip_pixels);
			glPixelStorei(GL_PACK_SKIP_ROWS, c[i].skip_rows);
			char name[96];
			snprintf(name, sizeof(name), "%s pack align %d row %d skip %d,%d", pass ? "RGB565" : "RGBA8",
				 c[i].align, c[i].row_length, c[i].skip_pixels, c[i].skip_rows);
			read_fact(name, 1, 1, w - 3, h - 2, pass ? GL_RGB : GL_RGBA,
				  pass ? GL_UNSIGNED_SHORT_5_6_5 : GL_UNSIGNED_BYTE);
			read_fact(name, 1, 1, w - 3, h - 2, GL_RGBA, GL_UNSIGNED_BYTE);
		}
	}
	glPixelStorei(GL_PACK_ALIGNMENT, 4);
	glPixelStorei(GL_PACK_ROW_LENGTH, 0);
	glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
	glPixelStorei(GL_PACK_SKIP_ROWS, 0);
	glDeleteFramebuffers(1, &fb565);
	glDeleteTextures(1, &tex565);
	glDeleteFramebuffers(1, &fb);
	glDeleteTextures(1, &tex);
}

static void buffers_and_errors(void)
{
	GLuint rb[2], fb;
	glGenRenderbuffers(2, rb);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	for (int i = 0; i < 2; i++) {
		glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
		glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 20, 20);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)i, GL_RENDERBUFFER, rb[i]);
	}
	static const GLenum both[] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
	glDrawBuffers(2, both);
	fact_err("DrawBuffers(0, 1)");
	static const float red[] = { 1, 0, 0, 1 }, green[] = { 0, 1, 0, 1 };
	glClearBufferfv(GL_COLOR, 0, red);
	glClearBufferfv(GL_COLOR, 1, green);
	fact_err("ClearBufferfv");
	glReadBuffer(GL_COLOR_ATTACHMENT1);
	fact_err("ReadBuffer(1)");
	GLint v = 0;
	glGetIntegerv(GL_READ_BUFFER, &v);
	fact("READ_BUFFER 0x%x", v);
	glGetIntegerv(GL_DRAW_BUFFER1, &v);
	fact("DRAW_BUFFER1 0x%x", v);
	fact_pixels("read buffer 1", 20, 20);
	glReadBuffer(GL_COLOR_ATTACHMENT0);
	fact_pixels("read buffer 0", 20, 20);
	static const GLenum swapped[] = { GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT0 };
	glDrawBuffers(2, swapped);
	fact_err("DrawBuffers(1, 0)");
	static const GLenum back[] = { GL_BACK };
	glDrawBuffers(1, back);
	fact_err("DrawBuffers(BACK) on an fbo");
	glDrawBuffers(-1, back);
	fact_err("DrawBuffers(-1)");
	glReadBuffer(GL_BACK);
	fact_err("ReadBuffer(BACK) on an fbo");
	glReadBuffer(0x1234);
	fact_err("ReadBuffer(0x1234)");
	glReadBuffer(GL_NONE);
	fact_err("ReadBuffer(NONE)");
	uint8_t px[64];
	/* Mesa 22's llvmpipe crashes here, so only our stack is asked */
	if (gt_ours()) {
		glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
		check(glGetError() == GL_INVALID_OPERATION, "ReadPixels with read buffer NONE: INVALID_OPERATION");
	}
	glReadBuffer(GL_COLOR_ATTACHMENT0);
	/* GLES 3.0 §4.3.1 names INVALID_ENUM for a format or type that is no
	 * accepted value; Mesa answers INVALID_OPERATION, so only ours is asked */
	glReadPixels(0, 0, 1, 1, 0x1234, GL_UNSIGNED_BYTE, px);
	GLenum e1 = glGetError();
	glReadPixels(0, 0, 1, 1, GL_RGBA, 0x1234, px);
	GLenum e2 = glGetError();
	if (gt_ours())
		check(e1 == GL_INVALID_ENUM && e2 == GL_INVALID_ENUM, "ReadPixels(format/type 0x1234): INVALID_ENUM");
	fact("ReadPixels(bad enums) gave an error: %d", e1 != GL_NO_ERROR && e2 != GL_NO_ERROR);
	glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
	fact_err("ReadPixels(RGBA_INTEGER) from RGBA8");
	glReadPixels(0, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("ReadPixels(0x0)");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glReadBuffer(GL_COLOR_ATTACHMENT0);
	fact_err("ReadBuffer(COLOR_ATTACHMENT0) on framebuffer 0");
	glDrawBuffers(1, both);
	fact_err("DrawBuffers(COLOR_ATTACHMENT0) on framebuffer 0");
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(2, rb);
}

int main(void)
{
	gt_init();
	formats();
	pack_params();
	buffers_and_errors();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
