/* SPDX-License-Identifier: MIT */
/*
 * I915_SHIM_DEBUG: what the shim tells about itself. The variable is a comma
 * separated list of topics (ioctl, exec, cmd, all); lines go to stderr, or
 * appended to I915_SHIM_LOG=FILE. Each line is written with one write(2), so
 * lines of concurrent processes do not interleave.
 */
#ifndef SHIM_LOG_H
#define SHIM_LOG_H

#include <stdbool.h>

#define SHIM_DEBUG_IOCTL	(1u << 0)
#define SHIM_DEBUG_EXEC		(1u << 1)
#define SHIM_DEBUG_CMD		(1u << 2)

extern unsigned shim_debug;

/* Reads I915_SHIM_DEBUG / I915_SHIM_LOG; called once at start-up. */
void shim_log_init(void);
__attribute__((format(printf, 1, 2))) void shim_log(const char *fmt, ...);
/* "i915-shim: <what> is not emulated; returning ENOSYS", once per process and what (compared
 * by address: pass string constants), so that a program's log says what it missed. */
void shim_say_unemulated(const char *what);

#endif
