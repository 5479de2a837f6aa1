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

# Runs on the H200 machine from the repository root, with the kit of prepare-evidence.sh (kbench's
# distribution gives the Java runtime, the jars and bin/kbench; no JDK there).
#   bash bench/gpu/run-evidence.sh fidelity     # docs/performance.md §1, §2 and §4, and the OpenCL sweep of docs/opencl.md
#   bash bench/gpu/run-evidence.sh statistics   # docs/performance.md §3: A/A false positives and power
# Writes CSV and logs to $OUT (else bench/out/evidence).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
out=${OUT:-bench/out/evidence}
mkdir -p "$out"
source bench/gpu/with-dist.sh || exit 2
lib=$KBENCH_LIB
mp=("$KBENCH_JAVA" --enable-native-access=jcuda,dev.kbench.cuda,jocl,dev.kbench.opencl -p "$lib" --add-modules ALL-MODULE-PATH)
# bench/evidence's tools (not shipped), on the class path beside the modules: tool BACKEND CLASS [args]
tools=$(ls .device/app/tools/*.jar | tr '\n' ':')
tool() { local backend=$1 main=$2; shift 2; "${mp[@]}" -Dkbench.backend="$backend" -cp "${tools%:}" "dev.kbench.evidence.$main" "$@"; }
evidence() { local backend=$1; shift; "$KBENCH_JAVA" -Dkbench.backend="$backend" --enable-native-access=ALL-UNNAMED \
  -cp "$lib:.device/app/evidence" Evidence "$@"; }
exps="0 10 12 14 16 18 20 22 24 26 28"
status=0
step() { echo "== $1 $(date -u +%T)" >&2; }
# STEPS narrows the fidelity mode: any of info c triton kbench opencl suite overhead rounds (default all but rounds)
steps=${STEPS:-info c triton kbench opencl suite overhead}
want() { [[ " $steps " == *" $1 "* ]]; }

case ${1:-fidelity} in
fidelity)
  want info && step info && { date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv
    "$KBENCH_JAVA" -version 2>&1; "$KBENCH" info; } > "$out/info.txt" 2>&1 || true
  [[ -x /tmp/harness ]] || nvcc -O2 -o /tmp/harness bench/fidelity/harness.cu -lcuda 2> "$out/harness.log" || status=1
  want c && step "C harness" && { /tmp/harness kernels/cuda/gelu.ptx gelu "$exps" > "$out/fidelity-c.csv" \
    2>> "$out/harness.log" || status=1; }
  want triton && step triton && { python3 bench/fidelity/triton_bench.py kernels/cuda/gelu.ptx gelu "$exps" \
    > "$out/fidelity-triton.csv" 2> "$out/triton.log" || status=1; }
  want kbench && step "kbench doBench (module path), normal and graph" && { \
    tool cuda GeluSweep --exponents "${exps// /,}" --modes normal,graph,graph-noclear \
    --spin-us "" --out "$out/fidelity-kbench.csv" 2> "$out/kbench.log" || status=1; }
  # Alternating rounds of the three harnesses (normal mode only): run-to-run spread of each, side by side.
  if want rounds; then
    for r in 1 2 3; do
      step "round $r"
      /tmp/harness kernels/cuda/gelu.ptx gelu "$exps" | sed "s/^c,/c$r,/" >> "$out/rounds.csv" 2>> "$out/harness.log" || status=1
      python3 bench/fidelity/triton_bench.py kernels/cuda/gelu.ptx gelu "$exps" | sed "s/^triton,/triton$r,/" \
        >> "$out/rounds.csv" 2>> "$out/triton.log" || status=1
      tool cuda GeluSweep --exponents "${exps// /,}" --modes normal \
        --spin-us "" 2>> "$out/kbench.log" | sed "s/^module,/kbench$r,/" >> "$out/rounds.csv" || status=1
    done
  fi
  want opencl && step "OpenCL GELU sweep on NVIDIA's driver" && { tool opencl GeluSweep --exponents 16,20,24,28 --modes normal \
    > "$out/opencl-gelu.csv" 2> "$out/opencl-gelu.log" || status=1
  tool opencl MarkerOverhead 2000 16 268435456 \
    > "$out/opencl-markers.txt" 2>&1 || status=1; }
  want suite && step "cross-vendor built-in suite" && for b in cuda opencl; do
    "$KBENCH" --backend $b run --filter copy,triad,gelu,reduce_sum,empty \
      -p n=2^20,2^24,2^26,2^28 --repetitions 10 --seed 1 --csv-samples "$out/suite-$b.csv" --force --format csv \
      > "$out/suite-$b.txt" 2> "$out/suite-$b.log" || status=1
  done
  want overhead && step overhead && for b in cuda opencl; do
    evidence $b overhead --kernels kernels > "$out/overhead-$b.csv" 2> "$out/overhead-$b.log" || status=1
  done
  ;;
statistics)
  # BUFFERS=shared (default): both benchmarks of a comparison use the same device buffers;
  # BUFFERS=separate: each allocates its own (placement in device memory then differs too)
  buffers=${BUFFERS:-shared}
  step "A/A, interleaved and sequential, $buffers buffers"
  evidence cuda aa --n 16777216 --trials ${TRIALS:-200} --buffers $buffers > "$out/aa-cuda-$buffers.csv" \
    2> "$out/aa-cuda-$buffers.log" || status=1
  step "power, 1% and 2%"
  evidence cuda power --n 16777216 --trials ${POWER_TRIALS:-100} --schedules INTERLEAVED --reps 5 --rep-ms 10 \
    --buffers $buffers > "$out/power-cuda-$buffers.csv" 2> "$out/power-cuda-$buffers.log" || status=1
  ;;
clbuild)
  evidence opencl clbuild kernels/suite/suite.cl
  ;;
esac
step "done (status $status)"
# one archive of everything, for copying the results back
tar -C "$out" -czf /tmp/evidence.tgz . && mv /tmp/evidence.tgz "$out/evidence.tgz"
exit $status
