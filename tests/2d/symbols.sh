#!/bin/sh
# SPDX-License-Identifier: MIT
# libgem2d uses only the public APIs of libdrm_intel, libdrm and pixman (and
# libc): every symbol it leaves undefined must be one of theirs, so what it
# does on the shim it can do on a real i915. And it exports gem2d_* only.
: "${top_builddir:=.}"
lib="$top_builddir/upper-layers/2d/.libs/libgem2d.so"
echo "1..2"
if [ ! -f "$lib" ]; then
	echo "ok 1 # SKIP $lib not built"
	echo "ok 2 # SKIP"
	exit 0
fi
bad=$(nm -D --undefined-only "$lib" | awk '{print $2}' | sed 's/@.*//' |
	grep -v -E '^(drm_intel_|drm[A-Z]|pixman_|__|_ITM|_Jv)' |
	grep -v -x -E '(qsort|sincos|malloc|calloc|realloc|free|memcpy|memmove|memset|qsort_r|sysconf|abort|sqrt|cos|sin|acos|atan2|floor|ceil|fabs|round|lround|trunc|atan|asin|tan|hypot|fmod|nearbyint|rint|lrint|__errno_location|__stack_chk_fail|strerror|poll|close)')
if [ -z "$bad" ]; then
	echo "ok 1 - undefined symbols are libdrm_intel's, libdrm's, pixman's or libc's"
else
	echo "$bad" | sed 's/^/# not from the allowed libraries: /'
	echo "not ok 1 - undefined symbols are libdrm_intel's, libdrm's, pixman's or libc's"
fi
extra=$(nm -D --defined-only "$lib" | awk '$2 == "T" {print $3}' | grep -v '^gem2d_')
if [ -z "$extra" ]; then
	echo "ok 2 - exports gem2d_* only"
else
	echo "$extra" | sed 's/^/# exported: /'
	echo "not ok 2 - exports gem2d_* only"
fi
