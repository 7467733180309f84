/* SPDX-License-Identifier: MIT */
/*
 * The blitter path equals the CPU path: the same random requests (fixed
 * seed) drawn by a device that uses the GPU and by one created with
 * GEM2D_CPU_ONLY, then every pixel compared on the depth's bits. Run on
 * several device models by tests/2d/models.sh. Each category also checks
 * through the statistics that the GPU device really drew on the blitter.
 */
#include <errno.h>

#include "tests/harness.h"
#include "tests/2d/gem2d_test.h"

#define W 97
#define H 61

struct side {
	struct t2d_dev t;
	gem2d_pixmap *dst[4];		/* linear, X, Y (gen6+), default */
	gem2d_pixmap *tile, *stipple, *other;
};

static const int tilings[4] = { GEM2D_TILING_NONE, GEM2D_TILING_X, GEM2D_TILING_Y, GEM2D_TILING_DEFAULT };

static int side_open(struct side *s, unsigned flags, int depth)
{
	memset(s, 0, sizeof(*s));
	if (t2d_open(&s->t, flags))
		return -1;
	for (int i = 0; i < 4; i++) {
		s->dst[i] = gem2d_pixmap_create(s->t.dev, W, H, depth, tilings[i]);
		if (!s->dst[i] && tilings[i] != GEM2D_TILING_Y)
			return -1;
	}
	s->tile = gem2d_pixmap_create(s->t.dev, 13, 9, depth, GEM2D_TILING_NONE);
	s->stipple = gem2d_pixmap_create(s->t.dev, 11, 7, 1, GEM2D_TILING_DEFAULT);
	s->other = gem2d_pixmap_create(s->t.dev, 40, 30, depth, GEM2D_TILING_X);
	return s->tile && s->stipple && s->other ? 0 : -1;
}

static void side_close(struct side *s)
{
	for (int i = 0; i < 4; i++)
		gem2d_pixmap_destroy(s->dst[i]);
	gem2d_pixmap_destroy(s->tile);
	gem2d_pixmap_destroy(s->stipple);
	gem2d_pixmap_destroy(s->other);
	t2d_close(&s->t);
}

/* Deterministic contents for the tile, stipple and other pixmaps. */
static void side_seed(struct side *s, int depth)
{
	uint8_t buf[64 * 64 * 4];
	uint64_t r = 99;
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u };
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)t2d_rand(&r);
	gem2d_put_image(s->tile, &gc, GEM2D_ZPIXMAP, 0, 0, 13, 9, buf, 64);
	gem2d_put_image(s->stipple, &gc, GEM2D_ZPIXMAP, 0, 0, 11, 7, buf + 1000, 4);
	gem2d_put_image(s->other, &gc, GEM2D_ZPIXMAP, 0, 0, 40, 30, buf + 2000, 40 * 4);
	for (int i = 0; i < 4; i++)
		if (s->dst[i])
			gem2d_put_image(s->dst[i], &gc, GEM2D_ZPIXMAP, 0, 0, 40, 30, buf + 3000, 160);
	(void)depth;
}

static void random_gc(uint64_t *r, gem2d_gc *gc, struct side *s, gem2d_rect *clip, bool fills)
{
	memset(gc, 0, sizeof(*gc));
	gc->function = (uint8_t)t2d_range(r, 0, 15);
	gc->plane_mask = t2d_range(r, 0, 3) ? ~0u : t2d_rand(r);
	gc->foreground = t2d_rand(r) | t2d_rand(r) << 16;
	gc->background = t2d_rand(r) | t2d_rand(r) << 16;
	gc->fill_style = fills ? (uint8_t)t2d_range(r, 0, 3) : 0;
	gc->tile = s->tile;
	gc->stipple = s->stipple;
	gc->ts_x_origin = (int16_t)t2d_range(r, -20, 20);
	gc->ts_y_origin = (int16_t)t2d_range(r, -20, 20);
	if (t2d_range(r, 0, 2) == 0) {
		int n = t2d_range(r, 1, 4);
		for (int i = 0; i < n; i++)
			clip[i] = (gem2d_rect){ (int16_t)t2d_range(r, -10, W), (int16_t)t2d_range(r, -10, H),
						(uint16_t)t2d_range(r, 0, 60), (uint16_t)t2d_range(r, 0, 40) };
		gc->clip = clip;
		gc->n_clip = n;
	}
}

enum category { FILL, COPY, POINTS, PUT, TEXT, NCAT };
static const char *const names[NCAT] = { "fill", "copy", "points", "put", "text" };

static int one_op_(struct side *s, enum category cat, uint64_t *r, int which);
static int one_op(struct side *s, enum category cat, uint64_t *r, int which)
{
	uint64_t before = *r;
	int ret = one_op_(s, cat, r, which);
	if (getenv("T2D_TRACE") && !(s->t.dev == NULL)) {
		gem2d_gc gc; gem2d_rect clip[4];
		uint64_t rr = before;
		(void)t2d_range(&rr, 1, 6);
		random_gc(&rr, &gc, s, clip, cat == FILL || cat == POINTS || cat == TEXT);
		printf("# op alu %d pm %x fill %d nclip %d\n", gc.function, gc.plane_mask, gc.fill_style, gc.n_clip);
	}
	return ret;
}
static int one_op_(struct side *s, enum category cat, uint64_t *r, int which)
{
	gem2d_gc gc;
	gem2d_rect clip[4], rects[6];
	gem2d_pixmap *dst = s->dst[which];
	int n = t2d_range(r, 1, 6);
	switch (cat) {
	case FILL:
		random_gc(r, &gc, s, clip, true);
		for (int i = 0; i < n; i++)
			rects[i] = (gem2d_rect){ (int16_t)t2d_range(r, -20, W), (int16_t)t2d_range(r, -20, H),
						 (uint16_t)t2d_range(r, 0, 70), (uint16_t)t2d_range(r, 0, 50) };
		return gem2d_poly_fill_rectangle(dst, &gc, n, rects);
	case COPY: {
		gem2d_pixmap *src = t2d_range(r, 0, 1) ? dst : s->other;
		random_gc(r, &gc, s, clip, false);
		return gem2d_copy_area(src, dst, &gc, t2d_range(r, -10, 50), t2d_range(r, -10, 40),
				       t2d_range(r, 0, 60), t2d_range(r, 0, 40), t2d_range(r, -10, W),
				       t2d_range(r, -10, H));
	}
	case POINTS: {
		gem2d_point pts[40];
		int np = t2d_range(r, 1, 40);
		random_gc(r, &gc, s, clip, true);
		for (int i = 0; i < np; i++)
			pts[i] = (gem2d_point){ (int16_t)t2d_range(r, -3, W + 3), (int16_t)t2d_range(r, -3, H + 3) };
		return gem2d_poly_point(dst, &gc, np, pts);
	}
	case PUT: {
		static uint8_t img[80 * 60 * 4 + 64];
		int w = t2d_range(r, 1, 70), h = t2d_range(r, 1, 50), off = t2d_range(r, 0, 3) * 4;
		int stride = w * 4 + t2d_range(r, 0, 3) * 4;
		for (size_t i = 0; i < sizeof(img); i++)
			img[i] = (uint8_t)t2d_rand(r);
		random_gc(r, &gc, s, clip, false);
		return gem2d_put_image(dst, &gc, t2d_range(r, 0, 1) ? GEM2D_ZPIXMAP : GEM2D_XYBITMAP,
				       t2d_range(r, -10, W - 5), t2d_range(r, -10, H - 5), w, h, img + off, stride);
	}
	case TEXT: {
		static const uint8_t bits[2][12 * 4] = {
			{ 0x18, 0, 0, 0, 0x24, 0, 0, 0, 0x42, 0, 0, 0, 0x7e, 0, 0, 0, 0x42, 0, 0, 0, 0x42, 0, 0, 0 },
			{ 0xff, 0x0f, 0, 0, 0x01, 0x08, 0, 0, 0xff, 0x0f, 0, 0, 0x01, 0x08, 0, 0 },
		};
		gem2d_glyph a = { 8, 6, 0, 6, 9, bits[0] }, b = { 12, 4, -1, 3, 13, bits[1] };
		const gem2d_glyph *line[5] = { &a, &b, &a, &a, &b };
		random_gc(r, &gc, s, clip, true);
		if (t2d_range(r, 0, 1))
			return gem2d_poly_glyphs(dst, &gc, t2d_range(r, -5, W), t2d_range(r, 0, H + 5), 5, line);
		return gem2d_image_glyphs(dst, &gc, t2d_range(r, -5, W), t2d_range(r, 0, H + 5), 5, line, 7, 2);
	}
	default:
		return -EINVAL;
	}
}

static void run_category(enum category cat, int depth)
{
	struct side gpu, cpu;
	gem2d_stats st;
	long bad = 0;
	if (side_open(&gpu, 0, depth) || side_open(&cpu, GEM2D_CPU_ONLY, depth))
		SKIP("no device");
	side_seed(&gpu, depth);
	side_seed(&cpu, depth);
	gem2d_stats_reset(gpu.t.dev);
	for (int which = 0; which < 4; which++) {
		uint64_t rg = 0x1234 + (uint64_t)cat * 77 + (uint64_t)which, rc = rg;
		if (!gpu.dst[which])
			continue;
		int nops = getenv("T2D_NOPS") ? atoi(getenv("T2D_NOPS")) : 60;
		for (int i = 0; i < nops; i++) {
			int a = one_op(&gpu, cat, &rg, which), b = one_op(&cpu, cat, &rc, which);
			if (a != b)
				TEST_FAIL("%s op %d: gpu %d cpu %d", names[cat], i, a, b);
			if (getenv("T2D_STEP")) {	/* find the first op that differs */
				uint8_t *pa = t2d_read(gpu.dst[which], W, H, depth);
				uint8_t *pb = t2d_read(cpu.dst[which], W, H, depth);
				long d = t2d_diff(names[cat], pa, pb, W, H, depth);
				free(pa);
				free(pb);
				if (d)
					TEST_FAIL("%s: tiling %d, op %d differs first", names[cat], which, i);
			}
		}
		{
			uint8_t *pa = t2d_read(gpu.dst[which], W, H, depth);
			uint8_t *pb = t2d_read(cpu.dst[which], W, H, depth);
			ASSERT(pa && pb);
			bad += t2d_diff(names[cat], pa, pb, W, H, depth);
			free(pa);
			free(pb);
		}
	}
	gem2d_get_stats(gpu.t.dev, &st);
	printf("# %s depth %d: %lu batches, %lu gpu requests, %lu cpu requests\n", names[cat], depth,
	       (unsigned long)st.batches, (unsigned long)st.gpu_requests, (unsigned long)st.cpu_requests);
	side_close(&gpu);
	side_close(&cpu);
	ASSERT_EQ(bad, 0);
	ASSERT(st.gpu_requests > 0);
}

#define CASE(cat, depth) TEST(cat##_##depth) { run_category(cat, depth); }
CASE(FILL, 8)
CASE(FILL, 16)
CASE(FILL, 24)
CASE(FILL, 32)
CASE(COPY, 8)
CASE(COPY, 16)
CASE(COPY, 32)
CASE(POINTS, 24)
CASE(PUT, 8)
CASE(PUT, 16)
CASE(PUT, 32)
CASE(TEXT, 15)
CASE(TEXT, 32)

TEST_MAIN(T(FILL_8), T(FILL_16), T(FILL_24), T(FILL_32), T(COPY_8), T(COPY_16), T(COPY_32), T(POINTS_24),
	  T(PUT_8), T(PUT_16), T(PUT_32), T(TEXT_15), T(TEXT_32))
