/* SPDX-License-Identifier: MIT */
/*
 * Sync objects and sync_files across processes (fork + socketpair +
 * SCM_RIGHTS): an imported syncobj fd is the same object in the other
 * process, a waiter really sleeps until the other process acts (measured),
 * sync_files poll readable in another process (poll, select, epoll), and
 * objects survive the death of the process that made them. Kernel-agnostic.
 */
#include <sys/epoll.h>
#include <sys/select.h>

#include "tests/sync/sync_util.h"

/* The same object: a signal in one process and a reset in the other are seen by both. */
TEST(imported_fd_is_same_object)
{
	int sv[2];
	ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	pid_t pid = fork();
	if (pid == 0) {
		int fd = sync_open();		/* its own open file */
		int ofd = recv_fd(sv[1]);
		uint32_t h = 0;
		ASSERT_OK(so_from_fd(fd, ofd, 0, &h));
		close(ofd);
		ASSERT_ERRNO(so_wait(fd, &h, 1, 0, 0, NULL), EINVAL);
		send_byte(sv[1], 'a');
		ASSERT_EQ(recv_byte(sv[1]), 's');		/* the parent signalled */
		ASSERT_OK(so_wait(fd, &h, 1, 0, 0, NULL));
		ASSERT_OK(so_reset(fd, h));
		ASSERT_OK(so_tsignal(fd, h, 4));
		send_byte(sv[1], 'r');
		_exit(0);
	}
	int fd = sync_open(), ofd;
	uint32_t h = so_create(fd, 0);
	ASSERT_OK(so_to_fd(fd, h, 0, &ofd));
	send_fd(sv[0], ofd);
	close(ofd);
	ASSERT_EQ(recv_byte(sv[0]), 'a');
	ASSERT_OK(so_signal(fd, h));
	send_byte(sv[0], 's');
	ASSERT_EQ(recv_byte(sv[0]), 'r');
	ASSERT_EQ(so_query(fd, h, 0), 4);
	ASSERT_EQ(wait_child(pid), 0);
	close(fd);
}

/* A WAIT_FOR_SUBMIT waiter in the child sleeps until the parent signals, ~100 ms later. */
TEST(waiter_blocks_until_other_process_signals)
{
	int sv[2];
	ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	int fd = sync_open(), ofd;
	uint32_t h[2] = { so_create(fd, 0), so_create(fd, 0) };
	ASSERT_OK(so_to_fd(fd, h[1], 0, &ofd));
	pid_t pid = fork();
	if (pid == 0) {
		int cfd = sync_open();
		uint32_t ch[2] = { so_create(cfd, 0), 0 };
		ASSERT_OK(so_from_fd(cfd, ofd, 0, &ch[1]));
		send_byte(sv[1], 'w');
		uint64_t t0 = now_ns();
		uint32_t first = 99;
		ASSERT_OK(so_wait(cfd, ch, 2, (int64_t)(t0 + 10000000000ull), DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
				  &first));
		uint64_t blocked = now_ns() - t0;
		printf("# child blocked %llu us\n", (unsigned long long)(blocked / 1000));
		ASSERT(blocked >= 90000000);
		ASSERT_EQ(first, 1);
		_exit(0);
	}
	ASSERT_EQ(recv_byte(sv[0]), 'w');
	usleep(100000);
	ASSERT_OK(so_signal(fd, h[1]));
	ASSERT_EQ(wait_child(pid), 0);
	close(ofd);
	close(fd);
}

/* Timelines across processes: WAIT_AVAILABLE in the child for a point the parent adds. */
TEST(timeline_across_processes)
{
	int sv[2];
	ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	int fd = sync_open(), ofd;
	uint32_t h = so_create(fd, 0);
	ASSERT_OK(so_to_fd(fd, h, 0, &ofd));
	pid_t pid = fork();
	if (pid == 0) {
		int cfd = sync_open();
		uint32_t ch = 0;
		ASSERT_OK(so_from_fd(cfd, ofd, 0, &ch));
		send_byte(sv[1], 'w');
		uint64_t p = 3, t0 = now_ns();
		ASSERT_OK(so_twait(cfd, &ch, &p, 1, (int64_t)(t0 + 10000000000ull),
				   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE));
		ASSERT(now_ns() - t0 >= 40000000);
		ASSERT_EQ(so_query(cfd, ch, 0), 3);
		_exit(0);
	}
	ASSERT_EQ(recv_byte(sv[0]), 'w');
	usleep(20000);
	ASSERT_OK(so_tsignal(fd, h, 1));		/* not yet the one it waits for */
	usleep(30000);
	ASSERT_OK(so_tsignal(fd, h, 3));
	ASSERT_EQ(wait_child(pid), 0);
	close(ofd);
	close(fd);
}

/* A syncobj made by a process that exits lives on through the fd it handed over. */
TEST(survives_its_maker)
{
	int sv[2];
	ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	pid_t pid = fork();
	if (pid == 0) {
		int cfd = sync_open(), ofd, sf;
		uint32_t h = so_create(cfd, DRM_SYNCOBJ_CREATE_SIGNALED);
		ASSERT_OK(so_to_fd(cfd, h, 0, &ofd));
		ASSERT_OK(so_to_fd(cfd, h, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &sf));
		send_fd(sv[1], ofd);
		send_fd(sv[1], sf);
		_exit(0);		/* closes its DRM fd: its handles go */
	}
	int ofd = recv_fd(sv[0]), sf = recv_fd(sv[0]);
	ASSERT_EQ(wait_child(pid), 0);
	int fd = sync_open();
	uint32_t h = 0;
	ASSERT_OK(so_from_fd(fd, ofd, 0, &h));
	ASSERT_OK(so_wait(fd, &h, 1, 0, 0, NULL));
	ASSERT(sync_file_ready(sf, 0));
	uint32_t g = so_create(fd, 0);
	ASSERT_OK(so_from_fd(fd, sf, DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE, &g));
	ASSERT_OK(so_wait(fd, &g, 1, 0, 0, NULL));
	close(ofd);
	close(sf);
	close(fd);
}

/* A pending sync_file polls readable in another process once its request completes. */
TEST(sync_file_poll_across_processes)
{
	int fd = gen8_fd();
	int sv[2];
	ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	struct spinner s = spinner_new(fd, 0x800000);
	int out = spin_with_out_fence(fd, &s, I915_EXEC_RENDER);
	pid_t pid = fork();
	if (pid == 0) {
		int sf = recv_fd(sv[1]);
		ASSERT(!sync_file_ready(sf, 0));
		int ep = epoll_create1(EPOLL_CLOEXEC);
		struct epoll_event ev = { .events = EPOLLIN }, got;
		ASSERT_OK(epoll_ctl(ep, EPOLL_CTL_ADD, sf, &ev));
		ASSERT_EQ(epoll_wait(ep, &got, 1, 0), 0);
		send_byte(sv[1], 'w');
		uint64_t t0 = now_ns();
		ASSERT_EQ(epoll_wait(ep, &got, 1, 10000), 1);
		ASSERT(now_ns() - t0 >= 40000000);
		fd_set rd;
		FD_ZERO(&rd);
		FD_SET(sf, &rd);
		struct timeval tv = { 0, 0 };
		ASSERT_EQ(select(sf + 1, &rd, NULL, NULL, &tv), 1);
		ASSERT(sync_file_ready(sf, 0));
		struct sync_file_info info = { 0 };
		ASSERT_OK(ioctl(sf, SYNC_IOC_FILE_INFO, &info));	/* a process without a DRM fd */
		ASSERT_EQ(info.status, 1);
		_exit(0);
	}
	send_fd(sv[0], out);
	ASSERT_EQ(recv_byte(sv[0]), 'w');
	usleep(50000);
	spinner_end(&s);
	ASSERT_EQ(wait_child(pid), 0);
	ASSERT(sync_file_ready(out, 0));
	close(out);
	close(fd);
}

/*
 * Each out-fence after the first is exported once the one before has been closed, so the
 * shim hands it the id and the FIFO the closed one left: it must still start unsignalled,
 * wake an epoll waiter in a child that inherited it only when its request completes, and
 * leave alone a sync_file that is still open.
 */
TEST(sync_file_reused_starts_pending)
{
	int fd = gen8_fd(), held = -1;
	struct spinner s = spinner_new(fd, 0x800000);
	for (int i = 0; i < 4; i++) {
		s.map[0] = MI_BATCH_BUFFER_START_GEN8;
		__sync_synchronize();
		int out = spin_with_out_fence(fd, &s, I915_EXEC_RENDER);
		ASSERT(!sync_file_ready(out, 0));
		if (held >= 0)
			ASSERT(sync_file_ready(held, 0));
		int ep = epoll_create1(EPOLL_CLOEXEC);
		struct epoll_event ev = { .events = EPOLLIN }, got;
		ASSERT_OK(epoll_ctl(ep, EPOLL_CTL_ADD, out, &ev));
		pid_t pid = fork();
		if (pid == 0) {
			uint64_t t0 = now_ns();
			ASSERT_EQ(epoll_wait(ep, &got, 1, 10000), 1);
			ASSERT(now_ns() - t0 >= 10000000);
			ASSERT_EQ(epoll_wait(ep, &got, 1, 0), 1);	/* level-triggered: stays readable */
			_exit(0);
		}
		usleep(30000);
		ASSERT(!sync_file_ready(out, 0));
		spinner_end(&s);
		ASSERT_EQ(wait_child(pid), 0);
		ASSERT(sync_file_ready(out, 1000));
		close(ep);
		if (held < 0)
			held = out;
		else
			close(out);
	}
	close(held);
	close(fd);
}

TEST_MAIN(T(imported_fd_is_same_object), T(waiter_blocks_until_other_process_signals),
	  T(timeline_across_processes), T(survives_its_maker), T(sync_file_poll_across_processes),
	  T(sync_file_reused_starts_pending))
