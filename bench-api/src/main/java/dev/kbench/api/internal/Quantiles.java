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
package dev.kbench.api.internal;

import java.util.Arrays;

/**
 * Quantiles by linear interpolation between closest ranks: NumPy's default {@code method='linear'}
 * (Hyndman and Fan type 7), which Triton's {@code do_bench} uses. Stateless and thread-safe.
 */
public final class Quantiles {

    private Quantiles() {
    }

    /**
     * One quantile of unsorted data, as {@code numpy.quantile(data, q)}.
     *
     * @param data the values, not empty, no NaN
     * @param q the probability in [0, 1]
     * @return the quantile
     * @throws IllegalArgumentException if {@code data} is empty or {@code q} is outside [0, 1]
     */
    public static double of(double[] data, double q) {
        return ofSorted(sorted(data), q);
    }

    /**
     * Several quantiles of unsorted data.
     *
     * @param data the values, not empty
     * @param qs the probabilities, each in [0, 1]
     * @return the quantiles, in the order of {@code qs}
     */
    public static double[] of(double[] data, double... qs) {
        double[] sorted = sorted(data);
        double[] result = new double[qs.length];
        for (int i = 0; i < qs.length; i++) {
            result[i] = ofSorted(sorted, qs[i]);
        }
        return result;
    }

    /**
     * One quantile of data sorted in ascending order; NumPy's arithmetic, including its
     * {@code _lerp} that interpolates from the upper value when the fraction is at least 0.5.
     *
     * @param sorted ascending values, not empty
     * @param q the probability in [0, 1]
     * @return the quantile
     */
    public static double ofSorted(double[] sorted, double q) {
        checkProbability(q);
        if (sorted.length == 0) {
            throw new IllegalArgumentException("cannot take a quantile of no samples");
        }
        double virtual = (sorted.length - 1) * q;
        int lower = (int) Math.floor(virtual);
        int upper = Math.min(lower + 1, sorted.length - 1);
        double t = virtual - lower;
        double a = sorted[lower];
        double b = sorted[upper];
        double diff = b - a;
        return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
    }

    /**
     * Checks a probability.
     *
     * @param q the probability
     * @throws IllegalArgumentException naming {@code q} if it is NaN or outside [0, 1]
     */
    public static void checkProbability(double q) {
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("quantile " + q + " is outside [0, 1]; use e.g. 0.2,0.5,0.8");
        }
    }

    /**
     * A distribution-free confidence interval for the median from order statistics, SciPy's
     * {@code quantile_test(x, p=0.5).confidence_interval(level)}: with {@code B ~ Binomial(n, 1/2)} and
     * {@code a = (1 - confidence) / 2}, the bounds are the order statistics at 0-based indices
     * {@code B.ppf(a) - 1} and {@code B.isf(a)}. The one median interval of kbench: the noise stopping
     * rule and the summaries both use it.
     *
     * @param sorted ascending values, not empty
     * @param confidence the coverage wanted, in (0, 1)
     * @return {@code {lower, upper}}; a bound is NaN when its index falls outside the data (too few
     *     samples for that coverage)
     */
    public static double[] medianInterval(double[] sorted, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence " + confidence + " is outside (0, 1)");
        }
        int n = sorted.length;
        if (n == 0) {
            throw new IllegalArgumentException("cannot bound the median of no samples");
        }
        double a = (1 - confidence) / 2;
        // ppf(a): the smallest k with P(B <= k) >= a; isf(a) = n - 1 - m for the largest m with
        // P(B <= m) <= a (P(B > k) = P(B <= n - 1 - k) by symmetry), m = -1 when there is none.
        int ppf = -1;
        int m = -1;
        if (n <= EXACT_N) {
            // Binomial coefficients are exact in a long and their partial sums in a double: exact ties.
            double target = Math.scalb(a, n);
            long coefficient = 1;
            long cdf = 0;
            for (int k = 0; k <= n && ppf < 0; k++) {
                cdf += coefficient;
                if (cdf <= target) {
                    m = k;
                }
                if (cdf >= target) {
                    ppf = k;
                }
                coefficient = coefficient * (n - k) / (k + 1);
            }
        } else {
            double logPmf = n * Math.log(0.5);
            double cdf = 0;
            for (int k = 0; k <= n && ppf < 0; k++) {
                cdf += Math.exp(logPmf);
                if (cdf <= a) {
                    m = k;
                }
                if (cdf >= a) {
                    ppf = k;
                }
                logPmf += Math.log((double) (n - k) / (k + 1));
            }
        }
        int low = ppf - 1;
        int high = n - 1 - m;
        return new double[] {low >= 0 ? sorted[low] : Double.NaN, high < n ? sorted[high] : Double.NaN};
    }

    /** The most samples for which {@link #medianInterval} sums the binomial coefficients exactly. */
    private static final int EXACT_N = 53;

    private static double[] sorted(double[] data) {
        double[] copy = data.clone();
        Arrays.sort(copy);
        return copy;
    }
}
