/* SPDX-License-Identifier: MIT */
/*
 * PRIME export/import and the dma-buf fds they hand out (drm/drm_prime.h has the
 * model and the lifetime rules).
 *
 * Kernel rules followed (doc/uapi-conformance.md §9, doc/realkernel-drm-core.md):
 * HANDLE_TO_FD checks its flags before the handle (R1: EINVAL; R2: ENOENT),
 * refuses userptr objects (R7, 5.13+), returns a new fd of the object's one
 * dma-buf (R5) and records the handle in the file's prime table; FD_TO_HANDLE
 * answers EBADF for an fd that is not open and EINVAL for one that is not a
 * dma-buf (R8, R9), returns the handle the table has for the dma-buf (R10,
 * R11, R13) or else a new handle to the same object (R12). lseek allows only
 * (0, SEEK_END) and (0, SEEK_SET) (R16); mmap past the size is EINVAL (R17);
 * DMA_BUF_IOCTL_SYNC validates its flags and waits as i915's begin_cpu_access.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <drm.h>
#include <linux/dma-buf.h>

#include "base/fd_table.h"
#include "base/journal.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_device_process.h"
#include "drm/drm_drv.h"
#include "drm/drm_gem.h"
#include "drm/drm_prime.h"

static void dmabuf_path(struct shim_device *dev, char *buf, size_t len, uint32_t id)
{
	/* dev->inst.dir was checked to leave room (drm/drm_file.c), so this never truncates. */
	if ((size_t)snprintf(buf, len, "%s/dmabuf-%u", dev->inst.dir, id) >= len)
		buf[0] = '\0';
}

static struct shim_dmabuf *dmabuf_find(struct shim_device *dev, uint32_t id)
{
	return shim_ptr(shim_idr_find(&dev->shared->dmabufs, id));
}

/* Does any open file description (any process) still hold the file's lock? */
static bool dmabuf_has_fds(struct shim_device *dev, uint32_t id)
{
	char path[PATH_MAX];
	dmabuf_path(dev, path, sizeof(path), id);
	int fd = shim_real.openat(AT_FDCWD, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno != ENOENT;		/* cannot tell: keep it */
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };
	bool alive = shim_real.fcntl(fd, F_OFD_GETLK, &fl) < 0 || fl.l_type != F_UNLCK;
	shim_real.close(fd);
	return alive;
}

static void dmabuf_release(struct shim_device *dev, uint32_t id)
{
	char path[PATH_MAX];
	shim_off off = shim_idr_remove(&dev->shared->dmabufs, id);
	struct shim_dmabuf *d = shim_ptr(off);
	if (!d)
		return;
	dmabuf_path(dev, path, sizeof(path), id);
	unlink(path);
	struct shim_gem_object *obj = shim_ptr(d->obj);
	if (obj->dmabuf == id)
		SHIM_SET(obj->dmabuf, 0);
	shim_off o = d->obj;
	shim_free(&dev->shared->arena, off, sizeof(*d));
	shim_gem_object_put(dev, o);
}

/* Releases dma-buf id if its object has no handle and no fd of it is open. */
static void dmabuf_release_if_unused(struct shim_device *dev, uint32_t id)
{
	struct shim_dmabuf *d = dmabuf_find(dev, id);
	if (!d || ((struct shim_gem_object *)shim_ptr(d->obj))->handle_count)
		return;
	if (!dmabuf_has_fds(dev, id))
		dmabuf_release(dev, id);
}

/* The object's dma-buf, made on first export: its id, or -errno. */
static int dmabuf_create(struct shim_device *dev, shim_off obj_off, bool rdwr)
{
	struct shim_gem_object *obj = shim_ptr(obj_off);
	char path[PATH_MAX];
	struct stat st;

	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_dmabuf));
	if (!off)
		return -ENOMEM;
	int64_t id = shim_idr_alloc(&dev->shared->arena, &dev->shared->dmabufs, off, 1);
	if (id < 0) {
		shim_free(&dev->shared->arena, off, sizeof(struct shim_dmabuf));
		return (int)id;
	}
	dmabuf_path(dev, path, sizeof(path), (uint32_t)id);
	unlink(path);		/* left over by a process that died mid-release */
	int fd = shim_real.openat(AT_FDCWD, path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int err = fd < 0 ? -errno : 0;
	if (!err) {
		/* mtime = id names the record; set after the size, which would move it. */
		struct timespec times[2] = { { .tv_sec = 0, .tv_nsec = UTIME_OMIT }, { .tv_sec = id } };
		if ((err = shim_access_fchmod(&dev->inst.access, fd, 0600)) == 0 &&
		    (ftruncate(fd, (off_t)obj->size) < 0 || futimens(fd, times) < 0 || shim_real.fstat(fd, &st) < 0))
			err = errno ? -errno : -EIO;
		shim_real.close(fd);
	}
	if (err) {
		unlink(path);
		shim_idr_remove(&dev->shared->dmabufs, (uint32_t)id);
		shim_free(&dev->shared->arena, off, sizeof(struct shim_dmabuf));
		return err == -ENOSPC ? -ENOMEM : err;
	}
	struct shim_dmabuf *d = shim_ptr(off);
	SHIM_SET(d->obj, obj_off);
	SHIM_SET(d->size, obj->size);
	SHIM_SET(d->ino, st.st_ino);
	SHIM_SET(d->rdwr, rdwr);
	shim_gem_object_get(dev, obj_off);
	SHIM_SET(obj->dmabuf, (uint32_t)id);
	return (int)id;
}

/* A new description of dma-buf id holding the liveness lock: the fd, or -errno. */
static int dmabuf_open_fd(struct shim_device *dev, uint32_t id, bool cloexec)
{
	struct shim_dmabuf *d = dmabuf_find(dev, id);
	char path[PATH_MAX];
	dmabuf_path(dev, path, sizeof(path), id);
	int fd = shim_real.openat(AT_FDCWD, path, (d->rdwr ? O_RDWR : O_RDONLY) | O_NOFOLLOW | (cloexec ? O_CLOEXEC : 0));
	if (fd < 0)
		return -errno;
	struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };
	if (shim_real.fcntl(fd, F_OFD_SETLK, &fl) < 0) {
		int err = -errno;
		shim_real.close(fd);
		return err;
	}
	struct shim_fd_entry e = { .kind = SHIM_FD_DMABUF, .slot = id, .generation = d->ino };
	shim_fd_set(fd, &e);
	return fd;
}

/* --- the per-file prime table ------------------------------------------------ */

static uint32_t table_lookup(struct shim_file *file, uint32_t id)
{
	return (uint32_t)shim_idr_find(&file->prime_bufs, id);
}

/* Records that handle stands for dma-buf id in file: 0 or -ENOMEM. */
static int table_add(struct shim_device *dev, struct shim_file *file, uint32_t handle, uint32_t id)
{
	struct shim_arena *a = &dev->shared->arena;
	if (shim_idr_find(&file->prime_handles, handle))
		return 0;	/* one dma-buf per object: already there */
	uint64_t v = shim_idr_find(&file->prime_bufs, id);
	if (v) {	/* a second handle for the same dma-buf: the first stays the answer */
		if (shim_idr_alloc(a, &file->prime_handles, id, handle) != handle)
			return -ENOMEM;
		shim_idr_replace(&file->prime_bufs, id, v + (1ull << 32));
		return 0;
	}
	if (shim_idr_alloc(a, &file->prime_bufs, (1ull << 32) | handle, id) != id)
		return -ENOMEM;
	if (shim_idr_alloc(a, &file->prime_handles, id, handle) != handle) {
		shim_idr_remove(&file->prime_bufs, id);
		return -ENOMEM;
	}
	return 0;
}

void shim_prime_handle_closed(struct shim_device *dev, struct shim_file *file, uint32_t handle)
{
	shim_assert_locked(dev);
	uint32_t id = (uint32_t)shim_idr_remove(&file->prime_handles, handle);
	if (!id)
		return;
	uint64_t v = shim_idr_find(&file->prime_bufs, id);
	uint64_t entries = v >> 32;
	if (entries <= 1) {
		shim_idr_remove(&file->prime_bufs, id);
		return;
	}
	uint32_t answer = (uint32_t)v;
	if (answer == handle) {		/* another handle of this dma-buf takes over */
		for (uint32_t h = shim_idr_next(&file->prime_handles, 1); h;
		     h = shim_idr_next(&file->prime_handles, h + 1))
			if (shim_idr_find(&file->prime_handles, h) == id) {
				answer = h;
				break;
			}
	}
	shim_idr_replace(&file->prime_bufs, id, ((entries - 1) << 32) | answer);
}

void shim_prime_file_release(struct shim_device *dev, struct shim_file *file)
{
	shim_assert_locked(dev);
	shim_idr_destroy(&dev->shared->arena, &file->prime_handles);
	shim_idr_destroy(&dev->shared->arena, &file->prime_bufs);
}

void shim_prime_object_unhandled(struct shim_device *dev, shim_off obj)
{
	shim_assert_locked(dev);
	uint32_t id = ((struct shim_gem_object *)shim_ptr(obj))->dmabuf;
	if (id)
		dmabuf_release_if_unused(dev, id);
}

void shim_prime_reap(struct shim_device *dev)
{
	shim_assert_locked(dev);
	struct shim_idr *bufs = &dev->shared->dmabufs;
	for (uint32_t id = shim_idr_next(bufs, 1); id; id = shim_idr_next(bufs, id + 1))
		dmabuf_release_if_unused(dev, id);
}

/* --- the ioctls --------------------------------------------------------------- */

int shim_prime_handle_to_fd_ioctl(struct shim_call *call, void *data)
{
	struct drm_prime_handle *args = data;
	struct shim_device *dev = call->dev;
	int ret;

	if (args->flags & ~(uint32_t)(DRM_CLOEXEC | DRM_RDWR))
		return -EINVAL;		/* R1: before the handle */
	shim_device_lock(dev);
	shim_off off = shim_gem_lookup(call->file, args->handle);
	struct shim_gem_object *obj = shim_ptr(off);
	if (!obj) {
		ret = -ENOENT;		/* R2 */
		goto out;
	}
	if (shim_drv->gem_prime_export && (ret = shim_drv->gem_prime_export(dev, obj)))
		goto out;	/* i915 refuses userptr objects (R7, 5.13+) */
	bool created = false;
	uint32_t id = obj->dmabuf;
	if (!id) {
		ret = dmabuf_create(dev, off, args->flags & DRM_RDWR);
		if (ret < 0)
			goto out;
		id = (uint32_t)ret;
		created = true;
	}
	ret = table_add(dev, call->file, args->handle, id);
	int fd = ret ? ret : dmabuf_open_fd(dev, id, args->flags & DRM_CLOEXEC);
	if (fd < 0) {
		ret = fd;
		if (created) {		/* leave no trace: the handle's entry and the dma-buf go */
			shim_prime_handle_closed(dev, call->file, args->handle);
			dmabuf_release(dev, id);
		}
		goto out;
	}
	args->fd = fd;
	ret = 0;
out:
	shim_device_unlock(dev);
	return ret;
}

/*
 * Could fd be one of our dma-bufs? fstat only, no lock: a regular file on the
 * instance's file system whose mtime is a possible id. The id (> 0, with
 * st filled), or -EBADF / -EINVAL.
 */
static int64_t candidate(struct shim_device *dev, int fd, struct stat *st)
{
	if (shim_real.fstat(fd, st) < 0)
		return -errno;
	if (!S_ISREG(st->st_mode) || st->st_dev != dev->inst.dir_dev || st->st_mtim.tv_sec <= 0 ||
	    st->st_mtim.tv_sec > UINT32_MAX)
		return -EINVAL;
	return st->st_mtim.tv_sec;
}

/* Lock held: is dma-buf id the file st describes? */
static bool confirm(struct shim_device *dev, uint32_t id, const struct stat *st)
{
	struct shim_dmabuf *d = dmabuf_find(dev, id);
	return d && d->ino == st->st_ino;
}

int shim_prime_fd_to_handle_ioctl(struct shim_call *call, void *data)
{
	struct drm_prime_handle *args = data;	/* flags are not looked at */
	struct shim_device *dev = call->dev;
	uint64_t ino;
	uint32_t handle;

	struct stat st;
	int64_t id = candidate(dev, args->fd, &st);	/* R8: EBADF, R9: EINVAL */
	if (id < 0)
		return (int)id;
	ino = st.st_ino;
	shim_device_lock(dev);
	int ret = confirm(dev, (uint32_t)id, &st) ? 0 : -EINVAL;
	if (ret)
		goto out;
	handle = table_lookup(call->file, (uint32_t)id);
	if (!handle) {
		struct shim_dmabuf *d = dmabuf_find(dev, (uint32_t)id);
		ret = shim_gem_handle_create(dev, call->file, d->obj, &handle);
		if (ret)
			goto out;
		ret = table_add(dev, call->file, handle, (uint32_t)id);
		if (ret) {
			shim_gem_handle_delete(dev, call->file, handle);
			goto out;
		}
	}
	args->handle = handle;
out:
	shim_device_unlock(dev);
	if (!ret) {	/* an fd received from elsewhere: its close is watched from now on */
		struct shim_fd_entry e;
		if (!shim_fd_lookup(args->fd, &e) || e.kind != SHIM_FD_DMABUF) {
			e = (struct shim_fd_entry){ .kind = SHIM_FD_DMABUF, .slot = (uint32_t)id, .generation = ino };
			shim_fd_set(args->fd, &e);
		}
	}
	return ret;
}

/* --- the dma-buf fd itself ------------------------------------------------------ */

uint32_t shim_prime_fd_id(struct shim_device *dev, int fd, uint64_t *ino)
{
	struct stat st;
	int64_t id = candidate(dev, fd, &st);
	if (id <= 0)
		return 0;
	shim_device_lock(dev);
	bool ours = confirm(dev, (uint32_t)id, &st);
	shim_device_unlock(dev);
	*ino = st.st_ino;
	return ours ? (uint32_t)id : 0;
}

void shim_prime_fd_closed(struct shim_device *dev, uint32_t id, uint64_t ino)
{
	shim_device_lock(dev);
	struct shim_dmabuf *d = dmabuf_find(dev, id);
	if (d && d->ino == ino)
		dmabuf_release_if_unused(dev, id);
	shim_device_unlock(dev);
}

off_t shim_prime_lseek(struct shim_device *dev, uint32_t id, off_t offset, int whence)
{
	/* dma_buf_llseek: only discovering the size; the file position never moves. */
	off_t base;
	if (whence == SEEK_END) {
		shim_device_lock(dev);
		struct shim_dmabuf *d = dmabuf_find(dev, id);
		base = d ? (off_t)d->size : 0;
		shim_device_unlock(dev);
	} else if (whence == SEEK_SET) {
		base = 0;
	} else {
		errno = EINVAL;
		return -1;
	}
	if (offset != 0) {
		errno = EINVAL;
		return -1;
	}
	return base;
}

void *shim_prime_mmap(struct shim_device *dev, uint32_t id, int fd, void *addr, size_t len, int prot,
		      int flags, off_t offset)
{
	int type = flags & MAP_TYPE;
	int acc = shim_real.fcntl(fd, F_GETFL) & O_ACCMODE;
	int err = 0;
	void *p = MAP_FAILED;

	/* What mmap(2) checks before the file's own mmap runs. */
	if (!len || (offset & 4095) || offset < 0 || (type != MAP_SHARED && type != MAP_PRIVATE &&
						      type != MAP_SHARED_VALIDATE))
		err = EINVAL;
	else if (type != MAP_PRIVATE && (prot & PROT_WRITE) && acc == O_RDONLY)
		err = EACCES;	/* R4: a read-only export */
	if (err) {
		errno = err;
		return MAP_FAILED;
	}
	shim_device_lock(dev);
	struct shim_dmabuf *d = dmabuf_find(dev, id);
	uint64_t pages = (len + 4095) / 4096, first = (uint64_t)offset / 4096;
	if (!d || first + pages > d->size / 4096 || first + pages < first) {
		err = EINVAL;	/* R17 */
	} else {
		if (!shim_drv->gem_prime_mmap)
			err = ENODEV;
		else if ((p = shim_drv->gem_prime_mmap(dev, d->obj, addr, pages * 4096, prot, flags,
						       (uint64_t)offset)) == MAP_FAILED)
			err = errno;
	}
	shim_device_unlock(dev);
	if (p == MAP_FAILED)
		errno = err;
	return p;
}

/* DMA_BUF_IOCTL_SYNC START: waits for the writer (or all, for write), then the driver's
 * begin_cpu_access (i915: the CPU domain). */
static int sync_start(struct shim_device *dev, uint32_t id, bool write)
{
	shim_off fences[5];
	unsigned n = 0;
	shim_client_register(dev);	/* what the wait holds is given back if we die in it */
	shim_device_lock(dev);
	struct shim_dmabuf *d = dmabuf_find(dev, id);
	if (!d) {
		shim_device_unlock(dev);
		return -EINVAL;
	}
	shim_off off = d->obj;
	struct shim_gem_object *obj = shim_ptr(off);
	shim_gem_object_get(dev, off);
	shim_borrow(dev, off, SHIM_BORROW_OBJECT);
	if (obj->write_fence)
		fences[n++] = obj->write_fence;
	for (unsigned c = 0; write && c < 4; c++)
		if (obj->read_fence[c])
			fences[n++] = obj->read_fence[c];
	for (unsigned i = 0; i < n; i++) {
		shim_fence_get(dev, fences[i]);
		shim_borrow(dev, fences[i], SHIM_BORROW_FENCE);
	}
	shim_device_unlock(dev);
	int ret = 0;
	for (unsigned i = 0; i < n && !ret; i++)
		ret = shim_fence_wait(shim_ptr(fences[i]), UINT64_MAX, true);
	shim_device_lock(dev);
	for (unsigned i = 0; i < n; i++) {
		shim_unborrow(dev, fences[i], SHIM_BORROW_FENCE);
		shim_fence_put(dev, fences[i]);
	}
	if (!ret && shim_drv->gem_prime_begin_cpu_access)
		shim_drv->gem_prime_begin_cpu_access(dev, obj, write);
	shim_unborrow(dev, off, SHIM_BORROW_OBJECT);
	shim_gem_object_put(dev, off);
	shim_device_unlock(dev);
	return ret;
}

int shim_prime_dmabuf_ioctl(struct shim_device *dev, uint32_t id, unsigned long request, void *arg)
{
	switch (request) {
	case DMA_BUF_IOCTL_SYNC: {
		struct dma_buf_sync s;
		if (shim_copy_from_user(&s, (uintptr_t)arg, sizeof(s)))
			return -EFAULT;
		if (s.flags & ~(uint64_t)DMA_BUF_SYNC_VALID_FLAGS_MASK)
			return -EINVAL;
		if (!(s.flags & DMA_BUF_SYNC_RW))
			return -EINVAL;
		if (s.flags & DMA_BUF_SYNC_END)
			return 0;	/* end_cpu_access: nothing is cached behind the CPU's back */
		return sync_start(dev, id, s.flags & DMA_BUF_SYNC_WRITE);
	}
	case DMA_BUF_SET_NAME_A:
	case DMA_BUF_SET_NAME_B: {
		char name[DMA_BUF_NAME_LEN];
		size_t n = 0;
		for (; n < sizeof(name); n++) {
			if (shim_copy_from_user(&name[n], (uintptr_t)arg + n, 1))
				return -EFAULT;
			if (!name[n])
				break;
		}
		if (n == sizeof(name))
			return -EINVAL;		/* strndup_user: too long */
		shim_device_lock(dev);
		struct shim_dmabuf *d = dmabuf_find(dev, id);
		if (d)
			shim_journal_memcpy(d->name, name, n + 1);
		shim_device_unlock(dev);
		return 0;
	}
	default:
		return -ENOTTY;		/* dma_buf_ioctl: unknown (EXPORT/IMPORT_SYNC_FILE: 6.0+) */
	}
}
