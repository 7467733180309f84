/* SPDX-License-Identifier: MIT */
/*
 * The vblank clock of a CRTC (drm/drm_vblank.c): a counter that runs at the
 * mode's refresh rate in CLOCK_MONOTONIC time while the CRTC is on and
 * keeps its value while it is off. Device lock held.
 */
#ifndef SHIM_DRM_VBLANK_H
#define SHIM_DRM_VBLANK_H

#include <stdint.h>

#include "drm/drm_mode_config.h"

/* The CRTC (its mode set) goes on / off: the clock starts at now / stops and keeps its count. */
void shim_vblank_crtc_on(struct shim_mode_crtc *c);
void shim_vblank_crtc_off(struct shim_mode_crtc *c);
/* Vblanks counted at now_ns (CRTC on), and the time of the last one. */
uint64_t shim_vblank_count(const struct shim_mode_crtc *c, uint64_t now_ns, uint64_t *last_ns);
/* The CLOCK_MONOTONIC time of vblank seq (counted while on: >= the count at the last enable). */
uint64_t shim_vblank_stamp(const struct shim_mode_crtc *c, uint64_t seq);
/* A time by which the vblank numbered seq (> the current count) has surely been counted. */
uint64_t shim_vblank_time_of(const struct shim_mode_crtc *c, uint64_t seq);

#endif
