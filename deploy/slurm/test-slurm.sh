#!/bin/bash
# make test-slurm: a real single-host Slurm (munged, slurmctld, slurmd from
# the distribution's packages: apt-get install slurm-wlm munge) runs
# deploy/slurm/gpuverify.sbatch with gpuverify built here and the fake
# libnvidia-ml.so.1 of verifier/e2e, then the merged fleet report is
# checked. Everything lives in a temporary directory on private ports; the
# daemons are stopped at the end.
#
# Without the packages it skips, unless REQUIRE_SLURM=1 (CI sets it): then
# a missing package or a daemon that does not start is a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

skip() {
  if [ "${REQUIRE_SLURM:-0}" = 1 ]; then
    echo "test-slurm: FAIL: $*" >&2
    exit 1
  fi
  echo "test-slurm: SKIP: $*"
  exit 0
}
die() {
  echo "test-slurm: FAIL: $*" >&2
  for f in "$tmp"/log/*.log; do [ -f "$f" ] && { echo "== $f" >&2; tail -n 30 "$f" >&2; }; done
  exit 1
}

for cmd in munged slurmctld slurmd sbatch sinfo scontrol gcc go; do
  command -v "$cmd" >/dev/null || skip "$cmd not found (apt-get install slurm-wlm munge gcc)"
done
[ "$(id -u)" = 0 ] || skip "slurmd must run as root to start job steps; run as root (CI does)"

start=$(date +%s)
tmp=$(mktemp -d /tmp/gpuverify-slurm.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  sleep 1
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$tmp"/{bin,lib,log,munge,state,spool,shared}
chmod 700 "$tmp/munge"

# gpuverify and the fake NVML library (one A100, driver 470.82.01).
nvmlh=$(go list -m -f '{{.Dir}}' github.com/NVIDIA/go-nvml)/pkg/nvml
gcc -shared -fPIC -Wno-deprecated-declarations -I "$nvmlh" -o "$tmp/lib/libnvidia-ml.so.1" verifier/e2e/testdata/fake_nvml.c
CGO_ENABLED=1 CGO_CFLAGS=-Wno-deprecated-declarations go build -o "$tmp/bin/gpuverify" ./verifier

# munge with its own key and socket.
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
munged --force --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/munge.socket" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" --seed-file="$tmp/munge/seed" \
  || die "munged did not start"
pids+=("$(cat "$tmp/munge/munged.pid")")

host=$(hostname -s)
port=$((20000 + $$ % 20000))
cat >"$tmp/slurm.conf" <<CONF
ClusterName=gpuverify-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SrunPortRange=$((port + 2))-$((port + 60))
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf

slurmctld -i || die "slurmctld did not start"
for _ in $(seq 50); do [ -s "$tmp/slurmctld.pid" ] && break; sleep 0.2; done
pids+=("$(cat "$tmp/slurmctld.pid")")
slurmd || die "slurmd did not start"
for _ in $(seq 50); do [ -s "$tmp/slurmd.pid" ] && break; sleep 0.2; done
pids+=("$(cat "$tmp/slurmd.pid")")
state=""
for _ in $(seq 60); do
  state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || die "node $host is '$state', not idle, after 30 s"
echo "test-slurm: slurmctld and slurmd up on $host in $(( $(date +%s) - start )) s"

# The plan: one node of one A100 (what the fake library shows).
cat >"$tmp/shared/plan.json" <<'PLAN'
{"schema": "gpuplan.plan/v1", "gpu": {"id": "a100-80g-sxm", "count": 1, "nodes": 1},
 "acceptance": {"gpu_count": 1, "gpu_ids": ["a100-80g-sxm"], "min_memory_mib": 80000, "interconnect": "nvlink",
  "mig": "off", "virtualization": "bare-metal", "min_pcie_width": 16, "ecc": "on", "min_driver": "470"}}
PLAN

# The admin's command: sbatch, waiting for the job here.
cd "$tmp/shared"
set +e
PATH="$tmp/bin:$PATH" LD_LIBRARY_PATH="$tmp/lib" GPUVERIFY_OUT="$tmp/shared/out" \
  timeout 300 sbatch --wait --nodes=1 --output="$tmp/shared/job.log" "$repo/deploy/slurm/gpuverify.sbatch" plan.json
code=$?
set -e
cd "$repo"
echo "== job log"; cat "$tmp/shared/job.log" || true
# The fake libnvidia-ml is loaded through LD_LIBRARY_PATH and describes a GPU
# the kernel does not have: gpuverify's kernel cross-checks must catch it on
# the node, so the node fails and so does the fleet (merge exit 3).
[ "$code" = 3 ] || die "the job ended with exit $code, want 3 (the fake NVML library caught on the node)"

# The merged report: one node, this host, sealed, failing on the kernel checks.
fleet=$tmp/shared/out/fleet.json
report=$tmp/shared/out/report-$host.json
[ -f "$fleet" ] || die "no fleet.json"
[ -f "$report" ] || die "no report-$host.json"
set +e
verify=$("$tmp/bin/gpuverify" verify-report "$report" 2>&1)
set -e
echo "$verify" | grep -q "digest matches" || die "the node report's digest does not verify: $verify"
grep -q '"id": "kernel_' "$report" || die "the node report has no kernel cross-checks"
for want in '"schema": "gpuplan.fleet/v1"' "\"host\": \"$(cat /proc/sys/kernel/hostname)\"" '"file": ' '"verdict": "fail"' \
  '"id": "fleet_gpu_count"' '"digest_ok": true'; do
  grep -q "$want" "$fleet" || die "fleet.json lacks $want"
done
grep -q "FAIL fleet_node_verdicts" "$tmp/shared/out/fleet.txt" || die "fleet.txt does not fail the node"
echo "test-slurm: PASS in $(( $(date +%s) - start )) s (sbatch ran gpuverify on $host through slurmctld and slurmd; merged report checked: the fake NVML library was caught)"
