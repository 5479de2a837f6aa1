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

"""Acceptance table of bench/gpu/run-verdicts.sh: A/A false positives and planted +2% power, with forks.

    python3 bench/gpu/verdicts.py OUT_DIR_OR_verdicts.tgz... [--forks 5] [--draws 40] [--seed 1]

Several archives (e.g. one run with AB_AA=0 AB_POWER=0 for the pool, one with POOL=0 for the ab runs) are pooled.

Every comparison is a `kbench compare BASE.csv NEW.csv --format json` (KBENCH, default ./kbench; COMPARE_ARGS
adds options, e.g. "--threshold 1%"), so the verdicts are exactly what a user gets. From each configuration's
pool of separately launched forks, a draw takes 2F distinct forks at random and splits them into two disjoint
halves of F (base, new). A/A: every builtin benchmark at n = 2^20 and 2^24 (pool/builtin-*.csv), and gelu_ptx
at n = 2^24 (user: the forks of the fresh ab runs at n = 2^24, ab/aa-*.csv and ab/power-*-base.csv).
Planted +2%: builtin: base = the half's n = 2^24 rows, new = the other half's n = 17112760 rows relabelled
n = 2^24; user: base from the n = 2^24 pool, new from the forks at 1.02 n (ab/power-*-new.csv), same name.
Beside them, the old way: one fork against one other fork (two `kbench run`s), per-sample test.
Fresh `kbench ab` runs: their exit status (A/A: 0 expected; planted: 1 expected) and JSON verdicts.
Standard library only.
"""
import argparse
import csv
import glob
import json
import os
import random
import subprocess
import sys
from collections import defaultdict

from archives import scratch, unpack

N24, N2 = "16777216", "17112760"


def load_pool(root, patterns):
    """fork key -> rows (dicts), one key per (file, fork)."""
    forks = defaultdict(list)
    for path in sorted(p for pattern in patterns for p in glob.glob(os.path.join(root, "*", pattern))):
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                forks[(path, row.get("fork") or "0")].append(row)
    return forks


def write(path, rows, header):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=header, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def compare(kbench, base, new, extra):
    p = subprocess.run(kbench + ["compare", base, new, "--format", "json"] + extra, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit("kbench compare failed (%d): %s" % (p.returncode, p.stderr.strip()))
    return [(r["benchmark"], r.get("params", ""), r["verdict"]) for r in json.loads(p.stdout)["results"]]


def rows_of(pool, keys, keep, relabel=None):
    out = []
    for i, k in enumerate(keys):
        for r in pool[k]:
            if keep(r):
                r = dict(r, fork=str(i))
                if relabel:
                    r["params"] = relabel(r["params"])
                out.append(r)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="+")
    ap.add_argument("--forks", type=int, default=5, help="forks per side of a pool comparison")
    ap.add_argument("--draws", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    kbench = os.environ.get("KBENCH", "./kbench").split()
    extra = os.environ.get("COMPARE_ARGS", "").split()
    root = scratch()
    for i, given in enumerate(a.out):
        part = os.path.join(root, str(i))
        if given.endswith(".tgz"):
            os.makedirs(part)
            unpack(given, part)
        else:
            os.symlink(os.path.abspath(given), part)
    rng = random.Random(a.seed)
    tmp = scratch()
    table = []  # (what, comparisons, flagged)
    timing = defaultdict(lambda: [0, 0.0, 0])  # phase -> forks, wall, commands
    timing_rows = []
    for path in glob.glob(os.path.join(root, "*", "timing.csv")):
        with open(path) as f:
            timing_rows += list(csv.DictReader(f))
    for r in timing_rows:
        t = timing[r["phase"]]
        t[0] += int(r["forks"]); t[1] += float(r["wall_s"]); t[2] += 1
    per_fork = {p: (t[1] / t[0] if t[0] else float("nan")) for p, t in timing.items()}

    def count(results, want):
        return len(results), sum(1 for _, _, v in results if v in want)

    for config, aa_keep in (("builtin", lambda r: r["params"] in ("n=1048576", "n=" + N24)), ("user", lambda r: True)):
        if config == "builtin":
            pool = load_pool(root, ["pool/builtin-*.csv"])
            planted = pool
            is24 = lambda r: r["params"] == "n=" + N24
            is2 = lambda r: r["params"] == "n=" + N2
            relabel = lambda p: "n=" + N24
        else:
            pool = load_pool(root, ["ab/aa-*-base.csv", "ab/aa-*-new.csv", "ab/power-*-base.csv"])
            planted = load_pool(root, ["ab/power-*-new.csv"])
            is24 = is2 = lambda r: True
            relabel = None
        keys = sorted(pool)
        planted_keys = sorted(planted)
        header = None
        for k in keys:
            with open(k[0], newline="") as f:
                header = csv.DictReader(f).fieldnames
            break
        if len(keys) < 2 * a.forks:
            print("%s: only %d forks in the pool; skipped" % (config, len(keys)))
            continue
        res = {"aa": [], "power": [], "aa1": [], "power1": []}
        for d in range(a.draws):
            pick = rng.sample(keys, 2 * a.forks)
            b, n = pick[:a.forks], pick[a.forks:]
            bp, np_ = os.path.join(tmp, "b.csv"), os.path.join(tmp, "n.csv")
            write(bp, rows_of(pool, b, aa_keep), header)
            write(np_, rows_of(pool, n, aa_keep), header)
            res["aa"] += compare(kbench, bp, np_, extra)
            write(bp, rows_of(pool, b[:1], aa_keep), header)
            write(np_, rows_of(pool, n[:1], aa_keep), header)
            res["aa1"] += compare(kbench, bp, np_, extra)
            if len(planted_keys) >= 2 * a.forks:
                if planted is pool:
                    nb = n
                else:
                    nb = rng.sample(planted_keys, a.forks)
                write(bp, rows_of(pool, b, is24), header)
                write(np_, rows_of(planted, nb, is2, relabel), header)
                res["power"] += compare(kbench, bp, np_, extra)
                write(bp, rows_of(pool, b[:1], is24), header)
                write(np_, rows_of(planted, nb[:1], is2, relabel), header)
                res["power1"] += compare(kbench, bp, np_, extra)
        cost = per_fork.get("builtin" if config == "builtin" else "ab-aa", float("nan"))
        table.append(("A/A %s, %d vs %d forks (pool of %d)" % (config, a.forks, a.forks, len(keys)),
                      *count(res["aa"], ("slower", "faster")), 2 * a.forks * cost))
        table.append(("  old: A/A %s, 1 run vs 1 run, per sample" % config, *count(res["aa1"], ("slower", "faster")), 2 * cost))
        if res["power"]:
            table.append(("+2%% %s n=2^24, %d vs %d forks" % (config, a.forks, a.forks), *count(res["power"], ("slower",)),
                          2 * a.forks * cost))
            table.append(("  old: +2%% %s, 1 run vs 1 run, per sample" % config, *count(res["power1"], ("slower",)), 2 * cost))
        by = defaultdict(lambda: [0, 0])
        for bench, params, v in res["aa"]:
            by[bench + "[" + params + "]"][0] += 1
            by[bench + "[" + params + "]"][1] += v in ("slower", "faster")
        for k, (c, fl) in sorted(by.items()):
            table.append(("    A/A %s" % k, c, fl, float("nan")))
    for kind, want_exit in (("aa", 0), ("power", 1)):
        exits = [int(r["exit"]) for r in timing_rows if r["phase"] == "ab-" + kind]
        phase = timing.get("ab-" + kind, [0, 0.0, 0])
        wall = phase[1] / phase[2] if phase[2] else float("nan")
        flagged = sum(1 for e in exits if e == 1)
        table.append(("fresh kbench ab runs, %s (exit %d expected; exits %s)" % ("A/A" if kind == "aa" else "+2%",
                      want_exit, dict(sorted({e: exits.count(e) for e in set(exits)}.items()))), len(exits), flagged, wall))
    print("%-62s %6s %8s %7s %12s" % ("what", "n", "flagged", "rate", "device s/cmp"))
    for what, n, fl, cost in table:
        print("%-62s %6d %8d %6.1f%% %12.1f" % (what, n, fl, 100.0 * fl / n if n else float("nan"), cost))
    print("\nper-fork wall time by phase (s):", {p: round(v, 2) for p, v in per_fork.items()})
    print("flagged: slower or faster for A/A, slower for +2%; device s/cmp: wall time of the forks a comparison uses")


if __name__ == "__main__":
    main()
