/* SPDX-License-Identifier: MIT */
/*
 * The EGL API's answers against Mesa (vs_ref.sh): Initialize/Terminate
 * and QueryString errors, ChooseConfig with attribute lists, pbuffers and
 * QuerySurface, contexts and QueryContext, MakeCurrent's error cases,
 * Terminate with a context still current and its release afterwards
 * (piglit's egl-terminate-then-unbind-context), eglReleaseThread, image
 * errors of KHR_image_base / KHR_gl_renderbuffer_image, fence sync errors
 * (piglit's egl_khr_fence_sync cases) and reusable syncs.
 *
 * Each fact is an EGL answer both stacks must give; what legitimately
 * differs (config counts, extension lists) is not stated as a fact.
 */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "gltest.h"

static const char *egl_err_name(EGLint e)
{
	switch (e) {
	case EGL_SUCCESS: return "SUCCESS";
	case EGL_NOT_INITIALIZED: return "NOT_INITIALIZED";
	case EGL_BAD_ACCESS: return "BAD_ACCESS";
	case EGL_BAD_ALLOC: return "BAD_ALLOC";
	case EGL_BAD_ATTRIBUTE: return "BAD_ATTRIBUTE";
	case EGL_BAD_CONFIG: return "BAD_CONFIG";
	case EGL_BAD_CONTEXT: return "BAD_CONTEXT";
	case EGL_BAD_CURRENT_SURFACE: return "BAD_CURRENT_SURFACE";
	case EGL_BAD_DISPLAY: return "BAD_DISPLAY";
	case EGL_BAD_MATCH: return "BAD_MATCH";
	case EGL_BAD_NATIVE_PIXMAP: return "BAD_NATIVE_PIXMAP";
	case EGL_BAD_NATIVE_WINDOW: return "BAD_NATIVE_WINDOW";
	case EGL_BAD_PARAMETER: return "BAD_PARAMETER";
	case EGL_BAD_SURFACE: return "BAD_SURFACE";
	case EGL_CONTEXT_LOST: return "CONTEXT_LOST";
	default: return "?";
	}
}

/* The answer and error of one call, as a fact. */
#define fact_egl(what, expr) \
	do { \
		long long r_ = (long long)(intptr_t)(expr); \
		EGLint e_ = eglGetError(); \
		fact("%s -> %s, %s", what, r_ ? "non-zero" : "0/NULL", egl_err_name(e_)); \
	} while (0)

static PFNEGLCREATESYNCKHRPROC create_sync;
static PFNEGLDESTROYSYNCKHRPROC destroy_sync;
static PFNEGLCLIENTWAITSYNCKHRPROC client_wait;
static PFNEGLGETSYNCATTRIBKHRPROC get_sync_attrib;
static PFNEGLSIGNALSYNCKHRPROC signal_sync;
static PFNEGLWAITSYNCKHRPROC wait_sync;
static PFNEGLCREATEIMAGEKHRPROC create_image;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image;
static PFNEGLGETPLATFORMDISPLAYEXTPROC get_display;

#define GETP(var, name) (var = (__typeof__(var))eglGetProcAddress(name))

static EGLConfig rgba_config(void)
{
	static const EGLint want[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
				       EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
				       EGL_NONE };
	EGLConfig c = NULL;
	EGLint n = 0;
	eglChooseConfig(gt_dpy, want, &c, 1, &n);
	return n ? c : NULL;
}

static void display_errors(void)
{
	EGLint major, minor;
	fact_egl("eglInitialize(bogus display)", eglInitialize((EGLDisplay)&major, &major, &minor));
	fact_egl("eglTerminate(bogus display)", eglTerminate((EGLDisplay)&major));
	fact_egl("eglQueryString(bogus display, VENDOR)", eglQueryString((EGLDisplay)&major, EGL_VENDOR));
	fact_egl("eglQueryString(NO_DISPLAY, VENDOR)", eglQueryString(EGL_NO_DISPLAY, EGL_VENDOR));
	fact_egl("eglQueryString(dpy, 0x1234)", eglQueryString(gt_dpy, 0x1234));
	fact_egl("eglQueryString(dpy, VERSION)", eglQueryString(gt_dpy, EGL_VERSION));
	fact("EGL_VERSION starts with %.3s", eglQueryString(gt_dpy, EGL_VERSION));
	fact("EGL_CLIENT_APIS has OpenGL_ES: %d", strstr(eglQueryString(gt_dpy, EGL_CLIENT_APIS), "OpenGL_ES") != NULL);
	/* a second display handle for the same platform, terminated: errors */
	EGLDisplay d2 = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	fact("the same platform display twice is the same handle: %d", d2 == gt_dpy);
	fact_egl("eglGetPlatformDisplayEXT(surfaceless, attrib 0x1234)",
		 get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, (const EGLint[]){ 0x1234, 1, EGL_NONE }));
	fact_egl("eglInitialize(NULL major/minor)", eglInitialize(gt_dpy, NULL, NULL));
}

static void configs(void)
{
	EGLint n = -1;
	fact_egl("eglGetConfigs(dpy, NULL, 0, NULL)", eglGetConfigs(gt_dpy, NULL, 0, NULL));
	fact_egl("eglGetConfigs(dpy, NULL, 0, &n)", eglGetConfigs(gt_dpy, NULL, 0, &n));
	check(n > 0, "%d configs", n);
	fact_egl("eglChooseConfig(NULL num)", eglChooseConfig(gt_dpy, NULL, NULL, 0, NULL));
	fact_egl("eglChooseConfig(bad attribute)",
		 eglChooseConfig(gt_dpy, (const EGLint[]){ 0x1234, 1, EGL_NONE }, NULL, 0, &n));
	fact_egl("eglChooseConfig(bad SURFACE_TYPE bits)",
		 eglChooseConfig(gt_dpy, (const EGLint[]){ EGL_COLOR_BUFFER_TYPE, 0x1234, EGL_NONE }, NULL, 0, &n));
	EGLConfig c = rgba_config();
	check(c != NULL, "an RGBA8888 pbuffer config");
	EGLint v = 0;
	eglGetConfigAttrib(gt_dpy, c, EGL_RED_SIZE, &v);
	fact("RGBA config: red %d", v);
	eglGetConfigAttrib(gt_dpy, c, EGL_ALPHA_SIZE, &v);
	fact("RGBA config: alpha %d", v);
	eglGetConfigAttrib(gt_dpy, c, EGL_SURFACE_TYPE, &v);
	fact("RGBA config: pbuffer bit %d", (v & EGL_PBUFFER_BIT) != 0);
	fact_egl("eglGetConfigAttrib(bad attribute)", eglGetConfigAttrib(gt_dpy, c, 0x1234, &v));
	fact_egl("eglGetConfigAttrib(bad config)", eglGetConfigAttrib(gt_dpy, (EGLConfig)&v, EGL_RED_SIZE, &v));
	/* sorted: asking for 1 bit of red gives the deepest color first */
	EGLConfig list[64];
	EGLint k = 0;
	eglChooseConfig(gt_dpy, (const EGLint[]){ EGL_RED_SIZE, 1, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
						   EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE },
			list,
			64, &k);
	EGLint v2 = 0;
	eglGetConfigAttrib(gt_dpy, list[0], EGL_RED_SIZE, &v);
	eglGetConfigAttrib(gt_dpy, list[k - 1], EGL_RED_SIZE, &v2);
	/* Mesa has 10-bit configs, we have 8 at most: no fact, the order only */
	check(k > 1 && v >= v2, "first config for red >= 1 is the deepest: red %d, last %d", v, v2);
	eglChooseConfig(gt_dpy, (const EGLint[]){ EGL_CONFIG_ID, 0x7fff, EGL_NONE }, list, 64, &k);
	fact("config id 0x7fff matches %d", k);
}

static void surfaces(void)
{
	EGLConfig c = rgba_config();
	EGLSurface s = eglCreatePbufferSurface(gt_dpy, c, (const EGLint[]){ EGL_WIDTH, 40, EGL_HEIGHT, 30, EGL_NONE });
	check(s != EGL_NO_SURFACE, "a 40x30 pbuffer");
	EGLint v = 0;
	eglQuerySurface(gt_dpy, s, EGL_WIDTH, &v);
	fact("pbuffer width %d", v);
	eglQuerySurface(gt_dpy, s, EGL_HEIGHT, &v);
	fact("pbuffer height %d", v);
	eglQuerySurface(gt_dpy, s, EGL_LARGEST_PBUFFER, &v);
	fact("pbuffer largest %d", v);
	eglQuerySurface(gt_dpy, s, EGL_TEXTURE_FORMAT, &v);
	fact("pbuffer texture format 0x%x", v);
	fact_egl("eglQuerySurface(bad attribute)", eglQuerySurface(gt_dpy, s, 0x1234, &v));
	fact_egl("eglQuerySurface(bad surface)", eglQuerySurface(gt_dpy, (EGLSurface)&v, EGL_WIDTH, &v));
	fact_egl("eglCreatePbufferSurface(bad config)", eglCreatePbufferSurface(gt_dpy, (EGLConfig)&v, NULL));
	fact_egl("eglCreatePbufferSurface(bad attribute)",
		 eglCreatePbufferSurface(gt_dpy, c, (const EGLint[]){ 0x1234, 1, EGL_NONE }));
	fact_egl("eglCreatePbufferSurface(width -1)",
		 eglCreatePbufferSurface(gt_dpy, c, (const EGLint[]){ EGL_WIDTH, -1, EGL_NONE }));
	fact_egl("eglCreatePbufferSurface(texture format without target)",
		 eglCreatePbufferSurface(gt_dpy, c, (const EGLint[]){ EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_NONE }));
	EGLSurface z = eglCreatePbufferSurface(gt_dpy, c, NULL);
	eglQuerySurface(gt_dpy, z, EGL_WIDTH, &v);
	fact("default pbuffer width %d", v);
	fact_egl("eglDestroySurface(0x0 pbuffer)", eglDestroySurface(gt_dpy, z));
	fact_egl("eglDestroySurface(again)", eglDestroySurface(gt_dpy, z));
	/* render into the pbuffer through framebuffer 0 */
	EGLContext ctx = eglCreateContext(gt_dpy, c, EGL_NO_CONTEXT, (const EGLint[]){ EGL_CONTEXT_MAJOR_VERSION, 2,
											 EGL_NONE });
	fact_egl("eglMakeCurrent(pbuffer)", eglMakeCurrent(gt_dpy, s, s, ctx));
	GLint vp[4] = { 0 };
	glGetIntegerv(GL_VIEWPORT, vp);
	fact("GL viewport after first bind: %dx%d", vp[2], vp[3]);
	glClearColor(0.0f, 0.5f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	fact_pixels("pbuffer after clear", 40, 30);
	fact_egl("eglSwapBuffers(pbuffer)", eglSwapBuffers(gt_dpy, s));
	fact_egl("eglSwapBuffers(bad surface)", eglSwapBuffers(gt_dpy, (EGLSurface)&v));
	fact_egl("eglGetCurrentSurface(DRAW) is s", eglGetCurrentSurface(EGL_DRAW) == s);
	fact_egl("eglGetCurrentSurface(0x1234)", eglGetCurrentSurface(0x1234));
	EGLint rb = 0;
	eglQueryContext(gt_dpy, ctx, EGL_RENDER_BUFFER, &rb);
	fact("context render buffer 0x%x", rb);
	fact_egl("eglDestroySurface(current)", eglDestroySurface(gt_dpy, s));
	fact_pixels("the destroyed, still current pbuffer", 40, 30);
	fact_egl("release", eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
	fact_egl("eglDestroySurface(gone after release)", eglDestroySurface(gt_dpy, s));
	eglDestroyContext(gt_dpy, ctx);
	eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gt_ctx);
}

struct other_thread {
	EGLContext ctx;
	EGLint err;
};

static void *make_current_elsewhere(void *p)
{
	struct other_thread *a = p;
	eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, a->ctx);
	a->err = eglGetError();
	eglReleaseThread();
	return NULL;
}

static void contexts(void)
{
	EGLConfig c = rgba_config();
	EGLint v = 0;
	fact_egl("eglCreateContext(bad config)",
		 eglCreateContext(gt_dpy, (EGLConfig)&v, EGL_NO_CONTEXT, (const EGLint[]){ EGL_CONTEXT_MAJOR_VERSION, 3,
											   EGL_NONE }));
	fact_egl("eglCreateContext(bad attribute)",
		 eglCreateContext(gt_dpy, c, EGL_NO_CONTEXT, (const EGLint[]){ 0x1234, 1, EGL_NONE }));
	fact_egl("eglCreateContext(bad share)", eglCreateContext(gt_dpy, c, (EGLContext)&v, NULL));
	fact_egl("eglCreateContext(bad flags)",
		 eglCreateContext(gt_dpy, c, EGL_NO_CONTEXT, (const EGLint[]){ EGL_CONTEXT_FLAGS_KHR, 0x100, EGL_NONE }));
	EGLContext ctx = eglCreateContext(gt_dpy, c, gt_ctx, (const EGLint[]){ EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE });
	check(ctx != EGL_NO_CONTEXT, "a shared ES 3 context");
	eglQueryContext(gt_dpy, ctx, EGL_CONTEXT_CLIENT_VERSION, &v);
	fact("client version %d", v);
	eglQueryContext(gt_dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &v);
	fact("client type 0x%x", v);
	EGLint id = 0, cid = -1;
	eglGetConfigAttrib(gt_dpy, c, EGL_CONFIG_ID, &id);
	eglQueryContext(gt_dpy, ctx, EGL_CONFIG_ID, &cid);
	fact("config id matches %d", id == cid);
	eglQueryContext(gt_dpy, gt_ctx, EGL_CONFIG_ID, &v);
	fact("no-config context's config id %d", v);
	fact_egl("eglQueryContext(bad attribute)", eglQueryContext(gt_dpy, ctx, 0x1234, &v));
	fact_egl("eglQueryContext(bad context)", eglQueryContext(gt_dpy, (EGLContext)&v, EGL_CONFIG_ID, &v));
	/* MakeCurrent's errors */
	EGLSurface s = eglCreatePbufferSurface(gt_dpy, c, (const EGLint[]){ EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE });
	fact_egl("eglMakeCurrent(bad context)", eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, (EGLContext)&v));
	fact_egl("eglMakeCurrent(bad surface)", eglMakeCurrent(gt_dpy, (EGLSurface)&v, (EGLSurface)&v, ctx));
	fact_egl("eglMakeCurrent(draw without read)", eglMakeCurrent(gt_dpy, s, EGL_NO_SURFACE, ctx));
	fact_egl("eglMakeCurrent(no context, a surface)", eglMakeCurrent(gt_dpy, s, s, EGL_NO_CONTEXT));
	fact_egl("eglMakeCurrent(bad display)", eglMakeCurrent((EGLDisplay)&v, s, s, ctx));
	fact("still current: the harness context %d", eglGetCurrentContext() == gt_ctx);
	/* current in another thread: BAD_ACCESS */
	pthread_t t;
	struct other_thread arg = { gt_ctx, 0 };
	pthread_create(&t, NULL, make_current_elsewhere, &arg);
	pthread_join(t, NULL);
	fact("eglMakeCurrent of a context current in another thread -> %s", egl_err_name(arg.err));
	fact_egl("eglDestroyContext(bad)", eglDestroyContext(gt_dpy, (EGLContext)&v));
	fact_egl("eglDestroyContext(shared one)", eglDestroyContext(gt_dpy, ctx));
	fact_egl("eglDestroyContext(again)", eglDestroyContext(gt_dpy, ctx));
	eglDestroySurface(gt_dpy, s);
	fact_egl("eglBindAPI(OPENGL_VG)", eglBindAPI(EGL_OPENVG_API));
	fact("eglQueryAPI 0x%x", eglQueryAPI());
	fact_egl("eglWaitNative(0x1234)", eglWaitNative(0x1234));
	fact_egl("eglWaitClient", eglWaitClient());
}

/* piglit egl-terminate-then-unbind-context, and a release after it. */
static void terminate_current(void)
{
	EGLDisplay d = gt_dpy;
	EGLContext ctx = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
					  (const EGLint[]){ EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE });
	eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
	GLuint rb;
	gt_fbo_with_rb(GL_RGBA8, 4, 4, &rb);
	fact_egl("eglTerminate with a current context", eglTerminate(d));
	fact("eglGetCurrentContext is still it: %d", eglGetCurrentContext() == ctx);
	glClearColor(1, 0, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	fact_pixels("the current context still renders", 4, 4);
	fact_egl("eglQueryString after terminate", eglQueryString(d, EGL_VENDOR));
	fact_egl("eglCreateContext after terminate", eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, NULL));
	fact_egl("eglMakeCurrent(ctx) after terminate", eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
	fact_egl("release after terminate", eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
	fact("eglGetCurrentContext after release is none: %d", eglGetCurrentContext() == EGL_NO_CONTEXT);
	fact_egl("eglReleaseThread", eglReleaseThread());
	fact("eglQueryAPI after eglReleaseThread 0x%x", eglQueryAPI());
	EGLint major, minor;
	fact_egl("eglInitialize again", eglInitialize(d, &major, &minor));
	fact("version %d.%d", major, minor);
	/* the harness' context went with the terminate: make a new one */
	eglBindAPI(EGL_OPENGL_ES_API);
	gt_ctx = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
				  (const EGLint[]){ EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE });
	eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, gt_ctx);
}

static void images(void)
{
	GLuint rb;
	GLuint fb = gt_fbo_with_rb(GL_RGBA8, 16, 16, &rb);
	EGLint v = 0;
	fact_egl("eglCreateImageKHR(bad display)",
		 create_image((EGLDisplay)&v, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)rb, NULL));
	fact_egl("eglCreateImageKHR(bad context)",
		 create_image(gt_dpy, (EGLContext)&v, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)rb, NULL));
	fact_egl("eglCreateImageKHR(bad target)",
		 create_image(gt_dpy, gt_ctx, 0x1234, (EGLClientBuffer)(uintptr_t)rb, NULL));
	fact_egl("eglCreateImageKHR(renderbuffer 0)", create_image(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, NULL, NULL));
	/* Mesa answers EGL_BAD_ALLOC for a name that is no renderbuffer and
	 * ignores unknown attributes; KHR_image_base says EGL_BAD_PARAMETER
	 * for both, which is what we answer: only the failure is a fact. */
	EGLImageKHR bad = create_image(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)4321, NULL);
	EGLint err = eglGetError();
	fact("eglCreateImageKHR(not a renderbuffer) fails: %d", bad == EGL_NO_IMAGE_KHR);
	if (gt_ours())
		check(err == EGL_BAD_PARAMETER, "not a renderbuffer: BAD_PARAMETER (0x%x)", err);
	if (gt_ours()) {
		bad = create_image(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)rb,
				   (const EGLint[]){ 0x1234, 1, EGL_NONE });
		err = eglGetError();
		check(bad == EGL_NO_IMAGE_KHR && err == EGL_BAD_PARAMETER, "an unknown attribute: BAD_PARAMETER (0x%x)",
		      err);
		GLuint none;
		glGenRenderbuffers(1, &none);
		glBindRenderbuffer(GL_RENDERBUFFER, none);
		bad = create_image(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)none, NULL);
		err = eglGetError();
		check(bad == EGL_NO_IMAGE_KHR && err == EGL_BAD_PARAMETER,
		      "a renderbuffer without storage: BAD_PARAMETER (0x%x)", err);
		glDeleteRenderbuffers(1, &none);
	}
	EGLImageKHR img = create_image(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)rb,
				       (const EGLint[]){ EGL_IMAGE_PRESERVED_KHR, EGL_TRUE, EGL_NONE });
	fact("image from renderbuffer: %d (0x%x)", img != EGL_NO_IMAGE_KHR, eglGetError());
	/* a second renderbuffer takes the image's storage: clears show in both */
	GLuint rb2, fb2;
	glGenRenderbuffers(1, &rb2);
	glBindRenderbuffer(GL_RENDERBUFFER, rb2);
	PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_rb;
	GETP(target_rb, "glEGLImageTargetRenderbufferStorageOES");
	target_rb(GL_RENDERBUFFER, img);
	fact_err("glEGLImageTargetRenderbufferStorageOES");
	glGenFramebuffers(1, &fb2);
	glBindFramebuffer(GL_FRAMEBUFFER, fb2);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb2);
	glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
	glClear(GL_COLOR_BUFFER_BIT);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	fact_pixels("the sibling renderbuffer's pixels", 16, 16);
	fact_egl("eglDestroyImageKHR", destroy_image(gt_dpy, img));
	fact_egl("eglDestroyImageKHR(again)", destroy_image(gt_dpy, img));
	/* (a destroyed image is no handle at all: Mesa crashes on one) */
	target_rb(GL_TEXTURE_2D, img);
	fact_err("glEGLImageTargetRenderbufferStorageOES(TEXTURE_2D)");
	glBindFramebuffer(GL_FRAMEBUFFER, fb2);
	fact_pixels("the sibling after the image is destroyed", 16, 16);
	glDeleteFramebuffers(1, &fb);
	glDeleteFramebuffers(1, &fb2);
	glDeleteRenderbuffers(1, &rb);
	glDeleteRenderbuffers(1, &rb2);
}

/* piglit egl_khr_fence_sync's error cases. */
static void fence_syncs(void)
{
	EGLint v = 0;
	EGLSyncKHR s = create_sync(gt_dpy, EGL_SYNC_FENCE_KHR, NULL);
	fact("fence sync: %d", s != EGL_NO_SYNC_KHR);
	get_sync_attrib(gt_dpy, s, EGL_SYNC_TYPE_KHR, &v);
	fact("type 0x%x", v);
	get_sync_attrib(gt_dpy, s, EGL_SYNC_CONDITION_KHR, &v);
	fact("condition 0x%x", v);
	glFinish();
	get_sync_attrib(gt_dpy, s, EGL_SYNC_STATUS_KHR, &v);
	fact("status after glFinish 0x%x", v);
	fact_egl("eglGetSyncAttribKHR(bad attribute)", get_sync_attrib(gt_dpy, s, 0x1234, &v));
	fact_egl("eglGetSyncAttribKHR(bad sync)", get_sync_attrib(gt_dpy, (EGLSyncKHR)&v, EGL_SYNC_TYPE_KHR, &v));
	fact("eglClientWaitSyncKHR(zero timeout) 0x%x", client_wait(gt_dpy, s, 0, 0));
	fact("eglClientWaitSyncKHR(FLUSH, forever) 0x%x",
	     client_wait(gt_dpy, s, EGL_SYNC_FLUSH_COMMANDS_BIT_KHR, EGL_FOREVER_KHR));
	fact_egl("eglClientWaitSyncKHR(bad sync)", client_wait(gt_dpy, (EGLSyncKHR)&v, 0, 0));
	fact_egl("eglWaitSyncKHR", wait_sync(gt_dpy, s, 0));
	fact_egl("eglWaitSyncKHR(flags 1)", wait_sync(gt_dpy, s, 1));
	fact_egl("eglWaitSyncKHR(bad sync)", wait_sync(gt_dpy, (EGLSyncKHR)&v, 0));
	fact_egl("eglSignalSyncKHR(fence)", signal_sync(gt_dpy, s, EGL_SIGNALED_KHR));
	fact_egl("eglCreateSyncKHR(bad type)", create_sync(gt_dpy, 0x1234, NULL));
	fact_egl("eglCreateSyncKHR(fence, bad attribute)",
		 create_sync(gt_dpy, EGL_SYNC_FENCE_KHR, (const EGLint[]){ EGL_SYNC_STATUS_KHR, EGL_SIGNALED_KHR, EGL_NONE }));
	fact_egl("eglCreateSyncKHR(bad display)", create_sync((EGLDisplay)&v, EGL_SYNC_FENCE_KHR, NULL));
	fact_egl("eglCreateSync(1.5, bad type)", eglCreateSync(gt_dpy, 0x1234, NULL));
	EGLSync s15 = eglCreateSync(gt_dpy, EGL_SYNC_FENCE, NULL);
	EGLAttrib av = 0;
	fact_egl("eglGetSyncAttrib(1.5, status)", eglGetSyncAttrib(gt_dpy, s15, EGL_SYNC_STATUS, &av));
	fact("eglClientWaitSync(1.5) 0x%x", eglClientWaitSync(gt_dpy, s15, 0, EGL_FOREVER));
	fact_egl("eglWaitSync(1.5)", eglWaitSync(gt_dpy, s15, 0));
	fact_egl("eglDestroySync(1.5)", eglDestroySync(gt_dpy, s15));
	fact_egl("eglDestroySyncKHR", destroy_sync(gt_dpy, s));
	fact_egl("eglDestroySyncKHR(again)", destroy_sync(gt_dpy, s));
	/* no current context */
	eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	fact_egl("eglCreateSyncKHR(fence, no current context)", create_sync(gt_dpy, EGL_SYNC_FENCE_KHR, NULL));
	EGLSyncKHR r = create_sync(gt_dpy, EGL_SYNC_REUSABLE_KHR, NULL);
	fact("reusable sync without a context: %d", r != EGL_NO_SYNC_KHR);
	fact_egl("eglWaitSyncKHR(no current context)", wait_sync(gt_dpy, r, 0));
	destroy_sync(gt_dpy, r);
	eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gt_ctx);
}

struct waiter {
	EGLSyncKHR s;
	EGLint ret;
};

static void *wait_forever(void *p)
{
	struct waiter *w = p;
	w->ret = client_wait(gt_dpy, w->s, 0, EGL_FOREVER_KHR);
	eglReleaseThread();
	return NULL;
}

static void reusable_syncs(void)
{
	EGLint v = 0;
	EGLSyncKHR s = create_sync(gt_dpy, EGL_SYNC_REUSABLE_KHR, NULL);
	fact("reusable sync: %d", s != EGL_NO_SYNC_KHR);
	get_sync_attrib(gt_dpy, s, EGL_SYNC_TYPE_KHR, &v);
	fact("type 0x%x", v);
	get_sync_attrib(gt_dpy, s, EGL_SYNC_STATUS_KHR, &v);
	fact("initial status 0x%x", v);
	fact_egl("its condition", get_sync_attrib(gt_dpy, s, EGL_SYNC_CONDITION_KHR, &v));
	fact("wait, 1 ms timeout: 0x%x", client_wait(gt_dpy, s, 0, 1000000));
	fact_egl("eglSignalSyncKHR(bad mode)", signal_sync(gt_dpy, s, 0x1234));
	fact_egl("eglSignalSyncKHR(bad sync)", signal_sync(gt_dpy, (EGLSyncKHR)&v, EGL_SIGNALED_KHR));
	fact_egl("eglCreateSyncKHR(reusable, bad attribute)",
		 create_sync(gt_dpy, EGL_SYNC_REUSABLE_KHR, (const EGLint[]){ 0x1234, 1, EGL_NONE }));
	fact_egl("eglWaitSyncKHR(reusable)", wait_sync(gt_dpy, s, 0));
	/* a thread waits; we signal */
	struct waiter w = { s, -1 };
	pthread_t t;
	pthread_create(&t, NULL, wait_forever, &w);
	usleep(50000);
	fact_egl("eglSignalSyncKHR(SIGNALED)", signal_sync(gt_dpy, s, EGL_SIGNALED_KHR));
	pthread_join(t, NULL);
	fact("the waiting thread woke with 0x%x", w.ret);
	get_sync_attrib(gt_dpy, s, EGL_SYNC_STATUS_KHR, &v);
	fact("status 0x%x", v);
	fact("wait on a signaled sync: 0x%x", client_wait(gt_dpy, s, 0, 0));
	fact_egl("eglSignalSyncKHR(UNSIGNALED)", signal_sync(gt_dpy, s, EGL_UNSIGNALED_KHR));
	get_sync_attrib(gt_dpy, s, EGL_SYNC_STATUS_KHR, &v);
	fact("status 0x%x", v);
	fact("zero-timeout wait: 0x%x", client_wait(gt_dpy, s, 0, 0));
	fact_egl("eglDestroySyncKHR(reusable)", destroy_sync(gt_dpy, s));
}

int main(void)
{
	gt_init();
	GETP(create_sync, "eglCreateSyncKHR");
	GETP(destroy_sync, "eglDestroySyncKHR");
	GETP(client_wait, "eglClientWaitSyncKHR");
	GETP(get_sync_attrib, "eglGetSyncAttribKHR");
	GETP(signal_sync, "eglSignalSyncKHR");
	GETP(wait_sync, "eglWaitSyncKHR");
	GETP(create_image, "eglCreateImageKHR");
	GETP(destroy_image, "eglDestroyImageKHR");
	GETP(get_display, "eglGetPlatformDisplayEXT");
	display_errors();
	configs();
	surfaces();
	contexts();
	images();
	fence_syncs();
	reusable_syncs();
	terminate_current();
	check(glGetError() == GL_NO_ERROR, "no GL error left over");
	return gt_finish();
}
