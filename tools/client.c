/* SPDX-License-Identifier: MIT */
/*
 * tools/client: a demo client. A GLES 3 program linked with libglvnd's
 * libEGL and libGLESv2, run on whatever EGL vendor libglvnd picks (the
 * compositor points it at ours). It draws animated frames (client_scene.c:
 * scissored clears, a sprite sheet uploaded with TexSubImage2D, 1:1 and
 * flipped BlitFramebuffer, CopyImageSubData; no read-back) into a ring of
 * three textures it exports as dma-bufs (EGL_MESA_image_dma_buf_export)
 * and presents each frame to the compositor with a fence: the sync_file of
 * an EGL_ANDROID_native_fence_sync, or that fence moved to a point of a
 * timeline syncobj. The protocol is present_protocol.h.
 *
 * Buffers are busy from their present until the compositor's PP_IDLE; with
 * all three busy the client blocks for the next message, as Mesa's DRI3
 * loader blocks in dri3_find_back. --fast draws without pacing to show
 * that throttle.
 *
 * Faults on request, for the demo's tests: --hang-at N submits, with frame
 * N, a batch that never ends on a context of its own (not recoverable, so
 * i915 bans it at the first hang) and makes that batch's fence part of the
 * frame's; --stall-at N presents from frame N on with timeline points it
 * never signals.
 *
 * Usage: client --socket FD --kind K --size WxH --title T [--fps F]
 *               [--lockstep STEP] [--fast] [--syncobj] [--hang-at N] [--stall-at N]
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl32.h>
#include <GLES2/gl2ext.h>
#include <i915_drm.h>
#include <intel_bufmgr.h>
#include <linux/sync_file.h>
#include <xf86drm.h>

#include "hwdefs/intel_commands.h"
#include "hwdefs/intel_devices.h"
#include "tools/client_scene.h"
#include "tools/present_protocol.h"

#define NUM_BUFFERS 3

struct options {
	int sock, kind, width, height, fps, step;
	bool lockstep, fast, syncobj;
	long long hang_at, stall_at;
	const char *title;
};

struct client {
	struct options o;
	EGLDisplay dpy;
	EGLContext ctx;
	GLuint sheet_tex, sheet_fb;
	GLuint tex[NUM_BUFFERS], fb[NUM_BUFFERS];
	EGLImageKHR img[NUM_BUFFERS];
	bool busy[NUM_BUFFERS];
	int drm_fd;
	uint32_t timeline;		/* syncobj handle, 0 until made */
	bool timeline_sent;
	uint64_t point;
	bool quit;
	/* hang fault */
	drm_intel_bufmgr *bufmgr;
	drm_intel_context *hang_ctx;
	drm_intel_bo *hang_bo;
	/* statistics */
	uint64_t presented, shown, skipped, throttled, throttle_ns;
	PFNEGLCREATEIMAGEKHRPROC create_image;
	PFNEGLDESTROYIMAGEKHRPROC destroy_image;
	PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC export_query;
	PFNEGLEXPORTDMABUFIMAGEMESAPROC export_image;
	PFNEGLCREATESYNCKHRPROC create_sync;
	PFNEGLDESTROYSYNCKHRPROC destroy_sync;
	PFNEGLDUPNATIVEFENCEFDANDROIDPROC dup_fence;
};

static void die(const struct client *c, const char *what)
{
	fprintf(stderr, "client %s: %s (EGL 0x%x, GL 0x%x, errno %s)\n", c->o.title, what, eglGetError(),
		glGetError(), strerror(errno));
	exit(1);
}

#define PROC(c, field, type, name) do { \
	(c)->field = (type)eglGetProcAddress(name); \
	if (!(c)->field) die(c, "no " name); } while (0)

static void egl_init(struct client *c)
{
	c->dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	if (c->dpy == EGL_NO_DISPLAY || !eglInitialize(c->dpy, NULL, NULL))
		die(c, "no EGL display");
	eglBindAPI(EGL_OPENGL_ES_API);
	const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
	c->ctx = eglCreateContext(c->dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
	if (c->ctx == EGL_NO_CONTEXT || !eglMakeCurrent(c->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c->ctx))
		die(c, "no GLES 3 context");
	PROC(c, create_image, PFNEGLCREATEIMAGEKHRPROC, "eglCreateImageKHR");
	PROC(c, destroy_image, PFNEGLDESTROYIMAGEKHRPROC, "eglDestroyImageKHR");
	PROC(c, export_query, PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC, "eglExportDMABUFImageQueryMESA");
	PROC(c, export_image, PFNEGLEXPORTDMABUFIMAGEMESAPROC, "eglExportDMABUFImageMESA");
	PROC(c, create_sync, PFNEGLCREATESYNCKHRPROC, "eglCreateSyncKHR");
	PROC(c, destroy_sync, PFNEGLDESTROYSYNCKHRPROC, "eglDestroySyncKHR");
	PROC(c, dup_fence, PFNEGLDUPNATIVEFENCEFDANDROIDPROC, "eglDupNativeFenceFDANDROID");
}

/* The display's render node, as EGL_EXT_device_drm_render_node names it:
 * for syncobjs and for the hang fault's own context. */
static void open_render_node(struct client *c)
{
	PFNEGLQUERYDISPLAYATTRIBEXTPROC query_display =
		(PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
	PFNEGLQUERYDEVICESTRINGEXTPROC query_device =
		(PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
	EGLAttrib dev = 0;
	const char *node = NULL;
	if (query_display && query_device && query_display(c->dpy, EGL_DEVICE_EXT, &dev))
		node = query_device((EGLDeviceEXT)dev, EGL_DRM_RENDER_NODE_FILE_EXT);
	c->drm_fd = node ? open(node, O_RDWR | O_CLOEXEC) : -1;
	if (c->drm_fd < 0)
		die(c, "no render node from EGL_EXT_device_drm_render_node");
}

static GLuint texture_fb(GLuint *tex, int w, int h)
{
	GLuint fb;
	glGenTextures(1, tex);
	glBindTexture(GL_TEXTURE_2D, *tex);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_BGRA8_EXT, w, h);
	if (glGetError() != GL_NO_ERROR) {
		fprintf(stderr, "client: no %dx%d BGRA8 texture storage\n", w, h);
		exit(1);
	}
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	return fb;
}

static void send_or_die(struct client *c, const struct pp_msg *m, int fd)
{
	if (pp_send(c->o.sock, m, fd))
		die(c, "the compositor went away");
}

static void buffers_init(struct client *c)
{
	uint32_t *sheet = malloc(SCENE_SHEET_W * SCENE_SHEET_H * 4);
	if (!sheet)
		die(c, "out of memory");
	scene_sheet_pixels(sheet);
	c->sheet_fb = texture_fb(&c->sheet_tex, SCENE_SHEET_W, SCENE_SHEET_H);
	glBindTexture(GL_TEXTURE_2D, c->sheet_tex);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, SCENE_SHEET_W, SCENE_SHEET_H, GL_BGRA_EXT, GL_UNSIGNED_BYTE,
			sheet);
	free(sheet);
	if (glGetError() != GL_NO_ERROR)
		die(c, "cannot upload the sprite sheet");
	struct pp_msg hello = { .type = PP_HELLO, .width = (uint32_t)c->o.width, .height = (uint32_t)c->o.height };
	snprintf(hello.title, sizeof(hello.title), "%s", c->o.title);
	send_or_die(c, &hello, -1);
	for (int i = 0; i < NUM_BUFFERS; i++) {
		c->fb[i] = texture_fb(&c->tex[i], c->o.width, c->o.height);
		if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
			die(c, "frame buffer incomplete");
		c->img[i] = c->create_image(c->dpy, c->ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)c->tex[i],
					    NULL);
		int fourcc = 0, planes = 0, fd = -1;
		EGLint stride = 0, offset = 0;
		EGLuint64KHR modifier = 0;
		if (c->img[i] == EGL_NO_IMAGE_KHR || !c->export_query(c->dpy, c->img[i], &fourcc, &planes, &modifier) ||
		    planes != 1 || !c->export_image(c->dpy, c->img[i], &fd, &stride, &offset))
			die(c, "cannot export a frame as a dma-buf");
		struct pp_msg m = {
			.type = PP_ATTACH, .buffer = (uint32_t)i, .width = (uint32_t)c->o.width,
			.height = (uint32_t)c->o.height, .stride = (uint32_t)stride, .offset = (uint32_t)offset,
			.fourcc = (uint32_t)fourcc, .modifier = modifier,
		};
		send_or_die(c, &m, fd);
		close(fd);
	}
}

static void handle(struct client *c, const struct pp_msg *m)
{
	switch (m->type) {
	case PP_IDLE:
		c->busy[m->buffer % NUM_BUFFERS] = false;
		break;
	case PP_FRAME_DONE:
		if (m->status == PP_SHOWN)
			c->shown++;
		else
			c->skipped++;
		break;
	case PP_DISCONNECT:
		c->quit = true;
		break;
	default:
		break;
	}
}

/* Takes every message waiting; with block, waits for one first. */
static void pump(struct client *c, bool block)
{
	for (;;) {
		struct pp_msg m;
		int fd;
		int r = pp_recv(c->o.sock, &m, &fd, !block);
		if (r == -EAGAIN)
			return;
		if (r <= 0) {
			c->quit = true;
			return;
		}
		if (fd >= 0)
			close(fd);
		handle(c, &m);
		block = false;
	}
}

/* A free buffer, blocking while all are busy (the DRI3 loader's find_back). */
static int find_back(struct client *c)
{
	pump(c, false);
	uint64_t t0 = 0;
	for (;;) {
		for (int i = 0; i < NUM_BUFFERS; i++)
			if (!c->busy[i]) {
				if (t0)
					c->throttle_ns += pp_now_ns() - t0;
				return i;
			}
		if (c->quit)
			return -1;
		if (!t0) {
			t0 = pp_now_ns();
			c->throttled++;
		}
		pump(c, true);
	}
}

static void draw(struct client *c, int b, uint64_t frame)
{
	struct scene_op ops[SCENE_MAX_OPS];
	int n = scene_frame_ops(c->o.kind, c->o.width, c->o.height, frame, ops);
	static uint32_t strip[SCENE_SHEET_W * (SCENE_SHEET_H - SCENE_STRIP_Y)];
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, c->fb[b]);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, c->sheet_fb);
	if (glGetError() != GL_NO_ERROR)
		die(c, "cannot bind the frame buffers");
	for (int i = 0; i < n; i++) {
		const struct scene_op *o = &ops[i];
		const struct scene_rect *r = &o->dst;
		switch (o->kind) {
		case SCENE_CLEAR:
			glEnable(GL_SCISSOR_TEST);
			glScissor(r->x, r->y, r->w, r->h);
			glClearColor((float)((o->color >> 16) & 255) / 255.0f, (float)((o->color >> 8) & 255) / 255.0f,
				     (float)(o->color & 255) / 255.0f, (float)(o->color >> 24) / 255.0f);
			glClear(GL_COLOR_BUFFER_BIT);
			glDisable(GL_SCISSOR_TEST);
			break;
		case SCENE_UPLOAD:
			scene_strip_pixels(frame, strip);
			glBindTexture(GL_TEXTURE_2D, c->sheet_tex);
			glTexSubImage2D(GL_TEXTURE_2D, 0, r->x, r->y, r->w, r->h, GL_BGRA_EXT, GL_UNSIGNED_BYTE, strip);
			break;
		case SCENE_BLIT:
			glBlitFramebuffer(o->src_x, o->src_y, o->src_x + r->w, o->src_y + r->h, r->x,
					  o->flip ? r->y + r->h : r->y, r->x + r->w, o->flip ? r->y : r->y + r->h,
					  GL_COLOR_BUFFER_BIT, GL_NEAREST);
			break;
		case SCENE_COPY:
			glCopyImageSubData(c->sheet_tex, GL_TEXTURE_2D, 0, o->src_x, o->src_y, 0, c->tex[b],
					   GL_TEXTURE_2D, 0, r->x, r->y, 0, r->w, r->h, 1);
			break;
		}
		GLenum err = glGetError();
		if (err != GL_NO_ERROR) {
			fprintf(stderr, "client %s: GL error 0x%x in frame %llu, operation %d (kind %d)\n", c->o.title,
				err, (unsigned long long)frame, i, o->kind);
			exit(1);
		}
	}
}

/* The frame's fence: a native fence sync, flushed, as a sync_file. */
static int frame_fence(struct client *c)
{
	EGLSyncKHR s = c->create_sync(c->dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, NULL);
	if (s == EGL_NO_SYNC_KHR)
		die(c, "no native fence sync");
	glFlush();
	int fd = c->dup_fence(c->dpy, s);
	c->destroy_sync(c->dpy, s);
	if (fd < 0)
		die(c, "no native fence fd");
	return fd;
}

/* The hang fault: a batch that jumps to itself on a context of our own that
 * may not recover, its out-fence merged into the frame's. gen8+ only. */
static int hang(struct client *c, int fence)
{
	c->bufmgr = drm_intel_bufmgr_gem_init(c->drm_fd, 4096);
	if (!c->bufmgr || intel_gen_from_devid(drm_intel_bufmgr_gem_get_devid(c->bufmgr)) < 8) {
		fprintf(stderr, "client %s: the hang fault needs gen8+; not hanging\n", c->o.title);
		return fence;
	}
	c->hang_ctx = drm_intel_gem_context_create(c->bufmgr);
	c->hang_bo = drm_intel_bo_alloc(c->bufmgr, "hang", 4096, 4096);
	uint32_t id = 0;
	if (!c->hang_ctx || !c->hang_bo || drm_intel_gem_context_get_id(c->hang_ctx, &id))
		die(c, "no context for the hang");
	struct drm_i915_gem_context_param p = { .ctx_id = id, .param = I915_CONTEXT_PARAM_RECOVERABLE };
	drmIoctl(c->drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p);
	uint32_t b[4] = { MI_BATCH_BUFFER_START_GEN8, (uint32_t)c->hang_bo->offset64,
			  (uint32_t)(c->hang_bo->offset64 >> 32), MI_NOOP };
	int out = -1;
	if (drm_intel_bo_subdata(c->hang_bo, 0, sizeof(b), b) ||
	    drm_intel_bo_emit_reloc(c->hang_bo, 4, c->hang_bo, 0, I915_GEM_DOMAIN_COMMAND, 0) ||
	    drm_intel_gem_bo_fence_exec(c->hang_bo, c->hang_ctx, sizeof(b), -1, &out, I915_EXEC_RENDER))
		die(c, "cannot submit the hang");
	struct sync_merge_data m = { .name = "frame+hang", .fd2 = out };
	if (drmIoctl(fence, SYNC_IOC_MERGE, &m))
		die(c, "cannot merge fences");
	close(fence);
	close(out);
	fprintf(stderr, "client %s: submitted a batch that never ends\n", c->o.title);
	return (int)m.fence;
}

/* After the hang: i915 bans the context; find out, then stop drawing. */
static void wait_banned(struct client *c)
{
	uint32_t b[2] = { MI_BATCH_BUFFER_END, MI_NOOP };
	drm_intel_bo *bo = drm_intel_bo_alloc(c->bufmgr, "probe", 4096, 4096);
	drm_intel_bo_subdata(bo, 0, sizeof(b), b);
	while (!c->quit) {
		if (drm_intel_gem_bo_context_exec(bo, c->hang_ctx, sizeof(b), I915_EXEC_RENDER) == -EIO) {
			fprintf(stderr, "client %s: context banned after the GPU hang; not drawing any more\n",
				c->o.title);
			break;
		}
		struct pollfd pfd = { .fd = c->o.sock, .events = POLLIN };
		if (poll(&pfd, 1, 50) > 0)
			pump(c, false);
	}
	drm_intel_bo_unreference(bo);
	while (!c->quit)
		pump(c, true);
}

static void present(struct client *c, int b, uint64_t target, int fence)
{
	struct pp_msg m = { .type = PP_PRESENT, .buffer = (uint32_t)b, .frame = target, .fence = PP_FENCE_SYNC_FILE };
	int fd = fence;
	if (c->o.syncobj) {
		if (!c->timeline && drmSyncobjCreate(c->drm_fd, 0, &c->timeline))
			die(c, "no syncobj");
		c->point++;
		bool stall = c->o.stall_at >= 0 && (long long)c->presented >= c->o.stall_at;
		if (!stall) {
			uint32_t tmp;
			if (drmSyncobjCreate(c->drm_fd, 0, &tmp) || drmSyncobjImportSyncFile(c->drm_fd, tmp, fence) ||
			    drmSyncobjTransfer(c->drm_fd, c->timeline, c->point, tmp, 0, 0))
				die(c, "cannot move the fence to the timeline");
			drmSyncobjDestroy(c->drm_fd, tmp);
		}
		close(fence);
		fd = -1;
		if (!c->timeline_sent && drmSyncobjHandleToFD(c->drm_fd, c->timeline, &fd))
			die(c, "cannot export the timeline");
		c->timeline_sent = true;
		m.fence = PP_FENCE_SYNCOBJ;
		m.point = c->point;
	}
	m.time_ns = pp_now_ns();
	send_or_die(c, &m, fd);
	if (fd >= 0)
		close(fd);
	c->busy[b] = true;
	c->presented++;
}

static void run(struct client *c)
{
	uint64_t start = pp_now_ns(), frame_ns = 1000000000ull / (uint64_t)c->o.fps;
	for (uint64_t n = 0; !c->quit; n++) {
		int b = find_back(c);
		if (b < 0)
			break;
		uint64_t target = c->o.lockstep ? n * (uint64_t)c->o.step : (pp_now_ns() - start) * 60 / 1000000000ull;
		draw(c, b, target);
		int fence = frame_fence(c);
		bool hanging = c->o.hang_at >= 0 && (long long)n == c->o.hang_at;
		if (hanging)
			fence = hang(c, fence);
		present(c, b, target, fence);
		if (hanging && c->hang_ctx) {
			wait_banned(c);
			break;
		}
		if (!c->o.fast && !c->o.lockstep) {
			uint64_t next = start + (n + 1) * frame_ns;
			while (!c->quit) {
				uint64_t now = pp_now_ns();
				if (now >= next)
					break;
				struct pollfd pfd = { .fd = c->o.sock, .events = POLLIN };
				if (poll(&pfd, 1, (int)((next - now + 999999) / 1000000)) > 0)
					pump(c, false);
			}
		}
	}
}

static void cleanup(struct client *c)
{
	glFinish();
	for (int i = 0; i < NUM_BUFFERS; i++)
		if (c->img[i] != EGL_NO_IMAGE_KHR)
			c->destroy_image(c->dpy, c->img[i]);
	if (c->hang_bo)
		drm_intel_bo_unreference(c->hang_bo);
	if (c->hang_ctx)
		drm_intel_gem_context_destroy(c->hang_ctx);
	if (c->bufmgr)
		drm_intel_bufmgr_destroy(c->bufmgr);
	if (c->timeline)
		drmSyncobjDestroy(c->drm_fd, c->timeline);
	if (c->drm_fd >= 0)
		close(c->drm_fd);
	eglMakeCurrent(c->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(c->dpy, c->ctx);
	eglTerminate(c->dpy);
	eglReleaseThread();
}

static void usage(void)
{
	fprintf(stderr, "usage: client --socket FD --kind K --size WxH --title T [--fps F] [--lockstep STEP]\n"
			"              [--fast] [--syncobj] [--hang-at N] [--stall-at N]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "socket", 1, 0, 's' }, { "kind", 1, 0, 'k' }, { "size", 1, 0, 'z' }, { "title", 1, 0, 't' },
		{ "fps", 1, 0, 'f' }, { "lockstep", 1, 0, 'l' }, { "fast", 0, 0, 'F' }, { "syncobj", 0, 0, 'S' },
		{ "hang-at", 1, 0, 'H' }, { "stall-at", 1, 0, 'T' }, { 0, 0, 0, 0 },
	};
	struct client c = { .o = { .sock = -1, .fps = 60, .step = 1, .hang_at = -1, .stall_at = -1,
				   .title = "client" }, .drm_fd = -1 };
	int opt;
	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 's': c.o.sock = atoi(optarg); break;
		case 'k': c.o.kind = atoi(optarg); break;
		case 'z': if (sscanf(optarg, "%dx%d", &c.o.width, &c.o.height) != 2) usage(); break;
		case 't': c.o.title = optarg; break;
		case 'f': c.o.fps = atoi(optarg); break;
		case 'l': c.o.lockstep = true; c.o.step = atoi(optarg); break;
		case 'F': c.o.fast = true; break;
		case 'S': c.o.syncobj = true; break;
		case 'H': c.o.hang_at = atoll(optarg); break;
		case 'T': c.o.stall_at = atoll(optarg); break;
		default: usage();
		}
	}
	if (c.o.sock < 0 || c.o.width < 80 || c.o.height < 144 || c.o.width > 4096 || c.o.height > 4096 ||
	    c.o.fps <= 0 || c.o.step <= 0 || (c.o.stall_at >= 0 && !c.o.syncobj))
		usage();
	egl_init(&c);
	if (c.o.syncobj || c.o.hang_at >= 0)
		open_render_node(&c);
	buffers_init(&c);
	run(&c);
	fprintf(stderr, "client %s: %llu frames presented, %llu shown, %llu skipped; blocked on a busy ring %llu times "
			"(%.1f ms)\n", c.o.title, (unsigned long long)c.presented, (unsigned long long)c.shown,
		(unsigned long long)c.skipped, (unsigned long long)c.throttled, (double)c.throttle_ns / 1e6);
	cleanup(&c);
	close(c.o.sock);
	return 0;
}
