/* SPDX-License-Identifier: MIT */
/*
 * xf86drm_mode_fb.c - framebuffers and dumb buffers in libdrm.so.2:
 * drmModeAddFB, AddFB2, AddFB2WithModifiers, RmFB, DirtyFB, GetFB, GetFB2
 * and their Free functions; drmModeCreateDumbBuffer, MapDumbBuffer and
 * DestroyDumbBuffer. Behaviour is libdrm 2.4.114's: one ioctl each, 0 or
 * -errno (the Get functions: NULL and errno); outputs are written only on
 * success. Where libdrm would write through or read from a NULL pointer
 * we return -EINVAL before any ioctl, so nothing is created that the
 * caller could not name.
 *
 * Lifetimes: drmModeFB/drmModeFB2 are the caller's, freed with
 * drmModeFreeFB/drmModeFreeFB2 (NULL accepted). A framebuffer id lives
 * until RmFB or until the open file is closed; a handle in a drmModeFB is
 * a new GEM handle the caller must close. Dumb buffer handles are GEM
 * handles (DestroyDumbBuffer or drmCloseBufferHandle); the map offset is
 * for mmap(2) on fd.
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

drm_public void drmModeFreeFB(drmModeFBPtr ptr)
{
	free(ptr);
}

drm_public void drmModeFreeFB2(drmModeFB2Ptr ptr)
{
	free(ptr);
}

drm_public int drmModeAddFB(int fd, uint32_t width, uint32_t height, uint8_t depth,
			    uint8_t bpp, uint32_t pitch, uint32_t bo_handle, uint32_t *buf_id)
{
	struct drm_mode_fb_cmd f;
	int ret;

	if (!buf_id)
		return -EINVAL;
	memclear(f);
	f.width = width;
	f.height = height;
	f.pitch = pitch;
	f.bpp = bpp;
	f.depth = depth;
	f.handle = bo_handle;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_MODE_ADDFB, &f);
	if (ret)
		return ret;
	*buf_id = f.fb_id;
	return 0;
}

/*
 * modifier[] (optional) is copied into the request, but the flags go to
 * the kernel exactly as given: as with libdrm 2.4.114, the caller must set
 * DRM_MODE_FB_MODIFIERS itself for the kernel to look at the modifiers
 * (without it they are ignored; with it and no array, they are 0, linear).
 */
drm_public int drmModeAddFB2WithModifiers(int fd, uint32_t width, uint32_t height,
					  uint32_t pixel_format, const uint32_t bo_handles[4],
					  const uint32_t pitches[4], const uint32_t offsets[4],
					  const uint64_t modifier[4], uint32_t *buf_id,
					  uint32_t flags)
{
	struct drm_mode_fb_cmd2 f;
	int ret;

	if (!bo_handles || !pitches || !offsets || !buf_id)
		return -EINVAL;
	memclear(f);
	f.width = width;
	f.height = height;
	f.pixel_format = pixel_format;
	f.flags = flags;
	memcpy(f.handles, bo_handles, sizeof(f.handles));
	memcpy(f.pitches, pitches, sizeof(f.pitches));
	memcpy(f.offsets, offsets, sizeof(f.offsets));
	if (modifier)
		memcpy(f.modifier, modifier, sizeof(f.modifier));
	ret = drm_ioctl_errno(fd, DRM_IOCTL_MODE_ADDFB2, &f);
	if (ret)
		return ret;
	*buf_id = f.fb_id;
	return 0;
}

drm_public int drmModeAddFB2(int fd, uint32_t width, uint32_t height,
			     uint32_t pixel_format, const uint32_t bo_handles[4],
			     const uint32_t pitches[4], const uint32_t offsets[4],
			     uint32_t *buf_id, uint32_t flags)
{
	return drmModeAddFB2WithModifiers(fd, width, height, pixel_format, bo_handles,
					  pitches, offsets, NULL, buf_id, flags);
}

drm_public int drmModeRmFB(int fd, uint32_t bufferId)
{
	/* The ioctl's argument is the bare id. */
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_RMFB, &bufferId);
}

drm_public int drmModeDirtyFB(int fd, uint32_t bufferId, drmModeClipPtr clips, uint32_t num_clips)
{
	struct drm_mode_fb_dirty_cmd dirty;

	memclear(dirty);
	dirty.fb_id = bufferId;
	dirty.clips_ptr = DRM_U64(clips);
	dirty.num_clips = num_clips;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_DIRTYFB, &dirty);
}

drm_public drmModeFBPtr drmModeGetFB(int fd, uint32_t bufferId)
{
	struct drm_mode_fb_cmd info;
	drmModeFBPtr r;

	memclear(info);
	info.fb_id = bufferId;
	if (drmIoctl(fd, DRM_IOCTL_MODE_GETFB, &info))
		return NULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->fb_id = info.fb_id;
	r->width = info.width;
	r->height = info.height;
	r->pitch = info.pitch;
	r->bpp = info.bpp;
	r->depth = info.depth;
	r->handle = info.handle;
	return r;
}

drm_public drmModeFB2Ptr drmModeGetFB2(int fd, uint32_t bufferId)
{
	struct drm_mode_fb_cmd2 get;
	drmModeFB2Ptr r;

	memclear(get);
	get.fb_id = bufferId;
	if (drmIoctl(fd, DRM_IOCTL_MODE_GETFB2, &get))
		return NULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->fb_id = get.fb_id;
	r->width = get.width;
	r->height = get.height;
	r->pixel_format = get.pixel_format;
	r->flags = get.flags;
	/* One modifier for all planes: the API keeps the first. */
	r->modifier = get.modifier[0];
	memcpy(r->handles, get.handles, sizeof(r->handles));
	memcpy(r->pitches, get.pitches, sizeof(r->pitches));
	memcpy(r->offsets, get.offsets, sizeof(r->offsets));
	return r;
}

/* ------------------------------------------------------------------ */
/* dumb buffers                                                        */
/* ------------------------------------------------------------------ */

drm_public int drmModeCreateDumbBuffer(int fd, uint32_t width, uint32_t height, uint32_t bpp,
				       uint32_t flags, uint32_t *handle, uint32_t *pitch,
				       uint64_t *size)
{
	struct drm_mode_create_dumb create;
	int ret;

	if (!handle || !pitch || !size)
		return -EINVAL;
	memclear(create);
	create.width = width;
	create.height = height;
	create.bpp = bpp;
	create.flags = flags;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_MODE_CREATE_DUMB, &create);
	if (ret)
		return ret;
	*handle = create.handle;
	*pitch = create.pitch;
	*size = create.size;
	return 0;
}

drm_public int drmModeDestroyDumbBuffer(int fd, uint32_t handle)
{
	struct drm_mode_destroy_dumb destroy;

	memclear(destroy);
	destroy.handle = handle;
	return drm_ioctl_errno(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy);
}

drm_public int drmModeMapDumbBuffer(int fd, uint32_t handle, uint64_t *offset)
{
	struct drm_mode_map_dumb map;
	int ret;

	if (!offset)
		return -EINVAL;
	memclear(map);
	map.handle = handle;
	ret = drm_ioctl_errno(fd, DRM_IOCTL_MODE_MAP_DUMB, &map);
	if (ret)
		return ret;
	*offset = map.offset;
	return 0;
}
