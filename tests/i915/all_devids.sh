#!/bin/sh
# SPDX-License-Identifier: MIT
# The i915 GEM object, purging, edge-case, ring-selection, address-space, query, create_ext, engine-map
# and MMIO BAR tests on every emulated device model
# (I915_SHIM_DEVID): generation-dependent rules (tiling strides, swizzling,
# contexts, address spaces, registers, which engines exist, SSEU topology, BAR layouts).
# TAP: one line per device model and test, then the memory-pressure shrinker.
: "${top_builddir:=.}"
devids="2772 29a2 0126 0166 0416 1616 1912 1916 1926 8a52"
echo "1..91"
n=0
for d in $devids; do
	for t in gem_objects gem_exec_rings gem_purged gem_object_edges gem_vm_create gem_query gem_create_ext gem_ctx_engines mmio_bar; do
		n=$((n + 1))
		out=$(I915_SHIM_DEVID=$d "$top_builddir/shim/i915-shim" --fresh "$top_builddir/tests/i915/$t" 2>&1)
		if [ $? -eq 0 ]; then
			echo "ok $n - $t on devid $d"
		else
			echo "$out" | grep -E "^#|not ok" | sed 's/^/# /'
			echo "not ok $n - $t on devid $d"
		fi
	done
done
out=$(I915_SHIM_MEMORY_LIMIT=0x1000000 TEST_ONLY=memory_pressure_purges_dontneed "$top_builddir/shim/i915-shim" --fresh "$top_builddir/tests/i915/gem_objects" 2>&1)
if [ $? -eq 0 ] && ! echo "$out" | grep -q "memory_pressure_purges_dontneed # SKIP"; then
	echo "ok 91 - memory pressure purges DONTNEED objects (I915_SHIM_MEMORY_LIMIT=16 MiB)"
else
	echo "$out" | sed 's/^/# /'
	echo "not ok 91 - memory pressure purges DONTNEED objects"
fi
