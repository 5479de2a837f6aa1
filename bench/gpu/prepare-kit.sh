#!/usr/bin/env bash
# Prepares, on the development machine, everything the CUDA backend's GPU run needs, under .device/:
#   - the Java 25 runtime kit of ../shared/device/make-kit.sh (.device/jdk.tar.xz, env.sh, ...)
#   - .device/app/cuda/lib/   backend-cuda, bench-api, jcuda and jcuda-natives jars (module path or class path)
#   - .device/app/cuda/test/  the backend's compiled tests (CudaInfo among them), their test dependencies
#                             and junit-platform-console-standalone
#   - .device/app/cuda/tools/ bench/evidence's jar (GeluSweep) and its dependencies beyond the backend's
#   - .device/app/cuda/gelu.sm_90.cubin   (if nvcc is here) for the cubin test
# Then, with the device tool:
#   run(command="source .device/env.sh; bash bench/gpu/run-cuda-tests.sh", carry=[".device"])
#
#   bash bench/gpu/prepare-kit.sh          # from anywhere; JAVA_HOME defaults to Temurin 25
# bench-api must be installed in ~/.m2 (./mvnw -pl bench-api install) or be built by the reactor.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
kit=${KIT:-.device}
junit_console=${JUNIT_CONSOLE_VERSION:-1.14.4}
git check-ignore -q "$kit/" || { echo "prepare-kit: $kit/ is not git-ignored; add it to .gitignore first" >&2; exit 2; }

bash "${MAKE_KIT:-$root/../shared/device/make-kit.sh}" "$kit"
./mvnw -B -q -pl backend-cuda install -DskipTests
./mvnw -B -q -pl bench/evidence -am package -DskipTests

app=$kit/app/cuda
rm -rf "$app"
mkdir -p "$app/lib" "$app/test" "$app/tools"
cp backend-cuda/target/backend-cuda-*-SNAPSHOT.jar "$app/lib/"
# the runtime dependencies the build resolved: bench-api (from the reactor or ~/.m2), jcuda, jcuda-natives
./mvnw -B -q -pl backend-cuda dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$root/$app/lib"
"$JAVA_HOME/bin/jar" --create --no-manifest --file "$app/test/backend-cuda-tests.jar" -C backend-cuda/target/test-classes dev
./mvnw -B -q -pl backend-cuda dependency:copy-dependencies -DincludeScope=test -DincludeGroupIds=org.apache.commons \
  -DoutputDirectory="$root/$app/test"
cp bench/evidence/target/kbench-evidence-*-SNAPSHOT.jar "$app/tools/"
./mvnw -B -q -pl bench/evidence dependency:copy-dependencies -DincludeScope=runtime -DincludeGroupIds=org.apache.commons \
  -DoutputDirectory="$root/$app/tools"
./mvnw -B -q dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:$junit_console \
  -DoutputDirectory="$root/$app/test"
if command -v nvcc >/dev/null; then
  nvcc -cubin -arch=sm_90 -O3 -o "$app/gelu.sm_90.cubin" kernels/cuda/gelu.cu
fi
ls -la "$app/lib" "$app/test"
du -sh "$kit" | sed 's/^/kit size (must stay under 64 MiB with the working tree): /'
