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

"""Summarizes fresh `kbench ab` runs of bench/gpu/ab-fresh.sh: reads the summary lines it prints (size, case,
try, exit, wall s, verdict, change, interval, MDC, forks a side, looks, settled, ...) from any text files given,
such as the callN-summary.txt of a results directory, and prints per size and case the runs, their verdicts and
exit statuses, the forks a side (least to greatest, and the median), the device time per side (wall time / 2,
sorted) and how many runs took at most GOAL seconds of it (default 10), the MDC printed (least to greatest, and the
median), the time from ab's start to its first fork's go (median, least to greatest), one fork's go to the next
(least to greatest), the median time from its last fork's end to ab's end, and the least and greatest change
measured (and the median). With --after REGEX only the summary lines in blocks whose first line matches REGEX count (a block ends at the next line that starts with
"ab "), e.g. --after '^ab new ' for one build's runs where a call alternated two builds. The user lines of bench/gpu/ab-campaign.sh (its user.csv
and spin.csv, or a callN-summary.txt that holds them) are read too; where a line names its kernel (ab-fresh.sh's
last column, gelu or spin), the runs of each kernel are apart and the case says which.

    python3 bench/results/summarize_ab.py [--goal S] [--after REGEX] FILE...
"""
import csv
import re
import statistics
import sys
from collections import defaultdict

# ab-fresh.sh's summary lines, or bench/gpu/ab-campaign.sh's (the same with the run's number first)
LINE = re.compile(r"^(\d+,)?\d+,(aa|aa05|plus1|plus2),\d+,\d+,[0-9.]+,(same|slower|faster|),")


def main(argv):
    goal, after = 10.0, None
    while len(argv) > 1 and argv[0] in ("--goal", "--after"):
        if argv[0] == "--goal":
            goal = float(argv[1])
        else:
            after = re.compile(argv[1])
        argv = argv[2:]
    if not argv:
        print("usage: summarize_ab.py [--goal S] [--after REGEX] FILE...\n" + __doc__, file=sys.stderr)
        sys.exit(2)
    runs = defaultdict(list)
    for name in argv:
        with open(name) as f:
            for row in summary_rows(blocks(f, after)):
                runs[(int(row[0]), row[1], kernel(row))].append(row)
    print(f"| n | case | runs | verdicts (exit) | forks a side | device time per side, s | within {goal:g} s "
          "| MDC | start to first go, s | go to go, s | last end to exit, s | changes measured |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (size, case, name), rows in sorted(runs.items(), key=lambda kv: (kv[0][2], -kv[0][0], ["aa", "aa05", "plus1", "plus2"].index(kv[0][1]))):
        if name:
            case = f"{case} ({name})"
        verdicts = defaultdict(int)
        for r in rows:
            verdicts[f"{r[5]} ({r[3]})"] += 1
        forks = sorted(int(r[9]) for r in rows)
        per_side = sorted(float(r[4]) / 2 for r in rows)
        print(f"| 2^{size} | {case} | {len(rows)} | {', '.join(f'{k}: {v}' for k, v in sorted(verdicts.items()))} | "
              f"{forks[0]} to {forks[-1]} (median {statistics.median(forks):g}) | {', '.join(f'{t:.1f}' for t in per_side)} | "
              f"{sum(t <= goal for t in per_side)} of {len(rows)} | {mdcs(r[8] for r in rows)} | "
              f"{median(r[13] for r in rows)} ({spread(r[13] for r in rows)}) | {spread(r[12] for r in rows)} | "
              f"{median(r[14] for r in rows)} | {changes(r[6] for r in rows)} |")


def changes(values):
    """The least and greatest of the changes among values (compare's "+0.8%", empty fields left out) and their
    median, or '-'."""
    numbers = percents(values)
    return (f"{numbers[0]:+.1f} .. {numbers[-1]:+.1f} % (median {statistics.median(numbers):+.1f} %)" if numbers
            else "-")


def kernel(row):
    """The kernel of an ab-fresh.sh summary row (its last column, gelu or spin), or '' for a row written before
    that column was added."""
    return row[15] if len(row) > 15 else ""


def summary_rows(lines, pattern=LINE):
    """The summary lines among lines (those pattern matches, its first group the run number of ab-campaign.sh's
    lines), as fields, the run number dropped."""
    for line in lines:
        match = pattern.match(line)
        if match:
            row = next(csv.reader([line]))
            yield row[1:] if match.group(1) else row


def percents(values):
    """The numbers of compare's percentages among values ("+0.8%", "0.66%"), empty fields left out, sorted."""
    return sorted(float(v.rstrip("%")) for v in values if v)


def spread(values):
    """The least and greatest of the numbers among values (empty fields left out), to 2 decimals, or '-'."""
    numbers = sorted(float(v) for v in values if v)
    return f"{numbers[0]:.2f} to {numbers[-1]:.2f}" if numbers else "-"


def mdcs(values):
    """The least and greatest of the MDCs among values (compare's "0.66%", empty fields left out) and their
    median, or '-'."""
    numbers = percents(values)
    return (f"{numbers[0]:g} to {numbers[-1]:g} % (median {statistics.median(numbers):.2f} %)" if numbers
            else "-")


def median(values):
    """The median of the numbers among values (empty fields left out), to 2 decimals, or '-'."""
    numbers = [float(v) for v in values if v]
    return f"{statistics.median(numbers):.2f}" if numbers else "-"


def blocks(lines, after):
    """The lines of the blocks whose first line matches after (all lines where after is None)."""
    inside = after is None
    for line in lines:
        if after is not None and line.startswith("ab "):
            inside = bool(after.search(line))
        if inside:
            yield line


if __name__ == "__main__":
    main(sys.argv[1:])
