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

# Regenerates the Vulkan bindings, src/generated/java/dev/kbench/vulkan/vk, with jextract.
# The generated files are committed and never edited by hand: change includes.txt and rerun this.
#
# Generated with:
#   jextract  openjdk/jextract commit 0b89a462146940a2ec90e34eeb5df3d46d8980d2 (2025-01-06, master; module
#             version 22), the one the Level Zero bindings use: its generated code needs only the JDK 22
#             API. Built with plain javac (--release 22 --module-version 22) on JDK 25.0.3 and run
#             against Debian's libclang 15.0.6 (no Gradle, no bundled LLVM)
#   headers   Debian libvulkan-dev 1.3.239 (VK_HEADER_VERSION 239), /usr/include/vulkan/vulkan.h
#
# Usage: backend-vulkan/jextract/regenerate.sh
#   needs `jextract` on PATH; VULKAN_INCLUDE overrides the include root (default /usr/include).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
module=$(dirname "$here")
include=${VULKAN_INCLUDE:-/usr/include}
header=$include/vulkan/vulkan.h

command -v jextract >/dev/null \
  || { echo "regenerate.sh: no jextract on PATH (see https://github.com/openjdk/jextract; the version used is named above)" >&2; exit 2; }
[[ -f $header ]] || { echo "regenerate.sh: $header not found; install libvulkan-dev or set VULKAN_INCLUDE" >&2; exit 2; }

out=$module/src/generated/java
rm -rf "$out/dev/kbench/vulkan/vk"
jextract \
  --target-package dev.kbench.vulkan.vk \
  --header-class-name VkApi \
  --library :libvulkan.so.1 \
  --output "$out" \
  -I "$include" \
  @"$here/includes.txt" \
  "$header"
echo "regenerate.sh: wrote $(find "$out/dev/kbench/vulkan/vk" -name '*.java' | wc -l) files to $out/dev/kbench/vulkan/vk" >&2
