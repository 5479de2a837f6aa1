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
import java.util.stream.IntStream;

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

    static double[] concat(double[] x, double[] y) {
        double[] xy = new double[x.length + y.length];
        System.arraycopy(x, 0, xy, 0, x.length);
        System.arraycopy(y, 0, xy, x.length, y.length);
        return xy;
    }

    /**
     * The indices of {@code values} in ascending order of value, ties in any order: one primitive
     * sort of longs, each the value's order-preserving bits (the high {@code 64 - b} of them) above
     * its index ({@code b} bits), then a sort by full value of each run that shares those high bits.
     *
     * @param values the values, without NaN and with {@code -0.0} made {@code 0.0}
     * @return the order
     */
    static int[] sortedOrder(double[] values) {
        int n = values.length;
        int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1)));
        long mask = (1L << bits) - 1;
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (sortable(values[i]) >> bits << bits) | i;
        }
        Arrays.sort(keys);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = (int) (keys[i] & mask);
        }
        for (int from = 0; from < n;) {
            long high = keys[from] >> bits;
            int to = from + 1;
            boolean mixed = false;
            while (to < n && keys[to] >> bits == high) {
                mixed |= values[order[to]] != values[order[from]];
                to++;
            }
            if (mixed) {
                int[] run = IntStream.of(Arrays.copyOfRange(order, from, to)).boxed()
                        .sorted((a, b) -> Double.compare(values[a], values[b])).mapToInt(Integer::intValue).toArray();
                System.arraycopy(run, 0, order, from, run.length);
            }
            from = to;
        }
        return order;
    }

    /** The bits of {@code v} as a long that orders as the doubles do. */
    private static long sortable(double v) {
        long bits = Double.doubleToRawLongBits(v);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }
}
