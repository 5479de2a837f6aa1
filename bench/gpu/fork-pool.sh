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
# BLOCK=B (default 1) makes each of those processes a `kbench run --forks B`: B forks of one variant one after
# another, each a process of its own, as `kbench ab` starts them (standby forks, the forks' own AOT cache, the
# first fork of a block training it), so that a pool costs what ab's forks cost; each fork's go and end go to
# traces/ (-Dkbench.forks.trace). With B = 1 each fork is a plain `kbench run` mapping the pool's AOT cache.
# PLACE="0 2" (default "0") measures each pool once per --place-every value, in pools named POOL (0) and
# POOL-peR (R > 0), their processes shuffled together, for an A/B of fresh placements within a fork.
# A round runs its processes in a seeded random order (SEED), so drift reaches every variant alike. Rounds stop
# once BUDGET_S seconds have passed (default 480). Writes $FINAL (default bench/out/fork-pool): POOL/2^s/VARIANT/
# fork-RRR.csv (user) or builtin/fork-RRR.csv (round RRR; its forks by the fork column), timing.csv (pool,
# round, size, variant, wall ms, exit, forks), machine.txt, the AOT training log; and FINAL.tgz of all of it.
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
block=${BLOCK:-1}
place=${PLACE:-0}
source "$root/bench/gpu/user-kernel.sh"   # user N: the user kernel's arguments
work=$(mktemp -d)
mkdir -p "$final"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv 2>&1
  nproc; echo "pools=$pools sizes=$sizes rounds=$rounds budget=$budget seed=$seed block=$block place=$place"; } > "$final/machine.txt"
variants="1.00 1.01 1.02"
scaled() { python3 -c "import sys; print(round(int(sys.argv[1]) * float(sys.argv[2])))" "$1" "$2"; }
measure=(--repetitions 10 --rep-ms 10 -q)
# shellcheck disable=SC2046
KBENCH_JAVA_OPTS="-XX:AOTCacheOutput=$work/pool.aot" "$KBENCH" --backend "${BACKEND:-cuda}" run $(user $((1 << 24))) \
  "${measure[@]}" > /dev/null 2> "$final/aot-train.log"
echo "aot training: exit $?, cache $(stat -c %s "$work/pool.aot" 2>/dev/null) bytes" >> "$final/aot-train.log"
export KBENCH_JAVA_OPTS="-XX:AOTCache=$work/pool.aot"
echo "pool,round,size,variant,wall_ms,exit,forks" > "$final/timing.csv"
mkdir -p "$final/traces"
builtin_params=""
for s in $sizes; do for v in $variants; do builtin_params+="${builtin_params:+,}$(scaled $((1 << s)) "$v")"; done; done
fork() { # pool round size variant out command...
  local pool=$1 round=$2 size=$3 variant=$4 out=$5 t0 rc forks=(); shift 5
  mkdir -p "$(dirname "$out")"
  (( block > 1 )) && forks=(--forks "$block")
  t0=$(date +%s%N)
  KBENCH_JAVA_OPTS="$KBENCH_JAVA_OPTS -Dkbench.forks.trace=$final/traces/$pool-$size-$variant-$round.txt" \
    "$@" "${forks[@]}" --csv-samples "$out" > /dev/null 2>> "$final/forks.log"; rc=$?
  echo "$pool,$round,$size,$variant,$(( ($(date +%s%N) - t0) / 1000000 )),$rc,$block" >> "$final/timing.csv"
}
start=$(date +%s)
for (( r = 0; r < rounds; r++ )); do
  if (( $(date +%s) - start >= budget )); then echo "fork-pool: budget of $budget s spent after $r rounds" >&2; break; fi
  jobs=()
  for pe in $place; do
    [[ " $pools " == *" user "* ]] && for s in $sizes; do for v in $variants; do jobs+=("user $s $v $pe"); done; done
    [[ " $pools " == *" builtin "* ]] && jobs+=("builtin all all $pe")
  done
  # a seeded random order of this round's processes
  mapfile -t jobs < <(printf '%s\n' "${jobs[@]}" | python3 -c "import random,sys; l=sys.stdin.read().splitlines(); random.Random($seed * 100003 + $r).shuffle(l); print('\n'.join(l))")
  for job in "${jobs[@]}"; do
    read -r kind s v pe <<< "$job"
    rr=$(printf %03d "$r")
    pool=$kind; (( pe > 0 )) && pool=$kind-pe$pe
    if [[ $kind == user ]]; then
      # shellcheck disable=SC2046
      fork "$pool" "$r" "$s" "$v" "$final/$pool/2^$s/$v/fork-$rr.csv" "$KBENCH" --backend "${BACKEND:-cuda}" run \
        $(user "$(scaled $((1 << s)) "$v")") "${measure[@]}" --place-every "$pe"
    else
      fork "$pool" "$r" all all "$final/$pool/fork-$rr.csv" "$KBENCH" --backend "${BACKEND:-cuda}" run \
        --filter gelu,copy,triad -p "n=$builtin_params" "${measure[@]}" --place-every "$pe"
    fi
  done
done
echo "fork-pool: $(awk -F, 'NR > 1 { n += $7 } END { print n }' "$final/timing.csv") forks in $(( $(date +%s) - start )) s, $(awk -F, 'NR > 1 && $6 != 0' "$final/timing.csv" | wc -l) processes failed" | tee -a "$final/machine.txt" >&2
tar -C "$(dirname "$final")" -czf "$final.tgz" "$(basename "$final")"
