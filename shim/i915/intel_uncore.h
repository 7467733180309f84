/* SPDX-License-Identifier: MIT */
/*
 * The device's registers as the CPU reaches them through the MMIO BAR, and
 * the clock the engines' TIMESTAMP registers count (intel_uncore.c says which
 * registers are live and which are a plain store).
 */
#ifndef SHIM_I915_INTEL_UNCORE_H
#define SHIM_I915_INTEL_UNCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drm/drm_device.h"
#include "hw/device_model.h"

/* Every engine's TIMESTAMP now: ticks of CS_TIMESTAMP_FREQUENCY on CLOCK_MONOTONIC (12.5 MHz
 * for the models that report none), 64 bits. MI_STORE_REGISTER_MEM of TIMESTAMP, REG_READ
 * and the BAR all read this. Async-signal-safe. */
uint64_t intel_uncore_timestamp(const struct shim_device_model *m);

/* struct shim_driver's mmio_map and mmio_access (drm/drm_drv.h). */
int intel_uncore_mmio_map(struct shim_device *dev, uint64_t offset, size_t len);
bool intel_uncore_mmio_access(struct shim_device *dev, uint64_t offset, unsigned size, bool store,
			      uint64_t *value);

#endif
