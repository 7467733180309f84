/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the PRIME tests in tests/prime/: PRIME export/import,
 * object patterns and process tokens (i915 objects: tests/i915/i915_test.h;
 * fd passing: tests/drm_test_util.h). Only open/close/ioctl/mmap/lseek and
 * the kernel uAPI headers, so the programs run unchanged on a real i915.
 *
 * Wrappers return the ioctl result (0 or -1 with errno); every fd returned
 * belongs to the caller.
 */
#ifndef TESTS_PRIME_PRIME_TEST_H
#define TESTS_PRIME_PRIME_TEST_H

#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <drm.h>
#include <i915_drm.h>

#include "tests/ioctl/ioctl_util.h"
#include "tests/i915/i915_test.h"

/* Fills [0, len) of h with words seed, seed+1, ... */
static inline void bo_fill(int fd, uint32_t h, uint64_t len, uint32_t seed)
{
	uint32_t *buf = malloc(len);
	ASSERT(buf);
	for (uint64_t i = 0; i < len / 4; i++)
		buf[i] = seed + (uint32_t)i;
	ASSERT_OK(gem_pwrite(fd, h, 0, buf, len));
	free(buf);
}

/* Does [0, len) of h hold the words bo_fill(seed) wrote? */
static inline bool bo_check(int fd, uint32_t h, uint64_t len, uint32_t seed)
{
	uint32_t *buf = malloc(len);
	ASSERT(buf);
	ASSERT_OK(gem_pread(fd, h, 0, buf, len));
	bool ok = true;
	for (uint64_t i = 0; i < len / 4 && ok; i++)
		ok = buf[i] == seed + (uint32_t)i;
	free(buf);
	return ok;
}

static inline bool map_check(const void *p, uint64_t len, uint32_t seed)
{
	const uint32_t *w = p;
	for (uint64_t i = 0; i < len / 4; i++)
		if (w[i] != seed + (uint32_t)i)
			return false;
	return true;
}

static inline int prime_export(int fd, uint32_t handle, uint32_t flags, int *out)
{
	struct drm_prime_handle p = { .handle = handle, .flags = flags, .fd = -1 };
	int r = ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p);
	if (r == 0)
		*out = p.fd;
	return r;
}

static inline int prime_import(int fd, int dmabuf, uint32_t *handle)
{
	struct drm_prime_handle p = { .fd = dmabuf };
	int r = ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &p);
	if (r == 0)
		*handle = p.handle;
	return r;
}

static inline int must_export(int fd, uint32_t handle)
{
	int d = -1;
	ASSERT_OK(prime_export(fd, handle, DRM_CLOEXEC | DRM_RDWR, &d));
	ASSERT(d >= 0);
	return d;
}

static inline uint32_t must_import(int fd, int dmabuf)
{
	uint32_t h = 0;
	ASSERT_OK(prime_import(fd, dmabuf, &h));
	ASSERT(h != 0);
	return h;
}

static inline ino_t inode_of(int fd)
{
	struct stat st;
	ASSERT_OK(fstat(fd, &st));
	return st.st_ino;
}

/* --- between processes (send_fd/recv_fd: tests/drm_test_util.h) ---------- */

/* One byte of "go on" between processes. */
static inline void send_token(int sock, char t)
{
	ASSERT_EQ(write(sock, &t, 1), 1);
}

static inline char recv_token(int sock)
{
	char t = 0;
	ASSERT_EQ(read(sock, &t, 1), 1);
	return t;
}

/* Waits for a child: it must exit 0. */
static inline void reap_child(pid_t pid)
{
	int status;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		TEST_FAIL("child failed (status 0x%x)", status);
}

#endif
