/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the ioctl-level tests in tests/ioctl/: privilege changes,
 * and one-line wrappers around the few ioctls every test needs (dumb-buffer
 * create, GEM flink/open, magic auth, master probe). Opening nodes and
 * GEM_CLOSE are in tests/drm_test_util.h.
 *
 * Only open/close/ioctl and the kernel uAPI headers are used, so everything
 * here behaves the same on a real kernel (vgem or i915) and under the shim.
 * Wrappers return the ioctl result (0 or -1 with errno); nothing is cached,
 * and every fd returned belongs to the caller.
 */
#ifndef TESTS_IOCTL_IOCTL_UTIL_H
#define TESTS_IOCTL_IOCTL_UTIL_H

#include <errno.h>
#include <grp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/types.h>
#include <unistd.h>
#include <drm.h>

#include "tests/harness.h"
#include "tests/drm_test_util.h"

#define UNPRIV_ID 65534

static inline bool driver_is(int fd, const char *name)
{
	char buf[32];
	return test_driver_name(fd, buf, sizeof(buf)) == 0 && !strcmp(buf, name);
}

/* Tests of the privileged (CAP_SYS_ADMIN) rules need root. */
static inline void require_root(void)
{
	if (geteuid() != 0)
		SKIP("needs root (CAP_SYS_ADMIN) for the privileged rules");	/* external */
}

/*
 * Drop to uid/gid 65534 without supplementary groups; call before opening any
 * node. Harmless when already unprivileged. Each TEST runs in its own forked
 * child, so the change cannot leak into the next test.
 */
static inline void become_unprivileged(void)
{
	if (geteuid() != 0)
		return;
	ASSERT_OK(setgroups(0, NULL));
	ASSERT_OK(setresgid(UNPRIV_ID, UNPRIV_ID, UNPRIV_ID));
	ASSERT_OK(setresuid(UNPRIV_ID, UNPRIV_ID, UNPRIV_ID));
	ASSERT(geteuid() == UNPRIV_ID);
}

/*
 * Master probe: AUTH_MAGIC is DRM_MASTER-only, so a bogus magic gives EINVAL
 * to the current master (drm_authmagic finds nothing) and EACCES to anyone
 * else (drm_ioctl_permit). No state changes either way.
 */
static inline bool is_master(int fd)
{
	struct drm_auth a = { .magic = 0x7ffffff0 };
	int r = ioctl(fd, DRM_IOCTL_AUTH_MAGIC, &a);
	if (r == 0)
		TEST_FAIL("AUTH_MAGIC of a bogus magic succeeded");
	if (errno != EINVAL && errno != EACCES)
		TEST_FAIL("AUTH_MAGIC probe: unexpected errno %s", strerror(errno));
	return errno == EINVAL;
}

/*
 * Opens the primary node expecting to become master (D15). On a real machine
 * a display server may already hold master: then the test cannot run there.
 * The shim's private device (--fresh) has no other client, so there the
 * check is a failure, not a skip.
 */
static inline int open_master(void)
{
	int fd = open_primary();
	if (!is_master(fd))
		SKIP_MISSING("another client is master of %s", test_primary_path());
	return fd;
}

static inline int get_magic(int fd, drm_magic_t *magic)
{
	struct drm_auth a;
	memset(&a, 0, sizeof(a));
	int r = ioctl(fd, DRM_IOCTL_GET_MAGIC, &a);
	if (r == 0)
		*magic = a.magic;
	return r;
}

static inline int auth_magic(int fd, drm_magic_t magic)
{
	struct drm_auth a = { .magic = magic };
	return ioctl(fd, DRM_IOCTL_AUTH_MAGIC, &a);
}

/* A second primary client, authenticated by master fd m (works for root too). */
static inline int open_authenticated(int m)
{
	int c = open_primary();
	drm_magic_t magic = 0;
	ASSERT_OK(get_magic(c, &magic));
	ASSERT_OK(auth_magic(m, magic));
	return c;
}

/* MODE_CREATE_DUMB 64x64x32 (16 KiB): works on any GEM driver's primary node. */
static inline int create_dumb(int fd, uint32_t *handle)
{
	struct drm_mode_create_dumb c;
	memset(&c, 0, sizeof(c));
	c.width = 64;
	c.height = 64;
	c.bpp = 32;
	int r = ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &c);
	if (r == 0)
		*handle = c.handle;
	return r;
}

static inline uint32_t must_create(int fd)
{
	uint32_t h = 0;
	ASSERT_OK(create_dumb(fd, &h));
	ASSERT(h != 0);
	return h;
}

static inline int gem_flink(int fd, uint32_t handle, uint32_t *name)
{
	struct drm_gem_flink f = { .handle = handle };
	int r = ioctl(fd, DRM_IOCTL_GEM_FLINK, &f);
	if (r == 0 && name)
		*name = f.name;
	return r;
}

static inline int gem_open(int fd, uint32_t name, uint32_t *handle, uint64_t *size)
{
	struct drm_gem_open o = { .name = name };
	int r = ioctl(fd, DRM_IOCTL_GEM_OPEN, &o);
	if (r == 0) {
		if (handle)
			*handle = o.handle;
		if (size)
			*size = o.size;
	}
	return r;
}

static inline int set_master(int fd)
{
	return ioctl(fd, DRM_IOCTL_SET_MASTER, 0);
}

static inline int drop_master(int fd)
{
	return ioctl(fd, DRM_IOCTL_DROP_MASTER, 0);
}

/* Waits for a forked child and asserts it exited 0 (its failures print first). */
static inline void wait_child_ok(pid_t pid)
{
	int status = 0;
	while (waitpid(pid, &status, 0) < 0)
		ASSERT(errno == EINTR);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		TEST_FAIL("child failed (status 0x%x)", status);
}

#endif
