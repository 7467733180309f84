/* SPDX-License-Identifier: MIT */
/*
 * The minimal i915 driver ioctls: I915_GETPARAM (uapi-conformance §11: GP1-GP8,
 * GP16, GP18, GP34) and I915_GEM_CREATE (§12: GC1-GC3, GC5, GC6). Every test
 * SKIPs on a device whose driver is not i915. Device-specific values (LLC,
 * PPGTT type) are checked only on Skylake (device id 0x19xx), the spec's model.
 */
#include "config.h"

#include <sys/mman.h>
#include <i915_drm.h>

#include "tests/ioctl/ioctl_util.h"

static int getparam(int fd, int param, int *value)
{
	struct drm_i915_getparam gp = { .param = param, .value = value };
	return ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp);
}

static int must_getparam(int fd, int param)
{
	int v = -12345;
	errno = 0;
	if (getparam(fd, param, &v))
		TEST_FAIL("GETPARAM %d: %s", param, strerror(errno));
	return v;
}

static bool is_skl(int fd)
{
	return (must_getparam(fd, I915_PARAM_CHIPSET_ID) & 0xff00) == 0x1900;
}

static int gem_create(int fd, uint64_t *size, uint32_t *handle)
{
	struct drm_i915_gem_create c = { .size = *size };
	int r = ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c);
	*size = c.size;
	*handle = c.handle;
	return r;
}

static uint32_t must_gem_create(int fd, uint64_t size)
{
	uint32_t h = 0;
	ASSERT_OK(gem_create(fd, &size, &h));
	ASSERT(h != 0);
	return h;
}

/* GP1: unknown params (0, far past the table, negative) are EINVAL. */
TEST(getparam_unknown_einval)
{
	int fd = i915_open();
	int v = 0;
	ASSERT_ERRNO(getparam(fd, 0, &v), EINVAL);
	ASSERT_ERRNO(getparam(fd, 1000, &v), EINVAL);
	ASSERT_ERRNO(getparam(fd, 0x7fffffff, &v), EINVAL);
	ASSERT_ERRNO(getparam(fd, -1, &v), EINVAL);
}

/* GP2: the retired UMS params IRQ_ACTIVE, ALLOW_BATCHBUFFER, LAST_DISPATCH, HAS_EXEC_CONSTANTS are ENODEV. */
TEST(getparam_ums_enodev)
{
	int fd = i915_open();
	int v = 0;
	ASSERT_ERRNO(getparam(fd, I915_PARAM_IRQ_ACTIVE, &v), ENODEV);
	ASSERT_ERRNO(getparam(fd, I915_PARAM_ALLOW_BATCHBUFFER, &v), ENODEV);
	ASSERT_ERRNO(getparam(fd, I915_PARAM_LAST_DISPATCH, &v), ENODEV);
	ASSERT_ERRNO(getparam(fd, I915_PARAM_HAS_EXEC_CONSTANTS, &v), ENODEV);
}

/* GP3: an unwritable value pointer is EFAULT. */
TEST(getparam_bad_value_efault)
{
	int fd = i915_open();
	ASSERT_ERRNO(getparam(fd, I915_PARAM_CHIPSET_ID, (int *)8), EFAULT);
	long pg = sysconf(_SC_PAGESIZE);
	int *ro = mmap(NULL, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(ro != MAP_FAILED);
	ASSERT_ERRNO(getparam(fd, I915_PARAM_HAS_GEM, ro), EFAULT);
	munmap(ro, pg);
}

/* GP4, GP5: CHIPSET_ID is the PCI device id, REVISION the PCI revision (a byte). */
TEST(getparam_chipset_revision)
{
	int fd = i915_open();
	int id = must_getparam(fd, I915_PARAM_CHIPSET_ID);
	ASSERT(id > 0 && id <= 0xffff);
	int rev = must_getparam(fd, I915_PARAM_REVISION);
	ASSERT(rev >= 0 && rev <= 0xff);
	int p = open_primary();
	ASSERT_EQ(must_getparam(p, I915_PARAM_CHIPSET_ID), id);
}

/* GP6: the unconditional feature params are 1. */
TEST(getparam_unconditional_ones)
{
	int fd = i915_open();
	static const struct { int param; const char *name; } ones[] = {
		{ I915_PARAM_HAS_GEM, "HAS_GEM" },
		{ I915_PARAM_HAS_PAGEFLIPPING, "HAS_PAGEFLIPPING" },
		{ I915_PARAM_HAS_EXECBUF2, "HAS_EXECBUF2" },
		{ I915_PARAM_HAS_RELAXED_FENCING, "HAS_RELAXED_FENCING" },
		{ I915_PARAM_HAS_COHERENT_RINGS, "HAS_COHERENT_RINGS" },
		{ I915_PARAM_HAS_RELAXED_DELTA, "HAS_RELAXED_DELTA" },
		{ I915_PARAM_HAS_GEN7_SOL_RESET, "HAS_GEN7_SOL_RESET" },
		{ I915_PARAM_HAS_WAIT_TIMEOUT, "HAS_WAIT_TIMEOUT" },
		{ I915_PARAM_HAS_PRIME_VMAP_FLUSH, "HAS_PRIME_VMAP_FLUSH" },
		{ I915_PARAM_HAS_PINNED_BATCHES, "HAS_PINNED_BATCHES" },
		{ I915_PARAM_HAS_EXEC_NO_RELOC, "HAS_EXEC_NO_RELOC" },
		{ I915_PARAM_HAS_EXEC_HANDLE_LUT, "HAS_EXEC_HANDLE_LUT" },
		{ I915_PARAM_HAS_COHERENT_PHYS_GTT, "HAS_COHERENT_PHYS_GTT" },
		{ I915_PARAM_HAS_EXEC_SOFTPIN, "HAS_EXEC_SOFTPIN" },
		{ I915_PARAM_HAS_EXEC_ASYNC, "HAS_EXEC_ASYNC" },
		{ I915_PARAM_HAS_EXEC_FENCE, "HAS_EXEC_FENCE" },
		{ I915_PARAM_HAS_EXEC_CAPTURE, "HAS_EXEC_CAPTURE" },
		{ I915_PARAM_HAS_EXEC_BATCH_FIRST, "HAS_EXEC_BATCH_FIRST" },
		{ I915_PARAM_HAS_EXEC_FENCE_ARRAY, "HAS_EXEC_FENCE_ARRAY" },
		{ I915_PARAM_HAS_EXEC_SUBMIT_FENCE, "HAS_EXEC_SUBMIT_FENCE" },
		{ I915_PARAM_HAS_EXEC_TIMELINE_FENCES, "HAS_EXEC_TIMELINE_FENCES" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(ones); i++) {
		int v = must_getparam(fd, ones[i].param);
		if (v != 1)
			TEST_FAIL("%s (%d) = %d, expected 1", ones[i].name, ones[i].param, v);
	}
}

/* GP7, GP8: MMAP_VERSION is 1, MMAP_GTT_VERSION is 4. */
TEST(getparam_mmap_versions)
{
	int fd = i915_open();
	ASSERT_EQ(must_getparam(fd, I915_PARAM_MMAP_VERSION), 1);
	ASSERT_EQ(must_getparam(fd, I915_PARAM_MMAP_GTT_VERSION), 4);
}

/* GP16, GP18: on Skylake HAS_LLC is 1 and HAS_ALIASING_PPGTT is 2 (full PPGTT), not 1. */
TEST(getparam_skl_llc_ppgtt)
{
	int fd = i915_open();
	if (!is_skl(fd))
		SKIP_DEVICE("values pinned for Skylake only");
	ASSERT_EQ(must_getparam(fd, I915_PARAM_HAS_LLC), 1);
	ASSERT_EQ(must_getparam(fd, I915_PARAM_HAS_ALIASING_PPGTT), 2);
}

/* GP34: GETPARAM works on the primary node for an unauthenticated client too. */
TEST(getparam_primary_unauthenticated)
{
	become_unprivileged();
	int m = open_master();
	if (!test_is_i915(m))
		SKIP_MISSING("not i915");
	int c = open_primary();
	ASSERT_EQ(must_getparam(c, I915_PARAM_HAS_GEM), 1);
}

/* GC1: size 0 is EINVAL and the handle is left 0. */
TEST(create_size_zero_einval)
{
	int fd = i915_open();
	struct drm_i915_gem_create c = { .size = 0 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c), EINVAL);
	ASSERT_EQ(c.handle, 0);
}

/* GC2: a size that wraps to 0 when rounded up to a page is EINVAL. */
TEST(create_size_wraps_einval)
{
	int fd = i915_open();
	struct drm_i915_gem_create c = { .size = ~0ull };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c), EINVAL);
	ASSERT_EQ(c.handle, 0);
	c.size = ~0ull - 4095;	/* page-aligned, no wrap, but huge: E2BIG (GC3) */
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c), E2BIG);
}

/* GC3: a page count beyond INT_MAX (>= 8 TiB) is E2BIG. */
TEST(create_massive_e2big)
{
	int fd = i915_open();
	struct drm_i915_gem_create c = { .size = 0xFFFFFFFF00000000ull };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c), E2BIG);
	ASSERT_EQ(c.handle, 0);
	c.size = 1ull << 43;	/* 2^31 pages */
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c), E2BIG);
}

/* GC5: an unaligned size is rounded up to 4096 and written back. */
TEST(create_rounds_size_up)
{
	int fd = i915_open();
	uint64_t size = 1;
	uint32_t h = 0;
	ASSERT_OK(gem_create(fd, &size, &h));
	ASSERT_EQ(size, 4096);
	size = 4097;
	ASSERT_OK(gem_create(fd, &size, &h));
	ASSERT_EQ(size, 8192);
	size = 8192;
	ASSERT_OK(gem_create(fd, &size, &h));
	ASSERT_EQ(size, 8192);
}

/* GC6 + D17: handles start at 1 and reuse the lowest free number; per open file. */
TEST(create_handles_lowest_free)
{
	int fd = i915_open();
	ASSERT_EQ(must_gem_create(fd, 4096), 1);
	ASSERT_EQ(must_gem_create(fd, 4096), 2);
	ASSERT_EQ(must_gem_create(fd, 4096), 3);
	ASSERT_OK(gem_close(fd, 2));
	ASSERT_EQ(must_gem_create(fd, 4096), 2);
	ASSERT_OK(gem_close(fd, 1));
	ASSERT_OK(gem_close(fd, 3));
	ASSERT_EQ(must_gem_create(fd, 4096), 1);
	ASSERT_EQ(must_gem_create(fd, 4096), 3);
	int other = open_render();
	ASSERT_EQ(must_gem_create(other, 4096), 1);
	/* Dumb buffers share the handle space on the primary node. */
	int p = open_primary();
	ASSERT_EQ(must_gem_create(p, 4096), 1);
	ASSERT_EQ(must_create(p), 2);
}

/* GC6: a new object reads back as zeroes (over its whole rounded size). */
TEST(create_contents_zero)
{
	int fd = i915_open();
	uint64_t size = 5000;
	uint32_t h = 0;
	ASSERT_OK(gem_create(fd, &size, &h));
	ASSERT_EQ(size, 8192);
	static unsigned char buf[8192];
	memset(buf, 0xa5, sizeof(buf));
	struct drm_i915_gem_pread pr = { .handle = h, .offset = 0, .size = size,
					 .data_ptr = (uintptr_t)buf };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_PREAD, &pr));
	for (size_t i = 0; i < size; i++)
		if (buf[i])
			TEST_FAIL("byte %zu of a new object is 0x%02x", i, buf[i]);
}

TEST_MAIN(T(getparam_unknown_einval), T(getparam_ums_enodev), T(getparam_bad_value_efault),
	  T(getparam_chipset_revision), T(getparam_unconditional_ones), T(getparam_mmap_versions),
	  T(getparam_skl_llc_ppgtt), T(getparam_primary_unauthenticated),
	  T(create_size_zero_einval), T(create_size_wraps_einval), T(create_massive_e2big),
	  T(create_rounds_size_up), T(create_handles_lowest_free), T(create_contents_zero))
