#!/bin/sh
# SPDX-License-Identifier: MIT
# The invariant checker's tests (tests/shim/check) on every emulated device model
# (I915_SHIM_DEVID): the state differs between generations (an address space
# per context from gen8, one global one before; tiling, userptr, engines).
# TAP: one line per device model.
: "${top_builddir:=.}"
devids="2772 29a2 0126 0166 0416 1616 1912 1916 1926 8a52"
echo "1..10"
n=0
for d in $devids; do
	n=$((n + 1))
	out=$(I915_SHIM_DEVID=$d "$top_builddir/shim/i915-shim" --fresh "$top_builddir/tests/shim/check" 2>&1)
	if [ $? -eq 0 ]; then
		echo "ok $n - the checker's tests on devid $d"
	else
		echo "$out" | grep -E "^#|not ok" | sed 's/^/# /'
		echo "not ok $n - the checker's tests on devid $d"
	fi
done
