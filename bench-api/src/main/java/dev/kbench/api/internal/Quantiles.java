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
     * A distribution-free confidence interval for the median from order statistics: the widest
     * symmetric pair of ranks {@code [x(j+1), x(n-j)]} whose binomial(n, 1/2) coverage
     * {@code 1 - 2 P(X <= j)} is at least {@code confidence}.
     *
     * @param sorted ascending values, not empty
     * @param confidence the coverage wanted, in (0, 1)
     * @return {@code {lower, upper}}; with too few samples for that coverage, the sample range
     *     {@code {min, max}} (whose coverage is then below {@code confidence})
     */
    public static double[] medianInterval(double[] sorted, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence " + confidence + " is outside (0, 1)");
        }
        int n = sorted.length;
        if (n == 0) {
            throw new IllegalArgumentException("cannot bound the median of no samples");
        }
        double tail = (1 - confidence) / 2;
        double logPmf = n * Math.log(0.5);
        double cdf = 0;
        int j = -1;
        for (int i = 0; i <= n / 2; i++) {
            cdf += Math.exp(logPmf);
            if (cdf > tail) {
                break;
            }
            j = i;
            logPmf += Math.log((double) (n - i) / (i + 1));
        }
        return j < 0 ? new double[] {sorted[0], sorted[n - 1]} : new double[] {sorted[j], sorted[n - 1 - j]};
    }

    private static double[] sorted(double[] data) {
        double[] copy = data.clone();
        Arrays.sort(copy);
        return copy;
    }
}
