/* SPDX-License-Identifier: MIT */
/*
 * The DRM fd as a file (uapi-conformance §1a, rows FO1–FO8): what poll,
 * epoll, read and lseek do on a device fd with no event queued. A display
 * server puts the DRM fd into its epoll set before any mode setting and
 * reads events from it when it turns readable; none of that is an ioctl, so
 * these rules hold for every DRM driver (drm_file.c: drm_poll, drm_read;
 * the fops' noop_llseek) and run on the real kernel too.
 */
#include "config.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/wait.h>
#include <time.h>

#include "tests/ioctl/ioctl_util.h"

/* FO1: with nothing queued, poll does not report the fd readable. */
TEST(poll_not_readable_without_events)
{
	int fds[2] = { open_primary(), open_render() };
	for (int i = 0; i < 2; i++) {
		struct pollfd p = { .fd = fds[i], .events = POLLIN | POLLRDNORM };
		ASSERT_EQ(poll(&p, 1, 0), 0);
		ASSERT_EQ(p.revents, 0);
		close(fds[i]);
	}
}

/* FO2: a DRM fd can join an epoll set (a regular file could not: EPERM), and is not ready. */
TEST(epoll_accepts_the_fd)
{
	int fd = open_primary();
	int ep = epoll_create1(EPOLL_CLOEXEC);
	ASSERT(ep >= 0);
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 42 };
	ASSERT_OK(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev));
	struct epoll_event out;
	ASSERT_EQ(epoll_wait(ep, &out, 1, 0), 0);
	ASSERT_OK(epoll_ctl(ep, EPOLL_CTL_DEL, fd, NULL));
	close(ep);
	close(fd);
}

/* FO3: read() of a non-blocking fd with no event queued: EAGAIN. */
TEST(nonblocking_read_without_events)
{
	int fd = open(test_primary_path(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
	ASSERT(fd >= 0);
	char buf[4096];
	errno = 0;
	ASSERT_EQ(read(fd, buf, sizeof(buf)), -1);
	ASSERT_EQ(errno, EAGAIN);
	close(fd);
}

/* FO4: read() of a blocking fd waits for an event: still asleep after 200 ms. */
TEST(blocking_read_waits)
{
	int fd = open_primary();
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		char buf[4096];
		_exit(read(fd, buf, sizeof(buf)) >= 0 ? 1 : 2);
	}
	struct timespec t = { 0, 200 * 1000 * 1000 };
	nanosleep(&t, NULL);
	int status;
	ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0);	/* the read has not returned */
	kill(pid, SIGKILL);
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(WIFSIGNALED(status));
	close(fd);
}

/* FO5: lseek answers as noop_llseek: the position, 0, whatever is asked. */
TEST(lseek_is_a_no_op)
{
	int fd = open_primary();
	ASSERT_EQ(lseek(fd, 0, SEEK_CUR), 0);
	ASSERT_EQ(lseek(fd, 4096, SEEK_SET), 0);
	ASSERT_EQ(lseek(fd, 0, SEEK_END), 0);
	ASSERT_EQ(lseek(fd, 0, SEEK_CUR), 0);
	close(fd);
}

/* FO6: a dup'd fd and a forked child's are the same open file: both stay usable after either closes. */
TEST(dup_and_fork_share_the_file)
{
	int fd = open_primary();
	int d = dup(fd);
	ASSERT(d >= 0);
	close(fd);
	struct drm_version v;
	memset(&v, 0, sizeof(v));
	ASSERT_OK(ioctl(d, DRM_IOCTL_VERSION, &v));
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		struct drm_version w;
		memset(&w, 0, sizeof(w));
		struct pollfd p = { .fd = d, .events = POLLIN };
		_exit(ioctl(d, DRM_IOCTL_VERSION, &w) == 0 && poll(&p, 1, 0) == 0 ? 0 : 1);
	}
	int status;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	close(d);
}

/* FO7: a DRM fd has no write method: EINVAL, and the fd stays not readable. */
TEST(write_einval)
{
	int d = open_primary();
	char byte = 1;
	ASSERT_ERRNO(write(d, &byte, 1), EINVAL);
	struct pollfd p = { .fd = d, .events = POLLIN };
	ASSERT_EQ(poll(&p, 1, 0), 0);
	close(d);
}

/* FO8: other files keep their own answers: lseek of a pipe is ESPIPE (grep and others
 * read stdin differently on that errno), before and after a device is open. */
TEST(pipe_lseek_espipe)
{
	int p[2];
	ASSERT_OK(pipe(p));
	errno = 0;
	ASSERT_ERRNO(lseek(p[0], 0, SEEK_CUR), ESPIPE);
	int d = open_primary();
	ASSERT_ERRNO(lseek(p[0], 0, SEEK_CUR), ESPIPE);
	ASSERT_ERRNO(lseek(p[1], 0, SEEK_SET), ESPIPE);
	close(d);
	close(p[0]);
	close(p[1]);
}

TEST_MAIN(T(poll_not_readable_without_events), T(epoll_accepts_the_fd), T(nonblocking_read_without_events),
	  T(blocking_read_waits), T(lseek_is_a_no_op), T(dup_and_fork_share_the_file),
	  T(write_einval), T(pipe_lseek_espipe))
