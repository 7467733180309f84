/* SPDX-License-Identifier: MIT */
/*
 * GEM handles and flink names (uapi-conformance §7 G1-G4, §8 F1-F9, D17) and
 * their lifetimes across open files, dup'd fds and forked processes. Objects
 * come from MODE_CREATE_DUMB on the primary node, which every GEM driver
 * (vgem, i915) answers; a second client is authenticated by the master.
 */
#include "config.h"

#include <sys/mman.h>

#include "tests/ioctl/ioctl_util.h"

#define DUMB_SIZE 16384	/* 64x64x32 */

/* G1, G2: closing a valid handle is 0; again, handle 0 or an unknown handle is EINVAL (not ENOENT). */
TEST(close_valid_then_einval)
{
	int fd = open_primary();
	uint32_t h = must_create(fd);
	ASSERT_OK(gem_close(fd, h));
	ASSERT_ERRNO(gem_close(fd, h), EINVAL);
	ASSERT_ERRNO(gem_close(fd, 0), EINVAL);
	ASSERT_ERRNO(gem_close(fd, 12345), EINVAL);
	ASSERT_ERRNO(gem_close(fd, 0xffffffffu), EINVAL);
}

/* G3: GEM_CLOSE does not check pad. */
TEST(close_pad_ignored)
{
	int fd = open_primary();
	uint32_t h = must_create(fd);
	struct drm_gem_close c = { .handle = h, .pad = 0xdeadbeef };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c));
	ASSERT_ERRNO(gem_close(fd, h), EINVAL);
}

/* G4: closing the last handle of a flinked object removes the name (GEM_OPEN then ENOENT). */
TEST(close_last_handle_removes_name)
{
	int m = open_master();
	uint32_t h = must_create(m), name = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	ASSERT(name >= 1);
	ASSERT_OK(gem_close(m, h));
	ASSERT_ERRNO(gem_open(m, name, NULL, NULL), ENOENT);
}

/* D17: handles start at 1 and reuse the lowest free number. */
TEST(handles_lowest_free_first)
{
	int fd = open_primary();
	ASSERT_EQ(must_create(fd), 1);
	ASSERT_EQ(must_create(fd), 2);
	ASSERT_EQ(must_create(fd), 3);
	ASSERT_EQ(must_create(fd), 4);
	ASSERT_OK(gem_close(fd, 2));
	ASSERT_OK(gem_close(fd, 3));
	ASSERT_EQ(must_create(fd), 2);
	ASSERT_OK(gem_close(fd, 1));
	ASSERT_EQ(must_create(fd), 1);
	ASSERT_EQ(must_create(fd), 3);
	ASSERT_EQ(must_create(fd), 5);
}

/* The same rule in a big table: holes anywhere (within one 64-id word, across many, past
 * the first thousands) are refilled lowest first, then the table grows past its end. */
TEST(handles_lowest_free_first_many)
{
	enum { N = 20000 };
	int fd = open_primary();
	for (uint32_t i = 1; i <= N; i++)
		ASSERT_EQ(must_create(fd), i);
	static const uint32_t holes[] = { 12345, 7, 4097, 64, 65, 19999, 4096, 1 };
	for (size_t i = 0; i < sizeof(holes) / sizeof(holes[0]); i++)
		ASSERT_OK(gem_close(fd, holes[i]));
	static const uint32_t refill[] = { 1, 7, 64, 65, 4096, 4097, 12345, 19999, N + 1, N + 2 };
	for (size_t i = 0; i < sizeof(refill) / sizeof(refill[0]); i++)
		ASSERT_EQ(must_create(fd), refill[i]);
	ASSERT_OK(gem_close(fd, N));		/* the last one, then the one before it */
	ASSERT_OK(gem_close(fd, N - 1));
	ASSERT_EQ(must_create(fd), N - 1);
	ASSERT_EQ(must_create(fd), N);
	ASSERT_EQ(must_create(fd), N + 3);
	ASSERT_ERRNO(gem_close(fd, N + 4), EINVAL);
	close(fd);
}

/* D17: flink names reuse the lowest free number. */
TEST(names_lowest_free_first)
{
	int fd = open_primary();
	uint32_t a = must_create(fd), b = must_create(fd), na = 0, nb = 0, nc = 0;
	ASSERT_OK(gem_flink(fd, a, &na));
	ASSERT_OK(gem_flink(fd, b, &nb));
	ASSERT_EQ(nb, na + 1);
	ASSERT_OK(gem_close(fd, b));
	uint32_t c = must_create(fd);
	ASSERT_OK(gem_flink(fd, c, &nc));
	ASSERT_EQ(nc, nb);
}

/* F1: FLINK on a render node is EACCES. */
TEST(flink_render_eacces)
{
	int r = open_render();
	uint32_t name = 0;
	ASSERT_ERRNO(gem_flink(r, 1, &name), EACCES);
	ASSERT_ERRNO(gem_flink(r, 0, &name), EACCES);
}

/* F1: FLINK by an unauthenticated (unprivileged, non-master) primary client is EACCES. */
TEST(flink_unauthenticated_eacces)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	uint32_t h = must_create(c), name = 0;	/* CREATE_DUMB needs no auth */
	ASSERT_ERRNO(gem_flink(c, h, &name), EACCES);
	drm_magic_t k = 0;
	ASSERT_OK(get_magic(c, &k));
	ASSERT_OK(auth_magic(m, k));
	ASSERT_OK(gem_flink(c, h, &name));
	ASSERT(name >= 1);
}

/* F2: FLINK of an unknown handle (or 0) is ENOENT. */
TEST(flink_bad_handle_enoent)
{
	int fd = open_primary();
	uint32_t name = 0;
	ASSERT_ERRNO(gem_flink(fd, 0, &name), ENOENT);
	ASSERT_ERRNO(gem_flink(fd, 77, &name), ENOENT);
	uint32_t h = must_create(fd);
	ASSERT_OK(gem_close(fd, h));
	ASSERT_ERRNO(gem_flink(fd, h, &name), ENOENT);
}

/* F3, F4: FLINK gives a name >= 1; again (any handle, any file) the same name. */
TEST(flink_same_object_same_name)
{
	int m = open_master();
	int c = open_authenticated(m);
	uint32_t h = must_create(m), n1 = 0, n2 = 0, n3 = 0, ch = 0;
	ASSERT_OK(gem_flink(m, h, &n1));
	ASSERT(n1 >= 1);
	ASSERT_OK(gem_flink(m, h, &n2));
	ASSERT_EQ(n1, n2);
	ASSERT_OK(gem_open(c, n1, &ch, NULL));
	ASSERT_OK(gem_flink(c, ch, &n3));
	ASSERT_EQ(n1, n3);
	uint32_t h2 = must_create(m), n4 = 0;
	ASSERT_OK(gem_flink(m, h2, &n4));
	ASSERT_NE(n4, n1);
}

/* F5: GEM_OPEN on a render node is EACCES. */
TEST(open_render_eacces)
{
	int r = open_render();
	ASSERT_ERRNO(gem_open(r, 1, NULL, NULL), EACCES);
	ASSERT_ERRNO(gem_open(r, 0, NULL, NULL), EACCES);
}

/* F5: GEM_OPEN by an unauthenticated unprivileged client is EACCES, even for a valid name. */
TEST(open_unauthenticated_eacces)
{
	become_unprivileged();
	int m = open_master();
	int c = open_primary();
	uint32_t h = must_create(m), name = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	ASSERT_ERRNO(gem_open(c, name, NULL, NULL), EACCES);
	ASSERT_ERRNO(gem_open(c, 0x7ffffff0, NULL, NULL), EACCES);
}

/* F6: GEM_OPEN of an unknown name, or 0, is ENOENT. */
TEST(open_unknown_name_enoent)
{
	int m = open_master();
	ASSERT_ERRNO(gem_open(m, 0, NULL, NULL), ENOENT);
	ASSERT_ERRNO(gem_open(m, 0x7ffffff0, NULL, NULL), ENOENT);
}

/* F7: GEM_OPEN gives a new handle in the caller's table and the object size. */
TEST(open_valid_name)
{
	int m = open_master();
	int c = open_authenticated(m);
	uint32_t h = must_create(m), name = 0, ch = 0, mh = 0;
	uint64_t size = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	ASSERT_OK(gem_open(c, name, &ch, &size));
	ASSERT_EQ(ch, 1);
	ASSERT_EQ(size, DUMB_SIZE);
	/* The creator's own file gets a new handle too, not the original one. */
	size = 0;
	ASSERT_OK(gem_open(m, name, &mh, &size));
	ASSERT_EQ(mh, 2);
	ASSERT_EQ(size, DUMB_SIZE);
}

/* F8: opening one name twice in a file gives two different handles to the one object. */
TEST(open_twice_two_handles)
{
	int m = open_master();
	int c = open_authenticated(m);
	uint32_t h = must_create(m), name = 0, a = 0, b = 0, n = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	ASSERT_OK(gem_open(c, name, &a, NULL));
	ASSERT_OK(gem_open(c, name, &b, NULL));
	ASSERT_NE(a, b);
	ASSERT_EQ(a, 1);
	ASSERT_EQ(b, 2);
	ASSERT_OK(gem_close(c, a));
	ASSERT_OK(gem_flink(c, b, &n));	/* b still names the same object */
	ASSERT_EQ(n, name);
	ASSERT_OK(gem_close(c, b));
	ASSERT_ERRNO(gem_close(c, a), EINVAL);
}

/* F9: a name stays valid while any handle exists, even after the creator closed its fd. */
TEST(name_outlives_creator_fd)
{
	int m = open_master();
	int c = open_authenticated(m);
	int d = open_authenticated(m);
	uint32_t h = must_create(m), name = 0, ch = 0, dh = 0;
	uint64_t size = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	ASSERT_OK(gem_open(c, name, &ch, NULL));
	close(m);
	ASSERT_OK(gem_open(d, name, &dh, &size));
	ASSERT_EQ(size, DUMB_SIZE);
	ASSERT_OK(gem_close(d, dh));
	ASSERT_OK(gem_close(c, ch));	/* the last handle: the name goes (G4) */
	ASSERT_ERRNO(gem_open(d, name, &dh, NULL), ENOENT);
}

/* Handles are per open file: another file numbers its own from 1 and cannot use ours. */
TEST(handles_per_open_file)
{
	int m = open_master();
	int c = open_authenticated(m);
	uint32_t h = must_create(m), name = 0;
	ASSERT_EQ(h, 1);
	ASSERT_ERRNO(gem_close(c, h), EINVAL);
	ASSERT_ERRNO(gem_flink(c, h, &name), ENOENT);
	ASSERT_EQ(must_create(c), 1);
	ASSERT_OK(gem_close(c, 1));
	ASSERT_OK(gem_close(m, 1));
	/* Another open file of the same process, unauthenticated or not: same. */
	int e = open_primary();
	ASSERT_ERRNO(gem_close(e, 1), EINVAL);
}

/* A dup'd fd is the same open file: the same handle table. */
TEST(dup_shares_handles)
{
	int fd = open_primary();
	int fd2 = dup(fd);
	ASSERT(fd2 >= 0);
	uint32_t h = must_create(fd);
	ASSERT_EQ(must_create(fd2), h + 1);
	ASSERT_OK(gem_close(fd2, h));
	ASSERT_ERRNO(gem_close(fd, h), EINVAL);
	close(fd);
	ASSERT_OK(gem_close(fd2, h + 1));
}

/* A forked child using the inherited fd works on the parent's handle table. */
TEST(fork_shares_handles)
{
	int fd = open_primary();
	uint32_t a = must_create(fd), b = must_create(fd);
	fflush(stdout);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		ASSERT_OK(gem_close(fd, a));
		ASSERT_EQ(must_create(fd), a);		/* the parent's freed number */
		ASSERT_EQ(must_create(fd), b + 1);	/* b is still taken */
		_exit(0);
	}
	wait_child_ok(pid);
	ASSERT_OK(gem_close(fd, b + 1));	/* made by the child, still here after it exited */
	ASSERT_OK(gem_close(fd, a));
	ASSERT_OK(gem_close(fd, b));
	ASSERT_ERRNO(gem_close(fd, a), EINVAL);
	ASSERT_EQ(must_create(fd), 1);
}

/* Handles and the objects they hold go when the last fd of the open file closes, not before. */
TEST(handles_released_on_last_close)
{
	int m = open_master();
	int c = open_authenticated(m);
	int m2 = dup(m);
	ASSERT(m2 >= 0);
	uint32_t h = must_create(m), name = 0, ch = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	close(m);
	ASSERT_OK(gem_open(c, name, &ch, NULL));	/* m2 keeps the file and its handle */
	ASSERT_OK(gem_close(c, ch));
	ASSERT_OK(gem_flink(m2, h, NULL));
	close(m2);
	ASSERT_ERRNO(gem_open(c, name, &ch, NULL), ENOENT);
}

/* Names are device-global: a child process opens the parent's name through its own open file. */
TEST(names_across_processes)
{
	int m = open_master();
	uint32_t h = must_create(m), name = 0;
	ASSERT_OK(gem_flink(m, h, &name));
	uint32_t *shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT(shared != MAP_FAILED);
	fflush(stdout);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		int c = open_authenticated(m);
		uint32_t ch = 0, n2 = 0;
		uint64_t size = 0;
		ASSERT_OK(gem_open(c, name, &ch, &size));
		ASSERT_EQ(ch, 1);
		ASSERT_EQ(size, DUMB_SIZE);
		/* A name the child makes in the shared file outlives the child. */
		uint32_t x = must_create(m);
		ASSERT_OK(gem_flink(m, x, &n2));
		ASSERT_NE(n2, name);
		shared[0] = n2;
		_exit(0);
	}
	wait_child_ok(pid);
	ASSERT(shared[0] != 0);
	int c = open_authenticated(m);
	uint64_t size = 0;
	uint32_t ch = 0;
	ASSERT_OK(gem_open(c, shared[0], &ch, &size));
	ASSERT_EQ(size, DUMB_SIZE);
}

TEST_MAIN(T(close_valid_then_einval), T(close_pad_ignored), T(close_last_handle_removes_name),
	  T(handles_lowest_free_first), T(handles_lowest_free_first_many), T(names_lowest_free_first), T(flink_render_eacces),
	  T(flink_unauthenticated_eacces), T(flink_bad_handle_enoent), T(flink_same_object_same_name),
	  T(open_render_eacces), T(open_unauthenticated_eacces), T(open_unknown_name_enoent),
	  T(open_valid_name), T(open_twice_two_handles), T(name_outlives_creator_fd),
	  T(handles_per_open_file), T(dup_shares_handles), T(fork_shares_handles),
	  T(handles_released_on_last_close), T(names_across_processes))
