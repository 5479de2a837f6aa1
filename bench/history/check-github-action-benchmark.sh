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

# Runs github-action-benchmark's own extractor (src/extract.ts of a checkout of
# benchmark-action/github-action-benchmark; it is not published on npm) on kbench's outputs: summary and
# compare --format github (tool customSmallerIsBetter) and run --jmh-json of a run with forks (tool jmh).
# Needs node and npm (installs @actions/core, @actions/github, zod and tsx into a temporary directory).
#
#   bench/history/check-github-action-benchmark.sh CHECKOUT BASE.csv NEW.csv
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kbench=${KBENCH:-$here/../../kbench}
src=$1 base=$2 new=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/kbench-gab.XXXXXX")
cp "$src/src/extract.ts" "$src/src/config.ts" "$work/"
cd "$work"
npm install --no-audit --no-fund @actions/core@1 @actions/github@5 zod@4 tsx >/dev/null
cat > run.ts <<'TS'
import { extractResult } from './extract';
(async () => {
    const [tool, file] = process.argv.slice(2);
    const b = await extractResult({ tool, outputFilePath: file } as any);
    console.log(JSON.stringify(b.benches));
})().catch((e) => { console.error('EXTRACT FAILED: ' + e.message); process.exit(1); });
TS
# the extractor takes the commit from the event of a push
echo '{"head_commit": {"id": "0", "message": "m", "timestamp": "2026-01-01T00:00:00Z", "url": "u"}}' > event.json
export GITHUB_EVENT_PATH=$work/event.json GITHUB_REPOSITORY=kbench/kbench
"$kbench" summary "$base" --format github > run.json
"$kbench" compare "$base" "$new" --format github --fail-on never > compare.json
"$kbench" run --filter empty,copy -p n=2^12 --forks 2 --repetitions 3 --rep-ms 5 --warmup-ms 5 --jmh-json jmh.json -q >/dev/null
for f in run.json:customSmallerIsBetter compare.json:customSmallerIsBetter jmh.json:jmh; do
  echo "${f%%:*} as ${f#*:}:"
  npx tsx run.ts "${f#*:}" "${f%%:*}"
done
