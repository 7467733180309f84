/* SPDX-License-Identifier: MIT */
/*
 * Shim only: what a CRTC shows, as the shim writes it to PNG files
 * (uapi-conformance §8b, KS rows; i915/display/intel_scanout.c). A known
 * pattern in a linear dumb buffer and in an X-tiled GEM object (written
 * through a GTT map), a mode set on it, a semi-transparent premultiplied
 * ARGB cursor partly off the screen, a non-identity gamma LUT; the pictures
 * are asked for through debugfs (i915_shim_scanout) and I915_SHIM_SCANOUT,
 * read back with libpng and compared pixel for pixel with what the display
 * engine must make of them; and a flip to a framebuffer the GPU is still
 * drawing, pictured once the drawing is done (gen8+ batches). A real kernel has neither file: every case
 * skips there (REQUIRE_SHIM).
 */
#include "config.h"

#include "tests/i915/i915_test.h"
#include "tests/ioctl/kms_util.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <i915_drm.h>
#ifdef TEST_HAVE_PNG
#include "tests/png_read.h"
#endif

#define W 640
#define H 480
#define CUR 64
#define CUR_X (W - 40)	/* the cursor's right part is off the screen */
#define CUR_Y 100

/* The primary's pattern: 0x00RRGGBB of pixel (x, y). */
static uint32_t pattern(uint32_t x, uint32_t y)
{
	return ((x * 7) & 0xff) << 16 | ((y * 3) & 0xff) << 8 | ((x + 2 * y) & 0xff);
}

/* The cursor's ARGB8888 premultiplied pixel: transparent rows, opaque rows, half rows. */
static uint32_t cursor_px(uint32_t x, uint32_t y)
{
	if (y < 16)
		return 0;
	if (y < 32)
		return 0xff000000u | (x * 4) << 16 | 0x0080;
	return 0x80000000u | 0x40 << 16 | (x & 0x3f) << 8 | 0x10;
}

static uint32_t blend(uint32_t src, uint32_t dst)
{
	uint32_t a = src >> 24, out = 0;
	for (int sh = 0; sh <= 16; sh += 8) {
		uint32_t v = (src >> sh & 0xff) + ((dst >> sh & 0xff) * (255 - a) + 127) / 255;
		out |= (v > 255 ? 255 : v) << sh;
	}
	return out;
}

static uint16_t lut[3 * 256];

static uint32_t gamma_of(uint32_t px)
{
	uint32_t out = 0;
	for (int ch = 0; ch < 3; ch++) {
		uint32_t c = px >> (16 - 8 * ch) & 0xff;
		uint32_t v = ((uint32_t)lut[ch * 256 + c] + 0x80) >> 8;
		out |= (v > 255 ? 255 : v) << (16 - 8 * ch);
	}
	return out;
}

/* What the pipe must show at (x, y). */
static uint32_t expected(uint32_t x, uint32_t y, bool with_cursor, bool with_gamma)
{
	uint32_t v = pattern(x, y);
	if (with_cursor && x >= CUR_X && x < CUR_X + CUR && y >= CUR_Y && y < CUR_Y + CUR)
		v = blend(cursor_px(x - CUR_X, y - CUR_Y), v);
	return with_gamma ? gamma_of(v) : v;
}

struct scene {
	int fd;
	uint32_t crtc, pipe;
	uint32_t conn;
	struct drm_mode_modeinfo mode;
};

static void setup(struct scene *s)
{
	REQUIRE_SHIM("the scanout pictures are the shim's");
	require_debugfs_root();
	s->fd = kms_open_master();
	struct drm_mode_modeinfo modes[64];
	struct kms_res res;
	ASSERT_OK(kms_get_resources(s->fd, &res));
	s->conn = kms_connected(s->fd, &s->mode);
	uint32_t n = kms_connector_modes(s->fd, s->conn, modes, 64, NULL, NULL);
	bool found = false;
	for (uint32_t i = 0; i < n && !found; i++)
		if (modes[i].hdisplay == W && modes[i].vdisplay == H) {
			s->mode = modes[i];
			found = true;
		}
	if (!found)
		SKIP_MISSING("no 640x480 mode");
	s->crtc = res.crtcs[0];
	s->pipe = 0;
	/* a cursor an earlier case left: it is no file's, so it outlived that case's files */
	struct drm_mode_cursor c = { .flags = DRM_MODE_CURSOR_BO, .crtc_id = s->crtc };
	ASSERT_OK(ioctl(s->fd, DRM_IOCTL_MODE_CURSOR, &c));
}

static void *map_dumb(int fd, uint32_t handle, uint64_t size)
{
	struct drm_mode_map_dumb m = { .handle = handle };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m));
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)m.offset);
	ASSERT(p != MAP_FAILED);
	return p;
}

/* A linear dumb XRGB8888 framebuffer with the pattern. */
static uint32_t linear_fb(int fd)
{
	uint32_t pitch = 0, fb = 0;
	uint32_t h = kms_dumb(fd, W, H, &pitch);
	uint8_t *p = map_dumb(fd, h, (uint64_t)pitch * H);
	for (uint32_t y = 0; y < H; y++)
		for (uint32_t x = 0; x < W; x++)
			((uint32_t *)(p + (size_t)y * pitch))[x] = pattern(x, y) | 0xff000000u;
	munmap(p, (size_t)pitch * H);
	ASSERT_OK(kms_addfb2(fd, W, H, h, pitch, &fb));
	return fb;
}

/* An X-tiled GEM object (stride 4096) written through the GTT map, as an X-modifier fb. */
static uint32_t xtiled_fb(int fd)
{
	uint32_t stride = 4096, size = stride * H;
	struct drm_i915_gem_create c = { .size = size };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c));
	struct drm_i915_gem_set_tiling t = { .handle = c.handle, .tiling_mode = I915_TILING_X, .stride = stride };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &t));
	ASSERT_EQ(t.tiling_mode, I915_TILING_X);
	struct drm_i915_gem_mmap_gtt g = { .handle = c.handle };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_GTT, &g));
	uint8_t *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)g.offset);
	ASSERT(p != MAP_FAILED);
	struct drm_i915_gem_set_domain d = { .handle = c.handle, .read_domains = I915_GEM_DOMAIN_GTT,
					     .write_domain = I915_GEM_DOMAIN_GTT };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &d));
	for (uint32_t y = 0; y < H; y++)
		for (uint32_t x = 0; x < W; x++)
			((uint32_t *)(p + (size_t)y * stride))[x] = pattern(x, y);
	munmap(p, size);
	struct drm_mode_fb_cmd2 f = { .width = W, .height = H, .pixel_format = DRM_FORMAT_XRGB8888,
				      .flags = DRM_MODE_FB_MODIFIERS, .handles = { c.handle }, .pitches = { stride },
				      .modifier = { I915_FORMAT_MOD_X_TILED } };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_ADDFB2, &f));
	return f.fb_id;
}

static void set_cursor(struct scene *s)
{
	uint32_t pitch = 0;
	uint32_t h = kms_dumb(s->fd, CUR, CUR, &pitch);
	ASSERT_EQ(pitch, CUR * 4);
	uint32_t *p = map_dumb(s->fd, h, CUR * CUR * 4);
	for (uint32_t y = 0; y < CUR; y++)
		for (uint32_t x = 0; x < CUR; x++)
			p[y * CUR + x] = cursor_px(x, y);
	munmap(p, CUR * CUR * 4);
	struct drm_mode_cursor2 c = { .flags = DRM_MODE_CURSOR_BO | DRM_MODE_CURSOR_MOVE, .crtc_id = s->crtc,
				      .width = CUR, .height = CUR, .handle = h, .x = CUR_X, .y = CUR_Y };
	ASSERT_OK(ioctl(s->fd, DRM_IOCTL_MODE_CURSOR2, &c));
}

static void set_gamma(struct scene *s, bool identity)
{
	for (uint32_t i = 0; i < 256; i++) {
		lut[i] = identity ? (uint16_t)(i << 8) : (uint16_t)((255 - i) << 8 | 0x7f);	/* red inverted */
		lut[256 + i] = identity ? (uint16_t)(i << 8) : (uint16_t)(i * 200);		/* green darker */
		lut[512 + i] = (uint16_t)(i << 8);
	}
	struct drm_mode_crtc_lut l = { .crtc_id = s->crtc, .gamma_size = 256, .red = (uintptr_t)lut,
				       .green = (uintptr_t)(lut + 256), .blue = (uintptr_t)(lut + 512) };
	ASSERT_OK(ioctl(s->fd, DRM_IOCTL_MODE_SETGAMMA, &l));
}

#ifdef TEST_HAVE_PNG
/* The PNG at path as 0x00RRGGBB pixels (malloc'ed), its size in *w, *h. */
static uint32_t *read_png(const char *path, uint32_t *w, uint32_t *h)
{
	char why[128];
	uint32_t *px = test_png_read(path, w, h, why, sizeof(why));
	if (!px)
		TEST_FAIL("%s: %s", path, why);
	return px;
}

static void check_png(const char *path, bool with_cursor, bool with_gamma)
{
	uint32_t w, h;
	uint32_t *px = read_png(path, &w, &h);
	ASSERT_EQ(w, W);
	ASSERT_EQ(h, H);
	for (uint32_t y = 0; y < H; y++)
		for (uint32_t x = 0; x < W; x++)
			if (px[y * W + x] != expected(x, y, with_cursor, with_gamma))
				TEST_FAIL("%s: pixel (%u, %u) is %06x, not %06x", path, x, y, px[y * W + x],
					  expected(x, y, with_cursor, with_gamma));
	free(px);
}
#else
static void check_png(const char *path, bool with_cursor, bool with_gamma)
{
	(void)path, (void)with_cursor, (void)with_gamma;
	SKIP("built without libpng: the pictures cannot be read back");	/* external: the build */
}
#endif

/* Asks debugfs for the pictures; the path of the CRTC's. */
static void debugfs_capture(const struct scene *s, char *path, size_t len)
{
	if (!test_write_text("/sys/kernel/debug/dri/0/i915_shim_scanout", "1\n"))
		SKIP_MISSING("/sys/kernel/debug/dri/0/i915_shim_scanout not writable");
	snprintf(path, len, "/sys/kernel/debug/dri/0/crtc-%u/i915_shim_scanout.png", s->pipe);
}

/* KS1–KS3, KS5, KS8: linear primary, cursor blended on top (clipped at the right edge), asked
 * for through debugfs; the status file names the size; a CRTC that is off has no picture. */
TEST(scanout_linear_cursor_debugfs)
{
	struct scene s;
	setup(&s);
	uint32_t fb = linear_fb(s.fd);
	ASSERT_OK(kms_setcrtc(s.fd, s.crtc, fb, &s.mode, &s.conn, 1));
	set_gamma(&s, true);
	char path[256];
	debugfs_capture(&s, path, sizeof(path));
	check_png(path, false, false);
	set_cursor(&s);
	debugfs_capture(&s, path, sizeof(path));
	check_png(path, true, false);
	char status[256] = "";
	int sfd = open("/sys/kernel/debug/dri/0/i915_shim_scanout", O_RDONLY);
	ASSERT(sfd >= 0);
	ASSERT(read(sfd, status, sizeof(status) - 1) > 0);
	close(sfd);
	ASSERT(strstr(status, "crtc-0: 640x480\n"));
	ASSERT(strstr(status, "crtc-1: off\n"));
	ASSERT_OK(kms_setcrtc(s.fd, s.crtc, 0, NULL, NULL, 0));
	debugfs_capture(&s, path, sizeof(path));
	struct stat st;
	ASSERT_ERRNO(stat(path, &st), ENOENT);
}

/* KS4, KS6: an X-tiled framebuffer scans out detiled; the gamma LUT maps each channel. */
TEST(scanout_xtiled_gamma_debugfs)
{
	struct scene s;
	setup(&s);
	uint32_t fb = xtiled_fb(s.fd);
	ASSERT_OK(kms_setcrtc(s.fd, s.crtc, fb, &s.mode, &s.conn, 1));
	set_cursor(&s);
	set_gamma(&s, false);
	char path[256];
	debugfs_capture(&s, path, sizeof(path));
	check_png(path, true, true);
	set_gamma(&s, true);
}

/* The newest <dir>/crtc-<pipe>-NNNNNN.png, or "" if there is none. */
static void newest(const char *dir, uint32_t pipe, char *out, size_t len)
{
	char prefix[32], best[64] = "";
	snprintf(prefix, sizeof(prefix), "crtc-%u-", pipe);
	DIR *d = opendir(dir);
	ASSERT(d);
	for (struct dirent *e; (e = readdir(d));)
		if (!strncmp(e->d_name, prefix, strlen(prefix)) && strlen(e->d_name) < sizeof(best) &&
		    strcmp(e->d_name, best) > 0)
			strcpy(best, e->d_name);
	closedir(d);
	if (best[0])
		snprintf(out, len, "%s/%s", dir, best);
	else
		out[0] = 0;
}

/* KS7: I915_SHIM_SCANOUT=<dir>: every SETCRTC, PAGE_FLIP, CURSOR and SETGAMMA writes the CRTC's
 * picture as <dir>/crtc-<index>-<seq>.png, seq counting up; nothing while the CRTC is off. */
TEST(scanout_env_each_commit)
{
	struct scene s;
	setup(&s);
	char dir[] = "/tmp/kms_scanout.XXXXXX";
	ASSERT(mkdtemp(dir));
	setenv("I915_SHIM_SCANOUT", dir, 1);
	uint32_t lin = linear_fb(s.fd), tiled = xtiled_fb(s.fd);
	char path[256], first[256];
	set_gamma(&s, true);
	ASSERT_OK(kms_setcrtc(s.fd, s.crtc, lin, &s.mode, &s.conn, 1));
	newest(dir, s.pipe, first, sizeof(first));
	ASSERT(first[0]);
	check_png(first, false, false);
	set_cursor(&s);
	newest(dir, s.pipe, path, sizeof(path));
	ASSERT(strcmp(path, first) > 0);
	check_png(path, true, false);
	struct drm_mode_crtc_page_flip f = { .crtc_id = s.crtc, .fb_id = tiled };
	ASSERT_OK(ioctl(s.fd, DRM_IOCTL_MODE_PAGE_FLIP, &f));
	newest(dir, s.pipe, path, sizeof(path));
	check_png(path, true, false);
	set_gamma(&s, false);
	newest(dir, s.pipe, path, sizeof(path));
	check_png(path, true, true);
	set_gamma(&s, true);
	char before[256], after[256];
	newest(dir, s.pipe, before, sizeof(before));
	ASSERT(strcmp(before, path) > 0);
	ASSERT_OK(kms_setcrtc(s.fd, s.crtc, 0, NULL, NULL, 0));
	newest(dir, s.pipe, after, sizeof(after));
	ASSERT_STREQ(after, before);	/* turning the CRTC off wrote none */
	unsetenv("I915_SHIM_SCANOUT");
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
	for (struct dirent *e; d && (e = readdir(d));)
		if (e->d_name[0] != '.')
			unlinkat(dfd, e->d_name, 0);
	if (d)
		closedir(d);
	rmdir(dir);
}

/* Every pixel of the picture at path is rgb (0x00RRGGBB). */
static void check_png_solid(const char *path, uint32_t rgb)
{
#ifdef TEST_HAVE_PNG
	uint32_t w, h;
	uint32_t *px = read_png(path, &w, &h);
	ASSERT_EQ(w, W);
	ASSERT_EQ(h, H);
	for (uint32_t i = 0; i < W * H; i++)
		if (px[i] != rgb)
			TEST_FAIL("%s: pixel (%u, %u) is %06x, not %06x", path, i % W, i / W, px[i], rgb);
	free(px);
#else
	(void)path, (void)rgb;
	SKIP("built without libpng: the pictures cannot be read back");	/* external: the build */
#endif
}

/*
 * KS7 with KL9: a page flip to a framebuffer the GPU has not finished drawing is pictured
 * once the drawing is done, not when the flip is made. The drawing (a blit filling it) waits
 * behind a spinner on the same context; the flip's picture comes after the spinner ends.
 */
TEST(scanout_flip_after_rendering)
{
	struct scene s;
	setup(&s);
	int family = i915_devid(s.fd) & 0xff00;
	if (family != 0x1900 && family != 0x1600 && family != 0x8a00)
		SKIP_DEVICE("the batches use gen8+ encodings");
	char dir[] = "/tmp/kms_scanout.XXXXXX";
	ASSERT(mkdtemp(dir));
	setenv("I915_SHIM_SCANOUT", dir, 1);
	set_gamma(&s, true);
	ASSERT_OK(kms_setcrtc(s.fd, s.crtc, linear_fb(s.fd), &s.mode, &s.conn, 1));
	char first[256], path[256];
	newest(dir, s.pipe, first, sizeof(first));
	ASSERT(first[0]);
	uint32_t pitch = 0, fb = 0;
	uint32_t target = kms_dumb(s.fd, W, H, &pitch);
	ASSERT_OK(kms_addfb2(s.fd, W, H, target, pitch, &fb));
	volatile uint32_t *spin;
	gem_spinner(s.fd, 0, I915_EXEC_BLT, &spin);
	const uint64_t dst = 0x1000000, at = 0x900000;
	const uint32_t rgb = 0x336699;
	uint32_t cmd[] = {
		XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(7),
		INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xf0u << INTEL_BR13_ROP_SHIFT | pitch,
		0, (uint32_t)H << 16 | W, (uint32_t)dst, 0, rgb,
		MI_BATCH_BUFFER_END, MI_NOOP,
	};
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = target, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE, .offset = dst },
		{ .handle = gem_batch(s.fd, cmd, sizeof(cmd)), .flags = EXEC_OBJECT_PINNED, .offset = at },
	};
	ASSERT_OK(gem_execbuf_ctx(s.fd, o, 2, I915_EXEC_BLT, 0));	/* runs after the spinner */
	struct drm_mode_crtc_page_flip f = { .crtc_id = s.crtc, .fb_id = fb, .flags = DRM_MODE_PAGE_FLIP_EVENT };
	ASSERT_OK(ioctl(s.fd, DRM_IOCTL_MODE_PAGE_FLIP, &f));
	usleep(50000);
	newest(dir, s.pipe, path, sizeof(path));
	ASSERT_STREQ(path, first);	/* no picture while the drawing waits */
	spin[0] = MI_BATCH_BUFFER_END;
	struct drm_event_vblank ev;
	ASSERT_EQ(read(s.fd, &ev, sizeof(ev)), sizeof(ev));
	newest(dir, s.pipe, path, sizeof(path));
	ASSERT(strcmp(path, first) > 0);
	check_png_solid(path, rgb);
	unsetenv("I915_SHIM_SCANOUT");
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
	for (struct dirent *e; d && (e = readdir(d));)
		if (e->d_name[0] != '.')
			unlinkat(dfd, e->d_name, 0);
	if (d)
		closedir(d);
	rmdir(dir);
}

TEST_MAIN(T(scanout_linear_cursor_debugfs), T(scanout_xtiled_gamma_debugfs), T(scanout_env_each_commit),
	  T(scanout_flip_after_rendering))
