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

# Runs github-action-benchmark's own extractor (src/extract.ts of v1.22.0, vendored in
# github-action-benchmark/ next to this script) on kbench's outputs and checks what it read:
#   summary --format github and compare --format github (tool customSmallerIsBetter): one bench per
#   benchmark, named as kbench names it, the value kbench wrote, unit ms or ratio;
#   run --jmh-json of a run with 2 forks (tool jmh): one bench per benchmark, "forks: 2", named with its
#   parameters and, without any, with no " ( {} )".
# Needs node and npm (installs @actions/core, @actions/github, zod and tsx from npm into a temporary
# directory). ./kbench test runs it on OpenCL (PoCL).
#
#   bench/history/check-github-action-benchmark.sh [KBENCH]     # KBENCH: the kbench to run (./kbench)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kbench=${1:-$here/../../kbench}
command -v node >/dev/null && command -v npm >/dev/null \
  || { echo "check-github-action-benchmark: node and npm are needed (apt-get install nodejs npm)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/kbench-gab.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$here/github-action-benchmark/extract.ts" "$here/github-action-benchmark/config.ts" "$work/"
cd "$work"
npm install --no-audit --no-fund --loglevel=error @actions/core@1 @actions/github@5 zod@4 tsx@4 >/dev/null
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
measure() { # OUT.csv [extra run options]: two benchmarks, two forks
  local out=$1; shift
  "$kbench" --backend opencl run --filter empty,copy -p n=2^12 --forks 2 --repetitions 3 --rep-ms 5 --warmup-ms 5 \
    --csv-samples "$out" -q "$@" > /dev/null
}
measure base.csv
measure new.csv --jmh-json jmh.json
"$kbench" summary base.csv --format github > run.json
"$kbench" compare base.csv new.csv --format github --fail-on never > compare.json
for f in run.json:customSmallerIsBetter compare.json:customSmallerIsBetter jmh.json:jmh; do
  npx tsx run.ts "${f#*:}" "${f%%:*}" > "${f%%:*}.benches"
  echo "${f%%:*} as ${f#*:}: $(cat "${f%%:*}.benches")"
done
# what the extractor read must be what kbench wrote: names, values, units, and no " ( {} )" from JMH
node - <<'JS'
const fs = require('fs');
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
const fail = (m) => { console.error('check-github-action-benchmark: ' + m); process.exit(1); };
for (const f of ['run.json', 'compare.json']) {
  const wrote = read(f), got = read(f + '.benches');
  if (got.length !== wrote.length || got.length !== 2) fail(`${f}: ${got.length} benches read, ${wrote.length} written, 2 expected`);
  wrote.forEach((w, i) => {
    const g = got[i];
    if (g.name !== w.name || g.value !== w.value || g.unit !== w.unit || g.range !== w.range)
      fail(`${f}: wrote ${JSON.stringify(w)}, the extractor read ${JSON.stringify(g)}`);
  });
}
const jmh = read('jmh.json.benches');
const names = jmh.map((b) => b.name).sort();
const expected = ['kbench.opencl.copy ( {"n":"4096"} )', 'kbench.opencl.empty'];
if (JSON.stringify(names) !== JSON.stringify(expected))
  fail(`jmh.json: names ${JSON.stringify(names)}, expected ${JSON.stringify(expected)} (no " ( {} )" without parameters)`);
for (const b of jmh) {
  if (!(b.value > 0) || b.unit !== 'ms/op' || !b.extra.includes('forks: 2'))
    fail(`jmh.json: ${JSON.stringify(b)}: expected a positive ms/op value of 2 forks`);
}
console.log('check-github-action-benchmark: the extractor read every benchmark as kbench wrote it');
JS
