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

# bench/gpu/run-verdicts.sh split over the two GPUs of one host, to fit the acceptance run into one
# 10-minute device command: GPU 0 runs the fresh A/A `kbench ab` runs, GPU 1 the builtin pool and then
# the fresh planted +2% `kbench ab` runs. Every comparison stays on one GPU (its forks and both of its
# sides); the two halves run at the same time, so each GPU measures next to a busy neighbour (the
# devices evidence, bench/gpu/run-devices.sh, measures what that costs).
#
#   bash bench/gpu/prepare-dist.sh                                  # here
#   run(kind="nvidia-h200-x2", carry=[".device"], command="bash bench/gpu/run-verdicts-2gpu.sh")
#
# Results: $OUT/gpu0/{verdicts.tgz,summary.txt} and $OUT/gpu1/{verdicts.tgz,summary.txt}; analyse with
#   python3 bench/gpu/verdicts.py gpu0/verdicts.tgz gpu1/verdicts.tgz
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
if [[ -z ${KBENCH:-} ]]; then
  # shellcheck source=/dev/null
  source bench/gpu/with-dist.sh || exit 2
fi
out=${OUT:-bench/out/verdicts-2gpu}
forks=${AB_FORKS:-10}; budget=${BUDGET_S:-540}
CUDA_VISIBLE_DEVICES=0 POOL=0 AB_POWER=0 AB_AA=${AB_AA:-20} AB_FORKS=$forks BUDGET_S=$budget \
  OUT=$out/gpu0 WORK=$(mktemp -d) bash bench/gpu/run-verdicts.sh 2> "${TMPDIR:-/tmp}/verdicts-gpu0.log" &
g0=$!
CUDA_VISIBLE_DEVICES=1 POOL=${POOL:-100} AB_AA=0 AB_POWER=${AB_POWER:-10} AB_FORKS=$forks BUDGET_S=$budget \
  OUT=$out/gpu1 WORK=$(mktemp -d) bash bench/gpu/run-verdicts.sh 2> "${TMPDIR:-/tmp}/verdicts-gpu1.log" &
g1=$!
wait $g0; s0=$?; wait $g1; s1=$?
tail -n 5 "${TMPDIR:-/tmp}"/verdicts-gpu*.log
echo "run-verdicts-2gpu: gpu0 exit $s0, gpu1 exit $s1"
(( s0 == 0 && s1 == 0 ))
