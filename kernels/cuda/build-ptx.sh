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

# Compiles every kernels/cuda/*.cu to PTX for Hopper (sm_90) with nvcc; the .ptx files are committed.
#
#   bash kernels/cuda/build-ptx.sh          # needs nvcc on PATH (CUDA 12.x or 13.x)
#
# The PTX ISA version follows the nvcc used (CUDA 13.0 writes .version 9.0, which needs a driver of
# CUDA 13.0 or newer, e.g. R580); set NVCC_FLAGS to add flags. The driver JIT-compiles the PTX for the
# GPU it runs on when the module is loaded.
set -euo pipefail
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
command -v nvcc >/dev/null || { echo "build-ptx.sh: nvcc not found; install the CUDA toolkit" >&2; exit 2; }
for cu in "$dir"/*.cu; do
  ptx=${cu%.cu}.ptx
  # -lineinfo off, no debug: the PTX a release build would ship
  nvcc -ptx -arch=sm_90 -O3 ${NVCC_FLAGS:-} -o "$ptx" "$cu"
  echo "$(basename "$cu") -> $(basename "$ptx") ($(sed -n 's/^\.version //p' "$ptx" | head -1))"
done
