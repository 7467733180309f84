/* SPDX-License-Identifier: MIT */
/*
 * DOC: vblanks (the kernel's drm_vblank.c)
 *
 * A CRTC that is on has a vblank every frame of its mode: frame time
 * htotal * vtotal / clock, counted from the moment it went on, in
 * CLOCK_MONOTONIC time (shim_now_ns), added to what the counter had when
 * it went on. Nothing ticks: a count is computed when asked, so the shared
 * state holds only the count at the last enable and its time.
 *
 * WAIT_VBLANK, CRTC_GET_SEQUENCE and CRTC_QUEUE_SEQUENCE (the events those
 * queue are drm_event.c's); a CRTC that is off has no vblank reference to
 * give and answers EINVAL, as the kernel's drm_vblank_get does after
 * drm_crtc_vblank_off. A wait sleeps
 * without the device lock and looks again when it wakes (the CRTC may have
 * gone off: the reply then says where the counter stopped).
 *
 * The _ioctl functions take the device lock; the rest need it held.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "base/instance.h"
#include "base/journal.h"
#include "base/log.h"
#include "drm/drm_lease.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_vblank.h"

static uint64_t frame_ns_num(const struct shim_mode_crtc *c)
{
	return (uint64_t)c->mode.htotal * c->mode.vtotal * 1000000ull;	/* / clock (kHz) = ns */
}

void shim_vblank_crtc_on(struct shim_mode_crtc *c)
{
	SHIM_SET(c->vbl_start_ns, shim_now_ns());
}

uint64_t shim_vblank_count(const struct shim_mode_crtc *c, uint64_t now, uint64_t *last_ns)
{
	uint64_t num = frame_ns_num(c);
	if (!c->enabled || !num || !c->mode.clock || now < c->vbl_start_ns) {
		if (last_ns)
			*last_ns = c->vbl_start_ns;
		return c->vbl_count;
	}
	unsigned __int128 elapsed = now - c->vbl_start_ns;
	uint64_t frames = (uint64_t)(elapsed * c->mode.clock / num);
	if (last_ns)
		*last_ns = c->vbl_start_ns + (uint64_t)((unsigned __int128)frames * num / c->mode.clock);
	return c->vbl_count + frames;
}

uint64_t shim_vblank_stamp(const struct shim_mode_crtc *c, uint64_t seq)
{
	if (!c->mode.clock || seq < c->vbl_count)
		return c->vbl_start_ns;
	uint64_t frames = seq - c->vbl_count;
	return c->vbl_start_ns + (uint64_t)((unsigned __int128)frames * frame_ns_num(c) / c->mode.clock);
}

uint64_t shim_vblank_time_of(const struct shim_mode_crtc *c, uint64_t seq)
{
	return shim_vblank_stamp(c, seq) + 1;	/* past the rounding of the count */
}

void shim_vblank_crtc_off(struct shim_mode_crtc *c)
{
	SHIM_SET(c->vbl_count, shim_vblank_count(c, shim_now_ns(), NULL));
}

/* The CRTC of a WAIT_VBLANK request: the high-crtc bits, else SECONDARY, else 0. */
static uint32_t vblank_pipe(uint32_t type)
{
	uint32_t high = (type & _DRM_VBLANK_HIGH_CRTC_MASK) >> _DRM_VBLANK_HIGH_CRTC_SHIFT;
	if (high)
		return high;
	return (type & _DRM_VBLANK_SECONDARY) ? 1 : 0;
}

/* LS18: the pipe a request names counts the caller's CRTCs only (a lessee's first CRTC is its
 * pipe 0): the device's CRTC index, or ncrtcs when the caller has no such CRTC. */
static uint32_t lessee_pipe(const struct shim_file *file, const struct shim_mode_config *mc, uint32_t index)
{
	uint32_t pipe;
	for (pipe = 0; pipe < mc->ncrtcs; pipe++) {
		if (!shim_lease_held(file, mc->crtcs[pipe].id))
			continue;
		if (index == 0)
			break;
		index--;
	}
	return pipe;
}

/* Has the counter reached seq (modulo 2^64, as vblank_passed)? */
static bool passed(uint64_t count, uint64_t seq)
{
	return (int64_t)(count - seq) >= 0;
}

/* widen_32_to_64: the 64-bit sequence nearest the count whose low 32 bits are seq32. */
static uint64_t widen(uint32_t seq32, uint64_t count)
{
	return count + (int32_t)(seq32 - (uint32_t)count);
}

/* KV1–KV6, LS18: drm_wait_vblank_ioctl. */
int shim_wait_vblank_ioctl(struct shim_call *call, void *data)
{
	union drm_wait_vblank *vbl = data;
	uint32_t type = vbl->request.type;
	if (type & _DRM_VBLANK_SIGNAL)
		return -EINVAL;
	if (type & ~(_DRM_VBLANK_TYPES_MASK | _DRM_VBLANK_FLAGS_MASK | _DRM_VBLANK_HIGH_CRTC_MASK))
		return -EINVAL;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	uint32_t pipe = lessee_pipe(call->file, mc, vblank_pipe(type));
	struct shim_mode_crtc *c = pipe < mc->ncrtcs ? &mc->crtcs[pipe] : NULL;
	if (!c || !c->enabled) {
		shim_device_unlock(call->dev);
		return -EINVAL;	/* no such pipe; or drm_vblank_get on a CRTC that is off */
	}
	uint64_t now = shim_now_ns(), last = 0;
	uint64_t seq = shim_vblank_count(c, now, &last), req;
	switch (type & _DRM_VBLANK_TYPES_MASK) {
	case _DRM_VBLANK_RELATIVE:
		req = seq + vbl->request.sequence;
		vbl->request.sequence = (uint32_t)req;
		vbl->request.type &= ~_DRM_VBLANK_RELATIVE;
		break;
	case _DRM_VBLANK_ABSOLUTE:
		req = widen(vbl->request.sequence, seq);
		break;
	default:
		shim_device_unlock(call->dev);
		return -EINVAL;
	}
	if ((type & _DRM_VBLANK_NEXTONMISS) && passed(seq, req)) {
		req = seq + 1;
		vbl->request.type &= ~_DRM_VBLANK_NEXTONMISS;
		vbl->request.sequence = (uint32_t)req;
	}
	if (type & _DRM_VBLANK_EVENT) {
		/* KV6: drm_queue_vblank_event. Fires at req, or now if req has passed. */
		shim_events_update(call->dev, mc);
		uint64_t at = passed(seq, req) ? seq : req;	/* passed: sent now, with the count now */
		struct shim_event *e = shim_event_queue(call->dev, mc, call, DRM_EVENT_VBLANK, pipe, at);
		if (!e) {
			shim_device_unlock(call->dev);
			return -ENOMEM;
		}
		struct drm_event_vblank ev;
		memcpy(&ev, e->data, sizeof(ev));
		ev.user_data = vbl->request.signal;
		memcpy(e->data, &ev, sizeof(ev));	/* fresh block */
		vbl->reply.sequence = (uint32_t)at;
		shim_events_update(call->dev, mc);
		shim_device_unlock(call->dev);
		return 0;
	}
	/* Sleep until the vblank is due (at most 3 s: EBUSY, as the kernel's timeout),
	 * without the lock; look again each time. */
	uint64_t deadline = now + 3000000000ull;
	while (c->enabled && !passed(seq, req)) {
		uint64_t due = shim_vblank_time_of(c, req);
		shim_device_unlock(call->dev);
		if (due > deadline)
			due = deadline;
		if (shim_sleep_until_ns(due))
			return -EINTR;
		shim_device_lock(call->dev);
		now = shim_now_ns();
		seq = shim_vblank_count(c, now, &last);
		if (!passed(seq, req) && now >= deadline) {
			shim_device_unlock(call->dev);
			return -EBUSY;
		}
	}
	seq = shim_vblank_count(c, shim_now_ns(), &last);
	vbl->reply.sequence = (uint32_t)seq;
	vbl->reply.tval_sec = (long)(last / 1000000000ull);
	vbl->reply.tval_usec = (long)(last % 1000000000ull / 1000);
	shim_device_unlock(call->dev);
	return 0;
}

/* KV7: drm_crtc_get_sequence_ioctl. */
int shim_crtc_get_sequence_ioctl(struct shim_call *call, void *data)
{
	struct drm_crtc_get_sequence *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	const struct shim_mode_crtc *c = shim_ptr(shim_mode_object_lookup(call->file, mc, r->crtc_id, SHIM_MODE_CRTC));
	if (!c) {
		ret = -ENOENT;
	} else if (!c->enabled) {
		ret = -EINVAL;
	} else {
		uint64_t last = 0;
		r->active = c->enabled;
		r->sequence = shim_vblank_count(c, shim_now_ns(), &last);
		r->sequence_ns = (int64_t)last;
	}
	shim_device_unlock(call->dev);
	return ret;
}

/* KV10: drm_crtc_queue_sequence_ioctl. */
int shim_crtc_queue_sequence_ioctl(struct shim_call *call, void *data)
{
	struct drm_crtc_queue_sequence *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	struct shim_mode_crtc *c = shim_ptr(shim_mode_object_lookup(call->file, mc, r->crtc_id, SHIM_MODE_CRTC));
	if (!c) {
		ret = -ENOENT;
	} else if (r->flags & ~(DRM_CRTC_SEQUENCE_RELATIVE | DRM_CRTC_SEQUENCE_NEXT_ON_MISS)) {
		ret = -EINVAL;
	} else if (!c->enabled) {
		ret = -EINVAL;	/* drm_crtc_vblank_get */
	} else {
		shim_events_update(call->dev, mc);
		uint64_t seq = shim_vblank_count(c, shim_now_ns(), NULL), req = r->sequence;
		if (r->flags & DRM_CRTC_SEQUENCE_RELATIVE)
			req += seq;
		if ((r->flags & DRM_CRTC_SEQUENCE_NEXT_ON_MISS) && passed(seq, req))
			req = seq + 1;
		uint64_t at = passed(seq, req) ? seq : req;
		struct shim_event *e = shim_event_queue(call->dev, mc, call, DRM_EVENT_CRTC_SEQUENCE, c->index, at);
		if (!e) {
			ret = -ENOMEM;
		} else {
			struct drm_event_crtc_sequence ev;
			memcpy(&ev, e->data, sizeof(ev));
			ev.user_data = r->user_data;
			memcpy(e->data, &ev, sizeof(ev));	/* fresh block */
			r->sequence = at;
			shim_events_update(call->dev, mc);
		}
	}
	shim_device_unlock(call->dev);
	return ret;
}
