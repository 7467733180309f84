/* SPDX-License-Identifier: MIT */
/*
 * Shared helpers of the 2D layer's tests: open the emulated device, make a
 * gem2d device on it (our libdrm_intel or Debian's, whichever the program
 * links), a deterministic random generator, and pixmap comparison on the
 * depth's bits only (X leaves the padding byte of depth 24 undefined).
 */
#ifndef TESTS_2D_GEM2D_TEST_H
#define TESTS_2D_GEM2D_TEST_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <intel_bufmgr.h>

#include "upper-layers/2d/gem2d.h"

struct t2d_dev {
	int fd;
	drm_intel_bufmgr *bufmgr;
	gem2d_device *dev;
};

static inline int t2d_open(struct t2d_dev *t, unsigned flags)
{
	t->fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
	if (t->fd < 0)
		return -1;
	t->bufmgr = drm_intel_bufmgr_gem_init(t->fd, 4096);
	if (!t->bufmgr) {
		close(t->fd);
		return -1;
	}
	drm_intel_bufmgr_gem_enable_reuse(t->bufmgr);
	t->dev = gem2d_device_create(t->bufmgr, flags);
	if (!t->dev) {
		drm_intel_bufmgr_destroy(t->bufmgr);
		close(t->fd);
		return -1;
	}
	return 0;
}

static inline void t2d_close(struct t2d_dev *t)
{
	gem2d_device_destroy(t->dev);
	drm_intel_bufmgr_destroy(t->bufmgr);
	close(t->fd);
}

/* xorshift: the same sequence everywhere, for a fixed seed. */
static inline uint32_t t2d_rand(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*s = x;
	return (uint32_t)(x >> 16);
}

static inline int t2d_range(uint64_t *s, int lo, int hi)	/* [lo, hi] */
{
	return lo + (int)(t2d_rand(s) % (uint32_t)(hi - lo + 1));
}

static inline int t2d_bpp(int depth)
{
	return depth == 1 ? 1 : depth == 8 ? 8 : depth <= 16 ? 16 : 32;
}

static inline int t2d_stride(int width, int depth)
{
	return (width * t2d_bpp(depth) + 31) / 32 * 4;
}

/* Reads a whole pixmap; the caller frees. */
static inline uint8_t *t2d_read(gem2d_pixmap *pix, int width, int height, int depth)
{
	int stride = t2d_stride(width, depth);
	uint8_t *p = calloc((size_t)height, (size_t)stride);
	if (p && gem2d_get_image(pix, 0, 0, width, height, ~0u, p, stride)) {
		free(p);
		return NULL;
	}
	return p;
}

static inline uint32_t t2d_pixel(const uint8_t *img, int stride, int depth, int x, int y)
{
	const uint8_t *row = img + (size_t)y * (size_t)stride;
	uint32_t v;
	switch (t2d_bpp(depth)) {
	case 1:
		return (row[x >> 3] >> (x & 7)) & 1;
	case 8:
		return row[x];
	case 16:
		return (uint32_t)row[2 * x] | (uint32_t)row[2 * x + 1] << 8;
	default:
		memcpy(&v, row + 4 * x, 4);
		return depth == 32 ? v : v & 0xffffffu;
	}
}

/* Pixels that differ in the depth's bits; prints the first few. */
static inline long t2d_diff(const char *what, const uint8_t *a, const uint8_t *b, int width, int height,
			    int depth)
{
	int stride = t2d_stride(width, depth);
	uint32_t mask = depth >= 32 ? ~0u : (1u << depth) - 1;
	long bad = 0;
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++) {
			uint32_t pa = t2d_pixel(a, stride, depth, x, y) & mask;
			uint32_t pb = t2d_pixel(b, stride, depth, x, y) & mask;
			if (pa != pb && bad++ < 4)
				printf("# %s: (%d,%d) 0x%x != 0x%x\n", what, x, y, pa, pb);
		}
	return bad;
}

#endif
