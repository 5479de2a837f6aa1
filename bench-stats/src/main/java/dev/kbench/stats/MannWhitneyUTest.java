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
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.ranking.NaNStrategy;
import org.apache.commons.statistics.ranking.NaturalRanking;
import org.apache.commons.statistics.ranking.RankingAlgorithm;
import org.apache.commons.statistics.ranking.TiesStrategy;

/**
 * The Mann-Whitney U test with SciPy 1.17's defaults, {@code scipy.stats.mannwhitneyu(x, y,
 * use_continuity=True, alternative, method='auto')}: the statistic is {@code U1}, the rank sum of
 * {@code x} less {@code nx (nx + 1) / 2}; the p-value is exact when at least one sample has 8 or
 * fewer values and there are no ties, else asymptotic with tie correction and continuity correction.
 *
 * <p>Commons Statistics' {@code MannWhitneyUTest} is not used: its automatic choice differs (exact
 * below 50 values, with or without a small sample), and its exact method caches an
 * {@code nx * ny * U} table. The exact distribution here is the coefficient list of the Gaussian
 * binomial {@code [nx + ny choose nx]}, computed in {@code O(min(nx, ny) * U)} time and {@code O(U)}
 * memory. Immutable and thread-safe.
 */
public final class MannWhitneyUTest implements TwoSampleTest {

    /** Above this size in both samples SciPy's {@code method='auto'} is asymptotic. */
    static final int EXACT_LIMIT = 8;

    private static final RankingAlgorithm RANKING = new NaturalRanking(NaNStrategy.FAILED, TiesStrategy.AVERAGE);
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);
    private static final MannWhitneyUTest DEFAULT = new MannWhitneyUTest();

    private MannWhitneyUTest() {
    }

    /**
     * The test with SciPy's defaults.
     *
     * @return the test
     */
    public static MannWhitneyUTest withDefaults() {
        return DEFAULT;
    }

    @Override
    public TestMethod method() {
        return TestMethod.MANN_WHITNEY_U;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if a sample is empty or holds NaN
     */
    @Override
    public TestResult test(double[] x, double[] y) {
        double[] xs = Samples.checked("x", x, 1);
        double[] ys = Samples.checked("y", y, 1);
        int n1 = xs.length;
        int n2 = ys.length;
        double[] xy = Samples.concat(xs, ys);

        double[] ranks = RANKING.apply(xy);
        double r1 = NumPy.sum(Arrays.copyOfRange(ranks, 0, n1));
        double u1 = r1 - n1 * (n1 + 1.0) / 2;
        double u2 = (double) n1 * n2 - u1;

        double[] sorted = xy.clone();
        Arrays.sort(sorted);
        double tieTerm = 0;
        boolean ties = false;
        for (int i = 0; i < sorted.length;) {
            int j = i + 1;
            while (j < sorted.length && sorted[j] == sorted[i]) {
                j++;
            }
            double t = j - i;
            tieTerm += t * t * t - t;
            ties |= t > 1;
            i = j;
        }

        double greater;
        double less;
        double twoSided;
        if ((n1 > EXACT_LIMIT && n2 > EXACT_LIMIT) || ties) {
            greater = asymptotic(u1, n1, n2, tieTerm);
            less = asymptotic(u2, n1, n2, tieTerm);
            twoSided = 2 * asymptotic(Math.max(u1, u2), n1, n2, tieTerm);
        } else {
            MannWhitneyExact exact = new MannWhitneyExact(n1, n2);
            greater = exact.sf((long) u1);
            less = exact.sf((long) u2);
            twoSided = 2 * exact.sf((long) Math.max(u1, u2));
        }
        return new TestResult(u1, clip(twoSided), clip(less), clip(greater));
    }

    /** SciPy's {@code ndtr(-_get_mwu_z(U, n1, n2, t, continuity=True))}. */
    private static double asymptotic(double u, int n1, int n2, double tieTerm) {
        double mu = (double) n1 * n2 / 2;
        double n = (double) n1 + n2;
        double s = Math.sqrt((double) n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1))));
        double numerator = u - mu;
        numerator -= 0.5;
        double z = numerator / s;
        return STANDARD_NORMAL.cumulativeProbability(-z);
    }

    private static double clip(double p) {
        return Math.min(1, Math.max(0, p));
    }
}
