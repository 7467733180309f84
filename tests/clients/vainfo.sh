#!/bin/sh
# SPDX-License-Identifier: MIT
# Debian's VA-API stack on the shim: vainfo with Debian's i965-va-driver
# (which links libdrm_intel) on the models that driver supports, Sandy
# Bridge to Skylake, with our libdrm/libdrm_intel and with Debian's. The
# driver must initialise for the right platform and list its profiles,
# H.264 decoding among them (every one of those generations has it), and the
# two libraries must give the same list. Ice Lake is not in the list: that
# package does not support it (intel-media-va-driver does), on real
# hardware as here. TAP: one line per model and library.
: "${top_builddir:=.}"
. "${top_srcdir:-.}/tests/clients/runs.sh"
models="0126:Sandybridge 0166:Ivybridge 0416:Haswell 1616:Broadwell 1912:Skylake"
missing=""
command -v vainfo > /dev/null 2>&1 && [ -f /usr/lib/x86_64-linux-gnu/dri/i965_drv_video.so ] ||
	missing="vainfo or i965-va-driver not installed"
clients_begin "$models" "$missing"
n=0
for m in $models; do
	devid=${m%%:*}
	platform=${m#*:}
	for lib in ours debian; do
		n=$((n + 1))
		libpath=$(clients_libpath $lib)
		LD_LIBRARY_PATH=$libpath I915_SHIM_DEVID=$devid LIBVA_DRIVER_NAME=i965 \
			"$top_builddir/shim/i915-shim" --fresh vainfo --display drm --device /dev/dri/renderD128 \
			> "$tmp/$lib.out" 2>&1
		rc=$?
		grep "VAProfile" "$tmp/$lib.out" > "$tmp/$lib.profiles"
		count=$(wc -l < "$tmp/$lib.profiles")
		bad=""
		[ $rc -eq 0 ] || bad="vainfo exit $rc"
		grep -q "Driver version: Intel i965 driver for Intel(R) $platform" "$tmp/$lib.out" ||
			bad="${bad:+$bad; }not the i965 driver for $platform"
		grep -q "VAProfileH264Main[[:space:]]*:[[:space:]]*VAEntrypointVLD" "$tmp/$lib.profiles" ||
			bad="${bad:+$bad; }no H.264 decoding"
		if [ $lib = debian ] && ! cmp -s "$tmp/ours.profiles" "$tmp/debian.profiles"; then
			bad="${bad:+$bad; }a different list with our libraries"
			diff "$tmp/ours.profiles" "$tmp/debian.profiles" | sed 's/^/# /'
		fi
		if [ -z "$bad" ]; then
			echo "ok $n - vainfo on devid $devid ($platform) with $lib libdrm: $count profile/entrypoint pairs"
		else
			sed 's/^/# /' "$tmp/$lib.out"
			echo "not ok $n - vainfo on devid $devid ($platform) with $lib libdrm: $bad"
		fi
	done
done
