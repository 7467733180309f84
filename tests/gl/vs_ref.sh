#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs each GLES test program of tests/gl on Mesa's llvmpipe through
# libglvnd (the reference, no shim), then on our vendor (libEGL_gem) under
# the shim on a gen3, a gen6 and a gen9 device model, and on the gen9 model
# once more with the vendor built over Debian's libdrm_intel
# (tests/gl/gem_debian_vendor.json, when configure found it); it compares
# the facts ("= " lines) of each run with the reference's. Each run's own
# checks ("ok"/"not ok") must pass too. TAP: one line per program and run.
# Usage: vs_ref.sh PROGRAM...  (names under tests/gl; each tests/gl/*.sh calls it)
: "${top_builddir:=.}"
mesa_json=${MESA_EGL_VENDOR_JSON:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
. "${top_srcdir:-.}/tests/gl/runs.sh"
runs=$gl_runs
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
nruns=$(echo $runs | wc -w)
echo "1..$(( $# * nruns ))"
n=0
for p in "$@"; do
	prog="$top_builddir/tests/gl/$p"
	have_ref=yes
	if [ ! -f "$mesa_json" ]; then
		have_ref=no
	else
		env -u LD_PRELOAD __EGL_VENDOR_LIBRARY_FILENAMES="$mesa_json" LIBGL_ALWAYS_SOFTWARE=1 \
			"$prog" > "$tmp/ref.out" 2>&1
		echo "rc=$?" >> "$tmp/ref.out"
	fi
	for r in $runs; do
		n=$((n + 1))
		gl_run "$prog" "$r" > "$tmp/ours.out" 2>&1
		echo "rc=$?" >> "$tmp/ours.out"
		bad=""
		grep -q "^rc=0$" "$tmp/ours.out" || bad="ours failed"
		if [ $have_ref = yes ]; then
			grep -q "^rc=0$" "$tmp/ref.out" || bad="${bad:+$bad, }the reference failed"
			grep "^= " "$tmp/ref.out" > "$tmp/ref.facts"
			grep "^= " "$tmp/ours.out" > "$tmp/ours.facts"
			if ! diff -u "$tmp/ref.facts" "$tmp/ours.facts" > "$tmp/diff"; then
				bad="${bad:+$bad, }facts differ"
			fi
		fi
		if [ -z "$bad" ]; then
			if [ $have_ref = yes ]; then
				echo "ok $n - $p on $label, same facts as Mesa"
			else
				echo "ok $n - $p on $label (no Mesa reference at $mesa_json: our run only)"
			fi
		else
			grep -E "^not ok|Bail out|rc=" "$tmp/ours.out" | sed 's/^/# ours: /'
			[ $have_ref = yes ] && grep -E "^not ok|Bail out|rc=" "$tmp/ref.out" | sed 's/^/# ref: /'
			[ -s "$tmp/diff" ] && sed 's/^/# /' "$tmp/diff" | head -40
			echo "not ok $n - $p on $label: $bad"
		fi
	done
done
