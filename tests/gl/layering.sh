#!/bin/sh
# SPDX-License-Identifier: MIT
# The EGL + GLES vendor's boundaries, checked on the built library and the
# sources:
#  1. every symbol libEGL_gem leaves undefined is defined by libdrm_intel,
#     libdrm or the C library (libc, libm, the dynamic loader): it uses no shim internals, so
#     what it does on the shim it can do on a real i915;
#  2. it exports __egl_Main only (libglvnd reaches the rest by name);
#  3. egl/ sees the GL driver through gl_driver.h alone, and gl/ never
#     includes egl/ (the dependency points one way).
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
lib="$top_builddir/upper-layers/egl/.libs/libEGL_gem.so.0"
echo "1..3"
if [ ! -f "$lib" ]; then
	echo "ok 1 # SKIP $lib not built"
	echo "ok 2 # SKIP"
else
	tmp=$(mktemp -d) || exit 1
	trap 'rm -rf "$tmp"' EXIT
	libc=$(ldd "$lib" | awk '$1 == "libc.so.6" {print $3}')
	libm=$(ldd "$lib" | awk '$1 == "libm.so.6" {print $3}')
	ldso=$(ldd "$lib" | awk '$1 ~ /^\/.*ld-linux/ {print $1}')
	for l in "$top_builddir/.libs/libdrm_intel.so.1" "$top_builddir/.libs/libdrm.so.2" $libc $libm $ldso; do
		nm -D --defined-only "$l" | awk '{print $3}' | sed 's/@.*//'
	done | sort -u > "$tmp/allowed"
	nm -D --undefined-only "$lib" | awk '$1 == "U" {print $2}' | sed 's/@.*//' | sort -u > "$tmp/used"
	bad=$(comm -23 "$tmp/used" "$tmp/allowed")
	if [ -z "$bad" ]; then
		echo "ok 1 - undefined symbols come from libdrm_intel, libdrm, libc or libm"
	else
		echo "$bad" | sed 's/^/# from elsewhere: /'
		echo "not ok 1 - undefined symbols come from libdrm_intel, libdrm, libc or libm"
	fi
	extra=$(nm -D --defined-only "$lib" | awk '$2 == "T" {print $3}' | grep -v -x '__egl_Main')
	if [ -z "$extra" ]; then
		echo "ok 2 - exports __egl_Main only"
	else
		echo "$extra" | sed 's/^/# exported: /'
		echo "not ok 2 - exports __egl_Main only"
	fi
fi
bad=$( (grep -n '#include "upper-layers/gl/' "$top_srcdir"/upper-layers/egl/*.[ch] | grep -v 'gl/gl_driver.h"';
	grep -n '#include "upper-layers/egl/' "$top_srcdir"/upper-layers/gl/*.[ch]) )
if [ -z "$bad" ]; then
	echo "ok 3 - egl/ includes only gl_driver.h of gl/, gl/ nothing of egl/"
else
	echo "$bad" | sed 's/^/# /'
	echo "not ok 3 - egl/ includes only gl_driver.h of gl/, gl/ nothing of egl/"
fi
