/* SPDX-License-Identifier: MIT */
/*
 * DOC: framebuffers (the kernel's drm_framebuffer.c)
 *
 * Owns struct shim_mode_fb: ADDFB, ADDFB2, RMFB, GETFB, GETFB2, DIRTYFB, and
 * what happens to a file's framebuffers when it is released; and which
 * rendering a commit that shows one must wait for (its objects' write fences:
 * implicit fencing, for drm_plane.c, drm_crtc.c and drm_atomic.c).
 *
 * Lifetime: a framebuffer is counted. Its id (with the file that made it,
 * fb->owner) holds one reference, each plane showing it one more; the last
 * put frees it, removes its id and drops the reference it held on each of
 * its GEM objects (one per plane of the format, taken by the driver's
 * fb_create). RMFB and the release of the owner turn off the planes that
 * show it first (the kernel's drm_framebuffer_remove), so the id goes at
 * once. Any file may look a framebuffer up by id (GETFB, SETCRTC); only its
 * owner may remove it.
 *
 * Device lock held, except in the _ioctl functions, which take it. Calls the
 * driver only through struct shim_driver, and the core's GEM handles.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <drm_fourcc.h>

#include "base/journal.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_drv.h"
#include "drm/drm_fourcc.h"
#include "drm/drm_gem.h"
#include "drm/drm_mode_config.h"

void shim_mode_fb_get(struct shim_device *dev, shim_off off)
{
	struct shim_mode_fb *fb = shim_ptr(off);
	SHIM_INC(fb->refcount);
}

void shim_mode_fb_put(struct shim_device *dev, shim_off off)
{
	struct shim_mode_fb *fb = shim_ptr(off);
	if (SHIM_DEC(fb->refcount))
		return;
	struct shim_mode_config *mc = shim_ptr(dev->shared->mode_config);
	shim_idr_remove(&mc->ids, fb->id);
	for (uint32_t i = 0; i < fb->nplanes; i++)
		if (fb->obj[i])
			shim_gem_object_put(dev, fb->obj[i]);
	SHIM_DEC(mc->nfbs);
	shim_free(&dev->shared->arena, off, sizeof(*fb));
}

uint32_t shim_mode_fb_write_fences(const struct shim_mode_fb *fb, shim_off *fences, uint32_t n)
{
	for (uint32_t i = 0; i < fb->nplanes && i < 4; i++) {
		bool seen = false;
		for (uint32_t j = 0; j < i; j++)
			seen |= fb->obj[j] == fb->obj[i];
		const struct shim_gem_object *obj = shim_ptr(fb->obj[i]);
		if (seen || !obj || !obj->write_fence || shim_fence_is_signalled(shim_ptr(obj->write_fence)))
			continue;
		fences[n++] = obj->write_fence;
	}
	return n;
}

void shim_mode_plane_disable(struct shim_device *dev, struct shim_mode_config *mc, struct shim_mode_plane *p)
{
	shim_off fb = p->fb;
	SHIM_SET(p->fb, 0);
	SHIM_SET(p->crtc, 0);
	SHIM_SET(p->crtc_x, 0);
	SHIM_SET(p->crtc_y, 0);
	SHIM_SET(p->crtc_w, 0);
	SHIM_SET(p->crtc_h, 0);
	SHIM_SET(p->src_x, 0);
	SHIM_SET(p->src_y, 0);
	SHIM_SET(p->src_w, 0);
	SHIM_SET(p->src_h, 0);
	if (fb)
		shim_mode_fb_put(dev, fb);
}

/*
 * drm_framebuffer_remove: every plane that shows fb goes off. The kernel first
 * tries to turn off the planes alone and turns the CRTC off too only when the
 * driver refuses an active CRTC without its primary plane; i915 accepts that,
 * so the CRTC stays on, scanning out nothing (KF12).
 */
static void fb_remove(struct shim_device *dev, struct shim_mode_config *mc, shim_off fb)
{
	for (uint32_t i = 0; i < mc->nplanes; i++)
		if (mc->planes[i].fb == fb)
			shim_mode_plane_disable(dev, mc, &mc->planes[i]);
	shim_mode_fb_put(dev, fb);
}

void shim_mode_file_release(struct shim_device *dev, struct shim_file *file)
{
	struct shim_mode_config *mc = shim_ptr(dev->shared->mode_config);
	if (!mc)
		return;
	uint32_t slot = file - dev->shared->files;
	shim_events_file_release(dev, mc, slot);	/* drm_events_release */
	shim_mode_blobs_file_release(dev, mc, slot, file->generation);	/* drm_property_destroy_user_blobs */
	if (!mc->nfbs)
		return;
	for (uint32_t id = shim_idr_next(&mc->ids, 1); id; id = shim_idr_next(&mc->ids, id + 1)) {
		uint64_t v = shim_idr_find(&mc->ids, id);
		if (shim_mode_entry_type(v) != SHIM_MODE_FB)
			continue;
		const struct shim_mode_fb *fb = shim_ptr(shim_mode_entry_off(v));
		if (fb->owner == slot && fb->owner_generation == file->generation)
			fb_remove(dev, mc, shim_mode_entry_off(v));
	}
}

/* KF1–KF5: framebuffer_check, the core's checks of ADDFB2 before the driver's. */
static int framebuffer_check(const struct drm_mode_fb_cmd2 *r, const struct shim_format_info **infop)
{
	const struct shim_format_info *info = shim_format_info(r->pixel_format);
	if (!info || !r->width || !r->height)
		return -EINVAL;	/* KF3: no format, or an empty framebuffer */
	for (unsigned i = 0; i < info->num_planes; i++) {
		uint32_t width = i ? (r->width + info->hsub - 1) / info->hsub : r->width;
		uint32_t height = i ? (r->height + info->vsub - 1) / info->vsub : r->height;
		uint64_t min_pitch = (uint64_t)width * info->cpp[i];
		if (!r->handles[i])
			return -EINVAL;
		if (min_pitch > UINT32_MAX)
			return -ERANGE;
		if ((uint64_t)height * r->pitches[i] + r->offsets[i] > UINT32_MAX)
			return -ERANGE;
		if (r->pitches[i] < min_pitch)
			return -EINVAL;
		if (r->modifier[i] && !(r->flags & DRM_MODE_FB_MODIFIERS))
			return -EINVAL;
		if ((r->flags & DRM_MODE_FB_MODIFIERS) && r->modifier[i] != r->modifier[0])
			return -EINVAL;
	}
	for (unsigned i = info->num_planes; i < 4; i++) {
		if (r->modifier[i])
			return -EINVAL;
		if (!(r->flags & DRM_MODE_FB_MODIFIERS))
			continue;	/* pre-modifier user space left the rest uncleared */
		if (r->handles[i] || r->pitches[i] || r->offsets[i])
			return -EINVAL;
	}
	*infop = info;
	return 0;
}

/* drm_internal_framebuffer_create, for ADDFB/ADDFB2 and the cursor (drm_plane.c). */
int shim_mode_fb_create(struct shim_call *call, struct shim_mode_config *mc, struct drm_mode_fb_cmd2 *r,
			bool internal, shim_off *out)
{
	struct shim_device *dev = call->dev;
	const struct shim_format_info *info = NULL;
	if (r->flags & ~(DRM_MODE_FB_INTERLACED | DRM_MODE_FB_MODIFIERS) ||
	    r->width < mc->min_width || r->width > mc->max_width ||
	    r->height < mc->min_height || r->height > mc->max_height)
		return -EINVAL;
	int ret = framebuffer_check(r, &info);
	if (ret)
		return ret;
	if (!shim_drv->fb_create)
		return -ENOSYS;
	shim_off off = shim_alloc(&dev->shared->arena, sizeof(struct shim_mode_fb));
	if (!off)
		return -ENOMEM;
	struct shim_mode_fb *fb = shim_ptr(off);	/* fresh: filled without notes */
	fb->refcount = 1;
	fb->owner = internal ? SHIM_FB_INTERNAL : call->slot;
	fb->owner_generation = internal ? 0 : call->file->generation;
	fb->width = r->width;
	fb->height = r->height;
	fb->format = r->pixel_format;
	fb->flags = r->flags;
	fb->nplanes = info->num_planes;
	fb->modifier = r->modifier[0];
	for (unsigned i = 0; i < info->num_planes; i++) {
		fb->handles[i] = r->handles[i];
		fb->pitches[i] = r->pitches[i];
		fb->offsets[i] = r->offsets[i];
	}
	ret = shim_drv->fb_create(dev, call->file, fb);
	if (!ret) {
		fb->id = shim_mode_object_add(dev, off, SHIM_MODE_FB);
		if (!fb->id)
			ret = -ENOMEM;
	}
	if (ret) {
		for (unsigned i = 0; i < 4; i++)
			if (fb->obj[i])
				shim_gem_object_put(dev, fb->obj[i]);
		shim_free(&dev->shared->arena, off, sizeof(*fb));
		return ret;
	}
	SHIM_INC(mc->nfbs);
	r->fb_id = fb->id;
	*out = off;
	return 0;
}

static int addfb2(struct shim_call *call, struct drm_mode_fb_cmd2 *r)
{
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off;
	ret = shim_mode_fb_create(call, mc, r, false, &off);
	shim_device_unlock(call->dev);
	return ret;
}

int shim_mode_addfb2_ioctl(struct shim_call *call, void *data)
{
	return addfb2(call, data);
}

/* KF6: drm_mode_addfb: bpp/depth name a format (drm_mode_legacy_fb_format), else EINVAL. */
int shim_mode_addfb_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_fb_cmd *or = data;
	struct drm_mode_fb_cmd2 r;
	memset(&r, 0, sizeof(r));
	r.pixel_format = shim_legacy_fb_format(or->bpp, or->depth);
	if (!r.pixel_format)
		return -EINVAL;
	r.fb_id = or->fb_id;
	r.width = or->width;
	r.height = or->height;
	r.pitches[0] = or->pitch;
	r.handles[0] = or->handle;
	int ret = addfb2(call, &r);
	or->fb_id = r.fb_id;
	return ret;
}

/* KF7–KF8: drm_mode_rmfb. Another file's framebuffer is ENOENT, as an unknown id. */
int shim_mode_rmfb_ioctl(struct shim_call *call, void *data)
{
	uint32_t *fb_id = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_find(mc, *fb_id, SHIM_MODE_FB);
	const struct shim_mode_fb *fb = shim_ptr(off);
	if (!fb || fb->owner != call->slot || fb->owner_generation != call->file->generation)
		ret = -ENOENT;
	else
		fb_remove(call->dev, mc, off);
	shim_device_unlock(call->dev);
	return ret;
}

/* GETFB's and GETFB2's handles: only for the master or CAP_SYS_ADMIN (KF9), else 0. */
static bool may_get_handles(struct shim_call *call)
{
	return shim_is_current_master(call->dev, call->file) || shim_capable_sys_admin();
}

/* KF9–KF10: drm_mode_getfb. Multi-planar framebuffers need GETFB2 (EINVAL). */
int shim_mode_getfb_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_fb_cmd *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	const struct shim_mode_fb *fb = shim_ptr(shim_mode_object_find(mc, r->fb_id, SHIM_MODE_FB));
	if (!fb) {
		ret = -ENOENT;
		goto out;
	}
	if (fb->nplanes > 1) {
		ret = -EINVAL;
		goto out;
	}
	const struct shim_format_info *info = shim_format_info(fb->format);
	r->height = fb->height;
	r->width = fb->width;
	r->depth = info->depth;
	r->bpp = info->cpp[0] * 8;
	r->pitch = fb->pitches[0];
	r->handle = 0;
	if (may_get_handles(call))
		ret = shim_gem_handle_create(call->dev, call->file, fb->obj[0], &r->handle);
out:
	shim_device_unlock(call->dev);
	return ret;
}

/* KF9, KF11: drm_mode_getfb2_ioctl. One handle per distinct object. */
int shim_mode_getfb2_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_fb_cmd2 *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	const struct shim_mode_fb *fb = shim_ptr(shim_mode_object_find(mc, r->fb_id, SHIM_MODE_FB));
	if (!fb) {
		ret = -ENOENT;
		goto out;
	}
	r->width = fb->width;
	r->height = fb->height;
	r->pixel_format = fb->format;
	r->flags = fb->flags;
	memset(r->handles, 0, sizeof(r->handles));
	memset(r->pitches, 0, sizeof(r->pitches));
	memset(r->offsets, 0, sizeof(r->offsets));
	memset(r->modifier, 0, sizeof(r->modifier));
	bool handles = may_get_handles(call);
	for (uint32_t i = 0; i < fb->nplanes && !ret; i++) {
		r->pitches[i] = fb->pitches[i];
		r->offsets[i] = fb->offsets[i];
		if (fb->flags & DRM_MODE_FB_MODIFIERS)
			r->modifier[i] = fb->modifier;
		if (!handles)
			continue;
		uint32_t j;
		for (j = 0; j < i && fb->obj[j] != fb->obj[i]; j++)
			;
		if (j < i)
			r->handles[i] = r->handles[j];
		else
			ret = shim_gem_handle_create(call->dev, call->file, fb->obj[i], &r->handles[i]);
	}
out:
	shim_device_unlock(call->dev);
	return ret;
}

/* KF13: drm_mode_dirtyfb_ioctl, then the driver's dirty (i915 flushes its frontbuffer: 0). */
int shim_mode_dirtyfb_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_fb_dirty_cmd *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_find(mc, r->fb_id, SHIM_MODE_FB);
	shim_device_unlock(call->dev);
	if (!off)
		return -ENOENT;
	if (!r->num_clips != !r->clips_ptr)
		return -EINVAL;
	uint32_t flags = r->flags & DRM_MODE_FB_DIRTY_FLAGS;
	if ((flags & DRM_MODE_FB_DIRTY_ANNOTATE_COPY) && (r->num_clips % 2))
		return -EINVAL;
	if (r->num_clips && r->clips_ptr) {
		if (r->num_clips > DRM_MODE_FB_DIRTY_MAX_CLIPS)
			return -EINVAL;
		struct drm_clip_rect clip;
		for (uint32_t i = 0; i < r->num_clips; i++)
			if (shim_copy_from_user(&clip, r->clips_ptr + i * sizeof(clip), sizeof(clip)))
				return -EFAULT;
	}
	return 0;
}
