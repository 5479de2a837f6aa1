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
# written on the build host, where nvcc is). GPUS="0 1" runs one campaign on each of those GPUs at once
# (CUDA_VISIBLE_DEVICES; the i-th GPU's seeds start at SEED + 1000 i, its runs in NAME/gpuG), for a host of
# several GPUs. KBENCH, where set, is used instead of the distribution (a checkout's ./kbench, e.g. with
# BACKEND=opencl on PoCL to try the call without a GPU).
set -u
: "${OUT:?ab-campaign-call: set OUT, the folder the device tool brings back}" "${NAME:?ab-campaign-call: NAME names the call}"
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
[[ -n ${KBENCH:-} ]] || source bench/gpu/with-dist.sh > /dev/null
summary=$OUT/$NAME-summary.txt
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; } > "$summary" 2>&1
echo "set up at $(el) s" >> "$summary"
rm -rf "/tmp/$NAME"
campaign() { # GPU (empty: as the environment has it; an empty CUDA_VISIBLE_DEVICES would hide every GPU) FINAL SEED
  local gpu=()
  [[ -n $1 ]] && gpu=("CUDA_VISIBLE_DEVICES=$1")
  env "${gpu[@]}" PLANTED="${PLANTED:-.device/planted}" SEED="$3" STOP_S=$(( STOP_S - $(el) )) \
    HARD_S=$(( HARD_S - $(el) )) FINAL="$2" bash bench/gpu/ab-campaign.sh > /dev/null 2>&1
}
if [[ -z ${GPUS:-} ]]; then
  campaign "" "/tmp/$NAME" "${SEED:-9000}"
  echo "campaign: exit $? at $(el) s" >> "$summary"
  cat "/tmp/$NAME/runs.txt" /tmp/"$NAME"/*.csv >> "$summary"
else
  i=0; pids=()
  for g in $GPUS; do
    campaign "$g" "/tmp/$NAME/gpu$g" $(( ${SEED:-9000} + 1000 * i )) &
    pids+=($!); i=$((i + 1))
  done
  i=0
  for g in $GPUS; do
    wait "${pids[$i]}"
    echo "campaign on GPU $g: exit $? at $(el) s" >> "$summary"
    cat "/tmp/$NAME/gpu$g/runs.txt" /tmp/"$NAME"/gpu"$g"/*.csv >> "$summary"
    i=$((i + 1))
  done
fi
(cd /tmp && tar -cf - "$NAME" | xz -T0 -6 > "$OUT/$NAME.txz")
echo "total $(el) s" >> "$summary"
tail -3 "$summary"
