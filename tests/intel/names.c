/* SPDX-License-Identifier: MIT */
/*
 * Global names: flink, create_from_name, and the tables that keep one
 * drm_intel_bo per kernel object per bufmgr.
 */
#include "tests/intel/intel_test.h"

TEST(flink_is_stable)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "f", 4096, 0);
	uint32_t n1 = 0, n2 = 0;
	ASSERT_OK(drm_intel_bo_flink(bo, &n1));
	ASSERT_NE(n1, 0);
	ASSERT_OK(drm_intel_bo_flink(bo, &n2));
	ASSERT_EQ(n1, n2);
	ASSERT_EQ(drm_intel_bo_is_reusable(bo), 0);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(open_own_name_returns_same_bo)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "f", 4096, 0);
	uint32_t name, h = bo->handle;
	ASSERT_OK(drm_intel_bo_flink(bo, &name));
	drm_intel_bo *again = drm_intel_bo_gem_create_from_name(mgr, "again", name);
	ASSERT(again == bo);
	drm_intel_bo_unreference(again);
	ASSERT(handle_alive(fd, h));	/* the reference taken was dropped, not the bo */
	drm_intel_bo_unreference(bo);
	ASSERT(!handle_alive(fd, h));
	drm_intel_bufmgr_destroy(mgr);
}

TEST(import_twice_is_deduplicated)
{
	int fd1, fd2;
	drm_intel_bufmgr *a = open_bufmgr(&fd1);
	drm_intel_bufmgr *b = open_bufmgr(&fd2);
	ASSERT(a != b);
	drm_intel_bo *bo = drm_intel_bo_alloc(a, "src", 8000, 0);
	uint32_t name;
	ASSERT_OK(drm_intel_bo_flink(bo, &name));
	drm_intel_bo *i1 = drm_intel_bo_gem_create_from_name(b, "i1", name);
	drm_intel_bo *i2 = drm_intel_bo_gem_create_from_name(b, "i2", name);
	ASSERT(i1 && i1 == i2);
	ASSERT_EQ(i1->size, 8192);
	ASSERT_EQ(drm_intel_bo_is_reusable(i1), 0);
	uint32_t n2;
	ASSERT_OK(drm_intel_bo_flink(i1, &n2));
	ASSERT_EQ(n2, name);
	/* The same pages. */
	ASSERT_OK(drm_intel_bo_subdata(bo, 100, 6, "share"));
	char buf[8];
	ASSERT_OK(drm_intel_bo_get_subdata(i1, 100, 6, buf));
	ASSERT_STREQ(buf, "share");
	uint32_t h = i1->handle;
	drm_intel_bo_unreference(i2);
	ASSERT(handle_alive(fd2, h));
	drm_intel_bo_unreference(i1);
	ASSERT(!handle_alive(fd2, h));
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(a);
	drm_intel_bufmgr_destroy(b);
}

TEST(import_keeps_tiling)
{
	drm_intel_bufmgr *a = open_bufmgr(NULL);
	drm_intel_bufmgr *b = open_bufmgr(NULL);
	uint32_t tiling = I915_TILING_X, name, t, s;
	unsigned long pitch;
	drm_intel_bo *bo = drm_intel_bo_alloc_tiled(a, "t", 512, 32, 4, &tiling, &pitch, 0);
	ASSERT_OK(drm_intel_bo_flink(bo, &name));
	drm_intel_bo *imp = drm_intel_bo_gem_create_from_name(b, "imp", name);
	ASSERT(imp != NULL);
	ASSERT_OK(drm_intel_bo_get_tiling(imp, &t, &s));
	ASSERT_EQ(t, I915_TILING_X);
	drm_intel_bo_unreference(imp);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(a);
	drm_intel_bufmgr_destroy(b);
}

TEST(bad_name_gives_null)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	ASSERT(drm_intel_bo_gem_create_from_name(mgr, "none", 0x7ffffff0) == NULL);
	ASSERT(drm_intel_bo_gem_create_from_name(mgr, "zero", 0) == NULL);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(many_names)
{
	drm_intel_bufmgr *a = open_bufmgr(NULL);
	drm_intel_bufmgr *b = open_bufmgr(NULL);
	enum { N = 700 };	/* beyond the initial table size */
	static drm_intel_bo *src[N], *imp[N];
	static uint32_t names[N];
	for (int i = 0; i < N; i++) {
		src[i] = drm_intel_bo_alloc(a, "s", 4096, 0);
		ASSERT_OK(drm_intel_bo_flink(src[i], &names[i]));
		imp[i] = drm_intel_bo_gem_create_from_name(b, "i", names[i]);
		ASSERT(imp[i] != NULL);
	}
	for (int i = 0; i < N; i++)
		ASSERT(drm_intel_bo_gem_create_from_name(b, "i", names[i]) == imp[i]);
	for (int i = 0; i < N; i++) {
		drm_intel_bo_unreference(imp[i]);
		drm_intel_bo_unreference(imp[i]);
		drm_intel_bo_unreference(src[i]);
	}
	drm_intel_bufmgr_destroy(a);
	drm_intel_bufmgr_destroy(b);
}

TEST_MAIN(T(flink_is_stable), T(open_own_name_returns_same_bo), T(import_twice_is_deduplicated),
	  T(import_keeps_tiling), T(bad_name_gives_null), T(many_names))
