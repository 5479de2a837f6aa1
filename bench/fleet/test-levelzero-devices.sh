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

# `kbench run --devices all` end to end on Level Zero: the real loader with the C test driver exposing two
# devices (ZE_TEST_DRIVER_DEVICES=2), a user SPIR-V kernel the driver runs (copy), then merge-free checks:
# both devices' UUIDs in the samples, the environment sidecar's two runs, compare --by-device.
#   bench/fleet/test-levelzero-devices.sh [KBENCH]    (after the Maven build, which builds the test driver)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
kbench=${1:-$root/kbench}
fail() { echo "test-levelzero-devices: FAIL: $*" >&2; exit 1; }
driver=$root/backend-levelzero/target/ze-test-driver/libze_test_driver.so
[[ -f $driver ]] || fail "$driver is missing: build backend-levelzero with its tests (./kbench test)"
work=$(mktemp -d /tmp/kbench-ze-devices.XXXXXX)
trap 'rm -rf "$work"' EXIT
export ZE_ENABLE_ALT_DRIVERS=$driver ZE_TEST_DRIVER_DEVICES=2
"$kbench" --backend levelzero info > "$work/info.txt"
grep -q "1: kbench test driver (CPU) \[6b62656e63682d746573742d64657601\]" "$work/info.txt" \
  || { cat "$work/info.txt" >&2; fail "info does not list the second device"; }
"$kbench" --backend levelzero run --devices all --progress none --repetitions 3 \
  --kernel "$root/backend-levelzero/src/test/resources/dev/kbench/levelzero/kbench_test_kernels.spv" --entry copy \
  --grid 16 --block 256 --arg buf:f32:4096:fill=1 --arg buf:f32:4096 --arg i32:4096 --bytes 32768 \
  --csv-samples "$work/ze.csv" > "$work/run.txt" 2>&1 || { cat "$work/run.txt" >&2; fail "run --devices all failed"; }
for d in 00 01; do
  grep -q ",6b62656e63682d746573742d646576$d," "$work/ze.csv" || fail "no samples of device UUID ...$d"
done
[[ $(grep -c '"device_index"' "$work/ze.csv.env.json") -eq 2 ]] || fail "the sidecar does not hold two runs"
status=0
"$kbench" compare --by-device "$work/ze.csv" --fail-on never > "$work/compare.txt" 2>&1 || status=$?
[[ $status -eq 0 ]] || { cat "$work/compare.txt" >&2; fail "compare --by-device exited $status"; }
echo "test-levelzero-devices: OK: two Level Zero devices measured through the loader, tagged and compared"
