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

# Source this on the GPU host, from the repository root, after bench/gpu/prepare-dist.sh:
#   source bench/gpu/with-dist.sh      # KBENCH_TARBALL=FILE to use another than the one in .device/
# It unpacks kbench's distribution into a fresh temporary directory and exports
#   KBENCH        its bin/kbench (the CLI: "$KBENCH" --backend cuda run ...)
#   KBENCH_HOME   the unpacked distribution
#   KBENCH_JAVA   its Java runtime's java, for the kbench tools and evidence programs
#   KBENCH_LIB    every jar in it, ':'-separated (class path or module path)
# and points the OpenCL ICD loader at NVIDIA's driver.
kbench_tarball=${KBENCH_TARBALL:-$(ls .device/kbench-*-linux-x86_64.tar.gz 2>/dev/null | head -1)}
if [[ -z $kbench_tarball || ! -f $kbench_tarball ]]; then
  echo "with-dist: no distribution (${KBENCH_TARBALL:-.device/kbench-*-linux-x86_64.tar.gz}); run bench/gpu/prepare-dist.sh first" >&2
  return 2
fi
kbench_unpacked=$(mktemp -d /tmp/kbench-dist.XXXXXX)
tar -C "$kbench_unpacked" -xzf "$kbench_tarball"
KBENCH_HOME=$(echo "$kbench_unpacked"/kbench-*)
KBENCH=$KBENCH_HOME/bin/kbench
KBENCH_JAVA=$KBENCH_HOME/runtime/bin/java
KBENCH_LIB=$(find "$KBENCH_HOME/lib" -name '*.jar' | sort | tr '\n' ':')
KBENCH_LIB=${KBENCH_LIB%:}
export KBENCH KBENCH_HOME KBENCH_JAVA KBENCH_LIB
# The H200 host's driver libraries are in /usr/local/nvidia/lib64; its OpenCL ICD loader and ICD file
# come from .device/ (see prepare-dist.sh).
if [[ -f .device/ocl/libOpenCL.so.1 ]]; then
  export LD_LIBRARY_PATH=$PWD/.device/ocl:/usr/local/nvidia/lib64:${LD_LIBRARY_PATH:-}
  export OCL_ICD_VENDORS=$PWD/.device/icd
fi
echo "with-dist: KBENCH=$KBENCH" >&2
