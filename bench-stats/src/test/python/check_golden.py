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

"""Cross-checks the sealed compare output against SciPy, end to end.

    python3 bench-stats/src/test/python/check_golden.py

Reads golden/base.csv and golden/new.csv (written by GoldenFilesTest through SamplesCsvWriter),
runs SciPy on every benchmark of golden/compare.json (raw samples, Brunner-Munzel, t) and of
golden/compare-repetitions.json (np.mean per repetition, Mann-Whitney U), and checks every
statistic, p-value and median where SciPy's are finite (docs/formats.md §3 tolerance), and that the
NaN cases carry the contract's finite values. Checked with SciPy 1.17.1 and NumPy 2.4.6.
"""
import csv
import json
import math
import os
from collections import OrderedDict, defaultdict

import numpy as np
import scipy.stats as st

GOLDEN = os.path.join(os.path.dirname(__file__), '..', 'resources', 'dev', 'kbench', 'stats', 'golden')


def load(name):
    groups = OrderedDict()
    with open(os.path.join(GOLDEN, name), newline='', encoding='utf-8') as fh:
        for row in csv.DictReader(fh):
            key = (row['benchmark'], row['params'])
            groups.setdefault(key, []).append(row)
    return groups


def raw(rows):
    return np.array([float(r['time_ms']) for r in rows])


def repetition_means(rows):
    reps = defaultdict(list)
    for r in sorted(rows, key=lambda r: (int(r['repetition']), int(r['sample']))):
        reps[int(r['repetition'])].append(float(r['time_ms']))
    return np.array([np.mean(np.array(reps[k])) for k in sorted(reps)])


def close(expected, actual, what):
    if expected is None or actual is None or not math.isfinite(expected):
        raise AssertionError(f'{what}: not comparable {expected} {actual}')
    err = abs(actual - expected)
    assert err <= 1e-9 * abs(expected) or err <= 1e-12, f'{what}: SciPy {expected!r}, kbench {actual!r}'


def check(report_name, values, test):
    base, new = load('base.csv'), load('new.csv')
    with open(os.path.join(GOLDEN, report_name), encoding='utf-8') as fh:
        report = json.load(fh)
    for r in report['results']:
        key = (r['benchmark'], r['params'])
        x, y = values(base[key]), values(new[key])
        assert (len(x), len(y)) == (r['n_base'], r['n_new']), key
        close(float(np.median(x)), r['median_base_ms'], f'{key} median_base_ms')
        close(float(np.median(y)), r['median_new_ms'], f'{key} median_new_ms')
        # samples and repetitions are centered by their median whatever the center; the ratio compares centers
        assert (r['center_base_ms'], r['center_new_ms']) == (r['median_base_ms'], r['median_new_ms']), key
        close(float(np.median(y)) / float(np.median(x)), r['ratio'], f'{key} ratio')
        res = {a: test(x, y, a) for a in ('two-sided', 'less', 'greater')}
        stat = float(res['two-sided'].statistic)
        ps = {a: float(v.pvalue) for a, v in res.items()}
        if all(math.isfinite(p) for p in ps.values()):
            if math.isfinite(stat):
                close(stat, r['statistic'], f'{key} statistic')
            else:
                assert r['statistic'] is None, key
            close(ps['two-sided'], r['pvalue_two_sided'], f'{key} two-sided')
            close(ps['less'], r['pvalue_less'], f'{key} less')
            close(ps['greater'], r['pvalue_greater'], f'{key} greater')
        elif math.isnan(stat):
            assert (r['statistic'], r['pvalue_less'], r['pvalue_greater'], r['verdict']) == (0.0, 1.0, 1.0, 'same'), r
        else:
            assert max(x) < min(y) or max(y) < min(x), key
            slower = max(x) < min(y)
            assert r['pvalue_less'] == (0.0 if slower else 1.0) and r['verdict'] == ('slower' if slower else 'faster'), r
        # settled: decided (slower or faster), or same with the ratio's interval wholly inside the threshold
        lo, hi, t = r['ratio_ci_low'], r['ratio_ci_high'], report['threshold']
        inside = lo is not None and hi is not None and 1 - t < lo and hi < 1 + t
        assert r['settled'] == (r['verdict'] != 'same' or inside), key
        print(f'{report_name}: {key}: ok ({r["verdict"]})')


check('compare.json', raw, lambda x, y, a: st.brunnermunzel(x, y, alternative=a))
check('compare-repetitions.json', repetition_means, lambda x, y, a: st.mannwhitneyu(x, y, alternative=a))
