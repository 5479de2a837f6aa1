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

# What makes the medians of separate kbench processes (forks) differ at small sizes? One hypothesis at
# a time, on a GPU host, through kbench's distribution (source bench/gpu/with-dist.sh first):
#   bash bench/gpu/fork-spread.sh          # FINAL=DIR (default bench/out/fork-spread), ROUNDS=12
# SECTIONS picks what runs (default "warmup long cupy placement multi knobs hold"):
#   warmup     clocks: kbench forks of the user gelu PTX at 2^20 and 2^22 with the default warmup (25 ms)
#              and with 500 ms, alternating, each a separate `kbench run` writing its samples (the SM
#              clock after every repetition is in them); nvidia-smi logs the SM clock every 20 ms meanwhile
#   long       forks of 40 repetitions instead of 10 at 2^20: does a fork's median drift within it?
#   cupy       the same kernel timed the same way outside kbench (bench/gpu/placement.py --what none) in
#              separate Python processes: is the spread between processes kbench's or the GPU's?
#   placement  in one process, fresh placements of the kernel's buffers, then of the clear buffer
#              (placement.py --what kernel|clear|module|stream), 2^20 and 2^22: does placement move the median?
#   multi      the built-in gelu at 4 sizes 2^k..2^k+3 in one process (4 allocations of its own each): do
#              the allocations of one process share its median's level?
#   knobs      one process-wide choice at a time, 2^22: NVML off (-Dkbench.cuda.telemetry=off), JCuda's
#              launch instead of FFM (-Dkbench.cuda.launch=jcuda), a smaller clear (--cache-clear device)
#   hold       cold calls held one at a time (the default) against all enqueued, then one synchronize
#              (-Dkbench.hold=false), alternating, 2^20, 2^22, 2^24
# Writes everything under FINAL; bench/results/summarize_spread.py reads it.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
[[ -n ${KBENCH:-} ]] || { echo "fork-spread: source bench/gpu/with-dist.sh first" >&2; exit 2; }
final=${FINAL:-bench/out/fork-spread}
rounds=${ROUNDS:-12}
kernel=${USER_KERNEL:-kernels/cuda/gelu.ptx}
python=${PYTHON:-python3}
mkdir -p "$final"
source "$root/bench/gpu/user-kernel.sh"   # user N: the user kernel's arguments
n20=1048576; n22=4194304
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv 2>&1; nproc; } \
  > "$final/machine.txt"
reasons=clocks_event_reasons.active
nvidia-smi --help-query-gpu 2>/dev/null | grep -q "$reasons" || reasons=clocks_throttle_reasons.active
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,temperature.gpu,power.draw,$reasons \
  --format=csv -lms 20 > "$final/smi.csv" 2>&1 &
smi=$!
trap 'kill $smi 2>/dev/null' EXIT
fork() { # label args...: one kbench process, its samples and its wall time
  local label=$1 t0 rc; shift
  t0=$(date +%s%N)
  "$KBENCH" --backend cuda run "$@" -q --csv-samples "$final/$label.csv" > /dev/null 2>> "$final/kbench.log"
  rc=$?
  echo "$label,$rc,$(( ($(date +%s%N) - t0) / 1000000 )),$(date +%s%N)" >> "$final/forks.csv"
}
echo "label,exit,wall_ms,end_ns" > "$final/forks.csv"
sections=${SECTIONS:-warmup long cupy placement multi knobs hold}
has() { [[ " $sections " == *" $1 "* ]]; }
if has warmup; then
  for (( r = 1; r <= rounds; r++ )); do
    for size in 20 22; do
      n=$n20; [[ $size == 22 ]] && n=$n22
      for w in 25 500; do
        # shellcheck disable=SC2046
        fork "warmup-2p$size-w$w-r$r" $(user $n) --repetitions 10 --rep-ms 10 --warmup-ms $w --seed $r
      done
    done
  done
fi
if has long; then
  for (( r = 1; r <= rounds / 2; r++ )); do
    # shellcheck disable=SC2046
    fork "long-2p20-r$r" $(user $n20) --repetitions 40 --rep-ms 10 --seed $r
  done
fi
if has cupy; then
  for (( r = 1; r <= rounds; r++ )); do
    $python bench/gpu/placement.py --n $n20 --what none --placements 5 --rounds 2 --warmup-s 0.2 --seed $r \
      >> "$final/cupy-processes-2p20.jsonl" 2>> "$final/cupy.log"
  done
fi
if has placement; then
  for n in $n20 $n22; do
    for what in none kernel clear module stream; do
      $python bench/gpu/placement.py --n $n --what $what --placements 16 --rounds 3 --seed 7 \
        >> "$final/placement.jsonl" 2>> "$final/cupy.log"
    done
  done
fi
if has cupy; then
  # the same outside kbench with kbench's habits, separate processes at 2^22: the clear allocated first,
  # no pads, one pool of events, a stream that synchronizes with the legacy default stream
  for (( r = 1; r <= rounds; r++ )); do
    $python bench/gpu/placement.py --n $n22 --what none --placements 5 --rounds 2 --warmup-s 0.2 --seed 1 \
      --clear-first --no-pad --reuse-events --blocking-stream >> "$final/cupy-processes-2p22-kbenchlike.jsonl" 2>> "$final/cupy.log"
  done
fi
if has multi; then
  for (( r = 1; r <= rounds; r++ )); do
    for size in 20 22; do
      b=$(( 1 << size ))
      fork "multi-2p$size-r$r" --filter gelu -p n=$b,$(( b + 1 )),$(( b + 2 )),$(( b + 3 )) --repetitions 10 --seed $r
    done
  done
fi
if has knobs; then
  for (( r = 1; r <= rounds; r++ )); do
    # shellcheck disable=SC2046
    KBENCH_JAVA_OPTS=-Dkbench.cuda.telemetry=off fork "knob-nvmloff-2p22-r$r" $(user $n22) --repetitions 10 --seed $r
    # shellcheck disable=SC2046
    KBENCH_JAVA_OPTS=-Dkbench.cuda.launch=jcuda fork "knob-jcuda-2p22-r$r" $(user $n22) --repetitions 10 --seed $r
    # shellcheck disable=SC2046
    fork "knob-cleardevice-2p22-r$r" $(user $n22) --repetitions 10 --seed $r --cache-clear device
  done
fi
if has hold; then
  for (( r = 1; r <= rounds; r++ )); do
    for hold in true false; do
      for size in 20 22 24; do
        # shellcheck disable=SC2046
        KBENCH_JAVA_OPTS=-Dkbench.hold=$hold fork "hold-$hold-2p$size-r$r" $(user $(( 1 << size ))) --repetitions 10 --seed $r
      done
    done
  done
fi
echo "fork-spread: results in $final" >&2
