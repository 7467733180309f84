/* SPDX-License-Identifier: MIT */
/*
 * The interposed file-system calls: stat and its variants, access,
 * readlink, realpath and fopen (directory listings: os/interpose_dir.c). Owned paths are answered
 * from the instance's tree (os/fs_view.h), with the node files presented as
 * character devices; a device fd stats as its node. debugfs is root-only
 * (os/fs_view.h). Everything else passes straight through. See os/interpose.c for start-up and fd routing.
 */
#define _GNU_SOURCE
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "base/real.h"
#include "drm/drm_device.h"
#include "drm/drm_ioctl.h"
#include "os/fs_view.h"
#include "os/interpose.h"

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
	if (shim_ensure_real())
		return shim_raw_fstat(fd, st);
	struct shim_call call;
	if (shim_device_call(fd, &call, false))
		return device_fstat(&call, st);
	int ret = shim_real.fstat(fd, st);
	if (ret == 0 && S_ISREG(st->st_mode) && st->st_size == 0 && shim_device_call(fd, &call, true))
		return device_fstat(&call, st);
	return ret;
}

const char *shim_at_path(int dirfd, const char *path, char *buf, size_t len)
{
	char link[40];
	if (dirfd < 0 || !path || path[0] == '/' || !path[0])
		return path;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", dirfd);
	ssize_t n = shim_syscall(SYS_readlinkat, AT_FDCWD, link, buf, len - 1);
	if (n <= 0 || buf[0] != '/')
		return path;
	buf[n] = '\0';
	if (!shim_fs_may_lead_in(buf, path))
		return path;	/* a directory of the tree (it resolves natively) or elsewhere */
	size_t want = (size_t)n + 1 + strlen(path) + 1;
	if (want > len)
		return path;
	if (n > 1)
		buf[n++] = '/';
	strcpy(buf + n, path);
	return shim_fs_owned(buf) ? buf : path;
}

static int do_fstatat(int dirfd, const char *path, struct stat *st, int flags)
{
	char at[PATH_MAX];
	if (shim_ensure_real())
		return shim_raw_fstatat(dirfd, path, st, flags);
	if ((flags & AT_EMPTY_PATH) && is_empty_path(path))
		return do_fstat(dirfd, st);
	path = shim_at_path(dirfd, path, at, sizeof(at));
	if (shim_fs_owned(path)) {
		int err = shim_fs_permission(path, false);
		if (err) {
			errno = -err;
			return -1;
		}
		struct shim_device *dev = shim_device_get();
		if (!dev && errno == EACCES)
			return -1;	/* an instance we may not trust */
		if (dev) {
			char red[PATH_MAX];
			if ((err = shim_fs_redirect(dev, path, red, sizeof(red))) < 0) {
				errno = -err;
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
	shim_ensure_real();
	struct shim_call call;
	bool empty = (flags & AT_EMPTY_PATH) && is_empty_path(path);
	if ((empty && shim_device_call(dirfd, &call, true)) || (!empty && shim_fs_owned(path))) {
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

/*
 * Rewrites an owned path into buf and returns buf, or returns path unchanged; NULL with
 * errno set when the caller may not reach it (debugfs, an instance we may not trust).
 */
const char *shim_mapped_path(const char *path, char *buf, size_t len, bool write)
{
	if (shim_ensure_real() || !shim_fs_owned(path))
		return path;
	int err = shim_fs_permission(path, write);
	if (err) {
		errno = -err;
		return NULL;
	}
	struct shim_device *dev = shim_device_get();
	if (!dev && errno == EACCES)
		return NULL;
	if (!dev)
		return path;
	if ((err = shim_fs_redirect(dev, path, buf, len)) < 0) {
		errno = -err;
		return NULL;
	}
	return buf;
}

SHIM_EXPORT int access(const char *path, int mode)
{
	char buf[PATH_MAX];
	const char *p = shim_mapped_path(path, buf, sizeof(buf), mode & W_OK);
	if (!p)
		return -1;
	if (!shim_real.faccessat)
		return (int)shim_syscall(SYS_faccessat, AT_FDCWD, p, mode, 0);
	return shim_real.faccessat(AT_FDCWD, p, mode, 0);
}

SHIM_EXPORT int faccessat(int dirfd, const char *path, int mode, int flags)
{
	char buf[PATH_MAX], at[PATH_MAX];
	if (!shim_ensure_real())
		path = shim_at_path(dirfd, path, at, sizeof(at));
	const char *p = shim_mapped_path(path, buf, sizeof(buf), mode & W_OK);
	if (!p)
		return -1;
	if (!shim_real.faccessat)
		return (int)shim_syscall(SYS_faccessat, dirfd, p, mode, flags);
	return shim_real.faccessat(p == buf ? AT_FDCWD : dirfd, p, mode, flags);
}

SHIM_EXPORT ssize_t readlinkat(int dirfd, const char *path, char *out, size_t len)
{
	char buf[PATH_MAX], at[PATH_MAX];
	if (!shim_ensure_real())
		path = shim_at_path(dirfd, path, at, sizeof(at));
	const char *p = shim_mapped_path(path, buf, sizeof(buf), false);
	if (!p)
		return -1;
	if (!shim_real.readlinkat)
		return shim_syscall(SYS_readlinkat, dirfd, p, out, len);
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
	shim_ensure_real();
	const char *p = shim_mapped_path(path, buf, sizeof(buf), false);
	if (!p)
		return NULL;
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
	shim_ensure_real();
	const char *p = shim_mapped_path(path, buf, sizeof(buf), mode && strpbrk(mode, "wa+"));
	return p ? shim_real.fopen(p, mode) : NULL;
}

SHIM_EXPORT FILE *fopen64(const char *path, const char *mode)
{
	return fopen(path, mode);
}
