/* SPDX-License-Identifier: MIT */
/*
 * The per-process fd table (base/fd_table.h): an array indexed by fd number,
 * grown on demand, under one mutex that fork handlers keep consistent.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/fd_table.h"
#include "base/signal_hold.h"

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct shim_fd_entry *table;
static size_t table_len;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void prepare(void) { shim_mutex_lock(&table_lock); }
static void after(void) { shim_mutex_unlock(&table_lock); }
static void install_atfork(void) { pthread_atfork(prepare, after, after); }

bool shim_fd_lookup(int fd, struct shim_fd_entry *out)
{
	bool found = false;
	if (fd < 0)
		return false;
	shim_mutex_lock(&table_lock);
	if ((size_t)fd < table_len && table[fd].kind != SHIM_FD_NONE) {
		*out = table[fd];
		found = true;
	}
	shim_mutex_unlock(&table_lock);
	return found;
}

void shim_fd_set(int fd, const struct shim_fd_entry *e)
{
	if (fd < 0)
		return;
	pthread_once(&atfork_once, install_atfork);
	shim_mutex_lock(&table_lock);
	if ((size_t)fd >= table_len) {
		size_t len = table_len ? table_len : 64;
		while (len <= (size_t)fd)
			len *= 2;
		struct shim_fd_entry *t = realloc(table, len * sizeof(*t));
		if (!t) {
			shim_mutex_unlock(&table_lock);
			return;	/* the fd is recognised again on its next use */
		}
		memset(t + table_len, 0, (len - table_len) * sizeof(*t));
		table = t;
		table_len = len;
	}
	table[fd] = *e;
	shim_mutex_unlock(&table_lock);
}

bool shim_fd_take(int fd, struct shim_fd_entry *out)
{
	bool found = false;
	if (fd < 0)
		return false;
	shim_mutex_lock(&table_lock);
	if ((size_t)fd < table_len && table[fd].kind != SHIM_FD_NONE) {
		*out = table[fd];
		memset(&table[fd], 0, sizeof(table[fd]));
		found = true;
	}
	shim_mutex_unlock(&table_lock);
	return found;
}
