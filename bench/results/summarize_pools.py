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

"""Summarizes bench/gpu/fork-pool.sh's output (a directory, or its .tgz): per pool (user, builtin, and their
--place-every variants such as user-pe2), size and variant, the forks, the median of the fork medians, the spread of
the fork medians (CV), how many fork medians lie more than 1 % above the fastest tenth's (the 10th percentile: a
second, slower state that some processes fall into shows there, whichever state holds the median), the planted
variants' change against n (the mean of the fork means, which the timer's 32 ns steps do not quantize, with its
standard error); per pool the time from one fork's go to the next one's and from go to end (from the forks' traces,
each block's first fork, which writes the AOT cache, left out); for --place-every A/Bs, the variance of the fork
medians of each pool against the first; and for a cell of 2^22 or more with 5 % of its forks or more in a slower
state, its repetitions' medians against their 10th percentile: how many lie more than 1 % above, in how many forks,
and how many of those forks also have repetitions within 0.5 % of it (a state that changes within a process, not one
fixed for the process).

  python3 bench/results/summarize_pools.py DIR_OR_TGZ [DIR_OR_TGZ ...]
"""
import csv
import glob
import math
import os
import re
import statistics as st
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpu"))
from archives import folder  # noqa: E402
from forktrace import forks_of as traced_forks  # noqa: E402


def forks_of(path):
    """{(benchmark, params): {(round, fork): {repetition: [times]}}} of one fork-RRR.csv, forks by their fork
    column."""
    by = {}
    round_ = int(os.path.basename(path)[5:-4])
    for r in csv.DictReader(open(path)):
        (by.setdefault((r["benchmark"], r["params"]), {}).setdefault((round_, int(r["fork"])), {})
         .setdefault(int(r["repetition"]), []).append(float(r["time_ms"])))
    return by


def times(fork):
    """Every sample of a fork ({repetition: [times]}), in the order of its repetitions."""
    return [t for rep in sorted(fork) for t in fork[rep]]


def repetition_medians(fork):
    """The median of each repetition of a fork ({repetition: [times]}), in the order of its repetitions."""
    return [st.median(fork[rep]) for rep in sorted(fork)]


def above_fastest_tenth(values):
    """The 10th percentile of values (as NumPy's default, linear, computes it) and how many lie more than 1 % above
    it: a second, slower state that some of them fall into, whichever state holds the median."""
    fast = st.quantiles(values, n=10, method="inclusive")[0] if len(values) > 1 else values[0]
    return fast, sum(v > 1.01 * fast for v in values)


def repetition_states(forks):
    """Of forks, each the list of its repetitions' medians: the repetitions more than 1 % above the 10th percentile
    of all of them, the repetitions, the forks with such a repetition, and how many of those also have a repetition
    within 0.5 % of it (a state that comes and goes within a process, not one fixed for the process)."""
    fast, above = above_fastest_tenth([m for f in forks for m in f])
    slow = [f for f in forks if any(m > 1.01 * fast for m in f)]
    return above, sum(map(len, forks)), len(slow), sum(any(m <= 1.005 * fast for m in f) for f in slow)


def pools(root):
    """{(pool, size, variant, benchmark): [{repetition: [times]} of a fork, ...]} of one fork-pool directory."""
    out = {}
    for pool in sorted(os.listdir(root)):
        base = os.path.join(root, pool)
        if not os.path.isdir(base) or pool == "traces":
            continue
        if pool.startswith("user"):
            for f in glob.glob(os.path.join(base, "2^*", "*", "fork-*.csv")):
                size, variant = f.split(os.sep)[-3:-1]
                for (bench, _), forks in forks_of(f).items():
                    out.setdefault((pool, size, variant, bench), []).extend(forks.values())
        else:
            # builtin: every fork measures each kernel at n, round(1.01 n), round(1.02 n) for each size
            merged = {}
            for f in glob.glob(os.path.join(base, "fork-*.csv")):
                for key, forks in forks_of(f).items():
                    merged.setdefault(key, []).extend(forks.values())
            sizes = sorted({int(p.split("=")[1]) for _, p in merged})
            for s in range(40):
                n = 1 << s
                for variant in ("1.00", "1.01", "1.02"):
                    m = round(n * float(variant))
                    for (bench, params), forks in merged.items():
                        if params == f"n={m}" and n in sizes:
                            out[(pool, f"2^{s}", variant, bench)] = forks
    return out


def trace_times(root, pool):
    cadence, held = [], []
    for f in glob.glob(os.path.join(root, "traces", "*.txt")):
        # traces/POOL-SIZE-VARIANT-ROUND.txt; user's must not take user-pe2's
        if not re.match(re.escape(pool) + r"-(\d+|all)-", os.path.basename(f)):
            continue
        forks = traced_forks(open(f))[1:]
        cadence += [b["go"] - a["go"] for a, b in zip(forks, forks[1:])]
        held += [v["end"] - v["go"] for v in forks if "end" in v]
    return cadence, held


def main():
    if len(sys.argv) < 2:
        print("usage: summarize_pools.py DIR_OR_TGZ [DIR_OR_TGZ ...]", file=sys.stderr)
        sys.exit(2)
    for arg in sys.argv[1:]:
        root = folder(arg)
        data = pools(root)
        print(f"## {arg}")
        print("| pool | n | benchmark | variant | forks | median of fork medians, us | CV of fork medians "
              "| more than 1 % above the 10th percentile | change of the mean vs n |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        variance = {}
        states = []  # the cells with forks in a slower state, for the table of their repetitions
        for key in sorted(data):
            pool, size, variant, bench = key
            forks = data[key]
            samples = [times(f) for f in forks]
            medians = [st.median(t) * 1e3 for t in samples]
            means = [st.mean(t) * 1e3 for t in samples]
            base = [st.mean(times(f)) * 1e3 for f in data.get((pool, size, "1.00", bench), [])]
            change = "-"
            if variant != "1.00" and len(base) > 1 and len(means) > 1:
                se = math.sqrt(st.variance(means) / len(means) + st.variance(base) / len(base)) / st.mean(base)
                change = f"{100 * (st.mean(means) / st.mean(base) - 1):+.2f} % ± {100 * se:.2f}"
            cv = st.stdev(medians) / st.mean(medians) if len(medians) > 1 else float("nan")
            slow = above_fastest_tenth(medians)[1]
            if slow >= 0.05 * len(medians) and int(size[2:]) >= 22:  # at 2^20 a repetition's noise is about 1 %
                states.append((key, forks))
            variance.setdefault((pool, size, bench), []).append(cv * cv)
            print(f"| {pool} | {size} | {bench} | {variant} | {len(forks)} | {st.median(medians):.3f} | "
                  f"{100 * cv:.2f} % | {slow} | {change} |")
        if states:
            # A state of the process (its context, its buffers' placement, which --place-every re-draws) holds
            # for all of a fork's repetitions; a state of the GPU that comes and goes changes within forks too.
            print()
            print("| pool | n | benchmark | variant | repetitions more than 1 % above the 10th percentile of all "
                  "| forks with such repetitions | of them with repetitions within 0.5 % of it too |")
            print("| --- | --- | --- | --- | --- | --- | --- |")
            for (pool, size, variant, bench), forks in states:
                above, reps, slow, both = repetition_states([repetition_medians(f) for f in forks])
                print(f"| {pool} | {size} | {bench} | {variant} | {above} of {reps} | {slow} of {len(forks)} "
                      f"| {both} |")
        names = sorted({p for p, _, _ in variance})
        if len(names) > 1:
            print()
            print("| n | benchmark | pool | mean variance of fork medians (CV^2, %^2) over the variants | against " + names[0] + " |")
            print("| --- | --- | --- | --- | --- |")
            for (pool, size, bench), v in sorted(variance.items()):
                ref = variance.get((names[0], size, bench))
                ratio = f"{st.mean(v) / st.mean(ref):.2f}" if ref else "-"
                print(f"| {size} | {bench} | {pool} | {1e4 * st.mean(v):.3f} | {ratio} |")
        print()
        print("| pool | forks timed | go to next go, s (median) | go to end, s (median) |")
        print("| --- | --- | --- | --- |")
        for pool in sorted({k[0] for k in data}):
            cadence, held = trace_times(root, pool)
            if cadence:
                print(f"| {pool} | {len(held)} | {st.median(cadence):.3f} | {st.median(held):.3f} |")
        print()


if __name__ == "__main__":
    main()
