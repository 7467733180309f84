/* SPDX-License-Identifier: MIT */
/*
 * ROP3 on byte streams (doc/blitter.md §3). A raster operation is bitwise,
 * so it acts the same on 8, 16 and 32 bpp pixels once the pattern, source
 * and destination are laid out as bytes of the row; the pixel format only
 * decides how colours are replicated and which bytes the 32bpp write mask
 * keeps. Pure functions on caller buffers; no state beyond the CPU feature
 * check of blt_fill_pattern, made once.
 *
 * result bit = bit ((P << 2) | (S << 1) | D) of the ROP byte, evaluated as
 * the OR of the minterms the ROP selects (masks m[i] = all ones if bit i).
 */
#include "config.h"

#include <stdbool.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "hw/blt_priv.h"

static inline uint64_t rop_word(const uint64_t m[8], uint64_t p, uint64_t s, uint64_t d)
{
	uint64_t np = ~p, ns = ~s, nd = ~d;
	return (m[0] & np & ns & nd) | (m[1] & np & ns & d) | (m[2] & np & s & nd) |
	       (m[3] & np & s & d) | (m[4] & p & ns & nd) | (m[5] & p & ns & d) |
	       (m[6] & p & s & nd) | (m[7] & p & s & d);
}

uint32_t blt_rop32(uint8_t rop, uint32_t p, uint32_t s, uint32_t d)
{
	uint64_t m[8];
	for (int i = 0; i < 8; i++)
		m[i] = (rop >> i & 1) ? ~0ull : 0;
	return (uint32_t)rop_word(m, p, s, d);
}

static inline uint64_t load64(const uint8_t *b)
{
	uint64_t v;
	memcpy(&v, b, 8);
	return v;
}

static inline void store64(uint8_t *b, uint64_t v)
{
	memcpy(b, &v, 8);
}

void blt_rop_bytes(uint8_t rop, uint8_t *out, const uint8_t *p, const uint8_t *s, const uint8_t *d,
		   size_t n)
{
	size_t i = 0;
	/* The common codes get their own loops; everything else the minterm sum. */
	switch (rop) {
	case 0xCC:
		memmove(out, s, n);
		return;
	case 0xF0:
		memmove(out, p, n);
		return;
	case 0xAA:
		memmove(out, d, n);
		return;
	case 0x00:
	case 0xFF:
		memset(out, rop, n);
		return;
	case 0x66:
		for (; i + 8 <= n; i += 8)
			store64(out + i, load64(s + i) ^ load64(d + i));
		for (; i < n; i++)
			out[i] = s[i] ^ d[i];
		return;
	case 0x5A:
		for (; i + 8 <= n; i += 8)
			store64(out + i, load64(p + i) ^ load64(d + i));
		for (; i < n; i++)
			out[i] = p[i] ^ d[i];
		return;
	default:
		break;
	}
	uint64_t m[8];
	for (int k = 0; k < 8; k++)
		m[k] = (rop >> k & 1) ? ~0ull : 0;
	for (; i + 8 <= n; i += 8)
		store64(out + i, rop_word(m, load64(p + i), load64(s + i), load64(d + i)));
	for (; i < n; i++)
		out[i] = (uint8_t)rop_word(m, p[i], s[i], d[i]);
}

void blt_merge_bytes(uint8_t *out, const uint8_t *d, const uint8_t *m, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t mm = load64(m + i);
		store64(out + i, (load64(out + i) & mm) | (load64(d + i) & ~mm));
	}
	for (; i < n; i++)
		out[i] = (uint8_t)((out[i] & m[i]) | (d[i] & ~m[i]));
}

void blt_fill_colour(uint8_t *buf, uint32_t colour, uint32_t cpp, size_t n)
{
	uint8_t px[16] = { 0 };
	for (uint32_t k = 0; k < cpp && k < 4; k++)
		px[k] = (uint8_t)(colour >> (8 * k));
	if (cpp == 1) {
		memset(buf, px[0], n);
		return;
	}
	size_t i = 0;
	if (n >= cpp) {
		memcpy(buf, px, cpp);
		i = cpp;
		/* Doubling copies: the buffer repeats with period cpp. */
		while (i < n) {
			size_t c = i < n - i ? i : n - i;
			memcpy(buf + i, buf, c);
			i += c;
		}
		return;
	}
	memcpy(buf, px, n);
}

/*
 * Solid fills are the blitter's commonest operation and are bounded by store
 * bandwidth, so they store the pattern from a register instead of copying a
 * row buffer (which also reads it), in address order like memset. On x86-64,
 * long runs use rep stosq where the CPU has enhanced rep stos (ERMS): that
 * is the microcoded fast-string path glibc's memset takes for the same
 * lengths, which stores whole lines without reading them first; shorter runs
 * use 32-byte AVX2 stores when the CPU has them, else SSE2 (baseline).
 * Elsewhere 8-byte stores.
 */
#if defined(__x86_64__)
#define STOS_MIN 2048	/* below this the rep start-up costs more than it saves */

__attribute__((target("avx2"))) static void store32_avx2(uint8_t *p, size_t blocks, uint64_t pat)
{
	__m256i v = _mm256_set1_epi64x((long long)pat);
	for (size_t i = 0; i < blocks; i++)
		_mm256_store_si256((__m256i *)(void *)(p + 32 * i), v);
}

static void store32_sse2(uint8_t *p, size_t blocks, uint64_t pat)
{
	__m128i v = _mm_set1_epi64x((long long)pat);
	for (size_t i = 0; i < blocks; i++) {
		_mm_store_si128((__m128i *)(void *)(p + 32 * i), v);
		_mm_store_si128((__m128i *)(void *)(p + 32 * i + 16), v);
	}
}

static void store32_stos(uint8_t *p, size_t blocks, uint64_t pat)
{
	size_t words = blocks * 4;
	__asm__ volatile("rep stosq" : "+D"(p), "+c"(words) : "a"(pat) : "memory");
}

/* This CPU's 32-byte block stores for short and long runs, chosen on first use. */
typedef void store32_fn(uint8_t *p, size_t blocks, uint64_t pat);
static store32_fn *store32_short, *store32_long;

static void choose_store32(void)
{
	unsigned a = 0, b = 0, c = 0, d = 0;
	bool erms = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 9));
	store32_fn *s = __builtin_cpu_supports("avx2") ? store32_avx2 : store32_sse2;
	__atomic_store_n(&store32_long, erms ? store32_stos : s, __ATOMIC_RELAXED);
	__atomic_store_n(&store32_short, s, __ATOMIC_RELEASE);
}
#endif

void blt_fill_pattern(uint8_t *p, size_t n, uint64_t pat)
{
#if defined(__x86_64__)
	/* Runs of 16 bytes and more: unaligned 16-byte stores at both ends (overlapping the
	 * aligned body where they must), so no run pays a byte or word loop for its edges.
	 * A store at offset k holds the pattern from its byte k % 8. */
	if (n >= 16) {
		__m128i v = _mm_set1_epi64x((long long)pat);
		if (n <= 64) {
			for (size_t o = 0; o + 16 < n; o += 16)
				_mm_storeu_si128((__m128i *)(void *)(p + o), v);
			_mm_storeu_si128((__m128i *)(void *)(p + n - 16),
					 _mm_set1_epi64x((long long)blt_pattern_from(pat, n - 16)));
			return;
		}
		_mm_storeu_si128((__m128i *)(void *)p, v);
		_mm_storeu_si128((__m128i *)(void *)(p + 16), v);
		size_t skip = 32 - ((uintptr_t)p & 31), body = (n - skip) / 32;
		if (!__atomic_load_n(&store32_short, __ATOMIC_ACQUIRE))
			choose_store32();
		(body * 32 >= STOS_MIN ? __atomic_load_n(&store32_long, __ATOMIC_RELAXED) : store32_short)(
			p + skip, body, blt_pattern_from(pat, skip));
		__m128i t = _mm_set1_epi64x((long long)blt_pattern_from(pat, n - 32));
		_mm_storeu_si128((__m128i *)(void *)(p + n - 32), t);
		_mm_storeu_si128((__m128i *)(void *)(p + n - 16), t);
		return;
	}
#endif
	size_t i = 0;
	for (; i + 8 <= n; i += 8)
		store64(p + i, pat);
	for (; i < n; i++)
		p[i] = (uint8_t)(pat >> (8 * (i % 8)));
}
