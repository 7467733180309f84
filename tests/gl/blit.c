/* SPDX-License-Identifier: MIT */
/*
 * glBlitFramebuffer against Mesa: 1:1 copies (the blitter's), vertical and
 * horizontal flips, scaled NEAREST blits, LINEAR blits on data where the
 * bilinear weights give exact results, scissored and clipped blits,
 * RGBX-to-RGBA and format-converting blits, depth/stencil blits, and the
 * errors GLES 3.0 lists.
 */
#include "gltest.h"

static GLuint tex_fb(GLenum target, GLenum internal, GLenum format, GLenum type, int bpp, int w, int h,
		     unsigned seed, GLuint *tex)
{
	GLuint fb;
	glGenTextures(1, tex);
	glBindTexture(GL_TEXTURE_2D, *tex);
	uint8_t *data = seed ? gt_pattern((size_t)w * h * bpp, seed) : calloc((size_t)w * h, bpp);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, w, h, 0, format, type, data);
	free(data);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(target, fb);
	glFramebufferTexture2D(target, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	return fb;
}

static void show(const char *what, GLuint dfb, int w, int h)
{
	glBindFramebuffer(GL_READ_FRAMEBUFFER, dfb);
	char s[160];
	snprintf(s, sizeof(s), "%s (%s)", what, gt_err_name(glGetError()));
	fact_pixels(s, w, h);
}

struct blit_case {
	int s[4], d[4];
	GLenum filter;
	const char *name;
};

static void color_blits(GLenum sinternal, GLenum sformat, GLenum stype, int sbpp, GLenum dinternal, int w, int h,
			const char *name)
{
	GLuint st, dt;
	const struct blit_case c[] = {
		{ { 0, 0, w, h }, { 0, 0, w, h }, GL_NEAREST, "1:1 whole" },
		{ { 5, 7, 5 + w / 2, 7 + h / 3 }, { 11, 3, 11 + w / 2, 3 + h / 3 }, GL_LINEAR, "1:1 offset" },
		{ { 0, 0, w, h }, { 0, h, w, 0 }, GL_NEAREST, "flipped y" },
		{ { 3, 4, 3 + w / 2, 4 + h / 2 }, { w / 2 + 9, 1, 9, 1 + h / 2 }, GL_NEAREST, "flipped x" },
		{ { 0, 0, w, h }, { w, h, 0, 0 }, GL_NEAREST, "flipped both" },
		{ { -10, -6, w - 10, h - 6 }, { 0, 0, w, h }, GL_NEAREST, "source partly outside" },
		{ { 0, 0, w, h }, { w / 2, h / 2, w / 2 + w, h / 2 + h }, GL_NEAREST, "destination partly outside" },
		/* odd source extents: no pixel center maps exactly onto a texel edge,
		 * where llvmpipe's float coordinates and the exact ones may part */
		{ { 0, 0, (w / 3) | 1, (h / 3) | 1 }, { 0, 0, w, h }, GL_NEAREST, "3x magnify nearest" },
		{ { 0, 0, w | 1, h | 1 }, { 2, 3, 2 + w / 2, 3 + h / 2 }, GL_NEAREST, "halve nearest" },
		{ { 1, 2, 1 + 17, 2 + 13 }, { 0, 0, 40, 31 }, GL_NEAREST, "odd scale nearest" },
	};
	for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		GLuint sfb = tex_fb(GL_READ_FRAMEBUFFER, sinternal, sformat, stype, sbpp, w, h, 21, &st);
		GLuint dfb = tex_fb(GL_DRAW_FRAMEBUFFER, dinternal, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, 0, &dt);
		if (dinternal == GL_RGB565) {
			glBindTexture(GL_TEXTURE_2D, dt);
			glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, w, h, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, NULL);
			glClearColor(0.5f, 0.25f, 0.75f, 1.0f);
			glClear(GL_COLOR_BUFFER_BIT);
		}
		glBindFramebuffer(GL_READ_FRAMEBUFFER, sfb);
		glBlitFramebuffer(c[i].s[0], c[i].s[1], c[i].s[2], c[i].s[3], c[i].d[0], c[i].d[1], c[i].d[2], c[i].d[3],
				  GL_COLOR_BUFFER_BIT, c[i].filter);
		char what[128];
		snprintf(what, sizeof(what), "%s %dx%d: %s", name, w, h, c[i].name);
		show(what, dfb, w, h);
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &sfb);
		glDeleteFramebuffers(1, &dfb);
		glDeleteTextures(1, &st);
		glDeleteTextures(1, &dt);
	}
}

static void scissored(void)
{
	const int w = 300, h = 270;
	GLuint st, dt;
	GLuint sfb = tex_fb(GL_READ_FRAMEBUFFER, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, 5, &st);
	GLuint dfb = tex_fb(GL_DRAW_FRAMEBUFFER, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, w, h, 0, &dt);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, sfb);
	glEnable(GL_SCISSOR_TEST);
	glScissor(17, 33, 150, 101);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	glScissor(200, 10, 50, 50);
	glBlitFramebuffer(0, 0, w, h, w, 0, 0, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	glScissor(0, 200, 40, 40);
	glBlitFramebuffer(0, 0, w / 4, h / 4, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	glDisable(GL_SCISSOR_TEST);
	show("scissored blits", dfb, w, h);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &sfb);
	glDeleteFramebuffers(1, &dfb);
	glDeleteTextures(1, &st);
	glDeleteTextures(1, &dt);
}

/* LINEAR on data whose bilinear results are exact: constant 4x4 blocks
 * magnified 2x on block-aligned rectangles, and a constant image. */
static void linear(void)
{
	const int n = 64;
	uint8_t *rnd = gt_pattern(n * n, 9), *data = malloc((size_t)n * n * 4);
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++)
			for (int k = 0; k < 4; k++)
				data[((size_t)y * n + x) * 4 + k] = rnd[(y / 16) * n + x / 16] ^ (uint8_t)(k * 85);
	GLuint st, dt, sfb, dfb;
	glGenTextures(1, &st);
	glBindTexture(GL_TEXTURE_2D, st);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	glGenFramebuffers(1, &sfb);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, sfb);
	glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, st, 0);
	dfb = tex_fb(GL_DRAW_FRAMEBUFFER, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, 2 * n, 2 * n, 0, &dt);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, sfb);
	glBlitFramebuffer(0, 0, n, n, 0, 0, 2 * n, 2 * n, GL_COLOR_BUFFER_BIT, GL_LINEAR);
	/* compare only texels away from block edges: there the weights mix one color */
	uint8_t *px = malloc((size_t)4 * n * n * 4);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, dfb);
	glReadPixels(0, 0, 2 * n, 2 * n, GL_RGBA, GL_UNSIGNED_BYTE, px);
	uint32_t h = 2166136261u;
	for (int y = 0; y < 2 * n; y++)
		for (int x = 0; x < 2 * n; x++) {
			int bx = x % 32, by = y % 32;
			if (bx < 2 || bx > 29 || by < 2 || by > 29)
				continue;
			for (int k = 0; k < 4; k++)
				h = (h ^ px[((size_t)y * 2 * n + x) * 4 + k]) * 16777619u;
		}
	fact("LINEAR 2x magnify, block interiors: hash %08x", h);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &sfb);
	glDeleteFramebuffers(1, &dfb);
	glDeleteTextures(1, &st);
	glDeleteTextures(1, &dt);
	free(px);
	free(rnd);
	free(data);
}

static void depth_stencil(void)
{
	const int w = 83, h = 71;
	GLuint rb[4], fb[2];
	glGenRenderbuffers(4, rb);
	glGenFramebuffers(2, fb);
	for (int i = 0; i < 2; i++) {
		glBindFramebuffer(GL_FRAMEBUFFER, fb[i]);
		glBindRenderbuffer(GL_RENDERBUFFER, rb[2 * i]);
		glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[2 * i]);
		glBindRenderbuffer(GL_RENDERBUFFER, rb[2 * i + 1]);
		glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, w, h);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[2 * i + 1]);
		glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.25f + 0.5f * (float)i, 3 + i);
	}
	fact_err("ClearBufferfi");
	glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT, GL_NEAREST);
	fact_err("depth+stencil blit 1:1");
	glBlitFramebuffer(0, 0, w, h, 0, 0, w / 2, h / 2, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
	fact_err("depth blit scaled");
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
	fact_err("depth blit LINEAR");
	GLuint rb16;
	glGenRenderbuffers(1, &rb16);
	glBindRenderbuffer(GL_RENDERBUFFER, rb16);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, w, h);
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb16);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
	fact_err("depth blit Z24S8 -> Z16");
	glDeleteRenderbuffers(1, &rb16);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(2, fb);
	glDeleteRenderbuffers(4, rb);
}

static void errors(void)
{
	GLuint rb[3], fb[2];
	glGenRenderbuffers(3, rb);
	glGenFramebuffers(2, fb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[2]);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_R8UI, 16, 16);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
	glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[1]);
	glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, 0x1234);
	fact_err("filter 0x1234");
	glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, 0x8, GL_NEAREST);
	fact_err("mask 0x8");
	glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_STENCIL_BUFFER_BIT, GL_LINEAR);
	fact_err("stencil with LINEAR");
	glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, 0, GL_NEAREST);
	fact_err("mask 0");
	glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
	fact_err("depth without depth buffers");
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[2]);
	glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("RGBA8 into R8UI");
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
	glBlitFramebuffer(0, 0, 8, 8, 8, 8, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("same buffer as source and destination");
	glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[2]);
	glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("R8UI into RGBA8");
	glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
	glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("incomplete read framebuffer");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(2, fb);
	glDeleteRenderbuffers(3, rb);
}

int main(void)
{
	gt_init();
	color_blits(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, GL_RGBA8, 67, 45, "RGBA8");
	color_blits(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, GL_RGBA8, 260, 259, "RGBA8");
	color_blits(GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, 3, GL_RGBA8, 131, 70, "RGB8 -> RGBA8");
	color_blits(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, GL_RGB565, 99, 37, "RGB565");
	/* (RGBA8 into RGB565 is left out: llvmpipe's blits narrow by truncation,
	 * ours round to nearest, the conversion GLES 3.0 §2.1.6 prefers) */
	color_blits(GL_R8, GL_RED, GL_UNSIGNED_BYTE, 1, GL_RGBA8, 77, 41, "R8 -> RGBA8");
	scissored();
	linear();
	depth_stencil();
	errors();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
