/* SPDX-License-Identifier: MIT */
/*
 * xref.c: the 2D tests' reference server (see xref.h): Xvfb's life, the
 * conversion between gem2d's image layout and the server's, and one xcb
 * request (or a split series) per gem2d request.
 */
#define _GNU_SOURCE
#include "xref.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xcb/render.h>

_Static_assert(sizeof(gem2d_point) == sizeof(xcb_point_t), "point layout");
_Static_assert(sizeof(gem2d_rect) == sizeof(xcb_rectangle_t), "rect layout");
_Static_assert(sizeof(gem2d_segment) == sizeof(xcb_segment_t), "segment layout");
_Static_assert(sizeof(gem2d_arc) == sizeof(xcb_arc_t), "arc layout");

#define START_TIMEOUT_MS 20000

/* The depths gem2d knows, with gem2d's bits per pixel. */
static const int depths[] = { 1, 8, 15, 16, 24, 32 };
#define N_DEPTHS 6

struct srvfmt {
	int bpp, pad;                 /* the server's ZPixmap format for the depth */
	xcb_render_pictformat_t pict; /* 0: no Render format */
};

struct pixrec {
	uint32_t id;
	int w, h, depth;
};

struct xref {
	pid_t pid;
	FILE *log;                    /* Xvfb's stdout and stderr */
	int display;
	bool verbose;
	xcb_connection_t *c;
	xcb_window_t root;
	int byte_lsb, bit_lsb, unit, bitmap_pad;
	uint32_t max_bytes, limit;    /* request length caps in bytes */
	bool render;
	struct srvfmt fmt[N_DEPTHS];
	xcb_gcontext_t util[N_DEPTHS];   /* GXcopy GCs for clearing, by depth */
	struct pixrec *pix;
	int n_pix, cap_pix;
	struct xref_font **fonts;
	int n_fonts, cap_fonts;
};

struct xref_font {
	struct xref *x;
	uint32_t fid;
	int ascent, descent;
	bool have[256];
	gem2d_glyph glyph[256];
	uint8_t *bits[256];
};

static int depth_index(int depth)
{
	for (int i = 0; i < N_DEPTHS; i++)
		if (depths[i] == depth)
			return i;
	return -1;
}

static int our_bpp(int depth)
{
	switch (depth) {
	case 1: return 1;
	case 8: return 8;
	case 15: case 16: return 16;
	case 24: case 32: return 32;
	default: return 0;
	}
}

static uint32_t req_cap(const struct xref *x)
{
	uint32_t cap = x->max_bytes;
	if (x->limit && x->limit < cap)
		cap = x->limit;
	return cap;
}

/* ---- errors ---- */

static int xerr(struct xref *x, xcb_generic_error_t *e, const char *what)
{
	int r;

	switch (e->error_code) {
	case XCB_MATCH: case XCB_VALUE: case XCB_DRAWABLE: case XCB_PIXMAP:
	case XCB_G_CONTEXT: case XCB_FONT: case XCB_NAME:
		r = -EINVAL; break;
	case XCB_ALLOC:
		r = -ENOMEM; break;
	case XCB_LENGTH:
		r = -E2BIG; break;
	default:
		r = -EIO; break;
	}
	if (x->verbose)
		fprintf(stderr, "xref: %s: X error %u (major %u minor %u, value 0x%x)\n", what,
			e->error_code, e->major_code, e->minor_code, e->resource_id);
	free(e);
	return r;
}

static int check(struct xref *x, xcb_void_cookie_t ck, const char *what)
{
	xcb_generic_error_t *e = xcb_request_check(x->c, ck);

	if (e)
		return xerr(x, e, what);
	return xcb_connection_has_error(x->c) ? -EIO : 0;
}

/* Keeps the first error of a series of checks. */
static void keep(int *r, int e)
{
	if (!*r)
		*r = e;
}

static bool fits16(int v) { return v >= INT16_MIN && v <= INT16_MAX; }
static bool fitsu16(int v) { return v >= 0 && v <= UINT16_MAX; }

/* ---- the server process ---- */

static bool xvfb_installed(void)
{
	const char *path = getenv("PATH");
	char buf[4096];

	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		const char *end = strchr(path, ':');
		size_t len = end ? (size_t)(end - path) : strlen(path);

		if (len && len < sizeof(buf) - 6) {
			snprintf(buf, sizeof(buf), "%.*s/Xvfb", (int)len, path);
			if (access(buf, X_OK) == 0)
				return true;
		}
		path += len;
		if (*path == ':')
			path++;
	}
	return false;
}

static void dump_log(struct xref *x)
{
	char buf[512];
	size_t n;

	if (!x->log)
		return;
	fflush(x->log);
	rewind(x->log);
	while ((n = fread(buf, 1, sizeof(buf), x->log)) > 0)
		fwrite(buf, 1, n, stderr);
}

/* Kills and reaps the server: SIGTERM, then SIGKILL after two seconds. */
static void reap(struct xref *x)
{
	if (x->pid <= 0)
		return;
	kill(x->pid, SIGTERM);
	for (int i = 0; i < 200; i++) {
		pid_t r = waitpid(x->pid, NULL, WNOHANG);

		if (r == x->pid || (r < 0 && errno != EINTR)) {
			x->pid = 0;
			return;
		}
		nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
	}
	kill(x->pid, SIGKILL);
	while (waitpid(x->pid, NULL, 0) < 0 && errno == EINTR)
		;
	x->pid = 0;
}

static void child(int wfd, int logfd, pid_t parent)
{
	sigset_t none;
	int null;

	/* Die with the thread that started us, even if it is SIGKILLed. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(126);
	/* The test's blocked signals and ignored SIGTERM must not reach the server. */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	/* Out of the way of 0..2, then 0..2, the pipe as fd 3 and nothing else: the server must
	 * not hold the test's files (a DRM fd, say) open. */
	wfd = fcntl(wfd, F_DUPFD, 10);
	if (logfd >= 0)
		logfd = fcntl(logfd, F_DUPFD, 10);
	if (wfd < 0)
		_exit(126);
	null = open("/dev/null", O_RDWR);
	if (null >= 0) {
		dup2(null, 0);
		if (logfd < 0 && !getenv("XREF_VERBOSE")) {
			dup2(null, 1);
			dup2(null, 2);
		}
	}
	if (logfd >= 0) {
		dup2(logfd, 1);
		dup2(logfd, 2);
	}
	if (dup2(wfd, 3) < 0)
		_exit(126);
	close_range(4, ~0u, 0);
	execlp("Xvfb", "Xvfb", "-displayfd", "3", "-nolisten", "tcp",
	       "-screen", "0", "64x64x24", "-pixdepths", "1", "8", "15", "16", "24", "32",
	       (char *)NULL);
	_exit(127);
}

/* Reads the display number Xvfb writes on the pipe once it accepts clients. */
static int read_display(int rfd)
{
	char buf[32];
	size_t got = 0;
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct pollfd p = { rfd, POLLIN, 0 };
		long ms;
		ssize_t n;

		clock_gettime(CLOCK_MONOTONIC, &t);
		ms = START_TIMEOUT_MS - ((t.tv_sec - t0.tv_sec) * 1000 +
					 (t.tv_nsec - t0.tv_nsec) / 1000000);
		if (ms <= 0)
			return -ETIMEDOUT;
		n = poll(&p, 1, (int)ms);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -ETIMEDOUT;
		n = read(rfd, buf + got, sizeof(buf) - 1 - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -EPIPE;   /* the server exited */
		got += (size_t)n;
		buf[got] = 0;
		if (strchr(buf, '\n'))
			return atoi(buf);
		if (got == sizeof(buf) - 1)
			return -EPROTO;
	}
}

static int setup_formats(struct xref *x)
{
	const xcb_setup_t *s = xcb_get_setup(x->c);
	xcb_format_iterator_t it;

	x->root = xcb_setup_roots_iterator(s).data->root;
	x->byte_lsb = s->image_byte_order == XCB_IMAGE_ORDER_LSB_FIRST;
	x->bit_lsb = s->bitmap_format_bit_order == XCB_IMAGE_ORDER_LSB_FIRST;
	x->unit = s->bitmap_format_scanline_unit;
	x->bitmap_pad = s->bitmap_format_scanline_pad;
	if (x->unit != 8 && x->unit != 16 && x->unit != 32)
		return -EPROTO;
	x->max_bytes = xcb_get_maximum_request_length(x->c) * 4;
	if (x->max_bytes < 4096)
		return -EPROTO;
	x->max_bytes -= 8;      /* room for BIG-REQUESTS' extra length word */
	for (it = xcb_setup_pixmap_formats_iterator(s); it.rem; xcb_format_next(&it)) {
		int i = depth_index(it.data->depth);

		if (i < 0)
			continue;
		x->fmt[i].bpp = it.data->bits_per_pixel;
		x->fmt[i].pad = it.data->scanline_pad;
	}
	for (int i = 0; i < N_DEPTHS; i++) {
		int b = x->fmt[i].bpp;

		if (b != 1 && b != 8 && b != 16 && b != 24 && b != 32) {
			fprintf(stderr, "xref: the server has no usable pixmap format for depth %d\n",
				depths[i]);
			return -ENOTSUP;
		}
	}
	return 0;
}

/* Render picture formats: the direct format with the channel masks gem2d's depth implies. */
static void setup_render(struct xref *x)
{
	static const struct { int depth; uint16_t a, as, r, rs, g, gs, b, bs; } want[] = {
		{ 32, 0xff, 24, 0xff, 16, 0xff, 8, 0xff, 0 },
		{ 24, 0, 0, 0xff, 16, 0xff, 8, 0xff, 0 },
		{ 16, 0, 0, 0x1f, 11, 0x3f, 5, 0x1f, 0 },
		{ 15, 0, 0, 0x1f, 10, 0x1f, 5, 0x1f, 0 },
		{ 8, 0xff, 0, 0, 0, 0, 0, 0, 0 },
		{ 1, 1, 0, 0, 0, 0, 0, 0, 0 },
	};
	const xcb_query_extension_reply_t *ext = xcb_get_extension_data(x->c, &xcb_render_id);
	xcb_render_query_version_reply_t *v;
	xcb_render_query_pict_formats_reply_t *f;
	xcb_render_pictforminfo_iterator_t it;

	if (!ext || !ext->present)
		return;
	v = xcb_render_query_version_reply(x->c, xcb_render_query_version(x->c, 0, 11), NULL);
	if (!v)
		return;
	free(v);
	f = xcb_render_query_pict_formats_reply(x->c, xcb_render_query_pict_formats(x->c), NULL);
	if (!f)
		return;
	x->render = true;
	for (it = xcb_render_query_pict_formats_formats_iterator(f); it.rem;
	     xcb_render_pictforminfo_next(&it)) {
		const xcb_render_pictforminfo_t *p = it.data;
		const xcb_render_directformat_t *d = &p->direct;

		if (p->type != XCB_RENDER_PICT_TYPE_DIRECT)
			continue;
		for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
			int i = depth_index(want[k].depth);

			if (p->depth != want[k].depth || x->fmt[i].pict)
				continue;
			if (d->alpha_mask != want[k].a || (want[k].a && d->alpha_shift != want[k].as) ||
			    d->red_mask != want[k].r || (want[k].r && d->red_shift != want[k].rs) ||
			    d->green_mask != want[k].g || (want[k].g && d->green_shift != want[k].gs) ||
			    d->blue_mask != want[k].b || (want[k].b && d->blue_shift != want[k].bs))
				continue;
			x->fmt[i].pict = p->id;
		}
	}
	free(f);
}

struct xref *xref_start(void)
{
	struct xref *x;
	int pfd[2], r, logfd;
	pid_t parent = getpid();
	char name[32];

	if (!xvfb_installed()) {
		fprintf(stderr, "xref: Xvfb is not installed (Debian: apt-get install xvfb)\n");
		errno = ENOENT;
		return NULL;
	}
	x = calloc(1, sizeof(*x));
	if (!x)
		return NULL;
	x->verbose = getenv("XREF_VERBOSE") && *getenv("XREF_VERBOSE") != '0';
	if (!x->verbose)
		x->log = tmpfile();
	logfd = x->log ? fileno(x->log) : -1;
	if (pipe2(pfd, O_CLOEXEC) < 0) {
		r = -errno;
		goto fail;
	}
	x->pid = fork();
	if (x->pid < 0) {
		r = -errno;
		close(pfd[0]);
		close(pfd[1]);
		goto fail;
	}
	if (x->pid == 0) {
		close(pfd[0]);
		child(pfd[1], logfd, parent);
	}
	close(pfd[1]);
	x->display = read_display(pfd[0]);
	close(pfd[0]);
	if (x->display < 0) {
		r = x->display;
		fprintf(stderr, "xref: Xvfb did not start (%s); its output:\n", strerror(-r));
		reap(x);
		dump_log(x);
		goto fail;
	}
	snprintf(name, sizeof(name), ":%d", x->display);
	x->c = xcb_connect(name, NULL);
	if (xcb_connection_has_error(x->c)) {
		fprintf(stderr, "xref: cannot connect to Xvfb on %s\n", name);
		r = -ECONNREFUSED;
		goto fail_stop;
	}
	xcb_prefetch_extension_data(x->c, &xcb_render_id);
	xcb_prefetch_maximum_request_length(x->c);
	r = setup_formats(x);
	if (r) {
		fprintf(stderr, "xref: the server's setup does not fit (%s)\n", strerror(-r));
		goto fail_stop;
	}
	setup_render(x);
	return x;

fail_stop:
	xref_stop(x);
	errno = -r;
	return NULL;
fail:
	if (x->log)
		fclose(x->log);
	free(x);
	errno = -r;
	return NULL;
}

void xref_stop(struct xref *x)
{
	if (!x)
		return;
	while (x->n_fonts)
		xref_font_close(x->fonts[x->n_fonts - 1]);
	/* The server frees every resource of the connection when it closes. */
	if (x->c)
		xcb_disconnect(x->c);
	reap(x);
	if (x->log)
		fclose(x->log);
	free(x->fonts);
	free(x->pix);
	free(x);
}

xcb_connection_t *xref_connection(struct xref *x)
{
	return x->c;
}

int xref_display(const struct xref *x)
{
	return x->display;
}

int xref_server_pid(const struct xref *x)
{
	return (int)x->pid;
}

void xref_limit_request(struct xref *x, uint32_t bytes)
{
	x->limit = bytes && bytes < 256 ? 256 : bytes;
}

/* ---- pixmaps and GCs ---- */

static struct pixrec *find_pix(struct xref *x, uint32_t id)
{
	for (int i = 0; i < x->n_pix; i++)
		if (x->pix[i].id == id)
			return &x->pix[i];
	return NULL;
}

static xcb_gcontext_t util_gc(struct xref *x, uint32_t drawable, int depth)
{
	int i = depth_index(depth);

	if (!x->util[i]) {
		xcb_gcontext_t gc = xcb_generate_id(x->c);
		uint32_t v[] = { XCB_GX_COPY, 0, 0 };

		if (check(x, xcb_create_gc_checked(x->c, gc, drawable,
						   XCB_GC_FUNCTION | XCB_GC_FOREGROUND |
						   XCB_GC_GRAPHICS_EXPOSURES, v), "CreateGC"))
			return 0;
		x->util[i] = gc;
	}
	return x->util[i];
}

uint32_t xref_pixmap(struct xref *x, int width, int height, int depth)
{
	xcb_pixmap_t id;
	xcb_gcontext_t gc;
	xcb_rectangle_t all = { 0, 0, (uint16_t)width, (uint16_t)height };

	if (depth_index(depth) < 0 || width <= 0 || height <= 0 || !fitsu16(width) ||
	    !fitsu16(height))
		return 0;
	if (x->n_pix == x->cap_pix) {
		int cap = x->cap_pix ? 2 * x->cap_pix : 16;
		struct pixrec *p = realloc(x->pix, (size_t)cap * sizeof(*p));

		if (!p)
			return 0;
		x->pix = p;
		x->cap_pix = cap;
	}
	id = xcb_generate_id(x->c);
	if (check(x, xcb_create_pixmap_checked(x->c, (uint8_t)depth, id, x->root,
					       (uint16_t)width, (uint16_t)height),
		  "CreatePixmap"))
		return 0;
	/* Xvfb's new pixmaps hold whatever the allocator gave: clear them. */
	gc = util_gc(x, id, depth);
	if (!gc || check(x, xcb_poly_fill_rectangle_checked(x->c, id, gc, 1, &all),
			 "PolyFillRectangle")) {
		xcb_free_pixmap(x->c, id);
		return 0;
	}
	x->pix[x->n_pix++] = (struct pixrec){ id, width, height, depth };
	return id;
}

void xref_pixmap_free(struct xref *x, uint32_t pixmap)
{
	struct pixrec *p = find_pix(x, pixmap);

	if (!p)
		return;
	xcb_free_pixmap(x->c, pixmap);
	*p = x->pix[--x->n_pix];
}

uint32_t xref_gc(struct xref *x, uint32_t drawable, const gem2d_gc *g, uint32_t tile,
		 uint32_t stipple, uint32_t font)
{
	xcb_create_gc_value_list_t v;
	uint32_t mask = XCB_GC_GRAPHICS_EXPOSURES;
	xcb_gcontext_t gc = xcb_generate_id(x->c);
	xcb_void_cookie_t ck[3];
	int nck = 0, r = 0;

	memset(&v, 0, sizeof(v));
	v.graphics_exposures = 0;
	if (g) {
		mask |= XCB_GC_FUNCTION | XCB_GC_PLANE_MASK | XCB_GC_FOREGROUND |
			XCB_GC_BACKGROUND | XCB_GC_LINE_WIDTH | XCB_GC_LINE_STYLE |
			XCB_GC_CAP_STYLE | XCB_GC_JOIN_STYLE | XCB_GC_FILL_STYLE |
			XCB_GC_FILL_RULE | XCB_GC_TILE_STIPPLE_ORIGIN_X |
			XCB_GC_TILE_STIPPLE_ORIGIN_Y | XCB_GC_DASH_OFFSET | XCB_GC_ARC_MODE;
		v.function = g->function;
		v.plane_mask = g->plane_mask;
		v.foreground = g->foreground;
		v.background = g->background;
		v.line_width = g->line_width;
		v.line_style = g->line_style;
		v.cap_style = g->cap_style;
		v.join_style = g->join_style;
		v.fill_style = g->fill_style;
		v.fill_rule = g->fill_rule;
		v.tile_stipple_x_origin = g->ts_x_origin;
		v.tile_stipple_y_origin = g->ts_y_origin;
		v.dash_offset = g->dash_offset;
		v.arc_mode = g->arc_mode;
	}
	if (tile) {
		mask |= XCB_GC_TILE;
		v.tile = tile;
	}
	if (stipple) {
		mask |= XCB_GC_STIPPLE;
		v.stipple = stipple;
	}
	if (font) {
		mask |= XCB_GC_FONT;
		v.font = font;
	}
	ck[nck++] = xcb_create_gc_aux_checked(x->c, gc, drawable, mask, &v);
	if (g && g->n_dashes > 0) {
		if (!g->dashes || g->n_dashes > UINT16_MAX)
			r = -EINVAL;
		else
			ck[nck++] = xcb_set_dashes_checked(x->c, gc, g->dash_offset,
							   (uint16_t)g->n_dashes, g->dashes);
	}
	if (g && g->clip && !r) {
		if (g->n_clip < 0)
			r = -EINVAL;
		else if ((uint64_t)g->n_clip * 8 + 12 > req_cap(x))
			r = -E2BIG;
		else
			ck[nck++] = xcb_set_clip_rectangles_checked(x->c, XCB_CLIP_ORDERING_UNSORTED,
								    gc, 0, 0, (uint32_t)g->n_clip,
								    (const xcb_rectangle_t *)g->clip);
	}
	for (int i = 0; i < nck; i++)
		keep(&r, check(x, ck[i], i == 0 ? "CreateGC" : "SetDashes/SetClipRectangles"));
	if (r) {
		xcb_free_gc(x->c, gc);
		errno = -r;
		return 0;
	}
	return gc;
}

void xref_gc_free(struct xref *x, uint32_t gc)
{
	if (gc)
		xcb_free_gc(x->c, gc);
}

/* ---- images ---- */

/* Where the server keeps depth 1 (ZPixmap bpp 1 and XYBitmap): bitmap units of x->unit bits
 * in image byte order, bits in bitmap bit order. */
static void put_bit(const struct xref *x, uint8_t *row, int i, int v)
{
	int ub = x->unit / 8, j = i % x->unit;
	int bit = x->bit_lsb ? j : x->unit - 1 - j;
	int k = bit / 8;
	uint8_t *p = row + (size_t)(i / x->unit) * ub + (x->byte_lsb ? k : ub - 1 - k);

	if (v)
		*p |= (uint8_t)(1u << (bit % 8));
}

static int get_bit(const struct xref *x, const uint8_t *row, int i)
{
	int ub = x->unit / 8, j = i % x->unit;
	int bit = x->bit_lsb ? j : x->unit - 1 - j;
	int k = bit / 8;
	const uint8_t *p = row + (size_t)(i / x->unit) * ub + (x->byte_lsb ? k : ub - 1 - k);

	return (*p >> (bit % 8)) & 1;
}

static void put_px(const struct xref *x, uint8_t *row, int i, int bpp, uint32_t v)
{
	int nb = bpp / 8;
	uint8_t *p = row + (size_t)i * nb;

	for (int k = 0; k < nb; k++)
		p[x->byte_lsb ? k : nb - 1 - k] = (uint8_t)(v >> (8 * k));
}

static uint32_t get_px(const struct xref *x, const uint8_t *row, int i, int bpp)
{
	int nb = bpp / 8;
	const uint8_t *p = row + (size_t)i * nb;
	uint32_t v = 0;

	for (int k = 0; k < nb; k++)
		v |= (uint32_t)p[x->byte_lsb ? k : nb - 1 - k] << (8 * k);
	return v;
}

/* gem2d's layout: little-endian pixels, depth 1 LSB first. */
static uint32_t our_get(const uint8_t *row, int i, int bpp)
{
	switch (bpp) {
	case 1: return (row[i >> 3] >> (i & 7)) & 1;
	case 8: return row[i];
	case 16: return row[2 * i] | (uint32_t)row[2 * i + 1] << 8;
	default:
		return row[4 * i] | (uint32_t)row[4 * i + 1] << 8 |
		       (uint32_t)row[4 * i + 2] << 16 | (uint32_t)row[4 * i + 3] << 24;
	}
}

static void our_put(uint8_t *row, int i, int bpp, uint32_t v)
{
	switch (bpp) {
	case 1:
		if (v & 1)
			row[i >> 3] |= (uint8_t)(1u << (i & 7));
		else
			row[i >> 3] &= (uint8_t)~(1u << (i & 7));
		break;
	case 8: row[i] = (uint8_t)v; break;
	case 16: row[2 * i] = (uint8_t)v; row[2 * i + 1] = (uint8_t)(v >> 8); break;
	default:
		for (int k = 0; k < 4; k++)
			row[4 * i + k] = (uint8_t)(v >> (8 * k));
	}
}

static size_t srv_stride(int w, int bpp, int pad)
{
	return (((size_t)w * bpp + pad - 1) / pad) * pad / 8;
}

/* Columns and rows per request for a w x h image of srv bpp/pad, `fixed` bytes of header. */
static int chunk(const struct xref *x, int w, int h, int bpp, int pad, uint32_t fixed,
		 int *cw, int *rows)
{
	uint32_t room = req_cap(x) - fixed;

	*cw = w;
	while (srv_stride(*cw, bpp, pad) > room) {
		if (*cw <= 1)
			return -E2BIG;
		*cw = (*cw + 1) / 2;
	}
	*rows = (int)(room / srv_stride(*cw, bpp, pad));
	if (*rows > h)
		*rows = h;
	return 0;
}

int xref_put_image(struct xref *x, uint32_t pixmap, const gem2d_gc *g, int format, int dst_x,
		   int dst_y, int width, int height, const void *data, int stride)
{
	struct pixrec *p = find_pix(x, pixmap);
	int bpp, pad, sbpp, depth, cw, rows, r = 0;
	uint8_t xfmt;
	xcb_gcontext_t gc;
	uint8_t *buf;

	if (!p || !data || width < 0 || height < 0)
		return -EINVAL;
	if (format == GEM2D_ZPIXMAP) {
		int i = depth_index(p->depth);

		depth = p->depth;
		bpp = our_bpp(depth);
		sbpp = x->fmt[i].bpp;
		pad = x->fmt[i].pad;
		xfmt = XCB_IMAGE_FORMAT_Z_PIXMAP;
	} else if (format == GEM2D_XYBITMAP) {
		depth = 1;
		bpp = sbpp = 1;
		pad = x->bitmap_pad;
		xfmt = XCB_IMAGE_FORMAT_XY_BITMAP;
	} else {
		return -EINVAL;
	}
	if (stride < 0 || (size_t)stride < ((size_t)width * bpp + 7) / 8)
		return -EINVAL;
	if (!fits16(dst_x) || !fits16(dst_y) || !fitsu16(width) || !fitsu16(height))
		return -ERANGE;
	if (!width || !height)
		return 0;
	if (chunk(x, width, height, sbpp, pad, 24, &cw, &rows))
		return -E2BIG;
	buf = malloc(srv_stride(cw, sbpp, pad) * rows);
	if (!buf)
		return -ENOMEM;
	gc = xref_gc(x, pixmap, g, 0, 0, 0);
	if (!gc) {
		free(buf);
		return -errno;
	}
	for (int y0 = 0; y0 < height && !r; y0 += rows) {
		int nh = height - y0 < rows ? height - y0 : rows;

		for (int x0 = 0; x0 < width && !r; x0 += cw) {
			int nw = width - x0 < cw ? width - x0 : cw;
			size_t ss = srv_stride(nw, sbpp, pad);

			memset(buf, 0, ss * nh);
			for (int yy = 0; yy < nh; yy++) {
				const uint8_t *src = (const uint8_t *)data + (size_t)(y0 + yy) * stride;
				uint8_t *dst = buf + ss * yy;

				for (int i = 0; i < nw; i++) {
					uint32_t v = our_get(src, x0 + i, bpp);

					if (sbpp == 1)
						put_bit(x, dst, i, (int)v);
					else
						put_px(x, dst, i, sbpp, v);
				}
			}
			r = check(x, xcb_put_image_checked(x->c, xfmt, pixmap, gc, (uint16_t)nw,
							   (uint16_t)nh, (int16_t)(dst_x + x0),
							   (int16_t)(dst_y + y0), 0, (uint8_t)depth,
							   (uint32_t)(ss * nh), buf),
				  "PutImage");
		}
	}
	xref_gc_free(x, gc);
	free(buf);
	return r;
}

int xref_get_image(struct xref *x, uint32_t pixmap, int src_x, int src_y, int width,
		   int height, uint32_t plane_mask, void *data, int stride)
{
	struct pixrec *p = find_pix(x, pixmap);
	int bpp, sbpp, pad, cw, rows, i;

	if (!p || !data || width < 0 || height < 0 || src_x < 0 || src_y < 0 ||
	    src_x + width > p->w || src_y + height > p->h)
		return -EINVAL;
	i = depth_index(p->depth);
	bpp = our_bpp(p->depth);
	sbpp = x->fmt[i].bpp;
	pad = x->fmt[i].pad;
	if (stride < 0 || (size_t)stride < ((size_t)width * bpp + 7) / 8)
		return -EINVAL;
	if (!width || !height)
		return 0;
	if (chunk(x, width, height, sbpp, pad, 32, &cw, &rows))
		return -E2BIG;
	for (int y0 = 0; y0 < height; y0 += rows) {
		int nh = height - y0 < rows ? height - y0 : rows;

		for (int x0 = 0; x0 < width; x0 += cw) {
			int nw = width - x0 < cw ? width - x0 : cw;
			size_t ss = srv_stride(nw, sbpp, pad);
			xcb_generic_error_t *e = NULL;
			xcb_get_image_reply_t *rep;
			const uint8_t *img;

			rep = xcb_get_image_reply(x->c, xcb_get_image(x->c, XCB_IMAGE_FORMAT_Z_PIXMAP,
								      pixmap, (int16_t)(src_x + x0),
								      (int16_t)(src_y + y0),
								      (uint16_t)nw, (uint16_t)nh,
								      plane_mask), &e);
			if (!rep)
				return e ? xerr(x, e, "GetImage") : -EIO;
			if ((size_t)xcb_get_image_data_length(rep) < ss * nh) {
				free(rep);
				return -EPROTO;
			}
			img = xcb_get_image_data(rep);
			for (int yy = 0; yy < nh; yy++) {
				const uint8_t *src = img + ss * yy;
				uint8_t *dst = (uint8_t *)data + (size_t)(y0 + yy) * stride;

				for (int k = 0; k < nw; k++)
					our_put(dst, x0 + k, bpp,
						sbpp == 1 ? (uint32_t)get_bit(x, src, k)
							  : get_px(x, src, k, sbpp));
			}
			free(rep);
		}
	}
	return 0;
}

/* ---- the core requests ---- */

enum poly { P_POINT, P_SEGMENT, P_RECT, P_ARC, P_FILL_RECT, P_FILL_ARC };

/* Sends a list that the protocol allows to split, in pieces that fit a request. */
static int poly(struct xref *x, enum poly kind, uint32_t dst, const gem2d_gc *g,
		uint32_t tile, uint32_t stipple, int n, const void *items)
{
	static const size_t size[] = { 4, 8, 8, 12, 8, 12 };
	static const char *const name[] = { "PolyPoint", "PolySegment", "PolyRectangle",
					    "PolyArc", "PolyFillRectangle", "PolyFillArc" };
	size_t per = (req_cap(x) - 12) / size[kind];
	xcb_gcontext_t gc;
	int r = 0;

	if (n < 0 || (n && !items) || !find_pix(x, dst))
		return -EINVAL;
	if (!n)
		return 0;
	gc = xref_gc(x, dst, g, tile, stipple, 0);
	if (!gc)
		return -errno;
	for (size_t i = 0; i < (size_t)n && !r; i += per) {
		uint32_t m = (uint32_t)((size_t)n - i < per ? (size_t)n - i : per);
		const uint8_t *it = (const uint8_t *)items + i * size[kind];
		xcb_void_cookie_t ck;

		switch (kind) {
		case P_POINT:
			ck = xcb_poly_point_checked(x->c, XCB_COORD_MODE_ORIGIN, dst, gc, m,
						    (const xcb_point_t *)it);
			break;
		case P_SEGMENT:
			ck = xcb_poly_segment_checked(x->c, dst, gc, m, (const xcb_segment_t *)it);
			break;
		case P_RECT:
			ck = xcb_poly_rectangle_checked(x->c, dst, gc, m,
							(const xcb_rectangle_t *)it);
			break;
		case P_ARC:
			ck = xcb_poly_arc_checked(x->c, dst, gc, m, (const xcb_arc_t *)it);
			break;
		case P_FILL_RECT:
			ck = xcb_poly_fill_rectangle_checked(x->c, dst, gc, m,
							     (const xcb_rectangle_t *)it);
			break;
		default:
			ck = xcb_poly_fill_arc_checked(x->c, dst, gc, m, (const xcb_arc_t *)it);
			break;
		}
		r = check(x, ck, name[kind]);
	}
	xref_gc_free(x, gc);
	return r;
}

int xref_poly_point(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		    uint32_t stipple, int n, const gem2d_point *pts)
{
	return poly(x, P_POINT, dst, gc, tile, stipple, n, pts);
}

int xref_poly_segment(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		      uint32_t stipple, int n, const gem2d_segment *segs)
{
	return poly(x, P_SEGMENT, dst, gc, tile, stipple, n, segs);
}

int xref_poly_rectangle(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
			uint32_t stipple, int n, const gem2d_rect *rects)
{
	return poly(x, P_RECT, dst, gc, tile, stipple, n, rects);
}

int xref_poly_arc(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		  uint32_t stipple, int n, const gem2d_arc *arcs)
{
	return poly(x, P_ARC, dst, gc, tile, stipple, n, arcs);
}

int xref_poly_fill_rectangle(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
			     uint32_t stipple, int n, const gem2d_rect *rects)
{
	return poly(x, P_FILL_RECT, dst, gc, tile, stipple, n, rects);
}

int xref_poly_fill_arc(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		       uint32_t stipple, int n, const gem2d_arc *arcs)
{
	return poly(x, P_FILL_ARC, dst, gc, tile, stipple, n, arcs);
}

/* PolyLine and FillPolygon: one request, their joins and interiors span the whole list. */
static int one_list(struct xref *x, bool polygon, uint32_t dst, const gem2d_gc *g,
		    uint32_t tile, uint32_t stipple, int n, const gem2d_point *pts)
{
	xcb_gcontext_t gc;
	xcb_void_cookie_t ck;
	int r;

	if (n < 0 || (n && !pts) || !find_pix(x, dst))
		return -EINVAL;
	if (!n)
		return 0;
	if ((uint64_t)n * 4 + 16 > req_cap(x))
		return -E2BIG;
	gc = xref_gc(x, dst, g, tile, stipple, 0);
	if (!gc)
		return -errno;
	if (polygon)
		ck = xcb_fill_poly_checked(x->c, dst, gc, XCB_POLY_SHAPE_COMPLEX,
					   XCB_COORD_MODE_ORIGIN, (uint32_t)n,
					   (const xcb_point_t *)pts);
	else
		ck = xcb_poly_line_checked(x->c, XCB_COORD_MODE_ORIGIN, dst, gc, (uint32_t)n,
					   (const xcb_point_t *)pts);
	r = check(x, ck, polygon ? "FillPoly" : "PolyLine");
	xref_gc_free(x, gc);
	return r;
}

int xref_poly_line(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		   uint32_t stipple, int n, const gem2d_point *pts)
{
	return one_list(x, false, dst, gc, tile, stipple, n, pts);
}

int xref_fill_polygon(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		      uint32_t stipple, int n, const gem2d_point *pts)
{
	return one_list(x, true, dst, gc, tile, stipple, n, pts);
}

static int copy(struct xref *x, bool plane, uint32_t src, uint32_t dst, const gem2d_gc *g,
		uint32_t tile, uint32_t stipple, int src_x, int src_y, int width, int height,
		int dst_x, int dst_y, uint32_t bit_plane)
{
	xcb_gcontext_t gc;
	xcb_void_cookie_t ck;
	int r;

	if (!find_pix(x, src) || !find_pix(x, dst) || width < 0 || height < 0)
		return -EINVAL;
	if (!fits16(src_x) || !fits16(src_y) || !fits16(dst_x) || !fits16(dst_y) ||
	    !fitsu16(width) || !fitsu16(height))
		return -ERANGE;
	gc = xref_gc(x, dst, g, tile, stipple, 0);
	if (!gc)
		return -errno;
	if (plane)
		ck = xcb_copy_plane_checked(x->c, src, dst, gc, (int16_t)src_x, (int16_t)src_y,
					    (int16_t)dst_x, (int16_t)dst_y, (uint16_t)width,
					    (uint16_t)height, bit_plane);
	else
		ck = xcb_copy_area_checked(x->c, src, dst, gc, (int16_t)src_x, (int16_t)src_y,
					   (int16_t)dst_x, (int16_t)dst_y, (uint16_t)width,
					   (uint16_t)height);
	r = check(x, ck, plane ? "CopyPlane" : "CopyArea");
	xref_gc_free(x, gc);
	return r;
}

int xref_copy_area(struct xref *x, uint32_t src, uint32_t dst, const gem2d_gc *gc,
		   uint32_t tile, uint32_t stipple, int src_x, int src_y, int width, int height,
		   int dst_x, int dst_y)
{
	return copy(x, false, src, dst, gc, tile, stipple, src_x, src_y, width, height, dst_x,
		    dst_y, 0);
}

int xref_copy_plane(struct xref *x, uint32_t src, uint32_t dst, const gem2d_gc *gc,
		    uint32_t tile, uint32_t stipple, int src_x, int src_y, int width, int height,
		    int dst_x, int dst_y, uint32_t bit_plane)
{
	return copy(x, true, src, dst, gc, tile, stipple, src_x, src_y, width, height, dst_x,
		    dst_y, bit_plane);
}

/* ---- Render ---- */

static int picture(struct xref *x, uint32_t pixmap, int depth, bool repeat,
		   xcb_render_picture_t *pic)
{
	struct pixrec *p = find_pix(x, pixmap);
	int i = depth_index(depth);
	uint32_t v = repeat ? XCB_RENDER_REPEAT_NORMAL : XCB_RENDER_REPEAT_NONE;
	xcb_render_picture_t id;
	int r;

	if (!p || i < 0 || p->depth != depth)
		return -EINVAL;
	if (!x->fmt[i].pict)
		return -ENOTSUP;
	id = xcb_generate_id(x->c);
	r = check(x, xcb_render_create_picture_checked(x->c, id, pixmap, x->fmt[i].pict,
						       XCB_RENDER_CP_REPEAT, &v),
		  "CreatePicture");
	if (!r)
		*pic = id;
	return r;
}

int xref_composite(struct xref *x, int op, uint32_t src, int src_depth, bool src_repeat,
		   uint32_t mask, int mask_depth, uint32_t dst, int dst_depth, int src_x,
		   int src_y, int mask_x, int mask_y, int dst_x, int dst_y, int width,
		   int height)
{
	xcb_render_picture_t s = 0, m = 0, d = 0;
	int r;

	if (!x->render)
		return -ENOTSUP;
	if (op < 0 || op > 0xff || width < 0 || height < 0)
		return -EINVAL;
	if (!fits16(src_x) || !fits16(src_y) || !fits16(mask_x) || !fits16(mask_y) ||
	    !fits16(dst_x) || !fits16(dst_y) || !fitsu16(width) || !fitsu16(height))
		return -ERANGE;
	r = picture(x, src, src_depth, src_repeat, &s);
	if (r)
		goto out;
	if (mask) {
		r = picture(x, mask, mask_depth, false, &m);
		if (r)
			goto out;
	}
	r = picture(x, dst, dst_depth, false, &d);
	if (r)
		goto out;
	r = check(x, xcb_render_composite_checked(x->c, (uint8_t)op, s, m, d,
						  (int16_t)src_x, (int16_t)src_y,
						  (int16_t)mask_x, (int16_t)mask_y,
						  (int16_t)dst_x, (int16_t)dst_y,
						  (uint16_t)width, (uint16_t)height),
		  "Composite");
out:
	if (s)
		xcb_render_free_picture(x->c, s);
	if (m)
		xcb_render_free_picture(x->c, m);
	if (d)
		xcb_render_free_picture(x->c, d);
	return r;
}

/* ---- fonts and text ---- */

/* The CharInfo of (byte1, byte2), NULL when the font does not have it: out of range, or all
 * metrics zero (the protocol's nonexistent character). */
static const xcb_charinfo_t *charinfo(const xcb_query_font_reply_t *q, int b1, int b2)
{
	const xcb_charinfo_t *ci;
	int n = xcb_query_font_char_infos_length(q);
	int cols = q->max_char_or_byte2 - q->min_char_or_byte2 + 1;

	if (b1 < q->min_byte1 || b1 > q->max_byte1 || b2 < q->min_char_or_byte2 ||
	    b2 > q->max_char_or_byte2)
		return NULL;
	if (n == 0) {
		ci = &q->min_bounds;      /* every character has the same metrics */
	} else {
		int idx = (b1 - q->min_byte1) * cols + (b2 - q->min_char_or_byte2);

		if (idx >= n)
			return NULL;
		ci = xcb_query_font_char_infos(q) + idx;
	}
	if (!ci->left_side_bearing && !ci->right_side_bearing && !ci->character_width &&
	    !ci->ascent && !ci->descent)
		return NULL;
	return ci;
}

static void font_forget(struct xref *x, struct xref_font *f)
{
	for (int i = 0; i < x->n_fonts; i++)
		if (x->fonts[i] == f) {
			x->fonts[i] = x->fonts[--x->n_fonts];
			return;
		}
}

void xref_font_close(struct xref_font *f)
{
	if (!f)
		return;
	font_forget(f->x, f);
	xcb_close_font(f->x->c, f->fid);
	for (int i = 0; i < 256; i++)
		free(f->bits[i]);
	free(f);
}

/* Reads every glyph's bits: PolyText8 of the one character, its ink box at (0,0) of a depth-1
 * pixmap cleared to 0, then GetImage of the ink box. */
static int capture(struct xref *x, struct xref_font *f)
{
	const gem2d_gc g = { .function = 3 /* GXcopy */, .plane_mask = ~0u, .foreground = 1,
			     .cap_style = 1, .fill_style = 0 };
	int cw = 1, ch = 1, r = 0;
	uint32_t pix;
	xcb_gcontext_t gc, clr;

	for (int i = 0; i < 256; i++) {
		if (!f->have[i])
			continue;
		if (f->glyph[i].width > cw)
			cw = f->glyph[i].width;
		if (f->glyph[i].height > ch)
			ch = f->glyph[i].height;
	}
	pix = xref_pixmap(x, cw, ch, 1);
	if (!pix)
		return -ENOMEM;
	clr = util_gc(x, pix, 1);
	gc = xref_gc(x, pix, &g, 0, 0, f->fid);
	if (!gc || !clr) {
		xref_pixmap_free(x, pix);
		return -EIO;
	}
	for (int i = 0; i < 256 && !r; i++) {
		gem2d_glyph *gl = &f->glyph[i];
		xcb_rectangle_t all = { 0, 0, (uint16_t)cw, (uint16_t)ch };
		uint8_t item[3] = { 1, 0, (uint8_t)i };

		if (!f->have[i] || !gl->width || !gl->height)
			continue;
		xcb_poly_fill_rectangle(x->c, pix, clr, 1, &all);
		r = check(x, xcb_poly_text_8_checked(x->c, pix, gc, (int16_t)-gl->left_bearing,
						     gl->ascent, sizeof(item), item),
			  "PolyText8");
		if (!r)
			r = xref_get_image(x, pix, 0, 0, gl->width, gl->height, ~0u, f->bits[i],
					   (gl->width + 31) / 32 * 4);
	}
	xref_gc_free(x, gc);
	xref_pixmap_free(x, pix);
	return r;
}

struct xref_font *xref_font_open(struct xref *x, const char *name)
{
	struct xref_font *f;
	xcb_query_font_reply_t *q;
	xcb_generic_error_t *e = NULL;
	int r;

	if (!name || strlen(name) > UINT16_MAX)
		return NULL;
	if (x->n_fonts == x->cap_fonts) {
		int cap = x->cap_fonts ? 2 * x->cap_fonts : 4;
		struct xref_font **p = realloc(x->fonts, (size_t)cap * sizeof(*p));

		if (!p)
			return NULL;
		x->fonts = p;
		x->cap_fonts = cap;
	}
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->x = x;
	f->fid = xcb_generate_id(x->c);
	r = check(x, xcb_open_font_checked(x->c, f->fid, (uint16_t)strlen(name), name),
		  "OpenFont");
	if (r) {
		fprintf(stderr, "xref: the server has no font \"%s\"\n", name);
		free(f);
		return NULL;
	}
	x->fonts[x->n_fonts++] = f;
	q = xcb_query_font_reply(x->c, xcb_query_font(x->c, f->fid), &e);
	if (!q) {
		if (e)
			xerr(x, e, "QueryFont");
		xref_font_close(f);
		return NULL;
	}
	f->ascent = q->font_ascent;
	f->descent = q->font_descent;
	for (int i = 0; i < 256; i++) {
		const xcb_charinfo_t *ci = charinfo(q, 0, i);
		gem2d_glyph *gl = &f->glyph[i];
		int w, h;

		if (!ci)
			ci = charinfo(q, q->default_char >> 8, q->default_char & 0xff);
		if (!ci)
			continue;
		w = ci->right_side_bearing - ci->left_side_bearing;
		h = ci->ascent + ci->descent;
		gl->width = (uint16_t)(w > 0 ? w : 0);
		gl->height = (uint16_t)(h > 0 ? h : 0);
		gl->left_bearing = ci->left_side_bearing;
		gl->ascent = ci->ascent;
		gl->advance = ci->character_width;
		f->bits[i] = calloc(1, (size_t)(gl->width + 31) / 32 * 4 * gl->height + 1);
		if (!f->bits[i]) {
			free(q);
			xref_font_close(f);
			return NULL;
		}
		gl->bits = f->bits[i];
		f->have[i] = true;
	}
	free(q);
	if (capture(x, f)) {
		fprintf(stderr, "xref: cannot read the glyphs of \"%s\"\n", name);
		xref_font_close(f);
		return NULL;
	}
	return f;
}

const gem2d_glyph *xref_font_glyph(const struct xref_font *f, uint8_t ch)
{
	return f->have[ch] ? &f->glyph[ch] : NULL;
}

int xref_font_ascent(const struct xref_font *f)
{
	return f->ascent;
}

int xref_font_descent(const struct xref_font *f)
{
	return f->descent;
}

uint32_t xref_font_id(const struct xref_font *f)
{
	return f->fid;
}

int xref_poly_text8(struct xref *x, uint32_t dst, const gem2d_gc *g, uint32_t tile,
		    uint32_t stipple, const struct xref_font *font, int pen_x, int pen_y,
		    const char *s, int len)
{
	size_t n = 0;
	uint8_t *items;
	xcb_gcontext_t gc;
	int r;

	if (!font || len < 0 || (len && !s) || !find_pix(x, dst))
		return -EINVAL;
	if (!fits16(pen_x) || !fits16(pen_y))
		return -ERANGE;
	if (!len)
		return 0;
	/* TEXTITEM8s: length (1..254), delta 0, the characters. */
	items = malloc((size_t)len + 2 * ((size_t)len / 254 + 1));
	if (!items)
		return -ENOMEM;
	for (int i = 0; i < len; i += 254) {
		int m = len - i < 254 ? len - i : 254;

		items[n++] = (uint8_t)m;
		items[n++] = 0;
		memcpy(items + n, s + i, (size_t)m);
		n += (size_t)m;
	}
	if (n + 16 + 3 > req_cap(x)) {
		free(items);
		return -E2BIG;
	}
	gc = xref_gc(x, dst, g, tile, stipple, font->fid);
	if (!gc) {
		free(items);
		return -errno;
	}
	r = check(x, xcb_poly_text_8_checked(x->c, dst, gc, (int16_t)pen_x, (int16_t)pen_y,
					     (uint32_t)n, items),
		  "PolyText8");
	xref_gc_free(x, gc);
	free(items);
	return r;
}

int xref_image_text8(struct xref *x, uint32_t dst, const gem2d_gc *g, uint32_t tile,
		     uint32_t stipple, const struct xref_font *font, int pen_x, int pen_y,
		     const char *s, int len)
{
	xcb_gcontext_t gc;
	int r = 0;

	if (!font || len < 0 || (len && !s) || !find_pix(x, dst))
		return -EINVAL;
	if (!fits16(pen_x) || !fits16(pen_y))
		return -ERANGE;
	if (!len)
		return 0;
	gc = xref_gc(x, dst, g, tile, stipple, font->fid);
	if (!gc)
		return -errno;
	for (int i = 0; i < len && !r; i += 255) {
		int m = len - i < 255 ? len - i : 255;

		if (!fits16(pen_x)) {
			r = -ERANGE;
			break;
		}
		r = check(x, xcb_image_text_8_checked(x->c, (uint8_t)m, dst, gc, (int16_t)pen_x,
						      (int16_t)pen_y, s + i),
			  "ImageText8");
		for (int k = 0; k < m; k++) {
			const gem2d_glyph *gl = xref_font_glyph(font, (uint8_t)s[i + k]);

			if (gl)
				pen_x += gl->advance;
		}
	}
	xref_gc_free(x, gc);
	return r;
}
