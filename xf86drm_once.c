/* SPDX-License-Identifier: MIT */
/*
 * Per-fd records and shared opens.
 *
 * drmGetEntry(fd) returns the library's record of the device behind fd
 * (drmHashEntry), made on first use and kept in one process-wide drmHash
 * table that drmGetHashTable() exposes (NULL until the first record is
 * made, as in libdrm). Like libdrm, the table is keyed by the fd's st_rdev
 * (0 when fstat fails), so every fd of one device node shares one record
 * - its fd field names the first - and one context-tag table, which
 * drmAddContextTag()/drmDelContextTag()/drmGetContextTag() use. drmClose()
 * of any of those fds forgets the record.
 *
 * drmOpenOnce()/drmOpenOnceWithType() share one fd per (bus id, node type)
 * among callers, counting references; drmCloseOnce() drops one and closes
 * the fd with drmClose() at zero. At most 16 pairs are remembered; past
 * that an open is not shared (as in libdrm).
 *
 * Lifetimes: a drmHashEntry stays valid until drmClose() of its fd; tag
 * values are the caller's. Two mutexes make the tables safe to use from
 * several threads (libdrm has none); the pointer drmGetEntry() returns is
 * not protected once handed out.
 * Calls: drmHash*, drmOpenWithType(), drmClose(), libc.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "libdrm_macros.h"
#include "xf86drm.h"
#include "xf86drm_private.h"

static pthread_mutex_t entry_lock = PTHREAD_MUTEX_INITIALIZER;
static void *entry_table;            /* fd -> drmHashEntry * */

drm_public void *drmGetHashTable(void)
{
	void *t;

	pthread_mutex_lock(&entry_lock);
	t = entry_table;
	pthread_mutex_unlock(&entry_lock);
	return t;
}

/* The table key of fd: its device number, as libdrm keys it. */
static unsigned long entry_key(int fd)
{
	struct stat st;

	if (fstat(fd, &st))
		return 0;
	return (unsigned long)st.st_rdev;
}

/* Under entry_lock: the record of fd, made if missing; NULL without memory. */
static drmHashEntry *entry_locked(int fd)
{
	unsigned long key = entry_key(fd);
	drmHashEntry *entry;
	void *value;

	if (!entry_table) {
		entry_table = drmHashCreate();
		if (!entry_table)
			return NULL;
	}
	if (drmHashLookup(entry_table, key, &value) == 0)
		return value;
	entry = calloc(1, sizeof(*entry));
	if (!entry)
		return NULL;
	entry->fd = fd;
	entry->tagTable = drmHashCreate();
	if (!entry->tagTable || drmHashInsert(entry_table, key, entry)) {
		drmHashDestroy(entry->tagTable);
		free(entry);
		return NULL;
	}
	return entry;
}

drm_public drmHashEntry *drmGetEntry(int fd)
{
	drmHashEntry *entry;

	pthread_mutex_lock(&entry_lock);
	entry = entry_locked(fd);
	pthread_mutex_unlock(&entry_lock);
	return entry;
}

void drm_entry_forget(int fd)
{
	unsigned long key = entry_key(fd);
	void *value;

	pthread_mutex_lock(&entry_lock);
	/*
	 * libdrm makes the table (and a record) here if there was none, only
	 * to delete the record again; drmGetHashTable() shows the table, so we
	 * make it too.
	 */
	if (!entry_table)
		entry_table = drmHashCreate();
	if (entry_table && drmHashLookup(entry_table, key, &value) == 0) {
		drmHashEntry *entry = value;

		drmHashDelete(entry_table, key);
		drmHashDestroy(entry->tagTable);
		free(entry);
	}
	pthread_mutex_unlock(&entry_lock);
}

/*
 * drmAddContextTag: remember tag for context on fd, replacing an earlier
 * tag. Returns 0 (-ENOMEM when the record cannot be made, where libdrm
 * crashes).
 */
drm_public int drmAddContextTag(int fd, drm_context_t context, void *tag)
{
	drmHashEntry *entry;
	int ret = 0;

	pthread_mutex_lock(&entry_lock);
	entry = entry_locked(fd);
	if (!entry) {
		ret = -ENOMEM;
	} else if (drmHashInsert(entry->tagTable, context, tag) == 1) {
		drmHashDelete(entry->tagTable, context);
		if (drmHashInsert(entry->tagTable, context, tag))
			ret = -ENOMEM;
	}
	pthread_mutex_unlock(&entry_lock);
	return ret;
}

/* drmDelContextTag: 0 when removed, 1 when there was none (drmHashDelete). */
drm_public int drmDelContextTag(int fd, drm_context_t context)
{
	drmHashEntry *entry;
	int ret;

	pthread_mutex_lock(&entry_lock);
	entry = entry_locked(fd);
	ret = entry ? drmHashDelete(entry->tagTable, context) : -ENOMEM;
	pthread_mutex_unlock(&entry_lock);
	return ret;
}

/* drmGetContextTag: the tag of context on fd, or NULL. */
drm_public void *drmGetContextTag(int fd, drm_context_t context)
{
	drmHashEntry *entry;
	void *value = NULL;

	pthread_mutex_lock(&entry_lock);
	entry = entry_locked(fd);
	if (!entry || drmHashLookup(entry->tagTable, context, &value))
		value = NULL;
	pthread_mutex_unlock(&entry_lock);
	return value;
}

/* ------------------------------------------------------------------ */
/* shared opens                                                        */
/* ------------------------------------------------------------------ */

#define ONCE_MAX 16

static pthread_mutex_t once_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	char *busid;
	int fd;
	int refcount;
	int type;
} once[ONCE_MAX];
static int once_count;

/*
 * drmOpenOnceWithType: the fd already open for (BusID, type), with one
 * more reference and *newlyopened = 0; else a new drmOpenWithType(NULL,
 * BusID, type) with *newlyopened = 1. Returns the fd or a negative value
 * (drmOpenWithType()'s -1 with errno; -1/EINVAL for a NULL BusID or
 * newlyopened, where libdrm crashes).
 */
drm_public int drmOpenOnceWithType(const char *BusID, int *newlyopened, int type)
{
	int fd;

	if (!BusID || !newlyopened) {
		errno = EINVAL;
		return -1;
	}
	pthread_mutex_lock(&once_lock);
	for (int i = 0; i < once_count; i++) {
		if (once[i].type == type && strcmp(once[i].busid, BusID) == 0) {
			once[i].refcount++;
			*newlyopened = 0;
			fd = once[i].fd;
			pthread_mutex_unlock(&once_lock);
			return fd;
		}
	}
	fd = drmOpenWithType(NULL, BusID, type);
	if (fd >= 0) {
		/*
		 * libdrm leaves *newlyopened unset when its table is full;
		 * the fd is new either way, so we say so.
		 */
		*newlyopened = 1;
		if (once_count < ONCE_MAX) {
			char *copy = strdup(BusID);

			if (copy) {
				once[once_count].busid = copy;
				once[once_count].fd = fd;
				once[once_count].refcount = 1;
				once[once_count].type = type;
				once_count++;
			}
		}
	}
	pthread_mutex_unlock(&once_lock);
	return fd;
}

/* drmOpenOnce: drmOpenOnceWithType() of a primary node; unused is ignored. */
drm_public int drmOpenOnce(void *unused, const char *BusID, int *newlyopened)
{
	(void)unused;
	return drmOpenOnceWithType(BusID, newlyopened, DRM_NODE_PRIMARY);
}

/*
 * drmCloseOnce: drop one reference to a shared fd, closing it (drmClose)
 * with the last. An fd that drmOpenOnce*() is not sharing is left alone.
 */
drm_public void drmCloseOnce(int fd)
{
	pthread_mutex_lock(&once_lock);
	for (int i = 0; i < once_count; i++) {
		if (once[i].fd != fd)
			continue;
		if (--once[i].refcount == 0) {
			drmClose(fd);
			free(once[i].busid);
			once[i] = once[--once_count];
		}
		break;
	}
	pthread_mutex_unlock(&once_lock);
}
