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

# Every GPU of one host: `kbench run --devices all` on both H200s, GPU 0 vs GPU 1 with the run-level
# test, and measuring the devices one after another vs in parallel (do parallel runs disturb each other?).
# Fits in one device run of at most 8 minutes; writes one tar under $OUT.
#
#   KBENCH=/path/to/kbench-dist/bin/kbench OUT=/path/to/out bash bench/gpu/run-devices.sh
#
# Steps: info and nvidia-smi clocks/temperatures; ROUNDS (default 2) rounds of the same run measured
# sequentially (--devices all) then in parallel (--parallel-devices), each with FORKS (default 2) forks
# per GPU (--forks), round r's forks renumbered r*FORKS.. so that the merged files hold ROUNDS*FORKS
# forks per GPU; kbench merge; kbench compare --by-device on the sequential and the parallel files
# (GPU 1 vs GPU 0, at the fork level) and parallel vs sequential per GPU; the wall time of every run.
# The sm_clock_mhz column and the environment sidecars record the clocks and temperatures kbench read
# through NVML.
#
# Without KBENCH, the distribution that bench/gpu/prepare-dist.sh put in .device/ is unpacked with
# bench/gpu/with-dist.sh:
#   run(command="bash bench/gpu/run-devices.sh", carry=[".device"], kind="nvidia-h200-x2")
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${OUT:-bench/out/devices}
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [[ -z ${KBENCH:-} ]]; then
  # shellcheck source=with-dist.sh
  (cd "$root" && [[ -n $(ls .device/kbench-*-linux-x86_64.tar.gz 2>/dev/null) ]]) \
    || { echo "run-devices: set KBENCH to bin/kbench of the distribution, or run bench/gpu/prepare-dist.sh first" >&2; exit 2; }
  cd "$root" && source bench/gpu/with-dist.sh && cd - > /dev/null || exit 2
fi
kbench=$KBENCH
# NVML (libnvidia-ml.so.1) for the SM clock: where the H200 host keeps the driver's libraries
[[ -d /usr/local/nvidia/lib64 ]] && export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:${LD_LIBRARY_PATH:-}
rounds=${ROUNDS:-2}
forks=${FORKS:-2}
budget_s=${BUDGET_S:-270}          # start no round after this many seconds (a round takes about 2 minutes)
# RUN_ARGS replaces the measured run (e.g. for a dry run on PoCL: "--backend opencl run --filter copy -p n=2^12")
read -r -a run_args <<< "${RUN_ARGS:---backend cuda run --filter gelu,copy,triad -p n=2^20,2^24 --repetitions 10}"
run_args+=(--progress none)
work=$(mktemp -d /tmp/kbench-devices.XXXXXX)
start=$(date +%s)
step() { echo "== $1 (+$(( $(date +%s) - start )) s)" >&2; }
status=0

step info
{ date -u; hostname; nvidia-smi --query-gpu=index,pci.bus_id,uuid,name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv
  "$kbench" --backend cuda info; } > "$work/info.txt" 2>&1 || status=1

command -v nvidia-smi > /dev/null || nvidia-smi() { echo "nvidia-smi: not installed"; }
smi() { nvidia-smi --query-gpu=timestamp,index,clocks.sm,temperature.gpu,power.draw --format=csv,noheader >> "$work/smi.csv" 2>&1 || true; }
echo "timestamp,index,clocks.sm,temperature.gpu,power.draw" > "$work/smi.csv"

# Adds an offset to the fork column of a samples CSV, in place (round r's forks become r*FORKS + fork).
shift_forks() {
  awk -F, -v OFS=, -v f="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fork") c = i; print; next }
    { if (c) $c = $c + f; print }' "$1" > "$1.tmp" && mv "$1.tmp" "$1"
}

timed() { # name, then the kbench arguments; appends "name,seconds,status" to times.csv
  local name=$1 t0 t1 rc; shift
  t0=$(date +%s.%N)
  "$kbench" "$@" > "$work/$name.txt" 2> "$work/$name.log"; rc=$?
  t1=$(date +%s.%N)
  echo "$name,$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'),$rc" >> "$work/times.csv"
  [[ $rc -eq 0 ]] || status=1
}
echo "run,seconds,status" > "$work/times.csv"

done_rounds=0
for r in $(seq 1 "$rounds"); do
  if (( $(date +%s) - start > budget_s )); then echo "budget reached before round $r" >&2; break; fi
  step "round $r: sequential"
  smi; timed "seq-$r" "${run_args[@]}" --devices all --forks "$forks" --csv-samples "$work/seq-$r.csv"; smi
  step "round $r: parallel"
  timed "par-$r" "${run_args[@]}" --devices all --parallel-devices --forks "$forks" --csv-samples "$work/par-$r.csv"; smi
  for m in seq par; do [[ -f $work/$m-$r.csv ]] && shift_forks "$work/$m-$r.csv" $(((r - 1) * forks)); done
  done_rounds=$r
done

step "merge and compare ($done_rounds rounds)"
for m in seq par; do
  files=()
  for r in $(seq 1 "$done_rounds"); do [[ -f $work/$m-$r.csv ]] && files+=("$work/$m-$r.csv"); done
  [[ ${#files[@]} -gt 0 ]] || continue
  "$kbench" merge --force "$work/$m.csv" "${files[@]}" 2>> "$work/compare.log" || status=1
  # GPU 1 vs GPU 0, fork-level when each side has >= 2 forks
  "$kbench" compare --by-device "$work/$m.csv" --fail-on never > "$work/gpu1-vs-gpu0-$m.txt" 2>> "$work/compare.log"
  "$kbench" compare --by-device "$work/$m.csv" --fail-on never --format json > "$work/gpu1-vs-gpu0-$m.json" 2>> "$work/compare.log"
done
if [[ -f $work/seq.csv && -f $work/par.csv ]]; then
  for d in 0 1; do  # does measuring both GPUs at once change what each measures?
    "$kbench" compare "$work/seq.csv" "$work/par.csv" --base-device $d --new-device $d --fail-on never \
      > "$work/par-vs-seq-gpu$d.txt" 2>> "$work/compare.log"
    "$kbench" compare "$work/seq.csv" "$work/par.csv" --base-device $d --new-device $d --fail-on never --format json \
      > "$work/par-vs-seq-gpu$d.json" 2>> "$work/compare.log"
  done
fi
step "done"
cp "$0" "$work/run-devices.sh"
tar -czf "$out/devices-evidence.tar.gz" -C "$work" . && rm -rf "$work"
echo "run-devices: $out/devices-evidence.tar.gz (status $status)" >&2
exit $status
