#!/bin/sh
# SPDX-License-Identifier: MIT
# Debian's Mesa on the shim, as a new user would try it: on every device
# model, with our libdrm and with Debian's, EGL through libglvnd picks Mesa's
# hardware driver for that generation (i915 on the 945G, crocus on gen4 to
# Haswell, iris from Broadwell; never the software fallback), and a small
# GLES 2 program (tests/clients/gles2_smoke) runs to its end with every batch
# complete: no hang, no GPU fault, no cancelled or banned context. Where the
# driver clears and copies with the blitter (i915g), the pixels must be right
# too; crocus and iris draw them with 3D commands the emulated GPU skips.
# TAP: one line per model and library. Skips where Mesa's vendor file is not
# installed.
: "${top_builddir:=.}"
mesa_json=${MESA_EGL_VENDOR_JSON:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
eglinfo=${EGLINFO:-/usr/bin/eglinfo.x86_64-linux-gnu}
. "${top_srcdir:-.}/tests/clients/runs.sh"
models="2772:i915 29a2:crocus 0126:crocus 0166:crocus 0416:crocus 1616:iris 1912:iris 8a52:iris"
missing=""
[ -f "$mesa_json" ] && [ -x "$eglinfo" ] || missing="no Mesa EGL vendor at $mesa_json or no $eglinfo"
clients_begin "$models" "$missing"
n=0
for m in $models; do
	devid=${m%%:*}
	driver=${m#*:}
	for lib in ours debian; do
		n=$((n + 1))
		libpath=$(clients_libpath $lib)
		rm -f "$tmp/exec.log"
		# eglinfo and the program under one launcher: each --fresh instance is the device
		LD_LIBRARY_PATH=$libpath I915_SHIM_DEVID=$devid I915_SHIM_DEBUG=exec I915_SHIM_LOG="$tmp/exec.log" \
			__EGL_VENDOR_LIBRARY_FILENAMES="$mesa_json" XDG_RUNTIME_DIR="$tmp" \
			"$top_builddir/shim/i915-shim" --fresh sh -c \
			'"$3" -p surfaceless 2>/dev/null | sed -n "s/^EGL driver name: //p" | head -1 > "$1/driver"; exec "$2"' \
			sh "$tmp" "$top_builddir/tests/clients/gles2_smoke" "$eglinfo" > "$tmp/out" 2>&1
		rc=$?
		got=$(cat "$tmp/driver" 2>/dev/null)
		bad=""
		[ "$got" = "$driver" ] || bad="EGL driver '$got', not $driver"
		[ $rc -eq 0 ] || bad="${bad:+$bad; }gles2_smoke exit $rc"
		batches=$(grep -c "^i915-shim.*: batch " "$tmp/exec.log" 2>/dev/null)
		failed=$(grep "^i915-shim.*: batch " "$tmp/exec.log" 2>/dev/null | grep -vc ": done,")
		[ "${batches:-0}" -gt 0 ] || bad="${bad:+$bad; }no batch ran"
		[ "${failed:-0}" -eq 0 ] || bad="${bad:+$bad; }$failed batches did not complete"
		if [ "$driver" = i915 ]; then
			for what in "clear" "glCopyTexSubImage2D"; do
				grep -q "^= $what: right" "$tmp/out" || bad="${bad:+$bad; }$what read back wrong"
			done
		fi
		if [ -z "$bad" ]; then
			echo "ok $n - Mesa's $driver on devid $devid with $lib libdrm: ${batches} batches, all complete"
		else
			sed 's/^/# /' "$tmp/out"
			grep "^i915-shim.*: batch " "$tmp/exec.log" 2>/dev/null | grep -v ": done," | head -5 | sed 's/^/# /'
			echo "not ok $n - Mesa's $driver on devid $devid with $lib libdrm: $bad"
		fi
	done
done
