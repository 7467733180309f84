/* SPDX-License-Identifier: MIT */
/*
 * PNG output for the demo (png_write.h). Rows are converted to RGB one at
 * a time; nothing is kept after the call.
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

#include "tools/png_write.h"

int png_write_xrgb(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t pitch)
{
	FILE *f = fopen(path, "wb");
	if (!f) {
		perror(path);
		return -1;
	}
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	uint8_t *row = malloc((size_t)width * 3);
	if (!png || !info || !row || setjmp(png_jmpbuf(png))) {
		fprintf(stderr, "%s: cannot write PNG\n", path);
		png_destroy_write_struct(&png, &info);
		free(row);
		fclose(f);
		return -1;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (uint32_t y = 0; y < height; y++) {
		const uint8_t *src = pixels + (size_t)y * pitch;
		for (uint32_t x = 0; x < width; x++) {
			row[x * 3 + 0] = src[x * 4 + 2];
			row[x * 3 + 1] = src[x * 4 + 1];
			row[x * 3 + 2] = src[x * 4 + 0];
		}
		png_write_row(png, row);
	}
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	free(row);
	return fclose(f) ? -1 : 0;
}
