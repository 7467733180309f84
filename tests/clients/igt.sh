#!/bin/sh
# SPDX-License-Identifier: MIT
# Debian's intel-gpu-tools (IGT 1.27) on the shim: every benchmark of
# /usr/libexec/igt-gpu-tools/benchmarks, lsgpu, intel_reg and intel_gpu_top, on the
# default model (Skylake, devid 1912) with our libdrm, and gem_exec_nop,
# gem_blt and lsgpu again with Debian's; each run on a fresh device, with
# its shortest options (the whole script takes about 40 s). A run passes
# when it exits 0, prints its figure (a number other than 0, shown in a
# TAP comment) and leaves no error state behind: no batch was reset as a
# hang or hit a GPU fault. gem_exec_trace replays a trace that IGT's
# libgem_exec_tracer.so records of gem_exec_reloc; kms_vblank runs with the
# display lit by tests/clients/display_on; and intel_error_decode must decode
# the error state of a hang that tests/clients/igt_hang makes, its batch
# included, command by command. What cannot pass here says why: SKIP for
# limits of this machine or of IGT itself, TODO for what the shim does not
# do yet (an unexpected pass then shows as XPASS). Skips when
# intel-gpu-tools is not installed. TAP: one line per program and library.
: "${top_builddir:=.}"
. "${top_srcdir:-.}/tests/clients/runs.sh"
bench=${IGT_BENCHMARKS:-/usr/libexec/igt-gpu-tools/benchmarks}
launcher="$top_builddir/shim/i915-shim"
display_on="$top_builddir/tests/clients/display_on"
igt_hang="$top_builddir/tests/clients/igt_hang"
missing=""
{ [ -x "$bench/gem_exec_nop" ] && command -v lsgpu && command -v intel_gpu_top && command -v intel_reg &&
	command -v intel_error_decode; } > /dev/null 2>&1 || missing="intel-gpu-tools not installed"
plan=31
clients_plan $plan "$missing"
# A --enable-sanitizers build's launcher preloads the sanitizer runtime into
# IGT's programs too: what they leak is not ours, and LSan cannot stop the
# threads of their forked children, so leaks go unchecked there.
sanitized=""
if grep -q '^first="[^"]' "$launcher"; then
	sanitized=1
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
	export ASAN_OPTIONS
fi

n=0
# tap OK DESCRIPTION [DIRECTIVE]: the next TAP line, ok when OK is 0.
tap() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2${3:+ # $3}"
	else
		echo "not ok $n - $2${3:+ # $3}"
	fi
}

# run LIB COMMAND [ARGS...]: COMMAND on a fresh device instance with LIB's
# libdrm (ours or debian), killed after a minute; with own_ipc set, in an IPC
# namespace of its own whose msgmnb is 1 MiB. Sets rc (its status), ms (the
# wall time) and hang (the first line of the error state it left, "GPU HANG:
# ..." when a batch was reset or faulted, else empty; the file is root's);
# its output is in $tmp/out.
run() {
	lib=$1
	shift
	set -- sh -c 'echo $$ > "$IGT_PID"; exec "$@"' sh "$launcher" --fresh sh -c \
		'"$@"; rc=$?; head -n 1 /sys/class/drm/card0/error > "$IGT_ERR" 2>&1; exit $rc' sh "$@"
	[ -z "$own_ipc" ] || set -- unshare --ipc sh -c 'echo 1048576 > /proc/sys/kernel/msgmnb && exec "$@"' sh "$@"
	rm -f "$tmp/err" "$tmp/pid"
	t0=$(date +%s%N)
	IGT_ERR="$tmp/err" IGT_PID="$tmp/pid" LD_LIBRARY_PATH=$(clients_libpath "$lib") \
		timeout -k 5 60 "$@" > "$tmp/out" 2>&1
	rc=$?
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	hang=$(grep "^GPU HANG" "$tmp/err" 2>/dev/null)
	# killed, the launcher could not remove its instance (named after its pid)
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		pid=$(cat "$tmp/pid" 2>/dev/null)
		[ -z "$pid" ] || rm -rf "${I915_SHIM_DIR:-/dev/shm}/i915-shim-v"*"-fresh.$pid."*
	fi
}

# figure REGEX: the last line of the output that matches REGEX, blanks squeezed.
figure() {
	grep -E "$1" "$tmp/out" | tail -n 1 | sed 's/^[[:space:]]*//; s/[[:space:]][[:space:]]*/ /g'
}

# judge DESCRIPTION FIGURE UNIT [TODO]: the TAP line of the last run. Exit
# 77 is IGT's skip; otherwise ok when it exited 0, left no error state and
# FIGURE holds a number other than 0. TODO: what the shim lacks for it.
judge() {
	[ $rc -eq 0 ] || bad="${bad:+$bad; }exit $rc"
	echo "$2" | grep -q '[1-9]' || bad="${bad:+$bad; }no figure"
	[ -z "$hang" ] || bad="${bad:+$bad; }error state: $hang"
	echo "# $1: ${2:-no figure}${3:+ $3} [$ms ms]"
	if [ $rc -eq 77 ]; then
		tap 0 "$1" "SKIP $(grep -v '^[[:space:]]*$' "$tmp/out" | tail -n 1)"
	elif [ -z "$bad" ]; then
		tap 0 "$1: $2${3:+ $3}" "${4:+TODO $4}"
	else
		tail -n 12 "$tmp/out" | sed 's/^/#   /'
		tap 1 "$1: $bad" "${4:+TODO $4}"
	fi
	bad=""
}
bad=""
num='^[[:space:]]*[0-9]+(\.[0-9]+)?[[:space:]]*$'

# --- the benchmarks, with our libdrm ---------------------------------------

run ours "$bench/gem_blt" -r 1 -t 500
judge "gem_blt -r 1 -t 500" "$(figure "$num")" "MiB/s copied by the blitter, 1 MiB at a time"

# With HANDLE_LUT, relocation targets are list positions, but gem_busy gives
# GEM handles; its batch, now with relocations, must move above
# BATCH_OFFSET_BIAS, so i915 relocates and refuses the target (ENOENT).
run ours "$bench/gem_busy" -r 1
if [ $rc -ne 0 ] && grep -q "error: -2 != 0" "$tmp/out"; then
	echo "# gem_busy -r 1: EXECBUFFER2 fails with ENOENT, as on Linux 6.1 [$ms ms]"
	tap 0 "gem_busy -r 1" "SKIP IGT 1.27's bug: with HANDLE_LUT it gives GEM handles as relocation targets; Linux 6.1 refuses them too (ENOENT)"
else
	bad="not the ENOENT Linux 6.1 gives"
	judge "gem_busy -r 1" "$(figure "$num")" "ns per GEM_BUSY on a busy object"
fi

run ours "$bench/gem_create" -s 4096 -r 1
judge "gem_create -s 4096 -r 1" "$(figure "$num")" "objects/s created, moved to the GTT domain and closed (4 KiB)"

run ours "$bench/gem_exec_ctx" -r 1
judge "gem_exec_ctx -r 1" "$(figure "$num")" "us per empty batch on a context of its own"

# IGT's allocator grows its SysV message queue beyond msgmnb (16384): that
# takes CAP_SYS_RESOURCE, which a container's root may lack; an IPC
# namespace of its own, where root may raise msgmnb, does without.
own_ipc=""
unshare --ipc sh -c 'echo 1048576 > /proc/sys/kernel/msgmnb' > /dev/null 2>&1 && own_ipc=1
run ours "$bench/gem_exec_fault" -r 1
own_ipc=""
if grep -q "Couldn't change queue size" "$tmp/out"; then
	echo "# gem_exec_fault -r 1: msgctl(IPC_SET) cannot raise the message queue above msgmnb [$ms ms]"
	tap 0 "gem_exec_fault -r 1" "SKIP IGT's allocator needs CAP_SYS_RESOURCE or a raised kernel.msgmnb (msgctl IPC_SET: EPERM)"
else
	judge "gem_exec_fault -r 1" "$(figure "$num")" "us per execbuf, binding its object and refused an impossible alignment in turn"
fi

run ours "$bench/gem_exec_nop" -e rcs -r 1
judge "gem_exec_nop -e rcs -r 1" "$(figure "$num")" "us per empty batch on the render engine"

run ours "$bench/gem_exec_nop" -e all -r 1
judge "gem_exec_nop -e all -r 1" "$(figure "$num")" "us per empty batch, round robin over every engine"

run ours "$bench/gem_exec_reloc" -b 100 -r 0 -s 1
judge "gem_exec_reloc -b 100 -r 0 -s 1" "$(figure "$num")" "us per 1000 execbufs of 101 objects (the last of 13 rounds)"

# The trace: gem_exec_reloc's ioctls as libgem_exec_tracer.so records them in
# /tmp/trace-PID.FD, preloaded before the shim so that it sees them first.
run ours sh -c 'echo $$ > "$1/traced"; LD_PRELOAD=$(echo "$LD_PRELOAD" | sed "s|[^:]*libi915_shim\.so|$2:&|") \
	exec "$3" -b 10 -r 10 -s 1 -l 1' sh "$tmp" "$bench/libgem_exec_tracer.so" "$bench/gem_exec_reloc"
traced=$(cat "$tmp/traced" 2>/dev/null)
if [ -n "$traced" ]; then
	for f in /tmp/trace-"$traced".*; do [ -f "$f" ] && mv "$f" "$tmp/"; done
fi
trace=$(ls -S "$tmp"/trace-* 2>/dev/null | head -n 1)
if [ $rc -ne 0 ] || [ -z "$trace" ] || [ "$(wc -c < "$trace")" -le 8 ]; then
	bad="recording failed (exit $rc, trace '${trace##*/}')"
else
	# -n -1: each execbuf's batch is a 4 KiB MI_BATCH_BUFFER_END, not a calibrated 1 ms of MI_NOOPs
	run ours "$bench/gem_exec_trace" -n -1 "$trace"
fi
judge "gem_exec_trace -n -1 (gem_exec_reloc -b 10 -r 10 -l 1 traced)" \
	"$(figure ': [0-9.]+$' | sed 's/.*: //')" "ms to replay its 1001 execbufs of 11 objects"

if [ -n "$sanitized" ]; then
	# were an assertion of its to fail, its stack trace (libdw, which dlopens
	# libdebuginfod and with it gnutls) deadlocks in bindtextdomain under the
	# sanitizer runtime
	tap 0 "gem_latency -t 1" "SKIP not run under the sanitizers"
else
	# the engines' timestamps read through the MMIO BAR (resource0) against a batch's store of them
	run ours "$bench/gem_latency" -t 1
	judge "gem_latency -t 1" "$(figure '^[0-9]+/[0-9]+: ')" \
		"(completed/producers: dispatch, latency, producer latency, CPU time)"
fi

# -r 3: with fewer samples IGT's trimean is 0
run ours "$bench/gem_prw" -r 3
judge "gem_prw -r 3" "$(figure "$num")" "us to pread 8 MiB from the GTT domain"

run ours "$bench/gem_set_domain" -r 1
judge "gem_set_domain -r 1" "$(figure "$num")" "GTT/CPU domain round trips per second (1 MiB)"

run ours "$bench/gem_syslatency" -t 1
judge "gem_syslatency -t 1" "$(figure 'latency mean=' | sed 's/^gem_syslatency: //')" "(CPU wake-ups beside the GPU load)"

# userptr-sync only: the impact subtests take 3 s per measurement, 48 each
run ours "$bench/gem_userptr_benchmark" --run-subtest userptr-sync
grep -E "(create-destroy|random) *=" "$tmp/out" | sed 's/^/#   /; s/  */ /g'
grep -q "Subtest userptr-sync: SUCCESS" "$tmp/out" || bad="no SUCCESS"
judge "gem_userptr_benchmark --run-subtest userptr-sync" \
	"$(figure '^create-destroy *=' | sed 's/.*= //')" "userptr objects created and closed"

# One batch of 1 ms on the render engine: it ends when the context timestamp
# has advanced 1 ms (MI_MATH on RING_CTX_TIMESTAMP, MI_CONDITIONAL_BATCH_BUFFER_END).
run ours "$bench/gem_wsim" -w 1.RCS.1000.0.0 -r 1
judge "gem_wsim -w 1.RCS.1000.0.0 -r 1" "$(figure 'workloads/s')" ""

for size in small large large_gtt large_map; do
	run ours "$bench/intel_upload_blit_$size"
	judge "intel_upload_blit_$size" "$(figure 'MB/sec' | sed 's/.*: //')" "uploaded and blitted"
done

# kms_vblank wants CRTC 0 running, as a desktop leaves it: display_on lights
# HDMI-A-1 for it. It counts its vblank waits while 120 vblanks pass: 2 s at 60 Hz.
for what in event query; do
	run ours "$display_on" "$bench/kms_vblank" -w $what -r 1
	[ $rc -ne 0 ] || [ $ms -ge 1900 ] || bad="120 vblanks in $ms ms, faster than 60 Hz"
	[ $what = event ] && unit="WAIT_VBLANKs/s, each with its event read" || unit="WAIT_VBLANK queries/s"
	judge "kms_vblank -w $what -r 1" "$(figure "$num")" "$unit while 120 vblanks pass"
done

# The default (512 devices, 1024 dma-bufs each) needs RLIMIT_NOFILE 524801.
run ours "$bench/prime_lookup" -d 8 -a 64 -o 1024
judge "prime_lookup -d 8 -a 64 -o 1024" "$(figure ' us$')" "per PRIME export and import"

run ours "$bench/vgem_mmap"
if [ $rc -eq 77 ] && grep -q "(vgem)" "$tmp/out"; then
	echo "# vgem_mmap: $(grep "(vgem)" "$tmp/out") [$ms ms]"
	tap 0 "vgem_mmap" "SKIP no vgem device: the shim emulates i915 alone (on Linux: modprobe vgem)"
else
	judge "vgem_mmap" "$(figure "$num")" ""
fi

# --- the tools, with our libdrm ---------------------------------------------

# check_lines DESCRIPTION PATTERN...: judge a run whose figure is the lines
# of its output that match each (extended) PATTERN, all of which must be there.
check_lines() {
	what=$1
	shift
	found=""
	for p in "$@"; do
		line=$(figure "$p")
		[ -n "$line" ] || bad="${bad:+$bad; }no line /$p/"
		found="${found:+$found, }'$line'"
	done
	judge "$what" "$found" ""
}

run ours lsgpu
check_lines "lsgpu" '^card0 +Intel Skylake \(Gen9\) +drm:/dev/dri/card0$' 'renderD128 +drm:/dev/dri/renderD128$'

# intel_reg through the MMIO BAR: the render TIMESTAMP read twice must have moved
# on, and a register written by one process reads back in the next.
run ours sh -c 'intel_reg read 0x2358 && sleep 0.01 && intel_reg read 0x2358 &&
	intel_reg write 0x4010 0x5a5a1234 && intel_reg read 0x4010'
t1=$(grep '(0x00002358)' "$tmp/out" | head -n 1 | sed 's/.*: //')
t2=$(grep '(0x00002358)' "$tmp/out" | tail -n 1 | sed 's/.*: //')
[ -n "$t1" ] && [ "$t1" != "$t2" ] || bad="TIMESTAMP did not move ('$t1', '$t2')"
grep -q '(0x00004010): 0x5a5a1234$' "$tmp/out" || bad="${bad:+$bad; }0x4010 did not keep what was written"
judge "intel_reg read/write" "TIMESTAMP $t1 then $t2" ""

run ours intel_gpu_top -L
check_lines "intel_gpu_top -L" '^card0 +Intel Skylake \(Gen9\) +pci:vendor=8086,device=1912,card=0$' 'renderD128'

# Sampling through the i915 PMU (perf_event_open, shim/i915/i915_pmu.c); with
# none it says so and crashes (IGT's bug). Success here: it is still sampling
# after 3 s and prints the render engine's column.
[ -z "$sanitized" ] || ASAN_OPTIONS="$ASAN_OPTIONS:handle_segv=0"	# IGT's crash, not ours to report
run ours timeout 3 intel_gpu_top -l -s 500
[ -z "$sanitized" ] || ASAN_OPTIONS=${ASAN_OPTIONS%:handle_segv=0}
[ $rc -eq 124 ] && rc=0
grep -q "Failed to detect engines" "$tmp/out" && bad="$(figure 'Failed to detect engines')"
judge "intel_gpu_top -l -s 500" "$(figure 'RCS')" ""

# intel_error_decode on this machine (no shim) reads the error state of a
# hang igt_hang makes: its batch must decode command by command.
run ours sh -c 'exec "$1" > "$2"' sh "$igt_hang" "$tmp/error"
if [ $rc -eq 0 ]; then
	hang=""	# the hang is the point
	intel_error_decode "$tmp/error" > "$tmp/decode" 2>&1
	rc=$?
	cp "$tmp/decode" "$tmp/out"
	grep -q "^Detected GEN9 chipset" "$tmp/decode" || bad="no 'Detected GEN9 chipset'"
	grep -q "^batch (rcs0) at 0x00000000_00800000$" "$tmp/decode" || bad="${bad:+$bad; }no batch section"
	nops=$(grep -c "^0x008000[01][0-9a-f]:  *0x00401ce[0-7]: MI_NOOP write NOPID reg, val=0x1ce[0-7]$" "$tmp/decode")
	[ "$nops" -eq 8 ] || bad="${bad:+$bad; }$nops of the 8 MI_NOOPs with their ids"
	grep -A1 "^0x00800020:  *0x18800101: MI_BATCH_BUFFER_START$" "$tmp/decode" |
		grep -q "^0x00800024:  *0x00800000:" || bad="${bad:+$bad; }no MI_BATCH_BUFFER_START back to 0x00800000"
	grep -q "ASCII85 decode failed\|Failed to" "$tmp/decode" && bad="${bad:+$bad; }$(grep -m1 "ASCII85 decode failed\|Failed to" "$tmp/decode")"
	fig="$(wc -l < "$tmp/decode") lines; batch: $nops MI_NOOPs with ids, then MI_BATCH_BUFFER_START 0x800000"
else
	fig=""
fi
judge "intel_error_decode of igt_hang's error state" "$fig" ""

# --- a few again with Debian's libdrm ----------------------------------------

run debian "$bench/gem_exec_nop" -e rcs -r 1
judge "gem_exec_nop -e rcs -r 1 with Debian's libdrm" "$(figure "$num")" "us per empty batch on the render engine"

run debian "$bench/gem_blt" -r 1 -t 500
judge "gem_blt -r 1 -t 500 with Debian's libdrm" "$(figure "$num")" "MiB/s copied by the blitter, 1 MiB at a time"

run debian lsgpu
check_lines "lsgpu with Debian's libdrm" '^card0 +Intel Skylake \(Gen9\) +drm:/dev/dri/card0$' \
	'renderD128 +drm:/dev/dri/renderD128$'

[ $n -eq $plan ] || { echo "# the plan says $plan lines, $n were printed"; exit 1; }
