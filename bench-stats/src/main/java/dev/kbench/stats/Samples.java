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

import java.util.Arrays;

/** Checks and prepares the arrays the tests receive. */
final class Samples {

    private Samples() {
    }

    /**
     * A copy with {@code -0.0} made {@code 0.0}, since NumPy ranks them as equal and
     * {@code Double.compare} does not.
     *
     * @param name the sample's name in messages, {@code x} or {@code y}
     * @param values the sample
     * @param min the fewest values the test needs
     * @return the normalised copy
     * @throws IllegalArgumentException if there are fewer than {@code min} values or one is NaN
     */
    static double[] checked(String name, double[] values, int min) {
        if (values.length < min) {
            throw new IllegalArgumentException("sample " + name + " has " + values.length
                    + " value(s); the test needs at least " + min);
        }
        double[] copy = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (Double.isNaN(values[i])) {
                throw new IllegalArgumentException("sample " + name + " holds NaN at index " + i);
            }
            copy[i] = values[i] + 0.0;
        }
        return copy;
    }

    /**
     * Checks a sample without copying it, for code that treats {@code -0.0} as {@code 0.0} itself.
     *
     * @param name the sample's name in messages, {@code x} or {@code y}
     * @param values the sample
     * @param min the fewest values the test needs
     * @return {@code values}
     * @throws IllegalArgumentException if there are fewer than {@code min} values or one is NaN
     */
    static double[] check(String name, double[] values, int min) {
        if (values.length < min) {
            throw new IllegalArgumentException("sample " + name + " has " + values.length
                    + " value(s); the test needs at least " + min);
        }
        for (int i = 0; i < values.length; i++) {
            if (Double.isNaN(values[i])) {
                throw new IllegalArgumentException("sample " + name + " holds NaN at index " + i);
            }
        }
        return values;
    }

    static double[] concat(double[] x, double[] y) {
        double[] xy = new double[x.length + y.length];
        System.arraycopy(x, 0, xy, 0, x.length);
        System.arraycopy(y, 0, xy, x.length, y.length);
        return xy;
    }

    /**
     * Two samples' values in ascending order, ties in any order, as sorted keys: each key holds the
     * value's order-preserving bits (the high {@code 64 - indexBits} of them) above its index in
     * {@code x} then {@code y} ({@code indexBits} bits). One primitive sort, then each run of keys
     * that share their high bits but not their values is sorted by value.
     *
     * @param keys the sorted keys
     * @param indexBits how many low bits hold the index
     */
    record SortedOrder(long[] keys, int indexBits) {
    }

    /**
     * The pooled order of two samples.
     *
     * @param x the first sample, without NaN ({@code -0.0} sorts as {@code 0.0})
     * @param y the second sample, likewise
     * @return the order
     */
    static SortedOrder sortedOrder(double[] x, double[] y) {
        int nx = x.length;
        int n = nx + y.length;
        int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1)));
        long[] keys = new long[n];
        for (int i = 0; i < nx; i++) {
            keys[i] = (sortable(x[i]) >> bits << bits) | i;
        }
        for (int i = nx; i < n; i++) {
            keys[i] = (sortable(y[i - nx]) >> bits << bits) | i;
        }
        Arrays.sort(keys);
        long mask = (1L << bits) - 1;
        for (int from = 0; from < n;) {
            long high = keys[from] >> bits;
            int to = from + 1;
            while (to < n && keys[to] >> bits == high) {
                to++;
            }
            boolean mixed = false;
            double first = value(x, y, (int) (keys[from] & mask));
            for (int k = from + 1; k < to && !mixed; k++) {
                mixed = value(x, y, (int) (keys[k] & mask)) != first;
            }
            if (mixed) {
                // Rare with continuous data: values within 2^-(43 - bits) of each other, or ties.
                Long[] run = new Long[to - from];
                for (int k = from; k < to; k++) {
                    run[k - from] = keys[k];
                }
                Arrays.sort(run, (a, b) -> Double.compare(value(x, y, (int) (a & mask)) + 0.0,
                        value(x, y, (int) (b & mask)) + 0.0));
                for (int k = from; k < to; k++) {
                    keys[k] = run[k - from];
                }
            }
            from = to;
        }
        return new SortedOrder(keys, bits);
    }

    private static double value(double[] x, double[] y, int index) {
        return index < x.length ? x[index] : y[index - x.length];
    }

    /** The bits of {@code v} as a long that orders as the doubles do, {@code -0.0} as {@code 0.0}. */
    private static long sortable(double v) {
        long bits = Double.doubleToRawLongBits(v + 0.0);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }
}
