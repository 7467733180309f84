#!/bin/sh
# SPDX-License-Identifier: MIT
# alloc_tiled geometry (tests/intel/bo_tiling) on every emulated device model,
# with our library and with Debian's. Prints TAP.
devids="2772 29a2 0126 0166 0416 1616 1912 8a52"
n=0
for d in $devids; do n=$((n + 2)); done
echo "1..$n"
i=0
for d in $devids; do
	for v in bo_tiling bo_tiling-debian; do
		i=$((i + 1))
		out=$(I915_SHIM_DEVID=$d TEST_ONLY=alloc_tiled_geometry \
		      "$top_builddir/shim/i915-shim" --fresh "$top_builddir/tests/intel/$v" 2>&1)
		if [ $? -eq 0 ] && ! echo "$out" | grep -q '# SKIP$\|^not ok'; then
			echo "ok $i - $v devid $d"
		else
			echo "$out" | sed 's/^/# /'
			echo "not ok $i - $v devid $d"
		fi
	done
done
