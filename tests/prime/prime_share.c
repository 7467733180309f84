/* SPDX-License-Identifier: MIT */
/*
 * Sharing objects between processes as dma-buf fds (fork + socketpair +
 * SCM_RIGHTS), as Linux 6.1 behaves on i915: data written in one process is
 * read in another and back, zero-copy; the dma-buf and its object outlive
 * the exporter (its handle, its device fd, the process itself); a mapping of
 * the fd works in any process; the object goes when its last holder does.
 * Only open/close/ioctl/mmap/lseek: the same binary runs on a real device.
 */
#define _GNU_SOURCE
#include <sys/wait.h>

#include "tests/prime/prime_test.h"

#define SIZE (64 * 1024)

static void socket_pair(int sv[2])
{
	ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv));
}

/* Parent writes, child imports and reads, child writes, parent reads back. */
TEST(write_read_and_back)
{
	int sv[2];
	socket_pair(sv);
	int fd = i915_open();
	uint32_t h = gem_create(fd, SIZE);
	bo_fill(fd, h, SIZE, 0x10000);
	int d = must_export(fd, h);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		close(fd);
		close(d);
		int cfd = i915_open();
		int cd = recv_fd(sv[1]);
		uint32_t ch = must_import(cfd, cd);
		ASSERT_EQ(lseek(cd, 0, SEEK_END), SIZE);
		ASSERT(bo_check(cfd, ch, SIZE, 0x10000));
		bo_fill(cfd, ch, SIZE, 0x20000);
		send_token(sv[1], 'w');
		ASSERT_EQ(recv_token(sv[1]), 'q');
		close(cd);
		close(cfd);
		_exit(0);
	}
	send_fd(sv[0], d);
	ASSERT_EQ(recv_token(sv[0]), 'w');
	ASSERT(bo_check(fd, h, SIZE, 0x20000));
	send_token(sv[0], 'q');
	reap_child(pid);
	close(d);
	close(fd);
}

/*
 * The exporter creates, fills, exports, sends the fd, closes its handle,
 * its device fd and its dma-buf fd, and exits; the importer still reads it.
 */
TEST(exporter_gone)
{
	int sv[2];
	socket_pair(sv);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		int cfd = i915_open();
		uint32_t ch = gem_create(cfd, SIZE);
		bo_fill(cfd, ch, SIZE, 0x30000);
		int cd = must_export(cfd, ch);
		send_fd(sv[1], cd);
		close(cd);
		ASSERT_OK(gem_close(cfd, ch));
		close(cfd);
		_exit(0);
	}
	int d = recv_fd(sv[0]);
	reap_child(pid);
	int fd = i915_open();
	uint32_t h = must_import(fd, d);
	ASSERT_EQ(lseek(d, 0, SEEK_END), SIZE);
	ASSERT(bo_check(fd, h, SIZE, 0x30000));
	/* and after the fd goes too, the handle holds the object */
	close(d);
	ASSERT(bo_check(fd, h, SIZE, 0x30000));
	close(fd);
}

/* The same, but the exporter dies without closing anything (exit with everything open). */
TEST(exporter_exits_with_everything_open)
{
	int sv[2];
	socket_pair(sv);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		int cfd = i915_open();
		uint32_t ch = gem_create(cfd, SIZE);
		bo_fill(cfd, ch, SIZE, 0x40000);
		int cd = must_export(cfd, ch);
		send_fd(sv[1], cd);
		_exit(0);
	}
	int d = recv_fd(sv[0]);
	reap_child(pid);
	/* mapping the fd needs no device fd in this process */
	void *p = mmap(NULL, SIZE, PROT_READ, MAP_SHARED, d, 0);
	ASSERT(p != MAP_FAILED);
	ASSERT(map_check(p, SIZE, 0x40000));
	int fd = i915_open();	/* another device fd open and close: a reaping point */
	close(fd);
	ASSERT(map_check(p, SIZE, 0x40000));
	fd = i915_open();
	uint32_t h = must_import(fd, d);
	ASSERT(bo_check(fd, h, SIZE, 0x40000));
	munmap(p, SIZE);
	close(d);
	close(fd);
}

/* A mapping of the fd in one process and one in another are the same memory. */
TEST(mmap_in_two_processes)
{
	int sv[2];
	socket_pair(sv);
	int fd = i915_open();
	uint32_t h = gem_create(fd, SIZE);
	int d = must_export(fd, h);
	uint32_t *p = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, d, 0);
	ASSERT(p != MAP_FAILED);
	p[0] = 0xdeadbeef;
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		int cd = recv_fd(sv[1]);
		uint32_t *q = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, cd, 0);
		ASSERT(q != MAP_FAILED);
		ASSERT_EQ(q[0], 0xdeadbeef);
		ASSERT_EQ(p[0], 0xdeadbeef);	/* the inherited mapping too */
		q[1] = 0xfeedface;
		ASSERT_EQ(p[1], 0xfeedface);
		munmap(q, SIZE);
		close(cd);
		_exit(0);
	}
	send_fd(sv[0], d);
	reap_child(pid);
	ASSERT_EQ(p[1], 0xfeedface);
	uint32_t w;
	ASSERT_OK(gem_pread(fd, h, 4, &w, 4));
	ASSERT_EQ(w, 0xfeedface);
	munmap(p, SIZE);
	close(d);
	close(fd);
}

/* A fork child inherits the dma-buf fd: it imports into its own device fd and reads. */
TEST(inherited_fd)
{
	int fd = i915_open();
	uint32_t h = gem_create(fd, 8192);
	bo_fill(fd, h, 8192, 0x50000);
	int d = must_export(fd, h);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		ASSERT_EQ(must_import(fd, d), h);	/* the same open file: its own entry */
		int cfd = i915_open();
		uint32_t ch = must_import(cfd, d);
		ASSERT(bo_check(cfd, ch, 8192, 0x50000));
		close(d);
		close(cfd);
		_exit(0);
	}
	reap_child(pid);
	ASSERT_EQ(lseek(d, 0, SEEK_END), 8192);
	ASSERT_EQ(must_import(fd, d), h);
	close(d);
	close(fd);
}

/*
 * Two processes import the same dma-buf; the one that has the only handle
 * left keeps the data after everyone else (exporter, fds) has gone; when it
 * goes too, a new object reads zero (nothing aliases freed memory).
 */
TEST(last_holder)
{
	int sv[2];
	socket_pair(sv);
	int fd = i915_open();
	uint32_t h = gem_create(fd, SIZE);
	bo_fill(fd, h, SIZE, 0x60000);
	int d = must_export(fd, h);
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		close(fd);
		close(d);
		int cfd = i915_open();
		int cd = recv_fd(sv[1]);
		uint32_t ch = must_import(cfd, cd);
		close(cd);
		send_token(sv[1], 'i');
		ASSERT_EQ(recv_token(sv[1]), 'c');	/* the parent closed everything */
		ASSERT(bo_check(cfd, ch, SIZE, 0x60000));
		ASSERT_OK(gem_close(cfd, ch));
		close(cfd);
		_exit(0);
	}
	send_fd(sv[0], d);
	ASSERT_EQ(recv_token(sv[0]), 'i');
	close(d);
	ASSERT_OK(gem_close(fd, h));
	send_token(sv[0], 'c');
	reap_child(pid);
	for (unsigned i = 0; i < 4; i++) {
		uint32_t n = gem_create(fd, SIZE);
		uint32_t *buf = malloc(SIZE);
		ASSERT(buf);
		ASSERT_OK(gem_pread(fd, n, 0, buf, SIZE));
		for (unsigned j = 0; j < SIZE / 4; j++)
			ASSERT_EQ(buf[j], 0);
		free(buf);
	}
	close(fd);
}

TEST_MAIN(T(write_read_and_back), T(exporter_gone), T(exporter_exits_with_everything_open),
	  T(mmap_in_two_processes), T(inherited_fd), T(last_holder))
