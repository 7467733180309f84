/* SPDX-License-Identifier: MIT */
/*
 * DOC: atomic state (private to drm_atomic.c, drm_atomic_uapi.c and the legacy
 * ioctls built on them)
 *
 * A proposed display state (the kernel's drm_atomic_state): a copy of each
 * plane, CRTC and connector the commit touches, taken from the live config
 * the first time it is named (the kernel's drm_atomic_get_*_state), changed
 * by property sets, then checked as a whole and applied in one locked
 * section: a commit that fails changes nothing. The state lives on the
 * caller's stack for one ioctl; the in-fence references it holds are
 * dropped by shim_atomic_state_release (or taken over by the commit).
 * Device lock held throughout.
 */
#ifndef SHIM_DRM_ATOMIC_H
#define SHIM_DRM_ATOMIC_H

#include <stdbool.h>
#include <stdint.h>

#include "drm/drm_mode_config.h"

struct shim_atomic_plane {
	bool in_state;
	struct shim_plane_state s;
	shim_off in_fence;		/* IN_FENCE_FD's fence (a reference), 0: none */
};

struct shim_atomic_crtc {
	bool in_state;
	bool active, enable;
	uint32_t mode_blob;		/* MODE_ID (the live blob's id; referenced when applied) */
	struct drm_mode_modeinfo mode;
	bool out_fence;			/* OUT_FENCE_PTR given (non-zero) */
	uint64_t out_fence_ptr;
	bool mode_changed, active_changed, connectors_changed;	/* set by the check */
};

struct shim_atomic_conn {
	bool in_state;
	uint32_t crtc;			/* CRTC index + 1, 0: none */
};

struct shim_atomic_state {
	struct shim_mode_config *mc;
	bool allow_modeset;		/* legacy paths: true; ATOMIC: its ALLOW_MODESET flag */
	struct shim_atomic_plane planes[SHIM_MAX_PLANES];
	struct shim_atomic_crtc crtcs[SHIM_MAX_CRTCS];
	struct shim_atomic_conn conns[SHIM_MAX_CONNECTORS];
};

/* Commit flags (the uAPI's, the subset the core acts on). */
#define SHIM_COMMIT_TEST_ONLY	DRM_MODE_ATOMIC_TEST_ONLY
#define SHIM_COMMIT_NONBLOCK	DRM_MODE_ATOMIC_NONBLOCK
#define SHIM_COMMIT_EVENT	DRM_MODE_PAGE_FLIP_EVENT
/* shim_atomic_commit_unlock's "wait and build the state again" (a blocking commit found a
 * commit pending on one of its CRTCs and waited for it). */
#define SHIM_COMMIT_RETRY	1

void shim_atomic_state_init(struct shim_atomic_state *st, struct shim_mode_config *mc, bool allow_modeset);
/* Drops what the state holds (in-fences). */
void shim_atomic_state_release(struct shim_device *dev, struct shim_atomic_state *st);
struct shim_atomic_plane *shim_atomic_get_plane(struct shim_atomic_state *st, uint32_t index);
struct shim_atomic_crtc *shim_atomic_get_crtc(struct shim_atomic_state *st, uint32_t index);
struct shim_atomic_conn *shim_atomic_get_conn(struct shim_atomic_state *st, uint32_t index);
/* drm_atomic_set_crtc_for_plane: crtc1 (index + 1, 0: none); both CRTCs join the state. */
void shim_atomic_set_plane_crtc(struct shim_atomic_state *st, uint32_t plane, uint32_t crtc1);
/* drm_atomic_set_crtc_for_connector. */
void shim_atomic_set_conn_crtc(struct shim_atomic_state *st, uint32_t conn, uint32_t crtc1);
/* drm_atomic_set_mode_prop_for_crtc: blob 0 (no mode) or a blob holding a valid mode. 0 or -EINVAL. */
int shim_atomic_set_mode_blob(struct shim_atomic_state *st, uint32_t crtc, uint32_t blob);

/*
 * Checks the state (drm_atomic_check_only and i915's atomic_check) and, unless
 * TEST_ONLY, commits it: events and out-fences set up first (so that nothing is
 * changed when they fail), then the state applied, then the CRTCs' commits
 * pending until their next vblank (NONBLOCK: EBUSY while one is pending on a CRTC
 * of the state; blocking: waits for it, then returns SHIM_COMMIT_RETRY, and waits
 * for its own commit before returning). Device lock held on entry; released on
 * return. The state's in-fences are taken over or dropped.
 */
int shim_atomic_commit_unlock(struct shim_call *call, struct shim_atomic_state *st, uint32_t flags,
			      uint64_t user_data);

/* Waits, without the lock, until none of the CRTCs i < n with crtcs[i] has a commit pending
 * (a flip or commit before its vblank, or waiting for its fences). */
void shim_atomic_wait_commits_unlocked(struct shim_device *dev, const bool *crtcs, uint32_t n);

/* Legacy DPMS on a connector of an atomic driver (drm_atomic_connector_commit_dpms):
 * the connector's dpms, and its CRTC active while any of its connectors is on. Lock held
 * on entry, released on return. */
int shim_atomic_connector_dpms_unlock(struct shim_call *call, struct shim_mode_config *mc,
				      struct shim_mode_connector *conn, uint64_t mode);

#endif
