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
. "${top_srcdir:-.}/tests/gl/runs.sh"
runs=$gl_runs
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
nruns=$(echo $runs | wc -w)
echo "1..$(( $# * nruns ))"
n=0
for p in "$@"; do
	prog="$top_builddir/tests/gl/$p"
	for r in $runs; do
		n=$((n + 1))
		gl_run "$prog" "$r" > "$tmp/ours.out" 2>&1
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
