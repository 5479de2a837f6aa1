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
"""Standby forks from their traces (-Dkbench.forks.trace), read straight from the archives of a results
directory: per group of traces (a fork-standby.sh mode, or the fresh ab runs of one ab-fresh.sh directory,
its tries together), the median time a standby took from its JVM's start to ready (from the sixth fork on,
after the first burst of starts), the mean and median time from one fork's go to the next one's (from the
second fork on: the first has no standby), a fork's time from go to its hand-over, and how many forks were
not yet ready when the fork before them handed over (each of them made the device wait), and how many were
ready then but got go more than 20 ms after that hand-over (kbench itself made the device wait). Then, for the
`fork-standby.sh` and `fork-configs.sh` runs, whose samples are in the archives: timed calls per repetition
and the wall time per timed call between a fork's first and last repetition (from its trace: timed1 to
measured, over the calls of its later repetitions), against which the repetition budget (--rep-ms) counts
only the calls' estimated device time. Last, for the fresh ab runs: where the first fork's time goes before
its first work (from kbench's launch of its process to its JVM's start, to its go, to its run's environment
read), medians over the runs. The archives of bench/gpu/first-fork-ab.sh read as one group per variant.

    python3 bench/results/summarize_standby.py bench/results/2026-12-02-h200-standby-depth/*.tgz
"""
import os
import re
import statistics
import sys
import tarfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpu"))
from forktrace import forks_of, kbench_events, processes  # noqa: E402


def members(archive):
    """The traces of an archive: (group, its path, its lines) for fork-standby.sh, fork-configs.sh and ab runs."""
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            standby = re.fullmatch(r"(.*/)trace-(.+)-\d+\.txt", member.name)
            ab = re.fullmatch(r"(ab-[^/]+)/[^/]*-trace\.txt", member.name)
            # first-fork-ab.sh's archives: MODE-V/run-R/*-trace.txt, one group per variant
            variant = re.fullmatch(r"([^/]+)/run-\d+/[^/]*-trace\.txt", member.name)
            if member.isfile() and (standby or ab or variant):
                key = (standby.group(1) + standby.group(2) if standby else re.sub(r"-\d+$", "", ab.group(1)) if ab
                       else variant.group(1))
                yield key, member.name, tar.extractfile(member).read().decode("ascii").splitlines()


def calls(archive):
    """Per fork-standby.sh or fork-configs.sh group: (calls per repetition, wall per timed call) of each fork."""
    import csv
    import io
    traces = {name: lines for _, name, lines in members(archive)}
    found = {}
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            m = re.fullmatch(r"(.*/)samples-(.+)-(\d+)\.csv", member.name)
            if not m or not member.isfile():
                continue
            per = {}
            for row in csv.DictReader(io.TextIOWrapper(tar.extractfile(member), "ascii")):
                reps = per.setdefault(row["fork"], {})
                reps[row["repetition"]] = reps.get(row["repetition"], 0) + 1
            trace = traces.get(f"{m.group(1)}trace-{m.group(2)}-{m.group(3)}.txt", [])
            for fork, events in processes(trace).values():
                if fork in per and "timed1" in events and "measured" in events and len(per[fork]) > 1:
                    later = sum(n for rep, n in per[fork].items() if rep != "0")
                    found.setdefault(m.group(1) + m.group(2), []).append(
                        (statistics.median(per[fork].values()), (events["measured"] - events["timed1"]) / later))
    return found


def first_forks(archive):
    """Per ab group: (launch to JVM start, JVM start to go, go to environment) of each run's first fork."""
    found = {}
    for key, name, lines in members(archive):
        launched = [at for _, at in kbench_events(lines, "launched")]
        forks = forks_of(lines)
        if name.startswith("ab-") and launched and forks and "environment" in forks[0]:
            first = forks[0]
            found.setdefault(key, []).append(
                (first["start"] - min(launched), first["go"] - first["start"], first["environment"] - first["go"]))
    return found


def groups(archive):
    found = {}
    for key, _, lines in members(archive):
        found.setdefault(key, []).append(forks_of(lines))
    return found


print("group                                 traces  forks  start-to-ready s  go-to-go s mean/median  go-to-release s  release-to-end s"
      "  not ready at hand-over  ready, go > 20 ms late")
for archive in sys.argv[1:]:
    print(f"{archive}:")
    for key, traces in sorted(groups(archive).items()):
        ready = [f["ready"] - f["start"] for forks in traces for f in forks[5:] if "ready" in f]
        cadence = [b["go"] - a["go"] for forks in traces for a, b in zip(forks[1:], forks[2:])]
        held = [f["released"] - f["go"] for forks in traces for f in forks if "released" in f]
        # from the hand-over to the fork's end: its teardown after the next fork got go (-Dkbench.forks.handover)
        after = [f["end"] - f["released"] for forks in traces for f in forks if "released" in f and "end" in f]
        late = sum(1 for forks in traces for a, b in zip(forks[1:], forks[2:])
                   if b.get("ready", 0) > a.get("released", a.get("end", 0)))
        # ready when the fork before handed over, yet its go came more than 20 ms later: kbench's own delay
        slow = sum(1 for forks in traces for a, b in zip(forks[1:], forks[2:]) if "released" in a
                   and b.get("ready", 0) <= a["released"] and b["go"] - a["released"] > 0.020)
        count = sum(len(forks) for forks in traces)
        if not cadence:
            continue
        med = lambda xs: f"{statistics.median(xs):.3f}" if xs else "-"
        print(f"  {key:36} {len(traces):6} {count:6}  {med(ready):>16}  {statistics.mean(cadence):11.3f}/{statistics.median(cadence):.3f}"
              f"  {med(held):>15}  {med(after):>16}  {late:6} of {len(cadence)}  {slow:11} of {len(cadence)}")


def table(header, found_in, row):
    """A blank line, the header, then per archive that has any, its groups: each a line that row makes."""
    print()
    print(header)
    for archive in sys.argv[1:]:
        found = found_in(archive)
        if found:
            print(f"{archive}:")
        for key, values in sorted(found.items()):
            print(f"  {key:36} " + row(values))


table("group                                 forks  calls per repetition  wall per timed call, us", calls,
      lambda forks: f"{len(forks):5}  {statistics.median(c for c, _ in forks):20.0f}"
                    f"  {1e6 * statistics.median(w for _, w in forks):23.0f}")
table("group                                 runs  first fork: launch to JVM start  JVM start to go  go to environment (s)",
      first_forks, lambda runs: f"{len(runs):4}  " + "  ".join(
          f"{statistics.median(column):{width}.3f}" for column, width in zip(zip(*runs), (31, 15, 17))))
