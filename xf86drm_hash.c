/* SPDX-License-Identifier: MIT */
/*
 * drmHash*: libdrm's hash table of unsigned long keys to void * values,
 * used by drmGetEntry() (fd records) and the context tags, and exported for
 * the DRI drivers that once used it.
 *
 * The layout is libdrm's on purpose, because it shows through the API:
 * 512 buckets chosen by a hash built from a scatter table of 256
 * drmRandom() values (seed 37); new keys go to the head of their chain; a
 * successful lookup, delete or re-insert moves the entry to the head. So
 * drmHashFirst()/drmHashNext() walk the entries in the same order as
 * libdrm's (bucket by bucket, most recently used first).
 *
 * Lifetimes: drmHashCreate() returns a table the caller owns and frees
 * with drmHashDestroy(); values are the caller's and never freed here. A
 * table is not locked: one thread at a time. Iteration state lives in the
 * table: an insert or delete during a walk may skip or repeat entries.
 * Calls: libc, drm_random_next().
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <pthread.h>
#include <stdlib.h>

#include "libdrm_macros.h"
#include "xf86drm.h"
#include "xf86drm_private.h"

#define HASH_MAGIC 0xdeadbeefUL
#define HASH_BUCKETS 512

struct hash_bucket {
	unsigned long key;
	void *value;
	struct hash_bucket *next;
};

struct hash_table {
	unsigned long magic;
	unsigned long entries;
	struct hash_bucket *buckets[HASH_BUCKETS];
	int walk_bucket;                 /* drmHashNext() position */
	struct hash_bucket *walk_next;
};

static unsigned long scatter[256];
static pthread_once_t scatter_once = PTHREAD_ONCE_INIT;

static void scatter_init(void)
{
	unsigned long seed = 37;

	for (int i = 0; i < 256; i++)
		scatter[i] = drm_random_next(&seed);
}

/* Fold the key a byte at a time through the scatter table. */
static unsigned int hash_of(unsigned long key)
{
	unsigned long h = 0;

	pthread_once(&scatter_once, scatter_init);
	for (; key; key >>= 8)
		h = (h << 1) + scatter[key & 0xff];
	return (unsigned int)(h % HASH_BUCKETS);
}

static struct hash_table *valid(void *t)
{
	struct hash_table *table = t;

	return table && table->magic == HASH_MAGIC ? table : NULL;
}

/*
 * Find key, moving its entry to the head of its chain (libdrm's
 * move-to-front, which the iteration order shows). Sets *bucket to the
 * chain's index either way.
 */
static struct hash_bucket *find(struct hash_table *table, unsigned long key,
				unsigned int *bucket)
{
	unsigned int b = hash_of(key);
	struct hash_bucket *prev = NULL, *e;

	*bucket = b;
	for (e = table->buckets[b]; e; prev = e, e = e->next) {
		if (e->key != key)
			continue;
		if (prev) {
			prev->next = e->next;
			e->next = table->buckets[b];
			table->buckets[b] = e;
		}
		return e;
	}
	return NULL;
}

drm_public void *drmHashCreate(void)
{
	struct hash_table *table = calloc(1, sizeof(*table));

	if (!table)
		return NULL;
	table->magic = HASH_MAGIC;
	return table;
}

/* 0, or -1 for something that is not a live table. */
drm_public int drmHashDestroy(void *t)
{
	struct hash_table *table = valid(t);

	if (!table)
		return -1;
	for (int b = 0; b < HASH_BUCKETS; b++) {
		struct hash_bucket *e = table->buckets[b];

		while (e) {
			struct hash_bucket *next = e->next;

			free(e);
			e = next;
		}
	}
	table->magic = 0;	/* a second destroy fails instead of freeing twice */
	free(table);
	return 0;
}

/* 0 and *value when found, 1 when not, -1 for a bad table. */
drm_public int drmHashLookup(void *t, unsigned long key, void **value)
{
	struct hash_table *table = valid(t);
	struct hash_bucket *e;
	unsigned int b;

	if (!table || !value)
		return -1;
	e = find(table, key, &b);
	if (!e)
		return 1;
	*value = e->value;
	return 0;
}

/* 0 when added, 1 when the key is already there (value kept), -1 on error. */
drm_public int drmHashInsert(void *t, unsigned long key, void *value)
{
	struct hash_table *table = valid(t);
	struct hash_bucket *e;
	unsigned int b;

	if (!table)
		return -1;
	if (find(table, key, &b))
		return 1;
	e = malloc(sizeof(*e));
	if (!e)
		return -1;
	e->key = key;
	e->value = value;
	e->next = table->buckets[b];
	table->buckets[b] = e;
	table->entries++;
	return 0;
}

/* 0 when removed, 1 when absent, -1 for a bad table. */
drm_public int drmHashDelete(void *t, unsigned long key)
{
	struct hash_table *table = valid(t);
	struct hash_bucket *e;
	unsigned int b;

	if (!table)
		return -1;
	e = find(table, key, &b);
	if (!e)
		return 1;
	/* find() moved it to the head of its chain. */
	table->buckets[b] = e->next;
	if (table->walk_next == e)
		table->walk_next = e->next;
	free(e);
	table->entries--;
	return 0;
}

/* 1 and the next entry, 0 at the end, -1 for a bad table. */
drm_public int drmHashNext(void *t, unsigned long *key, void **value)
{
	struct hash_table *table = valid(t);

	if (!table || !key || !value)
		return -1;
	while (table->walk_bucket < HASH_BUCKETS) {
		struct hash_bucket *e = table->walk_next;

		if (e) {
			*key = e->key;
			*value = e->value;
			table->walk_next = e->next;
			return 1;
		}
		if (++table->walk_bucket < HASH_BUCKETS)
			table->walk_next = table->buckets[table->walk_bucket];
	}
	return 0;
}

/* Start a walk: like drmHashNext() from the first bucket. */
drm_public int drmHashFirst(void *t, unsigned long *key, void **value)
{
	struct hash_table *table = valid(t);

	if (!table)
		return -1;
	table->walk_bucket = 0;
	table->walk_next = table->buckets[0];
	return drmHashNext(t, key, value);
}
