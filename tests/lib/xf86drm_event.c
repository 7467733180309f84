/* SPDX-License-Identifier: MIT */
/*
 * libdrm core: drmHandleEvent() with drm_event records written into a pipe
 * (what a DRM fd returns from read), and the ioctls drmWaitVBlank(),
 * drmCrtcGetSequence() and drmCrtcQueueSequence() issue and how they
 * restart, through this program's own exported ioctl(). Built twice,
 * against ours and Debian's libdrm.so.2; both must pass. Nothing here
 * depends on the device having a display.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <time.h>

#include "xf86drm.h"
#include "tests/harness.h"
#include "tests/drm_test_util.h"

static unsigned long want_req;	/* the request answered here */
static int eintr_left;		/* fail it with EINTR this many times */
static int answer_errno;	/* then fail with this (0: succeed) */
static int calls;
static drmVBlank vbl_seen[64];	/* WAIT_VBLANK arguments as passed in */
static char arg_seen[64];

__attribute__((visibility("default"))) int ioctl(int fd, unsigned long request, ...)
{
	static int (*next)(int, unsigned long, ...);
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!next)
		next = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	if (request != want_req)
		return next(fd, request, arg);
	if (request == DRM_IOCTL_WAIT_VBLANK && calls < 64)
		memcpy(&vbl_seen[calls], arg, sizeof(drmVBlank));
	memcpy(arg_seen, arg, _IOC_SIZE(request) < sizeof(arg_seen) ? _IOC_SIZE(request) : sizeof(arg_seen));
	calls++;
	if (eintr_left) {
		eintr_left--;
		errno = EINTR;
		return -1;
	}
	if (answer_errno) {
		errno = answer_errno;
		return -1;
	}
	if (request == DRM_IOCTL_WAIT_VBLANK) {
		union drm_wait_vblank *w = arg;

		w->reply.sequence = 1234;
		w->reply.tval_sec = 5;
		w->reply.tval_usec = 6;
	} else if (request == DRM_IOCTL_CRTC_GET_SEQUENCE) {
		struct drm_crtc_get_sequence *g = arg;

		g->sequence = 777;
		g->sequence_ns = 888;
		g->active = 1;
	} else if (request == DRM_IOCTL_CRTC_QUEUE_SEQUENCE) {
		((struct drm_crtc_queue_sequence *)arg)->sequence += 100;
	}
	return 0;
}

static void answer(unsigned long req, int eintr, int err)
{
	want_req = req;
	eintr_left = eintr;
	answer_errno = err;
	calls = 0;
}

/* ---- events ---- */

static char log_buf[4096];

static void logf_(const char *fmt, ...)
{
	va_list ap;
	size_t n = strlen(log_buf);

	va_start(ap, fmt);
	vsnprintf(log_buf + n, sizeof(log_buf) - n, fmt, ap);
	va_end(ap);
}

static void on_vblank(int fd, unsigned seq, unsigned s, unsigned us, void *data)
{
	(void)fd;
	logf_("V%u/%u/%u/%lx ", seq, s, us, (unsigned long)data);
}

static void on_flip(int fd, unsigned seq, unsigned s, unsigned us, void *data)
{
	(void)fd;
	logf_("F%u/%u/%u/%lx ", seq, s, us, (unsigned long)data);
}

static void on_flip2(int fd, unsigned seq, unsigned s, unsigned us, unsigned crtc, void *data)
{
	(void)fd;
	logf_("G%u/%u/%u/c%u/%lx ", seq, s, us, crtc, (unsigned long)data);
}

static void on_seq(int fd, uint64_t seq, uint64_t ns, uint64_t data)
{
	(void)fd;
	logf_("S%llu/%llu/%llx ", (unsigned long long)seq, (unsigned long long)ns,
	      (unsigned long long)data);
}

static size_t put_vblank(char *p, uint32_t type, uint32_t seq, uint32_t crtc)
{
	struct drm_event_vblank v = {
		.base = { .type = type, .length = sizeof(v) },
		.user_data = 0xabc0 + seq, .tv_sec = 10 + seq, .tv_usec = 20 + seq,
		.sequence = seq, .crtc_id = crtc,
	};

	memcpy(p, &v, sizeof(v));
	return sizeof(v);
}

static size_t put_seq(char *p, uint64_t seq)
{
	struct drm_event_crtc_sequence s = {
		.base = { .type = DRM_EVENT_CRTC_SEQUENCE, .length = sizeof(s) },
		.user_data = 0xfeed0000 + seq, .time_ns = 1000000 + (int64_t)seq, .sequence = seq,
	};

	memcpy(p, &s, sizeof(s));
	return sizeof(s);
}

/* An event type nobody handles, with a payload, to be skipped by length. */
static size_t put_unknown(char *p)
{
	struct drm_event e = { .type = 0x80000010, .length = sizeof(e) + 16 };

	memcpy(p, &e, sizeof(e));
	memset(p + sizeof(e), 0xee, 16);
	return sizeof(e) + 16;
}

/* One batch of every kind, dispatched with a context of the given version. */
static const char *dispatch(int version, int with_flip, int with_flip2)
{
	drmEventContext ctx = {
		.version = version,
		.vblank_handler = on_vblank,
		.page_flip_handler = with_flip ? on_flip : NULL,
		.page_flip_handler2 = with_flip2 ? on_flip2 : NULL,
		.sequence_handler = on_seq,
	};
	char buf[512];
	size_t n = 0;
	int p[2];

	n += put_vblank(buf + n, DRM_EVENT_VBLANK, 1, 0);
	n += put_unknown(buf + n);
	n += put_vblank(buf + n, DRM_EVENT_FLIP_COMPLETE, 2, 31);
	n += put_seq(buf + n, 3);
	n += put_vblank(buf + n, DRM_EVENT_VBLANK, 4, 0);
	ASSERT_OK(pipe(p));
	ASSERT_EQ(write(p[1], buf, n), (ssize_t)n);
	log_buf[0] = 0;
	ASSERT_EQ(drmHandleEvent(p[0], &ctx), 0);
	close(p[0]);
	close(p[1]);
	return log_buf;
}

TEST(handle_event_versions)
{
	ASSERT_STREQ(dispatch(4, 1, 1),
		     "V1/11/21/abc1 G2/12/22/c31/abc2 S3/1000003/feed0003 V4/14/24/abc4 ");
	/* Version 3: no sequence handler is looked at. */
	ASSERT_STREQ(dispatch(3, 1, 1), "V1/11/21/abc1 G2/12/22/c31/abc2 V4/14/24/abc4 ");
	/* Without a page_flip_handler2, version 3 falls back to page_flip_handler. */
	ASSERT_STREQ(dispatch(3, 1, 0), "V1/11/21/abc1 F2/12/22/abc2 V4/14/24/abc4 ");
	/* Version 2: page_flip_handler2 is not a member yet. */
	ASSERT_STREQ(dispatch(2, 1, 1), "V1/11/21/abc1 F2/12/22/abc2 V4/14/24/abc4 ");
	ASSERT_STREQ(dispatch(2, 0, 1), "V1/11/21/abc1 V4/14/24/abc4 ");
	/* Version 1: vblanks only; version 0: nothing at all. */
	ASSERT_STREQ(dispatch(1, 1, 1), "V1/11/21/abc1 V4/14/24/abc4 ");
	ASSERT_STREQ(dispatch(0, 1, 1), "");
}

TEST(handle_event_reads)
{
	drmEventContext ctx = { .version = 2, .vblank_handler = on_vblank };
	int p[2];

	ASSERT_OK(pipe(p));
	/* End of file: 0, nothing called. */
	close(p[1]);
	log_buf[0] = 0;
	ASSERT_EQ(drmHandleEvent(p[0], &ctx), 0);
	ASSERT_STREQ(log_buf, "");
	close(p[0]);
	/* Fewer bytes than one event header: -1. */
	ASSERT_OK(pipe(p));
	ASSERT_EQ(write(p[1], "abc", 3), 3);
	ASSERT_EQ(drmHandleEvent(p[0], &ctx), -1);
	close(p[0]);
	close(p[1]);
	/* A read error: -1 with read's errno. */
	ASSERT_OK(pipe(p));
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	errno = 0;
	ASSERT_EQ(drmHandleEvent(p[0], &ctx), -1);
	ASSERT_EQ(errno, EAGAIN);
	close(p[0]);
	close(p[1]);
}

#ifndef DEBIAN_LIBDRM
/* A length libdrm would loop on or overrun: dispatch up to it, then -1. */
TEST(handle_event_malformed)
{
	drmEventContext ctx = { .version = 4, .vblank_handler = on_vblank };
	char buf[256];
	size_t n = 0;
	struct drm_event bad = { .type = DRM_EVENT_VBLANK, .length = 0 };
	int p[2];

	n += put_vblank(buf, DRM_EVENT_VBLANK, 1, 0);
	memcpy(buf + n, &bad, sizeof(bad));
	n += sizeof(bad);
	ASSERT_OK(pipe(p));
	ASSERT_EQ(write(p[1], buf, n), (ssize_t)n);
	log_buf[0] = 0;
	ASSERT_EQ(drmHandleEvent(p[0], &ctx), -1);
	ASSERT_EQ(errno, EINVAL);
	ASSERT_STREQ(log_buf, "V1/11/21/abc1 ");
	bad.length = 200;	/* past the end of what was read */
	ASSERT_EQ(write(p[1], &bad, sizeof(bad)), (ssize_t)sizeof(bad));
	ASSERT_EQ(drmHandleEvent(p[0], &ctx), -1);
	ASSERT_EQ(drmHandleEvent(p[0], NULL), -1);
	close(p[0]);
	close(p[1]);
}
#define OURS_ONLY , T(handle_event_malformed)
#else
#define OURS_ONLY
#endif

/* ---- vblank waits and CRTC sequences ---- */

TEST(wait_vblank)
{
	int fd = open_primary();
	drmVBlank v;

	memset(&v, 0, sizeof(v));
	v.request.type = DRM_VBLANK_RELATIVE | DRM_VBLANK_EVENT;
	v.request.sequence = 1;
	v.request.signal = 0x55;
	answer(DRM_IOCTL_WAIT_VBLANK, 2, 0);
	ASSERT_EQ(drmWaitVBlank(fd, &v), 0);
	ASSERT_EQ(calls, 3);	/* restarted after each EINTR */
	/* the first call relative, the restarts without RELATIVE */
	ASSERT_EQ(vbl_seen[0].request.type, DRM_VBLANK_RELATIVE | DRM_VBLANK_EVENT);
	ASSERT_EQ(vbl_seen[1].request.type, DRM_VBLANK_EVENT);
	ASSERT_EQ(vbl_seen[2].request.type, DRM_VBLANK_EVENT);
	ASSERT_EQ(vbl_seen[0].request.signal, 0x55);
	ASSERT_EQ(v.reply.sequence, 1234);
	ASSERT_EQ(v.reply.tval_sec, 5);
	ASSERT_EQ(v.reply.tval_usec, 6);
	/* Another error is returned as it is, after one call. */
	v.request.type = DRM_VBLANK_RELATIVE;
	answer(DRM_IOCTL_WAIT_VBLANK, 0, EINVAL);
	errno = 0;
	ASSERT_EQ(drmWaitVBlank(fd, &v), -1);
	ASSERT_EQ(errno, EINVAL);
	ASSERT_EQ(calls, 1);
	ASSERT_EQ(v.request.type, DRM_VBLANK_ABSOLUTE);	/* cleared after the call */
	/* EAGAIN is not restarted (drmWaitVBlank calls ioctl(2) itself). */
	answer(DRM_IOCTL_WAIT_VBLANK, 0, EAGAIN);
	ASSERT_EQ(drmWaitVBlank(fd, &v), -1);
	ASSERT_EQ(errno, EAGAIN);
	ASSERT_EQ(calls, 1);
	answer(0, 0, 0);
	close(fd);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Interrupted for ever: gives up with EBUSY after a second (libdrm: up to two). */
TEST(wait_vblank_timeout)
{
	int fd = open_primary();
	drmVBlank v;
	double t0, dt;

	memset(&v, 0, sizeof(v));
	answer(DRM_IOCTL_WAIT_VBLANK, 1 << 30, 0);
	t0 = now();
	errno = 0;
	ASSERT_EQ(drmWaitVBlank(fd, &v), -1);
	dt = now() - t0;
	ASSERT_EQ(errno, EBUSY);
	printf("# gave up after %.3f s, %d calls\n", dt, calls);
	ASSERT(dt >= 0.99 && dt < 2.5);
	answer(0, 0, 0);
	close(fd);
}

TEST(crtc_sequence)
{
	int fd = open_primary();
	uint64_t seq = 1, ns = 1, queued = 1;
	struct drm_crtc_get_sequence *g = (void *)arg_seen;
	struct drm_crtc_queue_sequence *q = (void *)arg_seen;

	/* drmIoctl restarts EINTR (and EAGAIN) until an answer. */
	answer(DRM_IOCTL_CRTC_GET_SEQUENCE, 3, 0);
	ASSERT_EQ(drmCrtcGetSequence(fd, 41, &seq, &ns), 0);
	ASSERT_EQ(calls, 4);
	ASSERT_EQ(g->crtc_id, 41);
	ASSERT_EQ(seq, 777);
	ASSERT_EQ(ns, 888);
	ASSERT_EQ(drmCrtcGetSequence(fd, 41, NULL, NULL), 0);	/* outputs optional */
	answer(DRM_IOCTL_CRTC_GET_SEQUENCE, 0, EINVAL);
	seq = ns = 5;
	ASSERT_ERRNO(drmCrtcGetSequence(fd, 41, &seq, &ns), EINVAL);
	ASSERT_EQ(seq, 5);
	ASSERT_EQ(ns, 5);

	answer(DRM_IOCTL_CRTC_QUEUE_SEQUENCE, 2, 0);
	ASSERT_EQ(drmCrtcQueueSequence(fd, 42, DRM_CRTC_SEQUENCE_RELATIVE, 3, &queued, 0xdead), 0);
	ASSERT_EQ(calls, 3);
	ASSERT_EQ(q->crtc_id, 42);
	ASSERT_EQ(q->flags, DRM_CRTC_SEQUENCE_RELATIVE);
	ASSERT_EQ(q->user_data, 0xdead);
	ASSERT_EQ(queued, 103);
	ASSERT_EQ(drmCrtcQueueSequence(fd, 42, 0, 3, NULL, 0), 0);
	answer(DRM_IOCTL_CRTC_QUEUE_SEQUENCE, 0, ENOENT);
	queued = 9;
	ASSERT_ERRNO(drmCrtcQueueSequence(fd, 42, 0, 3, &queued, 0), ENOENT);
	ASSERT_EQ(queued, 9);
	answer(0, 0, 0);
	close(fd);
}

TEST_MAIN(T(handle_event_versions), T(handle_event_reads), T(wait_vblank),
	  T(wait_vblank_timeout), T(crtc_sequence) OURS_ONLY)
