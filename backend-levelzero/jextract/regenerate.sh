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

# Regenerates the Level Zero bindings, src/generated/java/dev/kbench/levelzero/ze, with jextract.
# The generated files are committed and never edited by hand: change includes.txt and rerun this.
#
# Generated with:
#   jextract  openjdk/jextract commit 0b89a462146940a2ec90e34eeb5df3d46d8980d2 (2025-01-06, master,
#             "7903917: Changes needed for jdk23-based makefile build"; module version 22), the last
#             master commit whose generated code needs only the JDK 22 API (later commits call
#             SymbolLookup.findOrThrow, JDK 23+), so the backend keeps the project's Java 22 target;
#             run on JDK 25.0.3 with Debian's libclang 15.0.6
#   headers   Debian libze-dev 1.8.12 (Level Zero API 1.4: ZE_API_VERSION_CURRENT = 1.4),
#             /usr/include/level_zero/ze_api.h
#
# Usage: backend-levelzero/jextract/regenerate.sh
#   needs `jextract` on PATH; LEVEL_ZERO_INCLUDE overrides the include root (default /usr/include).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
module=$(dirname "$here")
include=${LEVEL_ZERO_INCLUDE:-/usr/include}
header=$include/level_zero/ze_api.h

command -v jextract >/dev/null \
  || { echo "regenerate.sh: no jextract on PATH (see https://github.com/openjdk/jextract; the version used is named above)" >&2; exit 2; }
[[ -f $header ]] || { echo "regenerate.sh: $header not found; install libze-dev or set LEVEL_ZERO_INCLUDE" >&2; exit 2; }
grep -q 'ZE_API_VERSION_CURRENT = ZE_MAKE_VERSION( 1, 4 )' "$header" \
  || echo "regenerate.sh: warning: $header is not API 1.4; the backend requires only 1.4 functions" >&2

out=$module/src/generated/java
rm -rf "$out/dev/kbench/levelzero/ze"
jextract \
  --target-package dev.kbench.levelzero.ze \
  --header-class-name ZeApi \
  --library :libze_loader.so.1 \
  --output "$out" \
  @"$here/includes.txt" \
  "$header"
echo "regenerate.sh: wrote $(find "$out/dev/kbench/levelzero/ze" -name '*.java' | wc -l) files to $out/dev/kbench/levelzero/ze" >&2
