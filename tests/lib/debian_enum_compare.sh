#!/bin/sh
# SPDX-License-Identifier: MIT
# Drop-in check: the device list printed by the same program linked against
# Debian's libdrm.so.2 (tests/lib/debian_enum) and against ours
# (tests/lib/debian_enum_ours), both under the shim, must be identical.
echo "1..1"
b=${top_builddir:-.}
shim="$b/shim/i915-shim"
# DEBIAN_LIBDRM_SO: found by configure, exported by tests/tests.am.
if [ -z "${DEBIAN_LIBDRM_SO:-}" ] || [ ! -f "$DEBIAN_LIBDRM_SO" ]; then
	echo "ok 1 - same device list # SKIP no Debian libdrm.so.2"
	exit 0
fi
tmp=${TMPDIR:-/tmp}/debian_enum_compare.$$
trap 'rm -f "$tmp".deb "$tmp".ours' EXIT
${SHELL:-sh} "$shim" --fresh "$b/tests/lib/debian_enum" --list > "$tmp.deb" 2>&1
rc_deb=$?
${SHELL:-sh} "$shim" --fresh "$b/tests/lib/debian_enum_ours" --list > "$tmp.ours" 2>&1
rc_ours=$?
sed 's/^/# debian: /' "$tmp.deb"
sed 's/^/# ours:   /' "$tmp.ours"
if [ $rc_deb -eq 0 ] && [ $rc_ours -eq 0 ] && [ -s "$tmp.deb" ] && cmp -s "$tmp.deb" "$tmp.ours"; then
	echo "ok 1 - same device list"
else
	diff "$tmp.deb" "$tmp.ours" | sed 's/^/# /'
	echo "# exit codes: debian $rc_deb, ours $rc_ours"
	echo "not ok 1 - same device list"
fi
