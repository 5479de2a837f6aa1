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

# Prepares, on the development machine, everything the CUDA backend's GPU test run needs, under .device/:
#   - what bench/gpu/prepare-dist.sh makes (kbench's distribution: its runtime and jars run the tests)
#   - .device/app/cuda/test/  the backend's compiled tests (CudaInfo among them), their test dependencies
#                             (the conformance kit, bench-tck, among them) and junit-platform-console-standalone
#   - .device/app/cuda/tools/ bench/evidence's jar (GeluSweep) and its dependencies beyond the backend's
#   - .device/app/cuda/gelu.sm_90.cubin   (if nvcc is here) for the cubin test
# Then, with the device tool:
#   run(command="bash bench/gpu/run-cuda-tests.sh", carry=[".device"])
#
#   bash bench/gpu/prepare-kit.sh          # from anywhere; JAVA_HOME defaults to Temurin 25
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
kit=${KIT:-.device}
junit_console=${JUNIT_CONSOLE_VERSION:-1.14.4}
bash bench/gpu/prepare-dist.sh # builds and installs the modules
./mvnw -B -q -pl bench-tck,backend-cuda,bench/evidence package -DskipTests # the kit, the backend's test classes, the evidence jar

app=$kit/app/cuda
rm -rf "$app"
mkdir -p "$app/test" "$app/tools"
"$JAVA_HOME/bin/jar" --create --no-manifest --file "$app/test/backend-cuda-tests.jar" -C backend-cuda/target/test-classes dev
./mvnw -B -q -pl backend-cuda dependency:copy-dependencies -DincludeScope=test -DincludeGroupIds=org.apache.commons \
  -DoutputDirectory="$root/$app/test"
cp bench-tck/target/bench-tck-*-SNAPSHOT.jar "$app/test/"
rm -f "$app"/test/bench-tck-*-sources.jar "$app"/test/bench-tck-*-javadoc.jar
cp bench/evidence/target/kbench-evidence-*-SNAPSHOT.jar "$app/tools/"
./mvnw -B -q -pl bench/evidence dependency:copy-dependencies -DincludeScope=runtime -DincludeGroupIds=org.apache.commons \
  -DoutputDirectory="$root/$app/tools"
./mvnw -B -q dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:$junit_console \
  -DoutputDirectory="$root/$app/test"
if command -v nvcc >/dev/null; then
  nvcc -cubin -arch=sm_90 -O3 -o "$app/gelu.sm_90.cubin" kernels/cuda/gelu.cu
fi
ls -la "$app/test" "$app/tools"
du -sh "$kit" | sed 's/^/kit size (must stay under 64 MiB with the working tree): /'
