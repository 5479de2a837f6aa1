#!/usr/bin/env bash
# Builds the example against the installed kbench artifacts and runs its main on the active driver.
# Usage: examples/run.sh [samples.csv]   (run ./mvnw install at the repository root first)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mvnw=$here/../mvnw
"$mvnw" -B -q -f "$here/pom.xml" compile dependency:build-classpath -Dmdep.outputFile="$here/target/classpath.txt"
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
exec "$java" --enable-native-access=ALL-UNNAMED -cp "$here/target/classes:$(cat "$here/target/classpath.txt")" \
  dev.kbench.examples.SaxpySuite "${1:-$here/target/saxpy-samples.csv}"
