#!/usr/bin/env python3
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
"""Which recorded ab verdicts a budget-ended last look had left unsettled.

Before ab passed its last look's interval level to compare (--confidence-level), compare judged the verdict on
its default 95 % interval, narrower than the look's (96.6 % at a budget's last look). A benchmark the look left
unsettled (`kbench ab: not settled at N forks a side (...): LABEL +x% (lo..hi), ...` on ab's stderr) could
then be printed `slower` or `faster`. This reads every run's ab log and JSON in the archives under
bench/results (callN.txz) and counts, per GPU and plant, the results whose verdict the look had not reached.

    python3 bench/results/look_vs_verdict.py [DIR ...]
"""
import glob
import json
import os
import re
import sys
import tarfile
from collections import Counter

NOT_SETTLED = re.compile(r"kbench ab: not settled at (\d+) forks a side \([^)]*\): (.*)$")
ITEM = re.compile(r"(\S+ \S+) [+-]?[0-9.]+% \(([^)]*)\)")
SETTLED = re.compile(r"(\d+) of (\d+) benchmark\(s\) settled")
LEVEL = re.compile(r"look \d+ at \d+ forks a side \([^)]*\): alpha \S+ of \S+, ([0-9.]+)% interval")


def runs(archive):
    """(log text, JSON text) of each ab run in one archive."""
    with tarfile.open(archive) as tar:
        members = {m.name: m for m in tar.getmembers() if m.isfile()}
        for name in sorted(members):
            if not name.endswith(".log"):
                continue
            js = name[:-4] + ".json"
            if js not in members:
                continue
            yield (name, tar.extractfile(members[name]).read().decode("utf-8", "replace"),
                   tar.extractfile(members[js]).read().decode("utf-8", "replace"))


def main(dirs):
    here = os.path.dirname(os.path.abspath(__file__))
    dirs = dirs or sorted(d for d in glob.glob(os.path.join(here, "20*")) if os.path.isdir(d))
    total = Counter()
    changed = []
    older = []
    for d in dirs:
        gpu = "h100" if "h100" in os.path.basename(d) else "h200"
        for archive in sorted(glob.glob(os.path.join(d, "*.txz"))):
            for name, log, text in runs(archive):
                try:
                    doc = json.loads(text)
                except json.JSONDecodeError:
                    continue
                if "results" not in doc:
                    continue
                case = os.path.basename(name).rsplit("-", 1)[0]
                open_items = {}
                for line in log.splitlines():
                    m = NOT_SETTLED.search(line)
                    if m:
                        open_items = {i.group(1): i.group(2) for i in ITEM.finditer(m.group(2))}
                levels = LEVEL.findall(log)
                settled = SETTLED.findall(log)
                if settled and "not settled at" not in log and "results" in doc:
                    # a log older than the line that names them: the last look's count against the JSON's
                    t = doc.get("threshold") or 0
                    decided = sum(1 for r in doc["results"] if r["verdict"] != "same" or (
                        r.get("ratio_ci_low") is not None and r.get("ratio_ci_high") is not None
                        and r["ratio_ci_low"] > 1 - t and r["ratio_ci_high"] < 1 + t))
                    if decided > int(settled[-1][0]):
                        older.append((gpu, os.path.relpath(archive, here), name, settled[-1], decided,
                                      sorted(r["verdict"] for r in doc["results"])))
                for r in doc["results"]:
                    label = r["benchmark"] + " " + r["params"]
                    total[(gpu, case, "results")] += 1
                    if label in open_items:
                        total[(gpu, case, "unsettled at the last look")] += 1
                        if r["verdict"] != "same":
                            changed.append((gpu, os.path.relpath(archive, here), name, label, r["verdict"],
                                            open_items[label], r.get("ratio_ci_low"), r.get("ratio_ci_high"),
                                            doc.get("confidence_level"), levels[-1] if levels else "?"))
    print("| GPU | case | results | unsettled at the last look |")
    print("| --- | --- | --- | --- |")
    for gpu, case in sorted({(g, c) for g, c, _ in total}):
        print(f"| {gpu} | {case} | {total[(gpu, case, 'results')]} | {total[(gpu, case, 'unsettled at the last look')]} |")
    print()
    print(f"{len(changed)} result(s) printed as a change that the last look had left unsettled:")
    for c in changed:
        gpu, archive, name, label, verdict, interval, lo, hi, level, look = c
        print(f"  {gpu} {archive}:{name}: {label} {verdict}; the look ({look} %): {interval}; "
              f"compare ({100 * level:.0f} %): {lo:.5f}..{hi:.5f}")
    print(f"{len(older)} run(s) whose log names no unsettled benchmark (older builds) and whose compare settled "
          "more than the last look did:")
    for o in older:
        print(f"  {o[0]} {o[1]}:{o[2]}: the last look {o[3][0]} of {o[3][1]} settled, compare {o[4]}; "
              f"verdicts {', '.join(o[5])}")


if __name__ == "__main__":
    main(sys.argv[1:])
