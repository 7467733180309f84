/* SPDX-License-Identifier: MIT */
/*
 * Several threads, each with its own context on one display, clearing and
 * reading back their own renderbuffers at the same time (vs_ref.sh: the
 * same pixels as Mesa). Each thread also makes and waits on fence syncs,
 * and releases its context with eglReleaseThread. The facts are printed
 * by the main thread after the joins, in thread order.
 */
#include <pthread.h>

#include "gltest.h"

#define THREADS 4
#define ROUNDS 40
#define W 70
#define H 33

struct job {
	int id;
	EGLContext ctx;
	uint32_t hash;
	int wrong, errors;
	EGLint make_current_error;
};

static void *run(void *p)
{
	struct job *j = p;
	eglBindAPI(EGL_OPENGL_ES_API);
	if (!eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, j->ctx)) {
		j->make_current_error = eglGetError();
		return NULL;
	}
	GLuint rb;
	GLuint fb = gt_fbo_with_rb(j->id % 2 ? GL_RGB8 : GL_RGBA8, W, H, &rb);
	uint8_t *px = malloc(W * H * 4);
	for (int r = 0; r < ROUNDS; r++) {
		float c = (float)((r * 7 + j->id * 13) % 32) / 31.0f;
		glClearColor(c, 1.0f - c, (float)j->id / THREADS, 1.0f);
		glClear(GL_COLOR_BUFFER_BIT);
		glEnable(GL_SCISSOR_TEST);
		glScissor(j->id * 3, r % H, 20, 5);
		glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
		glClear(GL_COLOR_BUFFER_BIT);
		glDisable(GL_SCISSOR_TEST);
		EGLSync s = eglCreateSync(gt_dpy, EGL_SYNC_FENCE, NULL);
		eglClientWaitSync(gt_dpy, s, EGL_SYNC_FLUSH_COMMANDS_BIT, EGL_FOREVER);
		eglDestroySync(gt_dpy, s);
		glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
		/* the scissored rectangle is white, the rest is not */
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++) {
				const uint8_t *q = px + (y * W + x) * 4;
				bool in = x >= j->id * 3 && x < j->id * 3 + 20 && y >= r % H && y < r % H + 5;
				bool white = q[0] == 255 && q[1] == 255 && q[2] == 255;
				j->wrong += in != white;
			}
		j->hash = gt_hash(px, W * H * 4) ^ (j->hash * 16777619u);
	}
	free(px);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
	j->errors = (int)glGetError();
	eglReleaseThread();
	return NULL;
}

int main(void)
{
	gt_init();
	struct job jobs[THREADS];
	pthread_t t[THREADS];
	static const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
	for (int i = 0; i < THREADS; i++) {
		jobs[i] = (struct job){ .id = i };
		jobs[i].ctx = eglCreateContext(gt_dpy, EGL_NO_CONFIG_KHR, i % 2 ? gt_ctx : EGL_NO_CONTEXT, attribs);
		check(jobs[i].ctx != EGL_NO_CONTEXT, "context %d", i);
	}
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, run, &jobs[i]);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < THREADS; i++) {
		fact("thread %d: make current 0x%x, %d rounds hash %08x, %d wrong pixels, GL error %s", i,
		     jobs[i].make_current_error, ROUNDS, jobs[i].hash, jobs[i].wrong, gt_err_name(jobs[i].errors));
		check(jobs[i].wrong == 0 && !jobs[i].make_current_error, "thread %d saw only its own pixels", i);
		check(eglDestroyContext(gt_dpy, jobs[i].ctx), "context %d destroyed after its thread released it", i);
	}
	return gt_finish();
}
