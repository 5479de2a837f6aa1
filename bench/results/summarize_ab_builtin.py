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

"""Summarizes fresh `kbench ab` runs of bench/gpu/ab-builtin.sh: reads its summary lines (case, try, exit,
wall s, forks a side, looks, benchmark, n, verdict, ratio, interval, MDC) from any text files given, such as the
callN-summary.txt of a results directory, and prints per size, kernel and case the comparisons, their verdicts,
how many could have been flagged at all (MDC not null: enough forks for the test to reach alpha), the forks a
side, the device time per side of the runs (wall time / 2; a run measures every size and kernel it names), the
median MDC, the range of the changes measured (with their mean and SD across runs: how far a plant of the work
moves the time, and how much that varies from run to run) and the widest interval seen. The summary lines of
bench/gpu/ab-campaign.sh (its builtin.csv, or a callN-summary.txt that holds it) are read too.

    python3 bench/results/summarize_ab_builtin.py FILE...

With --traces ARCHIVE... it prints instead, for every run's forks' trace in the archives (the callN.txz of a
results directory), the forks, the median time from one fork's go to the next one's and the medians of a
fork's phases: from go to its environment read, to its suite set up, to its first repetition timed, to its
last, to its device released, to its end; then the first fork's go to the second's and the first fork's end to
kbench's reaping of its process (a fork that trains the AOT cache writes it as its JVM exits).

With --forks ARCHIVE... it prints instead how far the fork medians of one side of one comparison stray from each
other, per archive's directory (a campaign, as a results directory holds several calls' archives), sides (aa: both
sides of every A/A run, aa05 the same; of a planted case, its base sides, the repository's suite, and its new
sides, the planted suite, apart), size and kernel: the sides read, their forks, the median of all their fork
medians, the CV of a side's fork medians (median and largest over the sides), and the fork medians of every side
pooled, each against its side's median: the 5th and 95th percentile and the share more than 1 % above. Two states
of a process (buffer placement, sections 9 and 10 of docs/performance.md) show as a share above 1 % that the CV
alone hides. A second table splits the same fork medians by the fork's place in its run's order of going, from ab's
log (the run's first measured process, its second, the rest; warm-up forks not counted), per campaign and over all
of them: the first process of a run measured the user kernel at 2^22 about 1 % slow (section 29); the table after
it shows, for the same places, the median of the forks' repetitions 1 to 10 one by one, each against its side's
median (a state fixed for the process holds through them all, one of the first placement ends where --place-every
places the buffers afresh, a start-up transient fades; section 30), and a fourth the runs' first forks by how many
other processes (their standbys, which start beside them) had opened their device before they opened theirs, from
the forks' trace (runs with warm-up forks left out: their first process is a warm-up fork). Where a cell of 2^22 or
more has 5 % of its forks or more above 1 %, a fifth table says how every benchmark measured by those same
processes sat against its side's median, beside the other processes' (those at most 0.5 % above), and the SM clock
of both: a state of the process moves all of them, one of the kernel's own buffers only it; and a sixth how that
cell's repetitions sat (each repetition's median against the 10th percentile of all of them: how many lie more than
1 % above, in how many forks, and how many of those forks also have repetitions within 0.5 % of it, a state that
comes and goes within a process rather than one fixed for it).
"""
import csv
import io
import os
import re
import statistics
import sys
import tarfile
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpu"))
import forktrace  # noqa: E402
from forktrace import forks_of, kbench_events  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summarize_ab  # noqa: E402
import summarize_pools  # noqa: E402

# the repetitions of a fork whose medians the table of repetitions by the fork's place shows (ab's default is 10)
REPETITIONS_SHOWN = 10

PHASES = ["go", "environment", "suite", "timed1", "measured", "released", "end"]

# ab-builtin.sh's summary lines, or bench/gpu/ab-campaign.sh's (the same with the run's number first)
LINE = re.compile(r"^(\d+,)?(aa|aa05|plus1|plus2|tail1|tail2),\d+,\d+,[0-9.]+,\d*,\d+,\w+,\d+,")


def summary_rows(lines):
    """ab-builtin.sh's summary lines among lines, as fields (ab-campaign.sh's run number dropped)."""
    return summarize_ab.summary_rows(lines, LINE)


def traces(archives):
    print("| run | forks | go to next go, s | " + " | ".join(f"{a} to {b}, s" for a, b in zip(PHASES, PHASES[1:]))
          + " | first go to second, s | first fork's end to reaped, s |")
    print("| --- " * (5 + len(PHASES) - 1) + "|")
    for archive in archives:
        with tarfile.open(archive) as tar:
            for member in sorted((m for m in tar.getmembers() if m.name.endswith("-trace.txt")), key=run_order):
                lines = tar.extractfile(member).read().decode().splitlines()
                forks = forks_of(lines)
                gaps = [b["go"] - a["go"] for a, b in zip(forks, forks[1:])]
                phases = [statistics.median([f[b] - f[a] for f in forks if a in f and b in f] or [float("nan")])
                          for a, b in zip(PHASES, PHASES[1:])]
                # kbench reaps the first fork's process once its JVM has exited (a training JVM writes the AOT
                # cache then)
                end = forks[0].get("end")
                reaped = [t for _, t in kbench_events(lines, "reaped") if end is not None and t >= end]
                print(f"| {member.name} | {len(forks)} | {statistics.median(gaps):.3f} | "
                      + " | ".join(f"{p:.3f}" for p in phases)
                      + f" | {gaps[0]:.3f} | {f'{reaped[0] - end:.3f}' if reaped else '-'} |")


def fork_medians(tar, member, size):
    """Of one side's samples file: {(n, benchmark): {fork: the median of its samples}}, {fork: the median of
    its samples' SM clock, MHz} (forks without a clock column left out) and {(n, benchmark): {fork: its
    repetitions' medians, in order}}. The built-in suite's params name n; ab-fresh.sh's files are named by the user
    kernel's size (2^size-...)."""
    by, clock = defaultdict(lambda: defaultdict(lambda: defaultdict(list))), defaultdict(list)
    for r in csv.DictReader(io.TextIOWrapper(tar.extractfile(member), "ascii")):
        n = int(r["params"].split("=")[1]) if r["params"].startswith("n=") else 1 << int(size)
        by[(n, r["benchmark"])][int(r["fork"])][int(r["repetition"])].append(float(r["time_ms"]))
        if r.get("sm_clock_mhz"):
            clock[int(r["fork"])].append(float(r["sm_clock_mhz"]))
    return ({key: {f: statistics.median(summarize_pools.times(reps)) for f, reps in forks.items()}
             for key, forks in by.items()},
            {f: statistics.median(v) for f, v in clock.items()},
            {key: {f: summarize_pools.repetition_medians(reps) for f, reps in forks.items()}
             for key, forks in by.items()})


def cells(entries):
    """The (n, kernel) cells of entries whose first item is {(n, kernel): ...}, the largest n first."""
    return sorted({k for ms, *_ in entries for k in ms}, key=lambda k: (-k[0], k[1]))


def relative(medians):
    """{fork: its median against the median of the side's fork medians, - 1} of one side's {fork: median}."""
    center = statistics.median(medians.values())
    return {f: x / center - 1 for f, x in medians.items()}


def fork_spread(archives):
    # per (campaign, sides of), one entry per side file: ({(n, kernel): {fork: median}}, {fork: clock},
    # {(n, kernel): {fork: its repetitions' medians}}, {fork: its place in the run's order of going})
    sides, logs, company = defaultdict(list), {}, {}
    for archive in archives:
        campaign = os.path.basename(os.path.dirname(os.path.abspath(archive)))
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                side = re.search(r"/run-\d+/(?:2\^(\d+)-)?(aa|aa05|plus1|plus2|tail1|tail2)-\d+-(base|new)\.csv$",
                                 member.name)
                if member.isfile() and side:
                    medians, clock, reps = fork_medians(tar, member, side.group(1))
                    of = side.group(2) if side.group(2).startswith("aa") else f"{side.group(2)} {side.group(3)}"
                    sides[(campaign, of)].append(({key: m for key, m in medians.items() if len(m) > 1}, clock, reps,
                                                  (archive, re.sub(r"-(base|new)\.csv$", ".log", member.name),
                                                   side.group(3))))
                elif member.isfile() and re.search(r"/run-\d+/[^/]*\.log$", member.name):
                    logs[(archive, member.name)] = launch_order(tar.extractfile(member))
                elif member.isfile() and re.search(r"/run-\d+/[^/]*-trace\.txt$", member.name):
                    company[(archive, re.sub(r"-trace\.txt$", ".log", member.name))] = opened_before_first(
                        tar.extractfile(member).read().decode().splitlines())
    # each side's forks' places in its run's order, from its run's log (read in the archive's order: an xz
    # archive read out of order is read again from its start)
    # and each run's first fork with the processes that had opened their device before it, from its trace
    firsts = defaultdict(list)
    for cell, group in sides.items():
        for i, (medians, clock, reps, (archive, log, side)) in enumerate(group):
            order, warmed = logs.get((archive, log), ([], False))
            places = {fork: place for place, (of, fork) in enumerate(order) if of == side}
            group[i] = (medians, clock, reps, places)
            first = [fork for fork, place in places.items() if place == 0]
            # with warm-up forks the trace's first process is a warm-up fork, not the first measured one
            if first and not warmed and company.get((archive, log)) is not None:
                firsts[cell].append((medians, first[0], company[(archive, log)]))
    print("| campaign | sides of | n | kernel | sides | forks | fork medians, median, us "
          "| CV of a side's fork medians, median (max) | fork medians against their side's: 5th, 95th percentile | more than 1 % above |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    shifted = []
    for campaign, of in sorted(sides):
        group = sides[(campaign, of)]
        for key in cells(group):
            ms = [list(m[key].values()) for m, *_ in group if key in m]
            rel = [x for m, *_ in group if key in m for x in relative(m[key]).values()]
            cvs = [statistics.stdev(m) / statistics.mean(m) for m in ms]
            above = sum(r > 0.01 for r in rel)
            tails = statistics.quantiles(rel, n=20, method="inclusive")  # 5th, 95th percentile as NumPy's default
            print(f"| {campaign} | {of} | 2^{key[0].bit_length() - 1} | {key[1]} | {len(ms)} | {len(rel)} | "
                  f"{1000 * statistics.median(x for m in ms for x in m):.2f} | "
                  f"{100 * statistics.median(cvs):.2f} ({100 * max(cvs):.2f}) % | "
                  f"{100 * tails[0]:+.2f}, {100 * tails[-1]:+.2f} % | "
                  f"{above} ({100 * above / len(rel):.0f} %) |")
            if above >= 0.05 * len(rel) and key[0] > 1 << 21:
                shifted.append((campaign, of, key))
    first_forks(sides)
    first_fork_company(firsts)
    if not shifted:
        return
    # a state of the whole process (clock, context) would move every benchmark the process measured; one of
    # a kernel's buffers only that kernel
    print()
    print("| campaign | sides of | forks more than 1 % above, of | n | kernel | in those processes: mean against the "
          "side's median | in the other processes (at most +0.5 %) | SM clock, median, MHz: those / the others |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for campaign, of, cell in shifted:
        slow, rest = defaultdict(list), defaultdict(list)
        clocks = ([], [])
        for medians, clock, *_ in sides[(campaign, of)]:
            rel = {key: relative(m) for key, m in medians.items()}
            for f, x in rel.get(cell, {}).items():
                if x > 0.01 or x <= 0.005:
                    into = slow if x > 0.01 else rest
                    for key, r in rel.items():
                        if f in r:
                            into[key].append(r[f])
                    if f in clock:
                        clocks[x <= 0.005].append(clock[f])
        for key in sorted(slow, key=lambda k: (-k[0], k[1])):
            print(f"| {campaign} | {of} | 2^{cell[0].bit_length() - 1} {cell[1]} | "
                  f"2^{key[0].bit_length() - 1} | {key[1]} | "
                  f"{100 * statistics.mean(slow[key]):+.2f} % | {100 * statistics.mean(rest[key]):+.2f} % | "
                  f"{f'{statistics.median(clocks[0]):.0f}' if clocks[0] else '-'} / "
                  f"{f'{statistics.median(clocks[1]):.0f}' if clocks[1] else '-'} |")
    # a state fixed for the process (its context, its buffers' placement) holds for all of a fork's repetitions
    print()
    print("| campaign | sides of | n | kernel | repetitions more than 1 % above the 10th percentile of all "
          "| forks with such repetitions | of them with repetitions within 0.5 % of it too |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for campaign, of, cell in shifted:
        forks = [f for _, _, reps, _ in sides[(campaign, of)] for f in reps.get(cell, {}).values()]
        above, reps, slow, both = summarize_pools.repetition_states(forks)
        print(f"| {campaign} | {of} | 2^{cell[0].bit_length() - 1} | {cell[1]} | {above} of {reps} | "
              f"{slow} of {len(forks)} | {both} |")


def launch_order(log):
    """(side, fork) of every measured fork in the order in which the run's forks of both sides went, from ab's log,
    a binary file object (`kbench ab: base fork 3, seed ...`), so that the first is the first measured one; [] for
    runs of builds before ab wrote those lines; and whether the run had warm-up forks (`kbench ab: warm-up fork 0
    (base), seed ...`), which went before them all."""
    order, warmed = [], False
    for line in io.TextIOWrapper(log, "utf-8", errors="replace"):
        m = re.match(r"kbench ab: (base|new) fork (\d+), seed", line)
        if m:
            order.append((m.group(1), int(m.group(2))))
        warmed |= line.startswith("kbench ab: warm-up fork ")
    return order, warmed


def first_forks(sides):
    """The fork medians of every cell by the fork's place in its run's order (the run's first process, its
    second, the rest), each against its side's median, per campaign and, where there are several, over all of
    them: a state of a run's first process shows in the first row alone."""
    print()
    print("| campaign | sides of | n | kernel | the fork's place in its run | forks | against the side's median, "
          "median | more than 1 % above |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    # (sides of, cell) -> place -> (fork medians against their side's, each fork's repetition medians against it)
    pooled = defaultdict(lambda: defaultdict(lambda: ([], [])))
    rows = []
    for campaign, of in sorted(sides):
        group = sides[(campaign, of)]
        for key in cells(group):
            by_place = defaultdict(lambda: ([], []))
            for medians, _, reps, places in group:
                if key in medians and places:
                    center = statistics.median(medians[key].values())
                    for f, x in relative(medians[key]).items():
                        if f in places:
                            place = min(places[f], 2)  # first, second, third on
                            own = [r / center - 1 for r in reps[key][f]]
                            for into in (by_place[place], pooled[(of, key)][place]):
                                into[0].append(x)
                                into[1].append(own)
            rows.append((campaign, of, key, by_place))
    if len({campaign for campaign, *_ in rows}) > 1:
        rows += [("all", of, key, by_place) for (of, key), by_place in sorted(
            pooled.items(), key=lambda kv: (kv[0][0], -kv[0][1][0], kv[0][1][1]))]
    places = ((0, "first"), (1, "second"), (2, "third on"))
    for campaign, of, key, by_place in rows:
        for place, name in places:
            rel = by_place[place][0] if place in by_place else None
            if rel:
                above = sum(r > 0.01 for r in rel)
                print(f"| {campaign} | {of} | 2^{key[0].bit_length() - 1} | {key[1]} | {name} | {len(rel)} | "
                      f"{100 * statistics.median(rel):+.2f} % | {above} ({100 * above / len(rel):.0f} %) |")
    # a state fixed for the process holds from its first repetition to its last; one that its buffers' placement
    # makes ends where --place-every places them afresh; a start-up transient fades over the first repetitions
    print()
    print(f"| campaign | sides of | n | kernel | the fork's place in its run | forks | repetitions 1 to "
          f"{REPETITIONS_SHOWN}: median of the forks' repetition medians against their side's median, % |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for campaign, of, key, by_place in rows:
        for place, name in places:
            own = by_place[place][1] if place in by_place else None
            if own:
                shown = min(REPETITIONS_SHOWN, min(len(r) for r in own))
                print(f"| {campaign} | {of} | 2^{key[0].bit_length() - 1} | {key[1]} | {name} | {len(own)} | "
                      + " ".join(f"{100 * statistics.median(r[i] for r in own):+.2f}" for i in range(shown)) + " |")


def opened_before_first(lines):
    """Of one run's forks' trace: how many other processes (its standbys, which start beside it) had their device
    open before the run's first fork, the first to get go, opened its own; None without such a fork."""
    opened = [events for _, events in forktrace.processes(lines).values() if "opened" in events]
    first = min(opened, key=lambda events: events.get("go", float("inf")), default=None)
    if first is None or "go" not in first:
        return None
    return sum(events["opened"] < first["opened"] for events in opened)


def first_fork_company(firsts):
    """The runs' first forks by how many other processes had opened their device before they opened theirs: if a
    first fork read slow for being alone on the device, only those with none before them would."""
    print()
    print("| campaign | sides of | n | kernel | other processes with their device open before the first fork opened "
          "its own | first forks | against the side's median, median | more than 1 % above |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for campaign, of in sorted(firsts):
        entries = firsts[(campaign, of)]
        for key in cells(entries):
            by_count = defaultdict(list)
            for medians, fork, count in entries:
                if key in medians and fork in medians[key]:
                    by_count[count].append(relative(medians[key])[fork])
            for count, rel in sorted(by_count.items()):
                above = sum(r > 0.01 for r in rel)
                print(f"| {campaign} | {of} | 2^{key[0].bit_length() - 1} | {key[1]} | {count} | {len(rel)} | "
                      f"{100 * statistics.median(rel):+.2f} % | {above} |")


def mean_and_sd(ratios):
    """The changes' mean and sample SD across runs, in %, as ' (mean +0.87, SD 0.12)', where there are two or more
    (summarize_ab.spread is another thing: a range)."""
    if len(ratios) < 2:
        return ""
    return f" (mean {100 * (statistics.mean(ratios) - 1):+.2f}, SD {100 * statistics.stdev(ratios):.2f})"


def run_order(member):
    """bi-10/aa-0-trace.txt after bi-9/...: by the run's directory name, its number as a number."""
    head = member.name.split("/")[0]
    number = re.search(r"(\d+)$", head)
    return (head.rstrip("0123456789"), int(number.group(1)) if number else 0, member.name)


def main(argv):
    if not argv or (argv[0] in ("--traces", "--forks") and len(argv) == 1):
        print("usage: summarize_ab_builtin.py FILE... | --traces ARCHIVE... | --forks ARCHIVE...\n" + __doc__,
              file=sys.stderr)
        sys.exit(2)
    if argv[0] == "--traces":
        traces(argv[1:])
        return
    if argv[0] == "--forks":
        fork_spread(argv[1:])
        return
    rows = defaultdict(list)
    for name in argv:
        with open(name) as f:
            for r in summary_rows(f):
                rows[(int(r[7]), r[6], r[0])].append(r)
    print("| n | kernel | case | comparisons | verdicts (exit) | could flag | forks a side | device time per side, s "
          "| median MDC | changes measured | widest interval |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (n, kernel, case), rs in sorted(rows.items(), key=lambda kv: (-kv[0][0], kv[0][1], kv[0][2])):
        verdicts = defaultdict(int)
        for r in rs:
            verdicts[f"{r[8]} ({r[2]})"] += 1
        forks = sorted(int(r[4]) for r in rs if r[4])
        side = sorted(float(r[3]) / 2 for r in rs)
        mdcs = [float(r[12]) for r in rs if r[12]]
        low = min(float(r[10]) for r in rs if r[10])
        high = max(float(r[11]) for r in rs if r[11])
        ratios = sorted(float(r[9]) for r in rs if r[9])
        print(f"| 2^{n.bit_length() - 1} | {kernel} | {case} | {len(rs)} | "
              f"{', '.join(f'{k}: {v}' for k, v in sorted(verdicts.items()))} | {len(mdcs)} | {forks[0]} to {forks[-1]} | "
              f"{side[0]:.1f} to {side[-1]:.1f} | {f'{100 * statistics.median(mdcs):.2f} %' if mdcs else '-'} | "
              f"{100 * (ratios[0] - 1):+.2f} .. {100 * (ratios[-1] - 1):+.2f} %{mean_and_sd(ratios)} | "
              f"{100 * (low - 1):+.2f} % .. {100 * (high - 1):+.2f} % |")


if __name__ == "__main__":
    main(sys.argv[1:])
