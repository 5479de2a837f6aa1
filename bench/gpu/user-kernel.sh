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

# The user kernel of the GPU scripts (fork-phases.sh, fork-spread.sh, run-verdicts.sh): the GELU PTX,
# block 256, as a user runs it with `kbench run --kernel`. Sourced; defines
#   user N     the `run`/`ab` arguments for N elements (x filled at random, y written, n; 8 N bytes a call)
#              from $USER_KERNEL (default kernels/cuda/gelu.ptx) and $USER_ENTRY (default gelu)
#   spin_ptx EXP VARIANT DIR   bench/history/planted-spin.ptx for 2^EXP elements with its threads' wait set
#              (SPIN_BASE cycles, default 256, plus VARIANT (0, 1, 2) times SPIN_STEP, by default 1 % of the
#              kernel's time: 144 cycles at 2^20, 352 at 2^22, 1158 at 2^24), written to DIR once; prints its path
user() {
  echo --kernel "${USER_KERNEL:-kernels/cuda/gelu.ptx}" --entry "${USER_ENTRY:-gelu}" --name gelu_ptx \
    --grid $(( ($1 + 255) / 256 )) --block 256 --arg "buf:f32:$1:fill=random" --arg "buf:f32:$1" --arg "i32:$1" \
    --bytes $(( 8 * $1 ))
}

spin_ptx() {
  local step=${SPIN_STEP:-$(case $1 in 20) echo 144 ;; 22) echo 352 ;; *) echo 1158 ;; esac)}
  local c=$(( ${SPIN_BASE:-256} + $2 * step )) file
  file=$3/spin$c.ptx
  if [[ ! -f $file ]]; then
    sed -E "/\/\/ SPIN$/ s/([ ,])[0-9]+(; \/\/ SPIN)$/\1$c\2/" bench/history/planted-spin.ptx > "$file"
    grep -q " $c; // SPIN$" "$file" || { echo "spin_ptx: no SPIN line in planted-spin.ptx" >&2; return 2; }
  fi
  echo "$file"
}
