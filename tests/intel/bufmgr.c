/* SPDX-License-Identifier: MIT */
/*
 * drm_intel_bufmgr_gem_init/_destroy: one bufmgr per fd, refcounted; the
 * device id and its override; set_debug output; the simple switches.
 */
#include <fcntl.h>
#include "tests/intel/intel_test.h"

TEST(init_same_fd_shares_bufmgr)
{
	int fd = open_i915();
	drm_intel_bufmgr *a = drm_intel_bufmgr_gem_init(fd, 4096);
	drm_intel_bufmgr *b = drm_intel_bufmgr_gem_init(fd, 16384);
	ASSERT(a != NULL);
	ASSERT(a == b);
	drm_intel_bufmgr_destroy(b);
	/* Still usable after one destroy: a reference remains. */
	drm_intel_bo *bo = drm_intel_bo_alloc(a, "x", 4096, 0);
	ASSERT(bo != NULL);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(a);
}

TEST(init_other_fd_gets_other_bufmgr)
{
	int fd1 = open_i915(), fd2 = open_i915();
	drm_intel_bufmgr *a = drm_intel_bufmgr_gem_init(fd1, 4096);
	drm_intel_bufmgr *b = drm_intel_bufmgr_gem_init(fd2, 4096);
	ASSERT(a && b && a != b);
	drm_intel_bufmgr_destroy(a);
	drm_intel_bufmgr_destroy(b);
}

TEST(reinit_after_destroy)
{
	int fd = open_i915();
	for (int i = 0; i < 3; i++) {
		drm_intel_bufmgr *m = drm_intel_bufmgr_gem_init(fd, 4096);
		ASSERT(m != NULL);
		drm_intel_bufmgr_destroy(m);
	}
}

TEST(devid_matches_chipset_param)
{
	int fd, v = 0;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_i915_getparam_t gp = { .param = I915_PARAM_CHIPSET_ID, .value = &v };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp));
	ASSERT_EQ(drm_intel_bufmgr_gem_get_devid(mgr), v);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(devid_override_names_and_numbers)
{
	static const struct { const char *s; int id; } cases[] = {
		{ "skl", 0x1912 }, { "snb", 0x0126 }, { "bdw", 0x162e }, { "kbl", 0x5912 },
		{ "0x0166", 0x0166 }, { "6418", 0x1912 },
	};
	int fd = open_i915();
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		setenv("INTEL_DEVID_OVERRIDE", cases[i].s, 1);
		drm_intel_bufmgr *m = drm_intel_bufmgr_gem_init(fd, 4096);
		ASSERT(m != NULL);
		ASSERT_EQ(drm_intel_bufmgr_gem_get_devid(m), cases[i].id);
		drm_intel_bufmgr_destroy(m);
	}
}

TEST(unknown_devid_fails_init)
{
	int fd = open_i915();
	setenv("INTEL_DEVID_OVERRIDE", "0x1234", 1);
	ASSERT(drm_intel_bufmgr_gem_init(fd, 4096) == NULL);
	setenv("INTEL_DEVID_OVERRIDE", "0", 1);
	ASSERT(drm_intel_bufmgr_gem_init(fd, 4096) == NULL);
}

/* Every known generation's ids are accepted (a sample per family). */
TEST(known_devids_accepted)
{
	static const char *ids[] = {
		"0x3577", "0x2572", "0x2582", "0x2772", "0xa011", "0x29a2", "0x2e32", "0x0046",
		"0x0116", "0x0166", "0x0f31", "0x0402", "0x0d2e", "0x0a16", "0x1616", "0x162b",
		"0x22b0", "0x1912", "0x5917", "0x3e92", "0x9bc5", "0x5a52", "0x8a52", "0x4e71",
		"0x9a49", "0x4c8a", "0x4905", "0x46a6", "0xa7a0", "0x56a0",
	};
	int fd = open_i915();
	for (size_t i = 0; i < ARRAY_SIZE(ids); i++) {
		setenv("INTEL_DEVID_OVERRIDE", ids[i], 1);
		drm_intel_bufmgr *m = drm_intel_bufmgr_gem_init(fd, 4096);
		if (!m)
			TEST_FAIL("devid %s rejected", ids[i]);
		drm_intel_bufmgr_destroy(m);
	}
}

/* The whole 16-bit id space: accepted exactly where libdrm 2.4.114 does. */
TEST(devid_space_census)
{
	int fd = open_i915();
	unsigned n = 0, sum = 0;
	char buf[16];
	for (unsigned id = 1; id < 0x10000; id++) {
		snprintf(buf, sizeof(buf), "%u", id);
		setenv("INTEL_DEVID_OVERRIDE", buf, 1);
		drm_intel_bufmgr *m = drm_intel_bufmgr_gem_init(fd, 4096);
		if (m) {
			n++;
			sum += id;
			drm_intel_bufmgr_destroy(m);
		}
	}
	printf("# %u ids accepted, id sum %u\n", n, sum);
	ASSERT_EQ(n, 356);
	ASSERT_EQ(sum, 5940729);
}

static char *capture_stderr(void (*fn)(drm_intel_bufmgr *), drm_intel_bufmgr *mgr)
{
	static char out[8192];
	char path[] = "/tmp/intel-dbg-XXXXXX";
	int tmp = mkstemp(path), saved = dup(2);
	fflush(stderr);
	dup2(tmp, 2);
	fn(mgr);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	ssize_t n = pread(tmp, out, sizeof(out) - 1, 0);
	out[n > 0 ? n : 0] = 0;
	close(tmp);
	unlink(path);
	return out;
}

static void alloc_and_free(drm_intel_bufmgr *mgr)
{
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "dbgbo", 5000, 0);
	drm_intel_bo_unreference(bo);
}

TEST(set_debug_prints_lines)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	char *out = capture_stderr(alloc_and_free, mgr);
	ASSERT_STREQ(out, "");
	drm_intel_bufmgr_set_debug(mgr, 1);
	out = capture_stderr(alloc_and_free, mgr);
	ASSERT(strstr(out, "bo_create: buf ") != NULL);
	ASSERT(strstr(out, "(dbgbo) 5000b") != NULL);
	ASSERT(strstr(out, "bo_unreference final: ") != NULL);
	drm_intel_bufmgr_set_debug(mgr, 0);
	out = capture_stderr(alloc_and_free, mgr);
	ASSERT_STREQ(out, "");
	drm_intel_bufmgr_destroy(mgr);
}

TEST(implicit_sync_query_matches_param)
{
	int fd, v = 0;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_i915_getparam_t gp = { .param = I915_PARAM_HAS_EXEC_ASYNC, .value = &v };
	int has = ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0;
	ASSERT_EQ(!!drm_intel_bufmgr_gem_can_disable_implicit_sync(mgr), has);
	drm_intel_bufmgr_gem_enable_fenced_relocs(mgr);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(not_i915_fd_fails)
{
	int fd = open("/dev/null", O_RDWR);
	int saved = dup(2), nul = open("/dev/null", O_WRONLY);
	dup2(nul, 2);
	drm_intel_bufmgr *m = drm_intel_bufmgr_gem_init(fd, 4096);
	dup2(saved, 2);
	ASSERT(m == NULL);
}

TEST(null_arguments_are_harmless)
{
	OURS_ONLY("libdrm dereferences a NULL bufmgr");
	drm_intel_bufmgr_destroy(NULL);
	drm_intel_bufmgr_set_debug(NULL, 1);
	drm_intel_bufmgr_gem_enable_reuse(NULL);
	ASSERT(drm_intel_bo_alloc(NULL, "x", 4096, 0) == NULL);
	ASSERT(drm_intel_gem_context_create(NULL) == NULL);
	ASSERT_EQ(drm_intel_bufmgr_gem_get_devid(NULL), -EINVAL);
}

TEST_MAIN(T(init_same_fd_shares_bufmgr), T(init_other_fd_gets_other_bufmgr),
	  T(reinit_after_destroy), T(devid_matches_chipset_param),
	  T(devid_override_names_and_numbers), T(unknown_devid_fails_init),
	  T(known_devids_accepted), T(devid_space_census), T(set_debug_prints_lines),
	  T(implicit_sync_query_matches_param), T(not_i915_fd_fails),
	  T(null_arguments_are_harmless))
