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
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.ranking.NaNStrategy;
import org.apache.commons.statistics.ranking.NaturalRanking;
import org.apache.commons.statistics.ranking.RankingAlgorithm;
import org.apache.commons.statistics.ranking.TiesStrategy;

/**
 * The Brunner-Munzel test, {@code scipy.stats.brunnermunzel(x, y, alternative, distribution)} of
 * SciPy 1.17, computed step by step as SciPy does: midranks of the pooled and of each sample, the
 * placement variances {@code Sx}, {@code Sy}, the statistic
 * {@code W = nx ny (mean rank y - mean rank x) / ((nx + ny) sqrt(nx Sx + ny Sy))}, and p-values of
 * {@code -W} on Student's t with Welch-Satterthwaite degrees of freedom, or on the standard normal.
 * It tests whether values of one sample tend to be larger than the other's without assuming equal
 * variances or shapes.
 *
 * <p>Where SciPy returns NaN this does too: all values equal (statistic and p-values), and complete
 * separation with the t distribution (p-values; the statistic is infinite). Immutable and thread-safe.
 *
 * {@snippet :
 * TestResult r = BrunnerMunzelTest.withDefaults().test(base, next);
 * boolean regression = r.pValueLess() < 0.001;
 * }
 */
public final class BrunnerMunzelTest implements TwoSampleTest {

    /** How the p-value is obtained from the statistic, SciPy's {@code distribution} argument. */
    public enum Distribution {
        /** Student's t with Welch-Satterthwaite degrees of freedom; SciPy's default. */
        T("t"),
        /** The standard normal. */
        NORMAL("normal");

        private final String jsonName;

        Distribution(String jsonName) {
            this.jsonName = jsonName;
        }

        /**
         * The name compare JSON gives it (docs/formats.md), as in SciPy.
         *
         * @return {@code t} or {@code normal}
         */
        public String jsonName() {
            return jsonName;
        }
    }

    private static final RankingAlgorithm RANKING = new NaturalRanking(NaNStrategy.FAILED, TiesStrategy.AVERAGE);
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);
    private static final BrunnerMunzelTest DEFAULT = new BrunnerMunzelTest(Distribution.T);

    private final Distribution distribution;

    private BrunnerMunzelTest(Distribution distribution) {
        this.distribution = distribution;
    }

    /**
     * The test with SciPy's default {@link Distribution#T}.
     *
     * @return the test
     */
    public static BrunnerMunzelTest withDefaults() {
        return DEFAULT;
    }

    /**
     * This test with another p-value distribution.
     *
     * @param d the distribution
     * @return a test using {@code d}
     */
    public BrunnerMunzelTest with(Distribution d) {
        return new BrunnerMunzelTest(Objects.requireNonNull(d, "distribution"));
    }

    /**
     * The p-value distribution.
     *
     * @return the distribution
     */
    public Distribution distribution() {
        return distribution;
    }

    @Override
    public TestMethod method() {
        return TestMethod.BRUNNER_MUNZEL;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if a sample has fewer than 2 values (SciPy divides by
     *         {@code n - 1}) or holds NaN
     */
    @Override
    public TestResult test(double[] x, double[] y) {
        double[] xs = Samples.checked("x", x, 2);
        double[] ys = Samples.checked("y", y, 2);
        int nx = xs.length;
        int ny = ys.length;

        double[] rankc = RANKING.apply(Samples.concat(xs, ys));
        double[] rankcx = Arrays.copyOfRange(rankc, 0, nx);
        double[] rankcy = Arrays.copyOfRange(rankc, nx, nx + ny);
        double rankcxMean = NumPy.mean(rankcx);
        double rankcyMean = NumPy.mean(rankcy);
        double[] rankx = RANKING.apply(xs);
        double[] ranky = RANKING.apply(ys);
        double rankxMean = NumPy.mean(rankx);
        double rankyMean = NumPy.mean(ranky);

        double sx = placementVariance(rankcx, rankx, rankcxMean, rankxMean);
        double sy = placementVariance(rankcy, ranky, rankcyMean, rankyMean);

        double wbfn = (double) nx * ny * (rankcyMean - rankcxMean);
        wbfn /= (nx + ny) * Math.sqrt(nx * sx + ny * sy);

        DoubleUnaryOperator cdf;
        if (distribution == Distribution.T) {
            double dfNumer = Math.pow(nx * sx + ny * sy, 2.0);
            double dfDenom = Math.pow(nx * sx, 2.0) / (nx - 1);
            dfDenom += Math.pow(ny * sy, 2.0) / (ny - 1);
            double df = dfNumer / dfDenom;
            if (!(df > 0)) {
                // 0/0 when Sx = Sy = 0: SciPy warns and stdtr(nan, t) is NaN.
                return new TestResult(wbfn, Double.NaN, Double.NaN, Double.NaN);
            }
            cdf = t -> StudentT.cdf(df, t);
        } else {
            cdf = STANDARD_NORMAL::cumulativeProbability;
        }
        return pValues(wbfn, -wbfn, cdf);
    }

    /**
     * SciPy's {@code _get_pvalue(statistic, distribution, alternative)} for a symmetric distribution,
     * for the three alternatives: {@code less} is the CDF, {@code greater} the survival function
     * {@code cdf(-x)}, {@code two-sided} twice the survival function of {@code |x|}.
     */
    static TestResult pValues(double reported, double statistic, DoubleUnaryOperator cdf) {
        if (Double.isNaN(statistic)) {
            return new TestResult(reported, Double.NaN, Double.NaN, Double.NaN);
        }
        double less = cdf.applyAsDouble(statistic);
        double greater = cdf.applyAsDouble(-statistic);
        double twoSided = 2 * cdf.applyAsDouble(-Math.abs(statistic));
        return new TestResult(reported, twoSided, less, greater);
    }

    /** {@code temp = rankc - rank - rankc_mean + rank_mean; S = temp . temp / (n - 1)}. */
    private static double placementVariance(double[] rankc, double[] rank, double rankcMean, double rankMean) {
        double[] temp = new double[rank.length];
        for (int i = 0; i < temp.length; i++) {
            temp[i] = rankc[i] - rank[i] - rankcMean + rankMean;
        }
        return NumPy.sumOfSquares(temp) / (rank.length - 1);
    }
}
