/* SPDX-License-Identifier: MIT */
/*
 * Relocations and execution through libdrm_intel: emit_reloc into batches
 * that the (emulated) GPU really runs, offsets written back, relocation
 * counts, clear and references, softpin, check_aperture_space, busy after
 * exec, the blitter ring, contexts, fences, pin, set_debug dump lines.
 * Batches use the gen8+ encodings; the tests skip on older device models.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>

#include "hwdefs/intel_commands.h"
#include "tests/intel/intel_test.h"

static drm_intel_bufmgr *open_gen8(int *fdp)
{
	drm_intel_bufmgr *mgr = open_bufmgr(fdp);
	int devid = drm_intel_bufmgr_gem_get_devid(mgr);
	/* gen8+: Broadwell 0x16xx, Cherryview 0x22xx, Skylake 0x19xx, Kabylake 0x59xx, ICL 0x8axx */
	int hi = devid >> 8;
	if (hi != 0x16 && hi != 0x19 && hi != 0x59 && hi != 0x22 && hi != 0x8a && hi != 0x3e &&
	    hi != 0x5a && hi != 0x3e && hi != 0x9b)
		SKIP_DEVICE("gen8+ batch encodings (devid 0x%04x)", devid);
	return mgr;
}

/* A batch that stores value at target+delta through a relocation; returns bytes used. */
static int build_store(drm_intel_bo *batch, uint32_t at, drm_intel_bo *target, uint32_t delta,
		       uint32_t value)
{
	uint64_t addr = target->offset64 + delta;
	uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, (uint32_t)addr, (uint32_t)(addr >> 32), value,
			   MI_BATCH_BUFFER_END, 0 };
	ASSERT_OK(drm_intel_bo_subdata(batch, at, sizeof(cmd), cmd));
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, at + 4, target, delta, I915_GEM_DOMAIN_RENDER,
					  I915_GEM_DOMAIN_RENDER), 0);
	return (int)sizeof(cmd);
}

static uint32_t read_u32(drm_intel_bo *bo, uint32_t off)
{
	uint32_t v = 0;
	ASSERT_OK(drm_intel_bo_get_subdata(bo, off, 4, &v));
	return v;
}

TEST(store_through_reloc)
{
	drm_intel_bufmgr *mgr = open_gen8(NULL);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	drm_intel_bo *target = drm_intel_bo_alloc(mgr, "target", 4096, 4096);
	int used = build_store(batch, 0, target, 16, 0xc0ffee);
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(batch), 1);
	ASSERT_EQ(drm_intel_bo_exec(batch, used, NULL, 0, 0), 0);
	drm_intel_bo_wait_rendering(target);
	ASSERT_EQ(read_u32(target, 16), 0xc0ffee);
	/* offsets written back, and the kernel wrote the same address into the batch */
	ASSERT(target->offset64 != 0 || batch->offset64 != 0);
	ASSERT_EQ(target->offset, (unsigned long)target->offset64);
	ASSERT_EQ(batch->offset, (unsigned long)batch->offset64);
	ASSERT_EQ(read_u32(batch, 4), (uint32_t)(target->offset64 + 16));
	ASSERT_EQ(read_u32(batch, 8), (uint32_t)((target->offset64 + 16) >> 32));
	/* the same batch again: presumed offsets now right, the value still lands */
	drm_intel_gem_bo_clear_relocs(batch, 0);
	used = build_store(batch, 0, target, 32, 0xbeef);
	ASSERT_EQ(drm_intel_bo_exec(batch, used, NULL, 0, 0), 0);
	drm_intel_bo_wait_rendering(target);
	ASSERT_EQ(read_u32(target, 32), 0xbeef);
	drm_intel_bo_unreference(batch);
	drm_intel_bo_unreference(target);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(reloc_count_clear_references)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	drm_intel_bo *a = drm_intel_bo_alloc(mgr, "a", 4096, 4096);
	drm_intel_bo *b = drm_intel_bo_alloc(mgr, "b", 4096, 4096);
	drm_intel_bo *c = drm_intel_bo_alloc(mgr, "c", 4096, 4096);
	drm_intel_bo *inner = drm_intel_bo_alloc(mgr, "inner", 4096, 4096);
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(batch), 0);
	ASSERT_EQ(drm_intel_bo_references(batch, a), 0);
	/* a -> inner, batch -> a, b */
	ASSERT_EQ(drm_intel_bo_emit_reloc(a, 0, inner, 0, I915_GEM_DOMAIN_RENDER, 0), 0);
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 0, a, 0, I915_GEM_DOMAIN_RENDER, 0), 0);
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 8, b, 0, I915_GEM_DOMAIN_RENDER, 0), 0);
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 16, b, 4, I915_GEM_DOMAIN_RENDER,
					  I915_GEM_DOMAIN_RENDER), 0);
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(batch), 3);
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(a), 1);
	ASSERT(drm_intel_bo_references(batch, a));
	ASSERT(drm_intel_bo_references(batch, b));
	ASSERT(drm_intel_bo_references(batch, inner));		/* recursive */
	ASSERT(!drm_intel_bo_references(batch, c));
	ASSERT(!drm_intel_bo_references(a, b));
	drm_intel_gem_bo_clear_relocs(batch, 1);
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(batch), 1);
	ASSERT(!drm_intel_bo_references(batch, b));
	ASSERT(drm_intel_bo_references(batch, a));
	drm_intel_gem_bo_clear_relocs(batch, 0);
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(batch), 0);
	ASSERT(!drm_intel_bo_references(batch, inner));
	/* the targets' references went with the relocations: they can be freed now */
	drm_intel_bo_unreference(b);
	drm_intel_bo_unreference(c);
	drm_intel_bo_unreference(a);
	drm_intel_bo_unreference(inner);
	drm_intel_bo_unreference(batch);
	drm_intel_bufmgr_destroy(mgr);
}

/* A bo keeps its targets alive; they go when it goes. */
TEST(targets_live_while_referenced)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	drm_intel_bo *t = drm_intel_bo_alloc(mgr, "t", 4096, 4096);
	uint32_t h = (uint32_t)t->handle;
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 0, t, 0, I915_GEM_DOMAIN_RENDER, 0), 0);
	drm_intel_bo_unreference(t);
	ASSERT(handle_alive(fd, h));
	drm_intel_bo_unreference(batch);
	ASSERT(!handle_alive(fd, h));
	drm_intel_bufmgr_destroy(mgr);
}

/* Beyond libdrm: the relocation array grows past max_relocs (libdrm asserts). */
TEST(reloc_array_grows)
{
	OURS_ONLY("asserts when the count reaches max_relocs");
	drm_intel_bufmgr *mgr = open_gen8(NULL);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 128 * 1024, 4096);
	drm_intel_bo *target = drm_intel_bo_alloc(mgr, "target", 4096, 4096);
	uint32_t *cmd = calloc(1, 128 * 1024);
	int n = 5000, i;	/* max_relocs is 2046 for a 16 KiB batch size */
	for (i = 0; i < n; i++) {
		uint64_t addr = target->offset64 + (uint32_t)(i % 1024) * 4;
		cmd[i * 4 + 0] = MI_STORE_DATA_IMM_GEN8;
		cmd[i * 4 + 1] = (uint32_t)addr;
		cmd[i * 4 + 2] = (uint32_t)(addr >> 32);
		cmd[i * 4 + 3] = (uint32_t)i;
		ASSERT_EQ(drm_intel_bo_emit_reloc(batch, (uint32_t)(i * 16 + 4), target,
						  (uint32_t)(i % 1024) * 4, I915_GEM_DOMAIN_RENDER,
						  I915_GEM_DOMAIN_RENDER), 0);
	}
	cmd[i * 4] = MI_BATCH_BUFFER_END;
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(batch), n);
	ASSERT_OK(drm_intel_bo_subdata(batch, 0, (unsigned long)(i * 16 + 8), cmd));
	ASSERT_EQ(drm_intel_bo_exec(batch, i * 16 + 8, NULL, 0, 0), 0);
	drm_intel_bo_wait_rendering(target);
	ASSERT_EQ(read_u32(target, 0), 4096);		/* the last write to dword 0 */
	ASSERT_EQ(read_u32(target, 4 * 1023), 4095);
	free(cmd);
	drm_intel_bo_unreference(batch);
	drm_intel_bo_unreference(target);
	drm_intel_bufmgr_destroy(mgr);
}

/* Beyond libdrm: bad arguments are errors, not assertion failures or crashes. */
TEST(bad_relocations)
{
	OURS_ONLY("asserts or crashes on these");
	int fd2 = open_i915();
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bufmgr *other = drm_intel_bufmgr_gem_init(fd2, 4096);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	drm_intel_bo *t = drm_intel_bo_alloc(mgr, "t", 4096, 4096);
	drm_intel_bo *foreign = drm_intel_bo_alloc(other, "foreign", 4096, 4096);
	ASSERT(other && foreign);
	ASSERT_EQ(drm_intel_bo_emit_reloc(NULL, 0, t, 0, 2, 0), -EINVAL);
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 0, NULL, 0, 2, 0), -EINVAL);
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 4093, t, 0, 2, 0), -EINVAL);
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 4092, t, 0, 2, 0), 0);
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 0, t, 0, 6, 6), -EINVAL);	/* two write domains */
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 0, foreign, 0, 2, 0), -EINVAL);
	drm_intel_bo *x = drm_intel_bo_alloc(mgr, "x", 4096, 4096);
	ASSERT_EQ(drm_intel_bo_emit_reloc(x, 0, batch, 0, 2, 0), 0);
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 8, t, 0, 2, 0), -EINVAL);	/* batch now a target */
	drm_intel_bo_unreference(x);
	ASSERT_EQ(drm_intel_bo_exec(NULL, 8, NULL, 0, 0), -EINVAL);
	ASSERT_EQ(drm_intel_bufmgr_check_aperture_space(&batch, 0), -EINVAL);
	ASSERT_EQ(drm_intel_bufmgr_check_aperture_space(NULL, 1), -EINVAL);
	drm_intel_gem_bo_clear_relocs(batch, 5);	/* beyond the count: ignored */
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(batch), 1);
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(NULL), 0);
	ASSERT_EQ(drm_intel_bo_references(NULL, t), 0);
	drm_intel_gem_bo_clear_relocs(t, 0);
	drm_intel_bo_unreference(batch);
	drm_intel_bo_unreference(t);
	drm_intel_bo_unreference(foreign);
	drm_intel_bufmgr_destroy(other);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(bad_ring)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	uint32_t end[2] = { MI_BATCH_BUFFER_END, 0 };
	ASSERT_OK(drm_intel_bo_subdata(batch, 0, sizeof(end), end));
	ASSERT_EQ(drm_intel_bo_mrb_exec(batch, 8, NULL, 0, 0, 5), -EINVAL);
	ASSERT_EQ(drm_intel_bo_mrb_exec(batch, 8, NULL, 0, 0, 7), -EINVAL);
	ASSERT_EQ(drm_intel_bo_mrb_exec(batch, 8, NULL, 0, 0, I915_EXEC_RENDER), 0);
	ASSERT_EQ(drm_intel_bo_mrb_exec(batch, 8, NULL, 0, 0, I915_EXEC_DEFAULT), 0);
	/* the kernel's own verdict comes back as -errno: DR1/DR4 must be 0 */
	ASSERT_EQ(drm_intel_bo_exec(batch, 8, NULL, 0, 1), -EINVAL);
	drm_intel_bo_wait_rendering(batch);
	drm_intel_bo_unreference(batch);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(softpin)
{
	drm_intel_bufmgr *mgr = open_gen8(NULL);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	drm_intel_bo *target = drm_intel_bo_alloc(mgr, "target", 4096, 4096);
	int ret = drm_intel_bo_set_softpin_offset(target, 0x200000);
	if (ret)	/* -ENODEV: the kernel has no softpin (HAS_EXEC_SOFTPIN 0); every gen8+ model has */
		SKIP_ON_ERRNO(-ret, ENODEV, false, "no softpin");
	ASSERT_EQ(ret, 0);
	ASSERT_EQ(target->offset64, 0x200000);
	ASSERT_EQ(target->offset, 0x200000);
	int used = build_store(batch, 0, target, 64, 0x5afe);
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(batch), 0);	/* no entry, only listed */
	ASSERT(!drm_intel_bo_references(batch, target));	/* libdrm's quirk */
	ASSERT_EQ(drm_intel_bo_exec(batch, used, NULL, 0, 0), 0);
	drm_intel_bo_wait_rendering(target);
	ASSERT_EQ(read_u32(target, 64), 0x5afe);
	ASSERT_EQ(target->offset64, 0x200000);
	ASSERT_EQ(drm_intel_bo_emit_reloc(target, 0, target, 0, 2, 0), -EINVAL);
	drm_intel_bo_unreference(batch);
	drm_intel_bo_unreference(target);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(flags_48b_and_implicit_sync)
{
	drm_intel_bufmgr *mgr = open_gen8(NULL);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	drm_intel_bo *target = drm_intel_bo_alloc(mgr, "target", 4096, 4096);
	int ret = drm_intel_bo_use_48b_address_range(target, 1);
	ASSERT(ret == 0 || ret == -ENODEV);
	if (drm_intel_bufmgr_gem_can_disable_implicit_sync(mgr))
		drm_intel_gem_bo_disable_implicit_sync(target);
	int used = build_store(batch, 0, target, 0, 48);
	ASSERT_EQ(drm_intel_bo_exec(batch, used, NULL, 0, 0), 0);
	drm_intel_bo_wait_rendering(target);
	ASSERT_EQ(read_u32(target, 0), 48);
	drm_intel_gem_bo_enable_implicit_sync(target);
	ASSERT_EQ(drm_intel_bo_use_48b_address_range(target, 0), ret);
	drm_intel_bo_unreference(batch);
	drm_intel_bo_unreference(target);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(check_aperture_space)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	drm_intel_bo *big = drm_intel_bo_alloc(mgr, "big", 64 << 20, 4096);
	drm_intel_bo *list[2] = { batch, big };
	ASSERT_EQ(drm_intel_bufmgr_check_aperture_space(list, 2), 0);
	/* The estimate over-counts a target per relocation; the exact walk does not. */
	for (int i = 0; i < 100; i++)
		ASSERT_EQ(drm_intel_bo_emit_reloc(batch, (uint32_t)i * 8, big, 0, 2, 0), 0);
	ASSERT_EQ(drm_intel_bufmgr_check_aperture_space(&batch, 1), 0);
	ASSERT_EQ(drm_intel_bufmgr_check_aperture_space(list, 2), 0);
	drm_intel_bo_unreference(batch);
	drm_intel_bo_unreference(big);
	drm_intel_bufmgr_destroy(mgr);
}

/* After exec a bo reads as busy even if it was known idle before (idle cleared). */
TEST(busy_after_exec)
{
	drm_intel_bufmgr *mgr = open_gen8(NULL);
	drm_intel_bufmgr_gem_enable_reuse(mgr);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "spin", 4096, 4096);
	ASSERT_EQ(drm_intel_bo_busy(batch), 0);		/* now known idle */
	uint64_t self = batch->offset64;
	uint32_t spin[] = { MI_BATCH_BUFFER_START_GEN8, (uint32_t)self, (uint32_t)(self >> 32),
			    MI_BATCH_BUFFER_END };
	ASSERT_OK(drm_intel_bo_subdata(batch, 0, sizeof(spin), spin));
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 4, batch, 0, I915_GEM_DOMAIN_COMMAND, 0), 0);
	ASSERT_EQ(drm_intel_gem_bo_get_reloc_count(batch), 1);
	volatile uint32_t *map = drm_intel_gem_bo_map__cpu(batch);
	ASSERT(map != NULL);
	ASSERT_EQ(drm_intel_bo_exec(batch, 16, NULL, 0, 0), 0);
	ASSERT(drm_intel_bo_busy(batch) != 0);
	ASSERT_EQ(drm_intel_gem_bo_wait(batch, 0), -ETIME);
	map[0] = MI_BATCH_BUFFER_END;			/* end the loop */
	ASSERT_EQ(drm_intel_gem_bo_wait(batch, 5000000000ll), 0);
	ASSERT_EQ(drm_intel_bo_busy(batch), 0);
	drm_intel_bo_unreference(batch);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(blt_ring_color_fill)
{
	drm_intel_bufmgr *mgr = open_gen8(NULL);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	drm_intel_bo *dst = drm_intel_bo_alloc(mgr, "dst", 64 * 64 * 4, 4096);
	uint32_t *zero = calloc(1, 64 * 64 * 4);
	ASSERT_OK(drm_intel_bo_subdata(dst, 0, 64 * 64 * 4, zero));
	uint64_t a = dst->offset64;
	uint32_t cmd[] = { XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_LEN(7),
			   INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xf0 << INTEL_BR13_ROP_SHIFT | 256,
			   INTEL_XY(4, 8), INTEL_XY(20, 24), (uint32_t)a, (uint32_t)(a >> 32),
			   0xff336699, MI_BATCH_BUFFER_END };
	ASSERT_OK(drm_intel_bo_subdata(batch, 0, sizeof(cmd), cmd));
	ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 16, dst, 0, I915_GEM_DOMAIN_RENDER,
					  I915_GEM_DOMAIN_RENDER), 0);
	ASSERT_EQ(drm_intel_bo_mrb_exec(batch, sizeof(cmd), NULL, 0, 0, I915_EXEC_BLT), 0);
	drm_intel_bo_wait_rendering(dst);
	uint32_t *px = calloc(1, 64 * 64 * 4);
	ASSERT_OK(drm_intel_bo_get_subdata(dst, 0, 64 * 64 * 4, px));
	for (int y = 0; y < 64; y++)
		for (int x = 0; x < 64; x++) {
			uint32_t want = (x >= 4 && x < 20 && y >= 8 && y < 24) ? 0xff336699 : 0;
			if (px[y * 64 + x] != want)
				TEST_FAIL("pixel (%d,%d) = 0x%08x, want 0x%08x", x, y,
					  px[y * 64 + x], want);
		}
	free(px);
	free(zero);
	drm_intel_bo_unreference(batch);
	drm_intel_bo_unreference(dst);
	drm_intel_bufmgr_destroy(mgr);
}

/*
 * A GTT map made while the GPU still writes a tiled object shows the GPU's
 * pixels once set-domain returns (drm_intel_gem_bo_map_gtt sets the GTT
 * domain, which waits). Many rounds, each on a new X-tiled object mapped for
 * the first time right after the exec, so the map races with the blit.
 */
TEST(gtt_map_after_blit_sees_it)
{
	drm_intel_bufmgr *mgr = open_gen8(NULL);
	int bad = 0;
	for (int round = 0; round < 40; round++) {
		uint32_t tiling = I915_TILING_X;
		unsigned long pitch = 0;
		drm_intel_bo *dst = drm_intel_bo_alloc_tiled(mgr, "dst", 1024, 256, 4, &tiling, &pitch, 0);
		drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
		ASSERT(dst && batch && tiling == I915_TILING_X);
		uint64_t a = dst->offset64;
		uint32_t value = 0xff000000u | (uint32_t)round;
		uint32_t cmd[] = { XY_COLOR_BLT | INTEL_BLT_WRITE_RGBA | INTEL_BLT_DST_TILED | INTEL_LEN(7),
				   INTEL_BR13_DEPTH_8888 << INTEL_BR13_DEPTH_SHIFT | 0xf0 << INTEL_BR13_ROP_SHIFT |
					   (uint32_t)(pitch / 4),
				   INTEL_XY(0, 0), INTEL_XY(1024, 256), (uint32_t)a, (uint32_t)(a >> 32),
				   value, MI_BATCH_BUFFER_END };
		ASSERT_OK(drm_intel_bo_subdata(batch, 0, sizeof(cmd), cmd));
		ASSERT_EQ(drm_intel_bo_emit_reloc(batch, 16, dst, 0, I915_GEM_DOMAIN_RENDER,
						  I915_GEM_DOMAIN_RENDER), 0);
		ASSERT_EQ(drm_intel_bo_mrb_exec(batch, sizeof(cmd), NULL, 0, 0, I915_EXEC_BLT), 0);
		ASSERT_EQ(drm_intel_gem_bo_map_gtt(dst), 0);
		const uint32_t *px = dst->virtual;
		if (px[255 * (pitch / 4) + 1023] != value || px[0] != value)
			bad++;
		drm_intel_gem_bo_unmap_gtt(dst);
		drm_intel_bo_unreference(batch);
		drm_intel_bo_unreference(dst);
	}
	ASSERT_EQ(bad, 0);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(context_exec_two_contexts)
{
	drm_intel_bufmgr *mgr = open_gen8(NULL);
	drm_intel_context *c1 = drm_intel_gem_context_create(mgr);
	drm_intel_context *c2 = drm_intel_gem_context_create(mgr);
	ASSERT(c1 && c2);
	drm_intel_bo *target = drm_intel_bo_alloc(mgr, "target", 4096, 4096);
	drm_intel_bo *b1 = drm_intel_bo_alloc(mgr, "b1", 4096, 4096);
	drm_intel_bo *b2 = drm_intel_bo_alloc(mgr, "b2", 4096, 4096);
	drm_intel_bo *b0 = drm_intel_bo_alloc(mgr, "b0", 4096, 4096);
	int u1 = build_store(b1, 0, target, 0, 0x1111);
	int u2 = build_store(b2, 0, target, 4, 0x2222);
	int u0 = build_store(b0, 0, target, 8, 0x3333);
	ASSERT_EQ(drm_intel_gem_bo_context_exec(b1, c1, u1, I915_EXEC_RENDER), 0);
	ASSERT_EQ(drm_intel_gem_bo_context_exec(b2, c2, u2, I915_EXEC_RENDER), 0);
	ASSERT_EQ(drm_intel_gem_bo_context_exec(b0, NULL, u0, 0), 0);
	drm_intel_bo_wait_rendering(target);
	ASSERT_EQ(read_u32(target, 0), 0x1111);
	ASSERT_EQ(read_u32(target, 4), 0x2222);
	ASSERT_EQ(read_u32(target, 8), 0x3333);
	drm_intel_bo_unreference(b0);
	drm_intel_bo_unreference(b1);
	drm_intel_bo_unreference(b2);
	drm_intel_bo_unreference(target);
	drm_intel_gem_context_destroy(c1);
	drm_intel_gem_context_destroy(c2);
	drm_intel_bufmgr_destroy(mgr);
}

/*
 * Out/in sync_file fences through the library (X70d FENCE_OUT, X70a FENCE_IN; GP6): the out fence
 * is a sync_file that signals when the batch is done and can gate the next exec. Only a kernel
 * without exec fences (GETPARAM HAS_EXEC_FENCE 0, before 4.10) may refuse, with EINVAL for the
 * unknown flag, which the library passes through leaving no fence; i915 6.1, and so the shim,
 * has them, so there the calls must succeed.
 */
TEST(fence_exec)
{
	int fd;
	drm_intel_bufmgr *mgr = open_gen8(&fd);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batch", 4096, 4096);
	drm_intel_bo *target = drm_intel_bo_alloc(mgr, "target", 4096, 4096);
	int used = build_store(batch, 0, target, 0, 77);
	int out = 1234;
	int ret = drm_intel_gem_bo_fence_exec(batch, NULL, used, -1, &out, I915_EXEC_RENDER);
	printf("# fence_exec: %d, out fence %d\n", ret, out);
	if (ret) {
		int has = 0;
		struct drm_i915_getparam gp = { .param = I915_PARAM_HAS_EXEC_FENCE, .value = &has };
		if (shim_present())
			TEST_FAIL("the shim has exec fences: fence_exec must succeed, got %d", ret);
		ASSERT(ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0 && !has);
		ASSERT_EQ(ret, -EINVAL);
		ASSERT_EQ(out, -1);
	} else {
		ASSERT(out >= 0);
		struct pollfd p = { .fd = out, .events = POLLIN };
		ASSERT_EQ(poll(&p, 1, 5000), 1);		/* it signals once the batch is done */
		ASSERT_EQ(read_u32(target, 0), 77);
		used = build_store(batch, 0, target, 0, 78);
		int out2 = -1;
		ASSERT_EQ(drm_intel_gem_bo_fence_exec(batch, NULL, used, out, &out2, I915_EXEC_RENDER), 0);
		ASSERT(out2 >= 0 && out2 != out);		/* behind an in fence, with a new out fence */
		p.fd = out2;
		ASSERT_EQ(poll(&p, 1, 5000), 1);
		ASSERT_EQ(read_u32(target, 0), 78);
		close(out2);
		close(out);
	}
	ret = drm_intel_gem_bo_fence_exec(batch, NULL, used, -1, NULL, I915_EXEC_RENDER);
	ASSERT_EQ(ret, 0);		/* no fence flags: a plain exec */
	drm_intel_bo_wait_rendering(target);
	ASSERT(read_u32(target, 0) == 77 || read_u32(target, 0) == 78);
	drm_intel_bo_unreference(batch);
	drm_intel_bo_unreference(target);
	drm_intel_bufmgr_destroy(mgr);
}

TEST(pin_refused)
{
	drm_intel_bufmgr *mgr = open_bufmgr(NULL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "bo", 4096, 4096);
	int ret = drm_intel_bo_pin(bo, 4096);
	printf("# pin: %d\n", ret);
	ASSERT(ret == -ENODEV || ret == -EACCES || ret == -EPERM || ret == -EINVAL);
	ret = drm_intel_bo_unpin(bo);
	ASSERT(ret < 0);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
}

/* set_debug: the validation list is dumped after exec, batch last. */
TEST(debug_dump)
{
	drm_intel_bufmgr *mgr = open_gen8(NULL);
	drm_intel_bo *batch = drm_intel_bo_alloc(mgr, "batchbo", 4096, 4096);
	drm_intel_bo *target = drm_intel_bo_alloc(mgr, "targetbo", 4096, 4096);
	int used = build_store(batch, 0, target, 0, 1);
	char path[] = "/tmp/exec-debug-XXXXXX";
	int tmp = mkstemp(path), saved = dup(2);
	ASSERT(tmp >= 0 && saved >= 0);
	unlink(path);
	dup2(tmp, 2);
	drm_intel_bufmgr_set_debug(mgr, 1);
	int ret = drm_intel_bo_exec(batch, used, NULL, 0, 0);
	drm_intel_bufmgr_set_debug(mgr, 0);
	dup2(saved, 2);
	ASSERT_EQ(ret, 0);
	char buf[4096] = { 0 };
	ASSERT(pread(tmp, buf, sizeof(buf) - 1, 0) > 0);
	printf("# %s", buf);
	char *t = strstr(buf, " 0: "), *b = strstr(buf, " 1: ");
	ASSERT(t && b && t < b);
	ASSERT(strstr(t, "(targetbo)") && strstr(b, "(batchbo)@0x"));
	ASSERT(strstr(b, " -> "));
	close(tmp);
	close(saved);
	drm_intel_bo_wait_rendering(target);
	drm_intel_bo_unreference(batch);
	drm_intel_bo_unreference(target);
	drm_intel_bufmgr_destroy(mgr);
}

int main(void)
{
	static const struct test tests[] = {
		T(store_through_reloc), T(reloc_count_clear_references),
		T(targets_live_while_referenced), T(reloc_array_grows), T(bad_relocations),
		T(bad_ring), T(softpin), T(flags_48b_and_implicit_sync), T(check_aperture_space),
		T(busy_after_exec), T(blt_ring_color_fill), T(gtt_map_after_blit_sees_it), T(context_exec_two_contexts),
		T(fence_exec), T(pin_refused), T(debug_dump),
	};
	return run_tests(tests, ARRAY_SIZE(tests));
}
