/* SPDX-License-Identifier: MIT */
/*
 * DRM_IOCTL_I915_QUERY (uapi-conformance §31, QY1–QY22) on whatever device
 * this is: the ioctl's own checks, the per-item errors, and answers that
 * agree with the rest of the uAPI (the topology with GETPARAM's SSEU values,
 * the engines with the rings execbuffer runs, one system-memory region on an
 * integrated part). Nothing here assumes a size or a fuse value, so it runs
 * unchanged on real hardware; all_devids.sh runs it on every model.
 */
#define _GNU_SOURCE
#include <sys/mman.h>

#include "tests/i915/i915_test.h"

static int query(int fd, struct drm_i915_query_item *items, uint32_t n, uint32_t flags)
{
	struct drm_i915_query q = { .num_items = n, .flags = flags, .items_ptr = (uintptr_t)items };
	return ioctl(fd, DRM_IOCTL_I915_QUERY, &q);
}

/* One item: its answer (a length or -errno). */
static int query_one(int fd, uint64_t id, uint32_t flags, void *data, int32_t length)
{
	struct drm_i915_query_item it = { .query_id = id, .flags = flags, .length = length,
					  .data_ptr = (uintptr_t)data };
	ASSERT_OK(query(fd, &it, 1, 0));
	return it.length;
}

/* A page-aligned zeroed buffer of the item's size, with the size in *len. */
static void *query_alloc(int fd, uint64_t id, uint32_t flags, int *len)
{
	*len = query_one(fd, id, flags, NULL, 0);
	if (*len <= 0)
		return NULL;
	void *p = calloc(1, (size_t)*len);
	ASSERT(p);
	return p;
}

/* The generation of a device model the shim emulates (real parts of those families too), or 0
 * for any other device, about which these tests assume nothing generation-specific. */
static int known_gen(int fd)
{
	switch (i915_devid(fd) >> 8) {
	case 0x27: case 0x29: case 0x2a: case 0x01: case 0x04: case 0x16: case 0x19: case 0x8a:
		return i915_gen(fd);
	default:
		return 0;
	}
}

static bool getparam(int fd, int param, int *value)
{
	struct drm_i915_getparam gp = { .param = param, .value = value };
	return ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0;
}

/* A bad pointer: the start of a page mapped with no access. */
static void *bad_ptr(void)
{
	void *p = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT(p != MAP_FAILED);
	return p;
}

/* QY1, QY2, QY3, QY22: the query's flags must be 0; no items is success without reading
 * items_ptr; an unreadable item array is EFAULT. i915_open() is a render node: the query is
 * allowed there. */
TEST(query_arguments)
{
	int fd = i915_open();
	struct drm_i915_query_item it = { .query_id = DRM_I915_QUERY_ENGINE_INFO };
	ASSERT_ERRNO(query(fd, &it, 1, 1), EINVAL);
	ASSERT_OK(query(fd, bad_ptr(), 0, 0));
	ASSERT_ERRNO(query(fd, bad_ptr(), 1, 0), EFAULT);
	close(fd);
}

/* QY4, QY5: query_id 0 fails the ioctl with EINVAL, but the items before it have their answers;
 * an id the kernel does not know is the item's EINVAL and the ioctl succeeds. */
TEST(query_ids)
{
	int fd = i915_open();
	struct drm_i915_query_item it[2] = {
		{ .query_id = DRM_I915_QUERY_ENGINE_INFO },
		{ .query_id = 0 },
	};
	ASSERT_ERRNO(query(fd, it, 2, 0), EINVAL);
	ASSERT(it[0].length > 0);
	struct drm_i915_query_item unk[2] = { { .query_id = 0x7fff }, { .query_id = ~0ull } };
	ASSERT_OK(query(fd, unk, 2, 0));
	ASSERT_EQ(unk[0].length, -EINVAL);
	ASSERT_EQ(unk[1].length, -EINVAL);
	close(fd);
}

/* QY6, QY7, QY8, QY9: length 0 asks for the size; a shorter one is the item's EINVAL; a bad
 * data_ptr is the item's EFAULT (the ioctl succeeds); a negative length is taken as a huge one. */
TEST(item_length_rules)
{
	int fd = i915_open();
	static const uint64_t ids[] = { DRM_I915_QUERY_ENGINE_INFO, DRM_I915_QUERY_MEMORY_REGIONS };
	for (unsigned i = 0; i < ARRAY_SIZE(ids); i++) {
		int len;
		void *buf = query_alloc(fd, ids[i], 0, &len);
		ASSERT(buf);
		ASSERT_EQ(query_one(fd, ids[i], 0, buf, len - 1), -EINVAL);
		ASSERT_EQ(query_one(fd, ids[i], 0, bad_ptr(), len), -EFAULT);
		ASSERT_EQ(query_one(fd, ids[i], 0, buf, len), len);
		memset(buf, 0, (size_t)len);
		ASSERT_EQ(query_one(fd, ids[i], 0, buf, -1), len);
		free(buf);
	}
	/* Several items in one call are answered independently. */
	struct drm_i915_query_item it[3] = {
		{ .query_id = DRM_I915_QUERY_ENGINE_INFO },
		{ .query_id = 0x7fff },
		{ .query_id = DRM_I915_QUERY_MEMORY_REGIONS },
	};
	ASSERT_OK(query(fd, it, 3, 0));
	ASSERT(it[0].length > 0);
	ASSERT_EQ(it[1].length, -EINVAL);
	ASSERT(it[2].length > 0);
	close(fd);
}

static bool bit(const uint8_t *p, unsigned n)
{
	return p[n / 8] >> (n % 8) & 1;
}

/* QY10, QY11, QY12: the topology agrees with GETPARAM SLICE_MASK, SUBSLICE_MASK (slice 0),
 * SUBSLICE_TOTAL and EU_TOTAL; item flags are EINVAL; where there is no SSEU info it is ENODEV. */
TEST(topology_matches_getparam)
{
	int fd = i915_open();
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_TOPOLOGY_INFO, 1, NULL, 0), -EINVAL);
	int len;
	struct drm_i915_query_topology_info *t = query_alloc(fd, DRM_I915_QUERY_TOPOLOGY_INFO, 0, &len);
	if (!t) {
		ASSERT_EQ(len, -ENODEV);
		ASSERT(known_gen(fd) && known_gen(fd) < 8);	/* every part from Broadwell on knows its SSEU */
		SKIP_DEVICE("no SSEU info before Haswell");
	}
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_TOPOLOGY_INFO, 0, t, len), len);
	ASSERT(t->max_slices > 0 && t->max_subslices > 0 && t->max_eus_per_subslice > 0);
	ASSERT_EQ(t->subslice_offset, 1);
	ASSERT_EQ(t->subslice_stride, (t->max_subslices + 7) / 8);
	ASSERT_EQ(t->eu_offset, t->subslice_offset + t->max_slices * t->subslice_stride);
	ASSERT_EQ(t->eu_stride, (t->max_eus_per_subslice + 7) / 8);
	ASSERT_EQ(len, (int)sizeof(*t) + t->eu_offset + t->max_slices * t->max_subslices * t->eu_stride);
	ASSERT_EQ(t->flags, 0);

	const uint8_t *d = t->data;
	unsigned slices = 0, subslices = 0, eus = 0, ss0 = 0;
	for (unsigned s = 0; s < t->max_slices; s++) {
		if (!bit(d, s))
			continue;
		slices |= 1u << s;
		for (unsigned ss = 0; ss < t->max_subslices; ss++) {
			if (!bit(d + t->subslice_offset + s * t->subslice_stride, ss))
				continue;
			subslices++;
			if (s == 0)
				ss0 |= 1u << ss;
			for (unsigned eu = 0; eu < t->max_eus_per_subslice; eu++)
				eus += bit(d + t->eu_offset + (s * t->max_subslices + ss) * t->eu_stride, eu);
		}
	}
	int v;
	ASSERT(getparam(fd, I915_PARAM_SLICE_MASK, &v));
	ASSERT_EQ(slices, v);
	ASSERT(getparam(fd, I915_PARAM_SUBSLICE_TOTAL, &v));
	ASSERT_EQ(subslices, v);
	ASSERT(getparam(fd, I915_PARAM_EU_TOTAL, &v));
	ASSERT_EQ(eus, v);
	if (t->max_subslices <= 8) {
		ASSERT(getparam(fd, I915_PARAM_SUBSLICE_MASK, &v));
		ASSERT_EQ(ss0, v);
	}
	free(t);
	close(fd);
}

/* QY13: geometry subslices exist only on Xe_HP and later: ENODEV on every older part. */
TEST(geometry_subslices)
{
	int fd = i915_open();
	struct i915_engine_class_instance rcs = { I915_ENGINE_CLASS_RENDER, 0 };
	uint32_t flags;
	memcpy(&flags, &rcs, sizeof(flags));
	int r = query_one(fd, DRM_I915_QUERY_GEOMETRY_SUBSLICES, flags, NULL, 0);
	if (known_gen(fd))
		ASSERT_EQ(r, -ENODEV);
	else
		ASSERT(r == -ENODEV || r > 0);
	close(fd);
}

static int run_batch(int fd, uint32_t batch, uint64_t ring)
{
	struct drm_i915_gem_exec_object2 o = { .handle = batch };
	return gem_execbuf_ctx(fd, &o, 1, ring, 0);
}

/* The legacy ring that reaches an engine, or ~0 where the legacy selectors cannot name it. */
static uint64_t legacy_ring(const struct i915_engine_class_instance *e, unsigned nvideo)
{
	switch (e->engine_class) {
	case I915_ENGINE_CLASS_RENDER:
		return e->engine_instance == 0 ? I915_EXEC_RENDER : ~0ull;
	case I915_ENGINE_CLASS_COPY:
		return e->engine_instance == 0 ? I915_EXEC_BLT : ~0ull;
	case I915_ENGINE_CLASS_VIDEO:
		if (nvideo == 1)
			return e->engine_instance == 0 ? I915_EXEC_BSD : ~0ull;
		return e->engine_instance < 2 ? I915_EXEC_BSD | ((e->engine_instance + 1ull) << 13) : ~0ull;
	case I915_ENGINE_CLASS_VIDEO_ENHANCE:
		return e->engine_instance == 0 ? I915_EXEC_VEBOX : ~0ull;
	default:
		return ~0ull;
	}
}

/* QY14, QY15, QY16, QY17: the engines are listed once each, by class then instance, with a
 * logical instance and only their class's capability bits; the classes agree with the HAS_*
 * params, and each engine a legacy ring can name runs a batch there. Item flags, a non-zero
 * num_engines or rsvd in the caller's header are EINVAL. */
TEST(engine_info_matches_execbuf)
{
	int fd = i915_open();
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_ENGINE_INFO, 1, NULL, 0), -EINVAL);
	int len;
	struct drm_i915_query_engine_info *q = query_alloc(fd, DRM_I915_QUERY_ENGINE_INFO, 0, &len);
	ASSERT(q);
	ASSERT_EQ((len - (int)sizeof(*q)) % (int)sizeof(q->engines[0]), 0);
	unsigned n = (unsigned)(len - (int)sizeof(*q)) / sizeof(q->engines[0]);
	q->num_engines = 1;
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_ENGINE_INFO, 0, q, len), -EINVAL);
	q->num_engines = 0;
	q->rsvd[1] = 1;
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_ENGINE_INFO, 0, q, len), -EINVAL);
	q->rsvd[1] = 0;
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_ENGINE_INFO, 0, q, len), len);
	ASSERT_EQ(q->num_engines, n);

	unsigned per_class[4] = { 0 };
	static const uint32_t end[] = { MI_BATCH_BUFFER_END, MI_NOOP };
	uint32_t batch = gem_batch(fd, end, sizeof(end));
	for (unsigned i = 0; i < n; i++) {
		const struct drm_i915_engine_info *e = &q->engines[i];
		if (i) {
			const struct i915_engine_class_instance *p = &q->engines[i - 1].engine;
			ASSERT(p->engine_class < e->engine.engine_class ||
			       (p->engine_class == e->engine.engine_class &&
				p->engine_instance < e->engine.engine_instance));
		}
		ASSERT(e->flags & I915_ENGINE_INFO_HAS_LOGICAL_INSTANCE);
		ASSERT_EQ(e->rsvd0, 0);
		ASSERT_EQ(e->rsvd1[0] | e->rsvd1[1], 0);
		uint64_t allowed = 0;
		if (e->engine.engine_class == I915_ENGINE_CLASS_VIDEO)
			allowed = I915_VIDEO_CLASS_CAPABILITY_HEVC | I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC;
		else if (e->engine.engine_class == I915_ENGINE_CLASS_VIDEO_ENHANCE)
			allowed = I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC;
		ASSERT_EQ(e->capabilities & ~allowed, 0);
		if (e->engine.engine_class < 4)
			per_class[e->engine.engine_class]++;
	}
	int v = 0;
	ASSERT_EQ(per_class[I915_ENGINE_CLASS_RENDER], 1);
	ASSERT_EQ(per_class[I915_ENGINE_CLASS_COPY] > 0, getparam(fd, I915_PARAM_HAS_BLT, &v) && v > 0);
	ASSERT_EQ(per_class[I915_ENGINE_CLASS_VIDEO] > 0, getparam(fd, I915_PARAM_HAS_BSD, &v) && v > 0);
	ASSERT_EQ(per_class[I915_ENGINE_CLASS_VIDEO] > 1, getparam(fd, I915_PARAM_HAS_BSD2, &v) && v > 0);
	ASSERT_EQ(per_class[I915_ENGINE_CLASS_VIDEO_ENHANCE] > 0, getparam(fd, I915_PARAM_HAS_VEBOX, &v) && v > 0);
	for (unsigned i = 0; i < n; i++) {
		uint64_t ring = legacy_ring(&q->engines[i].engine, per_class[I915_ENGINE_CLASS_VIDEO]);
		if (ring != ~0ull)
			ASSERT_OK(run_batch(fd, batch, ring));
	}
	gem_wait(fd, batch);
	free(q);
	close(fd);
}

/* QY18, QY19: one system-memory region 0:0 whose sizes the kernel does not track (all equal to
 * probed_size); other regions only with device memory. Item flags, a non-zero num_regions or
 * rsvd in the caller's header are EINVAL. */
TEST(memory_regions)
{
	int fd = i915_open();
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_MEMORY_REGIONS, 1, NULL, 0), -EINVAL);
	int len;
	struct drm_i915_query_memory_regions *q = query_alloc(fd, DRM_I915_QUERY_MEMORY_REGIONS, 0, &len);
	ASSERT(q);
	q->num_regions = 1;
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_MEMORY_REGIONS, 0, q, len), -EINVAL);
	q->num_regions = 0;
	q->rsvd[2] = 1;
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_MEMORY_REGIONS, 0, q, len), -EINVAL);
	q->rsvd[2] = 0;
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_MEMORY_REGIONS, 0, q, len), len);
	ASSERT_EQ(len, (int)(sizeof(*q) + q->num_regions * sizeof(q->regions[0])));
	unsigned system = 0;
	for (unsigned i = 0; i < q->num_regions; i++) {
		const struct drm_i915_memory_region_info *r = &q->regions[i];
		ASSERT_EQ(r->rsvd0, 0);
		for (unsigned j = 2; j < 8; j++)
			ASSERT_EQ(r->rsvd1[j], 0);
		ASSERT(r->probed_size > 0);
		if (r->region.memory_class == I915_MEMORY_CLASS_SYSTEM) {
			system++;
			ASSERT_EQ(r->region.memory_instance, 0);
			ASSERT(r->unallocated_size == r->probed_size);
			ASSERT(r->probed_cpu_visible_size == 0 || r->probed_cpu_visible_size == r->probed_size);
			ASSERT(r->unallocated_cpu_visible_size == 0 ||
			       r->unallocated_cpu_visible_size == r->unallocated_size);
		} else {
			ASSERT_EQ(r->region.memory_class, I915_MEMORY_CLASS_DEVICE);
		}
	}
	ASSERT_EQ(system, 1);
	if (known_gen(fd))
		ASSERT_EQ(q->num_regions, 1);	/* integrated: nothing but system memory */
	free(q);
	close(fd);
}

/* QY20, QY21: PERF_CONFIG with an unknown flag is EINVAL, a known one ENODEV where perf is not
 * set up (or an answer where it is); the HWCONFIG blob is ENODEV before the parts whose GuC has one. */
TEST(perf_config_and_hwconfig)
{
	int fd = i915_open();
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_PERF_CONFIG, 0, NULL, 0), -EINVAL);
	ASSERT_EQ(query_one(fd, DRM_I915_QUERY_PERF_CONFIG, 42, NULL, 0), -EINVAL);
	int r = query_one(fd, DRM_I915_QUERY_PERF_CONFIG, DRM_I915_QUERY_PERF_CONFIG_LIST, NULL, 0);
	ASSERT(r == -ENODEV || r > 0);
	r = query_one(fd, DRM_I915_QUERY_HWCONFIG_BLOB, 0, NULL, 0);
	if (known_gen(fd))
		ASSERT_EQ(r, -ENODEV);
	else
		ASSERT(r == -ENODEV || r > 0);
	close(fd);
}

TEST_MAIN(T(query_arguments), T(query_ids), T(item_length_rules), T(topology_matches_getparam),
	  T(geometry_subslices), T(engine_info_matches_execbuf), T(memory_regions),
	  T(perf_config_and_hwconfig))
