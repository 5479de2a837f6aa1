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

"""Every figure docs/performance.md quotes from the two-H200 verdict and devices evidence.

    KBENCH=./kbench python3 bench/results/summarize_verdicts.py [--draws 100] [--seed 1] [--csv OUT.csv]
        [--runs run1,run2] [--units fork,sample] [--skip-verdicts]
        [--verdicts bench/results/2026-11-30-h200-verdicts] [--devices bench/results/2026-11-30-h200x2-devices]
    python3 bench/results/summarize_verdicts.py --from-csv bench/results/2026-11-30-h200-verdicts/comparisons*.csv

Verdicts (bench/gpu/run-verdicts-2gpu.sh, runs run1..run3, one archive per GPU): analysed per GPU, never mixing
the GPUs inside one comparison. Per GPU and draw, 2F = 20 forks are taken at random from a pool of separately
launched forks and split into two disjoint halves of F = 10 (kbench ab's default); every comparison is the real
`kbench compare` with its defaults (fork unit, alpha 0.001, threshold 1%). To keep the JVM starts few, several
draws and configurations go into one CSV pair with the benchmark renamed NAME.dDRAW (compare tests every
benchmark on its own). Pools: builtin gelu/copy/triad at n = 2^20 and 2^24 (pool/builtin-*.csv); planted +2%:
base = a half's n = 2^24 rows, new = the other half's n = 17112760 rows relabelled n = 2^24. User kernel
gelu_ptx at 2^24: GPU 0's A/A pool is the forks of its fresh ab A/A runs; GPU 1's A/A pool its planted runs' base
forks; GPU 1's planted +2%: base from that pool, new = 10 forks of the runs' new sides (1.02 n, same name).
Beside them the old way: one fork against one other fork with --unit sample (two `kbench run`s, then compare).
Also: the fresh `kbench ab` runs (exit status, verdict), device time per comparison (timing.csv), the
between-fork CV of the fork medians, and the devices evidence (times.csv, compare JSONs, sm_clock_mhz, smi.csv,
environment sidecars). Standard library only.
"""
import argparse
import csv
import glob
import json
import os
import random
import re
import statistics
import subprocess
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpu"))
from archives import scratch, unpack  # noqa: E402
from verdicts import N2, N24, write  # noqa: E402  (the shared CSV writer and sizes)

N20 = "1048576"
HEADER = ["benchmark", "params", "repetition", "sample", "time_ms", "backend", "device", "bytes", "fork"]
BUILTIN = [(b, n) for b in ("gelu", "copy", "triad") for n in (N20, N24)]


def read_forks(paths):
    """One entry per (file, fork): {(benchmark, params): [row, ...]} with the HEADER columns only."""
    forks = []
    for path in paths:
        by = defaultdict(lambda: defaultdict(list))
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                by[r.get("fork") or "0"][(r["benchmark"], r["params"])].append(
                    (r["repetition"], r["sample"], r["time_ms"], r["backend"], r["device"], r["bytes"]))
        forks += [dict(v) for _, v in sorted(by.items(), key=lambda kv: int(kv[0]))]
    return forks


def rows(forks, key, name, params="n=" + N24):
    out = []
    for i, fk in enumerate(forks):
        for rep, s, t, be, dev, by in fk[key]:
            out.append({"benchmark": name, "params": params, "repetition": rep, "sample": s, "time_ms": t,
                        "backend": be, "device": dev, "bytes": by, "fork": str(i)})
    return out


def compare(kbench, base, new, unit):
    p = subprocess.run(kbench + ["compare", base, new, "--format", "json", "--unit", unit],
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit("kbench compare failed (%d): %s" % (p.returncode, p.stderr.strip()))
    return json.loads(p.stdout)["results"]


def fork_median(fk, key):
    return statistics.median(float(t) for _, _, t, _, _, _ in fk[key])


def cv(values):
    return statistics.stdev(values) / statistics.mean(values)


def verdicts(a, kbench):
    root = scratch()
    gpus = {}
    for tgz in sorted(glob.glob(os.path.join(a.verdicts, "run*-gpu*", "verdicts.tgz"))):
        run, gpu = os.path.basename(os.path.dirname(tgz)).split("-")
        if a.runs and run not in a.runs.split(","):
            continue
        d = os.path.join(root, run + "-" + gpu)
        os.makedirs(d)
        unpack(tgz, d)
        gpus.setdefault(gpu, []).append((run, d))
    tmp = scratch()
    out_rows = []
    print("# Verdicts: F = %d vs %d forks, %d draws per GPU, seed %d, kbench compare defaults" % (
        a.forks, a.forks, a.draws, a.seed))
    for gpu, runs in sorted(gpus.items()):
        rng = random.Random("%d-%s" % (a.seed, gpu))
        pool = read_forks(sorted(p for _, d in runs for p in glob.glob(os.path.join(d, "pool", "builtin-*.csv"))))
        aa_user = read_forks(sorted(p for _, d in runs for p in glob.glob(os.path.join(d, "ab", "aa-*-*.csv"))))
        pw_base = read_forks(sorted(p for _, d in runs for p in glob.glob(os.path.join(d, "ab", "power-*-base.csv"))))
        pw_new = read_forks(sorted(p for _, d in runs for p in glob.glob(os.path.join(d, "ab", "power-*-new.csv"))))
        user_pool = aa_user or pw_base
        user_key = ("gelu_ptx", "")
        print("\n## %s: %d builtin pool forks, %d user A/A pool forks (%s), %d planted new forks" % (
            gpu, len(pool), len(user_pool), "ab A/A forks" if aa_user else "planted runs' base forks", len(pw_new)))
        # between-fork CV of the fork medians, per configuration (and per run, to see offsets between runs)
        print("between-fork CV of fork medians (pool):")
        run_of = []
        for run, d in runs:
            run_of += [run] * len(read_forks(sorted(glob.glob(os.path.join(d, "pool", "builtin-*.csv")))))
        for key in BUILTIN + [(b, N2) for b in ("gelu", "copy", "triad")]:
            meds = [fork_median(fk, (key[0], "n=" + key[1])) for fk in pool]
            per_run = {r: cv([m for m, rr in zip(meds, run_of) if rr == r]) for r in sorted(set(run_of))
                       if run_of.count(r) > 2}
            print("  cv %s %-6s n=%-9s %6.3f%%  (%d forks, median %.5f ms; per run: %s)" % (
                gpu, key[0], key[1], 100 * cv(meds), len(meds), statistics.median(meds),
                ", ".join("%s %.3f%%" % (r, 100 * c) for r, c in per_run.items())))
        for label, up in (("user A/A pool", user_pool), ("user planted new", pw_new)):
            if up:
                meds = [fork_median(fk, user_key) for fk in up]
                print("  cv %s %-6s n=%-9s %6.3f%%  (%d forks, median %.5f ms; %s)" % (
                    gpu, "gelu_ptx", N24 if "A/A" in label else N2, 100 * cv(meds), len(meds),
                    statistics.median(meds), label))
        # draws, batched into few compare calls per unit
        batches = {"fork": ([], []), "sample": ([], [])}
        results = []
        pending = 0

        def flush():
            for unit, (b, n) in batches.items():
                if not b:
                    continue
                bp, np_ = os.path.join(tmp, "b.csv"), os.path.join(tmp, "n.csv")
                write(bp, b, HEADER)
                write(np_, n, HEADER)
                results.extend((unit, r) for r in compare(kbench, bp, np_, unit))
                b.clear()
                n.clear()

        for d in range(a.draws):
            pick = rng.sample(range(len(pool)), 2 * a.forks)
            hb, hn = [pool[i] for i in pick[:a.forks]], [pool[i] for i in pick[a.forks:]]
            upick = rng.sample(range(len(user_pool)), 2 * a.forks) if len(user_pool) >= 2 * a.forks else []
            ub, un = [user_pool[i] for i in upick[:a.forks]], [user_pool[i] for i in upick[a.forks:]]
            unew = [pw_new[i] for i in rng.sample(range(len(pw_new)), a.forks)] if len(pw_new) >= a.forks else []
            for unit, k in (("fork", a.forks), ("sample", 1)):
                if unit not in a.units.split(","):
                    continue
                b, n = batches[unit]
                for bench, size in BUILTIN:
                    b += rows(hb[:k], (bench, "n=" + size), "aa|%s|%s.d%d" % (bench, size, d), "n=" + size)
                    n += rows(hn[:k], (bench, "n=" + size), "aa|%s|%s.d%d" % (bench, size, d), "n=" + size)
                for bench in ("gelu", "copy", "triad"):
                    b += rows(hb[:k], (bench, "n=" + N24), "power|%s|%s.d%d" % (bench, N24, d))
                    n += rows(hn[:k], (bench, "n=" + N2), "power|%s|%s.d%d" % (bench, N24, d))
                if ub:
                    b += rows(ub[:k], user_key, "aa|gelu_ptx|%s.d%d" % (N24, d))
                    n += rows(un[:k], user_key, "aa|gelu_ptx|%s.d%d" % (N24, d))
                if unew and ub:
                    b += rows(ub[:k], user_key, "power|gelu_ptx|%s.d%d" % (N24, d))
                    n += rows(unew[:k], user_key, "power|gelu_ptx|%s.d%d" % (N24, d))
            pending += 1
            if pending == a.batch:
                flush()
                pending = 0
        flush()
        table = defaultdict(lambda: [0, 0, []])
        for unit, r in results:
            kind, bench, rest = r["benchmark"].split("|")
            size, draw = rest.split(".d")
            flagged = r["verdict"] in (("slower", "faster") if kind == "aa" else ("slower",))
            t = table[(kind, bench, size, unit)]
            t[0] += 1
            t[1] += flagged
            if r.get("mdc") is not None:
                t[2].append(r["mdc"])
            out_rows.append({"gpu": gpu, "draw": draw, "case": kind, "benchmark": bench, "n": size, "unit": unit,
                             "forks_per_side": a.forks if unit == "fork" else 1, "verdict": r["verdict"],
                             "ratio": "%.6f" % r["ratio"], "ci_low": r.get("ratio_ci_low"),
                             "ci_high": r.get("ratio_ci_high"), "pvalue_less": r["pvalue_less"],
                             "pvalue_greater": r["pvalue_greater"], "mdc": r.get("mdc")})
        print("%-6s %-8s %-5s %-8s %-7s %11s %8s" % ("case", "bench", "n", "F vs F", "flagged", "rate", "med MDC"))
        for kind in ("aa", "power"):
            for (k, bench, size, unit), (c, fl, mdcs) in sorted(table.items()):
                if k != kind:
                    continue
                print("%-6s %-8s %-5s %-8s %3d/%-3d %10.1f%% %7.2f%%   (%s)" % (
                    "A/A" if kind == "aa" else "+2%", bench, "2^20" if size == N20 else "2^24",
                    "%d vs %d" % ((a.forks,) * 2 if unit == "fork" else (1, 1)), fl, c, 100.0 * fl / c,
                    100 * statistics.median(mdcs) if mdcs else float("nan"),
                    "fork unit" if unit == "fork" else "old: per sample"))
        for unit in a.units.split(","):
            c = sum(v[0] for (k, _, _, u), v in table.items() if k == "aa" and u == unit)
            fl = sum(v[1] for (k, _, _, u), v in table.items() if k == "aa" and u == unit)
            print("A/A all configurations, %s unit: %d/%d flagged (%.2f%%)" % (unit, fl, c, 100.0 * fl / c))
        # fresh ab runs and device time
        timing = []
        for run, d in runs:
            with open(os.path.join(d, "timing.csv")) as f:
                timing += [dict(r, run=run) for r in csv.DictReader(f)]
        for run, d in runs:
            for js in sorted(glob.glob(os.path.join(d, "ab", "*.json")), key=lambda p: (len(p), p)):
                name = os.path.basename(js)[:-5]
                kind, idx = name.split("-")
                t = [r for r in timing if r["run"] == run and r["phase"] == "ab-" + kind and r["index"] == idx][0]
                with open(js) as f:
                    r = json.load(f)["results"][0]
                print("fresh ab %s %s %-9s exit %s verdict %-6s ratio %.4f CI %.4f..%.4f MDC %.2f%% wall %s s" % (
                    gpu, run, name, t["exit"], r["verdict"], r["ratio"], r["ratio_ci_low"], r["ratio_ci_high"],
                    100 * r["mdc"], t["wall_s"]))
        for phase in ("builtin", "ab-aa", "ab-power"):
            ph = [r for r in timing if r["phase"] == phase]
            if ph:
                forks = sum(int(r["forks"]) for r in ph)
                wall = sum(float(r["wall_s"]) for r in ph)
                print("device time %s %-8s: %d commands, %d forks, %.2f s per fork, %.1f s per %d-vs-%d comparison"
                      " (exits: %s)" % (gpu, phase, len(ph), forks, wall / forks, 2 * a.forks * wall / forks,
                                        a.forks, a.forks, dict(sorted(defaultdict(int, {
                                            e: sum(1 for r in ph if r["exit"] == e) for e in {r["exit"] for r in ph}
                                        }).items()))))
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(out_rows[0]), lineterminator="\n")
            w.writeheader()
            w.writerows(out_rows)
        print("\nevery comparison: %s (%d rows)" % (a.csv, len(out_rows)))


def tabulate(paths, alpha=0.001):
    """Re-reads comparisons CSVs written by --csv: per GPU and case, flagged, flagged by the test alone (p < alpha
    in the direction; the threshold not applied), median ratio, lowest interval bound, median MDC."""
    for path in paths:
        groups = defaultdict(list)
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                groups[(r["gpu"], r["case"], r["benchmark"], r["n"], r["unit"])].append(r)
        print("\n# %s" % path)
        print("%-5s %-6s %-8s %-5s %-7s %8s %11s %8s %8s %8s" % (
            "gpu", "case", "bench", "n", "unit", "flagged", "test alone", "ratio", "min lo", "MDC"))
        for (gpu, case, bench, n, unit), rs in sorted(groups.items()):
            if case == "aa":
                flagged = sum(r["verdict"] in ("slower", "faster") for r in rs)
                test = sum(min(float(r["pvalue_less"]), float(r["pvalue_greater"])) < alpha for r in rs)
            else:
                flagged = sum(r["verdict"] == "slower" for r in rs)
                test = sum(float(r["pvalue_less"]) < alpha for r in rs)
            mdcs = [float(r["mdc"]) for r in rs if r["mdc"] not in ("", "None")]
            print("%-5s %-6s %-8s %-5s %-7s %4d/%-3d %7d/%-3d %8.4f %8.4f %7.2f%%" % (
                gpu, "A/A" if case == "aa" else "+2%", bench, "2^20" if n == N20 else "2^24", unit, flagged, len(rs),
                test, len(rs), statistics.median(float(r["ratio"]) for r in rs),
                min(float(r["ci_low"]) for r in rs), 100 * statistics.median(mdcs) if mdcs else float("nan")))


def devices(a):
    root = scratch()
    tgz = glob.glob(os.path.join(a.devices, "*.tar.gz"))[0]
    unpack(tgz, root)
    print("\n# Devices: %s" % tgz)
    with open(os.path.join(root, "times.csv")) as f:
        times = list(csv.DictReader(f))
    for mode in ("seq", "par"):
        s = [float(r["seconds"]) for r in times if r["run"].startswith(mode)]
        print("wall %s: %s s, mean %.2f s, exits %s" % (mode, s, statistics.mean(s),
                                                         [r["status"] for r in times if r["run"].startswith(mode)]))
    for name in ("gpu1-vs-gpu0-seq", "gpu1-vs-gpu0-par", "par-vs-seq-gpu0", "par-vs-seq-gpu1"):
        with open(os.path.join(root, name + ".json")) as f:
            js = json.load(f)
        res = js["results"] if "results" in js else js["by_device"][0]["compare"]["results"]
        for r in res:
            print("%-17s %-6s %-11s base %.5f new %.5f change %+.2f%% CI %+.2f%%..%+.2f%% MDC %.2f%% %s (%s, %dv%d)" % (
                name, r["benchmark"], r["params"], r["median_base_ms"], r["median_new_ms"], 100 * (r["ratio"] - 1),
                100 * (r["ratio_ci_low"] - 1), 100 * (r["ratio_ci_high"] - 1), 100 * r["mdc"], r["verdict"],
                r["unit"], r["n_forks_base"], r["n_forks_new"]))
    for mode in ("seq", "par"):
        clocks = defaultdict(list)
        with open(os.path.join(root, mode + ".csv"), newline="") as f:
            for r in csv.DictReader(f):
                if r["sample"] == "0" and r["sm_clock_mhz"]:
                    clocks[r["device_id"]].append(float(r["sm_clock_mhz"]))
        for dev, c in sorted(clocks.items()):
            print("sm_clock_mhz %s %s: min %.0f median %.0f max %.0f over %d repetitions" % (
                mode, dev, min(c), statistics.median(c), max(c), len(c)))
        temps = defaultdict(list)
        for env in sorted(glob.glob(os.path.join(root, mode + "-*.csv.env.json"))):
            with open(env) as f:
                for run in json.load(f)["runs"]:
                    temps[run["device_id"]].append((run["start"]["temperature_c"], run["end"]["temperature_c"],
                                                    run["start"]["sm_clock_mhz"], run["end"]["sm_clock_mhz"]))
        for dev, t in sorted(temps.items()):
            print("env %s %s: %d forks, temperature start %.0f..%.0f C -> end %.0f..%.0f C; clock start %s end %s" % (
                mode, dev, len(t), min(x[0] for x in t), max(x[0] for x in t), min(x[1] for x in t),
                max(x[1] for x in t), sorted({x[2] for x in t}), sorted({x[3] for x in t})))
    with open(os.path.join(root, "smi.csv")) as f:
        smi = [[c.strip() for c in line.split(",")] for line in f.read().splitlines()[1:] if line.strip()]
    for idx in ("0", "1"):
        s = [r for r in smi if r[1] == idx]
        print("smi gpu%s (between runs, %d readings): clocks %s; temperature %s..%s C" % (
            idx, len(s), sorted({r[2] for r in s}), min(int(r[3]) for r in s), max(int(r[3]) for r in s)))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--verdicts", default=os.path.join(here, "2026-11-30-h200-verdicts"))
    ap.add_argument("--devices", default=os.path.join(here, "2026-11-30-h200x2-devices"))
    ap.add_argument("--forks", type=int, default=10)
    ap.add_argument("--draws", type=int, default=100)
    ap.add_argument("--batch", type=int, default=10, help="draws per compare call")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--csv", help="write every comparison here")
    ap.add_argument("--skip-verdicts", action="store_true")
    ap.add_argument("--runs", help="only these runs, e.g. run1,run2 (one build); default all")
    ap.add_argument("--units", default="fork,sample", help="fork (the new way), sample (the old), or both")
    ap.add_argument("--from-csv", nargs="+", metavar="CSV",
                    help="only tabulate comparisons CSVs written by --csv (no compare runs), then the devices")
    a = ap.parse_args()
    if a.from_csv:
        tabulate(a.from_csv)
        devices(a)
        return
    kbench = os.environ.get("KBENCH", "./kbench").split()
    if not a.skip_verdicts:
        verdicts(a, kbench)
    devices(a)


if __name__ == "__main__":
    main()
