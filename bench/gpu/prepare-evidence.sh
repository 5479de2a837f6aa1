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

# Prepares, on the development machine, the kit for the H200 evidence run (docs/performance.md) under .device/:
#   what bench/gpu/prepare-dist.sh makes (kbench's distribution, the OpenCL ICD loader)
#   .device/app/evidence/  bench/evidence/Evidence.java compiled against the distribution's jars
#   .device/app/tools/     bench/evidence's jar (GeluSweep, LaunchCost, MarkerOverhead) and its own dependencies
# Then, with the device tool:
#   run(command="bash bench/gpu/run-evidence.sh fidelity", carry=[".device"])
#   run(command="bash bench/gpu/run-evidence.sh statistics", carry=[".device"])
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
kit=${KIT:-.device}
bash bench/gpu/prepare-dist.sh
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
./mvnw -B -q -pl bench/evidence package -DskipTests
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -C "$tmp" -xzf "$kit"/kbench-*-linux-x86_64.tar.gz
app=$kit/app
rm -rf "$app/evidence" "$app/tools"
mkdir -p "$app/evidence" "$app/tools"
cp bench/evidence/target/kbench-evidence-*-SNAPSHOT.jar "$app/tools/"
./mvnw -B -q -pl bench/evidence dependency:copy-dependencies -DincludeScope=runtime -DincludeGroupIds=org.apache.commons \
  -DoutputDirectory="$root/$app/tools"
"$JAVA_HOME/bin/javac" --release 22 -d "$app/evidence" -cp "$(find "$tmp" -name '*.jar' | sort | tr '\n' ':')" \
  bench/evidence/Evidence.java
du -sh "$kit" | sed 's/^/kit size (must stay under 64 MiB with the working tree): /'
