/* SPDX-License-Identifier: MIT */
/*
 * The GL layer's test harness, header only. A test is an ordinary EGL +
 * GLES program linked with libglvnd's libEGL and libGLESv2; vs_ref.sh runs
 * it twice, on Mesa's llvmpipe (the reference) and on our vendor under the
 * shim, and compares what the two printed:
 *
 *   fact("...")   a line both stacks must print identically ("= " prefix):
 *                 GL errors, query answers, pixel values;
 *   check(c, "...")  a TAP-style assertion each run must pass on its own
 *                 ("ok"/"not ok"); ours_only() guards what only our stack
 *                 has (no shader compiler, dma-buf import, native fences).
 *
 * gt_init() brings up a surfaceless display and an ES 3.0 context, as
 * Mesa's surfaceless platform allows on both stacks.
 */
#ifndef TESTS_GL_GLTEST_H
#define TESTS_GL_GLTEST_H

#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int gt_failed;
static int gt_checks;

static inline void fact(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void fact(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("= ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	fflush(stdout);
}

static inline bool check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline bool check(bool ok, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printf("%s %d - ", ok ? "ok" : "not ok", ++gt_checks);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	fflush(stdout);
	if (!ok)
		gt_failed++;
	return ok;
}

/* GL errors as names, so a transcript reads like the spec. */
static inline const char *gt_err_name(GLenum e)
{
	switch (e) {
	case GL_NO_ERROR: return "NO_ERROR";
	case GL_INVALID_ENUM: return "INVALID_ENUM";
	case GL_INVALID_VALUE: return "INVALID_VALUE";
	case GL_INVALID_OPERATION: return "INVALID_OPERATION";
	case GL_INVALID_FRAMEBUFFER_OPERATION: return "INVALID_FRAMEBUFFER_OPERATION";
	case GL_OUT_OF_MEMORY: return "OUT_OF_MEMORY";
	default: return "?";
	}
}

/* The error an expression left, as a fact: fact_err("glClear(bad)", ...). */
#define fact_err(what) fact("%s -> %s", what, gt_err_name(glGetError()))

static EGLDisplay gt_dpy;
static EGLContext gt_ctx;

static inline bool gt_ours(void)
{
	const char *v = eglQueryString(gt_dpy, EGL_VENDOR);
	return v && strcmp(v, "libdrm-gem") == 0;
}

static inline void gt_init(void)
{
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (!get_display) {
		printf("Bail out! no eglGetPlatformDisplayEXT\n");
		exit(1);
	}
	gt_dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	EGLint major, minor;
	if (gt_dpy == EGL_NO_DISPLAY || !eglInitialize(gt_dpy, &major, &minor)) {
		printf("Bail out! no surfaceless display (0x%x)\n", eglGetError());
		exit(1);
	}
	eglBindAPI(EGL_OPENGL_ES_API);
	static const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
	gt_ctx = eglCreateContext(gt_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
	if (gt_ctx == EGL_NO_CONTEXT || !eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gt_ctx)) {
		printf("Bail out! no ES 3.0 context (0x%x)\n", eglGetError());
		exit(1);
	}
	printf("# vendor %s, renderer %s\n", eglQueryString(gt_dpy, EGL_VENDOR), glGetString(GL_RENDERER));
}

static inline int gt_finish(void)
{
	eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(gt_dpy, gt_ctx);
	eglTerminate(gt_dpy);
	eglReleaseThread();
	printf("1..%d\n", gt_checks);
	return gt_failed ? 1 : 0;
}

/* FNV-1a of a block of pixels: a fact that says "same image" in one line. */
static inline uint32_t gt_hash(const void *data, size_t n)
{
	const uint8_t *p = data;
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

/* n bytes of a fixed pseudo-random pattern for seed (malloc'd): test data
 * both stacks get alike. */
static inline uint8_t *gt_pattern(size_t n, unsigned seed)
{
	uint8_t *p = malloc(n);
	uint32_t x = seed * 2654435761u + 1;
	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		p[i] = (uint8_t)(x >> 16);
	}
	return p;
}

/* NEAREST minification and magnification on target: a texture of one
 * level is complete, and no filter rule of a format applies. */
static inline void gt_nearest(GLenum target)
{
	glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

/* A new texture, bound to target, NEAREST-filtered. */
static inline GLuint gt_new_tex(GLenum target)
{
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(target, t);
	gt_nearest(target);
	return t;
}

/* Hex of n bytes (at most 64; a static buffer, good until the next call),
 * for facts a reader can check by hand. */
static inline const char *gt_hex(const uint8_t *p, size_t n)
{
	static char s[2 * 64 + 1];
	if (n > 64)
		n = 64;
	for (size_t i = 0; i < n; i++)
		snprintf(s + 2 * i, 3, "%02x", p[i]);
	s[2 * n] = 0;
	return s;
}

/* A client format/type pair, named for facts. */
struct gt_pair {
	GLenum format, type;
	const char *name;
};

/* States which of n client pairs the sized internal format takes: its
 * TexStorage2D, then per pair a 1x1 TexImage2D and a TexSubImage2D into
 * the storage, each with the error it left. */
static inline void fact_pairs(GLenum internal, const char *name, const struct gt_pair *pairs, int n)
{
	uint8_t zero[64] = { 0 };
	GLuint t = gt_new_tex(GL_TEXTURE_2D), s = gt_new_tex(GL_TEXTURE_2D);
	glTexStorage2D(GL_TEXTURE_2D, 1, internal, 2, 2);
	fact("%s TexStorage2D -> %s", name, gt_err_name(glGetError()));
	for (int p = 0; p < n; p++) {
		glBindTexture(GL_TEXTURE_2D, t);
		glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, 1, 1, 0, pairs[p].format, pairs[p].type, zero);
		GLenum e1 = glGetError();
		glBindTexture(GL_TEXTURE_2D, s);
		glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, pairs[p].format, pairs[p].type, zero);
		GLenum e2 = glGetError();
		fact("%s with %s: TexImage2D %s TexSubImage2D %s", name, pairs[p].name, gt_err_name(e1),
		     gt_err_name(e2));
	}
	glDeleteTextures(1, &t);
	glDeleteTextures(1, &s);
}

/* Two formats for CopyImageSubData, each with the client pair its data is
 * given in. */
struct gt_copy_pair {
	GLenum a, fa, ta;
	GLenum b, fb, tb;
	const char *name;
};

/* States what CopyImageSubData (copy, the EXT or OES entry point) does
 * between 4x4 textures of c's two formats, made from a_data and b_data:
 * the errors of making them, of a 2x2 copy there and of one back. */
static inline void fact_copy_pair(PFNGLCOPYIMAGESUBDATAEXTPROC copy, const struct gt_copy_pair *c,
				  const void *a_data, const void *b_data)
{
	GLuint a = gt_new_tex(GL_TEXTURE_2D);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c->a, 4, 4, 0, c->fa, c->ta, a_data);
	GLuint b = gt_new_tex(GL_TEXTURE_2D);
	glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c->b, 4, 4, 0, c->fb, c->tb, b_data);
	GLenum e0 = glGetError();
	copy(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 1, 1, 0, 2, 2, 1);
	GLenum e1 = glGetError();
	copy(b, GL_TEXTURE_2D, 0, 2, 0, 0, a, GL_TEXTURE_2D, 0, 0, 2, 0, 2, 2, 1);
	GLenum e2 = glGetError();
	fact("CopyImageSubData %s: %s, there %s, back %s", c->name, gt_err_name(e0), gt_err_name(e1), gt_err_name(e2));
	glDeleteTextures(1, &a);
	glDeleteTextures(1, &b);
}

/* A new framebuffer, bound, with level of the texture (textarget: 2D or a
 * cube face) as its color attachment. */
static inline GLuint gt_fbo_with_tex(GLuint tex, GLenum textarget, int level)
{
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, textarget, tex, level);
	return fb;
}

/* A color renderbuffer of the given format in a new framebuffer, bound. */
static inline GLuint gt_fbo_with_rb(GLenum internal, int w, int h, GLuint *rb_out)
{
	GLuint fb, rb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, internal, w, h);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	if (rb_out)
		*rb_out = rb;
	return fb;
}

/* Reads the whole w x h read buffer as RGBA bytes and states its hash and corners. */
static inline void fact_pixels(const char *what, int w, int h)
{
	uint8_t *px = calloc((size_t)w * h, 4);
	glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
	const uint8_t *a = px, *b = px + ((size_t)h * w - 1) * 4;
	fact("%s: %dx%d hash %08x first %d,%d,%d,%d last %d,%d,%d,%d (%s)", what, w, h, gt_hash(px, (size_t)w * h * 4),
	     a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], gt_err_name(glGetError()));
	free(px);
}

#endif
