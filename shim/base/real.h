/* SPDX-License-Identifier: MIT */
/*
 * The real libc functions behind the ones the shim interposes.
 *
 * shim_real is filled once, lazily, by shim_real_init() (dlsym RTLD_NEXT).
 * Until then, and on any thread that is inside initialisation, the
 * interposers fall back to raw system calls, so the shim never recurses into
 * itself while it starts.
 */
#ifndef SHIM_REAL_H
#define SHIM_REAL_H

#include <dirent.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

struct shim_real_fns {
	int (*openat)(int, const char *, int, ...);
	int (*close)(int);
	int (*dup)(int);
	int (*dup2)(int, int);
	int (*dup3)(int, int, int);
	int (*fcntl)(int, int, ...);
	int (*ioctl)(int, unsigned long, ...);
	void *(*mmap)(void *, size_t, int, int, int, off_t);
	int (*munmap)(void *, size_t);
	int (*mprotect)(void *, size_t, int);
	int (*fstatat)(int, const char *, struct stat *, int);
	int (*fstat)(int, struct stat *);
	int (*statx)(int, const char *, int, unsigned int, struct statx *);
	int (*faccessat)(int, const char *, int, int);
	DIR *(*opendir)(const char *);
	struct dirent *(*readdir)(DIR *);
	struct dirent64 *(*readdir64)(DIR *);
	int (*closedir)(DIR *);
	void (*rewinddir)(DIR *);
	int (*nftw)(const char *, int (*)(const char *, const struct stat *, int, struct FTW *), int, int);
	int (*ftw)(const char *, int (*)(const char *, const struct stat *, int), int);
	ssize_t (*readlinkat)(int, const char *, char *, size_t);
	char *(*realpath)(const char *, char *);
	FILE *(*fopen)(const char *, const char *);
	int (*close_range)(unsigned int, unsigned int, int);
	off_t (*lseek)(int, off_t, int);
	ssize_t (*read)(int, void *, size_t);
	ssize_t (*write)(int, const void *, size_t);
	int (*poll)(struct pollfd *, nfds_t, int);
	int (*ppoll)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);
	int (*sigaction)(int, const struct sigaction *, struct sigaction *);
	__sighandler_t (*signal)(int, __sighandler_t);
	__sighandler_t (*sysv_signal)(int, __sighandler_t);
};

extern struct shim_real_fns shim_real;

/* Resolve shim_real; safe to call many times and from any thread. */
void shim_real_init(void);
/* Makes shim_real usable; true when the caller must use raw system calls instead
 * (it is running inside the resolution of shim_real itself). */
int shim_ensure_real(void);

/* The real sigaction(2), resolved if need be; -1 with ENOSYS when there is none. */
int shim_real_sigaction(int sig, const struct sigaction *act, struct sigaction *old);

/* getpid(2) without the system call: cached, and refreshed in a fork's child. */
pid_t shim_getpid(void);

/* The system calls themselves, for use before shim_real is ready. */
int shim_raw_openat(int dirfd, const char *path, int flags, ...);
int shim_raw_close(int fd);
int shim_raw_ioctl(int fd, unsigned long req, ...);
off_t shim_raw_lseek(int fd, off_t off, int whence);
ssize_t shim_raw_read(int fd, void *buf, size_t len);
ssize_t shim_raw_write(int fd, const void *buf, size_t len);
int shim_raw_ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts, const sigset_t *mask);
int shim_raw_fstat(int fd, struct stat *st);
int shim_raw_fstatat(int dirfd, const char *p, struct stat *st, int fl);
#include "base/raw_syscall.h"

/* Moves a descriptor the shim keeps for itself to a high number (>= SHIM_PRIVATE_FD_BASE). */
#define SHIM_PRIVATE_FD_BASE 512
int shim_private_fd(int fd);

#endif
