/* SPDX-License-Identifier: MIT */
/*
 * What the shim says about itself (log.h): the I915_SHIM_DEBUG topics, the
 * log descriptor, and the once-per-process "not emulated" notices.
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

#include "base/log.h"
#include "base/real.h"
#include "base/signal_hold.h"

unsigned shim_debug;
static int log_fd = 2;

void shim_log_init(void)
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
	if (shim_raw_write(log_fd, line, (size_t)n) < 0) {
		/* nowhere left to say it */
	}
	errno = saved;
}

void shim_say_unemulated(const char *what)
{
	static const char *said[64];
	static unsigned nsaid;
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	shim_mutex_lock(&lock);
	bool seen = false;
	for (unsigned i = 0; i < nsaid && !seen; i++)
		seen = said[i] == what;
	if (!seen && nsaid < 64)
		said[nsaid++] = what;
	shim_mutex_unlock(&lock);
	if (!seen)
		shim_log("i915-shim: %s is not emulated; returning ENOSYS\n", what);
}
