/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the libdrm_intel tests. Each test program is built twice from
 * one source: against our libdrm_intel and against Debian's (DEBIAN_LIBDRM
 * defined). A test of a deliberate improvement over libdrm 2.4.114 calls
 * OURS_ONLY() first, which skips it on the Debian build.
 */
#ifndef TESTS_INTEL_TEST_H
#define TESTS_INTEL_TEST_H

#include <sys/ioctl.h>
#include <sys/mman.h>
#include <i915_drm.h>

#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "intel_bufmgr.h"

#ifdef DEBIAN_LIBDRM
#define OURS_ONLY(why) SKIP("libdrm 2.4.114 differs here: %s", why)
#define IS_DEBIAN 1
#else
#define OURS_ONLY(why) do { } while (0)
#define IS_DEBIAN 0
#endif

static inline int open_i915(void)
{
	int fd = test_open_primary();
	if (fd < 0)
		SKIP_MISSING("no DRM device at %s", test_primary_path());
	if (!test_is_i915(fd))
		SKIP_MISSING("%s is not i915", test_primary_path());
	return fd;
}

static inline drm_intel_bufmgr *open_bufmgr(int *fdp)
{
	int fd = open_i915();
	drm_intel_bufmgr *mgr = drm_intel_bufmgr_gem_init(fd, 16 * 1024);
	if (!mgr)
		TEST_FAIL("drm_intel_bufmgr_gem_init failed");
	if (fdp)
		*fdp = fd;
	return mgr;
}

/* Does the kernel object behind handle still exist? (GEM_BUSY: ENOENT if not) */
static inline bool handle_alive(int fd, uint32_t handle)
{
	struct drm_i915_gem_busy b = { .handle = handle };
	return ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b) == 0;
}

static inline void fill_pattern(void *p, size_t n, unsigned seed)
{
	uint32_t *w = p;
	for (size_t i = 0; i < n / 4; i++)
		w[i] = seed * 2654435761u + (uint32_t)i;
}

static inline bool check_pattern(const void *p, size_t n, unsigned seed)
{
	const uint32_t *w = p;
	for (size_t i = 0; i < n / 4; i++)
		if (w[i] != seed * 2654435761u + (uint32_t)i)
			return false;
	return true;
}

#endif
