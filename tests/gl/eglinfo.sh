#!/bin/sh
# SPDX-License-Identifier: MIT
# An unmodified program from Debian's archive on our vendor: mesa-utils'
# eglinfo, through libglvnd, under the shim on three device models. It must
# exit 0, find our vendor on the surfaceless and the device platform, and
# list our pbuffer configs. SKIP when mesa-utils-bin is not installed.
: "${top_builddir:=.}"
eglinfo=${EGLINFO:-/usr/bin/eglinfo.x86_64-linux-gnu}
models=${GL_MODELS:-"2772 0126 1912"}
if [ ! -x "$eglinfo" ]; then
	echo "1..0 # SKIP $eglinfo not installed (mesa-utils-bin)"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..$(echo $models | wc -w)"
n=0
for d in $models; do
	n=$((n + 1))
	I915_SHIM_DEVID=$d __EGL_VENDOR_LIBRARY_FILENAMES="$top_builddir/upper-layers/egl/gem_egl_vendor.json" \
		"$top_builddir/shim/i915-shim" --fresh $TEST_WRAPPER "$eglinfo" > "$tmp/out" 2>&1
	rc=$?
	bad=""
	[ $rc = 0 ] || bad="exit $rc"
	for want in "Surfaceless platform:" "Device platform:" "EGL vendor string: libdrm-gem" \
		"EGL_KHR_image_base" "EGL_KHR_fence_sync"; do
		grep -q "$want" "$tmp/out" || bad="${bad:+$bad, }no '$want'"
	done
	configs=$(grep -c "^0x[0-9a-f]* .* pb *$" "$tmp/out")
	[ "$configs" -ge 12 ] || bad="${bad:+$bad, }$configs pbuffer config lines"
	if [ -z "$bad" ]; then
		echo "ok $n - eglinfo on devid $d: our vendor, $configs pbuffer config lines"
	else
		sed 's/^/# /' "$tmp/out" | head -40
		echo "not ok $n - eglinfo on devid $d: $bad"
	fi
done
