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

# Builds NVBench (github NVIDIA/nvbench) with bench/gpu/nvbench/gelu_bench.cu on the development
# machine (nvcc, no GPU needed) into one static binary for the H200 host, which has only the driver:
#   MIRROR=/work/.mirror bash bench/gpu/build-nvbench.sh OUT_BINARY
# MIRROR holds bare git directories OWNER+NAME/repo of NVIDIA/nvbench, rapidsai/rapids-cmake,
# fmtlib/fmt, nlohmann/json, cpm-cmake/CPM.cmake and NVIDIA/go-nvml (configure runs offline).
# Known to work with NVBench 66212f1. The build directory (WORK, default /tmp/kbench-nvbench) stays
# outside the repository: nothing it makes (compile_commands.json included) belongs in git.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$(realpath -m "${1:?usage: build-nvbench.sh OUT_BINARY}")
mirror=${MIRROR:-/work/.mirror}
work=${WORK:-/tmp/kbench-nvbench}
nvbench_rev=${NVBENCH_REV:-66212f1}
mkdir -p "$work/src"
cd "$work"
# 1. cmake >= 3.30.4 (NVBench's rapids-cmake wants it; Debian 12 has 3.25), unpacked privately
if [[ ! -x cmake/usr/bin/cmake ]]; then
  mkdir -p apt/lists apt/debs
  echo 'deb http://deb.debian.org/debian bookworm-backports main' > apt/sources.list
  apt_opts=(-o Dir::Etc::SourceList="$work/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o Dir::State::Lists="$work/apt/lists" -o APT::Get::List-Cleanup=0)
  apt-get "${apt_opts[@]}" update -qq
  (cd apt/debs && apt-get "${apt_opts[@]}" download cmake=3.31.6-2~bpo12+1 cmake-data=3.31.6-2~bpo12+1)
  for deb in apt/debs/*.deb; do dpkg -x "$deb" cmake; done
fi
export PATH=$work/cmake/usr/bin:$PATH
export CMAKE_ROOT=$work/cmake/usr/share/cmake-3.31
# 2. sources, offline
src() { local repo=$1 rev=$2 dest=$3; [[ -d $dest ]] && return 0; mkdir -p "$dest"
  git --git-dir="$mirror/$repo/repo" archive "$rev" | tar -x -C "$dest"; }
[[ -d src/nvbench ]] || { git clone -q "$mirror/NVIDIA+nvbench/repo" src/nvbench && git -C src/nvbench checkout -q "$nvbench_rev"; }
src rapidsai+rapids-cmake v25.12.00 src/rapids-cmake
src fmtlib+fmt 12.2.0 src/fmt
src nlohmann+json v3.11.3 src/json
src cpm-cmake+CPM.cmake v0.42.0 src/cpm
src NVIDIA+go-nvml HEAD src/go-nvml
sed -i 's/^set(CURRENT_CPM_VERSION .*/set(CURRENT_CPM_VERSION 0.42.0)/' src/cpm/cmake/CPM.cmake
# NVBench asks for nlohmann_json 3.12.0; 3.11.3 works
grep -rl '3\.12\.0' src/nvbench/cmake | xargs -r sed -i 's/3\.12\.0/3.11.3/' || true   # (nothing left on a rerun)
# 3. a stub NVML to link against (never shipped: the driver's library is used on the GPU host)
mkdir -p nvml-stub
cat > nvml-stub/stub.c <<'STUB'
int nvmlInit_v2(void) { return 999; }
int nvmlShutdown(void) { return 0; }
int nvmlDeviceGetHandleByPciBusId_v2(const char *id, void **device) { return 999; }
int nvmlDeviceSetPersistenceMode(void *device, int mode) { return 999; }
int nvmlDeviceSetGpuLockedClocks(void *device, unsigned a, unsigned b) { return 999; }
int nvmlDeviceResetGpuLockedClocks(void *device) { return 999; }
const char *nvmlErrorString(int result) { return "stub"; }
STUB
gcc -shared -fPIC -Wl,-soname,libnvidia-ml.so.1 -o nvml-stub/libnvidia-ml.so nvml-stub/stub.c
# 4. configure and build
cmake -S "$root/bench/gpu/nvbench" -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DNVBENCH_SOURCE="$work/src/nvbench" \
  -DCMAKE_CUDA_ARCHITECTURES=90 -DBUILD_SHARED_LIBS=OFF -DCMAKE_CUDA_RUNTIME_LIBRARY=Static \
  -DNVBench_ENABLE_CUPTI=OFF -DNVBench_ENABLE_NVML=ON -DNVBench_ENABLE_EXAMPLES=OFF \
  -DNVBench_ENABLE_TESTING=OFF -DNVBench_ENABLE_EXECUTABLES=OFF -DNVBench_ENABLE_WERROR=OFF \
  -DNVBench_ENABLE_INSTALL_RULES=OFF \
  -DCUDA_nvml_LIBRARY="$work/nvml-stub/libnvidia-ml.so" -DFETCHCONTENT_FULLY_DISCONNECTED=ON \
  -DFETCHCONTENT_SOURCE_DIR_RAPIDS-CMAKE="$work/src/rapids-cmake" -DCPM_DOWNLOAD_LOCATION="$work/src/cpm/cmake/CPM.cmake" \
  -DCPM_fmt_SOURCE="$work/src/fmt" -DCPM_nlohmann_json_SOURCE="$work/src/json" \
  -DCMAKE_CUDA_HOST_COMPILER=g++ -DCMAKE_CXX_COMPILER=g++ \
  -DCMAKE_CXX_FLAGS="-isystem $work/src/go-nvml/gen/nvml" -DCMAKE_CUDA_FLAGS="-isystem $work/src/go-nvml/gen/nvml" \
  > configure.log 2>&1 || { tail -40 configure.log >&2; exit 1; }
cmake --build build -j "${JOBS:-2}" > build.log 2>&1 || { tail -40 build.log >&2; exit 1; }
# NVBench's CMake links compile_commands.json into the source directory: never a file for git
rm -f "$root/bench/gpu/nvbench/compile_commands.json"
cp build/kbench-nvbench "$out"
echo "build-nvbench: $out (NVBench $(git -C src/nvbench rev-parse --short HEAD))"
