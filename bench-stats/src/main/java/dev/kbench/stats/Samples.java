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
}
