/* SPDX-License-Identifier: MIT */
/*
 * drmSL*: libdrm's skip list of unsigned long keys to void * values, kept
 * in key order (Pugh, "Skip Lists", CACM 1990).
 *
 * Shaped like libdrm's so drmSLDump() prints the same structure: a head
 * node with 17 forward pointers; a node made while the list's level is L
 * gets min(drawn, L + 1) + 1 pointers, where the drawn level is 1 plus the
 * number of consecutive odd drmRandom() values (at most 16) from one
 * process-wide generator created with seed 0xc01055a1 (which
 * drmRandomCreate() clamps to 2^31-2), shared by all lists.
 *
 * Lifetimes: drmSLCreate() returns a list the caller owns and frees with
 * drmSLDestroy(); values are the caller's and never freed here. A list is
 * not locked: one thread at a time (the level generator is). drmSLNext()
 * keeps its position in the list: deleting the entry it would return next
 * moves it on, so a walk may delete what it has just seen.
 * Calls: libc, drm_random_next().
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "libdrm_macros.h"
#include "xf86drm.h"
#include "xf86drm_private.h"

#define SL_LIST_MAGIC  0xfacade00UL
#define SL_ENTRY_MAGIC 0x00fab1edUL
#define SL_MAX_LEVEL   16
#define SL_LEVEL_SEED  0xc01055a1UL

struct sl_entry {
	unsigned long magic;
	unsigned long key;
	void *value;
	int levels;                      /* number of forward pointers */
	struct sl_entry *forward[];
};

struct sl_list {
	unsigned long magic;
	int level;                       /* highest level in use */
	int count;
	struct sl_entry *head;
	struct sl_entry *walk;           /* drmSLNext() position */
};

static pthread_mutex_t level_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long level_seed;

static int random_level(void)
{
	int level = 1;

	pthread_mutex_lock(&level_lock);
	/*
	 * drmRandomCreate() moves seeds past 2^31-2 down to 2^31-2, and
	 * libdrm's seed is one of those: start where it really starts.
	 */
	if (!level_seed)
		level_seed = SL_LEVEL_SEED < 2147483646UL ? SL_LEVEL_SEED : 2147483646UL;
	while ((drm_random_next(&level_seed) & 1) && level < SL_MAX_LEVEL)
		level++;
	pthread_mutex_unlock(&level_lock);
	return level;
}

/* A node with top+1 forward pointers (levels 0..top), all NULL. */
static struct sl_entry *new_entry(int top, unsigned long key, void *value)
{
	struct sl_entry *e = calloc(1, sizeof(*e) + (size_t)(top + 1) * sizeof(e->forward[0]));

	if (!e)
		return NULL;
	e->magic = SL_ENTRY_MAGIC;
	e->key = key;
	e->value = value;
	e->levels = top + 1;
	return e;
}

static struct sl_list *valid(void *l)
{
	struct sl_list *list = l;

	return list && list->magic == SL_LIST_MAGIC ? list : NULL;
}

/*
 * The first entry with a key >= key (or NULL), and in update[i] the last
 * node before it on each level 0..list->level.
 */
static struct sl_entry *locate(struct sl_list *list, unsigned long key,
			       struct sl_entry **update)
{
	struct sl_entry *e = list->head;

	for (int i = list->level; i >= 0; i--) {
		while (e->forward[i] && e->forward[i]->key < key)
			e = e->forward[i];
		update[i] = e;
	}
	return e->forward[0];
}

drm_public void *drmSLCreate(void)
{
	struct sl_list *list = calloc(1, sizeof(*list));

	if (!list)
		return NULL;
	list->head = new_entry(SL_MAX_LEVEL, 0, NULL);
	if (!list->head) {
		free(list);
		return NULL;
	}
	list->magic = SL_LIST_MAGIC;
	return list;
}

/* 0, or -1 for something that is not a live list. */
drm_public int drmSLDestroy(void *l)
{
	struct sl_list *list = valid(l);
	struct sl_entry *e;

	if (!list)
		return -1;
	e = list->head;
	while (e) {
		struct sl_entry *next = e->forward[0];

		e->magic = 0;
		free(e);
		e = next;
	}
	list->magic = 0;	/* a second destroy fails instead of freeing twice */
	free(list);
	return 0;
}

/* 0 when added, 1 when the key is already there (value kept), -1 on error. */
drm_public int drmSLInsert(void *l, unsigned long key, void *value)
{
	struct sl_list *list = valid(l);
	struct sl_entry *update[SL_MAX_LEVEL + 1];
	struct sl_entry *e;
	int level;

	if (!list)
		return -1;
	e = locate(list, key, update);
	if (e && e->key == key)
		return 1;
	/* Grow the list by at most one level per insert. */
	level = random_level();
	if (level > list->level) {
		level = list->level + 1;
		update[level] = list->head;
	}
	e = new_entry(level, key, value);
	if (!e)
		return -1;
	if (level > list->level)
		list->level = level;
	for (int i = 0; i <= level; i++) {
		e->forward[i] = update[i]->forward[i];
		update[i]->forward[i] = e;
	}
	list->count++;
	return 0;
}

/* 0 when removed, 1 when absent, -1 for a bad list. */
drm_public int drmSLDelete(void *l, unsigned long key)
{
	struct sl_list *list = valid(l);
	struct sl_entry *update[SL_MAX_LEVEL + 1];
	struct sl_entry *e;

	if (!list)
		return -1;
	e = locate(list, key, update);
	if (!e || e->key != key)
		return 1;
	for (int i = 0; i <= list->level; i++)
		if (update[i]->forward[i] == e)
			update[i]->forward[i] = e->forward[i];
	if (list->walk == e)
		list->walk = e->forward[0];
	e->magic = 0;
	free(e);
	while (list->level && !list->head->forward[list->level])
		list->level--;
	list->count--;
	return 0;
}

/*
 * 0 and *value when found; -1 and *value = NULL when not (or for a bad
 * list). libdrm 2.4.114 hands back its internal node instead of the value
 * here; see the man page.
 */
drm_public int drmSLLookup(void *l, unsigned long key, void **value)
{
	struct sl_list *list = valid(l);
	struct sl_entry *update[SL_MAX_LEVEL + 1];
	struct sl_entry *e;

	if (!value)
		return -1;
	*value = NULL;
	if (!list)
		return -1;
	e = locate(list, key, update);
	if (!e || e->key != key)
		return -1;
	*value = e->value;
	return 0;
}

/*
 * The entries around key: prev is the last entry with a smaller key (the
 * head, key 0 and value NULL, when there is none), next the first with a
 * key >= key. Returns how many of the two were found: 0 (bad list; both
 * keys set to key, values NULL), 1 or 2.
 */
drm_public int drmSLLookupNeighbors(void *l, unsigned long key,
				    unsigned long *prev_key, void **prev_value,
				    unsigned long *next_key, void **next_value)
{
	struct sl_list *list = valid(l);
	struct sl_entry *update[SL_MAX_LEVEL + 1];
	struct sl_entry *next;
	int found = 0;

	if (!prev_key || !prev_value || !next_key || !next_value)
		return -1;
	*prev_key = *next_key = key;
	*prev_value = *next_value = NULL;
	if (!list)
		return 0;
	next = locate(list, key, update);
	*prev_key = update[0]->key;
	*prev_value = update[0]->value;
	found++;
	if (next) {
		*next_key = next->key;
		*next_value = next->value;
		found++;
	}
	return found;
}

/* 1 and the next entry in key order, 0 at the end, -1 for a bad list. */
drm_public int drmSLNext(void *l, unsigned long *key, void **value)
{
	struct sl_list *list = valid(l);
	struct sl_entry *e;

	if (!list || !key || !value)
		return -1;
	e = list->walk;
	if (!e)
		return 0;
	list->walk = e->forward[0];
	*key = e->key;
	*value = e->value;
	return 1;
}

/* Start a walk at the smallest key. */
drm_public int drmSLFirst(void *l, unsigned long *key, void **value)
{
	struct sl_list *list = valid(l);

	if (!list)
		return -1;
	list->walk = list->head->forward[0];
	return drmSLNext(l, key, value);
}

/* Print the list's structure on stdout, in libdrm's format. */
drm_public void drmSLDump(void *l)
{
	struct sl_list *list = l;

	if (!list)
		return;
	if (list->magic != SL_LIST_MAGIC) {
		printf("Bad magic: 0x%08lx (expected 0x%08lx)\n",
		       list->magic, SL_LIST_MAGIC);
		return;
	}
	printf("Level = %d, count = %d\n", list->level, list->count);
	for (struct sl_entry *e = list->head; e; e = e->forward[0]) {
		if (e->magic != SL_ENTRY_MAGIC)
			printf("Bad magic: 0x%08lx (expected 0x%08lx)\n",
			       e->magic, SL_ENTRY_MAGIC);
		printf("\nEntry %p <0x%08lx, %p> has %2d levels\n",
		       (void *)e, e->key, e->value, e->levels);
		for (int i = 0; i < e->levels; i++) {
			struct sl_entry *f = e->forward[i];

			if (f)
				printf("   %2d: %p <0x%08lx, %p>\n", i,
				       (void *)f, f->key, f->value);
			else
				printf("   %2d: %p\n", i, (void *)f);
		}
	}
}
