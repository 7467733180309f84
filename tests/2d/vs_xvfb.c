/* SPDX-License-Identifier: MIT */
/*
 * The 2D layer against the X server: every request category drawn with the
 * same random arguments (fixed seed) and hand-picked corners on three
 * pixmaps of the same depth — gem2d on the blitter, gem2d with
 * GEM2D_CPU_ONLY, and Debian's Xvfb (tests/2d/xref.h) — and the three
 * compared on the depth's bits, pixel for pixel. tests/2d/models.sh runs it
 * on a gen3, a gen6 and a gen9 model, with our libdrm_intel and with
 * Debian's (vs_xvfb-debian).
 *
 * A request gem2d refuses (-EINVAL, -ENOTSUP) is not sent to the server;
 * the test counts those and fails if a category draws nothing. Xvfb is
 * started by the test and stopped after; without Xvfb the test skips.
 */
#include <errno.h>
#include <stdbool.h>

#include "tests/harness.h"
#include "tests/2d/gem2d_test.h"
#include "tests/2d/xref.h"

#define W 83
#define H 57
#define ROUNDS 120

enum cat {
	C_POINT, C_LINE, C_SEGMENT, C_RECTANGLE, C_ARC, C_POLYGON, C_FILL_RECT, C_FILL_ARC, C_COPY,
	C_COPY_PLANE, C_PUT, C_GET, C_TEXT, C_IMAGE_TEXT, C_COMPOSITE, NCAT
};
static const char *const cat_name[NCAT] = {
	"PolyPoint", "PolyLine", "PolySegment", "PolyRectangle", "PolyArc", "FillPolygon",
	"PolyFillRectangle", "PolyFillArc", "CopyArea", "CopyPlane", "PutImage", "GetImage",
	"PolyText8", "ImageText8", "Composite",
};

/* One side: a gem2d device and its pixmaps. */
struct side {
	struct t2d_dev t;
	gem2d_pixmap *dst, *tile, *tile8, *stipple, *stipple8, *src, *src2, *mask, *solid[3];
};

struct xside {
	uint32_t dst, tile, tile8, stipple, stipple8, src, src2, mask, solid[3];
};

struct world {
	int depth, src2_depth;
	struct side gpu, cpu;
	struct xref *x;
	struct xside xs;
	struct xref_font *font;
};

/* A request, generated once and applied to all three. */
struct req {
	enum cat cat;
	gem2d_gc gc;
	gem2d_rect clip[4];
	uint8_t dashes[4];
	int n;
	gem2d_point pts[24];
	gem2d_segment segs[12];
	gem2d_rect rects[8];
	gem2d_arc arcs[6];
	int a[11];			/* copy/put/get/composite arguments */
	bool self, mask;
	bool period8;			/* the tile and stipple whose sides divide 8 (the blitter's patterns) */
	uint8_t image[64 * 48 * 4];
	char text[24];
};

/* Two tiles and two stipples: of odd sides, and of sides that divide 8 (the blitter's 8x8 patterns). */
static const int tile_w = 13, tile_h = 7, st_w = 9, st_h = 11, tile8_w = 8, tile8_h = 2, st8_w = 4, st8_h = 8;

static int side_open(struct side *s, unsigned flags, int depth, int src2_depth, int tiling)
{
	memset(s, 0, sizeof(*s));
	if (t2d_open(&s->t, flags))
		return -1;
	s->dst = gem2d_pixmap_create(s->t.dev, W, H, depth, depth == 1 ? GEM2D_TILING_DEFAULT : tiling);
	s->tile = gem2d_pixmap_create(s->t.dev, tile_w, tile_h, depth, GEM2D_TILING_DEFAULT);
	s->tile8 = gem2d_pixmap_create(s->t.dev, tile8_w, tile8_h, depth, GEM2D_TILING_DEFAULT);
	s->stipple = gem2d_pixmap_create(s->t.dev, st_w, st_h, 1, GEM2D_TILING_DEFAULT);
	s->stipple8 = gem2d_pixmap_create(s->t.dev, st8_w, st8_h, 1, GEM2D_TILING_DEFAULT);
	s->src = gem2d_pixmap_create(s->t.dev, 47, 31, depth, GEM2D_TILING_DEFAULT);
	s->src2 = gem2d_pixmap_create(s->t.dev, 29, 23, src2_depth, GEM2D_TILING_DEFAULT);
	s->mask = gem2d_pixmap_create(s->t.dev, 31, 19, 8, GEM2D_TILING_DEFAULT);
	for (int i = 0; i < 3; i++)
		if (!(s->solid[i] = gem2d_pixmap_create(s->t.dev, 1, 1, 32, GEM2D_TILING_NONE)))
			return -1;
	return s->dst && s->tile && s->tile8 && s->stipple && s->stipple8 && s->src && s->src2 && s->mask ? 0 : -1;
}

static void side_close(struct side *s)
{
	gem2d_pixmap_destroy(s->dst);
	gem2d_pixmap_destroy(s->tile);
	gem2d_pixmap_destroy(s->tile8);
	gem2d_pixmap_destroy(s->stipple);
	gem2d_pixmap_destroy(s->stipple8);
	gem2d_pixmap_destroy(s->src);
	gem2d_pixmap_destroy(s->src2);
	gem2d_pixmap_destroy(s->mask);
	for (int i = 0; i < 3; i++)
		gem2d_pixmap_destroy(s->solid[i]);
	t2d_close(&s->t);
}

/* The same random contents in a pixmap of each side. */
static void fill_random(struct world *w, gem2d_pixmap *g, gem2d_pixmap *c, uint32_t xp, int width,
			int height, int depth, uint64_t seed)
{
	static uint8_t buf[64 * 64 * 4];
	gem2d_gc gc = { .function = 3, .plane_mask = ~0u };
	int stride = t2d_stride(width, depth);
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)t2d_rand(&seed);
	ASSERT_EQ(gem2d_put_image(g, &gc, GEM2D_ZPIXMAP, 0, 0, width, height, buf, stride), 0);
	ASSERT_EQ(gem2d_put_image(c, &gc, GEM2D_ZPIXMAP, 0, 0, width, height, buf, stride), 0);
	ASSERT_EQ(xref_put_image(w->x, xp, &gc, GEM2D_ZPIXMAP, 0, 0, width, height, buf, stride), 0);
}

static int world_open(struct world *w, int depth, int tiling)
{
	memset(w, 0, sizeof(*w));
	w->depth = depth;
	w->src2_depth = depth == 32 ? 24 : 32;
	w->x = xref_start();
	if (!w->x)
		return errno == ENOENT ? 77 : -1;
	if (side_open(&w->gpu, 0, depth, w->src2_depth, tiling) ||
	    side_open(&w->cpu, GEM2D_CPU_ONLY, depth, w->src2_depth, tiling))
		return -1;
	w->xs.dst = xref_pixmap(w->x, W, H, depth);
	w->xs.tile = xref_pixmap(w->x, tile_w, tile_h, depth);
	w->xs.tile8 = xref_pixmap(w->x, tile8_w, tile8_h, depth);
	w->xs.stipple = xref_pixmap(w->x, st_w, st_h, 1);
	w->xs.stipple8 = xref_pixmap(w->x, st8_w, st8_h, 1);
	w->xs.src = xref_pixmap(w->x, 47, 31, depth);
	w->xs.src2 = xref_pixmap(w->x, 29, 23, w->src2_depth);
	w->xs.mask = xref_pixmap(w->x, 31, 19, 8);
	for (int i = 0; i < 3; i++)
		w->xs.solid[i] = xref_pixmap(w->x, 1, 1, 32);
	w->font = xref_font_open(w->x, "6x13");
	if (!w->xs.dst || !w->xs.tile || !w->xs.tile8 || !w->xs.stipple || !w->xs.stipple8 || !w->xs.src || !w->xs.src2 || !w->xs.mask || !w->font)
		return -1;
	fill_random(w, w->gpu.tile, w->cpu.tile, w->xs.tile, tile_w, tile_h, depth, 1);
	fill_random(w, w->gpu.tile8, w->cpu.tile8, w->xs.tile8, tile8_w, tile8_h, depth, 8);
	fill_random(w, w->gpu.stipple, w->cpu.stipple, w->xs.stipple, st_w, st_h, 1, 2);
	fill_random(w, w->gpu.stipple8, w->cpu.stipple8, w->xs.stipple8, st8_w, st8_h, 1, 7);
	fill_random(w, w->gpu.src, w->cpu.src, w->xs.src, 47, 31, depth, 3);
	fill_random(w, w->gpu.src2, w->cpu.src2, w->xs.src2, 29, 23, w->src2_depth, 4);
	fill_random(w, w->gpu.mask, w->cpu.mask, w->xs.mask, 31, 19, 8, 5);
	fill_random(w, w->gpu.dst, w->cpu.dst, w->xs.dst, W, H, depth, 6);
	{
		/* solid sources: opaque, transparent, translucent (premultiplied) */
		static const uint32_t colours[3] = { 0xff3366ccu, 0x00000000u, 0x80402010u };
		gem2d_gc gc = { .function = 3, .plane_mask = ~0u };
		for (int i = 0; i < 3; i++) {
			ASSERT_EQ(gem2d_put_image(w->gpu.solid[i], &gc, GEM2D_ZPIXMAP, 0, 0, 1, 1, &colours[i], 4), 0);
			ASSERT_EQ(gem2d_put_image(w->cpu.solid[i], &gc, GEM2D_ZPIXMAP, 0, 0, 1, 1, &colours[i], 4), 0);
			ASSERT_EQ(xref_put_image(w->x, w->xs.solid[i], &gc, GEM2D_ZPIXMAP, 0, 0, 1, 1, &colours[i], 4), 0);
		}
	}
	return 0;
}

static void world_close(struct world *w)
{
	if (w->font)
		xref_font_close(w->font);
	if (w->x)
		xref_stop(w->x);
	side_close(&w->gpu);
	side_close(&w->cpu);
}

static int16_t rx(uint64_t *r, int margin)
{
	return (int16_t)t2d_range(r, -margin, W + margin);
}

static int16_t ry(uint64_t *r, int margin)
{
	return (int16_t)t2d_range(r, -margin, H + margin);
}

static void random_req(struct req *q, enum cat cat, uint64_t *r, int depth)
{
	gem2d_gc *gc = &q->gc;
	memset(q, 0, sizeof(*q));
	q->cat = cat;
	gc->function = (uint8_t)(t2d_range(r, 0, 2) ? t2d_range(r, 0, 15) : 3);
	gc->plane_mask = t2d_range(r, 0, 4) ? ~0u : t2d_rand(r) | t2d_rand(r) << 16;
	gc->foreground = t2d_rand(r) | t2d_rand(r) << 16;
	gc->background = t2d_rand(r) | t2d_rand(r) << 16;
	gc->cap_style = (uint8_t)t2d_range(r, 0, 3);
	gc->fill_style = (uint8_t)(t2d_range(r, 0, 1) ? 0 : t2d_range(r, 1, 3));
	gc->fill_rule = (uint8_t)t2d_range(r, 0, 1);
	gc->arc_mode = (uint8_t)t2d_range(r, 0, 1);
	gc->ts_x_origin = (int16_t)t2d_range(r, -15, 15);
	gc->ts_y_origin = (int16_t)t2d_range(r, -15, 15);
	q->period8 = t2d_range(r, 0, 1);
	if (t2d_range(r, 0, 3) == 0) {
		int nd = t2d_range(r, 1, 4);
		for (int i = 0; i < nd; i++)
			q->dashes[i] = (uint8_t)t2d_range(r, 1, 5);
		gc->line_style = (uint8_t)t2d_range(r, 1, 2);
		gc->dashes = q->dashes;
		gc->n_dashes = nd;
		gc->dash_offset = (uint16_t)t2d_range(r, 0, 7);
	}
	if (t2d_range(r, 0, 2) == 0) {
		gc->n_clip = t2d_range(r, 0, 4);
		for (int i = 0; i < gc->n_clip; i++)
			q->clip[i] = (gem2d_rect){ rx(r, 10), ry(r, 10), (uint16_t)t2d_range(r, 0, 50),
						   (uint16_t)t2d_range(r, 0, 40) };
		gc->clip = q->clip;
	}
	switch (cat) {
	case C_POINT:
	case C_LINE:
	case C_POLYGON:
		q->n = t2d_range(r, 1, cat == C_POINT ? 24 : 8);
		for (int i = 0; i < q->n; i++)
			q->pts[i] = (gem2d_point){ rx(r, t2d_range(r, 0, 3) ? 10 : 300), ry(r, 10) };
		if (cat == C_LINE && t2d_range(r, 0, 3) == 0)
			q->pts[q->n - 1] = q->pts[0];	/* closed */
		break;
	case C_SEGMENT:
		q->n = t2d_range(r, 1, 12);
		for (int i = 0; i < q->n; i++)
			q->segs[i] = (gem2d_segment){ rx(r, 20), ry(r, 20), rx(r, 20), ry(r, 20) };
		break;
	case C_RECTANGLE:
	case C_FILL_RECT:
		q->n = t2d_range(r, 1, 8);
		for (int i = 0; i < q->n; i++)
			q->rects[i] = (gem2d_rect){ rx(r, 15), ry(r, 15), (uint16_t)t2d_range(r, 0, 60),
						    (uint16_t)t2d_range(r, 0, 45) };
		break;
	case C_ARC:
	case C_FILL_ARC:
		q->n = t2d_range(r, 1, 6);
		for (int i = 0; i < q->n; i++) {
			int sz = t2d_range(r, 0, 60);
			q->arcs[i] = (gem2d_arc){ rx(r, 20), ry(r, 20), (uint16_t)sz,
						  (uint16_t)(t2d_range(r, 0, 1) ? sz : t2d_range(r, 0, 60)),
						  (int16_t)t2d_range(r, -720 * 64, 720 * 64),
						  (int16_t)(t2d_range(r, 0, 3) ? t2d_range(r, -400 * 64, 400 * 64)
									       : 360 * 64) };
		}
		break;
	case C_COPY:
		q->self = t2d_range(r, 0, 1);
		q->a[0] = t2d_range(r, -8, 50);
		q->a[1] = t2d_range(r, -8, 40);
		q->a[2] = t2d_range(r, 0, 60);
		q->a[3] = t2d_range(r, 0, 45);
		q->a[4] = t2d_range(r, -10, W);
		q->a[5] = t2d_range(r, -10, H);
		break;
	case C_COPY_PLANE:
		q->self = t2d_range(r, 0, 1);	/* 1: from the stipple (depth 1) */
		for (int i = 0; i < 6; i++)
			q->a[i] = i < 2 ? t2d_range(r, -5, 30) : i < 4 ? t2d_range(r, 0, 40) : t2d_range(r, -10, 70);
		q->a[6] = 1 << t2d_range(r, 0, depth - 1);
		break;
	case C_PUT:
		q->a[0] = t2d_range(r, 0, 3) ? GEM2D_ZPIXMAP : GEM2D_XYBITMAP;
		q->a[1] = t2d_range(r, -10, W - 5);
		q->a[2] = t2d_range(r, -10, H - 5);
		q->a[3] = t2d_range(r, 1, 60);
		q->a[4] = t2d_range(r, 1, 40);
		q->a[5] = t2d_stride(q->a[3], q->a[0] == GEM2D_XYBITMAP ? 1 : depth) + 4 * t2d_range(r, 0, 2);
		for (size_t i = 0; i < sizeof(q->image); i++)
			q->image[i] = (uint8_t)t2d_rand(r);
		break;
	case C_GET:
		q->a[0] = t2d_range(r, 0, W - 1);
		q->a[1] = t2d_range(r, 0, H - 1);
		q->a[2] = t2d_range(r, 1, W - q->a[0]);
		q->a[3] = t2d_range(r, 1, H - q->a[1]);
		q->a[4] = (int)(t2d_range(r, 0, 2) ? ~0u : t2d_rand(r) | t2d_rand(r) << 16);
		break;
	case C_TEXT:
	case C_IMAGE_TEXT:
		q->n = t2d_range(r, 1, 20);
		for (int i = 0; i < q->n; i++)
			q->text[i] = (char)t2d_range(r, 32, 126);
		q->a[0] = t2d_range(r, -20, W);
		q->a[1] = t2d_range(r, -5, H + 10);
		break;
	case C_COMPOSITE: {
		static const int ops[] = { 0, 1, 3, 12, 3, 1 };
		q->a[0] = ops[t2d_range(r, 0, 5)];
		q->self = t2d_range(r, 0, 1);	/* source: src (same depth) or src2 */
		q->a[10] = t2d_range(r, 0, 2) == 0 ? t2d_range(r, 1, 3) : 0;	/* or solid 1..3 */
		q->mask = t2d_range(r, 0, 3) == 0;
		q->a[1] = t2d_range(r, -5, 30);
		q->a[2] = t2d_range(r, -5, 20);
		q->a[3] = t2d_range(r, 0, 20);
		q->a[4] = t2d_range(r, 0, 10);
		q->a[5] = t2d_range(r, -10, W);
		q->a[6] = t2d_range(r, -10, H);
		q->a[7] = t2d_range(r, 0, 50);
		q->a[8] = t2d_range(r, 0, 40);
		q->a[9] = t2d_range(r, 0, 3) == 0;	/* repeat */
		break;
	}
	default:
		break;
	}
}

/* The glyphs of the server font for the text, as the server draws them. */
static int glyphs_of(struct world *w, const struct req *q, const gem2d_glyph **out)
{
	int n = 0;
	for (int i = 0; i < q->n; i++) {
		const gem2d_glyph *g = xref_font_glyph(w->font, (uint8_t)q->text[i]);
		if (g)
			out[n++] = g;
	}
	return n;
}

static uint8_t got[3][64 * 48 * 4];

static int apply_gem2d(struct world *w, struct side *s, const struct req *q, int which)
{
	gem2d_gc gc = q->gc;
	const gem2d_glyph *gl[24];
	gc.tile = q->period8 ? s->tile8 : s->tile;
	gc.stipple = q->period8 ? s->stipple8 : s->stipple;
	switch (q->cat) {
	case C_POINT:
		return gem2d_poly_point(s->dst, &gc, q->n, q->pts);
	case C_LINE:
		return gem2d_poly_line(s->dst, &gc, q->n, q->pts);
	case C_SEGMENT:
		return gem2d_poly_segment(s->dst, &gc, q->n, q->segs);
	case C_RECTANGLE:
		return gem2d_poly_rectangle(s->dst, &gc, q->n, q->rects);
	case C_ARC:
		return gem2d_poly_arc(s->dst, &gc, q->n, q->arcs);
	case C_POLYGON:
		return gem2d_fill_polygon(s->dst, &gc, q->n, q->pts);
	case C_FILL_RECT:
		return gem2d_poly_fill_rectangle(s->dst, &gc, q->n, q->rects);
	case C_FILL_ARC:
		return gem2d_poly_fill_arc(s->dst, &gc, q->n, q->arcs);
	case C_COPY:
		return gem2d_copy_area(q->self ? s->dst : s->src, s->dst, &gc, q->a[0], q->a[1], q->a[2], q->a[3],
				       q->a[4], q->a[5]);
	case C_COPY_PLANE:
		return gem2d_copy_plane(q->self ? s->stipple : s->src, s->dst, &gc, q->a[0], q->a[1], q->a[2],
					q->a[3], q->a[4], q->a[5], q->self ? 1u : (uint32_t)q->a[6]);
	case C_PUT:
		return gem2d_put_image(s->dst, &gc, q->a[0], q->a[1], q->a[2], q->a[3], q->a[4], q->image, q->a[5]);
	case C_GET:
		memset(got[which], 0, sizeof(got[which]));
		return gem2d_get_image(s->dst, q->a[0], q->a[1], q->a[2], q->a[3], (uint32_t)q->a[4], got[which],
				       t2d_stride(q->a[2], w->depth));
	case C_TEXT:
		return gem2d_poly_glyphs(s->dst, &gc, q->a[0], q->a[1], glyphs_of(w, q, gl), gl);
	case C_IMAGE_TEXT:
		return gem2d_image_glyphs(s->dst, &gc, q->a[0], q->a[1], glyphs_of(w, q, gl), gl,
					  xref_font_ascent(w->font), xref_font_descent(w->font));
	case C_COMPOSITE:
		if (q->a[10])
			return gem2d_composite(q->a[0], s->solid[q->a[10] - 1], true, q->mask ? s->mask : NULL, s->dst, 0, 0,
					       q->a[3], q->a[4], q->a[5], q->a[6], q->a[7], q->a[8]);
		return gem2d_composite(q->a[0], q->self ? s->src : s->src2, q->a[9], q->mask ? s->mask : NULL, s->dst,
				       q->a[1], q->a[2], q->a[3], q->a[4], q->a[5], q->a[6], q->a[7], q->a[8]);
	default:
		return -EINVAL;
	}
}

static int apply_x(struct world *w, const struct req *q)
{
	struct xref *x = w->x;
	const struct xside *s = &w->xs;
	const gem2d_gc *gc = &q->gc;
	uint32_t st = q->period8 ? s->stipple8 : s->stipple, tl = q->period8 ? s->tile8 : s->tile;
	switch (q->cat) {
	case C_POINT:
		return xref_poly_point(x, s->dst, gc, tl, st, q->n, q->pts);
	case C_LINE:
		return xref_poly_line(x, s->dst, gc, tl, st, q->n, q->pts);
	case C_SEGMENT:
		return xref_poly_segment(x, s->dst, gc, tl, st, q->n, q->segs);
	case C_RECTANGLE:
		return xref_poly_rectangle(x, s->dst, gc, tl, st, q->n, q->rects);
	case C_ARC:
		return xref_poly_arc(x, s->dst, gc, tl, st, q->n, q->arcs);
	case C_POLYGON:
		return xref_fill_polygon(x, s->dst, gc, tl, st, q->n, q->pts);
	case C_FILL_RECT:
		return xref_poly_fill_rectangle(x, s->dst, gc, tl, st, q->n, q->rects);
	case C_FILL_ARC:
		return xref_poly_fill_arc(x, s->dst, gc, tl, st, q->n, q->arcs);
	case C_COPY:
		return xref_copy_area(x, q->self ? s->dst : s->src, s->dst, gc, tl, st, q->a[0], q->a[1],
				      q->a[2], q->a[3], q->a[4], q->a[5]);
	case C_COPY_PLANE:
		return xref_copy_plane(x, q->self ? s->stipple : s->src, s->dst, gc, tl, st, q->a[0],
				       q->a[1], q->a[2], q->a[3], q->a[4], q->a[5], q->self ? 1u : (uint32_t)q->a[6]);
	case C_PUT:
		return xref_put_image(x, s->dst, gc, q->a[0], q->a[1], q->a[2], q->a[3], q->a[4], q->image, q->a[5]);
	case C_GET:
		memset(got[2], 0, sizeof(got[2]));
		return xref_get_image(x, s->dst, q->a[0], q->a[1], q->a[2], q->a[3], (uint32_t)q->a[4], got[2],
				      t2d_stride(q->a[2], w->depth));
	case C_TEXT:
		return xref_poly_text8(x, s->dst, gc, tl, st, w->font, q->a[0], q->a[1], q->text, q->n);
	case C_IMAGE_TEXT:
		return xref_image_text8(x, s->dst, gc, tl, st, w->font, q->a[0], q->a[1], q->text, q->n);
	case C_COMPOSITE:
		if (q->a[10])
			return xref_composite(x, q->a[0], s->solid[q->a[10] - 1], 32, true, q->mask ? s->mask : 0, 8, s->dst,
					      w->depth, 0, 0, q->a[3], q->a[4], q->a[5], q->a[6], q->a[7], q->a[8]);
		return xref_composite(x, q->a[0], q->self ? s->src : s->src2, q->self ? w->depth : w->src2_depth,
				      q->a[9], q->mask ? s->mask : 0, 8, s->dst, w->depth, q->a[1], q->a[2], q->a[3],
				      q->a[4], q->a[5], q->a[6], q->a[7], q->a[8]);
	default:
		return -EINVAL;
	}
}

static long compare_dst(struct world *w, const char *what)
{
	int stride = t2d_stride(W, w->depth);
	uint8_t *g = calloc(H, (size_t)stride), *c = calloc(H, (size_t)stride), *x = calloc(H, (size_t)stride);
	long bad;
	ASSERT(g && c && x);
	ASSERT_EQ(gem2d_get_image(w->gpu.dst, 0, 0, W, H, ~0u, g, stride), 0);
	ASSERT_EQ(gem2d_get_image(w->cpu.dst, 0, 0, W, H, ~0u, c, stride), 0);
	ASSERT_EQ(xref_get_image(w->x, w->xs.dst, 0, 0, W, H, ~0u, x, stride), 0);
	bad = t2d_diff(what, g, x, W, H, w->depth);
	if (bad)
		printf("# %s: %ld pixels of the blitter path differ from Xvfb\n", what, bad);
	{
		long b2 = t2d_diff(what, c, x, W, H, w->depth);
		if (b2)
			printf("# %s: %ld pixels of the CPU path differ from Xvfb\n", what, b2);
		bad += b2;
	}
	free(g);
	free(c);
	free(x);
	return bad;
}

static void run(enum cat cat, int depth, int tiling)
{
	struct world w;
	uint64_t r = 0x9e3779b97f4a7c15ull ^ (uint64_t)(cat * 1000 + depth * 10 + tiling);
	int drawn = 0, refused = 0, rounds = getenv("T2D_ROUNDS") ? atoi(getenv("T2D_ROUNDS")) : ROUNDS;
	long bad = 0;
	char what[96];
	int ret = world_open(&w, depth, tiling);
	if (ret == 77) {
		world_close(&w);
		SKIP("Xvfb is not installed");
	}
	ASSERT_EQ(ret, 0);
	snprintf(what, sizeof(what), "%s depth %d tiling %d", cat_name[cat], depth, tiling);
	for (int i = 0; i < rounds && !bad; i++) {
		static struct req q;
		int rg, rc, rxv;
		random_req(&q, cat, &r, depth);
		rg = apply_gem2d(&w, &w.gpu, &q, 0);
		rc = apply_gem2d(&w, &w.cpu, &q, 1);
		if (rg != rc)
			TEST_FAIL("%s round %d: blitter path %d, CPU path %d", what, i, rg, rc);
		if (rg) {
			if (rg != -EINVAL && rg != -ENOTSUP)
				TEST_FAIL("%s round %d: %d", what, i, rg);
			refused++;
			continue;
		}
		rxv = apply_x(&w, &q);
		if (rxv)
			TEST_FAIL("%s round %d: gem2d drew, the server said %d", what, i, rxv);
		drawn++;
		if (cat == C_GET) {
			int stride = t2d_stride(q.a[2], depth);
			bad += t2d_diff(what, got[0], got[2], q.a[2], q.a[3], depth);
			bad += t2d_diff(what, got[1], got[2], q.a[2], q.a[3], depth);
			(void)stride;
		}
		if (i % 10 == 9 || i == rounds - 1 || getenv("T2D_EACH")) {
			long b = compare_dst(&w, what);
			if (b)
				printf("# first difference by round %d: function %d, plane mask 0x%x, line style %d, "
				       "cap %d, fill style %d, fill rule %d, arc mode %d, %d clip rectangles, n %d\n",
				       i, q.gc.function, q.gc.plane_mask, q.gc.line_style, q.gc.cap_style,
				       q.gc.fill_style, q.gc.fill_rule, q.gc.arc_mode, q.gc.n_clip, q.n);
			bad += b;
		}
	}
	{
		gem2d_stats st;
		gem2d_get_stats(w.gpu.t.dev, &st);
		printf("# %s: %d drawn, %d refused; blitter path %lu requests in %lu batches, %lu on the CPU\n", what,
		       drawn, refused, (unsigned long)st.gpu_requests, (unsigned long)st.batches,
		       (unsigned long)st.cpu_requests);
	}
	world_close(&w);
	ASSERT_EQ(bad, 0);
	ASSERT(drawn > 0);
}

#define CASE(name, cat, depth, tiling) TEST(name) { run(cat, depth, tiling); }
CASE(point_24, C_POINT, 24, GEM2D_TILING_X)
CASE(point_1, C_POINT, 1, GEM2D_TILING_DEFAULT)
CASE(line_8, C_LINE, 8, GEM2D_TILING_NONE)
CASE(line_32, C_LINE, 32, GEM2D_TILING_X)
CASE(segment_16, C_SEGMENT, 16, GEM2D_TILING_X)
CASE(rectangle_24, C_RECTANGLE, 24, GEM2D_TILING_NONE)
CASE(arc_8, C_ARC, 8, GEM2D_TILING_X)
CASE(arc_32, C_ARC, 32, GEM2D_TILING_NONE)
CASE(polygon_16, C_POLYGON, 16, GEM2D_TILING_NONE)
CASE(polygon_24, C_POLYGON, 24, GEM2D_TILING_X)
CASE(fill_rect_8, C_FILL_RECT, 8, GEM2D_TILING_X)
CASE(fill_rect_15, C_FILL_RECT, 15, GEM2D_TILING_NONE)
CASE(fill_rect_32, C_FILL_RECT, 32, GEM2D_TILING_X)
CASE(fill_rect_1, C_FILL_RECT, 1, GEM2D_TILING_DEFAULT)
CASE(fill_arc_24, C_FILL_ARC, 24, GEM2D_TILING_X)
CASE(copy_8, C_COPY, 8, GEM2D_TILING_X)
CASE(copy_16, C_COPY, 16, GEM2D_TILING_NONE)
CASE(copy_32, C_COPY, 32, GEM2D_TILING_X)
CASE(copy_plane_24, C_COPY_PLANE, 24, GEM2D_TILING_X)
CASE(copy_plane_8, C_COPY_PLANE, 8, GEM2D_TILING_NONE)
CASE(put_8, C_PUT, 8, GEM2D_TILING_NONE)
CASE(put_16, C_PUT, 16, GEM2D_TILING_X)
CASE(put_24, C_PUT, 24, GEM2D_TILING_X)
CASE(put_1, C_PUT, 1, GEM2D_TILING_DEFAULT)
CASE(get_32, C_GET, 32, GEM2D_TILING_X)
CASE(get_16, C_GET, 16, GEM2D_TILING_NONE)
CASE(text_24, C_TEXT, 24, GEM2D_TILING_X)
CASE(image_text_16, C_IMAGE_TEXT, 16, GEM2D_TILING_X)
CASE(composite_32, C_COMPOSITE, 32, GEM2D_TILING_X)
CASE(composite_24, C_COMPOSITE, 24, GEM2D_TILING_NONE)
CASE(composite_16, C_COMPOSITE, 16, GEM2D_TILING_X)
CASE(composite_8, C_COMPOSITE, 8, GEM2D_TILING_NONE)

TEST_MAIN(T(point_24), T(point_1), T(line_8), T(line_32), T(segment_16), T(rectangle_24), T(arc_8), T(arc_32),
	  T(polygon_16), T(polygon_24), T(fill_rect_8), T(fill_rect_15), T(fill_rect_32), T(fill_rect_1),
	  T(fill_arc_24), T(copy_8), T(copy_16), T(copy_32), T(copy_plane_24), T(copy_plane_8), T(put_8),
	  T(put_16), T(put_24), T(put_1), T(get_32), T(get_16), T(text_24), T(image_text_16), T(composite_32),
	  T(composite_24), T(composite_16), T(composite_8))
