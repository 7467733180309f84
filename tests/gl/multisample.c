/* SPDX-License-Identifier: MIT */
/*
 * Multisample renderbuffers against Mesa: GL_MAX_SAMPLES and the sample
 * counts glGetInternalformativ lists, RenderbufferStorageMultisample's
 * rounding and errors, FRAMEBUFFER_INCOMPLETE_MULTISAMPLE and the
 * SAMPLE_BUFFERS / SAMPLES of a bound framebuffer, clears (scissored,
 * masked, ClearBuffer*) seen through a resolving BlitFramebuffer, partial
 * and scissored resolves, depth/stencil resolves, multisample-to-
 * multisample CopyImageSubData, and the errors of every path that may not
 * read a multisample buffer (ReadPixels, CopyTex*, blits that are not a
 * 1:1 resolve into a single-sample buffer, EGLImages).
 *
 * Mesa is asked to be an ES 3.0 implementation (MESA_GLES_VERSION_OVERRIDE,
 * which our vendor ignores): llvmpipe gives an ES 3.2 context otherwise,
 * and ES 3.1 relaxed the rule that integer formats have no multisample
 * storage, which an ES 3.0 context keeps.
 */
#include "gltest.h"

#define W 37
#define H 29

static GLuint new_rb(GLsizei samples, GLenum internal, int w, int h)
{
	GLuint rb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, internal, w, h);
	return rb;
}

/* A framebuffer with rb as color attachment 0 (and ds, if any, as depth/stencil at dsatt). */
static GLuint new_fb(GLenum target, GLuint color, GLenum dsatt, GLuint ds)
{
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(target, fb);
	if (color)
		glFramebufferRenderbuffer(target, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
	if (ds)
		glFramebufferRenderbuffer(target, dsatt, GL_RENDERBUFFER, ds);
	return fb;
}

static const char *status_name(GLenum s)
{
	switch (s) {
	case GL_FRAMEBUFFER_COMPLETE: return "COMPLETE";
	case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "INCOMPLETE_ATTACHMENT";
	case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "INCOMPLETE_MISSING_ATTACHMENT";
	case GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS: return "INCOMPLETE_DIMENSIONS";
	case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "INCOMPLETE_MULTISAMPLE";
	case GL_FRAMEBUFFER_UNSUPPORTED: return "UNSUPPORTED";
	case GL_FRAMEBUFFER_UNDEFINED: return "UNDEFINED";
	default: return "?";
	}
}

/* The draw framebuffer's status, and its SAMPLE_BUFFERS and SAMPLES when
 * complete (GLES 3.0 §6.1.3 leaves them undefined otherwise: Mesa keeps
 * those of the last complete state). */
static void fact_fb(const char *what)
{
	GLint sb = -1, s = -1;
	GLenum st = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
	glGetIntegerv(GL_SAMPLE_BUFFERS, &sb);
	glGetIntegerv(GL_SAMPLES, &s);
	if (st == GL_FRAMEBUFFER_COMPLETE || st == GL_FRAMEBUFFER_UNDEFINED)
		fact("%s: %s, SAMPLE_BUFFERS %d, SAMPLES %d (%s)", what, status_name(st), sb, s,
		     gt_err_name(glGetError()));
	else
		fact("%s: %s (%s)", what, status_name(st), gt_err_name(glGetError()));
}

static const struct fmt {
	GLenum internal;
	const char *name;
} color_fmts[] = {
	{ GL_RGBA8, "RGBA8" }, { GL_RGB8, "RGB8" }, { GL_RGB565, "RGB565" }, { GL_RGBA4, "RGBA4" },
	{ GL_RGB5_A1, "RGB5_A1" }, { GL_SRGB8_ALPHA8, "SRGB8_ALPHA8" }, { GL_R8, "R8" }, { GL_RG8, "RG8" },
}, ds_fmts[] = {
	{ GL_DEPTH_COMPONENT16, "DEPTH_COMPONENT16" }, { GL_DEPTH_COMPONENT24, "DEPTH_COMPONENT24" },
	{ GL_DEPTH24_STENCIL8, "DEPTH24_STENCIL8" }, { GL_STENCIL_INDEX8, "STENCIL_INDEX8" },
}, int_fmts[] = {
	{ GL_R8UI, "R8UI" }, { GL_R8I, "R8I" }, { GL_RG16UI, "RG16UI" }, { GL_R32I, "R32I" },
	{ GL_RGBA8UI, "RGBA8UI" }, { GL_RGBA8I, "RGBA8I" },
};
#define N(a) (sizeof(a) / sizeof((a)[0]))

static void queries(void)
{
	GLint v = -1;
	glGetIntegerv(GL_MAX_SAMPLES, &v);
	fact("MAX_SAMPLES %d (%s)", v, gt_err_name(glGetError()));
	const struct fmt *lists[] = { color_fmts, ds_fmts };
	const unsigned lens[] = { N(color_fmts), N(ds_fmts) };
	for (unsigned l = 0; l < 2; l++)
		for (unsigned i = 0; i < lens[l]; i++) {
			GLint n = -1, s[4] = { -1, -1, -1, -1 };
			glGetInternalformativ(GL_RENDERBUFFER, lists[l][i].internal, GL_NUM_SAMPLE_COUNTS, 1, &n);
			glGetInternalformativ(GL_RENDERBUFFER, lists[l][i].internal, GL_SAMPLES, 4, s);
			fact("%s: NUM_SAMPLE_COUNTS %d, SAMPLES %d %d %d %d (%s)", lists[l][i].name, n, s[0], s[1], s[2],
			     s[3], gt_err_name(glGetError()));
		}
	/* ES 3.0 §6.1.15: integer formats have no multisample counts (what
	 * Mesa writes for their GL_SAMPLES then is not stated: it lists 4) */
	for (unsigned i = 0; i < N(int_fmts); i++) {
		GLint n = -1;
		glGetInternalformativ(GL_RENDERBUFFER, int_fmts[i].internal, GL_NUM_SAMPLE_COUNTS, 1, &n);
		fact("%s: NUM_SAMPLE_COUNTS %d (%s)", int_fmts[i].name, n, gt_err_name(glGetError()));
	}
	GLint s[2] = { -1, -1 };
	glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 0, s);
	fact("SAMPLES with bufSize 0: %d (%s)", s[0], gt_err_name(glGetError()));
	glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, -1, s);
	fact_err("SAMPLES with bufSize -1");
	glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 2, s);
	fact_err("GetInternalformativ(TEXTURE_2D)");
	glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_RENDERBUFFER_SAMPLES, 2, s);
	fact_err("GetInternalformativ(RENDERBUFFER_SAMPLES)");
}

static void fact_rb(const char *what)
{
	GLint s = -1, w = -1, h = -1, f = -1, r = -1, d = -1, st = -1;
	GLenum e = glGetError();
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &s);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &w);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &h);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &f);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_RED_SIZE, &r);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &d);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &st);
	fact("%s -> %s: samples %d, %dx%d, format 0x%x, red %d depth %d stencil %d", what, gt_err_name(e), s, w, h, f, r,
	     d, st);
}

static void storage(void)
{
	GLuint rb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	char what[96];
	for (int s = -1; s <= 6; s++) {
		glRenderbufferStorageMultisample(GL_RENDERBUFFER, s, GL_RGBA8, 16 + s, 8);
		snprintf(what, sizeof(what), "RGBA8 samples %d", s);
		fact_rb(what);
	}
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_RGBA8, 16, 8);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, 5, GL_RGBA8, 20, 20);
	fact_rb("samples 5 after 2: storage kept");
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 16385, 8);
	fact_rb("samples 4, width 16385");
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA, 8, 8);
	fact_rb("samples 4, unsized RGBA");
	glRenderbufferStorageMultisample(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8);
	fact_rb("target TEXTURE_2D");
	/* (sizes left out: Mesa gives a 0x0 renderbuffer its format's channel
	 * sizes, ours 0 as for one never given storage) */
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 0, 0);
	GLint s0 = -1, w0 = -1;
	GLenum e0 = glGetError();
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &s0);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &w0);
	fact("samples 4, 0x0 -> %s: samples %d, width %d", gt_err_name(e0), s0, w0);
	for (unsigned i = 0; i < N(int_fmts); i++)
		for (int s = 0; s <= 4; s += 1) {
			glRenderbufferStorageMultisample(GL_RENDERBUFFER, s, int_fmts[i].internal, 8, 8);
			snprintf(what, sizeof(what), "%s samples %d", int_fmts[i].name, s);
			fact_rb(what);
		}
	for (unsigned i = 0; i < N(ds_fmts); i++)
		for (int s = 1; s <= 4; s += 3) {
			glRenderbufferStorageMultisample(GL_RENDERBUFFER, s, ds_fmts[i].internal, 9, 7);
			snprintf(what, sizeof(what), "%s samples %d", ds_fmts[i].name, s);
			fact_rb(what);
		}
	for (unsigned i = 0; i < N(color_fmts); i++) {
		glRenderbufferStorageMultisample(GL_RENDERBUFFER, 3, color_fmts[i].internal, 9, 7);
		snprintf(what, sizeof(what), "%s samples 3", color_fmts[i].name);
		fact_rb(what);
	}
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 5, 5);
	fact_rb("RenderbufferStorage after multisample storage");
	glDeleteRenderbuffers(1, &rb);
}

static void completeness(void)
{
	fact_fb("framebuffer 0 (surfaceless)");
	GLuint ms = new_rb(4, GL_RGBA8, W, H), ms2 = new_rb(2, GL_RGBA8, W, H), ss = new_rb(0, GL_RGBA8, W, H);
	GLuint msd = new_rb(4, GL_DEPTH24_STENCIL8, W, H), ssd = new_rb(0, GL_DEPTH24_STENCIL8, W, H);
	GLuint ms16 = new_rb(4, GL_DEPTH_COMPONENT16, W, H), mss = new_rb(4, GL_STENCIL_INDEX8, W, H);
	GLuint small = new_rb(4, GL_RGBA8, 5, 3);
	GLuint fb = new_fb(GL_FRAMEBUFFER, ms, 0, 0);
	fact_fb("color0 4 samples");
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, ms2);
	fact_fb("+ color1 2 samples (rounded to 4)");
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, ss);
	fact_fb("+ color1 single-sample");
	glClear(GL_COLOR_BUFFER_BIT);
	fact_err("Clear on INCOMPLETE_MULTISAMPLE");
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, small);
	fact_fb("+ color1 4 samples, smaller");
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ssd);
	fact_fb("+ single-sample depth/stencil");
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, msd);
	fact_fb("+ 4-sample depth/stencil");
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, ms16);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, mss);
	fact_fb("+ 4-sample DEPTH_COMPONENT16 and STENCIL_INDEX8");
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
	GLuint tex;
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, W, H);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT2, GL_TEXTURE_2D, tex, 0);
	fact_fb("+ color2 a texture");
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT2, GL_TEXTURE_2D, 0, 0);
	/* SAMPLE_BUFFERS and SAMPLES are the draw framebuffer's */
	GLuint fb2 = new_fb(GL_DRAW_FRAMEBUFFER, ss, 0, 0);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
	fact_fb("draw single-sample, read 4 samples");
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, fb2);
	fact_fb("draw 4 samples, read single-sample");
	/* storage changed under an attachment */
	glBindRenderbuffer(GL_RENDERBUFFER, ms);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
	fact_fb("color0 respecified single-sample");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	GLuint del[] = { fb, fb2 }, rbs[] = { ms, ms2, ss, msd, ssd, ms16, mss, small };
	glDeleteFramebuffers(2, del);
	glDeleteRenderbuffers(N(rbs), rbs);
	glDeleteTextures(1, &tex);
}

/* Resolves the multisample framebuffer msfb into the single-sample ssfb
 * (rectangle x0, y0, x1, y1 on both) and states ssfb's pixels. */
static void resolve_and_show(const char *what, GLuint msfb, GLuint ssfb, int x0, int y0, int x1, int y1, int w, int h)
{
	glBindFramebuffer(GL_READ_FRAMEBUFFER, msfb);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ssfb);
	glBlitFramebuffer(x0, y0, x1, y1, x0, y0, x1, y1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	GLenum e = glGetError();
	glBindFramebuffer(GL_READ_FRAMEBUFFER, ssfb);
	char s[160];
	snprintf(s, sizeof(s), "%s, resolved (%s)", what, gt_err_name(e));
	fact_pixels(s, w, h);
}

static void clears(const struct fmt *f)
{
	char what[128];
	GLuint msrb = new_rb(3, f->internal, W, H), ssrb = new_rb(0, f->internal, W, H);
	GLuint msfb = new_fb(GL_FRAMEBUFFER, msrb, 0, 0), ssfb = new_fb(GL_FRAMEBUFFER, ssrb, 0, 0);
	glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
	glClear(GL_COLOR_BUFFER_BIT);	/* ssfb */
	glBindFramebuffer(GL_FRAMEBUFFER, msfb);
	glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
	glClear(GL_COLOR_BUFFER_BIT);
	snprintf(what, sizeof(what), "%s: cleared", f->name);
	resolve_and_show(what, msfb, ssfb, 0, 0, W, H, W, H);

	glBindFramebuffer(GL_FRAMEBUFFER, msfb);
	glEnable(GL_SCISSOR_TEST);
	glScissor(5, 6, 11, 9);
	/* (0 and 1 only: llvmpipe draws scissored clears, and its shader's
	 * sRGB encoding of 0.5 is 187 where its clears give 188) */
	glClearColor(1.0f, 0.0f, 1.0f, 0.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	snprintf(what, sizeof(what), "%s: scissored clear", f->name);
	resolve_and_show(what, msfb, ssfb, 0, 0, W, H, W, H);

	glBindFramebuffer(GL_FRAMEBUFFER, msfb);
	glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
	glClearColor(0.0f, 1.0f, 1.0f, 0.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	snprintf(what, sizeof(what), "%s: masked clear (R, B)", f->name);
	resolve_and_show(what, msfb, ssfb, 0, 0, W, H, W, H);

	glBindFramebuffer(GL_FRAMEBUFFER, msfb);
	glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
	const GLfloat c[4] = { 0.9f, 0.9f, 0.9f, 0.4f };
	glClearBufferfv(GL_COLOR, 0, c);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	snprintf(what, sizeof(what), "%s: ClearBufferfv, alpha only", f->name);
	resolve_and_show(what, msfb, ssfb, 0, 0, W, H, W, H);

	/* a resolve of part of the buffer, then one under the scissor */
	glBindFramebuffer(GL_FRAMEBUFFER, msfb);
	const GLfloat c2[4] = { 0.0f, 0.0f, 1.0f, 1.0f };
	glClearBufferfv(GL_COLOR, 0, c2);
	snprintf(what, sizeof(what), "%s: partial resolve", f->name);
	resolve_and_show(what, msfb, ssfb, 3, 4, 20, 17, W, H);
	glBindFramebuffer(GL_FRAMEBUFFER, msfb);
	glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glEnable(GL_SCISSOR_TEST);
	glScissor(20, 1, 30, 12);
	snprintf(what, sizeof(what), "%s: scissored resolve", f->name);
	resolve_and_show(what, msfb, ssfb, 0, 0, W, H, W, H);
	glDisable(GL_SCISSOR_TEST);
	snprintf(what, sizeof(what), "%s: resolve partly outside", f->name);
	glBindFramebuffer(GL_FRAMEBUFFER, msfb);
	glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	resolve_and_show(what, msfb, ssfb, -5, 20, W + 9, H + 3, W, H);

	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	GLuint fbs[] = { msfb, ssfb }, rbs[] = { msrb, ssrb };
	glDeleteFramebuffers(2, fbs);
	glDeleteRenderbuffers(2, rbs);
}

/* A resolve into a texture level and into a framebuffer with several draw buffers. */
static void resolve_targets(void)
{
	GLuint msrb = new_rb(4, GL_RGBA8, W, H);
	GLuint msfb = new_fb(GL_FRAMEBUFFER, msrb, 0, 0);
	glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	GLuint tex[2];
	glGenTextures(2, tex);
	GLuint dfb;
	glGenFramebuffers(1, &dfb);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dfb);
	for (int i = 0; i < 2; i++) {
		glBindTexture(GL_TEXTURE_2D, tex[i]);
		glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
		glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D, tex[i], 0);
	}
	const GLenum bufs[] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
	glDrawBuffers(2, bufs);
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, msfb);
	glBlitFramebuffer(2, 2, 30, 20, 2, 2, 30, 20, GL_COLOR_BUFFER_BIT, GL_LINEAR);
	fact_err("resolve into two textures, LINEAR");
	glBindFramebuffer(GL_READ_FRAMEBUFFER, dfb);
	for (int i = 0; i < 2; i++) {
		glReadBuffer(GL_COLOR_ATTACHMENT0 + i);
		char what[64];
		snprintf(what, sizeof(what), "resolved into texture %d", i);
		fact_pixels(what, W, H);
	}
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &msfb);
	glDeleteFramebuffers(1, &dfb);
	glDeleteRenderbuffers(1, &msrb);
	glDeleteTextures(2, tex);
}

static void depth_stencil(void)
{
	GLuint mc = new_rb(4, GL_RGBA8, W, H), sc = new_rb(0, GL_RGBA8, W, H);
	GLuint md = new_rb(4, GL_DEPTH24_STENCIL8, W, H), sd = new_rb(0, GL_DEPTH24_STENCIL8, W, H);
	GLuint sd16 = new_rb(0, GL_DEPTH_COMPONENT16, W, H), md16 = new_rb(4, GL_DEPTH_COMPONENT16, W, H);
	GLuint ms8 = new_rb(4, GL_STENCIL_INDEX8, W, H), ss8 = new_rb(0, GL_STENCIL_INDEX8, W, H);
	GLuint mfb = new_fb(GL_FRAMEBUFFER, mc, GL_DEPTH_STENCIL_ATTACHMENT, md);
	glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.75f, 9);
	glEnable(GL_SCISSOR_TEST);
	glScissor(1, 1, 4, 4);
	glClearDepthf(0.5f);
	glClearStencil(3);
	glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	glStencilMask(0x0f);
	glClearBufferiv(GL_STENCIL, 0, (const GLint[]){ 0x55 });
	glStencilMask(0xff);
	fact_err("depth/stencil clears of 4 samples");
	GLuint sfb = new_fb(GL_DRAW_FRAMEBUFFER, sc, GL_DEPTH_STENCIL_ATTACHMENT, sd);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, mfb);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT, GL_NEAREST);
	fact_err("depth+stencil resolve");
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
	fact_err("depth resolve");
	glBlitFramebuffer(3, 3, 9, 9, 3, 3, 9, 9, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
	fact_err("stencil resolve, partial");
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
			  GL_NEAREST);
	fact_err("color+depth+stencil resolve");
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
	fact_err("depth resolve LINEAR");
	glBlitFramebuffer(0, 0, W, H, 1, 0, W + 1, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
	fact_err("depth resolve moved by one");
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, sd16);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
	fact_err("depth resolve Z24S8 -> Z16");
	glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
	GLuint m16fb = new_fb(GL_READ_FRAMEBUFFER, mc, GL_DEPTH_ATTACHMENT, md16);
	glClearBufferfv(GL_DEPTH, 0, (const GLfloat[]){ 0.125f });
	glBindFramebuffer(GL_READ_FRAMEBUFFER, m16fb);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, sfb);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
	fact_err("depth resolve Z16 -> Z16");
	glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
	glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ms8);
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ss8);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m16fb);
	glClearBufferiv(GL_STENCIL, 0, (const GLint[]){ 7 });
	fact_err("STENCIL_INDEX8 clear of 4 samples");
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, sfb);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
	fact_err("stencil resolve S8 -> S8");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	GLuint fbs[] = { mfb, sfb, m16fb }, rbs[] = { mc, sc, md, sd, sd16, md16, ms8, ss8 };
	glDeleteFramebuffers(N(fbs), fbs);
	glDeleteRenderbuffers(N(rbs), rbs);
}

static void blit_errors(void)
{
	GLuint ms = new_rb(4, GL_RGBA8, W, H), ms2 = new_rb(4, GL_RGBA8, W, H), ss = new_rb(0, GL_RGBA8, W, H);
	GLuint s565 = new_rb(0, GL_RGB565, W, H), srgb = new_rb(4, GL_SRGB8_ALPHA8, W, H), rgb8 = new_rb(0, GL_RGB8, W, H);
	GLuint big = new_rb(0, GL_RGBA8, W + 10, H + 10);
	GLuint rfb = new_fb(GL_DRAW_FRAMEBUFFER, ms, 0, 0);
	glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
	glClear(GL_COLOR_BUFFER_BIT);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, rfb);
	GLuint dfb = new_fb(GL_DRAW_FRAMEBUFFER, ms2, 0, 0);
	glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("multisample into multisample");
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ss);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W / 2, H / 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("resolve scaled");
	glBlitFramebuffer(0, 0, 10, 10, 5, 5, 15, 15, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("resolve moved");
	glBlitFramebuffer(0, 0, 10, 10, 10, 0, 0, 10, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("resolve mirrored x");
	glBlitFramebuffer(10, 0, 0, 10, 10, 0, 0, 10, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("resolve with both rectangles reversed");
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_LINEAR);
	fact_err("resolve LINEAR");
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
	fact_err("depth resolve without depth buffers");
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, s565);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("resolve RGBA8 into RGB565");
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rgb8);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("resolve RGBA8 into RGB8");
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, big);
	glClear(GL_COLOR_BUFFER_BIT);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("resolve into a larger buffer");
	glBindFramebuffer(GL_READ_FRAMEBUFFER, dfb);
	fact_pixels("the larger buffer", W + 10, H + 10);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, rfb);
	/* sRGB and linear resolve into each other (Mesa's reading of "identical formats") */
	glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, srgb);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, rfb);
	glClearColor(0.5f, 0.25f, 0.125f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dfb);
	glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ss);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("resolve SRGB8_ALPHA8 into RGBA8");
	glBindFramebuffer(GL_READ_FRAMEBUFFER, dfb);
	fact_pixels("SRGB8_ALPHA8 resolved into RGBA8", W, H);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, rfb);
	glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ms);
	/* an incomplete (multisample-mismatched) read framebuffer */
	glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, big);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("resolve from an INCOMPLETE_MULTISAMPLE framebuffer");
	glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
	/* a single-sample read into a multisample draw */
	glBindFramebuffer(GL_READ_FRAMEBUFFER, dfb);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, rfb);
	glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fact_err("single-sample into multisample");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	GLuint fbs[] = { rfb, dfb }, rbs[] = { ms, ms2, ss, s565, srgb, rgb8, big };
	glDeleteFramebuffers(N(fbs), fbs);
	glDeleteRenderbuffers(N(rbs), rbs);
}

static void read_errors(void)
{
	GLuint ms = new_rb(4, GL_RGBA8, W, H);
	GLuint fb = new_fb(GL_FRAMEBUFFER, ms, 0, 0);
	uint8_t px[16] = { 0 };
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("ReadPixels from 4 samples");
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px);
	fact_err("ReadPixels(RGBA, FLOAT) from 4 samples");
	glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	fact_err("ReadPixels(width -1) from 4 samples");
	GLint f = -1, t = -1;
	glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &f);
	glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &t);
	fact("IMPLEMENTATION_COLOR_READ_FORMAT/TYPE of 4 samples: 0x%x 0x%x (%s)", f, t, gt_err_name(glGetError()));
	GLuint tex[2];
	glGenTextures(2, tex);
	glBindTexture(GL_TEXTURE_2D, tex[0]);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 8, 8, 0);
	fact_err("CopyTexImage2D from 4 samples");
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 8, 8);
	fact_err("CopyTexSubImage2D from 4 samples");
	glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
	glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 0, 0, 8, 8);
	fact_err("CopyTexSubImage3D from 4 samples");
	const GLenum inv[] = { GL_COLOR_ATTACHMENT0 };
	glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, inv);
	fact_err("InvalidateFramebuffer of 4 samples");
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &ms);
	glDeleteTextures(2, tex);
}

static void copy_image(void)
{
	PFNGLCOPYIMAGESUBDATAEXTPROC copy =
		(PFNGLCOPYIMAGESUBDATAEXTPROC)eglGetProcAddress("glCopyImageSubDataEXT");
	if (!copy) {
		check(false, "glCopyImageSubDataEXT");
		return;
	}
	GLuint a = new_rb(4, GL_RGBA8, W, H), b = new_rb(2, GL_RGBA8, W, H), s = new_rb(0, GL_RGBA8, W, H);
	GLuint c = new_rb(4, GL_RGB565, W, H);
	GLuint ssfb = new_fb(GL_FRAMEBUFFER, s, 0, 0);
	glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	GLuint fa = new_fb(GL_FRAMEBUFFER, a, 0, 0);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glEnable(GL_SCISSOR_TEST);
	glScissor(4, 4, 8, 8);
	glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	GLuint fb = new_fb(GL_FRAMEBUFFER, b, 0, 0);
	glClearColor(0.0f, 0.0f, 1.0f, 0.5f);
	glClear(GL_COLOR_BUFFER_BIT);
	copy(a, GL_RENDERBUFFER, 0, 2, 2, 0, b, GL_RENDERBUFFER, 0, 10, 12, 0, 16, 12, 1);
	fact_err("CopyImageSubData 4 samples -> 4 samples");
	resolve_and_show("copied between 4-sample renderbuffers", fb, ssfb, 0, 0, W, H, W, H);
	copy(a, GL_RENDERBUFFER, 0, 0, 0, 0, s, GL_RENDERBUFFER, 0, 0, 0, 0, 8, 8, 1);
	fact_err("CopyImageSubData 4 samples -> single-sample");
	copy(s, GL_RENDERBUFFER, 0, 0, 0, 0, a, GL_RENDERBUFFER, 0, 0, 0, 0, 8, 8, 1);
	fact_err("CopyImageSubData single-sample -> 4 samples");
	GLuint tex;
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, W, H);
	copy(a, GL_RENDERBUFFER, 0, 0, 0, 0, tex, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
	fact_err("CopyImageSubData 4 samples -> texture");
	copy(a, GL_RENDERBUFFER, 0, 30, 0, 0, b, GL_RENDERBUFFER, 0, 0, 0, 0, 8, 8, 1);
	fact_err("CopyImageSubData 4 samples, region outside");
	copy(a, GL_RENDERBUFFER, 0, 0, 0, 0, c, GL_RENDERBUFFER, 0, 0, 0, 0, 8, 8, 1);
	fact_err("CopyImageSubData 4 samples RGBA8 -> 4 samples RGB565");
	/* (a renderbuffer without storage is left out: Mesa sees a 0x0 region
	 * and answers INVALID_VALUE, ours INVALID_OPERATION) */
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	GLuint fbs[] = { ssfb, fa, fb }, rbs[] = { a, b, s, c };
	glDeleteFramebuffers(N(fbs), fbs);
	glDeleteRenderbuffers(N(rbs), rbs);
	glDeleteTextures(1, &tex);
}

static void egl_image(void)
{
	PFNEGLCREATEIMAGEKHRPROC create = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
	PFNEGLDESTROYIMAGEKHRPROC destroy = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
	const char *ext = eglQueryString(gt_dpy, EGL_EXTENSIONS);
	if (!create || !destroy || !ext || !strstr(ext, "EGL_KHR_gl_renderbuffer_image")) {
		fact("no EGL_KHR_gl_renderbuffer_image");
		return;
	}
	GLuint ms = new_rb(4, GL_RGBA8, W, H), ss = new_rb(0, GL_RGBA8, W, H);
	EGLImageKHR img = create(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)ms, NULL);
	EGLint e = eglGetError();
	/* EGL 1.5 §3.9.1 names EGL_BAD_PARAMETER; Mesa 22 answers EGL_BAD_ALLOC */
	fact("EGLImage of a 4-sample renderbuffer: %s", img == EGL_NO_IMAGE_KHR ? "none" : "made");
	if (gt_ours())
		check(e == EGL_BAD_PARAMETER, "EGLImage of a 4-sample renderbuffer: EGL_BAD_PARAMETER (0x%x)", e);
	if (img != EGL_NO_IMAGE_KHR)
		destroy(gt_dpy, img);
	img = create(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)ss, NULL);
	e = eglGetError();
	fact("EGLImage of a single-sample renderbuffer: %s, error 0x%x", img == EGL_NO_IMAGE_KHR ? "none" : "made", e);
	if (img != EGL_NO_IMAGE_KHR) {
		/* a multisample renderbuffer given the image's storage is single-sample */
		PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target =
			(PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC)eglGetProcAddress(
				"glEGLImageTargetRenderbufferStorageOES");
		if (target) {
			glBindRenderbuffer(GL_RENDERBUFFER, ms);
			target(GL_RENDERBUFFER, img);
			GLint s = -1;
			glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &s);
			fact_err("EGLImageTargetRenderbufferStorageOES on a 4-sample renderbuffer");
			/* (Mesa 22 keeps answering 4 for the image's single-sample storage) */
			if (gt_ours())
				check(s == 0, "a renderbuffer given an EGLImage has samples %d", s);
		}
		destroy(gt_dpy, img);
	}
	GLuint rbs[] = { ms, ss };
	glDeleteRenderbuffers(2, rbs);
}

int main(void)
{
	/* ES 3.0 rules on Mesa too (see the top); ours ignores it */
	setenv("MESA_GLES_VERSION_OVERRIDE", "3.0", 1);
	gt_init();
	GLint major = -1, minor = -1;
	glGetIntegerv(GL_MAJOR_VERSION, &major);
	glGetIntegerv(GL_MINOR_VERSION, &minor);
	fact("ES %d.%d", major, minor);
	queries();
	storage();
	completeness();
	for (unsigned i = 0; i < N(color_fmts); i++)
		clears(&color_fmts[i]);
	resolve_targets();
	depth_stencil();
	blit_errors();
	read_errors();
	copy_image();
	egl_image();
	check(glGetError() == GL_NO_ERROR, "no error left over");
	return gt_finish();
}
