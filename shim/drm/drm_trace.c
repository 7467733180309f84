/* SPDX-License-Identifier: MIT */
/*
 * I915_SHIM_DEBUG tracing (drm/drm_trace.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <drm.h>
#include <drm_mode.h>

#include "base/real.h"
#include "drm/drm_device.h"
#include "drm/drm_drv.h"
#include "drm/drm_ioctl.h"
#include "drm/drm_trace.h"

static int key_args(char *buf, size_t len, unsigned long cmd, const void *data)
{
	if (!data)
		return snprintf(buf, len, "nr=0x%02x", (unsigned)_IOC_NR(cmd));
	switch (cmd) {
	case DRM_IOCTL_GEM_CLOSE: {
		const struct drm_gem_close *a = data;
		return snprintf(buf, len, "handle=%u", a->handle);
	}
	case DRM_IOCTL_GEM_FLINK: {
		const struct drm_gem_flink *a = data;
		return snprintf(buf, len, "handle=%u -> name=%u", a->handle, a->name);
	}
	case DRM_IOCTL_GEM_OPEN: {
		const struct drm_gem_open *a = data;
		return snprintf(buf, len, "name=%u -> handle=%u size=%llu", a->name, a->handle,
				(unsigned long long)a->size);
	}
	case DRM_IOCTL_GET_CAP: {
		const struct drm_get_cap *a = data;
		return snprintf(buf, len, "cap=0x%llx -> %llu", (unsigned long long)a->capability,
				(unsigned long long)a->value);
	}
	case DRM_IOCTL_GET_MAGIC:
	case DRM_IOCTL_AUTH_MAGIC: {
		const struct drm_auth *a = data;
		return snprintf(buf, len, "magic=%u", a->magic);
	}
	case DRM_IOCTL_MODE_CREATE_LEASE: {
		const struct drm_mode_create_lease *a = data;
		return snprintf(buf, len, "objects=%u flags=0x%x -> lessee=%u fd=%u", a->object_count, a->flags,
				a->lessee_id, a->fd);
	}
	case DRM_IOCTL_MODE_REVOKE_LEASE: {
		const struct drm_mode_revoke_lease *a = data;
		return snprintf(buf, len, "lessee=%u", a->lessee_id);
	}
	default:
		buf[0] = 0;
		return shim_drv->trace_args ? shim_drv->trace_args(buf, len, cmd, data) : 0;
	}
}

void shim_trace_ioctl(const struct shim_call *call, const char *name, unsigned long cmd,
		      const void *data, int ret)
{
	char args[160];
	key_args(args, sizeof(args), cmd, data);
	if (ret)
		shim_log("i915-shim[%d]: fd=%d %s(%s) = -1 %s\n", getpid(), call->fd,
			 name ? name : "unknown ioctl", args, strerrorname_np(-ret));
	else
		shim_log("i915-shim[%d]: fd=%d %s(%s) = 0\n", getpid(), call->fd,
			 name ? name : "unknown ioctl", args);
}
