/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_mode_lease.c - DRM leases in libdrm.so.2: drmModeCreateLease,
 * drmModeListLessees, drmModeGetLease and drmModeRevokeLease, with libdrm
 * 2.4.114's ioctls and results (CreateLease: the lessee's fd or -errno;
 * the lists: NULL and errno; RevokeLease: 0 or -errno).
 *
 * Lifetimes: the fd CreateLease returns is the caller's (close(2)); the
 * lease ends when the lessor revokes it or every fd of the lessee is
 * closed. The lists are single blocks the caller frees with drmFree() (or
 * free()). Their count is the one the kernel reported first; the kernel
 * fills at most that many ids, so a list that grew in between is
 * truncated and one that shrank ends in zeroes, as with libdrm.
 *
 * Calls: drmIoctl() through the helpers of xf86drm_mode_priv.h only.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <drm.h>

#include "libdrm_macros.h"
#include "xf86drmMode.h"
#include "xf86drm_mode_priv.h"

drm_public int drmModeCreateLease(int fd, const uint32_t *objects, int num_objects, int flags,
				  uint32_t *lessee_id)
{
	struct drm_mode_create_lease create;
	int ret;

	/* Checked first: the lease would exist with nobody told its id. */
	if (!lessee_id)
		return -EINVAL;
	memclear(create);
	create.object_ids = DRM_U64(objects);
	create.object_count = (uint32_t)num_objects;
	create.flags = (uint32_t)flags;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_MODE_CREATE_LEASE, &create);
	if (ret)
		return ret;
	*lessee_id = create.lessee_id;
	return (int)create.fd;
}

drm_public drmModeLesseeListPtr drmModeListLessees(int fd)
{
	struct drm_mode_list_lessees list;
	drmModeLesseeListPtr r;
	uint32_t count;

	memclear(list);
	if (drmIoctl(fd, DRM_IOCTL_MODE_LIST_LESSEES, &list))
		return NULL;
	count = list.count_lessees;
	if (count > MODE_MAX_COUNT) {
		errno = ENOMEM;
		return NULL;
	}
	r = calloc(1, sizeof(*r) + (size_t)count * sizeof(r->lessees[0]));
	if (!r)
		return NULL;
	list.lessees_ptr = DRM_U64(r->lessees);
	if (drmIoctl(fd, DRM_IOCTL_MODE_LIST_LESSEES, &list)) {
		free(r);
		return NULL;
	}
	r->count = count;
	return r;
}

drm_public drmModeObjectListPtr drmModeGetLease(int fd)
{
	struct drm_mode_get_lease get;
	drmModeObjectListPtr r;
	uint32_t count;

	memclear(get);
	if (drmIoctl(fd, DRM_IOCTL_MODE_GET_LEASE, &get))
		return NULL;
	count = get.count_objects;
	if (count > MODE_MAX_COUNT) {
		errno = ENOMEM;
		return NULL;
	}
	r = calloc(1, sizeof(*r) + (size_t)count * sizeof(r->objects[0]));
	if (!r)
		return NULL;
	get.objects_ptr = DRM_U64(r->objects);
	if (drmIoctl(fd, DRM_IOCTL_MODE_GET_LEASE, &get)) {
		free(r);
		return NULL;
	}
	r->count = count;
	return r;
}

drm_public int drmModeRevokeLease(int fd, uint32_t lessee_id)
{
	struct drm_mode_revoke_lease revoke;

	memclear(revoke);
	revoke.lessee_id = lessee_id;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_REVOKE_LEASE, &revoke);
}
