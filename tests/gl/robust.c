/* SPDX-License-Identifier: MIT */
/*
 * A GPU that stops running our batches makes the context lost, ours only
 * (ours_only.sh): the emulated GPU is wedged through debugfs the way
 * tests/2d/batch.c does it (resets off, i915_wedged, resets on), so every
 * execbuffer fails with EIO. Then a robust context's
 * glGetGraphicsResetStatusEXT reports the reset once, eglMakeCurrent and
 * eglSwapBuffers answer EGL_CONTEXT_LOST, a non-robust context hears
 * GL_NO_ERROR, nothing hangs, and a write with resets on heals the GPU for
 * new contexts. Needs root (debugfs): skipped otherwise.
 */
#include <fcntl.h>
#include <unistd.h>

#include "gltest.h"

#define DEBUGFS "/sys/kernel/debug/dri/0/"

static bool write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return false;
	bool ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	return close(fd) == 0 && ok;
}

int main(void)
{
	gt_init();
	if (!gt_ours()) {
		printf("# SKIP only the shim's GPU can be wedged\n");
		return 77;
	}
	if (access(DEBUGFS "i915_wedged", W_OK) || access(DEBUGFS "i915_params/reset", W_OK)) {
		printf("# SKIP debugfs i915_wedged and i915_params/reset not writable (root)\n");
		return 77;
	}
	EGLConfig c;
	EGLint n = 0;
	eglChooseConfig(gt_dpy, (const EGLint[]){ EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
						  EGL_OPENGL_ES2_BIT, EGL_NONE },
			&c, 1, &n);
	EGLSurface s = eglCreatePbufferSurface(gt_dpy, c, (const EGLint[]){ EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE });
	static const EGLint robust_attribs[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE,
						 EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
						 EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE };
	EGLContext robust = eglCreateContext(gt_dpy, c, EGL_NO_CONTEXT, robust_attribs);
	EGLContext plain = eglCreateContext(gt_dpy, c, EGL_NO_CONTEXT,
					    (const EGLint[]){ EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE });
	check(robust && plain && s, "a robust and a plain context, a pbuffer");
	PFNGLGETGRAPHICSRESETSTATUSEXTPROC status =
		(PFNGLGETGRAPHICSRESETSTATUSEXTPROC)eglGetProcAddress("glGetGraphicsResetStatusEXT");
	check(status != NULL, "glGetGraphicsResetStatusEXT");
	eglMakeCurrent(gt_dpy, s, s, robust);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	check(status() == GL_NO_ERROR, "no reset yet");
	eglMakeCurrent(gt_dpy, s, s, plain);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	check(write_text(DEBUGFS "i915_params/reset", "0") && write_text(DEBUGFS "i915_wedged", "-1") &&
		      write_text(DEBUGFS "i915_params/reset", "1"),
	      "the GPU is wedged");
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	check(status() == GL_NO_ERROR, "a non-robust context is never told");
	check(!eglSwapBuffers(gt_dpy, s) && eglGetError() == EGL_CONTEXT_LOST, "eglSwapBuffers: EGL_CONTEXT_LOST");
	eglMakeCurrent(gt_dpy, s, s, robust);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	GLenum st = status();
	check(st == GL_GUILTY_CONTEXT_RESET_EXT || st == GL_INNOCENT_CONTEXT_RESET_EXT ||
		      st == GL_UNKNOWN_CONTEXT_RESET_EXT,
	      "the robust context is told of the reset (0x%x)", st);
	check(status() == GL_NO_ERROR, "once");
	check(eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "releasing a lost context works");
	check(!eglMakeCurrent(gt_dpy, s, s, robust) && eglGetError() == EGL_CONTEXT_LOST,
	      "making it current again: EGL_CONTEXT_LOST");
	check(write_text(DEBUGFS "i915_wedged", "-1"), "a reset with resets on heals the GPU");
	EGLContext fresh = eglCreateContext(gt_dpy, c, EGL_NO_CONTEXT,
					    (const EGLint[]){ EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE });
	check(eglMakeCurrent(gt_dpy, s, s, fresh), "a new context works");
	glClearColor(0, 1, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	uint8_t px[4] = { 0 };
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	check(px[1] == 255 && eglSwapBuffers(gt_dpy, s), "and renders (%d,%d,%d,%d)", px[0], px[1], px[2], px[3]);
	eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gt_ctx);
	eglDestroyContext(gt_dpy, fresh);
	eglDestroyContext(gt_dpy, robust);
	eglDestroyContext(gt_dpy, plain);
	eglDestroySurface(gt_dpy, s);
	return gt_finish();
}
