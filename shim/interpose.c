/*
 * The libc entry points the shim interposes (LD_PRELOAD), and the glue that
 * routes each call either to the emulated device or to the real function.
 *
 * Nothing is set up until a call needs it: the real functions are resolved
 * on the first interposed call (under a mutex, with a per-thread guard so
 * that a call made while resolving goes straight to the system), and the
 * device instance on the first touch of an owned path or of a device fd.
 * Paths and fds that are not the shim's pass straight through.
 */
#define _GNU_SOURCE
#include "config.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <drm.h>
#include <linux/dma-buf.h>
#include <linux/sync_file.h>

#include "device.h"
#include "drm_ioctl.h"
#include "fd_table.h"
#include "fs_view.h"
#include "i915_gem_mmap.h"
#include "prime.h"
#include "real.h"
#include "syncobj.h"
#include "trace.h"

#define SHIM_EXPORT __attribute__((visibility("default")))

/* Lets tests (and programs) tell that the shim is loaded. */
SHIM_EXPORT const int i915_shim_present = 1;

struct shim_real_fns shim_real;
static int real_ready;
static pthread_mutex_t real_lock = PTHREAD_MUTEX_INITIALIZER;
static __thread int resolving;

/* --- raw fallbacks, used only while the real functions are being resolved --- */

static int raw_openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t mode = va_arg(ap, mode_t);
	va_end(ap);
	return (int)syscall(SYS_openat, dirfd, path, flags, mode);
}
static int raw_close(int fd) { return (int)syscall(SYS_close, fd); }
static int raw_fstat(int fd, struct stat *st) { return (int)syscall(SYS_fstat, fd, st); }
static int raw_fstatat(int dirfd, const char *p, struct stat *st, int fl)
{
	return (int)syscall(SYS_newfstatat, dirfd, p, st, fl);
}
static int raw_ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	va_start(ap, req);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	return (int)syscall(SYS_ioctl, fd, req, arg);
}

static off_t raw_lseek(int fd, off_t off, int whence) { return (off_t)syscall(SYS_lseek, fd, off, whence); }

static void *resolve(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

void shim_real_init(void)
{
	if (__atomic_load_n(&real_ready, __ATOMIC_ACQUIRE))
		return;
	pthread_mutex_lock(&real_lock);
	if (!real_ready) {
		resolving = 1;
		struct shim_real_fns r;
		memset(&r, 0, sizeof(r));
		r.openat = resolve("openat");
		r.close = resolve("close");
		r.dup = resolve("dup");
		r.dup2 = resolve("dup2");
		r.dup3 = resolve("dup3");
		r.fcntl = resolve("fcntl");
		r.ioctl = resolve("ioctl");
		r.mmap = resolve("mmap");
		r.munmap = resolve("munmap");
		r.fstatat = resolve("fstatat");
		r.fstat = resolve("fstat");
		r.statx = resolve("statx");
		r.faccessat = resolve("faccessat");
		r.opendir = resolve("opendir");
		r.readdir = resolve("readdir");
		r.readdir64 = resolve("readdir64");
		r.closedir = resolve("closedir");
		r.readlinkat = resolve("readlinkat");
		r.realpath = resolve("realpath");
		r.fopen = resolve("fopen");
		r.close_range = resolve("close_range");
		r.lseek = resolve("lseek");
		if (!r.openat) r.openat = raw_openat;
		if (!r.close) r.close = raw_close;
		if (!r.fstat) r.fstat = raw_fstat;
		if (!r.fstatat) r.fstatat = raw_fstatat;
		if (!r.ioctl) r.ioctl = raw_ioctl;
		if (!r.lseek) r.lseek = raw_lseek;
		shim_real = r;
		shim_trace_init();
		resolving = 0;
		__atomic_store_n(&real_ready, 1, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&real_lock);
}

/* True when the caller must use the raw fallbacks (we are inside resolution). */
static inline int ensure_real(void)
{
	if (__atomic_load_n(&real_ready, __ATOMIC_ACQUIRE))
		return 0;
	if (resolving)
		return 1;
	shim_real_init();
	return 0;
}

/* --- device fds ----------------------------------------------------------- */

static bool call_from_entry(int fd, const struct shim_fd_entry *e, struct shim_call *call)
{
	struct shim_device *dev = shim_device_peek();
	if (!dev || e->kind != SHIM_FD_DEVICE || e->slot >= SHIM_MAX_FILES)
		return false;
	struct shim_file *file = &dev->shared->files[e->slot];
	if (__atomic_load_n(&file->state, __ATOMIC_ACQUIRE) != SHIM_FILE_OPEN ||
	    file->generation != e->generation)
		return false;
	call->dev = dev;
	call->file = file;
	call->slot = e->slot;
	call->fd = fd;
	return true;
}

/* The instance if this process uses one already, or if one exists for our settings. */
static struct shim_device *device_if_any(void)
{
	struct shim_device *dev = shim_device_peek();
	if (dev)
		return dev;
	const char *base = getenv("I915_SHIM_DIR");
	const char *instance = getenv("I915_SHIM_INSTANCE");
	const struct shim_device_model *m = shim_device_model_from_env();
	char path[PATH_MAX];
	struct stat st;
	if (!m)
		return NULL;
	snprintf(path, sizeof(path), "%s/i915-shim-v%d-%s-%04x/state", base && *base ? base : "/dev/shm",
		 SHIM_LAYOUT_VERSION, instance && *instance ? instance : "default", m->devid);
	if (shim_real.fstatat(AT_FDCWD, path, &st, 0) < 0)
		return NULL;
	return shim_device_get();
}

/*
 * Is fd a device fd? Known fds are answered from the table; with
 * may_be_foreign, an unknown fd is checked against the instance's "files"
 * (an fd inherited across exec or received over a socket).
 */
static bool device_call(int fd, struct shim_call *call, bool may_be_foreign)
{
	struct shim_fd_entry e;
	if (fd < 0)
		return false;
	if (shim_fd_lookup(fd, &e)) {
		if (call_from_entry(fd, &e, call))
			return true;
		shim_fd_take(fd, &e);	/* stale: the number was reused behind our back */
	}
	if (!may_be_foreign)
		return false;
	struct shim_device *dev = device_if_any();
	if (!dev)
		return false;
	uint64_t gen;
	int slot = shim_device_slot_of_fd(dev, fd, &gen);
	if (slot < 0)
		return false;
	e = (struct shim_fd_entry){ .kind = SHIM_FD_DEVICE, .slot = (uint32_t)slot, .generation = gen };
	shim_fd_set(fd, &e);
	return call_from_entry(fd, &e, call);
}

static void fd_closed(const struct shim_fd_entry *e)
{
	struct shim_device *dev = shim_device_peek();
	if (dev && e->kind == SHIM_FD_DEVICE)
		shim_device_file_closed(dev, e->slot, e->generation);
	else if (dev && e->kind == SHIM_FD_DMABUF)
		shim_prime_fd_closed(dev, e->slot, e->generation);
}

/*
 * Is fd one of our dma-bufs (prime.h)? Known fds are answered from the table;
 * with may_be_foreign, an unknown fd is checked by fstat in a process that
 * uses the device (an fd inherited across exec or received over a socket).
 */
static struct shim_device *dmabuf_fd(int fd, uint32_t *id, bool may_be_foreign)
{
	struct shim_fd_entry e;
	struct shim_device *dev = shim_device_peek();
	if (!dev || fd < 0)
		return NULL;
	if (shim_fd_lookup(fd, &e)) {
		if (e.kind != SHIM_FD_DMABUF)
			return NULL;
		*id = e.slot;
		return dev;
	}
	if (!may_be_foreign)
		return NULL;
	uint64_t ino;
	*id = shim_prime_fd_id(dev, fd, &ino);
	if (!*id)
		return NULL;
	e = (struct shim_fd_entry){ .kind = SHIM_FD_DMABUF, .slot = *id, .generation = ino };
	shim_fd_set(fd, &e);
	return dev;
}

/* --- open ------------------------------------------------------------------ */

static int open_node(struct shim_device *dev, unsigned minor, int flags)
{
	uint32_t slot;
	uint64_t gen;
	int fd = shim_device_open(dev, minor, flags, &slot, &gen);
	if (fd < 0) {
		errno = -fd;
		return -1;
	}
	struct shim_fd_entry e = { .kind = SHIM_FD_DEVICE, .slot = slot, .generation = gen };
	shim_fd_set(fd, &e);
	return fd;
}

static int do_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	if (ensure_real())
		return raw_openat(dirfd, path, flags, mode);
	if (shim_fs_owned(path)) {
		struct shim_device *dev = shim_device_get();
		if (dev) {
			char red[PATH_MAX];
			struct stat st;
			if (shim_fs_redirect(dev, path, red, sizeof(red)) < 0) {
				errno = ENAMETOOLONG;
				return -1;
			}
			int sflags = (flags & O_NOFOLLOW) ? AT_SYMLINK_NOFOLLOW : 0;
			if (!(flags & O_PATH) && shim_real.fstatat(AT_FDCWD, red, &st, sflags) == 0) {
				int minor = shim_fs_node_minor(dev, &st);
				if (minor >= 0)
					return open_node(dev, (unsigned)minor, flags);
			}
			return shim_real.openat(AT_FDCWD, red, flags, mode);
		}
	}
	return shim_real.openat(dirfd, path, flags, mode);
}

static mode_t open_mode(int flags, va_list ap)
{
	return (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, mode_t) : 0;
}

SHIM_EXPORT int open(const char *path, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t mode = open_mode(flags, ap);
	va_end(ap);
	return do_openat(AT_FDCWD, path, flags, mode);
}

SHIM_EXPORT int open64(const char *path, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t mode = open_mode(flags, ap);
	va_end(ap);
	return do_openat(AT_FDCWD, path, flags, mode);
}

SHIM_EXPORT int openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t mode = open_mode(flags, ap);
	va_end(ap);
	return do_openat(dirfd, path, flags, mode);
}

SHIM_EXPORT int openat64(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t mode = open_mode(flags, ap);
	va_end(ap);
	return do_openat(dirfd, path, flags, mode);
}

/* The _FORTIFY_SOURCE variants: no mode argument. */
SHIM_EXPORT int __open_2(const char *path, int flags) { return do_openat(AT_FDCWD, path, flags, 0); }
SHIM_EXPORT int __open64_2(const char *path, int flags) { return do_openat(AT_FDCWD, path, flags, 0); }
SHIM_EXPORT int __openat_2(int dirfd, const char *path, int flags) { return do_openat(dirfd, path, flags, 0); }
SHIM_EXPORT int __openat64_2(int dirfd, const char *path, int flags) { return do_openat(dirfd, path, flags, 0); }

/* --- fd lifetime ----------------------------------------------------------- */

SHIM_EXPORT int close(int fd)
{
	if (ensure_real())
		return raw_close(fd);
	struct shim_fd_entry e;
	bool ours = shim_fd_take(fd, &e);
	int ret = shim_real.close(fd);
	if (ours) {
		int saved = errno;
		fd_closed(&e);
		errno = saved;
	}
	return ret;
}

SHIM_EXPORT int close_range(unsigned int first, unsigned int last, int flags)
{
	ensure_real();
	if (!shim_real.close_range) {
		errno = ENOSYS;
		return -1;
	}
	int ret = shim_real.close_range(first, last, flags);
	if (ret == 0 && !(flags & CLOSE_RANGE_CLOEXEC)) {
		unsigned hi = last < 65536 ? last : 65535;	/* the table never grows past this */
		for (unsigned fd = first; fd <= hi; fd++) {
			struct shim_fd_entry e;
			if (shim_fd_take((int)fd, &e))
				fd_closed(&e);
		}
	}
	return ret;
}

static void copy_entry(int oldfd, int newfd)
{
	struct shim_fd_entry e;
	if (newfd >= 0 && shim_fd_lookup(oldfd, &e))
		shim_fd_set(newfd, &e);
}

SHIM_EXPORT int dup(int fd)
{
	ensure_real();
	int nfd = shim_real.dup(fd);
	copy_entry(fd, nfd);
	return nfd;
}

static int dup_onto(int oldfd, int newfd, int ret)
{
	if (ret < 0 || oldfd == newfd)
		return ret;
	struct shim_fd_entry victim;
	bool had = shim_fd_take(newfd, &victim);
	copy_entry(oldfd, newfd);
	if (had) {
		int saved = errno;
		fd_closed(&victim);
		errno = saved;
	}
	return ret;
}

SHIM_EXPORT int dup2(int oldfd, int newfd)
{
	ensure_real();
	return dup_onto(oldfd, newfd, shim_real.dup2(oldfd, newfd));
}

SHIM_EXPORT int dup3(int oldfd, int newfd, int flags)
{
	ensure_real();
	return dup_onto(oldfd, newfd, shim_real.dup3(oldfd, newfd, flags));
}

static int do_fcntl(int fd, int cmd, unsigned long arg)
{
	if (ensure_real())
		return (int)syscall(SYS_fcntl, fd, cmd, arg);
	int ret = shim_real.fcntl(fd, cmd, arg);
	if ((cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC) && ret >= 0)
		copy_entry(fd, ret);
	return ret;
}

SHIM_EXPORT int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	va_start(ap, cmd);
	unsigned long arg = va_arg(ap, unsigned long);
	va_end(ap);
	return do_fcntl(fd, cmd, arg);
}

SHIM_EXPORT int fcntl64(int fd, int cmd, ...)
{
	va_list ap;
	va_start(ap, cmd);
	unsigned long arg = va_arg(ap, unsigned long);
	va_end(ap);
	return do_fcntl(fd, cmd, arg);
}

/* --- ioctl and mmap --------------------------------------------------------- */

SHIM_EXPORT int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	va_start(ap, request);
	void *arg = va_arg(ap, void *);
	va_end(ap);

	if (ensure_real())
		return raw_ioctl(fd, request, arg);
	struct shim_call call;
	if (device_call(fd, &call, _IOC_TYPE(request) == DRM_IOCTL_BASE)) {
		if (_IOC_TYPE(request) != DRM_IOCTL_BASE) {
			errno = ENOTTY;
			return -1;
		}
		int ret = shim_drm_ioctl(&call, request, arg);
		if (ret < 0) {
			errno = -ret;
			return -1;
		}
		return ret;
	}
	struct shim_device *sdev;
	int sret;
	uint32_t dmabuf;
	if (_IOC_TYPE(request) == DMA_BUF_BASE && (sdev = dmabuf_fd(fd, &dmabuf, true))) {
		sret = shim_prime_dmabuf_ioctl(sdev, dmabuf, request, arg);	/* a dma-buf (prime.c) */
		if (sret < 0) {
			errno = -sret;
			return -1;
		}
		return sret;
	}
	if (_IOC_TYPE(request) == SYNC_IOC_MAGIC && (sdev = device_if_any()) &&
	    shim_sync_file_ioctl(sdev, fd, request, arg, &sret)) {	/* a sync_file (sync_file.c) */
		if (sret < 0) {
			errno = -sret;
			return -1;
		}
		return sret;
	}
	return shim_real.ioctl(fd, request, arg);
}

SHIM_EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	ensure_real();
	struct shim_call call;
	struct shim_device *dev;
	uint32_t id;
	if (!(flags & MAP_ANONYMOUS) && device_call(fd, &call, true))
		return shim_device_mmap(&call, addr, len, prot, flags, offset);
	if (!(flags & MAP_ANONYMOUS) && (dev = dmabuf_fd(fd, &id, true)))
		return shim_prime_mmap(dev, id, fd, addr, len, prot, flags, offset);
	return shim_real.mmap(addr, len, prot, flags, fd, offset);
}

SHIM_EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	return mmap(addr, len, prot, flags, fd, offset);
}

/* dma-buf fds answer lseek as dma_buf_llseek does (R16); everything else passes. */
static off_t do_lseek(int fd, off_t offset, int whence)
{
	if (ensure_real())
		return raw_lseek(fd, offset, whence);
	struct shim_device *dev;
	uint32_t id;
	/* (0, SEEK_SET/SEEK_END) on a foreign dma-buf gives the same answer natively. */
	bool plain = offset == 0 && (whence == SEEK_SET || whence == SEEK_END);
	if ((dev = dmabuf_fd(fd, &id, !plain)))
		return shim_prime_lseek(dev, id, offset, whence);
	return shim_real.lseek(fd, offset, whence);
}

SHIM_EXPORT off_t lseek(int fd, off_t offset, int whence) { return do_lseek(fd, offset, whence); }
SHIM_EXPORT off64_t lseek64(int fd, off64_t offset, int whence) { return do_lseek(fd, offset, whence); }

SHIM_EXPORT int munmap(void *addr, size_t len)
{
	ensure_real();
	int ret = shim_real.munmap(addr, len);
	if (ret == 0) {
		int saved = errno;
		shim_gem_munmap(addr, len);
		errno = saved;
	}
	return ret;
}

/* --- stat ------------------------------------------------------------------- */

/* libc declares these paths nonnull, but callers do pass NULL; test through a call. */
static bool is_empty_path(const char *p)
{
	return p && !*p;
}

static int device_fstat(const struct shim_call *call, struct stat *st)
{
	int ret = shim_fs_node_stat(call->dev, call->file->minor, st);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return 0;
}

static int do_fstat(int fd, struct stat *st)
{
	if (ensure_real())
		return raw_fstat(fd, st);
	struct shim_call call;
	if (device_call(fd, &call, false))
		return device_fstat(&call, st);
	int ret = shim_real.fstat(fd, st);
	if (ret == 0 && S_ISREG(st->st_mode) && st->st_size == 0 && device_call(fd, &call, true))
		return device_fstat(&call, st);
	return ret;
}

static int do_fstatat(int dirfd, const char *path, struct stat *st, int flags)
{
	if (ensure_real())
		return raw_fstatat(dirfd, path, st, flags);
	if ((flags & AT_EMPTY_PATH) && is_empty_path(path))
		return do_fstat(dirfd, st);
	if (shim_fs_owned(path)) {
		struct shim_device *dev = shim_device_get();
		if (dev) {
			char red[PATH_MAX];
			if (shim_fs_redirect(dev, path, red, sizeof(red)) < 0) {
				errno = ENAMETOOLONG;
				return -1;
			}
			int ret = shim_real.fstatat(AT_FDCWD, red, st, flags);
			int minor = ret == 0 ? shim_fs_node_minor(dev, st) : -1;
			if (minor >= 0)
				shim_fs_fake_node_stat(st, (unsigned)minor);
			return ret;
		}
	}
	return shim_real.fstatat(dirfd, path, st, flags);
}

SHIM_EXPORT int stat(const char *path, struct stat *st) { return do_fstatat(AT_FDCWD, path, st, 0); }
SHIM_EXPORT int stat64(const char *path, struct stat64 *st) { return do_fstatat(AT_FDCWD, path, (struct stat *)st, 0); }
SHIM_EXPORT int lstat(const char *path, struct stat *st) { return do_fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW); }
SHIM_EXPORT int lstat64(const char *path, struct stat64 *st) { return do_fstatat(AT_FDCWD, path, (struct stat *)st, AT_SYMLINK_NOFOLLOW); }
SHIM_EXPORT int fstat(int fd, struct stat *st) { return do_fstat(fd, st); }
SHIM_EXPORT int fstat64(int fd, struct stat64 *st) { return do_fstat(fd, (struct stat *)st); }
SHIM_EXPORT int fstatat(int dirfd, const char *path, struct stat *st, int flags) { return do_fstatat(dirfd, path, st, flags); }
SHIM_EXPORT int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags) { return do_fstatat(dirfd, path, (struct stat *)st, flags); }

/* Programs built against glibc < 2.33 call these instead. */
SHIM_EXPORT int __xstat(int ver, const char *path, struct stat *st) { return do_fstatat(AT_FDCWD, path, st, 0); }
SHIM_EXPORT int __xstat64(int ver, const char *path, struct stat64 *st) { return do_fstatat(AT_FDCWD, path, (struct stat *)st, 0); }
SHIM_EXPORT int __lxstat(int ver, const char *path, struct stat *st) { return do_fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW); }
SHIM_EXPORT int __lxstat64(int ver, const char *path, struct stat64 *st) { return do_fstatat(AT_FDCWD, path, (struct stat *)st, AT_SYMLINK_NOFOLLOW); }
SHIM_EXPORT int __fxstat(int ver, int fd, struct stat *st) { return do_fstat(fd, st); }
SHIM_EXPORT int __fxstat64(int ver, int fd, struct stat64 *st) { return do_fstat(fd, (struct stat *)st); }
SHIM_EXPORT int __fxstatat(int ver, int dirfd, const char *path, struct stat *st, int flags) { return do_fstatat(dirfd, path, st, flags); }
SHIM_EXPORT int __fxstatat64(int ver, int dirfd, const char *path, struct stat64 *st, int flags) { return do_fstatat(dirfd, path, (struct stat *)st, flags); }

static void stat_to_statx(const struct stat *st, unsigned mask, struct statx *stx)
{
	memset(stx, 0, sizeof(*stx));
	stx->stx_mask = mask & (STATX_BASIC_STATS);
	stx->stx_blksize = (uint32_t)st->st_blksize;
	stx->stx_nlink = (uint32_t)st->st_nlink;
	stx->stx_uid = st->st_uid;
	stx->stx_gid = st->st_gid;
	stx->stx_mode = (uint16_t)st->st_mode;
	stx->stx_ino = st->st_ino;
	stx->stx_size = (uint64_t)st->st_size;
	stx->stx_blocks = (uint64_t)st->st_blocks;
	stx->stx_atime.tv_sec = st->st_atim.tv_sec;
	stx->stx_atime.tv_nsec = (uint32_t)st->st_atim.tv_nsec;
	stx->stx_mtime.tv_sec = st->st_mtim.tv_sec;
	stx->stx_mtime.tv_nsec = (uint32_t)st->st_mtim.tv_nsec;
	stx->stx_ctime.tv_sec = st->st_ctim.tv_sec;
	stx->stx_ctime.tv_nsec = (uint32_t)st->st_ctim.tv_nsec;
	stx->stx_rdev_major = major(st->st_rdev);
	stx->stx_rdev_minor = minor(st->st_rdev);
	stx->stx_dev_major = major(st->st_dev);
	stx->stx_dev_minor = minor(st->st_dev);
}

SHIM_EXPORT int statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *stx)
{
	ensure_real();
	struct shim_call call;
	bool empty = (flags & AT_EMPTY_PATH) && is_empty_path(path);
	if ((empty && device_call(dirfd, &call, true)) || (!empty && shim_fs_owned(path))) {
		struct stat st;
		int ret = empty ? do_fstat(dirfd, &st)
				: do_fstatat(dirfd, path, &st, flags & AT_SYMLINK_NOFOLLOW);
		if (ret == 0)
			stat_to_statx(&st, mask, stx);
		return ret;
	}
	if (!shim_real.statx) {
		errno = ENOSYS;
		return -1;
	}
	return shim_real.statx(dirfd, path, flags, mask, stx);
}

/* --- other path calls -------------------------------------------------------- */

/* Rewrites an owned path into buf and returns buf, or returns path unchanged. */
static const char *mapped_path(const char *path, char *buf, size_t len)
{
	if (ensure_real() || !shim_fs_owned(path))
		return path;
	struct shim_device *dev = shim_device_get();
	if (!dev || shim_fs_redirect(dev, path, buf, len) < 0)
		return path;
	return buf;
}

SHIM_EXPORT int access(const char *path, int mode)
{
	char buf[PATH_MAX];
	const char *p = mapped_path(path, buf, sizeof(buf));
	if (!shim_real.faccessat)
		return (int)syscall(SYS_faccessat, AT_FDCWD, p, mode, 0);
	return shim_real.faccessat(AT_FDCWD, p, mode, 0);
}

SHIM_EXPORT int faccessat(int dirfd, const char *path, int mode, int flags)
{
	char buf[PATH_MAX];
	const char *p = mapped_path(path, buf, sizeof(buf));
	if (!shim_real.faccessat)
		return (int)syscall(SYS_faccessat, dirfd, p, mode, flags);
	return shim_real.faccessat(p == buf ? AT_FDCWD : dirfd, p, mode, flags);
}

SHIM_EXPORT ssize_t readlinkat(int dirfd, const char *path, char *out, size_t len)
{
	char buf[PATH_MAX];
	const char *p = mapped_path(path, buf, sizeof(buf));
	if (!shim_real.readlinkat)
		return syscall(SYS_readlinkat, dirfd, p, out, len);
	return shim_real.readlinkat(p == buf ? AT_FDCWD : dirfd, p, out, len);
}

SHIM_EXPORT ssize_t readlink(const char *path, char *out, size_t len)
{
	return readlinkat(AT_FDCWD, path, out, len);
}

SHIM_EXPORT ssize_t __readlink_chk(const char *path, char *out, size_t len, size_t outlen)
{
	return readlinkat(AT_FDCWD, path, out, len);
}

SHIM_EXPORT ssize_t __readlinkat_chk(int dirfd, const char *path, char *out, size_t len, size_t outlen)
{
	return readlinkat(dirfd, path, out, len);
}

SHIM_EXPORT char *realpath(const char *path, char *resolved)
{
	char buf[PATH_MAX];
	ensure_real();
	const char *p = mapped_path(path, buf, sizeof(buf));
	char *ret = shim_real.realpath(p, resolved);
	struct shim_device *dev = shim_device_peek();
	if (ret && p == buf && dev)
		shim_fs_unredirect(dev, ret);
	return ret;
}

SHIM_EXPORT char *__realpath_chk(const char *path, char *resolved, size_t resolvedlen)
{
	return realpath(path, resolved);
}

SHIM_EXPORT FILE *fopen(const char *path, const char *mode)
{
	char buf[PATH_MAX];
	ensure_real();
	return shim_real.fopen(mapped_path(path, buf, sizeof(buf)), mode);
}

SHIM_EXPORT FILE *fopen64(const char *path, const char *mode)
{
	return fopen(path, mode);
}

/* --- /dev/dri listings --------------------------------------------------------- */

static pthread_mutex_t dirs_lock = PTHREAD_MUTEX_INITIALIZER;
static DIR *node_dirs[16];

static bool is_node_dir(DIR *d)
{
	bool found = false;
	pthread_mutex_lock(&dirs_lock);
	for (unsigned i = 0; i < 16; i++)
		if (node_dirs[i] == d)
			found = true;
	pthread_mutex_unlock(&dirs_lock);
	return found;
}

SHIM_EXPORT DIR *opendir(const char *path)
{
	char buf[PATH_MAX];
	ensure_real();
	const char *p = mapped_path(path, buf, sizeof(buf));
	DIR *d = shim_real.opendir(p);
	struct shim_device *dev = shim_device_peek();
	if (d && p == buf && dev && shim_fs_is_node_dir(dev, buf)) {
		pthread_mutex_lock(&dirs_lock);
		for (unsigned i = 0; i < 16; i++)
			if (!node_dirs[i]) {
				node_dirs[i] = d;
				break;
			}
		pthread_mutex_unlock(&dirs_lock);
	}
	return d;
}

static bool names_node(const char *name)
{
	return !strncmp(name, "card", 4) || !strncmp(name, "renderD", 7);
}

SHIM_EXPORT struct dirent *readdir(DIR *d)
{
	ensure_real();
	struct dirent *ent = shim_real.readdir(d);
	if (ent && ent->d_type == DT_REG && names_node(ent->d_name) && is_node_dir(d))
		ent->d_type = DT_CHR;
	return ent;
}

SHIM_EXPORT struct dirent64 *readdir64(DIR *d)
{
	ensure_real();
	struct dirent64 *ent = shim_real.readdir64(d);
	if (ent && ent->d_type == DT_REG && names_node(ent->d_name) && is_node_dir(d))
		ent->d_type = DT_CHR;
	return ent;
}

SHIM_EXPORT int closedir(DIR *d)
{
	ensure_real();
	pthread_mutex_lock(&dirs_lock);
	for (unsigned i = 0; i < 16; i++)
		if (node_dirs[i] == d)
			node_dirs[i] = NULL;
	pthread_mutex_unlock(&dirs_lock);
	return shim_real.closedir(d);
}
