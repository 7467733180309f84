/* SPDX-License-Identifier: MIT */
/*
 * xdraw: one fixed scene of core X drawing requests on the root window of
 * $DISPLAY, then the drawn area read back with GetImage and written to
 * stdout (width x height 32-bit pixels, rows top down, depth-24 bits only).
 * tests/clients/xorg.sh runs it on Debian's X server over the shim (each X
 * driver) and on Xvfb (fb + mi + pixman, the reference): the bytes must be
 * the same. With -n it only draws (for a scanout dump taken afterwards).
 *
 * The scene covers what a 2D driver accelerates or falls back on: solid
 * fills in several ALUs, zero-width and wide lines, segments, rectangles,
 * arcs, filled arcs and polygons, a tiled fill, CopyArea (overlapping),
 * PutImage, and ImageText8 in the "fixed" font. Exit 0, or 1 with a message
 * on any X error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xcb/xcb.h>

#define W 512
#define H 256

static xcb_connection_t *c;

static void check(xcb_void_cookie_t ck, const char *what)
{
	xcb_generic_error_t *e = xcb_request_check(c, ck);
	if (e) {
		fprintf(stderr, "xdraw: %s: X error %d\n", what, e->error_code);
		exit(1);
	}
}

static uint32_t gc_new(xcb_drawable_t d, uint32_t fg, uint32_t func, uint32_t width)
{
	uint32_t gc = xcb_generate_id(c);
	uint32_t v[] = { func, fg, width, 0 };
	check(xcb_create_gc_checked(c, gc, d, XCB_GC_FUNCTION | XCB_GC_FOREGROUND | XCB_GC_LINE_WIDTH |
				    XCB_GC_GRAPHICS_EXPOSURES, v), "CreateGC");
	return gc;
}

int main(int argc, char **argv)
{
	int draw_only = argc > 1 && strcmp(argv[1], "-n") == 0;
	c = xcb_connect(NULL, NULL);
	if (xcb_connection_has_error(c)) {
		fprintf(stderr, "xdraw: cannot connect to $DISPLAY\n");
		return 1;
	}
	xcb_screen_t *s = xcb_setup_roots_iterator(xcb_get_setup(c)).data;
	xcb_window_t root = s->root;
	if (s->root_depth != 24 || s->width_in_pixels < W || s->height_in_pixels < H) {
		fprintf(stderr, "xdraw: needs a depth-24 screen of at least %dx%d\n", W, H);
		return 1;
	}

	uint32_t bg = gc_new(root, 0x203040, XCB_GX_COPY, 0);
	xcb_rectangle_t all = { 0, 0, W, H };
	check(xcb_poly_fill_rectangle_checked(c, root, bg, 1, &all), "clear");

	uint32_t red = gc_new(root, 0xff0000, XCB_GX_COPY, 0);
	xcb_rectangle_t r[] = { { 10, 10, 60, 40 }, { 80, 12, 33, 17 }, { 120, 5, 1, 90 } };
	check(xcb_poly_fill_rectangle_checked(c, root, red, 3, r), "fill");
	uint32_t xor = gc_new(root, 0x00ffff, XCB_GX_XOR, 0);
	xcb_rectangle_t rx = { 40, 30, 70, 50 };
	check(xcb_poly_fill_rectangle_checked(c, root, xor, 1, &rx), "xor fill");

	uint32_t green = gc_new(root, 0x00ff00, XCB_GX_COPY, 0);
	xcb_point_t line[] = { { 130, 10 }, { 250, 60 }, { 140, 100 }, { 260, 20 }, { 131, 11 } };
	check(xcb_poly_line_checked(c, XCB_COORD_MODE_ORIGIN, root, green, 5, line), "thin line");
	uint32_t wide = gc_new(root, 0xffff00, XCB_GX_COPY, 7);
	xcb_point_t wl[] = { { 280, 20 }, { 400, 90 }, { 300, 110 } };
	check(xcb_poly_line_checked(c, XCB_COORD_MODE_ORIGIN, root, wide, 3, wl), "wide line");
	xcb_segment_t seg[] = { { 10, 120, 200, 125 }, { 15, 130, 15, 250 }, { 30, 240, 220, 140 } };
	check(xcb_poly_segment_checked(c, root, green, 3, seg), "segments");
	xcb_rectangle_t outline[] = { { 420, 10, 80, 60 }, { 430, 20, 60, 40 } };
	check(xcb_poly_rectangle_checked(c, root, red, 2, outline), "rectangles");

	uint32_t blue = gc_new(root, 0x4080ff, XCB_GX_COPY, 0);
	xcb_arc_t arcs[] = { { 230, 130, 90, 60, 0, 360 * 64 }, { 330, 130, 50, 90, 45 * 64, 200 * 64 } };
	check(xcb_poly_arc_checked(c, root, blue, 2, arcs), "arcs");
	xcb_arc_t farc = { 390, 140, 70, 70, 30 * 64, 270 * 64 };
	check(xcb_poly_fill_arc_checked(c, root, red, 1, &farc), "fill arc");
	xcb_point_t poly[] = { { 60, 150 }, { 120, 140 }, { 150, 200 }, { 90, 230 }, { 70, 190 } };
	check(xcb_fill_poly_checked(c, root, blue, XCB_POLY_SHAPE_COMPLEX, XCB_COORD_MODE_ORIGIN, 5, poly),
	      "fill poly");

	/* A tiled fill: an 8x8 two-colour pixmap as the tile. */
	xcb_pixmap_t tile = xcb_generate_id(c);
	check(xcb_create_pixmap_checked(c, 24, tile, root, 8, 8), "CreatePixmap");
	xcb_rectangle_t t0 = { 0, 0, 8, 8 }, t1 = { 0, 0, 4, 4 }, t2 = { 4, 4, 4, 4 };
	check(xcb_poly_fill_rectangle_checked(c, tile, green, 1, &t0), "tile");
	check(xcb_poly_fill_rectangle_checked(c, tile, red, 1, &t1), "tile");
	check(xcb_poly_fill_rectangle_checked(c, tile, red, 1, &t2), "tile");
	uint32_t tiled = xcb_generate_id(c);
	uint32_t tv[] = { XCB_FILL_STYLE_TILED, tile, 3, 5 };
	check(xcb_create_gc_checked(c, tiled, root, XCB_GC_FILL_STYLE | XCB_GC_TILE | XCB_GC_TILE_STIPPLE_ORIGIN_X |
				    XCB_GC_TILE_STIPPLE_ORIGIN_Y, tv), "tiled GC");
	xcb_rectangle_t tr = { 470, 100, 37, 51 };
	check(xcb_poly_fill_rectangle_checked(c, root, tiled, 1, &tr), "tiled fill");

	/* PutImage of a gradient, then an overlapping CopyArea. */
	static uint32_t img[40 * 30];
	for (int y = 0; y < 30; y++)
		for (int x = 0; x < 40; x++)
			img[y * 40 + x] = (uint32_t)(x * 6) << 16 | (uint32_t)(y * 8) << 8 | 0x80;
	check(xcb_put_image_checked(c, XCB_IMAGE_FORMAT_Z_PIXMAP, root, bg, 40, 30, 250, 200, 0, 24,
				    sizeof(img), (const uint8_t *)img), "PutImage");
	check(xcb_copy_area_checked(c, root, root, bg, 0, 0, 20, 60, 120, 90), "CopyArea");

	/* ImageText8 in "fixed". */
	xcb_font_t font = xcb_generate_id(c);
	check(xcb_open_font_checked(c, font, 5, "fixed"), "OpenFont fixed");
	uint32_t text = xcb_generate_id(c);
	uint32_t txv[] = { 0xffffff, 0x000080, font };
	check(xcb_create_gc_checked(c, text, root, XCB_GC_FOREGROUND | XCB_GC_BACKGROUND | XCB_GC_FONT, txv),
	      "text GC");
	check(xcb_image_text_8_checked(c, 24, root, text, 300, 245, "libdrm-gem on i915-shim"), "ImageText8");

	if (draw_only) {
		xcb_disconnect(c);
		return 0;
	}
	xcb_get_image_cookie_t ck = xcb_get_image(c, XCB_IMAGE_FORMAT_Z_PIXMAP, root, 0, 0, W, H, ~0u);
	xcb_generic_error_t *e = NULL;
	xcb_get_image_reply_t *rep = xcb_get_image_reply(c, ck, &e);
	if (!rep || xcb_get_image_data_length(rep) != W * H * 4) {
		fprintf(stderr, "xdraw: GetImage failed\n");
		return 1;
	}
	uint32_t *px = (uint32_t *)xcb_get_image_data(rep);
	for (int i = 0; i < W * H; i++)
		px[i] &= 0xffffff;
	fwrite(px, 4, W * H, stdout);
	free(rep);
	xcb_disconnect(c);
	return 0;
}
