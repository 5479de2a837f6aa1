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

"""Reference values for kbench's bench-stats tests, from SciPy and NumPy.

Run from the repository root:

    python3 bench-stats/src/test/python/make_reference.py

It writes bench-stats/src/test/resources/dev/kbench/stats/reference.json, which the tests read.
Generated with SciPy 1.17.1 and NumPy 2.4.6 (the versions are recorded in the file too).
Every expected value below is the direct result of the SciPy/NumPy call on the line that computes it.

Inputs are stored in the file (JSON floats are Python's repr, so they round-trip exactly), except
the large cases, which are `formula` arrays the Java test rebuilds with the same float64 operations:
    x[i] = float((i * a) % m) * scale + offset      for i in range(n)
"""
import itertools
import json
import math
import os

import numpy as np
import scipy
import scipy.stats as st

OUT = os.path.join(os.path.dirname(__file__), '..', 'resources', 'dev', 'kbench', 'stats', 'reference.json')
ALTERNATIVES = ('two-sided', 'less', 'greater')
rng = np.random.default_rng(20250601)


def formula(n, a, m, scale, offset):
    spec = {'formula': {'n': n, 'a': a, 'm': m, 'scale': scale, 'offset': offset}}
    values = np.array([float((i * a) % m) * scale + offset for i in range(n)])
    return spec, values


def data(values):
    return {'values': [float(v) for v in values]}


def f(v):
    return float(v)


def two_sample_inputs():
    """(name, x-spec, x, y-spec, y): continuous, tied, skewed, unequal, degenerate and large samples."""
    cases = []

    def add(name, x, y):
        cases.append((name, data(x), np.asarray(x, float), data(y), np.asarray(y, float)))

    # The example of scipy.stats.brunnermunzel's docstring.
    add('scipy_docstring', [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 1, 1], [3, 3, 4, 3, 1, 2, 3, 1, 1, 5, 4])
    for nx, ny in [(2, 2), (2, 3), (3, 5), (5, 5), (7, 8), (8, 8), (8, 9), (9, 9), (4, 40), (10, 10),
                   (12, 30), (30, 30), (50, 47), (100, 100), (300, 200)]:
        add(f'normal_{nx}_{ny}', rng.normal(0.0589, 0.002, nx), rng.normal(0.0601, 0.002, ny))
    for nx, ny in [(5, 7), (20, 20), (64, 80), (500, 400)]:
        add(f'lognormal_{nx}_{ny}', rng.lognormal(0.0, 0.4, nx) + 1.0, rng.lognormal(0.05, 0.5, ny) + 1.0)
    for nx, ny in [(6, 6), (8, 12), (15, 25), (40, 40), (200, 150)]:
        # Timer resolution: many ties.
        add(f'ties_{nx}_{ny}', np.round(rng.normal(10, 1, nx)), np.round(rng.normal(10.4, 1, ny)))
    # Far apart: tiny p-values.
    add('far_20_20', rng.normal(1.0, 0.01, 20), rng.normal(1.2, 0.01, 20))
    add('far_200_200', rng.normal(1.0, 0.05, 200), rng.normal(1.1, 0.05, 200))
    # Identical inputs, one shifted value, a constant sample against a spread one.
    same = rng.normal(5, 1, 12)
    add('identical_12', same, same.copy())
    add('constant_vs_spread', np.full(6, 2.0), [1.0, 1.5, 2.0, 2.5, 3.0, 3.5])
    add('constant_vs_constant', np.full(5, 1.0), np.full(4, 2.0))
    add('all_equal', np.full(5, 3.0), np.full(7, 3.0))
    add('separated_low', [1.0, 1.1, 1.2, 1.3], [2.0, 2.1, 2.2])
    add('separated_high', [5.0, 5.5, 6.0, 6.5, 7.0], [1.0, 2.0, 3.0])
    add('overlap_at_tie', [1.0, 2.0, 2.0], [2.0, 3.0, 3.0])
    add('exact_unbalanced_8_300', rng.normal(0, 1, 8), rng.normal(0.3, 1, 300))
    add('exact_unbalanced_3_1000', rng.normal(0, 1, 3), rng.normal(-0.5, 1, 1000))
    add('welch_near_equal_means', [0.1, 0.2, 0.3, 0.4], [0.25, 0.25, 0.25, 0.25, 0.25])
    # Large: 2 x 10^5 values with ties (integers / 1000).
    xs, x = formula(100000, 7919, 10007, 0.001, 5.0)
    ys, y = formula(100000, 104729, 10009, 0.001, 5.03)
    cases.append(('large_100000_100000', xs, x, ys, y))
    xs, x = formula(3000, 7919, 3001, 1e-4, 1.0)
    ys, y = formula(5000, 104729, 4999, 1e-4, 1.02)
    cases.append(('large_3000_5000', xs, x, ys, y))
    return cases


def tests():
    out = []
    for name, xspec, x, yspec, y in two_sample_inputs():
        case = {'name': name, 'x': xspec, 'y': yspec}
        for dist in ('t', 'normal'):
            rs = [st.brunnermunzel(x, y, alternative=a, distribution=dist) for a in ALTERNATIVES]
            case[f'brunnermunzel_{dist}'] = {'statistic': f(rs[0].statistic),
                                             'pvalue': {a: f(r.pvalue) for a, r in zip(ALTERNATIVES, rs)}}
        rs = [st.mannwhitneyu(x, y, alternative=a) for a in ALTERNATIVES]
        case['mannwhitneyu'] = {'statistic': f(rs[0].statistic),
                                'pvalue': {a: f(r.pvalue) for a, r in zip(ALTERNATIVES, rs)}}
        rs = [st.ttest_ind(x, y, equal_var=False, alternative=a) for a in ALTERNATIVES]
        case['welch'] = {'statistic': f(rs[0].statistic),
                         'pvalue': {a: f(r.pvalue) for a, r in zip(ALTERNATIVES, rs)}}
        out.append(case)
    return out


def summaries():
    out = []
    inputs = [('normal_25', rng.normal(0.0589, 0.002, 25)),
              ('lognormal_101', rng.lognormal(-2.0, 0.3, 101)),
              ('ties_40', np.round(rng.normal(10, 2, 40))),
              ('two', np.array([1.0, 3.0])),
              ('one', np.array([0.5])),
              ('outliers_30', np.concatenate([rng.normal(1.0, 0.01, 27), [1.2, 1.5, 0.5]])),
              ('large_10000', rng.gamma(3.0, 0.01, 10000))]
    for name, x in inputs:
        s = {'name': name, 'x': data(x),
             'min': f(np.min(x)), 'max': f(np.max(x)), 'mean': f(np.mean(x)),
             'median': f(np.median(x)),
             'quantiles': {q: f(np.quantile(x, float(q))) for q in ('0.2', '0.5', '0.8', '0.25', '0.75', '0', '1')},
             'iqr': f(np.quantile(x, 0.75) - np.quantile(x, 0.25)),
             'mad': f(st.median_abs_deviation(x))}
        if len(x) > 1:
            s['stddev'] = f(np.std(x, ddof=1))
        q1, q3 = np.quantile(x, [0.25, 0.75])
        iqr = q3 - q1
        s['outliers'] = {'low_severe': int(np.sum(x < q1 - 3 * iqr)),
                         'low_mild': int(np.sum((x >= q1 - 3 * iqr) & (x < q1 - 1.5 * iqr))),
                         'high_mild': int(np.sum((x > q3 + 1.5 * iqr) & (x <= q3 + 3 * iqr))),
                         'high_severe': int(np.sum(x > q3 + 3 * iqr))}
        s['relative_noise'] = f(st.median_abs_deviation(x, scale='normal') / np.median(x))
        cis = {}
        for level in ('0.9', '0.95', '0.99'):
            ci = st.quantile_test(x, q=np.median(x), p=0.5).confidence_interval(float(level))
            cis[level] = [f(ci.low), f(ci.high)]
        s['median_ci'] = cis
        out.append(s)
    return out


def repetition_compare():
    """Samples in repetitions; the test runs on np.mean of each repetition, as benchstats aggregates."""
    out = []
    for name, reps_base, reps_new, shift in [('reps_6_5', 6, 5, 1.008), ('reps_10_10', 10, 10, 1.0),
                                             ('reps_3_4', 3, 4, 0.995)]:
        base = [rng.normal(1.0, 0.05, 20) for _ in range(reps_base)]
        new = [rng.normal(shift, 0.05, 20 + r) for r in range(reps_new)]
        mb = np.array([np.mean(r) for r in base])
        mn = np.array([np.mean(r) for r in new])
        rs = [st.brunnermunzel(mb, mn, alternative=a) for a in ALTERNATIVES]
        out.append({'name': name, 'base': [[f(v) for v in r] for r in base], 'new': [[f(v) for v in r] for r in new],
                    'means_base': [f(v) for v in mb], 'means_new': [f(v) for v in mn],
                    'median_base': f(np.median(mb)), 'median_new': f(np.median(mn)),
                    'statistic': f(rs[0].statistic), 'pvalue': {a: f(r.pvalue) for a, r in zip(ALTERNATIVES, rs)}})
    return out


def median_ci_indices():
    """0-based order-statistic indices of quantile_test's median CI: on x = arange(n) the bounds are the indices."""
    out = []
    for level in ('0.5', '0.8', '0.9', '0.95', '0.99', '0.999'):
        for n in list(range(1, 121)) + [200, 999, 1000, 10000]:
            x = np.arange(n, dtype=float)
            ci = st.quantile_test(x, q=np.median(x), p=0.5).confidence_interval(float(level))
            out.append({'n': n, 'level': level, 'low': f(ci.low), 'high': f(ci.high)})
    return out


def median_bootstrap_pmf():
    """Exact distribution of the median of a size-n resample of [0, 1, ..., n-1] (np.median), by enumeration."""
    out = []
    for n in (5, 6):
        counts = {}
        for idx in itertools.product(range(n), repeat=n):
            m = float(np.median(np.array(idx, dtype=float)))
            counts[m] = counts.get(m, 0) + 1
        total = n ** n
        out.append({'n': n, 'pmf': {repr(k): v / total for k, v in sorted(counts.items())}})
    return out


def ratio_bootstrap():
    """scipy.stats.bootstrap percentile CI of median(new)/median(base): a distributional check (other RNG)."""
    base = rng.lognormal(0.0, 0.2, 40) + 1.0
    new = rng.lognormal(0.1, 0.2, 35) + 1.0

    def ratio(b, n, axis=-1):
        return np.median(n, axis=axis) / np.median(b, axis=axis)

    res = st.bootstrap((base, new), ratio, n_resamples=200000, method='percentile', confidence_level=0.95,
                       rng=np.random.default_rng(7))
    return {'base': [f(v) for v in base], 'new': [f(v) for v in new],
            'low': f(res.confidence_interval.low), 'high': f(res.confidence_interval.high),
            'ratio': f(np.median(new) / np.median(base))}


def numpy_sums():
    """np.sum bit patterns for the pairwise summation, on lengths around the block edges."""
    out = []
    for n in (1, 7, 8, 9, 15, 16, 127, 128, 129, 255, 256, 257, 1000, 4097):
        x = rng.standard_normal(n) * 10.0 ** rng.uniform(-6, 6, n)
        out.append({'x': [f(v) for v in x], 'sum': f(np.sum(x)), 'mean': f(np.mean(x))})
    return out


def main():
    doc = {'generator': 'bench-stats/src/test/python/make_reference.py',
           'scipy': scipy.__version__, 'numpy': np.__version__,
           'tests': tests(), 'summaries': summaries(), 'median_ci_indices': median_ci_indices(),
           'repetition_compare': repetition_compare(),
           'median_bootstrap_pmf': median_bootstrap_pmf(), 'ratio_bootstrap': ratio_bootstrap(),
           'numpy_sums': numpy_sums()}
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w') as fh:
        json.dump(doc, fh, indent=1, allow_nan=True)
        fh.write('\n')
    print('wrote', os.path.normpath(OUT))


if __name__ == '__main__':
    main()
