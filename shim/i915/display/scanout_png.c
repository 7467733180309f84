/* SPDX-License-Identifier: MIT */
/*
 * DOC: PNG files of the scanout (intel_scanout.c's pictures)
 *
 * Writes a picture of 0x00RRGGBB pixels as an 8-bit RGB PNG (no interlace,
 * filter 0 on every row). The image data is deflated with zlib where the
 * shim is built with it (the GPU error state uses it too), else stored in
 * uncompressed deflate blocks, which every PNG reader takes: the shim does
 * not need libpng, which only the tools link. Everything is built in memory
 * and freed before returning; the file is written with the real libc calls
 * (never through the shim's interposers). Calls base/ only.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "base/real.h"
#include "i915/display/intel_display.h"

struct out {
	uint8_t *buf;
	size_t len, cap;
	bool failed;
};

static void put(struct out *o, const void *p, size_t n)
{
	if (o->failed || !n)
		return;
	if (o->len + n > o->cap) {
		size_t cap = o->cap ? o->cap : 4096;
		while (cap < o->len + n)
			cap *= 2;
		uint8_t *b = realloc(o->buf, cap);
		if (!b) {
			o->failed = true;
			return;
		}
		o->buf = b, o->cap = cap;
	}
	memcpy(o->buf + o->len, p, n);
	o->len += n;
}

static void put_be32(struct out *o, uint32_t v)
{
	uint8_t b[4] = { v >> 24, v >> 16, v >> 8, v };
	put(o, b, 4);
}

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	static uint32_t table[256];
	static bool made;
	if (!__atomic_load_n(&made, __ATOMIC_ACQUIRE)) {
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t c = i;
			for (int k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			table[i] = c;	/* the same values from every thread: a race is harmless */
		}
		__atomic_store_n(&made, true, __ATOMIC_RELEASE);
	}
	crc = ~crc;
	for (size_t i = 0; i < n; i++)
		crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static void put_chunk(struct out *o, const char type[4], const uint8_t *data, size_t n)
{
	put_be32(o, (uint32_t)n);
	put(o, type, 4);
	put(o, data, n);
	uint32_t crc = crc32_update(0, (const uint8_t *)type, 4);
	put_be32(o, crc32_update(crc, data, n));
}

/* The zlib stream of raw: deflated, or stored blocks. */
static int zstream(const uint8_t *raw, size_t n, struct out *z)
{
#ifdef HAVE_ZLIB
	uLongf len = compressBound(n);
	z->buf = malloc(len);
	if (!z->buf)
		return -ENOMEM;
	if (compress2(z->buf, &len, raw, n, Z_BEST_SPEED) != Z_OK)
		return -ENOMEM;
	z->len = z->cap = len;
	return 0;
#else
	static const uint8_t header[2] = { 0x78, 0x01 };
	put(z, header, 2);
	uint32_t a = 1, b = 0;
	for (size_t i = 0; i < n; i++) {
		a = (a + raw[i]) % 65521;
		b = (b + a) % 65521;
	}
	size_t at = 0;
	do {
		size_t k = n - at > 65535 ? 65535 : n - at;
		uint8_t h[5] = { at + k == n, k & 0xff, k >> 8, ~k & 0xff, (~k >> 8) & 0xff };
		put(z, h, 5);
		put(z, raw + at, k);
		at += k;
	} while (at < n);
	put_be32(z, b << 16 | a);
	return z->failed ? -ENOMEM : 0;
#endif
}

int intel_scanout_png_write(const char *path, const uint32_t *pixels, uint32_t width, uint32_t height)
{
	size_t row = 1 + (size_t)width * 3, n = row * height;
	uint8_t *raw = malloc(n ? n : 1);
	if (!raw)
		return -ENOMEM;
	for (uint32_t y = 0; y < height; y++) {
		uint8_t *d = raw + row * y;
		const uint32_t *s = pixels + (size_t)width * y;
		*d++ = 0;	/* filter: none */
		for (uint32_t x = 0; x < width; x++) {
			*d++ = s[x] >> 16;
			*d++ = s[x] >> 8;
			*d++ = s[x];
		}
	}
	struct out z = { 0 }, o = { 0 };
	int ret = zstream(raw, n, &z);
	free(raw);
	if (!ret) {
		static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
		uint8_t ihdr[13] = { width >> 24, width >> 16, width >> 8, width, height >> 24, height >> 16,
				     height >> 8, height, 8, 2, 0, 0, 0 };
		put(&o, sig, 8);
		put_chunk(&o, "IHDR", ihdr, 13);
		put_chunk(&o, "IDAT", z.buf, z.len);
		put_chunk(&o, "IEND", NULL, 0);
		ret = o.failed ? -ENOMEM : 0;
	}
	free(z.buf);
	if (!ret) {
		int fd = shim_real.openat(AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fd < 0) {
			ret = -errno;
		} else {
			for (size_t at = 0; at < o.len && !ret;) {
				ssize_t k = shim_raw_write(fd, o.buf + at, o.len - at);
				if (k < 0 && errno != EINTR)
					ret = -errno;
				else if (k > 0)
					at += (size_t)k;
			}
			shim_real.close(fd);
		}
	}
	free(o.buf);
	return ret;
}
