/* SPDX-License-Identifier: MIT */
/*
 * The ioctl trace of I915_SHIM_DEBUG=ioctl: one line per finished DRM ioctl
 * (the topics and the log itself are base/log.h).
 */
#ifndef SHIM_TRACE_H
#define SHIM_TRACE_H

#include "base/log.h"

struct shim_call;
struct shim_ioctl_desc;
/* One line for a finished DRM ioctl: name, key arguments, result. */
void shim_trace_ioctl(const struct shim_call *call, const char *name, unsigned long cmd,
		      const void *data, int ret);

#endif
