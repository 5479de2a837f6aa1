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

# Prepares, on the development machine, what every H200 run needs, under .device/ (git-ignored; it
# travels with the working tree, 64 MiB in all):
#   .device/kbench-VERSION-linux-x86_64.tar.gz   kbench's distribution (./kbench dist): a Java runtime,
#                                                 the jars and bin/kbench; no JDK needed on the GPU host
#   .device/ocl/libOpenCL.so.1                    the OpenCL ICD loader (Debian's ocl-icd-libopencl1,
#   .device/icd/nvidia.icd                        installed here for the tests) and an ICD file naming
#                                                 NVIDIA's driver, for hosts whose driver comes without them
# On the GPU host, `source bench/gpu/with-dist.sh` unpacks the distribution and points the loaders there.
#   bash bench/gpu/prepare-dist.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
kit=${KIT:-.device}
git check-ignore -q "$kit/" || { echo "prepare-dist: $kit/ is not git-ignored; add it to .gitignore first" >&2; exit 2; }
mkdir -p "$kit/ocl" "$kit/icd"
tarball=$(./kbench dist)
rm -f "$kit"/kbench-*-linux-x86_64.tar.gz
cp "$tarball" "$kit/"
loader=$(ldconfig -p | sed -n 's/^\s*libOpenCL\.so\.1 (libc6,x86-64) => //p' | head -1)
[[ -n $loader ]] || { echo "prepare-dist: no libOpenCL.so.1 here; apt-get install ocl-icd-libopencl1" >&2; exit 2; }
cp -L "$loader" "$kit/ocl/libOpenCL.so.1"
echo libnvidia-opencl.so.1 > "$kit/icd/nvidia.icd"
echo "prepare-dist: $kit/$(basename "$tarball")"
