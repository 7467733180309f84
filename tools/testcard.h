/* SPDX-License-Identifier: MIT */
/*
 * The demo's test card, drawn by the GPU's blitter through libdrm_intel:
 * fills, a ROP showcase, copies between linear, X- and Y-tiled surfaces,
 * text with XY_TEXT_IMMEDIATE_BLT and an image uploaded from user memory
 * through a userptr object, into an X-tiled surface.
 */
#ifndef TOOLS_TESTCARD_H
#define TOOLS_TESTCARD_H

#include <stdint.h>

#define CARD_W 1024
#define CARD_H 768

/*
 * Renders the card on the device behind fd and copies its pixels (XRGB8888,
 * pitch CARD_W * 4) into out. Prints what it does, with timings. 0 or -1.
 */
int testcard_render(int fd, uint8_t *out);

#endif
