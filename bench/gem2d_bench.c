/* SPDX-License-Identifier: MIT */
/*
 * bench/gem2d_bench: an x11perf-like set of X11 core requests, in requests'
 * objects per second, on three targets side by side in one run: libgem2d on
 * the (emulated) blitter, libgem2d with GEM2D_CPU_ONLY, and the X server
 * itself (a private Xvfb started by tests/2d/xref.c) fed the same requests
 * through xcb. The Xvfb column is the anchor; a round trip to Xvfb and a
 * memset of the destination are printed as anchors too. Run under the
 * shim (`make bench-2d`); prints figures, never fails on time.
 *
 * Every target draws on a 1024x768 depth-24 pixmap (gem2d's default tiling,
 * X-tiled) from the same precomputed object lists. A timed run is a
 * calibrated number of requests and then one synchronisation: gem2d_finish
 * for gem2d, a 1x1 GetImage round trip for Xvfb (x11perf's sync). Xvfb's
 * requests are sent unchecked, straight through xcb (xref's own drawing
 * calls check each request, a round trip apiece); xref only sets up the
 * server, its pixmaps, GCs and the 6x13 font. Each figure is the median of
 * 5 runs, the three targets' runs interleaved round by round so that a
 * noisy stretch of time hits them alike; the spread is (max - min) / median.
 *
 * Usage: gem2d_bench [-t MS] [OP...]   (MS: time per run, default 80;
 *                                       OPs: only those, by name)
 * GEM2D_BENCH_ONLY=GPU|CPU|Xvfb runs one target alone (for a profiler).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xcb/xcb.h>
#include <i915_drm.h>

#include "tests/2d/gem2d_test.h"
#include "tests/2d/xref.h"
#include "bench/bench_util.h"

#define W 1024
#define H 768
#define DEPTH 24
#define RUNS 5
#define POOL 16		/* distinct requests per op, cycled */
#define MAX_OBJ 100
#define TEXT_LEN 80

enum { T_GPU, T_CPU, T_XVFB, NT };
static const char *const tname[NT] = { "GPU", "CPU", "Xvfb" };

enum kind { K_RECT, K_SEG, K_LINE, K_CIRCLE, K_COPY, K_COPY_SELF, K_PUT, K_GET, K_TEXT,
	    K_STIPPLE, K_TILE };

struct op {
	const char *name;
	enum kind kind;
	int size;	/* pixels: side, length or diameter */
	int nobj;	/* objects per request; ops/s counts objects */
};

static const struct op ops[] = {
	{ "rect1", K_RECT, 1, 100 },
	{ "rect10", K_RECT, 10, 100 },
	{ "rect100", K_RECT, 100, 100 },
	{ "rect500", K_RECT, 500, 10 },
	{ "seg10", K_SEG, 10, 100 },
	{ "seg100", K_SEG, 100, 100 },
	{ "line10", K_LINE, 10, 100 },
	{ "circle10", K_CIRCLE, 10, 100 },
	{ "circle100", K_CIRCLE, 100, 100 },
	{ "copypix10", K_COPY, 10, 1 },
	{ "copypix100", K_COPY, 100, 1 },
	{ "copypix500", K_COPY, 500, 1 },
	{ "copyself10", K_COPY_SELF, 10, 1 },
	{ "copyself100", K_COPY_SELF, 100, 1 },
	{ "copyself500", K_COPY_SELF, 500, 1 },
	{ "putimage10", K_PUT, 10, 1 },
	{ "putimage100", K_PUT, 100, 1 },
	{ "putimage500", K_PUT, 500, 1 },
	{ "getimage10", K_GET, 10, 1 },
	{ "getimage100", K_GET, 100, 1 },
	{ "getimage500", K_GET, 500, 1 },
	{ "text80", K_TEXT, 6, 1 },		/* one 80-glyph line of 6x13 */
	{ "stipple8", K_STIPPLE, 100, 100 },	/* FillStippled 8x8, 100x100 rects */
	{ "tile4", K_TILE, 100, 100 },		/* FillTiled 4x4, 100x100 rects */
};
#define N_OPS (int)(sizeof(ops) / sizeof(ops[0]))

/* One target: a gem2d device (GPU or CPU only) or the Xvfb connection. */
struct tgt {
	bool ok;
	long seq;			/* requests drawn so far: picks the pool slot */
	struct t2d_dev t;
	gem2d_pixmap *dst, *src, *tile, *stip;
	gem2d_gc solid, stippled, tiled;
	struct xref *x;
	xcb_connection_t *c;
	uint32_t xdst, xsrc, xtile, xstip, gsolid, gstip, gtile, gtext;
};

static struct tgt tg[NT];
static struct xref_font *font;
static const gem2d_glyph *glyphs[TEXT_LEN];
static char text[TEXT_LEN];
static int n_glyphs;

/* The current op's requests, the same for every target. */
static union {
	gem2d_rect rects[POOL][MAX_OBJ];
	gem2d_segment segs[POOL][MAX_OBJ];
	gem2d_point pts[POOL][MAX_OBJ + 1];
	gem2d_arc arcs[POOL][MAX_OBJ];
	struct { int sx, sy, dx, dy; } xy[POOL];
} req;
static uint8_t *image;		/* put and get: 500x500x32 */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ---- setup ---- */

static void make_gcs(gem2d_gc *solid, gem2d_gc *stippled, gem2d_gc *tiled)
{
	memset(solid, 0, sizeof(*solid));
	solid->function = 3;		/* GXcopy */
	solid->plane_mask = ~0u;
	solid->foreground = 0x00ff8040;
	solid->background = 0x00204080;
	solid->cap_style = 1;		/* CapButt, the X default */
	solid->arc_mode = 1;		/* ArcPieSlice, the X default */
	*stippled = *solid;
	stippled->fill_style = 2;	/* FillStippled */
	*tiled = *solid;
	tiled->fill_style = 1;		/* FillTiled */
}

/* The same pixels for every target's source, tile and stipple. */
static uint32_t *src_pixels(void)
{
	uint32_t *p = malloc((size_t)W * H * 4);
	uint64_t s = 12345;
	for (int i = 0; p && i < W * H; i++)
		p[i] = t2d_rand(&s) & 0xffffff;
	return p;
}

static const uint32_t tile_px[16] = {
	0xff0000, 0x00ff00, 0x0000ff, 0xffffff, 0x808080, 0x123456, 0xabcdef, 0x000000,
	0x00ffff, 0xff00ff, 0xffff00, 0x404040, 0x654321, 0xfedcba, 0x0f0f0f, 0xf0f0f0,
};
static const uint32_t stip_rows[8] = { 0x81, 0x42, 0x24, 0x18, 0x18, 0x24, 0x42, 0xff };

static int gem2d_setup(struct tgt *t, unsigned flags, const uint32_t *pixels)
{
	if (t2d_open(&t->t, flags))
		return -1;
	t->dst = gem2d_pixmap_create(t->t.dev, W, H, DEPTH, GEM2D_TILING_DEFAULT);
	t->src = gem2d_pixmap_create(t->t.dev, W, H, DEPTH, GEM2D_TILING_DEFAULT);
	t->tile = gem2d_pixmap_create(t->t.dev, 4, 4, DEPTH, GEM2D_TILING_DEFAULT);
	t->stip = gem2d_pixmap_create(t->t.dev, 8, 8, 1, GEM2D_TILING_DEFAULT);
	if (!t->dst || !t->src || !t->tile || !t->stip)
		return -1;
	make_gcs(&t->solid, &t->stippled, &t->tiled);
	t->stippled.stipple = t->stip;
	t->tiled.tile = t->tile;
	if (gem2d_put_image(t->src, &t->solid, GEM2D_ZPIXMAP, 0, 0, W, H, pixels, W * 4) ||
	    gem2d_put_image(t->tile, &t->solid, GEM2D_ZPIXMAP, 0, 0, 4, 4, tile_px, 16) ||
	    gem2d_put_image(t->stip, &t->solid, GEM2D_ZPIXMAP, 0, 0, 8, 8, stip_rows, 4) ||
	    gem2d_finish(t->t.dev))
		return -1;
	return 0;
}

static void gem2d_teardown(struct tgt *t)
{
	if (!t->t.dev)
		return;
	gem2d_pixmap_destroy(t->dst);
	gem2d_pixmap_destroy(t->src);
	gem2d_pixmap_destroy(t->tile);
	gem2d_pixmap_destroy(t->stip);
	t2d_close(&t->t);
}

/* Put and get images go straight to the server, so its depth-24 format must be gem2d's:
 * 32 bits per pixel, scanlines padded to 32 bits, LSBFirst. */
static bool x_format_matches(xcb_connection_t *c)
{
	const xcb_setup_t *s = xcb_get_setup(c);
	xcb_format_iterator_t it = xcb_setup_pixmap_formats_iterator(s);
	if (s->image_byte_order != XCB_IMAGE_ORDER_LSB_FIRST)
		return false;
	for (; it.rem; xcb_format_next(&it))
		if (it.data->depth == DEPTH)
			return it.data->bits_per_pixel == 32 && it.data->scanline_pad == 32;
	return false;
}

static int xvfb_setup(struct tgt *t, const uint32_t *pixels)
{
	t->x = xref_start();
	if (!t->x)
		return -1;
	t->c = xref_connection(t->x);
	if (!x_format_matches(t->c)) {
		fprintf(stderr, "gem2d_bench: Xvfb's depth-24 image format is not gem2d's\n");
		return -1;
	}
	make_gcs(&t->solid, &t->stippled, &t->tiled);
	font = xref_font_open(t->x, "6x13");
	t->xdst = xref_pixmap(t->x, W, H, DEPTH);
	t->xsrc = xref_pixmap(t->x, W, H, DEPTH);
	t->xtile = xref_pixmap(t->x, 4, 4, DEPTH);
	t->xstip = xref_pixmap(t->x, 8, 8, 1);
	if (!font || !t->xdst || !t->xsrc || !t->xtile || !t->xstip)
		return -1;
	if (xref_put_image(t->x, t->xsrc, NULL, GEM2D_ZPIXMAP, 0, 0, W, H, pixels, W * 4) ||
	    xref_put_image(t->x, t->xtile, NULL, GEM2D_ZPIXMAP, 0, 0, 4, 4, tile_px, 16) ||
	    xref_put_image(t->x, t->xstip, NULL, GEM2D_ZPIXMAP, 0, 0, 8, 8, stip_rows, 4))
		return -1;
	t->gsolid = xref_gc(t->x, t->xdst, &t->solid, 0, 0, 0);
	t->gstip = xref_gc(t->x, t->xdst, &t->stippled, 0, t->xstip, 0);
	t->gtile = xref_gc(t->x, t->xdst, &t->tiled, t->xtile, 0, 0);
	t->gtext = xref_gc(t->x, t->xdst, &t->solid, 0, 0, xref_font_id(font));
	return t->gsolid && t->gstip && t->gtile && t->gtext ? 0 : -1;
}

/* ---- the requests ---- */

static void prepare(const struct op *op)
{
	int n = op->size;
	for (int p = 0; p < POOL; p++) {
		switch (op->kind) {
		case K_RECT: case K_STIPPLE: case K_TILE:
			for (int i = 0; i < op->nobj; i++)
				req.rects[p][i] = (gem2d_rect){ (int16_t)t2d_range(&rng, 0, W - n),
								(int16_t)t2d_range(&rng, 0, H - n),
								(uint16_t)n, (uint16_t)n };
			break;
		case K_SEG:
			for (int i = 0; i < op->nobj; i++) {
				double a = t2d_range(&rng, 0, 359) * M_PI / 180;
				int dx = (int)lround(n * cos(a)), dy = (int)lround(n * sin(a));
				int x1 = t2d_range(&rng, n, W - 1 - n), y1 = t2d_range(&rng, n, H - 1 - n);
				req.segs[p][i] = (gem2d_segment){ (int16_t)x1, (int16_t)y1,
								  (int16_t)(x1 + dx), (int16_t)(y1 + dy) };
			}
			break;
		case K_LINE: {
			int x = t2d_range(&rng, 0, W - 1), y = t2d_range(&rng, 0, H - 1);
			req.pts[p][0] = (gem2d_point){ (int16_t)x, (int16_t)y };
			for (int i = 1; i <= op->nobj; i++) {
				double a = t2d_range(&rng, 0, 359) * M_PI / 180;
				int dx = (int)lround(n * cos(a)), dy = (int)lround(n * sin(a));
				if (x + dx < 0 || x + dx >= W)
					dx = -dx;
				if (y + dy < 0 || y + dy >= H)
					dy = -dy;
				x += dx;
				y += dy;
				req.pts[p][i] = (gem2d_point){ (int16_t)x, (int16_t)y };
			}
			break;
		}
		case K_CIRCLE:
			for (int i = 0; i < op->nobj; i++)
				req.arcs[p][i] = (gem2d_arc){ (int16_t)t2d_range(&rng, 0, W - 1 - n),
							      (int16_t)t2d_range(&rng, 0, H - 1 - n),
							      (uint16_t)n, (uint16_t)n, 0, 360 * 64 };
			break;
		case K_TEXT:
			req.xy[p].dx = t2d_range(&rng, 0, W - TEXT_LEN * n);
			req.xy[p].dy = t2d_range(&rng, 11, H - 3);	/* 6x13: ascent 11, descent 2 */
			break;
		default:
			req.xy[p].sx = t2d_range(&rng, 0, W - n);
			req.xy[p].sy = t2d_range(&rng, 0, H - n);
			req.xy[p].dx = t2d_range(&rng, 0, W - n);
			req.xy[p].dy = t2d_range(&rng, 0, H - n);
			break;
		}
	}
}

static int gem2d_request(struct tgt *t, const struct op *op, int p)
{
	int n = op->size;
	switch (op->kind) {
	case K_RECT:
		return gem2d_poly_fill_rectangle(t->dst, &t->solid, op->nobj, req.rects[p]);
	case K_STIPPLE:
		return gem2d_poly_fill_rectangle(t->dst, &t->stippled, op->nobj, req.rects[p]);
	case K_TILE:
		return gem2d_poly_fill_rectangle(t->dst, &t->tiled, op->nobj, req.rects[p]);
	case K_SEG:
		return gem2d_poly_segment(t->dst, &t->solid, op->nobj, req.segs[p]);
	case K_LINE:
		return gem2d_poly_line(t->dst, &t->solid, op->nobj + 1, req.pts[p]);
	case K_CIRCLE:
		return gem2d_poly_arc(t->dst, &t->solid, op->nobj, req.arcs[p]);
	case K_COPY:
	case K_COPY_SELF:
		return gem2d_copy_area(op->kind == K_COPY ? t->src : t->dst, t->dst, &t->solid,
				       req.xy[p].sx, req.xy[p].sy, n, n, req.xy[p].dx, req.xy[p].dy);
	case K_PUT:
		return gem2d_put_image(t->dst, &t->solid, GEM2D_ZPIXMAP, req.xy[p].dx, req.xy[p].dy,
				       n, n, image, n * 4);
	case K_GET:
		return gem2d_get_image(t->dst, req.xy[p].sx, req.xy[p].sy, n, n, ~0u, image, n * 4);
	case K_TEXT:
		return gem2d_poly_glyphs(t->dst, &t->solid, req.xy[p].dx, req.xy[p].dy, n_glyphs,
					 glyphs);
	}
	return -EINVAL;
}

static int xvfb_request(struct tgt *t, const struct op *op, int p)
{
	uint16_t n = (uint16_t)op->size;
	uint32_t nobj = (uint32_t)op->nobj;
	switch (op->kind) {
	case K_RECT:
	case K_STIPPLE:
	case K_TILE:
		xcb_poly_fill_rectangle(t->c, t->xdst,
					op->kind == K_RECT ? t->gsolid :
					op->kind == K_STIPPLE ? t->gstip : t->gtile,
					nobj, (const xcb_rectangle_t *)req.rects[p]);
		return 0;
	case K_SEG:
		xcb_poly_segment(t->c, t->xdst, t->gsolid, nobj, (const xcb_segment_t *)req.segs[p]);
		return 0;
	case K_LINE:
		xcb_poly_line(t->c, XCB_COORD_MODE_ORIGIN, t->xdst, t->gsolid, nobj + 1,
			      (const xcb_point_t *)req.pts[p]);
		return 0;
	case K_CIRCLE:
		xcb_poly_arc(t->c, t->xdst, t->gsolid, nobj, (const xcb_arc_t *)req.arcs[p]);
		return 0;
	case K_COPY:
	case K_COPY_SELF:
		xcb_copy_area(t->c, op->kind == K_COPY ? t->xsrc : t->xdst, t->xdst, t->gsolid,
			      (int16_t)req.xy[p].sx, (int16_t)req.xy[p].sy, (int16_t)req.xy[p].dx,
			      (int16_t)req.xy[p].dy, n, n);
		return 0;
	case K_PUT:
		xcb_put_image(t->c, XCB_IMAGE_FORMAT_Z_PIXMAP, t->xdst, t->gsolid, n, n,
			      (int16_t)req.xy[p].dx, (int16_t)req.xy[p].dy, 0, DEPTH,
			      (uint32_t)n * n * 4, image);
		return 0;
	case K_GET: {
		/* A round trip by nature, as x11perf's getimage; the pixels land where gem2d's do. */
		xcb_get_image_reply_t *r =
			xcb_get_image_reply(t->c, xcb_get_image(t->c, XCB_IMAGE_FORMAT_Z_PIXMAP, t->xdst,
								(int16_t)req.xy[p].sx,
								(int16_t)req.xy[p].sy, n, n, ~0u),
					    NULL);
		if (!r)
			return -EIO;
		int len = xcb_get_image_data_length(r);
		memcpy(image, xcb_get_image_data(r), len < n * n * 4 ? (size_t)len : (size_t)n * n * 4);
		free(r);
		return 0;
	}
	case K_TEXT: {
		uint8_t items[2 + TEXT_LEN] = { TEXT_LEN, 0 };
		memcpy(items + 2, text, TEXT_LEN);
		xcb_poly_text_8(t->c, t->xdst, t->gtext, (int16_t)req.xy[p].dx, (int16_t)req.xy[p].dy,
				sizeof(items), items);
		return 0;
	}
	}
	return -EINVAL;
}

/* The end of a timed batch: everything drawn. For Xvfb, a 1x1 GetImage, then any X error
 * the unchecked requests raised. */
static int sync_target(struct tgt *t, int which)
{
	if (which != T_XVFB)
		return gem2d_finish(t->t.dev);
	xcb_get_image_reply_t *r =
		xcb_get_image_reply(t->c, xcb_get_image(t->c, XCB_IMAGE_FORMAT_Z_PIXMAP, t->xdst, 0, 0,
							1, 1, ~0u), NULL);
	int ret = r ? 0 : -EIO;
	xcb_generic_event_t *ev;
	free(r);
	while ((ev = xcb_poll_for_event(t->c))) {
		if (ev->response_type == 0) {
			xcb_generic_error_t *e = (xcb_generic_error_t *)ev;
			fprintf(stderr, "gem2d_bench: X error %u (major %u)\n", e->error_code,
				e->major_code);
			ret = -EINVAL;
		}
		free(ev);
	}
	return xcb_connection_has_error(t->c) ? -EIO : ret;
}

/* Seconds for `reps` requests and the sync, or -1. */
static double timed(int which, const struct op *op, long reps)
{
	struct tgt *t = &tg[which];
	uint64_t t0 = now_ns();
	for (long i = 0; i < reps; i++) {
		int p = (int)(t->seq++ % POOL);
		int r = which == T_XVFB ? xvfb_request(t, op, p) : gem2d_request(t, op, p);
		if (r) {
			fprintf(stderr, "gem2d_bench: %s on %s: %s\n", op->name, tname[which], strerror(-r));
			return -1;
		}
	}
	int r = sync_target(t, which);
	if (r) {
		fprintf(stderr, "gem2d_bench: %s on %s: sync: %s\n", op->name, tname[which], strerror(-r));
		return -1;
	}
	return (now_ns() - t0) * 1e-9;
}

/* Requests per run so that one takes about `target` seconds (at least one). 0 on failure. */
static long calibrate(int which, const struct op *op, double target)
{
	long reps = 1;
	double dt;
	for (;;) {
		dt = timed(which, op, reps);
		if (dt < 0)
			return 0;
		if (dt >= target / 4 || reps >= (1l << 24))
			break;
		reps *= dt < target / 40 ? 10 : 2;
	}
	reps = (long)(reps * target / dt);
	return reps < 1 ? 1 : reps;
}

/* ---- the table ---- */

struct figure {
	bool ok;
	double median, spread;	/* objects/s; (max - min) / median */
};

static void cell(const struct figure *f)
{
	if (f->ok)
		printf(" %11.0f %3.0f%%", f->median, f->spread * 100);
	else
		printf(" %11s %4s", "n/a", "");
}

static void ratio(const struct figure *a, const struct figure *b)
{
	if (a->ok && b->ok && b->median > 0)
		printf(" %8.2f", a->median / b->median);
	else
		printf(" %8s", "-");
}

/* Where the GPU target drew the op's requests: "" or a note on the CPU share. */
static void gpu_note(const gem2d_stats *s, char *buf, size_t len)
{
	uint64_t total = s->gpu_requests + s->cpu_requests;
	int why = 0;
	buf[0] = 0;
	if (!s->cpu_requests || !total)
		return;
	for (int i = 1; i < GEM2D_FALLBACK_COUNT; i++)
		if (s->fallbacks[i] > s->fallbacks[why])
			why = i;
	snprintf(buf, len, "GPU path: %.0f%% on the CPU (%s)", 100.0 * s->cpu_requests / total,
		 why ? gem2d_fallback_name(why) : "?");
}

static bool wanted(const struct op *op, int argc, char **argv, int first)
{
	if (first >= argc)
		return true;
	for (int i = first; i < argc; i++)
		if (!strcmp(argv[i], op->name))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	double target = 0.080;
	int first = 1;
	uint64_t start = now_ns();
	const char *only = getenv("GEM2D_BENCH_ONLY");

	if (argc > 2 && !strcmp(argv[1], "-t")) {
		target = atof(argv[2]) / 1000;
		first = 3;
		if (target <= 0) {
			fprintf(stderr, "usage: gem2d_bench [-t MS] [OP...]\n");
			return 2;
		}
	}
	for (int i = first; i < argc; i++) {
		int k = 0;
		while (k < N_OPS && strcmp(argv[i], ops[k].name))
			k++;
		if (k == N_OPS) {
			fprintf(stderr, "gem2d_bench: no op %s; ops:", argv[i]);
			for (k = 0; k < N_OPS; k++)
				fprintf(stderr, " %s", ops[k].name);
			fprintf(stderr, "\n");
			return 2;
		}
	}

	uint32_t *pixels = src_pixels();
	image = malloc(500 * 500 * 4);
	if (!pixels || !image)
		return 1;
	for (int i = 0; i < 500 * 500; i++)
		((uint32_t *)image)[i] = pixels[i] ^ 0x00ffffff;

	tg[T_GPU].ok = gem2d_setup(&tg[T_GPU], 0, pixels) == 0;
	tg[T_CPU].ok = gem2d_setup(&tg[T_CPU], GEM2D_CPU_ONLY, pixels) == 0;
	if (!tg[T_GPU].ok || !tg[T_CPU].ok)
		fprintf(stderr, "gem2d_bench: no gem2d device on /dev/dri/renderD128 (run under "
				"shim/i915-shim --fresh)\n");
	tg[T_XVFB].ok = xvfb_setup(&tg[T_XVFB], pixels) == 0;
	if (!tg[T_XVFB].ok)
		fprintf(stderr, "gem2d_bench: no Xvfb (%s): its column is left out\n", strerror(errno));
	free(pixels);

	/* The text: printable ASCII, the glyphs xref read from the server's 6x13. */
	for (int i = 0; i < TEXT_LEN; i++)
		text[i] = (char)(' ' + 1 + (i * 7) % 94);
	if (font)
		for (int i = 0; i < TEXT_LEN; i++) {
			const gem2d_glyph *g = xref_font_glyph(font, (uint8_t)text[i]);
			if (g)
				glyphs[n_glyphs++] = g;
		}

	printf("gem2d_bench: x11perf-like requests on a %dx%d depth-%d pixmap", W, H, DEPTH);
	if (tg[T_GPU].ok) {
		uint32_t mode = 0, swizzle = 0;
		drm_intel_bo_get_tiling(gem2d_pixmap_bo(tg[T_GPU].dst), &mode, &swizzle);
		printf(" (gem2d: %s)", mode == I915_TILING_X ? "X-tiled" : mode == I915_TILING_Y ? "Y-tiled" :
		       "linear");
	}
	printf(",\nobjects per second, median of %d runs of ~%.0f ms with (max-min)/median;\n"
	       "a run ends with gem2d_finish (GPU, CPU) or a 1x1 GetImage round trip (Xvfb).\n",
	       RUNS, target * 1e3);

	/* Anchors, measured now: a server round trip and a CPU fill of the destination's size. */
	if (tg[T_XVFB].ok) {
		int n = 2000;
		uint64_t t0 = now_ns();
		for (int i = 0; i < n; i++)
			free(xcb_get_input_focus_reply(tg[T_XVFB].c, xcb_get_input_focus(tg[T_XVFB].c), NULL));
		printf("anchor: Xvfb round trip (GetInputFocus)   %8.1f us\n", (now_ns() - t0) / 1e3 / n);
	}
	{
		size_t sz = (size_t)W * H * 4;
		char *buf = malloc(sz);
		double best = 0;
		for (int r = 0; buf && r < RUNS; r++) {
			uint64_t t0 = now_ns();
			for (int i = 0; i < 10; i++) {
				memset(buf, i + r, sz);
				__asm__ volatile("" : : "r"(buf) : "memory");	/* kept */
			}
			double mbs = sz * 10.0 / ((now_ns() - t0) / 1e3);
			best = mbs > best ? mbs : best;
		}
		if (buf)
			printf("anchor: memset %dx%dx32 (best of %d)      %8.0f MB/s (%.0f rect500/s)\n", W, H,
			       RUNS, best, best * 1e6 / (500.0 * 500 * 4));
		free(buf);
	}

	printf("\n%-12s %16s %16s %16s %8s %8s\n", "op", "GPU ops/s", "CPU ops/s", "Xvfb ops/s",
	       "GPU/CPU", "GPU/Xvfb");
	char notes[N_OPS][96];
	int n_notes = 0;
	for (int k = 0; k < N_OPS; k++) {
		const struct op *op = &ops[k];
		struct figure fig[NT] = { { 0 } };
		double v[NT][RUNS];
		long reps[NT] = { 0 };
		gem2d_stats st;

		if (!wanted(op, argc, argv, first))
			continue;
		prepare(op);
		if (tg[T_GPU].ok)
			gem2d_stats_reset(tg[T_GPU].t.dev);
		for (int w = 0; w < NT; w++) {
			if (!tg[w].ok || (op->kind == K_TEXT && !n_glyphs) || (only && strcmp(only, tname[w])))
				continue;
			reps[w] = calibrate(w, op, target);
		}
		for (int r = 0; r < RUNS; r++)
			for (int w = 0; w < NT; w++) {
				if (!reps[w])
					continue;
				double dt = timed(w, op, reps[w]);
				if (dt <= 0)
					reps[w] = 0;
				else
					v[w][r] = (double)reps[w] * op->nobj / dt;
			}
		for (int w = 0; w < NT; w++) {
			if (!reps[w])
				continue;
			qsort(v[w], RUNS, sizeof(double), cmp_double);
			fig[w].ok = true;
			fig[w].median = v[w][RUNS / 2];
			fig[w].spread = (v[w][RUNS - 1] - v[w][0]) / fig[w].median;
		}
		printf("%-12s", op->name);
		for (int w = 0; w < NT; w++)
			cell(&fig[w]);
		ratio(&fig[T_GPU], &fig[T_CPU]);
		ratio(&fig[T_GPU], &fig[T_XVFB]);
		if (tg[T_GPU].ok && !gem2d_get_stats(tg[T_GPU].t.dev, &st)) {
			char note[80];
			gpu_note(&st, note, sizeof(note));
			if (note[0]) {
				snprintf(notes[n_notes++], sizeof(notes[0]), "%-12s %s", op->name, note);
				printf("  *");
			}
		}
		printf("\n");
		fflush(stdout);
	}
	if (n_notes)
		printf("\n* requests the GPU path drew on the CPU:\n");
	for (int i = 0; i < n_notes; i++)
		printf("  %s\n", notes[i]);
	printf("\nops: rect/stipple8/tile4 = rectangles (PolyFillRectangle, GXcopy; stipple8 FillStippled\n"
	       "8x8, tile4 FillTiled 4x4), seg = segments (PolySegment), line10 = segments of one\n"
	       "PolyLine, circle = full circles (PolyArc), copypix/copyself = CopyArea between two\n"
	       "pixmaps / within one, put/getimage = ZPixmap depth-24 images, text80 = 80-glyph lines\n"
	       "of 6x13 (PolyText8 / gem2d_poly_glyphs). Took %.1f s.\n", (now_ns() - start) * 1e-9);

	gem2d_teardown(&tg[T_GPU]);
	gem2d_teardown(&tg[T_CPU]);
	if (tg[T_XVFB].x)
		xref_stop(tg[T_XVFB].x);	/* closes the font, pixmaps and GCs */
	free(image);
	return 0;
}
