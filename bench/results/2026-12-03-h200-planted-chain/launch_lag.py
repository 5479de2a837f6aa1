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

"""For fork-standby.sh runs in standby device with four standbys (modes device, device-alt): how long after
fork k's hand-over kbench launched fork k + 5, the standby that takes the place of the one going on (the
build of these calls launched it in its call for the fork after k, so after fork k - 1's end and reap), and
how long each fork that was not ready at the hand-over before it made the device wait. From a trace's
`launched` lines (kbench's own) and the forks' `released` and `ready`.

    python3 bench/results/2026-12-03-h200-planted-chain/launch_lag.py bench/results/2026-12-03-h200-planted-chain/call3.txz
"""
import os
import re
import statistics
import sys
import tarfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "gpu"))
from forktrace import kbench_events, processes  # noqa: E402

for archive in sys.argv[1:]:
    with tarfile.open(archive) as tar:
        by_mode = {}
        for member in tar.getmembers():
            m = re.search(r"(\w+)/trace-(device|device-alt)-\d+\.txt$", member.name)
            if m:
                by_mode.setdefault(f"{m.group(1)}/{m.group(2)}", []).append(tar.extractfile(member).read().decode().splitlines())
    for key, traces in sorted(by_mode.items()):
        lags, waits = [], []
        for lines in traces:
            launched = dict(kbench_events(lines, "launched"))
            forks = {int(fork): ev for fork, ev in processes(lines).values() if "go" in ev}
            for k, ev in forks.items():
                if "released" in ev and k + 5 in launched and k >= 1:
                    lags.append(launched[k + 5] - ev["released"])
                nxt = forks.get(k + 1)
                if nxt and "released" in ev and nxt.get("ready", 0) > ev["released"]:
                    waits.append(nxt["ready"] - ev["released"])
        if lags:
            print(f"{archive} {key}: fork k + 5 launched after fork k's hand-over: median {statistics.median(lags):.3f} s, "
                  f"mean {statistics.mean(lags):.3f} s, max {max(lags):.3f} s over {len(lags)}; forks not ready at the "
                  f"hand-over before them: {len(waits)}, waited {sum(waits):.3f} s in all")
