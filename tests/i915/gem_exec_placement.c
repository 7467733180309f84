/* SPDX-License-Identifier: MIT */
/*
 * Where EXECBUFFER2 puts objects, under churn and at scale (uapi-conformance
 * §27, X29 and X52–X61): a seeded random workload of creates, closes and
 * execbufs with alignments, padding, 32- and 48-bit zones and softpinned
 * objects, whose every answer must be a placement i915 could give: aligned,
 * inside its zone, no two objects of one execbuf overlapping, a pinned
 * object where it was pinned, an object kept where it was while nothing
 * pushes it; and lists of ten thousand objects. Kernel-agnostic (full
 * PPGTT, gen8+).
 *
 * With PLACEMENT_LOG=file the workload also writes every answer there, one
 * line per execbuf, so two builds of the shim can be compared answer for
 * answer.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include "tests/i915/i915_test.h"

static const uint32_t end_cmds[] = { MI_BATCH_BUFFER_END, MI_NOOP };

#define POOL 48
#define LOW_4G_END ((1ull << 32) - 4096)

struct pool_obj {
	uint32_t handle;
	uint64_t size;
	uint64_t offset;	/* where the last execbuf put it (0: never) */
};

static uint64_t rnd_state;

static uint32_t rnd(void)
{
	rnd_state = rnd_state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rnd_state >> 33);
}

static bool overlap(uint64_t a, uint64_t as, uint64_t b, uint64_t bs)
{
	return a < b + bs && b < a + as;
}

/* One random execbuf of k pool objects and a batch; checks what comes back. */
static void one_exec(int fd, struct pool_obj *pool, uint32_t batch, FILE *log)
{
	struct drm_i915_gem_exec_object2 o[17];
	uint64_t need[17];
	unsigned k = 1 + rnd() % 16, n = 0;
	bool taken[POOL] = { false };
	for (unsigned i = 0; i < k; i++) {
		unsigned pick = rnd() % POOL;
		while (taken[pick])	/* each object once: its flags are one entry's */
			pick = (pick + 1) % POOL;
		taken[pick] = true;
		struct pool_obj *p = &pool[pick];
		struct drm_i915_gem_exec_object2 *e = &o[n];
		memset(e, 0, sizeof(*e));
		e->handle = p->handle;
		e->offset = p->offset;
		unsigned r = rnd() % 16;
		if (r < 3)
			e->alignment = 4096ull << (rnd() % 6);
		if (r == 3) {
			e->flags |= EXEC_OBJECT_PAD_TO_SIZE;
			e->pad_to_size = p->size + 4096ull * (1 + rnd() % 8);
		}
		if (rnd() % 4)
			e->flags |= EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
		if (r == 4) {
			e->flags |= EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
			e->offset = (uint64_t)(rnd() % 4096) << 16;
		} else if (r == 5) {
			e->offset = (uint64_t)(rnd() % 4096) << 12;	/* a hint (X61) */
		}
		need[n] = e->pad_to_size > p->size ? e->pad_to_size : p->size;
		n++;
	}
	memset(&o[n], 0, sizeof(o[n]));
	o[n].handle = batch;
	need[n] = 4096;
	n++;
	int ret = gem_execbuf_ctx(fd, o, n, 0, 0) ? -errno : 0;
	if (log) {
		/* Objects closed while busy are unbound when freed: wait, so that two runs agree. */
		gem_wait(fd, batch);
		fprintf(log, "%d", ret);
		for (unsigned i = 0; i < n; i++)
			fprintf(log, " %u:%llx", o[i].handle, (unsigned long long)o[i].offset);
		fprintf(log, "\n");
	}
	if (ret) {
		/* Only the placement may refuse: two pinned objects that collide (X58). */
		ASSERT_EQ(ret, -ENOSPC);
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		uint64_t off = o[i].offset & ((1ull << 48) - 1);
		if (o[i].alignment)
			ASSERT_EQ(off & (o[i].alignment - 1), 0);
		ASSERT_EQ(off & 4095, 0);
		if (!(o[i].flags & EXEC_OBJECT_SUPPORTS_48B_ADDRESS))
			ASSERT(off + need[i] <= LOW_4G_END);
		for (unsigned j = 0; j < i; j++)
			if (o[j].handle != o[i].handle)
				ASSERT(!overlap(off, need[i], o[j].offset & ((1ull << 48) - 1), need[j]));
			else
				ASSERT_EQ(o[j].offset, o[i].offset);	/* one binding (X29) */
	}
	for (unsigned i = 0; i + 1 < n; i++)
		for (unsigned p = 0; p < POOL; p++)
			if (pool[p].handle == o[i].handle)
				pool[p].offset = o[i].offset;
}

TEST(random_workload)
{
	int fd = i915_open_gen8();
	const char *path = getenv("PLACEMENT_LOG");
	FILE *log = path ? fopen(path, "w") : NULL;
	struct pool_obj pool[POOL];
	uint32_t batch = gem_batch(fd, end_cmds, sizeof(end_cmds));
	rnd_state = 20261124;
	for (unsigned p = 0; p < POOL; p++) {
		pool[p].size = 4096ull * (1 + rnd() % 32);
		pool[p].handle = gem_create(fd, pool[p].size);
		pool[p].offset = 0;
	}
	for (unsigned round = 0; round < 1500; round++) {
		if (rnd() % 4 == 0) {
			/* Close one: its binding goes, leaving a hole. */
			struct pool_obj *p = &pool[rnd() % POOL];
			gem_close(fd, p->handle);
			p->size = 4096ull * (1 + rnd() % 32);
			p->handle = gem_create(fd, p->size);
			p->offset = 0;
		}
		one_exec(fd, pool, batch, log);
	}
	gem_wait(fd, batch);
	if (log)
		fclose(log);
	close(fd);
}

/* Ten thousand objects in one list: placed apart, and where they are the next time. */
TEST(ten_thousand_objects)
{
	int fd = i915_open_gen8();
	enum { N = 10000 };
	struct drm_i915_gem_exec_object2 *o = calloc(N + 1, sizeof(*o));
	ASSERT(o);
	for (unsigned i = 0; i < N; i++) {
		o[i].handle = gem_create(fd, 4096);
		o[i].flags = EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
	}
	o[N].handle = gem_batch(fd, end_cmds, sizeof(end_cmds));
	ASSERT_OK(gem_execbuf_ctx(fd, o, N + 1, 0, 0));
	uint64_t *first = calloc(N + 1, sizeof(*first));
	ASSERT(first);
	for (unsigned i = 0; i <= N; i++)
		first[i] = o[i].offset;
	/* Apart: sorted, each ends before the next begins. */
	uint64_t *sorted = calloc(N + 1, sizeof(*sorted));
	ASSERT(sorted);
	memcpy(sorted, first, (N + 1) * sizeof(*sorted));
	for (unsigned i = 1; i <= N; i++)	/* insertion sort: nearly sorted already */
		for (unsigned j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
			uint64_t t = sorted[j];
			sorted[j] = sorted[j - 1];
			sorted[j - 1] = t;
		}
	for (unsigned i = 1; i <= N; i++)
		ASSERT(sorted[i - 1] + 4096 <= sorted[i]);
	/* Again, promising the offsets: nothing moves. */
	struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)o, .buffer_count = N + 1,
					       .flags = I915_EXEC_NO_RELOC };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	for (unsigned i = 0; i <= N; i++)
		ASSERT_EQ(o[i].offset, first[i]);
	/* Every other one closed; the rest, with as many new ones, fit around each other. */
	for (unsigned i = 0; i < N; i += 2) {
		gem_close(fd, o[i].handle);
		o[i].handle = gem_create(fd, 8192);
		o[i].offset = 0;
	}
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb));
	for (unsigned i = 1; i < N; i += 2)
		ASSERT_EQ(o[i].offset, first[i]);	/* the kept ones stay */
	gem_wait(fd, o[N].handle);
	free(sorted);
	free(first);
	free(o);
	close(fd);
}

TEST_MAIN(T(random_workload), T(ten_thousand_objects))
