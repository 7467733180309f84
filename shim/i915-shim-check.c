/* SPDX-License-Identifier: MIT */
/*
 * i915-shim-check: what `i915-shim --check` runs, with the preload module in
 * LD_PRELOAD. The checker itself lives in the module (so it always knows the
 * same state layout as the module that made the instance); this program
 * only finds its entry point and hands it the command line. Installed
 * beside the module in $(pkglibdir); not meant to be run by hand.
 */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	int (*entry)(int, char **);
	*(void **)&entry = dlsym(RTLD_DEFAULT, "i915_shim_check_main");
	if (!entry) {
		fprintf(stderr, "i915-shim: check: the shim is not loaded; run i915-shim --check\n");
		return 2;
	}
	return entry(argc, argv);
}
