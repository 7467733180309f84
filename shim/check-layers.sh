#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The shim's layering, checked on the built objects (TAP). Each layer is a
# convenience library (shim/shim.am); a symbol one layer's object leaves
# undefined and another layer's object defines is a call (or a table
# reference) from the first to the second. These arrows must not exist
# (doc/design.md, "The shim's layers"):
#
#   base -> anything      base is libc only
#   hw   -> drm, i915, os the emulated GPU knows no files, handles or fences
#   drm  -> i915          the DRM core reaches the driver only through struct shim_driver
#   dma_fence -> sync_file  fences call their waiters through the per-kind table
#   anything -> os        the libc boundary is the top: nothing calls up into it
#   os   -> i915          the interposers go through the DRM core
#
# In the spirit of libdrm's symbol checks: nm on what was built, no parsing of C.
# A last point checks the same direction for headers: a layer's sources include
# only headers of the layers it may call (and hwdefs/, the command vocabulary),
# since a struct reached through an upward header is an arrow nm cannot see.
set -u
b=${top_builddir:-.}/shim
s=${top_srcdir:-.}/shim
NM=${NM:-nm}

layers="base hw drm i915 os"
for l in $layers; do
	if [ ! -f "$b/$l/.libs/libshim_$l.a" ]; then
		echo "1..0 # SKIP $b/$l/.libs/libshim_$l.a not built"
		exit 0
	fi
done

# One line per symbol reference: "D layer/file symbol" (defined) or
# "U layer/file symbol" (undefined).
refs=$(for l in $layers; do
	$NM -A "$b/$l/.libs/libshim_$l.a" 2>/dev/null |
		awk -v l="$l" '{
			n = split($1, p, ":"); m = p[n - 1]
			sub(/^libshim_[a-z0-9]+_la-/, "", m); sub(/\.o$/, "", m)
			if ($2 == "U") print "U", l "/" m, $3
			else if ($3 != "" && $2 ~ /^[TDRBCVW]$/) print "D", l "/" m, $3
		}'
done)

echo "$refs" | awk '
	$1 == "D" { def[$3] = $2; next }
	$1 == "U" { use[++n] = $2 " " $3 }
	END {
		nrule = split("base:hw,drm,i915,os|hw:drm,i915,os|drm:i915|drm/dma_fence:drm/sync_file|hw,drm,i915:os|os:i915", rules, "|")
		split("base calls no other layer|hw calls only base|drm never calls i915|dma_fence never calls sync_file|nothing calls up into os|os never calls i915", names, "|")
		print "1.." nrule + 1
		for (r = 1; r <= nrule; r++) {
			split(rules[r], ft, ":")
			nf = split(ft[1], from, ","); nt = split(ft[2], to, ",")
			bad = 0
			for (i = 1; i <= n; i++) {
				split(use[i], u, " ")
				callee = def[u[2]]
				if (callee == "") continue
				if (!matches(u[1], from, nf) || !matches(callee, to, nt)) continue
				printf "# %s -> %s : %s\n", u[1], callee, u[2]
				bad++
			}
			printf "%s %d - %s\n", bad ? "not ok" : "ok", r, names[r]
		}
	}
	# "drm" matches drm/anything; "drm/dma_fence" matches that file only;
	# "i915" takes in i915/gt and i915/display.
	function matches(obj, set, k,    j, layer) {
		for (j = 1; j <= k; j++) {
			if (obj == set[j]) return 1
			layer = obj; sub(/\/.*/, "", layer)
			if (set[j] !~ /\// && layer == set[j]) return 1
		}
		return 0
	}'

# Headers: "layer: layers whose headers it may include".
bad=0
for rule in "base:base" "hw:base hw hwdefs" "drm:base hw drm hwdefs" "i915:base hw drm i915 hwdefs" \
	    "os:base hw drm os hwdefs"; do
	l=${rule%%:*}
	allowed=" ${rule#*:} "
	for f in $(find "$s/$l" -name '*.[ch]'); do
		for inc in $(sed -n 's|^#include "\([a-z0-9_]*\)/.*|\1|p' "$f"); do
			case "$allowed" in
			*" $inc "*) ;;
			*) echo "# ${f#$s/} includes a header of $inc/"; bad=$((bad + 1)) ;;
			esac
		done
	done
done
if [ "$bad" -eq 0 ]; then echo "ok 7 - headers follow the same arrows"; else echo "not ok 7 - headers follow the same arrows"; fi
