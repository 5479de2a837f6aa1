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
not yet ready when the fork before them handed over (each of them made the device wait). Then, for the
`fork-standby.sh` and `fork-configs.sh` runs, whose samples are in the archives: timed calls per repetition
and the wall time per timed call between a fork's first and last repetition (from its trace: timed1 to
measured, over the calls of its later repetitions), against which the repetition budget (--rep-ms) counts
only the calls' estimated device time. Last, for the fresh ab runs: where the first fork's time goes before
its first work (from kbench's launch of its process to its JVM's start, to its go, to its run's environment
read), medians over the runs.

    python3 bench/results/summarize_standby.py bench/results/2026-12-02-h200-standby-depth/*.tgz
"""
import re
import statistics
import sys
import tarfile


def forks_of(lines):
    by_pid = {}
    for line in lines:
        micros, pid, _, event = line.split()
        by_pid.setdefault(pid, {})[event] = int(micros) / 1e6
    return sorted((f for f in by_pid.values() if "go" in f), key=lambda f: f["go"])


def calls(archive):
    """Per samples file of a fork-standby.sh or fork-configs.sh run: (group, fork -> (repetitions, calls))."""
    import csv
    import io
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
            trace = tar.extractfile(f"{m.group(1)}trace-{m.group(2)}-{m.group(3)}.txt")
            by_fork = {}
            for line in trace.read().decode("ascii").splitlines():
                micros, pid, fork, event = line.split()
                by_fork.setdefault((pid, fork), {})[event] = int(micros) / 1e6
            for (pid, fork), events in by_fork.items():
                if fork in per and "timed1" in events and "measured" in events and len(per[fork]) > 1:
                    later = sum(n for rep, n in per[fork].items() if rep != "0")
                    found.setdefault(m.group(1) + m.group(2), []).append(
                        (statistics.median(per[fork].values()), (events["measured"] - events["timed1"]) / later))
    return found


def first_forks(archive):
    """Per ab group: (launch to JVM start, JVM start to go, go to environment) of each run's first fork."""
    found = {}
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            ab = re.fullmatch(r"(ab-[^/]+)/[^/]*-trace\.txt", member.name)
            if not ab or not member.isfile():
                continue
            lines = [line.split() for line in tar.extractfile(member).read().decode("ascii").splitlines()]
            launched = [int(m) / 1e6 for m, _, _, event in lines if event == "launched"]
            forks = forks_of(" ".join(line) for line in lines)
            if launched and forks and "environment" in forks[0]:
                first = forks[0]
                found.setdefault(re.sub(r"-\d+$", "", ab.group(1)), []).append(
                    (first["start"] - min(launched), first["go"] - first["start"], first["environment"] - first["go"]))
    return found


def groups(archive):
    found = {}
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            name = member.name
            standby = re.fullmatch(r"(.*/)trace-(.+)-\d+\.txt", name)
            ab = re.fullmatch(r"(ab-[^/]+)/[^/]*-trace\.txt", name)
            key = standby.group(1) + standby.group(2) if standby else re.sub(r"-\d+$", "", ab.group(1)) if ab else None
            if key and member.isfile():
                text = tar.extractfile(member).read().decode("ascii").splitlines()
                found.setdefault(key, []).append(forks_of(text))
    return found


print("group                                 traces  forks  start-to-ready s  go-to-go s mean/median  go-to-release s  not ready at hand-over")
for archive in sys.argv[1:]:
    print(f"{archive}:")
    for key, traces in sorted(groups(archive).items()):
        ready = [f["ready"] - f["start"] for forks in traces for f in forks[5:] if "ready" in f]
        cadence = [b["go"] - a["go"] for forks in traces for a, b in zip(forks[1:], forks[2:])]
        held = [f["released"] - f["go"] for forks in traces for f in forks if "released" in f]
        late = sum(1 for forks in traces for a, b in zip(forks[1:], forks[2:])
                   if b.get("ready", 0) > a.get("released", a.get("end", 0)))
        count = sum(len(forks) for forks in traces)
        if not cadence:
            continue
        med = lambda xs: f"{statistics.median(xs):.3f}" if xs else "-"
        print(f"  {key:36} {len(traces):6} {count:6}  {med(ready):>16}  {statistics.mean(cadence):11.3f}/{statistics.median(cadence):.3f}"
              f"  {med(held):>15}  {late:6} of {len(cadence)}")
print()
print("group                                 forks  calls per repetition  wall per timed call, us")
for archive in sys.argv[1:]:
    found = calls(archive)
    if found:
        print(f"{archive}:")
    for key, forks in sorted(found.items()):
        print(f"  {key:36} {len(forks):5}  {statistics.median(c for c, _ in forks):20.0f}  {1e6 * statistics.median(w for _, w in forks):23.0f}")
print()
print("group                                 runs  first fork: launch to JVM start  JVM start to go  go to environment (s)")
for archive in sys.argv[1:]:
    found = first_forks(archive)
    if found:
        print(f"{archive}:")
    for key, runs in sorted(found.items()):
        med = [statistics.median(column) for column in zip(*runs)]
        print(f"  {key:36} {len(runs):4}  {med[0]:31.3f}  {med[1]:15.3f}  {med[2]:17.3f}")
