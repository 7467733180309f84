/* SPDX-License-Identifier: MIT */
/*
 * drmSyncobj* (libdrm.so.2), built twice: against our library and against
 * Debian's libdrm.so.2 (DEBIAN_LIBDRM_SO; -DEXPECT_SYSTEM_LIBDRM),
 * both run on the same device. Both must pass: same results, same return
 * conventions (raw ioctl result, -1/errno; Wait and TimelineWait: -errno),
 * out-parameters written only on success.
 */
#define _GNU_SOURCE
#include "config.h"	/* DEBIAN_LIBDRM_SO, DEBIAN_LIBDRM_INTEL_SO */

#include <dlfcn.h>
#include <limits.h>
#include <xf86drm.h>

#include "tests/sync/sync_util.h"

#define SYSTEM_LIBDRM DEBIAN_LIBDRM_SO	/* config.h: Debian's, or "" */

TEST(which_libdrm)
{
	Dl_info info;
	char path[PATH_MAX], sys[PATH_MAX];
	ASSERT(dladdr((void *)drmSyncobjCreate, &info) != 0);
	ASSERT(realpath(info.dli_fname, path) != NULL);
	printf("# libdrm: %s\n", path);
	if (!realpath(SYSTEM_LIBDRM, sys))
		sys[0] = '\0';
#ifdef EXPECT_SYSTEM_LIBDRM
	ASSERT_STREQ(path, sys);
#else
	ASSERT(strcmp(path, sys) != 0);
#endif
}

TEST(create_destroy_signal_reset)
{
	int fd = sync_open();
	uint32_t h = 0xdead, s;
	ASSERT_ERRNO(drmSyncobjCreate(fd, 2, &h), EINVAL);
	ASSERT_EQ(h, 0xdead);
	ASSERT_EQ(drmSyncobjCreate(fd, 0, &h), 0);
	ASSERT_EQ(h, 1);
	ASSERT_EQ(drmSyncobjCreate(fd, DRM_SYNCOBJ_CREATE_SIGNALED, &s), 0);
	ASSERT_EQ(drmSyncobjWait(fd, &h, 1, 0, 0, NULL), -EINVAL);
	uint32_t first = 77;
	ASSERT_EQ(drmSyncobjWait(fd, &s, 1, 0, 0, &first), 0);
	ASSERT_EQ(first, 0);
	ASSERT_EQ(drmSyncobjWait(fd, &h, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL), -ETIME);
	ASSERT_EQ(drmSyncobjSignal(fd, &h, 1), 0);
	ASSERT_EQ(drmSyncobjWait(fd, &h, 1, INT64_MAX, 0, NULL), 0);
	ASSERT_EQ(drmSyncobjReset(fd, &h, 1), 0);
	ASSERT_EQ(drmSyncobjWait(fd, &h, 1, 0, 0, NULL), -EINVAL);
	uint32_t bad = 42;
	ASSERT_ERRNO(drmSyncobjSignal(fd, &bad, 1), ENOENT);
	ASSERT_ERRNO(drmSyncobjReset(fd, &h, 0), EINVAL);
	ASSERT_ERRNO(drmSyncobjDestroy(fd, 42), EINVAL);
	ASSERT_EQ(drmSyncobjDestroy(fd, h), 0);
	ASSERT_EQ(drmSyncobjDestroy(fd, s), 0);
	close(fd);
}

TEST(fds_and_sync_files)
{
	int fd = sync_open();
	uint32_t h, n = 0xdead;
	int ofd = 1234, sf = 1234;
	ASSERT_EQ(drmSyncobjCreate(fd, 0, &h), 0);
	ASSERT_ERRNO(drmSyncobjHandleToFD(fd, 99, &ofd), EINVAL);
	ASSERT_EQ(ofd, 1234);
	ASSERT_EQ(drmSyncobjHandleToFD(fd, h, &ofd), 0);
	ASSERT(ofd >= 0);
	ASSERT_ERRNO(drmSyncobjFDToHandle(fd, -1, &n), EINVAL);
	ASSERT_EQ(n, 0xdead);
	ASSERT_EQ(drmSyncobjFDToHandle(fd, ofd, &n), 0);
	ASSERT(n != h);
	ASSERT_ERRNO(drmSyncobjExportSyncFile(fd, h, &sf), EINVAL);		/* no fence */
	ASSERT_ERRNO(drmSyncobjExportSyncFile(fd, 99, &sf), ENOENT);
	ASSERT_EQ(sf, 1234);
	ASSERT_EQ(drmSyncobjSignal(fd, &n, 1), 0);
	ASSERT_EQ(drmSyncobjExportSyncFile(fd, h, &sf), 0);
	ASSERT(sync_file_ready(sf, 0));
	uint32_t g;
	ASSERT_EQ(drmSyncobjCreate(fd, 0, &g), 0);
	ASSERT_ERRNO(drmSyncobjImportSyncFile(fd, g, ofd), EINVAL);		/* not a sync_file */
	ASSERT_ERRNO(drmSyncobjImportSyncFile(fd, 99, sf), ENOENT);
	ASSERT_EQ(drmSyncobjImportSyncFile(fd, g, sf), 0);
	ASSERT_EQ(drmSyncobjWait(fd, &g, 1, 0, 0, NULL), 0);
	close(sf);
	close(ofd);
	close(fd);
}

TEST(timelines)
{
	int fd = sync_open();
	uint32_t h[2];
	ASSERT_EQ(drmSyncobjCreate(fd, 0, &h[0]), 0);
	ASSERT_EQ(drmSyncobjCreate(fd, 0, &h[1]), 0);
	uint64_t pts[2] = { 3, 5 }, q[2] = { 9, 9 };
	ASSERT_EQ(drmSyncobjTimelineSignal(fd, h, pts, 2), 0);
	ASSERT_EQ(drmSyncobjQuery(fd, h, q, 2), 0);
	ASSERT_EQ(q[0], 3);
	ASSERT_EQ(q[1], 5);
	ASSERT_EQ(drmSyncobjQuery2(fd, h, q, 2, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 0);
	ASSERT_ERRNO(drmSyncobjQuery2(fd, h, q, 2, 4), EINVAL);
	uint32_t first = 77;
	uint64_t w[2] = { 3, 6 };
	ASSERT_EQ(drmSyncobjTimelineWait(fd, h, w, 2, 0, 0, &first), -EINVAL);	/* point 6 not there */
	ASSERT_EQ(first, 77);
	ASSERT_EQ(drmSyncobjTimelineWait(fd, h, w, 2, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, &first), 0);
	ASSERT_EQ(first, 0);
	ASSERT_EQ(drmSyncobjTimelineWait(fd, h, w, 2, (int64_t)(now_ns() + 10000000),
					 DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
					 NULL), -ETIME);
	ASSERT_EQ(drmSyncobjTransfer(fd, h[1], 6, h[0], 3, 0), 0);
	ASSERT_EQ(drmSyncobjTimelineWait(fd, h, w, 2, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL), 0);
	ASSERT_ERRNO(drmSyncobjTransfer(fd, 99, 1, h[0], 3, 0), ENOENT);
	uint32_t b;
	ASSERT_EQ(drmSyncobjCreate(fd, 0, &b), 0);
	ASSERT_EQ(drmSyncobjTransfer(fd, b, 0, h[1], 6, 0), 0);
	ASSERT_EQ(drmSyncobjWait(fd, &b, 1, 0, 0, NULL), 0);
	close(fd);
}

TEST_MAIN(T(which_libdrm), T(create_destroy_signal_reset), T(fds_and_sync_files), T(timelines))
