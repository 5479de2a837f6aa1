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


# Whether a forks' AOT cache trained by one unpacked copy of the distribution serves another copy unpacked
# elsewhere (as a cache made at build time and shipped in the archive would have to): unpacks DIST (default
# the archive bench/gpu/prepare-dist.sh leaves in .device) twice, trains a cache with one forked run of the
# first copy on the OpenCL backend (PoCL here), then starts each copy's JVM on that cache with the JDK's AOT
# log and prints the log's verdict; then runs each copy twice more and prints the wall times (the second
# copy's first run trains its own cache). A run of the first copy without the forks' cache comes first, so
# that every timed run finds PoCL's kernel cache (POCL_CACHE_DIR, shared) warm. Needs PoCL (and
# OCL_ICD_VENDORS=/etc/OpenCL/vendors where PoCL is not the only OpenCL installed):
#   bash bench/pocl/aot-unpacked.sh
set -euo pipefail
dist=${DIST:-.device/kbench-0.1.0-SNAPSHOT-linux-x86_64.tar.gz}
[[ -f $dist ]] || { echo "aot-unpacked: DIST '$dist' is not a file (make it with bench/gpu/prepare-dist.sh)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for copy in a b; do mkdir -p "$work/$copy" && tar -xzf "$dist" -C "$work/$copy"; done
kbench() { # COPY ARGS...: the copy's bin/kbench, its caches under the copy's own directory
  local copy=$1; shift
  XDG_CACHE_HOME=$work/cache-$copy POCL_CACHE_DIR=$work/pocl "$work/$copy"/*/bin/kbench "$@"
}
run() { KBENCH_JAVA_OPTS=${2:-} kbench "$1" --backend opencl run --filter copy -p n=2^16 --forks 3 -q > /dev/null 2> "$work/err.txt" \
  || { cat "$work/err.txt" >&2; exit 1; }; }
seconds() { local t0; t0=$(date +%s%N); "$@"; printf '%.2f' "$(( $(date +%s%N) - t0 ))e-9"; }
run a -Dkbench.forks.aot=false
echo "copy a, first run (trains the cache): $(seconds run a) s"
cache=$(ls "$work"/cache-a/kbench/aot/forks-*.aot)
for copy in a b; do
  # no kept cache of its own for copy b yet, so the launcher adds no -XX:AOTCache and the given one counts
  log=$(KBENCH_JAVA_OPTS="-XX:AOTCache=$cache -Xlog:aot=info" kbench "$copy" --backend opencl --version 2>&1)
  if grep -q "Unable to map shared spaces" <<< "$log"; then
    echo "copy $copy on copy a's cache: not used: $(grep -m1 -o 'optimized module handling: disabled because.*' <<< "$log" || echo '(see -Xlog:aot)')"
  else
    echo "copy $copy on copy a's cache: mapped"
  fi
done
echo "copy a, second run: $(seconds run a) s"
echo "copy b, first run (trains its own): $(seconds run b) s"
echo "copy b, second run: $(seconds run b) s"
