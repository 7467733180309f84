/*
 * Helpers shared by the PRIME tests in tests/prime/: i915 objects, PRIME
 * export/import, and passing fds between processes over a socketpair
 * (SCM_RIGHTS). Only open/close/ioctl/mmap/lseek and the kernel uAPI headers,
 * so the programs run unchanged on a real i915 device.
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

/* A render-node fd of an i915 device, or SKIP. */
static inline int open_i915(void)
{
	int fd = open_render();
	if (!test_is_i915(fd))
		SKIP_MISSING("not an i915 device");
	return fd;
}

static inline uint32_t bo_create(int fd, uint64_t size)
{
	struct drm_i915_gem_create c = { .size = size };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c));
	ASSERT(c.handle != 0);
	return c.handle;
}

static inline int bo_pwrite(int fd, uint32_t h, uint64_t off, const void *p, uint64_t len)
{
	struct drm_i915_gem_pwrite a = { .handle = h, .offset = off, .size = len, .data_ptr = (uintptr_t)p };
	return ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &a);
}

static inline int bo_pread(int fd, uint32_t h, uint64_t off, void *p, uint64_t len)
{
	struct drm_i915_gem_pread a = { .handle = h, .offset = off, .size = len, .data_ptr = (uintptr_t)p };
	return ioctl(fd, DRM_IOCTL_I915_GEM_PREAD, &a);
}

/* Fills [0, len) of h with words seed, seed+1, ... */
static inline void bo_fill(int fd, uint32_t h, uint64_t len, uint32_t seed)
{
	uint32_t *buf = malloc(len);
	ASSERT(buf);
	for (uint64_t i = 0; i < len / 4; i++)
		buf[i] = seed + (uint32_t)i;
	ASSERT_OK(bo_pwrite(fd, h, 0, buf, len));
	free(buf);
}

/* Does [0, len) of h hold the words bo_fill(seed) wrote? */
static inline bool bo_check(int fd, uint32_t h, uint64_t len, uint32_t seed)
{
	uint32_t *buf = malloc(len);
	ASSERT(buf);
	ASSERT_OK(bo_pread(fd, h, 0, buf, len));
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

/* --- fds between processes ----------------------------------------------- */

static inline void send_fd(int sock, int fd)
{
	char byte = 'f';
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	union { struct cmsghdr h; char buf[CMSG_SPACE(sizeof(int))]; } u;
	memset(&u, 0, sizeof(u));
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
			      .msg_controllen = sizeof(u.buf) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	ASSERT_EQ(sendmsg(sock, &msg, 0), 1);
}

static inline int recv_fd(int sock)
{
	char byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	union { struct cmsghdr h; char buf[CMSG_SPACE(sizeof(int))]; } u;
	memset(&u, 0, sizeof(u));
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
			      .msg_controllen = sizeof(u.buf) };
	ASSERT_EQ(recvmsg(sock, &msg, MSG_CMSG_CLOEXEC), 1);
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	ASSERT(c && c->cmsg_type == SCM_RIGHTS);
	int fd;
	memcpy(&fd, CMSG_DATA(c), sizeof(int));
	return fd;
}

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
