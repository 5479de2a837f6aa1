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

# Runs on the GPU machine, from the repository root, with the kit of prepare-kit.sh (kbench's distribution
# gives the Java runtime and the jars; no JDK there):
#   1. CudaInfo (test code) on the module path and on the class path (driver state, inventory, device facts)
#   2. the backend's JUnit tests, the @Tag("gpu") ones and the CI ones, which take their GPU branch here
#      (class path; LaunchPathTest also starts JVMs on the module path)
#   3. bench/evidence's GELU sweep (doBench at n = 2^0, 2^10 ... 2^28 in normal, graph and graph-noclear modes,
#      plus the spin kernel) with the backend on the module path and on the class path
# Writes to $OUT (else bench/out/cuda): info.txt, junit.txt, sweep-module.csv, sweep-module.log,
# sweep-classpath.csv, sweep-classpath.log. Exits non-zero if any step failed.
#   SWEEP_ARGS   extra GeluSweep options, e.g. "--exponents 20,28 --modes normal"
#   STEPS        which steps to run (default "info junit sweep")
#   SELECT       which tests the junit step runs, as JUnit console options (default: every test class),
#                e.g. "--select-class dev.kbench.cuda.CudaGpuTest"
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
out=${OUT:-bench/out/cuda}
mkdir -p "$out"
source bench/gpu/with-dist.sh || exit 2
app=.device/app/cuda
# the jars the backend needs: bench-api, the CUDA backend, JCuda and its natives
lib=$(ls "$KBENCH_HOME"/lib/core/bench-api-*.jar "$KBENCH_HOME"/lib/backend-cuda/*.jar | tr '\n' ':')
lib=${lib%:}
java=$KBENCH_JAVA
steps=${STEPS:-info junit sweep}
status=0
tests=$app/test/backend-cuda-tests.jar
tools=$(ls "$app"/tools/*.jar | tr '\n' ':')
tools=${tools%:}
mp=("$java" --enable-native-access=jcuda,dev.kbench.cuda -p "$lib" --add-modules ALL-MODULE-PATH)
cp=("$java" --enable-native-access=ALL-UNNAMED -cp "$lib")

if [[ $steps == *info* ]]; then
  {
    date -u
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem,clocks.sm,clocks.mem --format=csv
    "$java" -version 2>&1
    echo "=== module path"
    "$java" --enable-native-access=jcuda,dev.kbench.cuda --patch-module dev.kbench.cuda="$tests" -p "$lib" \
      -m dev.kbench.cuda/dev.kbench.cuda.CudaInfo || status=1
    echo "=== class path"
    "$java" --enable-native-access=ALL-UNNAMED -cp "$lib:$tests" dev.kbench.cuda.CudaInfo || status=1
  } >"$out/info.txt" 2>&1
  echo "info: done (status $status)"
fi

if [[ $steps == *junit* ]]; then
  cubin=()
  if ! command -v nvcc >/dev/null && [[ -f $app/gelu.sm_90.cubin ]]; then cubin=(-Dkbench.cuda.cubin="$app/gelu.sm_90.cubin"); fi
  # The distribution's runtime has no jdk.zipfs, which JUnit needs to scan a jar: scan the classes unpacked
  classes=$(mktemp -d)
  python3 -m zipfile -e "$tests" "$classes"
  "$java" --enable-native-access=ALL-UNNAMED "${cubin[@]}" -jar "$app"/test/junit-platform-console-standalone-*.jar execute \
    --class-path "$lib:$classes:$(ls "$app"/test/*.jar | grep -v junit-platform-console | tr '\n' ':')" ${SELECT:---scan-class-path "$classes"} \
    --details=tree --disable-banner >"$out/junit.txt" 2>&1 || status=1
  echo "junit: $(grep -E 'tests (successful|failed)' "$out/junit.txt" | tr -s ' ' | tr '\n' ' ') (status $status)"
fi

if [[ $steps == *sweep* ]]; then
  # shellcheck disable=SC2086
  "${mp[@]}" -cp "$tools" -Dkbench.backend=cuda dev.kbench.evidence.GeluSweep --out "$out/sweep-module.csv" ${SWEEP_ARGS:-} \
    2>"$out/sweep-module.log" || status=1
  # shellcheck disable=SC2086
  "$java" --enable-native-access=ALL-UNNAMED -cp "$lib:$tools" -Dkbench.backend=cuda dev.kbench.evidence.GeluSweep \
    --out "$out/sweep-classpath.csv" ${SWEEP_ARGS:-} \
    2>"$out/sweep-classpath.log" || status=1
  echo "sweep: done (status $status)"
fi
exit $status
