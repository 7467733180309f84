/* SPDX-License-Identifier: MIT */
/*
 * Directory listings, statfs and extended attributes of the paths the shim
 * owns or composes (os/fs_view.h).
 *
 * What a listing shows, so that device discovery finds the emulated machine
 * and nothing of the host's GPU:
 *  - an owned directory (/sys/class/drm, /sys/bus/pci/devices, /dev/dri,
 *    /sys/kernel/debug...) lists only the tree's entries: the PCI bus has our
 *    device alone, and no program ever finds the host's GPU there;
 *  - a junction, a host directory that holds owned entries (/sys, /sys/class,
 *    /sys/bus, /sys/bus/pci, /sys/bus/pci/drivers, /sys/devices/pci0000:00,
 *    /sys/dev/char, /sys/kernel, /sys/module, /dev), lists the host's entries
 *    plus ours, ours replacing the host's of the same name: the rest of the
 *    host (its net devices, its other buses) stays as it is.
 * Every route agrees: opendir/readdir, scandir and scandirat (glibc's use its
 * internal opendir, which no interposer sees), nftw and ftw (likewise), and
 * getdents64 on an fd from open(O_DIRECTORY). The composed listing is taken
 * when the directory is opened and kept until it is closed (rewinddir or an
 * lseek to 0 starts it again), in a small table keyed by the DIR or the fd;
 * an fd is checked against the directory it was opened on, so a number
 * closed behind our back (close_range) never shows a stale listing.
 * Not covered: fts (glibc's also bypasses us) and shim_syscall(SYS_getdents64) on a
 * junction (they see the host's entries); raw syscalls on owned directories
 * work, since those are real directories of the tree.
 *
 * statfs answers DEBUGFS_MAGIC below /sys/kernel/debug, so debugfs looks
 * mounted and no root program mounts the host's; xattrs of owned paths
 * answer as sysfs without an LSM does (none). Calls only shim_real, system
 * calls and os/fs_view.h.
 */
#define _GNU_SOURCE
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "base/real.h"
#include "base/signal_hold.h"
#include "drm/drm_device.h"
#include "os/fs_view.h"
#include "os/interpose.h"

/* --- open listings ----------------------------------------------------------- */

#define MAX_LISTINGS 64

struct open_listing {
	DIR *dir;			/* a listing read through readdir, or */
	int fd;				/* one read through getdents64 (-1: none) */
	dev_t dev;			/* what fd was opened on */
	ino_t ino;
	size_t pos;
	struct shim_fs_listing *l;
	struct dirent de;
	struct dirent64 de64;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct open_listing open_listings[MAX_LISTINGS];
static int n_open;	/* lets the common case (no composed listing open) skip the lock */

static struct shim_fs_listing *composed(const char *path)
{
	if (!shim_fs_junction(path))
		return NULL;
	struct shim_device *dev = shim_device_get();
	return dev ? shim_fs_listing(dev, path) : NULL;
}

static bool track(DIR *d, int fd, struct shim_fs_listing *l)
{
	struct stat st = { 0 };
	if (fd >= 0 && shim_real.fstat(fd, &st) < 0)
		return false;
	bool done = false;
	shim_mutex_lock(&lock);
	for (unsigned i = 0; i < MAX_LISTINGS && !done; i++) {
		struct open_listing *o = &open_listings[i];
		if (o->l && fd >= 0 && o->fd == fd) {	/* a number reused behind our back */
			free(o->l);
			o->l = NULL;
			n_open--;
		}
		if (!o->l) {
			*o = (struct open_listing){ .dir = d, .fd = fd, .dev = st.st_dev,
						    .ino = st.st_ino, .l = l };
			n_open++;
			done = true;
		}
	}
	shim_mutex_unlock(&lock);
	return done;
}

/* The slot of d (or of fd when d is NULL), with the lock held; NULL (lock not held) if none. */
static struct open_listing *find(DIR *d, int fd)
{
	if (!__atomic_load_n(&n_open, __ATOMIC_RELAXED))
		return NULL;
	shim_mutex_lock(&lock);
	for (unsigned i = 0; i < MAX_LISTINGS; i++) {
		struct open_listing *o = &open_listings[i];
		if (o->l && (d ? o->dir == d : (!o->dir && o->fd == fd)))
			return o;
	}
	shim_mutex_unlock(&lock);
	return NULL;
}

static void drop(struct open_listing *o)
{
	free(o->l);
	o->l = NULL;
	o->dir = NULL;
	n_open--;
}

/* --- readdir ------------------------------------------------------------------- */

SHIM_EXPORT DIR *opendir(const char *path)
{
	char buf[PATH_MAX];
	shim_ensure_real();
	const char *p = shim_mapped_path(path, buf, sizeof(buf), false);
	if (!p)
		return NULL;
	DIR *d = shim_real.opendir(p);
	if (!d)
		return NULL;
	int saved = errno;
	struct shim_fs_listing *l = composed(path);
	if (l && !track(d, -1, l))
		free(l);
	errno = saved;
	return d;
}

static const struct shim_fs_dirent *next(struct open_listing *o)
{
	return o->pos < o->l->count ? &o->l->ent[o->pos++] : NULL;
}

SHIM_EXPORT struct dirent *readdir(DIR *d)
{
	shim_ensure_real();
	struct open_listing *o = find(d, -1);
	if (!o)
		return shim_real.readdir(d);
	const struct shim_fs_dirent *e = next(o);
	struct dirent *ret = NULL;
	if (e) {
		o->de.d_ino = e->ino;
		o->de.d_off = (off_t)o->pos;
		o->de.d_reclen = sizeof(o->de);
		o->de.d_type = e->type;
		memcpy(o->de.d_name, e->name, sizeof(o->de.d_name));
		ret = &o->de;
	}
	shim_mutex_unlock(&lock);
	return ret;
}

SHIM_EXPORT struct dirent64 *readdir64(DIR *d)
{
	shim_ensure_real();
	struct open_listing *o = find(d, -1);
	if (!o)
		return shim_real.readdir64(d);
	const struct shim_fs_dirent *e = next(o);
	struct dirent64 *ret = NULL;
	if (e) {
		o->de64.d_ino = e->ino;
		o->de64.d_off = (off64_t)o->pos;
		o->de64.d_reclen = sizeof(o->de64);
		o->de64.d_type = e->type;
		memcpy(o->de64.d_name, e->name, sizeof(o->de64.d_name));
		ret = &o->de64;
	}
	shim_mutex_unlock(&lock);
	return ret;
}

SHIM_EXPORT void rewinddir(DIR *d)
{
	shim_ensure_real();
	struct open_listing *o = find(d, -1);
	if (o) {
		o->pos = 0;
		shim_mutex_unlock(&lock);
	}
	shim_real.rewinddir(d);
}

SHIM_EXPORT int closedir(DIR *d)
{
	shim_ensure_real();
	struct open_listing *o = find(d, -1);
	if (o) {
		drop(o);
		shim_mutex_unlock(&lock);
	}
	return shim_real.closedir(d);
}

/* --- getdents64 on an fd -------------------------------------------------------- */

void shim_dir_fd_opened(int fd, const char *path)
{
	int saved = errno;
	struct shim_fs_listing *l = composed(path);
	if (l && !track(NULL, fd, l))
		free(l);
	errno = saved;
}

void shim_dir_fd_closed(int fd)
{
	struct open_listing *o = find(NULL, fd);
	if (o) {
		drop(o);
		shim_mutex_unlock(&lock);
	}
}

void shim_dir_fd_seek(int fd, off_t off, int whence)
{
	struct open_listing *o = find(NULL, fd);
	if (o) {
		if (whence == SEEK_SET && off >= 0)
			o->pos = (size_t)off;
		shim_mutex_unlock(&lock);
	}
}

/* The record layout of getdents64(2). */
struct linux_dirent64_rec {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

SHIM_EXPORT ssize_t getdents64(int fd, void *buf, size_t len)
{
	shim_ensure_real();
	struct open_listing *o = find(NULL, fd);
	struct stat st;
	if (o && (shim_real.fstat(fd, &st) < 0 || st.st_dev != o->dev || st.st_ino != o->ino)) {
		drop(o);	/* the number now names something else */
		shim_mutex_unlock(&lock);
		o = NULL;
	}
	if (!o)
		return shim_syscall(SYS_getdents64, fd, buf, len);
	size_t used = 0;
	while (o->pos < o->l->count) {
		const struct shim_fs_dirent *e = &o->l->ent[o->pos];
		size_t reclen = (offsetof(struct linux_dirent64_rec, d_name) + strlen(e->name) + 1 + 7) & ~(size_t)7;
		if (used + reclen > len)
			break;
		struct linux_dirent64_rec *r = (struct linux_dirent64_rec *)((char *)buf + used);
		memset(r, 0, reclen);
		r->d_ino = e->ino;
		r->d_off = (int64_t)o->pos + 1;
		r->d_reclen = (unsigned short)reclen;
		r->d_type = e->type;
		strcpy(r->d_name, e->name);
		used += reclen;
		o->pos++;
	}
	bool too_small = used == 0 && o->pos < o->l->count;
	shim_mutex_unlock(&lock);
	if (too_small) {
		errno = EINVAL;
		return -1;
	}
	return (ssize_t)used;
}

/* --- scandir --------------------------------------------------------------------- */

/* Through our opendir/readdir, so the listing is the one readdir shows; sorted as glibc
 * sorts (qsort with the caller's comparison), entries malloc'd one by one. */
static int do_scandir(const char *path, struct dirent ***out, int (*sel)(const struct dirent *),
		      int (*cmp)(const struct dirent **, const struct dirent **))
{
	DIR *d = opendir(path);
	if (!d)
		return -1;
	struct dirent **v = NULL, *e;
	size_t n = 0, cap = 0;
	int err = 0;
	errno = 0;
	while ((e = readdir(d))) {
		if (sel && !sel(e)) {
			errno = 0;
			continue;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			struct dirent **nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				err = ENOMEM;
				break;
			}
			v = nv;
		}
		size_t sz = offsetof(struct dirent, d_name) + strlen(e->d_name) + 1;
		if (!(v[n] = malloc(sz < sizeof(*e) ? sz : sizeof(*e)))) {
			err = ENOMEM;
			break;
		}
		memcpy(v[n], e, sz < sizeof(*e) ? sz : sizeof(*e));
		v[n]->d_reclen = (unsigned short)sz;
		n++;
		errno = 0;
	}
	if (!err)
		err = errno;
	closedir(d);
	if (err) {
		while (n)
			free(v[--n]);
		free(v);
		errno = err;
		return -1;
	}
	if (cmp && n > 1)
		qsort(v, n, sizeof(*v), (int (*)(const void *, const void *))cmp);
	*out = v;
	return (int)n;
}

SHIM_EXPORT int scandir(const char *path, struct dirent ***out, int (*sel)(const struct dirent *),
			int (*cmp)(const struct dirent **, const struct dirent **))
{
	shim_ensure_real();
	return do_scandir(path, out, sel, cmp);
}

SHIM_EXPORT int scandir64(const char *path, struct dirent64 ***out, int (*sel)(const struct dirent64 *),
			  int (*cmp)(const struct dirent64 **, const struct dirent64 **))
{
	_Static_assert(sizeof(struct dirent) == sizeof(struct dirent64), "LP64 dirent");
	shim_ensure_real();
	return do_scandir(path, (struct dirent ***)out, (int (*)(const struct dirent *))sel,
			  (int (*)(const struct dirent **, const struct dirent **))cmp);
}

/* A path relative to dirfd as the absolute path a listing is composed for. */
static const char *dir_path(int dirfd, const char *path, char *buf, size_t len)
{
	if (dirfd == AT_FDCWD || !path || path[0] == '/')
		return path;
	char link[40];
	snprintf(link, sizeof(link), "/proc/self/fd/%d", dirfd);
	ssize_t n = shim_syscall(SYS_readlinkat, AT_FDCWD, link, buf, len - 1);
	if (n <= 0 || buf[0] != '/' || (size_t)n + 2 + strlen(path) > len)
		return NULL;
	buf[n] = '\0';
	if (path[0])
		snprintf(buf + n, len - (size_t)n, "%s%s", n > 1 ? "/" : "", path);
	return buf;
}

SHIM_EXPORT int scandirat(int dirfd, const char *path, struct dirent ***out,
			  int (*sel)(const struct dirent *),
			  int (*cmp)(const struct dirent **, const struct dirent **))
{
	char buf[PATH_MAX];
	shim_ensure_real();
	const char *p = dir_path(dirfd, path, buf, sizeof(buf));
	if (!p) {
		errno = EBADF;
		return -1;
	}
	return do_scandir(p, out, sel, cmp);
}

SHIM_EXPORT int scandirat64(int dirfd, const char *path, struct dirent64 ***out,
			    int (*sel)(const struct dirent64 *),
			    int (*cmp)(const struct dirent64 **, const struct dirent64 **))
{
	return scandirat(dirfd, path, (struct dirent ***)out, (int (*)(const struct dirent *))sel,
			 (int (*)(const struct dirent **, const struct dirent **))cmp);
}

/* --- nftw, ftw ------------------------------------------------------------------- */

/*
 * A walk that touches the shim's paths ("/", a junction, an owned path) goes through our
 * opendir/readdir/stat; any other walk, and one asking for FTW_CHDIR (chdir is not
 * redirected), is glibc's own.
 */
struct walk {
	int (*nfn)(const char *, const struct stat *, int, struct FTW *);
	int (*fn)(const char *, const struct stat *, int);
	int flags;
	dev_t root_dev;
	struct { dev_t dev; ino_t ino; } *seen;	/* directories entered (without FTW_PHYS) */
	size_t n_seen, cap_seen;
	char path[PATH_MAX];
};

static int call(struct walk *w, const struct stat *st, int type, int base, int level)
{
	struct FTW f = { .base = base, .level = level };
	return w->nfn ? w->nfn(w->path, st, type, &f) : w->fn(w->path, st, type);
}

static int walk_node(struct walk *w, size_t len, int base, int level);

static int walk_dir(struct walk *w, const struct stat *st, size_t len, int base, int level)
{
	DIR *d = opendir(w->path);
	if (!d)
		return call(w, st, FTW_DNR, base, level);
	/* Read the whole directory first: one DIR open at a time, whatever the depth. */
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	int ret = 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			char **nn = realloc(names, cap * sizeof(*names));
			if (!nn) {
				ret = -1;
				break;
			}
			names = nn;
		}
		if (!(names[n] = strdup(e->d_name))) {
			ret = -1;
			break;
		}
		n++;
	}
	closedir(d);
	size_t todo = n;
	if (!ret && !(w->flags & FTW_DEPTH)) {
		ret = call(w, st, FTW_D, base, level);
		if ((w->flags & FTW_ACTIONRETVAL) && ret == FTW_SKIP_SUBTREE)
			todo = 0, ret = 0;	/* FTW_SKIP_SIBLINGS goes up to the parent's loop */
	}
	for (size_t i = 0; !ret && i < todo; i++) {
		size_t nl = strlen(names[i]);
		size_t sep = w->path[len - 1] == '/' ? 0 : 1;
		if (len + sep + nl + 1 > sizeof(w->path)) {
			errno = ENAMETOOLONG;
			ret = -1;
			break;
		}
		if (sep)
			w->path[len] = '/';
		memcpy(w->path + len + sep, names[i], nl + 1);
		ret = walk_node(w, len + sep + nl, (int)(len + sep), level + 1);
		w->path[len] = '\0';
		if ((w->flags & FTW_ACTIONRETVAL) && ret == FTW_SKIP_SIBLINGS) {
			ret = 0;
			break;
		}
		if ((w->flags & FTW_ACTIONRETVAL) && ret == FTW_SKIP_SUBTREE)
			ret = 0;
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (!ret && (w->flags & FTW_DEPTH))
		ret = call(w, st, FTW_DP, base, level);
	return ret;
}

static int walk_node(struct walk *w, size_t len, int base, int level)
{
	struct stat st;
	int type;
	bool phys = w->flags & FTW_PHYS;
	if ((phys ? lstat(w->path, &st) : stat(w->path, &st)) < 0) {
		if (!phys && errno == ENOENT && lstat(w->path, &st) == 0 && S_ISLNK(st.st_mode))
			type = FTW_SLN;
		else
			type = FTW_NS;
	} else if (S_ISDIR(st.st_mode)) {
		if (level == 0)
			w->root_dev = st.st_dev;
		if ((w->flags & FTW_MOUNT) && st.st_dev != w->root_dev)
			return 0;
		if (!phys) {	/* a directory reached twice through symlinks is walked once */
			for (size_t i = 0; i < w->n_seen; i++)
				if (w->seen[i].dev == st.st_dev && w->seen[i].ino == st.st_ino)
					return 0;
			if (w->n_seen == w->cap_seen) {
				size_t cap = w->cap_seen ? w->cap_seen * 2 : 64;
				void *ns = realloc(w->seen, cap * sizeof(*w->seen));
				if (!ns)
					return -1;
				w->seen = ns;
				w->cap_seen = cap;
			}
			w->seen[w->n_seen].dev = st.st_dev;
			w->seen[w->n_seen++].ino = st.st_ino;
		}
		return walk_dir(w, &st, len, base, level);
	} else {
		type = S_ISLNK(st.st_mode) ? FTW_SL : FTW_F;
	}
	if (type == FTW_NS && level == 0)
		return -1;	/* the root itself: nftw fails with stat's errno */
	return call(w, &st, type, base, level);
}

static bool walk_is_ours(const char *path)
{
	return path && (!strcmp(path, "/") || shim_fs_junction(path) || shim_fs_owned(path));
}

static int do_walk(const char *path, struct walk *w)
{
	size_t len = strlen(path);
	if (len == 0) {
		errno = ENOENT;
		return -1;
	}
	if (len >= sizeof(w->path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(w->path, path, len + 1);
	const char *slash = strrchr(path, '/');
	int base = slash && slash[1] ? (int)(slash - path + 1) : 0;
	int ret = walk_node(w, len, base, 0);
	free(w->seen);
	if ((w->flags & FTW_ACTIONRETVAL) && (ret == FTW_SKIP_SUBTREE || ret == FTW_SKIP_SIBLINGS))
		ret = 0;
	return ret;
}

SHIM_EXPORT int nftw(const char *path, int (*fn)(const char *, const struct stat *, int, struct FTW *),
		     int nopenfd, int flags)
{
	shim_ensure_real();
	if ((flags & FTW_CHDIR) || !walk_is_ours(path))
		return shim_real.nftw(path, fn, nopenfd, flags);
	struct walk *w = calloc(1, sizeof(*w));
	if (!w)
		return -1;
	w->nfn = fn;
	w->flags = flags;
	int ret = do_walk(path, w);
	free(w);
	return ret;
}

SHIM_EXPORT int nftw64(const char *path, int (*fn)(const char *, const struct stat64 *, int, struct FTW *),
		       int nopenfd, int flags)
{
	return nftw(path, (int (*)(const char *, const struct stat *, int, struct FTW *))fn, nopenfd, flags);
}

SHIM_EXPORT int ftw(const char *path, int (*fn)(const char *, const struct stat *, int), int nopenfd)
{
	shim_ensure_real();
	if (!walk_is_ours(path))
		return shim_real.ftw(path, fn, nopenfd);
	struct walk *w = calloc(1, sizeof(*w));
	if (!w)
		return -1;
	w->fn = fn;
	int ret = do_walk(path, w);
	free(w);
	return ret;
}

SHIM_EXPORT int ftw64(const char *path, int (*fn)(const char *, const struct stat64 *, int), int nopenfd)
{
	return ftw(path, (int (*)(const char *, const struct stat *, int))fn, nopenfd);
}

/* --- statfs ---------------------------------------------------------------------- */

static int do_statfs(const char *path, struct statfs *sf)
{
	char buf[PATH_MAX];
	shim_ensure_real();
	const char *p = shim_mapped_path(path, buf, sizeof(buf), false);
	if (!p)
		return -1;
	int ret = (int)shim_syscall(SYS_statfs, p, sf);
	if (ret == 0 && p == buf)
		sf->f_type = shim_fs_magic(path);
	return ret;
}

/* The absolute path as programs name it of a descriptor of the tree, in out; false if not. */
static bool fd_tree_path(int fd, char *out, size_t len)
{
	char link[40];
	struct shim_device *dev = shim_device_peek();
	if (!dev)
		return false;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	ssize_t n = shim_syscall(SYS_readlinkat, AT_FDCWD, link, out, len - 1);
	if (n <= 0)
		return false;
	out[n] = '\0';
	if (strncmp(out, dev->inst.root, dev->inst.root_len) ||
	    (out[dev->inst.root_len] != '/' && out[dev->inst.root_len] != '\0'))
		return false;
	shim_fs_unredirect(dev, out);
	return true;
}

static int do_fstatfs(int fd, struct statfs *sf)
{
	char path[PATH_MAX];
	shim_ensure_real();
	int ret = (int)shim_syscall(SYS_fstatfs, fd, sf);
	struct shim_call call;
	if (ret == 0 && shim_device_call(fd, &call, false))
		sf->f_type = shim_fs_magic("/dev/dri");
	else if (ret == 0 && fd_tree_path(fd, path, sizeof(path)))
		sf->f_type = shim_fs_magic(path);
	return ret;
}

SHIM_EXPORT int statfs(const char *path, struct statfs *sf) { return do_statfs(path, sf); }
SHIM_EXPORT int statfs64(const char *path, struct statfs64 *sf) { return do_statfs(path, (struct statfs *)sf); }
SHIM_EXPORT int fstatfs(int fd, struct statfs *sf) { return do_fstatfs(fd, sf); }
SHIM_EXPORT int fstatfs64(int fd, struct statfs64 *sf) { return do_fstatfs(fd, (struct statfs *)sf); }

/* --- extended attributes ------------------------------------------------------------ */

/*
 * An owned path has no attributes (sysfs without an LSM has none to show): get answers
 * ENODATA and list an empty list once the path is known to exist; the tree's own attributes
 * (of the file system under the instance) never show.
 */
static int owned_xattr(const char *path, bool follow, bool list)
{
	char buf[PATH_MAX];
	struct stat st;
	const char *p = shim_mapped_path(path, buf, sizeof(buf), false);
	if (!p)
		return -1;
	if (shim_real.fstatat(AT_FDCWD, p, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW) < 0)
		return -1;
	if (list)
		return 0;
	errno = ENODATA;
	return -1;
}

static bool xattr_ours(const char *path)
{
	shim_ensure_real();
	return shim_fs_owned(path) && shim_device_get();
}

static bool fd_xattr_ours(int fd)
{
	char path[PATH_MAX];
	struct shim_call call;
	shim_ensure_real();
	return shim_device_call(fd, &call, false) || fd_tree_path(fd, path, sizeof(path));
}

SHIM_EXPORT ssize_t getxattr(const char *path, const char *name, void *value, size_t size)
{
	if (xattr_ours(path))
		return owned_xattr(path, true, false);
	return shim_syscall(SYS_getxattr, path, name, value, size);
}

SHIM_EXPORT ssize_t lgetxattr(const char *path, const char *name, void *value, size_t size)
{
	if (xattr_ours(path))
		return owned_xattr(path, false, false);
	return shim_syscall(SYS_lgetxattr, path, name, value, size);
}

SHIM_EXPORT ssize_t fgetxattr(int fd, const char *name, void *value, size_t size)
{
	if (fd_xattr_ours(fd)) {
		errno = ENODATA;
		return -1;
	}
	return shim_syscall(SYS_fgetxattr, fd, name, value, size);
}

SHIM_EXPORT ssize_t listxattr(const char *path, char *list, size_t size)
{
	if (xattr_ours(path))
		return owned_xattr(path, true, true);
	return shim_syscall(SYS_listxattr, path, list, size);
}

SHIM_EXPORT ssize_t llistxattr(const char *path, char *list, size_t size)
{
	if (xattr_ours(path))
		return owned_xattr(path, false, true);
	return shim_syscall(SYS_llistxattr, path, list, size);
}

SHIM_EXPORT ssize_t flistxattr(int fd, char *list, size_t size)
{
	if (fd_xattr_ours(fd))
		return 0;
	return shim_syscall(SYS_flistxattr, fd, list, size);
}
