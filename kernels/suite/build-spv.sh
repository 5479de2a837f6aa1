#!/usr/bin/env bash
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
