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
 * be read. tests/png_read.h; everything is freed before exit.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/png_read.h"

/* The picture's pixels (malloc'ed), its size in *w, *h; NULL with a message if unreadable. */
static uint32_t *load(const char *path, uint32_t *w, uint32_t *h)
{
	char why[128];
	uint32_t *px = test_png_read(path, w, h, why, sizeof(why));
	if (!px)
		fprintf(stderr, "png_same: %s: %s\n", path, why);
	return px;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: png_same A.png B.png\n");
		return 2;
	}
	uint32_t aw, ah, bw, bh;
	uint32_t *pa = load(argv[1], &aw, &ah), *pb = pa ? load(argv[2], &bw, &bh) : NULL;
	if (!pa || !pb) {
		free(pa);
		return 2;
	}
	int ret = 0;
	if (aw != bw || ah != bh) {
		printf("%s is %ux%u, %s is %ux%u\n", argv[1], aw, ah, argv[2], bw, bh);
		ret = 1;
	} else {
		size_t differ = 0;
		for (size_t i = 0; i < (size_t)aw * ah; i++) {
			if (pa[i] == pb[i])
				continue;
			if (differ++ < 5)
				printf("(%zu, %zu): %06x and %06x\n", i % aw, i / aw, pa[i], pb[i]);
		}
		if (differ) {
			printf("%zu of %zu pixels differ\n", differ, (size_t)aw * ah);
			ret = 1;
		}
	}
	free(pa);
	free(pb);
	return ret;
}
