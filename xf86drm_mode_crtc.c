/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_mode_crtc.c - driving CRTCs with the legacy KMS ioctls in
 * libdrm.so.2: drmModeSetCrtc, the cursor (SetCursor, SetCursor2,
 * MoveCursor), the gamma ramp (CrtcSetGamma, CrtcGetGamma) and page flips
 * (PageFlip, PageFlipTarget). Each is one ioctl with libdrm 2.4.114's
 * argument layout and its result as 0 or -errno.
 *
 * Lifetimes: nothing is allocated. Arrays the caller passes (connector
 * ids, gamma ramps) are read or written by the kernel during the call
 * only; the user_data of a flip comes back in the DRM event read from fd.
 *
 * Calls: drmIoctl() through drm_ioctl_errno() only.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <drm.h>

#include "libdrm_macros.h"
#include "xf86drmMode.h"
#include "xf86drm_mode_priv.h"

/* A NULL mode switches the CRTC off (mode_valid 0). */
drm_public int drmModeSetCrtc(int fd, uint32_t crtcId, uint32_t bufferId,
			      uint32_t x, uint32_t y, uint32_t *connectors, int count,
			      drmModeModeInfoPtr mode)
{
	struct drm_mode_crtc crtc;

	memclear(crtc);
	crtc.crtc_id = crtcId;
	crtc.fb_id = bufferId;
	crtc.x = x;
	crtc.y = y;
	crtc.set_connectors_ptr = DRM_U64(connectors);
	crtc.count_connectors = (uint32_t)count;
	if (mode) {
		memcpy(&crtc.mode, mode, sizeof(crtc.mode));
		crtc.mode_valid = 1;
	}
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_SETCRTC, &crtc);
}

/* Handle 0 hides the cursor. */
drm_public int drmModeSetCursor(int fd, uint32_t crtcId, uint32_t bo_handle,
				uint32_t width, uint32_t height)
{
	struct drm_mode_cursor arg;

	memclear(arg);
	arg.flags = DRM_MODE_CURSOR_BO;
	arg.crtc_id = crtcId;
	arg.width = width;
	arg.height = height;
	arg.handle = bo_handle;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_CURSOR, &arg);
}

drm_public int drmModeSetCursor2(int fd, uint32_t crtcId, uint32_t bo_handle,
				 uint32_t width, uint32_t height, int32_t hot_x, int32_t hot_y)
{
	struct drm_mode_cursor2 arg;

	memclear(arg);
	arg.flags = DRM_MODE_CURSOR_BO;
	arg.crtc_id = crtcId;
	arg.width = width;
	arg.height = height;
	arg.handle = bo_handle;
	arg.hot_x = hot_x;
	arg.hot_y = hot_y;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_CURSOR2, &arg);
}

drm_public int drmModeMoveCursor(int fd, uint32_t crtcId, int x, int y)
{
	struct drm_mode_cursor arg;

	memclear(arg);
	arg.flags = DRM_MODE_CURSOR_MOVE;
	arg.crtc_id = crtcId;
	arg.x = x;
	arg.y = y;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_CURSOR, &arg);
}

static int crtc_lut(int fd, unsigned long request, uint32_t crtc_id, uint32_t size,
		    uint16_t *red, uint16_t *green, uint16_t *blue)
{
	struct drm_mode_crtc_lut lut;

	memclear(lut);
	lut.crtc_id = crtc_id;
	lut.gamma_size = size;
	lut.red = DRM_U64(red);
	lut.green = DRM_U64(green);
	lut.blue = DRM_U64(blue);
	return drm_ioctl_errno(fd, request, &lut);
}

drm_public int drmModeCrtcSetGamma(int fd, uint32_t crtc_id, uint32_t size,
				   uint16_t *red, uint16_t *green, uint16_t *blue)
{
	return crtc_lut(fd, DRM_IOCTL_MODE_SETGAMMA, crtc_id, size, red, green, blue);
}

drm_public int drmModeCrtcGetGamma(int fd, uint32_t crtc_id, uint32_t size,
				   uint16_t *red, uint16_t *green, uint16_t *blue)
{
	return crtc_lut(fd, DRM_IOCTL_MODE_GETGAMMA, crtc_id, size, red, green, blue);
}

drm_public int drmModePageFlip(int fd, uint32_t crtc_id, uint32_t fb_id,
			       uint32_t flags, void *user_data)
{
	struct drm_mode_crtc_page_flip flip;

	memclear(flip);
	flip.crtc_id = crtc_id;
	flip.fb_id = fb_id;
	flip.flags = flags;
	flip.user_data = DRM_U64(user_data);
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_PAGE_FLIP, &flip);
}

/*
 * The flags go to the kernel as given: the caller chooses
 * DRM_MODE_PAGE_FLIP_TARGET_ABSOLUTE or _RELATIVE for target_vblank to
 * mean anything (without either the kernel wants it 0).
 */
drm_public int drmModePageFlipTarget(int fd, uint32_t crtc_id, uint32_t fb_id,
				     uint32_t flags, void *user_data, uint32_t target_vblank)
{
	struct drm_mode_crtc_page_flip_target flip;

	memclear(flip);
	flip.crtc_id = crtc_id;
	flip.fb_id = fb_id;
	flip.flags = flags;
	flip.user_data = DRM_U64(user_data);
	flip.sequence = target_vblank;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_PAGE_FLIP, &flip);
}
