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

# A planted series for kbench history on PoCL (docs/history.md): RUNS commits of a small git repository
# holding planted.cl, each measured by `kbench run` from its work tree (the sidecar records the commit;
# each run is one fork, so the segments' comparison has one fork per run), with a slower kernel from
# commit STEP1 on (WORK 100 -> 105 loop iterations, +5%) and again from commit STEP2 on (105 -> 107, +2%). Then `history add`, `history changes` and `history trend`, and a check
# that the change points are exactly at the commits of STEP1 and STEP2.
#
#   bench/history/planted-series.sh [OUT_DIR] [RUNS] [STEP1] [STEP2]     defaults: a new temp dir, 40, 25, 32
#
# Exit 0 when exactly the two planted change points are found, 1 otherwise. Environment: KBENCH (the
# launcher, default ./kbench of this tree), KBENCH_PLANTED_RUN_OPTS (the run's measuring options),
# KBENCH_PLANTED_KERNEL=ptx for CUDA (planted.ptx, WORK 2000 -> 2100 -> 2142 over 2^22 elements) or
# KBENCH_PLANTED_KERNEL=gelu for CUDA's GELU at n = 2^24 (planted-gelu.ptx: 1000 -> 1050 -> 1071 thousandths of n
# elements computed, cold with the cache cleared as `kbench ab`'s forks measure) instead of OpenCL on PoCL
# (planted.cl, WORK 100 -> 105 -> 107 over 2^14 elements).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kbench=${KBENCH:-$here/../../kbench}
out=${1:-$(mktemp -d "${TMPDIR:-/tmp}/kbench-planted.XXXXXX")}
runs=${2:-40}
step1=${3:-25}
step2=${4:-32}
opts=${KBENCH_PLANTED_RUN_OPTS:---repetitions 10 --rep-ms 30 --warmup-ms 50 --cache-clear 0}
mkdir -p "$out"
out=$(cd "$out" && pwd)
repo=$out/repo
rm -rf "$repo" "$out"/run-*.csv "$out"/run-*.csv.env.json "$out/history.db"
mkdir -p "$repo"
if [[ ${KBENCH_PLANTED_KERNEL:-cl} == ptx ]]; then
  kernel=planted.ptx base=2000 backend=cuda launch=(--grid 16384 --block 256 --arg buf:f32:2^22:fill=1)
elif [[ ${KBENCH_PLANTED_KERNEL:-cl} == gelu ]]; then
  # n = 2^24 elements, buffers sized for n * 1.08 (more than WORK reaches); a fixed grid of 8 blocks of 256 per SM
  # of an H200 (132 SMs) striding over them
  kernel=planted-gelu.ptx base=1000 backend=cuda
  launch=(--grid 1056 --block 256 --arg buf:f32:18120000:fill=random --arg buf:f32:18120000 --arg i32:16777216)
  opts=${KBENCH_PLANTED_RUN_OPTS:---repetitions 10 --rep-ms 10}
else
  kernel=planted.cl base=100 backend=opencl launch=(--grid 64 --block 256 --arg buf:f32:2^14:fill=1)
fi
cp "$here/$kernel" "$repo/$kernel"
git() { command git -C "$repo" -c user.name=kbench -c user.email=kbench@localhost "$@"; }
git init -q -b main
echo "kbench planted series: $runs commits, +5% at $step1, +2% at $step2, in $out" >&2
for ((i = 0; i < runs; i++)); do
  work=$base   # +5% from step1 on, another +2% from step2 on
  ((i >= step1)) && work=$(( (base * 105 + 50) / 100 ))
  ((i >= step2)) && work=$(( (base * 105 * 102 + 5000) / 10000 ))
  sed -i -E "/(#define WORK|\/\/ WORK$)/ s/([ ,])[0-9]+(;? *(\/\/ WORK)?)$/\1$work\2/" "$repo/$kernel"
  grep -q "[ ,]$work\(; // WORK\)\?$" "$repo/$kernel" || { echo "kbench planted series: WORK not set in $kernel" >&2; exit 2; }
  git add "$kernel"
  git commit -q --allow-empty -m "run $i: WORK $work"
  # shellcheck disable=SC2086
  (cd "$repo" && "$kbench" --backend "$backend" run --kernel "$kernel" --entry planted "${launch[@]}" \
      $opts -q --csv-samples "$out/run-$(printf %02d "$i").csv" >/dev/null)
  echo "kbench planted series: run $i of $runs (WORK $work, commit $(git rev-parse --short HEAD))" >&2
done
"$kbench" history add --db "$out/history.db" "$out"/run-*.csv >/dev/null
"$kbench" history trend --db "$out/history.db" --html "$out/trend.html" > "$out/trend.txt"
status=0
"$kbench" history changes --db "$out/history.db" --format json > "$out/changes.json" || status=$?
"$kbench" history changes --db "$out/history.db" > "$out/changes.txt" || true
cat "$out/changes.txt"
expected="$(git rev-list --reverse HEAD | sed -n "$((step1 + 1))p;$((step2 + 1))p")"
found=$(python3 -c 'import json,sys; print("\n".join(c["after"]["commit"] for c in json.load(open(sys.argv[1]))["change_points"]))' "$out/changes.json")
if [[ $status -eq 1 && $found == "$expected" ]]; then
  echo "kbench planted series: PASS: change points exactly at the commits of runs $step1 and $step2 (history changes exit $status); $out" >&2
else
  echo "kbench planted series: FAIL: expected change points after runs $step1 and $step2 (commits $(echo $expected)), found: $(echo $found) (exit $status); $out" >&2
  exit 1
fi
