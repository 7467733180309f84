/* SPDX-License-Identifier: MIT */
/*
 * The compositor's screen (compositor_screen.h), drawn with the 2D layer:
 *  - the desktop: a 32x32 tile repeated (a FillTiled fill, the blitter's
 *    pattern where it can);
 *  - each window, bottom first: a drop shadow and a translucent title bar
 *    (Render Over of solid translucent sources), a border (solid fills),
 *    the title (core text from tools/font.c), the content (a CopyArea from
 *    the client's buffer) and, for a window whose client stopped
 *    responding, a grey veil;
 *  - a software cursor, two-coloured as a core X cursor is (stippled fills,
 *    which the blitter draws with mono blits).
 * Only damaged boxes are drawn again, each from the bottom up, starting at
 * the topmost window content that covers the whole box (what lies under it
 * cannot show): an unchanged window costs nothing, a changed one its
 * content and what overlaps it.
 *
 * With several buffers (page flipping), the buffer drawn into is older than
 * the one on screen: it lacks the damage of every repaint since it was last
 * drawn. Two ways to make that up: draw those boxes again (a buffer age
 * repaint, as EGL_EXT_buffer_age compositors do), or copy them from the
 * buffer drawn last, which has them. We copy: a box costs one blit
 * (XY_SRC_COPY_BLT between two X-tiled pixmaps) instead of its whole stack
 * of fills, text and translucent Render composites (the part the blitter
 * cannot do runs on the CPU), and the copy is exact by construction. The
 * damage of the last SCREEN_MAX_BUFFERS repaints is kept for it; a buffer
 * older than that, or never drawn, gets the whole screen. A copied box that
 * this repaint draws anyway is left out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/client_scene.h"
#include "tools/compositor_screen.h"
#include "tools/font.h"

#define TITLE_H 18
#define BORDER 2
#define SHADOW 8
#define CURSOR 16

enum { OP_OVER = 3 };
enum { GX_COPY = 3 };

static gem2d_glyph glyphs[128];
static uint8_t glyph_bits[128][8][4];

static void glyphs_init(void)
{
	for (int c = 32; c < 128; c++) {
		uint8_t rows[8];
		font_glyph((char)c, rows);
		for (int y = 0; y < 8; y++) {
			uint8_t v = 0;
			for (int b = 0; b < 8; b++)	/* MSB-leftmost to LSB-leftmost */
				if (rows[y] & (0x80 >> b))
					v |= (uint8_t)(1u << b);
			glyph_bits[c][y][0] = v;
		}
		glyphs[c] = (gem2d_glyph){ .width = 8, .height = 8, .left_bearing = 0, .ascent = 8, .advance = 7,
					   .bits = &glyph_bits[c][0][0] };
	}
}

static gem2d_pixmap *image(gem2d_device *dev, int w, int h, int depth, int tiling, const uint32_t *px)
{
	gem2d_pixmap *p = gem2d_pixmap_create(dev, w, h, depth, tiling);
	gem2d_gc gc = { .function = GX_COPY, .plane_mask = ~0u };
	if (p && gem2d_put_image(p, &gc, GEM2D_ZPIXMAP, 0, 0, w, h, px, w * 4)) {
		gem2d_pixmap_destroy(p);
		p = NULL;
	}
	return p;
}

/* A 1x1 Render source of one premultiplied ARGB colour (used with repeat). */
static gem2d_pixmap *solid(gem2d_device *dev, uint32_t argb)
{
	return image(dev, 1, 1, 32, GEM2D_TILING_NONE, &argb);
}

/* The desktop's tile: soft diagonal bands. */
static void tile_pixels(uint32_t *px)
{
	for (int y = 0; y < 32; y++)
		for (int x = 0; x < 32; x++) {
			int d = (x + y) % 32, v = d < 16 ? d : 31 - d;
			px[y * 32 + x] = (uint32_t)(0x30 + v) << 16 | (uint32_t)(0x48 + v) << 8 | (uint32_t)(0x60 + v * 2);
		}
}

/* An arrow, as a core X cursor is: two bitmaps, the outline (black) and
 * what it holds (white), drawn as stippled fills (mono blits). Rows of 4
 * bytes, LSB leftmost. */
static void cursor_bits(uint8_t outline[CURSOR][4], uint8_t inside[CURSOR][4])
{
	memset(outline, 0, CURSOR * 4);
	memset(inside, 0, CURSOR * 4);
	for (int y = 0; y < CURSOR; y++)
		for (int x = 0; x < CURSOR; x++) {
			bool in = x <= y && y < 12 ? true : (y >= 12 && x <= 11 - (y - 12) * 2 && x <= y);
			bool stem = x >= 4 + (y - 8) / 2 && x <= 6 + (y - 8) / 2 && y >= 8;
			if (!in && !stem)
				continue;
			bool edge = x == 0 || x == y || y == 11 || (stem && (x == 4 + (y - 8) / 2 || y == 15));
			(edge ? outline : inside)[y][x / 8] |= (uint8_t)(1u << (x % 8));
		}
}

static gem2d_pixmap *bitmap(gem2d_device *dev, const uint8_t bits[CURSOR][4])
{
	gem2d_pixmap *p = gem2d_pixmap_create(dev, CURSOR, CURSOR, 1, GEM2D_TILING_DEFAULT);
	gem2d_gc gc = { .function = GX_COPY, .plane_mask = ~0u };
	if (p && gem2d_put_image(p, &gc, GEM2D_ZPIXMAP, 0, 0, CURSOR, CURSOR, bits, 4)) {
		gem2d_pixmap_destroy(p);
		p = NULL;
	}
	return p;
}

int screen_init(struct screen *s, gem2d_device *dev, int width, int height)
{
	static uint32_t tile[32 * 32];
	static uint8_t outline[CURSOR][4], inside[CURSOR][4];
	memset(s, 0, sizeof(*s));
	glyphs_init();
	tile_pixels(tile);
	cursor_bits(outline, inside);
	s->dev = dev;
	s->width = width;
	s->height = height;
	s->pix = s->buffers[0] = gem2d_pixmap_create(dev, width, height, 24, GEM2D_TILING_DEFAULT);
	s->nbuffers = 1;
	s->tile = image(dev, 32, 32, 24, GEM2D_TILING_DEFAULT, tile);
	s->cursor = bitmap(dev, outline);
	s->cursor_inside = bitmap(dev, inside);
	s->shadow = solid(dev, 0x60000000u);
	s->title_bg = solid(dev, 0xc0183058u);
	s->title_bg_dead = solid(dev, 0xc0581818u);
	s->grey = solid(dev, 0xa0505050u);
	if (!s->pix || !s->tile || !s->cursor || !s->cursor_inside || !s->shadow || !s->title_bg || !s->title_bg_dead || !s->grey) {
		screen_fini(s);
		return -ENOMEM;
	}
	s->cursor_x = s->cursor_y = -CURSOR;
	screen_damage(s, 0, 0, width, height);
	return 0;
}

void screen_fini(struct screen *s)
{
	gem2d_pixmap *p[] = { s->buffers[0], s->buffers[1], s->buffers[2], s->tile, s->cursor, s->cursor_inside,
			      s->shadow, s->title_bg, s->title_bg_dead, s->grey };
	_Static_assert(SCREEN_MAX_BUFFERS == 3, "every buffer in p[]");
	for (size_t i = 0; i < sizeof(p) / sizeof(p[0]); i++)
		if (p[i])
			gem2d_pixmap_destroy(p[i]);
	memset(s, 0, sizeof(*s));
}

int screen_set_buffers(struct screen *s, int n)
{
	if (n < 1 || n > SCREEN_MAX_BUFFERS || s->repaints)
		return -EINVAL;
	for (int i = s->nbuffers; i < n; i++) {
		s->buffers[i] = gem2d_pixmap_create(s->dev, s->width, s->height, 24, GEM2D_TILING_DEFAULT);
		if (!s->buffers[i])
			return -ENOMEM;
		s->nbuffers = i + 1;
	}
	return 0;
}

int screen_add_window(struct screen *s, struct screen_window *w)
{
	if (s->nwindows == SCREEN_MAX_WINDOWS)
		return -ENOSPC;
	int i = s->nwindows;
	while (i > 0 && s->windows[i - 1]->z > w->z) {
		s->windows[i] = s->windows[i - 1];
		i--;
	}
	s->windows[i] = w;
	s->nwindows++;
	screen_damage_window(s, w);
	return 0;
}

void screen_remove_window(struct screen *s, struct screen_window *w)
{
	for (int i = 0; i < s->nwindows; i++)
		if (s->windows[i] == w) {
			memmove(&s->windows[i], &s->windows[i + 1], (size_t)(s->nwindows - i - 1) * sizeof(w));
			s->nwindows--;
			screen_damage_window(s, w);
			return;
		}
}

static bool box_clip(struct screen_box *b, const struct screen_box *c)
{
	if (b->x1 < c->x1) b->x1 = c->x1;
	if (b->y1 < c->y1) b->y1 = c->y1;
	if (b->x2 > c->x2) b->x2 = c->x2;
	if (b->y2 > c->y2) b->y2 = c->y2;
	return b->x1 < b->x2 && b->y1 < b->y2;
}

void screen_damage(struct screen *s, int x, int y, int width, int height)
{
	struct screen_box b = { x, y, x + width, y + height }, all = { 0, 0, s->width, s->height };
	if (!box_clip(&b, &all))
		return;
	for (int i = 0; i < s->ndamage; i++) {
		struct screen_box *d = &s->damage[i];
		if (d->x1 <= b.x1 && d->y1 <= b.y1 && d->x2 >= b.x2 && d->y2 >= b.y2)
			return;		/* already inside */
	}
	if (s->ndamage == SCREEN_MAX_DAMAGE) {	/* too many: one box round them all */
		struct screen_box u = b;
		for (int i = 0; i < s->ndamage; i++) {
			struct screen_box *d = &s->damage[i];
			if (d->x1 < u.x1) u.x1 = d->x1;
			if (d->y1 < u.y1) u.y1 = d->y1;
			if (d->x2 > u.x2) u.x2 = d->x2;
			if (d->y2 > u.y2) u.y2 = d->y2;
		}
		s->damage[0] = u;
		s->ndamage = 1;
		return;
	}
	s->damage[s->ndamage++] = b;
}

/* The part of box b that the content of the windows from index `from` up
 * does not hide: content is opaque (title bars and shadows are not, and
 * borders are left in for fewer pieces). Each hiding rectangle cuts a box
 * into at most four. */
static void damage_visible(struct screen *s, struct screen_box b, int from)
{
	for (int i = from; i < s->nwindows; i++) {
		const struct screen_window *u = s->windows[i];
		if (!u->content)
			continue;
		struct screen_box h = { u->x, u->y, u->x + u->width, u->y + u->height };
		if (h.x1 >= b.x2 || h.x2 <= b.x1 || h.y1 >= b.y2 || h.y2 <= b.y1)
			continue;	/* apart */
		if (h.y1 > b.y1)
			damage_visible(s, (struct screen_box){ b.x1, b.y1, b.x2, h.y1 }, i + 1);
		if (h.y2 < b.y2)
			damage_visible(s, (struct screen_box){ b.x1, h.y2, b.x2, b.y2 }, i + 1);
		int y1 = h.y1 > b.y1 ? h.y1 : b.y1, y2 = h.y2 < b.y2 ? h.y2 : b.y2;
		if (h.x1 > b.x1)
			damage_visible(s, (struct screen_box){ b.x1, y1, h.x1, y2 }, i + 1);
		if (h.x2 < b.x2)
			damage_visible(s, (struct screen_box){ h.x2, y1, b.x2, y2 }, i + 1);
		return;
	}
	screen_damage(s, b.x1, b.y1, b.x2 - b.x1, b.y2 - b.y1);
}

void screen_damage_content(struct screen *s, const struct screen_window *w)
{
	int i = 0;
	while (i < s->nwindows && s->windows[i] != w)
		i++;
	damage_visible(s, (struct screen_box){ w->x, w->y, w->x + w->width, w->y + w->height }, i + 1);
}

static struct screen_box outer(const struct screen_window *w)
{
	return (struct screen_box){ w->x - BORDER, w->y - TITLE_H - BORDER, w->x + w->width + BORDER,
				    w->y + w->height + BORDER };
}

void screen_damage_window(struct screen *s, const struct screen_window *w)
{
	struct screen_box o = outer(w);
	screen_damage(s, o.x1, o.y1, o.x2 - o.x1 + SHADOW, o.y2 - o.y1 + SHADOW);
}

void screen_move_cursor(struct screen *s, int x, int y)
{
	if (x == s->cursor_x && y == s->cursor_y)
		return;
	screen_damage(s, s->cursor_x, s->cursor_y, CURSOR, CURSOR);
	s->cursor_x = x;
	s->cursor_y = y;
	screen_damage(s, x, y, CURSOR, CURSOR);
}

void screen_cursor_path(const struct screen *s, uint64_t frame, int *x, int *y)
{
	*x = 40 + scene_tri(frame * 7, s->width - 80);
	*y = 40 + scene_tri(frame * 5, s->height - 80);
}

/* ---- drawing one box -------------------------------------------------------- */

struct ctx {
	struct screen *s;
	struct screen_box box;
	gem2d_rect clip;
	int err;
};

static void note(struct ctx *c, int ret)
{
	if (ret && !c->err)
		c->err = ret;
}

/* Render Over of src (repeated if solid) on the part of r inside the box. */
static void over(struct ctx *c, gem2d_pixmap *src, bool repeat, struct screen_box r, int src_x0, int src_y0)
{
	if (!box_clip(&r, &c->box))
		return;
	note(c, gem2d_composite(OP_OVER, src, repeat, NULL, c->s->pix, repeat ? 0 : r.x1 - src_x0,
				repeat ? 0 : r.y1 - src_y0, 0, 0, r.x1, r.y1, r.x2 - r.x1, r.y2 - r.y1));
}

static void fill(struct ctx *c, uint32_t color, const struct screen_box *rects, int n)
{
	gem2d_gc gc = { .function = GX_COPY, .plane_mask = ~0u, .foreground = color, .clip = &c->clip, .n_clip = 1 };
	gem2d_rect r[8];
	for (int i = 0; i < n && i < 8; i++)
		r[i] = (gem2d_rect){ (int16_t)rects[i].x1, (int16_t)rects[i].y1, (uint16_t)(rects[i].x2 - rects[i].x1),
				     (uint16_t)(rects[i].y2 - rects[i].y1) };
	note(c, gem2d_poly_fill_rectangle(c->s->pix, &gc, n, r));
}

/* Text clipped to the box and to `within`. */
static void text(struct ctx *c, const struct screen_box *within, int x, int y, const char *str)
{
	const gem2d_glyph *g[64];
	int n = 0;
	for (; *str && n < 64; str++) {
		unsigned char ch = (unsigned char)*str;
		if (ch >= 'a' && ch <= 'z')
			ch = (unsigned char)(ch - 'a' + 'A');
		g[n++] = &glyphs[ch < 128 && ch >= 32 ? ch : ' '];
	}
	gem2d_rect clip = { (int16_t)within->x1, (int16_t)within->y1, (uint16_t)(within->x2 - within->x1),
			    (uint16_t)(within->y2 - within->y1) };
	gem2d_gc gc = { .function = GX_COPY, .plane_mask = ~0u, .foreground = 0xf0f0f0, .clip = &clip, .n_clip = 1 };
	note(c, gem2d_poly_glyphs(c->s->pix, &gc, x, y, n, g));
}

static void background(struct ctx *c)
{
	gem2d_gc gc = { .function = GX_COPY, .plane_mask = ~0u, .fill_style = 1, .tile = c->s->tile };
	note(c, gem2d_poly_fill_rectangle(c->s->pix, &gc, 1, &c->clip));
}

static void decorations(struct ctx *c, const struct screen_window *w)
{
	struct screen_box o = outer(w);
	over(c, c->s->shadow, true, (struct screen_box){ o.x1 + SHADOW, o.y1 + SHADOW, o.x2 + SHADOW, o.y2 + SHADOW },
	     0, 0);
	struct screen_box b = o;
	if (!box_clip(&b, &c->box))
		return;
	struct screen_box border[4] = {
		{ o.x1, o.y1, o.x2, o.y1 + BORDER }, { o.x1, o.y2 - BORDER, o.x2, o.y2 },
		{ o.x1, o.y1 + BORDER, o.x1 + BORDER, o.y2 - BORDER }, { o.x2 - BORDER, o.y1 + BORDER, o.x2, o.y2 - BORDER },
	};
	fill(c, w->not_responding ? 0x803030 : 0x305080, border, 4);
	struct screen_box t = { w->x, w->y - TITLE_H, w->x + w->width, w->y };
	over(c, w->not_responding ? c->s->title_bg_dead : c->s->title_bg, true, t, 0, 0);
	struct screen_box tt = t;
	if (box_clip(&tt, &c->box)) {
		char title[64];
		snprintf(title, sizeof(title), "%s%s", w->title, w->not_responding ? " (not responding)" : "");
		/* the 8x8 cells lie inside the bar: text outside it would be
		 * drawn by a damaged box that meets the bar and not by one that
		 * meets only the text */
		text(c, &tt, w->x + 6, w->y - TITLE_H + 13, title);
	}
}

static void content(struct ctx *c, const struct screen_window *w)
{
	struct screen_box r = { w->x, w->y, w->x + w->width, w->y + w->height };
	if (!box_clip(&r, &c->box))
		return;
	if (w->content) {
		gem2d_gc gc = { .function = GX_COPY, .plane_mask = ~0u };
		note(c, gem2d_copy_area(w->content, c->s->pix, &gc, r.x1 - w->x, r.y1 - w->y, r.x2 - r.x1, r.y2 - r.y1,
					r.x1, r.y1));
	} else {
		fill(c, 0x101010, &r, 1);
	}
	if (w->not_responding)
		over(c, c->s->grey, true, r, 0, 0);
}

static bool covers(const struct screen_window *w, const struct screen_box *b)
{
	return w->content && !w->not_responding && w->x <= b->x1 && w->y <= b->y1 && w->x + w->width >= b->x2 &&
	       w->y + w->height >= b->y2;
}

static int repaint_box(struct screen *s, const struct screen_box *b)
{
	struct ctx c = { .s = s, .box = *b,
			 .clip = { (int16_t)b->x1, (int16_t)b->y1, (uint16_t)(b->x2 - b->x1), (uint16_t)(b->y2 - b->y1) } };
	int first = 0;
	for (int i = s->nwindows - 1; i >= 0; i--)
		if (covers(s->windows[i], b)) {
			first = i;
			break;
		}
	if (first == 0 && !(s->nwindows && covers(s->windows[0], b)))
		background(&c);
	for (int i = first; i < s->nwindows; i++) {
		bool hidden_frame = i == first && covers(s->windows[i], b);
		if (!hidden_frame)
			decorations(&c, s->windows[i]);
		content(&c, s->windows[i]);
	}
	struct screen_box cur = { s->cursor_x, s->cursor_y, s->cursor_x + CURSOR, s->cursor_y + CURSOR };
	if (box_clip(&cur, &c.box)) {
		gem2d_rect r = { (int16_t)cur.x1, (int16_t)cur.y1, (uint16_t)(cur.x2 - cur.x1), (uint16_t)(cur.y2 - cur.y1) };
		gem2d_gc gc = { .function = GX_COPY, .plane_mask = ~0u, .fill_style = 2 /* FillStippled */,
				.stipple = s->cursor, .ts_x_origin = (int16_t)s->cursor_x,
				.ts_y_origin = (int16_t)s->cursor_y };
		note(&c, gem2d_poly_fill_rectangle(s->pix, &gc, 1, &r));
		gc.stipple = s->cursor_inside;
		gc.foreground = 0xffffff;
		note(&c, gem2d_poly_fill_rectangle(s->pix, &gc, 1, &r));
	}
	return c.err;
}

static bool box_inside(const struct screen_box *b, const struct screen_box *in)
{
	return in->x1 <= b->x1 && in->y1 <= b->y1 && in->x2 >= b->x2 && in->y2 >= b->y2;
}

/* Copies box b from the buffer drawn last into s->pix, unless the damage covers it. */
static int catch_up_box(struct screen *s, gem2d_pixmap *from, const struct screen_box *b)
{
	for (int i = 0; i < s->ndamage; i++)
		if (box_inside(b, &s->damage[i]))
			return 0;
	gem2d_gc gc = { .function = GX_COPY, .plane_mask = ~0u };
	s->boxes_copied++;
	return gem2d_copy_area(from, s->pix, &gc, b->x1, b->y1, b->x2 - b->x1, b->y2 - b->y1, b->x1, b->y1);
}

/* Brings s->pix (buffer i) up to the buffer drawn last: the damage of every repaint since
 * buffer i was drawn, copied (the file's top comment says why copies). */
static int catch_up(struct screen *s, int i)
{
	if (i == s->front || s->painted[i] == s->repaints)
		return 0;
	gem2d_pixmap *from = s->buffers[s->front];
	uint64_t age = s->painted[i] ? s->repaints - s->painted[i] : UINT64_MAX;
	if (age > SCREEN_MAX_BUFFERS) {
		struct screen_box all = { 0, 0, s->width, s->height };
		return catch_up_box(s, from, &all);
	}
	for (uint64_t r = s->painted[i] + 1; r <= s->repaints; r++) {
		const struct screen_damage *d = &s->history[r % SCREEN_MAX_BUFFERS];
		for (int b = 0; b < d->n; b++) {
			int ret = catch_up_box(s, from, &d->box[b]);
			if (ret)
				return ret;
		}
	}
	return 0;
}

int screen_repaint_into(struct screen *s, int i)
{
	if (i < 0 || i >= s->nbuffers)
		return -EINVAL;
	s->pix = s->buffers[i];
	int n = s->ndamage, ret = catch_up(s, i);
	for (int b = 0; b < n && !ret; b++)
		ret = repaint_box(s, &s->damage[b]);
	/* What this repaint changed, for the buffers drawn next (on failure too: the caller
	 * gives up then, and the history stays consistent for it). */
	s->repaints++;
	struct screen_damage *h = &s->history[s->repaints % SCREEN_MAX_BUFFERS];
	memcpy(h->box, s->damage, (size_t)n * sizeof(s->damage[0]));
	h->n = n;
	s->painted[i] = s->repaints;
	s->front = i;
	s->ndamage = 0;
	return ret ? ret : n;
}

int screen_repaint(struct screen *s)
{
	return screen_repaint_into(s, s->front);
}

int screen_read(struct screen *s, uint8_t *pixels)
{
	return gem2d_get_image(s->pix, 0, 0, s->width, s->height, ~0u, pixels, s->width * 4);
}
