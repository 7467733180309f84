/* SPDX-License-Identifier: MIT */
/*
 * GEM_THROTTLE (uapi-conformance §26): a client waits for its own requests
 * submitted more than 20 ms ago, never for younger ones nor for other
 * clients'; a signal interrupts the wait. Only open/ioctl/mmap.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <time.h>

#include "tests/i915/i915_test.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct ender {
	volatile uint32_t *map;
	unsigned delay_ms;
	double ended;		/* when the batch was told to end */
};

static void *end_later(void *arg)
{
	struct ender *e = arg;
	struct timespec ts = { 0, e->delay_ms * 1000000l };
	nanosleep(&ts, NULL);
	e->ended = now();
	e->map[0] = MI_BATCH_BUFFER_END;
	return NULL;
}

/*
 * TH2: young work is not waited for; work older than 20 ms is. The timing checks hold
 * only where the test itself ran on time (not always so under valgrind); the checks
 * of what is busy afterwards always hold.
 */
TEST(waits_for_work_older_than_20ms)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_hold_off(fd, "rcs0", &hb);	/* the spinners end when the test says */
	uint32_t ctx = gem_context_create(fd);
	struct ender young = { .delay_ms = 300 }, old = { .delay_ms = 150 };
	pthread_t t;

	gem_spinner(fd, ctx, 0, &young.map);
	double submitted = now();
	ASSERT_EQ(pthread_create(&t, NULL, end_later, &young), 0);
	double t0 = now();
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL));
	double t1 = now();
	pthread_join(t, NULL);
	if (t0 - submitted < 0.005)
		ASSERT(t1 < young.ended);			/* it did not wait for a young request */

	uint32_t batch = gem_spinner(fd, ctx, 0, &old.map);
	struct timespec ts = { 0, 40 * 1000000l };
	nanosleep(&ts, NULL);
	ASSERT_EQ(pthread_create(&t, NULL, end_later, &old), 0);
	t0 = now();
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL));
	t1 = now();
	struct drm_i915_gem_busy b = { .handle = batch };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &b));
	ASSERT_EQ(b.busy, 0);					/* it waited for the old one */
	pthread_join(t, NULL);
	if (t0 < old.ended)
		ASSERT(t1 >= old.ended);
	heartbeat_restore(&hb);
	close(fd);
}

/* TH2: another client's old work is none of our business. */
TEST(other_clients_are_not_waited_for)
{
	int busy = i915_open_gen8(), fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_hold_off(fd, "rcs0", &hb);
	volatile uint32_t *map;
	gem_spinner(busy, 0, 0, &map);
	struct timespec ts = { 0, 40 * 1000000l };
	nanosleep(&ts, NULL);
	double t0 = now();
	ASSERT_OK(ioctl(fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL));
	ASSERT(now() - t0 < 1.0);
	map[0] = MI_BATCH_BUFFER_END;
	heartbeat_restore(&hb);
	close(busy);
	close(fd);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* TH3: a signal (without SA_RESTART) interrupts the wait. */
TEST(signal_interrupts)
{
	int fd = i915_open_gen8();
	struct heartbeat hb;
	heartbeat_hold_off(fd, "rcs0", &hb);	/* the spinners end when the test says */
	volatile uint32_t *map;
	gem_spinner(fd, 0, 0, &map);
	struct timespec ts = { 0, 40 * 1000000l };
	nanosleep(&ts, NULL);
	struct sigaction sa = { .sa_handler = on_alarm };
	sigemptyset(&sa.sa_mask);
	ASSERT_EQ(sigaction(SIGALRM, &sa, NULL), 0);
	timer_t timer;
	struct sigevent sev = { .sigev_notify = SIGEV_THREAD_ID, .sigev_signo = SIGALRM };
	sev._sigev_un._tid = gettid();
	ASSERT_EQ(timer_create(CLOCK_MONOTONIC, &sev, &timer), 0);
	struct itimerspec its = { .it_value = { 0, 50 * 1000000l } };
	ASSERT_EQ(timer_settime(timer, 0, &its, NULL), 0);
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL), EINTR);
	map[0] = MI_BATCH_BUFFER_END;
	timer_delete(timer);
	heartbeat_restore(&hb);
	close(fd);
}

TEST_MAIN(T(waits_for_work_older_than_20ms), T(other_clients_are_not_waited_for), T(signal_interrupts))
