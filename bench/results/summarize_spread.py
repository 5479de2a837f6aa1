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

"""Summarizes bench/gpu/fork-spread.sh's output: the spread of fork medians per condition, the SM clock
per repetition, repetition medians by position in the fork, and the CuPy placement experiments.

  python3 bench/results/summarize_spread.py DIR      # DIR: fork-spread.sh's FINAL, or an archive of it (.tgz)
"""
import csv
import glob
import json
import math
import os
import re
import statistics as st
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpu"))
from archives import folder  # noqa: E402

if len(sys.argv) != 2:
    print("usage: summarize_spread.py DIR   (fork-spread.sh's FINAL, or an archive of it: .tgz)", file=sys.stderr)
    sys.exit(2)
d = folder(sys.argv[1])


def cv(xs):
    return st.stdev(xs) / st.mean(xs) if len(xs) > 1 else float("nan")


def fork(path):
    """Repetition medians (ms), the SM clock per repetition, and the fork's median of repetition medians."""
    reps, clock, entries = {}, {}, {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            r = int(row["repetition"])
            reps.setdefault(r, []).append(float(row["time_ms"]))
            entries.setdefault(row["params"], {}).setdefault(r, []).append(float(row["time_ms"]))
            if row.get("sm_clock_mhz"):
                clock[r] = float(row["sm_clock_mhz"])
    per_entry = [st.median([st.median(v) for v in entries[p].values()]) for p in sorted(entries)]
    med = [st.median(reps[r]) for r in sorted(reps)]
    return med, [clock.get(r) for r in sorted(reps)], st.median(med), sum(len(v) for v in reps.values()), per_entry


groups = {}
for path in sorted(glob.glob(os.path.join(d, "*.csv"))):
    m = re.match(r"(.+)-r(\d+)\.csv$", os.path.basename(path))
    if not m or m.group(1) in ("forks",):
        continue
    groups.setdefault(m.group(1), []).append(fork(path))

print("| condition | forks | fork median (ms), median | CV of fork medians | max/min | samples/fork | SM clock per repetition (MHz): min, median | first repetition / the rest |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
for g, forks in groups.items():
    meds = [f[2] for f in forks]
    clocks = [c for f in forks for c in f[1] if c is not None]
    first = st.median([f[0][0] / st.median(f[0][1:]) for f in forks])
    print(f"| {g} | {len(forks)} | {st.median(meds):.5f} | {100 * cv(meds):.2f}% | {max(meds) / min(meds):.4f} | "
          f"{st.median([f[3] for f in forks]):.0f} | {min(clocks):.0f}, {st.median(clocks):.0f} | {first:.4f} |")

for g, forks in groups.items():
    if g.startswith("long"):
        print(f"\n{g}: repetition medians by position (ms), median over forks, in blocks of 10:")
        k = len(forks[0][0])
        for b in range(0, k, 10):
            print(f"  repetitions {b}-{b + 9}: " + f"{st.median([st.median(f[0][b:b + 10]) for f in forks]):.5f}"
                  + f", CV of fork medians over the block {100 * cv([st.median(f[0][b:b + 10]) for f in forks]):.2f}%")

for g, forks in groups.items():
    if g.startswith("multi"):
        print(f"\n{g}: each process's 4 entries (separate allocations), median of repetition medians in us:")
        for f in forks:
            print("  " + ", ".join(f"{1000 * m:.3f}" for m in f[4]))
        # two-way analysis of variance without replication (process x entry): the spread of a process's
        # level against the spread of its allocations around it (the residual, which also holds the entry's
        # own measurement noise)
        a = [[1000 * m for m in f[4]] for f in forks]
        p, e = len(a), len(a[0])
        grand = sum(map(sum, a)) / (p * e)
        pm = [sum(r) / e for r in a]
        em = [sum(r[j] for r in a) / p for j in range(e)]
        msw = sum((a[i][j] - pm[i] - em[j] + grand) ** 2 for i in range(p) for j in range(e)) / ((p - 1) * (e - 1))
        msp = e * sum((x - grand) ** 2 for x in pm) / (p - 1)
        process = math.sqrt(max((msp - msw) / e, 0))
        print(f"  process sd {100 * process / grand:.3f}%, allocation sd within a process {100 * math.sqrt(msw) / grand:.3f}%"
              f" (share of a single-allocation fork's variance from allocation: {msw / (msw + process ** 2):.0%})")

for name, what in (("cupy-processes-2p20.jsonl", "2^20, a random placement each"),
                   ("cupy-processes-2p22-kbenchlike.jsonl", "2^22, kbench's habits")):
    cp = os.path.join(d, name)
    if os.path.exists(cp):
        meds = [json.loads(line)["median_ms"] for line in open(cp)]
        print(f"\nCuPy, separate processes ({what}): {len(meds)} processes, median {st.median(meds):.5f} ms, "
              f"CV of process medians {100 * cv(meds):.2f}%, max/min {max(meds) / min(meds):.4f}")
pl = os.path.join(d, "placement.jsonl")
if os.path.exists(pl):
    print("\n| CuPy, one process | n | placements x rounds | median (ms) | CV between placements | CV block to block, same placement | max/min of placement medians |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for line in open(pl):
        r = json.loads(line)
        btw = "—" if r["between_cv"] is None else f"{100 * r['between_cv']:.2f}%"
        print(f"| {r['what']} | {r['n']} | {r['placements']} x {r['rounds']} | {r['median_ms']:.5f} | {btw} | "
              f"{100 * r['within_cv_median']:.2f}% | {r['range_ratio']:.4f} |")
