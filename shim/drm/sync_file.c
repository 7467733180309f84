/* SPDX-License-Identifier: MIT */
/*
 * sync_file fds (the kernel's sync_file.c) and the registry of exported
 * sync fds (drm/drm_syncobj.h), with its reaping.
 *
 * Design. A sync_file must be a real fd that poll/select/epoll report
 * readable once its fence has signalled, in whatever process holds it. Each
 * sync_file is a FIFO "sync_file.<id>" in the instance directory, opened
 * O_RDWR|O_NONBLOCK (so it has a reader and never blocks), holding an OFD
 * lock on byte 0 for as long as any fd refers to that open file
 * description. Its record (struct shim_sync_file, in the shared registry)
 * holds a reference to the fence and, while the fence is pending, a POKE
 * callback on it: whoever signals the fence, in any process, opens the FIFO
 * by name and writes one byte into it, which makes every fd of it readable
 * at once (POLLIN); it opens the FIFO for reading and writing, so that there
 * is always a reader and the write cannot raise SIGPIPE. A fence that has
 * already signalled is poked at creation.
 * The byte is never read back by the shim; a FIFO also reports POLLOUT,
 * which a kernel sync_file does not (nobody polls a sync_file for output).
 * A poller asleep on an idle CPU wakes late (~20 us here), so poll(2) of
 * nothing but sync_files spins on their fences first (os/interpose_poll.c),
 * as the shim's fence waits do; the fd table (base/fd_table.h) names each
 * sync_file fd's id, noted when it is made here or first seen.
 *
 * A merged sync_file's fence is a composite fence (drm/dma_fence.h) holding its
 * parts, de-duplicated by fence context keeping the later seqno, so it
 * signals when all of them have. SYNC_IOC_FILE_INFO reports the parts.
 *
 * Lifetimes: the record and the fence reference live until the last fd of
 * the description closes in every process; then they are removed by the
 * next device open (shim_sync_reap, all of them) or by one of the next
 * exports (shim_sync_reap_some, a few each). The FIFO stays for the next
 * sync_file of the same id, which takes it over (an unused FIFO holds
 * nothing), and goes with the instance directory. Syncobj fd
 * records (drm/drm_syncobj.c makes them) are reaped here the same way.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/sync_file.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/fd_table.h"
#include "base/journal.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_syncobj.h"

struct shim_sync_registry *shim_sync_registry(struct shim_device *dev)
{
	if (!dev->shared->sync)
		SHIM_SET(dev->shared->sync, shim_alloc(&dev->shared->arena, sizeof(struct shim_sync_registry)));
	return shim_ptr(dev->shared->sync);
}

void shim_sync_path(struct shim_device *dev, char *buf, size_t len, const char *kind, uint32_t id)
{
	/* the instance directory's length leaves room (drm/drm_file.c checks it) */
	if ((size_t)snprintf(buf, len, "%s/%s.%u", dev->inst.dir, kind, id) >= len && len)
		buf[0] = '\0';
}

bool shim_sync_path_alive(const char *path)
{
	int fd = shim_real.openat(AT_FDCWD, path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno != ENOENT;		/* cannot tell otherwise: keep it */
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };
	bool alive = shim_real.fcntl(fd, F_OFD_GETLK, &fl) < 0 || fl.l_type != F_UNLCK;
	shim_real.close(fd);
	return alive;
}

/*
 * keep_file: the FIFO of a sync_file whose fds are all closed is left for the
 * next sync_file of this id (ids are reused lowest first), which then opens
 * it instead of paying unlink, mkfifo and chmod on every export. Nothing is
 * left in it: a pipe's bytes go with its last open.
 */
static void sync_file_release(struct shim_device *dev, struct shim_sync_registry *reg, uint32_t id,
			      bool keep_file)
{
	char path[PATH_MAX];
	struct shim_sync_file *sf = shim_ptr(shim_idr_remove(&reg->sync_files, id));
	shim_sync_path(dev, path, sizeof(path), "sync_file", id);
	if (!keep_file)
		unlink(path);
	if (!sf)
		return;
	shim_fence_remove_cb(dev, sf->fence, sf->poke);
	shim_fence_put(dev, sf->fence);
	shim_free(&dev->shared->arena, shim_off_of(sf), sizeof(*sf));
}

/* Releases sync_file id if every fd of it is closed. */
static void reap_sync_file(struct shim_device *dev, struct shim_sync_registry *reg, uint32_t id)
{
	char path[PATH_MAX];
	shim_sync_path(dev, path, sizeof(path), "sync_file", id);
	if (!shim_sync_path_alive(path))
		sync_file_release(dev, reg, id, true);
}

/* Releases syncobj fd record id if every fd of it is closed. */
static void reap_syncobj_fd(struct shim_device *dev, struct shim_sync_registry *reg, uint32_t id)
{
	char path[PATH_MAX];
	shim_sync_path(dev, path, sizeof(path), "syncobj", id);
	if (shim_sync_path_alive(path))
		return;
	unlink(path);
	struct shim_syncobj_fd *rec = shim_ptr(shim_idr_remove(&reg->syncobj_fds, id));
	if (rec) {
		shim_syncobj_put(dev, rec->syncobj);
		shim_free(&dev->shared->arena, shim_off_of(rec), sizeof(*rec));
	}
}

void shim_sync_reap(struct shim_device *dev)
{
	struct shim_sync_registry *reg = shim_ptr(dev->shared->sync);
	if (!reg)
		return;
	for (uint32_t id = shim_idr_next(&reg->sync_files, 1); id; id = shim_idr_next(&reg->sync_files, id + 1))
		reap_sync_file(dev, reg, id);
	for (uint32_t id = shim_idr_next(&reg->syncobj_fds, 1); id; id = shim_idr_next(&reg->syncobj_fds, id + 1))
		reap_syncobj_fd(dev, reg, id);
}

#define REAP_SOME 3

/* Up to REAP_SOME ids of idr from *cursor on, wrapping once, each reaped by fn; the cursor
 * moves past them. */
static void reap_from(struct shim_device *dev, struct shim_sync_registry *reg, struct shim_idr *idr,
		      uint32_t *cursor, void (*fn)(struct shim_device *, struct shim_sync_registry *, uint32_t))
{
	uint32_t start = *cursor ? *cursor : 1, id = shim_idr_next(idr, start);
	bool wrapped = start == 1;
	for (unsigned n = 0; n < REAP_SOME; n++) {
		if (!id && !wrapped) {
			wrapped = true;
			id = shim_idr_next(idr, 1);
			if (id >= start)
				id = 0;
		} else if (wrapped && start > 1 && id >= start) {
			id = 0;
		}
		if (!id)
			break;
		uint32_t next = id + 1;
		fn(dev, reg, id);		/* may free id, not the ones after it */
		id = shim_idr_next(idr, next);
	}
	SHIM_SET(*cursor, id);
}

void shim_sync_reap_some(struct shim_device *dev)
{
	struct shim_sync_registry *reg = shim_ptr(dev->shared->sync);
	if (!reg)
		return;
	if (reg->sync_file_recent && shim_idr_find(&reg->sync_files, reg->sync_file_recent))
		reap_sync_file(dev, reg, reg->sync_file_recent);
	reap_from(dev, reg, &reg->sync_files, &reg->sync_file_cursor, reap_sync_file);
	reap_from(dev, reg, &reg->syncobj_fds, &reg->syncobj_fd_cursor, reap_syncobj_fd);
}

void shim_sync_file_poke(struct shim_device *dev, uint32_t id)
{
	char path[PATH_MAX];
	struct shim_sync_registry *reg = shim_ptr(dev->shared->sync);
	struct shim_sync_file *sf = reg ? shim_ptr(shim_idr_find(&reg->sync_files, id)) : NULL;
	if (sf)
		SHIM_SET(sf->poke, 0);	/* the callback is being run and freed */
	shim_sync_path(dev, path, sizeof(path), "sync_file", id);
	/*
	 * Opened for reading too, so that the write can never find the FIFO
	 * without a reader (no EPIPE, no SIGPIPE to hide from the program) and
	 * the wake costs an open, a write and a close, the write being what
	 * wakes the pollers. With no fd of it left, the byte goes with our close.
	 */
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;			/* released: nobody to tell */
	char byte = 1;
	if (shim_raw_write(fd, &byte, 1) < 0) {
		/* full (cannot be: one byte per fence) or gone: nothing to undo */
	}
	shim_real.close(fd);
}

static void poke_cb(struct shim_device *dev, struct shim_fence *fence, const struct shim_fence_cb *cb)
{
	shim_sync_file_poke(dev, cb->id);
}

/* POKE callbacks (a sync_file waiting for its fence) run here, in whichever process signals. */
__attribute__((constructor(200))) static void register_poke(void)
{
	shim_fence_cb_register(SHIM_FENCE_CB_POKE, poke_cb);
}

int shim_sync_file_create(struct shim_device *dev, shim_off fence, const char *name, int onto)
{
	struct shim_sync_registry *reg = shim_sync_registry(dev);
	char path[PATH_MAX];
	if (!reg)
		return -ENOMEM;
	shim_sync_reap_some(dev);
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_sync_file));
	if (!off)
		return -ENOMEM;
	int64_t id = shim_idr_alloc(&dev->shared->arena, &reg->sync_files, off, 1);
	if (id < 0) {
		shim_free(&dev->shared->arena, off, sizeof(struct shim_sync_file));
		return (int)id;
	}
	struct shim_sync_file *sf = shim_ptr(off);
	SHIM_SET(reg->sync_file_recent, (uint32_t)id);
	shim_fence_get(dev, fence);
	SHIM_SET(sf->fence, fence);
	if (name) {
		shim_journal_note(sf->name, sizeof(sf->name));
		snprintf(sf->name, sizeof(sf->name), "%s", name);
	}
	shim_sync_path(dev, path, sizeof(path), "sync_file", (uint32_t)id);
	int fd = -1, err = 0;
	struct stat st;
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };
	/* The reserved descriptor's slot goes to the FIFO: with no other slot free, the open
	 * could not succeed otherwise. */
	if (onto >= 0)
		shim_real.close(onto);
	/* The FIFO a released sync_file of this id left (sync_file_release), if it is one and
	 * nobody holds it; otherwise a new one. */
	fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && (shim_real.fstat(fd, &st) < 0 || !S_ISFIFO(st.st_mode) ||
			shim_real.fcntl(fd, F_OFD_SETLK, &fl) < 0)) {
		shim_real.close(fd);
		fd = -1;
	}
	if (fd < 0) {
		unlink(path);
		if (mkfifo(path, 0600) < 0 || shim_access_chmod(&dev->inst.access, path, 0600) < 0 ||
		    (fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)) < 0 ||
		    shim_real.fcntl(fd, F_OFD_SETLK, &fl) < 0 || shim_real.fstat(fd, &st) < 0) {
			err = errno ? -errno : -EIO;
			if (fd >= 0)
				shim_real.close(fd);
			sync_file_release(dev, reg, (uint32_t)id, false);
			return err;
		}
	}
	SHIM_SET(sf->ino, st.st_ino);
	shim_fd_set(fd, &(struct shim_fd_entry){ .kind = SHIM_FD_SYNC_FILE, .slot = (uint32_t)id,
						 .generation = st.st_ino });
	if (shim_fence_is_signalled(shim_ptr(fence)))
		shim_sync_file_poke(dev, (uint32_t)id);
	else
		SHIM_SET(sf->poke, shim_fence_add_cb(dev, fence, SHIM_FENCE_CB_POKE, 0, (uint32_t)id));
	return fd;
}

/*
 * The record of the sync_file fd is, by its inode: the fd table names the id
 * of the fds this process made or has seen before; others (inherited,
 * received over a socket) are looked for among all records once, and then
 * noted there. may_be_sync_file tells the other fds apart without the lock.
 */
static bool may_be_sync_file(struct shim_device *dev, int fd, struct stat *st)
{
	return fd >= 0 && shim_real.fstat(fd, st) == 0 && S_ISFIFO(st->st_mode) && st->st_dev == dev->inst.dir_dev;
}

static struct shim_sync_file *sync_file_of_stat(struct shim_device *dev, int fd, const struct stat *st)
{
	struct shim_sync_registry *reg = shim_ptr(dev->shared->sync);
	struct shim_fd_entry e;
	if (!reg)
		return NULL;
	if (shim_fd_lookup(fd, &e) && e.kind == SHIM_FD_SYNC_FILE && e.generation == st->st_ino) {
		struct shim_sync_file *sf = shim_ptr(shim_idr_find(&reg->sync_files, e.slot));
		if (sf && sf->ino == st->st_ino)
			return sf;
	}
	for (uint32_t id = shim_idr_next(&reg->sync_files, 1); id; id = shim_idr_next(&reg->sync_files, id + 1)) {
		struct shim_sync_file *sf = shim_ptr(shim_idr_find(&reg->sync_files, id));
		if (sf->ino == st->st_ino) {
			shim_fd_set(fd, &(struct shim_fd_entry){ .kind = SHIM_FD_SYNC_FILE, .slot = id,
								 .generation = st->st_ino });
			return sf;
		}
	}
	return NULL;
}

static struct shim_sync_file *sync_file_of_fd(struct shim_device *dev, int fd)
{
	struct stat st;
	return may_be_sync_file(dev, fd, &st) ? sync_file_of_stat(dev, fd, &st) : NULL;
}

bool shim_sync_file_fences_get(struct shim_device *dev, const int *fds, unsigned n, shim_off *fences)
{
	unsigned got = 0;
	struct stat st[n];
	for (unsigned i = 0; i < n; i++)	/* a socket or a pipe is told apart without the lock */
		if (!may_be_sync_file(dev, fds[i], &st[i]))
			return false;
	shim_device_lock(dev);
	for (; got < n; got++) {
		struct shim_sync_file *sf = sync_file_of_stat(dev, fds[got], &st[got]);
		if (!sf)
			break;
		shim_fence_get(dev, sf->fence);
		fences[got] = sf->fence;
	}
	if (got < n)
		while (got)
			shim_fence_put(dev, fences[--got]);
	shim_device_unlock(dev);
	return got == n;
}

void shim_sync_file_fences_put(struct shim_device *dev, const shim_off *fences, unsigned n)
{
	shim_device_lock(dev);
	for (unsigned i = 0; i < n; i++)
		shim_fence_put(dev, fences[i]);
	shim_device_unlock(dev);
}

shim_off shim_sync_file_fence(struct shim_device *dev, int fd)
{
	struct shim_sync_file *sf = sync_file_of_fd(dev, fd);
	if (!sf)
		return 0;
	shim_fence_get(dev, sf->fence);
	return sf->fence;
}

/* The parts of a fence as a sync_file reports them: a composite's, or itself. */
static const shim_off *fence_parts(const shim_off *fence, uint32_t *n)
{
	struct shim_fence *f = shim_ptr(*fence);
	if (f->parts) {
		*n = f->nparts;
		return shim_ptr(f->parts);
	}
	*n = 1;
	return fence;
}

static int fence_status(const struct shim_fence *f)
{
	if (!shim_fence_is_signalled(f))
		return 0;
	return f->error ? f->error : 1;
}

static int sync_merge(struct shim_device *dev, struct shim_sync_file *sf, uint64_t uarg)
{
	struct sync_merge_data data;
	if (shim_copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;
	if (data.flags || data.pad)
		return -EINVAL;
	struct shim_sync_file *other = sync_file_of_fd(dev, data.fd2);
	if (!other)
		return -ENOENT;
	data.name[sizeof(data.name) - 1] = '\0';
	uint32_t na, nb, n = 0;
	const shim_off *a = fence_parts(&sf->fence, &na), *b = fence_parts(&other->fence, &nb);
	shim_off parts[na + nb];
	for (uint32_t i = 0; i < na + nb; i++) {
		shim_off p = i < na ? a[i] : b[i - na];
		struct shim_fence *pf = shim_ptr(p);
		uint32_t k;
		for (k = 0; k < n; k++) {
			struct shim_fence *q = shim_ptr(parts[k]);
			if (pf->context && q->context == pf->context) {
				if (pf->seqno > q->seqno)
					parts[k] = p;
				break;
			}
		}
		if (k == n)
			parts[n++] = p;
	}
	shim_off fence = shim_fence_all_of(dev, parts, n);
	if (!fence)
		return -ENOMEM;
	int fd = shim_sync_file_create(dev, fence, data.name, -1);
	shim_fence_put(dev, fence);
	if (fd < 0)
		return fd;
	data.fence = fd;
	if (shim_copy_to_user(uarg, &data, sizeof(data))) {
		shim_real.close(fd);
		return -EFAULT;
	}
	return 0;
}

static int sync_file_info(struct shim_sync_file *sf, uint64_t uarg)
{
	struct sync_file_info info;
	if (shim_copy_from_user(&info, uarg, sizeof(info)))
		return -EFAULT;
	if (info.flags || info.pad)
		return -EINVAL;
	uint32_t n;
	const shim_off *parts = fence_parts(&sf->fence, &n);
	if (!info.num_fences) {
		info.status = fence_status(shim_ptr(sf->fence));
	} else {
		if (info.num_fences < n)
			return -EINVAL;
		struct sync_fence_info fi[n];
		memset(fi, 0, sizeof(fi));
		info.status = 1;
		for (uint32_t i = 0; i < n; i++) {
			struct shim_fence *p = shim_ptr(parts[i]);
			snprintf(fi[i].obj_name, sizeof(fi[i].obj_name), "%s", p->context ? "i915" : "stub");
			snprintf(fi[i].driver_name, sizeof(fi[i].driver_name), "%s", p->context ? "i915" : "stub");
			fi[i].status = fence_status(p);
			fi[i].timestamp_ns = shim_fence_is_signalled(p) ? p->signal_ns : 0;
			if (fi[i].status < info.status)
				info.status = fi[i].status;
		}
		if (shim_copy_to_user(info.sync_fence_info, fi, sizeof(fi)))
			return -EFAULT;
	}
	struct shim_fence *f = shim_ptr(sf->fence);
	if (sf->name[0])
		snprintf(info.name, sizeof(info.name), "%s", sf->name);
	else
		snprintf(info.name, sizeof(info.name), "i915-%llu-%llu", (unsigned long long)f->context,
			 (unsigned long long)f->seqno);
	info.num_fences = n;
	return shim_copy_to_user(uarg, &info, sizeof(info)) ? -EFAULT : 0;
}

bool shim_sync_file_ioctl(struct shim_device *dev, int fd, unsigned long request, void *arg, int *ret)
{
	shim_device_lock(dev);
	struct shim_sync_file *sf = sync_file_of_fd(dev, fd);
	if (sf) {
		if (request == SYNC_IOC_MERGE)
			*ret = sync_merge(dev, sf, shim_uptr(arg));
		else if (request == SYNC_IOC_FILE_INFO)
			*ret = sync_file_info(sf, shim_uptr(arg));
		else
			*ret = -ENOTTY;
	}
	shim_device_unlock(dev);
	return sf != NULL;
}
