/* SPDX-License-Identifier: MIT */
/*
 * The invariant checker's entry points, exported by the preload module:
 *
 *   int i915_shim_check(const char *instance, FILE *out, unsigned settle_ms);
 *       for programs and tests that have the module loaded (declare it weak);
 *   int i915_shim_check_main(int argc, char **argv);
 *       the command line of `i915-shim --check` (shim/i915-shim-check.c runs
 *       it with the module preloaded).
 *
 * Both return 0 (consistent), 1 (violations) or 2 (could not check), and
 * write one line per violation and a summary line (drm/drm_check.h). They
 * map the instance's state anew and hold nothing afterwards; the process's
 * own device, if it has one, is not touched. Calls the DRM core only.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drm/drm_check.h"
#include "os/interpose.h"

/* How long soft findings are looked at again (a request retires just after its fence). */
#define DEFAULT_SETTLE_MS 1000

SHIM_EXPORT int i915_shim_check(const char *instance, FILE *out, unsigned settle_ms);
SHIM_EXPORT int i915_shim_check_main(int argc, char **argv);

int i915_shim_check(const char *instance, FILE *out, unsigned settle_ms)
{
	struct shim_check_options o = { .instance = instance, .out = out ? out : stdout, .settle_ms = settle_ms };
	return shim_check_instance(&o);
}

static int usage(FILE *f)
{
	fprintf(f, "usage: i915-shim --check [--settle MS] [INSTANCE]\n"
		"  INSTANCE: an I915_SHIM_INSTANCE name, an instance directory's name in\n"
		"  ${I915_SHIM_DIR:-/dev/shm}, or its path; default: this environment's instance.\n"
		"  Exit status: 0 consistent, 1 violations found, 2 could not check.\n");
	return 2;
}

int i915_shim_check_main(int argc, char **argv)
{
	const char *instance = NULL;
	unsigned settle = DEFAULT_SETTLE_MS;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--settle") && i + 1 < argc) {
			char *end;
			unsigned long v = strtoul(argv[++i], &end, 10);
			if (*end || v > 600000)
				return usage(stderr);
			settle = (unsigned)v;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (argv[i][0] == '-' || instance) {
			return usage(stderr);
		} else {
			instance = argv[i];
		}
	}
	int ret = i915_shim_check(instance, stdout, settle);
	fflush(stdout);
	return ret;
}
