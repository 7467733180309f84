#!/bin/sh
# SPDX-License-Identifier: MIT
# libdrm_intel.so.1 exports exactly the symbols of Debian's libdrm 2.4.114,
# plus libdrm-gem's documented additions (the throttling API, drm_intel_throttle(3)).
echo "1..1"
# Debian's library: found by configure, exported by tests/tests.am.
deb=${DEBIAN_LIBDRM_INTEL_SO:-}
ours="$top_builddir/.libs/libdrm_intel.so.1"
if [ -z "$deb" ] || [ ! -f "$deb" ]; then echo "ok 1 - symbols # SKIP no Debian libdrm_intel.so.1"; exit 0; fi
{ nm -D --defined-only "$deb" | awk '{print $3}'
  printf '%s\n' drm_intel_throttle_create drm_intel_throttle_submit \
	drm_intel_throttle_in_flight drm_intel_throttle_destroy; } | sort > symbols.deb.$$
nm -D --defined-only "$ours" | awk '{print $3}' | sort > symbols.ours.$$
if diff symbols.deb.$$ symbols.ours.$$ | sed 's/^/# /'; then
	echo "# $(wc -l < symbols.ours.$$) symbols"
	echo "ok 1 - symbols"; rc=0
else
	echo "not ok 1 - symbols"; rc=1
fi
rm -f symbols.deb.$$ symbols.ours.$$
exit $rc
