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

import dev.kbench.api.internal.Quantiles;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;

/**
 * Percentile-bootstrap confidence interval of a ratio of medians, drawing each resample's median
 * from its exact distribution instead of materialising the resample.
 *
 * <p>The median of {@code n} values resampled with replacement from sorted data is
 * {@code sorted[J]} (odd {@code n}) or the interpolation of {@code sorted[J1]}, {@code sorted[J2]}
 * (even {@code n}), where {@code J}s are order statistics of {@code n} indices uniform on
 * {@code 0..n-1}. Those are {@code floor(n U)} of the order statistics {@code U} of {@code n}
 * standard uniforms: {@code U(k) ~ Beta(k, n - k + 1)}, and the next one is
 * {@code U(k) + (1 - U(k)) V} with {@code V ~ Beta(1, n - k)}, the smallest of the {@code n - k}
 * uniforms above {@code U(k)}. So each resample costs O(1) whatever {@code n} is, and the bootstrap
 * distribution is exactly that of the naive resampling.
 */
final class MedianBootstrap {

    private final double[] sorted;
    private final int n;
    private final int k;
    private final ContinuousSampler gammaK;
    private final ContinuousSampler gammaRest;
    private final SplittableRandom random;

    private MedianBootstrap(double[] sorted, SplittableRandom random) {
        this.sorted = sorted;
        this.n = sorted.length;
        this.random = random;
        // 1-based order of the (lower) middle value: (n + 1) / 2 for odd n, n / 2 for even n.
        this.k = (n + 1) / 2;
        UniformRandomProvider rng = random::nextLong;
        // Beta(a, b) = G(a) / (G(a) + G(b)) with Marsaglia-Tsang gammas: a few times faster than
        // Cheng's beta sampler, whose log1p calls dominate otherwise.
        this.gammaK = AhrensDieterMarsagliaTsangGammaSampler.of(rng, k, 1);
        this.gammaRest = AhrensDieterMarsagliaTsangGammaSampler.of(rng, n - k + 1.0, 1);
    }

    /**
     * A bootstrap of the median of {@code values}.
     *
     * @param values the data, not empty
     * @param random the source of randomness, used by this bootstrap only
     * @return the bootstrap
     */
    static MedianBootstrap of(double[] values, SplittableRandom random) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new MedianBootstrap(sorted, random);
    }

    /**
     * One bootstrap replicate of the median.
     *
     * @return the median of a resample, as {@link Quantiles#ofSorted(double[], double)} at 0.5
     */
    double next() {
        double a = gammaK.sample();
        double u = a / (a + gammaRest.sample());
        int j1 = index(u);
        if (n % 2 == 1) {
            return sorted[j1];
        }
        // V ~ Beta(1, n - k) by inversion: 1 - W^(1 / (n - k)), W uniform on (0, 1].
        double v = 1 - Math.pow(1 - random.nextDouble(), 1.0 / (n - k));
        int j2 = Math.max(j1, index(u + (1 - u) * v));
        double lo = sorted[j1];
        double hi = sorted[j2];
        // NumPy's _lerp at t = 0.5, as Quantiles.ofSorted.
        return hi - (hi - lo) * 0.5;
    }

    private int index(double u) {
        return Math.min(n - 1, (int) (n * u));
    }

    /**
     * The percentile-bootstrap interval of {@code median(next) / median(base)}.
     *
     * @param base the base values
     * @param next the new values
     * @param resamples how many replicates, at least 1
     * @param confidenceLevel the level, in (0, 1)
     * @param random the source of randomness
     * @return the interval, by NumPy's linear quantiles of the replicates
     */
    static Interval ratioInterval(double[] base, double[] next, int resamples, double confidenceLevel,
                                  SplittableRandom random) {
        MedianBootstrap b = of(base, random.split());
        MedianBootstrap m = of(next, random.split());
        double[] ratios = new double[resamples];
        for (int i = 0; i < resamples; i++) {
            ratios[i] = ratio(m.next(), b.next());
        }
        Arrays.sort(ratios);
        double tail = (1 - confidenceLevel) / 2;
        return new Interval(quantile(ratios, tail), quantile(ratios, 1 - tail), confidenceLevel);
    }

    /**
     * The two-stage (hierarchical) percentile-bootstrap interval of the ratio of the medians of fork
     * medians: each replicate draws the forks with replacement, then each drawn fork's median from a
     * resample of its own samples (in O(1), as {@link #next()}), and takes the center of those.
     *
     * @param base the base samples, fork after fork
     * @param baseSizes the size of each base fork, in order
     * @param next the new samples, fork after fork
     * @param nextSizes the size of each new fork
     * @param center the center of a replicate's fork medians
     * @param resamples how many replicates, at least 1
     * @param confidenceLevel the level, in (0, 1)
     * @param random the source of randomness
     * @return the interval, by NumPy's linear quantiles of the replicates
     */
    static Interval hierarchicalRatioInterval(double[] base, int[] baseSizes, double[] next, int[] nextSizes,
                                              Center center, int resamples, double confidenceLevel,
                                              SplittableRandom random) {
        MedianBootstrap[] b = forks(base, baseSizes, random.split());
        MedianBootstrap[] m = forks(next, nextSizes, random.split());
        SplittableRandom pick = random.split();
        double[] bMedians = new double[b.length];
        double[] mMedians = new double[m.length];
        double[] ratios = new double[resamples];
        for (int i = 0; i < resamples; i++) {
            for (int f = 0; f < b.length; f++) {
                bMedians[f] = b[pick.nextInt(b.length)].next();
            }
            for (int f = 0; f < m.length; f++) {
                mMedians[f] = m[pick.nextInt(m.length)].next();
            }
            ratios[i] = ratio(center.of(mMedians), center.of(bMedians));
        }
        Arrays.sort(ratios);
        double tail = (1 - confidenceLevel) / 2;
        return new Interval(quantile(ratios, tail), quantile(ratios, 1 - tail), confidenceLevel);
    }

    private static MedianBootstrap[] forks(double[] pooled, int[] sizes, SplittableRandom random) {
        MedianBootstrap[] forks = new MedianBootstrap[sizes.length];
        int from = 0;
        for (int f = 0; f < sizes.length; f++) {
            forks[f] = of(Arrays.copyOfRange(pooled, from, from + sizes[f]), random.split());
            from += sizes[f];
        }
        return forks;
    }

    /**
     * {@code numerator / denominator} for medians: 1 for 0/0, infinite for x/0.
     *
     * @param numerator the new median
     * @param denominator the base median
     * @return the ratio
     */
    static double ratio(double numerator, double denominator) {
        if (denominator == 0) {
            return numerator == 0 ? 1 : Double.POSITIVE_INFINITY;
        }
        return numerator / denominator;
    }

    /** NumPy's linear quantile, also where the neighbours are infinite. */
    private static double quantile(double[] sorted, double q) {
        double virtual = (sorted.length - 1) * q;
        int lo = (int) Math.floor(virtual);
        int hi = Math.min(lo + 1, sorted.length - 1);
        if (sorted[lo] == sorted[hi] || Double.isInfinite(sorted[hi])) {
            return virtual == lo ? sorted[lo] : sorted[hi];
        }
        return Quantiles.ofSorted(sorted, q);
    }
}
