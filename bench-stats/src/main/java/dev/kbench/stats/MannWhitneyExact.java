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

import org.apache.commons.numbers.combinatorics.BinomialCoefficientDouble;

/**
 * The exact null distribution of the Mann-Whitney U statistic for samples of sizes {@code n1} and
 * {@code n2} without ties: the number of arrangements with {@code U = k} is the coefficient of
 * {@code q^k} in the Gaussian binomial {@code prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i)}, with
 * {@code m = min(n1, n2)}, {@code n = max(n1, n2)}. Counts are exact integers while below 2^53.
 * The survival function is SciPy's {@code _MWU.sf}: the left tail by symmetry.
 */
final class MannWhitneyExact {

    private final int m;
    private final int n;
    private final double total;

    MannWhitneyExact(int n1, int n2) {
        this.m = Math.min(n1, n2);
        this.n = Math.max(n1, n2);
        this.total = BinomialCoefficientDouble.value(n1 + n2, m);
    }

    /**
     * {@code P(U >= k)}, including the mass at {@code k}, as SciPy computes it.
     *
     * @param k a value of the statistic in {@code [0, n1 n2]}
     * @return the survival probability
     */
    double sf(long k) {
        long kc = (long) m * n - k;
        if (k < kc) {
            double[] pmf = pmf((int) k);
            double cdf = cumulative(pmf, (int) k);
            return 1 - cdf + pmf[(int) k];
        }
        double[] pmf = pmf((int) kc);
        return cumulative(pmf, (int) kc);
    }

    private static double cumulative(double[] pmf, int k) {
        double sum = 0;
        for (int i = 0; i <= k; i++) {
            sum += pmf[i];
        }
        return sum;
    }

    /** The probabilities of {@code U = 0..maxU}, for {@code maxU <= m n / 2}. */
    private double[] pmf(int maxU) {
        double[] c = new double[maxU + 1];
        c[0] = 1;
        // 1 / (1 - q^i): partitions into parts of size at most m (a running sum with stride i).
        for (int i = 1; i <= m; i++) {
            for (int k = i; k <= maxU; k++) {
                c[k] += c[k - i];
            }
        }
        // (1 - q^(n + i)): remove the partitions with a part larger than n.
        for (int i = 1; i <= m; i++) {
            int shift = n + i;
            for (int k = maxU; k >= shift; k--) {
                c[k] -= c[k - shift];
            }
        }
        for (int k = 0; k <= maxU; k++) {
            c[k] /= total;
        }
        return c;
    }
}
