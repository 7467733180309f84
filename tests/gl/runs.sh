# SPDX-License-Identifier: MIT
# Sourced by vs_ref.sh and ours_only.sh: the runs of a GLES test program on
# our vendor. A run is DEVID (the vendor over our libdrm_intel on that
# device model) or DEVID:debian (the copy built over Debian's
# libdrm_intel, tests/gl/gem_debian_vendor.json, added on the last model
# when configure found Debian's library).
#   gl_runs            the runs, from GL_MODELS (default gen3, gen6, gen9)
#   gl_run PROG RUN    runs PROG under the shim for RUN (with $TEST_WRAPPER),
#                      sets $label; its status is PROG's
: "${top_builddir:=.}"
gl_ours_json="$top_builddir/upper-layers/egl/gem_egl_vendor.json"
gl_debian_json="$top_builddir/tests/gl/gem_debian_vendor.json"
gl_models=${GL_MODELS:-"2772 0126 1912"}
gl_runs=$gl_models
[ -f "$gl_debian_json" ] && gl_runs="$gl_runs ${gl_models##* }:debian"

gl_run() {
	_d=${2%:debian}
	_json=$gl_ours_json
	label="devid $_d"
	if [ "$2" != "$_d" ]; then
		_json=$gl_debian_json
		label="devid $_d over Debian's libdrm_intel"
	fi
	I915_SHIM_DEVID=$_d __EGL_VENDOR_LIBRARY_FILENAMES="$_json" \
		"$top_builddir/shim/i915-shim" --fresh $TEST_WRAPPER "$1"
}
