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

"""Counts every fresh A/A comparison of `kbench ab` on record: the summary lines of bench/gpu/ab-fresh.sh (the
user PTX kernels, cases aa and aa05) and bench/gpu/ab-builtin.sh (the built-in gelu, copy and triad), also as
bench/gpu/ab-campaign.sh writes them, in the text files of the results directories (each line counted once per
directory, as a call's summary may repeat it) where the comparison could have been flagged at all (an MDC
printed: forks enough for the test to reach alpha, 7 a side at 0.001), and prints per form, size and kernel the comparisons, how many
were flagged (`slower` or `faster`) and in how many directories they were made. With no arguments it reads
every results directory beside this script; or give directories.

    python3 bench/results/aa_tally.py [DIR...]
"""
import glob
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summarize_ab  # noqa: E402
import summarize_ab_builtin  # noqa: E402

CASES = ("aa", "aa05")


def tally(directories):
    """{(form, n exponent, kernel): [comparisons, flagged, directories]} over the A/A lines found."""
    counts = defaultdict(lambda: [0, 0, set()])
    for directory in directories:
        seen = set()
        for name in sorted(glob.glob(os.path.join(directory, "*.txt")) + glob.glob(os.path.join(directory, "*.csv"))):
            with open(name, errors="replace") as f:
                for line in f:
                    line = line.rstrip("\n")
                    if line in seen:
                        continue
                    user = list(summarize_ab.summary_rows([line]))
                    builtin = list(summarize_ab_builtin.summary_rows([line]))
                    if user:
                        row = user[0]
                        case, size, kernel, verdict, mdc = row[1], int(row[0]), "user PTX", row[5], row[8]
                    elif builtin:
                        row = builtin[0]
                        case, size, kernel, verdict, mdc = row[0], int(row[7]).bit_length() - 1, row[6], row[8], row[12]
                    else:
                        continue
                    # an MDC is printed only where the forks were enough for the test to reach alpha
                    if case not in CASES or not verdict or mdc in ("", "-"):
                        continue
                    seen.add(line)
                    entry = counts[(kernel, size)]
                    entry[0] += 1
                    entry[1] += verdict in ("slower", "faster")
                    entry[2].add(os.path.basename(os.path.normpath(directory)))
    return counts


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    directories = argv or sorted(d for d in glob.glob(os.path.join(here, "*")) if os.path.isdir(d))
    counts = tally(directories)
    print("| kernel | n | A/A comparisons | flagged | directories |")
    print("| --- | --- | --- | --- | --- |")
    for (kernel, size), (n, flagged, dirs) in sorted(counts.items(), key=lambda kv: (kv[0][0], -kv[0][1])):
        print(f"| {kernel} | 2^{size} | {n} | {flagged} | {len(dirs)} |")


if __name__ == "__main__":
    main(sys.argv[1:])
