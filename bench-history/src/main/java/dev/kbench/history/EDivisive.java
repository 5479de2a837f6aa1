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
package dev.kbench.history;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Change points in a series by E-divisive means, as Apache Otava (formerly Hunter) finds them: Matteson and
 * James' divisive estimator ("A Nonparametric Approach for Multiple Change Point Analysis of Multivariate
 * Data", 2014) with Otava's split and merge steps (Fleming et al., "Hunter: Using Change Point Detection to
 * Hunt for Performance Regressions", ICPE 2023).
 *
 * <p>Split: the series is cut into windows of {@link #window()} points overlapping by half; in each window
 * the point that maximises the energy statistic {@code Q(X, Y) = 2/(m+n) sum|X_i - Y_j| - 2m/((m+n)(n-1))
 * sum_{i<k}|X_i - X_k| - 2n/((m+n)(m-1)) sum_{j<k}|Y_j - Y_k|} (over every split of the segment into X and a
 * following Y) becomes a change point while a two-sided Student's t-test between the two sides gives a
 * p-value at most ten times {@link #maxPValue()} (weak change points). Merge: the weakest change point (the
 * highest p-value; when all pass, the smallest relative change) is dropped until every one left has a
 * p-value below {@link #maxPValue()} and a relative change above {@link #minMagnitude()}; dropping one
 * recomputes both neighbours against the segments that remain. As in Otava, the t-test uses each side's
 * population standard deviation (NumPy's {@code np.std}). Unlike Otava's merge, which recomputes the
 * change points after the dropped one, both neighbours are recomputed (the one before has a new right segment).
 *
 * <p>Immutable and thread-safe.
 */
public final class EDivisive {

    /** Otava's default significance: a change point's p-value must be below 0.001. */
    public static final double DEFAULT_MAX_PVALUE = 0.001;
    /** Otava's default smallest relative change: any. */
    public static final double DEFAULT_MIN_MAGNITUDE = 0.0;
    /** Otava's default window of the split step, in points. */
    public static final int DEFAULT_WINDOW = 50;

    private final double maxPValue;
    private final double minMagnitude;
    private final int window;

    private EDivisive(double maxPValue, double minMagnitude, int window) {
        this.maxPValue = maxPValue;
        this.minMagnitude = minMagnitude;
        this.window = window;
    }

    /**
     * Otava's defaults: p-value below 0.001, any magnitude, windows of 50 points.
     *
     * @return the detector
     */
    public static EDivisive withDefaults() {
        return new EDivisive(DEFAULT_MAX_PVALUE, DEFAULT_MIN_MAGNITUDE, DEFAULT_WINDOW);
    }

    /**
     * With another significance level.
     *
     * @param p the largest p-value a change point may have, in (0, 1)
     * @return a new detector
     * @throws IllegalArgumentException naming {@code --max-pvalue} and the value when outside (0, 1)
     */
    public EDivisive withMaxPValue(double p) {
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("--max-pvalue must be in (0, 1), got " + p + "; the default is "
                    + DEFAULT_MAX_PVALUE);
        }
        return new EDivisive(p, minMagnitude, window);
    }

    /**
     * With a smallest relative change.
     *
     * @param m the relative change a change point must exceed (0.02 for 2%), >= 0
     * @return a new detector
     * @throws IllegalArgumentException naming {@code --min-magnitude} and the value when negative or not finite
     */
    public EDivisive withMinMagnitude(double m) {
        if (!(m >= 0) || Double.isInfinite(m)) {
            throw new IllegalArgumentException("--min-magnitude must be a finite number >= 0, got " + m
                    + "; e.g. 0.02 for 2%");
        }
        return new EDivisive(maxPValue, m, window);
    }

    /**
     * With another window of the split step.
     *
     * @param points the window, >= 4 points
     * @return a new detector
     * @throws IllegalArgumentException naming {@code --window} and the value when below 4
     */
    public EDivisive withWindow(int points) {
        if (points < 4) {
            throw new IllegalArgumentException("--window must be >= 4 points, got " + points + "; the default is "
                    + DEFAULT_WINDOW);
        }
        return new EDivisive(maxPValue, minMagnitude, points);
    }

    /**
     * The largest p-value a change point may have.
     *
     * @return in (0, 1)
     */
    public double maxPValue() {
        return maxPValue;
    }

    /**
     * The relative change a change point must exceed.
     *
     * @return >= 0
     */
    public double minMagnitude() {
        return minMagnitude;
    }

    /**
     * The window of the split step.
     *
     * @return in points
     */
    public int window() {
        return window;
    }

    /**
     * One change point of a series.
     *
     * @param index the index of the first point after the change
     * @param pValue the two-sided t-test's p-value between the segments before and after it
     * @param meanBefore the mean of the segment before
     * @param meanAfter the mean of the segment after
     * @param stdBefore the population standard deviation of the segment before
     * @param stdAfter the population standard deviation of the segment after
     * @param sizeBefore the points in the segment before
     * @param sizeAfter the points in the segment after
     */
    public record Split(int index, double pValue, double meanBefore, double meanAfter, double stdBefore,
                        double stdAfter, int sizeBefore, int sizeAfter) {

        /**
         * The relative change from before to after.
         *
         * @return {@code meanAfter / meanBefore - 1}; 0 when the mean before is 0
         */
        public double forwardChange() {
            return meanBefore == 0 ? 0 : meanAfter / meanBefore - 1;
        }

        /**
         * The larger of the forward and backward relative changes, Otava's magnitude.
         *
         * @return {@code max(|after/before - 1|, |before/after - 1|)}
         */
        public double magnitude() {
            double backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1;
            return Math.max(Math.abs(forwardChange()), Math.abs(backward));
        }
    }

    /**
     * The change points of a series.
     *
     * @param series the values in order (one per run), finite
     * @return the change points by index
     * @throws IllegalArgumentException when a value is not finite
     */
    public List<Split> find(double[] series) {
        for (double v : series) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("a series value is not finite: " + v);
            }
        }
        double firstPass = maxPValue < 0.05 ? maxPValue * 10 : (maxPValue < 0.5 ? maxPValue * 2 : maxPValue);
        List<Integer> weak = split(series, firstPass);
        List<Split> points = new ArrayList<>();
        for (int index : weak) {
            points.add(stats(series, index, weak));
        }
        return merge(points, series);
    }

    /** The weak change points: the union of those found window by window, sorted. */
    private List<Integer> split(double[] series, double pValue) {
        TreeSet<Integer> found = new TreeSet<>();
        int step = window / 2;
        int start = 0;
        while (start < series.length) {
            int end = Math.min(start + window, series.length);
            List<Integer> inWindow = detect(series, start, end, pValue);
            int last = inWindow.isEmpty() ? 0 : inWindow.getLast();
            start = Math.max(last, start + step);
            found.addAll(inWindow);
        }
        return new ArrayList<>(found);
    }

    /** Matteson and James' divisive detection within series[from, to), stopping at the first insignificant candidate. */
    private static List<Integer> detect(double[] series, int from, int to, double pValue) {
        double[] y = java.util.Arrays.copyOfRange(series, from, to);
        Distances d = new Distances(y);
        List<Integer> points = new ArrayList<>();
        while (true) {
            int[] bounds = bounds(points, y.length);
            int best = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            for (int i = 0; i + 1 < bounds.length; i++) {
                if (bounds[i + 1] - bounds[i] > 1) {
                    double[] c = d.candidate(bounds[i], bounds[i + 1]);
                    if (c[1] > bestQ) {
                        bestQ = c[1];
                        best = (int) c[0];
                    }
                }
            }
            if (best < 0) {
                break;
            }
            Split s = stats(y, best, points);
            if (s.pValue() <= pValue) {
                points.add(best);
                points.sort(null);
            } else {
                break;
            }
        }
        List<Integer> absolute = new ArrayList<>();
        points.forEach(p -> absolute.add(p + from));
        return absolute;
    }

    /** Drops the weakest change points until all are significant and large enough. */
    private List<Split> merge(List<Split> points, double[] series) {
        List<Split> cps = new ArrayList<>(points);
        while (!cps.isEmpty()) {
            int weakest = 0;
            for (int i = 1; i < cps.size(); i++) {
                if (cps.get(i).pValue() > cps.get(weakest).pValue()) {
                    weakest = i;
                }
            }
            if (cps.get(weakest).pValue() < maxPValue) {
                weakest = 0;
                for (int i = 1; i < cps.size(); i++) {
                    if (cps.get(i).magnitude() < cps.get(weakest).magnitude()) {
                        weakest = i;
                    }
                }
                if (cps.get(weakest).magnitude() > minMagnitude) {
                    return cps;
                }
            }
            cps.remove(weakest);
            List<Integer> indexes = cps.stream().map(Split::index).toList();
            for (int i = Math.max(0, weakest - 1); i <= Math.min(cps.size() - 1, weakest); i++) {
                cps.set(i, stats(series, cps.get(i).index(), indexes));
            }
        }
        return cps;
    }

    /** Segment bounds of the series cut at the change points: 0, c1, ..., n. */
    private static int[] bounds(List<Integer> points, int n) {
        int[] b = new int[points.size() + 2];
        for (int i = 0; i < points.size(); i++) {
            b[i + 1] = points.get(i);
        }
        b[b.length - 1] = n;
        return b;
    }

    /**
     * The t-test of a change point at {@code index} between its neighbouring segments: when {@code index} is one
     * of {@code points}, the segments either side of it; else the segment holding it, cut at it.
     */
    private static Split stats(double[] series, int index, List<Integer> points) {
        int[] b = bounds(points, series.length);
        int left = -1;
        int right = -1;
        for (int i = 0; i + 1 < b.length; i++) {
            if (b[i + 1] == index && i + 2 < b.length) {
                left = b[i];
                right = b[i + 2];
                break;
            }
            if (b[i] < index && index < b[i + 1]) {
                left = b[i];
                right = b[i + 1];
                break;
            }
        }
        if (left < 0) {
            throw new IllegalStateException("change point " + index + " is in no segment");
        }
        double[] x = java.util.Arrays.copyOfRange(series, left, index);
        double[] z = java.util.Arrays.copyOfRange(series, index, right);
        double m1 = mean(x);
        double m2 = mean(z);
        double s1 = x.length >= 2 ? populationStd(x, m1) : 0;
        double s2 = z.length >= 2 ? populationStd(z, m2) : 0;
        return new Split(index, tTest(m1, s1, x.length, m2, s2, z.length), m1, m2, s1, s2, x.length, z.length);
    }

    /**
     * The two-sided p-value of Student's t-test from statistics, as SciPy's {@code ttest_ind_from_stats} with
     * equal variances; 1 without degrees of freedom or when both sides are constant and equal.
     */
    static double tTest(double mean1, double std1, int n1, double mean2, double std2, int n2) {
        int df = n1 + n2 - 2;
        if (df <= 0) {
            return 1;
        }
        double pooled = ((n1 - 1) * std1 * std1 + (n2 - 1) * std2 * std2) / df;
        double denominator = Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
        double t = (mean1 - mean2) / denominator;
        if (Double.isNaN(t)) {
            return 1;
        }
        if (Double.isInfinite(t)) {
            return 0;
        }
        return Math.min(1, 2 * TDistribution.of(df).survivalProbability(Math.abs(t)));
    }

    private static double mean(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x;
        }
        return sum / v.length;
    }

    private static double populationStd(double[] v, double mean) {
        double sum = 0;
        for (double x : v) {
            sum += (x - mean) * (x - mean);
        }
        return Math.sqrt(sum / v.length);
    }

    /** Pairwise distances |y_i - y_j| of a window with column prefix sums, for Q in O(n^2) per segment. */
    private static final class Distances {
        private final double[] y;
        /** prefix[c][r]: the sum of |y_i - y_c| for i < r. */
        private final double[][] prefix;

        Distances(double[] y) {
            this.y = y;
            int n = y.length;
            prefix = new double[n][n + 1];
            for (int c = 0; c < n; c++) {
                for (int r = 0; r < n; r++) {
                    prefix[c][r + 1] = prefix[c][r] + Math.abs(y[r] - y[c]);
                }
            }
        }

        /** The sum of |y_i - y_c| for from <= i < to. */
        private double sum(int c, int from, int to) {
            return prefix[c][to] - prefix[c][from];
        }

        /**
         * The best split of segment [a, b): the tau in (a, b) and kappa in (tau, b] maximising Q(y[a, tau),
         * y[tau, kappa)), the first in (tau, kappa) order on ties. Returns {tau, Q}.
         */
        double[] candidate(int a, int b) {
            double bestQ = Double.NEGATIVE_INFINITY;
            int bestTau = -1;
            double withinX = 0;
            for (int tau = a + 1; tau < b; tau++) {
                if (tau > a + 1) {
                    withinX += sum(tau - 1, a, tau - 1);
                }
                int n = tau - a;
                double cross = 0;
                double withinY = 0;
                for (int kappa = tau + 1; kappa <= b; kappa++) {
                    cross += sum(kappa - 1, a, tau);
                    withinY += sum(kappa - 1, tau, kappa - 1);
                    int m = kappa - tau;
                    double total = m + n;
                    double q = 2 / total * cross
                            - (n > 1 ? 2.0 * m / (total * (n - 1)) * withinX : 0)
                            - (m > 1 ? 2.0 * n / (total * (m - 1)) * withinY : 0);
                    if (q > bestQ) {
                        bestQ = q;
                        bestTau = tau;
                    }
                }
            }
            return new double[] {bestTau, bestQ};
        }
    }
}
