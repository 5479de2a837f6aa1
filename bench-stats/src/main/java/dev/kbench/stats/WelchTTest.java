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
 * Welch's unequal-variances t-test, {@code scipy.stats.ttest_ind(x, y, equal_var=False, alternative)}
 * of SciPy 1.17: {@code t = (mean x - mean y) / sqrt(vx / nx + vy / ny)} with Welch-Satterthwaite
 * degrees of freedom, which SciPy sets to 1 when they are 0/0 (both variances zero). Means and
 * variances use NumPy's pairwise summation, so they are SciPy's to the last bit.
 *
 * <p>A parametric test: it compares means and is sensitive to outliers, unlike the rank tests.
 * SciPy returns NaN when all values are equal (t = 0/0). Immutable and thread-safe.
 */
public final class WelchTTest implements TwoSampleTest {

    private static final WelchTTest DEFAULT = new WelchTTest();

    private WelchTTest() {
    }

    /**
     * The test.
     *
     * @return the test
     */
    public static WelchTTest withDefaults() {
        return DEFAULT;
    }

    @Override
    public TestMethod method() {
        return TestMethod.WELCH;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if a sample has fewer than 2 values or holds NaN
     */
    @Override
    public TestResult test(double[] x, double[] y) {
        double[] a = Samples.checked("x", x, 2);
        double[] b = Samples.checked("y", y, 2);
        double n1 = a.length;
        double n2 = b.length;
        double v1 = NumPy.scipyVariance(a);
        double v2 = NumPy.scipyVariance(b);
        double m1 = NumPy.mean(a);
        double m2 = NumPy.mean(b);

        double vn1 = v1 / n1;
        double vn2 = v2 / n2;
        double df = (vn1 + vn2) * (vn1 + vn2) / (vn1 * vn1 / (n1 - 1) + vn2 * vn2 / (n2 - 1));
        if (Double.isNaN(df)) {
            df = 1;
        }
        double denom = Math.sqrt(vn1 + vn2);
        double t = (m1 - m2) / denom;
        double dof = df;
        return BrunnerMunzelTest.pValues(t, t, v -> StudentT.cdf(dof, v));
    }
}
