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

# One device call of fresh `kbench ab` runs (bench/gpu/ab-campaign.sh) through kbench's distribution, packed for
# the device tool's $OUT: NAME-summary.txt (the GPU's state, kbench's version, one line per run, every summary
# line) and NAME.txz (every run's directory). On the GPU host, from the repository root, after
# bench/gpu/prepare-dist.sh:
#   NAME=call1 SEED=9400 STOP_S=470 HARD_S=575 RUNS="builtin:22,24:aa:30 user:20:aa:60" bash bench/gpu/ab-campaign-call.sh
# STOP_S and HARD_S count from the call's start (the distribution's unpacking included); RUNS and SEED are
# ab-campaign.sh's. PLANTED (default .device/planted) holds the planted suites (bench/gpu/planted-suite.sh,
# written on the build host, where nvcc is).
set -u
: "${OUT:?ab-campaign-call: set OUT, the folder the device tool brings back}" "${NAME:?ab-campaign-call: NAME names the call}"
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh > /dev/null
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; } > "$OUT/$NAME-summary.txt" 2>&1
echo "set up at $(el) s" >> "$OUT/$NAME-summary.txt"
PLANTED=${PLANTED:-.device/planted} STOP_S=$(( STOP_S - $(el) )) HARD_S=$(( HARD_S - $(el) )) FINAL=/tmp/$NAME \
  bash bench/gpu/ab-campaign.sh > /dev/null 2>&1
echo "campaign: exit $? at $(el) s" >> "$OUT/$NAME-summary.txt"
cat /tmp/$NAME/runs.txt /tmp/$NAME/*.csv >> "$OUT/$NAME-summary.txt"
(cd /tmp && tar -cf - "$NAME" | xz -T0 -6 > "$OUT/$NAME.txz")
echo "total $(el) s" >> "$OUT/$NAME-summary.txt"
tail -3 "$OUT/$NAME-summary.txt"
