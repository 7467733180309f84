/* SPDX-License-Identifier: MIT */
/*
 * The 2D layer's batch writer at its edges, each checked against the CPU
 * path (GEM2D_CPU_ONLY) pixel for pixel:
 *  - requests that straddle the end of a batch at every dword offset;
 *  - more relocations and more distinct objects than one batch holds;
 *  - a CPU access (a fallback, a get image) to a pixmap the open batch
 *    writes, which must submit first;
 *  - the setup state re-emitted after a submit in the middle of a request;
 *  - a GPU wedged in the middle of a sequence (debugfs i915_wedged, as
 *    root): the failed batch is drawn again on the CPU, every later request
 *    uses the CPU, and the pixels are the same as if nothing happened.
 */
#include <errno.h>
#include <fcntl.h>

#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "tests/2d/gem2d_test.h"

#define W 211
#define H 97
#define DEBUGFS "/sys/kernel/debug/dri/0/"

struct pair {
	struct t2d_dev gpu, cpu;
	gem2d_pixmap *g, *c;
};

static void pair_open(struct pair *p, int depth, int tiling)
{
	if (t2d_open(&p->gpu, 0) || t2d_open(&p->cpu, GEM2D_CPU_ONLY))
		SKIP("no device");
	p->g = gem2d_pixmap_create(p->gpu.dev, W, H, depth, tiling);
	p->c = gem2d_pixmap_create(p->cpu.dev, W, H, depth, tiling);
	ASSERT(p->g && p->c);
}

static long pair_diff(struct pair *p, int depth, const char *what)
{
	uint8_t *a = t2d_read(p->g, W, H, depth), *b = t2d_read(p->c, W, H, depth);
	long bad;
	ASSERT(a && b);
	bad = t2d_diff(what, a, b, W, H, depth);
	free(a);
	free(b);
	return bad;
}

static void pair_close(struct pair *p)
{
	gem2d_pixmap_destroy(p->g);
	gem2d_pixmap_destroy(p->c);
	t2d_close(&p->gpu);
	t2d_close(&p->cpu);
}

/* Both sides draw the same random fills of many boxes with GXxor. */
static int both_fill(struct pair *p, uint64_t *r, int nboxes)
{
	gem2d_rect rects[64];
	gem2d_gc gc = { .function = 6 /* GXxor */, .plane_mask = ~0u, .foreground = t2d_rand(r) };
	for (int i = 0; i < nboxes; i++)
		rects[i] = (gem2d_rect){ (int16_t)t2d_range(r, -5, W), (int16_t)t2d_range(r, -5, H),
					 (uint16_t)t2d_range(r, 1, 40), (uint16_t)t2d_range(r, 1, 30) };
	int a = gem2d_poly_fill_rectangle(p->g, &gc, nboxes, rects);
	int b = gem2d_poly_fill_rectangle(p->c, &gc, nboxes, rects);
	ASSERT_EQ(a, b);
	return a;
}

static int both_copy(struct pair *p, uint64_t *r)
{
	gem2d_gc gc = { .function = (uint8_t)t2d_range(r, 0, 15), .plane_mask = ~0u };
	int sx = t2d_range(r, 0, W), sy = t2d_range(r, 0, H), w = t2d_range(r, 1, 80), h = t2d_range(r, 1, 50);
	int dx = t2d_range(r, -10, W), dy = t2d_range(r, -10, H);
	int a = gem2d_copy_area(p->g, p->g, &gc, sx, sy, w, h, dx, dy);
	int b = gem2d_copy_area(p->c, p->c, &gc, sx, sy, w, h, dx, dy);
	ASSERT_EQ(a, b);
	return a;
}

/* Thousands of small requests: every batch boundary falls somewhere new,
 * mid-request included (a solid setup then scanlines, then a submit, then
 * the setup again). */
TEST(requests_straddle_batch_ends)
{
	struct pair p;
	gem2d_stats st;
	uint64_t r = 7;
	pair_open(&p, 32, GEM2D_TILING_X);
	for (int i = 0; i < 3000; i++) {
		if (i % 3 == 2)
			ASSERT_EQ(both_copy(&p, &r), 0);
		else
			ASSERT_EQ(both_fill(&p, &r, t2d_range(&r, 1, 64)), 0);
	}
	ASSERT_EQ(pair_diff(&p, 32, "straddle"), 0);
	gem2d_get_stats(p.gpu.dev, &st);
	printf("# %lu batches, %lu dwords, %lu relocations\n", (unsigned long)st.batches,
	       (unsigned long)st.batch_dwords, (unsigned long)st.relocs);
	ASSERT(st.batches >= 5);
	ASSERT_EQ(st.cpu_requests, 0);
	pair_close(&p);
}

/* More distinct pixmaps than the batch's object table holds, and more
 * relocations than one batch takes: the writer submits and carries on. */
TEST(more_objects_and_relocations_than_a_batch)
{
	struct pair p;
	enum { N = 300 };
	gem2d_pixmap *gs[N], *cs[N];
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u };
	pair_open(&p, 16, GEM2D_TILING_NONE);
	for (int i = 0; i < N; i++) {
		gem2d_rect all = { 0, 0, 8, 8 };
		gs[i] = gem2d_pixmap_create(p.gpu.dev, 8, 8, 16, GEM2D_TILING_NONE);
		cs[i] = gem2d_pixmap_create(p.cpu.dev, 8, 8, 16, GEM2D_TILING_NONE);
		ASSERT(gs[i] && cs[i]);
		gc.foreground = 0x1111u * (uint32_t)i;
		ASSERT_EQ(gem2d_poly_fill_rectangle(gs[i], &gc, 1, &all), 0);
		ASSERT_EQ(gem2d_poly_fill_rectangle(cs[i], &gc, 1, &all), 0);
	}
	for (int round = 0; round < 20; round++)
		for (int i = 0; i < N; i++) {
			int x = (i * 7 + round * 13) % (W - 8), y = (i * 3 + round * 5) % (H - 8);
			ASSERT_EQ(gem2d_copy_area(gs[i], p.g, &gc, 0, 0, 8, 8, x, y), 0);
			ASSERT_EQ(gem2d_copy_area(cs[i], p.c, &gc, 0, 0, 8, 8, x, y), 0);
		}
	ASSERT_EQ(pair_diff(&p, 16, "objects"), 0);
	{
		gem2d_stats st;
		gem2d_get_stats(p.gpu.dev, &st);
		/* all on the blitter: no bufmgr limit was hit (that wedges) */
		ASSERT_EQ(st.cpu_requests, 0);
		ASSERT(st.batches >= 12000 / 500);
	}
	for (int i = 0; i < N; i++) {
		gem2d_pixmap_destroy(gs[i]);
		gem2d_pixmap_destroy(cs[i]);
	}
	pair_close(&p);
}

/* A CPU fallback (a plane mask) on a pixmap the open batch writes sees the
 * blitter's pixels first, and later blits see the CPU's. */
TEST(cpu_access_submits_the_open_batch)
{
	struct pair p;
	uint64_t r = 11;
	gem2d_stats st;
	pair_open(&p, 24, GEM2D_TILING_Y);
	for (int i = 0; i < 200; i++) {
		gem2d_gc gc = { .function = 6, .plane_mask = i % 4 == 3 ? 0x00f0f0f0u : ~0u,
				.foreground = t2d_rand(&r) };
		gem2d_rect rc = { (int16_t)t2d_range(&r, 0, W - 50), (int16_t)t2d_range(&r, 0, H - 30), 50, 30 };
		ASSERT_EQ(gem2d_poly_fill_rectangle(p.g, &gc, 1, &rc), 0);
		ASSERT_EQ(gem2d_poly_fill_rectangle(p.c, &gc, 1, &rc), 0);
	}
	ASSERT_EQ(pair_diff(&p, 24, "cpu access"), 0);
	gem2d_get_stats(p.gpu.dev, &st);
	ASSERT_EQ(st.fallbacks[GEM2D_FALLBACK_PLANEMASK], 50);
	ASSERT(st.gpu_requests >= 150);	/* and the clear at creation, the read back */
	pair_close(&p);
}

/* Wedged in the middle of a sequence with requests queued: the same pixels. */
TEST(wedged_gpu_gives_the_same_pixels)
{
	struct pair p;
	uint64_t r = 5;
	gem2d_stats st;
	require_debugfs_root();
	if (access(DEBUGFS "i915_wedged", W_OK) || access(DEBUGFS "i915_params/reset", W_OK))
		SKIP_MISSING("debugfs i915_wedged and i915_params/reset not writable (root)");
	pair_open(&p, 32, GEM2D_TILING_X);
	for (int i = 0; i < 300; i++) {
		if (i == 150) {
			/* queued work in the open batch, then no more GPU */
			ASSERT(test_write_text(DEBUGFS "i915_params/reset", "0"));
			ASSERT(test_write_text(DEBUGFS "i915_wedged", "-1"));
			ASSERT(test_write_text(DEBUGFS "i915_params/reset", "1"));
		}
		if (i == 160)	/* the batch with the last 10 requests fails, once */
			ASSERT_EQ(gem2d_flush(p.gpu.dev), -EIO);
		if (i % 2)
			ASSERT_EQ(both_copy(&p, &r), 0);
		else
			ASSERT_EQ(both_fill(&p, &r, t2d_range(&r, 1, 20)), 0);
	}
	ASSERT_EQ(gem2d_flush(p.gpu.dev), 0);
	ASSERT_EQ(pair_diff(&p, 32, "wedged"), 0);
	gem2d_get_stats(p.gpu.dev, &st);
	printf("# %lu requests on the blitter, %lu on the CPU after the wedge\n", (unsigned long)st.gpu_requests,
	       (unsigned long)st.fallbacks[GEM2D_FALLBACK_WEDGED]);
	ASSERT(st.fallbacks[GEM2D_FALLBACK_WEDGED] >= 100);	/* less those clipped away */
	pair_close(&p);
	ASSERT(test_write_text(DEBUGFS "i915_wedged", "-1"));	/* resets enabled: back to health */
}

TEST_MAIN(T(requests_straddle_batch_ends), T(more_objects_and_relocations_than_a_batch),
	  T(cpu_access_submits_the_open_batch), T(wedged_gpu_gives_the_same_pixels))
