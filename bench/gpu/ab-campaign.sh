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

# Fresh `kbench ab` runs in turn until a time is up, for a device call of fixed length: RUNS is a list of
# WHAT:SIZES:CASE:MAX_TIME_S[:KERNELS], cycled through in order, each one fresh invocation of ab (through
# bench/gpu/ab-builtin.sh for WHAT builtin, the suite-directory form with gelu, copy and triad; through
# bench/gpu/ab-fresh.sh for WHAT user, the user PTX GELU whose plants are more elements, and for WHAT spin,
# ab-fresh.sh's KERNEL=spin, the user PTX GELU whose plants are an exact share of its time), SIZES a
# comma-separated list of exponents measured in that one run, KERNELS (builtin only) the suite's kernels that run
# compares, joined by + (gelu+triad; without it, ab-builtin.sh's KERNELS from the environment, by default all
# three), so that one call can give each kernel the plant it needs. A run is started only while the time since the
# start plus half its MAX_TIME_S is within STOP_S (default 450) and is stopped at HARD_S (default STOP_S +
# 120). Run r has --seed SEED + r (SEED default 9000). Every run's files stay in FINAL/run-R (default
# bench/out/ab-campaign); its summary lines (ab-builtin.sh's or ab-fresh.sh's columns, the run number first)
# are added to FINAL/WHAT.csv, and one line per run to FINAL/runs.txt (MAX_TIME_S is ab's --max-time-s, both sides together; the exit status there is
# the script's, ab's own is in the summary lines). PLANTED, a directory holding planted suites made
# by bench/gpu/planted-suite.sh (plus10, tail10, ...), is copied into each built-in run's directory, so that
# every run measures the same PTX (without it ab-builtin.sh writes them with the host's nvcc).
#   source bench/gpu/with-dist.sh
#   RUNS="builtin:20:tail1:60 builtin:22,24:aa:30 user:20:aa:60" STOP_S=500 bash bench/gpu/ab-campaign.sh
#   RUNS="builtin:24:plus1:30:gelu+triad builtin:24:tail2:30:copy" STOP_S=500 bash bench/gpu/ab-campaign.sh
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
[[ -n ${KBENCH:-} ]] || { echo "ab-campaign: source bench/gpu/with-dist.sh first" >&2; exit 2; }
[[ -n ${RUNS:-} ]] || { echo "ab-campaign: RUNS is empty: give WHAT:SIZES:CASE:MAX_TIME_S ..." >&2; exit 2; }
for run in $RUNS; do
  [[ $run =~ ^(builtin|user|spin):[0-9]+(,[0-9]+)*:[a-z0-9]+:[0-9]+$ \
     || $run =~ ^builtin:[0-9]+(,[0-9]+)*:[a-z0-9]+:[0-9]+:(copy|gelu|triad)(\+(copy|gelu|triad))*$ ]] \
    || { echo "ab-campaign: RUNS entry '$run': use WHAT:SIZES:CASE:MAX_TIME_S, WHAT builtin, user or spin, or" \
              "builtin:SIZES:CASE:MAX_TIME_S:KERNELS, KERNELS of copy, gelu and triad joined by +" >&2; exit 2; }
done
final=${FINAL:-bench/out/ab-campaign}
stop=${STOP_S:-450}
hard=${HARD_S:-$((stop + 120))}
seed=${SEED:-9000}
mkdir -p "$final"
final=$(cd "$final" && pwd)
t0=$(date +%s)
elapsed() { echo $(( $(date +%s) - t0 )); }
r=0
started=1
while (( started )); do
  started=0
  for run in $RUNS; do
    IFS=: read -r what sizes case max only <<< "$run"
    (( $(elapsed) + max / 2 > stop )) && continue
    left=$(( hard - $(elapsed) ))
    (( left > 0 )) || break
    dir=$final/run-$r
    mkdir -p "$dir"
    if [[ $what == builtin ]]; then
      [[ -n ${PLANTED:-} ]] && cp -r "$PLANTED"/. "$dir/"
      script=bench/gpu/ab-builtin.sh
    else
      script=bench/gpu/ab-fresh.sh
    fi
    kernel=gelu; [[ $what == spin ]] && kernel=spin
    only=${only//+/ }
    KERNEL=$kernel KERNELS=${only:-${KERNELS:-}} SIZES=${sizes//,/ } CASES=$case TRIES=1 SEED=$(( seed + r )) \
      MAX_TIME_S=$max FINAL=$dir timeout "$left" bash "$script" > "$dir/out.txt" 2> "$dir/err.txt"
    rc=$?
    csv=$final/$what.csv
    [[ -f $csv ]] || { printf 'run,'; head -1 "$dir/summary.csv"; } > "$csv"
    tail -n +2 "$dir/summary.csv" | sed "s/^/$r,/" >> "$csv"
    echo "run $r: $what 2^{$sizes} $case, ab --max-time-s $max: script exit $rc, ended at $(elapsed) s" | tee -a "$final/runs.txt"
    r=$((r + 1))
    started=1
  done
done
echo "ab-campaign: $r runs in $(elapsed) s" | tee -a "$final/runs.txt"
