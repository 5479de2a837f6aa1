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

"""Replays `kbench ab`'s looks (docs/stats.md, "Stopping when decided") on the samples of recorded fresh ab
runs, with the ratio's interval centered three ways: the median of the fork medians (kbench's default), their
20 % trimmed mean (`--center trimmed_mean`) and their Harrell-Davis median. Reads the `.tgz` archives of
bench/gpu/ab-fresh.sh runs (each run's `2^S-CASE-T-base.csv`, `-new.csv` and `-trace.txt`), takes the forks
in the order they ran and looks as ab looks: first at 9 forks a side, then every 3 pairs, alpha 0.001 and the
interval's 0.025 a side spent by Lan-DeMets' Pocock-like function over MAX_FORKS, Brunner-Munzel (SciPy) on the
fork medians and a percentile bootstrap of the ratio (forks drawn with replacement, 2000 replicates, seeded; a
one-stage bootstrap where ab's is two-stage; and no last look that spends all the alpha left, as ab's look at
its time budget does, so a run that ab settled at that look shows here as not settled).
Prints, per run and center, the verdict and the forks a side at which it settled, and the device time per
side by then from the run's trace (the time from its first fork's go to the end of the fork that completed
the look, over two, plus ab's start to its first go, also over two).

With --skip-first-pair each run's first pair of forks (the run's first two processes) is left out, as a
warm-up pair would be, and its time still counted: the first process of a run measured the user kernel at 2^22
about 1 % slow (docs/performance.md section 29).

    python3 bench/results/replay_looks.py [--max-forks 400] [--threshold 0.005] [--size 20] [--skip-first-pair] ARCHIVE.tgz ...
"""

import argparse
import collections
import csv
import io
import math
import os
import re
import sys
import tarfile

import numpy as np
from scipy import stats

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpu"))
from forktrace import forks_of  # noqa: E402

_HD = {}


def harrell_davis(x, axis=-1):
    x = np.sort(x, axis=axis)
    n = x.shape[-1]
    if n not in _HD:
        a = (n + 1) / 2
        _HD[n] = np.diff(stats.beta.cdf(np.arange(n + 1) / n, a, a))
    return x @ _HD[n]


def trimmed(x, axis=-1):
    return stats.trim_mean(x, 0.2, axis=axis)


CENTERS = (("median", np.median), ("trimmed_mean", trimmed), ("harrell_davis", harrell_davis))


def spent(t, total):
    return total * math.log(1 + (math.e - 1) * min(t, 1.0))


def fork_medians(text):
    by_fork = collections.defaultdict(list)
    for r in csv.DictReader(io.StringIO(text)):
        by_fork[int(r["fork"])].append(float(r["time_ms"]))
    return np.array([np.median(by_fork[k]) for k in sorted(by_fork)])


def one_sided(b, w, alternative):
    """Brunner-Munzel's one-sided p-value as kbench takes it (docs/stats.md, "Comparisons and verdicts"): SciPy's
    where finite; complete separation (SciPy: NaN) is p 0 in its direction and 1 the other way; and no p-value
    below the exact permutation probability of complete separation, 1 / C(n_base + n_new, n_base)."""
    p = stats.brunnermunzel(b, w, alternative=alternative).pvalue
    if math.isnan(p):
        below = np.max(b) < np.min(w)
        above = np.min(b) > np.max(w)
        p = 0.0 if (below if alternative == "less" else above) else 1.0
    return max(p, 1 / math.comb(len(b) + len(w), len(b)))


def replay(base, new, ends, max_forks, threshold, center, rng, skipped=0):
    """ab's looks over the fork medians; skipped, the pairs of forks left out before them, whose time counts."""
    m = min(len(base), len(new))
    n, before, decided, lo, hi = 9, 0.0, None, math.nan, math.nan  # fewer than 9 forks a side: no look
    while n <= m:
        t = n / max_forks
        alpha = spent(t, 0.001) - spent(before, 0.001)
        level = 1 - 2 * (spent(t, 0.025) - spent(before, 0.025))
        before = t
        b, w = base[:n], new[:n]
        ib = rng.integers(0, n, (2000, n))
        iw = rng.integers(0, n, (2000, n))
        ratios = center(w[iw], axis=1) / center(b[ib], axis=1)
        lo, hi = np.quantile(ratios, [(1 - level) / 2, (1 + level) / 2])
        if one_sided(b, w, "less") < alpha and lo > 1 + threshold:
            decided = "slower"
        elif one_sided(b, w, "greater") < alpha and hi < 1 - threshold:
            decided = "faster"
        elif lo > 1 - threshold and hi < 1 + threshold:
            decided = "same"
        if decided:
            break
        n += 3
    n = min(n, m)
    seconds = ends[min(2 * (n + skipped), len(ends)) - 1] / 2 if ends else float("nan")
    return decided or "not settled", n, lo, hi, seconds


def runs(archive, size):
    with tarfile.open(archive) as tar:
        names = {m.name: m for m in tar.getmembers() if m.isfile()}
        for name in sorted(names):
            match = re.search(rf"/2\^{size}-(\w+)-(\d+)-base\.csv$", name)
            if not match:
                continue
            stem = name[: -len("-base.csv")]
            if stem + "-new.csv" not in names:
                continue
            read = lambda n: tar.extractfile(names[n]).read().decode()  # noqa: E731
            trace = read(stem + "-trace.txt").splitlines() if stem + "-trace.txt" in names else []
            forks = forks_of(trace)
            start = min((f.get("launched", f["go"]) for f in forks), default=0)
            ends = sorted(f.get("end", f["go"]) - start for f in forks)
            yield stem, match.group(1), fork_medians(read(name)), fork_medians(read(stem + "-new.csv")), ends


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-forks", type=int, default=400)
    parser.add_argument("--threshold", type=float, default=0.005)
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("--skip-first-pair", action="store_true")
    parser.add_argument("archives", nargs="+")
    args = parser.parse_args()
    tally = collections.defaultdict(list)
    for archive in args.archives:
        for stem, case, base, new, ends in runs(archive, args.size):
            skipped = 1 if args.skip_first_pair else 0
            base, new = base[skipped:], new[skipped:]
            cv = 100 * np.std(base) / np.mean(base)
            cells = []
            for name, center in CENTERS:
                verdict, n, lo, hi, seconds = replay(base, new, ends, args.max_forks, args.threshold, center,
                                                     np.random.default_rng(1), skipped)
                tally[(case, name)].append((verdict, seconds))
                cells.append(f"{name} {verdict} at {n} ({100 * (lo - 1):+.2f}%..{100 * (hi - 1):+.2f}%, {seconds:.1f} s)")
            print(f"{os.path.basename(archive)}:{stem.split('/')[-2]} {case}: {min(len(base), len(new))} forks a side,"
                  f" fork CV {cv:.2f}% | " + " | ".join(cells))
    print()
    print("case      center          runs  slower  faster  same  not settled  settled within 60 s a side")
    for (case, name), outcomes in sorted(tally.items()):
        count = collections.Counter(v for v, _ in outcomes)
        within = sum(1 for v, s in outcomes if v != "not settled" and s <= 60)
        print(f"{case:9} {name:15} {len(outcomes):4}  {count['slower']:6}  {count['faster']:6}  {count['same']:4}"
              f"  {count['not settled']:11}  {within:3}")


if __name__ == "__main__":
    main()
