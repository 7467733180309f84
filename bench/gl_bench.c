/* SPDX-License-Identifier: MIT */
/*
 * The GLES layer's throughput: clear, 1:1 blit, ReadPixels, TexSubImage2D
 * and CopyBufferSubData at 256x256 and 2048x2048 RGBA8, each beside the
 * CPU anchor for the same bytes (memset for the clear, memcpy for the
 * others) measured in the same run. An ordinary GLES program: gl_bench.sh
 * runs it on Mesa's llvmpipe and on our vendor under the shim and prints
 * the two side by side. Each figure is the median of five timed runs of
 * at least 50 ms, every run ending in glFinish (or a read-back, which
 * waits). Output lines: "R op size MB/s anchor-MB/s" ("n/a" when the stack
 * refused the operation).
 */
#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench/bench_util.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef void (*op_fn)(void *arg);

/* Median over five runs of ops per second of fn, each run at least 50 ms. */
static double rate(op_fn fn, void *arg, bool finish)
{
	double r[5];
	for (int k = 0; k < 5; k++) {
		int n = 0;
		double t0 = now(), t;
		do {
			fn(arg);
			n++;
			if (finish)
				glFinish();
			t = now() - t0;
		} while (t < 0.05);
		r[k] = n / t;
	}
	qsort(r, 5, sizeof(r[0]), cmp_double);
	return r[2];
}

struct bufs {
	void *a, *b;
	size_t n;
	int w, h;
	GLuint fb[2], tex, buf[2];
	uint8_t *pixels;
};

static void do_memset(void *p)
{
	struct bufs *b = p;
	memset(b->a, 0x5a, b->n);
	__asm__ volatile("" : : "r"(b->a) : "memory");
}

static void do_memcpy(void *p)
{
	struct bufs *b = p;
	memcpy(b->b, b->a, b->n);
	__asm__ volatile("" : : "r"(b->b) : "memory");
}

static void do_clear(void *p)
{
	(void)p;
	glClear(GL_COLOR_BUFFER_BIT);
}

static void do_blit(void *p)
{
	struct bufs *b = p;
	glBlitFramebuffer(0, 0, b->w, b->h, 0, 0, b->w, b->h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
}

static void do_read(void *p)
{
	struct bufs *b = p;
	glReadPixels(0, 0, b->w, b->h, GL_RGBA, GL_UNSIGNED_BYTE, b->pixels);
}

static void do_texsub(void *p)
{
	struct bufs *b = p;
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, b->w, b->h, GL_RGBA, GL_UNSIGNED_BYTE, b->pixels);
}

static void do_copybuf(void *p)
{
	struct bufs *b = p;
	glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, (GLsizeiptr)b->n);
}

static void report(const char *op, int size, double ops, double anchor_ops, size_t bytes, bool ok)
{
	if (!ok)
		printf("R %s %d n/a %.0f\n", op, size, anchor_ops * (double)bytes / 1e6);
	else
		printf("R %s %d %.0f %.0f\n", op, size, ops * (double)bytes / 1e6, anchor_ops * (double)bytes / 1e6);
	fflush(stdout);
}

static bool pixel_is(GLuint fb, int x, int y, const uint8_t want[4])
{
	uint8_t px[4] = { 0 };
	glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
	glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	return memcmp(px, want, 4) == 0;
}

static const uint8_t clear_rgba[4] = { 51, 102, 153, 204 };	/* 0.2, 0.4, 0.6, 0.8 */

static bool blit_verify(struct bufs *b)
{
	bool ok = pixel_is(b->fb[1], b->w - 1, b->h / 2, clear_rgba);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, b->fb[0]);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, b->fb[1]);
	return ok;
}

static bool texsub_verify(struct bufs *b)
{
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, b->tex, 0);
	const uint8_t *want = b->pixels + ((size_t)(b->h - 1) * b->w + 3) * 4;
	bool ok = pixel_is(fb, 3, b->h - 1, want);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fb);
	return ok;
}

static bool copybuf_verify(struct bufs *b)
{
	const uint8_t *p = glMapBufferRange(GL_COPY_WRITE_BUFFER, (GLintptr)(b->n - 4096), 4096, GL_MAP_READ_BIT);
	bool ok = p && memcmp(p, (uint8_t *)b->a + b->n - 4096, 4096) == 0;
	if (p)
		glUnmapBuffer(GL_COPY_WRITE_BUFFER);
	return ok;
}

static bool clear_verify(struct bufs *b)
{
	return pixel_is(b->fb[0], b->w / 2, b->h - 1, clear_rgba);
}

static GLuint fbo(int w, int h)
{
	GLuint rb, fb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	return fb;
}

/* One operation, timed only if its first run leaves no GL error and
 * passes verify (a stack without the entry point does nothing, silently,
 * through libglvnd's no-op). */
static void bench(const char *op, int size, op_fn fn, struct bufs *b, op_fn anchor, bool (*verify)(struct bufs *))
{
	while (glGetError() != GL_NO_ERROR)
		;
	fn(b);
	glFinish();
	bool ok = glGetError() == GL_NO_ERROR && (!verify || verify(b));
	double ops = ok ? rate(fn, b, true) : 0;
	report(op, size, ops, rate(anchor, b, false), b->n, ok);
}

int main(void)
{
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	EGLDisplay dpy = get_display ? get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
				     : EGL_NO_DISPLAY;
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
		fprintf(stderr, "gl_bench: no surfaceless EGL display\n");
		return 1;
	}
	eglBindAPI(EGL_OPENGL_ES_API);
	static const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
	EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
	if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
		fprintf(stderr, "gl_bench: no ES 3.0 context\n");
		return 1;
	}
	printf("# %s\n", glGetString(GL_RENDERER));
	static const int sizes[] = { 256, 2048 };
	for (unsigned i = 0; i < 2; i++) {
		int s = sizes[i];
		struct bufs b = { .w = s, .h = s, .n = (size_t)s * s * 4 };
		b.a = malloc(b.n);
		b.b = malloc(b.n);
		b.pixels = malloc(b.n);
		memset(b.a, 1, b.n);
		memset(b.b, 2, b.n);
		memset(b.pixels, 3, b.n);

		b.fb[0] = fbo(s, s);
		glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
		bench("clear", s, do_clear, &b, do_memset, clear_verify);
		bench("readpixels", s, do_read, &b, do_memcpy, NULL);

		b.fb[1] = fbo(s, s);
		glClearColor(0, 0, 0, 0);
		glClear(GL_COLOR_BUFFER_BIT);
		glBindFramebuffer(GL_READ_FRAMEBUFFER, b.fb[0]);
		glBindFramebuffer(GL_DRAW_FRAMEBUFFER, b.fb[1]);
		bench("blit", s, do_blit, &b, do_memcpy, blit_verify);

		glGenTextures(1, &b.tex);
		glBindTexture(GL_TEXTURE_2D, b.tex);
		glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, s, s, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
		for (size_t k = 0; k < b.n; k++)
			b.pixels[k] = (uint8_t)(k * 7 + k / 4096);
		bench("texsubimage", s, do_texsub, &b, do_memcpy, texsub_verify);

		glGenBuffers(2, b.buf);
		glBindBuffer(GL_COPY_READ_BUFFER, b.buf[0]);
		glBufferData(GL_COPY_READ_BUFFER, (GLsizeiptr)b.n, b.a, GL_STATIC_DRAW);
		glBindBuffer(GL_COPY_WRITE_BUFFER, b.buf[1]);
		glBufferData(GL_COPY_WRITE_BUFFER, (GLsizeiptr)b.n, NULL, GL_STATIC_DRAW);
		bench("copybuffer", s, do_copybuf, &b, do_memcpy, copybuf_verify);

		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(2, b.fb);
		glDeleteTextures(1, &b.tex);
		glDeleteBuffers(2, b.buf);
		while (glGetError() != GL_NO_ERROR)
			;
		free(b.a);
		free(b.b);
		free(b.pixels);
	}
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(dpy, ctx);
	eglTerminate(dpy);
	return 0;
}
