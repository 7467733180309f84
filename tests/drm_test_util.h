/* SPDX-License-Identifier: MIT */
/*
 * Helpers for kernel-agnostic tests: where the device nodes are and whether
 * the shim is underneath, when a test may skip, opening nodes (or skipping),
 * GEM_CLOSE, fd passing, and the i915 facts the skip rules need. Tests use
 * only open/ioctl/mmap through these, so
 * they run unchanged on a real kernel (DRM_TEST_DEVICE=/dev/dri/card0,
 * DRM_TEST_RENDER_DEVICE=/dev/dri/renderD128 by default).
 */
#ifndef TESTS_DRM_TEST_UTIL_H
#define TESTS_DRM_TEST_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/socket.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <drm.h>
#include <i915_drm.h>

#include "tests/harness.h"

/* Defined by libi915_shim.so; NULL when the shim is not loaded (or static). */
extern const int i915_shim_present __attribute__((weak));

static inline bool shim_present(void)
{
	return &i915_shim_present != NULL;
}

/*
 * When a test may skip. Every skip in tests/ goes through one of these, so a
 * feature the shim lacks shows up as a failure, never as a quiet skip.
 *
 * SKIP_UNSUPPORTED(device_lacks, ...): the kernel answered that it does not
 *     have the feature: a zero capability or parameter, or, through
 *     SKIP_ON_ERRNO, the errno its uAPI defines for "not supported" (the call
 *     site names the rule). On a real kernel that is a skip. Under the shim,
 *     whose device model the test knows, it is a failure unless device_lacks
 *     says the emulated device really has no such feature (as the same
 *     hardware under i915 has none).
 * SKIP_ON_ERRNO(err, nosupport, device_lacks, ...): a call failed with err;
 *     SKIP_UNSUPPORTED when err is nosupport, a failure for any other errno.
 * SKIP_MISSING(...): something a real machine may lack and the shim always
 *     provides (a node, an i915 device, PCI, sysfs/debugfs files, being the
 *     first master): a skip on a real kernel, a failure under the shim.
 * SKIP_DEVICE(...): the device's own answers (devid, GETPARAM, driver name)
 *     say the rule is another device's (another generation's encodings,
 *     values pinned for one model, an engine it does not have). Every model
 *     the shim emulates is run by tests/i915/all_devids.sh where it matters.
 * REQUIRE_SHIM(why): the test needs the shim's extras (its environment
 *     knobs, fault injection, instance internals); skipped elsewhere.
 * SKIP(...) itself is left for what is outside the device altogether: root
 *     privileges, the vgem driver, Debian's libraries (OURS_ONLY).
 */
#define SKIP_UNSUPPORTED(device_lacks, ...) do { \
	if (shim_present() && !(device_lacks)) { \
		printf("# the emulated device must have this: "); printf(__VA_ARGS__); printf("\n"); \
		TEST_FAIL("the shim answered \"not supported\""); } \
	SKIP(__VA_ARGS__); } while (0)

#define SKIP_ON_ERRNO(err, nosupport, device_lacks, ...) do { int _se = (err); \
	if (_se != (nosupport)) \
		TEST_FAIL("unexpected errno %d (%s); only %s means \"not supported\" here", \
			  _se, strerror(_se), strerror(nosupport)); \
	SKIP_UNSUPPORTED(device_lacks, __VA_ARGS__); } while (0)

#define SKIP_MISSING(...) do { \
	if (shim_present()) { \
		printf("# missing under the shim: "); printf(__VA_ARGS__); printf("\n"); \
		TEST_FAIL("the shim must provide this"); } \
	SKIP(__VA_ARGS__); } while (0)

#define SKIP_DEVICE(...) SKIP(__VA_ARGS__)

#define REQUIRE_SHIM(why) do { if (!shim_present()) SKIP("shim only: %s", why); } while (0)

/* debugfs is root's (Linux mounts it mode 0700, and so does the shim): a test of its files
 * needs root, on a real kernel and under the shim alike. */
/* Writes text to a control file (debugfs, sysfs) in one write; false on any failure. */
static inline bool test_write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return false;
	bool ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	return close(fd) == 0 && ok;
}

static inline void require_debugfs_root(void)
{
	if (geteuid() != 0)
		SKIP("debugfs is root's (mode 0700)");	/* external: privileges */
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

/* A primary-node fd, or SKIP_MISSING when there is no such node. */
static inline int open_primary(void)
{
	int fd = test_open_primary();
	if (fd < 0)
		SKIP_MISSING("cannot open %s: %s", test_primary_path(), strerror(errno));
	return fd;
}

static inline int open_render(void)
{
	int fd = test_open_render();
	if (fd < 0)
		SKIP_MISSING("cannot open %s: %s", test_render_path(), strerror(errno));
	return fd;
}

/* GEM_CLOSE, the generic DRM ioctl: 0 or -1 with errno. */
static inline int gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };
	return ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

/* Passes fd over a UNIX socket (SCM_RIGHTS) with one byte of data. */
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

/* Receives an fd send_fd passed (close-on-exec in this process). */
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

/* A render-node fd of an i915 device (SKIP_MISSING elsewhere). */
static inline int i915_open(void)
{
	int fd = open_render();
	if (!test_is_i915(fd))
		SKIP_MISSING("%s is not i915", test_render_path());
	return fd;
}

/* The PCI id of an i915 device. */
static inline int i915_devid(int fd)
{
	int devid = 0;
	struct drm_i915_getparam gp = { .param = I915_PARAM_CHIPSET_ID, .value = &devid };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp));
	return devid;
}

/*
 * Can the GPU see CPU-cached pages (an LLC, or snooping)? Without, i915 has no CACHED objects
 * and no userptr (U1). The 965G/965GM are the only parts without either (their snooping is
 * broken); used to tell, under the shim, a device model that lacks a feature from a shim gap.
 */
static inline bool i915_cpu_cache_coherent(int fd)
{
	int llc = 0, devid = i915_devid(fd);
	struct drm_i915_getparam gp = { .param = I915_PARAM_HAS_LLC, .value = &llc };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp));
	return llc || !(devid == 0x29a2 || devid == 0x2982 || devid == 0x2992 || devid == 0x2972 ||
			devid == 0x2a02 || devid == 0x2a12);
}

/* A GEM_USERPTR that failed with err: ENODEV is "this device has no userptr" (U1). */
static inline void skip_no_userptr(int fd, int err)
{
	SKIP_ON_ERRNO(err, ENODEV, !i915_cpu_cache_coherent(fd), "no userptr on this device (U1)");
}

/* A library call that makes a userptr object failed: skips only where the kernel has none. */
static inline void skip_unless_userptr_works(int fd)
{
	void *mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct drm_i915_gem_userptr u = { .user_ptr = (uintptr_t)mem, .user_size = 4096 };
	if (mem == MAP_FAILED)
		TEST_FAIL("mmap: %s", strerror(errno));
	if (ioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &u) == 0)
		TEST_FAIL("the kernel makes userptr objects, the library did not");
	skip_no_userptr(fd, errno);
}

#endif
