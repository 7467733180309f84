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
#include <i915_drm.h>

#include "drm/drm_device.h"
#include "drm/drm_ioctl.h"
#include "base/real.h"
#include "drm/drm_trace.h"

unsigned shim_debug;
static int log_fd = 2;

void shim_trace_init(void)
{
	const char *s = getenv("I915_SHIM_DEBUG");
	const char *file = getenv("I915_SHIM_LOG");

	if (s) {
		if (strstr(s, "ioctl"))
			shim_debug |= SHIM_DEBUG_IOCTL;
		if (strstr(s, "exec"))
			shim_debug |= SHIM_DEBUG_EXEC;
		if (strstr(s, "cmd"))
			shim_debug |= SHIM_DEBUG_CMD;
		if (strstr(s, "all") || !strcmp(s, "1"))
			shim_debug = ~0u;
	}
	if (file && *file) {
		int fd = shim_private_fd(shim_real.openat(AT_FDCWD, file,
							  O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666));
		if (fd >= 0)
			log_fd = fd;
	}
}

void shim_log(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int saved = errno;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(line) - 1)
		n = sizeof(line) - 1;
	if (write(log_fd, line, (size_t)n) < 0) {
		/* nowhere left to say it */
	}
	errno = saved;
}

void shim_say_unemulated(const char *what)
{
	static const char *said[64];
	static unsigned nsaid;
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	pthread_mutex_lock(&lock);
	bool seen = false;
	for (unsigned i = 0; i < nsaid && !seen; i++)
		seen = said[i] == what;
	if (!seen && nsaid < 64)
		said[nsaid++] = what;
	pthread_mutex_unlock(&lock);
	if (!seen)
		shim_log("i915-shim: %s is not emulated; returning ENOSYS\n", what);
}

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
	case DRM_IOCTL_I915_GETPARAM: {
		const struct drm_i915_getparam *a = data;
		return snprintf(buf, len, "param=%d", a->param);
	}
	case DRM_IOCTL_I915_GEM_CREATE: {
		const struct drm_i915_gem_create *a = data;
		return snprintf(buf, len, "size=%llu -> handle=%u", (unsigned long long)a->size, a->handle);
	}
	default:
		buf[0] = 0;
		return 0;
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
