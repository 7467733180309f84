/* SPDX-License-Identifier: MIT */
/*
 * xref_selftest.c: checks the reference-server harness (xref.c) itself: fills and image
 * round trips at every depth, split requests, the GC fields, glyph capture against the
 * server's own text drawing, Render, and that a killed test leaves no Xvfb behind. Prints
 * the measured server facts. Exit 0 pass, 77 skip (no Xvfb), 1 fail.
 *
 * Build (not yet in make):
 *   gcc -std=gnu11 -Wall -Wextra -Werror -I upper-layers/2d -I . tests/2d/xref.c \
 *       tests/2d/xref_selftest.c -lxcb -lxcb-render -o xref_selftest
 */
#define _GNU_SOURCE
#include "xref.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;

#define CHECK(cond, ...) do { if (!(cond)) { failures++; \
	printf("FAIL %s:%d: ", __func__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
	} while (0)
#define OK(call) do { int _r = (call); CHECK(_r == 0, "%s = %d (%s)", #call, _r, \
	strerror(-_r)); } while (0)

static const int depths[] = { 1, 8, 15, 16, 24, 32 };

static int bpp_of(int depth)
{
	return depth == 1 ? 1 : depth == 8 ? 8 : depth <= 16 ? 16 : 32;
}

static uint32_t depth_mask(int depth)
{
	return depth == 32 ? ~0u : (1u << depth) - 1;
}

static int stride_of(int w, int depth)
{
	return (w * bpp_of(depth) + 7) / 8 + 3;   /* deliberately not a tight stride */
}

static uint32_t px(const uint8_t *buf, int stride, int depth, int x, int y)
{
	const uint8_t *r = buf + (size_t)y * stride;

	switch (bpp_of(depth)) {
	case 1: return (r[x >> 3] >> (x & 7)) & 1;
	case 8: return r[x];
	case 16: return r[2 * x] | (uint32_t)r[2 * x + 1] << 8;
	default:
		return r[4 * x] | (uint32_t)r[4 * x + 1] << 8 | (uint32_t)r[4 * x + 2] << 16 |
		       (uint32_t)r[4 * x + 3] << 24;
	}
}

static uint8_t *get_all(struct xref *x, uint32_t p, int w, int h, int depth)
{
	int stride = stride_of(w, depth);
	uint8_t *buf = malloc((size_t)stride * h);
	int r;

	memset(buf, 0x5a, (size_t)stride * h);
	r = xref_get_image(x, p, 0, 0, w, h, ~0u, buf, stride);
	CHECK(r == 0, "get_image %dx%d depth %d: %d", w, h, depth, r);
	return buf;
}

static gem2d_gc copy_gc(uint32_t fg)
{
	return (gem2d_gc){ .function = 3, .plane_mask = ~0u, .foreground = fg,
			   .cap_style = 1 };
}

/* The same, for a call's argument. */
#define COPY_GC(fg) (&(gem2d_gc){ .function = 3, .plane_mask = ~0u, .foreground = (fg), \
				  .cap_style = 1 })

static uint32_t rnd(void)
{
	static uint64_t s = 0x9e3779b97f4a7c15ull;

	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	return (uint32_t)s;
}

static void facts(struct xref *x)
{
	const xcb_setup_t *s = xcb_get_setup(xref_connection(x));
	xcb_format_iterator_t it;

	printf("# display :%d, image_byte_order %s, bitmap bit order %s, unit %d, pad %d, "
	       "max request %u units\n", xref_display(x),
	       s->image_byte_order ? "MSBFirst" : "LSBFirst",
	       s->bitmap_format_bit_order ? "MSBFirst" : "LSBFirst",
	       s->bitmap_format_scanline_unit, s->bitmap_format_scanline_pad,
	       xcb_get_maximum_request_length(xref_connection(x)));
	for (it = xcb_setup_pixmap_formats_iterator(s); it.rem; xcb_format_next(&it))
		printf("# pixmap format: depth %d bpp %d pad %d\n", it.data->depth,
		       it.data->bits_per_pixel, it.data->scanline_pad);
}

static void test_fill(struct xref *x)
{
	for (size_t d = 0; d < 6; d++) {
		int depth = depths[d], w = 37, h = 23;
		uint32_t p = xref_pixmap(x, w, h, depth);
		uint32_t fg = 0xa5c3e17bu & depth_mask(depth);
		gem2d_gc gc = copy_gc(fg);
		gem2d_rect r = { 3, 4, 10, 7 };
		uint8_t *buf;
		int bad = 0;

		CHECK(p, "pixmap depth %d", depth);
		if (!p)
			continue;
		if (depth == 1)
			fg = gc.foreground = 1;
		buf = get_all(x, p, w, h, depth);
		for (int y = 0; y < h; y++)
			for (int i = 0; i < w; i++)
				bad += (px(buf, stride_of(w, depth), depth, i, y) &
					depth_mask(depth)) != 0;
		CHECK(!bad, "depth %d: new pixmap not cleared (%d pixels)", depth, bad);
		free(buf);
		OK(xref_poly_fill_rectangle(x, p, &gc, 0, 0, 1, &r));
		buf = get_all(x, p, w, h, depth);
		for (int y = 0; y < h; y++)
			for (int i = 0; i < w; i++) {
				bool in = i >= 3 && i < 13 && y >= 4 && y < 11;
				uint32_t v = px(buf, stride_of(w, depth), depth, i, y) &
					     depth_mask(depth);

				bad += v != (in ? fg : 0);
			}
		CHECK(!bad, "depth %d: fill read back wrong (%d pixels)", depth, bad);
		free(buf);
		xref_pixmap_free(x, p);
	}
}

/* Put random pixels, get them back; then a sub-rectangle at an offset. */
static void roundtrip(struct xref *x, int depth, int w, int h)
{
	int stride = stride_of(w, depth), bad = 0;
	uint32_t p = xref_pixmap(x, w, h, depth);
	uint8_t *in = malloc((size_t)stride * h), *out = malloc((size_t)stride * h);
	const gem2d_gc gc = copy_gc(0);

	CHECK(p, "pixmap %dx%d depth %d", w, h, depth);
	for (size_t i = 0; i < (size_t)stride * h; i++)
		in[i] = (uint8_t)rnd();
	OK(xref_put_image(x, p, &gc, GEM2D_ZPIXMAP, 0, 0, w, h, in, stride));
	OK(xref_get_image(x, p, 0, 0, w, h, ~0u, out, stride));
	for (int y = 0; y < h; y++)
		for (int i = 0; i < w; i++)
			bad += ((px(in, stride, depth, i, y) ^ px(out, stride, depth, i, y)) &
				depth_mask(depth)) != 0;
	CHECK(!bad, "depth %d %dx%d: %d pixels differ", depth, w, h, bad);
	if (w > 8 && h > 4) {
		/* in's pixels (0,0)..(w-6, h-4) go to (5,3); read them back from (5,3). */
		OK(xref_put_image(x, p, &gc, GEM2D_ZPIXMAP, 5, 3, w - 5, h - 3, in, stride));
		memset(out, 0, (size_t)stride * h);
		OK(xref_get_image(x, p, 5, 3, w - 5, h - 3, ~0u, out, stride));
		bad = 0;
		for (int y = 0; y < h - 3; y++)
			for (int i = 0; i < w - 5; i++)
				bad += ((px(in, stride, depth, i, y) ^ px(out, stride, depth, i, y)) &
					depth_mask(depth)) != 0;
		CHECK(!bad, "depth %d %dx%d at (5,3): %d pixels differ", depth, w, h, bad);
	}
	free(in);
	free(out);
	xref_pixmap_free(x, p);
}

static void test_roundtrip(struct xref *x)
{
	for (size_t d = 0; d < 6; d++)
		roundtrip(x, depths[d], 77, 13);
	roundtrip(x, 1, 1, 1);
	roundtrip(x, 1, 33, 5);
	/* Small request cap: rows split, and rows wider than a request split in columns. */
	xref_limit_request(x, 2048);
	roundtrip(x, 32, 200, 50);
	roundtrip(x, 1, 32001, 3);
	roundtrip(x, 8, 5003, 3);
	roundtrip(x, 16, 3001, 7);
	xref_limit_request(x, 0);
	/* Larger than the 16 MiB maximum request. */
	roundtrip(x, 32, 2100, 2100);
}

static void test_padding(struct xref *x)
{
	uint32_t p = xref_pixmap(x, 4, 1, 24);
	uint8_t buf[16] = { 0xdd, 0xcc, 0xbb, 0xaa };
	gem2d_gc gc = copy_gc(0xffffffffu);
	gem2d_rect r = { 1, 0, 1, 1 };
	uint32_t v0, v1, v2;

	OK(xref_put_image(x, p, &gc, GEM2D_ZPIXMAP, 0, 0, 1, 1, buf, 4));
	OK(xref_poly_fill_rectangle(x, p, &gc, 0, 0, 1, &r));
	OK(xref_get_image(x, p, 0, 0, 4, 1, ~0u, buf, 16));
	v0 = px(buf, 16, 24, 0, 0);
	v1 = px(buf, 16, 24, 1, 0);
	v2 = px(buf, 16, 24, 2, 0);
	printf("# depth 24 GetImage: PutImage 0xaabbccdd reads 0x%08x, fill 0xffffffff reads "
	       "0x%08x, new pixmap reads 0x%08x\n", v0, v1, v2);
	OK(xref_get_image(x, p, 0, 0, 4, 1, 0x00ffffff, buf, 16));
	printf("# depth 24 GetImage with plane mask 0x00ffffff: 0x%08x 0x%08x\n",
	       px(buf, 16, 24, 0, 0), px(buf, 16, 24, 1, 0));
	CHECK((v0 & 0xffffff) == 0xbbccdd && (v1 & 0xffffff) == 0xffffff && v2 == 0,
	      "depth 24 readback 0x%08x 0x%08x 0x%08x", v0, v1, v2);
	xref_pixmap_free(x, p);
}

static void test_xybitmap(struct xref *x)
{
	int w = 13, h = 3, stride = 4, bad = 0;
	uint32_t p = xref_pixmap(x, w, h, 24);
	uint8_t bits[12], *buf;
	gem2d_gc gc = copy_gc(0x123456);

	gc.background = 0x654321;
	for (int i = 0; i < 12; i++)
		bits[i] = (uint8_t)rnd();
	OK(xref_put_image(x, p, &gc, GEM2D_XYBITMAP, 0, 0, w, h, bits, stride));
	buf = get_all(x, p, w, h, 24);
	for (int y = 0; y < h; y++)
		for (int i = 0; i < w; i++)
			bad += (px(buf, stride_of(w, 24), 24, i, y) & 0xffffff) !=
			       ((bits[y * stride + i / 8] >> (i % 8)) & 1 ? 0x123456u : 0x654321u);
	CHECK(!bad, "XYBitmap: %d pixels differ", bad);
	free(buf);
	xref_pixmap_free(x, p);
}

/* Expected text: the glyphs' set bits at (pen + left_bearing, y - ascent) in fg. */
static void text_case(struct xref *x, const char *name, const char *s)
{
	struct xref_font *f = xref_font_open(x, name);
	int len = (int)strlen(s), w = 8, h, pen = 40, base, adv = 0, bad = 0, widest = 0, ink;
	uint32_t p;
	uint8_t *want, *got;
	gem2d_gc gc = copy_gc(0xff);

	CHECK(f, "font %s", name);
	if (!f)
		return;
	base = xref_font_ascent(f) + 40;
	for (int i = 0; i < len; i++) {
		const gem2d_glyph *g = xref_font_glyph(f, (uint8_t)s[i]);

		if (g) {
			w += g->advance > 0 ? g->advance : 0;
			if (g->width > widest)
				widest = g->width;
		}
	}
	w += 2 * pen + 80;
	h = base + xref_font_descent(f) + 40;
	want = calloc((size_t)w, h);
	got = calloc((size_t)w, h);
	p = xref_pixmap(x, w, h, 8);
	for (int mode = 0; mode < 2; mode++) {
		int px0 = pen;

		memset(want, 0, (size_t)w * h);
		if (mode) {
			for (int i = 0; i < len; i++) {
				const gem2d_glyph *g = xref_font_glyph(f, (uint8_t)s[i]);

				adv += g ? g->advance : 0;
			}
			for (int y = base - xref_font_ascent(f); y < base + xref_font_descent(f); y++)
				for (int i = pen; i < pen + adv; i++)
					want[y * w + i] = 0x11;
		}
		for (int i = 0; i < len; i++) {
			const gem2d_glyph *g = xref_font_glyph(f, (uint8_t)s[i]);
			int rs = (g ? g->width + 31 : 0) / 32 * 4;

			if (!g)
				continue;
			for (int y = 0; y < g->height; y++)
				for (int k = 0; k < g->width; k++)
					if ((g->bits[y * rs + k / 8] >> (k % 8)) & 1)
						want[(base - g->ascent + y) * w + px0 +
						     g->left_bearing + k] = 0xff;
			px0 += g->advance;
		}
		OK(xref_poly_fill_rectangle(x, p, &(gem2d_gc){ .function = 0, .plane_mask = ~0u },
					    0, 0, 1, &(gem2d_rect){ 0, 0, (uint16_t)w,
								   (uint16_t)h }));
		gc.background = 0x11;
		if (mode)
			OK(xref_image_text8(x, p, &gc, 0, 0, f, pen, base, s, len));
		else
			OK(xref_poly_text8(x, p, &gc, 0, 0, f, pen, base, s, len));
		OK(xref_get_image(x, p, 0, 0, w, h, ~0u, got, w));
		bad = 0;
		ink = 0;
		for (int i = 0; i < w * h; i++) {
			bad += got[i] != want[i];
			ink += want[i] == 0xff;
		}
		CHECK(ink > 0, "%s \"%s\": no ink at all", name, s);
		CHECK(!bad, "%s %s \"%s\": %d pixels differ", name,
		      mode ? "ImageText8" : "PolyText8", s, bad);
	}
	printf("# font %s: ascent %d descent %d, widest glyph of the string %d\n", name,
	       xref_font_ascent(f), xref_font_descent(f), widest);
	free(want);
	free(got);
	xref_pixmap_free(x, p);
	xref_font_close(f);
}

static void test_text(struct xref *x)
{
	struct xref_font *f;
	char all[256];
	int n = 0, wide = -1;

	text_case(x, "6x13", "Ag|j_W{}");
	text_case(x, "fixed", "Hello, world! gjpqy");
	text_case(x, "10x20", "Mg@");
	text_case(x, "12x24", "Wqj");
	/* The wide font: its glyphs wider than 32 pixels. */
	f = xref_font_open(x, XREF_WIDE_FONT);
	CHECK(f, "font %s", XREF_WIDE_FONT);
	if (f) {
		for (int c = 1; c < 256; c++) {
			const gem2d_glyph *g = xref_font_glyph(f, (uint8_t)c);

			if (g && g->width > 32 && n < 6)
				all[n++] = (char)c;
			if (g && g->width > 32 && (wide < 0 || g->width >
						   xref_font_glyph(f, (uint8_t)wide)->width))
				wide = c;
		}
		all[n] = 0;
		CHECK(n > 0, "no glyph wider than 32 in the wide font");
		if (wide > 0)
			printf("# wide font: char %d is %d pixels wide\n", wide,
			       xref_font_glyph(f, (uint8_t)wide)->width);
		xref_font_close(f);
		if (n)
			text_case(x, XREF_WIDE_FONT, all);
	}
	/* Every printable character of 6x13 in one string, both requests. */
	n = 0;
	for (int c = 32; c < 127; c++)
		all[n++] = (char)c;
	all[n] = 0;
	text_case(x, "6x13", all);
}

static void test_requests(struct xref *x)
{
	int w = 24, h = 16, s = stride_of(w, 24), bad = 0;
	uint32_t p = xref_pixmap(x, w, h, 24), q = xref_pixmap(x, w, h, 24);
	uint32_t bm = xref_pixmap(x, w, h, 1), t = xref_pixmap(x, 2, 2, 24);
	uint8_t *buf;
	gem2d_gc gc = copy_gc(0x00ff00);
	gem2d_point line[] = { { 1, 1 }, { 5, 1 } };
	gem2d_point pts[3000];
	const uint8_t dashes[] = { 2, 1 };
	gem2d_rect clip[] = { { 0, 0, 4, 4 }, { 2, 2, 4, 4 } };

	/* Thin horizontal line: CapButt draws the last point, CapNotLast does not. */
	OK(xref_poly_line(x, p, &gc, 0, 0, 2, line));
	buf = get_all(x, p, w, h, 24);
	for (int i = 0; i < 8; i++)
		bad += (px(buf, s, 24, i, 1) == 0x00ff00) != (i >= 1 && i <= 5);
	CHECK(!bad, "PolyLine CapButt");
	free(buf);
	gc.cap_style = 0;
	gc.foreground = 0xff0000;
	line[0].y = line[1].y = 2;
	OK(xref_poly_line(x, p, &gc, 0, 0, 2, line));
	buf = get_all(x, p, w, h, 24);
	bad = 0;
	for (int i = 0; i < 8; i++)
		bad += (px(buf, s, 24, i, 2) == 0xff0000) != (i >= 1 && i <= 4);
	CHECK(!bad, "PolyLine CapNotLast");
	free(buf);

	/* Dashes 2 on, 1 off from x = 0. */
	gc = copy_gc(0x0000ff);
	gc.line_style = 1;
	gc.dashes = dashes;
	gc.n_dashes = 2;
	line[0] = (gem2d_point){ 0, 5 };
	line[1] = (gem2d_point){ 11, 5 };
	OK(xref_poly_line(x, p, &gc, 0, 0, 2, line));
	buf = get_all(x, p, w, h, 24);
	bad = 0;
	for (int i = 0; i < 12; i++)
		bad += (px(buf, s, 24, i, 5) == 0x0000ff) != (i % 3 != 2);
	CHECK(!bad, "dashed PolyLine");
	free(buf);

	/* Overlapping clip rectangles clip to their union. */
	gc = copy_gc(0xffffff);
	gc.clip = clip;
	gc.n_clip = 2;
	OK(xref_poly_fill_rectangle(x, q, &gc, 0, 0, 1, &(gem2d_rect){ 0, 0, 24, 16 }));
	buf = get_all(x, q, w, h, 24);
	bad = 0;
	for (int y = 0; y < h; y++)
		for (int i = 0; i < w; i++) {
			bool in = (i < 4 && y < 4) || (i >= 2 && i < 6 && y >= 2 && y < 6);

			bad += ((px(buf, s, 24, i, y) & 0xffffff) == 0xffffff) != in;
		}
	CHECK(!bad, "clip union: %d pixels", bad);
	free(buf);
	gc.n_clip = 0;   /* an empty clip list draws nothing */
	OK(xref_poly_fill_rectangle(x, q, &gc, 0, 0, 1, &(gem2d_rect){ 10, 10, 4, 4 }));
	buf = get_all(x, q, w, h, 24);
	CHECK(px(buf, s, 24, 11, 11) == 0, "empty clip drew");
	free(buf);

	/* A 2x2 tile at origin (1,0). */
	OK(xref_put_image(x, t, NULL, GEM2D_ZPIXMAP, 0, 0, 2, 2,
			  (const uint32_t[]){ 1, 2, 3, 4 }, 8));
	gc = copy_gc(0);
	gc.fill_style = 1;
	gc.ts_x_origin = 1;
	OK(xref_poly_fill_rectangle(x, q, &gc, t, 0, 1, &(gem2d_rect){ 10, 10, 4, 4 }));
	buf = get_all(x, q, w, h, 24);
	bad = 0;
	for (int y = 10; y < 14; y++)
		for (int i = 10; i < 14; i++)
			bad += px(buf, s, 24, i, y) != 1u + ((i - 1) & 1) + 2 * (y & 1);
	CHECK(!bad, "tiled fill: %d pixels", bad);
	free(buf);

	/* Opaque stipple from the depth-1 pixmap, after drawing a point in it. */
	OK(xref_poly_point(x, bm, &(gem2d_gc){ .function = 15, .plane_mask = 1 }, 0, 0, 1,
			   &(gem2d_point){ 0, 0 }));
	gc = copy_gc(0xaa);
	gc.background = 0xbb;
	gc.fill_style = 3;
	gc.ts_y_origin = 8;
	OK(xref_poly_fill_rectangle(x, q, &gc, 0, bm, 1, &(gem2d_rect){ 0, 8, 2, 1 }));
	buf = get_all(x, q, w, h, 24);
	CHECK(px(buf, s, 24, 0, 8) == 0xaa && px(buf, s, 24, 1, 8) == 0xbb,
	      "opaque stipple 0x%x 0x%x", px(buf, s, 24, 0, 8), px(buf, s, 24, 1, 8));
	free(buf);

	/* CopyPlane of the bitmap, CopyArea back and forth. */
	gc = copy_gc(0x010203);
	gc.background = 0x040506;
	OK(xref_copy_plane(x, bm, p, &gc, 0, 0, 0, 0, 2, 1, 20, 0, 1));
	OK(xref_copy_area(x, p, q, COPY_GC(0), 0, 0, 20, 0, 2, 1, 0, 15));
	buf = get_all(x, q, w, h, 24);
	CHECK(px(buf, s, 24, 0, 15) == 0x010203 && px(buf, s, 24, 1, 15) == 0x040506,
	      "CopyPlane + CopyArea 0x%x 0x%x", px(buf, s, 24, 0, 15), px(buf, s, 24, 1, 15));
	free(buf);

	/* The rest: no X error, something drawn. */
	gc = copy_gc(0x808080);
	OK(xref_poly_segment(x, q, &gc, 0, 0, 1, &(gem2d_segment){ 0, 0, 7, 3 }));
	OK(xref_poly_rectangle(x, q, &gc, 0, 0, 1, &(gem2d_rect){ 1, 1, 5, 5 }));
	OK(xref_poly_arc(x, q, &gc, 0, 0, 1, &(gem2d_arc){ 2, 2, 9, 7, 0, 360 * 64 }));
	OK(xref_poly_fill_arc(x, q, &gc, 0, 0, 1, &(gem2d_arc){ 2, 2, 9, 7, 0, 90 * 64 }));
	OK(xref_fill_polygon(x, q, &gc, 0, 0, 3,
			     (const gem2d_point[]){ { 0, 0 }, { 10, 2 }, { 3, 9 } }));
	gc.line_width = 3;
	gc.join_style = 1;
	OK(xref_poly_line(x, q, &gc, 0, 0, 3,
			  (const gem2d_point[]){ { 0, 0 }, { 10, 2 }, { 3, 9 } }));

	/* 3000 points with a small request cap: several PolyPoint requests. */
	xref_limit_request(x, 1024);
	for (int i = 0; i < 3000; i++)
		pts[i] = (gem2d_point){ (int16_t)(i % w), (int16_t)((i / w) % h) };
	OK(xref_poly_point(x, p, COPY_GC(0x777777), 0, 0, 3000, pts));
	buf = get_all(x, p, w, h, 24);
	bad = 0;
	for (int i = 0; i < w * h; i++)
		bad += px(buf, s, 24, i % w, i / w) != 0x777777;
	CHECK(!bad, "split PolyPoint: %d pixels", bad);
	free(buf);
	CHECK(xref_poly_line(x, p, &gc, 0, 0, 3000, pts) == -E2BIG, "PolyLine over the cap");
	xref_limit_request(x, 0);

	/* Errors X would raise. */
	CHECK(xref_gc(x, p, &gc, bm, 0, 0) == 0 && errno == EINVAL, "tile of another depth");
	CHECK(xref_copy_area(x, bm, p, &gc, 0, 0, 0, 0, 1, 1, 0, 0) == -EINVAL,
	      "CopyArea between depths");
	CHECK(xref_get_image(x, p, 20, 0, 5, 1, ~0u, pts, 100) == -EINVAL,
	      "GetImage outside the pixmap");
	CHECK(xref_fill_polygon(x, p, &gc, 0, 0, 1, &(gem2d_point){ 3, 0 }) == 0,
	      "FillPoly of one point");
	CHECK(xref_copy_area(x, p, q, &gc, 0, 0, 40000, 0, 1, 1, 0, 0) == -ERANGE, "int16 range");

	xref_pixmap_free(x, p);
	xref_pixmap_free(x, q);
	xref_pixmap_free(x, bm);
	xref_pixmap_free(x, t);
}

static void test_composite(struct xref *x)
{
	uint32_t src = xref_pixmap(x, 1, 1, 32), dst = xref_pixmap(x, 4, 4, 24);
	uint32_t m = xref_pixmap(x, 4, 4, 8), a = xref_pixmap(x, 4, 4, 8);
	uint32_t d15 = xref_pixmap(x, 4, 4, 15), d16 = xref_pixmap(x, 4, 4, 16);
	uint8_t buf[64];
	uint32_t v;

	OK(xref_put_image(x, src, NULL, GEM2D_ZPIXMAP, 0, 0, 1, 1,
			  (const uint32_t[]){ 0x80800000 }, 4));
	OK(xref_poly_fill_rectangle(x, dst, COPY_GC(0x0000ff), 0, 0, 1,
				    &(gem2d_rect){ 0, 0, 4, 4 }));
	OK(xref_composite(x, 3, src, 32, true, 0, 0, dst, 24, 0, 0, 0, 0, 0, 0, 4, 4));
	OK(xref_get_image(x, dst, 0, 0, 4, 4, ~0u, buf, 16));
	v = px(buf, 16, 24, 3, 3) & 0xffffff;
	CHECK(v == 0x80007f, "Over 0x80800000 on 0x0000ff = 0x%06x", v);
	/* With an a8 mask of 0 the destination stays. */
	OK(xref_composite(x, 1, src, 32, true, m, 8, dst, 24, 0, 0, 0, 0, 0, 0, 4, 4));
	OK(xref_get_image(x, dst, 0, 0, 4, 4, ~0u, buf, 16));
	CHECK((px(buf, 16, 24, 0, 0) & 0xffffff) == 0, "Src through a zero mask: 0x%x",
	      px(buf, 16, 24, 0, 0));
	/* Add on a8, Src to r5g6b5 and x1r5g5b5. */
	OK(xref_composite(x, 12, src, 32, true, 0, 0, a, 8, 0, 0, 0, 0, 0, 0, 4, 4));
	OK(xref_composite(x, 12, src, 32, true, 0, 0, a, 8, 0, 0, 0, 0, 0, 0, 4, 4));
	OK(xref_get_image(x, a, 0, 0, 4, 4, ~0u, buf, 4));
	CHECK(buf[5] == 0xff, "Add a8 twice: 0x%x", buf[5]);
	OK(xref_composite(x, 1, src, 32, true, 0, 0, d16, 16, 0, 0, 0, 0, 0, 0, 4, 4));
	OK(xref_composite(x, 1, src, 32, true, 0, 0, d15, 15, 0, 0, 0, 0, 0, 0, 4, 4));
	OK(xref_get_image(x, d16, 0, 0, 4, 4, ~0u, buf, 8));
	printf("# Src 0x80800000 to r5g6b5: 0x%04x;", px(buf, 8, 16, 0, 0));
	OK(xref_get_image(x, d15, 0, 0, 4, 4, ~0u, buf, 8));
	printf(" to x1r5g5b5: 0x%04x\n", px(buf, 8, 15, 0, 0));
	CHECK(xref_composite(x, 3, src, 24, true, 0, 0, dst, 24, 0, 0, 0, 0, 0, 0, 1, 1) ==
	      -EINVAL, "depth mismatch");
	xref_pixmap_free(x, src);
	xref_pixmap_free(x, dst);
	xref_pixmap_free(x, m);
	xref_pixmap_free(x, a);
	xref_pixmap_free(x, d15);
	xref_pixmap_free(x, d16);
}

/* A test killed with SIGKILL takes its Xvfb with it. We are the child subreaper, so the
 * orphaned server is reparented to us and reaped here rather than left to PID 1. */
static void test_no_leftover(void)
{
	int pfd[2], msg[2] = { -1, 0 }, display, status;
	pid_t c, server;
	char path[64], state = 0;
	FILE *f = NULL;

	if (pipe(pfd) < 0 || prctl(PR_SET_CHILD_SUBREAPER, 1) < 0)
		return;
	c = fork();
	if (c == 0) {
		struct xref *x = xref_start();

		if (x) {
			msg[0] = xref_display(x);
			msg[1] = xref_server_pid(x);
			if (write(pfd[1], msg, sizeof(msg)) < 0)
				_exit(1);
		}
		pause();
		_exit(0);
	}
	close(pfd[1]);
	if (read(pfd[0], msg, sizeof(msg)) != sizeof(msg))
		msg[0] = -1;
	close(pfd[0]);
	display = msg[0];
	server = msg[1];
	CHECK(display >= 0 && server > 0, "the child's server did not start");
	kill(c, SIGKILL);
	waitpid(c, &status, 0);
	for (int i = 0; i < 200 && server > 0; i++) {
		snprintf(path, sizeof(path), "/proc/%d/stat", server);
		f = fopen(path, "r");
		state = 0;
		if (f) {
			if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
				state = 0;
			fclose(f);
		}
		if (!f || state == 'Z')
			break;
		usleep(10000);
	}
	CHECK(server > 0 && (!f || state == 'Z'), "Xvfb %d still runs (state %c)", server,
	      state);
	if (server > 0)
		waitpid(server, NULL, WNOHANG);
	if (server > 0 && (!f || state == 'Z')) {
		/* The SIGKILLed server left its socket file: remove it. */
		snprintf(path, sizeof(path), "/tmp/.X11-unix/X%d", display);
		unlink(path);
	}
}

/* The server holds none of the test's files: `marker` was open (without O_CLOEXEC) when
 * xref_start forked. */
static void test_fds(struct xref *x, const char *marker)
{
	char dir[64], path[600], link[512];
	int n = 0, bad = 0;
	DIR *d;
	struct dirent *e;

	snprintf(dir, sizeof(dir), "/proc/%d/fd", xref_server_pid(x));
	d = opendir(dir);
	CHECK(d, "%s", dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		ssize_t len;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		len = readlink(path, link, sizeof(link) - 1);
		if (len < 0)
			continue;
		link[len] = 0;
		n++;
		bad += !strcmp(link, marker);
	}
	closedir(d);
	printf("# Xvfb has %d fds open\n", n);
	CHECK(!bad, "Xvfb inherited %s", marker);
}

int main(void)
{
	char marker[512];
	int mfd = open("/proc/self/exe", O_RDONLY);
	ssize_t mlen = readlink("/proc/self/exe", marker, sizeof(marker) - 1);
	struct xref *x = xref_start();

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!x) {
		if (errno == ENOENT) {
			printf("SKIP: Xvfb is not installed\n");
			return 77;
		}
		printf("FAIL: xref_start: %s\n", strerror(errno));
		return 1;
	}
	facts(x);
	if (mfd >= 0 && mlen > 0) {
		marker[mlen] = 0;
		test_fds(x, marker);
	}
	test_fill(x);
	test_roundtrip(x);
	test_padding(x);
	test_xybitmap(x);
	test_text(x);
	test_requests(x);
	test_composite(x);
	xref_stop(x);
	if (mfd >= 0)
		close(mfd);
	if (!getenv("XREF_SELFTEST_NO_FORK"))
		test_no_leftover();
	printf(failures ? "FAIL: %d checks failed\n" : "PASS\n", failures);
	return failures ? 1 : 0;
}
