/* SPDX-License-Identifier: MIT */
/*
 * Tiling: set_tiling/get_tiling, and alloc_tiled's pitch/height/size
 * rounding. alloc_tiled_geometry checks the device the shim emulates
 * (tests/intel/tiled_devids.sh runs it under every device model) against
 * figures measured with libdrm 2.4.114.
 */
#include "tests/intel/intel_test.h"

struct tiled_case { int x, y, cpp; uint32_t tiling; };
struct tiled_result { uint32_t tiling; unsigned long pitch, size; uint32_t kernel_tiling; };

static const struct tiled_case cases[] = {
	{ 1, 1, 1, 0 }, { 100, 100, 4, 0 }, { 100, 100, 4, 1 }, { 100, 100, 4, 2 },
	{ 1024, 768, 4, 1 }, { 1024, 768, 4, 2 }, { 3000, 10, 4, 1 }, { 3000, 10, 4, 2 },
	{ 64, 3, 1, 2 }, { 17, 33, 2, 1 }, { 4096, 4096, 4, 1 }, { 8192, 1, 1, 1 },
	{ 640, 480, 2, 2 },
};

static const struct {
	int devid;
	struct tiled_result r[ARRAY_SIZE(cases)];
} expected[] = {
	{ 0x2772, { { 0, 64, 4096, 0 }, { 0, 448, 49152, 0 }, { 1, 512, 57344, 1 }, { 2, 512, 65536, 2 }, { 1, 4096, 3145728, 1 }, { 2, 4096, 3145728, 2 }, { 0, 12032, 131072, 0 }, { 0, 12032, 131072, 0 }, { 2, 128, 4096, 2 }, { 1, 512, 20480, 1 }, { 0, 16384, 67108864, 0 }, { 1, 8192, 65536, 1 }, { 2, 2048, 1048576, 2 }, } },
	{ 0x29a2, { { 0, 64, 4096, 0 }, { 0, 448, 49152, 0 }, { 1, 512, 57344, 1 }, { 2, 512, 65536, 2 }, { 1, 4096, 3145728, 1 }, { 2, 4096, 3145728, 2 }, { 1, 12288, 196608, 1 }, { 2, 12032, 393216, 2 }, { 2, 128, 4096, 2 }, { 1, 512, 20480, 1 }, { 1, 16384, 67108864, 1 }, { 1, 8192, 65536, 1 }, { 2, 1280, 655360, 2 }, } },
	{ 0x0126, { { 0, 64, 4096, 0 }, { 0, 448, 49152, 0 }, { 1, 512, 57344, 1 }, { 2, 512, 65536, 2 }, { 1, 4096, 3145728, 1 }, { 2, 4096, 3145728, 2 }, { 1, 12288, 196608, 1 }, { 2, 12032, 393216, 2 }, { 2, 128, 4096, 2 }, { 1, 512, 20480, 1 }, { 1, 16384, 67108864, 1 }, { 1, 8192, 65536, 1 }, { 2, 1280, 655360, 2 }, } },
	{ 0x0166, { { 0, 64, 4096, 0 }, { 0, 448, 49152, 0 }, { 1, 512, 57344, 1 }, { 2, 512, 65536, 2 }, { 1, 4096, 3145728, 1 }, { 2, 4096, 3145728, 2 }, { 1, 12288, 196608, 1 }, { 2, 12032, 393216, 2 }, { 2, 128, 4096, 2 }, { 1, 512, 20480, 1 }, { 1, 16384, 67108864, 1 }, { 1, 8192, 65536, 1 }, { 2, 1280, 655360, 2 }, } },
	{ 0x0416, { { 0, 64, 4096, 0 }, { 0, 448, 49152, 0 }, { 1, 512, 57344, 1 }, { 2, 512, 65536, 2 }, { 1, 4096, 3145728, 1 }, { 2, 4096, 3145728, 2 }, { 1, 12288, 196608, 1 }, { 2, 12032, 393216, 2 }, { 2, 128, 4096, 2 }, { 1, 512, 20480, 1 }, { 1, 16384, 67108864, 1 }, { 1, 8192, 65536, 1 }, { 2, 1280, 655360, 2 }, } },
	{ 0x1616, { { 0, 64, 4096, 0 }, { 0, 448, 49152, 0 }, { 1, 512, 57344, 1 }, { 2, 512, 65536, 2 }, { 1, 4096, 3145728, 1 }, { 2, 4096, 3145728, 2 }, { 1, 12288, 196608, 1 }, { 2, 12032, 393216, 2 }, { 2, 128, 4096, 2 }, { 1, 512, 20480, 1 }, { 1, 16384, 67108864, 1 }, { 1, 8192, 65536, 1 }, { 2, 1280, 655360, 2 }, } },
	{ 0x1912, { { 0, 64, 4096, 0 }, { 0, 448, 49152, 0 }, { 1, 512, 57344, 1 }, { 2, 512, 65536, 2 }, { 1, 4096, 3145728, 1 }, { 2, 4096, 3145728, 2 }, { 1, 12288, 196608, 1 }, { 2, 12032, 393216, 2 }, { 2, 128, 4096, 2 }, { 1, 512, 20480, 1 }, { 1, 16384, 67108864, 1 }, { 1, 8192, 65536, 1 }, { 2, 1280, 655360, 2 }, } },
	{ 0x8a52, { { 0, 64, 4096, 0 }, { 0, 448, 49152, 0 }, { 1, 512, 57344, 1 }, { 2, 512, 65536, 2 }, { 1, 4096, 3145728, 1 }, { 2, 4096, 3145728, 2 }, { 1, 12288, 196608, 1 }, { 2, 12032, 393216, 2 }, { 2, 128, 4096, 2 }, { 1, 512, 20480, 1 }, { 1, 16384, 67108864, 1 }, { 1, 8192, 65536, 1 }, { 2, 1280, 655360, 2 }, } },
};

TEST(alloc_tiled_geometry)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	int devid = drm_intel_bufmgr_gem_get_devid(mgr);
	size_t e;
	for (e = 0; e < ARRAY_SIZE(expected); e++)
		if (expected[e].devid == devid)
			break;
	if (e == ARRAY_SIZE(expected))
		SKIP_DEVICE("no figures for devid 0x%04x", devid);
	printf("# devid 0x%04x\n", devid);
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct tiled_result *want = &expected[e].r[i];
		uint32_t tiling = cases[i].tiling, kt = 99, sw;
		unsigned long pitch = 0;
		drm_intel_bo *bo = drm_intel_bo_alloc_tiled(mgr, "t", cases[i].x, cases[i].y,
							    cases[i].cpp, &tiling, &pitch, 0);
		ASSERT(bo != NULL);
		ASSERT_OK(drm_intel_bo_get_tiling(bo, &kt, &sw));
		if (tiling != want->tiling || pitch != want->pitch || bo->size != want->size ||
		    kt != want->kernel_tiling)
			TEST_FAIL("case %zu (%dx%dx%d tiling %u): got tiling %u pitch %lu size %lu "
				  "kernel %u; want %u %lu %lu %u", i, cases[i].x, cases[i].y,
				  cases[i].cpp, cases[i].tiling, tiling, pitch, bo->size, kt,
				  want->tiling, want->pitch, want->size, want->kernel_tiling);
		drm_intel_bo_unreference(bo);
	}
	drm_intel_bufmgr_destroy(mgr);
}

TEST(alloc_tiled_for_render_reuses)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	uint32_t tiling = I915_TILING_X, v = 1;
	unsigned long pitch;
	drm_intel_bufmgr_gem_enable_reuse(mgr);
	drm_intel_bo *a = drm_intel_bo_alloc_tiled(mgr, "a", 256, 64, 4, &tiling, &pitch, 0);
	ASSERT_OK(drm_intel_bo_subdata(a, 0, 4, &v));
	int h = a->handle;
	drm_intel_bo_unreference(a);
	tiling = I915_TILING_Y;
	drm_intel_bo *b = drm_intel_bo_alloc_tiled(mgr, "b", 256, 64, 4, &tiling, &pitch,
						   BO_ALLOC_FOR_RENDER);
	uint32_t kt, sw;
	ASSERT_OK(drm_intel_bo_get_tiling(b, &kt, &sw));
	ASSERT_EQ(b->handle, h);	/* recycled, and re-tiled */
	ASSERT_EQ(kt, I915_TILING_Y);
	drm_intel_bo_unreference(b);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(set_and_get_tiling)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "t", 65536, 0);
	uint32_t mode = I915_TILING_X, sw = 99, got = 99;
	ASSERT_OK(drm_intel_bo_get_tiling(bo, &got, &sw));
	ASSERT_EQ(got, I915_TILING_NONE);
	ASSERT_EQ(sw, I915_BIT_6_SWIZZLE_NONE);
	ASSERT_OK(drm_intel_bo_set_tiling(bo, &mode, 512));
	ASSERT_EQ(mode, I915_TILING_X);
	ASSERT_OK(drm_intel_bo_get_tiling(bo, &got, &sw));
	ASSERT_EQ(got, I915_TILING_X);
	printf("# X swizzle %u\n", sw);
	mode = I915_TILING_Y;
	ASSERT_OK(drm_intel_bo_set_tiling(bo, &mode, 512));
	ASSERT_EQ(mode, I915_TILING_Y);
	/* The kernel's view agrees. */
	struct drm_i915_gem_get_tiling gt = { .handle = (uint32_t)bo->handle };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_GET_TILING, &gt));
	ASSERT_EQ(gt.tiling_mode, I915_TILING_Y);
	mode = I915_TILING_NONE;
	ASSERT_OK(drm_intel_bo_set_tiling(bo, &mode, 512));
	ASSERT_EQ(mode, I915_TILING_NONE);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(set_tiling_bad_stride_keeps_mode)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "t", 65536, 0);
	uint32_t mode = I915_TILING_X;
	ASSERT_EQ(drm_intel_bo_set_tiling(bo, &mode, 100), -EINVAL);
	ASSERT_EQ(mode, I915_TILING_NONE);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(tiled_data_roundtrip_through_gtt)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	uint32_t tiling = I915_TILING_X;
	unsigned long pitch;
	drm_intel_bo *bo = drm_intel_bo_alloc_tiled(mgr, "t", 512, 64, 4, &tiling, &pitch, 0);
	static uint32_t buf[512 * 64];
	ASSERT_OK(drm_intel_gem_bo_map_gtt(bo));
	fill_pattern(bo->virtual, pitch * 64, 7);
	ASSERT_OK(drm_intel_gem_bo_unmap_gtt(bo));
	ASSERT_OK(drm_intel_gem_bo_map_gtt(bo));
	memcpy(buf, bo->virtual, pitch * 64);
	ASSERT(check_pattern(buf, pitch * 64, 7));
	ASSERT_OK(drm_intel_gem_bo_unmap_gtt(bo));
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(alloc_tiled_bad_arguments)
{
	OURS_ONLY("libdrm does not check alloc_tiled arguments");
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	uint32_t tiling = 7;
	unsigned long pitch;
	ASSERT(drm_intel_bo_alloc_tiled(mgr, "t", 16, 16, 4, &tiling, &pitch, 0) == NULL);
	tiling = I915_TILING_X;
	ASSERT(drm_intel_bo_alloc_tiled(mgr, "t", -1, 16, 4, &tiling, &pitch, 0) == NULL);
	ASSERT(drm_intel_bo_alloc_tiled(mgr, "t", 16, 16, 4, NULL, &pitch, 0) == NULL);
	ASSERT(drm_intel_bo_alloc_tiled(mgr, "t", 0x7fffffff, 0x7fffffff, 4, &tiling, &pitch,
					0) == NULL);
	drm_intel_bufmgr_destroy(mgr);
}

TEST_MAIN(T(alloc_tiled_geometry), T(alloc_tiled_for_render_reuses), T(set_and_get_tiling),
	  T(set_tiling_bad_stride_keeps_mode), T(tiled_data_roundtrip_through_gtt),
	  T(alloc_tiled_bad_arguments))
