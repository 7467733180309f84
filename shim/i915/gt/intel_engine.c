/* SPDX-License-Identifier: MIT */
/*
 * Engine threads and request retirement (i915/gt/intel_engine.h).
 *
 * One queue and one thread per engine class, per process, created on the
 * first submission and never stopped (they sleep on a condition variable
 * when idle; fork() leaves the child without them, and the child starts its
 * own when it submits). And where each engine's registers are.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/journal.h"
#include "base/signal_hold.h"
#include "base/valgrind_hide.h"
#include "hwdefs/intel_commands.h"
#include "drm/dma_fence.h"
#include "i915/gt/intel_engine.h"
#include "i915/gt/intel_reset.h"
#include "i915/i915_drv.h"
#include "i915/i915_gem_context.h"
#include "i915/i915_gem_object.h"
#include "i915/i915_request.h"

struct engine {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct shim_request *head, *tail;
	struct shim_request *current;	/* being run (for a forked child to free its copy) */
	bool running;
};

static struct engine engines[4] = {
	{ PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, NULL, false },
	{ PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, NULL, false },
	{ PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, NULL, false },
	{ PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, NULL, false },
};

void shim_request_discard(struct shim_request *rq)
{
	free(rq->deps);
	free(rq->objs);
	free(rq->shadow);
	free(rq);
}

void shim_request_free(struct shim_request *rq)
{
	struct shim_device *dev = rq->dev;
	if (rq->record) {
		i915_request_record_release(dev, rq->record);
	} else {
		for (uint32_t i = 0; i < rq->ndeps; i++)
			shim_fence_put(dev, rq->deps[i] & ~SHIM_DEP_SUBMIT);
		for (uint32_t i = 0; i < rq->nobjs; i++)
			shim_gem_object_put(dev, rq->objs[i].obj);
		shim_fence_put(dev, rq->fence);
		shim_context_put(dev, rq->ctx);
	}
	shim_request_discard(rq);
}

/*
 * i915's banning: a non-recoverable context at its first hang; others when they hang
 * again while the hang before last was less than 120 s ago. The file that owns the
 * context scores 3 for a banned context and 1 for a hang within 60 s of its previous
 * one; at 9 it may create no more contexts (existing ones carry on).
 */
static void mark_guilty(struct shim_device *dev, struct shim_request *rq)
{
	struct shim_context *ctx = shim_ptr(rq->ctx);
	uint64_t now = shim_now_ns();
	SHIM_INC(ctx->guilty_count);
	SHIM_INC(i915_shared(dev)->reset_count);
	bool fast = ctx->hang_count >= 2 && now - ctx->hang_ns[0] < 120000000000ull;
	SHIM_SET(ctx->hang_ns[0], ctx->hang_ns[1]);
	SHIM_SET(ctx->hang_ns[1], now);
	SHIM_INC(ctx->hang_count);
	bool banned = ctx->bannable && (!ctx->recoverable || fast);
	if (banned)
		SHIM_SET(ctx->banned, 1);
	struct shim_file *file = shim_ptr(ctx->file);
	if (file) {
		uint32_t score = banned ? 3 : 0;
		if (i915_file(file)->last_hang_ns && now - i915_file(file)->last_hang_ns < 60000000000ull)
			score++;
		SHIM_SET(i915_file(file)->last_hang_ns, now);
		SHIM_ADD(i915_file(file)->ban_score, score);
	}
}

static void run(struct engine *e, struct shim_request *rq)
{
	struct shim_device *dev = rq->dev;
	for (uint32_t i = 0; i < rq->ndeps; i++)
		if (rq->deps[i] & SHIM_DEP_SUBMIT)	/* FENCE_SUBMIT: only until it starts */
			shim_fence_wait_started(shim_ptr(rq->deps[i] & ~SHIM_DEP_SUBMIT));
		else
			shim_fence_wait(shim_ptr(rq->deps[i]), UINT64_MAX, false);
	shim_fence_mark_started(shim_ptr(rq->fence));

	shim_device_lock(dev);
	struct shim_context *ctx = shim_ptr(rq->ctx);
	/* Gen8+ contexts save their engine registers (the logical ring context image); before,
	 * each batch starts from zeros. */
	bool saved = dev->model->gen >= 8 && rq->engine < SHIM_CONTEXT_ENGINES;
	struct shim_engine_state state = { 0 };
	if (saved)
		state = (struct shim_engine_state){ .bcs_swctrl = ctx->bcs_swctrl, .regs = ctx->regs[rq->engine] };
	bool killed = ctx->killed || shim_gt_wedged(dev);
	struct i915_request_record *record = rq->record ? shim_ptr(rq->record) : NULL;
	if (!killed) {
		/* Busy in the PMU until it ends; the record tells an adopter if we die first
		 * (a request without one runs only here, and a crash leaves its engine busy). */
		i915_pmu_engine_busy(dev, rq->engine);
		if (record)
			SHIM_SET(record->flags, record->flags | I915_REQUEST_RUNNING);
	}
	shim_device_unlock(dev);

	struct shim_batch_fault fault;
	int ret = killed ? -ECANCELED : shim_batch_run(rq, &state, &fault);

	shim_device_lock(dev);
	if (!killed) {
		i915_pmu_engine_idle(dev, rq->engine);
		if (record)
			SHIM_SET(record->flags, record->flags & ~I915_REQUEST_RUNNING);
		i915_pmu_request_done(dev);	/* its user interrupt */
	}
	if (saved) {
		SHIM_SET(ctx->bcs_swctrl, state.bcs_swctrl);
		SHIM_SET(ctx->regs[rq->engine], state.regs);
	}
	if (ret && ret != -ECANCELED) {	/* a cancelled request is nobody's fault */
		mark_guilty(dev, rq);
		shim_error_state_record(dev, rq, ret, &fault);	/* it leaves NO_ERROR_CAPTURE contexts out */
	}
	shim_fence_signal(shim_ptr(rq->fence), ret ? -EIO : 0);
	/*
	 * Retired in the same hold of the lock: the fence's waiters are woken when
	 * it is released (drm/dma_fence.c) and take it at once; taking it again
	 * here would make them wait for us. Device lock before engine lock, as
	 * shim_engine_cancel_context.
	 */
	shim_mutex_lock(&e->lock);
	e->current = NULL;		/* before the free: a fork sees one or the other */
	shim_mutex_unlock(&e->lock);
	shim_request_free(rq);
	shim_device_unlock(dev);
}

/*
 * How long an idle engine thread polls for new work before it sleeps. Waking
 * a sleeping thread costs tens of microseconds (more from an idle virtual
 * CPU), and submissions come in bursts separated by the CPU work that
 * prepares the next one, which tends to take as long as the GPU work did. So
 * the engine stays awake, like a GPU's idle hysteresis before it parks, for
 * twice its last stretch of work, between ENGINE_SPIN_MIN_NS and
 * ENGINE_SPIN_MAX_NS: a short batch costs a short poll, and the poll never
 * costs more than twice the work it follows (or a millisecond). It polls with
 * sched_yield(), not a pause: the thread it has just woken (a waiter of the
 * fence it signalled) is often queued on this very CPU, and on a busy machine
 * a busy-waiting engine would keep it off for the whole period.
 */
#define ENGINE_SPIN_MIN_NS 50000
#define ENGINE_SPIN_MAX_NS 1000000

static uint64_t idle_poll_ns(uint64_t busy_ns)
{
	uint64_t ns = 2 * busy_ns;
	return ns < ENGINE_SPIN_MIN_NS ? ENGINE_SPIN_MIN_NS : ns > ENGINE_SPIN_MAX_NS ? ENGINE_SPIN_MAX_NS : ns;
}

static void *engine_main(void *arg)
{
	struct engine *e = arg;
	uint64_t busy_since = shim_now_ns();	/* started for a submission */
	for (;;) {
		if (!__atomic_load_n(&e->head, __ATOMIC_ACQUIRE)) {
			uint64_t now = shim_now_ns(), until = now + idle_poll_ns(now - busy_since);
			while (!__atomic_load_n(&e->head, __ATOMIC_ACQUIRE) && shim_now_ns() < until)
				sched_yield();
			shim_mutex_lock(&e->lock);
			while (!e->head)
				pthread_cond_wait(&e->cond, &e->lock);
			busy_since = shim_now_ns();
		} else {
			shim_mutex_lock(&e->lock);
		}
		struct shim_request *rq = e->head;
		e->head = rq->next;
		if (!e->head)
			e->tail = NULL;
		e->current = rq;
		shim_mutex_unlock(&e->lock);
		run(e, rq);		/* and retires it */
	}
	return NULL;
}

/* A forked child has none of the parent's threads: it starts its own; the parent's
 * queued requests (and their references) stay the parent's: the child discards its copies. */

static void before_fork(void)
{
	for (unsigned i = 0; i < 4; i++)
		shim_mutex_lock(&engines[i].lock);
}

static void after_fork_parent(void)
{
	for (unsigned i = 0; i < 4; i++)
		shim_mutex_unlock(&engines[i].lock);
}

static void child_after_fork(void)
{
	for (unsigned i = 0; i < 4; i++) {
		/* The child's copies of the parent's requests: memory only, the references are the parent's. */
		struct shim_request *rq = engines[i].head, *next;
		for (; rq; rq = next) {
			next = rq->next;
			shim_request_discard(rq);
		}
		if (engines[i].current)
			shim_request_discard(engines[i].current);
		engines[i].current = NULL;
		pthread_mutex_init(&engines[i].lock, NULL);
		pthread_cond_init(&engines[i].cond, NULL);
		engines[i].head = engines[i].tail = NULL;
		engines[i].running = false;
	}
}

static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static void install_atfork(void)
{
	pthread_atfork(before_fork, after_fork_parent, child_after_fork);
	shim_valgrind_exit_busy(shim_engines_busy);
}

void shim_engine_cancel_context(struct shim_device *dev, shim_off ctx)
{
	for (unsigned i = 0; i < 4; i++) {
		struct engine *e = &engines[i];
		struct shim_request **link = &e->head, *prev = NULL, *cancelled = NULL;
		shim_mutex_lock(&e->lock);
		while (*link) {
			struct shim_request *rq = *link;
			if (ctx && rq->ctx != ctx) {
				prev = rq;
				link = &rq->next;
				continue;
			}
			*link = rq->next;
			if (e->tail == rq)
				e->tail = prev;
			rq->next = cancelled;
			cancelled = rq;
		}
		shim_mutex_unlock(&e->lock);
		while (cancelled) {
			struct shim_request *rq = cancelled;
			cancelled = rq->next;
			shim_fence_mark_started(shim_ptr(rq->fence));
			shim_fence_signal(shim_ptr(rq->fence), -EIO);
			shim_request_free(rq);
		}
	}
}

uint32_t intel_engine_mmio_base(unsigned gen, unsigned engine)
{
	switch (engine) {
	case SHIM_ENGINE_COPY: return INTEL_BLT_RING_BASE;
	case SHIM_ENGINE_VIDEO: return gen >= 11 ? INTEL_GEN11_BSD_RING_BASE : INTEL_BSD_RING_BASE;
	case SHIM_ENGINE_VIDEO_ENHANCE: return gen >= 11 ? INTEL_GEN11_VEBOX_RING_BASE : INTEL_VEBOX_RING_BASE;
	default: return INTEL_RENDER_RING_BASE;
	}
}

bool shim_engines_busy(void)
{
	bool busy = false;
	for (unsigned i = 0; i < 4 && !busy; i++) {
		shim_mutex_lock(&engines[i].lock);
		busy = engines[i].head || engines[i].current;
		shim_mutex_unlock(&engines[i].lock);
	}
	return busy;
}

void shim_engines_each_running(void (*fn)(const struct shim_request *rq, void *arg), void *arg)
{
	/* The engine thread frees its current request under the device lock, which the caller
	 * holds: a request seen here stays whole until fn returns. */
	for (unsigned i = 0; i < 4; i++) {
		shim_mutex_lock(&engines[i].lock);
		const struct shim_request *rq = engines[i].current;
		shim_mutex_unlock(&engines[i].lock);
		if (rq)
			fn(rq, arg);
	}
}

int shim_engine_submit(struct shim_request *rq)
{
	struct engine *e = &engines[rq->engine & 3];
	pthread_once(&atfork_once, install_atfork);
	shim_mutex_lock(&e->lock);
	if (!e->running) {
		pthread_t t;
		pthread_attr_t attr;
		pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		/*
		 * The engine is the GPU, not one of the program's threads: a signal sent
		 * to the process (an alarm meant to interrupt a wait) must reach a thread
		 * of the program, never this one. Faults stay deliverable.
		 */
		sigset_t all, old;
		sigfillset(&all);
		static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP };
		for (size_t i = 0; i < sizeof(faults) / sizeof(faults[0]); i++)
			sigdelset(&all, faults[i]);
		pthread_sigmask(SIG_BLOCK, &all, &old);
		int err = pthread_create(&t, &attr, engine_main, e);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		pthread_attr_destroy(&attr);
		if (err) {
			shim_mutex_unlock(&e->lock);
			return -err;
		}
		e->running = true;
	}
	rq->next = NULL;
	if (e->tail)
		e->tail->next = rq;
	else
		e->head = rq;
	e->tail = rq;
	pthread_cond_signal(&e->cond);
	shim_mutex_unlock(&e->lock);
	return 0;
}
