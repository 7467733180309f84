/* SPDX-License-Identifier: MIT */
/*
 * Mapping and data transfer: map/unmap counting, map_gtt, unsynchronized
 * maps, map__cpu/__gtt/__wc, the VMA cache, subdata/get_subdata, busy,
 * wait, madvise.
 */
#include <pthread.h>
#include "tests/intel/intel_test.h"

/* Is the page at p mapped in this process? (mincore: ENOMEM if not) */
static bool is_mapped(void *p)
{
	unsigned char v;
	return mincore(p, 4096, &v) == 0;
}

TEST(map_write_then_read_back)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "m", 65536, 0);
	static char buf[65536];
	ASSERT_OK(drm_intel_bo_map(bo, 1));
	ASSERT(bo->virtual != NULL);
	fill_pattern(bo->virtual, 65536, 1);
	ASSERT_OK(drm_intel_bo_unmap(bo));
	ASSERT(bo->virtual == NULL);
	ASSERT_OK(drm_intel_bo_get_subdata(bo, 0, sizeof(buf), buf));
	ASSERT(check_pattern(buf, sizeof(buf), 1));
	ASSERT_OK(drm_intel_bo_map(bo, 0));
	ASSERT(check_pattern(bo->virtual, 65536, 1));
	ASSERT_OK(drm_intel_bo_unmap(bo));
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(map_count_nests)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "m", 4096, 0);
	ASSERT_OK(drm_intel_bo_map(bo, 0));
	void *p = bo->virtual;
	ASSERT_OK(drm_intel_bo_map(bo, 1));
	ASSERT(bo->virtual == p);
	ASSERT_OK(drm_intel_bo_unmap(bo));
	ASSERT(bo->virtual == p);
	ASSERT_OK(drm_intel_bo_unmap(bo));
	ASSERT(bo->virtual == NULL);
	/* The mapping is cached: the next map returns the same address. */
	ASSERT_OK(drm_intel_bo_map(bo, 0));
	ASSERT(bo->virtual == p);
	ASSERT_OK(drm_intel_bo_unmap(bo));
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(unmap_unmapped_is_an_error)
{
	OURS_ONLY("libdrm logs and returns 0");
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "m", 4096, 0);
	ASSERT_EQ(drm_intel_bo_unmap(bo), -EINVAL);
	ASSERT_OK(drm_intel_bo_map(bo, 0));
	ASSERT_OK(drm_intel_bo_unmap(bo));
	ASSERT_EQ(drm_intel_bo_unmap(bo), -EINVAL);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(gtt_map_is_coherent_with_pread)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "g", 16384, 0);
	static char buf[16384];
	ASSERT_OK(drm_intel_gem_bo_map_gtt(bo));
	fill_pattern(bo->virtual, 16384, 2);
	ASSERT_OK(drm_intel_gem_bo_unmap_gtt(bo));
	ASSERT_OK(drm_intel_bo_get_subdata(bo, 0, sizeof(buf), buf));
	ASSERT(check_pattern(buf, sizeof(buf), 2));
	ASSERT_OK(drm_intel_gem_bo_map_unsynchronized(bo));
	ASSERT(check_pattern(bo->virtual, 16384, 2));
	ASSERT_OK(drm_intel_gem_bo_unmap_gtt(bo));
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(persistent_maps)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "p", 8192, 0);
	char buf[64];
	void *cpu = drm_intel_gem_bo_map__cpu(bo);
	void *wc = drm_intel_gem_bo_map__wc(bo);
	void *gtt = drm_intel_gem_bo_map__gtt(bo);
	ASSERT(cpu && wc && gtt);
	ASSERT(cpu != wc && cpu != gtt);
	ASSERT(drm_intel_gem_bo_map__cpu(bo) == cpu);
	ASSERT(drm_intel_gem_bo_map__wc(bo) == wc);
	ASSERT(drm_intel_gem_bo_map__gtt(bo) == gtt);
	ASSERT(bo->virtual == NULL);	/* never touched by map__* */
	drm_intel_gem_bo_start_gtt_access(bo, 1);
	memcpy(gtt, "through the gtt", 16);
	drm_intel_gem_bo_start_gtt_access(bo, 0);
	ASSERT_OK(drm_intel_bo_get_subdata(bo, 0, 16, buf));
	ASSERT_STREQ(buf, "through the gtt");
	ASSERT_OK(drm_intel_bo_subdata(bo, 100, 8, "written"));
	drm_intel_bo_wait_rendering(bo);
	ASSERT_STREQ((char *)wc + 100, "written");
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(vma_cache_limit_unmaps_closed_bos)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo[8];
	for (int i = 0; i < 8; i++)
		bo[i] = drm_intel_bo_alloc(mgr, "v", 4096, 0);
	void *ptr[8];
	for (int i = 0; i < 8; i++) {
		ASSERT_OK(drm_intel_bo_map(bo[i], 0));
		ptr[i] = bo[i]->virtual;
		ASSERT_OK(drm_intel_bo_unmap(bo[i]));
	}
	for (int i = 0; i < 8; i++)
		ASSERT(is_mapped(ptr[i]));	/* unlimited: kept after unmap */
	drm_intel_bufmgr_gem_set_vma_cache_size(mgr, 0);
	for (int i = 0; i < 8; i++)
		ASSERT(!is_mapped(ptr[i]));	/* limit 0: closed maps released */
	/* Open maps are never evicted. */
	ASSERT_OK(drm_intel_bo_map(bo[0], 1));
	memset(bo[0]->virtual, 1, 4096);
	ASSERT_OK(drm_intel_bo_map(bo[1], 1));
	memset(bo[0]->virtual, 2, 4096);
	ASSERT_OK(drm_intel_bo_unmap(bo[1]));
	ASSERT_OK(drm_intel_bo_unmap(bo[0]));
	drm_intel_bufmgr_gem_set_vma_cache_size(mgr, -1);
	for (int i = 0; i < 8; i++)
		drm_intel_bo_unreference(bo[i]);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(subdata_ranges)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "s", 4096, 0);
	char buf[16] = "0123456789abcde";
	ASSERT_OK(drm_intel_bo_subdata(bo, 4096 - 16, 16, buf));
	ASSERT_OK(drm_intel_bo_get_subdata(bo, 4096 - 16, 16, buf));
	ASSERT_STREQ(buf, "0123456789abcde");
	ASSERT_OK(drm_intel_bo_subdata(bo, 0, 0, buf));
	ASSERT_EQ(drm_intel_bo_subdata(bo, 4096 - 8, 16, buf), -EINVAL);
	ASSERT_EQ(drm_intel_bo_get_subdata(bo, 4096, 1, buf), -EINVAL);
	ASSERT_EQ(drm_intel_bo_get_subdata(bo, ~0ul, 2, buf), -EINVAL);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(busy_wait_madvise)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "b", 4096, 0);
	uint32_t v = 1;
	ASSERT_OK(drm_intel_bo_subdata(bo, 0, 4, &v));
	ASSERT_EQ(drm_intel_bo_busy(bo), 0);
	ASSERT_EQ(drm_intel_gem_bo_wait(bo, 0), 0);
	ASSERT_EQ(drm_intel_gem_bo_wait(bo, 1000000), 0);
	ASSERT_EQ(drm_intel_gem_bo_wait(bo, -1), 0);
	drm_intel_bo_wait_rendering(bo);
	ASSERT_EQ(drm_intel_bo_madvise(bo, I915_MADV_DONTNEED), 1);
	ASSERT_EQ(drm_intel_bo_madvise(bo, I915_MADV_WILLNEED), 1);
	v = 0;
	ASSERT_OK(drm_intel_bo_get_subdata(bo, 0, 4, &v));
	ASSERT_EQ(v, 1);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(unreference_while_mapped)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "b", 4096, 0);
	uint32_t h = bo->handle;
	ASSERT_OK(drm_intel_bo_map(bo, 1));
	ASSERT(drm_intel_gem_bo_map__wc(bo) != NULL);
	drm_intel_bo_unreference(bo);
	ASSERT(!handle_alive(fd, h));
	drm_intel_bufmgr_destroy(mgr);
}

static void *map_loop(void *arg)
{
	drm_intel_bo *bo = arg;
	for (int i = 0; i < 300; i++) {
		if (drm_intel_bo_map(bo, 1))
			return (void *)1;
		((volatile char *)bo->virtual)[i] = (char)i;
		void *wc = drm_intel_gem_bo_map__wc(bo);
		if (!wc || drm_intel_bo_unmap(bo))
			return (void *)1;
	}
	return NULL;
}

TEST(maps_in_threads)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "t", 4096, 0);
	pthread_t t[4];
	drm_intel_bufmgr_gem_set_vma_cache_size(mgr, 4);
	for (int k = 0; k < 4; k++)
		pthread_create(&t[k], NULL, map_loop, bo);
	for (int k = 0; k < 4; k++) {
		void *r;
		pthread_join(t[k], &r);
		ASSERT(r == NULL);
	}
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST_MAIN(T(map_write_then_read_back), T(map_count_nests), T(unmap_unmapped_is_an_error),
	  T(gtt_map_is_coherent_with_pread), T(persistent_maps),
	  T(vma_cache_limit_unmaps_closed_bos), T(subdata_ranges), T(busy_wait_madvise),
	  T(unreference_while_mapped), T(maps_in_threads))
