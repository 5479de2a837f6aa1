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

# Where a fork's wall time goes, through kbench's distribution on a GPU host, and what a JDK 25 AOT
# cache (JEP 483/514/515: classes loaded and linked, method profiles, from a training run) takes off it;
# then `kbench ab` stopping when decided. Source bench/gpu/with-dist.sh first, then:
#   bash bench/gpu/fork-phases.sh      # FINAL=DIR for the results (default bench/out/fork-phases), TRIES=5
# SECTIONS picks what runs (default "phases ab forks-aot"):
#   phases     the phases below, plain and through an AOT cache of a training run (KBENCH_JAVA_OPTS)
#   ab         ab stopping when decided through that cache: A/A at 2^24 and 2^20, +2 % at 2^24, --target-mdc 1%
#   forks-aot  ab's forks with their own shared AOT cache (the default) against none (-Dkbench.forks.aot=false),
#              A/A at 2^24, and the CLI started without the launcher script (java-cli)
#   plus1      a planted +1 % at 2^24 (command form), --threshold 0.5%, stopping when decided
#   verdicts   at 2^20, 2^22 and 2^24: an A/A and a planted +1 % (round(1.01 n), command form,
#              --threshold 0.5%), and a planted +2 % at 2^20 at the defaults, each stopping when decided
#              (--max-forks 20); run after cold calls were held one at a time
# Each phase is a command that does one step more than the one before, timed TRIES times (median):
#   jvm       the runtime's java -version: JVM start alone
#   cli       kbench --version: + the launcher, module graph, CLI classes
#   info      kbench --backend cuda info: + driver discovery (CUDA's libraries, devices)
#   run-min   kbench run of gelu at 2^24, 1 repetition of 1 ms, no warmup: + context, module load,
#             allocation, the clear buffer, one measurement, the results
#   run       the same with ab's defaults (10 repetitions of 10 ms, default warmup): + warmup and measurement
# The differences between consecutive phases are the phases' costs. Writes phases.csv (mode, phase,
# median ms, every try) for mode plain and mode aot, the training log, and the ab runs' logs.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
[[ -n ${KBENCH:-} && -n ${KBENCH_JAVA:-} ]] || { echo "fork-phases: source bench/gpu/with-dist.sh first" >&2; exit 2; }
final=${FINAL:-bench/out/fork-phases}
tries=${TRIES:-5}
kernel=${USER_KERNEL:-kernels/cuda/gelu.ptx}
work=$(mktemp -d)
mkdir -p "$final"
source "$root/bench/gpu/user-kernel.sh"   # user N: the user kernel's arguments
n24=16777216; n24p1=16944988; n24p2=17112760; n20=1048576   # 2^24, round(1.01 and 1.02 * 2^24), 2^20
echo "mode,phase,median_ms,tries_ms,last_exit" > "$final/phases.csv"
phase() { # label command...
  local label=$1 t0 t1 rc times=(); shift
  for (( i = 0; i < tries; i++ )); do
    t0=$(date +%s%N); "$@" > /dev/null 2>> "$final/phases.log"; rc=$?; t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000000 )))
  done
  local median; median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  echo "$mode,$label,$median,${times[*]},$rc" | tee -a "$final/phases.csv" >&2
}
phases() {
  # shellcheck disable=SC2086
  phase jvm "$KBENCH_JAVA" ${KBENCH_JAVA_OPTS:-} -version
  phase cli "$KBENCH" --version
  phase info "$KBENCH" --backend cuda info
  # shellcheck disable=SC2046
  phase run-min "$KBENCH" --backend cuda run $(user $n24) --repetitions 1 --rep-ms 1 --warmup-ms 0 -q
  # shellcheck disable=SC2046
  phase run "$KBENCH" --backend cuda run $(user $n24) --repetitions 10 --rep-ms 10 -q
}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv 2>&1; nproc; } > "$final/machine.txt"
sections=${SECTIONS:-phases ab forks-aot}
has() { [[ " $sections " == *" $1 "* ]]; }
if has phases; then
mode=plain; unset KBENCH_JAVA_OPTS; phases
# the training run writes the cache when it exits (JEP 514's one step)
t0=$(date +%s%N)
# shellcheck disable=SC2046
KBENCH_JAVA_OPTS="-XX:AOTCacheOutput=$work/kbench.aot" "$KBENCH" --backend cuda run $(user $n24) --repetitions 10 \
  --rep-ms 10 -q > /dev/null 2> "$final/aot-train.log"
echo "aot training: exit $?, $(( ($(date +%s%N) - t0) / 1000000 )) ms, cache $(stat -c %s "$work/kbench.aot" 2>/dev/null) bytes" \
  | tee -a "$final/aot-train.log" >&2
export KBENCH_JAVA_OPTS="-XX:AOTCache=$work/kbench.aot"
mode=aot; phases
# shellcheck disable=SC2046
"$KBENCH" --backend cuda run $(user $n24) --repetitions 1 --rep-ms 1 --warmup-ms 0 -q > /dev/null 2> /dev/null \
  && KBENCH_JAVA_OPTS="$KBENCH_JAVA_OPTS -Xlog:aot -Xlog:class+load:file=$work/classes.txt" "$KBENCH" --backend cuda run \
  $(user $n24) --repetitions 1 --rep-ms 1 --warmup-ms 0 -q > /dev/null 2> "$final/aot-use.log"
echo "classes: $(grep -c 'shared objects file' "$work/classes.txt" 2>/dev/null) from the AOT cache of $(wc -l < "$work/classes.txt") loaded" | tee -a "$final/aot-use.log" >&2
fi

# ab, stopping when decided (through the AOT cache, which the forks inherit), within a minute each
abrun() { # name args...
  local name=$1 t0; shift
  t0=$(date +%s%N)
  "$KBENCH" --backend cuda ab --max-time-s "${AB_TIME_S:-60}" --base-csv "$work/$name-b.csv" \
    --new-csv "$work/$name-n.csv" "$@" > "$final/ab-$name.txt" 2> "$final/ab-$name.log"
  echo "ab $name: exit $?, $(( ($(date +%s%N) - t0) / 1000000 )) ms; $(grep -E 'look|forks a side in' "$final/ab-$name.log" | tail -2 | tr '\n' ' ')" \
    | tee -a "$final/ab.txt" >&2
}
if has ab; then
# shellcheck disable=SC2046
abrun aa24 --base-kernel "$kernel" --new-kernel "$kernel" $(user $n24 | sed 's/^--kernel [^ ]* //') \
  --repetitions 10 --rep-ms 10 --max-forks 20 --seed 1
# shellcheck disable=SC2046
abrun aa20 --base-kernel "$kernel" --new-kernel "$kernel" $(user $n20 | sed 's/^--kernel [^ ]* //') \
  --repetitions 10 --rep-ms 10 --max-forks 30 --seed 2
abrun plus2-24 --max-forks 20 --seed 3 \
  --base-command "$KBENCH --backend cuda run $(user $n24) --repetitions 10 --rep-ms 10 -q --csv-samples {out}" \
  --new-command "$KBENCH --backend cuda run $(user $n24p2) --repetitions 10 --rep-ms 10 -q --csv-samples {out}"
# shellcheck disable=SC2046
abrun mdc20 --base-kernel "$kernel" --new-kernel "$kernel" $(user $n20 | sed 's/^--kernel [^ ]* //') \
  --repetitions 10 --rep-ms 10 --target-mdc 1% --max-forks 30 --seed 4
fi
if has forks-aot; then
  unset KBENCH_JAVA_OPTS
  mode=plain
  phase java-cli "$KBENCH_JAVA" -p "$KBENCH_LIB" -m dev.kbench.cli/dev.kbench.cli.Main --version
  for forks_aot in false true; do
    # shellcheck disable=SC2046
    KBENCH_JAVA_OPTS="-Dkbench.forks.aot=$forks_aot" abrun "aa24-forks-aot-$forks_aot" --base-kernel "$kernel" \
      --new-kernel "$kernel" $(user $n24 | sed 's/^--kernel [^ ]* //') --repetitions 10 --rep-ms 10 --max-forks 20 --seed 1
  done
fi
if has plus1; then
  abrun plus1-24 --max-forks 20 --seed 5 \
    --base-command "$KBENCH --backend cuda run $(user $n24) --repetitions 10 --rep-ms 10 -q --csv-samples {out}" \
    --new-command "$KBENCH --backend cuda run $(user $n24p1) --repetitions 10 --rep-ms 10 -q --csv-samples {out}" \
    -- --threshold 0.5%
fi
if has verdicts; then
  for size in 20 22 24; do
    n=$(( 1 << size )); n1=$(( (n * 101 + 50) / 100 ))
    # shellcheck disable=SC2046
    abrun "aa$size-held" --base-kernel "$kernel" --new-kernel "$kernel" $(user $n | sed 's/^--kernel [^ ]* //') \
      --repetitions 10 --rep-ms 10 --max-forks 20 --seed $(( 10 + size ))
    abrun "plus1-$size-held" --max-forks 20 --seed $(( 20 + size )) \
      --base-command "$KBENCH --backend cuda run $(user $n) --repetitions 10 --rep-ms 10 -q --csv-samples {out}" \
      --new-command "$KBENCH --backend cuda run $(user $n1) --repetitions 10 --rep-ms 10 -q --csv-samples {out}" \
      -- --threshold 0.5%
  done
  n=$n20; n2=$(( (n * 102 + 50) / 100 ))
  abrun "plus2-20-held" --max-forks 20 --seed 40 \
    --base-command "$KBENCH --backend cuda run $(user $n) --repetitions 10 --rep-ms 10 -q --csv-samples {out}" \
    --new-command "$KBENCH --backend cuda run $(user $n2) --repetitions 10 --rep-ms 10 -q --csv-samples {out}"
fi
echo "fork-phases: results in $final" >&2
