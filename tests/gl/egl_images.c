/* SPDX-License-Identifier: MIT */
/*
 * EGLImages on our vendor only (ours_only.sh): Mesa's surfaceless llvmpipe
 * has no dma-buf import or export to compare with.
 *  - renderbuffer image -> dma-buf export -> import as another
 *    renderbuffer; a clear of either shows in the other;
 *  - buffers made with libdrm_intel (linear, X and Y tiled, filled through
 *    a GTT map) imported with and without a modifier read back exactly,
 *    in every format we list;
 *  - the format and modifier queries and their errors;
 *  - every import error of EXT_image_dma_buf_import(_modifiers), the fds
 *    staying the application's;
 *  - images outliving the renderbuffer and context they came from;
 *  - the OES_EGL_image errors;
 *  - glCopyImageSubData between an XRGB8888 image (RGB8 kept B, G, R)
 *    and an RGB8 texture keeps each channel, both ways;
 *  - native fence syncs: a real sync_file that polls readable, imported
 *    back as an in-fence;
 *  - images and syncs left alive for eglTerminate to free.
 */
#include <drm_fourcc.h>
#include <fcntl.h>
#include <i915_drm.h>
#include <intel_bufmgr.h>
#include <poll.h>
#include <unistd.h>

#include "hwdefs/intel_devices.h"
#include "gltest.h"

static PFNEGLCREATEIMAGEKHRPROC create_image;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image;
static PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC export_query;
static PFNEGLEXPORTDMABUFIMAGEMESAPROC export_image;
static PFNEGLQUERYDMABUFFORMATSEXTPROC query_formats;
static PFNEGLQUERYDMABUFMODIFIERSEXTPROC query_modifiers;
static PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC image_target_rb;
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC image_target_tex;
static PFNGLCOPYIMAGESUBDATAEXTPROC copy_image;
static PFNEGLCREATESYNCKHRPROC create_sync;
static PFNEGLDESTROYSYNCKHRPROC destroy_sync;
static PFNEGLCLIENTWAITSYNCKHRPROC client_wait;
static PFNEGLWAITSYNCKHRPROC wait_sync;
static PFNEGLGETSYNCATTRIBKHRPROC get_sync_attrib;
static PFNEGLDUPNATIVEFENCEFDANDROIDPROC dup_fence;

static int gen;
static drm_intel_bufmgr *bufmgr;
static int bufmgr_fd = -1;

#define GETP(var, name) (var = (__typeof__(var))eglGetProcAddress(name))

static bool has_ext(const char *name)
{
	const char *s = eglQueryString(gt_dpy, EGL_EXTENSIONS);
	size_t n = strlen(name);
	for (const char *p = s; p && (p = strstr(p, name)); p += n)
		if ((p == s || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
			return true;
	return false;
}

/* libdrm_intel on the display's own render node, for buffers made outside GL. */
static void open_bufmgr(void)
{
	EGLAttrib dev = 0;
	PFNEGLQUERYDISPLAYATTRIBEXTPROC qda;
	PFNEGLQUERYDEVICESTRINGEXTPROC qds;
	GETP(qda, "eglQueryDisplayAttribEXT");
	GETP(qds, "eglQueryDeviceStringEXT");
	check(qda && qda(gt_dpy, EGL_DEVICE_EXT, &dev) && dev, "the display has a device");
	const char *node = qds ? qds((EGLDeviceEXT)dev, EGL_DRM_RENDER_NODE_FILE_EXT) : NULL;
	check(node != NULL, "its render node is %s", node ? node : "?");
	int fd = node ? open(node, O_RDWR | O_CLOEXEC) : -1;
	bufmgr_fd = fd;
	bufmgr = fd >= 0 ? drm_intel_bufmgr_gem_init(fd, 4096) : NULL;
	if (!bufmgr) {
		printf("Bail out! no bufmgr on %s\n", node ? node : "?");
		exit(1);
	}
	gen = intel_gen_from_devid(drm_intel_bufmgr_gem_get_devid(bufmgr));
}

static EGLImageKHR import(const EGLint *attribs)
{
	return create_image(gt_dpy, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, NULL, attribs);
}

/* A framebuffer whose color renderbuffer takes its storage from img. */
static GLuint fb_of_image(EGLImageKHR img, GLuint *rb_out)
{
	GLuint fb, rb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	image_target_rb(GL_RENDERBUFFER, img);
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	*rb_out = rb;
	return fb;
}

static bool pixel_is(int x, int y, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
	uint8_t px[4] = { 0 };
	glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	if (px[0] == r && px[1] == g && px[2] == b && px[3] == a)
		return true;
	printf("# pixel %d,%d is %d,%d,%d,%d, expected %d,%d,%d,%d\n", x, y, px[0], px[1], px[2], px[3], r, g, b, a);
	return false;
}

/* renderbuffer -> image -> dma-buf -> image -> renderbuffer, both ways. */
static void round_trip(GLenum internal, int w, int h, const char *what)
{
	GLuint rb1, rb2;
	GLuint fb1 = gt_fbo_with_rb(internal, w, h, &rb1);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	EGLImageKHR img = create_image(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)rb1, NULL);
	check(img != EGL_NO_IMAGE_KHR, "%s: image from renderbuffer (0x%x)", what, eglGetError());
	int fourcc = 0, planes = 0;
	EGLuint64KHR mod = 0;
	check(export_query(gt_dpy, img, &fourcc, &planes, &mod), "%s: export query", what);
	int fd = -1;
	EGLint stride = 0, offset = -1;
	check(export_image(gt_dpy, img, &fd, &stride, &offset) && fd >= 0, "%s: export fd %d stride %d offset %d", what,
	      fd, stride, offset);
	check(planes == 1 && (mod == DRM_FORMAT_MOD_LINEAR || mod == I915_FORMAT_MOD_X_TILED ||
			      mod == I915_FORMAT_MOD_Y_TILED),
	      "%s: fourcc %.4s, %d plane, modifier 0x%llx", what, (char *)&fourcc, planes, (unsigned long long)mod);
	/* with the modifier, then without (the kernel's tiling decides) */
	for (int with_mod = 1; with_mod >= 0; with_mod--) {
		EGLint attribs[] = {
			EGL_WIDTH, w, EGL_HEIGHT, h, EGL_LINUX_DRM_FOURCC_EXT, fourcc,
			EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, offset,
			EGL_DMA_BUF_PLANE0_PITCH_EXT, stride,
			EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, (EGLint)(mod & 0xffffffff),
			EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT, (EGLint)(mod >> 32), EGL_NONE,
		};
		if (!with_mod)
			attribs[12] = EGL_NONE;
		EGLImageKHR img2 = import(attribs);
		check(img2 != EGL_NO_IMAGE_KHR, "%s: import %s modifier (0x%x)", what, with_mod ? "with" : "without",
		      eglGetError());
		GLuint fb2 = fb_of_image(img2, &rb2);
		check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "%s: imported fbo complete",
		      what);
		check(pixel_is(0, 0, 255, 0, 0, 255) && pixel_is(w - 1, h - 1, 255, 0, 0, 255),
		      "%s: the import reads what the exporter cleared", what);
		glEnable(GL_SCISSOR_TEST);
		glScissor(w / 2, h / 2, w - w / 2, h - h / 2);
		glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
		glClear(GL_COLOR_BUFFER_BIT);
		glDisable(GL_SCISSOR_TEST);
		glBindFramebuffer(GL_FRAMEBUFFER, fb1);
		check(pixel_is(0, 0, 255, 0, 0, 255) && pixel_is(w - 1, h - 1, 0, 255, 0, 255),
		      "%s: the exporter reads what the import cleared", what);
		glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
		glClear(GL_COLOR_BUFFER_BIT);
		destroy_image(gt_dpy, img2);
		glDeleteFramebuffers(1, &fb2);
		glDeleteRenderbuffers(1, &rb2);
	}
	close(fd);
	destroy_image(gt_dpy, img);
	glDeleteFramebuffers(1, &fb1);
	glDeleteRenderbuffers(1, &rb1);
	check(glGetError() == GL_NO_ERROR, "%s: no GL error", what);
}

/* Buffers laid out by libdrm_intel, filled through a GTT map (the fence
 * detiles), imported as ABGR8888 and read back pixel by pixel. */
static void foreign_buffers(void)
{
	const int w = 100, h = 40;
	static const struct {
		uint32_t tiling;
		uint64_t mod;
		const char *name;
	} kinds[] = {
		{ I915_TILING_NONE, DRM_FORMAT_MOD_LINEAR, "linear" },
		{ I915_TILING_X, I915_FORMAT_MOD_X_TILED, "X-tiled" },
		{ I915_TILING_Y, I915_FORMAT_MOD_Y_TILED, "Y-tiled" },
	};
	for (unsigned k = 0; k < 3; k++) {
		if (kinds[k].tiling == I915_TILING_Y && gen < 6) {
			check(true, "Y tiling needs gen6: skipped on gen%d", gen);
			continue;
		}
		uint32_t tiling = kinds[k].tiling;
		unsigned long pitch = 0;
		drm_intel_bo *bo = drm_intel_bo_alloc_tiled(bufmgr, "foreign", w, h, 4, &tiling, &pitch, 0);
		if (!check(bo && tiling == kinds[k].tiling, "%s: allocated, pitch %lu", kinds[k].name, pitch))
			continue;
		drm_intel_gem_bo_map_gtt(bo);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++) {
				uint8_t *p = (uint8_t *)bo->virtual + (size_t)y * pitch + (size_t)x * 4;
				p[0] = (uint8_t)x, p[1] = (uint8_t)y, p[2] = (uint8_t)(x ^ y), p[3] = 200;
			}
		drm_intel_gem_bo_unmap_gtt(bo);
		int fd = -1;
		drm_intel_bo_gem_export_to_prime(bo, &fd);
		for (int with_mod = 0; with_mod < 2; with_mod++) {
			EGLint attribs[] = {
				EGL_WIDTH, w, EGL_HEIGHT, h, EGL_LINUX_DRM_FOURCC_EXT, DRM_FORMAT_ABGR8888,
				EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0,
				EGL_DMA_BUF_PLANE0_PITCH_EXT, (EGLint)pitch,
				EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, (EGLint)(kinds[k].mod & 0xffffffff),
				EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT, (EGLint)(kinds[k].mod >> 32), EGL_NONE,
			};
			if (!with_mod)
				attribs[12] = EGL_NONE;
			EGLImageKHR img = import(attribs);
			check(img != EGL_NO_IMAGE_KHR, "%s %s modifier: imported (0x%x)", kinds[k].name,
			      with_mod ? "with" : "without", eglGetError());
			GLuint rb, fb = fb_of_image(img, &rb);
			uint8_t *px = calloc((size_t)w * h, 4);
			glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
			int bad = 0;
			for (int y = 0; y < h; y++)
				for (int x = 0; x < w; x++) {
					const uint8_t *p = px + ((size_t)y * w + x) * 4;
					bad += p[0] != (uint8_t)x || p[1] != (uint8_t)y || p[2] != (uint8_t)(x ^ y) ||
					       p[3] != 200;
				}
			check(bad == 0, "%s %s modifier: every pixel as written (%d differ)", kinds[k].name,
			      with_mod ? "with" : "without", bad);
			free(px);
			destroy_image(gt_dpy, img);
			glDeleteFramebuffers(1, &fb);
			glDeleteRenderbuffers(1, &rb);
		}
		close(fd);
		drm_intel_bo_unreference(bo);
	}
}

/* One linear buffer seen through each format: the first pixel's value. */
static void formats(void)
{
	static const struct {
		uint32_t fourcc;
		int cpp;
		uint8_t rgba[4];
	} f[] = {
		/* the first pixel's bytes in memory are 0x10 0x20 0x30 0x40 */
		{ DRM_FORMAT_ABGR8888, 4, { 0x10, 0x20, 0x30, 0x40 } },
		{ DRM_FORMAT_XBGR8888, 4, { 0x10, 0x20, 0x30, 0xff } },
		{ DRM_FORMAT_ARGB8888, 4, { 0x30, 0x20, 0x10, 0x40 } },
		{ DRM_FORMAT_XRGB8888, 4, { 0x30, 0x20, 0x10, 0xff } },
		{ DRM_FORMAT_R8, 1, { 0x10, 0, 0, 0xff } },
		{ DRM_FORMAT_GR88, 2, { 0x10, 0x20, 0, 0xff } },
		/* 0x2010: r 4 -> 33, g 0 -> 0, b 16 -> 132 */
		{ DRM_FORMAT_RGB565, 2, { 33, 0, 132, 0xff } },
	};
	drm_intel_bo *bo = drm_intel_bo_alloc(bufmgr, "formats", 64 * 1024, 4096);
	drm_intel_bo_map(bo, 1);
	for (int i = 0; i < 64 * 1024; i += 4)
		memcpy((uint8_t *)bo->virtual + i, "\x10\x20\x30\x40", 4);
	drm_intel_bo_unmap(bo);
	int fd = -1;
	drm_intel_bo_gem_export_to_prime(bo, &fd);
	for (unsigned i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		EGLint attribs[] = {
			EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_LINUX_DRM_FOURCC_EXT, (EGLint)f[i].fourcc,
			EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 256,
			EGL_DMA_BUF_PLANE0_PITCH_EXT, 256, EGL_NONE,
		};
		EGLImageKHR img = import(attribs);
		GLuint rb, fb = fb_of_image(img, &rb);
		check(img != EGL_NO_IMAGE_KHR && pixel_is(0, 0, f[i].rgba[0], f[i].rgba[1], f[i].rgba[2], f[i].rgba[3]),
		      "format %.4s reads as it should", (const char *)&f[i].fourcc);
		destroy_image(gt_dpy, img);
		glDeleteFramebuffers(1, &fb);
		glDeleteRenderbuffers(1, &rb);
	}
	close(fd);
	drm_intel_bo_unreference(bo);
}

/* An RGB8 texture whose first pixel is r, g, b, read back through a framebuffer. */
static bool rgb8_texel_is(GLuint tex, uint8_t r, uint8_t g, uint8_t b)
{
	GLuint fb;
	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	bool ok = pixel_is(0, 0, r, g, b, 255);
	glDeleteFramebuffers(1, &fb);
	return ok;
}

/* An XRGB8888 image is RGB8 to GL but B, G, R, X in memory: a copy between
 * it and an RGB8 texture (R, G, B, X) moves channels, not bytes, as Mesa's
 * copy does between formats that differ only in their order. */
static void copies_keep_channels(void)
{
	drm_intel_bo *bo = drm_intel_bo_alloc(bufmgr, "xrgb", 64 * 16, 4096);
	drm_intel_bo_map(bo, 1);
	for (int i = 0; i < 64 * 16; i += 4)
		memcpy((uint8_t *)bo->virtual + i, "\x10\x20\x30\x40", 4);
	drm_intel_bo_unmap(bo);
	int fd = -1;
	drm_intel_bo_gem_export_to_prime(bo, &fd);
	EGLint attribs[] = {
		EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_LINUX_DRM_FOURCC_EXT, DRM_FORMAT_XRGB8888,
		EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0,
		EGL_DMA_BUF_PLANE0_PITCH_EXT, 64, EGL_NONE,
	};
	EGLImageKHR img = import(attribs);
	GLuint tex[2];
	glGenTextures(2, tex);
	glBindTexture(GL_TEXTURE_2D, tex[0]);
	image_target_tex(GL_TEXTURE_2D, img);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);	/* one level: complete */
	glBindTexture(GL_TEXTURE_2D, tex[1]);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGB8, 16, 16);
	copy_image(tex[0], GL_TEXTURE_2D, 0, 0, 0, 0, tex[1], GL_TEXTURE_2D, 0, 0, 0, 0, 16, 16, 1);
	GLenum err = glGetError();
	check(err == GL_NO_ERROR && rgb8_texel_is(tex[1], 0x30, 0x20, 0x10),
	      "XRGB8888 image -> RGB8 texture: R, G, B kept (0x%x)", err);
	static const uint8_t rgb[3] = { 0x50, 0x60, 0x70 };
	glBindTexture(GL_TEXTURE_2D, tex[1]);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, rgb);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	copy_image(tex[1], GL_TEXTURE_2D, 0, 0, 0, 0, tex[0], GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	glFinish();
	drm_intel_bo_map(bo, 0);
	const uint8_t *p = bo->virtual;
	check(glGetError() == GL_NO_ERROR && p[0] == 0x70 && p[1] == 0x60 && p[2] == 0x50 && p[4] == 0x10,
	      "RGB8 texture -> XRGB8888 image: stored B, G, R (%02x %02x %02x), its neighbour untouched", p[0], p[1],
	      p[2]);
	drm_intel_bo_unmap(bo);
	glDeleteTextures(2, tex);
	destroy_image(gt_dpy, img);
	close(fd);
	drm_intel_bo_unreference(bo);
}

static void queries(void)
{
	EGLint n = -1, list[16];
	check(query_formats(gt_dpy, 0, NULL, &n) && n == 7, "7 dma-buf formats (%d)", n);
	EGLint k = -1;
	check(query_formats(gt_dpy, 3, list, &k) && k == 3, "3 asked, 3 given");
	check(!query_formats(gt_dpy, -1, list, &k) && eglGetError() == EGL_BAD_PARAMETER, "max -1: BAD_PARAMETER");
	check(!query_formats(gt_dpy, 2, NULL, &k) && eglGetError() == EGL_BAD_PARAMETER,
	      "max 2, no array: BAD_PARAMETER");
	check(!query_formats((EGLDisplay)&k, 0, NULL, &k) && eglGetError() == EGL_BAD_DISPLAY, "bad display");
	query_formats(gt_dpy, 16, list, &n);
	for (int i = 0; i < n; i++) {
		EGLuint64KHR mods[4];
		EGLBoolean ext[4] = { 1, 1, 1, 1 };
		EGLint m = -1;
		query_modifiers(gt_dpy, list[i], 4, mods, ext, &m);
		bool ok = m == (gen >= 6 ? 3 : 2) && mods[0] == DRM_FORMAT_MOD_LINEAR && mods[1] == I915_FORMAT_MOD_X_TILED;
		for (int j = 0; j < m; j++)
			ok &= !ext[j];
		check(ok, "%.4s: %d modifiers, none external-only", (char *)&list[i], m);
	}
	EGLuint64KHR mods[4];
	check(!query_modifiers(gt_dpy, DRM_FORMAT_NV12, 4, mods, NULL, &k) && eglGetError() == EGL_BAD_PARAMETER,
	      "modifiers of NV12 (not listed): BAD_PARAMETER");
	check(!query_modifiers(gt_dpy, DRM_FORMAT_XRGB8888, -1, mods, NULL, &k) && eglGetError() == EGL_BAD_PARAMETER,
	      "modifiers, max -1: BAD_PARAMETER");
	check(!query_modifiers(gt_dpy, DRM_FORMAT_XRGB8888, 2, NULL, NULL, &k) && eglGetError() == EGL_BAD_PARAMETER,
	      "modifiers, max 2 and no array: BAD_PARAMETER");
	check(query_modifiers(gt_dpy, DRM_FORMAT_XRGB8888, 0, NULL, NULL, &k) && k == (gen >= 6 ? 3 : 2),
	      "modifier count alone");
}

/* Every import error; the fd stays open (the application's) after each. */
static void import_errors(void)
{
	drm_intel_bo *bo = drm_intel_bo_alloc(bufmgr, "errors", 64 * 64 * 4, 4096);
	int fd = -1;
	drm_intel_bo_gem_export_to_prime(bo, &fd);
	int nullfd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	enum { W = 1, H = 3, F = 5, FD = 7, OFF = 9, PITCH = 11, X = 12 };
	const EGLint good[] = {
		EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_LINUX_DRM_FOURCC_EXT, DRM_FORMAT_XRGB8888,
		EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0, EGL_DMA_BUF_PLANE0_PITCH_EXT, 256,
		EGL_NONE, EGL_NONE, EGL_NONE, EGL_NONE, EGL_NONE, EGL_NONE, EGL_NONE,
	};
	static const struct {
		const char *what;
		int at;		/* index to change: a value, or X to append */
		EGLint a, b, c, d;	/* new value at 'at' (a), or appended pairs (a b, c d) */
		EGLint err;
	} cases[] = {
		{ "no width", 0, EGL_HEIGHT, 0, 0, 0, EGL_BAD_PARAMETER },
		{ "no fourcc", 4, EGL_HEIGHT, 0, 0, 0, EGL_BAD_PARAMETER },
		{ "no fd", 6, EGL_HEIGHT, 0, 0, 0, EGL_BAD_PARAMETER },
		{ "no offset", 8, EGL_HEIGHT, 0, 0, 0, EGL_BAD_PARAMETER },
		{ "no pitch", 10, EGL_HEIGHT, 0, 0, 0, EGL_BAD_PARAMETER },
		{ "pitch 0", PITCH, 0, 0, 0, 0, EGL_BAD_ACCESS },
		{ "pitch -4", PITCH, -4, 0, 0, 0, EGL_BAD_ACCESS },
		{ "pitch under a row", PITCH, 252, 0, 0, 0, EGL_BAD_ACCESS },
		{ "pitch not whole pixels", PITCH, 258, 0, 0, 0, EGL_BAD_ACCESS },
		{ "offset -4", OFF, -4, 0, 0, 0, EGL_BAD_ACCESS },
		{ "offset past the end", OFF, 64 * 64 * 4, 0, 0, 0, EGL_BAD_ACCESS },
		{ "offset leaves too little", OFF, 4096, 0, 0, 0, EGL_BAD_ACCESS },
		{ "offset not a whole pixel", OFF, 2, 0, 0, 0, EGL_BAD_ACCESS },
		{ "height past the end", H, 65, 0, 0, 0, EGL_BAD_ACCESS },
		{ "width 0", W, 0, 0, 0, 0, EGL_BAD_PARAMETER },
		{ "height -1", H, -1, 0, 0, 0, EGL_BAD_PARAMETER },
		{ "fourcc NV12", F, DRM_FORMAT_NV12, 0, 0, 0, EGL_BAD_MATCH },
		{ "fourcc 0", F, 0, 0, 0, 0, EGL_BAD_MATCH },
		{ "fd -1", FD, -1, 0, 0, 0, EGL_BAD_PARAMETER },
		{ "fd of /dev/null", FD, -2, 0, 0, 0, EGL_BAD_PARAMETER },
		{ "plane 1 fd", X, EGL_DMA_BUF_PLANE1_FD_EXT, 0, EGL_NONE, 0, EGL_BAD_ATTRIBUTE },
		{ "plane 1 pitch", X, EGL_DMA_BUF_PLANE1_PITCH_EXT, 256, EGL_NONE, 0, EGL_BAD_ATTRIBUTE },
		{ "plane 3 offset", X, EGL_DMA_BUF_PLANE3_OFFSET_EXT, 0, EGL_NONE, 0, EGL_BAD_ATTRIBUTE },
		{ "modifier lo without hi", X, EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, 0, EGL_NONE, 0, EGL_BAD_PARAMETER },
		{ "modifier hi without lo", X, EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT, 0, EGL_NONE, 0, EGL_BAD_PARAMETER },
		{ "modifier Y_TILED_CCS", X, EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, 4, EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT,
		  0x01000000, EGL_BAD_MATCH },
		{ "modifier INVALID", X, EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, -1, EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT,
		  0x00ffffff, EGL_BAD_MATCH },
		{ "X tiling, pitch not whole tiles", X, EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, 1,
		  EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT, 0x01000000, EGL_BAD_ACCESS },
		{ "color space hint 0", X, EGL_YUV_COLOR_SPACE_HINT_EXT, 0, EGL_NONE, 0, EGL_BAD_ATTRIBUTE },
		{ "sample range hint 0", X, EGL_SAMPLE_RANGE_HINT_EXT, 0, EGL_NONE, 0, EGL_BAD_ATTRIBUTE },
		{ "siting hint 0", X, EGL_YUV_CHROMA_VERTICAL_SITING_HINT_EXT, 0, EGL_NONE, 0, EGL_BAD_ATTRIBUTE },
		{ "unknown attribute", X, 0x1234, 0, EGL_NONE, 0, EGL_BAD_PARAMETER },
	};
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		EGLint a[sizeof(good) / sizeof(good[0])];
		memcpy(a, good, sizeof(good));
		if (cases[i].at == X) {
			a[X] = cases[i].a, a[X + 1] = cases[i].b, a[X + 2] = cases[i].c, a[X + 3] = cases[i].d;
		} else if (cases[i].at % 2 == 0) {
			/* drop an attribute: replace the pair by a duplicate of another */
			a[cases[i].at] = cases[i].a;
			a[cases[i].at + 1] = 64;
		} else {
			a[cases[i].at] = cases[i].a == -2 ? nullfd : cases[i].a;
		}
		EGLImageKHR img = import(a);
		EGLint err = eglGetError();
		check(img == EGL_NO_IMAGE_KHR && err == cases[i].err, "import with %s: 0x%x (expected 0x%x)",
		      cases[i].what, err, cases[i].err);
	}
	if (gen < 6) {
		EGLint a[sizeof(good) / sizeof(good[0])];
		memcpy(a, good, sizeof(good));
		a[X] = EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, a[X + 1] = 2, a[X + 2] = EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT;
		a[X + 3] = 0x01000000;
		check(import(a) == EGL_NO_IMAGE_KHR && eglGetError() == EGL_BAD_MATCH, "Y tiling on gen%d: BAD_MATCH", gen);
	}
	EGLImageKHR img = create_image(gt_dpy, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, (EGLClientBuffer)good, good);
	check(img == EGL_NO_IMAGE_KHR && eglGetError() == EGL_BAD_PARAMETER, "a buffer with a dma-buf: BAD_PARAMETER");
	img = create_image(gt_dpy, gt_ctx, EGL_LINUX_DMA_BUF_EXT, NULL, good);
	check(img == EGL_NO_IMAGE_KHR && eglGetError() == EGL_BAD_PARAMETER, "a context with a dma-buf: BAD_PARAMETER");
	img = import(good);
	check(img != EGL_NO_IMAGE_KHR, "and the good list imports");
	check(fcntl(fd, F_GETFD) != -1 && fcntl(nullfd, F_GETFD) != -1, "the fds are still the application's");
	/* left for eglTerminate to free */
	close(fd);
	close(nullfd);
	drm_intel_bo_unreference(bo);
}

static void export_errors(void)
{
	int fourcc, fd;
	check(!export_query(gt_dpy, (EGLImageKHR)&fd, &fourcc, NULL, NULL) && eglGetError() == EGL_BAD_PARAMETER,
	      "export query of a non-image: BAD_PARAMETER");
	check(!export_image(gt_dpy, (EGLImageKHR)&fd, &fd, NULL, NULL) && eglGetError() == EGL_BAD_PARAMETER,
	      "export of a non-image: BAD_PARAMETER");
	GLuint rb;
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 16, 16);
	EGLImageKHR img = create_image(gt_dpy, gt_ctx, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)rb, NULL);
	check(img != EGL_NO_IMAGE_KHR, "image of a depth renderbuffer");
	check(!export_query(gt_dpy, img, &fourcc, NULL, NULL) && eglGetError() == EGL_BAD_MATCH,
	      "its export query: BAD_MATCH (no fourcc says depth)");
	check(!export_image(gt_dpy, img, &fd, NULL, NULL) && eglGetError() == EGL_BAD_MATCH, "its export: BAD_MATCH");
	destroy_image(gt_dpy, img);
	glDeleteRenderbuffers(1, &rb);
}

/* An image survives the renderbuffer and the context that made it. */
static void lifetimes(void)
{
	static const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
	EGLContext other = eglCreateContext(gt_dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
	eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, other);
	GLuint rb;
	GLuint fb = gt_fbo_with_rb(GL_RGBA8, 32, 32, &rb);
	glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	EGLImageKHR img = create_image(gt_dpy, other, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)rb, NULL);
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
	eglMakeCurrent(gt_dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gt_ctx);
	check(eglDestroyContext(gt_dpy, other), "the context that made the image is gone");
	GLuint rb2;
	fb = fb_of_image(img, &rb2);
	check(destroy_image(gt_dpy, img), "the image is destroyed after use");
	check(pixel_is(31, 31, 0, 0, 255, 255), "and the renderbuffer made from it keeps the pixels");
	glBindRenderbuffer(GL_RENDERBUFFER, rb2);
	image_target_rb(GL_RENDERBUFFER, img);
	check(glGetError() == GL_INVALID_VALUE, "a destroyed image: INVALID_VALUE");
	image_target_rb(GL_TEXTURE_2D, img);
	check(glGetError() == GL_INVALID_ENUM, "target TEXTURE_2D: INVALID_ENUM");
	image_target_rb(GL_RENDERBUFFER, NULL);
	check(glGetError() == GL_INVALID_VALUE, "a NULL image: INVALID_VALUE");
	glBindRenderbuffer(GL_RENDERBUFFER, 0);
	image_target_rb(GL_RENDERBUFFER, img);
	check(glGetError() == GL_INVALID_OPERATION, "no renderbuffer bound: INVALID_OPERATION");
	check(!destroy_image(gt_dpy, img) && eglGetError() == EGL_BAD_PARAMETER, "destroying it twice: BAD_PARAMETER");
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb2);
}

static void native_fences(void)
{
	GLuint rb;
	GLuint fb = gt_fbo_with_rb(GL_RGBA8, 256, 256, &rb);
	glClear(GL_COLOR_BUFFER_BIT);
	EGLSyncKHR s = create_sync(gt_dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, NULL);
	check(s != EGL_NO_SYNC_KHR, "native fence sync");
	int fd = dup_fence(gt_dpy, s);
	check(fd >= 0, "it has a sync_file (%d)", fd);
	struct pollfd p = { .fd = fd, .events = POLLIN };
	check(poll(&p, 1, 5000) == 1 && (p.revents & POLLIN), "which polls readable when the work is done");
	EGLint v = 0;
	check(get_sync_attrib(gt_dpy, s, EGL_SYNC_CONDITION_KHR, &v) && v == EGL_SYNC_PRIOR_COMMANDS_COMPLETE_KHR,
	      "condition PRIOR_COMMANDS_COMPLETE");
	check(client_wait(gt_dpy, s, 0, EGL_FOREVER_KHR) == EGL_CONDITION_SATISFIED_KHR, "client wait satisfied");
	const EGLint from_fd[] = { EGL_SYNC_NATIVE_FENCE_FD_ANDROID, fd, EGL_NONE };
	EGLSyncKHR s2 = create_sync(gt_dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, from_fd);
	check(s2 != EGL_NO_SYNC_KHR, "a native sync from that fd (EGL owns it now)");
	check(get_sync_attrib(gt_dpy, s2, EGL_SYNC_CONDITION_KHR, &v) && v == EGL_SYNC_NATIVE_FENCE_SIGNALED_ANDROID,
	      "condition NATIVE_FENCE_SIGNALED");
	check(wait_sync(gt_dpy, s2, 0) == EGL_TRUE, "server wait: an in-fence for the next batch");
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	check(get_sync_attrib(gt_dpy, s2, EGL_SYNC_STATUS_KHR, &v) && v == EGL_SIGNALED_KHR, "signaled");
	int fd2 = dup_fence(gt_dpy, s2);
	check(fd2 >= 0 && fd2 != fd, "dup of an imported fence (%d)", fd2);
	close(fd2);
	EGLSyncKHR plain = create_sync(gt_dpy, EGL_SYNC_FENCE_KHR, NULL);
	check(dup_fence(gt_dpy, plain) == EGL_NO_NATIVE_FENCE_FD_ANDROID && eglGetError() == EGL_BAD_PARAMETER,
	      "dup of a plain fence: BAD_PARAMETER");
	check(dup_fence(gt_dpy, (EGLSyncKHR)&v) == EGL_NO_NATIVE_FENCE_FD_ANDROID && eglGetError() == EGL_BAD_PARAMETER,
	      "dup of a non-sync: BAD_PARAMETER");
	const EGLint bad_fd[] = { EGL_SYNC_NATIVE_FENCE_FD_ANDROID, 1000, EGL_NONE };
	check(create_sync(gt_dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, bad_fd) == EGL_NO_SYNC_KHR &&
		      eglGetError() == EGL_BAD_PARAMETER,
	      "a native sync from a closed fd: BAD_PARAMETER");
	check(create_sync(gt_dpy, EGL_SYNC_FENCE_KHR, from_fd) == EGL_NO_SYNC_KHR && eglGetError() == EGL_BAD_ATTRIBUTE,
	      "a fence fd on a plain fence: BAD_ATTRIBUTE");
	destroy_sync(gt_dpy, s);
	/* s2 and plain are left for eglTerminate */
	glDeleteFramebuffers(1, &fb);
	glDeleteRenderbuffers(1, &rb);
}

int main(void)
{
	gt_init();
	if (!gt_ours()) {
		printf("# SKIP only our vendor imports dma-bufs here\n");
		return 77;
	}
	GETP(create_image, "eglCreateImageKHR");
	GETP(destroy_image, "eglDestroyImageKHR");
	GETP(export_query, "eglExportDMABUFImageQueryMESA");
	GETP(export_image, "eglExportDMABUFImageMESA");
	GETP(query_formats, "eglQueryDmaBufFormatsEXT");
	GETP(query_modifiers, "eglQueryDmaBufModifiersEXT");
	GETP(image_target_rb, "glEGLImageTargetRenderbufferStorageOES");
	GETP(image_target_tex, "glEGLImageTargetTexture2DOES");
	GETP(copy_image, "glCopyImageSubDataEXT");
	GETP(create_sync, "eglCreateSyncKHR");
	GETP(destroy_sync, "eglDestroySyncKHR");
	GETP(client_wait, "eglClientWaitSyncKHR");
	GETP(wait_sync, "eglWaitSyncKHR");
	GETP(get_sync_attrib, "eglGetSyncAttribKHR");
	GETP(dup_fence, "eglDupNativeFenceFDANDROID");
	static const char *const exts[] = {
		"EGL_KHR_image_base", "EGL_KHR_gl_renderbuffer_image", "EGL_EXT_image_dma_buf_import",
		"EGL_EXT_image_dma_buf_import_modifiers", "EGL_MESA_image_dma_buf_export", "EGL_ANDROID_native_fence_sync",
	};
	for (unsigned i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
		check(has_ext(exts[i]), "%s", exts[i]);
	open_bufmgr();
	queries();
	round_trip(GL_RGBA8, 64, 32, "RGBA8 64x32");
	round_trip(GL_RGBA8, 8, 8, "RGBA8 8x8 (linear)");
	round_trip(GL_RGB565, 130, 70, "RGB565 130x70");
	round_trip(GL_RGB8, 300, 20, "RGB8 300x20");
	foreign_buffers();
	formats();
	copies_keep_channels();
	import_errors();
	export_errors();
	lifetimes();
	native_fences();
	check(glGetError() == GL_NO_ERROR, "no GL error left over");
	drm_intel_bufmgr_destroy(bufmgr);
	close(bufmgr_fd);
	return gt_finish();
}
