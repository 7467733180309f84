/* SPDX-License-Identifier: MIT */
/*
 * DOC: atomic check and commit (the kernel's drm_atomic.c with the parts of
 * drm_atomic_helper.c an atomic driver like i915 runs)
 *
 * Owns struct shim_atomic_state (drm_atomic.h): building it from the live
 * config, checking it as a whole (the core's plane and CRTC checks, the
 * modeset helper's routing rules, the driver's plane checks through
 * struct shim_driver's plane_check, and ALLOW_MODESET), and committing it.
 * ATOMIC, OBJ_SETPROPERTY, SETPROPERTY (drm_atomic_uapi.c) and SETPLANE
 * (drm_plane.c) are built on it, as the kernel builds the legacy ioctls of
 * an atomic driver on one-object commits.
 *
 * A commit is applied at once (as the kernel's state swap: every GET ioctl
 * sees the new state when it returns) and stays pending on each active CRTC
 * of the state until that CRTC's next vblank (struct shim_mode_crtc's
 * flip_target), or, with an in-fence or a framebuffer still being rendered
 * to (implicit fencing), the first vblank after those fences signal
 * (commit_wait); then its events fire and its out-fence signals
 * (drm/drm_event.c, shim_crtc_commit_done). Nothing ticks: whoever looks
 * (an ioctl, read(2)) completes what is due, and the vblank timer of the
 * process that made a commit with a fence (drm_event.c) looks when its vblank
 * is due, so that a sync_file becomes readable without any ioctl.
 * If that process exits first, the fence signals at the next KMS ioctl of
 * anyone.
 *
 * Lifetimes: the state is the caller's, on its stack; on success the commit
 * takes over its in-fence references (commit_wait) and each CRTC with
 * OUT_FENCE_PTR holds its fence (commit_fence) until the commit completes.
 * Device lock held, except where a blocking commit waits, which drops it.
 * Calls the core's framebuffer, blob, event, vblank, fence and sync_file
 * code and the driver through struct shim_driver.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "base/instance.h"
#include "base/journal.h"
#include "base/real.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_atomic.h"
#include "drm/drm_drv.h"
#include "drm/drm_syncobj.h"
#include "drm/drm_vblank.h"

void shim_atomic_state_init(struct shim_atomic_state *st, struct shim_mode_config *mc, bool allow_modeset)
{
	memset(st, 0, sizeof(*st));
	st->mc = mc;
	st->allow_modeset = allow_modeset;
}

void shim_atomic_state_release(struct shim_device *dev, struct shim_atomic_state *st)
{
	for (uint32_t i = 0; i < SHIM_MAX_PLANES; i++) {
		if (st->planes[i].in_fence)
			shim_fence_put(dev, st->planes[i].in_fence);
		st->planes[i].in_fence = 0;
	}
}

struct shim_atomic_crtc *shim_atomic_get_crtc(struct shim_atomic_state *st, uint32_t index)
{
	struct shim_atomic_crtc *a = &st->crtcs[index];
	if (!a->in_state) {
		const struct shim_mode_crtc *c = &st->mc->crtcs[index];
		a->in_state = true;
		a->active = c->enabled;
		a->enable = c->mode_blob != 0;
		a->mode_blob = c->mode_blob;
		a->mode = c->mode;
	}
	return a;
}

/* drm_atomic_get_plane_state: the plane, and the CRTC it is on now. */
struct shim_atomic_plane *shim_atomic_get_plane(struct shim_atomic_state *st, uint32_t index)
{
	struct shim_atomic_plane *a = &st->planes[index];
	if (!a->in_state) {
		const struct shim_mode_plane *p = &st->mc->planes[index];
		a->in_state = true;
		a->s = (struct shim_plane_state){
			.crtc = p->crtc, .fb = p->fb, .crtc_x = p->crtc_x, .crtc_y = p->crtc_y,
			.crtc_w = p->crtc_w, .crtc_h = p->crtc_h, .src_x = p->src_x, .src_y = p->src_y,
			.src_w = p->src_w, .src_h = p->src_h,
		};
		if (p->crtc)
			shim_atomic_get_crtc(st, p->crtc - 1);
	}
	return a;
}

struct shim_atomic_conn *shim_atomic_get_conn(struct shim_atomic_state *st, uint32_t index)
{
	struct shim_atomic_conn *a = &st->conns[index];
	if (!a->in_state) {
		a->in_state = true;
		a->crtc = st->mc->connectors[index].crtc;
	}
	return a;
}

void shim_atomic_set_plane_crtc(struct shim_atomic_state *st, uint32_t plane, uint32_t crtc1)
{
	struct shim_atomic_plane *a = shim_atomic_get_plane(st, plane);
	if (a->s.crtc)
		shim_atomic_get_crtc(st, a->s.crtc - 1);
	a->s.crtc = crtc1;
	if (crtc1)
		shim_atomic_get_crtc(st, crtc1 - 1);
}

void shim_atomic_set_conn_crtc(struct shim_atomic_state *st, uint32_t conn, uint32_t crtc1)
{
	struct shim_atomic_conn *a = shim_atomic_get_conn(st, conn);
	if (a->crtc)
		shim_atomic_get_crtc(st, a->crtc - 1);
	a->crtc = crtc1;
	if (crtc1)
		shim_atomic_get_crtc(st, crtc1 - 1);
}

/* KA9: MODE_ID: 0, or a blob of exactly one struct drm_mode_modeinfo holding a valid mode. */
int shim_atomic_set_mode_blob(struct shim_atomic_state *st, uint32_t crtc, uint32_t blob)
{
	struct shim_atomic_crtc *a = shim_atomic_get_crtc(st, crtc);
	if (!blob) {
		a->enable = false;
		a->mode_blob = 0;
		memset(&a->mode, 0, sizeof(a->mode));
		return 0;
	}
	const struct shim_mode_blob *b = shim_ptr(shim_mode_object_find(st->mc, blob, SHIM_MODE_BLOB));
	if (!b || b->length != sizeof(struct drm_mode_modeinfo))
		return -EINVAL;
	struct drm_mode_modeinfo m;
	memcpy(&m, shim_ptr(b->data), sizeof(m));
	int ret = shim_mode_check_umode(&m);
	if (ret)
		return ret;
	m.vrefresh = (shim_mode_vrefresh_mhz(&m) + 500) / 1000;
	a->enable = true;
	a->mode_blob = blob;
	a->mode = m;
	return 0;
}

/* drm_mode_equal: the timings and flags (not the name, type or vrefresh). */
static bool mode_equal(const struct drm_mode_modeinfo *a, const struct drm_mode_modeinfo *b)
{
	return a->clock == b->clock && a->hdisplay == b->hdisplay && a->hsync_start == b->hsync_start &&
	       a->hsync_end == b->hsync_end && a->htotal == b->htotal && a->hskew == b->hskew &&
	       a->vdisplay == b->vdisplay && a->vsync_start == b->vsync_start && a->vsync_end == b->vsync_end &&
	       a->vtotal == b->vtotal && a->vscan == b->vscan && a->flags == b->flags;
}

static bool needs_modeset(const struct shim_atomic_crtc *a)
{
	return a->mode_changed || a->active_changed || a->connectors_changed;
}

/* KA12: drm_atomic_plane_check, the core's checks of a plane in the state. */
static int plane_check_core(struct shim_atomic_state *st, uint32_t i)
{
	const struct shim_mode_plane *p = &st->mc->planes[i];
	const struct shim_plane_state *s = &st->planes[i].s;
	if (!s->crtc != !s->fb)
		return -EINVAL;	/* both a CRTC and a framebuffer, or neither */
	if (!s->crtc)
		return 0;
	if (p->pipe != s->crtc - 1)
		return -EINVAL;	/* possible_crtcs */
	const struct shim_mode_fb *fb = shim_ptr(s->fb);
	if (!shim_plane_has_format(p, fb->format, fb->modifier))
		return -EINVAL;
	if (s->crtc_w > INT_MAX || s->crtc_x > INT_MAX - (int32_t)s->crtc_w || s->crtc_h > INT_MAX ||
	    s->crtc_y > INT_MAX - (int32_t)s->crtc_h)
		return -ERANGE;
	uint64_t fw = (uint64_t)fb->width << 16, fh = (uint64_t)fb->height << 16;
	if (s->src_w > fw || s->src_x > fw - s->src_w || s->src_h > fh || s->src_y > fh - s->src_h)
		return -ENOSPC;
	if (p->crtc && p->crtc != s->crtc)
		return -EINVAL;	/* plane_switching_crtc */
	return 0;
}

/* The driver's plane check of a plane that shows something, with its CRTC's new mode. */
static int plane_check_driver(struct shim_device *dev, struct shim_atomic_state *st, uint32_t i,
			      const struct shim_plane_state *s)
{
	if (!s->fb || !shim_drv->plane_check)
		return 0;
	const struct shim_atomic_crtc *a = &st->crtcs[s->crtc - 1];
	const struct shim_mode_crtc *c = &st->mc->crtcs[s->crtc - 1];
	const struct drm_mode_modeinfo *mode = NULL;
	if (a->in_state)
		mode = a->enable ? &a->mode : NULL;
	else
		mode = c->mode_blob ? &c->mode : NULL;
	return shim_drv->plane_check(dev, &st->mc->planes[i], s, mode);
}

/* drm_atomic_check_only with i915's atomic_check (drm_atomic_helper_check_modeset, the planes). */
static int atomic_check(struct shim_device *dev, struct shim_atomic_state *st, uint32_t flags)
{
	struct shim_mode_config *mc = st->mc;
	int ret;
	for (uint32_t i = 0; i < mc->nplanes; i++)
		if (st->planes[i].in_state && (ret = plane_check_core(st, i)))
			return ret;
	/* KA13: drm_atomic_crtc_check. */
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		const struct shim_atomic_crtc *a = &st->crtcs[i];
		if (!a->in_state)
			continue;
		if (a->active && !a->enable)
			return -EINVAL;	/* ACTIVE without a mode */
		bool event = (flags & SHIM_COMMIT_EVENT) || a->out_fence;
		if (event && !a->active && !mc->crtcs[i].enabled)
			return -EINVAL;	/* an event from a CRTC that is off and stays off */
	}
	/* KA14: drm_atomic_helper_check_modeset: what changed, and the routing rules. */
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		struct shim_atomic_crtc *a = &st->crtcs[i];
		const struct shim_mode_crtc *c = &mc->crtcs[i];
		if (!a->in_state)
			continue;
		a->mode_changed = a->enable != (c->mode_blob != 0) || (a->enable && !mode_equal(&a->mode, &c->mode));
		a->active_changed = a->active != (c->enabled != 0);
	}
	for (uint32_t i = 0; i < mc->nconnectors; i++) {
		const struct shim_atomic_conn *a = &st->conns[i];
		const struct shim_mode_connector *conn = &mc->connectors[i];
		if (!a->in_state || a->crtc == conn->crtc)
			continue;
		if (a->crtc && !(mc->encoders[conn->encoder].possible_crtcs & (1u << (a->crtc - 1))))
			return -EINVAL;
		if (a->crtc)
			st->crtcs[a->crtc - 1].connectors_changed = true;
		if (conn->crtc)
			st->crtcs[conn->crtc - 1].connectors_changed = true;
	}
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		const struct shim_atomic_crtc *a = &st->crtcs[i];
		if (!a->in_state)
			continue;
		bool has_connectors = false;
		for (uint32_t j = 0; j < mc->nconnectors; j++) {
			uint32_t crtc1 = st->conns[j].in_state ? st->conns[j].crtc : mc->connectors[j].crtc;
			has_connectors |= crtc1 == i + 1;
		}
		if (a->enable != has_connectors)
			return -EINVAL;	/* a mode needs a connector, a connector a mode */
		if (a->enable && a->mode_changed && shim_drv->mode_valid &&
		    (ret = shim_drv->mode_valid(dev, &a->mode)))
			return ret;
	}
	/* The driver's plane checks: the planes of the state, and those on a CRTC being modeset. */
	for (uint32_t i = 0; i < mc->nplanes; i++) {
		const struct shim_mode_plane *p = &mc->planes[i];
		struct shim_plane_state live = {
			.crtc = p->crtc, .fb = p->fb, .crtc_x = p->crtc_x, .crtc_y = p->crtc_y, .crtc_w = p->crtc_w,
			.crtc_h = p->crtc_h, .src_x = p->src_x, .src_y = p->src_y, .src_w = p->src_w,
			.src_h = p->src_h,
		};
		const struct shim_plane_state *s = st->planes[i].in_state ? &st->planes[i].s : &live;
		if (!s->crtc)
			continue;
		if (!st->planes[i].in_state && !(st->crtcs[s->crtc - 1].in_state && needs_modeset(&st->crtcs[s->crtc - 1])))
			continue;
		if ((ret = plane_check_driver(dev, st, i, s)))
			return ret;
	}
	/* KA15: a modeset only with ALLOW_MODESET. */
	if (!st->allow_modeset)
		for (uint32_t i = 0; i < mc->ncrtcs; i++)
			if (st->crtcs[i].in_state && needs_modeset(&st->crtcs[i]))
				return -EINVAL;
	return 0;
}

/* --- commit --------------------------------------------------------------------------------- */

static bool crtc_pending(const struct shim_mode_crtc *c)
{
	return c->flip_target || c->commit_wait;
}

/* Removes an event queued by this commit before anything changed (drm_event_cancel_free). */
static void cancel_event(struct shim_device *dev, struct shim_mode_config *mc, struct shim_event *e)
{
	shim_off off = shim_off_of(e);
	for (shim_off *link = &mc->events; *link; link = &((struct shim_event *)shim_ptr(*link))->next) {
		if (*link != off)
			continue;
		SHIM_SET(*link, e->next);
		SHIM_DEC(mc->nevents);
		shim_free(&dev->shared->arena, off, sizeof(*e));
		return;
	}
}

/* The connector's legacy dpms after a modeset (drm_atomic_helper_update_legacy_modeset_state). */
static void apply_connectors(struct shim_atomic_state *st)
{
	struct shim_mode_config *mc = st->mc;
	for (uint32_t i = 0; i < mc->nconnectors; i++) {
		struct shim_mode_connector *conn = &mc->connectors[i];
		const struct shim_atomic_conn *a = &st->conns[i];
		uint32_t crtc1 = a->in_state ? a->crtc : conn->crtc;
		bool changed = a->in_state && a->crtc != conn->crtc;
		if (changed) {
			SHIM_SET(conn->crtc, crtc1);
			SHIM_SET(mc->encoders[conn->encoder].crtc, crtc1);
		}
		const struct shim_atomic_crtc *ac = crtc1 ? &st->crtcs[crtc1 - 1] : NULL;
		if (changed || (ac && ac->in_state && needs_modeset(ac)))
			SHIM_SET(conn->dpms, ac && ac->active ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF);
	}
}

static void apply_crtc(struct shim_device *dev, struct shim_mode_config *mc, uint32_t i,
		       const struct shim_atomic_crtc *a)
{
	struct shim_mode_crtc *c = &mc->crtcs[i];
	if (c->enabled && (!a->active || a->mode_changed)) {
		shim_events_crtc_off(dev, mc, c);	/* drm_crtc_vblank_off: what was queued fires */
		shim_vblank_crtc_off(c);
		SHIM_SET(c->enabled, 0);
	}
	if (a->mode_blob != c->mode_blob) {
		if (a->mode_blob)
			shim_mode_blob_get(dev, a->mode_blob);
		if (c->mode_blob)
			shim_mode_blob_put(dev, c->mode_blob);
		SHIM_SET(c->mode_blob, a->mode_blob);
	}
	if (memcmp(&c->mode, &a->mode, sizeof(c->mode)))
		shim_journal_memcpy(&c->mode, &a->mode, sizeof(c->mode));
	if (a->active && !c->enabled) {
		shim_vblank_crtc_on(c);
		SHIM_SET(c->enabled, 1);
	}
}

static void apply_plane(struct shim_device *dev, struct shim_mode_plane *p, const struct shim_plane_state *s)
{
	if (s->fb != p->fb) {
		shim_off old = p->fb;
		if (s->fb)
			shim_mode_fb_get(dev, s->fb);
		SHIM_SET(p->fb, s->fb);
		if (old)
			shim_mode_fb_put(dev, old);
	}
	SHIM_SET(p->crtc, s->crtc);
	SHIM_SET(p->crtc_x, s->crtc_x);
	SHIM_SET(p->crtc_y, s->crtc_y);
	SHIM_SET(p->crtc_w, s->crtc_w);
	SHIM_SET(p->crtc_h, s->crtc_h);
	SHIM_SET(p->src_x, s->src_x);
	SHIM_SET(p->src_y, s->src_y);
	SHIM_SET(p->src_w, s->src_w);
	SHIM_SET(p->src_h, s->src_h);
}

void shim_atomic_wait_commits_unlocked(struct shim_device *dev, const bool *crtcs, uint32_t n)
{
	for (;;) {
		shim_device_lock(dev);
		struct shim_mode_config *mc = shim_ptr(dev->shared->mode_config);
		shim_events_update(dev, mc);
		uint64_t now = shim_now_ns(), due = 0;
		for (uint32_t i = 0; i < n && i < mc->ncrtcs; i++) {
			const struct shim_mode_crtc *c = &mc->crtcs[i];
			if (!crtcs[i] || !crtc_pending(c))
				continue;
			uint64_t t = c->commit_wait ? now + 1000000ull : shim_vblank_time_of(c, c->flip_target);
			if (!due || t < due)
				due = t;
		}
		shim_device_unlock(dev);
		if (!due || shim_sleep_until_ns(due))
			return;
	}
}

/* KA5, KA6, KA16, KA17: the commit (drm_atomic_commit, drm_atomic_nonblocking_commit, or
 * drm_atomic_check_only for TEST_ONLY). */
int shim_atomic_commit_unlock(struct shim_call *call, struct shim_atomic_state *st, uint32_t flags,
			      uint64_t user_data)
{
	struct shim_device *dev = call->dev;
	struct shim_mode_config *mc = st->mc;
	struct shim_event *events[SHIM_MAX_CRTCS] = { 0 };
	shim_off fences[SHIM_MAX_CRTCS] = { 0 };
	shim_off waits[SHIM_MAX_CRTCS] = { 0 };	/* what each CRTC's new planes wait for */
	int fds[SHIM_MAX_CRTCS];
	bool in_state[SHIM_MAX_CRTCS] = { 0 };
	int ret = 0;
	uint32_t ncrtcs = 0;
	for (uint32_t i = 0; i < SHIM_MAX_CRTCS; i++) {
		fds[i] = -1;
		in_state[i] = st->crtcs[i].in_state;
		ncrtcs += in_state[i];
	}
	/* KA5: prepare_signaling: an event needs a CRTC in the state. */
	if ((flags & SHIM_COMMIT_EVENT) && !ncrtcs) {
		ret = -EINVAL;
		goto fail;
	}
	ret = atomic_check(dev, st, flags);
	if (ret || (flags & SHIM_COMMIT_TEST_ONLY))
		goto fail;
	/* KA6: stall_checks: a CRTC's previous commit must have completed. */
	shim_events_update(dev, mc);
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		if (!in_state[i] || !crtc_pending(&mc->crtcs[i]))
			continue;
		if (flags & SHIM_COMMIT_NONBLOCK) {
			ret = -EBUSY;
			goto fail;
		}
		shim_atomic_state_release(dev, st);
		shim_device_unlock(dev);
		shim_atomic_wait_commits_unlocked(dev, in_state, mc->ncrtcs);
		return SHIM_COMMIT_RETRY;
	}
	/* Events and out-fences first: their failures leave everything as it was. */
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		const struct shim_atomic_crtc *a = &st->crtcs[i];
		if (!a->in_state)
			continue;
		if (flags & SHIM_COMMIT_EVENT) {
			events[i] = shim_event_queue(dev, mc, call, DRM_EVENT_FLIP_COMPLETE, i, 0);
			if (!events[i]) {
				ret = -ENOMEM;
				goto fail;
			}
			struct drm_event_vblank ev;
			memcpy(&ev, events[i]->data, sizeof(ev));
			ev.user_data = user_data;
			memcpy(events[i]->data, &ev, sizeof(ev));	/* fresh block */
			events[i]->flip = 3;	/* not due until the commit is applied */
		}
		if (a->out_fence) {
			fences[i] = shim_fence_create(dev, SHIM_INC(dev->shared->next_timeline), 1);
			if (!fences[i]) {
				ret = -ENOMEM;
				goto fail;
			}
			fds[i] = shim_sync_file_create(dev, fences[i], "crtc", -1);
			if (fds[i] < 0) {
				ret = fds[i];
				goto fail;
			}
			int32_t fd = fds[i];
			if (shim_copy_to_user(a->out_fence_ptr, &fd, sizeof(fd))) {
				ret = -EFAULT;
				goto fail;
			}
		}
		/* The in-fences of the planes that go on this CRTC; a plane without one waits
		 * for the rendering to its framebuffer (implicit fencing, KA25: i915's
		 * intel_prepare_plane_fb looks at the objects' reservations only then). */
		shim_off wait[SHIM_MAX_PLANES * 4];
		uint32_t nwait = 0;
		for (uint32_t j = 0; j < mc->nplanes; j++) {
			struct shim_atomic_plane *ap = &st->planes[j];
			if (!ap->in_state || ap->s.crtc != i + 1)
				continue;
			if (!ap->in_fence) {
				if (ap->s.fb)
					nwait = shim_mode_fb_write_fences(shim_ptr(ap->s.fb), wait, nwait);
				continue;
			}
			if (!shim_fence_is_signalled(shim_ptr(ap->in_fence)))
				wait[nwait++] = ap->in_fence;
		}
		if (nwait && !(waits[i] = shim_fence_all_of(dev, wait, nwait))) {
			ret = -ENOMEM;
			goto fail;
		}
	}
	/* Apply: nothing below fails. */
	apply_connectors(st);
	for (uint32_t i = 0; i < mc->ncrtcs; i++)
		if (st->crtcs[i].in_state)
			apply_crtc(dev, mc, i, &st->crtcs[i]);
	for (uint32_t i = 0; i < mc->nplanes; i++)
		if (st->planes[i].in_state)
			apply_plane(dev, &mc->planes[i], &st->planes[i].s);
	bool kick = false;
	for (uint32_t i = 0; i < mc->ncrtcs; i++) {
		if (!in_state[i])
			continue;
		struct shim_mode_crtc *c = &mc->crtcs[i];
		if (c->commit_fence || crtc_pending(c))
			shim_crtc_commit_done(dev, c);
		SHIM_SET(c->commit_fence, fences[i]);	/* the commit takes the reference */
		fences[i] = 0;
		if (!c->enabled) {
			/* Off (or turned off): done at once, as drm_crtc_vblank_off sends it. */
			if (events[i])
				SHIM_SET(events[i]->flip, 1);
			shim_events_crtc_off(dev, mc, c);
			if (waits[i])
				shim_fence_put(dev, waits[i]);	/* nothing shown: nothing to wait for */
			waits[i] = 0;
			continue;
		}
		shim_off in = waits[i];
		waits[i] = 0;		/* the CRTC takes the reference */
		if (in) {
			SHIM_SET(c->commit_wait, in);	/* the target comes when it signals */
			if (events[i])
				SHIM_SET(events[i]->flip, 2);
		} else {
			uint64_t target = shim_vblank_count(c, shim_now_ns(), NULL) + 1;
			SHIM_SET(c->flip_target, target);
			if (events[i]) {
				SHIM_SET(events[i]->flip, 1);
				SHIM_SET(events[i]->target, target);
			}
		}
		kick |= c->commit_fence || c->commit_wait;
	}
	/* KS7: the driver hears of what each CRTC of the commit now shows; one that waits for
	 * fences, once they have signalled (drm_event.c), so that it hears of the finished
	 * rendering. */
	for (uint32_t i = 0; i < mc->ncrtcs; i++)
		if (in_state[i] && !mc->crtcs[i].commit_wait)
			shim_mode_crtc_updated(dev, mc, &mc->crtcs[i]);
	shim_atomic_state_release(dev, st);
	shim_device_unlock(dev);
	if (kick)
		shim_event_timer_kick(dev);
	if (!(flags & SHIM_COMMIT_NONBLOCK))
		shim_atomic_wait_commits_unlocked(dev, in_state, SHIM_MAX_CRTCS);
	return 0;
fail:
	for (uint32_t i = 0; i < SHIM_MAX_CRTCS; i++) {
		if (events[i])
			cancel_event(dev, mc, events[i]);
		if (fds[i] >= 0)
			shim_real.close(fds[i]);
		if (fences[i])
			shim_fence_put(dev, fences[i]);
		if (waits[i])
			shim_fence_put(dev, waits[i]);
	}
	shim_atomic_state_release(dev, st);
	shim_device_unlock(dev);
	return ret;
}

/* KA20: legacy DPMS: standby and suspend are off; the CRTC is active while any of its
 * connectors is on. A connector on no CRTC just keeps the value. */
int shim_atomic_connector_dpms_unlock(struct shim_call *call, struct shim_mode_config *mc,
				      struct shim_mode_connector *conn, uint64_t mode)
{
	uint32_t dpms = mode == DRM_MODE_DPMS_ON ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF;
	uint32_t old = conn->dpms;
	if (!conn->crtc || old == dpms) {
		SHIM_SET(conn->dpms, dpms);
		shim_device_unlock(call->dev);
		return 0;
	}
	for (;;) {
		struct shim_atomic_state st;
		shim_atomic_state_init(&st, mc, true);
		SHIM_SET(conn->dpms, dpms);
		uint32_t crtc = conn->crtc - 1;
		bool active = false;
		for (uint32_t i = 0; i < mc->nconnectors; i++)
			active |= mc->connectors[i].crtc == crtc + 1 && mc->connectors[i].dpms == DRM_MODE_DPMS_ON;
		shim_atomic_get_crtc(&st, crtc)->active = active;
		/* The connector's value stays what was asked even though a modeset writes it. */
		int ret = shim_atomic_commit_unlock(call, &st, 0, 0);
		shim_device_lock(call->dev);
		if (ret < 0)
			SHIM_SET(conn->dpms, old);
		else if (conn->crtc)
			SHIM_SET(conn->dpms, dpms);
		if (ret != SHIM_COMMIT_RETRY) {
			shim_device_unlock(call->dev);
			return ret;
		}
	}
}
