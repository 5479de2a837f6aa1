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

import org.apache.commons.numbers.gamma.RegularizedBeta;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The CDF of Student's t, exactly as Commons Statistics' {@code TDistribution.cumulativeProbability}
 * computes it (the regularized incomplete beta, or its complement when {@code t^2} is small next to
 * the degrees of freedom, per Boost; the standard normal once the variance {@code df / (df - 2)} is
 * 1 in double precision), without building a distribution object per call: the tests run thousands
 * of times per benchmark in the stability check, with other degrees of freedom each time.
 */
final class StudentT {

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private StudentT() {
    }

    /**
     * {@code P(T <= t)} for {@code T} with {@code df} degrees of freedom.
     *
     * @param df the degrees of freedom, {@code > 0}, possibly infinite
     * @param t the value, possibly infinite
     * @return the probability; NaN if {@code t} is NaN
     */
    static double cdf(double df, double t) {
        if (df == Double.POSITIVE_INFINITY || (df > 2 && df / (df - 2) == 1)) {
            return STANDARD_NORMAL.cumulativeProbability(t);
        }
        if (t == 0) {
            return 0.5;
        }
        double t2 = t * t;
        double z;
        if (df < 2 * t2) {
            z = RegularizedBeta.value(df / (df + t2), df / 2, 0.5) / 2;
        } else {
            z = RegularizedBeta.complement(t2 / (df + t2), 0.5, df / 2) / 2;
        }
        return t > 0 ? 1 - z : z;
    }
}
