/* SPDX-License-Identifier: MIT */
/*
 * The drmSyncobj* functions of libdrm.so.2 (libdrm 2.4.114's xf86drm.c):
 * thin wrappers over the SYNCOBJ ioctls. The library keeps no state; the
 * handles and fds they return belong to the caller (a handle until
 * drmSyncobjDestroy or the DRM fd's close, an fd until close).
 *
 * Return conventions, as libdrm: every function returns drmIoctl()'s result
 * (0, or -1 with errno set) and writes its out-parameter only on success —
 * except drmSyncobjWait and drmSyncobjTimelineWait, which return -errno on
 * failure (e.g. -ETIME) and write *first_signaled only if it is not NULL.
 * Where libdrm would write through a NULL out-pointer after a successful
 * ioctl (and leak what was created), we fail first with -1/EINVAL.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "libdrm_macros.h"
#include "xf86drm.h"

#define memclear(s) memset(&(s), 0, sizeof(s))

static int fail_einval(void)
{
	errno = EINVAL;
	return -1;
}

drm_public int drmSyncobjCreate(int fd, uint32_t flags, uint32_t *handle)
{
	struct drm_syncobj_create args;
	if (!handle)
		return fail_einval();
	memclear(args);
	args.flags = flags;
	int ret = drmIoctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &args);
	if (ret)
		return ret;
	*handle = args.handle;
	return 0;
}

drm_public int drmSyncobjDestroy(int fd, uint32_t handle)
{
	struct drm_syncobj_destroy args;
	memclear(args);
	args.handle = handle;
	return drmIoctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &args);
}

static int handle_to_fd(int fd, uint32_t handle, uint32_t flags, int *out)
{
	struct drm_syncobj_handle args;
	if (!out)
		return fail_einval();
	memclear(args);
	args.fd = -1;
	args.handle = handle;
	args.flags = flags;
	int ret = drmIoctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &args);
	if (ret)
		return ret;
	*out = args.fd;
	return 0;
}

drm_public int drmSyncobjHandleToFD(int fd, uint32_t handle, int *obj_fd)
{
	return handle_to_fd(fd, handle, 0, obj_fd);
}

drm_public int drmSyncobjExportSyncFile(int fd, uint32_t handle, int *sync_file_fd)
{
	return handle_to_fd(fd, handle, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, sync_file_fd);
}

drm_public int drmSyncobjFDToHandle(int fd, int obj_fd, uint32_t *handle)
{
	struct drm_syncobj_handle args;
	if (!handle)
		return fail_einval();
	memclear(args);
	args.fd = obj_fd;
	int ret = drmIoctl(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &args);
	if (ret)
		return ret;
	*handle = args.handle;
	return 0;
}

drm_public int drmSyncobjImportSyncFile(int fd, uint32_t handle, int sync_file_fd)
{
	struct drm_syncobj_handle args;
	memclear(args);
	args.fd = sync_file_fd;
	args.handle = handle;
	args.flags = DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE;
	return drmIoctl(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &args);
}

drm_public int drmSyncobjWait(int fd, uint32_t *handles, unsigned num_handles, int64_t timeout_nsec,
			      unsigned flags, uint32_t *first_signaled)
{
	struct drm_syncobj_wait args;
	memclear(args);
	args.handles = (uintptr_t)handles;
	args.timeout_nsec = timeout_nsec;
	args.count_handles = num_handles;
	args.flags = flags;
	int ret = drmIoctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &args);
	if (ret < 0)
		return -errno;
	if (first_signaled)
		*first_signaled = args.first_signaled;
	return ret;
}

static int array_op(int fd, unsigned long request, const uint32_t *handles, uint32_t count)
{
	struct drm_syncobj_array args;
	memclear(args);
	args.handles = (uintptr_t)handles;
	args.count_handles = count;
	return drmIoctl(fd, request, &args);
}

drm_public int drmSyncobjReset(int fd, const uint32_t *handles, uint32_t handle_count)
{
	return array_op(fd, DRM_IOCTL_SYNCOBJ_RESET, handles, handle_count);
}

drm_public int drmSyncobjSignal(int fd, const uint32_t *handles, uint32_t handle_count)
{
	return array_op(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, handles, handle_count);
}

static int timeline_array_op(int fd, unsigned long request, const uint32_t *handles, uint64_t *points,
			     uint32_t count, uint32_t flags)
{
	struct drm_syncobj_timeline_array args;
	memclear(args);
	args.handles = (uintptr_t)handles;
	args.points = (uintptr_t)points;
	args.count_handles = count;
	args.flags = flags;
	return drmIoctl(fd, request, &args);
}

drm_public int drmSyncobjTimelineSignal(int fd, const uint32_t *handles, uint64_t *points,
					uint32_t handle_count)
{
	return timeline_array_op(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, handles, points, handle_count, 0);
}

drm_public int drmSyncobjTimelineWait(int fd, uint32_t *handles, uint64_t *points, unsigned num_handles,
				      int64_t timeout_nsec, unsigned flags, uint32_t *first_signaled)
{
	struct drm_syncobj_timeline_wait args;
	memclear(args);
	args.handles = (uintptr_t)handles;
	args.points = (uintptr_t)points;
	args.timeout_nsec = timeout_nsec;
	args.count_handles = num_handles;
	args.flags = flags;
	int ret = drmIoctl(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &args);
	if (ret < 0)
		return -errno;
	if (first_signaled)
		*first_signaled = args.first_signaled;
	return ret;
}

drm_public int drmSyncobjQuery(int fd, uint32_t *handles, uint64_t *points, uint32_t handle_count)
{
	return drmSyncobjQuery2(fd, handles, points, handle_count, 0);
}

drm_public int drmSyncobjQuery2(int fd, uint32_t *handles, uint64_t *points, uint32_t handle_count,
				uint32_t flags)
{
	return timeline_array_op(fd, DRM_IOCTL_SYNCOBJ_QUERY, handles, points, handle_count, flags);
}

drm_public int drmSyncobjTransfer(int fd, uint32_t dst_handle, uint64_t dst_point, uint32_t src_handle,
				  uint64_t src_point, uint32_t flags)
{
	struct drm_syncobj_transfer args;
	memclear(args);
	args.src_handle = src_handle;
	args.dst_handle = dst_handle;
	args.src_point = src_point;
	args.dst_point = dst_point;
	args.flags = flags;
	return drmIoctl(fd, DRM_IOCTL_SYNCOBJ_TRANSFER, &args);
}
