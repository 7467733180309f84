/* SPDX-License-Identifier: MIT */
/*
 * Signal handlers that use the device, as the kernel lets them: a handler
 * runs when the system call it interrupted has returned, so it may call
 * ioctl() or close() on a DRM fd whatever the interrupted thread was doing.
 * IGT's exit handlers close their device on SIGTERM. Under the shim the
 * interrupted call is code of the same thread, possibly holding the device
 * lock (base/signal_hold.h). And the program reads back its own actions.
 * Kernel-agnostic.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "tests/i915/i915_test.h"

static const uint32_t end_cmds[] = { MI_BATCH_BUFFER_END, MI_NOOP };

static int dev_fd;
static volatile sig_atomic_t handled, handler_failed;

/* A GEM_CREATE and GEM_CLOSE from inside a handler. */
static void use_device(int sig)
{
	(void)sig;
	int saved = errno;
	struct drm_i915_gem_create c = { .size = 4096 };
	if (ioctl(dev_fd, DRM_IOCTL_I915_GEM_CREATE, &c))
		handler_failed = 1;
	else if (gem_close(dev_fd, c.handle))
		handler_failed = 1;
	handled++;
	errno = saved;
}

struct pelter {
	pthread_t target;
	bool stop;
};

static void *pelt(void *arg)
{
	struct pelter *p = arg;
	struct timespec ts = { 0, 20000 };
	while (!__atomic_load_n(&p->stop, __ATOMIC_ACQUIRE)) {
		pthread_kill(p->target, SIGUSR1);
		nanosleep(&ts, NULL);
	}
	return NULL;
}

/* A thread is signalled every 20 us while it creates, executes and closes; each signal's
 * handler makes and closes an object. Every call of both succeeds; nothing waits forever. */
TEST(handler_uses_the_device_during_ioctls)
{
	dev_fd = i915_open();
	struct sigaction sa = { .sa_handler = use_device, .sa_flags = SA_RESTART };
	sigemptyset(&sa.sa_mask);
	ASSERT_OK(sigaction(SIGUSR1, &sa, NULL));
	struct pelter p = { .target = pthread_self() };
	pthread_t pelter;
	ASSERT_EQ(pthread_create(&pelter, NULL, pelt, &p), 0);
	uint32_t batch = gem_batch(dev_fd, end_cmds, sizeof(end_cmds));
	for (int i = 0; i < 3000; i++) {
		uint32_t h = gem_create(dev_fd, 8192);
		struct drm_i915_gem_exec_object2 o[2] = { { .handle = h }, { .handle = batch } };
		int ret;
		do
			ret = gem_execbuf_ctx(dev_fd, o, 2, 0, 0);
		while (ret && errno == EINTR);
		ASSERT_EQ(ret, 0);
		ASSERT_EQ(gem_close(dev_fd, h), 0);
	}
	__atomic_store_n(&p.stop, true, __ATOMIC_RELEASE);
	ASSERT_EQ(pthread_join(pelter, NULL), 0);
	gem_wait(dev_fd, batch);
	ASSERT(handled > 0);
	ASSERT_EQ(handler_failed, 0);
	printf("# %d handlers ran\n", (int)handled);
	signal(SIGUSR1, SIG_IGN);
	close(dev_fd);
}

static void close_and_exit(int sig)
{
	(void)sig;
	close(dev_fd);		/* as IGT's exit handlers do */
	_exit(7);
}

/* A process killed with SIGTERM while it submits, whose handler closes the device and
 * exits: it exits, each of many times. */
TEST(handler_closes_the_device_and_exits)
{
	for (int round = 0; round < 20; round++) {
		pid_t child = fork();
		ASSERT(child >= 0);
		if (child == 0) {
			dev_fd = i915_open();
			signal(SIGTERM, close_and_exit);
			uint32_t batch = gem_batch(dev_fd, end_cmds, sizeof(end_cmds));
			for (;;) {
				uint32_t h = gem_create(dev_fd, 4096);
				struct drm_i915_gem_exec_object2 o[2] = { { .handle = h }, { .handle = batch } };
				gem_execbuf_ctx(dev_fd, o, 2, 0, 0);
				gem_close(dev_fd, h);
			}
		}
		struct timespec ts = { 0, 5000000 + round * 500000 };
		nanosleep(&ts, NULL);
		kill(child, SIGTERM);
		int status;
		ASSERT_EQ(waitpid(child, &status, 0), child);
		ASSERT(WIFEXITED(status));
		ASSERT_EQ(WEXITSTATUS(status), 7);
	}
}

static void handler_a(int sig) { (void)sig; }
static void handler_b(int sig, siginfo_t *si, void *uc) { (void)sig; (void)si; (void)uc; }

/* sigaction() and signal() give back what the program set, mask and flags included. */
TEST(program_reads_back_its_actions)
{
	struct sigaction sa = { .sa_handler = handler_a, .sa_flags = SA_RESTART }, old;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	ASSERT_OK(sigaction(SIGHUP, &sa, NULL));
	ASSERT_OK(sigaction(SIGHUP, NULL, &old));
	ASSERT(old.sa_handler == handler_a);
	ASSERT(old.sa_flags & SA_RESTART);
	ASSERT(!(old.sa_flags & SA_SIGINFO));
	ASSERT(sigismember(&old.sa_mask, SIGUSR2));
	sa.sa_sigaction = handler_b;
	sa.sa_flags = SA_SIGINFO | SA_RESETHAND;
	ASSERT_OK(sigaction(SIGHUP, &sa, &old));
	ASSERT(old.sa_handler == handler_a);
	ASSERT_OK(sigaction(SIGHUP, NULL, &old));
	ASSERT(old.sa_sigaction == handler_b);
	ASSERT(old.sa_flags & SA_RESETHAND);
	/* One-shot: after one delivery the action is the default again. */
	raise(SIGHUP);
	ASSERT_OK(sigaction(SIGHUP, NULL, &old));
	ASSERT(old.sa_handler == SIG_DFL);
	ASSERT(signal(SIGHUP, handler_a) == SIG_DFL);
	ASSERT(signal(SIGHUP, SIG_IGN) == handler_a);
	ASSERT(signal(SIGHUP, SIG_DFL) == SIG_IGN);
	ASSERT_ERRNO(sigaction(SIGKILL, &sa, NULL), EINVAL);
}

TEST_MAIN(T(handler_uses_the_device_during_ioctls), T(handler_closes_the_device_and_exits),
	  T(program_reads_back_its_actions))
