/* SPDX-License-Identifier: MIT */
/*
 * A small OpenGL ES 2 program, as a Mesa user writes one, for the client
 * suite (tests/clients/mesa_drivers.sh): EGL surfaceless through libglvnd,
 * whatever vendor and driver it picks; a texture-backed framebuffer; clears
 * (whole and scissored), glCopyTexSubImage2D into a second texture, and
 * glReadPixels of both (the copy is compared with its source). It prints "# renderer ..." and one "= " line per
 * read-back (right or wrong: which drivers must get them right is the
 * script's business, since a driver may draw with 3D commands the emulated
 * GPU skips), and fails (exit 1) only on an EGL or GL error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#define W 64
#define H 64

static int fail(const char *what)
{
	printf("# %s failed (EGL 0x%04x, GL 0x%04x)\n", what, eglGetError(), glGetError());
	return 1;
}

/* Every pixel of the read-back is want, except in [x0,x1)x[y0,y1) where it is inside. */
static void check(const char *what, uint32_t want, uint32_t inside, int x0, int y0, int x1, int y1)
{
	static uint32_t px[W * H];
	memset(px, 0, sizeof(px));
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	int bad = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			uint32_t w = x >= x0 && x < x1 && y >= y0 && y < y1 ? inside : want;
			bad += px[y * W + x] != w;
		}
	printf("= %s: %s\n", what, bad ? "wrong" : "right");
	if (bad)
		printf("# %s: %d of %d pixels differ (first 0x%08x)\n", what, bad, W * H, px[0]);
}

static GLuint texture_fbo(GLuint *tex)
{
	GLuint fbo;
	glGenTextures(1, tex);
	glBindTexture(GL_TEXTURE_2D, *tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	return fbo;
}

int main(void)
{
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (!get_display)
		return fail("eglGetPlatformDisplayEXT");
	EGLDisplay dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL))
		return fail("eglInitialize");
	static const EGLint config_attrs[] = { EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_SURFACE_TYPE, 0,
					       EGL_NONE };
	EGLConfig config = NULL;
	EGLint n = 0;
	eglChooseConfig(dpy, config_attrs, &config, 1, &n);	/* none: KHR_no_config_context */
	static const EGLint ctx_attrs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	if (!eglBindAPI(EGL_OPENGL_ES_API))
		return fail("eglBindAPI");
	EGLContext ctx = eglCreateContext(dpy, n ? config : EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, ctx_attrs);
	if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
		return fail("an ES 2 context");
	printf("# renderer %s\n", (const char *)glGetString(GL_RENDERER));

	GLuint tex, copy;
	GLuint fbo = texture_fbo(&tex);
	if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
		return fail("a complete framebuffer");
	glClearColor(1, 0, 0, 1);				/* red, 0xff0000ff in memory order */
	glClear(GL_COLOR_BUFFER_BIT);
	check("clear", 0xff0000ffu, 0xff0000ffu, 0, 0, 0, 0);
	glEnable(GL_SCISSOR_TEST);
	glScissor(8, 16, 24, 8);
	glClearColor(0, 0, 1, 1);				/* blue */
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	check("scissored clear", 0xff0000ffu, 0xffff0000u, 8, 16, 32, 24);

	/* The framebuffer copied into a second texture, read back through its own framebuffer:
	 * the same pixels as the source's, whatever the clears left there. */
	static uint32_t src[W * H], dst[W * H];
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, src);
	GLuint fbo2 = texture_fbo(&copy);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glBindTexture(GL_TEXTURE_2D, copy);
	glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, W, H);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo2);
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, dst);
	printf("= glCopyTexSubImage2D: %s\n", memcmp(src, dst, sizeof(src)) ? "wrong" : "right");
	glFinish();
	GLenum err = glGetError();
	if (err != GL_NO_ERROR) {
		printf("# GL error 0x%04x\n", err);
		return 1;
	}
	glDeleteFramebuffers(1, &fbo2);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &copy);
	glDeleteTextures(1, &tex);
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(dpy, ctx);
	eglTerminate(dpy);
	return 0;
}
