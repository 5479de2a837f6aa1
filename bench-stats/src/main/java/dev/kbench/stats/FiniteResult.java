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

import java.util.Optional;

/**
 * A test result made finite where SciPy's p-values are NaN (docs/formats.md §3), with a note saying so.
 *
 * <ul>
 *   <li>Statistic NaN (all values equal, e.g. Brunner-Munzel's 0/0): no difference, statistic 0,
 *       every p-value 1.</li>
 *   <li>P-values NaN with complete separation (Brunner-Munzel on the t distribution: the degrees of
 *       freedom are 0/0): significant in its direction, p-value 0 there and 1 the other way, 0
 *       two-sided. The statistic stays SciPy's (infinite).</li>
 *   <li>Finite p-values with an infinite statistic (Brunner-Munzel on the normal distribution under
 *       complete separation, Welch with zero variance on both sides) are SciPy's, noted.</li>
 * </ul>
 *
 * @param result the finite result
 * @param note why it differs from a plain SciPy result, if it does
 */
record FiniteResult(TestResult result, Optional<String> note) {

    static FiniteResult of(TestResult raw, double[] base, double[] next) {
        if (Double.isNaN(raw.statistic())) {
            return new FiniteResult(new TestResult(0, 1, 1, 1),
                    Optional.of("all values are equal: SciPy's statistic is NaN; no difference (p-values 1)"));
        }
        int direction = separation(base, next);
        if (Double.isNaN(raw.pValueTwoSided()) || Double.isNaN(raw.pValueLess()) || Double.isNaN(raw.pValueGreater())) {
            if (direction == 0) {
                return new FiniteResult(new TestResult(raw.statistic(), 1, 1, 1),
                        Optional.of("SciPy's p-value is NaN; no difference (p-values 1)"));
            }
            return new FiniteResult(new TestResult(raw.statistic(), 0, direction < 0 ? 0 : 1, direction < 0 ? 1 : 0),
                    Optional.of(separationNote(direction) + "; SciPy's p-value is NaN (0/0 degrees of freedom),"
                            + " taken as 0 in that direction"));
        }
        if (Double.isInfinite(raw.statistic())) {
            return new FiniteResult(raw, Optional.of(direction != 0 ? separationNote(direction)
                    + "; the statistic is infinite" : "the statistic is infinite (zero variance)"));
        }
        return new FiniteResult(raw, Optional.empty());
    }

    /** -1 if every base value is below every new one, 1 if above, else 0. */
    static int separation(double[] base, double[] next) {
        double baseMin = Double.POSITIVE_INFINITY;
        double baseMax = Double.NEGATIVE_INFINITY;
        for (double v : base) {
            baseMin = Math.min(baseMin, v);
            baseMax = Math.max(baseMax, v);
        }
        double nextMin = Double.POSITIVE_INFINITY;
        double nextMax = Double.NEGATIVE_INFINITY;
        for (double v : next) {
            nextMin = Math.min(nextMin, v);
            nextMax = Math.max(nextMax, v);
        }
        if (baseMax < nextMin) {
            return -1;
        }
        return nextMax < baseMin ? 1 : 0;
    }

    private static String separationNote(int direction) {
        return "complete separation: every new value is " + (direction < 0 ? "above" : "below")
                + " every base value";
    }
}
