#!/usr/bin/env bash
# gpu-run.sh: the first run of "gpuverify bench" on a real GPU, for a
# session that has one. Nothing in the repository has run the kernels on a
# GPU yet: this script collects what is needed to check them.
#
# Usage (from the repository root, on the GPU machine):
#
#   verifier/bench/gpu-run.sh [OUT]      # OUT defaults to $OUT, else ./gpu-run-out
#
# It uses bin/gpuverify when that starts on this machine (build it first
# with "make verifier" and carry bin/gpuverify along), else builds it with
# the go on PATH (cgo on, as make verifier does). It needs no CUDA toolkit.
# About 1–2 minutes: a 30 s bench, plus nvidia-smi and the facts.
#
# Writes to OUT:
#   summary.txt            what ran, each step's exit code, the verdict
#   env.txt                uname, glibc, driver, libcuda found by the loader
#   nvidia-smi.txt         nvidia-smi (plain), before the bench
#   nvidia-smi-q.xml       nvidia-smi -q -x (the facts fixture format)
#   facts.json             gpuverify facts --format json (NVML)
#   bench.json             gpuverify bench --duration 30s --format json
#   bench.stderr           its stderr (progress, errors)
#   bench.txt              a second, 10 s run as text (what a user sees)
#   smi-during-bench.csv   clocks, power, temperature, throttle reasons and
#                          utilisation every 500 ms during the 30 s bench
#
# What to look at afterwards (see the report of the bench issue):
#   - bench.json: every measurement has a value (no "failed", no JIT error);
#     fp32/bf16/fp16/memory/h2d/d2h ratios against the catalogue; memtest
#     tested_bytes close to free_bytes, errors 0, passes 2.
#   - smi-during-bench.csv: SM clock during the fp32 and tensor phases, to
#     tell a kernel that falls short from a card that clocks down.
set -u

OUT_DIR="${1:-${OUT:-gpu-run-out}}"
mkdir -p "$OUT_DIR"
SUMMARY="$OUT_DIR/summary.txt"
: > "$SUMMARY"
note() { echo "$*" >> "$SUMMARY"; echo "gpu-run: $*" >&2; }

# step NAME TIMEOUT STDOUT STDERR CMD...: run CMD with a time limit and its
# output in the two files; record its exit code.
step() {
	local name=$1 limit=$2 out=$3 err=$4
	shift 4
	timeout --signal=INT --kill-after=10 "$limit" "$@" > "$out" 2> "$err"
	local rc=$?
	note "$name: exit $rc"
	return $rc
}

note "gpu-run.sh $(date -u +%Y-%m-%dT%H:%M:%SZ) in $(pwd)"
{
	uname -a
	ldd --version 2>&1 | head -n 1
	command -v nvidia-smi && nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version --format=csv
	echo "libcuda known to the loader:"
	ldconfig -p 2>/dev/null | grep -E 'libcuda\.so|libnvidia-ml\.so' || echo "  (none listed)"
	echo "go: $(command -v go || echo none) $(go version 2>/dev/null)"
} > "$OUT_DIR/env.txt" 2>&1

step nvidia-smi 60 "$OUT_DIR/nvidia-smi.txt" "$OUT_DIR/nvidia-smi.stderr" nvidia-smi
step nvidia-smi-q-x 60 "$OUT_DIR/nvidia-smi-q.xml" "$OUT_DIR/nvidia-smi-q.stderr" nvidia-smi -q -x

# The binary: bin/gpuverify if it starts here, else a fresh build.
GV=bin/gpuverify
if ! "$GV" version >/dev/null 2>"$OUT_DIR/gpuverify-start.stderr"; then
	note "bin/gpuverify does not start here ($(head -n 1 "$OUT_DIR/gpuverify-start.stderr")); building with go"
	GV="${TMPDIR:-/tmp}/gpuverify-gpu-run"
	if ! command -v go >/dev/null; then
		note "no go on PATH: cannot build gpuverify; stopping"
		exit 1
	fi
	CGO_ENABLED=1 CGO_CFLAGS=-Wno-deprecated-declarations \
		step go-build 300 "$OUT_DIR/go-build.log" "$OUT_DIR/go-build.stderr" go build -trimpath -o "$GV" ./verifier || exit 1
fi
note "gpuverify: $("$GV" version 2>&1 | head -n 1)"

step facts 60 "$OUT_DIR/facts.json" "$OUT_DIR/facts.stderr" "$GV" facts --format json

# Sample the GPUs every 500 ms while the bench runs.
nvidia-smi --query-gpu=timestamp,index,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_event_reasons.active,utilization.gpu,memory.used \
	--format=csv -lms 500 > "$OUT_DIR/smi-during-bench.csv" 2>&1 &
SMI_PID=$!

step bench-30s 120 "$OUT_DIR/bench.json" "$OUT_DIR/bench.stderr" "$GV" bench --duration 30s --format json
BENCH_RC=$?

kill "$SMI_PID" 2>/dev/null
wait "$SMI_PID" 2>/dev/null

step bench-10s-text 60 "$OUT_DIR/bench.txt" "$OUT_DIR/bench-text.stderr" "$GV" bench --duration 10s --format text

case $BENCH_RC in
0) note "verdict: every bench check passed (exit 0)" ;;
1) note "verdict: the bench could not run, or was interrupted (exit 1): see bench.json skipped/failed" ;;
2) note "verdict: usage error (exit 2): see bench.stderr" ;;
3) note "verdict: a bench check failed (exit 3): see the checks in bench.json" ;;
*) note "verdict: exit $BENCH_RC (124: timed out; 137: killed): see bench.stderr" ;;
esac
ls -l "$OUT_DIR" >> "$SUMMARY"
