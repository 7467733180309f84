/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_mode_plane.c - planes in libdrm.so.2: drmModeGetPlaneResources,
 * drmModeGetPlane, drmModeSetPlane and the two Free functions, with
 * libdrm 2.4.114's behaviour: the list queries ask the kernel twice (the
 * count, then the ids) and start again from the first call when the count
 * grew in between; SetPlane returns 0 or -errno.
 *
 * Lifetimes: drmModePlaneRes and drmModePlane (and their arrays) are the
 * caller's, freed with drmModeFreePlaneResources / drmModeFreePlane, both
 * of which accept NULL.
 *
 * Calls: drmIoctl() and the helpers of xf86drm_mode_priv.h only.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <drm.h>

#include "libdrm_macros.h"
#include "xf86drmMode.h"
#include "xf86drm_mode_priv.h"

drm_public void drmModeFreePlane(drmModePlanePtr ptr)
{
	if (!ptr)
		return;
	free(ptr->formats);
	free(ptr);
}

drm_public void drmModeFreePlaneResources(drmModePlaneResPtr ptr)
{
	if (!ptr)
		return;
	free(ptr->planes);
	free(ptr);
}

/* Only primary and cursor planes are listed until the client sets DRM_CLIENT_CAP_UNIVERSAL_PLANES. */
drm_public drmModePlaneResPtr drmModeGetPlaneResources(int fd)
{
	struct drm_mode_get_plane_res res;
	uint32_t count;
	drmModePlaneResPtr r = NULL;
	int fail = 0;

	for (int round = 0;; round++) {
		void *ids;

		if (round == MODE_MAX_RETRIES) {
			errno = EAGAIN;
			return NULL;
		}
		memclear(res);
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &res))
			return NULL;
		count = res.count_planes;
		if (count) {
			if (!(ids = mode_array(count, sizeof(uint32_t))))
				return NULL;
			res.plane_id_ptr = DRM_U64(ids);
		}
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETPLANERESOURCES, &res))
			goto out;
		if (res.count_planes <= count)
			break;
		free(DRM_PTR(res.plane_id_ptr));
	}

	r = calloc(1, sizeof(*r));
	if (!r)
		goto out;
	r->count_planes = res.count_planes;
	r->planes = mode_copy(DRM_PTR(res.plane_id_ptr), res.count_planes, sizeof(uint32_t), &fail);
	if (fail) {
		drmModeFreePlaneResources(r);
		r = NULL;
		errno = ENOMEM;
	}
out:
	free(DRM_PTR(res.plane_id_ptr));
	return r;
}

/* crtc_x, crtc_y, x and y are not reported by the kernel and stay 0. */
drm_public drmModePlanePtr drmModeGetPlane(int fd, uint32_t plane_id)
{
	struct drm_mode_get_plane plane;
	uint32_t count;
	drmModePlanePtr r = NULL;
	int fail = 0;

	for (int round = 0;; round++) {
		void *formats;

		if (round == MODE_MAX_RETRIES) {
			errno = EAGAIN;
			return NULL;
		}
		memclear(plane);
		plane.plane_id = plane_id;
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETPLANE, &plane))
			return NULL;
		count = plane.count_format_types;
		if (count) {
			if (!(formats = mode_array(count, sizeof(uint32_t))))
				return NULL;
			plane.format_type_ptr = DRM_U64(formats);
		}
		if (drmIoctl(fd, DRM_IOCTL_MODE_GETPLANE, &plane))
			goto out;
		if (plane.count_format_types <= count)
			break;
		free(DRM_PTR(plane.format_type_ptr));
	}

	r = calloc(1, sizeof(*r));
	if (!r)
		goto out;
	r->count_formats = plane.count_format_types;
	r->plane_id = plane.plane_id;
	r->crtc_id = plane.crtc_id;
	r->fb_id = plane.fb_id;
	r->possible_crtcs = plane.possible_crtcs;
	r->gamma_size = plane.gamma_size;
	r->formats = mode_copy(DRM_PTR(plane.format_type_ptr), plane.count_format_types,
			       sizeof(uint32_t), &fail);
	if (fail) {
		drmModeFreePlane(r);
		r = NULL;
		errno = ENOMEM;
	}
out:
	free(DRM_PTR(plane.format_type_ptr));
	return r;
}

/* Source coordinates are 16.16 fixed point; fb_id 0 disables the plane. */
drm_public int drmModeSetPlane(int fd, uint32_t plane_id, uint32_t crtc_id,
			       uint32_t fb_id, uint32_t flags,
			       int32_t crtc_x, int32_t crtc_y,
			       uint32_t crtc_w, uint32_t crtc_h,
			       uint32_t src_x, uint32_t src_y,
			       uint32_t src_w, uint32_t src_h)
{
	struct drm_mode_set_plane s;

	memclear(s);
	s.plane_id = plane_id;
	s.crtc_id = crtc_id;
	s.fb_id = fb_id;
	s.flags = flags;
	s.crtc_x = crtc_x;
	s.crtc_y = crtc_y;
	s.crtc_w = crtc_w;
	s.crtc_h = crtc_h;
	s.src_x = src_x;
	s.src_y = src_y;
	s.src_w = src_w;
	s.src_h = src_h;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_SETPLANE, &s);
}
