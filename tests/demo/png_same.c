/* SPDX-License-Identifier: MIT */
/*
 * tests/demo/png_same A.png B.png: are two pictures the same, pixel for
 * pixel? demo.sh compares the compositor's own PNG (tools/png_write.c,
 * written with libpng) with the shim's scanout picture of the same frame
 * (shim/i915/display/scanout_png.c, its own encoder): the same pixels in
 * different bytes, so cmp cannot tell. Red, green and blue are compared
 * (what a display shows; an X byte is not a colour).
 *
 * Exit status 0: same size and pixels; 1: they differ (the size, or the
 * count of differing pixels and the first few, on stdout); 2: a file cannot
 * be read. libpng's simplified API; everything is freed before exit.
 */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The picture as R, G, B bytes (malloc'ed), its size in img; NULL with a message if unreadable. */
static uint8_t *load(const char *path, png_image *img)
{
	memset(img, 0, sizeof(*img));
	img->version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(img, path)) {
		fprintf(stderr, "png_same: %s: %s\n", path, img->message);
		return NULL;
	}
	img->format = PNG_FORMAT_RGB;
	uint8_t *px = malloc(PNG_IMAGE_SIZE(*img));
	if (!px || !png_image_finish_read(img, NULL, px, 0, NULL)) {
		fprintf(stderr, "png_same: %s: %s\n", path, px ? img->message : "out of memory");
		png_image_free(img);
		free(px);
		return NULL;
	}
	return px;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: png_same A.png B.png\n");
		return 2;
	}
	png_image a, b;
	uint8_t *pa = load(argv[1], &a), *pb = pa ? load(argv[2], &b) : NULL;
	if (!pa || !pb) {
		free(pa);
		return 2;
	}
	int ret = 0;
	if (a.width != b.width || a.height != b.height) {
		printf("%s is %ux%u, %s is %ux%u\n", argv[1], a.width, a.height, argv[2], b.width, b.height);
		ret = 1;
	} else {
		size_t differ = 0;
		for (size_t i = 0; i < (size_t)a.width * a.height; i++) {
			const uint8_t *x = pa + 3 * i, *y = pb + 3 * i;
			if (!memcmp(x, y, 3))
				continue;
			if (differ++ < 5)
				printf("(%zu, %zu): %02x%02x%02x and %02x%02x%02x\n", i % a.width, i / a.width, x[0], x[1],
				       x[2], y[0], y[1], y[2]);
		}
		if (differ) {
			printf("%zu of %zu pixels differ\n", differ, (size_t)a.width * a.height);
			ret = 1;
		}
	}
	free(pa);
	free(pb);
	return ret;
}
