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


# JVMs that start together with an empty temporary directory, as kbench's forks in standby do after a reboot:
# ROUNDS rounds (default 10) of N kbench runs at once (default 8) on the OpenCL backend (PoCL here), each round
# with a fresh, empty -Djava.io.tmpdir shared by its N runs, where JOCL's loader unpacks its native library.
# Prints per round how many runs exited 0 and how many crashed (exit 134, the JVM's crash report), and the
# totals. KBENCH is the kbench command (source bench/gpu/with-dist.sh, then export OCL_ICD_VENDORS for PoCL):
#   source bench/gpu/with-dist.sh && export OCL_ICD_VENDORS=/etc/OpenCL/vendors && bash bench/pocl/start-race.sh
set -uo pipefail
[[ -n ${KBENCH:-} ]] || { echo "start-race: set KBENCH (source bench/gpu/with-dist.sh)" >&2; exit 2; }
rounds=${ROUNDS:-10}
n=${N:-8}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ok=0 crashed=0 other=0
for (( r = 0; r < rounds; r++ )); do
  tmp=$work/tmp-$r
  mkdir -p "$tmp"
  pids=()
  for (( i = 0; i < n; i++ )); do
    KBENCH_JAVA_OPTS="${KBENCH_JAVA_OPTS:-} -Djava.io.tmpdir=$tmp -XX:ErrorFile=$work/hs_err_%p.log" \
      "$KBENCH" --backend opencl run --filter copy -p n=2^10 --repetitions 1 --rep-ms 1 -q > /dev/null 2> "$work/err-$r-$i.txt" &
    pids+=($!)
  done
  round_ok=0 round_crashed=0
  for pid in "${pids[@]}"; do
    wait "$pid"
    case $? in
      0) round_ok=$((round_ok + 1)) ;;
      134) round_crashed=$((round_crashed + 1)) ;;
      *) other=$((other + 1)) ;;
    esac
  done
  ok=$((ok + round_ok)); crashed=$((crashed + round_crashed))
  echo "round $r: $round_ok of $n exited 0, $round_crashed crashed"
done
echo "start-race: $ok of $((rounds * n)) exited 0, $crashed crashed (exit 134), $other other"
