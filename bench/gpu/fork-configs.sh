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

# What a fork should carry for ab's verdict: forks of each configuration in CONFIGS (REPS/PLACE: that many
# repetitions of REP_MS each, --place-every PLACE), `kbench run --forks FORKS` of the planted spin kernel at
# 2^EXP elements (bench/history/planted-spin.ptx with its base wait, as ab-fresh.sh KERNEL=spin runs it),
# ROUNDS rounds, the configurations alternating within each and rotated between rounds, every fork traced.
# Prints per configuration: forks, the CV of the fork medians (ab tests fork medians), the mean time from one
# fork's go to the next one's and from its go to its hand-over, and the device time per unit of precision,
# mean go-to-go x CV^2, relative to the first configuration: forks needed for a given MDC scale with CV^2, so
# this is how much device time each configuration needs for the same verdict.
#   source bench/gpu/with-dist.sh && bash bench/gpu/fork-configs.sh
# Defaults: CONFIGS="10/0 10/2 5/0 5/1 20/2", EXP=20, FORKS=24, ROUNDS=2, REP_MS=10, FINAL=bench/out/fork-configs.
# Prints the best configuration last, as `best REPS/PLACE`.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
[[ -n ${KBENCH:-} ]] || { echo "fork-configs: source bench/gpu/with-dist.sh first" >&2; exit 2; }
final=${FINAL:-bench/out/fork-configs}
configs=(${CONFIGS:-10/0 10/2 5/0 5/1 20/2})
exp=${EXP:-20}
forks=${FORKS:-24}
rounds=${ROUNDS:-2}
mkdir -p "$final"
final=$(cd "$final" && pwd)
source "$root/bench/gpu/user-kernel.sh"
ptx=$(spin_ptx "$exp" 0 "$final") || exit 2
n=$(( 1 << exp ))
echo "config,round,exit,wall_s" > "$final/runs.csv"
for (( r = 0; r < rounds; r++ )); do
  for (( i = 0; i < ${#configs[@]}; i++ )); do
    config=${configs[$(( (i + r) % ${#configs[@]} ))]}
    reps=${config%/*} place=${config#*/}
    tag="${reps}r-p$place-$r"
    rm -f "$final/trace-$tag.txt"
    t0=$(date +%s%N)
    KBENCH_JAVA_OPTS="${KBENCH_JAVA_OPTS:-} -Dkbench.forks.trace=$final/trace-$tag.txt" "$KBENCH" --backend cuda run \
      --forks "$forks" --kernel "$ptx" --entry planted_spin --name gelu_strided --grid 1056 --block 256 \
      --arg "buf:f32:$n:fill=random" --arg "buf:f32:$n" --arg "i32:$n" --repetitions "$reps" --rep-ms "${REP_MS:-10}" \
      --place-every "$place" --seed $(( 31 + r )) --csv-samples "$final/samples-$tag.csv" > "$final/table-$tag.txt" 2>> "$final/runs.log"
    rc=$?
    t1=$(date +%s%N)
    echo "$config,$r,$rc,$(awk -v n=$(( t1 - t0 )) 'BEGIN { printf "%.3f", n / 1e9 }')" >> "$final/runs.csv"
  done
done
python3 - "$root" "$final" "${configs[@]}" <<'PY'
import csv, glob, statistics, sys
sys.path.insert(0, f"{sys.argv[1]}/bench/gpu")
from forktrace import forks_of
final, configs = sys.argv[2], sys.argv[3:]
rows = []
for config in configs:
    reps, place = config.split("/")
    medians, cadence, held = [], [], []
    for path in sorted(glob.glob(f"{final}/samples-{reps}r-p{place}-*.csv")):
        by_fork = {}
        for r in csv.DictReader(open(path)):
            by_fork.setdefault(r["fork"], []).append(float(r["time_ms"]))
        medians += [statistics.median(v) for v in by_fork.values()]
    for path in sorted(glob.glob(f"{final}/trace-{reps}r-p{place}-*.txt")):
        forks = forks_of(open(path))
        cadence += [b["go"] - a["go"] for a, b in zip(forks[1:], forks[2:])]   # not the first, which has no standby
        held += [f["released"] - f["go"] for f in forks if "released" in f]
    if len(medians) < 3 or not cadence:
        print(f"{config}: too few forks ({len(medians)})")
        continue
    cv = statistics.stdev(medians) / statistics.mean(medians)
    rows.append((config, len(medians), statistics.mean(medians), cv, statistics.mean(cadence), statistics.mean(held)))
print("config (reps/place-every)  forks  mean of fork medians us  CV of fork medians  go-to-go s (mean)  go-to-release s (mean)  device time per precision (rel.)")
base = rows[0][4] * rows[0][3] ** 2 if rows else 1
for config, k, mean, cv, cadence, held in rows:
    print(f"{config:26} {k:6}  {1000 * mean:23.3f}  {100 * cv:17.2f}%  {cadence:17.3f}  {held:22.3f}  {cadence * cv ** 2 / base:31.2f}")
if rows:
    print("best", min(rows, key=lambda r: r[4] * r[3] ** 2)[0])
PY
