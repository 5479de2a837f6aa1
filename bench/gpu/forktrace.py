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

"""Reading the forks' trace (-Dkbench.forks.trace, docs/formats.md section 6): lines `MICROS PID FORK EVENT`,
written by each kbench child and, with its own PID, by kbench itself (`launched`, `reaped`)."""


def processes(lines):
    """The processes of a trace: pid -> (its FORK field, event -> seconds since the epoch)."""
    by_pid = {}
    for line in lines:
        micros, pid, fork, event = line.split()
        by_pid.setdefault(pid, (fork, {}))[1][event] = int(micros) / 1e6
    return by_pid


def forks_of(lines):
    """The forks of a trace (the processes that got go), each an event -> seconds dict, in the order they went."""
    return sorted((f for _, f in processes(lines).values() if "go" in f), key=lambda f: f["go"])


def kbench_events(lines, event):
    """kbench's own lines of one event (`launched`, `reaped`), which share its PID: (FORK, seconds) in file order."""
    return [(int(fork), int(micros) / 1e6) for micros, _, fork, what in (line.split() for line in lines) if what == event]
