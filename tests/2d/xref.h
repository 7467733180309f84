/* SPDX-License-Identifier: MIT */
/*
 * xref.h: the 2D tests' reference server. It starts a private Xvfb, draws
 * the same requests as libgem2d's API on server pixmaps through xcb, and
 * reads the pixels back in gem2d's image layout, so a test can compare
 * gem2d's pixmap with the X server's pixel for pixel.
 *
 * Use:
 *   struct xref *x = xref_start();
 *   if (!x) exit(errno == ENOENT ? 77 : 1);     (ENOENT: Xvfb not installed)
 *   uint32_t p = xref_pixmap(x, 64, 64, 24);    (cleared to 0)
 *   xref_poly_line(x, p, &gc, 0, 0, n, pts);    (same arguments as gem2d)
 *   xref_get_image(x, p, 0, 0, 64, 64, ~0u, buf, stride);
 *   xref_stop(x);                               (kills and reaps Xvfb)
 *
 * Every call returns 0 or a negative errno: -EINVAL for arguments X would
 * refuse (an X Match/Value error, an unknown pixmap, a short stride),
 * -ERANGE for values the protocol cannot carry (coordinates outside int16,
 * sizes outside uint16), -E2BIG for a request that cannot be split and does
 * not fit the maximum request length, -EIO for a lost connection or another
 * X error. Set XREF_VERBOSE=1 to see X errors and Xvfb's own output on
 * stderr. gem2d_gc's tile and stipple are gem2d pixmaps, so each drawing
 * call takes the server pixmaps standing for them (0 = leave the GC's
 * default). Draw only on pixmaps made by xref_pixmap.
 *
 * Xvfb is run as
 *   Xvfb -displayfd FD -nolisten tcp -screen 0 64x64x24
 *        -pixdepths 1 8 15 16 24 32
 * in a child that gets SIGKILL when the thread that started it exits
 * (PR_SET_PDEATHSIG), so a killed test leaves no server behind.
 *
 * Measured on Debian 12's Xvfb 21.1.7 (xvfb 2:21.1.7-3+deb12u13, x86-64):
 *  - image_byte_order LSBFirst, bitmap_format_bit_order LSBFirst,
 *    bitmap scanline unit 32, bitmap scanline pad 32;
 *  - pixmap formats by default: depth 1/4/8/16/24/32 with bits per pixel
 *    1/8/8/16/32/32, every scanline pad 32. Depth 15 is missing unless
 *    -pixdepths lists it (then 16 bpp, pad 32), hence the option;
 *  - BIG-REQUESTS: maximum request length 4194303 units (16 MiB);
 *  - so a server scanline is gem2d's row rounded up to 4 bytes, depth-1
 *    bits LSB first as in gem2d; the conversion code below still follows
 *    whatever the setup says;
 *  - depth 24 (32 bpp): GetImage returns the padding byte (bits 24..31) as
 *    drawing left it: PutImage of 0xAABBCCDD reads back 0xAABBCCDD, and a
 *    fill with foreground 0xffffffff reads back 0xffffffff. A plane mask
 *    passed to GetImage clears those bits like any other. Compare only the
 *    depth's bits (xref_get_image does not mask them);
 *  - Render lists a8r8g8b8 (32), x8r8g8b8 (24), r5g6b5 (16), x1r5g5b5
 *    (15, with -pixdepths), a8 (8) and a1 (1);
 *  - fonts of xfonts-base: "fixed" is 6x13 semi-condensed; the widest 8-bit
 *    font is XREF_WIDE_FONT (sunolglyph 19 pt, ink up to 65 pixels wide).
 */
#ifndef TESTS_2D_XREF_H
#define TESTS_2D_XREF_H

#include <stdbool.h>
#include <stdint.h>
#include <xcb/xcb.h>

#include "gem2d.h"

#define XREF_WIDE_FONT "-sun-open look glyph-----19-190-75-75-p-154-sunolglyph-1"

struct xref;
struct xref_font;

/* The server. NULL with errno ENOENT when Xvfb is not installed (skip the
 * test), another errno when it failed; both print why on stderr. */
struct xref *xref_start(void);
void xref_stop(struct xref *x);                 /* frees pixmaps, GCs and fonts left open */
xcb_connection_t *xref_connection(struct xref *x);
int xref_display(const struct xref *x);         /* the N of ":N" */
int xref_server_pid(const struct xref *x);      /* Xvfb's process id */
/* Caps every request at `bytes` (0: back to the server's maximum), so a test can make
 * image and poly requests split into many. */
void xref_limit_request(struct xref *x, uint32_t bytes);

/* Pixmaps of depth 1, 8, 15, 16, 24 or 32, cleared to 0. 0 on failure. */
uint32_t xref_pixmap(struct xref *x, int width, int height, int depth);
void xref_pixmap_free(struct xref *x, uint32_t pixmap);

/* A server GC for drawing on `drawable` from a gem2d_gc: function, plane_mask, foreground,
 * background, line_width/style, cap/join style, fill style/rule, arc_mode, tile and stipple
 * (the given server pixmaps, 0 = the GC's default), ts origin, dashes (SetDashes when
 * n_dashes > 0), clip (SetClipRectangles Unsorted at origin 0,0; NULL = no clip mask), font
 * (0 = default), graphics_exposures off. gc == NULL: the protocol's defaults, with
 * graphics_exposures off. Returns the GC id, 0 on failure. */
uint32_t xref_gc(struct xref *x, uint32_t drawable, const gem2d_gc *gc, uint32_t tile,
		 uint32_t stipple, uint32_t font);
void xref_gc_free(struct xref *x, uint32_t gc);

/* PutImage / GetImage with gem2d's layout: ZPixmap pixels of gem2d's bits per pixel (1, 8,
 * 16, 16, 32, 32 for depth 1, 8, 15, 16, 24, 32), little-endian, rows `stride` bytes apart;
 * depth 1 and XYBitmap bit 0 of byte 0 is the leftmost pixel. Split into as many requests as
 * the maximum request length needs. get_image's area must lie inside the pixmap (X's rule);
 * it returns the bits outside the depth as the server has them. */
int xref_put_image(struct xref *x, uint32_t pixmap, const gem2d_gc *gc, int format, int dst_x,
		   int dst_y, int width, int height, const void *data, int stride);
int xref_get_image(struct xref *x, uint32_t pixmap, int src_x, int src_y, int width,
		   int height, uint32_t plane_mask, void *data, int stride);

/* The core requests, as gem2d's of the same name. Point, segment, rectangle and arc lists
 * that exceed a request are sent as several requests (the same pixels); PolyLine and
 * FillPolygon (shape Complex, CoordModeOrigin) are one request or -E2BIG. */
int xref_poly_point(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		    uint32_t stipple, int n, const gem2d_point *pts);
int xref_poly_line(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		   uint32_t stipple, int n, const gem2d_point *pts);
int xref_poly_segment(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		      uint32_t stipple, int n, const gem2d_segment *segs);
int xref_poly_rectangle(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
			uint32_t stipple, int n, const gem2d_rect *rects);
int xref_poly_arc(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		  uint32_t stipple, int n, const gem2d_arc *arcs);
int xref_fill_polygon(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		      uint32_t stipple, int n, const gem2d_point *pts);
int xref_poly_fill_rectangle(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
			     uint32_t stipple, int n, const gem2d_rect *rects);
int xref_poly_fill_arc(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		       uint32_t stipple, int n, const gem2d_arc *arcs);
int xref_copy_area(struct xref *x, uint32_t src, uint32_t dst, const gem2d_gc *gc,
		   uint32_t tile, uint32_t stipple, int src_x, int src_y, int width, int height,
		   int dst_x, int dst_y);
int xref_copy_plane(struct xref *x, uint32_t src, uint32_t dst, const gem2d_gc *gc,
		    uint32_t tile, uint32_t stipple, int src_x, int src_y, int width, int height,
		    int dst_x, int dst_y, uint32_t bit_plane);

/* Render Composite. Picture formats by depth: 32 a8r8g8b8, 24 x8r8g8b8, 16 r5g6b5,
 * 15 x1r5g5b5, 8 a8 (and 1 a1). src_repeat: RepeatNormal. mask 0: no mask. */
int xref_composite(struct xref *x, int op, uint32_t src, int src_depth, bool src_repeat,
		   uint32_t mask, int mask_depth, uint32_t dst, int dst_depth, int src_x,
		   int src_y, int mask_x, int mask_y, int dst_x, int dst_y, int width,
		   int height);

/* Server fonts (8-bit text: row 0 of the font). The glyphs are read from the server by
 * drawing each character with PolyText8 into a depth-1 pixmap and GetImage, in gem2d's
 * glyph layout (width x height = the ink box, rbearing - lbearing by ascent + descent;
 * left_bearing = lbearing, ascent = the char's ascent, advance = its width).
 * xref_font_glyph gives the glyph the server draws for ch: its own, else the font's default
 * char, else NULL (the server then draws nothing and does not advance). A font belongs to
 * its xref: close it before xref_stop or let xref_stop close it. */
struct xref_font *xref_font_open(struct xref *x, const char *name);
void xref_font_close(struct xref_font *font);
const gem2d_glyph *xref_font_glyph(const struct xref_font *font, uint8_t ch);
int xref_font_ascent(const struct xref_font *font);
int xref_font_descent(const struct xref_font *font);
uint32_t xref_font_id(const struct xref_font *font);

/* PolyText8 (one request, items of up to 254 chars) and ImageText8 (strings longer than 255
 * chars are sent as several requests, the pen moved by the advances between them). */
int xref_poly_text8(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		    uint32_t stipple, const struct xref_font *font, int pen_x, int pen_y,
		    const char *s, int len);
int xref_image_text8(struct xref *x, uint32_t dst, const gem2d_gc *gc, uint32_t tile,
		     uint32_t stipple, const struct xref_font *font, int pen_x, int pen_y,
		     const char *s, int len);

#endif
