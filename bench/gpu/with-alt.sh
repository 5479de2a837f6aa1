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

# Source this on the GPU host, from the repository root, after `source bench/gpu/with-dist.sh`, to A/B two
# builds through one distribution: it copies the unpacked distribution to a fresh temporary directory, puts
# the jars of JARDIR (default .device/alt; each replaces the distribution's jar of the same name, built in a
# worktree of the other commit with `./mvnw package -pl MODULE -am`) into it, and exports
#   KBENCH_ALT    its bin/kbench, for fork-standby.sh's MODE/alt
# then prints both builds' versions and runs each once (three tiny forks), so that each installation has
# written its own AOT cache before anything is timed. A jar in JARDIR that the distribution lacks is an error.
#   source bench/gpu/with-dist.sh && source bench/gpu/with-alt.sh .device/alt
kbench_alt_jars=${1:-.device/alt}
[[ -n ${KBENCH_HOME:-} ]] || { echo "with-alt: source bench/gpu/with-dist.sh first" >&2; return 2; }
kbench_alt_home=$(mktemp -d /tmp/kbench-alt.XXXXXX)/$(basename "$KBENCH_HOME")
cp -r "$KBENCH_HOME" "$kbench_alt_home"
for kbench_alt_jar in "$kbench_alt_jars"/*.jar; do
  kbench_alt_target=$(find "$kbench_alt_home/lib" -name "$(basename "$kbench_alt_jar")" | head -1)
  [[ -n $kbench_alt_target ]] || { echo "with-alt: the distribution has no $(basename "$kbench_alt_jar")" >&2; return 2; }
  cp "$kbench_alt_jar" "$kbench_alt_target"
done
KBENCH_ALT=$kbench_alt_home/bin/kbench
export KBENCH_ALT
"$KBENCH" --version
"$KBENCH_ALT" --version
for kbench_alt_k in "$KBENCH" "$KBENCH_ALT"; do
  "$kbench_alt_k" --backend "${BACKEND:-cuda}" run --forks 3 --filter gelu -p n=2^20 --repetitions 2 --rep-ms 5 -q > /dev/null \
    || echo "with-alt: $kbench_alt_k's first run exited $?" >&2
done
