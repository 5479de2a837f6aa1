#!/usr/bin/env python3
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

"""Where the first look of kbench's group-sequential ab can be (docs/stats.md, "Stopping when decided").

1. For n forks a side, the smallest one-sided p-value kbench's fork-unit Brunner-Munzel can give: the
   permutation floor 1 / C(2n, n) (kbench raises every p-value to it), next to the smallest SciPy gives
   without complete separation (enumerated over every arrangement of ranks, n <= 9), and the alpha that
   O'Brien-Fleming-like and Pocock-like spending of 0.001 over 30 forks a side have spent by n.
2. The false 'slower' rate of the test alone (no threshold) over the looks, A/A, normal fork medians,
   for first looks at 7, 9, 10 and 12 forks a side (then every 3, the last at 30), 4000 seeded trials.
   python3 bench/stats-speed/sequential-looks.py     # SciPy 1.17.1, NumPy 2.4.6
"""
import itertools
import math
import warnings

import numpy as np
import scipy.stats as st
from scipy.stats import norm

warnings.filterwarnings("ignore")
ALPHA, MOST = 0.001, 30


def obf(t, a=ALPHA):
    return 0.0 if t <= 0 else a if t >= 1 else 2 * norm.sf(norm.isf(a / 2) / math.sqrt(t))


def pocock(t, a=ALPHA):
    return a * math.log(1 + (math.e - 1) * min(t, 1))


print("n  floor 1/C(2n,n)  min BM p w/o separation  OBF spent by n/30  Pocock spent by n/30")
for n in range(5, 13):
    smallest = float("nan")
    if n <= 9:
        smallest = 1.0
        for comb in itertools.combinations(range(2 * n), n):
            chosen = set(comb)
            x = np.array(comb, float)
            y = np.array([i for i in range(2 * n) if i not in chosen], float)
            p = st.brunnermunzel(x, y, alternative="greater").pvalue
            if not np.isnan(p):
                smallest = min(smallest, p)
    print(f"{n:2d}  {1 / math.comb(2 * n, n):.3g}  {smallest:.3g}  {obf(n / MOST):.3g}  {pocock(n / MOST):.3g}")


def false_slower(first, trials=4000, seed=1):
    rng = np.random.default_rng(seed)
    looks = list(range(first, MOST, 3)) + [MOST]
    at = [0] * len(looks)
    for _ in range(trials):
        x, y = rng.normal(0, 1, MOST), rng.normal(0, 1, MOST)
        before = 0
        for k, n in enumerate(looks):
            a = pocock(1 if n == MOST else n / MOST) - pocock(before / MOST)
            before = n
            p = st.brunnermunzel(x[:n], y[:n], alternative="less").pvalue
            if np.isnan(p):  # complete separation: kbench's p is the floor in its direction
                p = 0.0 if np.mean(x[:n]) < np.mean(y[:n]) else 1.0
            if max(p, 1 / math.comb(2 * n, n)) < a:
                at[k] += 1
                break
    print(f"first look {first:2d}: looks {looks}, false 'slower' per look {at}: {sum(at)} of {trials}"
          f" ({sum(at) / trials:.4f}; alpha {ALPHA})")


for first in (7, 9, 10, 12):
    false_slower(first)
