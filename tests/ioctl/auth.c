/* SPDX-License-Identifier: MIT */
/*
 * GET_MAGIC / AUTH_MAGIC (uapi-conformance §6, A1-A8), authentication state
 * (D15, D16, P4 GET_CLIENT) and the master rules measured on a real kernel
 * (doc/realkernel-drm-core.md), for root and for an unprivileged process (uid
 * 65534, dropped in the test child before any node is opened).
 */
#include "config.h"

#include "tests/ioctl/ioctl_util.h"

/* GET_CLIENT idx 0: the caller's own auth flag (P4). */
static int client_auth(int fd)
{
	struct drm_client c;
	memset(&c, 0, sizeof(c));
	c.idx = 0;
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GET_CLIENT, &c));
	return c.auth;
}

/* A1, A2: GET_MAGIC gives a magic >= 1, the same on every call, also after authentication. */
TEST(get_magic_stable)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	drm_magic_t a = 0, b = 0;
	ASSERT_OK(get_magic(c, &a));
	ASSERT(a >= 1);
	ASSERT_OK(get_magic(c, &b));
	ASSERT_EQ(a, b);
	ASSERT_OK(auth_magic(m, a));
	ASSERT_OK(get_magic(c, &b));
	ASSERT_EQ(a, b);
	/* The master may ask for a magic too. */
	ASSERT_OK(get_magic(m, &b));
	ASSERT(b >= 1 && b != a);
}

/* A3: GET_MAGIC on a render node is EACCES. */
TEST(get_magic_render_eacces)
{
	int r = open_render();
	struct drm_auth a = { 0 };
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_GET_MAGIC, &a), EACCES);
	ASSERT_ERRNO(ioctl(r, DRM_IOCTL_AUTH_MAGIC, &a), EACCES);
}

/* A4 + D17: magics of many clients are distinct, start at 1, and a closed client's magic is reused (lowest free). */
TEST(magics_distinct_lowest_free)
{
	become_unprivileged();
	int m = open_master();
	int c[6];
	drm_magic_t mg[6];
	for (int i = 0; i < 6; i++) {
		c[i] = open_primary();
		ASSERT_OK(get_magic(c[i], &mg[i]));
		for (int j = 0; j < i; j++)
			ASSERT_NE(mg[i], mg[j]);
	}
	ASSERT_EQ(mg[0], 1);
	for (int i = 1; i < 6; i++)
		ASSERT_EQ(mg[i], mg[i - 1] + 1);
	close(c[2]);
	int d = open_primary();
	drm_magic_t md = 0;
	ASSERT_OK(get_magic(d, &md));
	ASSERT_EQ(md, mg[2]);
	(void)m;
}

/* A5: AUTH_MAGIC by a non-master, including of its own magic, is EACCES (unprivileged). */
TEST(auth_magic_non_master_eacces)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	drm_magic_t k = 0;
	ASSERT_OK(get_magic(c, &k));
	ASSERT_ERRNO(auth_magic(c, k), EACCES);
	ASSERT_EQ(client_auth(c), 0);
	(void)m;
}

/* A5 as root: the DRM_MASTER check applies to root as well. */
TEST(auth_magic_non_master_eacces_root)
{
	require_root();
	int m = open_master();
	int c = open_primary();
	drm_magic_t k = 0;
	ASSERT_OK(get_magic(c, &k));
	ASSERT_ERRNO(auth_magic(c, k), EACCES);
	(void)m;
}

/* A6, A7, A8: master authenticates a valid magic once; again, unknown or 0 is EINVAL. */
TEST(auth_magic_by_master)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	drm_magic_t k = 0;
	ASSERT_EQ(client_auth(c), 0);
	ASSERT_OK(get_magic(c, &k));
	ASSERT_OK(auth_magic(m, k));
	ASSERT_EQ(client_auth(c), 1);
	ASSERT_ERRNO(auth_magic(m, k), EINVAL);
	ASSERT_ERRNO(auth_magic(m, 0), EINVAL);
	ASSERT_ERRNO(auth_magic(m, k + 1000), EINVAL);
}

/* A8: a magic issued under another master is EINVAL; magics are per master and restart at 1 (D17). */
TEST(auth_magic_other_master_einval)
{
	become_unprivileged();
	int m1 = open_master();
	int c1 = open_primary();
	drm_magic_t k1 = 0;
	ASSERT_OK(get_magic(c1, &k1));
	ASSERT_EQ(k1, 1);
	close(m1);
	int m2 = open_master();
	ASSERT_ERRNO(auth_magic(m2, k1), EINVAL);
	ASSERT_EQ(client_auth(c1), 0);
	int c2 = open_primary();
	drm_magic_t k2 = 0;
	ASSERT_OK(get_magic(c2, &k2));
	ASSERT_EQ(k2, 1);
	ASSERT_OK(auth_magic(m2, k2));
	ASSERT_EQ(client_auth(c2), 1);
	ASSERT_EQ(client_auth(c1), 0);
}

/* D15, D16: unprivileged, only the master is authenticated at open. */
TEST(auth_at_open_unprivileged)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	ASSERT_EQ(client_auth(m), 1);
	ASSERT_EQ(client_auth(c), 0);
	/* P12/F5: unauthenticated GEM_OPEN is EACCES, whatever the name. */
	ASSERT_ERRNO(gem_open(c, 1, NULL, NULL), EACCES);
}

/* D16: every root client of the primary node is authenticated at open. */
TEST(auth_at_open_root)
{
	require_root();
	int m = open_master();
	int c = open_primary();
	ASSERT_EQ(client_auth(m), 1);
	ASSERT_EQ(client_auth(c), 1);
	ASSERT_ERRNO(gem_open(c, 0x7ffffff0, NULL, NULL), ENOENT);
}

/* P4: GET_CLIENT with idx != 0 is EINVAL. */
TEST(get_client_idx_nonzero_einval)
{
	int fd = open_primary();
	struct drm_client c;
	memset(&c, 0, sizeof(c));
	c.idx = 1;
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_GET_CLIENT, &c), EINVAL);
}

/* An authenticated client stays authenticated after the master's file is closed. */
TEST(auth_survives_master_close)
{
	become_unprivileged();
	int m = open_master();
	int c = open_authenticated(m);
	uint32_t h = must_create(m), name = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	close(m);
	ASSERT_EQ(client_auth(c), 1);
	uint32_t ch = 0;
	ASSERT_ERRNO(gem_open(c, name, &ch, NULL), ENOENT);	/* the object died with m (G4) */
}

/* D15: the first opener of the primary node is master; later openers are not. */
TEST(first_opener_is_master)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	ASSERT(is_master(m));
	ASSERT(!is_master(c));
	int r = open_render();
	ASSERT(!is_master(r));	/* render nodes never get a master (D16) */
}

/* Master is released when its file closes; the next opener becomes master, older clients do not. */
TEST(master_released_on_close)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	close(m);
	ASSERT(!is_master(c));
	int d = open_primary();
	ASSERT(is_master(d));
	ASSERT(!is_master(c));
	close(d);
	int e = open_primary();
	ASSERT(is_master(e));
}

/* A dup'd fd is the same open file: it shares master, magic and authentication. */
TEST(dup_shares_master_and_auth)
{
	become_unprivileged();
	int m = open_master();
	int m2 = dup(m);
	ASSERT(m2 >= 0);
	ASSERT(is_master(m2));
	close(m);	/* the file stays open through m2: still master */
	ASSERT(is_master(m2));
	int c = open_primary();
	ASSERT(!is_master(c));
	int c2 = dup(c);
	drm_magic_t k = 0, k2 = 0;
	ASSERT_OK(get_magic(c, &k));
	ASSERT_OK(get_magic(c2, &k2));
	ASSERT_EQ(k, k2);
	ASSERT_OK(auth_magic(m2, k));
	ASSERT_EQ(client_auth(c2), 1);
}

/* A forked child using the parent's fd acts on the same open file (master, auth). */
TEST(fork_shares_master)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	drm_magic_t k = 0;
	ASSERT_OK(get_magic(c, &k));
	fflush(stdout);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		ASSERT(is_master(m));
		ASSERT(!is_master(c));
		ASSERT_OK(auth_magic(m, k));
		_exit(0);
	}
	wait_child_ok(pid);
	ASSERT_EQ(client_auth(c), 1);
}

/* Master rules, unprivileged (doc/realkernel-drm-core.md "As an unprivileged user"). */
TEST(master_rules_unprivileged)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	ASSERT_OK(set_master(m));		/* already master: 0 */
	ASSERT_ERRNO(set_master(c), EACCES);	/* another master exists, not privileged */
	ASSERT_ERRNO(drop_master(c), EACCES);	/* not master, not privileged */
	ASSERT_OK(drop_master(m));
	ASSERT(!is_master(m));
	ASSERT_ERRNO(set_master(c), EACCES);	/* no master now, but c never was one */
	ASSERT(!is_master(c));
	ASSERT_OK(set_master(m));		/* m was master, same process: may take it back */
	ASSERT(is_master(m));
}

/* Master rules as root (doc/realkernel-drm-core.md "As root"). */
TEST(master_rules_root)
{
	require_root();
	int m = open_master();
	int c = open_primary();
	ASSERT_OK(set_master(m));
	ASSERT_ERRNO(set_master(c), EBUSY);
	ASSERT_ERRNO(drop_master(c), EINVAL);
	ASSERT_OK(drop_master(m));
	ASSERT(!is_master(m));
	ASSERT_ERRNO(drop_master(m), EINVAL);
	ASSERT_OK(set_master(c));
	ASSERT(is_master(c));
	ASSERT_ERRNO(set_master(m), EBUSY);
}

/* P9: SET_MASTER / DROP_MASTER on a render node are EACCES, root or not. */
TEST(master_ioctls_render_eacces)
{
	int r = open_render();
	ASSERT_ERRNO(set_master(r), EACCES);
	ASSERT_ERRNO(drop_master(r), EACCES);
}

TEST_MAIN(T(get_magic_stable), T(get_magic_render_eacces), T(magics_distinct_lowest_free),
	  T(auth_magic_non_master_eacces), T(auth_magic_non_master_eacces_root),
	  T(auth_magic_by_master), T(auth_magic_other_master_einval), T(auth_at_open_unprivileged),
	  T(auth_at_open_root), T(get_client_idx_nonzero_einval), T(auth_survives_master_close),
	  T(first_opener_is_master), T(master_released_on_close), T(dup_shares_master_and_auth),
	  T(fork_shares_master), T(master_rules_unprivileged), T(master_rules_root),
	  T(master_ioctls_render_eacces))
