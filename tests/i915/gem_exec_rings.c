/* SPDX-License-Identifier: MIT */
/*
 * Legacy ring selection in EXECBUFFER2 on whatever device this is
 * (uapi-conformance X15-X23): every ring the device has runs a batch, every
 * ring it lacks is EINVAL, the BSD selector bits follow the number of video
 * engines, and where there is no blitter ring the render ring runs blitter
 * commands. Run on every emulated device model by all_devids.sh; only
 * open/ioctl, so it runs unchanged on real hardware.
 */
#define _GNU_SOURCE
#include "tests/i915/i915_test.h"

static bool has(int fd, int param)
{
	int v = 0;
	struct drm_i915_getparam gp = { .param = param, .value = &v };
	return ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0 && v > 0;
}

static int run_on(int fd, uint32_t batch, uint64_t flags)
{
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	return gem_execbuf_ctx(fd, &o, 1, flags, 0);
}

/* X15, X16, X17, X18, X20: the rings the device has run; the ones it lacks do not exist. */
TEST(rings_of_this_device)
{
	int fd = i915_open();
	static const uint32_t end[] = { MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t batch = gem_batch(fd, end, sizeof(end));
	ASSERT_OK(run_on(fd, batch, I915_EXEC_DEFAULT));
	ASSERT_OK(run_on(fd, batch, I915_EXEC_RENDER));
	const struct { uint64_t ring; int param; } rings[] = {
		{ I915_EXEC_BSD, I915_PARAM_HAS_BSD },
		{ I915_EXEC_BLT, I915_PARAM_HAS_BLT },
		{ I915_EXEC_VEBOX, I915_PARAM_HAS_VEBOX },
	};
	for (unsigned i = 0; i < 3; i++) {
		if (has(fd, rings[i].param))
			ASSERT_OK(run_on(fd, batch, rings[i].ring));
		else
			ASSERT_ERRNO(run_on(fd, batch, rings[i].ring), EINVAL);
	}
	gem_wait(fd, batch);
	close(fd);
}

/* X22, X23: the BSD selector picks a video engine where there are two, and is ignored where
 * there is one; both bits at once is EINVAL only where there are two. */
TEST(bsd_selector)
{
	int fd = i915_open();
	if (!has(fd, I915_PARAM_HAS_BSD))
		SKIP_DEVICE("no video engine");
	static const uint32_t end[] = { MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t batch = gem_batch(fd, end, sizeof(end));
	ASSERT_OK(run_on(fd, batch, I915_EXEC_BSD | I915_EXEC_BSD_RING1));
	ASSERT_OK(run_on(fd, batch, I915_EXEC_BSD | I915_EXEC_BSD_RING2));
	if (has(fd, I915_PARAM_HAS_BSD2))
		ASSERT_ERRNO(run_on(fd, batch, I915_EXEC_BSD | I915_EXEC_BSD_MASK), EINVAL);
	else
		ASSERT_OK(run_on(fd, batch, I915_EXEC_BSD | I915_EXEC_BSD_MASK));
	gem_wait(fd, batch);
	close(fd);
}

/* Before the blitter got a ring of its own (gen6), blitter commands run on the render ring. */
TEST(blits_on_the_render_ring_before_gen6)
{
	int fd = i915_open();
	if (has(fd, I915_PARAM_HAS_BLT))
		SKIP_DEVICE("this device has a blitter ring");
	uint32_t dst = gem_create(fd, 4096), batch = gem_create(fd, 4096);
	uint32_t cmd[] = {
		XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(6),	/* 32-bit addresses before gen8 */
		0xf0u << INTEL_BR13_ROP_SHIFT | INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 256,
		INTEL_XY(0, 0),
		INTEL_XY(64, 16),		/* the whole page */
		0,				/* dst, relocated */
		0x12345678,
		MI_BATCH_BUFFER_END, MI_NOOP,
	};
	gem_write(fd, batch, 0, cmd, sizeof(cmd));
	struct drm_i915_gem_relocation_entry r = {
		.target_handle = dst, .offset = 16, .presumed_offset = ~0ull,
		.read_domains = I915_GEM_DOMAIN_RENDER, .write_domain = I915_GEM_DOMAIN_RENDER,
	};
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = dst },
		{ .handle = batch, .relocation_count = 1, .relocs_ptr = (uintptr_t)&r },
	};
	ASSERT_OK(gem_execbuf_ctx(fd, o, 2, I915_EXEC_RENDER, 0));
	uint32_t px[1024];
	ASSERT_OK(gem_pread(fd, dst, 0, px, sizeof(px)));	/* pread waits for the writer */
	for (unsigned i = 0; i < 1024; i++)
		ASSERT_EQ(px[i], 0x12345678);
	close(fd);
}

TEST_MAIN(T(rings_of_this_device), T(bsd_selector), T(blits_on_the_render_ring_before_gen6))
