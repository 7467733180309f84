/* SPDX-License-Identifier: MIT */
/*
 * Vertical blanks, CRTC sequences and the DRM event stream: drmWaitVBlank(),
 * drmCrtcGetSequence(), drmCrtcQueueSequence() and drmHandleEvent().
 *
 * drmWaitVBlank() calls ioctl(2) itself, as libdrm does, because it must
 * see EINTR: after every call it clears DRM_VBLANK_RELATIVE (the kernel
 * has already turned a relative request into an absolute one and written
 * it back, so a restart must not add the count again), restarts on EINTR,
 * and gives up with EBUSY once about a second has passed since the first
 * call. The CRTC sequence calls go through drmIoctl(), which restarts
 * EINTR and EAGAIN without limit.
 *
 * drmHandleEvent() reads once from the fd (the kernel only ever returns
 * whole events) and calls the handler for each event the context's
 * version provides; other events are skipped by their length.
 *
 * Lifetimes: nothing is allocated; user_data pointers pass through.
 * Calls: ioctl(2), drmIoctl(), read(2), clock_gettime(2).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "libdrm_macros.h"
#include "xf86drm.h"
#include "xf86drm_private.h"

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * drmWaitVBlank: WAIT_VBLANK with *vbl (request in, reply out). 0, or -1
 * with errno: the kernel's, or EBUSY when interrupted for longer than a
 * second. libdrm's deadline test misses part of the second second, so its
 * limit is between one and two seconds; ours is one.
 */
drm_public int drmWaitVBlank(int fd, drmVBlankPtr vbl)
{
	int64_t deadline;
	int ret;

	if (!vbl) {
		errno = EINVAL;
		return -1;
	}
	deadline = now_ns() + 1000000000;
	for (;;) {
		ret = ioctl(fd, DRM_IOCTL_WAIT_VBLANK, vbl);
		vbl->request.type &= ~DRM_VBLANK_RELATIVE;
		if (ret == 0 || errno != EINTR)
			break;
		if (now_ns() >= deadline) {
			errno = EBUSY;
			ret = -1;
			break;
		}
	}
	return ret;
}

/*
 * drmCrtcGetSequence: the CRTC's current vblank count and its time (ns,
 * CLOCK_MONOTONIC). 0, or -1 with errno; outputs (each optional) are
 * written on success only.
 */
drm_public int drmCrtcGetSequence(int fd, uint32_t crtcId, uint64_t *sequence,
				  uint64_t *ns)
{
	struct drm_crtc_get_sequence get;
	int ret;

	memclear(get);
	get.crtc_id = crtcId;
	ret = drmIoctl(fd, DRM_IOCTL_CRTC_GET_SEQUENCE, &get);
	if (ret)
		return ret;
	if (sequence)
		*sequence = get.sequence;
	if (ns)
		*ns = get.sequence_ns;
	return 0;
}

/*
 * drmCrtcQueueSequence: ask for a DRM_EVENT_CRTC_SEQUENCE event carrying
 * user_data at sequence (DRM_CRTC_SEQUENCE_RELATIVE / _NEXT_ON_MISS in
 * flags). 0 and the sequence actually queued (optional output), or -1 with
 * errno.
 */
drm_public int drmCrtcQueueSequence(int fd, uint32_t crtcId, uint32_t flags,
				    uint64_t sequence, uint64_t *sequence_queued,
				    uint64_t user_data)
{
	struct drm_crtc_queue_sequence q;
	int ret;

	memclear(q);
	q.crtc_id = crtcId;
	q.flags = flags;
	q.sequence = sequence;
	q.user_data = user_data;
	ret = drmIoctl(fd, DRM_IOCTL_CRTC_QUEUE_SEQUENCE, &q);
	if (ret == 0 && sequence_queued)
		*sequence_queued = q.sequence;
	return ret;
}

/*
 * drmHandleEvent: read the pending events (one read of up to 1 KiB) and
 * dispatch them. 0 after dispatching (or at end of file), -1 when the read
 * fails (errno from read) or returns less than one event header.
 *
 * libdrm trusts each event's length; a length shorter than a header or
 * running past what was read would make it loop forever or read beyond
 * its buffer. We stop there with -1/EINVAL, after dispatching the events
 * before it. Known events too short for their payload are skipped.
 */
drm_public int drmHandleEvent(int fd, drmEventContextPtr evctx)
{
	char buf[1024] __attribute__((aligned(8)));
	ssize_t len;
	size_t off = 0;

	if (!evctx) {
		errno = EINVAL;
		return -1;
	}
	len = read(fd, buf, sizeof(buf));
	if (len == 0)
		return 0;
	if (len < (ssize_t)sizeof(struct drm_event)) {
		if (len > 0)
			errno = EINVAL;
		return -1;
	}
	while (off < (size_t)len) {
		struct drm_event e;

		if ((size_t)len - off < sizeof(e)) {
			errno = EINVAL;
			return -1;
		}
		memcpy(&e, buf + off, sizeof(e));
		if (e.length < sizeof(e) || e.length > (size_t)len - off) {
			errno = EINVAL;
			return -1;
		}
		switch (e.type) {
		case DRM_EVENT_VBLANK:
		case DRM_EVENT_FLIP_COMPLETE: {
			struct drm_event_vblank v;

			if (e.length < sizeof(v))
				break;
			memcpy(&v, buf + off, sizeof(v));
			if (e.type == DRM_EVENT_VBLANK) {
				if (evctx->version >= 1 && evctx->vblank_handler)
					evctx->vblank_handler(fd, v.sequence, v.tv_sec, v.tv_usec,
							      DRM_PTR(v.user_data));
			} else if (evctx->version >= 3 && evctx->page_flip_handler2) {
				evctx->page_flip_handler2(fd, v.sequence, v.tv_sec, v.tv_usec,
							  v.crtc_id, DRM_PTR(v.user_data));
			} else if (evctx->version >= 2 && evctx->page_flip_handler) {
				evctx->page_flip_handler(fd, v.sequence, v.tv_sec, v.tv_usec,
							 DRM_PTR(v.user_data));
			}
			break;
		}
		case DRM_EVENT_CRTC_SEQUENCE: {
			struct drm_event_crtc_sequence s;

			if (e.length < sizeof(s))
				break;
			memcpy(&s, buf + off, sizeof(s));
			if (evctx->version >= 4 && evctx->sequence_handler)
				evctx->sequence_handler(fd, s.sequence, (uint64_t)s.time_ns,
							s.user_data);
			break;
		}
		default:
			break;
		}
		off += e.length;
	}
	return 0;
}
