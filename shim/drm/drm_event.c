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
 * Readiness (poll/epoll on the device fd) is not emulated: the device fd is
 * a regular file, always readable to poll. It would need the fd to become
 * something the kernel can wait on (an eventfd or a pipe the shim writes
 * when an event becomes ready, with a timer for pending vblanks).
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "base/instance.h"
#include "base/journal.h"
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
	return e;
}

/* send_vblank_event: the count and time it fired at, as the uAPI struct of its type. */
static void fire(struct shim_mode_config *mc, struct shim_event *e, uint64_t seq, uint64_t ns)
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
 * A commit waiting for its in-fence (commit_wait) gets its vblank once the fence has
 * signalled: the first vblank after the fence's signal time. Its completion events
 * (flip 2) learn their target then.
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
		fire(mc, first, first->target, first_ns);
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
		fire(mc, e, seq, last);
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
	for (const struct shim_event *e = shim_ptr(mc->events); e; e = shim_ptr(e->next)) {
		const struct shim_mode_crtc *c = &mc->crtcs[e->crtc];
		if (e->owner != slot || e->owner_generation != gen || e->ready || !c->enabled || e->flip >= 2)
			continue;
		uint64_t t = shim_vblank_time_of(c, e->target);
		if (!due || t < due)
			due = t;
	}
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
		uint64_t due = next_due(mc, call->slot, call->file->generation);
		shim_device_unlock(dev);
		if (ret || any)
			return ret;
		if (nonblock)
			return -EAGAIN;
		/* Nothing ready: sleep until the next pending event is due, looking again every
		 * 10 ms for what other threads and processes do (a CRTC going off fires events). */
		uint64_t now = shim_now_ns(), until = now + 10000000ull;
		if (due && due < until)
			until = due;
		if (shim_sleep_until_ns(until))
			return -EINTR;
	}
}
