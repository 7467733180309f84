#!/bin/sh
# SPDX-License-Identifier: MIT
# run-fuzz.sh NAME: runs the libFuzzer harness tests/fuzz/NAME (built by
# tests/fuzz/fuzz.am) from its checked-in seeds, as one TAP test point, and
# reports executions, coverage (cov) and features (ft). Uses the harness, the
# seed corpus and the shell; touches nothing but its work directory.
#
# Bounded and repeatable for make check: FUZZ_TIME seconds (default 8) or
# FUZZ_RUNS inputs (default 200000), whichever comes first, libFuzzer seed
# FUZZ_SEED (default 1). make fuzz sets FUZZ_TIME, FUZZ_RUNS=-1 (no bound) and
# FUZZ_CORPUS (a corpus kept between runs); FUZZ_ARGS adds libFuzzer options
# (-jobs=N, -dict=..., ...). The emulated devices live in a private
# directory (I915_SHIM_DIR), removed at the end whatever happened; a crash,
# leak, timeout or sanitizer report fails the test, and its input is kept as
# tests/fuzz/NAME-crash-* (reproduce: tests/fuzz/NAME FILE).
set -u
name=$1
b=${top_builddir:-.}
s=${top_srcdir:-.}
bin=$b/tests/fuzz/$name
echo "1..1"
if [ "${FUZZ_ENABLED:-no}" != yes ] || [ ! -x "$bin" ]; then
	echo "ok 1 - $name # SKIP not built (configure: no clang with libFuzzer, or --disable-fuzz)"
	exit 0
fi
work=$b/tests/fuzz/run.$name.$$
shm=${FUZZ_SHM_DIR:-/dev/shm}/libdrm-gem-fuzz.$name.$$
corpus=${FUZZ_CORPUS:-$work/corpus}
trap 'rm -rf "$work" "$shm"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$work" "$shm" "$corpus" || exit 1
I915_SHIM_DIR=$shm
export I915_SHIM_DIR
unset I915_SHIM_INSTANCE LD_PRELOAD
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}
export UBSAN_OPTIONS

start=$(date +%s)
# shellcheck disable=SC2086
"$bin" -seed="${FUZZ_SEED:-1}" -runs="${FUZZ_RUNS:-200000}" -max_total_time="${FUZZ_TIME:-8}" \
	-timeout=30 -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="$work/" \
	${FUZZ_ARGS:-} "$corpus" "$s/tests/fuzz/corpus/$name" > "$work/log" 2>&1
rc=$?
secs=$(( $(date +%s) - start ))

execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
last=$(grep -E '^#[0-9]+' "$work/log" | tail -n 1)
cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
corp=$(echo "$last" | sed -n 's/.* corp: \([^ ]*\).*/\1/p')
echo "# $name: ${execs:-?} executions in ${secs}s, cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}"
if [ $rc -eq 0 ]; then
	echo "ok 1 - $name"
	exit 0
fi
for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
	[ -f "$f" ] || continue
	cp "$f" "$b/tests/fuzz/$name-$(basename "$f")"
	echo "# input kept: $b/tests/fuzz/$name-$(basename "$f")"
done
grep -n -A40 -E 'ERROR:|runtime error|SUMMARY' "$work/log" | head -n 80 | sed 's/^/# /'
echo "not ok 1 - $name (libFuzzer exit $rc)"
exit 1
