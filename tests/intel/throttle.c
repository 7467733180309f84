/* SPDX-License-Identifier: MIT */
/*
 * The throttling API of libdrm-gem's libdrm_intel (drm_intel_throttle(3)),
 * not part of libdrm 2.4.114: at most N submissions in flight, because
 * submission k does not return before submission k - N has completed.
 * Batches are made slow on purpose: each spins (jumps to itself) until the
 * test writes MI_BATCH_BUFFER_END over its first command.
 */
#include <pthread.h>
#include <time.h>

#include "hwdefs/intel_commands.h"
#include "tests/intel/intel_test.h"

#ifdef LIBDRM_INTEL_HAS_THROTTLE

#define SPINNERS 5

static drm_intel_bufmgr *open_gen8(int *fdp)
{
	drm_intel_bufmgr *mgr = open_bufmgr(fdp);
	int hi = drm_intel_bufmgr_gem_get_devid(mgr) >> 8;
	if (hi != 0x16 && hi != 0x19 && hi != 0x8a)
		SKIP_DEVICE("gen8+ batch encodings");
	return mgr;
}

struct spinner {
	drm_intel_bo *bo;
	volatile uint32_t *cpu;
};

static void spinner_make(drm_intel_bufmgr *mgr, struct spinner *s, uint64_t at)
{
	s->bo = drm_intel_bo_alloc(mgr, "spinner", 4096, 4096);
	ASSERT(s->bo);
	ASSERT_OK(drm_intel_bo_set_softpin_offset(s->bo, at));
	uint32_t cmd[4] = { MI_BATCH_BUFFER_START_GEN8, (uint32_t)at, (uint32_t)(at >> 32), 0 };
	ASSERT_OK(drm_intel_bo_subdata(s->bo, 0, sizeof(cmd), cmd));
	ASSERT_OK(drm_intel_bo_map(s->bo, 1));
	s->cpu = s->bo->virtual;
}

static void spinner_release(struct spinner *s)
{
	s->cpu[0] = MI_BATCH_BUFFER_END;
}

struct submitter {
	drm_intel_throttle *t;
	struct spinner *s;
	int returned;		/* how many submissions have returned */
	int error;
};

static void *submit_all(void *p)
{
	struct submitter *sub = p;
	for (int i = 0; i < SPINNERS; i++) {
		int ret = drm_intel_throttle_submit(sub->t, sub->s[i].bo, NULL, 16, I915_EXEC_RENDER);
		if (ret) {
			sub->error = ret;
			break;
		}
		__atomic_store_n(&sub->returned, i + 1, __ATOMIC_RELEASE);
	}
	return NULL;
}

static int returned(struct submitter *sub)
{
	return __atomic_load_n(&sub->returned, __ATOMIC_ACQUIRE);
}

static void wait_returned(struct submitter *sub, int n)
{
	for (int i = 0; i < 2000 && returned(sub) < n; i++)
		usleep(1000);
	ASSERT_EQ(returned(sub), n);
}

/* Never more than N in flight: submission k waits for submission k - N. */
TEST(at_most_n_in_flight)
{
	int fd;
	drm_intel_bufmgr *mgr = open_gen8(&fd);
	struct spinner s[SPINNERS];
	for (int i = 0; i < SPINNERS; i++)
		spinner_make(mgr, &s[i], (uint64_t)(i + 1) << 20);
	drm_intel_throttle *t = drm_intel_throttle_create(mgr, 2);
	ASSERT(t);
	struct submitter sub = { .t = t, .s = s };
	pthread_t th;
	ASSERT_EQ(pthread_create(&th, NULL, submit_all, &sub), 0);

	wait_returned(&sub, 2);		/* two go straight to the GPU */
	usleep(100 * 1000);
	ASSERT_EQ(returned(&sub), 2);	/* the third waits for the first */
	for (int i = 0; i < SPINNERS; i++) {
		spinner_release(&s[i]);
		int expect = i + 3 < SPINNERS ? i + 3 : SPINNERS;
		wait_returned(&sub, expect);
		if (i + 3 < SPINNERS) {
			usleep(50 * 1000);
			ASSERT_EQ(returned(&sub), expect);	/* and no further */
		}
	}
	pthread_join(th, NULL);
	ASSERT_EQ(sub.error, 0);
	drm_intel_throttle_destroy(t);	/* waits for the rest */
	for (int i = 0; i < SPINNERS; i++)
		drm_intel_bo_unreference(s[i].bo);
	drm_intel_bufmgr_destroy(mgr);
	close(fd);
}

/* in_flight counts what has not completed. */
TEST(in_flight_counts)
{
	int fd;
	drm_intel_bufmgr *mgr = open_gen8(&fd);
	struct spinner s[2];
	spinner_make(mgr, &s[0], 1 << 20);
	spinner_make(mgr, &s[1], 2 << 20);
	drm_intel_throttle *t = drm_intel_throttle_create(mgr, 4);
	ASSERT(t);
	ASSERT_EQ(drm_intel_throttle_in_flight(t), 0);
	ASSERT_OK(drm_intel_throttle_submit(t, s[0].bo, NULL, 16, 0));
	ASSERT_OK(drm_intel_throttle_submit(t, s[1].bo, NULL, 16, 0));
	ASSERT_EQ(drm_intel_throttle_in_flight(t), 2);
	spinner_release(&s[0]);
	spinner_release(&s[1]);
	drm_intel_bo_wait_rendering(s[1].bo);
	ASSERT_EQ(drm_intel_throttle_in_flight(t), 0);
	drm_intel_throttle_destroy(t);
	drm_intel_bo_unreference(s[0].bo);
	drm_intel_bo_unreference(s[1].bo);
	drm_intel_bufmgr_destroy(mgr);
	close(fd);
}

/* Bad input is refused, not crashed on. */
TEST(bad_input)
{
	int fd;
	drm_intel_bufmgr *mgr = open_bufmgr(&fd);
	ASSERT(!drm_intel_throttle_create(NULL, 2));
	ASSERT(!drm_intel_throttle_create(mgr, 0));
	ASSERT(!drm_intel_throttle_create(mgr, 1000));
	drm_intel_throttle *t = drm_intel_throttle_create(mgr, 1);
	ASSERT(t);
	ASSERT_EQ(drm_intel_throttle_submit(t, NULL, NULL, 8, 0), -EINVAL);
	ASSERT_EQ(drm_intel_throttle_submit(NULL, NULL, NULL, 8, 0), -EINVAL);
	drm_intel_bo *bo = drm_intel_bo_alloc(mgr, "b", 4096, 0);
	ASSERT_EQ(drm_intel_throttle_submit(t, bo, NULL, 8, I915_EXEC_FENCE_ARRAY), -EINVAL);
	ASSERT_EQ(drm_intel_throttle_in_flight(NULL), -EINVAL);
	drm_intel_throttle_destroy(NULL);
	drm_intel_throttle_destroy(t);
	drm_intel_bo_unreference(bo);
	drm_intel_bufmgr_destroy(mgr);
	close(fd);
}

TEST_MAIN(T(at_most_n_in_flight), T(in_flight_counts), T(bad_input))

#else

TEST(throttle_api)
{
	SKIP("the throttling API is libdrm-gem's own");	/* Debian's library has none */
}

TEST_MAIN(T(throttle_api))

#endif
