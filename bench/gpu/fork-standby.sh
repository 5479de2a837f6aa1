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

# Standby modes against each other: `kbench run --forks F` with each -Dkbench.forks.standby of MODES
# (default "off start device"; MODE/closed or MODE/finished adds -Dkbench.forks.handover=closed or =finished,
# MODE/dN (or MODE/closed/dN) -Dkbench.forks.standby.depth=N, MODE/alt runs the kbench command in KBENCH_ALT
# instead of KBENCH, e.g. another build (bench/gpu/with-alt.sh makes one), and MODE/-Dname=value passes that system property, e.g.
# device/-Dkbench.hold=false; what a mode does not name is kbench's default), alternating, TRIES times each, every fork tracing when its JVM started, was
# ready, got go, released its device and ended (-Dkbench.forks.trace). Source bench/gpu/with-dist.sh first
# (or set KBENCH to any kbench command), then:
#   bash bench/gpu/fork-standby.sh     # FINAL=DIR (default bench/out/fork-standby), TRIES=3, FORKS=10,
#                                      # BACKEND=cuda, N=16777216 (the user kernel's size, user-kernel.sh)
# ARGS replaces the measured workload (default: the user kernel at N with ab's defaults, 10 repetitions
# of 10 ms). Prints, per mode, medians over the forks of all tries: the wall time per fork (the run's wall
# time over F), the time from one fork's go to the next one's (the cadence of device work), a fork's time
# from go to its device's release and to its end, the gap from its release (or, where it said none, its
# end) to the next fork's go, the start-up a standby took off that (from its JVM's start to ready), and
# the share of the go-to-go time the device spent on the fork's warmup and timed repetitions (their
# budgets, BENCHMARKS x (WARMUP_MS + REPS x REP_MS), defaults 1 x (25 + 10 x 10 ms); BENCHMARKS=3 for the
# built-in gelu, copy and triad in one fork); and counts in every trace the forks that
# went on before the one before it had released its device (or ended). Then, per mode, a fork's phases
# from its trace (medians, s): from go to the run's environment read (start telemetry), to the suite set
# up, to its first repetition timed (workload created, module loaded, buffers filled, estimate, warmup,
# one repetition), to the last repetition, to the device released, to the process's end; and for the forks
# that waited in standby, from their JVM's start to the backend loaded, to the device open, to the suite
# prepared, to ready (builds that trace those; others print -). Writes runs.csv (mode, try, wall_s,
# forks), the traces and each run's samples (samples-MODE-TRY.csv), and compares the fork medians of the
# first mode's runs with each other mode's (kbench merge, then kbench compare's fork-level test: a standby
# mode must not move what the forks measure), and prints per mode how a fork's first repetition compares
# with its others (the median over forks of the first repetition's median over the median of the rest,
# minus 1): what a fork's start, or the one before it handing over, would disturb first.
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
modes=${MODES:-off start device}
mkdir -p "$final"
final=$(cd "$final" && pwd)
echo "mode,try,wall_s,forks" > "$final/runs.csv"
for (( t = 0; t < tries; t++ )); do
  for variant in $modes; do
    mode=${variant//\//-}
    opts="-Dkbench.forks.standby=${variant%%/*}"
    [[ $variant =~ /(finished|closed) ]] && opts+=" -Dkbench.forks.handover=${BASH_REMATCH[1]}"
    [[ $variant =~ /d([0-9]) ]] && opts+=" -Dkbench.forks.standby.depth=${BASH_REMATCH[1]}"
    IFS=/ read -ra parts <<< "$variant"
    for part in "${parts[@]}"; do
      [[ $part == -D* ]] && opts+=" $part"
    done
    command=$KBENCH
    if [[ $variant == */alt* ]]; then
      [[ -n ${KBENCH_ALT:-} ]] || { echo "fork-standby: mode $variant needs KBENCH_ALT" >&2; exit 2; }
      command=$KBENCH_ALT
    fi
    trace="$final/trace-$mode-$t.txt"
    rm -f "$trace"
    t0=$(date +%s%N)
    KBENCH_JAVA_OPTS="${KBENCH_JAVA_OPTS:-} $opts -Dkbench.forks.trace=$trace" \
      "$command" --backend "$backend" run --forks "$forks" "${args[@]}" --csv-samples "$final/samples-$mode-$t.csv" \
      > "$final/table-$mode-$t.txt" 2>> "$final/runs.log"
    rc=$?
    t1=$(date +%s%N)
    [[ $rc -eq 0 ]] || echo "fork-standby: $mode try $t exited $rc (see $final/runs.log)" >&2
    echo "$mode,$t,$(awk -v n=$(( t1 - t0 )) 'BEGIN { printf "%.3f", n / 1e9 }'),$forks" >> "$final/runs.csv"
  done
done
python3 - "$final" "${modes//\//-}" "${WARMUP_MS:-25}" "${REPS:-10}" "${REP_MS:-10}" "$root" "${BENCHMARKS:-1}" <<'PY'
import csv, statistics, sys, pathlib
final = pathlib.Path(sys.argv[1])
busy = int(sys.argv[7]) * (float(sys.argv[3]) + int(sys.argv[4]) * float(sys.argv[5])) / 1000
runs = list(csv.DictReader(open(final / "runs.csv")))
sys.path.insert(0, f"{sys.argv[6]}/bench/gpu")
from forktrace import forks_of
print(f"device busy per fork (warmup and repetition budgets): {busy:.3f} s")
print("mode    wall/fork s  go-to-go s  go-to-release s  go-to-end s  hand-over gap s  start-to-ready s  busy share  overlaps")
for mode in sys.argv[2].split():
    wall, cadence, released, held, gap, ready, bad = [], [], [], [], [], [], 0
    for r in (r for r in runs if r["mode"] == mode):
        wall.append(float(r["wall_s"]) / int(r["forks"]))
        forks = forks_of(open(final / f"trace-{mode}-{r['try']}.txt"))
        cadence += [b["go"] - a["go"] for a, b in zip(forks, forks[1:])]
        released += [f["released"] - f["go"] for f in forks if "released" in f]
        held += [f["end"] - f["go"] for f in forks if "end" in f]
        ready += [f["ready"] - f["start"] for f in forks if "ready" in f]
        # the next fork may go once this one released its device (device) or ended (off, start)
        hand = lambda f: f["released"] if mode.startswith("device") and "released" in f else f.get("end", float("inf"))
        gap += [b["go"] - hand(a) for a, b in zip(forks, forks[1:])]
        bad += sum(1 for a, b in zip(forks, forks[1:]) if b["go"] <= hand(a))
    med = lambda xs: f"{statistics.median(xs):.3f}" if xs else "-"
    share = f"{busy / statistics.median(cadence):.0%}" if cadence else "-"
    print(f"{mode:7} {med(wall):>11}  {med(cadence):>10}  {med(released):>15}  {med(held):>11}  {med(gap):>15}"
          f"  {med(ready):>16}  {share:>10}  {bad}")
for title, steps, standing in (("phases, median s:", ["go", "environment", "suite", "timed1", "measured", "released", "end"], False),
                               ("a standby's start, median s (forks that waited in standby):",
                                ["start", "driver", "opened", "prepared", "ready"], True)):
    print(title)
    print("mode    " + "  ".join(f"{a}->{b}" for a, b in zip(steps, steps[1:])))
    for mode in sys.argv[2].split():
        cols = [[] for _ in steps[1:]]
        for r in (r for r in runs if r["mode"] == mode):
            for f in forks_of(open(final / f"trace-{mode}-{r['try']}.txt")):
                for i, (a, b) in enumerate(zip(steps, steps[1:])):
                    if a in f and b in f and (not standing or "ready" in f):
                        cols[i].append(f[b] - f[a])
        print(f"{mode:7} " + "  ".join(f"{(f'{statistics.median(c):.3f}' if c else '-'):>{len(a) + len(b) + 2}}"
                                       for c, (a, b) in zip(cols, zip(steps, steps[1:]))))
print("first repetition against the others (median over forks of rep 0's median / the others' median - 1):")
for mode in sys.argv[2].split():
    ratios = []
    for r in (r for r in runs if r["mode"] == mode):
        reps = {}
        for row in csv.DictReader(open(final / f"samples-{mode}-{r['try']}.csv")):
            reps.setdefault((row.get("fork", "0"), row["benchmark"], row["params"]), {}).setdefault(
                int(row["repetition"]), []).append(float(row["time_ms"]))
        for by_rep in reps.values():
            rest = [statistics.median(v) for k, v in by_rep.items() if k > 0]
            if 0 in by_rep and rest:
                ratios.append(statistics.median(by_rep[0]) / statistics.median(rest) - 1)
    print(f"{mode:18} {statistics.median(ratios):+.2%} over {len(ratios)} forks" if ratios else f"{mode:18} -")
PY
modes=${modes//\//-}
first=${modes%% *}
for mode in $modes; do
  "$KBENCH" merge -o "$final/$mode.csv" "$final"/samples-"$mode"-[0-9]*.csv 2>> "$final/runs.log"
done
for mode in $modes; do
  [[ $mode == "$first" ]] && continue
  echo "fork medians, $first against $mode:" | tee -a "$final/compare.txt"
  "$KBENCH" compare "$final/$first.csv" "$final/$mode.csv" | tee -a "$final/compare.txt"
done
