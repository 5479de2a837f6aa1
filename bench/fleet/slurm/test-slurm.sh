#!/usr/bin/env bash
#
# Copyright 2026 The kbench authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#

# Runs the Slurm recipe for real: a one-node Slurm (munged, slurmctld, slurmd from Debian's slurm-wlm,
# a minimal slurm.conf in a temporary directory), a 2-task job array of kbench-array.sbatch on PoCL
# through sbatch, then kbench merge and kbench compare --by-device on the results. Needs root (the
# daemons run as root here) and the packages slurm-wlm and munge. Exit 0 when everything checked holds.
#
#   bench/fleet/slurm/test-slurm.sh [KBENCH]     (default: the repository's ./kbench)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
kbench=${1:-$root/kbench}
fail() { echo "test-slurm: FAIL: $*" >&2; exit 1; }
[[ $(id -u) -eq 0 ]] || fail "needs root to run munged, slurmctld and slurmd"
for c in munged slurmctld slurmd sbatch; do command -v "$c" >/dev/null || fail "$c missing: apt-get install slurm-wlm munge"; done

work=$(mktemp -d /tmp/kbench-slurm.XXXXXX)
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -f $work/munged.pid ]] && kill "$(cat "$work/munged.pid")" 2>/dev/null || true
  sleep 1
  rm -rf "$work"
}
trap cleanup EXIT

# munge: a fresh key and a daemon of our own (socket in $work)
mkdir -p "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1 count=1024 status=none
chmod 700 "$work/munge"; chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/socket" \
  --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munge/seed"

host=$(hostname -s)
cpus=$(nproc)
# ports nothing listens on, so that a Slurm already on this machine (or a second run of this test) is left alone
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {
  local p
  for _ in $(seq 100); do
    p=$(( 20000 + RANDOM % 40000 ))
    [[ $p != "${1:-}" ]] && ! listening "$p" && { echo "$p"; return; }
  done
  fail "no free port found between 20000 and 60000"
}
ctld_port=$(free_port)
slurmd_port=$(free_port "$ctld_port")
mkdir -p "$work/state" "$work/spool"
cat > "$work/slurm.conf" <<CONF
ClusterName=kbench
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
export SLURM_CONF=$work/slurm.conf
slurmctld -D -f "$SLURM_CONF" > "$work/slurmctld.out" 2>&1 & pids+=($!)
slurmd -D -f "$SLURM_CONF" > "$work/slurmd.out" 2>&1 & pids+=($!)
for _ in $(seq 60); do
  sinfo -h -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
  sleep 1
done
sinfo -h -o '%t' | grep -qE '^(idle|mix|alloc)' || { cat "$work"/*.log "$work"/*.out >&2; fail "the node did not come up"; }

results=$work/results
mkdir -p "$results"
# build once outside the job, so the tasks do not race to build
"$kbench" --backend opencl info > /dev/null
cd "$work"
sbatch --wait --array=0-1 --oversubscribe --chdir="$work" \
  --export=ALL,KBENCH="$kbench",KBENCH_RESULTS="$results",KBENCH_ARGS="--backend opencl",KBENCH_RUN_ARGS="--filter copy -p n=2^12 --repetitions 3" \
  "$here/kbench-array.sbatch" || { cat "$work"/kbench-*.out "$work"/slurmd.log >&2; fail "the job array failed"; }
ls "$results"/*.csv >/dev/null || fail "no results"
count=$(ls "$results"/*.csv | wc -l)
[[ $count -eq 2 ]] || fail "expected 2 results files, got $count"
"$kbench" merge -o "$work/fleet.csv" "$results"/*.csv
rows=$(($(wc -l < "$work/fleet.csv") - 1))
[[ $rows -eq 6 ]] || fail "expected 6 merged samples (2 tasks x 3 repetitions), got $rows"
grep -q "/task0," "$work/fleet.csv" && grep -q "/task1," "$work/fleet.csv" || fail "host tags missing"
[[ -f $work/fleet.csv.env.json ]] || fail "no merged environment sidecar"
status=0
"$kbench" compare --by-device "$work/fleet.csv" --fail-on never || status=$?
[[ $status -eq 0 ]] || fail "compare --by-device exited $status"
echo "test-slurm: OK: 2 array tasks through sbatch, $rows samples merged and compared by device"
