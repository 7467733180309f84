/*
 * Helpers for kernel-agnostic tests: where the device nodes are and whether
 * the shim is underneath. Tests use only open/ioctl/mmap through these, so
 * they run unchanged on a real kernel (DRM_TEST_DEVICE=/dev/dri/card0,
 * DRM_TEST_RENDER_DEVICE=/dev/dri/renderD128 by default).
 */
#ifndef TESTS_DRM_TEST_UTIL_H
#define TESTS_DRM_TEST_UTIL_H

#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <drm.h>

/* Defined by libi915_shim.so; NULL when the shim is not loaded (or static). */
extern const int i915_shim_present __attribute__((weak));

static inline bool shim_present(void)
{
	return &i915_shim_present != NULL;
}

static inline const char *test_primary_path(void)
{
	const char *p = getenv("DRM_TEST_DEVICE");
	return p ? p : "/dev/dri/card0";
}

static inline const char *test_render_path(void)
{
	const char *p = getenv("DRM_TEST_RENDER_DEVICE");
	return p ? p : "/dev/dri/renderD128";
}

static inline int test_open_primary(void)
{
	return open(test_primary_path(), O_RDWR | O_CLOEXEC);
}

static inline int test_open_render(void)
{
	return open(test_render_path(), O_RDWR | O_CLOEXEC);
}

/* The driver name from DRM_IOCTL_VERSION, into buf (NUL-terminated). */
static inline int test_driver_name(int fd, char *buf, size_t len)
{
	struct drm_version v;
	memset(&v, 0, sizeof(v));
	memset(buf, 0, len);
	v.name = buf;
	v.name_len = len - 1;
	return ioctl(fd, DRM_IOCTL_VERSION, &v);
}

static inline bool test_is_i915(int fd)
{
	char name[16];
	return test_driver_name(fd, name, sizeof(name)) == 0 && !strcmp(name, "i915");
}

#endif
