/* SPDX-License-Identifier: MIT */
/*
 * The GPU error state's files (i915_gpu_error.c): which paths are its
 * controls, and what a program's write to one of them does at close.
 * Capturing is declared in gt/intel_engine.h, where the engines call it.
 */
#ifndef SHIM_I915_GPU_ERROR_H
#define SHIM_I915_GPU_ERROR_H

#include "drm/drm_device.h"

/* Is path (already redirected into the instance) one of the error state's files? 0, or -1. */
int i915_error_state_control(struct shim_device *dev, const char *path);
/* One of them, opened for writing, was closed: a write clears the error state (takes the device lock). */
void i915_error_state_closed(struct shim_device *dev);

#endif
