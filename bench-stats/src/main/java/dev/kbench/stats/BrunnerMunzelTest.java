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

import java.util.Objects;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.statistics.distribution.NormalDistribution;

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
        // No copies: -0.0 ranks as 0.0 in the sort keys, and == compares them equal.
        double[] xs = Samples.check("x", x, 2);
        double[] ys = Samples.check("y", y, 2);
        int nx = xs.length;
        int ny = ys.length;

        // Midranks from one primitive sort of the pooled values: for each tie group, its pooled
        // midrank and its midrank within each sample (the x values in pooled order are x sorted).
        // SciPy needs, per sample, the mean of the pooled ranks and the placements rankc - rank in
        // the input order; ranks are multiples of 1/2 below 2^52, so their sums are exact in any
        // order, and the placements are summed in the input order as NumPy does.
        int n = nx + ny;
        Samples.SortedOrder sorted = Samples.sortedOrder(xs, ys);
        long[] keys = sorted.keys();
        int bits = sorted.indexBits();
        long mask = (1L << bits) - 1;
        double[] placementX = new double[nx];
        double[] placementY = new double[ny];
        double sumRankcx = 0;
        double sumRankcy = 0;
        int seenX = 0;
        int seenY = 0;
        for (int from = 0; from < n;) {
            // A tie group: equal high bits (sequential), then equal values (only within such runs).
            int first = (int) (keys[from] & mask);
            long high = keys[from] >> bits;
            int to = from + 1;
            int cx = first < nx ? 1 : 0;
            while (to < n && keys[to] >> bits == high) {
                // Values are read only where the high bits tie (rare with continuous data).
                int index = (int) (keys[to] & mask);
                if ((index < nx ? xs[index] : ys[index - nx]) != (first < nx ? xs[first] : ys[first - nx])) {
                    break;
                }
                if (index < nx) {
                    cx++;
                }
                to++;
            }
            int cy = to - from - cx;
            double pooled = from + (cx + cy + 1) / 2.0;
            double placeX = pooled - (seenX + (cx + 1) / 2.0);
            double placeY = pooled - (seenY + (cy + 1) / 2.0);
            for (int k = from; k < to; k++) {
                int index = (int) (keys[k] & mask);
                if (index < nx) {
                    placementX[index] = placeX;
                } else {
                    placementY[index - nx] = placeY;
                }
            }
            sumRankcx += pooled * cx;
            sumRankcy += pooled * cy;
            seenX += cx;
            seenY += cy;
            from = to;
        }
        double rankcxMean = sumRankcx / nx;
        double rankcyMean = sumRankcy / ny;
        double rankxMean = ((double) nx * (nx + 1) / 2) / nx;
        double rankyMean = ((double) ny * (ny + 1) / 2) / ny;

        double sx2 = placementVariance(placementX, rankcxMean, rankxMean);
        double sy2 = placementVariance(placementY, rankcyMean, rankyMean);

        double wbfn = (double) nx * ny * (rankcyMean - rankcxMean);
        wbfn /= (nx + ny) * Math.sqrt(nx * sx2 + ny * sy2);

        DoubleUnaryOperator cdf;
        if (distribution == Distribution.T) {
            double dfNumer = Math.pow(nx * sx2 + ny * sy2, 2.0);
            double dfDenom = Math.pow(nx * sx2, 2.0) / (nx - 1);
            dfDenom += Math.pow(ny * sy2, 2.0) / (ny - 1);
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

    /**
     * {@code temp = rankc - rank - rankc_mean + rank_mean; S = temp . temp / (n - 1)}, with
     * {@code placement = rankc - rank} (exact) in sorted order, which changes the pairwise sum by
     * rounding only.
     */
    private static double placementVariance(double[] placement, double rankcMean, double rankMean) {
        // The squares replace the placements in place: they are not needed afterwards.
        double[] squares = placement;
        for (int i = 0; i < squares.length; i++) {
            double temp = placement[i] - rankcMean + rankMean;
            squares[i] = temp * temp;
        }
        return NumPy.sum(squares) / (squares.length - 1);
    }
}
