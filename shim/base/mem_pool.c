/* SPDX-License-Identifier: MIT */
/*
 * The memory file and its page-range pool (base/mem_pool.h).
 *
 * This process sees the file through 1 GiB windows mapped on first use and
 * kept until exit; copies that cross a window boundary are split.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/instance_access.h"
#include "base/journal.h"
#include "base/mem_pool.h"
#include "base/real.h"
#include "base/signal_hold.h"
#include "base/user_copy.h"
#include "base/valgrind_hide.h"

#define WINDOW_SHIFT 30
#define WINDOW_SIZE (1ull << WINDOW_SHIFT)
#define PAGE 4096ull

static char **windows;
static pthread_mutex_t windows_lock = PTHREAD_MUTEX_INITIALIZER;

int shim_mem_create_file(const char *path, const struct shim_instance_access *access)
{
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	int ret = shim_access_fchmod(access, fd, 0600);
	if (!ret && ftruncate(fd, SHIM_MEM_FILE_SIZE) < 0)
		ret = -errno;
	shim_real.close(fd);
	return ret;
}

int shim_mem_open(struct shim_mem *m, const char *path)
{
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	m->fd = shim_private_fd(fd);
	windows = calloc(SHIM_MEM_FILE_SIZE >> WINDOW_SHIFT, sizeof(*windows));
	return windows ? 0 : -ENOMEM;
}

static char *window(struct shim_mem *m, uint64_t index)
{
	char *w = __atomic_load_n(&windows[index], __ATOMIC_ACQUIRE);
	if (w)
		return w;
	shim_mutex_lock(&windows_lock);
	w = windows[index];
	if (!w) {
		void *p = shim_real.mmap(NULL, WINDOW_SIZE, PROT_READ | PROT_WRITE,
					 MAP_SHARED | MAP_NORESERVE, m->fd, (off_t)(index << WINDOW_SHIFT));
		if (p != MAP_FAILED) {
			shim_valgrind_hide(p, WINDOW_SIZE);
			w = p;
			__atomic_store_n(&windows[index], w, __ATOMIC_RELEASE);
		}
	}
	shim_mutex_unlock(&windows_lock);
	return w;
}

void *shim_mem_ptr(struct shim_mem *m, uint64_t off, uint64_t len)
{
	uint64_t index = off >> WINDOW_SHIFT;
	if (len && ((off + len - 1) >> WINDOW_SHIFT) != index)
		return NULL;
	char *w = window(m, index);
	return w ? w + (off & (WINDOW_SIZE - 1)) : NULL;
}

static int copy(struct shim_mem *m, uint64_t off, uint64_t uptr, uint64_t len, int to_user)
{
	while (len) {
		uint64_t chunk = WINDOW_SIZE - (off & (WINDOW_SIZE - 1));
		if (chunk > len)
			chunk = len;
		char *p = shim_mem_ptr(m, off, chunk);
		if (!p)
			return -ENOMEM;
		int ret = to_user ? shim_copy_to_user(uptr, p, chunk) : shim_copy_from_user(p, uptr, chunk);
		if (ret)
			return ret;
		off += chunk;
		uptr += chunk;
		len -= chunk;
	}
	return 0;
}

int shim_mem_copy_from_user(struct shim_mem *m, uint64_t off, uint64_t uptr, uint64_t len)
{
	return copy(m, off, uptr, len, 0);
}

int shim_mem_copy_to_user(struct shim_mem *m, uint64_t uptr, uint64_t off, uint64_t len)
{
	return copy(m, off, uptr, len, 1);
}

void *shim_mem_map(struct shim_mem *m, void *addr, uint64_t len, int prot, int flags, uint64_t off)
{
	flags = (flags & ~(MAP_PRIVATE | MAP_ANONYMOUS)) | MAP_SHARED;
	return shim_real.mmap(addr, len, prot, flags, m->fd, (off_t)off);
}

/* --- the pool ------------------------------------------------------------- */

static void push(struct shim_mem *m, shim_off *list, uint64_t off, uint64_t size, shim_off node)
{
	if (!node)
		node = shim_alloc(m->arena, sizeof(struct shim_mem_range));
	if (!node)
		return;	/* the range is lost to reuse, not to correctness */
	struct shim_mem_range *r = shim_ptr(node);
	SHIM_SET(r->off, off);
	SHIM_SET(r->size, size);
	SHIM_SET(r->next, *list);
	SHIM_SET(*list, node);
}

static shim_off *clean_list(struct shim_mem_pool *pool, uint64_t size)
{
	uint64_t pages = size / PAGE;
	return pages <= SHIM_MEM_SMALL_PAGES ? &pool->clean[pages] : &pool->clean_large;
}

/* Punches every dirty range out of the file and files it as clean. */
static void flush_dirty(struct shim_mem *m)
{
	struct shim_mem_pool *pool = m->pool;
	shim_off node = pool->dirty;
	while (node) {
		struct shim_mem_range *r = shim_ptr(node);
		shim_off next = r->next;
		fallocate(m->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)r->off, (off_t)r->size);
		push(m, clean_list(pool, r->size), r->off, r->size, node);
		node = next;
	}
	SHIM_SET(pool->dirty, 0);
	SHIM_SET(pool->dirty_count, 0);
	SHIM_SET(pool->dirty_bytes, 0);
}

static int take_clean(struct shim_mem *m, uint64_t size, uint64_t *off)
{
	struct shim_mem_pool *pool = m->pool;
	shim_off *list = clean_list(pool, size);
	for (shim_off *link = list; *link; link = &((struct shim_mem_range *)shim_ptr(*link))->next) {
		struct shim_mem_range *r = shim_ptr(*link);
		if (r->size < size)
			continue;
		shim_off node = *link;
		*off = r->off;
		SHIM_SET(*link, r->next);
		if (r->size > size)
			push(m, clean_list(pool, r->size - size), r->off + size, r->size - size, 0);
		shim_free(m->arena, node, sizeof(struct shim_mem_range));
		return 0;
	}
	return -ENOMEM;
}

int shim_mem_alloc(struct shim_mem *m, uint64_t size, uint64_t *off)
{
	struct shim_mem_pool *pool = m->pool;
	size = (size + PAGE - 1) & ~(PAGE - 1);
	if (!pool->limit)
		SHIM_SET(pool->limit, SHIM_MEM_FILE_SIZE);
	if (take_clean(m, size, off) == 0)
		goto done;
	/* Ranges up to a window never straddle two, so this process can reach them in one piece. */
	if (size <= WINDOW_SIZE && (pool->top & (WINDOW_SIZE - 1)) + size > WINDOW_SIZE)
		SHIM_SET(pool->top, (pool->top + WINDOW_SIZE - 1) & ~(WINDOW_SIZE - 1));
	if (pool->top + size <= pool->limit && pool->top + size >= pool->top) {
		*off = pool->top;
		SHIM_ADD(pool->top, size);
		goto done;
	}
	if (!pool->dirty)
		return -ENOMEM;
	flush_dirty(m);
	if (take_clean(m, size, off))
		return -ENOMEM;
done:
	SHIM_ADD(pool->bytes_in_use, size);
	return 0;
}

int shim_mem_alloc_scratch(struct shim_mem *m, uint64_t size, uint64_t *off)
{
	struct shim_mem_pool *pool = m->pool;
	size = (size + PAGE - 1) & ~(PAGE - 1);
	/* the dirty list is at most 64 ranges long (shim_mem_free) */
	for (shim_off *link = &pool->dirty; *link; link = &((struct shim_mem_range *)shim_ptr(*link))->next) {
		struct shim_mem_range *r = shim_ptr(*link);
		if (r->size != size)
			continue;
		shim_off node = *link;
		*off = r->off;
		SHIM_SET(*link, r->next);
		SHIM_DEC(pool->dirty_count);
		SHIM_SUB(pool->dirty_bytes, size);
		SHIM_ADD(pool->bytes_in_use, size);
		shim_free(m->arena, node, sizeof(struct shim_mem_range));
		return 0;
	}
	return shim_mem_alloc(m, size, off);
}

void shim_mem_free(struct shim_mem *m, uint64_t off, uint64_t size)
{
	struct shim_mem_pool *pool = m->pool;
	size = (size + PAGE - 1) & ~(PAGE - 1);
	SHIM_SUB(pool->bytes_in_use, size);
	push(m, &pool->dirty, off, size, 0);
	SHIM_INC(pool->dirty_count);
	SHIM_ADD(pool->dirty_bytes, size);
	/* Frees are punched out in batches: 64 ranges or 32 MiB at a time, whichever comes first. */
	if (pool->dirty_count >= 64 || pool->dirty_bytes >= (32ull << 20))
		flush_dirty(m);
}

void shim_mem_free_clean(struct shim_mem *m, uint64_t off, uint64_t size)
{
	size = (size + PAGE - 1) & ~(PAGE - 1);
	push(m, clean_list(m->pool, size), off, size, 0);
}
