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

# Regenerates suite.spv (SPIR-V, for Level Zero and OpenCL 2.1+) from suite.cl with Debian's clang-15
# and llvm-spirv-15 (apt-get install clang-15 llvm-spirv-15). Usage: kernels/suite/build-spv.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
clang=${CLANG:-clang-15}
spirv=${LLVM_SPIRV:-llvm-spirv-15}
for tool in "$clang" "$spirv"; do
  command -v "$tool" >/dev/null || { echo "build-spv.sh: $tool not found; apt-get install clang-15 llvm-spirv-15" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$clang" -c -target spir64 -O2 -cl-std=CL2.0 -emit-llvm -o "$tmp/suite.bc" suite.cl
"$spirv" "$tmp/suite.bc" -o suite.spv
echo "wrote $(pwd)/suite.spv"
