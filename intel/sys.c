/* SPDX-License-Identifier: MIT */
/*
 * The system calls libdrm_intel makes on behalf of every other file in
 * intel/: the ioctl door, GETPARAM and the clock (declared in sys.h).
 * No state, no locks; it depends only on libdrm.so.2's drmIoctl().
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>

#include <drm.h>
#include <i915_drm.h>

#include "xf86drm.h"
#include "intel/sys.h"

int intel_ioctl(int fd, unsigned long request, void *arg)
{
	int ret = drmIoctl(fd, request, arg);
	if (ret == -1)
		return -errno;
	if (_IOC_DIR(request) & _IOC_READ)
		INTEL_VG(VALGRIND_MAKE_MEM_DEFINED(arg, _IOC_SIZE(request)));
	return ret;
}

int intel_getparam(int fd, int param, int *value)
{
	drm_i915_getparam_t gp;
	int v = 0;

	memset(&gp, 0, sizeof(gp));
	gp.param = param;
	gp.value = &v;
	int ret = intel_ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp);
	INTEL_VG(VALGRIND_MAKE_MEM_DEFINED(&v, sizeof(v)));
	if (value)
		*value = v;
	return ret;
}

time_t intel_now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}
