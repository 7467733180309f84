#!/bin/sh
# SPDX-License-Identifier: MIT
# The KMS tests (kms_core, kms_i915, kms_atomic, kms_cursor, kms_scanout, kms_lease) on every emulated device model
# (I915_SHIM_DEVID): pipes, planes, formats, stride limits and mode limits
# differ by generation. TAP: one line per device model and test.
: "${top_builddir:=.}"
devids="2772 29a2 0126 0166 0416 1616 1912 8a52"
echo "1..48"
n=0
for d in $devids; do
	for t in kms_core kms_i915 kms_atomic kms_cursor kms_scanout kms_lease; do
		n=$((n + 1))
		out=$(I915_SHIM_DEVID=$d "$top_builddir/shim/i915-shim" --fresh "$top_builddir/tests/ioctl/$t" 2>&1)
		if [ $? -eq 0 ]; then
			echo "ok $n - $t on devid $d"
		else
			echo "$out" | grep -E "^#|not ok" | sed 's/^/# /'
			echo "not ok $n - $t on devid $d"
		fi
	done
done
