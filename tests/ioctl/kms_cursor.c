/* SPDX-License-Identifier: MIT */
/*
 * The legacy cursor and gamma ioctls (uapi-conformance §8b, KU and KG rows):
 * CURSOR/CURSOR2 flags, lookups, the BO made a framebuffer on the CRTC's
 * cursor plane (seen through GETPLANE), turning it off with handle 0, MOVE
 * alone, positions off the screen, the overflow check, and i915's cursor
 * sizes; GETGAMMA/SETGAMMA lookups, the size check, the LUT read back.
 * Every id is found through GETRESOURCES/GETPLANERESOURCES. The DRM core's
 * rules run on any KMS driver (the real-kernel check uses bochs, which has
 * no cursor plane and no gamma LUT: those cases skip or check the errno a
 * driver without them gets); the i915 sizes skip on other drivers.
 */
#include "config.h"

#include "tests/ioctl/kms_util.h"

#include <limits.h>
#include <i915_drm.h>

#define BAD_PTR ((uint64_t)8)	/* unmapped: any copy to or from it is EFAULT */

/* The cursor plane of the CRTC at pipe (UNIVERSAL_PLANES set on fd); 0 if it has none. */
static uint32_t cursor_plane(int fd, uint32_t pipe)
{
	uint32_t ids[64];
	kms_set_cap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	struct drm_mode_get_plane_res r = { .count_planes = 64, .plane_id_ptr = (uintptr_t)ids };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &r));
	for (uint32_t i = 0; i < r.count_planes && i < 64; i++) {
		struct drm_mode_get_plane p = { .plane_id = ids[i] };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, &p));
		uint64_t type = 0;
		if ((p.possible_crtcs & (1u << pipe)) && kms_prop(fd, ids[i], DRM_MODE_OBJECT_PLANE, "type", &type, NULL) &&
		    type == 2)
			return ids[i];
	}
	return 0;
}

static void getplane(int fd, uint32_t plane, struct drm_mode_get_plane *p)
{
	memset(p, 0, sizeof(*p));
	p->plane_id = plane;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_GETPLANE, p));
}

static int cursor(int fd, uint32_t crtc, uint32_t flags, uint32_t handle, uint32_t w, uint32_t h, int32_t x, int32_t y)
{
	struct drm_mode_cursor c = { .flags = flags, .crtc_id = crtc, .x = x, .y = y, .width = w, .height = h,
				     .handle = handle };
	return ioctl(fd, DRM_IOCTL_MODE_CURSOR, &c);
}

/* A master fd, the first CRTC lit with the connector's mode, and that CRTC's cursor plane
 * (SKIP when the driver has none), the cursor off at 0, 0. */
static int cursor_setup(uint32_t *crtc, uint32_t *plane)
{
	int fd = kms_open_master();
	struct drm_mode_modeinfo mode;
	uint32_t conn = kms_connected(fd, &mode), fb = 0;
	*crtc = kms_light(fd, conn, &mode, &fb);
	*plane = cursor_plane(fd, kms_pipe_of(fd, *crtc));
	if (!*plane)
		SKIP_MISSING("the CRTC has no cursor plane");
	/* A cursor is no file's: an earlier case's outlived its files, with its position. */
	ASSERT_OK(cursor(fd, *crtc, DRM_MODE_CURSOR_BO | DRM_MODE_CURSOR_MOVE, 0, 0, 0, 0, 0));
	return fd;
}

/* KU1: flags 0, or any bit outside BO | MOVE: EINVAL, before the CRTC is looked up. */
TEST(cursor_bad_flags_einval)
{
	int fd = kms_open_master();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT_ERRNO(cursor(fd, res.crtcs[0], 0, 0, 0, 0, 0, 0), EINVAL);
	ASSERT_ERRNO(cursor(fd, res.crtcs[0], 0x4 | DRM_MODE_CURSOR_MOVE, 0, 0, 0, 0, 0), EINVAL);
	ASSERT_ERRNO(cursor(fd, 0x7fff0000, 0, 0, 0, 0, 0, 0), EINVAL);
	struct drm_mode_cursor2 c2 = { .flags = 0x80, .crtc_id = res.crtcs[0] };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_CURSOR2, &c2), EINVAL);
}

/* KU2: an id that is no CRTC: ENOENT (CURSOR and CURSOR2). */
TEST(cursor_unknown_crtc_enoent)
{
	int fd = kms_open_master();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	ASSERT_ERRNO(cursor(fd, 0x7fff0000, DRM_MODE_CURSOR_MOVE, 0, 0, 0, 0, 0), ENOENT);
	ASSERT_ERRNO(cursor(fd, res.connectors[0], DRM_MODE_CURSOR_BO, 0, 0, 0, 0, 0), ENOENT);
	struct drm_mode_cursor2 c2 = { .flags = DRM_MODE_CURSOR_MOVE, .crtc_id = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_CURSOR2, &c2), ENOENT);
}

/* KU9: CURSOR and CURSOR2 are DRM_MASTER ioctls: EACCES from a file that is not the master. */
TEST(cursor_non_master_eacces)
{
	int m = kms_open_master();
	int other = open_primary();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(m, &res));
	ASSERT_ERRNO(cursor(other, res.crtcs[0], DRM_MODE_CURSOR_MOVE, 0, 0, 0, 0, 0), EACCES);
	struct drm_mode_cursor2 c2 = { .flags = DRM_MODE_CURSOR_MOVE, .crtc_id = res.crtcs[0] };
	ASSERT_ERRNO(ioctl(other, DRM_IOCTL_MODE_CURSOR2, &c2), EACCES);
}

/* KU3, KU7: a BO becomes the cursor plane's framebuffer on that CRTC (GETPLANE); a framebuffer
 * no file owns (not in GETRESOURCES, RMFB ENOENT); handle 0 turns the cursor off. */
TEST(cursor_set_and_off)
{
	uint32_t crtc, plane;
	int fd = cursor_setup(&crtc, &plane);
	struct kms_res before, after;
	ASSERT_OK(kms_get_resources(fd, &before));
	uint32_t bo = kms_dumb(fd, 64, 64, NULL);
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_BO, bo, 64, 64, 0, 0));
	struct drm_mode_get_plane p;
	getplane(fd, plane, &p);
	ASSERT_EQ(p.crtc_id, crtc);
	ASSERT(p.fb_id != 0);
	ASSERT_OK(kms_get_resources(fd, &after));
	ASSERT_EQ(after.nfbs, before.nfbs);
	uint32_t id = p.fb_id;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_RMFB, &id), ENOENT);
	/* a new image replaces it */
	uint32_t bo2 = kms_dumb(fd, 64, 64, NULL);
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_BO, bo2, 64, 64, 0, 0));
	getplane(fd, plane, &p);
	ASSERT(p.fb_id != 0);
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_BO, 0, 0, 0, 0, 0));
	getplane(fd, plane, &p);
	ASSERT_EQ(p.fb_id, 0);
	ASSERT_EQ(p.crtc_id, 0);
	/* off again: still fine */
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_BO, 0, 0, 0, 0, 0));
}

/* KU8: MOVE keeps the image and takes any position, negative or past the screen; MOVE with the
 * cursor off succeeds and is remembered for the next image. CURSOR2 takes a hotspot. */
TEST(cursor_move_anywhere)
{
	uint32_t crtc, plane;
	int fd = cursor_setup(&crtc, &plane);
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_MOVE, 0, 0, 0, -30, -40));
	struct drm_mode_get_plane p;
	getplane(fd, plane, &p);
	ASSERT_EQ(p.fb_id, 0);
	uint32_t bo = kms_dumb(fd, 64, 64, NULL);
	struct drm_mode_cursor2 c2 = { .flags = DRM_MODE_CURSOR_BO, .crtc_id = crtc, .width = 64, .height = 64,
				       .handle = bo, .hot_x = 5, .hot_y = 7 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_CURSOR2, &c2));
	getplane(fd, plane, &p);
	uint32_t fb = p.fb_id;
	ASSERT(fb != 0);
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_MOVE, 0, 0, 0, 100000, 100000));
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_MOVE, 0, 0, 0, -63, 5));
	getplane(fd, plane, &p);
	ASSERT_EQ(p.fb_id, fb);
	ASSERT_EQ(p.crtc_id, crtc);
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_BO | DRM_MODE_CURSOR_MOVE, 0, 0, 0, 1, 1));
}

/* KU5: a position whose far edge passes INT_MAX: ERANGE, and the cursor stays. */
TEST(cursor_position_erange)
{
	uint32_t crtc, plane;
	int fd = cursor_setup(&crtc, &plane);
	uint32_t bo = kms_dumb(fd, 64, 64, NULL);
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_BO | DRM_MODE_CURSOR_MOVE, bo, 64, 64, 10, 10));
	struct drm_mode_get_plane p;
	getplane(fd, plane, &p);
	uint32_t fb = p.fb_id;
	ASSERT_ERRNO(cursor(fd, crtc, DRM_MODE_CURSOR_MOVE, 0, 0, 0, INT_MAX - 10, 0), ERANGE);
	ASSERT_ERRNO(cursor(fd, crtc, DRM_MODE_CURSOR_MOVE, 0, 0, 0, 0, INT_MAX - 63), ERANGE);
	getplane(fd, plane, &p);
	ASSERT_EQ(p.fb_id, fb);
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_MOVE, 0, 0, 0, INT_MAX - 64, 0));
}

/* KU3: the BO's framebuffer is checked as ADDFB2's: a handle the file lacks ENOENT, width 0 or
 * a BO too small for width x height x 4 EINVAL; nothing changes. */
TEST(cursor_bad_bo)
{
	uint32_t crtc, plane;
	int fd = cursor_setup(&crtc, &plane);
	ASSERT_ERRNO(cursor(fd, crtc, DRM_MODE_CURSOR_BO, 0x7fffff, 64, 64, 0, 0), ENOENT);
	uint32_t bo = kms_dumb(fd, 64, 64, NULL);
	ASSERT_ERRNO(cursor(fd, crtc, DRM_MODE_CURSOR_BO, bo, 0, 64, 0, 0), EINVAL);
	uint32_t small = kms_dumb(fd, 16, 16, NULL);
	ASSERT_ERRNO(cursor(fd, crtc, DRM_MODE_CURSOR_BO, small, 256, 256, 0, 0), EINVAL);
	struct drm_mode_get_plane p;
	getplane(fd, plane, &p);
	ASSERT_EQ(p.fb_id, 0);
}

/* KU10: a CRTC without a cursor plane goes the legacy way: BO without the driver's cursor_set is
 * ENXIO, MOVE without cursor_move EFAULT (bochs); every i915 CRTC has a cursor plane. */
TEST(cursor_no_plane_legacy_errnos)
{
	int fd = kms_open_master();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	if (cursor_plane(fd, 0))
		SKIP_DEVICE("the CRTC has a cursor plane");
	ASSERT_ERRNO(cursor(fd, res.crtcs[0], DRM_MODE_CURSOR_BO, 0, 0, 0, 0, 0), ENXIO);
	ASSERT_ERRNO(cursor(fd, res.crtcs[0], DRM_MODE_CURSOR_MOVE, 0, 0, 0, 0, 0), EFAULT);
}

static bool is_i915(int fd)
{
	struct drm_version v;
	char name[32] = "";
	memset(&v, 0, sizeof(v));
	v.name = name;
	v.name_len = sizeof(name) - 1;
	return !ioctl(fd, DRM_IOCTL_VERSION, &v) && !strcmp(name, "i915");
}

/* KU6: i915's cursor sizes: width 64, 128 or 256 up to DRM_CAP_CURSOR_WIDTH; the height equal
 * (or, from Ivy Bridge, 8 to the width): 64x64 always; 65, 32, 512 wide, taller than wide
 * or under 8 lines: EINVAL. */
TEST(cursor_i915_sizes)
{
	uint32_t crtc, plane;
	int fd = cursor_setup(&crtc, &plane);
	if (!is_i915(fd))
		SKIP_DEVICE("cursor sizes are i915's");
	struct drm_get_cap cap = { .capability = DRM_CAP_CURSOR_WIDTH };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GET_CAP, &cap));
	uint32_t bo = kms_dumb(fd, 512, 512, NULL);
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_BO, bo, 64, 64, 0, 0));
	static const uint32_t bad[][2] = { { 65, 64 }, { 32, 32 }, { 512, 512 }, { 64, 128 }, { 64, 4 }, { 100, 100 } };
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		ASSERT_ERRNO(cursor(fd, crtc, DRM_MODE_CURSOR_BO, bo, bad[i][0], bad[i][1], 0, 0), EINVAL);
	for (uint32_t w = 128; w <= cap.value; w *= 2)
		ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_BO, bo, w, w, 0, 0));
	ASSERT_OK(cursor(fd, crtc, DRM_MODE_CURSOR_BO, 0, 0, 0, 0, 0));
}

/* KU4: a BO whose tiling makes the framebuffer X-tiled: the cursor plane is linear only. */
TEST(cursor_i915_tiled_einval)
{
	uint32_t crtc, plane;
	int fd = cursor_setup(&crtc, &plane);
	if (!is_i915(fd))
		SKIP_DEVICE("tiling is i915's");
	uint32_t pitch = 0;
	uint32_t bo = kms_dumb(fd, 128, 128, &pitch);
	struct drm_i915_gem_set_tiling t = { .handle = bo, .tiling_mode = I915_TILING_X, .stride = 512 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &t));
	ASSERT_ERRNO(cursor(fd, crtc, DRM_MODE_CURSOR_BO, bo, 128, 128, 0, 0), EINVAL);
}

/* --- gamma ------------------------------------------------------------------------------ */

static int gamma_io(int fd, unsigned long req, uint32_t crtc, uint32_t size, uint16_t *lut)
{
	struct drm_mode_crtc_lut l = { .crtc_id = crtc, .gamma_size = size, .red = (uintptr_t)lut,
				       .green = (uintptr_t)(lut + size), .blue = (uintptr_t)(lut + 2 * size) };
	return ioctl(fd, req, &l);
}

static uint32_t gamma_size(int fd, uint32_t crtc)
{
	struct drm_mode_crtc c;
	kms_getcrtc(fd, crtc, &c);
	return c.gamma_size;
}

/* KG1: an id that is no CRTC: ENOENT, GETGAMMA and SETGAMMA. */
TEST(gamma_unknown_crtc_enoent)
{
	int fd = kms_open_master();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint16_t lut[3 * 256];
	ASSERT_ERRNO(gamma_io(fd, DRM_IOCTL_MODE_GETGAMMA, 0x7fff0000, 256, lut), ENOENT);
	ASSERT_ERRNO(gamma_io(fd, DRM_IOCTL_MODE_SETGAMMA, res.connectors[0], 256, lut), ENOENT);
}

/* KG2, KG6: gamma_size must be the CRTC's (GETCRTC's gamma_size): else EINVAL. A CRTC without
 * a LUT (gamma_size 0, no gamma_set: bochs) answers GETGAMMA of size 0 and SETGAMMA ENOSYS. */
TEST(gamma_size_einval)
{
	int fd = kms_open_master();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t crtc = res.crtcs[0], n = gamma_size(fd, crtc);
	uint16_t lut[3 * 1025];
	ASSERT_ERRNO(gamma_io(fd, DRM_IOCTL_MODE_GETGAMMA, crtc, n + 1, lut), EINVAL);
	if (!n) {
		ASSERT_OK(gamma_io(fd, DRM_IOCTL_MODE_GETGAMMA, crtc, 0, lut));
		ASSERT_ERRNO(gamma_io(fd, DRM_IOCTL_MODE_SETGAMMA, crtc, 0, lut), ENOSYS);
		return;
	}
	ASSERT_ERRNO(gamma_io(fd, DRM_IOCTL_MODE_GETGAMMA, crtc, n - 1, lut), EINVAL);
	ASSERT_ERRNO(gamma_io(fd, DRM_IOCTL_MODE_SETGAMMA, crtc, n + 1, lut), EINVAL);
	ASSERT_ERRNO(gamma_io(fd, DRM_IOCTL_MODE_SETGAMMA, crtc, 0, lut), EINVAL);
}

/* KG3: a fresh device's LUT is the identity ramp i << 8 (drm_mode_crtc_set_gamma_size); shim
 * only, as on a real machine the console or a display server may have set another. */
TEST(gamma_default_identity)
{
	REQUIRE_SHIM("a fresh device: nobody set a LUT yet");
	int fd = kms_open();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t n = gamma_size(fd, res.crtcs[0]);
	ASSERT_EQ(n, 256);	/* KC1: i915's legacy LUT */
	uint16_t lut[3 * 256];
	ASSERT_OK(gamma_io(fd, DRM_IOCTL_MODE_GETGAMMA, res.crtcs[0], n, lut));
	for (uint32_t i = 0; i < 3 * n; i++)
		ASSERT_EQ(lut[i], (i % n) << 8);
}

/* KG3, KG5: SETGAMMA's LUT is what GETGAMMA reads back, from any file, per CRTC; KG2: GETGAMMA
 * needs no master. The LUT found first is put back. */
TEST(gamma_set_get)
{
	int fd = kms_open_master();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t crtc = res.crtcs[0], n = gamma_size(fd, crtc);
	if (!n)
		SKIP_UNSUPPORTED(false, "the CRTC has no gamma LUT");
	if (n > 1024)
		TEST_FAIL("gamma_size %u", n);
	uint16_t saved[3 * 1024], lut[3 * 1024], back[3 * 1024];
	ASSERT_OK(gamma_io(fd, DRM_IOCTL_MODE_GETGAMMA, crtc, n, saved));
	for (uint32_t i = 0; i < n; i++) {
		lut[i] = (uint16_t)(0xffff - i * 0x101);
		lut[n + i] = (uint16_t)(i * 37);
		lut[2 * n + i] = (uint16_t)(i << 8 | 0x7f);
	}
	ASSERT_OK(gamma_io(fd, DRM_IOCTL_MODE_SETGAMMA, crtc, n, lut));
	int other = open_primary();
	ASSERT_OK(gamma_io(other, DRM_IOCTL_MODE_GETGAMMA, crtc, n, back));
	ASSERT(!memcmp(back, lut, 3 * n * sizeof(uint16_t)));
	ASSERT_ERRNO(gamma_io(other, DRM_IOCTL_MODE_SETGAMMA, crtc, n, lut), EACCES);
	if (res.ncrtcs > 1 && gamma_size(fd, res.crtcs[1]) == n) {
		uint16_t second[3 * 1024];
		ASSERT_OK(gamma_io(fd, DRM_IOCTL_MODE_GETGAMMA, res.crtcs[1], n, second));
		ASSERT(memcmp(second, lut, 3 * n * sizeof(uint16_t)));
	}
	ASSERT_OK(gamma_io(fd, DRM_IOCTL_MODE_SETGAMMA, crtc, n, saved));
}

/* KG4: unwritable or unreadable arrays: EFAULT. Under the shim a SETGAMMA that faults leaves
 * the LUT as it was (the kernel may have stored the arrays before the one that faulted). */
TEST(gamma_efault)
{
	int fd = kms_open_master();
	struct kms_res res;
	ASSERT_OK(kms_get_resources(fd, &res));
	uint32_t crtc = res.crtcs[0], n = gamma_size(fd, crtc);
	if (!n)
		SKIP_UNSUPPORTED(false, "the CRTC has no gamma LUT");
	uint16_t before[3 * 1024], lut[3 * 1024], after[3 * 1024];
	ASSERT_OK(gamma_io(fd, DRM_IOCTL_MODE_GETGAMMA, crtc, n, before));
	struct drm_mode_crtc_lut l = { .crtc_id = crtc, .gamma_size = n, .red = (uintptr_t)lut,
				       .green = (uintptr_t)lut, .blue = BAD_PTR };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_GETGAMMA, &l), EFAULT);
	for (uint32_t i = 0; i < n; i++)
		lut[i] = 0x1234;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_MODE_SETGAMMA, &l), EFAULT);
	if (shim_present()) {
		ASSERT_OK(gamma_io(fd, DRM_IOCTL_MODE_GETGAMMA, crtc, n, after));
		ASSERT(!memcmp(before, after, 3 * n * sizeof(uint16_t)));
	}
	ASSERT_OK(gamma_io(fd, DRM_IOCTL_MODE_SETGAMMA, crtc, n, before));
}

TEST_MAIN(T(cursor_bad_flags_einval), T(cursor_unknown_crtc_enoent), T(cursor_non_master_eacces),
	  T(cursor_set_and_off), T(cursor_move_anywhere), T(cursor_position_erange), T(cursor_bad_bo), T(cursor_no_plane_legacy_errnos),
	  T(cursor_i915_sizes), T(cursor_i915_tiled_einval), T(gamma_default_identity), T(gamma_unknown_crtc_enoent),
	  T(gamma_size_einval), T(gamma_set_get), T(gamma_efault))
