#!/bin/sh
# SPDX-License-Identifier: MIT
# Debian's X server on the shim's display (issue #15 part 3), headless
# (tools/xorg-headless), with each X driver and with our libdrm and Debian's
# (the server and its drivers link libdrm; the Intel driver libdrm_intel).
# For each run: the server starts and lights HDMI-A-1 at 1920x1080
# (xrandr), xdpyinfo reads the screen, x11perf runs four core-request
# tests, and tests/clients/xdraw's scene of core requests, read back with
# GetImage and as the display shows it (the shim's debugfs scanout picture,
# tests/clients/scanout_raw), is compared with the same scene on Xvfb (fb +
# mi + pixman, the reference). Where a driver draws with the 3D engine, which the shim does
# not execute (SNA's render paths, glamor on Mesa), the comparison is a TODO
# with the count of differing pixels: known, not hidden. SNA with
# AccelMethod "blt" must differ from Xvfb at exactly the pixels where SNA's
# own code draws differently from mi (sna_differs below), no more, no fewer.
# TAP: five lines per driver and library.
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
. "$top_srcdir/tests/clients/runs.sh"
drivers="uxa sna blt modesetting shadow"
# Pixel comparisons not expected to match yet (see the note of issue #15).
pixels_todo="sna modesetting"
# x,y of the pixels where SNA itself differs from the X server's mi, so also
# on real hardware: 14 at the miter join of the 7-pixel-wide line's corner
# (400,90), which SNA's wide-line code leaves out also with AccelMethod
# "none" (no GPU at all); and the last point of the thin polyline and of two
# thin segments, which sna_poly_zero_line_blt/_segment_blt end one pixel
# early for CapButt (their XY_SCANLINES_BLT runs stop before it).
sna_differs="131,11 200,125 220,140 404,89 405,89 404,90 405,90 406,90 404,91 405,91 406,91
407,91 408,91 404,92 405,92 406,92 407,92"
xdraw="$top_builddir/tests/clients/xdraw"
scanout_raw="$top_builddir/tests/clients/scanout_raw"
missing=""
[ -x /usr/lib/xorg/Xorg ] && [ -f /usr/lib/xorg/modules/drivers/intel_drv.so ] ||
	missing="xserver-xorg-core or xserver-xorg-video-intel not installed"
[ -z "$missing" ] && { command -v Xvfb && command -v xrandr && command -v xdpyinfo &&
	command -v x11perf; } > /dev/null 2>&1 ||
	missing="${missing:-Xvfb, xrandr, xdpyinfo or x11perf not installed}"
[ -z "$missing" ] && { [ "$(id -u)" = 0 ] && [ -e /dev/tty0 ]; } ||
	missing="${missing:-the X server needs root and /dev/tty0}"
[ -z "$missing" ] && [ ! -x "$xdraw" ] && missing="tests/clients/xdraw not built (no xcb)"
echo "1..$(( $(echo $drivers | wc -w) * 2 * 5 ))"
if [ -n "$missing" ]; then
	for i in $(seq 1 $(( $(echo $drivers | wc -w) * 2 * 5 ))); do echo "ok $i # SKIP $missing"; done
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# The reference: the same scene on Xvfb with the same screen.
mkfifo "$tmp/xvfb.ready"
Xvfb -displayfd 3 -nolisten tcp -br -screen 0 1920x1080x24 3> "$tmp/xvfb.ready" > /dev/null 2>&1 &
xvfb=$!
read -r xvfb_display < "$tmp/xvfb.ready"
DISPLAY=:$xvfb_display "$xdraw" > "$tmp/xvfb.raw"
kill $xvfb
wait $xvfb 2> /dev/null

# What runs inside each server.
cat > "$tmp/inside.sh" <<'INSIDE'
out=$1
xrandr > "$out.xrandr" 2>&1
xdpyinfo > "$out.xdpyinfo" 2>&1
if [ "$X11PERF" = 1 ]; then
	x11perf -repeat 1 -time 1 -rect10 -seg10 -copywinwin10 -ftext > "$out.x11perf" 2>&1
	echo $? > "$out.x11perf.rc"
fi
"$XDRAW" > "$out.raw" 2> "$out.xdraw.err"
echo $? > "$out.xdraw.rc"
# The display's picture once the server has flushed what it drew to the
# framebuffer (it does so when idle, after answering GetImage).
sleep 1
if [ -x "$SCANOUT_RAW" ]; then
	# With the reference as this server's gamma LUT shows it.
	"$SCANOUT_RAW" -g "$XVFB_RAW" "$out.scanout.ref" > "$out.scanout.raw" 2> "$out.scanout.err"
	echo $? > "$out.scanout.rc"
else
	echo 77 > "$out.scanout.rc"
fi
INSIDE

# pixels N WHAT RAW RC ERR REF: the TAP line comparing RAW (exit status in
# RC) with REF, Xvfb's picture, for driver $d.
pixels() {
	p_n=$1 p_what=$2 raw=$3 rc=$(cat "$4" 2> /dev/null) err=$5 ref=$6
	todo=""
	case " $pixels_todo " in *" $d "*) todo=" # TODO not pixel-exact yet" ;; esac
	if [ "$rc" = 77 ]; then
		echo "ok $p_n - $p_what # SKIP $(cat "$err" 2> /dev/null || echo "tests/clients/scanout_raw not built (libpng)")"
	elif [ $d = blt ] && [ "$rc" = 0 ]; then
		# The differing pixels as x,y (the scene is 512 wide, 4 bytes a pixel).
		cmp -l "$raw" "$ref" 2> /dev/null |
			awk '{p = int(($1 - 1) / 4); print p % 512 "," int(p / 512)}' | uniq | sort > "$raw.differs"
		echo $sna_differs | tr ' ' '\n' | sort > "$tmp/sna.differs"
		if cmp -s "$raw.differs" "$tmp/sna.differs"; then
			echo "ok $p_n - $p_what pixel-exact with Xvfb but for SNA's own $(wc -l < "$tmp/sna.differs") pixels"
		else
			diff "$tmp/sna.differs" "$raw.differs" | grep '^[<>]' | head -20 | sed 's/^/# /'
			echo "not ok $p_n - $p_what pixel-exact with Xvfb but for SNA's own pixels ($(wc -l < "$raw.differs") differ)"
		fi
	elif [ "$rc" = 0 ] && cmp -s "$raw" "$ref"; then
		echo "ok $p_n - $p_what pixel-exact with Xvfb$todo"
	else
		diff=$(cmp -l "$raw" "$ref" 2> /dev/null | awk '{print int(($1 - 1) / 4)}' | uniq | wc -l)
		sed 's/^/# /' "$err" 2> /dev/null
		echo "not ok $p_n - $p_what pixel-exact with Xvfb ($diff of 131072 pixels differ)$todo"
	fi
}

n=0
for d in $drivers; do
	for lib in ours debian; do
		out="$tmp/$d-$lib"
		libpath=$(clients_libpath $lib)
		x11perf=0
		[ $lib = ours ] && x11perf=1	# once per driver: it takes seconds
		LD_LIBRARY_PATH=$libpath XDRAW="$xdraw" SCANOUT_RAW="$scanout_raw" XVFB_RAW="$tmp/xvfb.raw" X11PERF=$x11perf "$top_builddir/shim/i915-shim" --fresh \
			"$top_srcdir/tools/xorg-headless" --driver $d --log "$out.log" -- sh "$tmp/inside.sh" "$out" \
			> "$out.run" 2>&1
		rc=$?
		what="Xorg with $d on $lib libdrm"
		n=$((n + 1))
		if [ $rc -eq 0 ] && grep -Eq "^HDMI-?1 connected primary 1920x1080\+0\+0" "$out.xrandr"; then
			echo "ok $n - $what: starts, HDMI-A-1 lit at 1920x1080"
		else
			sed 's/^/# /' "$out.run" "$out.xrandr" 2> /dev/null | tail -40
			echo "not ok $n - $what: starts, HDMI-A-1 lit at 1920x1080 (exit $rc)"
		fi
		n=$((n + 1))
		if grep -q "dimensions:    1920x1080 pixels" "$out.xdpyinfo" 2> /dev/null; then
			echo "ok $n - $what: xdpyinfo"
		else
			echo "not ok $n - $what: xdpyinfo"
		fi
		n=$((n + 1))
		reps=$(grep -c "reps @" "$out.x11perf" 2> /dev/null)
		if [ $x11perf = 0 ]; then
			echo "ok $n - $what: x11perf # SKIP run once per driver, with our libdrm"
		elif [ "$(cat "$out.x11perf.rc" 2> /dev/null)" = 0 ] && [ "$reps" = 4 ]; then
			grep "reps @" "$out.x11perf" | sed 's/^/# /'
			echo "ok $n - $what: x11perf rect10 seg10 copywinwin10 ftext"
		else
			sed 's/^/# /' "$out.x11perf" 2> /dev/null | tail -10
			echo "not ok $n - $what: x11perf rect10 seg10 copywinwin10 ftext ($reps of 4)"
		fi
		n=$((n + 1))
		pixels $n "$what: core requests read back with GetImage," "$out.raw" "$out.xdraw.rc" "$out.xdraw.err" \
			"$tmp/xvfb.raw"
		n=$((n + 1))
		pixels $n "$what: core requests on the display (scanout, through its gamma LUT)," \
			"$out.scanout.raw" "$out.scanout.rc" "$out.scanout.err" "$out.scanout.ref"
	done
done
