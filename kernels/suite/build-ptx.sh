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

# Regenerates suite.ptx from suite.cu with nvcc (CUDA 12.x/13.x). The PTX targets sm_90 (H100/H200)
# and is JIT-compiled by the driver, so it also runs on newer GPUs; -lineinfo keeps source lines for
# profilers. Usage: kernels/suite/build-ptx.sh  (NVCC=/path/to/nvcc to choose the compiler)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null || { echo "build-ptx.sh: nvcc not found; install the CUDA toolkit or set NVCC" >&2; exit 2; }
"$nvcc" -ptx -arch=sm_90 -O3 -lineinfo -o suite.ptx suite.cu
# Sanity check: ptxas must accept what nvcc wrote.
if command -v ptxas >/dev/null; then
  ptxas -arch=sm_90 -o /dev/null suite.ptx
fi
echo "wrote $(pwd)/suite.ptx ($("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/CUDA \1/p'))"
