/* SPDX-License-Identifier: MIT */
/*
 * drm_intel_bo_alloc_userptr: the object is the caller's memory; the map
 * calls and their userptr special cases; what is refused.
 */
#include "tests/intel/intel_test.h"

static void *page_aligned(size_t size)
{
	void *p = NULL;
	ASSERT_EQ(posix_memalign(&p, 4096, size), 0);
	memset(p, 0, size);
	return p;
}

TEST(userptr_object_is_user_memory)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	char *mem = page_aligned(65536);
	drm_intel_bo *bo = drm_intel_bo_alloc_userptr(mgr, "u", mem, I915_TILING_NONE, 0,
						      65536, 0);
	if (!bo)
		skip_unless_userptr_works(fd);
	ASSERT(bo->virtual == mem);
	ASSERT_EQ(bo->size, 65536);
	ASSERT_EQ(drm_intel_bo_is_reusable(bo), 0);
	/* The user's writes are in the object the kernel holds. */
	memcpy(mem + 8192, "world", 6);
	/*
	 * A write through the object lands in user memory. The CPU paths into a
	 * userptr object are PREAD/PWRITE, allowed by kernels before 5.13 only
	 * (EINVAL since); on those the check is done here. Writes by the GPU
	 * (a blit into the object) are checked with exec, in a later issue.
	 */
	struct drm_i915_gem_pwrite pw = { .handle = (uint32_t)bo->handle, .offset = 4096,
					  .size = 6, .data_ptr = (uintptr_t)"hello" };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &pw) == 0) {
		ASSERT_STREQ(mem + 4096, "hello");
		char buf[8] = { 0 };
		struct drm_i915_gem_pread pr = { .handle = (uint32_t)bo->handle, .offset = 8192,
						 .size = 6, .data_ptr = (uintptr_t)buf };
		ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_PREAD, &pr));
		ASSERT_STREQ(buf, "world");
	} else {
		ASSERT_EQ(errno, EINVAL);
		printf("# PWRITE on userptr refused (5.13+ behaviour); GPU writes need exec\n");
	}
	drm_intel_bo_unreference(bo);
	mem[0] = 1;	/* still ours */
	free(mem);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(userptr_map_calls)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	char *mem = page_aligned(8192);
	drm_intel_bo *bo = drm_intel_bo_alloc_userptr(mgr, "u", mem, I915_TILING_NONE, 0,
						      8192, 0);
	uint32_t mode = I915_TILING_X;
	char c;
	if (!bo)
		skip_unless_userptr_works(fd);
	ASSERT_OK(drm_intel_bo_map(bo, 1));
	ASSERT(bo->virtual == mem);
	ASSERT_OK(drm_intel_bo_unmap(bo));
	ASSERT_OK(drm_intel_bo_unmap(bo));	/* a no-op for userptr */
	ASSERT(drm_intel_gem_bo_map__cpu(bo) == mem);
	ASSERT(drm_intel_gem_bo_map__wc(bo) == NULL);
	ASSERT(drm_intel_gem_bo_map__gtt(bo) == NULL);
	ASSERT_EQ(drm_intel_gem_bo_map_gtt(bo), -EINVAL);
	ASSERT_EQ(drm_intel_bo_subdata(bo, 0, 1, &c), -EINVAL);
	ASSERT_EQ(drm_intel_bo_get_subdata(bo, 0, 1, &c), -EINVAL);
	ASSERT_EQ(drm_intel_bo_set_tiling(bo, &mode, 512), -EINVAL);
	drm_intel_bo_unreference(bo);
	free(mem);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(userptr_refusals)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	char *mem = page_aligned(3 * 4096);
	drm_intel_bo *ok = drm_intel_bo_alloc_userptr(mgr, "u", mem, I915_TILING_NONE, 0, 4096, 0);
	if (!ok)
		skip_unless_userptr_works(fd);
	ASSERT(drm_intel_bo_alloc_userptr(mgr, "u", mem, I915_TILING_X, 512, 4096, 0) == NULL);
	ASSERT(drm_intel_bo_alloc_userptr(mgr, "u", mem + 1, I915_TILING_NONE, 0, 4096, 0) == NULL);
	ASSERT(drm_intel_bo_alloc_userptr(mgr, "u", mem, I915_TILING_NONE, 0, 100, 0) == NULL);
	drm_intel_bo_unreference(ok);
	free(mem);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(userptr_many_objects)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	char *mem = page_aligned(64 * 4096);
	drm_intel_bo *bo[64];
	for (int i = 0; i < 64; i++) {
		bo[i] = drm_intel_bo_alloc_userptr(mgr, "u", mem + i * 4096, I915_TILING_NONE, 0,
						   4096, 0);
		if (!bo[i])
			skip_unless_userptr_works(fd);
	}
	for (int i = 1; i < 64; i++)
		ASSERT_NE(bo[i]->handle, bo[i - 1]->handle);
	for (int i = 0; i < 64; i++)
		drm_intel_bo_unreference(bo[i]);
	free(mem);
	drm_intel_bufmgr_destroy(mgr);
}

TEST_MAIN(T(userptr_object_is_user_memory), T(userptr_map_calls), T(userptr_refusals),
	  T(userptr_many_objects))
