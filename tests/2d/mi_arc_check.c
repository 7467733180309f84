/* SPDX-License-Identifier: MIT */
/*
 * mi_arc_check: the arc and polygon generators of upper-layers/2d (mi_arc.c,
 * mi_fill_arc.c, mi_polygon.c) against the X server itself. Starts Xvfb on a
 * free display (-displayfd), then for thousands of random requests from a
 * fixed seed draws each on a 64x64 depth-8 pixmap and compares it with our
 * boxes rasterized in memory, in several modes: GXxor on a zeroed pixmap
 * (fg 1, bg 2, so the parity of how often each pixel was drawn is checked,
 * fg and bg apart), GXcopy (fg = bg = 1: the set of pixels touched), and
 * then the functions that also see how often and in which order the fg and
 * bg draws of a pixel come (GXcopy, GXnor, GXandReverse, ... with fg != bg;
 * GXequiv and GXinvert, which are not idempotent) on a pixmap of 0x55, with
 * fg 0x0f and bg 0x33: each of the 8 bit planes sees one of the 8
 * combinations of fg, bg and destination bit. Ours draws the fg list, then
 * the bg list, or for a LineDoubleDash PolyArc the layers of
 * mi_poly_arc_layered in turn (as requests.c does).
 *
 * Prints the mismatches per category (and how many requests each mode
 * caught); exits 0 when there are none, 1 when
 * there are, 77 when Xvfb is missing or cannot start. -v prints the first
 * mismatching requests; an argument N sets the number of requests per
 * category.
 *
 * Build: cc -I. tests/2d/mi_arc_check.c upper-layers/2d/{boxes,mi_arc,
 *        mi_fill_arc,mi_polygon,mi_line}.c -lxcb -lm
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

#define SZ 64

static xcb_connection_t *conn;
static xcb_pixmap_t pix;
static xcb_gcontext_t gcid;
static int verbose;
static int nonblank;	/* requests whose server image was not all zero */
static pid_t xvfb_pid;

/* ---- random numbers: a fixed xorshift, the same on every run ---- */
static uint64_t rng_state = 0x2d2d5eedULL;

static uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 11);
}

static int rnd_in(int lo, int hi)	/* lo..hi inclusive */
{
	return lo + (int)(rnd() % (uint32_t)(hi - lo + 1));
}

/* ---- the server ---- */
static void stop_xvfb(void)
{
	if (xvfb_pid > 0) {
		kill(xvfb_pid, SIGTERM);
		waitpid(xvfb_pid, NULL, 0);
		xvfb_pid = 0;
	}
}

static int start_xvfb(char *display, size_t len)
{
	int fds[2];
	char fdarg[16], buf[32];
	size_t got = 0;

	if (access("/usr/bin/Xvfb", X_OK) != 0)
		return -1;
	if (pipe(fds) != 0)
		return -1;
	xvfb_pid = fork();
	if (xvfb_pid < 0)
		return -1;
	if (xvfb_pid == 0) {
		int nul = open("/dev/null", O_RDWR);

		close(fds[0]);
		if (nul >= 0) {
			dup2(nul, 0);
			dup2(nul, 1);
			dup2(nul, 2);
		}
		snprintf(fdarg, sizeof(fdarg), "%d", fds[1]);
		execl("/usr/bin/Xvfb", "Xvfb", "-displayfd", fdarg, "-nolisten", "tcp",
		      "-screen", "0", "320x240x24", "-ac", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while (got < sizeof(buf) - 1) {
		ssize_t r = read(fds[0], buf + got, sizeof(buf) - 1 - got);

		if (r <= 0)
			break;
		got += (size_t)r;
		if (memchr(buf, '\n', got))
			break;
	}
	close(fds[0]);
	buf[got] = 0;
	if (!got || !memchr(buf, '\n', got)) {
		stop_xvfb();
		return -1;
	}
	*strchr(buf, '\n') = 0;
	snprintf(display, len, ":%s", buf);
	return 0;
}

static int setup_x(void)
{
	char display[48];
	const xcb_setup_t *setup;
	xcb_screen_t *screen;
	int have8 = 0;

	if (start_xvfb(display, sizeof(display)) != 0)
		return -1;
	conn = xcb_connect(display, NULL);
	if (xcb_connection_has_error(conn))
		return -1;
	setup = xcb_get_setup(conn);
	for (xcb_format_iterator_t f = xcb_setup_pixmap_formats_iterator(setup); f.rem;
	     xcb_format_next(&f))
		if (f.data->depth == 8 && f.data->bits_per_pixel == 8)
			have8 = 1;
	if (!have8)
		return -1;
	screen = xcb_setup_roots_iterator(setup).data;
	pix = xcb_generate_id(conn);
	xcb_create_pixmap(conn, 8, pix, screen->root, SZ, SZ);
	gcid = xcb_generate_id(conn);
	uint32_t v = 0;
	xcb_create_gc(conn, gcid, pix, XCB_GC_GRAPHICS_EXPOSURES, &v);
	return 0;
}

static void x_clear(uint8_t value)
{
	uint32_t none = XCB_NONE;
	uint32_t vals[] = { XCB_GX_COPY, 0xff, value, 0, XCB_LINE_STYLE_SOLID,
			    XCB_FILL_STYLE_SOLID };

	xcb_change_gc(conn, gcid, XCB_GC_CLIP_MASK, &none);
	xcb_rectangle_t r = { 0, 0, SZ, SZ };

	xcb_change_gc(conn, gcid, XCB_GC_FUNCTION | XCB_GC_PLANE_MASK | XCB_GC_FOREGROUND |
		      XCB_GC_LINE_WIDTH | XCB_GC_LINE_STYLE | XCB_GC_FILL_STYLE, vals);
	xcb_poly_fill_rectangle(conn, pix, gcid, 1, &r);
}

static int x_fetch(uint8_t *img)
{
	xcb_get_image_reply_t *rep = xcb_get_image_reply(
		conn, xcb_get_image(conn, XCB_IMAGE_FORMAT_Z_PIXMAP, pix, 0, 0, SZ, SZ, ~0u),
		NULL);

	if (!rep)
		return -1;
	int len = xcb_get_image_data_length(rep);
	const uint8_t *d = xcb_get_image_data(rep);
	int stride = len / SZ;

	for (int y = 0; y < SZ; y++)
		memcpy(img + y * SZ, d + y * stride, SZ);
	free(rep);
	return 0;
}

/* ---- requests ---- */
enum kind { K_POLY, K_ARC, K_FILLARC };

#define MAXITEMS 12
struct request {
	enum kind kind;
	gem2d_gc gc;
	int n;
	gem2d_point pts[MAXITEMS];
	gem2d_arc arcs[MAXITEMS];
	uint8_t dashes[4];
	gem2d_rect clip[3];
};

/* The comparison modes: function, fg, bg and the pixmap's value before. */
struct mode {
	const char *name;
	uint8_t function, fg, bg, before;
};

static const struct mode modes[] = {
	{ "GXxor", XCB_GX_XOR, 1, 2, 0 },
	{ "GXcopy fg = bg", XCB_GX_COPY, 1, 1, 0 },
	{ "GXcopy", XCB_GX_COPY, 0x0f, 0x33, 0x55 },
	{ "GXnor", XCB_GX_NOR, 0x0f, 0x33, 0x55 },
	{ "GXequiv", XCB_GX_EQUIV, 0x0f, 0x33, 0x55 },
	{ "GXinvert", XCB_GX_INVERT, 0x0f, 0x33, 0x55 },
	{ "GXandReverse", XCB_GX_AND_REVERSE, 0x0f, 0x33, 0x55 },
	{ "GXandInverted", XCB_GX_AND_INVERTED, 0x0f, 0x33, 0x55 },
	{ "GXorReverse", XCB_GX_OR_REVERSE, 0x0f, 0x33, 0x55 },
	{ "GXorInverted", XCB_GX_OR_INVERTED, 0x0f, 0x33, 0x55 },
	{ "GXcopyInverted", XCB_GX_COPY_INVERTED, 0x0f, 0x33, 0x55 },
	{ "GXnand", XCB_GX_NAND, 0x0f, 0x33, 0x55 },
};
#define N_MODES (int)(sizeof(modes) / sizeof(modes[0]))

/* the X function of source s on destination d */
static uint8_t gx(int function, uint8_t s, uint8_t d)
{
	uint8_t r = 0;

	for (int bit = 0; bit < 8; bit++) {
		int sb = s >> bit & 1, db = d >> bit & 1;

		/* the function's 4-bit truth table, indexed by (src, dst) */
		if (function >> (3 - (sb << 1 | db)) & 1)
			r |= (uint8_t)(1 << bit);
	}
	return r;
}

static void x_draw(const struct request *rq, const struct mode *md)
{
	uint32_t mask = XCB_GC_FUNCTION | XCB_GC_FOREGROUND | XCB_GC_BACKGROUND |
			XCB_GC_LINE_WIDTH | XCB_GC_LINE_STYLE | XCB_GC_FILL_RULE |
			XCB_GC_ARC_MODE;
	uint32_t vals[] = {
		md->function, md->fg, md->bg, 0, rq->gc.line_style, rq->gc.fill_rule,
		rq->gc.arc_mode,
	};

	xcb_change_gc(conn, gcid, mask, vals);
	if (rq->gc.clip)
		xcb_set_clip_rectangles(conn, XCB_CLIP_ORDERING_UNSORTED, gcid, 0, 0,
					(uint32_t)rq->gc.n_clip, (const xcb_rectangle_t *)rq->gc.clip);
	if (rq->gc.line_style)
		xcb_set_dashes(conn, gcid, rq->gc.dash_offset, (uint16_t)rq->gc.n_dashes,
			       rq->dashes);
	switch (rq->kind) {
	case K_POLY:
		xcb_fill_poly(conn, pix, gcid, XCB_POLY_SHAPE_COMPLEX,
			      XCB_COORD_MODE_ORIGIN, (uint32_t)rq->n,
			      (const xcb_point_t *)rq->pts);
		break;
	case K_ARC:
		xcb_poly_arc(conn, pix, gcid, (uint32_t)rq->n, (const xcb_arc_t *)rq->arcs);
		break;
	case K_FILLARC:
		xcb_poly_fill_arc(conn, pix, gcid, (uint32_t)rq->n, (const xcb_arc_t *)rq->arcs);
		break;
	}
}

/* our boxes into img, drawn with md's function and colour val */
static int in_clip(const gem2d_gc *gc, int x, int y)
{
	if (!gc->clip)
		return 1;
	for (int i = 0; i < gc->n_clip; i++) {
		const gem2d_rect *c = &gc->clip[i];

		if (x >= c->x && y >= c->y && x < c->x + c->width && y < c->y + c->height)
			return 1;
	}
	return 0;
}

static void raster(uint8_t *img, const struct g2d_boxes *l, const gem2d_gc *gc,
		   const struct mode *md, uint8_t val)
{
	for (size_t i = 0; i < l->n; i++) {
		const g2d_box *b = &l->box[i];
		int x1 = b->x1 < 0 ? 0 : b->x1, x2 = b->x2 > SZ ? SZ : b->x2;
		int y1 = b->y1 < 0 ? 0 : b->y1, y2 = b->y2 > SZ ? SZ : b->y2;

		for (int y = y1; y < y2; y++)
			for (int x = x1; x < x2; x++) {
				if (!in_clip(gc, x, y))
					continue;
				img[y * SZ + x] = gx(md->function, val, img[y * SZ + x]);
			}
	}
}

static void print_request(const struct request *rq)
{
	static const char *kn[] = { "FillPolygon", "PolyArc", "PolyFillArc" };

	printf("  %s rule %d arc_mode %d line_style %d", kn[rq->kind], rq->gc.fill_rule,
	       rq->gc.arc_mode, rq->gc.line_style);
	if (rq->gc.line_style) {
		printf(" dashes [");
		for (int i = 0; i < rq->gc.n_dashes; i++)
			printf(" %d", rq->dashes[i]);
		printf(" ] offset %d", rq->gc.dash_offset);
	}
	printf(":\n   ");
	for (int i = 0; i < rq->n; i++) {
		if (rq->kind == K_POLY)
			printf(" (%d,%d)", rq->pts[i].x, rq->pts[i].y);
		else
			printf(" [%d,%d %ux%u %d %d]", rq->arcs[i].x, rq->arcs[i].y,
			       rq->arcs[i].width, rq->arcs[i].height, rq->arcs[i].angle1,
			       rq->arcs[i].angle2);
	}
	printf("\n");
}

static void print_diff(const uint8_t *want, const uint8_t *got)
{
	int shown = 0;

	for (int y = 0; y < SZ && shown < 12; y++)
		for (int x = 0; x < SZ && shown < 12; x++)
			if (want[y * SZ + x] != got[y * SZ + x]) {
				printf("    (%d,%d) server %d ours %d\n", x, y, want[y * SZ + x],
				       got[y * SZ + x]);
				shown++;
			}
}

/* Which modes failed first, per category (reset by main). */
static int mode_bad[N_MODES];

/* Draws our lists in order into got: pass k is list[k] in bg colour when
 * is_bg[k]. */
static void raster_passes(uint8_t *got, const struct g2d_boxes *const *list, const int *is_bg,
			  int n, const gem2d_gc *gc, const struct mode *md)
{
	memset(got, md->before, SZ * SZ);
	for (int k = 0; k < n; k++)
		raster(got, list[k], gc, md, is_bg[k] ? md->bg : md->fg);
}

/* 1 when the request matched in every mode, 0 when not, -1 when ours is
 * ENOTSUP (not compared). */
static int check(const struct request *rq, int *budget)
{
	struct g2d_boxes fg = G2D_BOXES_INIT, bg = G2D_BOXES_INIT;
	mi_layers layers = MI_LAYERS_INIT;
	int r = 0, ok = 1, layered = rq->kind == K_ARC && rq->gc.line_style == 2;

	switch (rq->kind) {
	case K_POLY:
		r = mi_fill_polygon(&fg, &rq->gc, rq->n, rq->pts);
		break;
	case K_ARC:
		r = mi_poly_arc_drawable(&fg, &bg, &rq->gc, rq->n, rq->arcs, SZ, SZ, 8);
		if (layered) {
			int rl = mi_poly_arc_layered(&layers, &rq->gc, rq->n, rq->arcs, SZ, SZ, 8);

			if (rl != r) {
				fprintf(stderr, "layered arcs: %d, two lists: %d\n", rl, r);
				exit(1);
			}
		}
		break;
	case K_FILLARC:
		r = mi_poly_fill_arc(&fg, &rq->gc, rq->n, rq->arcs);
		break;
	}
	if (r == -ENOTSUP) {
		g2d_boxes_fini(&fg);
		g2d_boxes_fini(&bg);
		mi_layers_fini(&layers);
		return -1;
	}
	if (r) {
		fprintf(stderr, "generator failed: %d\n", r);
		exit(1);
	}
	const struct g2d_boxes *two[2] = { &fg, &bg };
	static const int two_bg[2] = { 0, 1 };
	/* a LineDoubleDash PolyArc in its layers, as requests.c draws it */
	const struct g2d_boxes **pass = two;
	const int *pass_bg = two_bg;
	int npass = 2;

	if (layered) {
		const struct g2d_boxes **lp = malloc((size_t)layers.n * sizeof(*lp) + 1);
		int *lb = malloc((size_t)layers.n * sizeof(*lb) + 1);

		if (!lp || !lb) {
			fprintf(stderr, "out of memory\n");
			exit(1);
		}
		for (int l = 0; l < layers.n; l++) {
			lp[l] = &layers.layer[l];
			lb[l] = l & 1;
		}
		pass = lp;
		pass_bg = lb;
		npass = layers.n;
	}

	for (int m = 0; m < N_MODES; m++) {
		static uint8_t want[SZ * SZ], got[SZ * SZ];
		const struct mode *md = &modes[m];

		x_clear(md->before);
		x_draw(rq, md);
		if (x_fetch(want)) {
			fprintf(stderr, "GetImage failed\n");
			exit(1);
		}
		if (m == 1)	/* GXcopy from 0: anything drawn */
			for (int i = 0; i < SZ * SZ; i++)
				if (want[i]) {
					nonblank++;
					break;
				}
		raster_passes(got, pass, pass_bg, npass, &rq->gc, md);
		int same = !memcmp(want, got, sizeof(got));

		/* the two lists, where order does not matter */
		if (same && layered && m < 2) {
			raster_passes(got, two, two_bg, 2, &rq->gc, md);
			same = !memcmp(want, got, sizeof(got));
		}
		if (!same) {
			mode_bad[m]++;
			if (ok && verbose && *budget > 0) {
				(*budget)--;
				printf(" mismatch (%s):\n", md->name);
				print_request(rq);
				print_diff(want, got);
			}
			ok = 0;
		}
	}
	if (layered) {
		free((void *)pass);
		free((void *)pass_bg);
	}
	g2d_boxes_fini(&fg);
	g2d_boxes_fini(&bg);
	mi_layers_fini(&layers);
	return ok;
}

/* ---- random requests per category ---- */
static int coord_near(void)
{
	switch (rnd() % 8) {
	case 0:
		return rnd_in(-32768, 32767);	/* far away */
	case 1:
		return rnd_in(-300, 300);
	default:
		return rnd_in(-12, SZ + 12);
	}
}

static void gen_poly(struct request *rq, int rule)
{
	rq->kind = K_POLY;
	rq->gc.fill_rule = (uint8_t)rule;
	rq->n = rnd_in(3, 10);
	for (int i = 0; i < rq->n; i++) {
		if (i && rnd() % 6 == 0) {
			rq->pts[i] = rq->pts[rnd_in(0, i - 1)];	/* repeated point */
			continue;
		}
		if (i && rnd() % 6 == 0) {	/* shares an x or y */
			rq->pts[i] = rq->pts[i - 1];
			if (rnd() & 1)
				rq->pts[i].x = (int16_t)coord_near();
			else
				rq->pts[i].y = (int16_t)coord_near();
			continue;
		}
		rq->pts[i].x = (int16_t)coord_near();
		rq->pts[i].y = (int16_t)coord_near();
	}
}

static int16_t rnd_angle(void)
{
	switch (rnd() % 6) {
	case 0:
		return (int16_t)(rnd_in(-8, 8) * 45 * 64);	/* multiples of 45 degrees */
	case 1:
		return (int16_t)(rnd_in(-8, 8) * 45 * 64 + rnd_in(-70, 70));	/* near them */
	case 2:
		return (int16_t)rnd_in(-32768, 32767);
	default:
		return (int16_t)rnd_in(-360 * 64, 360 * 64);
	}
}

static void gen_arc(gem2d_arc *a, int maxsz)
{
	int w = rnd_in(0, maxsz), h = rnd() % 3 == 0 ? w : rnd_in(0, maxsz);

	if (rnd() % 10 == 0) {	/* nearly round */
		h = w + rnd_in(-1, 1);
		if (h < 0)
			h = 0;
	}
	a->width = (uint16_t)w;
	a->height = (uint16_t)h;
	if (rnd() % 4 == 0) {	/* inside the pixmap: fb's own arc loop */
		a->x = (int16_t)rnd_in(0, SZ - 1 - w > 0 ? SZ - 1 - w : 0);
		a->y = (int16_t)rnd_in(0, SZ - 1 - h > 0 ? SZ - 1 - h : 0);
	} else {
		a->x = (int16_t)rnd_in(-w - 4, SZ + 4);
		a->y = (int16_t)rnd_in(-h - 4, SZ + 4);
	}
	if (rnd() % 4 == 0) {
		a->angle1 = 0;
		a->angle2 = 360 * 64;
		if (rnd() % 3 == 0)
			a->angle1 = rnd_angle();
		if (rnd() % 3 == 0)
			a->angle2 = (int16_t)((rnd() & 1 ? 1 : -1) * rnd_in(360 * 64, 32767));
	} else {
		a->angle1 = rnd_angle();
		a->angle2 = rnd_angle();
	}
}

static void gen_arcs(struct request *rq, enum kind kind, int multi, int maxsz)
{
	rq->kind = kind;
	rq->n = multi ? rnd_in(2, 6) : 1;
	for (int i = 0; i < rq->n; i++)
		gen_arc(&rq->arcs[i], maxsz);
	int same_box = multi && rnd() % 2 == 0, chain = same_box && rnd() % 2 == 0;

	for (int i = 1; same_box && i < rq->n; i++) {	/* the same box, other angles */
		rq->arcs[i].x = rq->arcs[0].x;
		rq->arcs[i].y = rq->arcs[0].y;
		rq->arcs[i].width = rq->arcs[0].width;
		rq->arcs[i].height = rq->arcs[0].height;
		if (chain) {	/* each arc starting where the one before ended */
			rq->arcs[i].angle1 = (int16_t)((rq->arcs[i - 1].angle1 +
							rq->arcs[i - 1].angle2) % (360 * 64));
			rq->arcs[i].angle2 = (int16_t)rnd_in(-120 * 64, 120 * 64);
			if (rnd() % 3 == 0)
				rq->arcs[i].angle2 = (int16_t)(rq->arcs[i - 1].angle2 < 0 ? -rnd_in(1, 9000) : rnd_in(1, 9000));
		}
	}
}

static void gen_big_arcs(struct request *rq, enum kind kind)
{
	/* arcs past the zero-arc limit (w != h, one side > 800) */
	rq->kind = kind;
	rq->n = 1;
	gem2d_arc *a = &rq->arcs[0];
	int w = rnd_in(0, 1200), h = rnd_in(0, 1200);

	if (w <= 800 && h <= 800)
		w = rnd_in(801, 1500);
	if (rnd() & 1) {
		int t = w;

		w = h;
		h = t;
	}
	a->width = (uint16_t)w;
	a->height = (uint16_t)h;
	/* put some part of the outline near the pixmap */
	a->x = (int16_t)(rnd() & 1 ? rnd_in(-10, 40) : rnd_in(-w - 10, -w + 60));
	a->y = (int16_t)(rnd() & 1 ? rnd_in(-10, 40) : rnd_in(-h / 2 - 30, -h / 2 + 30));
	a->angle1 = rnd_angle();
	a->angle2 = rnd() % 4 == 0 ? 360 * 64 : rnd_angle();
}

static void gen_huge_arcs(struct request *rq, enum kind kind)
{
	/* sizes near 65535 and origins near the 16-bit edges: the server's
	 * 16-bit span and point origins wrap */
	rq->kind = kind;
	rq->n = 1;
	gem2d_arc *a = &rq->arcs[0];
	int w = rnd_in(60000, 65535), h = rnd() % 2 ? w : rnd_in(60000, 65535);

	a->width = (uint16_t)w;
	a->height = (uint16_t)h;
	switch (rnd() % 3) {
	case 0:	/* centre column wraps to near 0, top row near the pixmap */
		a->x = (int16_t)rnd_in(32700, 32767);
		a->y = (int16_t)rnd_in(-20, SZ);
		break;
	case 1:	/* centre row wraps, left column near the pixmap */
		a->x = (int16_t)rnd_in(-20, SZ);
		a->y = (int16_t)rnd_in(32700, 32767);
		break;
	default:	/* centred near the pixmap */
		a->x = (int16_t)rnd_in(-w / 2 - 40, -w / 2 + 40);
		a->y = (int16_t)rnd_in(-h / 2 - 40, -h / 2 + 40);
		break;
	}
	a->angle1 = rnd_angle();
	a->angle2 = rnd() % 4 == 0 ? 360 * 64 : rnd_angle();
}

static void gen_dashes(struct request *rq, int style)
{
	rq->gc.line_style = (uint8_t)style;
	rq->gc.n_dashes = rnd_in(1, 4);
	for (int i = 0; i < rq->gc.n_dashes; i++)
		rq->dashes[i] = (uint8_t)rnd_in(1, 9);
	rq->gc.dashes = rq->dashes;
	rq->gc.dash_offset = (uint16_t)rnd_in(0, 20);
}

enum cat {
	C_POLY_EO, C_POLY_WIND,
	C_ARC_ONE, C_ARC_MULTI, C_ARC_ONOFF, C_ARC_DOUBLE, C_ARC_BIG,
	C_FILL_CHORD, C_FILL_PIE, C_FILL_MULTI, C_FILL_BIG,
	C_ARC_HUGE, C_FILL_HUGE, C_ARC_CLIPPED,
	C_COUNT
};

static const char *cat_name[C_COUNT] = {
	"polygon evenodd", "polygon winding",
	"arc solid one", "arc solid several", "arc onoffdash", "arc doubledash",
	"arc wide-code (>800)",
	"fillarc chord", "fillarc pieslice", "fillarc several", "fillarc float (>800)",
	"arc 16-bit edges", "fillarc 16-bit edges", "arc solid, gc clip",
};

static void gen(struct request *rq, enum cat c)
{
	memset(rq, 0, sizeof(*rq));
	rq->gc.function = 3;
	rq->gc.plane_mask = ~0u;
	rq->gc.foreground = 1;
	rq->gc.background = 2;
	switch (c) {
	case C_POLY_EO:
		gen_poly(rq, 0);
		break;
	case C_POLY_WIND:
		gen_poly(rq, 1);
		break;
	case C_ARC_ONE:
		gen_arcs(rq, K_ARC, 0, 70);
		break;
	case C_ARC_MULTI:
		gen_arcs(rq, K_ARC, 1, 70);
		break;
	case C_ARC_ONOFF:
		gen_arcs(rq, K_ARC, rnd() & 1, 70);
		gen_dashes(rq, 1);
		break;
	case C_ARC_DOUBLE:
		gen_arcs(rq, K_ARC, rnd() & 1, 70);
		gen_dashes(rq, 2);
		break;
	case C_ARC_BIG:
		gen_big_arcs(rq, K_ARC);
		break;
	case C_FILL_CHORD:
		gen_arcs(rq, K_FILLARC, 0, 70);
		rq->gc.arc_mode = 0;
		break;
	case C_FILL_PIE:
		gen_arcs(rq, K_FILLARC, 0, 70);
		rq->gc.arc_mode = 1;
		break;
	case C_FILL_MULTI:
		gen_arcs(rq, K_FILLARC, 1, 70);
		rq->gc.arc_mode = (uint8_t)(rnd() & 1);
		break;
	case C_FILL_BIG:
		gen_big_arcs(rq, K_FILLARC);
		rq->gc.arc_mode = (uint8_t)(rnd() & 1);
		break;
	case C_ARC_HUGE:
		gen_huge_arcs(rq, K_ARC);
		break;
	case C_ARC_CLIPPED:	/* fb's own loop only inside the clip rectangles */
		gen_arcs(rq, K_ARC, rnd() & 1, 40);
		rq->gc.n_clip = rnd_in(1, 3);
		for (int i = 0; i < rq->gc.n_clip; i++) {
			rq->clip[i].x = (int16_t)rnd_in(-10, 40);
			rq->clip[i].y = (int16_t)rnd_in(-10, 40);
			rq->clip[i].width = (uint16_t)rnd_in(1, 70);
			rq->clip[i].height = (uint16_t)rnd_in(1, 70);
		}
		if (rq->gc.n_clip > 1 && rnd() & 1) {	/* two that tile a box */
			rq->clip[1] = rq->clip[0];
			rq->clip[1].x = (int16_t)(rq->clip[0].x + rq->clip[0].width);
		}
		rq->gc.clip = rq->clip;
		break;
	case C_FILL_HUGE:
		gen_huge_arcs(rq, K_FILLARC);
		rq->gc.arc_mode = (uint8_t)(rnd() & 1);
		break;
	default:
		break;
	}
}

int main(int argc, char **argv)
{
	int per_cat = 3000, total_bad = 0;
	int only = -1;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-v"))
			verbose = 1;
		else if (!strncmp(argv[i], "-c", 2))
			only = atoi(argv[i] + 2);
		else
			per_cat = atoi(argv[i]);
	}
	if (setup_x() != 0) {
		fprintf(stderr, "mi_arc_check: no usable Xvfb, skipped\n");
		stop_xvfb();
		return 77;
	}
	for (int c = 0; c < C_COUNT; c++) {
		int bad = 0, good = 0, unsup = 0, budget = 3;

		nonblank = 0;
		memset(mode_bad, 0, sizeof(mode_bad));
		struct request rq;

		for (int i = 0; i < per_cat; i++) {
			gen(&rq, (enum cat)c);
			if (only >= 0 && only != c)
				continue;
			int r = check(&rq, &budget);

			if (r < 0)
				unsup++;
			else if (r)
				good++;
			else
				bad++;
		}
		if (only >= 0 && only != c)
			continue;
		printf("%-22s %5d exact %5d mismatched %5d ENOTSUP (%d drew pixels)",
		       cat_name[c], good, bad, unsup, nonblank);
		for (int m = 0; m < N_MODES; m++)
			if (mode_bad[m])
				printf(" %s %d", modes[m].name, mode_bad[m]);
		printf("\n");
		total_bad += bad;
	}
	xcb_disconnect(conn);
	stop_xvfb();
	return total_bad ? 1 : 0;
}
