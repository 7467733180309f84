/* SPDX-License-Identifier: MIT */
/*
 * The compositor's screen (compositor_screen.c): a depth-24 pixmap that
 * holds the desktop, the windows on it in stacking order, a software
 * cursor, and the damage since the last repaint. Everything is drawn with
 * the 2D layer; the same code draws the test's reference with a
 * GEM2D_CPU_ONLY device.
 *
 * Lifetimes: the screen owns its pixmaps and borrows the windows (the
 * caller's) and each window's content pixmap (its latched buffer).
 */
#ifndef TOOLS_COMPOSITOR_SCREEN_H
#define TOOLS_COMPOSITOR_SCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include "upper-layers/2d/gem2d.h"

#define SCREEN_MAX_WINDOWS 16
#define SCREEN_MAX_DAMAGE 64

struct screen_window {
	int x, y, width, height;	/* the content, in screen coordinates */
	int z;				/* stacking: higher is above */
	char title[40];
	gem2d_pixmap *content;		/* the buffer on show, or NULL (drawn dark) */
	bool not_responding;		/* greyed, and said so in the title */
};

struct screen_box {
	int x1, y1, x2, y2;
};

struct screen {
	gem2d_device *dev;
	int width, height;
	gem2d_pixmap *pix;		/* the screen */
	gem2d_pixmap *tile, *shadow, *title_bg, *title_bg_dead, *grey, *cursor, *cursor_inside;
	struct screen_window *windows[SCREEN_MAX_WINDOWS];	/* bottom first */
	int nwindows;
	int cursor_x, cursor_y;
	struct screen_box damage[SCREEN_MAX_DAMAGE];
	int ndamage;
};

/* 0 or -errno. The whole screen starts damaged. */
int screen_init(struct screen *s, gem2d_device *dev, int width, int height);
void screen_fini(struct screen *s);

int screen_add_window(struct screen *s, struct screen_window *w);
void screen_remove_window(struct screen *s, struct screen_window *w);

/* Damage: what the next repaint draws again. */
void screen_damage(struct screen *s, int x, int y, int width, int height);
void screen_damage_content(struct screen *s, const struct screen_window *w);
void screen_damage_window(struct screen *s, const struct screen_window *w);	/* with its frame and shadow */
void screen_move_cursor(struct screen *s, int x, int y);

/* Where the cursor is in frame n of an animation (deterministic). */
void screen_cursor_path(const struct screen *s, uint64_t frame, int *x, int *y);

/* Draws the damaged boxes (queued on the device, not flushed) and clears
 * the damage. Returns how many boxes were drawn, or -errno. */
int screen_repaint(struct screen *s);

/* Reads the screen into rows of width * 4 bytes (B, G, R, x). */
int screen_read(struct screen *s, uint8_t *pixels);

#endif
