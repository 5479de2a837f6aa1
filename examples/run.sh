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

# Builds the example against the installed kbench artifacts and runs its main on the active driver.
# Usage: examples/run.sh [samples.csv]   (run ./mvnw install at the repository root first)
# Needs JAVA_HOME set to a JDK >= 22 (else java on PATH must be one): ../mvnw checks it before anything runs.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mvnw=$here/../mvnw
"$mvnw" -B -q -f "$here/pom.xml" compile dependency:build-classpath -Dmdep.outputFile="$here/target/classpath.txt"
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
exec "$java" --enable-native-access=ALL-UNNAMED -cp "$here/target/classes:$(cat "$here/target/classpath.txt")" \
  dev.kbench.examples.SaxpySuite "${1:-$here/target/saxpy-samples.csv}"
