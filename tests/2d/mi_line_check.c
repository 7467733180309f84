/* SPDX-License-Identifier: MIT */
/*
 * mi_line_check: upper-layers/2d/mi_line.c against the real X server. Starts
 * Debian's Xvfb on a free display (-displayfd), draws thousands of random
 * thin-line requests (PolyPoint, PolyLine, PolySegment, PolyRectangle; solid,
 * LineOnOffDash, LineDoubleDash; every cap style; with and without clip
 * rectangles) into a depth-8 pixmap, reads it back and compares with our
 * boxes rasterized the same way in memory.
 *
 * Each request is drawn three times on a cleared pixmap: GXxor with
 * foreground 1 and background 2 (the parity of how often each pixel was drawn
 * as fg and as bg), GXor (whether it was drawn at all) and GXcopy (which of
 * fg and bg came last, counted apart: our box lists do not say the order
 * between the fg and bg lists). The _layered output, which does, is drawn
 * in memory with GXcopy and GXxor and must match exactly. With clip rectangles the model is our
 * unclipped output with the clip applied afterwards, so a match is also a
 * check of clip invariance (given mi_clip_hint, see mi.h). Clipped requests
 * are also drawn once unclipped with GXxor: where that, masked by the clip,
 * differs from the clipped drawing, the server itself broke clip invariance
 * (counted, not a failure).
 *
 * Standalone: cc -I. tests/2d/mi_line_check.c upper-layers/2d/mi_line.c
 * upper-layers/2d/boxes.c -lxcb. Usage: mi_line_check [cases-per-category
 * [seed]]. Prints one line per category, exits 0 when everything matched,
 * 1 on a mismatch, 77 when Xvfb is missing.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xcb/xcb.h>

#include "upper-layers/2d/mi.h"

#define XVFB "/usr/bin/Xvfb"
#define W 64
#define H 64

static uint64_t rng_state;

static uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

static int rnd_in(int lo, int hi)	/* [lo, hi] */
{
	return lo + (int)(rnd() % (uint32_t)(hi - lo + 1));
}

static pid_t xvfb_pid;

static void stop_xvfb(void)
{
	if (xvfb_pid > 0) {
		kill(xvfb_pid, SIGTERM);
		waitpid(xvfb_pid, NULL, 0);
		xvfb_pid = 0;
	}
}

static int start_xvfb(void)
{
	int fds[2], display = 0, got = 0;
	char c;

	if (access(XVFB, X_OK) != 0)
		return -1;
	if (pipe(fds) != 0)
		return -2;
	xvfb_pid = fork();
	if (xvfb_pid < 0)
		return -2;
	if (xvfb_pid == 0) {
		char fdarg[16];
		int devnull = open("/dev/null", O_RDWR);

		close(fds[0]);
		if (devnull >= 0) {
			dup2(devnull, 1);
			dup2(devnull, 2);
		}
		snprintf(fdarg, sizeof(fdarg), "%d", fds[1]);
		execl(XVFB, XVFB, "-displayfd", fdarg, "-nolisten", "tcp", "-screen", "0",
		      "320x240x24", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while (read(fds[0], &c, 1) == 1) {
		if (c == '\n')
			break;
		if (c >= '0' && c <= '9') {
			display = display * 10 + (c - '0');
			got = 1;
		}
	}
	close(fds[0]);
	if (!got) {
		stop_xvfb();
		return -2;
	}
	return display;
}

static xcb_connection_t *conn;
static xcb_pixmap_t pix;
static xcb_gcontext_t gc_draw, gc_clear;

/* One request in both worlds. */
enum kind { K_POINTS, K_LINE, K_SEGMENT, K_RECT };

struct req {
	enum kind kind;
	int n;
	gem2d_point pts[9];
	gem2d_segment segs[6];
	gem2d_rect rects[4];
	gem2d_gc gc;
	uint8_t dashes[4];
	gem2d_rect clip[3];
	int n_clip;	/* 0: no clip rectangles */
};

static int16_t rnd_coord(int size)
{
	switch (rnd() % 16) {
	case 0:
		return (int16_t)rnd_in(-32768, 32767);
	case 1:
		return (int16_t)(rnd() & 1 ? rnd_in(-400, -40) : rnd_in(size + 40, size + 400));
	case 2:
		return (int16_t)(rnd() & 1 ? -32768 : 32767);
	default:
		return (int16_t)rnd_in(-12, size + 12);
	}
}

/* a point after prev: random, or on a slope the rules care about */
static gem2d_point rnd_next(gem2d_point prev)
{
	gem2d_point p;
	int d = rnd_in(-40, 40), k = rnd() % 10;
	int x = prev.x, y = prev.y;

	switch (k) {
	case 0: x += d; break;				/* horizontal */
	case 1: y += d; break;				/* vertical */
	case 2: x += d; y += rnd() & 1 ? d : -d; break;	/* 1:1 */
	case 3: x += 2 * d; y += rnd() & 1 ? d : -d; break;	/* 2:1 */
	case 4: y += 2 * d; x += rnd() & 1 ? d : -d; break;	/* 1:2 */
	case 5: break;					/* repeated point */
	default:
		p.x = rnd_coord(W);
		p.y = rnd_coord(H);
		return p;
	}
	if (x < -32768 || x > 32767 || y < -32768 || y > 32767) {
		x = prev.x;
		y = prev.y;
	}
	p.x = (int16_t)x;
	p.y = (int16_t)y;
	return p;
}

static void rnd_req(struct req *r, enum kind kind, int style, bool clip)
{
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->gc.function = 6;	/* set per pass */
	r->gc.plane_mask = 0xff;
	r->gc.foreground = 1;
	r->gc.background = 2;
	r->gc.line_style = (uint8_t)style;
	r->gc.cap_style = (uint8_t)(rnd() % 3 ? rnd_in(0, 1) : rnd_in(2, 3));
	r->gc.join_style = (uint8_t)(rnd() % 3);
	if (style) {
		r->gc.n_dashes = rnd_in(1, 4);
		for (int i = 0; i < r->gc.n_dashes; i++)
			r->dashes[i] = (uint8_t)rnd_in(1, 5);
		r->gc.dashes = r->dashes;
		r->gc.dash_offset = (uint16_t)(rnd() % 8 ? rnd_in(0, 20) : rnd_in(0, 65535));
	}
	switch (kind) {
	case K_POINTS:
		r->n = rnd_in(1, 8);
		for (int i = 0; i < r->n; i++) {
			r->pts[i].x = (int16_t)rnd_in(-4, W + 3);
			r->pts[i].y = (int16_t)rnd_in(-4, H + 3);
			if (i && rnd() % 4 == 0)
				r->pts[i] = r->pts[i - 1];
		}
		break;
	case K_LINE:
		r->n = rnd_in(1, 8);
		r->pts[0].x = rnd_coord(W);
		r->pts[0].y = rnd_coord(H);
		for (int i = 1; i < r->n; i++)
			r->pts[i] = rnd_next(r->pts[i - 1]);
		if (r->n >= 2 && rnd() % 3 == 0)	/* closed */
			r->pts[r->n++] = r->pts[0];
		break;
	case K_SEGMENT:
		r->n = rnd_in(1, 6);
		for (int i = 0; i < r->n; i++) {
			gem2d_point a, b;

			if (i && rnd() % 3 == 0) {	/* starts where the last ended */
				a.x = r->segs[i - 1].x2;
				a.y = r->segs[i - 1].y2;
			} else {
				a.x = rnd_coord(W);
				a.y = rnd_coord(H);
			}
			b = rnd_next(a);
			r->segs[i] = (gem2d_segment){ a.x, a.y, b.x, b.y };
		}
		break;
	case K_RECT:
		r->n = rnd_in(1, 4);
		for (int i = 0; i < r->n; i++) {
			gem2d_rect *q = &r->rects[i];

			q->x = (int16_t)(rnd() % 12 ? rnd_in(-20, W + 10) : rnd_coord(W));
			q->y = (int16_t)(rnd() % 12 ? rnd_in(-20, H + 10) : rnd_coord(H));
			q->width = (uint16_t)(rnd() % 5 == 0 ? rnd_in(0, 2) :
					      rnd() % 12 ? rnd_in(0, 80) : rnd_in(0, 65535));
			q->height = (uint16_t)(rnd() % 5 == 0 ? rnd_in(0, 2) :
					       rnd() % 12 ? rnd_in(0, 80) : rnd_in(0, 65535));
		}
		break;
	}
	if (clip) {
		r->n_clip = rnd_in(1, 3);
		for (int i = 0; i < r->n_clip; i++) {
			int x = rnd_in(-8, W), y = rnd_in(-8, H);

			r->clip[i] = (gem2d_rect){ (int16_t)x, (int16_t)y,
						   (uint16_t)rnd_in(1, 50), (uint16_t)rnd_in(1, 50) };
		}
		r->gc.clip = r->clip;
		r->gc.n_clip = r->n_clip;
	}
}

/* The composite clip as a mask, and the hint mi wants. */
static void clip_mask(const struct req *r, uint8_t *mask, mi_clip_hint *hint)
{
	int n = 0, x1 = W, y1 = H, x2 = 0, y2 = 0;

	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++) {
			bool in = r->n_clip == 0;

			for (int i = 0; i < r->n_clip && !in; i++) {
				const gem2d_rect *c = &r->clip[i];

				in = x >= c->x && x < c->x + c->width && y >= c->y &&
				     y < c->y + c->height;
			}
			mask[y * W + x] = in;
			if (in) {
				n++;
				if (x < x1) x1 = x;
				if (y < y1) y1 = y;
				if (x >= x2) x2 = x + 1;
				if (y >= y2) y2 = y + 1;
			}
		}
	}
	hint->extents = (g2d_box){ x1, y1, x2, y2 };
	hint->single = n > 0 && n == (x2 - x1) * (y2 - y1);
}

static int model(const struct req *r, struct g2d_boxes *fg, struct g2d_boxes *bg,
		 const mi_clip_hint *hint)
{
	switch (r->kind) {
	case K_POINTS:
		return mi_points(fg, r->n, r->pts);
	case K_LINE:
		return mi_poly_line_hinted(fg, bg, &r->gc, r->n, r->pts, hint);
	case K_SEGMENT:
		return mi_poly_segment(fg, bg, &r->gc, r->n, r->segs);
	case K_RECT:
		return mi_poly_rectangle_hinted(fg, bg, &r->gc, r->n, r->rects, hint);
	}
	return -EINVAL;
}

static int model_layered(const struct req *r, mi_layers *out, const mi_clip_hint *hint)
{
	switch (r->kind) {
	case K_LINE:
		return mi_poly_line_layered(out, &r->gc, r->n, r->pts, hint);
	case K_SEGMENT:
		return mi_poly_segment_layered(out, &r->gc, r->n, r->segs);
	case K_RECT:
		return mi_poly_rectangle_layered(out, &r->gc, r->n, r->rects, hint);
	default:
		return -EINVAL;
	}
}

/* The layers drawn in turn with GXcopy (fg 1, bg 2) and with GXxor. */
static void paint_layers(const mi_layers *ly, const uint8_t *mask, uint8_t *copy, uint8_t *xor)
{
	memset(copy, 0, W * H);
	memset(xor, 0, W * H);
	for (int l = 0; l < ly->n; l++) {
		const struct g2d_boxes *b = &ly->layer[l];
		uint8_t v = l & 1 ? 2 : 1;

		for (size_t i = 0; i < b->n; i++) {
			int x1 = b->box[i].x1 < 0 ? 0 : b->box[i].x1;
			int y1 = b->box[i].y1 < 0 ? 0 : b->box[i].y1;
			int x2 = b->box[i].x2 > W ? W : b->box[i].x2;
			int y2 = b->box[i].y2 > H ? H : b->box[i].y2;

			for (int y = y1; y < y2; y++) {
				for (int x = x1; x < x2; x++) {
					if (mask[y * W + x]) {
						copy[y * W + x] = v;
						xor[y * W + x] ^= v;
					}
				}
			}
		}
	}
}

static void count(const struct g2d_boxes *l, const uint8_t *mask, int *cnt)
{
	for (size_t i = 0; i < l->n; i++) {
		const g2d_box *b = &l->box[i];
		int x1 = b->x1 < 0 ? 0 : b->x1, y1 = b->y1 < 0 ? 0 : b->y1;
		int x2 = b->x2 > W ? W : b->x2, y2 = b->y2 > H ? H : b->y2;

		for (int y = y1; y < y2; y++)
			for (int x = x1; x < x2; x++)
				if (mask[y * W + x])
					cnt[y * W + x]++;
	}
}

/* The server's side: clear, draw with function, read back. Three passes
 * pipelined, one round trip. */
static const uint8_t pass_fn[4] = { 6 /* GXxor */, 7 /* GXor */, 3 /* GXcopy */, 6 };

static int server(const struct req *r, uint8_t img[4][W * H])
{
	int passes = r->n_clip ? 4 : 3;
	xcb_get_image_cookie_t ck[4];
	xcb_rectangle_t all = { 0, 0, W, H };

	for (int p = 0; p < passes; p++) {
		uint32_t v[8] = { pass_fn[p], 0xff, r->gc.foreground, r->gc.background, 0,
				  r->gc.line_style, r->gc.cap_style, r->gc.join_style };

		xcb_poly_fill_rectangle(conn, pix, gc_clear, 1, &all);
		xcb_change_gc(conn, gc_draw,
			      XCB_GC_FUNCTION | XCB_GC_PLANE_MASK | XCB_GC_FOREGROUND |
			      XCB_GC_BACKGROUND | XCB_GC_LINE_WIDTH | XCB_GC_LINE_STYLE |
			      XCB_GC_CAP_STYLE | XCB_GC_JOIN_STYLE, v);
		if (r->gc.line_style)
			xcb_set_dashes(conn, gc_draw, r->gc.dash_offset, (uint16_t)r->gc.n_dashes,
				       r->dashes);
		if (r->n_clip && p < 3) {
			xcb_set_clip_rectangles(conn, XCB_CLIP_ORDERING_UNSORTED, gc_draw, 0, 0,
						(uint32_t)r->n_clip,
						(const xcb_rectangle_t *)r->clip);
		} else {
			uint32_t none = XCB_NONE;

			xcb_change_gc(conn, gc_draw, XCB_GC_CLIP_MASK, &none);
		}
		switch (r->kind) {
		case K_POINTS:
			xcb_poly_point(conn, XCB_COORD_MODE_ORIGIN, pix, gc_draw, (uint32_t)r->n,
				       (const xcb_point_t *)r->pts);
			break;
		case K_LINE:
			xcb_poly_line(conn, XCB_COORD_MODE_ORIGIN, pix, gc_draw, (uint32_t)r->n,
				      (const xcb_point_t *)r->pts);
			break;
		case K_SEGMENT:
			xcb_poly_segment(conn, pix, gc_draw, (uint32_t)r->n,
					 (const xcb_segment_t *)r->segs);
			break;
		case K_RECT:
			xcb_poly_rectangle(conn, pix, gc_draw, (uint32_t)r->n,
					   (const xcb_rectangle_t *)r->rects);
			break;
		}
		ck[p] = xcb_get_image(conn, XCB_IMAGE_FORMAT_Z_PIXMAP, pix, 0, 0, W, H, 0xff);
	}
	for (int p = 0; p < passes; p++) {
		xcb_generic_error_t *err = NULL;
		xcb_get_image_reply_t *rep = xcb_get_image_reply(conn, ck[p], &err);

		if (!rep) {
			fprintf(stderr, "GetImage failed (error %d)\n", err ? err->error_code : -1);
			free(err);
			return -1;
		}
		/* depth 8: one byte a pixel, rows padded to 4 bytes (64 already is) */
		memcpy(img[p], xcb_get_image_data(rep), W * H);
		free(rep);
	}
	return 0;
}

static void print_req(const struct req *r)
{
	static const char *kn[] = { "PolyPoint", "PolyLine", "PolySegment", "PolyRectangle" };

	printf("    %s style %d cap %d", kn[r->kind], r->gc.line_style, r->gc.cap_style);
	if (r->gc.line_style) {
		printf(" dashes [");
		for (int i = 0; i < r->gc.n_dashes; i++)
			printf("%s%d", i ? " " : "", r->dashes[i]);
		printf("] offset %d", r->gc.dash_offset);
	}
	printf("\n     ");
	for (int i = 0; i < r->n; i++) {
		switch (r->kind) {
		case K_POINTS:
		case K_LINE:
			printf(" (%d,%d)", r->pts[i].x, r->pts[i].y);
			break;
		case K_SEGMENT:
			printf(" (%d,%d)-(%d,%d)", r->segs[i].x1, r->segs[i].y1, r->segs[i].x2,
			       r->segs[i].y2);
			break;
		case K_RECT:
			printf(" [%d,%d %ux%u]", r->rects[i].x, r->rects[i].y, r->rects[i].width,
			       r->rects[i].height);
			break;
		}
	}
	for (int i = 0; i < r->n_clip; i++)
		printf("%s[%d,%d %ux%u]", i ? " " : "\n      clip ", r->clip[i].x, r->clip[i].y,
		       r->clip[i].width, r->clip[i].height);
	printf("\n");
}

struct tally {
	long cases, bad, bad_order, server_variant, bad_layered;
	int layers;
};

/* 0 same; 1 parity or coverage differ; 2 only the fg/bg order (GXcopy) */
static int check_one(const struct req *r, struct tally *t, int verbose)
{
	static uint8_t img[4][W * H], mask[W * H];
	static int cf[W * H], cb[W * H];
	struct g2d_boxes fg = G2D_BOXES_INIT, bg = G2D_BOXES_INIT;
	mi_clip_hint hint;
	int bad = 0, bad_copy = 0, shown = 0, ret;

	clip_mask(r, mask, &hint);
	ret = model(r, &fg, &bg, &hint);
	if (ret) {
		printf("  model returned %d\n", ret);
		print_req(r);
		g2d_boxes_fini(&fg);
		g2d_boxes_fini(&bg);
		return 1;
	}
	memset(cf, 0, sizeof(cf));
	memset(cb, 0, sizeof(cb));
	count(&fg, mask, cf);
	count(&bg, mask, cb);
	g2d_boxes_fini(&fg);
	g2d_boxes_fini(&bg);
	if (server(r, img))
		exit(2);
	for (int i = 0; i < W * H; i++) {
		int want_xor = (cf[i] & 1) | (cb[i] & 1) << 1;
		int want_or = (cf[i] > 0) | (cb[i] > 0) << 1;
		/* fg then bg: where both, the caller's order decides */
		int want_copy = cb[i] ? 2 : cf[i] ? 1 : 0;

		if (img[0][i] != want_xor || img[1][i] != want_or) {
			if (verbose && shown++ < 8)
				printf("      (%d,%d): server xor %d or %d, model fg %d bg %d\n",
				       i % W, i / W, img[0][i], img[1][i], cf[i], cb[i]);
			bad = 1;
		} else if (img[2][i] != want_copy) {
			bad_copy = 1;
		}
	}
	if (bad && verbose)
		print_req(r);
	if (r->kind != K_POINTS) {
		/* the layered output: exact under GXcopy as well */
		static uint8_t copy[W * H], xr[W * H];
		mi_layers ly = MI_LAYERS_INIT;
		int lbad = 0;

		ret = model_layered(r, &ly, &hint);
		if (ret) {
			printf("  layered model returned %d\n", ret);
			lbad = 1;
		} else {
			paint_layers(&ly, mask, copy, xr);
			lbad = memcmp(copy, img[2], W * H) || memcmp(xr, img[0], W * H);
		}
		t->layers = ly.n > t->layers ? ly.n : t->layers;
		mi_layers_fini(&ly);
		if (lbad) {
			t->bad_layered++;
			if (verbose) {
				printf("    layered output differs\n");
				print_req(r);
			}
		}
	}
	for (int i = 0; r->n_clip && i < W * H; i++) {
		if (img[0][i] != (mask[i] ? img[3][i] : 0)) {
			t->server_variant++;
			break;
		}
	}
	return bad ? 1 : bad_copy ? 2 : 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		enum kind kind;
		int style;
	} cat[] = {
		{ "points", K_POINTS, 0 },
		{ "line solid", K_LINE, 0 },
		{ "segment solid", K_SEGMENT, 0 },
		{ "rectangle solid", K_RECT, 0 },
		{ "line on-off", K_LINE, 1 },
		{ "line double", K_LINE, 2 },
		{ "segment on-off", K_SEGMENT, 1 },
		{ "segment double", K_SEGMENT, 2 },
		{ "rectangle on-off", K_RECT, 1 },
		{ "rectangle double", K_RECT, 2 },
	};
	int cases = argc > 1 ? atoi(argv[1]) : 2000;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x6d696c696e6573ull;
	int display, failed = 0;
	long total = 0, total_bad = 0;
	char name[32];
	const xcb_setup_t *setup;
	xcb_screen_t *screen;
	uint32_t zero[2] = { 3 /* GXcopy */, 0 };

	display = start_xvfb();
	if (display == -1) {
		printf("SKIP: %s missing\n", XVFB);
		return 77;
	}
	if (display < 0) {
		fprintf(stderr, "cannot start %s\n", XVFB);
		return 2;
	}
	atexit(stop_xvfb);
	snprintf(name, sizeof(name), ":%d", display);
	conn = xcb_connect(name, NULL);
	if (xcb_connection_has_error(conn)) {
		fprintf(stderr, "cannot connect to %s\n", name);
		return 2;
	}
	setup = xcb_get_setup(conn);
	screen = xcb_setup_roots_iterator(setup).data;
	pix = xcb_generate_id(conn);
	xcb_create_pixmap(conn, 8, pix, screen->root, W, H);
	gc_clear = xcb_generate_id(conn);
	xcb_create_gc(conn, gc_clear, pix, XCB_GC_FUNCTION | XCB_GC_FOREGROUND, zero);
	gc_draw = xcb_generate_id(conn);
	xcb_create_gc(conn, gc_draw, pix, 0, NULL);

	rng_state = seed ? seed : 1;
	printf("mi_line_check: Xvfb on %s, %dx%d depth 8, %d cases per category and clip, seed %#llx\n",
	       name, W, H, cases, (unsigned long long)seed);
	for (size_t c = 0; c < sizeof(cat) / sizeof(cat[0]); c++) {
		for (int clip = 0; clip < 2; clip++) {
			struct tally t = { 0, 0, 0, 0, 0, 0 };

			for (int i = 0; i < cases; i++) {
				struct req r;
				int res;

				rnd_req(&r, cat[c].kind, cat[c].style, clip);
				res = check_one(&r, &t, t.bad < 3);
				t.cases++;
				if (res == 1)
					t.bad++;
				else if (res == 2)
					t.bad_order++;
			}
			printf("%-16s %-9s %5ld cases: %ld mismatches, %ld fg/bg order only, "
			       "layered %ld (%d layers)",
			       cat[c].name, clip ? "clipped" : "unclipped", t.cases, t.bad,
			       t.bad_order, t.bad_layered, t.layers);
			if (clip)
				printf(", server not clip invariant in %ld", t.server_variant);
			printf("\n");
			fflush(stdout);
			total += t.cases;
			total_bad += t.bad + t.bad_layered;
			if (t.bad || t.bad_layered)
				failed = 1;
		}
	}
	printf("%ld requests, %ld mismatches\n", total, total_bad);
	xcb_free_gc(conn, gc_draw);
	xcb_free_gc(conn, gc_clear);
	xcb_free_pixmap(conn, pix);
	xcb_disconnect(conn);
	return failed;
}
