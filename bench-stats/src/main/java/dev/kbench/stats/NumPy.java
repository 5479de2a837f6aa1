/*
 * Copyright 2026 The kbench authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.kbench.stats;

/**
 * NumPy's float64 arithmetic where SciPy's results depend on it: {@code np.add.reduce}'s pairwise
 * summation (8 accumulators in blocks of at most 128, split in halves rounded to multiples of 8), so
 * means and variances here are bit-for-bit those of NumPy 2 on the same array.
 */
final class NumPy {

    private static final int BLOCK = 128;
    private static final int UNROLL = 8;

    private NumPy() {
    }

    /**
     * {@code np.sum(a)}.
     *
     * @param a the values
     * @return their sum, 0 for none
     */
    static double sum(double[] a) {
        return a.length == 0 ? 0 : pairwise(a, 0, a.length);
    }

    /**
     * {@code np.mean(a)}: the pairwise sum divided by the count.
     *
     * @param a the values, not empty
     * @return the mean
     */
    static double mean(double[] a) {
        return sum(a) / a.length;
    }

    /**
     * {@code scipy.stats._stats_py._var(a, ddof=1)}: the mean of the squared deviations from the
     * mean, times {@code n / (n - 1)}; the variance SciPy's t-tests use.
     *
     * @param a the values, at least 2
     * @return the sample variance
     */
    static double scipyVariance(double[] a) {
        int n = a.length;
        double m = mean(a);
        double[] squares = new double[n];
        for (int i = 0; i < n; i++) {
            double d = a[i] - m;
            squares[i] = d * d;
        }
        double moment = mean(squares);
        double nd = n;
        return moment * (nd / (nd - 1));
    }

    private static double pairwise(double[] a, int from, int n) {
        if (n < UNROLL) {
            double res = -0.0;
            for (int i = 0; i < n; i++) {
                res += a[from + i];
            }
            return res;
        }
        if (n <= BLOCK) {
            double r0 = a[from];
            double r1 = a[from + 1];
            double r2 = a[from + 2];
            double r3 = a[from + 3];
            double r4 = a[from + 4];
            double r5 = a[from + 5];
            double r6 = a[from + 6];
            double r7 = a[from + 7];
            int i = UNROLL;
            for (; i < n - n % UNROLL; i += UNROLL) {
                r0 += a[from + i];
                r1 += a[from + i + 1];
                r2 += a[from + i + 2];
                r3 += a[from + i + 3];
                r4 += a[from + i + 4];
                r5 += a[from + i + 5];
                r6 += a[from + i + 6];
                r7 += a[from + i + 7];
            }
            double res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
            for (; i < n; i++) {
                res += a[from + i];
            }
            return res;
        }
        int half = n / 2;
        half -= half % UNROLL;
        return pairwise(a, from, half) + pairwise(a, from + half, n - half);
    }
}
