#!/bin/sh
# SPDX-License-Identifier: MIT
# I915_SHIM_DEBUG's traces, as man/i915-shim.1 documents them, written to
# I915_SHIM_LOG: "ioctl" one line per ioctl with its name, "exec" one line per
# batch with its outcome and skipped commands, "cmd" one line per command
# with the decoder's name and length, skipped ones marked. The batch is
# tests/shim/trace_batch's (gen8+ encodings: the default Skylake model).
# TAP: one line per check.
: "${top_builddir:=.}"
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT
echo "1..6"
I915_SHIM_DEBUG=ioctl,exec,cmd I915_SHIM_LOG=$log \
	"$top_builddir/shim/i915-shim" --fresh "$top_builddir/tests/shim/trace_batch" >/dev/null 2>&1
rc=$?
n=0
check() {
	n=$((n + 1))
	if [ "$rc" -eq 0 ] && grep -q -E "$1" "$log"; then
		echo "ok $n - $2"
	else
		echo "# rc $rc; the log:"
		sed 's/^/# /' "$log"
		echo "not ok $n - $2"
	fi
}
check "I915_GEM_EXECBUFFER2" "ioctl: the execbuffer by name"
check ": 00000000 MI_NOOP, 1 dword$" "cmd: MI_NOOP"
check ": 680b0001 3DSTATE_VF_STATISTICS, 1 dword \(skipped\)$" "cmd: a skipped 3D command, one dword long"
check ": 7a000004 PIPE_CONTROL, 6 dwords: [0-9a-f]{8}( [0-9a-f]{8}){4}$" "cmd: PIPE_CONTROL, run, with its five operands"
check ": 05000000 MI_BATCH_BUFFER_END, 1 dword$" "cmd: the end of the batch"
check "batch 0x[0-9a-f]+ on engine 0: done, 1 commands skipped" "exec: the batch's outcome"
