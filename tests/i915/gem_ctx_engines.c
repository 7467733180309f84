/* SPDX-License-Identifier: MIT */
/*
 * User engine maps (CONTEXT_PARAM_ENGINES, uapi-conformance EN1-EN20): which maps a
 * proto-context takes and which it refuses, the LOAD_BALANCE, BOND and PARALLEL_SUBMIT
 * extensions, and execbuf's ring bits as an index into the map. The engines come from
 * I915_QUERY ENGINE_INFO, so the test runs on every device model (all_devids.sh) and,
 * with nothing but open/ioctl, unchanged on real i915 (Linux 6.1).
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "tests/i915/i915_test.h"

#define HOLE ((struct i915_engine_class_instance){ (uint16_t)I915_ENGINE_CLASS_INVALID, \
						   (uint16_t)I915_ENGINE_CLASS_INVALID_NONE })

/* A map of up to 65 slots (one more than allowed, for EN5). */
struct engine_map {
	uint64_t extensions;
	struct i915_engine_class_instance e[65];
} __attribute__((packed));

static int set_map_ext(int fd, uint32_t ctx, const struct i915_engine_class_instance *e, unsigned n, uint64_t ext)
{
	struct engine_map m = { .extensions = ext };
	for (unsigned i = 0; i < n; i++)
		m.e[i] = e[i];
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_ENGINES,
						 .size = (uint32_t)(8 + 4 * n), .value = (uintptr_t)&m };
	return ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p);
}

static int set_map(int fd, uint32_t ctx, const struct i915_engine_class_instance *e, unsigned n)
{
	return set_map_ext(fd, ctx, e, n, 0);
}

static int set_raw(int fd, uint32_t ctx, uint32_t size, uint64_t value)
{
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_ENGINES,
						 .size = size, .value = value };
	return ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p);
}

/* A new context, or skip where the device has none (gen < 6). */
static uint32_t new_ctx(int fd)
{
	struct drm_i915_gem_context_create_ext c = { 0 };
	if (ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c))
		SKIP_DEVICE("no logical contexts");
	return c.ctx_id;
}

/* The device's engines, from I915_QUERY ENGINE_INFO (at most 16). */
static unsigned query_engines(int fd, struct i915_engine_class_instance *out)
{
	static char buf[4096];
	struct drm_i915_query_item item = { .query_id = DRM_I915_QUERY_ENGINE_INFO, .length = sizeof(buf),
					    .data_ptr = (uintptr_t)buf };
	struct drm_i915_query q = { .num_items = 1, .items_ptr = (uintptr_t)&item };
	memset(buf, 0, sizeof(buf));
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_QUERY, &q));
	ASSERT(item.length > 0);
	const struct drm_i915_query_engine_info *info = (const void *)buf;
	unsigned n = info->num_engines < 16 ? info->num_engines : 16;
	for (unsigned i = 0; i < n; i++)
		out[i] = info->engines[i].engine;
	return n;
}

static bool has_engine(int fd, uint16_t class, uint16_t instance)
{
	struct i915_engine_class_instance e[16];
	unsigned n = query_engines(fd, e);
	for (unsigned i = 0; i < n; i++)
		if (e[i].engine_class == class && e[i].engine_instance == instance)
			return true;
	return false;
}

#define DATA_AT 0x100000ull
#define BATCH_AT 0x200000ull

/* Runs on slot `ring` of ctx a batch storing value at DATA_AT + 4 * dw; the execbuf's result. */
static int store_on(int fd, uint32_t ctx, uint64_t ring, uint32_t data, unsigned dw, uint32_t value)
{
	const uint32_t cmd[] = { MI_STORE_DATA_IMM_GEN8, (uint32_t)(DATA_AT + 4 * dw), 0, value,
				 MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t batch = gem_batch(fd, cmd, sizeof(cmd));
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = data, .offset = DATA_AT, .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE },
		{ .handle = batch, .offset = BATCH_AT + 0x1000ull * dw, .flags = EXEC_OBJECT_PINNED },
	};
	int ret = gem_execbuf_ctx(fd, o, 2, ring, ctx);
	int err = errno;
	struct drm_gem_close c = { .handle = batch };
	ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
	errno = err;
	return ret;
}

static uint32_t read32(int fd, uint32_t h, unsigned dw)
{
	uint32_t v = 0;
	gem_wait(fd, h);
	ASSERT_OK(gem_pread(fd, h, 4ull * dw, &v, 4));
	return v;
}

/* EN1, EN2, EN3, EN4, EN5, EN6, EN8: the sizes and engines a proto-context refuses; once. */
TEST(map_rules)
{
	int fd = i915_open();
	uint32_t ctx = new_ctx(fd);
	struct i915_engine_class_instance rcs = { I915_ENGINE_CLASS_RENDER, 0 }, many[65];
	for (unsigned i = 0; i < 65; i++)
		many[i] = rcs;
	struct engine_map m = { 0 };
	ASSERT_ERRNO(set_raw(fd, ctx, 0, 0), EINVAL);			/* EN4: no reset by size 0 */
	ASSERT_ERRNO(set_raw(fd, ctx, 7, (uintptr_t)&m), EINVAL);	/* EN4 */
	ASSERT_ERRNO(set_raw(fd, ctx, 8 + 4 + 2, (uintptr_t)&m), EINVAL);	/* EN4 */
	ASSERT_ERRNO(set_map(fd, ctx, many, 65), EINVAL);		/* EN5 */
	ASSERT_ERRNO(set_raw(fd, ctx, 12, 8), EFAULT);			/* EN6 */
	struct i915_engine_class_instance bad[] = {
		{ 7, 0 }, { I915_ENGINE_CLASS_RENDER, 1 }, { (uint16_t)I915_ENGINE_CLASS_INVALID, 0 },
		{ (uint16_t)I915_ENGINE_CLASS_INVALID, (uint16_t)I915_ENGINE_CLASS_INVALID_VIRTUAL },
	};
	for (unsigned i = 0; i < ARRAY_SIZE(bad); i++)
		ASSERT_ERRNO(set_map(fd, ctx, &bad[i], 1), ENOENT);	/* EN8 */
	if (!has_engine(fd, I915_ENGINE_CLASS_VIDEO_ENHANCE, 0)) {
		struct i915_engine_class_instance vecs = { I915_ENGINE_CLASS_VIDEO_ENHANCE, 0 };
		ASSERT_ERRNO(set_map(fd, ctx, &vecs, 1), ENOENT);	/* EN8: one the device lacks */
	}
	/* None of that counted: a good map is taken, with 64 slots; not a second one (EN3). */
	ASSERT_OK(set_map(fd, ctx, many, 64));
	ASSERT_ERRNO(set_map(fd, ctx, &rcs, 1), EINVAL);
	ASSERT_ERRNO(set_raw(fd, ctx, 0, 0), EINVAL);
	/* EN1: 6.1 has no GETPARAM of the map, with or without one. */
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_ENGINES };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);
	p.ctx_id = 0;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);
	/* EN2: a context already used (the GETPARAM above used ctx; 0 always is) takes none. */
	uint32_t used = new_ctx(fd);
	struct drm_i915_reset_stats rs = { .ctx_id = used };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs));
	ASSERT_ERRNO(set_map(fd, used, &rcs, 1), EINVAL);
	ASSERT_ERRNO(set_map(fd, 0, &rcs, 1), EINVAL);
	close(fd);
}

/* EN7, EN10, EN18: each slot runs on its engine; a hole or a slot past the end is EINVAL. */
TEST(exec_by_index)
{
	int fd = i915_open_gen8();
	struct i915_engine_class_instance e[17];
	unsigned n = query_engines(fd, e);
	/* Reversed, with a hole in front: slot 0 is a hole, slot k the engine n-k. */
	struct i915_engine_class_instance map[17];
	map[0] = HOLE;
	for (unsigned i = 0; i < n; i++)
		map[1 + i] = e[n - 1 - i];
	uint32_t ctx = new_ctx(fd);
	ASSERT_OK(set_map(fd, ctx, map, n + 1));
	uint32_t data = gem_create(fd, 4096);
	for (unsigned i = 1; i <= n; i++)
		ASSERT_OK(store_on(fd, ctx, i, data, i, 0xe000 + i));
	for (unsigned i = 1; i <= n; i++)
		ASSERT_EQ(read32(fd, data, i), 0xe000 + i);
	ASSERT_ERRNO(store_on(fd, ctx, 0, data, 0, 1), EINVAL);		/* the hole */
	ASSERT_ERRNO(store_on(fd, ctx, n + 1, data, 0, 1), EINVAL);	/* past the end */
	ASSERT_ERRNO(store_on(fd, ctx, I915_EXEC_RING_MASK, data, 0, 1), EINVAL);
	ASSERT_EQ(read32(fd, data, 0), 0);
	close(fd);
}

/* EN18, EN19, X15-X16: without a map the legacy rings; with one, the ring bits are a slot and
 * the BSD selector bits mean nothing. */
TEST(legacy_and_bsd_bits)
{
	int fd = i915_open_gen8();
	uint32_t data = gem_create(fd, 4096);
	uint32_t plain = new_ctx(fd), mapped = new_ctx(fd);
	ASSERT_OK(store_on(fd, plain, I915_EXEC_RENDER, data, 0, 10));
	ASSERT_OK(store_on(fd, plain, I915_EXEC_BLT, data, 1, 11));
	ASSERT_ERRNO(store_on(fd, plain, I915_EXEC_RENDER | I915_EXEC_BSD_RING1, data, 2, 1), EINVAL);	/* X21 */
	struct i915_engine_class_instance bcs = { I915_ENGINE_CLASS_COPY, 0 };
	ASSERT_OK(set_map(fd, mapped, &bcs, 1));
	ASSERT_OK(store_on(fd, mapped, 0 | I915_EXEC_BSD_RING1, data, 2, 12));	/* EN19 */
	ASSERT_OK(store_on(fd, mapped, 0 | I915_EXEC_BSD_MASK, data, 3, 13));
	ASSERT_ERRNO(store_on(fd, mapped, I915_EXEC_RENDER, data, 4, 1), EINVAL);	/* slot 1: none */
	ASSERT_ERRNO(store_on(fd, mapped, I915_EXEC_BLT, data, 4, 1), EINVAL);
	for (unsigned i = 0; i < 4; i++)
		ASSERT_EQ(read32(fd, data, i), 10 + i);
	close(fd);
}

/* EN9: a map given at creation (CREATE_EXT_SETPARAM) is the context's from its first use. */
TEST(create_ext_map)
{
	int fd = i915_open_gen8();
	struct {
		uint64_t extensions;
		struct i915_engine_class_instance e[2];
	} __attribute__((packed)) m = { 0, { HOLE, { I915_ENGINE_CLASS_RENDER, 0 } } };
	struct drm_i915_gem_context_create_ext_setparam sp = {
		.base = { .name = I915_CONTEXT_CREATE_EXT_SETPARAM },
		.param = { .param = I915_CONTEXT_PARAM_ENGINES, .size = sizeof(m), .value = (uintptr_t)&m },
	};
	struct drm_i915_gem_context_create_ext c = { .flags = I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
						     .extensions = (uintptr_t)&sp };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c));
	uint32_t data = gem_create(fd, 4096);
	ASSERT_ERRNO(store_on(fd, c.ctx_id, 0, data, 0, 1), EINVAL);
	ASSERT_OK(store_on(fd, c.ctx_id, 1, data, 1, 0x77));
	ASSERT_EQ(read32(fd, data, 1), 0x77);
	struct i915_engine_class_instance rcs = { I915_ENGINE_CLASS_RENDER, 0 };
	ASSERT_ERRNO(set_map(fd, c.ctx_id, &rcs, 1), EINVAL);	/* EN2/EN3 */
	/* A bad map fails the creation (EN8). */
	m.e[1].engine_instance = 9;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), ENOENT);
	close(fd);
}

struct balance {
	struct i915_user_extension base;
	uint16_t engine_index, num_siblings;
	uint32_t flags;
	uint64_t mbz64;
	struct i915_engine_class_instance engines[2];
} __attribute__((packed));

/* EN11, EN12, EN13, EN14, EN17b: LOAD_BALANCE puts an engine (or a virtual one) in a hole. */
TEST(load_balance)
{
	int fd = i915_open_gen8();
	struct i915_engine_class_instance slots[2] = { HOLE, { I915_ENGINE_CLASS_RENDER, 0 } };
	struct balance lb = { .base = { .name = I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE }, .engine_index = 0,
			      .num_siblings = 1, .engines = { { I915_ENGINE_CLASS_COPY, 0 } } };
	uint32_t ctx = new_ctx(fd);
	lb.engine_index = 2;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&lb), EINVAL);	/* EN12 */
	lb.engine_index = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&lb), EEXIST);	/* EN12 */
	lb.engine_index = 0;
	lb.flags = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&lb), EINVAL);	/* EN12 */
	lb.flags = 0;
	lb.mbz64 = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&lb), EINVAL);	/* EN12 */
	lb.mbz64 = 0;
	lb.engines[0].engine_instance = 5;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&lb), EINVAL);	/* EN13 */
	lb.engines[0].engine_instance = 0;
	lb.base.flags = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&lb), EINVAL);	/* EN17b */
	lb.base.flags = 0;
	lb.base.name = 99;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&lb), EINVAL);	/* EN17b */
	lb.base.name = I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE;
	lb.base.next_extension = (uintptr_t)&lb;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&lb), EEXIST);	/* the loop meets its own slot */
	lb.base.next_extension = 0;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, 8), EFAULT);		/* EN6 */
	/* One sibling: that engine, in slot 0 (EN13). */
	ASSERT_OK(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&lb));
	uint32_t data = gem_create(fd, 4096);
	ASSERT_OK(store_on(fd, ctx, 0, data, 0, 0x51));
	ASSERT_OK(store_on(fd, ctx, 1, data, 1, 0x52));
	ASSERT_EQ(read32(fd, data, 0), 0x51);
	ASSERT_EQ(read32(fd, data, 1), 0x52);
	/* No siblings: the slot stays a hole (EN13). */
	uint32_t ctx2 = new_ctx(fd);
	lb.num_siblings = 0;
	ASSERT_OK(set_map_ext(fd, ctx2, slots, 2, (uintptr_t)&lb));
	ASSERT_ERRNO(store_on(fd, ctx2, 0, data, 2, 1), EINVAL);
	/* Two video engines: a virtual engine that runs the batch on one of them (EN14). */
	if (has_engine(fd, I915_ENGINE_CLASS_VIDEO, 1)) {
		uint32_t ctx3 = new_ctx(fd);
		lb.num_siblings = 2;
		lb.engines[0] = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_VIDEO, 0 };
		lb.engines[1] = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_VIDEO, 1 };
		ASSERT_OK(set_map_ext(fd, ctx3, slots, 2, (uintptr_t)&lb));
		ASSERT_OK(store_on(fd, ctx3, 0, data, 3, 0x53));
		ASSERT_EQ(read32(fd, data, 3), 0x53);
	}
	close(fd);
}

/* EN11: virtual engines need execlists: no LOAD_BALANCE before gen8. */
TEST(load_balance_needs_execlists)
{
	int fd = i915_open();
	uint32_t ctx = new_ctx(fd);
	if (i915_gen(fd) >= 8)
		SKIP_DEVICE("execlists");
	struct i915_engine_class_instance slots[1] = { HOLE };
	struct balance lb = { .base = { .name = I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE }, .num_siblings = 1,
			      .engines = { { I915_ENGINE_CLASS_RENDER, 0 } } };
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 1, (uintptr_t)&lb), ENODEV);
	ASSERT_OK(set_map(fd, ctx, slots, 1));	/* the map itself is fine */
	close(fd);
}

struct bond {
	struct i915_user_extension base;
	struct i915_engine_class_instance master;
	uint16_t virtual_index, num_bonds;
	uint64_t flags;
	uint64_t mbz64[4];
	struct i915_engine_class_instance engines[1];
} __attribute__((packed));

/* EN15: BOND names a plain engine of the map and engines the device has; then nothing. */
TEST(bond)
{
	int fd = i915_open_gen8();
	if (i915_gen(fd) >= 12)
		SKIP_DEVICE("no bonding from gen12");
	struct i915_engine_class_instance slots[2] = { { I915_ENGINE_CLASS_RENDER, 0 }, HOLE };
	struct bond b = { .base = { .name = I915_CONTEXT_ENGINES_EXT_BOND }, .master = { I915_ENGINE_CLASS_RENDER, 0 },
			  .virtual_index = 0, .num_bonds = 1, .engines = { { I915_ENGINE_CLASS_COPY, 0 } } };
	uint32_t ctx = new_ctx(fd);
	b.virtual_index = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&b), EINVAL);	/* a hole */
	b.virtual_index = 2;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&b), EINVAL);	/* past the end */
	b.virtual_index = 0;
	b.mbz64[2] = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&b), EINVAL);
	b.mbz64[2] = 0;
	b.master.engine_instance = 3;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&b), EINVAL);	/* no such master */
	b.master.engine_instance = 0;
	b.engines[0].engine_class = 9;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&b), EINVAL);	/* no such bond */
	b.engines[0].engine_class = I915_ENGINE_CLASS_COPY;
	ASSERT_OK(set_map_ext(fd, ctx, slots, 2, (uintptr_t)&b));
	uint32_t data = gem_create(fd, 4096);
	ASSERT_OK(store_on(fd, ctx, 0, data, 0, 0x61));
	ASSERT_EQ(read32(fd, data, 0), 0x61);
	close(fd);
}

struct parallel {
	struct i915_user_extension base;
	uint16_t engine_index, width, num_siblings, mbz16;
	uint64_t flags;
	uint64_t mbz64[3];
	struct i915_engine_class_instance engines[2];
} __attribute__((packed));

/* EN16: PARALLEL_SUBMIT's checks (without GuC: one sibling per batch, at least two batches,
 * no render engine, a run of one class). */
TEST(parallel_submit_checks)
{
	int fd = i915_open_gen8();
	if (i915_gen(fd) >= 12)
		SKIP_DEVICE("GuC submission takes more siblings");
	struct i915_engine_class_instance slots[1] = { HOLE };
	struct parallel ps = { .base = { .name = I915_CONTEXT_ENGINES_EXT_PARALLEL_SUBMIT }, .width = 2,
			       .num_siblings = 2,
			       .engines = { { I915_ENGINE_CLASS_RENDER, 0 }, { I915_ENGINE_CLASS_RENDER, 0 } } };
	uint32_t ctx = new_ctx(fd);
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 1, (uintptr_t)&ps), EINVAL);	/* two siblings */
	ps.num_siblings = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 1, (uintptr_t)&ps), EINVAL);	/* render */
	ps.engines[0] = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_COPY, 0 };
	ps.engines[1] = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_COPY, 0 };
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 1, (uintptr_t)&ps), EINVAL);	/* not a run */
	ps.width = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 1, (uintptr_t)&ps), EINVAL);	/* width < 2 */
	ps.width = 2;
	ps.engine_index = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 1, (uintptr_t)&ps), EINVAL);	/* past the end */
	ps.engine_index = 0;
	ps.flags = 1;
	ASSERT_ERRNO(set_map_ext(fd, ctx, slots, 1, (uintptr_t)&ps), EINVAL);
	/* Still a proto-context without a map. */
	struct i915_engine_class_instance rcs = { I915_ENGINE_CLASS_RENDER, 0 };
	ASSERT_OK(set_map(fd, ctx, &rcs, 1));
	close(fd);
}

/* EN20: with a map, SSEU is asked for by slot (ENGINE_INDEX), and only so. */
TEST(sseu_by_index)
{
	int fd = i915_open_gen8();
	struct i915_engine_class_instance slots[2] = { HOLE, { I915_ENGINE_CLASS_RENDER, 0 } };
	uint32_t ctx = new_ctx(fd);
	ASSERT_OK(set_map(fd, ctx, slots, 2));
	struct drm_i915_gem_context_param_sseu s = { .engine = { I915_ENGINE_CLASS_RENDER, 0 } };
	struct drm_i915_gem_context_param p = { .ctx_id = ctx, .param = I915_CONTEXT_PARAM_SSEU,
						 .size = sizeof(s), .value = (uintptr_t)&s };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);	/* by class */
	s.flags = I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX;
	s.engine.engine_instance = 0;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);	/* the hole */
	s.engine.engine_instance = 2;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p), EINVAL);	/* past the end */
	s.engine.engine_instance = 1;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p));
	ASSERT_NE(s.slice_mask, 0);
	ASSERT_EQ(s.engine.engine_instance, 1);
	close(fd);
}

TEST_MAIN(T(map_rules), T(exec_by_index), T(legacy_and_bsd_bits), T(create_ext_map), T(load_balance),
	  T(load_balance_needs_execlists), T(bond),
	  T(parallel_submit_checks), T(sseu_by_index))
