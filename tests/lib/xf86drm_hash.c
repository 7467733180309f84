/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: the drmHash*, drmSL* and drmRandom* helpers. Built twice,
 * against our libdrm.so.2 and Debian's (DEBIAN_LIBDRM); both must pass, so
 * where these tests pin exact numbers (random sequences, walk orders, the
 * skip list's shape) ours and Debian's give the same ones.
 *
 * The hash walk order is predicted by a model of libdrm's layout (512
 * buckets from a scatter table of drmRandom(seed 37) values, most recently
 * used first). libdrm's drmHashNext() walks bucket 0 twice and never
 * reaches bucket 511; ours visits each entry once (man drmHashCreate), so
 * the model takes the library under test into account.
 */
#include <stdio.h>
#include <sys/mman.h>

#include "xf86drm.h"
#include "tests/harness.h"

static unsigned long fnv(unsigned long h, unsigned long v)
{
	return (h ^ v) * 1099511628211UL;
}

#define FNV0 1469598103934665603UL

TEST(random_sequences)
{
	/* Park-Miller with a=48271: from seed 1 the well-known sequence. */
	static const unsigned long first[] = { 48271, 182605794, 1291394886, 1914720637 };
	static const struct { unsigned long seed, digest; } runs[] = {
		{ 1, 0x3f911932ab0cbcadUL },
		{ 37, 0x7f53831634d25019UL },
		{ 12345, 0xe4b060c67ab623e6UL },
		{ 2147483646UL, 0xc52ede0a5db4f22dUL },
		{ 0xc01055a1UL, 0xc52ede0a5db4f22dUL },	/* clamped to 2^31-2 */
	};
	void *s = drmRandomCreate(0);	/* 0 becomes 1 */

	ASSERT(s);
	for (unsigned i = 0; i < ARRAY_SIZE(first); i++)
		ASSERT_EQ(drmRandom(s), first[i]);
	ASSERT_EQ(drmRandomDestroy(s), 0);
	for (unsigned i = 0; i < ARRAY_SIZE(runs); i++) {
		unsigned long h = FNV0;

		s = drmRandomCreate(runs[i].seed);
		for (int k = 0; k < 100000; k++)
			h = fnv(h, drmRandom(s));
		ASSERT_EQ(h, runs[i].digest);
		drmRandomDestroy(s);
	}
	/* The published check value: seed 1, 10000th number. */
	s = drmRandomCreate(1);
	unsigned long v = 0;
	for (int k = 0; k < 10000; k++)
		v = drmRandom(s);
	ASSERT_EQ(v, 399268537);
	/* drmRandomDouble is the next number over 2^31-1. */
	void *t = drmRandomCreate(99);
	void *u = drmRandomCreate(99);
	for (int k = 0; k < 100; k++) {
		double d = drmRandomDouble(t);
		ASSERT(d > 0.0 && d <= 1.0);
		ASSERT(d == (double)drmRandom(u) / 2147483647.0);
	}
	drmRandomDestroy(t);
	drmRandomDestroy(u);
	drmRandomDestroy(s);
}

TEST(hash_semantics)
{
	void *h = drmHashCreate();
	void *v = NULL;
	unsigned long key;

	ASSERT(h);
	ASSERT_EQ(drmHashFirst(h, &key, &v), 0);	/* empty */
	ASSERT_EQ(drmHashLookup(h, 5, &v), 1);
	ASSERT_EQ(drmHashInsert(h, 5, (void *)0x50), 0);
	ASSERT_EQ(drmHashInsert(h, 5, (void *)0x51), 1);	/* kept */
	ASSERT_EQ(drmHashLookup(h, 5, &v), 0);
	ASSERT(v == (void *)0x50);
	ASSERT_EQ(drmHashInsert(h, 0, NULL), 0);
	ASSERT_EQ(drmHashLookup(h, 0, &v), 0);
	ASSERT(v == NULL);
	ASSERT_EQ(drmHashDelete(h, 5), 0);
	ASSERT_EQ(drmHashDelete(h, 5), 1);
	ASSERT_EQ(drmHashLookup(h, 5, &v), 1);
	for (unsigned long k = 1; k <= 3000; k++)
		ASSERT_EQ(drmHashInsert(h, k * 2654435761UL, (void *)k), 0);
	for (unsigned long k = 1; k <= 3000; k++) {
		ASSERT_EQ(drmHashLookup(h, k * 2654435761UL, &v), 0);
		ASSERT(v == (void *)k);
	}
	ASSERT_EQ(drmHashDestroy(h), 0);
}

/* ---- a model of libdrm's bucket layout ---- */

static unsigned long scatter[256];

static unsigned bucket_of(unsigned long key)
{
	unsigned long h = 0;

	for (; key; key >>= 8)
		h = (h << 1) + scatter[key & 0xff];
	return (unsigned)(h % 512);
}

TEST(hash_walk_order)
{
	enum { N = 3000 };
	static unsigned long chain[512][N];	/* per bucket, most recent first */
	static int len[512];
	void *s = drmRandomCreate(37);
	void *h = drmHashCreate();
	unsigned long key, expect = FNV0, got = FNV0;
	void *v;
	int seen = 0, expected = 0, r;

	for (int i = 0; i < 256; i++)
		scatter[i] = drmRandom(s);
	drmRandomDestroy(s);
	/* Insert to the front; a lookup moves the entry to the front. */
	for (unsigned long k = 0; k < N; k++) {
		unsigned long key_k = k * 7919 + (k << 20);
		unsigned b = bucket_of(key_k);

		ASSERT_EQ(drmHashInsert(h, key_k, (void *)(k + 1)), 0);
		memmove(&chain[b][1], &chain[b][0], len[b] * sizeof(chain[b][0]));
		chain[b][0] = key_k;
		len[b]++;
	}
	for (unsigned long k = 0; k < N; k += 3) {
		unsigned long key_k = k * 7919 + (k << 20);
		unsigned b = bucket_of(key_k);
		int i = 0;

		ASSERT_EQ(drmHashLookup(h, key_k, &v), 0);
		while (chain[b][i] != key_k)
			i++;
		memmove(&chain[b][1], &chain[b][0], i * sizeof(chain[b][0]));
		chain[b][0] = key_k;
	}
#ifdef DEBIAN_LIBDRM
	/* libdrm's walk: bucket 0, then buckets 0..510 again. */
	for (int i = 0; i < len[0]; i++, expected++)
		expect = fnv(expect, chain[0][i]);
	for (int b = 0; b < 511; b++)
		for (int i = 0; i < len[b]; i++, expected++)
			expect = fnv(expect, chain[b][i]);
#else
	for (int b = 0; b < 512; b++)
		for (int i = 0; i < len[b]; i++, expected++)
			expect = fnv(expect, chain[b][i]);
#endif
	ASSERT(len[0] > 0 && len[511] > 0);	/* the key set covers both ends */
	for (r = drmHashFirst(h, &key, &v); r == 1; r = drmHashNext(h, &key, &v)) {
		got = fnv(got, key);
		seen++;
	}
	ASSERT_EQ(r, 0);
	ASSERT_EQ(seen, expected);
	ASSERT_EQ(got, expect);
	ASSERT_EQ(drmHashDestroy(h), 0);
}

TEST(skiplist_semantics)
{
	void *l = drmSLCreate();
	unsigned long key, pk, nk;
	void *v, *pv, *nv;
	int r;

	ASSERT(l);
	ASSERT_EQ(drmSLFirst(l, &key, &v), 0);
	/* Inserted out of order, walked in key order. */
	for (unsigned long k = 20; k >= 1; k--)
		ASSERT_EQ(drmSLInsert(l, k * 10, (void *)(k * 100)), 0);
	ASSERT_EQ(drmSLInsert(l, 50, (void *)1), 1);
	ASSERT_EQ(drmSLDelete(l, 30), 0);
	ASSERT_EQ(drmSLDelete(l, 30), 1);
	unsigned long prev = 0;
	int n = 0;
	for (r = drmSLFirst(l, &key, &v); r == 1; r = drmSLNext(l, &key, &v)) {
		ASSERT(key > prev);
		ASSERT(v == (void *)(key * 10));
		prev = key;
		n++;
	}
	ASSERT_EQ(r, 0);
	ASSERT_EQ(n, 19);
	v = (void *)1;
	ASSERT_EQ(drmSLLookup(l, 55, &v), -1);
	ASSERT(v == NULL);
	ASSERT_EQ(drmSLLookup(l, 50, &v), 0);
#ifndef DEBIAN_LIBDRM
	ASSERT(v == (void *)500);	/* libdrm hands back its node instead */
#endif
	/* Neighbours: the last smaller key (the head, key 0, at the start) and the first >= key. */
	ASSERT_EQ(drmSLLookupNeighbors(l, 5, &pk, &pv, &nk, &nv), 2);
	ASSERT_EQ(pk, 0);
	ASSERT(pv == NULL);
	ASSERT_EQ(nk, 10);
	ASSERT(nv == (void *)100);
	ASSERT_EQ(drmSLLookupNeighbors(l, 55, &pk, &pv, &nk, &nv), 2);
	ASSERT_EQ(pk, 50);
	ASSERT_EQ(nk, 60);
	ASSERT_EQ(drmSLLookupNeighbors(l, 120, &pk, &pv, &nk, &nv), 2);
	ASSERT_EQ(pk, 110);
	ASSERT_EQ(nk, 120);
	ASSERT_EQ(drmSLLookupNeighbors(l, 300, &pk, &pv, &nk, &nv), 1);
	ASSERT_EQ(pk, 200);
	ASSERT_EQ(nk, 300);
	ASSERT(nv == NULL);
	ASSERT_EQ(drmSLDestroy(l), 0);
}

/*
 * drmSLDump's text with the pointers blanked: the node levels come from
 * the process-wide level generator, so a fresh process prints the same
 * structure with either library.
 */
TEST(skiplist_dump_shape)
{
	char buf[65536];
	FILE *f = tmpfile();
	void *l = drmSLCreate();
	unsigned long h = FNV0;
	size_t n;
	int lines = 0;

	ASSERT(f && l);
	for (unsigned long k = 1; k <= 40; k++)
		ASSERT_EQ(drmSLInsert(l, (k * 37) % 101, (void *)(k * 16)), 0);
	ASSERT_EQ(drmSLDelete(l, 74), 0);
	fflush(stdout);
	int saved = dup(1);
	dup2(fileno(f), 1);
	drmSLDump(l);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	rewind(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	/* Hash everything but "0x" + 8 or more hex digits and "(nil)". */
	for (char *p = buf; *p; p++) {
		if (p[0] == '0' && p[1] == 'x' && strspn(p + 2, "0123456789abcdef") >= 9) {
			p += 1 + strspn(p + 2, "0123456789abcdef");
			h = fnv(h, 'P');
			continue;
		}
		if (*p == '\n')
			lines++;
		h = fnv(h, (unsigned char)*p);
	}
	printf("# dump: %d lines, digest %#lx\n", lines, h);
	ASSERT(strncmp(buf, "Level = ", 8) == 0);
	ASSERT_EQ(lines, 193);
	ASSERT_EQ(h, 0xe05166cba51fefc6UL);
	fclose(f);
	drmSLDestroy(l);
}

#ifndef DEBIAN_LIBDRM
/* Where libdrm would crash or misbehave, ours fails cleanly. */
TEST(bad_handles)
{
	unsigned long key;
	void *v;
	void *h = drmHashCreate();

	ASSERT_EQ(drmHashLookup(NULL, 1, &v), -1);
	ASSERT_EQ(drmHashInsert(NULL, 1, v), -1);
	ASSERT_EQ(drmHashDestroy(NULL), -1);
	ASSERT_EQ(drmHashFirst(NULL, &key, &v), -1);
	ASSERT_EQ(drmSLInsert(NULL, 1, NULL), -1);
	ASSERT_EQ(drmSLDestroy(NULL), -1);
	ASSERT_EQ(drmSLLookup(NULL, 1, &v), -1);
	ASSERT_EQ(drmRandom(NULL), 0);
	drmSLDump(NULL);
	/* Deleting the entry a walk stands on does not derail it. */
	for (unsigned long k = 0; k < 100; k++)
		drmHashInsert(h, k, (void *)k);
	int n = 0;
	for (int r = drmHashFirst(h, &key, &v); r == 1; r = drmHashNext(h, &key, &v)) {
		drmHashDelete(h, key);
		n++;
	}
	ASSERT_EQ(n, 100);
	ASSERT_EQ(drmHashFirst(h, &key, &v), 0);
	drmHashDestroy(h);
}
#define OURS_ONLY , T(bad_handles)
#else
#define OURS_ONLY
#endif

TEST_MAIN(T(random_sequences), T(hash_semantics), T(hash_walk_order), T(skiplist_semantics),
	  T(skiplist_dump_shape) OURS_ONLY)
