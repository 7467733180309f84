/* SPDX-License-Identifier: MIT */
/*
 * Open files across dup, fork, exec, UNIX sockets, threads and uid changes:
 * an open file of a DRM node is one kernel object however many fds and
 * processes refer to it, and it goes away with its last fd. Kernel-agnostic
 * unless a test says "shim only".
 */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <drm.h>
#include <i915_drm.h>

#include "tests/harness.h"
#include "tests/drm_test_util.h"

static uint32_t create_bo(int fd)
{
	struct drm_mode_create_dumb c = { .width = 64, .height = 64, .bpp = 32 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &c));
	return c.handle;
}

static uint32_t flink(int fd, uint32_t handle)
{
	struct drm_gem_flink f = { .handle = handle };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_FLINK, &f));
	return f.name;
}

static int gem_open(int fd, uint32_t name, uint32_t *handle)
{
	struct drm_gem_open o = { .name = name };
	int ret = ioctl(fd, DRM_IOCTL_GEM_OPEN, &o);
	if (handle)
		*handle = o.handle;
	return ret;
}

static bool is_master(int fd)
{
	/* Only the current master may authenticate: magic 0 is EINVAL for it, EACCES for others. */
	struct drm_auth a = { .magic = 0 };
	return ioctl(fd, DRM_IOCTL_AUTH_MAGIC, &a) == -1 && errno == EINVAL;
}

static int primary_or_skip(void)
{
	int fd = test_open_primary();
	if (fd < 0)
		SKIP_MISSING("no primary node");
	return fd;
}

static void wait_ok(pid_t pid)
{
	int status;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(WIFEXITED(status));
	ASSERT_EQ(WEXITSTATUS(status), 0);
}

/* A forked child shares the parent's open file: same handles, both ways. */
TEST(fork_shares_handles)
{
	int fd = primary_or_skip();
	uint32_t h = create_bo(fd);
	pid_t pid = fork();
	if (pid == 0) {
		ASSERT_OK(flink(fd, h));			/* the parent's handle works here */
		uint32_t h2 = create_bo(fd);			/* and ours works there */
		_exit(h2 == h + 1 ? 0 : 1);
	}
	wait_ok(pid);
	struct drm_gem_close c = { .handle = h + 1 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c));
	close(fd);
}

/* dup'd fds are the same open file. */
TEST(dup_shares_handles)
{
	int fd = primary_or_skip();
	int fd2 = dup(fd);
	int fd3 = fcntl(fd, F_DUPFD_CLOEXEC, 100);
	int fd4 = dup2(fd, 90);
	uint32_t h = create_bo(fd);
	close(fd);
	ASSERT_OK(flink(fd2, h));
	ASSERT_OK(flink(fd3, h));
	struct drm_gem_close c = { .handle = h };
	ASSERT_OK(ioctl(fd4, DRM_IOCTL_GEM_CLOSE, &c));
	ASSERT_ERRNO(ioctl(fd2, DRM_IOCTL_GEM_CLOSE, &c), EINVAL);
	close(fd2);
	close(fd3);
	close(fd4);
}

/* Another open of the node is another open file: its handles are its own. */
TEST(open_files_do_not_share_handles)
{
	int fd = primary_or_skip();
	int fd2 = test_open_primary();
	uint32_t h = create_bo(fd);
	struct drm_gem_close c = { .handle = h };
	ASSERT_ERRNO(ioctl(fd2, DRM_IOCTL_GEM_CLOSE, &c), EINVAL);
	struct drm_gem_flink f = { .handle = h };
	ASSERT_ERRNO(ioctl(fd2, DRM_IOCTL_GEM_FLINK, &f), ENOENT);
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c));
	close(fd);
	close(fd2);
}

static int child_main(int argc, char **argv);

/* This program, for re-executing itself (not /proc/self/exe: under valgrind that is the tool). */
static char self_path[PATH_MAX];

/* An fd inherited across execve is still the same open file. */
TEST(exec_inherits_open_file)
{
	int fd = primary_or_skip();
	uint32_t h = create_bo(fd);
	char fdarg[16], harg[16];
	snprintf(fdarg, sizeof(fdarg), "%d", fd);
	snprintf(harg, sizeof(harg), "%u", h);
	pid_t pid = fork();
	if (pid == 0) {
		fcntl(fd, F_SETFD, 0);	/* keep it across exec */
		execl(self_path, self_path, "--child-flink", fdarg, harg, (char *)NULL);
		_exit(3);
	}
	wait_ok(pid);
	close(fd);
}

/* An fd received over a UNIX socket is the sender's open file. */
TEST(scm_rights_passes_open_file)
{
	int sv[2];
	ASSERT_OK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv));
	pid_t pid = fork();
	if (pid == 0) {
		char c;
		char ctrl[CMSG_SPACE(sizeof(int))];
		struct iovec iov = { &c, 1 };
		struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctrl,
				      .msg_controllen = sizeof(ctrl) };
		uint32_t h;
		ASSERT_EQ(recvmsg(sv[1], &msg, 0), 1);
		ASSERT_EQ(read(sv[1], &h, sizeof(h)), (ssize_t)sizeof(h));
		int fd;
		memcpy(&fd, CMSG_DATA(CMSG_FIRSTHDR(&msg)), sizeof(fd));
		ASSERT_OK(flink(fd, h));
		struct stat st;
		ASSERT_OK(fstat(fd, &st));
		ASSERT(S_ISCHR(st.st_mode));
		_exit(0);
	}
	int fd = primary_or_skip();
	uint32_t h = create_bo(fd);
	char c = 'x';
	char ctrl[CMSG_SPACE(sizeof(int))];
	memset(ctrl, 0, sizeof(ctrl));
	struct iovec iov = { &c, 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctrl,
			      .msg_controllen = sizeof(ctrl) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(fd));
	ASSERT_EQ(sendmsg(sv[0], &msg, 0), 1);
	close(fd);	/* the child's copy keeps the open file alive */
	ASSERT_EQ(write(sv[0], &h, sizeof(h)), (ssize_t)sizeof(h));
	wait_ok(pid);
}

/* Names are device-wide: a separate program (not a fork) opens what we flinked. */
TEST(names_are_device_wide)
{
	int fd = primary_or_skip();
	uint32_t name = flink(fd, create_bo(fd));
	char arg[16];
	snprintf(arg, sizeof(arg), "%u", name);
	pid_t pid = fork();
	if (pid == 0) {
		execl(self_path, self_path, "--child-open-name", arg, (char *)NULL);
		_exit(3);
	}
	wait_ok(pid);
	close(fd);
}

/* The open file lives while any process holds an fd; master follows the open file. */
TEST(master_lives_with_last_fd)
{
	int fd = primary_or_skip();
	if (!is_master(fd))
		SKIP_MISSING("another program is the master");
	int sv[2];
	ASSERT_OK(pipe(sv));
	pid_t pid = fork();
	if (pid == 0) {
		char c;
		close(sv[1]);
		ASSERT_EQ(read(sv[0], &c, 1), 0);	/* until the parent is done */
		_exit(0);
	}
	close(sv[0]);
	close(fd);
	int fd2 = test_open_primary();
	ASSERT(!is_master(fd2));		/* the child still holds the master's open file */
	close(fd2);
	close(sv[1]);
	wait_ok(pid);
	int fd3 = test_open_primary();
	ASSERT(is_master(fd3));
	close(fd3);
}

/* A name dies when the last handle goes, even if that handle was in a process that exited. */
TEST(name_dies_with_last_handle_of_dead_process)
{
	int fd = primary_or_skip();
	int sv[2];
	ASSERT_OK(pipe(sv));
	pid_t pid = fork();
	if (pid == 0) {
		int cfd = test_open_primary();
		uint32_t name = flink(cfd, create_bo(cfd));
		ASSERT_EQ(write(sv[1], &name, sizeof(name)), (ssize_t)sizeof(name));
		_exit(0);	/* no close: exit releases the open file */
	}
	uint32_t name;
	ASSERT_EQ(read(sv[0], &name, sizeof(name)), (ssize_t)sizeof(name));
	wait_ok(pid);
	int fd2 = test_open_primary();	/* any open lets a lazy implementation notice */
	ASSERT_ERRNO(gem_open(fd, name, NULL), ENOENT);
	close(fd2);
	close(fd);
}

struct thread_arg {
	int fd;
	uint32_t handles[64];
	int err;
};

static void *thread_body(void *p)
{
	struct thread_arg *a = p;
	for (int i = 0; i < 64; i++) {
		struct drm_mode_create_dumb c = { .width = 16, .height = 16, .bpp = 32 };
		if (ioctl(a->fd, DRM_IOCTL_MODE_CREATE_DUMB, &c)) {
			a->err = errno;
			return NULL;
		}
		a->handles[i] = c.handle;
	}
	return NULL;
}

/* Threads creating objects on one open file get distinct handles. */
TEST(threads_get_distinct_handles)
{
	int fd = primary_or_skip();
	struct thread_arg args[4];
	pthread_t th[4];
	for (int i = 0; i < 4; i++) {
		args[i] = (struct thread_arg){ .fd = fd };
		ASSERT_OK(-pthread_create(&th[i], NULL, thread_body, &args[i]));
	}
	for (int i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	static uint8_t seen[4 * 64 + 2];
	for (int i = 0; i < 4; i++) {
		ASSERT_EQ(args[i].err, 0);
		for (int j = 0; j < 64; j++) {
			uint32_t h = args[i].handles[j];
			ASSERT(h >= 1 && h <= 256);
			ASSERT(!seen[h]);
			seen[h] = 1;
		}
	}
	close(fd);
}

/* Threads opening the device at once (first use of the emulation in this process). */
static void *open_body(void *p)
{
	int *out = p;
	*out = test_open_render();
	return NULL;
}

TEST(threads_open_at_once)
{
	pthread_t th[8];
	int fds[8];
	for (int i = 0; i < 8; i++)
		ASSERT_OK(-pthread_create(&th[i], NULL, open_body, &fds[i]));
	for (int i = 0; i < 8; i++) {
		pthread_join(th[i], NULL);
		if (fds[i] < 0)
			SKIP_MISSING("no render node");
		ASSERT(test_is_i915(fds[i]) || !test_is_i915(fds[i]));
		char name[16];
		ASSERT_OK(test_driver_name(fds[i], name, sizeof(name)));
	}
	for (int i = 0; i < 8; i++)
		close(fds[i]);
}

/* A process that changes uid keeps using the device (render node: no auth needed). */
TEST(uid_change_keeps_working)
{
	if (geteuid() != 0)
		SKIP("needs root to change uid");	/* external: privileges */
	int fd = primary_or_skip();	/* the instance is set up by root */
	pid_t pid = fork();
	if (pid == 0) {
		ASSERT_OK(setresgid(65534, 65534, 65534));
		ASSERT_OK(setresuid(65534, 65534, 65534));
		int r = test_open_render();
		if (r < 0)
			_exit(0);	/* a real machine may not let nobody open it */
		struct drm_mode_create_dumb c = { .width = 8, .height = 8, .bpp = 32 };
		int p = test_open_primary();
		ASSERT(p >= 0);
		ASSERT_OK(ioctl(p, DRM_IOCTL_MODE_CREATE_DUMB, &c));
		struct drm_auth a;
		ASSERT_OK(ioctl(p, DRM_IOCTL_GET_MAGIC, &a));
		ASSERT(a.magic >= 1);
		_exit(0);
	}
	wait_ok(pid);
	close(fd);
}

/* Shim only: a process killed at any point, even inside the emulation, does not stop others. */
TEST(killed_process_does_not_wedge_device)
{
	REQUIRE_SHIM("killing a process inside the emulation");
	for (int round = 0; round < 5; round++) {
		pid_t pid = fork();
		if (pid == 0) {
			int fd = test_open_primary();
			for (;;) {
				uint32_t h = create_bo(fd);
				struct drm_gem_close c = { .handle = h };
				ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
			}
		}
		usleep(20000 + round * 7000);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	int fd = primary_or_skip();
	for (int i = 0; i < 100; i++)
		create_bo(fd);
	close(fd);
}

/* Shim only: I915_SHIM_INSTANCE gives a separate device with its own names. */
TEST(instances_are_separate)
{
	REQUIRE_SHIM("I915_SHIM_INSTANCE is the shim's");
	int fd = primary_or_skip();
	uint32_t name = flink(fd, create_bo(fd));
	char arg[16];
	snprintf(arg, sizeof(arg), "%u", name);
	pid_t pid = fork();
	if (pid == 0) {
		char inst[64];
		snprintf(inst, sizeof(inst), "%s.other", getenv("I915_SHIM_INSTANCE") ?
			 getenv("I915_SHIM_INSTANCE") : "default");
		setenv("I915_SHIM_INSTANCE", inst, 1);
		execl(self_path, self_path, "--child-name-absent", arg, (char *)NULL);
		_exit(3);
	}
	wait_ok(pid);
	close(fd);
}

static int child_main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "--child-flink")) {
		int fd = atoi(argv[2]);
		struct drm_gem_flink f = { .handle = (uint32_t)atoi(argv[3]) };
		return ioctl(fd, DRM_IOCTL_GEM_FLINK, &f) == 0 && f.name >= 1 ? 0 : 1;
	}
	if (argc == 3 && !strcmp(argv[1], "--child-open-name")) {
		int fd = test_open_primary();
		uint32_t h;
		return fd >= 0 && gem_open(fd, (uint32_t)atoi(argv[2]), &h) == 0 && h >= 1 ? 0 : 1;
	}
	if (argc == 3 && !strcmp(argv[1], "--child-name-absent")) {
		int fd = test_open_primary();
		char dir[512];
		int ret = fd >= 0 && gem_open(fd, (uint32_t)atoi(argv[2]), NULL) == -1 && errno == ENOENT ? 0 : 1;
		close(fd);
		/* this child made the other instance: remove it again */
		snprintf(dir, sizeof(dir), "rm -rf /dev/shm/i915-shim-v*-%s-*", getenv("I915_SHIM_INSTANCE"));
		if (system(dir) != 0)
			return 1;
		return ret;
	}
	return 2;
}

int main(int argc, char **argv)
{
	if (!realpath(argv[0], self_path))
		return 99;
	if (argc > 1)
		return child_main(argc, argv);
	static const struct test tests[] = {
		T(fork_shares_handles), T(dup_shares_handles), T(open_files_do_not_share_handles),
		T(exec_inherits_open_file), T(scm_rights_passes_open_file), T(names_are_device_wide),
		T(master_lives_with_last_fd), T(name_dies_with_last_handle_of_dead_process),
		T(threads_get_distinct_handles), T(threads_open_at_once), T(uid_change_keeps_working),
		T(killed_process_does_not_wedge_device), T(instances_are_separate),
	};
	return run_tests(tests, ARRAY_SIZE(tests));
}
