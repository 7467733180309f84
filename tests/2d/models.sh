#!/bin/sh
# SPDX-License-Identifier: MIT
# The 2D layer on a gen3 (945G), a gen6 (Sandybridge) and a gen9 (Skylake)
# device model: the blitter path against the CPU path (gpu_cpu), both
# against Xvfb (vs_xvfb), and the same with Debian's libdrm_intel
# (vs_xvfb-debian). TAP: one line per program and model.
: "${top_builddir:=.}"
models="2772 0126 1912"
# Under a wrapper (make check-valgrind) each request costs a hundred times
# more: fewer random rounds per category keep each test under its timeout.
if [ -n "${TEST_WRAPPER:-}" ]; then
	T2D_ROUNDS=${T2D_ROUNDS:-15}
	export T2D_ROUNDS
fi
progs="gpu_cpu vs_xvfb vs_xvfb-debian"
echo "1..9"
n=0
for d in $models; do
	for p in $progs; do
		n=$((n + 1))
		out=$(I915_SHIM_DEVID=$d "$top_builddir/shim/i915-shim" --fresh $TEST_WRAPPER "$top_builddir/tests/2d/$p" 2>&1)
		rc=$?
		if [ $rc -eq 77 ]; then
			echo "ok $n - $p on devid $d # SKIP"
		elif [ $rc -eq 0 ] && ! echo "$out" | grep -q "^not ok"; then
			skips=$(echo "$out" | grep -c "# SKIP")
			echo "ok $n - $p on devid $d${skips:+ ($skips skipped)}"
		else
			echo "$out" | grep -E "^#|not ok" | sed 's/^/# /'
			echo "not ok $n - $p on devid $d"
		fi
	done
done
