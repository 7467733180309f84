#!/bin/sh
# SPDX-License-Identifier: MIT
# The main job (tools/compositor with three tools/client GLES clients), as
# make check runs it: a fixed number of frames in lockstep, so that the
# last frame is exact, compared byte for byte (PNG) with the reference the
# compositor draws with the CPU alone (--reference: the 2D layer's
# GEM2D_CPU_ONLY and the CPU rendition of each client's frame):
#  - on a gen3, a gen6 and a gen9 device model, and on gen9 with the clients'
#    EGL vendor built over Debian's libdrm_intel;
#  - with a client killed mid-run: it leaves the screen, the others go on;
#  - with a client whose batch hangs the GPU (hangcheck at 250 ms): its
#    context is banned and its window shows "not responding" over its last
#    good frame, the others go on;
#  - with a client whose timeline points never get a fence: its presents
#    are skipped after --fence-timeout, its window keeps its last frame;
#  - the free-running demo for a second, as ./run demo runs it.
# Under make check-valgrind ($TEST_WRAPPER) the compositor runs under
# memcheck, and so do the clients of the lockstep runs (--client, a script
# that starts each under the same wrapper).
: "${top_builddir:=.}"
comp="$top_builddir/tools/compositor"
shim="$top_builddir/shim/i915-shim"
debian_json="$top_builddir/tests/gl/gem_debian_vendor.json"
echo "1..9"
if [ ! -x "$comp" ]; then
	for i in 1 2 3 4 5 6 7 8 9; do echo "ok $i # SKIP tools/compositor not built (libpng, pixman, libglvnd)"; done
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
FRAMES=45

# same NAME LIVE.png REF.png LOG
same() {
	n=$((n + 1))
	if [ -f "$2" ] && [ -f "$3" ] && cmp -s "$2" "$3"; then
		echo "ok $n - $1"
	else
		sed 's/^/# /' "$4" | tail -20
		echo "not ok $n - $1: the last frame differs from the CPU reference"
	fi
}

reference() {	# reference OUT.png ARGS...
	out=$1; shift
	"$shim" --fresh "$comp" --quiet --reference --frames $FRAMES --out "$out" "$@" > "$tmp/ref.log" 2>&1
}

client_args=
if [ -n "${TEST_WRAPPER:-}" ]; then
	printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$TEST_WRAPPER" "$top_builddir/tools/client" > "$tmp/client.sh"
	chmod +x "$tmp/client.sh"
	client_args="--client $tmp/client.sh"
fi

live() {	# live OUT.png ARGS... (log in $tmp/live.log)
	out=$1; shift
	"$shim" --fresh $TEST_WRAPPER "$comp" --frames $FRAMES --out "$out" $client_args "$@" > "$tmp/live.log" 2>&1
}

reference "$tmp/ref.png"
for devid in 2772 0126 1912; do
	I915_SHIM_DEVID=$devid live "$tmp/live.png"
	same "three clients, $FRAMES frames in lockstep on devid $devid" "$tmp/live.png" "$tmp/ref.png" "$tmp/live.log"
done
if [ -f "$debian_json" ]; then
	__EGL_VENDOR_LIBRARY_FILENAMES="$debian_json" I915_SHIM_DEVID=1912 live "$tmp/live.png"
	same "the clients over Debian's libdrm_intel" "$tmp/live.png" "$tmp/ref.png" "$tmp/live.log"
else
	n=$((n + 1)); echo "ok $n # SKIP Debian's libdrm_intel not found"
fi

live "$tmp/kill.png" --kill 1:20
reference "$tmp/kill-ref.png" --without 1
same "a client killed at frame 20 leaves the screen; the others go on" "$tmp/kill.png" "$tmp/kill-ref.png" "$tmp/live.log"

# The hang: client 2 (20 fps, a frame every 3) hangs with its 5th frame, meant for frame 15;
# the window keeps frame 12, its last good one.
"$shim" --fresh sh -c 'echo 250 > /sys/class/drm/card0/engine/rcs0/heartbeat_interval_ms &&
	exec '"$TEST_WRAPPER"' "$0" --frames '$FRAMES' --out "$1" --hang 2:5' "$comp" "$tmp/hang.png" > "$tmp/live.log" 2>&1
reference "$tmp/hang-ref.png" --not-responding 2 --client-frame 2:12
same "a client that hangs the GPU is shown not responding; the others go on" "$tmp/hang.png" "$tmp/hang-ref.png" \
	"$tmp/live.log"
n=$((n + 1))
if grep -q "context banned" "$tmp/live.log" && grep -q "client 2: its frame failed on the GPU" "$tmp/live.log"; then
	echo "ok $n - the hung client's context is banned, the compositor saw its fence fail"
else
	sed 's/^/# /' "$tmp/live.log" | tail -20
	echo "not ok $n - the hung client's context is banned, the compositor saw its fence fail"
fi

# The stall: client 1 (30 fps, a frame every 2) stops signalling from its 5th frame: frame 8 stays.
live "$tmp/stall.png" --stall 1:4 --fence-timeout 100
reference "$tmp/stall-ref.png" --client-frame 1:6
same "a client whose fences never come is skipped after the timeout" "$tmp/stall.png" "$tmp/stall-ref.png" \
	"$tmp/live.log"

n=$((n + 1))
"$shim" --fresh $TEST_WRAPPER "$comp" --seconds 1 --out "$tmp/demo.png" > "$tmp/free.log" 2>&1
rc=$?
shown=$(grep -c "^client [0-9] (.*presents, [1-9][0-9]* shown" "$tmp/free.log")
if [ $rc = 0 ] && [ -f "$tmp/demo.png" ] && [ "$shown" = 3 ]; then
	echo "ok $n - the free-running demo for a second: $(grep '^compositor:' "$tmp/free.log" | cut -d, -f1)"
else
	sed 's/^/# /' "$tmp/free.log" | tail -20
	echo "not ok $n - the free-running demo for a second (rc $rc, $shown clients shown)"
fi
