#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs GLES test programs of tests/gl on our vendor only, under the shim on
# a gen3, a gen6 and a gen9 device model: for what Mesa's surfaceless
# llvmpipe has no counterpart of (dma-buf import and export, native fence
# fds, GPU resets), and on the gen9 model once more with the vendor built
# over Debian's libdrm_intel when configure found it. Each run's checks ("ok"/"not ok") must pass; a program
# exiting 77 is a skip. TAP: one line per program and model.
# Usage: ours_only.sh PROGRAM...  (names under tests/gl)
: "${top_builddir:=.}"
ours_json="$top_builddir/upper-layers/egl/gem_egl_vendor.json"
debian_json="$top_builddir/tests/gl/gem_debian_vendor.json"
models=${GL_MODELS:-"2772 0126 1912"}
# a run is DEVID or DEVID:debian
runs=$models
[ -f "$debian_json" ] && runs="$runs ${models##* }:debian"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
nruns=$(echo $runs | wc -w)
echo "1..$(( $# * nruns ))"
n=0
for p in "$@"; do
	prog="$top_builddir/tests/gl/$p"
	for r in $runs; do
		n=$((n + 1))
		d=${r%:debian}
		json=$ours_json
		label="devid $d"
		if [ "$r" != "$d" ]; then
			json=$debian_json
			label="devid $d over Debian's libdrm_intel"
		fi
		I915_SHIM_DEVID=$d __EGL_VENDOR_LIBRARY_FILENAMES="$json" \
			"$top_builddir/shim/i915-shim" --fresh $TEST_WRAPPER "$prog" > "$tmp/ours.out" 2>&1
		rc=$?
		if [ $rc = 77 ]; then
			echo "ok $n - $p on $label # SKIP $(grep -m1 '^# SKIP' "$tmp/ours.out" | cut -c8-)"
		elif [ $rc = 0 ] && ! grep -q "^not ok" "$tmp/ours.out"; then
			echo "ok $n - $p on $label ($(grep -c '^ok' "$tmp/ours.out") checks)"
		else
			grep -E "^not ok|Bail out|^#" "$tmp/ours.out" | sed 's/^/# /' | head -40
			echo "not ok $n - $p on $label: rc=$rc"
		fi
	done
done
