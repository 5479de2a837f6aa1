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

# Brunner-Munzel speed, kbench (JMH) beside SciPy (timeit), on the same machine in one run.
# Data on both sides: seeded log-normal times (sigma 0.05, no ties), the new side 1 % slower;
# 10^6 and 2 x 10^6 samples per side. Needs JAVA_HOME (Java 25) and python3 with SciPy.
# Usage: bench/stats-speed/bm-vs-scipy.sh [OUT_DIR]   (default: bench/stats-speed/out)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/bench/stats-speed/out}
mkdir -p "$out"
cd "$root"
./mvnw -B -q -pl bench-stats -am install -DskipTests
./mvnw -B -q -f bench/stats-jmh/pom.xml package
{
  echo "# $(date -u +%FT%TZ) $(uname -m), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  "$JAVA_HOME/bin/java" -version 2>&1 | head -1
  python3 -c 'import scipy, numpy, sys; print("SciPy", scipy.__version__, "NumPy", numpy.__version__, "Python", sys.version.split()[0])'
} | tee "$out/machine.txt"
"$JAVA_HOME/bin/java" -jar bench/stats-jmh/target/benchmarks.jar 'StatsBenchmark.brunnerMunzel[24]M' \
    -f 1 -wi 3 -w 2s -i 5 -r 2s -rf json -rff "$out/jmh.json" | tee "$out/jmh.txt"
python3 - "$out/scipy.txt" <<'PY'
import sys, timeit
import numpy as np, scipy.stats as st
rng = np.random.default_rng(42)
lines = []
for side in (1_000_000, 2_000_000):
    x = np.exp(0.05 * rng.standard_normal(side))
    y = 1.01 * np.exp(0.05 * rng.standard_normal(side))
    runs = timeit.repeat(lambda: st.brunnermunzel(x, y), number=1, repeat=7)
    lines.append(f"scipy.stats.brunnermunzel {side} per side: best {1000 * min(runs):.0f} ms, "
                 f"median {1000 * sorted(runs)[3]:.0f} ms of 7")
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
