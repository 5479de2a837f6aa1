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

# Writes DIR/suite.cl and DIR/suite.ptx: the built-in suite (kernels/suite/suite.cl and suite.cu) with PERMILLE
# per mille more work planted in copy, triad and gelu, for `kbench ab --base-suite-dir kernels/suite
# --new-suite-dir DIR`. The first n * PERMILLE / 1000 threads also do the work of the element at the other end
# (j = n - 1 - i, written by its own thread too, with the same value, so the checks pass): PERMILLE per mille
# more memory traffic and arithmetic, read from DRAM (the cache is cleared before every timed call, and the
# two ends of the arrays are a whole buffer apart). Like bench/history/planted-gelu.ptx's 1.01 n, a change of
# the work, not of the time exactly: a memory-bound kernel's time follows its traffic, less its launch (on an
# H200, 1 % more work was +1.2 % of copy's time, +1.3 % of triad's and +2.2 % of gelu's at 2^24, +0.9 to +1.7 %
# at 2^22, but only +0.0 to +0.7 % at 2^20, where (as we read it) the extra work in the first blocks hides behind
# the last wave: docs/performance.md, section 20). PLACE tail (the third argument; head is the default) plants
# the same work in the last n * PERMILLE / 1000 threads instead (the last blocks to be scheduled, so that the
# extra work lengthens the last wave rather than hiding behind it): a plant of the time at 2^20 too
# (docs/performance.md, section 21). The PTX needs nvcc (NVCC=...); without it only suite.cl is written (PoCL,
# OpenCL devices).
#   bash bench/gpu/planted-suite.sh 10 /tmp/plus1           # +1 % of the work, in the first threads
#   bash bench/gpu/planted-suite.sh 10 /tmp/tail1 tail      # +1 % of the work, in the last threads
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
permille=${1:-}
dir=${2:-}
place=${3:-head}
[[ $permille =~ ^[0-9]+$ && -n $dir && $place =~ ^(head|tail)$ ]] \
  || { echo "usage: planted-suite.sh PERMILLE DIR [head|tail] (got '$*')" >&2; exit 2; }
mkdir -p "$dir"
# one plant per kernel, after the line that stores its result; a line not found is an error. Its threads redo
# the element at the other end of the arrays: j = n - 1 - i
if [[ $place == head ]]; then
  plant="if (i < (size_t) n * $permille / 1000) { size_t j = (size_t) n - 1 - i;"
else
  plant="if (i >= (size_t) n - (size_t) n * $permille / 1000) { size_t j = (size_t) n - 1 - i;"
fi
for file in suite.cl suite.cu; do
  sed -e "s|^\(        \)dst\[i\] = src\[i\];$|&\n\1$plant dst[j] = src[j]; }|" \
      -e "s|^\(        \)a\[i\] = b\[i\] + s \* c\[i\];$|&\n\1$plant a[j] = b[j] + s * c[j]; }|" \
      -e "s|^\(        \)out\[i\] = v \* 0.5f \* (1.0f + \(erff\?\)(v \* 0.7071067811865476f));$|&\n\1$plant float w = x[j]; out[j] = w * 0.5f * (1.0f + \2(w * 0.7071067811865476f)); }|" \
      "$root/kernels/suite/$file" > "$dir/$file"
  [[ $(grep -c "n \* $permille / 1000" "$dir/$file") == 3 ]] \
    || { echo "planted-suite.sh: copy, triad or gelu changed in kernels/suite/$file; fix the patterns" >&2; exit 2; }
done
nvcc=${NVCC:-nvcc}
if command -v "$nvcc" > /dev/null; then
  "$nvcc" -ptx -arch=sm_90 -O3 -o "$dir/suite.ptx" "$dir/suite.cu"
else
  echo "planted-suite.sh: no nvcc, so no suite.ptx (suite.cl only)" >&2
fi
rm "$dir/suite.cu"
echo "$dir"
