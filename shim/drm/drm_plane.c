/* SPDX-License-Identifier: MIT */
/*
 * DOC: planes (the kernel's drm_plane.c)
 *
 * GETPLANE (GETPLANERESOURCES is with GETRESOURCES in drm_mode_config.c),
 * SETPLANE (a one-plane commit of drm_atomic.c, as the kernel's
 * drm_atomic_helper_update_plane) and PAGE_FLIP. Planes are made by the driver and live in the config as
 * long as the instance; a plane that shows a framebuffer holds a reference
 * on it (drm_framebuffer.c drops it when the plane goes off). A page flip
 * puts the new framebuffer on the primary plane at once (as the atomic
 * helper's state swap does: GETCRTC reports it) and is pending until the
 * CRTC's next vblank, when its event, if asked for, fires (drm_event.c).
 * A flip to a framebuffer whose objects are still being rendered to waits
 * for that rendering first (implicit fencing, as i915's prepare_fb: the
 * commit waits for the objects' write fences), so it completes at the first
 * vblank after the rendering is done, and its scanout picture is taken then.
 * CURSOR and CURSOR2 (at the end of the file) put the user's BO on the
 * CRTC's cursor plane as the kernel's universal-plane path does: through a
 * framebuffer no file owns, which goes when the plane lets go of it.
 * Takes the device lock; calls the driver through struct shim_driver
 * (fb_create, cursor_check, crtc_updated).
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <drm_fourcc.h>

#include "base/instance.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_atomic.h"
#include "drm/drm_drv.h"
#include "drm/drm_fourcc.h"
#include "drm/drm_lease.h"
#include "drm/drm_vblank.h"
#include "drm/drm_mode_config.h"

/* KP2–KP4, LS5: drm_mode_getplane. The formats all or nothing: only when the user's count
 * holds them all. Primary and cursor planes answer without UNIVERSAL_PLANES too. */
int shim_mode_getplane_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_get_plane *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_lookup(call->file, mc, r->plane_id, SHIM_MODE_PLANE);
	if (!off) {
		shim_device_unlock(call->dev);
		return -ENOENT;
	}
	const struct shim_mode_plane *p = shim_ptr(off);
	const struct shim_mode_fb *fb = shim_ptr(p->fb);
	/* LS5: a lessee is told of the CRTC only if it holds it, and of its own CRTC list's bits. */
	r->crtc_id = p->crtc && shim_lease_held(call->file, mc->crtcs[p->crtc - 1].id) ? mc->crtcs[p->crtc - 1].id : 0;
	r->fb_id = fb ? fb->id : 0;
	r->possible_crtcs = shim_lease_filter_crtcs(call->file, mc, 1u << p->pipe);
	r->gamma_size = 0;
	if (p->nformats && r->count_format_types >= p->nformats &&
	    shim_copy_to_user(r->format_type_ptr, p->formats, p->nformats * sizeof(uint32_t)))
		ret = -EFAULT;
	else
		r->count_format_types = p->nformats;
	shim_device_unlock(call->dev);
	return ret;
}

/* KA21: drm_mode_setplane. fb 0 turns the plane off (the CRTC is not looked up);
 * else the plane, fb and CRTC must exist, then __setplane_check's rules, then the whole
 * check of a blocking one-plane commit (drm_atomic_helper_update_plane). */
int shim_mode_setplane_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_set_plane *r = data;
	for (;;) {
		int ret = 0;
		struct shim_mode_config *mc = shim_mode_lock(call, &ret);
		if (!mc)
			return ret;
		const struct shim_mode_plane *p =
			shim_ptr(shim_mode_object_lookup(call->file, mc, r->plane_id, SHIM_MODE_PLANE));
		shim_off fb_off = 0;
		const struct shim_mode_crtc *c = NULL;
		if (!p) {
			ret = -ENOENT;
		} else if (r->fb_id) {
			fb_off = shim_mode_object_find(mc, r->fb_id, SHIM_MODE_FB);
			c = shim_ptr(shim_mode_object_lookup(call->file, mc, r->crtc_id, SHIM_MODE_CRTC));
			if (!fb_off || !c)
				ret = -ENOENT;
		}
		if (!ret && fb_off) {
			const struct shim_mode_fb *fb = shim_ptr(fb_off);
			uint64_t fw = (uint64_t)fb->width << 16, fh = (uint64_t)fb->height << 16;
			if (p->pipe != c->index)
				ret = -EINVAL;	/* possible_crtcs */
			else if (!shim_plane_has_format(p, fb->format, fb->modifier))
				ret = -EINVAL;
			else if (r->crtc_w > INT32_MAX || r->crtc_x > INT32_MAX - (int32_t)r->crtc_w ||
				 r->crtc_h > INT32_MAX || r->crtc_y > INT32_MAX - (int32_t)r->crtc_h)
				ret = -ERANGE;
			else if (r->src_w > fw || r->src_x > fw - r->src_w || r->src_h > fh || r->src_y > fh - r->src_h)
				ret = -ENOSPC;	/* drm_framebuffer_check_src_coords */
		}
		if (ret) {
			shim_device_unlock(call->dev);
			return ret;
		}
		struct shim_atomic_state st;
		shim_atomic_state_init(&st, mc, true);
		struct shim_atomic_plane *a = shim_atomic_get_plane(&st, p->index);
		shim_atomic_set_plane_crtc(&st, p->index, c ? c->index + 1 : 0);
		a->s.fb = fb_off;
		if (fb_off) {
			a->s.crtc_x = r->crtc_x, a->s.crtc_y = r->crtc_y;
			a->s.crtc_w = r->crtc_w, a->s.crtc_h = r->crtc_h;
			a->s.src_x = r->src_x, a->s.src_y = r->src_y;
			a->s.src_w = r->src_w, a->s.src_h = r->src_h;
		} else {
			memset(&a->s, 0, sizeof(a->s));
		}
		ret = shim_atomic_commit_unlock(call, &st, 0, 0);
		if (ret != SHIM_COMMIT_RETRY)
			return ret;
	}
}

#define PAGE_FLIP_FLAGS (DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_PAGE_FLIP_ASYNC | \
			 DRM_MODE_PAGE_FLIP_TARGET_ABSOLUTE | DRM_MODE_PAGE_FLIP_TARGET_RELATIVE)

/* KL1–KL6, LS9: drm_mode_page_flip_ioctl, then the atomic helper's nonblocking commit. */
int shim_mode_page_flip_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_crtc_page_flip_target *r = data;
	if (r->flags & ~PAGE_FLIP_FLAGS)
		return -EINVAL;	/* KL1: unknown flags */
	if (r->sequence != 0 && !(r->flags & DRM_MODE_PAGE_FLIP_TARGET))
		return -EINVAL;	/* KL1: "reserved" (the target's place) not 0 without a target flag */
	if ((r->flags & DRM_MODE_PAGE_FLIP_ASYNC) && !call->dev->model->async_flip)
		return -EINVAL;
	if ((r->flags & DRM_MODE_PAGE_FLIP_TARGET) == DRM_MODE_PAGE_FLIP_TARGET)
		return -EINVAL;
	int ret = 0;
	bool kick = false;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	struct shim_device *dev = call->dev;
	struct shim_mode_crtc *c = shim_ptr(shim_mode_object_lookup(call->file, mc, r->crtc_id, SHIM_MODE_CRTC));
	if (!c) {
		ret = -ENOENT;
		goto out;
	}
	if (!shim_lease_held(call->file, mc->planes[c->primary].id)) {
		ret = -EACCES;	/* LS9: a lessee flips only with the CRTC's primary plane leased */
		goto out;
	}
	if (r->flags & DRM_MODE_PAGE_FLIP_TARGET) {
		ret = -EINVAL;	/* no CRTC of ours has page_flip_target (GET_CAP PAGE_FLIP_TARGET 0) */
		goto out;
	}
	struct shim_mode_plane *p = &mc->planes[c->primary];
	const struct shim_mode_fb *old = shim_ptr(p->fb);
	if (!old) {
		ret = -EBUSY;	/* KL2: nothing shown (a CRTC that is off, or its plane off) */
		goto out;
	}
	shim_off fb_off = shim_mode_object_find(mc, r->fb_id, SHIM_MODE_FB);
	const struct shim_mode_fb *fb = shim_ptr(fb_off);
	if (!fb) {
		ret = -ENOENT;
		goto out;
	}
	/* KL3: drm_framebuffer_check_src_coords against the plane's source. */
	uint64_t fw = (uint64_t)fb->width << 16, fh = (uint64_t)fb->height << 16;
	if (p->src_w > fw || p->src_x > fw - p->src_w || p->src_h > fh || p->src_y > fh - p->src_h) {
		ret = -ENOSPC;
		goto out;
	}
	if (old->format != fb->format) {
		ret = -EINVAL;	/* KL4: a flip may not change the format */
		goto out;
	}
	if ((r->flags & DRM_MODE_PAGE_FLIP_EVENT) && !c->enabled) {
		ret = -EINVAL;	/* KA13: an event from a CRTC that is inactive (DPMS off) */
		goto out;
	}
	shim_events_update(dev, mc);
	uint64_t now_seq = shim_vblank_count(c, shim_now_ns(), NULL);
	if (c->flip_target || c->commit_wait) {
		ret = -EBUSY;	/* KL5: the previous flip has not completed (its vblank has not come) */
		goto out;
	}
	/* KL9: implicit fencing: the rendering to the new framebuffer not done yet. */
	shim_off wait[4], in = 0;
	uint32_t nwait = shim_mode_fb_write_fences(fb, wait, 0);
	if (nwait && !(in = shim_fence_all_of(dev, wait, nwait))) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->flags & DRM_MODE_PAGE_FLIP_EVENT) {
		struct shim_event *e = shim_event_queue(dev, mc, call, DRM_EVENT_FLIP_COMPLETE, c->index,
							in ? 0 : now_seq + 1);
		if (!e) {
			if (in)
				shim_fence_put(dev, in);
			ret = -ENOMEM;
			goto out;
		}
		struct drm_event_vblank ev;
		memcpy(&ev, e->data, sizeof(ev));
		ev.user_data = r->user_data;
		memcpy(e->data, &ev, sizeof(ev));	/* fresh block */
		e->flip = in ? 2 : 1;	/* 2: its vblank is known once the rendering is done */
	}
	shim_mode_fb_get(dev, fb_off);
	shim_off prev = p->fb;
	SHIM_SET(p->fb, fb_off);
	shim_mode_fb_put(dev, prev);
	if (in) {
		/* drm_event.c resolves it when the fence signals: the target vblank, and then the
		 * driver hears of the new picture (it shows the finished rendering). */
		SHIM_SET(c->commit_wait, in);
		kick = true;
	} else {
		SHIM_SET(c->flip_target, now_seq + 1);
		shim_mode_crtc_updated(dev, mc, c);
	}
out:
	shim_device_unlock(dev);
	if (kick)	/* the vblank timer looks at the fence until it signals */
		shim_event_timer_kick(dev);
	return ret;
}

/* --- the legacy cursor (drm_mode_cursor_common, drm_mode_cursor_universal) ------------- */

static bool cursor_plane_has_format(const struct shim_mode_plane *p, uint32_t format, uint64_t modifier)
{
	for (uint32_t f = 0; f < p->nformats; f++) {
		if (p->formats[f] != format)
			continue;
		for (uint32_t m = 0; m < p->nmodifiers; m++)
			if (p->modifiers[m] == modifier && (p->mod_formats[m] >> f & 1))
				return true;
	}
	return false;
}

/*
 * KU1–KU8. The order of the kernel's checks: flags, the CRTC, then (BO) the framebuffer's
 * creation from the handle (the ADDFB2 checks, KF*), then __setplane_check (format,
 * ERANGE for a position whose far edge passes INT_MAX), then the driver's check of the
 * cursor plane. Nothing changes unless all pass.
 */
static int cursor_common(struct shim_call *call, const struct drm_mode_cursor2 *r)
{
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	struct shim_device *dev = call->dev;
	shim_off fb_off = 0;
	if (!r->flags || (r->flags & ~DRM_MODE_CURSOR_FLAGS)) {
		ret = -EINVAL;	/* KU1 */
		goto out;
	}
	struct shim_mode_crtc *c = shim_ptr(shim_mode_object_lookup(call->file, mc, r->crtc_id, SHIM_MODE_CRTC));
	if (!c) {
		ret = -ENOENT;	/* KU2 */
		goto out;
	}
	struct shim_mode_plane *p = &mc->planes[c->cursor];
	if (!shim_lease_held(call->file, p->id)) {
		ret = -EACCES;	/* LS9: a lessee needs the cursor plane too */
		goto out;
	}
	if (r->flags & DRM_MODE_CURSOR_BO) {
		if (r->handle) {	/* KU3: an ARGB8888 framebuffer of width x height, pitch width * 4 */
			struct drm_mode_fb_cmd2 f;
			memset(&f, 0, sizeof(f));
			f.width = r->width;
			f.height = r->height;
			f.pixel_format = DRM_FORMAT_ARGB8888;
			f.pitches[0] = r->width * 4;
			f.handles[0] = r->handle;
			ret = shim_mode_fb_create(call, mc, &f, true, &fb_off);
			if (ret)
				goto out;
		}
	} else if (p->fb) {	/* MOVE alone: the image shown now */
		fb_off = p->fb;
		shim_mode_fb_get(dev, fb_off);
	}
	int32_t x = (r->flags & DRM_MODE_CURSOR_MOVE) ? r->x : c->cursor_x;
	int32_t y = (r->flags & DRM_MODE_CURSOR_MOVE) ? r->y : c->cursor_y;
	const struct shim_mode_fb *fb = shim_ptr(fb_off);
	if (fb) {
		if (!cursor_plane_has_format(p, fb->format, fb->modifier)) {
			ret = -EINVAL;	/* KU4: drm_plane_check_pixel_format (e.g. an X-tiled BO) */
			goto out;
		}
		if (fb->width > INT32_MAX || x > INT32_MAX - (int32_t)fb->width ||
		    fb->height > INT32_MAX || y > INT32_MAX - (int32_t)fb->height) {
			ret = -ERANGE;	/* KU5 */
			goto out;
		}
		if (shim_drv->cursor_check && (ret = shim_drv->cursor_check(dev, mc, p, fb)))
			goto out;	/* KU6: the driver's sizes */
		shim_off old = p->fb;
		SHIM_SET(p->fb, fb_off);	/* the plane takes our reference */
		fb_off = 0;
		if (old)
			shim_mode_fb_put(dev, old);
		SHIM_SET(p->crtc, c->index + 1);
		SHIM_SET(p->crtc_x, x);
		SHIM_SET(p->crtc_y, y);
		SHIM_SET(p->crtc_w, fb->width);
		SHIM_SET(p->crtc_h, fb->height);
		SHIM_SET(p->src_x, 0);
		SHIM_SET(p->src_y, 0);
		SHIM_SET(p->src_w, fb->width << 16);
		SHIM_SET(p->src_h, fb->height << 16);
	} else if (p->fb) {
		shim_mode_plane_disable(dev, mc, p);	/* KU7: handle 0 turns the cursor off */
	}
	if (r->flags & DRM_MODE_CURSOR_MOVE) {	/* KU8: kept while the cursor is off */
		SHIM_SET(c->cursor_x, r->x);
		SHIM_SET(c->cursor_y, r->y);
	}
	if (r->flags & DRM_MODE_CURSOR_BO) {
		SHIM_SET(c->hot_x, r->handle ? r->hot_x : 0);
		SHIM_SET(c->hot_y, r->handle ? r->hot_y : 0);
	}
	shim_mode_crtc_updated(dev, mc, c);
out:
	if (fb_off)
		shim_mode_fb_put(dev, fb_off);	/* not taken: an internal one goes with it */
	shim_device_unlock(dev);
	return ret;
}

/* drm_mode_cursor_ioctl: CURSOR2 without a hotspot. */
int shim_mode_cursor_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_cursor2 r;
	memset(&r, 0, sizeof(r));
	memcpy(&r, data, sizeof(struct drm_mode_cursor));
	return cursor_common(call, &r);
}

int shim_mode_cursor2_ioctl(struct shim_call *call, void *data)
{
	return cursor_common(call, data);
}
