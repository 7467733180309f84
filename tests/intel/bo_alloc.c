/* SPDX-License-Identifier: MIT */
/*
 * drm_intel_bo_alloc/_for_render, reference/unreference: bucket rounding,
 * the public fields, reuse flags, release closing the GEM handle.
 */
#include "tests/intel/intel_test.h"

TEST(alloc_rounds_to_bucket)
{
	static const struct { unsigned long req, got; } cases[] = {
		{ 0, 4096 }, { 1, 4096 }, { 4096, 4096 }, { 4097, 8192 }, { 12288, 12288 },
		{ 12289, 16384 }, { 16385, 20480 }, { 20481, 24576 }, { 28673, 32768 },
		{ 32769, 40960 }, { 100000, 114688 }, { 1u << 20, 1u << 20 },
		{ (1u << 20) + 1, 1310720 }, { 64ul << 20, 64ul << 20 },
		{ 112ul << 20, 112ul << 20 },
	};
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "r", cases[i].req, 0);
		ASSERT(bo != NULL);
		if (bo->size != cases[i].got)
			TEST_FAIL("alloc(%lu): size %lu, expected %lu", cases[i].req, bo->size,
				  cases[i].got);
		drm_intel_bo_unreference(bo);
	}
	drm_intel_bufmgr_destroy(mgr);
}

TEST(alloc_beyond_buckets_is_page_rounded)
{
	OURS_ONLY("libdrm keeps an unrounded size beyond the last bucket");
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "big", (112ul << 20) + 1, 0);
	ASSERT(bo != NULL);
	ASSERT_EQ(bo->size, (112ul << 20) + 4096);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(public_fields)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *a = drm_intel_bo_alloc(mgr, "a", 8192, 0);
	drm_intel_bo *b = drm_intel_bo_alloc_for_render(mgr, "b", 8192, 4096);
	ASSERT(a && b);
	ASSERT(a->bufmgr == mgr && b->bufmgr == mgr);
	ASSERT(a->handle > 0 && b->handle > 0 && a->handle != b->handle);
	ASSERT(a->virtual == NULL);
	ASSERT_EQ(a->align, 0);
	ASSERT_EQ(b->align, 4096);
	ASSERT_EQ(a->offset64, 0);
	ASSERT_EQ(sizeof(drm_intel_bo), 56);
	drm_intel_bo_unreference(a);
	drm_intel_bo_unreference(b);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(reference_counting)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "rc", 4096, 0);
	uint32_t h = bo->handle;
	drm_intel_bo_reference(bo);
	drm_intel_bo_reference(bo);
	drm_intel_bo_unreference(bo);
	drm_intel_bo_unreference(bo);
	ASSERT(handle_alive(fd, h));
	drm_intel_bo_unreference(bo);
	ASSERT(!handle_alive(fd, h));
	drm_intel_bo_unreference(NULL);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(reuse_flags)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "f", 4096, 0);
	ASSERT_EQ(drm_intel_bo_is_reusable(bo), 1);
	ASSERT_EQ(drm_intel_bo_disable_reuse(bo), 0);
	ASSERT_EQ(drm_intel_bo_is_reusable(bo), 0);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(new_object_reads_zero)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "z", 65536, 0);
	static char buf[65536], zero[65536];
	memset(buf, 1, sizeof(buf));
	ASSERT_OK(drm_intel_bo_get_subdata(bo, 0, sizeof(buf), buf));
	ASSERT(!memcmp(buf, zero, sizeof(buf)));
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

static void *thread_churn(void *arg)
{
	drm_intel_bufmgr *mgr = arg;
	for (int i = 0; i < 500; i++) {
		drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "t", 4096 << (i % 5), 0);
		if (!bo)
			return (void *)1;
		drm_intel_bo_reference(bo);
		drm_intel_bo_subdata(bo, 0, 4, &i);
		drm_intel_bo_unreference(bo);
		drm_intel_bo_unreference(bo);
	}
	return NULL;
}

#include <pthread.h>
TEST(threads_alloc_and_release)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	pthread_t t[4];
	drm_intel_bufmgr_gem_enable_reuse(mgr);
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, thread_churn, mgr);
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(t[i], &r);
		ASSERT(r == NULL);
	}
	drm_intel_bufmgr_destroy(mgr);
}

TEST(null_bo_calls_fail_cleanly)
{
	OURS_ONLY("libdrm dereferences a NULL bo");
	uint32_t t, s, name;
	drm_intel_bo_reference(NULL);
	ASSERT_EQ(drm_intel_bo_map(NULL, 1), -EINVAL);
	ASSERT_EQ(drm_intel_bo_unmap(NULL), -EINVAL);
	ASSERT_EQ(drm_intel_gem_bo_map_gtt(NULL), -EINVAL);
	ASSERT(drm_intel_gem_bo_map__cpu(NULL) == NULL);
	ASSERT_EQ(drm_intel_bo_subdata(NULL, 0, 4, &t), -EINVAL);
	ASSERT_EQ(drm_intel_bo_get_subdata(NULL, 0, 4, &t), -EINVAL);
	ASSERT_EQ(drm_intel_bo_get_tiling(NULL, &t, &s), -EINVAL);
	ASSERT_EQ(drm_intel_bo_set_tiling(NULL, &t, 0), -EINVAL);
	ASSERT_EQ(drm_intel_bo_flink(NULL, &name), -EINVAL);
	ASSERT_EQ(drm_intel_gem_bo_wait(NULL, 0), -EINVAL);
	ASSERT_EQ(drm_intel_bo_madvise(NULL, I915_MADV_WILLNEED), -EINVAL);
	ASSERT_EQ(drm_intel_bo_busy(NULL), 0);
	drm_intel_bo_wait_rendering(NULL);
	drm_intel_gem_bo_start_gtt_access(NULL, 1);
}

TEST(unimplemented_entry_points)
{
	OURS_ONLY("libdrm implements these; this release reports -ENODEV");
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *a = drm_intel_bo_alloc(mgr, "a", 4096, 0);
	drm_intel_bo *b = drm_intel_bo_alloc(mgr, "b", 4096, 0);
	/* relocations, exec and the decoder: tests/intel/exec.c and decode.c; PRIME: bo_prime.c */
	ASSERT(drm_intel_bufmgr_fake_init(0, 0, NULL, 0, NULL) == NULL);
	ASSERT(drm_intel_bo_fake_alloc_static(NULL, "s", 0, 4096, NULL) == NULL);
	drm_intel_bufmgr_fake_evict_all(NULL);
	drm_intel_bufmgr_fake_contended_lock_take(NULL);
	drm_intel_bufmgr_gem_set_aub_filename(mgr, "x");
	drm_intel_gem_bo_aub_dump_bmp(a, 0, 0, 1, 1, AUB_DUMP_BMP_FORMAT_8BIT, 64, 0);
	drm_intel_bufmgr_gem_set_aub_annotations(a, NULL, 0);
	drm_intel_bo_unreference(a);
	drm_intel_bo_unreference(b);
	drm_intel_bufmgr_destroy(mgr);
}

TEST_MAIN(T(alloc_rounds_to_bucket), T(alloc_beyond_buckets_is_page_rounded), T(public_fields),
	  T(reference_counting), T(reuse_flags), T(new_object_reads_zero),
	  T(threads_alloc_and_release), T(null_bo_calls_fail_cleanly),
	  T(unimplemented_entry_points))
