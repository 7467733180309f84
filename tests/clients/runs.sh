# SPDX-License-Identifier: MIT
# Sourced by the client suite's scripts (tests/clients/*.sh), which run one
# Debian program per device model and library.
#   clients_begin "MODELS" "WHY"  prints the TAP plan, two runs per model (our
#                                libdrm and Debian's); with WHY non-empty it
#                                skips them all for that reason and exits; else
#                                it makes $tmp, removed on exit.
#   clients_plan N "WHY"         the same for a plan of N lines.
#   clients_libpath LIB          the LD_LIBRARY_PATH that picks LIB (ours: the
#                                build tree's; debian: the system's).
clients_begin() {
	clients_plan $(( $(echo $1 | wc -w) * 2 )) "$2"
}

clients_plan() {
	total=$1
	echo "1..$total"
	if [ -n "$2" ]; then
		for i in $(seq 1 "$total"); do echo "ok $i # SKIP $2"; done
		exit 0
	fi
	tmp=$(mktemp -d) || exit 1
	trap 'rm -rf "$tmp"' EXIT
}

clients_libpath() {
	if [ "$1" = ours ]; then echo "$top_builddir/.libs"; fi
}
