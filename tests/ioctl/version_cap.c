/* SPDX-License-Identifier: MIT */
/*
 * DRM_IOCTL_VERSION, DRM_IOCTL_GET_CAP and DRM_IOCTL_SET_CLIENT_CAP
 * (uapi-conformance §3-5). The string-copy rules (V5-V8) and the generic caps
 * are checked on any driver; the i915 values only on i915, the no-modeset
 * answers (EOPNOTSUPP) only on vgem.
 */
#include "config.h"

#include <sys/prctl.h>
#include <i915_drm.h>

#include "tests/ioctl/ioctl_util.h"

static int get_cap(int fd, uint64_t cap, uint64_t *value)
{
	struct drm_get_cap c = { .capability = cap, .value = 0xdeadbeef };
	int r = ioctl(fd, DRM_IOCTL_GET_CAP, &c);
	*value = c.value;
	return r;
}

static uint64_t must_cap(int fd, uint64_t cap)
{
	uint64_t v = 0;
	ASSERT_OK(get_cap(fd, cap, &v));
	return v;
}

static int set_client_cap(int fd, uint64_t cap, uint64_t value)
{
	struct drm_set_client_cap c = { .capability = cap, .value = value };
	return ioctl(fd, DRM_IOCTL_SET_CLIENT_CAP, &c);
}

static int i915_chipset(int fd)
{
	int id = 0;
	struct drm_i915_getparam gp = { .param = I915_PARAM_CHIPSET_ID, .value = &id };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp));
	return id;
}

/* i915's DRIVER_DATE: 20200917 in 5.10, 20201103 in 5.15/6.1 (V4). */
static char i915_date[32];

static void fetch_date(int fd)
{
	struct drm_version v;
	memset(&v, 0, sizeof(v));
	memset(i915_date, 0, sizeof(i915_date));
	v.date = i915_date;
	v.date_len = sizeof(i915_date) - 1;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
}

/* V5: the two-call pattern: lengths first (NULL buffers), then the strings. */
TEST(version_two_call_pattern)
{
	int fd = open_primary();
	struct drm_version v;
	memset(&v, 0, sizeof(v));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
	ASSERT(v.name_len > 0 && v.name_len < 64);
	ASSERT(v.date_len > 0 && v.date_len < 64);
	ASSERT(v.desc_len > 0 && v.desc_len < 256);
	ASSERT(v.version_major >= 1);
	char name[64], date[64], desc[256];
	memset(name, 0, sizeof(name));
	memset(date, 0, sizeof(date));
	memset(desc, 0, sizeof(desc));
	size_t nl = v.name_len, dl = v.date_len, sl = v.desc_len;
	v.name = name;
	v.date = date;
	v.desc = desc;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
	ASSERT_EQ(v.name_len, nl);
	ASSERT_EQ(v.date_len, dl);
	ASSERT_EQ(v.desc_len, sl);
	ASSERT_EQ(strlen(name), nl);
	ASSERT_EQ(strlen(date), dl);
	ASSERT_EQ(strlen(desc), sl);
	/* P1: the render node answers the same. */
	int r = open_render();
	struct drm_version rv;
	char rname[64];
	memset(&rv, 0, sizeof(rv));
	memset(rname, 0, sizeof(rname));
	rv.name = rname;
	rv.name_len = sizeof(rname) - 1;
	ASSERT_OK(ioctl(r, DRM_IOCTL_VERSION, &rv));
	ASSERT_STREQ(rname, name);
	ASSERT_EQ(rv.version_major, v.version_major);
	ASSERT_EQ(rv.version_minor, v.version_minor);
}

/* V1-V4: i915 reports 1.6.0, "i915", "Intel Graphics", date 20200917 or 20201103. */
TEST(version_i915_values)
{
	int fd = open_primary();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	struct drm_version v;
	char name[32], date[32], desc[64];
	memset(&v, 0, sizeof(v));
	memset(name, 0, sizeof(name));
	memset(date, 0, sizeof(date));
	memset(desc, 0, sizeof(desc));
	v.name = name;
	v.name_len = sizeof(name) - 1;
	v.date = date;
	v.date_len = sizeof(date) - 1;
	v.desc = desc;
	v.desc_len = sizeof(desc) - 1;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
	ASSERT_EQ(v.version_major, 1);
	ASSERT_EQ(v.version_minor, 6);
	ASSERT_EQ(v.version_patchlevel, 0);
	ASSERT_STREQ(name, "i915");
	ASSERT_STREQ(desc, "Intel Graphics");
	ASSERT(!strcmp(date, "20201103") || !strcmp(date, "20200917"));
	ASSERT_EQ(v.name_len, 4);
	ASSERT_EQ(v.desc_len, 14);
	ASSERT_EQ(v.date_len, 8);
}

/* V5+V6: a short buffer gets only buflen bytes, never a NUL; the length says the full size. */
TEST(version_short_buffer_no_nul)
{
	int fd = open_primary();
	struct drm_version v;
	memset(&v, 0, sizeof(v));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
	size_t full = v.name_len;
	ASSERT(full >= 3);
	char full_name[64];
	ASSERT_OK(test_driver_name(fd, full_name, sizeof(full_name)));

	char buf[8];
	memset(buf, 'X', sizeof(buf));
	memset(&v, 0, sizeof(v));
	v.name = buf;
	v.name_len = 2;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
	ASSERT_EQ(v.name_len, full);
	ASSERT_EQ(buf[0], full_name[0]);
	ASSERT_EQ(buf[1], full_name[1]);
	for (size_t i = 2; i < sizeof(buf); i++)
		ASSERT_EQ(buf[i], 'X');

	/* Exactly the string length: the bytes, still no terminator after them. */
	char exact[64];
	memset(exact, 'X', sizeof(exact));
	memset(&v, 0, sizeof(v));
	v.name = exact;
	v.name_len = full;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
	ASSERT(!memcmp(exact, full_name, full));
	ASSERT_EQ(exact[full], 'X');
}

/* V7: NULL buffer with a length, or a buffer with length 0: nothing copied, success. */
TEST(version_null_or_empty_buffer)
{
	int fd = open_primary();
	struct drm_version v;
	memset(&v, 0, sizeof(v));
	v.name_len = 16;
	v.date_len = 16;
	v.desc_len = 16;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
	ASSERT(v.name_len > 0);
	char buf[4] = { 'X', 'X', 'X', 'X' };
	memset(&v, 0, sizeof(v));
	v.name = buf;
	v.name_len = 0;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
	ASSERT_EQ(buf[0], 'X');
	ASSERT(v.name_len > 0);
}

/* V8: a bad non-NULL buffer is EFAULT; the copy stops there (later lengths untouched). */
TEST(version_bad_buffer_efault)
{
	int fd = open_primary();
	struct drm_version v;
	memset(&v, 0, sizeof(v));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_VERSION, &v));
	size_t full = v.name_len;
	memset(&v, 0, sizeof(v));
	v.name = (char *)8;
	v.name_len = 4;
	v.date_len = 0;
	v.desc_len = 0;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_VERSION, &v), EFAULT);
	ASSERT_EQ(v.name_len, full);	/* the struct is still copied back */
	ASSERT_EQ(v.date_len, 0);
	ASSERT_EQ(v.desc_len, 0);
	/* A bad date pointer after a good name: EFAULT too. */
	char name[64];
	memset(&v, 0, sizeof(v));
	v.name = name;
	v.name_len = sizeof(name);
	v.date = (char *)8;
	v.date_len = 4;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_VERSION, &v), EFAULT);
}

/* C1: value is zeroed before evaluation, so an unknown cap comes back with value 0. */
TEST(get_cap_value_zeroed)
{
	int fd = open_primary();
	uint64_t v = 1;
	errno = 0;
	ASSERT_EQ(get_cap(fd, 0x99, &v), -1);
	ASSERT(errno == EINVAL || errno == EOPNOTSUPP);
	ASSERT_EQ(v, 0);
}

/* C6, C7: PRIME is IMPORT|EXPORT and TIMESTAMP_MONOTONIC is 1 on every GEM driver (also render, C17). */
TEST(get_cap_generic)
{
	int fd = open_primary();
	ASSERT_EQ(must_cap(fd, DRM_CAP_PRIME), DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT);
	ASSERT_EQ(must_cap(fd, DRM_CAP_TIMESTAMP_MONOTONIC), 1);
	int r = open_render();
	ASSERT_EQ(must_cap(r, DRM_CAP_PRIME), DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT);
	ASSERT_EQ(must_cap(r, DRM_CAP_TIMESTAMP_MONOTONIC), 1);
}

/* C16: without DRIVER_MODESET (vgem) KMS caps are EOPNOTSUPP; SYNCOBJ reports the feature (0). */
TEST(get_cap_vgem_no_modeset)
{
	int fd = open_primary();
	if (!driver_is(fd, "vgem"))
		SKIP_DEVICE("not vgem: a vgem rule (tools/realkernel-run)");
	uint64_t v;
	ASSERT_ERRNO(get_cap(fd, DRM_CAP_DUMB_BUFFER, &v), EOPNOTSUPP);
	ASSERT_ERRNO(get_cap(fd, DRM_CAP_CURSOR_WIDTH, &v), EOPNOTSUPP);
	ASSERT_ERRNO(get_cap(fd, 0x99, &v), EOPNOTSUPP);
	ASSERT_EQ(must_cap(fd, DRM_CAP_SYNCOBJ), 0);
	ASSERT_EQ(must_cap(fd, DRM_CAP_SYNCOBJ_TIMELINE), 0);
}

/* C2-C14: i915 (SKL) answers. */
TEST(get_cap_i915_values)
{
	int fd = open_primary();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	fetch_date(fd);
	ASSERT_EQ(must_cap(fd, DRM_CAP_DUMB_BUFFER), 1);		/* C2 */
	ASSERT_EQ(must_cap(fd, DRM_CAP_VBLANK_HIGH_CRTC), 1);		/* C3 */
	ASSERT_EQ(must_cap(fd, DRM_CAP_DUMB_PREFERRED_DEPTH), 24);	/* C4 */
	ASSERT_EQ(must_cap(fd, DRM_CAP_DUMB_PREFER_SHADOW), 1);		/* C5 */
	ASSERT_EQ(must_cap(fd, DRM_CAP_PRIME), 3);			/* C6 */
	ASSERT_EQ(must_cap(fd, DRM_CAP_TIMESTAMP_MONOTONIC), 1);	/* C7 */
	int chip = i915_chipset(fd);
	if ((chip & 0xff00) == 0x1900) {				/* SKL */
		/* C8: 0 on 5.10 (date 20200917), 1 on 5.15/6.1. */
		ASSERT_EQ(must_cap(fd, DRM_CAP_ASYNC_PAGE_FLIP),
			  strcmp(i915_date, "20200917") ? 1 : 0);
		ASSERT_EQ(must_cap(fd, DRM_CAP_CURSOR_WIDTH), 256);	/* C9 */
		ASSERT_EQ(must_cap(fd, DRM_CAP_CURSOR_HEIGHT), 256);
	}
	ASSERT_EQ(must_cap(fd, DRM_CAP_ADDFB2_MODIFIERS), 1);		/* C10 */
	ASSERT_EQ(must_cap(fd, DRM_CAP_PAGE_FLIP_TARGET), 0);		/* C11 */
	ASSERT_EQ(must_cap(fd, DRM_CAP_CRTC_IN_VBLANK_EVENT), 1);	/* C12 */
	ASSERT_EQ(must_cap(fd, DRM_CAP_SYNCOBJ), 1);			/* C13 */
	ASSERT_EQ(must_cap(fd, DRM_CAP_SYNCOBJ_TIMELINE), 1);		/* C14 */
}

/* C15: unknown capability ids (0, 0x99, huge) are EINVAL on i915. */
TEST(get_cap_i915_unknown)
{
	int fd = open_primary();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	uint64_t v;
	ASSERT_ERRNO(get_cap(fd, 0, &v), EINVAL);
	ASSERT_ERRNO(get_cap(fd, 0x99, &v), EINVAL);
	ASSERT_ERRNO(get_cap(fd, 0x100000000ull, &v), EINVAL);
}

/* C17: the render node gives the same i915 answers. */
TEST(get_cap_i915_render)
{
	int fd = open_render();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	ASSERT_EQ(must_cap(fd, DRM_CAP_DUMB_BUFFER), 1);
	ASSERT_EQ(must_cap(fd, DRM_CAP_SYNCOBJ), 1);
	uint64_t v;
	ASSERT_ERRNO(get_cap(fd, 0x99, &v), EINVAL);
}

/* S1: SET_CLIENT_CAP on a render node is EACCES (not render-allowed). */
TEST(set_client_cap_render_eacces)
{
	int r = open_render();
	ASSERT_ERRNO(set_client_cap(r, DRM_CLIENT_CAP_STEREO_3D, 1), EACCES);
	ASSERT_ERRNO(set_client_cap(r, 0x99, 0), EACCES);
}

/* S2: without DRIVER_MODESET (vgem) every SET_CLIENT_CAP is EOPNOTSUPP. */
TEST(set_client_cap_vgem_no_modeset)
{
	int fd = open_primary();
	if (!driver_is(fd, "vgem"))
		SKIP_DEVICE("not vgem: a vgem rule (tools/realkernel-run)");
	ASSERT_ERRNO(set_client_cap(fd, DRM_CLIENT_CAP_STEREO_3D, 1), EOPNOTSUPP);
	ASSERT_ERRNO(set_client_cap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1), EOPNOTSUPP);
	ASSERT_ERRNO(set_client_cap(fd, 0x99, 0), EOPNOTSUPP);
}

/* S3, S4, S7: STEREO_3D, UNIVERSAL_PLANES, ASPECT_RATIO take 0/1; 2 is EINVAL. */
TEST(set_client_cap_i915_boolean_caps)
{
	int fd = open_primary();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	static const uint64_t caps[] = { DRM_CLIENT_CAP_STEREO_3D, DRM_CLIENT_CAP_UNIVERSAL_PLANES,
					 DRM_CLIENT_CAP_ASPECT_RATIO };
	for (size_t i = 0; i < ARRAY_SIZE(caps); i++) {
		ASSERT_OK(set_client_cap(fd, caps[i], 1));
		ASSERT_OK(set_client_cap(fd, caps[i], 0));
		ASSERT_ERRNO(set_client_cap(fd, caps[i], 2), EINVAL);
		ASSERT_ERRNO(set_client_cap(fd, caps[i], 1ull << 32), EINVAL);
	}
}

/* S5: ATOMIC accepts 0, 1, 2; above 2 is EINVAL. */
TEST(set_client_cap_i915_atomic)
{
	int fd = open_primary();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	ASSERT_OK(prctl(PR_SET_NAME, "ioctl-test"));
	ASSERT_OK(set_client_cap(fd, DRM_CLIENT_CAP_ATOMIC, 1));
	ASSERT_OK(set_client_cap(fd, DRM_CLIENT_CAP_ATOMIC, 2));
	ASSERT_OK(set_client_cap(fd, DRM_CLIENT_CAP_ATOMIC, 0));
	ASSERT_ERRNO(set_client_cap(fd, DRM_CLIENT_CAP_ATOMIC, 3), EINVAL);
}

/* S6: ATOMIC value 1 from a process whose name starts with 'X' is EOPNOTSUPP; 2 still works. */
TEST(set_client_cap_i915_atomic_x_blacklist)
{
	int fd = open_primary();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	ASSERT_OK(prctl(PR_SET_NAME, "Xorg"));
	ASSERT_ERRNO(set_client_cap(fd, DRM_CLIENT_CAP_ATOMIC, 1), EOPNOTSUPP);
	ASSERT_OK(set_client_cap(fd, DRM_CLIENT_CAP_ATOMIC, 2));
}

/* S8: WRITEBACK_CONNECTORS is EINVAL until ATOMIC is set; then 0/1 ok, 2 EINVAL. */
TEST(set_client_cap_i915_writeback)
{
	int fd = open_primary();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	ASSERT_OK(prctl(PR_SET_NAME, "ioctl-test"));
	ASSERT_ERRNO(set_client_cap(fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1), EINVAL);
	ASSERT_OK(set_client_cap(fd, DRM_CLIENT_CAP_ATOMIC, 1));
	ASSERT_OK(set_client_cap(fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1));
	ASSERT_OK(set_client_cap(fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 0));
	ASSERT_ERRNO(set_client_cap(fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 2), EINVAL);
	/* Per file: another open file has not set ATOMIC. */
	int c = open_primary();
	ASSERT_ERRNO(set_client_cap(c, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1), EINVAL);
}

/* S9: an unknown client capability is EINVAL. */
TEST(set_client_cap_i915_unknown)
{
	int fd = open_primary();
	if (!test_is_i915(fd))
		SKIP_MISSING("not i915");
	ASSERT_ERRNO(set_client_cap(fd, 0, 0), EINVAL);
	ASSERT_ERRNO(set_client_cap(fd, 0x99, 1), EINVAL);
}

TEST_MAIN(T(version_two_call_pattern), T(version_i915_values), T(version_short_buffer_no_nul),
	  T(version_null_or_empty_buffer), T(version_bad_buffer_efault), T(get_cap_value_zeroed),
	  T(get_cap_generic), T(get_cap_vgem_no_modeset), T(get_cap_i915_values),
	  T(get_cap_i915_unknown), T(get_cap_i915_render), T(set_client_cap_render_eacces),
	  T(set_client_cap_vgem_no_modeset), T(set_client_cap_i915_boolean_caps),
	  T(set_client_cap_i915_atomic), T(set_client_cap_i915_atomic_x_blacklist),
	  T(set_client_cap_i915_writeback), T(set_client_cap_i915_unknown))
