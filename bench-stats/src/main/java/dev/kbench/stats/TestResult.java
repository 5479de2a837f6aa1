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
 * The outcome of a two-sample test for all three alternatives at once, as SciPy reports
 * {@code method(x, y, alternative=...)} for {@code 'two-sided'}, {@code 'less'} and {@code 'greater'}.
 * {@code less} is the alternative that {@code x} is stochastically smaller than {@code y}.
 *
 * <p>The values of {@link TwoSampleTest#test(double[], double[])} are SciPy's, including NaN where
 * SciPy returns NaN; {@link Compare} replaces those with the finite results of docs/formats.md §3.
 *
 * @param statistic the test statistic (SciPy's {@code statistic}); infinite or NaN where SciPy's is
 * @param pValueTwoSided the p-value for {@code alternative='two-sided'}
 * @param pValueLess the p-value for {@code alternative='less'}
 * @param pValueGreater the p-value for {@code alternative='greater'}
 */
public record TestResult(double statistic, double pValueTwoSided, double pValueLess, double pValueGreater) {

    /**
     * The verdict of two one-sided tests at {@code alpha}, for {@code x} the base and {@code y} the
     * new samples: {@code pValueLess < alpha} means the new code is slower, {@code pValueGreater < alpha}
     * faster; both or neither (or NaN) is {@link Verdict#SAME}.
     *
     * @param alpha the significance level, in (0, 1)
     * @return the verdict
     * @throws IllegalArgumentException if {@code alpha} is not in (0, 1)
     */
    public Verdict verdict(double alpha) {
        Compare.checkAlpha(alpha);
        boolean slower = pValueLess < alpha;
        boolean faster = pValueGreater < alpha;
        if (slower == faster) {
            return Verdict.SAME;
        }
        return slower ? Verdict.SLOWER : Verdict.FASTER;
    }

    /**
     * Whether every value is finite, as {@link Compare} guarantees.
     *
     * @return true if no value is NaN or infinite
     */
    public boolean isFinite() {
        return Double.isFinite(statistic) && Double.isFinite(pValueTwoSided) && Double.isFinite(pValueLess)
                && Double.isFinite(pValueGreater);
    }
}
