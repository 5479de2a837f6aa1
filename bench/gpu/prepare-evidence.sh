#!/usr/bin/env bash
# Prepares, on the development machine, the kit for the H200 evidence run (docs/performance.md) under .device/:
#   .device/app/all/       every kbench module jar and its runtime dependencies (module or class path)
#   .device/app/evidence/  bench/evidence/Evidence.java compiled against them
#   .device/app/tools/     bench/evidence's jar (GeluSweep, LaunchCost, MarkerOverhead) and its own dependencies
# Then, with the device tool:
#   run(command="source .device/env.sh; bash bench/gpu/run-evidence.sh fidelity", carry=[".device"])
#   run(command="source .device/env.sh; bash bench/gpu/run-evidence.sh statistics", carry=[".device"])
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
kit=${KIT:-.device}
git check-ignore -q "$kit/" || { echo "prepare-evidence: $kit/ is not git-ignored" >&2; exit 2; }
bash "${MAKE_KIT:-$root/../shared/device/make-kit.sh}" "$kit"
./mvnw -B -q install -DskipTests
app=$kit/app
rm -rf "$app/all" "$app/evidence" "$app/tools"
mkdir -p "$app/all" "$app/evidence" "$app/tools"
for m in bench-api bench-stats backend-cuda backend-opencl bench-cli; do
  cp "$m"/target/"$m"-*-SNAPSHOT.jar "$app/all/"
  [[ -d $m/target/lib ]] && cp -n "$m"/target/lib/*.jar "$app/all/"
done
cp bench/evidence/target/kbench-evidence-*-SNAPSHOT.jar "$app/tools/"
./mvnw -B -q -pl bench/evidence dependency:copy-dependencies -DincludeScope=runtime -DincludeGroupIds=org.apache.commons \
  -DoutputDirectory="$root/$app/tools"
"$JAVA_HOME/bin/javac" -d "$app/evidence" -cp "$(ls "$app"/all/*.jar | tr '\n' ':')" bench/evidence/Evidence.java
du -sh "$kit" | sed 's/^/kit size (must stay under 64 MiB with the working tree): /'
