/* SPDX-License-Identifier: MIT */
/*
 * Sync object ioctls in one process: every errno row of
 * doc/uapi-conformance.md §10 (Y1–Y54) that needs no GPU work, handle
 * allocation, waits with absolute CLOCK_MONOTONIC timeouts, timelines
 * (points, query, transfer binary <-> timeline). Rows that need a pending
 * fence are in exec_fence.c; cross-process rows in multi.c. Kernel-agnostic.
 */
#include "tests/sync/sync_util.h"

/* Y2–Y4, D17: create flags; handles start at 1 and reuse the lowest free. */
TEST(create_and_handles)
{
	int fd = sync_open();
	struct drm_syncobj_create c = { .flags = 2 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c), EINVAL);
	uint32_t a = so_create(fd, 0), b = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED), c3 = so_create(fd, 0);
	ASSERT_EQ(a, 1);
	ASSERT_EQ(b, 2);
	ASSERT_EQ(c3, 3);
	ASSERT_OK(so_destroy(fd, b));
	ASSERT_EQ(so_create(fd, 0), 2);
	ASSERT_ERRNO(so_wait(fd, &a, 1, 0, 0, NULL), EINVAL);	/* Y3: no fence */
	uint32_t h = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	ASSERT_OK(so_wait(fd, &h, 1, 0, 0, NULL));		/* Y4 */
	close(fd);
}

/* Y5, Y6: destroy. */
TEST(destroy_errors)
{
	int fd = sync_open();
	uint32_t h = so_create(fd, 0);
	struct drm_syncobj_destroy d = { .handle = h, .pad = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d), EINVAL);
	ASSERT_ERRNO(so_destroy(fd, 0), EINVAL);
	ASSERT_ERRNO(so_destroy(fd, 99), EINVAL);
	ASSERT_OK(so_destroy(fd, h));
	ASSERT_ERRNO(so_destroy(fd, h), EINVAL);
	close(fd);
}

/* Y7–Y13: HANDLE_TO_FD. */
TEST(handle_to_fd_errors)
{
	int fd = sync_open(), out;
	uint32_t h = so_create(fd, 0);
	struct drm_syncobj_handle a = { .handle = h, .pad = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &a), EINVAL);		/* Y7 */
	ASSERT_ERRNO(so_to_fd(fd, h, 2, &out), EINVAL);					/* Y8 */
	ASSERT_ERRNO(so_to_fd(fd, h, 3, &out), EINVAL);
	ASSERT_ERRNO(so_to_fd(fd, 77, 0, &out), EINVAL);				/* Y9 */
	ASSERT_OK(so_to_fd(fd, h, 0, &out));						/* Y10 */
	ASSERT(out >= 0);
	ASSERT(fcntl(out, F_GETFD) & FD_CLOEXEC);
	close(out);
	ASSERT_ERRNO(so_to_fd(fd, 77, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &out), ENOENT);	/* Y11 */
	ASSERT_ERRNO(so_to_fd(fd, h, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &out), EINVAL);	/* Y12 */
	ASSERT_OK(so_signal(fd, h));
	ASSERT_OK(so_to_fd(fd, h, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &out));		/* Y13 */
	ASSERT(fcntl(out, F_GETFD) & FD_CLOEXEC);
	ASSERT(sync_file_ready(out, 0));
	/* the sync_file is a snapshot: resetting the syncobj leaves it signalled */
	ASSERT_OK(so_reset(fd, h));
	ASSERT(sync_file_ready(out, 0));
	close(out);
	close(fd);
}

/* Y14–Y20: FD_TO_HANDLE. */
TEST(fd_to_handle_errors)
{
	int fd = sync_open(), out, sf;
	uint32_t h = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED), n = 0;
	ASSERT_OK(so_to_fd(fd, h, 0, &out));
	struct drm_syncobj_handle a = { .fd = out, .pad = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &a), EINVAL);		/* Y14 */
	ASSERT_ERRNO(so_from_fd(fd, out, 2, &n), EINVAL);				/* Y15 */
	n = 0;
	ASSERT_ERRNO(so_from_fd(fd, -1, 0, &n), EINVAL);				/* Y16 */
	n = 0;
	ASSERT_ERRNO(so_from_fd(fd, 1000, 0, &n), EINVAL);
	n = 0;
	ASSERT_ERRNO(so_from_fd(fd, fd, 0, &n), EINVAL);				/* Y17 */
	n = 0;
	ASSERT_ERRNO(so_from_fd(fd, 0, 0, &n), EINVAL);
	n = 0;
	ASSERT_OK(so_from_fd(fd, out, 0, &n));						/* Y18 */
	ASSERT_EQ(n, 2);
	uint32_t n2 = 0;
	ASSERT_OK(so_from_fd(fd, out, 0, &n2));
	ASSERT_EQ(n2, 3);								/* new handle each time */
	ASSERT_OK(so_wait(fd, &n2, 1, 0, 0, NULL));
	/* the same object: reset through one handle shows through the other */
	ASSERT_OK(so_reset(fd, n));
	ASSERT_ERRNO(so_wait(fd, &h, 1, 0, 0, NULL), EINVAL);
	/* Y19: not a sync_file (a syncobj fd, the DRM fd) -> EINVAL, even with a bad handle */
	uint32_t bad = 99;
	ASSERT_ERRNO(so_from_fd(fd, out, DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE, &bad), EINVAL);
	bad = 99;
	ASSERT_ERRNO(so_from_fd(fd, fd, DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE, &bad), EINVAL);
	/* Y20: a sync_file with an unknown handle -> ENOENT */
	uint32_t s = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	ASSERT_OK(so_to_fd(fd, s, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &sf));
	bad = 99;
	ASSERT_ERRNO(so_from_fd(fd, sf, DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE, &bad), ENOENT);
	/* import replaces the fence of an existing handle */
	uint32_t target = h;
	ASSERT_OK(so_from_fd(fd, sf, DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE, &target));
	ASSERT_EQ(target, h);
	ASSERT_OK(so_wait(fd, &h, 1, 0, 0, NULL));
	close(sf);
	close(out);
	/* the handles outlive the fd */
	ASSERT_OK(so_signal(fd, n2));
	close(fd);
}

/* Y21–Y30, Y32: WAIT. */
TEST(wait_rows)
{
	int fd = sync_open();
	uint32_t h[3] = { so_create(fd, 0), so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED), so_create(fd, 0) };
	uint32_t first;
	ASSERT_ERRNO(so_wait(fd, h, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE, NULL), EINVAL);	/* Y21 */
	ASSERT_ERRNO(so_wait(fd, h, 1, 0, 8, NULL), EINVAL);
	ASSERT_ERRNO(so_wait(fd, h, 0, 0, 0, NULL), EINVAL);						/* Y22 */
	struct drm_syncobj_wait w = { .handles = 8, .count_handles = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), EFAULT);					/* Y23 */
	uint32_t bad[2] = { h[1], 0 };
	ASSERT_ERRNO(so_wait(fd, bad, 2, 0, 0, NULL), ENOENT);						/* Y24 */
	/* Y26: no fence without WAIT_FOR_SUBMIT: EINVAL at once, even with a long timeout */
	uint64_t t0 = now_ns();
	ASSERT_ERRNO(so_wait(fd, h, 1, (int64_t)(t0 + 2000000000ull), 0, NULL), EINVAL);
	ASSERT(now_ns() - t0 < 1000000000ull);
	/* Y27: WAIT_FOR_SUBMIT that never gets a fence: ETIME at the absolute deadline */
	t0 = now_ns();
	ASSERT_ERRNO(so_wait(fd, h, 1, (int64_t)(t0 + 50000000), DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL),
		     ETIME);
	uint64_t took = now_ns() - t0;
	ASSERT(took >= 45000000 && took < 2000000000ull);
	/* Y25: 0, negative and past timeouts poll; none is infinite */
	ASSERT_ERRNO(so_wait(fd, h, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL), ETIME);
	ASSERT_ERRNO(so_wait(fd, h, 1, -1, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL), ETIME);
	ASSERT_ERRNO(so_wait(fd, h, 1, INT64_MIN, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL), ETIME);
	ASSERT_ERRNO(so_wait(fd, h, 1, 1000, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL), ETIME);
	/* Y29: any: the first signalled index */
	ASSERT_OK(so_wait(fd, h, 3, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, &first));
	ASSERT_EQ(first, 1);
	/* Y30: all: ETIME while one is unsignalled, success once all are */
	ASSERT_ERRNO(so_wait(fd, h, 3, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
			     NULL), ETIME);
	ASSERT_OK(so_array(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, h, 3));
	ASSERT_OK(so_wait(fd, h, 3, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, &first));
	ASSERT(first < 3);
	ASSERT_OK(so_wait(fd, h + 2, 1, 0, 0, &first));
	ASSERT_EQ(first, 0);
	/* Y32: pad is not checked */
	struct drm_syncobj_wait wp = { .handles = (uintptr_t)h, .count_handles = 3, .pad = 7 };
	ASSERT_OK(ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &wp));
	close(fd);
}

/* Y22–Y24, Y33–Y35: RESET and SIGNAL; a bad handle changes nothing. */
TEST(reset_signal_rows)
{
	int fd = sync_open();
	uint32_t h[2] = { so_create(fd, 0), so_create(fd, 0) };
	struct drm_syncobj_array a = { .handles = (uintptr_t)h, .count_handles = 2, .pad = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_SYNCOBJ_RESET, &a), EINVAL);			/* Y33 */
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &a), EINVAL);
	ASSERT_ERRNO(so_array(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, h, 0), EINVAL);		/* Y22 */
	ASSERT_ERRNO(so_array(fd, DRM_IOCTL_SYNCOBJ_RESET, h, 0), EINVAL);
	ASSERT_ERRNO(so_array(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, (uint32_t *)8, 1), EFAULT);	/* Y23 */
	uint32_t mixed[2] = { h[0], 55 };
	ASSERT_ERRNO(so_array(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, mixed, 2), ENOENT);		/* Y24 */
	ASSERT_ERRNO(so_wait(fd, h, 1, 0, 0, NULL), EINVAL);				/* untouched */
	ASSERT_OK(so_array(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, h, 2));			/* Y35 */
	ASSERT_OK(so_wait(fd, h, 2, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL));
	ASSERT_ERRNO(so_array(fd, DRM_IOCTL_SYNCOBJ_RESET, mixed, 2), ENOENT);
	ASSERT_OK(so_wait(fd, h, 1, 0, 0, NULL));					/* untouched */
	ASSERT_OK(so_array(fd, DRM_IOCTL_SYNCOBJ_RESET, h, 2));				/* Y34 */
	ASSERT_ERRNO(so_wait(fd, h, 1, 0, 0, NULL), EINVAL);
	ASSERT_ERRNO(so_wait(fd, h + 1, 1, 0, 0, NULL), EINVAL);
	close(fd);
}

/* Y36–Y44: TIMELINE_WAIT and TIMELINE_SIGNAL. */
TEST(timeline_rows)
{
	int fd = sync_open();
	uint32_t h = so_create(fd, 0);
	uint64_t p = 1;
	ASSERT_ERRNO(so_twait(fd, &h, &p, 1, 0, 8), EINVAL);				/* Y36 */
	ASSERT_ERRNO(so_twait(fd, &h, &p, 0, 0, 0), EINVAL);				/* Y22 */
	ASSERT_ERRNO(so_twait(fd, &h, &p, 1, 0, 0), EINVAL);				/* Y38 */
	ASSERT_ERRNO(so_twait(fd, &h, &p, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE), ETIME);
	ASSERT_ERRNO(so_twait(fd, &h, &p, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT), ETIME);
	ASSERT_ERRNO(so_tarray(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &h, &p, 1, 1), EINVAL);	/* Y41 */
	ASSERT_ERRNO(so_tarray(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &h, &p, 0, 0), EINVAL);
	uint32_t bad = 9;
	ASSERT_ERRNO(so_tarray(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &bad, &p, 1, 0), ENOENT);
	ASSERT_ERRNO(so_tarray(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &h, (uint64_t *)8, 1, 0), EFAULT);
	ASSERT_OK(so_tsignal(fd, h, 3));
	ASSERT_EQ(so_query(fd, h, 0), 3);
	p = 2;
	ASSERT_OK(so_twait(fd, &h, &p, 1, 0, 0));					/* earlier point */
	p = 3;
	ASSERT_OK(so_twait(fd, &h, &p, 1, 0, 0));
	p = 4;
	ASSERT_ERRNO(so_twait(fd, &h, &p, 1, 0, 0), EINVAL);
	ASSERT_OK(so_tsignal(fd, h, 5));
	ASSERT_OK(so_tsignal(fd, h, 8));
	ASSERT_OK(so_twait(fd, &h, &p, 1, 0, 0));
	ASSERT_EQ(so_query(fd, h, 0), 8);
	ASSERT_EQ(so_query(fd, h, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 8);
	ASSERT_OK(so_twait(fd, &h, NULL, 1, 0, 0));					/* Y37: points NULL = 0 */
	ASSERT_OK(so_wait(fd, &h, 1, 0, 0, NULL));					/* binary wait on a timeline */
	p = 1;
	ASSERT_OK(so_twait(fd, &h, &p, 1, 0, 0));					/* Y40 */
	ASSERT_OK(so_tsignal(fd, h, 6));						/* Y44: unordered, accepted */
	ASSERT_OK(so_tarray(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &h, NULL, 1, 0));	/* Y42 */
	/* Y43: point 0 acts as a binary signal */
	uint32_t b = so_create(fd, 0);
	ASSERT_OK(so_tsignal(fd, b, 0));
	ASSERT_OK(so_wait(fd, &b, 1, 0, 0, NULL));
	p = 0;
	ASSERT_OK(so_twait(fd, &b, &p, 1, 0, 0));
	ASSERT_EQ(so_query(fd, b, 0), 0);						/* Y46 */
	close(fd);
}

/* Y39: WAIT_AVAILABLE returns as soon as the point exists. */
TEST(wait_available)
{
	int fd = sync_open();
	uint32_t h = so_create(fd, 0);
	uint64_t p = 2;
	ASSERT_OK(so_tsignal(fd, h, 1));
	ASSERT_ERRNO(so_twait(fd, &h, &p, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE), ETIME);
	ASSERT_OK(so_tsignal(fd, h, 2));
	ASSERT_OK(so_twait(fd, &h, &p, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE));
	close(fd);
}

/* Y45–Y48: QUERY. */
TEST(query_rows)
{
	int fd = sync_open();
	uint32_t h = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	uint64_t p;
	ASSERT_ERRNO(so_tarray(fd, DRM_IOCTL_SYNCOBJ_QUERY, &h, &p, 1, 2), EINVAL);		/* Y45 */
	ASSERT_ERRNO(so_tarray(fd, DRM_IOCTL_SYNCOBJ_QUERY, &h, &p, 0, 0), EINVAL);
	uint32_t bad = 0;
	ASSERT_ERRNO(so_tarray(fd, DRM_IOCTL_SYNCOBJ_QUERY, &bad, &p, 1, 0), ENOENT);
	ASSERT_EQ(so_query(fd, h, 0), 0);							/* Y46 */
	ASSERT_EQ(so_query(fd, h, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 0);
	ASSERT_ERRNO(so_tarray(fd, DRM_IOCTL_SYNCOBJ_QUERY, &h, (uint64_t *)8, 1, 0), EFAULT);	/* Y48 */
	ASSERT_ERRNO(so_tarray(fd, DRM_IOCTL_SYNCOBJ_QUERY, &h, NULL, 1, 0), EFAULT);
	uint32_t t = so_create(fd, 0);
	ASSERT_OK(so_tsignal(fd, t, 7));
	ASSERT_EQ(so_query(fd, t, 0), 7);							/* Y47 */
	ASSERT_OK(so_reset(fd, t));
	ASSERT_EQ(so_query(fd, t, 0), 0);
	close(fd);
}

/* Y49–Y54: TRANSFER between binary and timeline. */
TEST(transfer_rows)
{
	int fd = sync_open();
	uint32_t bin = so_create(fd, 0), tl = so_create(fd, 0), sig = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	struct drm_syncobj_transfer t = { .dst_handle = tl, .src_handle = sig, .dst_point = 1, .pad = 1 };
	ASSERT_ERRNO(ioctl(fd, DRM_IOCTL_SYNCOBJ_TRANSFER, &t), EINVAL);		/* Y49 */
	ASSERT_ERRNO(so_transfer(fd, 99, 1, sig, 0, 0), ENOENT);			/* Y50 */
	ASSERT_ERRNO(so_transfer(fd, tl, 1, 99, 0, 0), ENOENT);
	ASSERT_ERRNO(so_transfer(fd, 99, 0, sig, 0, 0), ENOENT);
	ASSERT_ERRNO(so_transfer(fd, tl, 1, bin, 0, 0), EINVAL);			/* Y52 */
	ASSERT_ERRNO(so_transfer(fd, tl, 1, bin, 0, 0x100), EINVAL);			/* Y53: other bits ignored */
	uint64_t t0 = now_ns();
	ASSERT_ERRNO(so_transfer(fd, tl, 1, bin, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT), ETIME);
	ASSERT(now_ns() - t0 >= 4000000000ull);					/* waited ~5 s */
	ASSERT_EQ(so_query(fd, tl, 0), 0);						/* nothing changed */
	/* binary -> timeline point 1, then 3 */
	ASSERT_OK(so_transfer(fd, tl, 1, sig, 0, 0));
	ASSERT_OK(so_transfer(fd, tl, 3, sig, 0, 0));
	ASSERT_EQ(so_query(fd, tl, 0), 3);
	uint64_t p = 3;
	ASSERT_OK(so_twait(fd, &tl, &p, 1, 0, 0));
	/* timeline point -> binary (Y51) */
	ASSERT_OK(so_transfer(fd, bin, 0, tl, 1, 0));					/* Y54: collected point */
	ASSERT_OK(so_wait(fd, &bin, 1, 0, 0, NULL));
	ASSERT_EQ(so_query(fd, bin, 0), 0);
	ASSERT_ERRNO(so_transfer(fd, bin, 0, tl, 9, 0), EINVAL);			/* no such point */
	/* timeline -> timeline */
	uint32_t tl2 = so_create(fd, 0);
	ASSERT_OK(so_transfer(fd, tl2, 10, tl, 3, 0));
	ASSERT_EQ(so_query(fd, tl2, 0), 10);
	close(fd);
}

/* Syncobjs are released with their file; another file's handles are its own. */
TEST(per_file_handles)
{
	int a = sync_open(), b = sync_open();
	uint32_t ha = so_create(a, DRM_SYNCOBJ_CREATE_SIGNALED);
	ASSERT_ERRNO(so_signal(b, ha), ENOENT);
	ASSERT_EQ(so_create(b, 0), 1);
	for (int i = 0; i < 1000; i++) {
		int c = sync_open();
		for (int k = 0; k < 8; k++)
			so_create(c, DRM_SYNCOBJ_CREATE_SIGNALED);
		close(c);
	}
	ASSERT_OK(so_wait(a, &ha, 1, 0, 0, NULL));
	close(a);
	close(b);
}

/* Exported syncobj fds outlive the handle and keep the object alive. */
TEST(fd_keeps_object)
{
	int fd = sync_open(), out;
	uint32_t h = so_create(fd, DRM_SYNCOBJ_CREATE_SIGNALED), n = 0;
	ASSERT_OK(so_to_fd(fd, h, 0, &out));
	ASSERT_OK(so_destroy(fd, h));
	int d = dup(out);
	close(out);
	ASSERT_OK(so_from_fd(fd, d, 0, &n));
	ASSERT_OK(so_wait(fd, &n, 1, 0, 0, NULL));
	close(d);
	for (int i = 0; i < 500; i++) {		/* many exports come and go */
		ASSERT_OK(so_to_fd(fd, n, 0, &out));
		close(out);
		ASSERT_OK(so_to_fd(fd, n, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &out));
		close(out);
	}
	close(fd);
}

TEST_MAIN(T(create_and_handles), T(destroy_errors), T(handle_to_fd_errors), T(fd_to_handle_errors),
	  T(wait_rows), T(reset_signal_rows), T(timeline_rows), T(wait_available), T(query_rows),
	  T(transfer_rows), T(per_file_handles), T(fd_keeps_object))
