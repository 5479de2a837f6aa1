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

# Standby forks against none: `kbench run --forks F` with -Dkbench.forks.standby=off and =start, the two
# alternating, TRIES times each, every fork tracing when its JVM started, was ready, got go and ended
# (-Dkbench.forks.trace). Source bench/gpu/with-dist.sh first (or set KBENCH to any kbench command), then:
#   bash bench/gpu/fork-standby.sh     # FINAL=DIR (default bench/out/fork-standby), TRIES=3, FORKS=10,
#                                      # BACKEND=cuda, N=16777216 (the user kernel's size, user-kernel.sh)
# ARGS replaces the measured workload (default: the user kernel at N with ab's defaults, 10 repetitions
# of 10 ms). Prints, per mode: the median over tries of the wall time per fork (the run's wall time over
# F), of the time from one fork's go to the next one's (the cadence of device work), of a fork's time from
# go to its end (driver discovery, context, module, allocation, warmup, measurement, exit), and of the
# start-up a standby took off that (from its JVM's start to ready); and checks in every trace that no fork
# went on before the one before it had ended. Writes runs.csv (mode, try, wall_s, forks), the traces and each
# run's samples (samples-MODE-TRY.csv), and compares the fork medians of all off runs with all start runs
# (kbench merge, then kbench compare's fork-level test: standby must not move what the forks measure).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
[[ -n ${KBENCH:-} ]] || { echo "fork-standby: source bench/gpu/with-dist.sh first, or set KBENCH" >&2; exit 2; }
final=${FINAL:-bench/out/fork-standby}
tries=${TRIES:-3}
forks=${FORKS:-10}
backend=${BACKEND:-cuda}
source "$root/bench/gpu/user-kernel.sh"
# shellcheck disable=SC2207
args=(${ARGS:-$(user "${N:-16777216}")})
mkdir -p "$final"
final=$(cd "$final" && pwd)
echo "mode,try,wall_s,forks" > "$final/runs.csv"
for (( t = 0; t < tries; t++ )); do
  for mode in off start; do
    trace="$final/trace-$mode-$t.txt"
    rm -f "$trace"
    t0=$(date +%s%N)
    KBENCH_JAVA_OPTS="${KBENCH_JAVA_OPTS:-} -Dkbench.forks.standby=$mode -Dkbench.forks.trace=$trace" \
      "$KBENCH" --backend "$backend" run --forks "$forks" "${args[@]}" --csv-samples "$final/samples-$mode-$t.csv" \
      > "$final/table-$mode-$t.txt" 2>> "$final/runs.log"
    rc=$?
    t1=$(date +%s%N)
    [[ $rc -eq 0 ]] || echo "fork-standby: $mode try $t exited $rc (see $final/runs.log)" >&2
    echo "$mode,$t,$(awk -v n=$(( t1 - t0 )) 'BEGIN { printf "%.3f", n / 1e9 }'),$forks" >> "$final/runs.csv"
  done
done
python3 - "$final" <<'PY'
import csv, statistics, sys, pathlib
final = pathlib.Path(sys.argv[1])
runs = list(csv.DictReader(open(final / "runs.csv")))
def forks_of(trace):
    by_pid = {}
    for line in open(trace):
        micros, pid, fork, event = line.split()
        by_pid.setdefault(pid, {})[event] = int(micros) / 1e6
    return sorted((f for f in by_pid.values() if "go" in f), key=lambda f: f["go"])
print("mode   wall/fork s  go-to-go s  go-to-end s  start-to-ready s (standby)  overlaps")
for mode in ("off", "start"):
    wall, cadence, held, ready, bad = [], [], [], [], 0
    for r in (r for r in runs if r["mode"] == mode):
        wall.append(float(r["wall_s"]) / int(r["forks"]))
        forks = forks_of(final / f"trace-{mode}-{r['try']}.txt")
        cadence += [b["go"] - a["go"] for a, b in zip(forks, forks[1:])]
        held += [f["end"] - f["go"] for f in forks if "end" in f]
        ready += [f["ready"] - f["start"] for f in forks if "ready" in f]
        bad += sum(1 for a, b in zip(forks, forks[1:]) if b["go"] <= a.get("end", float("inf")))
    med = lambda xs: f"{statistics.median(xs):.3f}" if xs else "-"
    print(f"{mode:6} {med(wall):>11}  {med(cadence):>10}  {med(held):>11}  {med(ready):>26}  {bad}")
PY
"$KBENCH" merge -o "$final/off.csv" "$final"/samples-off-*.csv 2>> "$final/runs.log" \
  && "$KBENCH" merge -o "$final/start.csv" "$final"/samples-start-*.csv 2>> "$final/runs.log" \
  && "$KBENCH" compare "$final/off.csv" "$final/start.csv" | tee "$final/compare.txt"
