/* SPDX-License-Identifier: MIT */
/*
 * The demo clients' frames as operation lists (client_scene.h), and their
 * CPU rendition. Integer arithmetic only, so every process that computes
 * frame n gets the same list.
 */
#include <string.h>

#include "tools/client_scene.h"

int scene_tri(uint64_t t, int span)
{
	if (span <= 0)
		return 0;
	uint64_t p = t % (2 * (uint64_t)span);
	return (int)(p <= (uint64_t)span ? p : 2 * (uint64_t)span - p);
}

static uint32_t argb(unsigned r, unsigned g, unsigned b)
{
	return 0xff000000u | (r & 255) << 16 | (g & 255) << 8 | (b & 255);
}

static const uint32_t palette[8] = {
	0xffe6194b, 0xff3cb44b, 0xffffe119, 0xff4363d8,
	0xfff58231, 0xff911eb4, 0xff46f0f0, 0xfff032e6,
};

struct list {
	struct scene_op *ops;
	int n;
	int width, height;
};

/* A rectangle cut to the frame; false when nothing is left. */
static bool clip(const struct list *l, struct scene_rect *r)
{
	int x0 = r->x < 0 ? 0 : r->x, y0 = r->y < 0 ? 0 : r->y;
	int x1 = r->x + r->w > l->width ? l->width : r->x + r->w;
	int y1 = r->y + r->h > l->height ? l->height : r->y + r->h;
	if (x1 <= x0 || y1 <= y0)
		return false;
	*r = (struct scene_rect){ x0, y0, x1 - x0, y1 - y0 };
	return true;
}

static void clear(struct list *l, int x, int y, int w, int h, uint32_t color)
{
	struct scene_rect r = { x, y, w, h };
	if (l->n < SCENE_MAX_OPS && clip(l, &r))
		l->ops[l->n++] = (struct scene_op){ .kind = SCENE_CLEAR, .dst = r, .color = color };
}

/* Sprites are placed whole inside the frame by their callers (scene_tri() spans). */
static void sprite(struct list *l, enum scene_op_kind kind, int sprite_index, int x, int y, bool flip)
{
	struct scene_rect r = { x, y, SCENE_SPRITE, SCENE_SPRITE };
	struct scene_rect c = r;
	if (l->n < SCENE_MAX_OPS && clip(l, &c) && c.w == r.w && c.h == r.h)
		l->ops[l->n++] = (struct scene_op){ .kind = kind, .dst = r, .src_x = sprite_index * SCENE_SPRITE,
						    .flip = flip };
}

static void strip(struct list *l, int x, int y, int w, bool flip)
{
	struct scene_rect r = { x, y, w, SCENE_SHEET_H - SCENE_STRIP_Y };
	struct scene_rect c = r;
	if (l->n < SCENE_MAX_OPS && w <= SCENE_SHEET_W && clip(l, &c) && c.w == r.w && c.h == r.h)
		l->ops[l->n++] = (struct scene_op){ .kind = SCENE_BLIT, .dst = r, .src_y = SCENE_STRIP_Y,
						    .flip = flip };
}

static void upload(struct list *l)
{
	if (l->n < SCENE_MAX_OPS)
		l->ops[l->n++] = (struct scene_op){
			.kind = SCENE_UPLOAD,
			.dst = { 0, SCENE_STRIP_Y, SCENE_SHEET_W, SCENE_SHEET_H - SCENE_STRIP_Y },
		};
}

/* Kind 0: a slowly changing background, bars sliding up and down, a
 * bouncing sprite (blit) and one gliding along the bottom (copy). */
static void bars(struct list *l, uint64_t f)
{
	int w = l->width, h = l->height;
	clear(l, 0, 0, w, h, argb(16 + scene_tri(f, 48), 24, 48 + scene_tri(f / 2, 64)));
	for (int i = 0; i < 6; i++)
		clear(l, 0, scene_tri(f * 3 + (uint64_t)i * 41, h - 14), w, 14, palette[i]);
	sprite(l, SCENE_BLIT, 0, scene_tri(f * 4, w - SCENE_SPRITE), scene_tri(f * 3 + 17, h - SCENE_SPRITE), false);
	sprite(l, SCENE_COPY, 1, scene_tri(f * 2, w - SCENE_SPRITE), h - SCENE_SPRITE, false);
}

/* Kind 1: scrolling stripes and three sprites on their own paths (copies),
 * one of them flipped by a blit. */
static void stripes(struct list *l, uint64_t f)
{
	int w = l->width, h = l->height;
	clear(l, 0, 0, w, h, argb(32, 40, 56));
	int off = (int)(f % 48);
	for (int x = -48 + off; x < w; x += 48)
		clear(l, x, 0, 24, h, argb(56, 72, 104));
	clear(l, 0, h / 2 - 4, w, 8, palette[(f / 30) % 8]);
	sprite(l, SCENE_COPY, 2, scene_tri(f * 5, w - SCENE_SPRITE), scene_tri(f * 2, h - SCENE_SPRITE), false);
	sprite(l, SCENE_COPY, 3, scene_tri(f * 3 + 100, w - SCENE_SPRITE), scene_tri(f * 4 + 50, h - SCENE_SPRITE), false);
	sprite(l, SCENE_BLIT, 1, scene_tri(f * 2 + 200, w - SCENE_SPRITE), scene_tri(f * 5 + 9, h - SCENE_SPRITE), true);
}

/* Kind 2: a ticker strip uploaded every frame and shown twice, the second
 * time upside down; a flipped sprite; a progress bar. */
static void ticker(struct list *l, uint64_t f)
{
	int w = l->width, h = l->height;
	upload(l);
	clear(l, 0, 0, w, h, argb(24, 24, 24));
	int sw = w - 16 < SCENE_SHEET_W ? w - 16 : SCENE_SHEET_W;
	strip(l, 8, 8, sw, false);
	strip(l, 8, h - 72, sw, true);
	clear(l, 8, h / 2 - 6, (int)((f * 3) % (uint64_t)(w - 16)) + 1, 12, palette[4]);
	sprite(l, SCENE_BLIT, 2, scene_tri(f * 3, w - SCENE_SPRITE), h / 2 - SCENE_SPRITE / 2, true);
}

int scene_frame_ops(int kind, int width, int height, uint64_t frame, struct scene_op *ops)
{
	struct list l = { ops, 0, width, height };
	if (width < SCENE_SPRITE + 16 || height < 2 * SCENE_SPRITE + 16)
		return 0;
	switch (kind) {
	case 0: bars(&l, frame); break;
	case 1: stripes(&l, frame); break;
	default: ticker(&l, frame); break;
	}
	return l.n;
}

/* Four sprites: a ring, a diamond, a cross and concentric squares, each on
 * a transparent-looking dark ground (alpha is kept at 255: the screen is RGB). */
void scene_sheet_pixels(uint32_t *px)
{
	for (int y = 0; y < SCENE_SHEET_H; y++)
		for (int x = 0; x < SCENE_SHEET_W; x++) {
			int s = x / SCENE_SPRITE, sx = x % SCENE_SPRITE - 32, sy = y % SCENE_SPRITE - 32;
			int ax = sx < 0 ? -sx : sx, ay = sy < 0 ? -sy : sy;
			uint32_t c = argb(8, 8, 8);
			if (y >= SCENE_STRIP_Y) {
				c = argb(0, 0, 0);
			} else if (s == 0) {
				int d = sx * sx + sy * sy;
				if (d < 30 * 30 && d >= 18 * 18)
					c = argb(255, 200 - ay * 2, 40);
			} else if (s == 1) {
				if (ax + ay < 30)
					c = argb(40 + ax * 6, 220, 120 + ay * 4);
			} else if (s == 2) {
				if ((ax < 8 && ay < 30) || (ay < 8 && ax < 30))
					c = argb(240, 240, 255 - ax * 4);
				if (sy < -20 && ax < 4)
					c = argb(255, 0, 0);	/* marks the top: flips show */
			} else {
				int m = ax > ay ? ax : ay;
				if (m < 30 && (m / 5) % 2 == 0)
					c = argb(60 + m * 6, 100, 255 - m * 4);
			}
			px[y * SCENE_SHEET_W + x] = c;
		}
}

void scene_strip_pixels(uint64_t frame, uint32_t *px)
{
	for (int y = 0; y < SCENE_SHEET_H - SCENE_STRIP_Y; y++)
		for (int x = 0; x < SCENE_SHEET_W; x++) {
			uint64_t u = (uint64_t)x + frame * 2;
			bool on = ((u / 16) + (uint64_t)(y / 16)) % 2 == 0;
			uint32_t c = on ? palette[(u / 32) % 8] : argb(16, 16, 16);
			if (y < 4)
				c = argb(255, 255, 255);	/* the top edge: flips show */
			px[y * SCENE_SHEET_W + x] = c;
		}
}

void scene_render_cpu(const struct scene_op *ops, int n, uint64_t frame, uint32_t *fb, int stride,
		      uint32_t *sheet)
{
	for (int i = 0; i < n; i++) {
		const struct scene_op *o = &ops[i];
		const struct scene_rect *r = &o->dst;
		switch (o->kind) {
		case SCENE_CLEAR:
			for (int y = r->y; y < r->y + r->h; y++)
				for (int x = r->x; x < r->x + r->w; x++)
					fb[y * stride + x] = o->color;
			break;
		case SCENE_UPLOAD:
			scene_strip_pixels(frame, sheet + SCENE_STRIP_Y * SCENE_SHEET_W);
			break;
		case SCENE_BLIT:
		case SCENE_COPY:
			for (int y = 0; y < r->h; y++) {
				int sy = o->src_y + (o->flip ? r->h - 1 - y : y);
				memcpy(fb + (r->y + y) * stride + r->x, sheet + sy * SCENE_SHEET_W + o->src_x,
				       (size_t)r->w * 4);
			}
			break;
		}
	}
}
