/* SPDX-License-Identifier: MIT */
/*
 * Writing a 32-bit surface (B, G, R, A bytes per pixel, as the blitter
 * stores XRGB8888) to a PNG file with libpng.
 */
#ifndef TOOLS_PNG_WRITE_H
#define TOOLS_PNG_WRITE_H

#include <stdint.h>

/* 0, or -1 with a message on stderr. */
int png_write_xrgb(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t pitch);

#endif
