#!/bin/sh
# SPDX-License-Identifier: MIT
# The mi geometry (upper-layers/2d/mi_*.c) against Xvfb, request by
# request: thin lines, dashes, points and rectangles (mi_line_check),
# polygons, arcs and filled arcs (mi_arc_check), a few hundred random
# requests per category here (the programs take a count for longer runs).
# TAP; SKIP without Xvfb.
: "${top_builddir:=.}"
echo "1..2"
n=0
for p in "mi_line_check 300" "mi_arc_check 300"; do
	n=$((n + 1))
	set -- $p
	out=$("$top_builddir/tests/2d/$1" "$2" 2>&1)
	rc=$?
	if [ $rc -eq 77 ]; then
		echo "ok $n - $1 # SKIP Xvfb not installed"
	elif [ $rc -eq 0 ]; then
		echo "$out" | tail -1 | sed 's/^/# /'
		echo "ok $n - $1"
	else
		echo "$out" | tail -20 | sed 's/^/# /'
		echo "not ok $n - $1"
	fi
done
