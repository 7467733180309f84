/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: drmGetMagic, drmAuthMagic, drmSetMaster, drmDropMaster,
 * drmIsMaster. Expectations follow uapi-conformance §6 and the DRM core
 * rules measured in doc/realkernel-drm-core.md, which depend on privilege:
 * tests state what root and what an unprivileged user get.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/wait.h>

#include "xf86drm.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"
#include "tests/lib/lib_test.h"

/* A primary fd that is master, and one that is not. */
static void open_master_and_client(int *m, int *c)
{
	*m = open_primary();
	if (!drmIsMaster(*m))
		SKIP_MISSING("another process is master of the device");
	*c = open_primary();
	ASSERT(*c >= 0);
	ASSERT_EQ(drmIsMaster(*c), 0);
}

TEST(get_magic_stable_and_distinct)
{
	int m, c;
	drm_magic_t a = 0, a2 = 0, b = 0;

	open_master_and_client(&m, &c);
	ASSERT_EQ(drmGetMagic(c, &a), 0);
	ASSERT(a >= 1);
	ASSERT_EQ(drmGetMagic(c, &a2), 0);
	ASSERT_EQ(a, a2);
	ASSERT_EQ(drmGetMagic(m, &b), 0);
	ASSERT(b >= 1);
	ASSERT_NE(a, b);
	close(c);
	close(m);
}

TEST(get_magic_errors)
{
	int r = open_render();
	int p[2];
	drm_magic_t magic = 99;

	/* A3: render nodes have no magic; *magic is cleared first. */
	ASSERT_EQ(drmGetMagic(r, &magic), -EACCES);
	ASSERT_EQ(magic, 0);
	magic = 99;
	ASSERT_EQ(drmGetMagic(closed_fd(), &magic), -EBADF);
	ASSERT_EQ(magic, 0);
	ASSERT_EQ(pipe(p), 0);
	ASSERT_EQ(drmGetMagic(p[0], &magic), -ENOTTY);
	ASSERT_EQ(drmGetMagic(r, NULL), -EINVAL);
	close(r);
}

TEST(auth_magic)
{
	int m, c;
	drm_magic_t magic;

	open_master_and_client(&m, &c);
	ASSERT_EQ(drmGetMagic(c, &magic), 0);
	/* A5: only the master may authenticate, not the client itself. */
	ASSERT_EQ(drmAuthMagic(c, magic), -EACCES);
	/* A6, A7: the master may, once. */
	ASSERT_EQ(drmAuthMagic(m, magic), 0);
	ASSERT_EQ(drmAuthMagic(m, magic), -EINVAL);
	/* A2: the magic stays the same after authentication. */
	{
		drm_magic_t again;

		ASSERT_EQ(drmGetMagic(c, &again), 0);
		ASSERT_EQ(again, magic);
	}
	close(c);
	close(m);
}

TEST(auth_magic_errors)
{
	int m, c;
	int r = open_render();
	int p[2];

	open_master_and_client(&m, &c);
	/* A8 */
	ASSERT_EQ(drmAuthMagic(m, 0), -EINVAL);
	ASSERT_EQ(drmAuthMagic(m, 0x7fffffff), -EINVAL);
	ASSERT_EQ(drmAuthMagic(r, 1), -EACCES);
	ASSERT_EQ(drmAuthMagic(closed_fd(), 1), -EBADF);
	ASSERT_EQ(pipe(p), 0);
	ASSERT_EQ(drmAuthMagic(p[0], 1), -ENOTTY);
	close(c);
	close(m);
	close(r);
}

TEST(is_master)
{
	int m, c;
	int r = open_render();
	int p[2];
	int null = open("/dev/null", O_RDWR);

	open_master_and_client(&m, &c);
	ASSERT_EQ(drmIsMaster(m), 1);
	ASSERT_EQ(drmIsMaster(c), 0);
	ASSERT_EQ(drmIsMaster(r), 0);
	/* Unlike libdrm, fds that are not DRM nodes are not masters. */
	ASSERT_EQ(drmIsMaster(closed_fd()), 0);
	ASSERT_EQ(drmIsMaster(-1), 0);
	ASSERT_EQ(pipe(p), 0);
	ASSERT_EQ(drmIsMaster(p[0]), 0);
	ASSERT(null >= 0);
	ASSERT_EQ(drmIsMaster(null), 0);
	close(c);
	close(m);
	close(r);
}

TEST(master_passes_on_close)
{
	int m = open_primary();
	int c;

	if (!drmIsMaster(m))
		SKIP_MISSING("another process is master");
	close(m);
	/* D15: with no master left, the next opener becomes master. */
	c = open_primary();
	ASSERT_EQ(drmIsMaster(c), 1);
	close(c);
}

TEST(drop_and_set_master)
{
	int m, c;

	open_master_and_client(&m, &c);
	ASSERT_EQ(drmDropMaster(m), 0);
	ASSERT_EQ(drmIsMaster(m), 0);
	/* The previous master may take it back. */
	ASSERT_EQ(drmSetMaster(m), 0);
	ASSERT_EQ(drmIsMaster(m), 1);
	close(c);
	close(m);
}

TEST(set_master_while_taken)
{
	int m, c;

	open_master_and_client(&m, &c);
	errno = 0;
	ASSERT_EQ(drmSetMaster(c), -1);
	/* Root: EBUSY; unprivileged: EACCES (doc/realkernel-drm-core.md). */
	ASSERT_EQ(errno, geteuid() == 0 ? EBUSY : EACCES);
	ASSERT_EQ(drmIsMaster(c), 0);
	ASSERT_EQ(drmIsMaster(m), 1);
	close(c);
	close(m);
}

TEST(drop_master_not_master)
{
	int m, c;

	open_master_and_client(&m, &c);
	errno = 0;
	ASSERT_EQ(drmDropMaster(c), -1);
	/* Root: EINVAL; unprivileged: EACCES. */
	ASSERT_EQ(errno, geteuid() == 0 ? EINVAL : EACCES);
	close(c);
	close(m);
}

TEST(set_master_after_drop_root)
{
	int m, c;

	if (geteuid() != 0)
		SKIP("needs CAP_SYS_ADMIN");	/* external: privileges */
	open_master_and_client(&m, &c);
	ASSERT_EQ(drmDropMaster(m), 0);
	ASSERT_EQ(drmSetMaster(c), 0);
	ASSERT_EQ(drmIsMaster(c), 1);
	ASSERT_EQ(drmIsMaster(m), 0);
	close(c);
	close(m);
}

TEST(master_errors)
{
	int r = open_render();
	int p[2];

	ASSERT_ERRNO(drmSetMaster(r), EACCES);
	ASSERT_ERRNO(drmDropMaster(r), EACCES);
	ASSERT_ERRNO(drmSetMaster(closed_fd()), EBADF);
	ASSERT_ERRNO(drmDropMaster(closed_fd()), EBADF);
	ASSERT_EQ(pipe(p), 0);
	ASSERT_ERRNO(drmSetMaster(p[0]), ENOTTY);
	ASSERT_ERRNO(drmDropMaster(p[0]), ENOTTY);
	close(r);
}

TEST_MAIN(
	T(get_magic_stable_and_distinct),
	T(get_magic_errors),
	T(auth_magic),
	T(auth_magic_errors),
	T(is_master),
	T(master_passes_on_close),
	T(drop_and_set_master),
	T(set_master_while_taken),
	T(drop_master_not_master),
	T(set_master_after_drop_root),
	T(master_errors),
)
