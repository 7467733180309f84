/* SPDX-License-Identifier: MIT */
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
#include <linux/perf_event.h>
#include <linux/sync_file.h>

#include "base/fd_table.h"
#include "base/mmio_trap.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "drm/drm_device.h"
#include "drm/drm_ioctl.h"
#include "drm/drm_prime.h"
#include "drm/drm_syncobj.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_trace.h"
#include "drm/pci_sysfs.h"
#include "drm/perf_event.h"
#include "os/fs_view.h"
#include "os/interpose.h"


/* Lets tests (and programs) tell that the shim is loaded. */
SHIM_EXPORT const int i915_shim_present = 1;

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
 * may_be_foreign, an unknown fd is checked against the instance's open-file
 * FIFOs (an fd inherited across exec or received over a socket).
 */
bool shim_device_call(int fd, struct shim_call *call, bool may_be_foreign)
{
	struct shim_fd_entry e;
	if (fd < 0)
		return false;
	if (shim_fd_lookup(fd, &e)) {
		if (call_from_entry(fd, &e, call))
			return true;
		if (e.kind != SHIM_FD_DEVICE)
			return false;	/* another of ours (a dma-buf, a perf event): not a device */
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
	else if (dev && e->kind == SHIM_FD_CONTROL)
		shim_drm_control_closed(dev, e->slot);
	else if (e->kind == SHIM_FD_PERF)
		shim_perf_event_closed(e->slot);
}

/*
 * Is fd one of our dma-bufs (drm/drm_prime.h)? Known fds are answered from the table;
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
	char at[PATH_MAX];
	if (shim_ensure_real())
		return shim_raw_openat(dirfd, path, flags, mode);
	path = shim_at_path(dirfd, path, at, sizeof(at));
	if (shim_fs_owned(path)) {
		bool write = (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC));
		int err = shim_fs_permission(path, write);
		if (err) {
			errno = -err;
			return -1;
		}
		struct shim_device *dev = shim_device_get();
		if (!dev && errno == EACCES)
			return -1;	/* an instance we may not trust: never the host's node instead */
		if (dev) {
			char red[PATH_MAX];
			struct stat st;
			if ((err = shim_fs_redirect(dev, path, red, sizeof(red))) < 0) {
				errno = -err;
				return -1;
			}
			int sflags = (flags & O_NOFOLLOW) ? AT_SYMLINK_NOFOLLOW : 0;
			if (!(flags & O_PATH) && shim_real.fstatat(AT_FDCWD, red, &st, sflags) == 0) {
				int minor = shim_fs_node_minor(dev, &st);
				if (minor >= 0)
					return open_node(dev, (unsigned)minor, flags);
			}
			int fd = shim_real.openat(AT_FDCWD, red, flags, mode);
			int minor = (flags & O_ACCMODE) != O_RDONLY ? shim_drm_control_minor(dev, red) : -1;
			if (fd >= 0 && minor >= 0) {
				struct shim_fd_entry e = { .kind = SHIM_FD_CONTROL, .slot = (uint32_t)minor };
				shim_fd_set(fd, &e);
			}
			if (fd >= 0 && (flags & O_DIRECTORY))
				shim_dir_fd_opened(fd, path);
			return fd;
		}
	}
	int fd = shim_real.openat(dirfd, path, flags, mode);
	if (fd >= 0 && (flags & O_DIRECTORY) && !(flags & O_PATH) && shim_fs_junction(path))
		shim_dir_fd_opened(fd, path);
	return fd;
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
	if (shim_ensure_real())
		return shim_raw_close(fd);
	struct shim_fd_entry e;
	bool ours = shim_fd_take(fd, &e);
	shim_dir_fd_closed(fd);
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
	shim_ensure_real();
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
	if (newfd >= 0 && shim_fd_lookup(oldfd, &e)) {
		shim_fd_set(newfd, &e);
		if (e.kind == SHIM_FD_PERF)
			shim_perf_event_dup(e.slot);	/* the event goes with its last fd */
	}
}

SHIM_EXPORT int dup(int fd)
{
	shim_ensure_real();
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
	shim_ensure_real();
	return dup_onto(oldfd, newfd, shim_real.dup2(oldfd, newfd));
}

SHIM_EXPORT int dup3(int oldfd, int newfd, int flags)
{
	shim_ensure_real();
	return dup_onto(oldfd, newfd, shim_real.dup3(oldfd, newfd, flags));
}

static int do_fcntl(int fd, int cmd, unsigned long arg)
{
	if (shim_ensure_real())
		return (int)shim_syscall(SYS_fcntl, fd, cmd, arg);
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

	if (shim_ensure_real())
		return shim_raw_ioctl(fd, request, arg);
	struct shim_call call;
	if (shim_device_call(fd, &call, _IOC_TYPE(request) == DRM_IOCTL_BASE)) {
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
	struct shim_fd_entry pe;
	if (_IOC_TYPE(request) == '$' && shim_fd_lookup(fd, &pe) && pe.kind == SHIM_FD_PERF &&
	    (sdev = shim_device_get())) {	/* a perf event (drm/perf_event.c) */
		sret = shim_perf_event_ioctl(sdev, pe.slot, request, (uint64_t)(uintptr_t)arg);
		if (sret < 0) {
			errno = -sret;
			return -1;
		}
		return sret;
	}
	if (_IOC_TYPE(request) == DMA_BUF_BASE && (sdev = dmabuf_fd(fd, &dmabuf, true))) {
		sret = shim_prime_dmabuf_ioctl(sdev, dmabuf, request, arg);	/* a dma-buf (drm/drm_prime.c) */
		if (sret < 0) {
			errno = -sret;
			return -1;
		}
		return sret;
	}
	if (_IOC_TYPE(request) == SYNC_IOC_MAGIC && (sdev = device_if_any()) &&
	    shim_sync_file_ioctl(sdev, fd, request, arg, &sret)) {	/* a sync_file (drm/sync_file.c) */
		if (sret < 0) {
			errno = -sret;
			return -1;
		}
		return sret;
	}
	return shim_real.ioctl(fd, request, arg);
}

/* read(2) of a device fd returns its DRM events (drm_read), of a perf event of the
 * driver's PMU its counts; every other fd passes. Only
 * fds this process knows as device fds are looked at: a read of any fd costs one table
 * lookup, never a system call. */
static ssize_t do_read(int fd, void *buf, size_t len)
{
	if (shim_ensure_real())
		return shim_raw_read(fd, buf, len);
	struct shim_call call;
	if (shim_device_call(fd, &call, false)) {
		int fl = shim_real.fcntl(fd, F_GETFL);
		ssize_t ret = shim_drm_read(&call, buf, len, fl >= 0 && (fl & O_NONBLOCK));
		if (ret < 0) {
			errno = (int)-ret;
			return -1;
		}
		return ret;
	}
	struct shim_fd_entry e;
	struct shim_device *dev;
	if (shim_fd_lookup(fd, &e) && e.kind == SHIM_FD_PERF && (dev = shim_device_get())) {
		ssize_t ret = shim_perf_event_read(dev, e.slot, shim_uptr(buf), len);	/* drm/perf_event.c */
		if (ret < 0) {
			errno = (int)-ret;
			return -1;
		}
		return ret;
	}
	return shim_real.read(fd, buf, len);
}

SHIM_EXPORT ssize_t read(int fd, void *buf, size_t len) { return do_read(fd, buf, len); }
SHIM_EXPORT ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen)
{
	if (len > buflen)
		__builtin_trap();	/* glibc's __chk_fail: a buffer overflow the caller asked for */
	return do_read(fd, buf, len);
}

/* FO7: a DRM fd has no write (the kernel's drm fops leave it out: EINVAL). Ours is a
 * FIFO whose bytes are its readiness, which a write must not touch. */
static ssize_t do_write(int fd, const void *buf, size_t len)
{
	if (shim_ensure_real())
		return shim_raw_write(fd, buf, len);
	struct shim_fd_entry e;
	if (shim_fd_lookup(fd, &e) && e.kind == SHIM_FD_DEVICE) {
		errno = EINVAL;
		return -1;
	}
	return shim_real.write(fd, buf, len);
}

SHIM_EXPORT ssize_t write(int fd, const void *buf, size_t len) { return do_write(fd, buf, len); }

/* A PCI BAR's sysfs file (drm/pci_sysfs.h), however this process came by the fd (an open
 * of the path, relative to a directory, inherited): *bar is the BAR. One fstat(2). */
static struct shim_device *pci_resource_fd(int fd, unsigned *bar)
{
	struct stat st;
	struct shim_device *dev = shim_device_peek();
	int saved = errno, b = -1;
	if (dev && fd >= 0 && shim_real.fstat(fd, &st) == 0)
		b = shim_pci_resource_bar(dev, &st);
	errno = saved;
	if (b < 0)
		return NULL;
	*bar = (unsigned)b;
	return dev;
}

SHIM_EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	shim_ensure_real();
	struct shim_call call;
	struct shim_device *dev;
	uint32_t id;
	unsigned bar;
	void *p;
	if (!(flags & MAP_ANONYMOUS) && shim_device_call(fd, &call, true))
		p = shim_drm_mmap(&call, addr, len, prot, flags, offset);
	else if (!(flags & MAP_ANONYMOUS) && (dev = dmabuf_fd(fd, &id, true)))
		p = shim_prime_mmap(dev, id, fd, addr, len, prot, flags, offset);
	else if (!(flags & MAP_ANONYMOUS) && (dev = pci_resource_fd(fd, &bar)))
		return shim_pci_resource_mmap(dev, fd, bar, addr, len, prot, flags, offset);
	else
		p = shim_real.mmap(addr, len, prot, flags, fd, offset);
	if (p != MAP_FAILED && (flags & MAP_FIXED))
		shim_mmio_trap_remove(p, len);	/* a BAR mapping it replaced is gone */
	return p;
}

SHIM_EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	return mmap(addr, len, prot, flags, fd, offset);
}

/* dma-buf fds answer lseek as dma_buf_llseek does (R16); everything else passes. */
static off_t do_lseek(int fd, off_t offset, int whence)
{
	if (shim_ensure_real())
		return shim_raw_lseek(fd, offset, whence);
	struct shim_device *dev;
	uint32_t id;
	/* (0, SEEK_SET/SEEK_END) on a foreign dma-buf gives the same answer natively. */
	bool plain = offset == 0 && (whence == SEEK_SET || whence == SEEK_END);
	if ((dev = dmabuf_fd(fd, &id, !plain)))
		return shim_prime_lseek(dev, id, offset, whence);
	/* A DRM fd answers as noop_llseek does: with its position, which stays 0. Ours are
	 * FIFOs, which would say ESPIPE; one we did not hand out is looked for only then. */
	struct shim_call call;
	if (shim_device_call(fd, &call, false))
		return 0;
	int saved = errno;
	shim_dir_fd_seek(fd, offset, whence);
	off_t ret = shim_real.lseek(fd, offset, whence);
	if (ret < 0 && errno == ESPIPE) {
		/* Any pipe gets here: the lookup must not change the ESPIPE it sees. */
		if (shim_device_call(fd, &call, true)) {
			errno = saved;
			return 0;
		}
		errno = ESPIPE;
	}
	return ret;
}

SHIM_EXPORT off_t lseek(int fd, off_t offset, int whence) { return do_lseek(fd, offset, whence); }
SHIM_EXPORT off64_t lseek64(int fd, off64_t offset, int whence) { return do_lseek(fd, offset, whence); }

SHIM_EXPORT int munmap(void *addr, size_t len)
{
	shim_ensure_real();
	int ret = shim_real.munmap(addr, len);
	if (ret == 0) {
		int saved = errno;
		shim_mmio_trap_remove(addr, len);
		shim_drm_munmap(addr, len);
		errno = saved;
	}
	return ret;
}

/* mprotect(2): a BAR mapping keeps trapping every access, with what the program allows now
 * (libpciaccess's MTRR path protects its mapping PROT_NONE and back). Others pass. */
SHIM_EXPORT int mprotect(void *addr, size_t len, int prot)
{
	shim_ensure_real();
	if (shim_mmio_trap_overlaps(addr, len))
		return shim_mmio_trap_protect(addr, len, prot);
	if (!shim_real.mprotect)
		return (int)shim_syscall(SYS_mprotect, addr, len, prot);
	return shim_real.mprotect(addr, len, prot);
}


/* --- perf_event_open ------------------------------------------------------------ */

/*
 * perf_event_open(2) has no libc wrapper: programs (IGT's igt_perf.c) call syscall().
 * That number with the driver's PMU type is the perf core's (drm/perf_event.c); every
 * other call goes straight to the kernel through shim_raw_syscall, which needs nothing
 * resolved. The shim's own code calls shim_syscall (base/real.h), never this one.
 */
static long perf_open(const struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
		      unsigned long flags, bool *ours)
{
	uint32_t type;
	*ours = false;
	if (shim_copy_from_user(&type, shim_uptr(attr) + offsetof(struct perf_event_attr, type), sizeof(type)))
		return 0;			/* the kernel says EFAULT itself */
	struct shim_fd_entry g;
	bool group_ours = group_fd >= 0 && shim_fd_lookup(group_fd, &g) && g.kind == SHIM_FD_PERF;
	if (!shim_perf_type_ours(type)) {
		if (!group_ours)
			return 0;
		*ours = true;
		return -EINVAL;			/* a host event cannot join a group of ours */
	}
	struct shim_device *dev = shim_device_get();
	if (!dev)
		return 0;			/* no instance: the kernel answers (ENOENT) */
	*ours = true;
	int group = group_fd < 0 || (flags & PERF_FLAG_FD_NO_GROUP) ? -1 : group_ours ? (int)g.slot : -2;
	uint32_t slot;
	int fd = shim_perf_event_open(dev, shim_uptr(attr), pid, cpu, group, flags, &slot);
	if (fd >= 0) {
		struct shim_fd_entry e = { .kind = SHIM_FD_PERF, .slot = slot };
		shim_fd_set(fd, &e);
	}
	return fd;
}

/* The caller passed as many arguments as its system call takes, not six; like libc's, this
 * takes six regardless (what a call does not take, the kernel ignores). The sixth comes from
 * the caller's stack, where a sanitizer would see a read past its arguments: not checked. */
__attribute__((no_sanitize_address))
SHIM_EXPORT long syscall(long nr, ...)
{
	va_list ap;
	va_start(ap, nr);
	long a1 = va_arg(ap, long), a2 = va_arg(ap, long), a3 = va_arg(ap, long);
	long a4 = va_arg(ap, long), a5 = va_arg(ap, long), a6 = va_arg(ap, long);
	va_end(ap);
	long ret = 0;
	bool ours = false;
	if (nr == SYS_perf_event_open && !shim_ensure_real())
		ret = perf_open((const struct perf_event_attr *)a1, (pid_t)a2, (int)a3, (int)a4,
				(unsigned long)a5, &ours);
	if (!ours)
		ret = shim_raw_syscall(nr, a1, a2, a3, a4, a5, a6);
	if (ret < 0 && ret > -4096) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

/* Some libraries (libpfm) define their own perf_event_open; one that looks it up finds this. */
SHIM_EXPORT int perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
				unsigned long flags)
{
	return (int)syscall(SYS_perf_event_open, attr, pid, cpu, group_fd, flags);	/* ours, above */
}
