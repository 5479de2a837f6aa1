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

# Pools of forks for the verdicts' error rates (docs/performance.md section 10): every fork is a separate
# `kbench run` process with `kbench ab`'s per-fork settings (10 repetitions of 10 ms, the default warmup, cold,
# the cache cleared before every call, calls held), all mapping one JDK AOT cache as ab's forks do (trained by
# one extra run first). dev.kbench.evidence.PoolAb (bench/evidence) then runs kbench ab's stop-when-decided loop
# over these forks, drawing them without replacement, so that each comparison is ab's sequential design on
# forks measured on the GPU.
#   POOLS=user      the user kernel (kernels/cuda/gelu.ptx, block 256, bench/gpu/user-kernel.sh) at n, round(1.01 n)
#                   and round(1.02 n), one process each, for n = 2^s, s in SIZES (default "20 22 24"), ROUNDS rounds
#   POOLS=builtin   the built-in gelu, copy and triad at those 9 sizes in one process per fork, ROUNDS forks
# A round runs its processes in a seeded random order (SEED), so drift reaches every variant alike. Rounds stop
# once BUDGET_S seconds have passed (default 480). Writes $FINAL (default bench/out/fork-pool): POOL/2^s/VARIANT/
# fork-RRR.csv (user) or builtin/fork-RRR.csv, timing.csv (pool, round, size, variant, wall ms, exit), machine.txt,
# the AOT training log; and FINAL.tgz of all of it.
#   source bench/gpu/with-dist.sh && POOLS=user SIZES=20 ROUNDS=60 bash bench/gpu/fork-pool.sh
# (BACKEND=opencl runs the built-in pool through OpenCL, e.g. on PoCL to try the script.)
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
[[ -n ${KBENCH:-} ]] || { echo "fork-pool: source bench/gpu/with-dist.sh first" >&2; exit 2; }
final=${FINAL:-bench/out/fork-pool}
pools=${POOLS:-user}
sizes=${SIZES:-20 22 24}
rounds=${ROUNDS:-30}
budget=${BUDGET_S:-480}
seed=${SEED:-1}
source "$root/bench/gpu/user-kernel.sh"   # user N: the user kernel's arguments
work=$(mktemp -d)
mkdir -p "$final"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv 2>&1
  nproc; echo "pools=$pools sizes=$sizes rounds=$rounds budget=$budget seed=$seed"; } > "$final/machine.txt"
variants="1.00 1.01 1.02"
scaled() { python3 -c "import sys; print(round(int(sys.argv[1]) * float(sys.argv[2])))" "$1" "$2"; }
measure=(--repetitions 10 --rep-ms 10 -q)
# shellcheck disable=SC2046
KBENCH_JAVA_OPTS="-XX:AOTCacheOutput=$work/pool.aot" "$KBENCH" --backend "${BACKEND:-cuda}" run $(user $((1 << 24))) \
  "${measure[@]}" > /dev/null 2> "$final/aot-train.log"
echo "aot training: exit $?, cache $(stat -c %s "$work/pool.aot" 2>/dev/null) bytes" >> "$final/aot-train.log"
export KBENCH_JAVA_OPTS="-XX:AOTCache=$work/pool.aot"
echo "pool,round,size,variant,wall_ms,exit" > "$final/timing.csv"
builtin_params=""
for s in $sizes; do for v in $variants; do builtin_params+="${builtin_params:+,}$(scaled $((1 << s)) "$v")"; done; done
fork() { # pool round size variant out command...
  local pool=$1 round=$2 size=$3 variant=$4 out=$5 t0 rc; shift 5
  mkdir -p "$(dirname "$out")"
  t0=$(date +%s%N)
  "$@" --csv-samples "$out" > /dev/null 2>> "$final/forks.log"; rc=$?
  echo "$pool,$round,$size,$variant,$(( ($(date +%s%N) - t0) / 1000000 )),$rc" >> "$final/timing.csv"
}
start=$(date +%s)
for (( r = 0; r < rounds; r++ )); do
  if (( $(date +%s) - start >= budget )); then echo "fork-pool: budget of $budget s spent after $r rounds" >&2; break; fi
  jobs=()
  [[ " $pools " == *" user "* ]] && for s in $sizes; do for v in $variants; do jobs+=("user $s $v"); done; done
  [[ " $pools " == *" builtin "* ]] && jobs+=("builtin all all")
  # a seeded random order of this round's processes
  mapfile -t jobs < <(printf '%s\n' "${jobs[@]}" | python3 -c "import random,sys; l=sys.stdin.read().splitlines(); random.Random($seed * 100003 + $r).shuffle(l); print('\n'.join(l))")
  for job in "${jobs[@]}"; do
    read -r pool s v <<< "$job"
    rr=$(printf %03d "$r")
    if [[ $pool == user ]]; then
      # shellcheck disable=SC2046
      fork user "$r" "$s" "$v" "$final/user/2^$s/$v/fork-$rr.csv" "$KBENCH" --backend "${BACKEND:-cuda}" run \
        $(user "$(scaled $((1 << s)) "$v")") "${measure[@]}"
    else
      fork builtin "$r" all all "$final/builtin/fork-$rr.csv" "$KBENCH" --backend "${BACKEND:-cuda}" run --filter gelu,copy,triad \
        -p "n=$builtin_params" "${measure[@]}"
    fi
  done
done
echo "fork-pool: $(( $(tail -n +2 "$final/timing.csv" | wc -l) )) forks in $(( $(date +%s) - start )) s, $(awk -F, 'NR > 1 && $6 != 0' "$final/timing.csv" | wc -l) failed" | tee -a "$final/machine.txt" >&2
tar -C "$(dirname "$final")" -czf "$final.tgz" "$(basename "$final")"
