#!/bin/sh
# SPDX-License-Identifier: MIT
# The main job's speed (make bench-demo): tools/compositor at 1280x720 with
# three GLES clients on the shim (gen9 model), REPEAT runs of SECONDS each
# (defaults 3 and 3), reporting medians with their spread:
#  - unpaced (--fast: compositor and clients as fast as they can): composed
#    frames/s, client frames shown per second;
#  - the same with the 2D layer's CPU path only (--cpu), the anchor;
#  - paced as a desktop is (compositor at 60 Hz, clients at 60/30/20 fps):
#    present-to-screen latency per client, median and 99th percentile.
# Usage: demo_bench.sh BUILDDIR
b=${1:-.}
secs=${SECONDS_PER_RUN:-3}
repeat=${REPEAT:-3}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
run() {	# run NAME ARGS...
	name=$1; shift
	i=0
	while [ $i -lt "$repeat" ]; do
		I915_SHIM_DEVID=${I915_SHIM_DEVID:-1912} "$b/shim/i915-shim" --fresh "$b/tools/compositor" \
			--seconds "$secs" --out "$tmp/demo.png" "$@" > "$tmp/$name.$i" 2>&1
		i=$((i + 1))
	done
}
# median [min..max] of a list of numbers
stats() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit }
		printf "%.1f [%.1f..%.1f]", v[int((NR + 1) / 2)], v[1], v[NR] }'
}
run gpu --fast
run cpu --fast --cpu
run paced
echo "demo_bench: tools/compositor, 1280x720, 3 clients, $repeat runs of $secs s each: median [min..max]"
for mode in gpu cpu; do
	fps=$(cat "$tmp/$mode".* | sed -n 's/^compositor: .*(\([0-9.]*\) frames\/s).*/\1/p' | stats)
	shown=$(cat "$tmp/$mode".* | awk '/^compositor:/ { if (n) print t; t = 0; n = 1 }
		/^client [0-9] \(/ { s = $0; sub(/.*shown \(/, "", s); sub(/\/s\).*/, "", s); t += s }
		END { if (n) print t }' | stats)
	label=$([ $mode = gpu ] && echo "blitter (the demo)" || echo "CPU only (anchor)")
	printf '  unpaced, %-19s %s composed frames/s, %s client frames shown/s\n' "$label:" "$fps" "$shown"
done
for i in 0 1 2; do
	med=$(cat "$tmp/paced".* | sed -n "s/^client $i .*median \([0-9.]*\) ms.*/\1/p" | stats)
	p99=$(cat "$tmp/paced".* | sed -n "s/^client $i .*p99 \([0-9.]*\) ms.*/\1/p" | stats)
	title=$(sed -n "s/^client $i (\([^)]*\)).*/\1/p" "$tmp/paced.0")
	printf '  paced at 60 Hz, client %d (%s): present-to-screen median %s ms, p99 %s ms\n' $i "$title" "$med" "$p99"
done
echo "  (goal: at least 60 composed frames/s; under 2 ms median latency)"
exit 0
