/* SPDX-License-Identifier: MIT */
/*
 * A tiny built-in bitmap font for the demo: 5x7 glyphs in 8x8 cells, MSB =
 * leftmost pixel, as the blitter's text commands expect.
 */
#ifndef TOOLS_FONT_H
#define TOOLS_FONT_H

#include <stdint.h>

/* The 8 rows of a character's cell (unknown characters are blank). */
void font_glyph(char c, uint8_t rows[8]);

#endif
