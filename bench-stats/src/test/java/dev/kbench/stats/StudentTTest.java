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

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** The allocation-free CDF is Commons Statistics' {@code TDistribution} to the bit. */
class StudentTTest {

    @Test
    void sameBitsAsCommonsTDistribution() {
        double[] dfs = {0.5, 1, 1.5, 2, 2.5, 3, 7.3, 30, 1e3, 1e6, 1e12, 1e15, 1e16, 1e17, 1e300, Double.POSITIVE_INFINITY};
        double[] ts = {Double.NEGATIVE_INFINITY, -1e10, -40, -8.5, -3, -1, -1e-3, -1e-12, 0, 1e-12, 0.3, 1, 2.5, 12, 1e10,
            Double.POSITIVE_INFINITY};
        for (double df : dfs) {
            TDistribution commons = TDistribution.of(df);
            for (double t : ts) {
                assertEquals(commons.cumulativeProbability(t), StudentT.cdf(df, t), "df=" + df + " t=" + t);
                assertEquals(commons.survivalProbability(t), StudentT.cdf(df, -t), "sf df=" + df + " t=" + t);
            }
        }
    }
}
