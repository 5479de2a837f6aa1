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

# Hot time beside NVBench on the H200 (docs/performance.md, "Hot time"): NVBench's cold and batch
# times and kbench's user-kernel runs of kernels/cuda/gelu.cu (gelu at 2^20, 2^22, 2^24; the empty
# kernel) in four modes: --timing hot (blocking kernel), --timing hot --graph, cold --cache-clear off,
# cold --cache-clear device; ROUNDS rounds (default 3), NVBench and kbench alternating. Then the
# backend's GPU tests (CudaGpuTest) and the built-in suite in hot timing.
# Needs the kit in KIT (default .device/hot), made on the development machine by
#   KIT=.device/hot bash bench/gpu/prepare-kit.sh          # kbench's distribution and the test jars
#   bash bench/gpu/build-nvbench.sh .device/hot/kbench-nvbench
#   cp kernels/cuda/gelu.ptx bench/gpu/run-hot.sh .device/hot/
# (the distribution may be repacked as .tar.xz without the OpenCL and Level Zero backends to fit).
# and runs from the repository root: bash .device/hot/run-hot.sh. Writes $OUT/hot.tgz (else bench/out/hot).
set -uo pipefail
kit=${KIT:-.device/hot}
out=${OUT:-bench/out/hot}
rounds=${ROUNDS:-3}
work=$(mktemp -d /tmp/kbench-hot.XXXXXX)
mkdir -p "$out"
# kbench's distribution, as bench/gpu/with-dist.sh unpacks it; here also as .tar.xz (smaller: the kit
# travels with the working tree, 64 MiB in all)
tarball=$(ls "$kit"/kbench-*-linux-x86_64.tar.* | head -1)
[[ -f $tarball ]] || { echo "run-hot: no distribution in $kit" >&2; exit 2; }
tar -C "$work" -xaf "$tarball"
KBENCH_HOME=$(echo "$work"/kbench-*)
KBENCH=$KBENCH_HOME/bin/kbench
KBENCH_JAVA=$KBENCH_HOME/runtime/bin/java
export KBENCH KBENCH_HOME KBENCH_JAVA LD_LIBRARY_PATH=/usr/local/nvidia/lib64:${LD_LIBRARY_PATH:-}
status=0
step() { echo "== $1 $(date -u +%T)" >&2; }

step info
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv
  echo "nsys: $(command -v nsys || echo absent)"; echo "ncu: $(command -v ncu || echo absent)"
  ls -d /usr/local/cuda*/bin/ns* /usr/local/cuda*/bin/ncu /opt/nvidia/nsight* 2>&1
  ldconfig -p | grep -E 'nvToolsExt|libnvtx|cupti' || echo "no NVTX or CUPTI library in ldconfig"
  "$KBENCH" --backend cuda info; } > "$work/info.txt" 2>&1

# kbench on one kernel: name grid block n mode-args...
kb() {
  local name=$1 grid=$2 block=$3 n=$4 mode=$5 round=$6; shift 6
  local bytes=(); ((n > 0)) && bytes=(--bytes $((8 * n)))
  "$KBENCH" --backend cuda run --kernel "$kit/gelu.ptx" --entry "${name%%_*}" --name "$name" --grid "$grid" --block "$block" \
    --arg "buf:f32:$((n > 0 ? n : 1))" --arg "buf:f32:$((n > 0 ? n : 1))" --arg "i32:$n" "${bytes[@]}" \
    --repetitions 10 --seed "$round" "$@" --quiet --format csv --csv-samples "$work/kbench-$mode-$name-r$round.csv" \
    > "$work/kbench-$mode-$name-r$round.txt" 2>> "$work/kbench.log" || status=1
}
for r in $(seq 1 "$rounds"); do
  step "round $r: NVBench"
  "$kit/kbench-nvbench" --csv "$work/nvbench-r$r.csv" --json "$work/nvbench-r$r.json" > "$work/nvbench-r$r.md" 2>&1 || status=1
  step "round $r: kbench"
  for mode in hot graph cold-noclear cold-device; do
    case $mode in
      hot) args=(--timing hot) ;;
      graph) args=(--timing hot --graph) ;;
      cold-noclear) args=(--cache-clear off) ;;
      cold-device) args=(--cache-clear device) ;;
    esac
    kb empty 1 1 0 "$mode" "$r" "${args[@]}"
    for e in 20 22 24; do
      n=$((1 << e))
      kb "gelu_2p$e" $((n / 256)) 256 "$n" "$mode" "$r" "${args[@]}"
    done
  done
done

step "suite, hot and --list"
"$KBENCH" --backend cuda run --filter gelu,empty,copy -p n=2^20,2^24 --timing hot --repetitions 5 --seed 1 \
  > "$work/suite-hot.txt" 2>&1 || status=1
"$KBENCH" --backend cuda run --filter gelu,empty -p n=2^20,2^24 --timing hot --graph --repetitions 5 --seed 1 --format json \
  > "$work/suite-hot-graph.json" 2> "$work/suite-hot-graph.log" || status=1
"$KBENCH" --backend cuda run --dry-run -p n=2^20,2^40 --timing hot > "$work/dry-run.txt" 2>&1 || status=1

step "CudaGpuTest"
app=$kit/app/cuda
lib=$(ls "$KBENCH_HOME"/lib/core/bench-api-*.jar "$KBENCH_HOME"/lib/backend-cuda/*.jar | tr '\n' ':')
cubin=(); [[ -f $app/gelu.sm_90.cubin ]] && cubin=(-Dkbench.cuda.cubin="$app/gelu.sm_90.cubin")
"$KBENCH_JAVA" --enable-native-access=ALL-UNNAMED "${cubin[@]}" -jar "$app"/test/junit-platform-console-standalone-*.jar execute \
  --class-path "${lib}$(ls "$app"/test/*.jar | grep -v junit-platform-console | tr '\n' ':')" \
  --select-class dev.kbench.cuda.CudaGpuTest --details=tree --disable-banner > "$work/junit.txt" 2>&1 || status=1
grep -E 'tests (successful|failed)' "$work/junit.txt" >&2

step "done (status $status)"
rm -rf "$work/$(basename "$KBENCH_HOME")"
tar -C "$work" -czf "$out/hot.tgz" .
exit $status
