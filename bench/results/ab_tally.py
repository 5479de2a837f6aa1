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

"""Counts every fresh `kbench ab` comparison on record: the summary lines of bench/gpu/ab-fresh.sh (the user PTX
kernels) and bench/gpu/ab-builtin.sh (the built-in gelu, copy and triad), also as bench/gpu/ab-campaign.sh writes
them, in the text files of the results directories (each line counted once per directory, as a call's summary
may repeat it). It prints three tables, the first two per form, size and kernel:

- A/A (cases aa, at the 1 % threshold, and aa05, at 0.5 %): the comparisons that could have been flagged at all
  (an MDC printed: forks enough for the test to reach alpha, 7 a side at 0.001), how many were flagged
  (`slower` or `faster`), the exact (Clopper-Pearson) one-sided 95 % upper bound on the rate of flagging that
  this allows, in how many directories they were made, and how many are missing to 100;
- planted changes (plus1 and tail1, +1 % of the work against 0.5 %; plus2 and tail2, +2 % at the defaults; tail
  planted in the kernels' last threads, bench/gpu/planted-suite.sh), per budget (ab's --max-time-s of the runs of
  bench/gpu/ab-campaign.sh, from its run lines; `-` for runs made otherwise, whose directory's README gives
  theirs): every comparison with a verdict, the `slower` ones, their share and the exact one-sided 95 % lower
  bound on the rate of `slower` that this allows (Clopper-Pearson; 59 of 59 to reach 95 %), the forks a side and
  the device time per side (a run's wall time / 2; a built-in run times every benchmark and size of its line's
  run), how many more runs, every one `slower`, would bring that bound to 95 % (59 in all where none missed, 93
  where one did) and the device minutes they would take at the mean wall time of the cell's runs (cells that
  share runs, a built-in run's kernels and sizes, share those minutes), then how many more runs and device minutes
  would do it if the cell goes on missing at the share it has missed so far (`never` where its share of `slower`
  is 95 % or less: at that rate no number of runs brings the bound to 95 %), where a cell has runs under several
  budgets, a row `any` over all of them, and a last row `all` over every planted comparison, every cell's. Bounds are
  printed rounded away from the estimate (an upper bound up, a lower bound down), so that a printed bound still
  holds. The user kernel's plants are more elements (its grid stride over 1.01 n) or a spin (an exact share of its
  time); where its line says which (bench/gpu/ab-fresh.sh's kernel column) the row does too;
- the runs of bench/gpu/ab-campaign.sh (its `run N: ... ended at S s` lines): per entry of RUNS, how many ran,
  their seconds from one run's end to the next's (start to end of a fresh `ab`, the script's own work around it
  included), the comparisons each made (its summary lines: the built-in kernels it compared, all three unless
  ab-builtin.sh's KERNELS named fewer, which the entry then names, or the one user kernel, times its sizes), how many
  of them could flag (an MDC printed: a run whose budget ends before 7 forks a side cannot) and so the
  comparisons a minute of the device, all and those that could flag, with which the A/A table's last column
  turns into device time; and under that table, how many planted runs of ab-campaign.sh gave a verdict, and in how
  many of them every comparison was `slower`, with the exact one-sided 95 % lower bound on that rate.

Runs of every build and center on record count (docs/performance.md, sections 10 on). With no arguments it
reads every H200 results directory beside this script (those whose name says h200: the record the figures in
docs/ are of); `--gpu h100` reads those whose name says h100 instead (the H100's cross-check); or give
directories to tally those alone.

    python3 bench/results/ab_tally.py [--gpu NAME | DIR...]
"""
import glob
import os
import re
import statistics
import sys
from collections import defaultdict
from math import ceil, comb, floor, inf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summarize_ab  # noqa: E402
import summarize_ab_builtin  # noqa: E402

AA = ("aa", "aa05")
PLANTS = ("plus1", "tail1", "plus2", "tail2")
# the built-in suite's kernels, all of which a built-in run compares unless ab-builtin.sh's KERNELS names fewer
BUILTIN = ("copy", "gelu", "triad")
# what a user-kernel plant is, by ab-fresh.sh's kernel column
PLANT_OF = {"gelu": "elements", "spin": "spin"}


def comparison(line):
    """(form-kernel, n exponent, case, verdict, could flag, forks a side, device s per side) of one summary line of
    ab-fresh.sh or ab-builtin.sh with a verdict, or None for any other line."""
    found = summary_line(line)
    return found if found and found[3] else None


def summary_line(line):
    """comparison()'s tuple for any summary line of ab-fresh.sh or ab-builtin.sh, with a verdict or without (a run
    whose ab printed none for it), or None for any other line."""
    user = list(summarize_ab.summary_rows([line]))
    builtin = list(summarize_ab_builtin.summary_rows([line]))
    if user:
        r = user[0]
        case, size, kernel, verdict, mdc, forks, wall = r[1], int(r[0]), "user PTX", r[5], r[8], r[9], r[4]
        # a planted change of the user kernel is either more elements or a spin, where the line says
        if case in PLANTS and summarize_ab.kernel(r):
            kernel += f" ({PLANT_OF[summarize_ab.kernel(r)]})"
    elif builtin:
        r = builtin[0]
        case, size, kernel, verdict, mdc, forks, wall = (r[0], int(r[7]).bit_length() - 1, r[6], r[8], r[12], r[4],
                                                         r[3])
    else:
        return None
    # an MDC is printed only where the forks were enough for the test to reach alpha
    return kernel, size, case, verdict, mdc not in ("", "-"), int(forks) if forks else None, float(wall) / 2


def comparisons(directories):
    """Yields (directory, form-kernel, n exponent, case, verdict, could flag, forks a side, device s per side,
    budget s) for every summary line found, each line once per directory; the budget (ab's --max-time-s) where
    the line is one of ab-campaign.sh's runs, else None."""
    for directory in directories:
        seen = set()
        budget = budgets(directory)
        for name in sorted(glob.glob(os.path.join(directory, "*.txt")) + glob.glob(os.path.join(directory, "*.csv"))):
            with open(name, errors="replace") as f:
                for line in f:
                    line = line.rstrip("\n")
                    if line in seen:
                        continue
                    found = comparison(line)
                    if found:
                        seen.add(line)
                        yield (os.path.basename(os.path.normpath(directory)),) + found + (budget.get(line),)


# one line of bench/gpu/ab-campaign.sh's runs.txt, as a call's summary holds it; lines written before 2026-12-03's
# fourth session say "at most N s a side: exit E" for the same ab --max-time-s N and script exit E
CAMPAIGN_RUN = re.compile(r"^run (\d+): (builtin|user|spin) 2\^\{([0-9,]+)\} ([a-z0-9]+), "
                          r"(?:ab --max-time-s (\d+): script exit|at most (\d+) s a side: exit) \d+, ended at (\d+) s$")


def campaign_file(name):
    """(runs, summary) of one text file holding ab-campaign.sh's output: runs, its run lines as ((campaign, run),
    WHAT, sizes, case, budget s, seconds the run took, comparisons it made, the kernels it compared), timed from the
    previous run's end (the campaign's start for run 0, which also begins each GPU's campaign in a summary of
    several), the comparisons and kernels as its summary lines give them (a built-in run compares those of
    ab-builtin.sh's KERNELS); summary, the summary lines with a verdict that follow a campaign's run lines, as
    (line, (campaign, run), comparison)."""
    runs, summary = [], []
    lines_of = defaultdict(list)  # (campaign, run) -> summary_line() of each of its summary lines
    end, campaign = 0, -1
    with open(name, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = CAMPAIGN_RUN.match(line)
            if not m:
                found = summary_line(line)
                if found and campaign >= 0:
                    key = (campaign, int(line.split(",", 1)[0]))
                    lines_of[key].append(found)
                    if found[3]:
                        summary.append((line, key, found))
                continue
            index, what, sizes, case, budget, old_budget, ended = m.groups()
            budget = budget or old_budget
            if index == "0":
                end, campaign = 0, campaign + 1
            runs.append(((campaign, int(index)), what, sizes, case, int(budget), int(ended) - end))
            end = int(ended)
    return [run + (len(lines_of[run[0]]), tuple(sorted({found[0] for found in lines_of[run[0]]}))) for run in runs], \
        summary


def campaign_runs(directories):
    """Yields (WHAT, sizes, case, budget s, seconds the run took, comparisons it made, the kernels it compared, of
    the comparisons those that could flag, those with a verdict, those `slower`) for every run line of
    ab-campaign.sh in the text files of the directories."""
    for directory in directories:
        for name in sorted(glob.glob(os.path.join(directory, "*.txt"))):
            runs, summary = campaign_file(name)
            could = defaultdict(int)  # (campaign, run) -> comparisons that could flag
            verdicts = defaultdict(int)
            slower = defaultdict(int)
            for _, key, found in summary:
                could[key] += found[4]
                verdicts[key] += 1
                slower[key] += found[3] == "slower"
            for key, *run in runs:
                yield (*run, could[key], verdicts[key], slower[key])


def budgets(directory):
    """ab's --max-time-s of each summary line of ab-campaign.sh's runs in a directory's text files, by the line."""
    found = {}
    for name in sorted(glob.glob(os.path.join(directory, "*.txt"))):
        runs, summary = campaign_file(name)
        budget = {r[0]: r[4] for r in runs}
        for line, key, _ in summary:
            if key in budget:
                found[line] = budget[key]
    return found


def upper_bound(flagged, n, confidence=0.95):
    """The exact one-sided upper confidence bound on a binomial rate (Clopper-Pearson): the p at which
    P(X <= flagged) = 1 - confidence, by bisection on the binomial distribution function.
    scipy.stats.beta.ppf(0.95, 1, 19) = 0.1459 (0 of 19); beta.ppf(0.95, 1, 403) = 0.00741 (0 of 403);
    beta.ppf(0.95, 2, 99) = 0.04656 (1 of 100)."""
    if flagged >= n:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(100):
        p = (low + high) / 2
        cdf = sum(comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(flagged + 1))
        low, high = (p, high) if cdf > 1 - confidence else (low, p)
    return (low + high) / 2


def lower_bound(hits, n, confidence=0.95):
    """The exact one-sided lower confidence bound on a binomial rate (Clopper-Pearson), the upper bound's mirror:
    scipy.stats.beta.ppf(0.05, 6, 1) = 0.6070 (6 of 6); beta.ppf(0.05, 59, 1) = 0.9505 (59 of 59);
    beta.ppf(0.05, 22, 7) = 0.6203 (22 of 28)."""
    return 1 - upper_bound(n - hits, n, confidence)


def percent(bound, digits, up):
    """A bound on a rate, in percent, rounded away from the estimate so that the printed bound still holds:
    59 of 59 gives 95.0 %, 58 of 58 (94.966 %) 94.9 %, not 95 %."""
    scaled = bound * 100 * 10 ** digits
    return f"{(ceil(scaled - 1e-9) if up else floor(scaled + 1e-9)) / 10 ** digits:.{digits}f} %"


def runs_to(hits, n, goal=0.95, most=1000):
    """How many more runs, every one a hit, bring the exact one-sided lower bound on the rate to goal: 0 of them
    missed, 59 in all (59 of 59: 0.9505); 1 missed, 93 in all (scipy.stats.beta.ppf(0.05, 92, 2) = 0.9501,
    beta.ppf(0.05, 91, 2) = 0.9496); None where more than most would be needed."""
    if lower_bound(hits + most, n + most) < goal:
        return None
    low, high = 0, most  # lower_bound(hits + high, n + high) >= goal throughout
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if lower_bound(hits + middle, n + middle) >= goal else (middle + 1, high)
    return low


def runs_at_share(hits, n, goal=0.95, most=1000):
    """How many more runs bring the exact one-sided lower bound on the rate to goal if the cell goes on missing at
    the share it has missed so far (its misses kept at that share of all its runs, rounded, never fewer than now):
    as runs_to where none missed; inf where the share of hits is goal or less (no number of runs would), None where
    more than most would be needed. 128 of 132: 179 (311 runs, 9 of them missed: scipy.stats.beta.ppf(0.05, 302, 10)
    = 0.95004; 310 runs, 9 missed: beta.ppf(0.05, 301, 10) = 0.94989)."""
    if n == 0 or hits / n <= goal:
        return inf
    misses = n - hits
    for more in range(most + 1):
        total = n + more
        if lower_bound(total - max(misses, round(misses * total / n)), total) >= goal:
            return more
    return None


def plant_row(cell, budget, rows):
    """One row of the plants' table: a cell (kernel, size, case) under one budget, or under any."""
    slower = sum(v == "slower" for v, _, _, _ in rows)
    forks = sorted(f for _, f, _, _ in rows if f is not None)
    times = [t for _, _, t, _ in rows]

    def runs_and_minutes(more):
        """A count of more runs and the device minutes they take at the mean of the cell's runs."""
        if more is None or more == inf:
            return f"{'> 1000' if more is None else 'never'} | -"
        device = more * 2 * statistics.mean(times) / 60
        return f"{more} | {device:.1f}" if device < 10 else f"{more} | {device:.0f}"

    return (f"| {cell[0]} | 2^{cell[1]} | {cell[2]} | {budget} | {len(rows)} | {slower} | "
            f"{100 * slower / len(rows):.1f} % | {percent(lower_bound(slower, len(rows)), 1, up=False)} | "
            f"{f'{forks[0]} to {forks[-1]}' if forks else '-'} | {statistics.median(times):.1f} ({max(times):.1f}) | "
            f"{len({d for _, _, _, d in rows})} | {runs_and_minutes(runs_to(slower, len(rows)))} | "
            f"{runs_and_minutes(runs_at_share(slower, len(rows)))} |")


def order(key):
    kernel, size, case = key
    return (kernel.startswith("user PTX"), kernel, -size, case)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    gpu = "h200"
    if argv[:1] == ["--gpu"]:
        if len(argv) != 2 or not re.fullmatch(r"[a-z0-9]+", argv[1]):
            sys.exit(f"ab_tally.py: --gpu takes one GPU's name as the directories spell it (h200, h100), "
                     f"and no directories; got {argv[1:]!r}")
        gpu, argv = argv[1], []
    for name in argv:
        if not os.path.isdir(name):
            sys.exit(f"ab_tally.py: {name!r} is not a directory (give results directories, or none for all)")
    directories = argv or sorted(d for d in glob.glob(os.path.join(here, "*"))
                                 if os.path.isdir(d) and f"-{gpu}" in os.path.basename(d))
    if not directories:
        sys.exit(f"ab_tally.py: no results directory beside this script says -{gpu} in its name")
    aa = defaultdict(lambda: [0, 0, set()])
    plants = defaultdict(list)
    for directory, kernel, size, case, verdict, could_flag, forks, per_side, budget in comparisons(directories):
        if case in AA and could_flag:
            entry = aa[(kernel, size, "A/A")]
            entry[0] += 1
            entry[1] += verdict in ("slower", "faster")
            entry[2].add(directory)
        elif case in PLANTS:
            plants[(kernel, size, case, budget)].append((verdict, forks, per_side, directory))
    print("| kernel | n | A/A comparisons | flagged | rate, 95 % upper bound | directories | to 100 |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for key in sorted(aa, key=order):
        n, flagged, dirs = aa[key]
        print(f"| {key[0]} | 2^{key[1]} | {n} | {flagged} | {percent(upper_bound(flagged, n), 1, up=True)} | "
              f"{len(dirs)} | {max(0, 100 - n)} |")
    total, flagged = sum(v[0] for v in aa.values()), sum(v[1] for v in aa.values())
    print(f"| all | | {total} | {flagged} | {percent(upper_bound(flagged, total), 2, up=True) if total else '-'} | | |")
    print()
    print("| kernel | n | plant | budget, s | comparisons | `slower` | share | rate, 95 % lower bound | forks a side | "
          "device time per side, median (max), s | directories | to 95 % | device minutes to 95 % | "
          "to 95 % at its share | device minutes at its share |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    cells = defaultdict(list)
    for key in sorted(plants, key=lambda k: order(k[:3]) + (k[3] or 0,)):
        cells[key[:3]].append(key)
    for cell, keys in cells.items():
        for key in keys:
            print(plant_row(cell, key[3] or "-", plants[key]))
        if len(keys) > 1:
            print(plant_row(cell, "any", [row for key in keys for row in plants[key]]))
    every = [row for rows in plants.values() for row in rows]
    if every:
        slower = sum(v == "slower" for v, _, _, _ in every)
        print(f"| all | | | | {len(every)} | {slower} | {100 * slower / len(every):.1f} % | "
              f"{percent(lower_bound(slower, len(every)), 1, up=False)} | | | | | | | |")
    runs = defaultdict(list)
    planted = [0, 0]  # planted runs of ab-campaign.sh with a verdict, and of them those with every one `slower`
    for what, sizes, case, budget, seconds, made, kernels, could, verdicts, slower in campaign_runs(directories):
        # a built-in run of some of the suite's kernels only (ab-builtin.sh's KERNELS) is an entry of its own
        only = " ".join(kernels) if what == "builtin" and kernels and kernels != BUILTIN else ""
        runs[(what, sizes, case, budget, only)].append((seconds, made, could))
        if case in PLANTS and verdicts:
            planted[0] += 1
            planted[1] += slower == verdicts
    if runs:
        print()
        print("| campaign entry | runs | seconds a run, mean (max) | comparisons a run | could flag | "
              "comparisons a minute | of them could flag |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for (what, sizes, case, budget, only), rows in sorted(runs.items()):
            seconds = sum(t for t, _, _ in rows)
            made = sorted({m for _, m, _ in rows})
            could = sum(c for _, _, c in rows)
            print(f"| {what}:{sizes}:{case}:{budget}{f' ({only})' if only else ''} | {len(rows)} | "
                  f"{seconds / len(rows):.1f} ({max(t for t, _, _ in rows)}) | "
                  f"{made[0] if len(made) == 1 else f'{made[0]} to {made[-1]}'} | {could} | "
                  f"{60 * sum(m for _, m, _ in rows) / seconds:.1f} | {60 * could / seconds:.1f} |")
        if planted[0]:
            print()
            print(f"planted runs of ab-campaign.sh with a verdict: {planted[0]}; every comparison `slower` in "
                  f"{planted[1]} (95 % lower bound {percent(lower_bound(planted[1], planted[0]), 1, up=False)})")


if __name__ == "__main__":
    main(sys.argv[1:])
