/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: drmIoctl (restart on EINTR/EAGAIN, nothing else),
 * drmCommandNone/Read/Write/WriteRead, drmCloseBufferHandle.
 *
 * To see the restarts, this program defines its own ioctl(): it comes first
 * in symbol lookup, so libdrm's calls reach it. It fails the calls it was
 * told to fail and hands every other call to the next ioctl (the shim's, or
 * libc's on a real device). It must be exported (default visibility and
 * -export-dynamic), as the project builds with -fvisibility=hidden.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <i915_drm.h>

#include "xf86drm.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "tests/lib/lib_test.h"

/* Requests equal to fake_request fail with the errnos in fake_errnos[]. */
static unsigned long fake_request;
static const int *fake_errnos;
static int fake_left;
static int calls;

/* Exported despite -fvisibility=hidden, so that libdrm's calls bind here. */
__attribute__((visibility("default"))) int ioctl(int fd, unsigned long request, ...)
{
	static int (*next)(int, unsigned long, ...);
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (request == fake_request && fake_left > 0) {
		calls++;
		errno = *fake_errnos++;
		fake_left--;
		return -1;
	}
	if (request == fake_request)
		calls++;
	if (!next)
		next = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	return next(fd, request, arg);
}

static void fake(unsigned long request, const int *errnos, int n)
{
	fake_request = request;
	fake_errnos = errnos;
	fake_left = n;
	calls = 0;
}

static uint32_t create_bo(int fd)
{
	struct drm_i915_gem_create create;

	memset(&create, 0, sizeof(create));
	create.size = 4096;
	ASSERT_EQ(drmIoctl(fd, DRM_IOCTL_I915_GEM_CREATE, &create), 0);
	ASSERT(create.handle != 0);
	return create.handle;
}

TEST(ioctl_success)
{
	int fd = open_render();
	struct drm_version v;

	memset(&v, 0, sizeof(v));
	ASSERT_EQ(drmIoctl(fd, DRM_IOCTL_VERSION, &v), 0);
	ASSERT(v.name_len > 0);
	close(fd);
}

TEST(ioctl_restarts_on_eintr_and_eagain)
{
	static const int errs[] = { EINTR, EAGAIN, EINTR, EINTR, EAGAIN };
	int fd = open_render();
	struct drm_version v;

	memset(&v, 0, sizeof(v));
	fake(DRM_IOCTL_VERSION, errs, 5);
	ASSERT_EQ(drmIoctl(fd, DRM_IOCTL_VERSION, &v), 0);
	ASSERT_EQ(calls, 6);
	ASSERT(v.name_len > 0);
	close(fd);
}

TEST(ioctl_other_errors_not_restarted)
{
	static const int errs[] = { EINTR, EIO, EINTR };
	int fd = open_render();
	struct drm_version v;

	memset(&v, 0, sizeof(v));
	fake(DRM_IOCTL_VERSION, errs, 3);
	ASSERT_ERRNO(drmIoctl(fd, DRM_IOCTL_VERSION, &v), EIO);
	ASSERT_EQ(calls, 2);
	close(fd);
}

TEST(ioctl_errors_passed_through)
{
	int fd = open_render();
	int p[2];
	struct drm_version v;

	memset(&v, 0, sizeof(v));
	ASSERT_ERRNO(drmIoctl(closed_fd(), DRM_IOCTL_VERSION, &v), EBADF);
	ASSERT_ERRNO(drmIoctl(-1, DRM_IOCTL_VERSION, &v), EBADF);
	ASSERT_EQ(pipe(p), 0);
	ASSERT_ERRNO(drmIoctl(p[0], DRM_IOCTL_VERSION, &v), ENOTTY);
	/* D8: unreadable argument */
	ASSERT_ERRNO(drmIoctl(fd, DRM_IOCTL_VERSION, (void *)8), EFAULT);
	/* D1: not a DRM ioctl */
	ASSERT_ERRNO(drmIoctl(fd, TCGETS, &v), ENOTTY);
	close(fd);
}

TEST(command_write_read_getparam)
{
	int fd = i915_open();
	int value = 0;
	struct drm_i915_getparam gp = { I915_PARAM_CHIPSET_ID, &value };

	ASSERT_EQ(drmCommandWriteRead(fd, DRM_I915_GETPARAM, &gp, sizeof(gp)), 0);
	ASSERT(value != 0);
	printf("# chipset id %#x\n", value);
	if (shim_present() && !getenv("I915_SHIM_DEVID"))
		ASSERT_EQ(value, 0x1912);
	gp.param = -1;
	ASSERT_EQ(drmCommandWriteRead(fd, DRM_I915_GETPARAM, &gp, sizeof(gp)), -EINVAL);
	close(fd);
}

TEST(command_read_aperture)
{
	int fd = i915_open();
	struct drm_i915_gem_get_aperture ap;

	memset(&ap, 0, sizeof(ap));
	ASSERT_EQ(drmCommandRead(fd, DRM_I915_GEM_GET_APERTURE, &ap, sizeof(ap)), 0);
	ASSERT(ap.aper_size > 0);
	ASSERT(ap.aper_available_size <= ap.aper_size);
	close(fd);
}

TEST(command_write_sw_finish)
{
	int fd = i915_open();
	struct drm_i915_gem_sw_finish fin;

	memset(&fin, 0, sizeof(fin));
	fin.handle = create_bo(fd);
	ASSERT_EQ(drmCommandWrite(fd, DRM_I915_GEM_SW_FINISH, &fin, sizeof(fin)), 0);
	/* SD12 */
	fin.handle = 0x7777;
	ASSERT_EQ(drmCommandWrite(fd, DRM_I915_GEM_SW_FINISH, &fin, sizeof(fin)), -ENOENT);
	close(fd);
}

TEST(command_none)
{
	int fd = i915_open();

	/* D4: 0x10 is a hole in the i915 table. */
	ASSERT_EQ(drmCommandNone(fd, 0x10), -EINVAL);
	/* D3: past the end of the driver table. */
	ASSERT_EQ(drmCommandNone(fd, 0x5f), -EINVAL);
	close(fd);
}

TEST(command_errors)
{
	int fd = i915_open();
	int p[2];
	int value;
	struct drm_i915_getparam gp;
	memset(&gp, 0, sizeof(gp));	/* padding too: the pipe's real ioctl reads it all */
	gp.param = I915_PARAM_CHIPSET_ID;
	gp.value = &value;

	ASSERT_EQ(drmCommandWriteRead(closed_fd(), DRM_I915_GETPARAM, &gp, sizeof(gp)), -EBADF);
	ASSERT_EQ(drmCommandNone(closed_fd(), 0), -EBADF);
	ASSERT_EQ(drmCommandRead(closed_fd(), DRM_I915_GETPARAM, &gp, sizeof(gp)), -EBADF);
	ASSERT_EQ(drmCommandWrite(closed_fd(), DRM_I915_GETPARAM, &gp, sizeof(gp)), -EBADF);
	ASSERT_EQ(pipe(p), 0);
	ASSERT_EQ(drmCommandWriteRead(p[0], DRM_I915_GETPARAM, &gp, sizeof(gp)), -ENOTTY);
	/* D8: bad argument pointer */
	ASSERT_EQ(drmCommandWriteRead(fd, DRM_I915_GETPARAM, (void *)8, sizeof(gp)), -EFAULT);
	/* Sizes and indices that do not fit an ioctl number are refused. */
	ASSERT_EQ(drmCommandWriteRead(fd, DRM_I915_GETPARAM, &gp, 1UL << 14), -EINVAL);
	ASSERT_EQ(drmCommandWriteRead(fd, 0x100, &gp, sizeof(gp)), -EINVAL);
	ASSERT_EQ(drmCommandNone(fd, ~0UL), -EINVAL);
	close(fd);
}

TEST(command_restarts)
{
	static const int errs[] = { EINTR, EAGAIN };
	int fd = i915_open();
	int value = 0;
	struct drm_i915_getparam gp = { I915_PARAM_CHIPSET_ID, &value };

	fake(DRM_IOCTL_I915_GETPARAM, errs, 2);
	ASSERT_EQ(drmCommandWriteRead(fd, DRM_I915_GETPARAM, &gp, sizeof(gp)), 0);
	ASSERT_EQ(calls, 3);
	ASSERT(value != 0);
	close(fd);
}

TEST(close_buffer_handle)
{
	int fd = i915_open();
	uint32_t h = create_bo(fd);

	ASSERT_EQ(drmCloseBufferHandle(fd, h), 0);
	/* G2: unknown, zero and already closed handles are EINVAL */
	ASSERT_ERRNO(drmCloseBufferHandle(fd, h), EINVAL);
	ASSERT_ERRNO(drmCloseBufferHandle(fd, 0), EINVAL);
	ASSERT_ERRNO(drmCloseBufferHandle(fd, 0xdead), EINVAL);
	close(fd);
}

TEST(close_buffer_handle_bad_fd)
{
	int p[2];

	ASSERT_ERRNO(drmCloseBufferHandle(closed_fd(), 1), EBADF);
	ASSERT_EQ(pipe(p), 0);
	ASSERT_ERRNO(drmCloseBufferHandle(p[0], 1), ENOTTY);
}

TEST_MAIN(
	T(ioctl_success),
	T(ioctl_restarts_on_eintr_and_eagain),
	T(ioctl_other_errors_not_restarted),
	T(ioctl_errors_passed_through),
	T(command_write_read_getparam),
	T(command_read_aperture),
	T(command_write_sw_finish),
	T(command_none),
	T(command_errors),
	T(command_restarts),
	T(close_buffer_handle),
	T(close_buffer_handle_bad_fd),
)
