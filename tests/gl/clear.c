/* SPDX-License-Identifier: MIT */
/*
 * glClear and glReadPixels on renderbuffers, against Mesa: full clears,
 * scissored clears, color write masks (the blitter's byte masks and the
 * CPU's others), RGBA8, RGB8 and RGB565 storage, and the errors GLES 3.0
 * gives for a bad mask and an incomplete framebuffer.
 */
#include "gltest.h"

static void clears_on(GLenum internal, const char *name)
{
	const int w = 67, h = 45;	/* odd sizes: partial tiles at both edges */
	char what[128];
	GLuint rb;
	GLuint fb = gt_fbo_with_rb(internal, w, h, &rb);
	fact("%s: status 0x%x", name, glCheckFramebufferStatus(GL_FRAMEBUFFER));

	glDisable(GL_SCISSOR_TEST);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	snprintf(what, sizeof(what), "%s full clear", name);
	fact_pixels(what, w, h);

	glEnable(GL_SCISSOR_TEST);
	glScissor(5, 7, 20, 11);
	glClearColor(1.0f, 0.0f, 0.2f, 0.4f);
	glClear(GL_COLOR_BUFFER_BIT);
	snprintf(what, sizeof(what), "%s scissored clear", name);
	fact_pixels(what, w, h);

	/* a scissor partly outside, and one wholly outside */
	glScissor(-10, 30, 40, 100);
	glClearColor(0.0f, 1.0f, 0.0f, 0.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glScissor(100, 100, 5, 5);
	glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	snprintf(what, sizeof(what), "%s clipped scissors", name);
	fact_pixels(what, w, h);

	static const GLboolean masks[][4] = {
		{ 1, 1, 1, 0 }, { 0, 0, 0, 1 }, { 1, 0, 1, 0 }, { 0, 1, 0, 1 }, { 0, 0, 0, 0 },
	};
	glScissor(3, 3, 50, 30);
	for (unsigned i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		glColorMask(masks[i][0], masks[i][1], masks[i][2], masks[i][3]);
		glClearColor(0.1f * (float)i, 0.9f, 0.3f, 0.6f);
		glClear(GL_COLOR_BUFFER_BIT);
		snprintf(what, sizeof(what), "%s mask %d%d%d%d", name, masks[i][0], masks[i][1], masks[i][2],
			 masks[i][3]);
		fact_pixels(what, w, h);
	}
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glDisable(GL_SCISSOR_TEST);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
}

/* Every clear value in steps of 0.01 on RGB565: the float-to-5/6-bit
 * packing and the widening on read-back must match Mesa's. */
static void ramp_565(void)
{
	GLuint rb;
	GLuint fb = gt_fbo_with_rb(GL_RGB565, 4, 4, &rb);
	for (int i = 0; i <= 100; i++) {
		float v = (float)i / 100.0f;
		uint8_t px[4];
		glClearColor(v, 1.0f - v, v * 0.5f, 1.0f);
		glClear(GL_COLOR_BUFFER_BIT);
		glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
		fact("RGB565 clear %.2f -> %d %d %d %d", v, px[0], px[1], px[2], px[3]);
	}
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
}

static void errors(void)
{
	glClear(0x100);
	fact_err("glClear(0x100)");
	glClear(GL_COLOR_BUFFER_BIT | 0x1);
	fact_err("glClear(COLOR | 0x1)");

	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	fact("empty fbo status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glClear(GL_COLOR_BUFFER_BIT);
	fact_err("glClear on an empty fbo");
	uint8_t px[4];
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("glReadPixels on an empty fbo");

	GLuint rb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	fact("fbo with a storage-less renderbuffer: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, -1, 4);
	fact_err("glRenderbufferStorage(w -1)");
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA, 4, 4);
	fact_err("glRenderbufferStorage(unsized GL_RGBA)");
	glRenderbufferStorage(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
	fact_err("glRenderbufferStorage(target TEXTURE_2D)");
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
	fact_err("glRenderbufferStorage(RGBA8 4x4)");
	fact("now status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 12345);
	fact_err("glFramebufferRenderbuffer(unknown name)");
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, 0x1234, GL_RENDERBUFFER, rb);
	fact_err("glFramebufferRenderbuffer(bad attachment)");
	glCheckFramebufferStatus(0x1234);
	fact_err("glCheckFramebufferStatus(bad target)");
	glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("glReadPixels(w -1)");
	glScissor(0, 0, -1, 0);
	fact_err("glScissor(w -1)");
	glEnable(0x1234);
	fact_err("glEnable(0x1234)");
	glPixelStorei(GL_PACK_ALIGNMENT, 3);
	fact_err("glPixelStorei(PACK_ALIGNMENT 3)");

	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	fact("surfaceless default framebuffer: status 0x%x", glCheckFramebufferStatus(GL_FRAMEBUFFER));
	glClear(GL_COLOR_BUFFER_BIT);
	fact_err("glClear on the surfaceless default framebuffer");
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	fact_err("glFramebufferRenderbuffer on framebuffer 0");
	glDeleteRenderbuffers(1, &rb);
	glDeleteFramebuffers(1, &fb);
	fact("after delete: is fb %d is rb %d", glIsFramebuffer(fb), glIsRenderbuffer(rb));
}

int main(void)
{
	gt_init();
	clears_on(GL_RGBA8, "RGBA8");
	clears_on(GL_RGB8, "RGB8");
	clears_on(GL_RGB565, "RGB565");
	ramp_565();
	errors();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
