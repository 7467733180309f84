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
 *
 * Buffers: the screen is one pixmap, or (screen_set_buffers) up to
 * SCREEN_MAX_BUFFERS that a caller shows in turn, as a compositor page-flips
 * its framebuffers; each repaint goes into the buffer the caller names and
 * first brings it up to date from the one drawn last (screen_repaint_into).
 */
#ifndef TOOLS_COMPOSITOR_SCREEN_H
#define TOOLS_COMPOSITOR_SCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include "upper-layers/2d/gem2d.h"

#define SCREEN_MAX_WINDOWS 16
#define SCREEN_MAX_DAMAGE 64
#define SCREEN_MAX_BUFFERS 3

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

struct screen_damage {
	struct screen_box box[SCREEN_MAX_DAMAGE];
	int n;
};

struct screen {
	gem2d_device *dev;
	int width, height;
	gem2d_pixmap *pix;		/* the screen: the buffer drawn last */
	gem2d_pixmap *buffers[SCREEN_MAX_BUFFERS];	/* buffers[0] is the first pix */
	int nbuffers;
	int front;			/* index of pix in buffers */
	uint64_t repaints;		/* repaints so far */
	uint64_t painted[SCREEN_MAX_BUFFERS];	/* the repaint that last drew each, 0: never */
	struct screen_damage history[SCREEN_MAX_BUFFERS];	/* repaint r's damage at r % SCREEN_MAX_BUFFERS */
	uint64_t boxes_copied;		/* boxes copied from the front to bring a buffer up to date */
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

/* Draws the damaged boxes into the screen's pixmap (queued on the device, not
 * flushed) and clears the damage. Returns how many boxes were drawn, or -errno. */
int screen_repaint(struct screen *s);

/* n (1..SCREEN_MAX_BUFFERS) buffers instead of one, made like the first (cleared, all
 * damaged); 0 or -errno. Before the first repaint. */
int screen_set_buffers(struct screen *s, int n);
/* screen_repaint into buffer i, which becomes the screen's pixmap (what screen_read
 * reads): first the parts of it older than the buffer drawn last are copied from that
 * one, then the damage is drawn. The caller must not name a buffer the display still
 * reads or will read (on screen, or a flip to it pending). Boxes drawn, or -errno. */
int screen_repaint_into(struct screen *s, int i);

/* Reads the screen (the buffer drawn last) into rows of width * 4 bytes (B, G, R, x). */
int screen_read(struct screen *s, uint8_t *pixels);

#endif
