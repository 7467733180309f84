/* SPDX-License-Identifier: MIT */
/*
 * Throttling on sync objects (intel_bufmgr.h, drm_intel_throttle(3)).
 *
 * A throttle owns max_in_flight + 1 sync objects used round robin: each
 * submission asks the kernel (I915_EXEC_FENCE_ARRAY, SIGNAL) to put its
 * fence in the next one, and before returning waits on the one of the
 * submission max_in_flight earlier. That slot is the one the following
 * submission reuses, so a slot is never overwritten while its submission
 * may still be waited for. The throttle's user serialises its calls; the
 * throttle holds no reference on the batches (the kernel keeps what it runs).
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <i915_drm.h>

#include "intel/bufmgr_priv.h"
#include "xf86drm.h"

#define MAX_IN_FLIGHT 64

struct _drm_intel_throttle {
	drm_intel_bufmgr *mgr;
	unsigned int max;	/* N */
	unsigned int slots;	/* N + 1 */
	uint64_t submitted;	/* submissions made */
	uint64_t completed;	/* the first this many are known complete */
	uint32_t syncobjs[];
};

static int wait_slot(drm_intel_throttle *t, uint64_t k, int64_t timeout)
{
	uint32_t h = t->syncobjs[k % t->slots];
	return drmSyncobjWait(t->mgr->fd, &h, 1, timeout, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL);
}

drm_public drm_intel_throttle *drm_intel_throttle_create(drm_intel_bufmgr *bufmgr, unsigned int max_in_flight)
{
	if (!bufmgr || max_in_flight < 1 || max_in_flight > MAX_IN_FLIGHT)
		return NULL;
	drm_intel_throttle *t = calloc(1, sizeof(*t) + (max_in_flight + 1) * sizeof(uint32_t));
	if (!t)
		return NULL;
	t->mgr = bufmgr;
	t->max = max_in_flight;
	t->slots = max_in_flight + 1;
	for (unsigned int i = 0; i < t->slots; i++) {
		if (drmSyncobjCreate(bufmgr->fd, 0, &t->syncobjs[i])) {
			while (i--)
				drmSyncobjDestroy(bufmgr->fd, t->syncobjs[i]);
			free(t);
			return NULL;
		}
	}
	return t;
}

drm_public int drm_intel_throttle_submit(drm_intel_throttle *t, drm_intel_bo *batch,
					 drm_intel_context *ctx, int used, unsigned int flags)
{
	if (!t || !batch || batch->bufmgr != t->mgr)
		return -EINVAL;
	if (flags & (I915_EXEC_FENCE_ARRAY | I915_EXEC_USE_EXTENSIONS))
		return -EINVAL;	/* the throttle's own fence array takes that place */
	struct drm_i915_gem_exec_fence fence = {
		.handle = t->syncobjs[t->submitted % t->slots],
		.flags = I915_EXEC_FENCE_SIGNAL,
	};
	int ret = intel_exec(batch, ctx, used, (struct drm_clip_rect *)&fence, 1, 0, -1, NULL,
			     flags | I915_EXEC_FENCE_ARRAY);
	if (ret)
		return ret;
	t->submitted++;
	if (t->submitted > t->max) {
		uint64_t k = t->submitted - 1 - t->max;	/* the submission N before this one */
		if (k >= t->completed) {
			ret = wait_slot(t, k, INT64_MAX);
			if (ret)
				return ret;
			t->completed = k + 1;
		}
	}
	return 0;
}

drm_public int drm_intel_throttle_in_flight(drm_intel_throttle *t)
{
	if (!t)
		return -EINVAL;
	/* Submissions complete in order per context; look from the oldest one not known done. */
	while (t->completed < t->submitted) {
		int ret = wait_slot(t, t->completed, 0);
		if (ret == -ETIME)
			break;
		if (ret)
			return ret;
		t->completed++;
	}
	return (int)(t->submitted - t->completed);
}

drm_public void drm_intel_throttle_destroy(drm_intel_throttle *t)
{
	if (!t)
		return;
	for (uint64_t k = t->completed; k < t->submitted; k++)
		wait_slot(t, k, INT64_MAX);
	for (unsigned int i = 0; i < t->slots; i++)
		drmSyncobjDestroy(t->mgr->fd, t->syncobjs[i]);
	free(t);
}
