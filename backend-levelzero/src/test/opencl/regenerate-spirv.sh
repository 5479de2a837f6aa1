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

# Rebuilds the SPIR-V test modules from the OpenCL C next to this script:
#   kbench_test_kernels.cl -> src/test/resources/dev/kbench/levelzero/kbench_test_kernels.spv
#   unknown_kernel.cl      -> src/test/resources/dev/kbench/levelzero/unknown_kernel.spv
# kbench_test_kernels.cl includes bench-tck's conformance.cl (the conformance kit's kernels).
# The .spv files are committed, so CI needs neither clang nor llvm-spirv. Made with Debian's clang-15
# (15.0.6) and llvm-spirv-15 (15.0.0): OpenCL C 1.2, target spir64, -O2.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=$here/../resources/dev/kbench/levelzero
clang=${CLANG:-clang-15}
spirv=${LLVM_SPIRV:-llvm-spirv-15}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
kit=$here/../../../../bench-tck/src/main/resources/dev/kbench/tck
for source in "$here/kbench_test_kernels.cl" "$here/unknown_kernel.cl"; do
  name=$(basename "$source" .cl)
  "$clang" -cl-std=CL1.2 -target spir64-unknown-unknown -O2 -emit-llvm -I "$kit" -c -o "$tmp/$name.bc" "$source"
  "$spirv" "$tmp/$name.bc" -o "$out/$name.spv"
  echo "regenerate-spirv.sh: wrote $out/$name.spv ($(stat -c %s "$out/$name.spv") bytes)" >&2
done
