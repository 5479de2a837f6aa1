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

# Rebuilds the SPIR-V test modules from the GLSL compute shaders next to this script:
#   fill.comp, copy.comp, block_sum.comp, kinds.comp -> src/test/resources/dev/kbench/vulkan/conformance.spv
#     (the conformance kit's kernels as Vulkan compute shaders, one entry point per shader, linked into
#     one module with spirv-link)
#   fixed_size.comp -> src/test/resources/dev/kbench/vulkan/fixed_size.spv (a fixed work-group size)
# The .spv files are committed, so the build needs no compiler; with --check the modules are rebuilt
# into a temporary directory and compared byte for byte with the committed ones (exit 1 if one differs). Made with Debian's glslang-tools 12.0.0 (glslangValidator) and spirv-tools 2023.1
# (spirv-link, spirv-val), target Vulkan 1.3 (SPIR-V 1.6).
#
# Usage: backend-vulkan/src/test/glsl/regenerate-spirv.sh [--check]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=$here/../resources/dev/kbench/vulkan
glslang=${GLSLANG_VALIDATOR:-glslangValidator}
for tool in "$glslang" spirv-link spirv-val; do
  command -v "$tool" >/dev/null \
    || { echo "regenerate-spirv.sh: $tool not found; install glslang-tools and spirv-tools" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
parts=()
for entry in fill copy block_sum kinds; do
  "$glslang" -V --target-env vulkan1.3 -e "$entry" --source-entrypoint main -o "$tmp/$entry.spv" "$here/$entry.comp" >/dev/null
  parts+=("$tmp/$entry.spv")
done
spirv-link --target-env vulkan1.3 -o "$tmp/conformance.spv" "${parts[@]}"
mkdir -p "$tmp/out"
mv "$tmp/conformance.spv" "$tmp/out/conformance.spv"
"$glslang" -V --target-env vulkan1.3 -o "$tmp/out/fixed_size.spv" "$here/fixed_size.comp" >/dev/null
for module in conformance fixed_size; do
  spirv-val --target-env vulkan1.3 "$tmp/out/$module.spv"
  if [[ ${1:-} == --check ]]; then
    cmp "$tmp/out/$module.spv" "$out/$module.spv" \
      || { echo "regenerate-spirv.sh: $out/$module.spv differs from a rebuild of the GLSL; rerun this script without --check" >&2; exit 1; }
    echo "regenerate-spirv.sh: $module.spv is a byte-identical rebuild of the GLSL" >&2
  else
    mkdir -p "$out"
    cp "$tmp/out/$module.spv" "$out/$module.spv"
    echo "regenerate-spirv.sh: wrote $out/$module.spv ($(stat -c %s "$out/$module.spv") bytes)" >&2
  fi
done
