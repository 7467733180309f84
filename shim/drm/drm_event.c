/* SPDX-License-Identifier: MIT */
/*
 * DOC: events (the event half of the kernel's drm_file.c and drm_vblank.c)
 *
 * Owns struct shim_event (drm_mode_config.h): the vblank events of
 * WAIT_VBLANK with _DRM_VBLANK_EVENT, the sequence events of
 * CRTC_QUEUE_SEQUENCE and the completions of PAGE_FLIP with
 * DRM_MODE_PAGE_FLIP_EVENT, and read(2) of a device fd, which returns them.
 *
 * Nothing ticks in the shim: an event waits for a vblank count of its CRTC,
 * and whoever looks (read, the ioctls that queue, a CRTC going off) first
 * makes ready every pending event whose vblank has come, in the order of
 * those vblanks, filling in the count and its time as the kernel's
 * send_vblank_event does. A ready event belongs to its file until read.
 * A CRTC's pending commit (a page flip, an atomic commit) completes the
 * same way: at its vblank its out-fence is signalled (shim_crtc_commit_done);
 * one that waits for an in-fence gets its vblank once the fence has signalled.
 *
 * Lifetime: events are blocks of the arena on one device-wide list (the
 * config's), each owned by one open file (slot and generation); a file
 * holds at most SHIM_EVENT_SPACE bytes of them (ENOMEM past it, as the
 * kernel's event_space); read(2) frees what it returns, a file's release
 * frees the rest. Device lock held, except in shim_drm_read, which takes it.
 *
 * Readiness: a device fd is a FIFO (drm_file.c); it holds one byte while
 * its file has a ready event (shim_file_set_readable), put there by
 * whoever makes the first one ready and taken by the read that takes the
 * last, so poll, select and epoll work in every process. Since nothing
 * ticks, each process that queues an event runs the vblank timer, a thread
 * (the role of vkms's hrtimer) that sleeps until the next pending event of
 * its process is due, makes it ready and so wakes the waiters; it also
 * completes pending atomic commits at their vblanks (their out-fences signal,
 * drm_atomic.c kicks it), and looks at the fences of commits that wait for
 * them (drm_plane.c kicks it too), so it is often the one that writes their
 * scanout pictures. It ends when its process has nothing pending, and a
 * fork's child starts its own.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/instance.h"
#include "base/journal.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_vblank.h"

static uint32_t file_event_bytes(const struct shim_mode_config *mc, uint32_t slot, uint64_t gen)
{
	uint32_t bytes = 0;
	for (const struct shim_event *e = shim_ptr(mc->events); e; e = shim_ptr(e->next))
		if (e->owner == slot && e->owner_generation == gen)
			bytes += e->length;
	return bytes;
}

/* --- the vblank timer ------------------------------------------------------- */

static pthread_mutex_t timer_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t timer_cond;
static pthread_once_t timer_once = PTHREAD_ONCE_INIT;
static pid_t timer_pid;			/* the process whose thread runs (0: none) */
static uint64_t timer_due;		/* when it must look next (0: nothing to wait for) */

/* When a pending event's vblank comes (0: not pending, or its commit waits for an
 * in-fence or is being made: its vblank is not known yet). */
static uint64_t event_due(const struct shim_mode_config *mc, const struct shim_event *e)
{
	const struct shim_mode_crtc *c = &mc->crtcs[e->crtc];
	if (e->ready || !c->enabled || e->flip >= 2)
		return 0;
	return shim_vblank_time_of(c, e->target);
}

static uint64_t earlier(uint64_t a, uint64_t b)
{
	return !a || (b && b < a) ? b : a;
}

/* How often a commit waiting for its in-fence looks at it: a fence has no time to
 * wait for (drm/drm_atomic.c, KA18). */
#define IN_FENCE_POLL_NS 1000000ull

/*
 * When the timer must look next (0: nothing to wait for): the next pending event
 * of a file this process opened, and every commit still pending (drm_atomic.c):
 * its out-fence signals at its vblank, and one waiting for an in-fence is looked
 * at every IN_FENCE_POLL_NS until the fence has signalled and its vblank is known.
 */
static uint64_t timer_next_due(struct shim_device *dev, const struct shim_mode_config *mc)
{
	uint64_t due = 0, now = shim_now_ns();
	pid_t me = shim_getpid();
	for (const struct shim_event *e = shim_ptr(mc->events); e; e = shim_ptr(e->next))
		if (dev->shared->files[e->owner].pid == me)
			due = earlier(due, event_due(mc, e));
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		const struct shim_mode_crtc *c = &mc->crtcs[i];
		if (c->commit_wait)
			due = earlier(due, now + IN_FENCE_POLL_NS);
		else if (c->commit_fence)
			due = earlier(due, shim_vblank_time_of(c, c->flip_target));
	}
	return due;
}

static void *timer_main(void *arg)
{
	struct shim_device *dev = arg;
	/* It takes no signals but the faults of its own guarded reads (the scanout pictures of
	 * the commits it completes read framebuffer pages, base/fault_guard.h): a fault the
	 * thread has blocked would kill the process instead of reaching the guard. A fault is
	 * sent to the thread that takes it; only a kill(2) of these two could land here, as on
	 * any thread of the program. */
	sigset_t faults;
	sigemptyset(&faults);
	sigaddset(&faults, SIGSEGV);
	sigaddset(&faults, SIGBUS);
	pthread_sigmask(SIG_UNBLOCK, &faults, NULL);
	pthread_mutex_lock(&timer_lock);
	for (;;) {
		uint64_t now = shim_now_ns();
		if (timer_due > now) {
			struct timespec ts = { .tv_sec = (time_t)(timer_due / 1000000000ull),
					       .tv_nsec = (long)(timer_due % 1000000000ull) };
			pthread_cond_timedwait(&timer_cond, &timer_lock, &ts);
			continue;
		}
		timer_due = 0;
		pthread_mutex_unlock(&timer_lock);
		uint64_t due = 0;
		shim_device_lock(dev);
		int err = 0;
		struct shim_mode_config *mc = shim_mode_config_get(dev, &err);
		if (mc) {
			shim_events_update(dev, mc);
			due = timer_next_due(dev, mc);
		}
		shim_device_unlock(dev);
		pthread_mutex_lock(&timer_lock);
		/* An event queued meanwhile has set timer_due. */
		if (due && (!timer_due || due < timer_due))
			timer_due = due;
		else if (!timer_due)
			break;	/* nothing pending here: the next queue starts another */
	}
	timer_pid = 0;
	timer_due = 0;
	pthread_mutex_unlock(&timer_lock);
	return NULL;
}

static void timer_after_fork(void)
{
	/* The child has no timer thread, and the lock may have been held by one. */
	pthread_mutex_init(&timer_lock, NULL);
	timer_pid = 0;
	timer_due = 0;
}

static void timer_init(void)
{
	pthread_condattr_t attr;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&timer_cond, &attr);
	pthread_condattr_destroy(&attr);
	pthread_atfork(NULL, NULL, timer_after_fork);
}

/* Something of this process is due at `due`: the timer looks then (starting it if need be). */
static void timer_arm(struct shim_device *dev, uint64_t due)
{
	pthread_once(&timer_once, timer_init);
	pthread_mutex_lock(&timer_lock);
	if (timer_pid != shim_getpid()) {
		pthread_t thread;
		pthread_attr_t attr;
		sigset_t all, old;
		sigfillset(&all);
		/* The thread takes no signals: they are the application's. */
		pthread_sigmask(SIG_SETMASK, &all, &old);
		pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		timer_due = due;
		if (pthread_create(&thread, &attr, timer_main, dev) == 0)
			timer_pid = shim_getpid();
		pthread_attr_destroy(&attr);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	} else if (!timer_due || due < timer_due) {
		timer_due = due;
		pthread_cond_signal(&timer_cond);
	}
	pthread_mutex_unlock(&timer_lock);
}


void shim_event_timer_kick(struct shim_device *dev)
{
	timer_arm(dev, shim_now_ns());
}

struct shim_event *shim_event_queue(struct shim_device *dev, struct shim_mode_config *mc, struct shim_call *call,
				    uint32_t type, uint32_t crtc, uint64_t target)
{
	uint32_t length = sizeof(struct drm_event_vblank);
	_Static_assert(sizeof(struct drm_event_vblank) == sizeof(struct drm_event_crtc_sequence), "one size");
	if (file_event_bytes(mc, call->slot, call->file->generation) + length > SHIM_EVENT_SPACE)
		return NULL;
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_event));
	if (!off)
		return NULL;
	struct shim_event *e = shim_ptr(off);	/* fresh: filled without notes */
	e->owner = call->slot;
	e->owner_generation = call->file->generation;
	e->crtc = crtc;
	e->target = target;
	e->length = length;
	struct drm_event base = { .type = type, .length = length };
	memcpy(e->data, &base, sizeof(base));
	/* Appended: the list is oldest first. */
	shim_off *link = &mc->events;
	while (*link)
		link = &((struct shim_event *)shim_ptr(*link))->next;
	SHIM_SET(*link, off);
	SHIM_INC(mc->nevents);
	if (mc->crtcs[crtc].enabled)
		timer_arm(dev, shim_vblank_time_of(&mc->crtcs[crtc], target));
	return e;
}

/* send_vblank_event: the count and time it fired at, as the uAPI struct of its type. */
static void fire(struct shim_device *dev, struct shim_mode_config *mc, struct shim_event *e, uint64_t seq, uint64_t ns)
{
	struct drm_event base;
	memcpy(&base, e->data, sizeof(base));
	if (base.type == DRM_EVENT_CRTC_SEQUENCE) {
		struct drm_event_crtc_sequence s;
		memcpy(&s, e->data, sizeof(s));
		s.time_ns = (int64_t)ns;
		s.sequence = seq;
		shim_journal_memcpy(e->data, &s, sizeof(s));
	} else {
		struct drm_event_vblank v;
		memcpy(&v, e->data, sizeof(v));
		v.tv_sec = (uint32_t)(ns / 1000000000ull);
		v.tv_usec = (uint32_t)(ns % 1000000000ull / 1000);
		v.sequence = (uint32_t)seq;
		v.crtc_id = mc->crtcs[e->crtc].id;
		shim_journal_memcpy(e->data, &v, sizeof(v));
	}
	SHIM_INC(mc->ready_stamp);
	SHIM_SET(e->ready, mc->ready_stamp);
	shim_file_set_readable(dev, e->owner, true);
}

void shim_crtc_commit_done(struct shim_device *dev, struct shim_mode_crtc *c)
{
	if (c->flip_target)
		SHIM_SET(c->flip_target, 0);
	if (c->commit_wait) {
		shim_fence_put(dev, c->commit_wait);
		SHIM_SET(c->commit_wait, 0);
	}
	if (c->commit_fence) {
		struct shim_fence *f = shim_ptr(c->commit_fence);
		if (!shim_fence_is_signalled(f))
			shim_fence_signal(f, 0);
		shim_fence_put(dev, c->commit_fence);
		SHIM_SET(c->commit_fence, 0);
	}
}

/*
 * A commit waiting for its in-fence (commit_wait: IN_FENCE_FD, or the rendering to its
 * framebuffers) gets its vblank once the fence has signalled: the first vblank after the
 * fence's signal time. Its completion events (flip 2) learn their target then, and the
 * driver hears of the picture the commit shows (KS7: taken now, it shows the finished
 * rendering) unless the CRTC is being turned off meanwhile (its primary plane already
 * is: shim_mode_crtc_disable).
 */
static void resolve_in_fences(struct shim_device *dev, struct shim_mode_config *mc, uint64_t now)
{
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		struct shim_mode_crtc *c = &mc->crtcs[i];
		if (!c->commit_wait || !shim_fence_is_signalled(shim_ptr(c->commit_wait)))
			continue;
		const struct shim_fence *f = shim_ptr(c->commit_wait);
		uint64_t at = f->signal_ns < now ? f->signal_ns : now;
		uint64_t target = shim_vblank_count(c, at, NULL) + 1;
		shim_fence_put(dev, c->commit_wait);
		SHIM_SET(c->commit_wait, 0);
		SHIM_SET(c->flip_target, target);
		for (struct shim_event *e = shim_ptr(mc->events); e; e = shim_ptr(e->next)) {
			if (e->crtc != i || e->ready || e->flip != 2)
				continue;
			SHIM_SET(e->flip, 1);
			SHIM_SET(e->target, target);
		}
		if (c->enabled && mc->planes[c->primary].fb)
			shim_mode_crtc_updated(dev, mc, c);
	}
}

void shim_events_update(struct shim_device *dev, struct shim_mode_config *mc)
{
	uint64_t now = shim_now_ns();
	resolve_in_fences(dev, mc, now);
	for (;;) {
		/* The pending event whose vblank came first. */
		struct shim_event *first = NULL;
		uint64_t first_ns = 0;
		for (struct shim_event *e = shim_ptr(mc->events); e; e = shim_ptr(e->next)) {
			const struct shim_mode_crtc *c = &mc->crtcs[e->crtc];
			if (e->ready || !c->enabled || e->flip >= 2)
				continue;
			if ((int64_t)(shim_vblank_count(c, now, NULL) - e->target) < 0)
				continue;
			uint64_t ns = shim_vblank_stamp(c, e->target);
			if (!first || ns < first_ns)
				first = e, first_ns = ns;
		}
		if (!first)
			break;
		fire(dev, mc, first, first->target, first_ns);
	}
	/* The commit completes at its vblank, with or without an event (after the events:
	 * whoever reads one sees the commit done). */
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		struct shim_mode_crtc *c = &mc->crtcs[i];
		if (c->flip_target && (!c->enabled || (int64_t)(shim_vblank_count(c, now, NULL) - c->flip_target) >= 0))
			shim_crtc_commit_done(dev, c);
	}
}

void shim_events_crtc_off(struct shim_device *dev, struct shim_mode_config *mc, struct shim_mode_crtc *c)
{
	shim_events_update(dev, mc);
	uint64_t last = 0, seq = shim_vblank_count(c, shim_now_ns(), &last);
	for (struct shim_event *e = shim_ptr(mc->events); e; e = shim_ptr(e->next)) {
		if (e->ready || e->crtc != c->index || e->flip == 3)
			continue;
		fire(dev, mc, e, seq, last);
	}
	shim_crtc_commit_done(dev, c);
}

static void unlink_event(struct shim_device *dev, struct shim_mode_config *mc, shim_off *link)
{
	shim_off off = *link;
	struct shim_event *e = shim_ptr(off);
	SHIM_SET(*link, e->next);
	SHIM_DEC(mc->nevents);
	shim_free(&dev->shared->arena, off, sizeof(*e));
}

void shim_events_file_release(struct shim_device *dev, struct shim_mode_config *mc, uint32_t slot)
{
	shim_off *link = &mc->events;
	while (*link) {
		struct shim_event *e = shim_ptr(*link);
		if (e->owner == slot)
			unlink_event(dev, mc, link);
		else
			link = &e->next;
	}
}

/* The file's ready event that became ready first: its link, or NULL. */
static shim_off *first_ready(struct shim_mode_config *mc, uint32_t slot, uint64_t gen)
{
	shim_off *best = NULL, *link = &mc->events;
	for (; *link; link = &((struct shim_event *)shim_ptr(*link))->next) {
		const struct shim_event *e = shim_ptr(*link);
		if (e->owner == slot && e->owner_generation == gen && e->ready &&
		    (!best || e->ready < ((const struct shim_event *)shim_ptr(*best))->ready))
			best = link;
	}
	return best;
}

/* When the file's next pending event is due (0: none pending). */
static uint64_t next_due(const struct shim_mode_config *mc, uint32_t slot, uint64_t gen)
{
	uint64_t due = 0;
	for (const struct shim_event *e = shim_ptr(mc->events); e; e = shim_ptr(e->next))
		if (e->owner == slot && e->owner_generation == gen)
			due = earlier(due, event_due(mc, e));
	return due;
}

/* KV8, KV9: drm_read. */
ssize_t shim_drm_read(struct shim_call *call, void *buf, size_t count, bool nonblock)
{
	struct shim_device *dev = call->dev;
	for (;;) {
		int err = 0;
		struct shim_mode_config *mc = shim_mode_lock(call, &err);
		if (!mc)
			return nonblock ? -EAGAIN : err;
		shim_events_update(dev, mc);
		ssize_t ret = 0;
		shim_off *link;
		bool any = false;
		while ((link = first_ready(mc, call->slot, call->file->generation))) {
			struct shim_event *e = shim_ptr(*link);
			any = true;
			if (e->length > count - (size_t)ret)
				break;	/* it stays for a bigger read */
			if (shim_copy_to_user(shim_uptr((char *)buf + ret), e->data, e->length)) {
				if (ret == 0)
					ret = -EFAULT;
				break;
			}
			ret += e->length;
			unlink_event(dev, mc, link);
		}
		if (!first_ready(mc, call->slot, call->file->generation))
			shim_file_set_readable(dev, call->slot, false);
		uint64_t due = next_due(mc, call->slot, call->file->generation);
		shim_device_unlock(dev);
		if (ret || any)
			return ret;
		if (nonblock)
			return -EAGAIN;
		/* Nothing ready: wait for the fd to turn readable (another thread or process
		 * made an event ready) or for our next pending event to be due. */
		struct pollfd pfd = { .fd = call->fd, .events = POLLIN };
		struct timespec ts, *tsp = NULL;
		if (due) {
			uint64_t now = shim_now_ns(), left = due > now ? due - now : 0;
			ts = (struct timespec){ .tv_sec = (time_t)(left / 1000000000ull),
						.tv_nsec = (long)(left % 1000000000ull) };
			tsp = &ts;
		}
		if (shim_syscall(SYS_ppoll, &pfd, 1, tsp, NULL, 0) < 0 && errno == EINTR)
			return -EINTR;
	}
}
