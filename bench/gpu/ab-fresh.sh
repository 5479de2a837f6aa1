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

# Fresh `kbench ab` runs as a user runs them, the kernel form (so that the forks start in standby), stopping
# when decided (docs/performance.md section 10): the planted GELU (bench/history/planted-gelu.ptx, a fixed
# grid of 1056 blocks of 256 threads striding over n * WORK / 1000 elements) with WORK 1000 on both sides
# (A/A, defaults), 1000 against 1010 (+1 % of the work, `-- --threshold 0.5%`) and against 1020 (+2 %,
# defaults). Per run: kbench ab's table and log, both sides' samples, its forks' trace (-Dkbench.forks.trace,
# added to KBENCH_JAVA_OPTS) and a line in summary.csv (size, case, try, exit, wall s, verdict, change,
# interval, MDC, forks a side, looks, settled, and from the trace the median time from one fork's go to the
# next one's, the time from ab's start to its first fork's go and from its last fork's end to ab's end, and
# the kernel: gelu or spin; lines written before that column was added have none).
#   source bench/gpu/with-dist.sh && SIZES="20 24" CASES="aa plus1" TRIES=2 bash bench/gpu/ab-fresh.sh
# KERNEL=spin measures bench/history/planted-spin.ptx instead, which plants an exact change in time (below).
# MAX_FORKS (default 200) and MAX_TIME_S (default 120) are ab's --max-forks and --max-time-s; FINAL the
# directory (default bench/out/ab-fresh); SEED the first try's --seed (try t uses SEED + t); REPS and REP_MS
# each fork's --repetitions and --rep-ms (default 10 and 10); RUN_ARGS more run options for every fork (e.g.
# "--place-every 2"); COMPARE_ARGS more compare options for every case (e.g. "--center trimmed_mean"). Case aa05 is
# A/A against the 0.5 % threshold of plus1.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
[[ -n ${KBENCH:-} ]] || { echo "ab-fresh: source bench/gpu/with-dist.sh first" >&2; exit 2; }
final=${FINAL:-bench/out/ab-fresh}
sizes=${SIZES:-20 24}
cases=${CASES:-aa plus1 plus2}
tries=${TRIES:-1}
seed=${SEED:-7}
mkdir -p "$final"
final=$(cd "$final" && pwd)
for w in 1000 1010 1020; do
  sed -E "/\/\/ WORK$/ s/([ ,])[0-9]+(; \/\/ WORK)$/\1$w\2/" bench/history/planted-gelu.ptx > "$final/w$w.ptx"
  grep -q "$w; // WORK$" "$final/w$w.ptx" || { echo "ab-fresh: no WORK line in planted-gelu.ptx" >&2; exit 2; }
done
# KERNEL=spin: planted-spin.ptx instead, whose threads wait SPIN cycles before their work; the base waits
# SPIN_BASE cycles (default 256), +1 % and +2 % wait SPIN_STEP and twice SPIN_STEP more: by default 1 % of the
# kernel's time at the size (at 1980 MHz: 144 cycles at 2^20, 352 at 2^22, 1158 at 2^24; measured medians
# with the base's wait 7.27, 17.8 and 58.5 us)
kernel=${KERNEL:-gelu}
[[ $kernel == gelu || $kernel == spin ]] || { echo "ab-fresh: KERNEL=$kernel: use gelu or spin" >&2; exit 2; }
source bench/gpu/user-kernel.sh
spin() { spin_ptx "$1" "$2" "$final"; }
echo "size,case,try,exit,wall_s,verdict,change,interval,mdc,forks_a_side,looks,settled,go_to_go_s,before_first_go_s,after_last_end_s,kernel" \
  > "$final/summary.csv"
for s in $sizes; do
  n=$(( 1 << s )); m=$(( n * 108 / 100 ))
  args=(--entry planted --name gelu_strided --grid 1056 --block 256 --arg "buf:f32:$m:fill=random" --arg "buf:f32:$m"
        --arg "i32:$n" --repetitions "${REPS:-10}" --rep-ms "${REP_MS:-10}")
  base=$final/w1000.ptx
  if [[ $kernel == spin ]]; then
    args=(--entry planted_spin --name gelu_strided --grid 1056 --block 256 --arg "buf:f32:$n:fill=random"
          --arg "buf:f32:$n" --arg "i32:$n" --repetitions "${REPS:-10}" --rep-ms "${REP_MS:-10}")
    base=$(spin "$s" 0) || exit 2
  fi
  # shellcheck disable=SC2206
  args+=(${RUN_ARGS:-})
  for (( t = 0; t < tries; t++ )); do
    for c in $cases; do
      new=$base; extra=()
      [[ $c == plus1 || $c == aa05 ]] && extra=(--threshold 0.5%)
      [[ $c == plus1 ]] && new=$final/w1010.ptx
      # shellcheck disable=SC2206
      extra+=(${COMPARE_ARGS:-})
      (( ${#extra[@]} )) && extra=(-- "${extra[@]}")
      [[ $c == plus2 ]] && new=$final/w1020.ptx
      [[ $kernel == spin && $c == plus1 ]] && new=$(spin "$s" 1)
      [[ $kernel == spin && $c == plus2 ]] && new=$(spin "$s" 2)
      run=$final/2^$s-$c-$t
      rm -f "$run-trace.txt"
      t0=$(date +%s%N)
      KBENCH_JAVA_OPTS="${KBENCH_JAVA_OPTS:-} -Dkbench.forks.trace=$run-trace.txt" "$KBENCH" --backend cuda ab --base-kernel "$base" --new-kernel "$new" "${args[@]}" \
        --max-forks "${MAX_FORKS:-200}" --max-time-s "${MAX_TIME_S:-120}" --seed $(( seed + t )) \
        --base-csv "$run-base.csv" --new-csv "$run-new.csv" "${extra[@]}" > "$run.txt" 2> "$run.log"
      rc=$?
      t1=$(date +%s%N)
      wall=$(awk -v n=$(( $(date +%s%N) - t0 )) 'BEGIN { printf "%.1f", n / 1e9 }')
      # verdict, change, interval, MDC from the table's row, by the header's column names (2+ spaces apart)
      row=$(python3 - "$run.txt" <<'PY'
import re, sys
lines = [l.rstrip("\n") for l in open(sys.argv[1]) if not l.startswith("#") and l.strip()]
head = re.split(r"\s{2,}", lines[0].strip()) if lines else []
rows = [dict(zip(head, re.split(r"\s{2,}", l.strip()))) for l in lines[1:]]
r = next((r for r in rows if r.get("benchmark") == "gelu_strided"), {})
print(",".join(r.get(k, "") for k in ("verdict", "change", "95% CI", "MDC")))
PY
)
      stop=$(grep -E "^kbench ab: [0-9]+ forks a side in" "$run.log" | tail -1)
      a_side=$(cut -d' ' -f3 <<< "$stop")
      looks=$(grep -cE "^kbench ab: look " "$run.log")
      # the last look says how many of the benchmarks it settled
      settled=$(grep -E "^kbench ab: look " "$run.log" | tail -1 | grep -qE " 1 of 1 benchmark\(s\) settled" && echo yes || echo no)
      # the forks' cadence and what ab spends before its first fork's go and after its last fork's end
      cost=$(python3 - "$run-trace.txt" "$t0" "$t1" "$root" <<'PY'
import os, statistics, sys
sys.path.insert(0, f"{sys.argv[4]}/bench/gpu")
from forktrace import forks_of
forks = forks_of(open(sys.argv[1]) if os.path.exists(sys.argv[1]) else [])
t0, t1 = int(sys.argv[2]) / 1e9, int(sys.argv[3]) / 1e9
gaps = [b["go"] - a["go"] for a, b in zip(forks, forks[1:])]
print(",".join([f"{statistics.median(gaps):.3f}" if gaps else "", f"{forks[0]['go'] - t0:.3f}" if forks else "",
                f"{t1 - max(f.get('end', f['go']) for f in forks):.3f}" if forks else ""]))
PY
)
      echo "$s,$c,$t,$rc,$wall,${row:-,,,},${a_side:-},$looks,$settled,$cost,$kernel" >> "$final/summary.csv"
      echo "ab-fresh: 2^$s $c try $t: exit $rc in $wall s; $stop" >&2
    done
  done
done
cat "$final/summary.csv"
