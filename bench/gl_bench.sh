#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs bench/gl_bench on Mesa's llvmpipe (through libglvnd, no shim) and on
# our vendor under the shim (gen9 model), and prints each operation's
# throughput on both, with the CPU anchor each run measured.
# Usage: gl_bench.sh BUILDDIR
b=${1:-.}
mesa_json=${MESA_EGL_VENDOR_JSON:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
if [ -f "$mesa_json" ]; then
	env -u LD_PRELOAD __EGL_VENDOR_LIBRARY_FILENAMES="$mesa_json" LIBGL_ALWAYS_SOFTWARE=1 \
		"$b/bench/gl_bench" > "$tmp/mesa" 2>&1
fi
I915_SHIM_DEVID=${I915_SHIM_DEVID:-1912} __EGL_VENDOR_LIBRARY_FILENAMES="$b/upper-layers/egl/gem_egl_vendor.json" \
	"$b/shim/i915-shim" --fresh "$b/bench/gl_bench" > "$tmp/ours" 2>&1
echo "gl_bench: MB/s per operation (RGBA8), ours on the shim (devid ${I915_SHIM_DEVID:-1912}) and Mesa llvmpipe,"
echo "each beside the CPU anchor its own run measured (clear: memset, others: memcpy)"
printf '%-12s %5s %10s %8s %10s %8s %9s\n' op size ours anchor llvmpipe anchor ours/llvm
grep '^R ' "$tmp/ours" | while read -r _ op size mbs anchor; do
	m=$(grep "^R $op $size " "$tmp/mesa" 2>/dev/null | awk '{print $4, $5}')
	mm=${m% *}
	ma=${m#* }
	ratio=$(awk -v a="$mbs" -v b="$mm" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2fx", a / b; else print "-" }')
	printf '%-12s %5s %10s %8s %10s %8s %9s\n' "$op" "$size" "$mbs" "$anchor" "${mm:--}" "${ma:--}" "$ratio"
done
grep -v '^R ' "$tmp/ours" | sed 's/^/ours: /'
[ -f "$tmp/mesa" ] && grep -v '^R ' "$tmp/mesa" | sed 's/^/llvmpipe: /'
exit 0
