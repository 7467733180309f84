/* SPDX-License-Identifier: MIT */
/*
 * Work outlives its submitter, and a dead process's objects go with it, as on
 * i915: a process that submits work and then exits (or is killed) leaves
 * requests that still complete, so a peer that waits for them (with an
 * infinite timeout, as libdrm users do) returns; and the objects only that
 * process had are freed soon after it is gone, whether anyone opens the
 * device again or not. Kernel-agnostic: fork, flink, mmap, GEM_WAIT.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>

#include "tests/i915/i915_test.h"

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/*
 * In a forked child: its own primary file, authenticated by the parent's (the master),
 * so it may name objects. to/from are the two ends the magic and the ack travel on.
 */
static int child_open_authenticated(int to_parent, int from_parent)
{
	int fd = open_primary();
	drm_magic_t magic = 0;
	struct drm_auth a = { 0 };
	if (ioctl(fd, DRM_IOCTL_GET_MAGIC, &a))
		_exit(4);
	magic = a.magic;
	char ack;
	if (write(to_parent, &magic, sizeof(magic)) != sizeof(magic) || read(from_parent, &ack, 1) != 1)
		_exit(5);
	return fd;
}

static void parent_authenticate(int fd, int from_child, int to_child)
{
	drm_magic_t magic = 0;
	ASSERT_EQ(read(from_child, &magic, sizeof(magic)), sizeof(magic));
	struct drm_auth a = { .magic = magic };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_AUTH_MAGIC, &a));
	ASSERT_EQ(write(to_child, "k", 1), 1);
}

/* A primary fd of the i915 device the tests' batches suit (the parent's: the master). */
static int parent_open(bool gen8)
{
	int probe = gen8 ? i915_open_gen8() : i915_open();
	close(probe);
	return open_primary();
}

/*
 * Forks a child with a primary file of its own, authenticated by fd (the master's), that
 * makes an object with make(), names it and hands the name back in *name. The child then
 * exits (0), or with pause_after waits to be killed. Returns the child's pid.
 */
static pid_t fork_namer(int fd, uint32_t (*make)(int cfd), bool pause_after, uint32_t *name)
{
	int pipefd[2], back[2];
	ASSERT_OK(pipe(pipefd));
	ASSERT_OK(pipe(back));
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		int cfd = child_open_authenticated(pipefd[1], back[0]);
		struct drm_gem_flink fl = { .handle = make(cfd) };
		if (ioctl(cfd, DRM_IOCTL_GEM_FLINK, &fl))
			_exit(2);
		if (write(pipefd[1], &fl.name, sizeof(fl.name)) != sizeof(fl.name))
			_exit(3);
		if (pause_after)
			pause();
		_exit(0);
	}
	close(pipefd[1]);
	close(back[0]);
	parent_authenticate(fd, pipefd[0], back[1]);
	ASSERT_EQ(read(pipefd[0], name, sizeof(*name)), sizeof(*name));
	close(pipefd[0]);
	close(back[1]);
	return pid;
}

static uint32_t make_spinner(int cfd)
{
	return gem_spinner(cfd, 0, I915_EXEC_RENDER, NULL);
}

static uint32_t make_object(int cfd)
{
	return gem_create(cfd, 1 << 20);
}

/*
 * A child submits a spinner and reports its flink name, then dies: by exit(0) or,
 * with kill, by SIGKILL from the parent. The parent ends the spinner through its own
 * mapping of the batch and waits on it with an infinite timeout: that must return.
 */
static void spinner_outlives(bool kill_it)
{
	int fd = parent_open(true);
	uint32_t name = 0;
	pid_t pid = fork_namer(fd, make_spinner, kill_it, &name);
	struct drm_gem_open op = { .name = name };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_GEM_OPEN, &op));
	if (kill_it)
		kill(pid, SIGKILL);
	int status;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(kill_it ? WIFSIGNALED(status) : WIFEXITED(status) && WEXITSTATUS(status) == 0);

	/* The spinner may still be spinning, now on someone else's engine: end it. */
	struct drm_i915_gem_mmap m = { .handle = op.handle, .size = 4096 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &m));
	volatile uint32_t *cmd = (volatile uint32_t *)(uintptr_t)m.addr_ptr;
	cmd[0] = MI_BATCH_BUFFER_END;
	__sync_synchronize();
	uint64_t t0 = now_ms();
	gem_wait(fd, op.handle);
	printf("# the dead process's request completed %llu ms after it ended\n",
	       (unsigned long long)(now_ms() - t0));
	close(fd);
}

TEST(request_of_exited_process_completes)
{
	spinner_outlives(false);
}

TEST(request_of_killed_process_completes)
{
	spinner_outlives(true);
}

/*
 * A child makes an object, names it, and exits without closing anything. The
 * object was only the child's: its name stops working once the child is gone,
 * without the parent opening the device again to make that happen.
 */
TEST(dead_process_objects_are_freed)
{
	int fd = parent_open(false);
	uint32_t name = 0;
	pid_t pid = fork_namer(fd, make_object, false, &name);
	int status;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	uint64_t t0 = now_ms();
	for (;;) {
		struct drm_gem_open op = { .name = name };
		if (ioctl(fd, DRM_IOCTL_GEM_OPEN, &op) < 0) {
			ASSERT_EQ(errno, ENOENT);
			break;
		}
		gem_close(fd, op.handle);
		ASSERT(now_ms() - t0 < 5000);
		usleep(2000);
	}
	printf("# freed %llu ms after the process exited\n", (unsigned long long)(now_ms() - t0));
	close(fd);
}

int main(void)
{
	static const struct test tests[] = {
		T(request_of_exited_process_completes),
		T(request_of_killed_process_completes),
		T(dead_process_objects_are_freed),
	};
	return run_tests(tests, ARRAY_SIZE(tests));
}
