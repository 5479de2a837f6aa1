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

# Profiler ranges on the H200: kbench marks each repetition's timed calls with cuProfilerStart/Stop, so
# Nsight Compute started with --profile-from-start off profiles those calls and nothing before them (the
# check call, the estimate, the warmup). Runs a user kernel twice under ncu: from the start, and from
# the profiler ranges; counts the kernels profiled. Same kit as bench/gpu/run-hot.sh; from the
# repository root: bash .device/hot/run-profile.sh. Writes $OUT/profile.txt (else bench/out/profile).
set -uo pipefail
kit=${KIT:-.device/hot}
out=${OUT:-bench/out/profile}
work=$(mktemp -d /tmp/kbench-profile.XXXXXX)
mkdir -p "$out"
tar -C "$work" -xaf "$(ls "$kit"/kbench-*-linux-x86_64.tar.* | head -1)"
KBENCH=$(echo "$work"/kbench-*/bin/kbench)
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:${LD_LIBRARY_PATH:-}
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
n=$((1 << 20))
# 2 repetitions of 3 timed calls each; before them: 1 checked call, 5 estimate calls, 1 warmup call
run=("$KBENCH" --backend cuda run --kernel "$kit/gelu.ptx" --entry gelu --grid $((n / 256)) --block 256
  --arg "buf:f32:$n" --arg "buf:f32:$n" --arg "i32:$n" --repetitions 2 --max-samples 3 --warmup-ms 0 --rep-ms 1
  --cache-clear off --quiet)
{
  echo "nsys: $(command -v nsys || echo absent)"; echo "ncu: $ncu"; "$ncu" --version
  for mode in on off; do
    echo "=== ncu --profile-from-start $mode"
    "$ncu" --profile-from-start "$mode" --target-processes all --metrics gpu__time_duration.sum "${run[@]}" > "$work/ncu-$mode.txt" 2>&1
    echo "exit $?; kernels profiled: $(grep -c '^  gelu' "$work/ncu-$mode.txt")"
    grep -E '==PROF==|==ERROR==|==WARNING==' "$work/ncu-$mode.txt" | head -8
    grep -A3 '^  gelu' "$work/ncu-$mode.txt" | head -8
  done
} > "$out/profile.txt" 2>&1
cat "$out/profile.txt"
