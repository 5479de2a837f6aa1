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

# Fresh `kbench ab` runs over the built-in suite as a user runs them: the suite-directory form (so that the
# forks start in standby), KERNELS (default "gelu copy triad") at every size of SIZES (default "20 22 24", 2^s
# elements) in one run, stopping when decided. Cases: aa, both sides the repository's kernels/suite, compare's
# defaults; aa05, the same against `--threshold 0.5%`; plus1, new = the suite with 1 % more work planted in
# copy, triad and gelu (bench/gpu/planted-suite.sh, which needs nvcc), against 0.5 %; plus2, 2 % more at the
# defaults; tail1 and tail2, the same work planted in the last threads instead of the first (planted-suite.sh's
# PLACE tail, a plant of the time at 2^20 too). COMPARE_ARGS adds compare options to every case (e.g. "--center trimmed_mean"). Per run:
# compare's JSON, ab's log, both sides' samples and its forks' trace; one line per benchmark in summary.csv
# (case, try, exit, wall s, forks a side, looks, benchmark, n, verdict, ratio, its interval, MDC). Source
# bench/gpu/with-dist.sh first, then:
#   CASES="aa aa05" TRIES=2 bash bench/gpu/ab-builtin.sh
# MAX_FORKS (default 200) and MAX_TIME_S (default 60) are ab's --max-forks and --max-time-s; FINAL the directory
# (default bench/out/ab-builtin); SEED the first try's --seed (try t uses SEED + t); REPS and REP_MS each
# fork's --repetitions and --rep-ms (default 10 and 10); BACKEND the backend (default cuda).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
[[ -n ${KBENCH:-} ]] || { echo "ab-builtin: source bench/gpu/with-dist.sh first" >&2; exit 2; }
final=${FINAL:-bench/out/ab-builtin}
cases=${CASES:-aa aa05}
tries=${TRIES:-1}
seed=${SEED:-7}
sizes=(); for s in ${SIZES:-20 22 24}; do sizes+=("2^$s"); done
kernels=${KERNELS:-gelu copy triad}
mkdir -p "$final"
final=$(cd "$final" && pwd)
echo "case,try,exit,wall_s,forks_a_side,looks,benchmark,n,verdict,ratio,ci_low,ci_high,mdc" > "$final/summary.csv"
for (( t = 0; t < tries; t++ )); do
  for c in $cases; do
    new=kernels/suite
    case $c in
      aa) extra=(--format json) ;;
      aa05) extra=(--format json --threshold 0.5%) ;;
      plus1) extra=(--format json --threshold 0.5%); new=$final/plus10 ;;
      plus2) extra=(--format json); new=$final/plus20 ;;
      tail1) extra=(--format json --threshold 0.5%); new=$final/tail10 ;;
      tail2) extra=(--format json); new=$final/tail20 ;;
      *) echo "ab-builtin: case $c: use aa, aa05, plus1, plus2, tail1 or tail2" >&2; exit 2 ;;
    esac
    if [[ $new != kernels/suite && ! -d $new ]]; then
      planted=${new##*/}
      place=head; [[ $planted == tail* ]] && place=tail
      bash bench/gpu/planted-suite.sh "${planted##*[a-z]}" "$new" "$place" > /dev/null || exit 2
    fi
    # shellcheck disable=SC2206
    extra+=(${COMPARE_ARGS:-})
    run=$final/$c-$t
    rm -f "$run-trace.txt" "$run-base.csv" "$run-new.csv" "$run-base.csv.env.json" "$run-new.csv.env.json"
    t0=$(date +%s%N)
    KBENCH_JAVA_OPTS="${KBENCH_JAVA_OPTS:-} -Dkbench.forks.trace=$run-trace.txt" "$KBENCH" --backend "${BACKEND:-cuda}" ab \
      --base-suite-dir kernels/suite --new-suite-dir "$new" --filter "${kernels// /,}" \
      -p "n=$(IFS=,; echo "${sizes[*]}")" --repetitions "${REPS:-10}" --rep-ms "${REP_MS:-10}" \
      --max-forks "${MAX_FORKS:-200}" --max-time-s "${MAX_TIME_S:-60}" --seed $(( seed + t )) \
      --base-csv "$run-base.csv" --new-csv "$run-new.csv" -- "${extra[@]}" > "$run.json" 2> "$run.log"
    rc=$?
    wall=$(awk -v n=$(( $(date +%s%N) - t0 )) 'BEGIN { printf "%.1f", n / 1e9 }')
    stop=$(grep -E "^kbench ab: [0-9]+ forks? a side in" "$run.log" | tail -1)
    a_side=$(cut -d' ' -f3 <<< "$stop")
    looks=$(grep -cE "^kbench ab: look " "$run.log")
    python3 - "$run.json" "$c,$t,$rc,$wall,${a_side:-},$looks" >> "$final/summary.csv" <<'PY'
import json, sys
try:
    results = json.load(open(sys.argv[1]))["results"]
except (OSError, ValueError, KeyError):
    results = []
for r in results:
    n = r["params"].split("n=")[-1]
    print(",".join([sys.argv[2], r["benchmark"], n, r["verdict"]] +
                   [f"{r[k]:.5f}" if isinstance(r.get(k), float) else "" for k in ("ratio", "ratio_ci_low", "ratio_ci_high", "mdc")]))
PY
    echo "ab-builtin: $c try $t: exit $rc in $wall s; $stop" >&2
  done
done
cat "$final/summary.csv"
