/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: drmPrimeHandleToFD and drmPrimeFDToHandle, with libdrm
 * 2.4.114's conventions (doc/libdrm-intel-behavior.md §14): the fd field is
 * preset to -1, the result is the raw ioctl result (0, or -1 with errno), and
 * the output is written only on success; the kernel deduplicates imports.
 *
 * Built twice: against our libdrm.so.2 and against Debian's (DEBIAN_LIBDRM);
 * both must pass. To see what reaches the kernel, this program defines its
 * own exported ioctl() that records the PRIME argument on entry and hands the
 * call on (to the shim's, or libc's on a real device).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <i915_drm.h>

#include "xf86drm.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "tests/lib/lib_test.h"

static struct drm_prime_handle seen;	/* the last PRIME argument, as passed in */
static int prime_calls;

__attribute__((visibility("default"))) int ioctl(int fd, unsigned long request, ...)
{
	static int (*next)(int, unsigned long, ...);
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (request == DRM_IOCTL_PRIME_HANDLE_TO_FD || request == DRM_IOCTL_PRIME_FD_TO_HANDLE) {
		memcpy(&seen, arg, sizeof(seen));
		prime_calls++;
	}
	if (!next)
		next = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	return next(fd, request, arg);
}

static uint32_t create(int fd, uint64_t size)
{
	struct drm_i915_gem_create c = { .size = size };

	ASSERT_OK(drmIoctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c));
	return c.handle;
}

TEST(handle_to_fd)
{
	int fd = i915_open();
	uint32_t h = create(fd, 8192);
	int d = 12345;

	ASSERT_EQ(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC | DRM_RDWR, &d), 0);
	ASSERT(d >= 0 && d != 12345);
	ASSERT_EQ(seen.fd, -1);			/* preset */
	ASSERT_EQ(seen.handle, h);
	ASSERT_EQ(seen.flags, DRM_CLOEXEC | DRM_RDWR);
	ASSERT(fcntl(d, F_GETFD) & FD_CLOEXEC);
	ASSERT_EQ(lseek(d, 0, SEEK_END), 8192);
	int d2 = -7;
	ASSERT_EQ(drmPrimeHandleToFD(fd, h, 0, &d2), 0);	/* flags passed as given */
	ASSERT_EQ(seen.flags, 0);
	ASSERT(!(fcntl(d2, F_GETFD) & FD_CLOEXEC));
	close(d2);
	close(d);
	close(fd);
}

TEST(handle_to_fd_errors)
{
	int fd = i915_open();
	uint32_t h = create(fd, 4096);
	int d = 12345;

	errno = 0;
	ASSERT_EQ(drmPrimeHandleToFD(fd, h + 100, DRM_CLOEXEC, &d), -1);	/* raw result */
	ASSERT_EQ(errno, ENOENT);
	ASSERT_EQ(d, 12345);			/* untouched on failure */
	ASSERT_EQ(drmPrimeHandleToFD(fd, h, 0x4, &d), -1);
	ASSERT_EQ(errno, EINVAL);
	ASSERT_EQ(d, 12345);
	ASSERT_EQ(drmPrimeHandleToFD(closed_fd(), h, DRM_CLOEXEC, &d), -1);
	ASSERT_EQ(errno, EBADF);
	ASSERT_EQ(d, 12345);
	close(fd);
}

TEST(fd_to_handle)
{
	int fa = i915_open(), fb = i915_open();
	uint32_t h = create(fa, 4096), hb = 0, again = 0, self = 0;
	int d = -1;

	ASSERT_EQ(drmPrimeHandleToFD(fa, h, DRM_CLOEXEC, &d), 0);
	ASSERT_EQ(drmPrimeFDToHandle(fb, d, &hb), 0);
	ASSERT(hb != 0);
	ASSERT_EQ(seen.fd, d);
	ASSERT_EQ(drmPrimeFDToHandle(fb, d, &again), 0);
	ASSERT_EQ(again, hb);			/* the kernel dedupes */
	ASSERT_EQ(drmPrimeFDToHandle(fa, d, &self), 0);
	ASSERT_EQ(self, h);
	close(d);
	close(fa);
	close(fb);
}

TEST(fd_to_handle_errors)
{
	int fd = i915_open();
	uint32_t h = 777;

	errno = 0;
	ASSERT_EQ(drmPrimeFDToHandle(fd, fd, &h), -1);	/* not a dma-buf */
	ASSERT_EQ(errno, EINVAL);
	ASSERT_EQ(h, 777);
	ASSERT_EQ(drmPrimeFDToHandle(fd, closed_fd(), &h), -1);
	ASSERT_EQ(errno, EBADF);
	ASSERT_EQ(h, 777);
	close(fd);
}

#ifndef DEBIAN_LIBDRM
/* Where libdrm would write through NULL, ours fails first, making nothing. */
TEST(null_outputs)
{
	int fd = i915_open();
	uint32_t h = create(fd, 4096);
	int d = -1;

	prime_calls = 0;
	errno = 0;
	ASSERT_EQ(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC, NULL), -1);
	ASSERT_EQ(errno, EINVAL);
	ASSERT_EQ(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC, &d), 0);
	ASSERT_EQ(drmPrimeFDToHandle(fd, d, NULL), -1);
	ASSERT_EQ(errno, EINVAL);
	ASSERT_EQ(prime_calls, 1);
	close(d);
	close(fd);
}
#define OURS_ONLY , T(null_outputs)
#else
#define OURS_ONLY
#endif

TEST_MAIN(T(handle_to_fd), T(handle_to_fd_errors), T(fd_to_handle), T(fd_to_handle_errors) OURS_ONLY)
