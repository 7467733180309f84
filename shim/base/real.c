/* SPDX-License-Identifier: MIT */
/*
 * The real libc functions behind the ones the shim interposes (real.h):
 * resolved once with dlsym(RTLD_NEXT), with raw system calls standing in
 * while that runs, so the shim never recurses into itself as it starts.
 * Libc only: every layer may use shim_real.
 */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/log.h"
#include "base/real.h"
#include "base/signal_hold.h"

struct shim_real_fns shim_real;
static int real_ready;
static pthread_mutex_t real_lock = PTHREAD_MUTEX_INITIALIZER;
static __thread int resolving;

/* --- raw fallbacks, used only while the real functions are being resolved --- */

int shim_raw_fstat(int fd, struct stat *st)
{
	return (int)shim_syscall(SYS_fstat, fd, st);
}

int shim_raw_fstatat(int dirfd, const char *p, struct stat *st, int fl)
{
	return (int)shim_syscall(SYS_newfstatat, dirfd, p, st, fl);
}


int shim_raw_openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t mode = va_arg(ap, mode_t);
	va_end(ap);
	return (int)shim_syscall(SYS_openat, dirfd, path, flags, mode);
}
int shim_raw_close(int fd) { return (int)shim_syscall(SYS_close, fd); }
int shim_raw_ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	va_start(ap, req);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	return (int)shim_syscall(SYS_ioctl, fd, req, arg);
}

off_t shim_raw_lseek(int fd, off_t off, int whence) { return (off_t)shim_syscall(SYS_lseek, fd, off, whence); }
ssize_t shim_raw_read(int fd, void *buf, size_t len) { return (ssize_t)shim_syscall(SYS_read, fd, buf, len); }
ssize_t shim_raw_write(int fd, const void *buf, size_t len) { return (ssize_t)shim_syscall(SYS_write, fd, buf, len); }
int shim_raw_ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask)
{
	/* the kernel's sigset is 8 bytes; it writes the time left back into ts, which may be const */
	struct timespec left, *tp = NULL;
	if (ts) {
		left = *ts;
		tp = &left;
	}
	return (int)shim_syscall(SYS_ppoll, fds, n, tp, mask, 8);
}
static int raw_poll(struct pollfd *fds, nfds_t n, int timeout)
{
	struct timespec ts = { timeout / 1000, (long)(timeout % 1000) * 1000000 };
	return shim_raw_ppoll(fds, n, timeout < 0 ? NULL : &ts, NULL);
}

#if defined(__x86_64__)
/* The system call instruction itself: the interposed syscall() passes every number but
 * perf_event_open here, at any point of the shim's start, so this depends on nothing
 * being resolved. */
long shim_raw_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6)
{
	register long r10 __asm__("r10") = a4;
	register long r8 __asm__("r8") = a5;
	register long r9 __asm__("r9") = a6;
	long ret;
	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(nr), "D"(a1), "S"(a2), "d"(a3), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}
#else
/* Elsewhere libc's own syscall(), found past the shim. dlsym makes no system call through
 * syscall(), so resolving it cannot come back here. */
long shim_raw_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6)
{
	static long (*next)(long, ...);
	if (!next)
		next = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
	if (!next)
		return -ENOSYS;
	int saved = errno;
	long ret = next(nr, a1, a2, a3, a4, a5, a6);
	if (ret == -1) {
		ret = -errno;
		errno = saved;
	}
	return ret;
}
#endif

long shim_syscall6(long nr, long a1, long a2, long a3, long a4, long a5, long a6)
{
	long ret = shim_raw_syscall(nr, a1, a2, a3, a4, a5, a6);
	if (ret < 0 && ret > -4096) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

static void *resolve(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

void shim_real_init(void)
{
	if (__atomic_load_n(&real_ready, __ATOMIC_ACQUIRE))
		return;
	shim_mutex_lock(&real_lock);
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
		r.mprotect = resolve("mprotect");
		r.fstatat = resolve("fstatat");
		r.fstat = resolve("fstat");
		r.statx = resolve("statx");
		r.faccessat = resolve("faccessat");
		r.opendir = resolve("opendir");
		r.readdir = resolve("readdir");
		r.readdir64 = resolve("readdir64");
		r.closedir = resolve("closedir");
		r.rewinddir = resolve("rewinddir");
		r.nftw = resolve("nftw");
		r.ftw = resolve("ftw");
		r.readlinkat = resolve("readlinkat");
		r.realpath = resolve("realpath");
		r.fopen = resolve("fopen");
		r.close_range = resolve("close_range");
		r.lseek = resolve("lseek");
		r.read = resolve("read");
		r.write = resolve("write");
		r.poll = resolve("poll");
		r.ppoll = resolve("ppoll");
		r.sigaction = resolve("sigaction");
		r.signal = resolve("signal");
		r.sysv_signal = resolve("sysv_signal");
		if (!r.openat) r.openat = shim_raw_openat;
		if (!r.close) r.close = shim_raw_close;
		if (!r.fstat) r.fstat = shim_raw_fstat;
		if (!r.fstatat) r.fstatat = shim_raw_fstatat;
		if (!r.ioctl) r.ioctl = shim_raw_ioctl;
		if (!r.lseek) r.lseek = shim_raw_lseek;
		if (!r.read) r.read = shim_raw_read;
		if (!r.write) r.write = shim_raw_write;
		if (!r.poll) r.poll = raw_poll;
		if (!r.ppoll) r.ppoll = shim_raw_ppoll;
		shim_real = r;
		shim_log_init();
		resolving = 0;
		__atomic_store_n(&real_ready, 1, __ATOMIC_RELEASE);
	}
	shim_mutex_unlock(&real_lock);
}

int shim_ensure_real(void)
{
	if (__atomic_load_n(&real_ready, __ATOMIC_ACQUIRE))
		return 0;
	if (resolving)
		return 1;
	shim_real_init();
	return 0;
}

int shim_real_sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	if (!shim_real.sigaction)
		shim_real_init();
	if (!shim_real.sigaction) {
		errno = ENOSYS;
		return -1;
	}
	return shim_real.sigaction(sig, act, old);
}

int shim_private_fd(int fd)
{
	/* Keep the shim's own descriptors out of the low numbers programs expect to get
	 * (a closed fd must stay EBADF, not land on one of ours). */
	if (fd < 0 || fd >= SHIM_PRIVATE_FD_BASE)
		return fd;
	int high = shim_real.fcntl(fd, F_DUPFD_CLOEXEC, SHIM_PRIVATE_FD_BASE);
	if (high < 0)
		return fd;
	shim_real.close(fd);
	return high;
}

static pid_t cached_pid;

static void forget_pid(void)
{
	cached_pid = 0;
}

static void install_forget_pid(void)
{
	pthread_atfork(NULL, NULL, forget_pid);
}

pid_t shim_getpid(void)
{
	pid_t pid = __atomic_load_n(&cached_pid, __ATOMIC_RELAXED);
	if (pid)
		return pid;
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, install_forget_pid);
	pid = getpid();
	__atomic_store_n(&cached_pid, pid, __ATOMIC_RELAXED);
	return pid;
}
