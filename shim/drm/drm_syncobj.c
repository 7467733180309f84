/* SPDX-License-Identifier: MIT */
/*
 * Sync objects: the SYNCOBJ_* ioctls of the DRM core (drm_syncobj.c), with
 * the kernel's checks in its order and its errno (doc/uapi-conformance.md
 * §10). The model and the lifetimes are in drm/drm_syncobj.h.
 *
 * Waiting. A wait snapshots the fence of each (syncobj, point) when it
 * starts (or, with WAIT_FOR_SUBMIT/WAIT_AVAILABLE, when one is attached) and
 * sleeps on a struct shim_waiter, a futex word in the shared state: a WAKE
 * callback on each pending fence and a node on each syncobj still without
 * a fence bump it and futex-wake it, from whichever process signals or
 * attaches. So a waiter in one process blocks in the kernel until another
 * process acts; nothing polls on a timer. Timeouts are absolute
 * CLOCK_MONOTONIC (FUTEX_WAIT_BITSET). A waiter killed while asleep leaves
 * its 8-byte word behind (its callbacks are freed when they run).
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <drm.h>

#include "base/journal.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "base/valgrind_hide.h"
#include "drm/dma_fence.h"
#include "drm/drm_device_process.h"
#include "drm/drm_syncobj.h"

#define MAX_HANDLES (1u << 22)		/* beyond: the kernel's kmalloc_array fails */
#define SUBMIT_TIMEOUT_NS 5000000000ull	/* find_fence's WAIT_FOR_SUBMIT limit */
#define WAIT_FLAGS (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT)
#define WAIT_PENDING_OK (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE)

static struct shim_arena *arena(struct shim_device *dev)
{
	return &dev->shared->arena;
}

/* --- the object ------------------------------------------------------------ */

shim_off shim_syncobj_lookup(struct shim_file *file, uint32_t handle)
{
	return handle ? shim_idr_find(&file->syncobjs, handle) : 0;
}

void shim_syncobj_get(shim_off so)
{
	SHIM_INC(((struct shim_syncobj *)shim_ptr(so))->refcount);
}

static void drop_timeline(struct shim_device *dev, struct shim_syncobj *s)
{
	struct shim_syncobj_point *p = shim_ptr(s->points);
	for (uint32_t i = 0; i < s->npoints; i++)
		shim_fence_put(dev, p[i].fence);
	if (s->points)
		shim_free(arena(dev), s->points, s->cap * sizeof(*p));
	SHIM_SET(s->points, 0);
	SHIM_SET(s->npoints, 0);
	SHIM_SET(s->cap, 0);
	SHIM_SET(s->is_chain, 0);
	SHIM_SET(s->head_point, 0);
	SHIM_SET(s->gc_point, 0);
}

void shim_syncobj_put(struct shim_device *dev, shim_off so)
{
	shim_assert_locked(dev);
	struct shim_syncobj *s = shim_ptr(so);
	if (!s || SHIM_DEC(s->refcount))
		return;
	drop_timeline(dev, s);
	shim_fence_put(dev, s->fence);
	for (shim_off n = s->waiters, next; n; n = next) {	/* left by waiters that died */
		next = ((struct shim_fence_cb *)shim_ptr(n))->next;
		shim_free(arena(dev), n, sizeof(struct shim_fence_cb));
	}
	shim_free(arena(dev), so, sizeof(*s));
}

/* Something was attached: wake every waiter that waits for one. */
static void changed(struct shim_syncobj *s)
{
	for (shim_off n = s->waiters; n; n = ((struct shim_fence_cb *)shim_ptr(n))->next)
		shim_waiter_wake(shim_ptr(((struct shim_fence_cb *)shim_ptr(n))->target));
}

void shim_syncobj_replace_fence(struct shim_device *dev, shim_off so, shim_off fence)
{
	shim_assert_locked(dev);
	struct shim_syncobj *s = shim_ptr(so);
	if (fence)
		shim_fence_get(dev, fence);
	drop_timeline(dev, s);
	shim_fence_put(dev, s->fence);
	SHIM_SET(s->fence, fence);
	if (fence)
		changed(s);
}

/* Drops the signalled points at the front of the timeline. */
static void collect(struct shim_device *dev, struct shim_syncobj *s)
{
	struct shim_syncobj_point *p = shim_ptr(s->points);
	uint32_t k = 0;
	while (k < s->npoints && shim_fence_is_signalled(shim_ptr(p[k].fence))) {
		SHIM_SET(s->gc_point, p[k].point);
		shim_fence_put(dev, p[k].fence);
		k++;
	}
	if (k) {
		shim_journal_note(p, (s->npoints - k) * sizeof(*p));
		memmove(p, p + k, (s->npoints - k) * sizeof(*p));
		SHIM_SUB(s->npoints, k);
	}
}

int shim_syncobj_add_point(struct shim_device *dev, shim_off so, shim_off fence, uint64_t point)
{
	shim_assert_locked(dev);
	struct shim_syncobj *s = shim_ptr(so);
	collect(dev, s);
	if (s->npoints == s->cap) {
		uint32_t cap = s->cap ? s->cap * 2 : 4;
		shim_off np = shim_alloc(arena(dev), cap * sizeof(struct shim_syncobj_point));
		if (!np)
			return -ENOMEM;
		/* np is fresh: filled with plain stores until it is published below. */
		if (s->points) {
			memcpy(shim_ptr(np), shim_ptr(s->points), s->npoints * sizeof(struct shim_syncobj_point));
			shim_free(arena(dev), s->points, s->cap * sizeof(struct shim_syncobj_point));
		}
		SHIM_SET(s->points, np);
		SHIM_SET(s->cap, cap);
	}
	shim_off link = fence;
	if (s->fence && !shim_fence_is_signalled(shim_ptr(s->fence))) {
		shim_off parts[2] = { s->fence, fence };
		link = shim_fence_create_array(dev, parts, 2, false);
		if (!link)
			return -ENOMEM;
	} else {
		shim_fence_get(dev, link);
	}
	/* A point not after the head makes the timeline unordered: it takes the head's number. */
	uint64_t eff = s->is_chain && s->head_point > point ? s->head_point : point;
	struct shim_syncobj_point *p = shim_ptr(s->points);
	SHIM_SET(p[s->npoints].point, eff);
	SHIM_SET(p[s->npoints].fence, link);
	SHIM_INC(s->npoints);
	shim_fence_get(dev, link);
	shim_fence_put(dev, s->fence);
	SHIM_SET(s->fence, link);
	SHIM_SET(s->head_point, eff);
	SHIM_SET(s->is_chain, 1);
	changed(s);
	return 0;
}

int shim_syncobj_find_fence(struct shim_device *dev, shim_off so, uint64_t point, shim_off *fence)
{
	shim_assert_locked(dev);
	struct shim_syncobj *s = shim_ptr(so);
	*fence = 0;
	if (!s->fence)
		return -EINVAL;
	if (point == 0) {
		shim_fence_get(dev, s->fence);
		*fence = s->fence;
		return 0;
	}
	if (!s->is_chain || s->head_point < point)
		return -EINVAL;
	collect(dev, s);
	struct shim_syncobj_point *p = shim_ptr(s->points);
	for (uint32_t i = 0; i < s->npoints; i++)
		if (p[i].point >= point) {
			shim_fence_get(dev, p[i].fence);
			*fence = p[i].fence;
			return 0;
		}
	return 0;	/* signalled and collected */
}

/* The kernel's query answer: the last point up to which everything has signalled. */
static uint64_t query_point(struct shim_device *dev, struct shim_syncobj *s, bool last_submitted)
{
	if (!s->fence || !s->is_chain)
		return 0;
	if (last_submitted)
		return s->head_point;
	collect(dev, s);
	return s->npoints ? s->gc_point : s->head_point;
}

/* --- handles ------------------------------------------------------------------ */

static int new_handle(struct shim_device *dev, struct shim_file *file, shim_off so, uint32_t *handle)
{
	int64_t id = shim_idr_alloc(arena(dev), &file->syncobjs, so, 1);
	if (id < 0)
		return (int)id;
	shim_syncobj_get(so);
	*handle = (uint32_t)id;
	return 0;
}

void shim_syncobj_file_release(struct shim_device *dev, struct shim_file *file)
{
	shim_assert_locked(dev);
	uint32_t n = 0;
	for (uint32_t h = shim_idr_next(&file->syncobjs, 1); h; h = shim_idr_next(&file->syncobjs, h + 1)) {
		shim_syncobj_put(dev, shim_idr_remove(&file->syncobjs, h));
		if (++n % SHIM_RELEASE_CHECKPOINT == 0)	/* drm/drm_device.h */
			shim_journal_checkpoint();
	}
	shim_idr_destroy(arena(dev), &file->syncobjs);
}

int shim_syncobj_create_ioctl(struct shim_call *call, void *data)
{
	struct drm_syncobj_create *args = data;
	struct shim_device *dev = call->dev;
	if (args->flags & ~DRM_SYNCOBJ_CREATE_SIGNALED)
		return -EINVAL;
	shim_device_lock(dev);
	int ret = -ENOMEM;
	shim_off so = shim_alloc(arena(dev), sizeof(struct shim_syncobj));
	if (so) {
		SHIM_SET(((struct shim_syncobj *)shim_ptr(so))->refcount, 1);
		ret = 0;
		if (args->flags & DRM_SYNCOBJ_CREATE_SIGNALED) {
			shim_off stub = shim_fence_create_signalled(dev, 0);
			if (stub)
				shim_syncobj_replace_fence(dev, so, stub);
			shim_fence_put(dev, stub);
			ret = stub ? 0 : -ENOMEM;
		}
		if (!ret)
			ret = new_handle(dev, call->file, so, &args->handle);
		shim_syncobj_put(dev, so);
	}
	shim_device_unlock(dev);
	return ret;
}

int shim_syncobj_destroy_ioctl(struct shim_call *call, void *data)
{
	struct drm_syncobj_destroy *args = data;
	if (args->pad)
		return -EINVAL;
	shim_device_lock(call->dev);
	shim_off so = args->handle ? shim_idr_remove(&call->file->syncobjs, args->handle) : 0;
	shim_syncobj_put(call->dev, so);
	shim_device_unlock(call->dev);
	return so ? 0 : -EINVAL;
}

/* --- fds ---------------------------------------------------------------------- */

static int export_syncobj_fd(struct shim_device *dev, shim_off so)
{
	struct shim_sync_registry *reg = shim_sync_registry(dev);
	char path[PATH_MAX];
	if (!reg)
		return -ENOMEM;
	shim_sync_reap_some(dev);
	shim_off off = shim_alloc(arena(dev), sizeof(struct shim_syncobj_fd));
	if (!off)
		return -ENOMEM;
	int64_t id = shim_idr_alloc(arena(dev), &reg->syncobj_fds, off, 1);
	if (id < 0) {
		shim_free(arena(dev), off, sizeof(struct shim_syncobj_fd));
		return (int)id;
	}
	shim_sync_path(dev, path, sizeof(path), "syncobj", (uint32_t)id);
	unlink(path);
	struct stat st;
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || shim_access_fchmod(&dev->inst.access, fd, 0600) < 0 ||
	    shim_real.fcntl(fd, F_OFD_SETLK, &fl) < 0 || shim_real.fstat(fd, &st) < 0) {
		int err = errno ? -errno : -EIO;
		if (fd >= 0)
			shim_real.close(fd);
		unlink(path);
		shim_idr_remove(&reg->syncobj_fds, (uint32_t)id);
		shim_free(arena(dev), off, sizeof(struct shim_syncobj_fd));
		return err;
	}
	struct shim_syncobj_fd *rec = shim_ptr(off);
	SHIM_SET(rec->ino, st.st_ino);
	SHIM_SET(rec->syncobj, so);
	shim_syncobj_get(so);
	return fd;
}

shim_off shim_syncobj_of_fd(struct shim_device *dev, int fd)
{
	struct shim_sync_registry *reg = shim_ptr(dev->shared->sync);
	struct stat st;
	if (!reg || fd < 0 || shim_real.fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_dev != dev->inst.dir_dev)
		return 0;
	for (uint32_t id = shim_idr_next(&reg->syncobj_fds, 1); id; id = shim_idr_next(&reg->syncobj_fds, id + 1)) {
		struct shim_syncobj_fd *rec = shim_ptr(shim_idr_find(&reg->syncobj_fds, id));
		if (rec->ino == st.st_ino)
			return rec->syncobj;
	}
	return 0;
}

int shim_syncobj_handle_to_fd_ioctl(struct shim_call *call, void *data)
{
	struct drm_syncobj_handle *args = data;
	struct shim_device *dev = call->dev;
	int ret;
	if (args->pad)
		return -EINVAL;
	if (args->flags != 0 && args->flags != DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE)
		return -EINVAL;
	shim_device_lock(dev);
	shim_off so = shim_syncobj_lookup(call->file, args->handle);
	if (args->flags) {
		shim_off fence = 0;
		ret = !so ? -ENOENT : shim_syncobj_find_fence(dev, so, 0, &fence);
		if (!ret)
			ret = shim_sync_file_create(dev, fence, NULL, -1);
		shim_fence_put(dev, fence);
	} else {
		ret = so ? export_syncobj_fd(dev, so) : -EINVAL;
	}
	shim_device_unlock(dev);
	if (ret < 0)
		return ret;
	args->fd = ret;
	return 0;
}

int shim_syncobj_fd_to_handle_ioctl(struct shim_call *call, void *data)
{
	struct drm_syncobj_handle *args = data;
	struct shim_device *dev = call->dev;
	int ret = 0;
	if (args->pad)
		return -EINVAL;
	if (args->flags != 0 && args->flags != DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE)
		return -EINVAL;
	shim_device_lock(dev);
	if (args->flags) {
		shim_off fence = shim_sync_file_fence(dev, args->fd);
		shim_off so = shim_syncobj_lookup(call->file, args->handle);
		if (!fence)
			ret = -EINVAL;
		else if (!so)
			ret = -ENOENT;
		else
			shim_syncobj_replace_fence(dev, so, fence);
		shim_fence_put(dev, fence);
	} else {
		shim_off so = shim_syncobj_of_fd(dev, args->fd);
		ret = so ? new_handle(dev, call->file, so, &args->handle) : -EINVAL;
	}
	shim_device_unlock(dev);
	return ret;
}

/* --- arrays ------------------------------------------------------------------- */

/* Copies and looks up count handles (drm_syncobj_array_find); *sos holds references. */
static int array_find(struct shim_call *call, uint64_t uhandles, uint32_t count, shim_off **sos)
{
	if (count > MAX_HANDLES)
		return -ENOMEM;
	uint32_t *h = malloc(count * sizeof(*h));
	shim_off *s = calloc(count, sizeof(*s));
	int ret = 0;
	if (!h || !s)
		ret = -ENOMEM;
	else if (shim_copy_from_user(h, uhandles, count * sizeof(*h)))
		ret = -EFAULT;
	shim_device_lock(call->dev);
	for (uint32_t i = 0; i < count && !ret; i++) {
		s[i] = shim_syncobj_lookup(call->file, h[i]);
		if (!s[i]) {
			ret = -ENOENT;
		} else {
			shim_syncobj_get(s[i]);
			shim_borrow(call->dev, s[i], SHIM_BORROW_SYNCOBJ);
		}
	}
	if (ret)
		for (uint32_t i = 0; s && i < count; i++) {
			shim_unborrow(call->dev, s[i], SHIM_BORROW_SYNCOBJ);
			shim_syncobj_put(call->dev, s[i]);
		}
	shim_device_unlock(call->dev);
	free(h);
	if (ret) {
		free(s);
		return ret;
	}
	*sos = s;
	return 0;
}

static void array_free(struct shim_device *dev, shim_off *sos, uint32_t count)
{
	shim_device_lock(dev);
	for (uint32_t i = count; i-- > 0;) {	/* newest first: each found at once */
		shim_unborrow(dev, sos[i], SHIM_BORROW_SYNCOBJ);
		shim_syncobj_put(dev, sos[i]);
	}
	shim_device_unlock(dev);
	free(sos);
}

static int copy_points(uint64_t upoints, uint32_t count, uint64_t **points)
{
	*points = calloc(count, sizeof(uint64_t));
	if (!*points)
		return -ENOMEM;
	if (upoints && shim_copy_from_user(*points, upoints, count * sizeof(uint64_t)))
		return -EFAULT;
	return 0;
}

/* --- waiting ------------------------------------------------------------------ */

struct wait_entry {
	shim_off fence;		/* the snapshot; 0 with have: signalled and collected */
	shim_off fence_cb;	/* our WAKE callback on it */
	shim_off so_node;	/* our node on the syncobj's waiters */
	bool have;
};

static void unlink_node(struct shim_device *dev, struct shim_syncobj *s, shim_off node)
{
	for (shim_off *link = &s->waiters; *link; link = &((struct shim_fence_cb *)shim_ptr(*link))->next)
		if (*link == node) {
			SHIM_SET(*link, ((struct shim_fence_cb *)shim_ptr(node))->next);
			shim_free(arena(dev), node, sizeof(struct shim_fence_cb));
			return;
		}
}

void shim_syncobj_remove_wake(struct shim_device *dev, shim_off so, shim_off waiter)
{
	struct shim_syncobj *s = shim_ptr(so);
	for (shim_off *link = &s->waiters; *link;) {
		struct shim_fence_cb *c = shim_ptr(*link);
		if (c->target == waiter) {
			shim_off node = *link;
			SHIM_SET(*link, c->next);
			shim_free(arena(dev), node, sizeof(*c));
		} else {
			link = &c->next;
		}
	}
}

static int sleep_on(struct shim_waiter *w, uint32_t seq, uint64_t deadline)
{
	uint64_t bound = shim_now_ns() + SHIM_LOST_WAKE_NS;	/* a lost wake (dma_fence.h) */
	if (deadline > bound)
		deadline = bound;
	struct timespec ts = { .tv_sec = (time_t)(deadline / 1000000000ull),
			       .tv_nsec = (long)(deadline % 1000000000ull) };
	shim_valgrind_unhide(&w->seq, sizeof(w->seq));
	long r = shim_syscall(SYS_futex, &w->seq, FUTEX_WAIT_BITSET, seq, &ts, NULL, FUTEX_BITSET_MATCH_ANY);
	int err = errno;
	shim_valgrind_rehide(&w->seq, sizeof(w->seq));
	return r < 0 && err == EINTR ? -EINTR : 0;
}

/* shim_syncobj_find_fence, the reference borrowed (it is held while the wait sleeps). */
static bool find_borrowed(struct shim_device *dev, shim_off so, uint64_t point, shim_off *fence)
{
	if (shim_syncobj_find_fence(dev, so, point, fence))
		return false;
	shim_borrow(dev, *fence, SHIM_BORROW_FENCE);
	return true;
}

/*
 * drm_syncobj_array_wait_timeout. Device lock held (dropped while asleep);
 * deadline: absolute CLOCK_MONOTONIC ns, 0 = poll. 0, -EINVAL, -ETIME, -EINTR.
 */
static int wait_entries(struct shim_device *dev, const shim_off *sos, const uint64_t *points, uint32_t n,
			uint32_t flags, uint64_t deadline, uint32_t *first)
{
	struct wait_entry *e = calloc(n, sizeof(*e));
	shim_off woff = 0;
	int ret = 0;
	if (!e)
		return -ENOMEM;
	for (uint32_t i = 0; i < n; i++) {
		e[i].have = find_borrowed(dev, sos[i], points ? points[i] : 0, &e[i].fence);
		if (!e[i].have && !(flags & WAIT_PENDING_OK)) {
			ret = -EINVAL;
			goto out;
		}
	}
	for (;;) {
		uint32_t count = 0;
		for (uint32_t i = 0; i < n; i++) {
			if (!e[i].have)
				e[i].have = find_borrowed(dev, sos[i], points ? points[i] : 0, &e[i].fence);
			if (e[i].have && ((flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE) || !e[i].fence ||
					  shim_fence_is_signalled(shim_ptr(e[i].fence)))) {
				if (count == 0 && first)
					*first = i;
				count++;
			}
		}
		if (count == n || (count && !(flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL)))
			break;
		if (shim_now_ns() >= deadline) {
			ret = -ETIME;
			break;
		}
		if (!woff) {
			if (!(woff = shim_alloc(arena(dev), sizeof(struct shim_waiter)))) {
				ret = -ENOMEM;
				break;
			}
			shim_borrow(dev, woff, SHIM_BORROW_WAITER);
		}
		for (uint32_t i = 0; i < n; i++) {
			if (e[i].have && e[i].fence && !e[i].fence_cb)
				e[i].fence_cb = shim_fence_add_cb(dev, e[i].fence, SHIM_FENCE_CB_WAKE, woff, 0);
			if (!e[i].have && !e[i].so_node) {
				struct shim_syncobj *s = shim_ptr(sos[i]);
				shim_off node = shim_alloc(arena(dev), sizeof(struct shim_fence_cb));
				if (!node) {
					ret = -ENOMEM;
					goto out;
				}
				struct shim_fence_cb *c = shim_ptr(node);
				SHIM_SET(c->kind, SHIM_FENCE_CB_WAKE);
				SHIM_SET(c->target, woff);
				SHIM_SET(c->next, s->waiters);
				SHIM_SET(s->waiters, node);
				e[i].so_node = node;
			}
		}
		struct shim_waiter *w = shim_ptr(woff);
		uint32_t seq = __atomic_load_n(&w->seq, __ATOMIC_ACQUIRE);
		shim_device_unlock(dev);
		int r = shim_waiter_spin(w, seq, deadline) ? 0 : sleep_on(w, seq, deadline);
		shim_device_lock(dev);
		if (r) {
			ret = r;
			break;
		}
	}
out:
	shim_unborrow(dev, woff, SHIM_BORROW_WAITER);
	for (uint32_t i = n; i-- > 0;) {
		shim_fence_remove_cb(dev, e[i].fence, e[i].fence_cb);
		if (e[i].so_node)
			unlink_node(dev, shim_ptr(sos[i]), e[i].so_node);
		shim_unborrow(dev, e[i].fence, SHIM_BORROW_FENCE);
		shim_fence_put(dev, e[i].fence);
	}
	if (woff)
		shim_free(arena(dev), woff, sizeof(struct shim_waiter));
	free(e);
	return ret;
}

/* drm_timeout_abs_to_jiffies: at or before now (negative included) is a poll. */
static uint64_t deadline_of(int64_t timeout_nsec)
{
	if (timeout_nsec <= 0 || (uint64_t)timeout_nsec <= shim_now_ns())
		return 0;
	return (uint64_t)timeout_nsec;
}

static int do_wait(struct shim_call *call, uint64_t uhandles, uint64_t upoints, uint32_t count, uint32_t flags,
		   int64_t timeout, uint32_t *first_signaled)
{
	shim_off *sos;
	uint64_t *points = NULL;
	if (count == 0)
		return -EINVAL;
	int ret = array_find(call, uhandles, count, &sos);
	if (ret)
		return ret;
	ret = copy_points(upoints, count, &points);
	if (!ret) {
		uint32_t first = ~0u;
		shim_device_lock(call->dev);
		ret = wait_entries(call->dev, sos, points, count, flags, deadline_of(timeout), &first);
		shim_device_unlock(call->dev);
		if (!ret)
			*first_signaled = first;
	}
	free(points);
	array_free(call->dev, sos, count);
	return ret;
}

int shim_syncobj_wait_ioctl(struct shim_call *call, void *data)
{
	struct drm_syncobj_wait *args = data;
	if (args->flags & ~WAIT_FLAGS)
		return -EINVAL;
	return do_wait(call, args->handles, 0, args->count_handles, args->flags, args->timeout_nsec,
		       &args->first_signaled);
}

int shim_syncobj_timeline_wait_ioctl(struct shim_call *call, void *data)
{
	struct drm_syncobj_timeline_wait *args = data;
	if (args->flags & ~(WAIT_FLAGS | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE))
		return -EINVAL;
	return do_wait(call, args->handles, args->points, args->count_handles, args->flags, args->timeout_nsec,
		       &args->first_signaled);
}

/* --- reset, signal, query, transfer ----------------------------------------------- */

static int reset_or_signal(struct shim_call *call, void *data, bool signal)
{
	struct drm_syncobj_array *args = data;
	struct shim_device *dev = call->dev;
	shim_off *sos;
	if (args->pad)
		return -EINVAL;
	if (args->count_handles == 0)
		return -EINVAL;
	int ret = array_find(call, args->handles, args->count_handles, &sos);
	if (ret)
		return ret;
	shim_device_lock(dev);
	for (uint32_t i = 0; i < args->count_handles && !ret; i++) {
		shim_off stub = signal ? shim_fence_create_signalled(dev, 0) : 0;
		if (signal && !stub)
			ret = -ENOMEM;
		else
			shim_syncobj_replace_fence(dev, sos[i], stub);
		shim_fence_put(dev, stub);
	}
	shim_device_unlock(dev);
	array_free(dev, sos, args->count_handles);
	return ret;
}

int shim_syncobj_reset_ioctl(struct shim_call *call, void *data)
{
	return reset_or_signal(call, data, false);
}

int shim_syncobj_signal_ioctl(struct shim_call *call, void *data)
{
	return reset_or_signal(call, data, true);
}

int shim_syncobj_timeline_signal_ioctl(struct shim_call *call, void *data)
{
	struct drm_syncobj_timeline_array *args = data;
	struct shim_device *dev = call->dev;
	shim_off *sos;
	uint64_t *points = NULL;
	if (args->flags)
		return -EINVAL;
	if (args->count_handles == 0)
		return -EINVAL;
	int ret = array_find(call, args->handles, args->count_handles, &sos);
	if (ret)
		return ret;
	ret = copy_points(args->points, args->count_handles, &points);
	shim_device_lock(dev);
	for (uint32_t i = 0; i < args->count_handles && !ret; i++) {
		shim_off stub = shim_fence_create_signalled(dev, 0);
		if (!stub)
			ret = -ENOMEM;
		else if (points[i])
			ret = shim_syncobj_add_point(dev, sos[i], stub, points[i]);
		else
			shim_syncobj_replace_fence(dev, sos[i], stub);
		shim_fence_put(dev, stub);
	}
	shim_device_unlock(dev);
	free(points);
	array_free(dev, sos, args->count_handles);
	return ret;
}

int shim_syncobj_query_ioctl(struct shim_call *call, void *data)
{
	struct drm_syncobj_timeline_array *args = data;
	struct shim_device *dev = call->dev;
	shim_off *sos;
	if (args->flags & ~DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED)
		return -EINVAL;
	if (args->count_handles == 0)
		return -EINVAL;
	int ret = array_find(call, args->handles, args->count_handles, &sos);
	if (ret)
		return ret;
	for (uint32_t i = 0; i < args->count_handles && !ret; i++) {
		shim_device_lock(dev);
		uint64_t point = query_point(dev, shim_ptr(sos[i]),
					     args->flags & DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED);
		shim_device_unlock(dev);
		if (shim_copy_to_user(args->points + i * sizeof(uint64_t), &point, sizeof(point)))
			ret = -EFAULT;
	}
	array_free(dev, sos, args->count_handles);
	return ret;
}

/* drm_syncobj_find_fence with the transfer's flags: WAIT_FOR_SUBMIT waits up to 5 s. */
static int find_fence_waiting(struct shim_device *dev, shim_off so, uint64_t point, uint32_t flags,
			      shim_off *fence)
{
	int ret = shim_syncobj_find_fence(dev, so, point, fence);
	if (ret && (flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT)) {
		ret = wait_entries(dev, &so, &point, 1, WAIT_PENDING_OK, shim_now_ns() + SUBMIT_TIMEOUT_NS, NULL);
		if (!ret)
			ret = shim_syncobj_find_fence(dev, so, point, fence);
	}
	if (!ret && !*fence) {		/* collected: a fresh signalled fence stands in */
		*fence = shim_fence_create_signalled(dev, 0);
		if (!*fence)
			ret = -ENOMEM;
	}
	return ret;
}

int shim_syncobj_transfer_ioctl(struct shim_call *call, void *data)
{
	struct drm_syncobj_transfer *args = data;
	struct shim_device *dev = call->dev;
	if (args->pad)
		return -EINVAL;
	shim_device_lock(dev);
	int ret = 0;
	shim_off dst = shim_syncobj_lookup(call->file, args->dst_handle);
	shim_off src = shim_syncobj_lookup(call->file, args->src_handle);
	shim_off fence = 0;
	if (!dst || !src) {
		ret = -ENOENT;
		goto out;
	}
	shim_syncobj_get(dst);
	shim_syncobj_get(src);
	ret = find_fence_waiting(dev, src, args->src_point, args->flags, &fence);
	if (!ret) {
		if (args->dst_point)
			ret = shim_syncobj_add_point(dev, dst, fence, args->dst_point);
		else
			shim_syncobj_replace_fence(dev, dst, fence);
	}
	shim_fence_put(dev, fence);
	shim_syncobj_put(dev, src);
	shim_syncobj_put(dev, dst);
out:
	shim_device_unlock(dev);
	return ret;
}
