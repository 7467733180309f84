/* SPDX-License-Identifier: MIT */
/*
 * The tests' one PNG reader (libpng's simplified API): a picture as
 * 0x00RRGGBB pixels, rows top down, for the programs that check what the
 * shim's display showed (tests/ioctl/kms_scanout, tests/demo/png_same,
 * tests/clients/scanout_raw). Header only; the includer links libpng.
 */
#ifndef TESTS_PNG_READ_H
#define TESTS_PNG_READ_H

#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The pixels of the PNG at path (malloc'ed, the caller frees them), its size
 * in *w, *h; NULL if it cannot be read, with libpng's reason (or "out of
 * memory") in why[len].
 */
static inline uint32_t *test_png_read(const char *path, uint32_t *w, uint32_t *h, char *why, size_t len)
{
	png_image img;
	memset(&img, 0, sizeof(img));
	img.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&img, path)) {
		snprintf(why, len, "%s", img.message);
		return NULL;
	}
	img.format = PNG_FORMAT_BGRA;	/* little-endian 0xAARRGGBB */
	uint32_t *px = malloc(PNG_IMAGE_SIZE(img));
	if (!px || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
		snprintf(why, len, "%s", px ? img.message : "out of memory");
		png_image_free(&img);
		free(px);
		return NULL;
	}
	for (size_t i = 0; i < (size_t)img.width * img.height; i++)
		px[i] &= 0xffffff;
	*w = img.width;
	*h = img.height;
	return px;
}

#endif
