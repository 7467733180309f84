/* SPDX-License-Identifier: MIT */
/*
 * DOC: CRTCs (the kernel's drm_crtc.c, with drm_atomic_helper_set_config's
 * legacy path)
 *
 * GETCRTC and SETCRTC (which first waits for the CRTC's pending flip or commit
 * and for the rendering to the framebuffer it shows: implicit fencing), and
 * turning a CRTC off. A CRTC is made by the driver
 * and lives in the config as long as the instance. Enabling one sets its
 * mode (with a MODE_ID blob the CRTC owns until the next mode), its primary
 * plane's framebuffer (a reference the plane holds), and routes the
 * connectors given (and their encoders) to it; a connector taken from
 * another CRTC leaves that one off if it had no other. Its vblank counter
 * (drm_vblank.c) runs while it is on. After every commit that changes what
 * a CRTC shows the driver hears of it (shim_mode_crtc_updated).
 *
 * The _ioctl functions take the device lock; the rest need it held. Calls the
 * driver through struct shim_driver (mode_valid, crtc_updated).
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "base/instance.h"
#include "base/journal.h"
#include "base/user_copy.h"
#include "drm/dma_fence.h"
#include "drm/drm_atomic.h"
#include "drm/drm_device_process.h"
#include "drm/drm_drv.h"
#include "drm/drm_fourcc.h"
#include "drm/drm_lease.h"
#include "drm/drm_mode_config.h"
#include "drm/drm_vblank.h"

/* KC1–KC2: drm_mode_getcrtc. fb and x/y from the primary plane, the mode while enabled. */
int shim_mode_getcrtc_ioctl(struct shim_call *call, void *data)
{
	struct drm_mode_crtc *r = data;
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	shim_off off = shim_mode_object_lookup(call->file, mc, r->crtc_id, SHIM_MODE_CRTC);
	if (!off) {
		shim_device_unlock(call->dev);
		return -ENOENT;
	}
	const struct shim_mode_crtc *c = shim_ptr(off);
	const struct shim_mode_plane *primary = &mc->planes[c->primary];
	const struct shim_mode_fb *fb = shim_ptr(primary->fb);
	r->gamma_size = c->gamma_size;
	r->fb_id = fb ? fb->id : 0;
	r->x = primary->src_x >> 16;
	r->y = primary->src_y >> 16;
	if (c->mode_blob) {	/* crtc_state->enable: a mode, DPMS off or not */
		r->mode = c->mode;
		r->mode_valid = 1;
	} else {
		memset(&r->mode, 0, sizeof(r->mode));
		r->mode_valid = 0;
	}
	if (!(call->file->caps & SHIM_CAP_ASPECT_RATIO))
		r->mode.flags &= ~DRM_MODE_FLAG_PIC_AR_MASK;
	shim_device_unlock(call->dev);
	return 0;
}

static void unroute_connector(struct shim_mode_config *mc, struct shim_mode_connector *conn)
{
	SHIM_SET(mc->encoders[conn->encoder].crtc, 0);
	SHIM_SET(conn->crtc, 0);
	SHIM_SET(conn->dpms, DRM_MODE_DPMS_OFF);
}

void shim_mode_crtc_disable(struct shim_device *dev, struct shim_mode_config *mc, struct shim_mode_crtc *c)
{
	for (uint32_t i = 0; i < mc->nplanes; i++)
		if (mc->planes[i].crtc == c->index + 1)
			shim_mode_plane_disable(dev, mc, &mc->planes[i]);
	for (uint32_t i = 0; i < mc->nconnectors; i++)
		if (mc->connectors[i].crtc == c->index + 1)
			unroute_connector(mc, &mc->connectors[i]);
	if (c->enabled) {
		shim_events_crtc_off(dev, mc, c);	/* drm_crtc_vblank_off sends what is queued */
		shim_vblank_crtc_off(c);
	}
	SHIM_SET(c->enabled, 0);
	if (c->mode_blob)
		shim_mode_blob_put(dev, c->mode_blob);
	SHIM_SET(c->mode_blob, 0);
	shim_journal_memset(&c->mode, 0, sizeof(c->mode));
}

void shim_mode_crtc_updated(struct shim_device *dev, struct shim_mode_config *mc, struct shim_mode_crtc *c)
{
	if (shim_drv->crtc_updated)
		shim_drv->crtc_updated(dev, mc, c);
}

static bool crtc_has_connectors(const struct shim_mode_config *mc, const struct shim_mode_crtc *c)
{
	for (uint32_t i = 0; i < mc->nconnectors; i++)
		if (mc->connectors[i].crtc == c->index + 1)
			return true;
	return false;
}

bool shim_plane_has_format(const struct shim_mode_plane *p, uint32_t format, uint64_t modifier)
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

struct setcrtc {
	struct shim_mode_crtc *crtc;
	const struct drm_mode_modeinfo *mode;	/* NULL: off */
	shim_off fb;
	uint32_t x, y;
	uint32_t nconn;
	uint32_t conn[SHIM_MAX_CONNECTORS];	/* connector indices */
};

/* drm_atomic_helper_set_config, then the routing checks of the atomic check. */
static int set_config(struct shim_device *dev, struct shim_mode_config *mc, const struct setcrtc *s)
{
	struct shim_mode_crtc *c = s->crtc;
	if (!s->mode) {
		shim_mode_crtc_disable(dev, mc, c);
		return 0;
	}
	/* KC9: every connector's encoder must be able to drive this CRTC. */
	for (uint32_t i = 0; i < s->nconn; i++) {
		const struct shim_mode_connector *conn = &mc->connectors[s->conn[i]];
		if (!(mc->encoders[conn->encoder].possible_crtcs & (1u << c->index)))
			return -EINVAL;
	}
	uint32_t blob = shim_mode_blob_create(dev, s->mode, sizeof(*s->mode));
	if (!blob)
		return -ENOMEM;
	/* Connectors no longer routed here, then those taken from other CRTCs (which go off
	 * when left without one). */
	for (uint32_t i = 0; i < mc->nconnectors; i++) {
		struct shim_mode_connector *conn = &mc->connectors[i];
		bool in_set = false;
		for (uint32_t j = 0; j < s->nconn; j++)
			in_set |= s->conn[j] == i;
		if (!in_set && conn->crtc == c->index + 1)
			unroute_connector(mc, conn);
		if (in_set && conn->crtc && conn->crtc != c->index + 1) {
			struct shim_mode_crtc *other = &mc->crtcs[conn->crtc - 1];
			unroute_connector(mc, conn);
			if (!crtc_has_connectors(mc, other))
				shim_mode_crtc_disable(dev, mc, other);
		}
	}
	if (c->mode_blob)
		shim_mode_blob_put(dev, c->mode_blob);
	SHIM_SET(c->mode_blob, blob);
	/* A new mode on a lit CRTC: the count so far at the old mode's rate, then the new one's. */
	if (c->enabled) {
		shim_events_update(dev, mc);
		shim_vblank_crtc_off(c);
	}
	shim_journal_memcpy(&c->mode, s->mode, sizeof(c->mode));
	shim_vblank_crtc_on(c);
	SHIM_SET(c->enabled, 1);
	struct shim_mode_plane *p = &mc->planes[c->primary];
	shim_off old = p->fb;
	shim_mode_fb_get(dev, s->fb);
	SHIM_SET(p->fb, s->fb);
	if (old)
		shim_mode_fb_put(dev, old);
	SHIM_SET(p->crtc, c->index + 1);
	SHIM_SET(p->crtc_x, 0);
	SHIM_SET(p->crtc_y, 0);
	SHIM_SET(p->crtc_w, s->mode->hdisplay);
	SHIM_SET(p->crtc_h, s->mode->vdisplay);
	SHIM_SET(p->src_x, s->x << 16);
	SHIM_SET(p->src_y, s->y << 16);
	SHIM_SET(p->src_w, (uint32_t)s->mode->hdisplay << 16);
	SHIM_SET(p->src_h, (uint32_t)s->mode->vdisplay << 16);
	for (uint32_t j = 0; j < s->nconn; j++) {
		struct shim_mode_connector *conn = &mc->connectors[s->conn[j]];
		SHIM_SET(conn->crtc, c->index + 1);
		SHIM_SET(conn->dpms, DRM_MODE_DPMS_ON);
		SHIM_SET(mc->encoders[conn->encoder].crtc, c->index + 1);
	}
	return 0;
}

/* KC3–KC10, LS6, LS9: drm_mode_setcrtc, in the kernel's order of checks. Then, before anything
 * changes, what the blocking commit waits for (KC12): the CRTC's pending commit
 * (SHIM_COMMIT_RETRY), and the rendering to the framebuffer (*busy: its fence, a borrowed
 * reference); the caller waits for it and tries again. */
static int setcrtc(struct shim_call *call, struct drm_mode_crtc *r, shim_off *busy)
{
	if ((r->x & 0xffff0000) || (r->y & 0xffff0000))
		return -ERANGE;	/* KC4: plane source offsets are 16.16 */
	int ret = 0;
	struct shim_mode_config *mc = shim_mode_lock(call, &ret);
	if (!mc)
		return ret;
	struct setcrtc s = { .x = r->x, .y = r->y };
	s.crtc = shim_ptr(shim_mode_object_lookup(call->file, mc, r->crtc_id, SHIM_MODE_CRTC));
	if (!s.crtc) {
		ret = -ENOENT;
		goto out;
	}
	if (r->mode_valid && !shim_lease_held(call->file, mc->planes[s.crtc->primary].id)) {
		ret = -EACCES;	/* LS9: a lessee lights a CRTC only with its primary plane (turning it off is fine) */
		goto out;
	}
	struct drm_mode_modeinfo mode = r->mode;
	if (r->mode_valid) {
		const struct shim_mode_plane *primary = &mc->planes[s.crtc->primary];
		if (r->fb_id == UINT32_MAX) {
			/* -1: the framebuffer the primary plane shows now */
			s.fb = primary->fb;
			if (!s.fb) {
				ret = -EINVAL;
				goto out;
			}
		} else {
			s.fb = shim_mode_object_find(mc, r->fb_id, SHIM_MODE_FB);
			if (!s.fb) {
				ret = -ENOENT;
				goto out;
			}
		}
		if (!(call->file->caps & SHIM_CAP_ASPECT_RATIO) &&
		    (mode.flags & DRM_MODE_FLAG_PIC_AR_MASK) != DRM_MODE_FLAG_PIC_AR_NONE) {
			ret = -EINVAL;
			goto out;
		}
		ret = shim_mode_check_umode(&mode);
		if (!ret && shim_drv->mode_valid)
			ret = shim_drv->mode_valid(call->dev, &mode);
		if (ret)
			goto out;
		/* The kernel's mode as user space reads it back: vrefresh computed, name kept. */
		mode.vrefresh = (shim_mode_vrefresh_mhz(&mode) + 500) / 1000;
		const struct shim_mode_fb *fb = shim_ptr(s.fb);
		if (!shim_plane_has_format(primary, fb->format, fb->modifier)) {
			ret = -EINVAL;	/* KC8: drm_plane_check_pixel_format */
			goto out;
		}
		/* KC6: drm_crtc_check_viewport: the fb must hold the mode at x, y. */
		uint64_t hd = mode.hdisplay, vd = mode.vdisplay;
		if (mode.flags & DRM_MODE_FLAG_DBLSCAN)
			vd *= 2;
		if (hd > fb->width || r->x > fb->width - hd || vd > fb->height || r->y > fb->height - vd) {
			ret = -ENOSPC;
			goto out;
		}
		s.mode = &mode;
	}
	if ((r->count_connectors == 0 && s.mode) || (r->count_connectors > 0 && !s.mode) ||
	    r->count_connectors > mc->nconnectors) {
		ret = -EINVAL;	/* KC5 */
		goto out;
	}
	for (uint32_t i = 0; i < r->count_connectors; i++) {
		uint32_t id;
		if (shim_copy_from_user(&id, r->set_connectors_ptr + i * sizeof(id), sizeof(id))) {
			ret = -EFAULT;
			goto out;
		}
		const struct shim_mode_connector *conn =
			shim_ptr(shim_mode_object_lookup(call->file, mc, id, SHIM_MODE_CONNECTOR));
		if (!conn) {
			ret = -ENOENT;
			goto out;
		}
		s.conn[s.nconn++] = conn->index;
	}
	if (s.crtc->flip_target || s.crtc->commit_wait) {
		ret = SHIM_COMMIT_RETRY;
		goto out;
	}
	shim_off wait[4];
	if (s.mode && shim_mode_fb_write_fences(shim_ptr(s.fb), wait, 0)) {
		*busy = wait[0];
		shim_fence_get(call->dev, *busy);
		shim_borrow(call->dev, *busy, SHIM_BORROW_FENCE);
		goto out;
	}
	ret = set_config(call->dev, mc, &s);
	if (!ret)
		shim_mode_crtc_updated(call->dev, mc, s.crtc);
out:
	shim_device_unlock(call->dev);
	return ret;
}

/*
 * KC12: a legacy SETCRTC on an atomic driver is a blocking commit: before it changes
 * anything it waits for the CRTC's previous commit to complete (the helper's stall checks:
 * a page flip's vblank), and i915's for the rendering to the framebuffer (implicit fencing:
 * its prepare_fb, then intel_atomic_commit_fence_wait, uninterruptible). Here: wait without
 * the lock, then check everything again, since anything may have changed meanwhile.
 */
int shim_mode_setcrtc_ioctl(struct shim_call *call, void *data)
{
	const struct drm_mode_crtc *r = data;
	for (;;) {
		shim_off busy = 0;
		int ret = setcrtc(call, data, &busy);
		if (ret == SHIM_COMMIT_RETRY) {
			bool crtcs[SHIM_MAX_CRTCS] = { 0 };
			shim_device_lock(call->dev);
			struct shim_mode_config *mc = shim_ptr(call->dev->shared->mode_config);
			const struct shim_mode_crtc *c = shim_ptr(shim_mode_object_find(mc, r->crtc_id, SHIM_MODE_CRTC));
			if (c)
				crtcs[c->index] = true;
			shim_device_unlock(call->dev);
			shim_atomic_wait_commits_unlocked(call->dev, crtcs, SHIM_MAX_CRTCS);
			continue;
		}
		if (!busy)
			return ret;
		shim_fence_wait(shim_ptr(busy), UINT64_MAX, false);
		shim_device_lock(call->dev);
		shim_unborrow(call->dev, busy, SHIM_BORROW_FENCE);
		shim_fence_put(call->dev, busy);
		shim_device_unlock(call->dev);
	}
}
