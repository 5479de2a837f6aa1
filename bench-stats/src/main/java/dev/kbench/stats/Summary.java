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

import java.util.List;
import java.util.Objects;

/**
 * Robust summary of one benchmark's samples ({@code kbench summary}, docs/formats.md §4). Times are in
 * milliseconds; quantiles, the median and the quartiles use NumPy's {@code linear} method.
 *
 * @param id the benchmark and its parameters
 * @param n the number of samples, at least 1
 * @param minMillis the smallest sample
 * @param maxMillis the largest sample
 * @param meanMillis the arithmetic mean
 * @param medianMillis the median
 * @param stddevMillis the standard deviation with {@code n - 1} (0 for one sample)
 * @param quantiles the quantiles asked for, in the order asked
 * @param iqrMillis the interquartile range {@code Q3 - Q1}
 * @param madMillis the median absolute deviation from the median, unscaled (SciPy's
 *        {@code median_abs_deviation(x)}); multiply by 1.4826 for a normal-consistent spread
 * @param medianInterval a distribution-free confidence interval of the median from order
 *        statistics, as SciPy's {@code quantile_test(x, p=0.5).confidence_interval(level)}; NaN
 *        bounds when there are too few samples for the level
 * @param relativeNoise {@code 1.4826 * mad / median}, a robust coefficient of variation (equal to
 *        {@code stddev / mean} for normal data, insensitive to outliers); 0 when both are 0, infinite
 *        when only the median is 0
 * @param outliers Tukey's outliers
 * @param warnings what the user should know before trusting these numbers, possibly none
 */
public record Summary(BenchmarkId id, int n, double minMillis, double maxMillis, double meanMillis,
                      double medianMillis, double stddevMillis, List<QuantileValue> quantiles, double iqrMillis,
                      double madMillis, Interval medianInterval, double relativeNoise, Outliers outliers,
                      List<SummaryWarning> warnings) {

    /** Validates and copies. */
    public Summary {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(medianInterval, "medianInterval");
        Objects.requireNonNull(outliers, "outliers");
        quantiles = List.copyOf(quantiles);
        warnings = List.copyOf(warnings);
    }

    /**
     * This summary with more warnings, e.g. a run's {@link dev.kbench.api.BenchmarkOutcome#warnings()};
     * a given warning replaces one of its kind already present, in its place: the measurement's own
     * warning knows more (its estimate, its measured clear) than one inferred from the samples.
     *
     * @param more the warnings to add
     * @return the summary with them
     */
    public Summary withWarnings(List<SummaryWarning> more) {
        List<SummaryWarning> all = new java.util.ArrayList<>(warnings);
        for (SummaryWarning w : more) {
            int at = java.util.stream.IntStream.range(0, all.size()).filter(i -> all.get(i).kind() == w.kind())
                    .findFirst().orElse(-1);
            if (at < 0) {
                all.add(w);
            } else {
                all.set(at, w);
            }
        }
        return new Summary(id, n, minMillis, maxMillis, meanMillis, medianMillis, stddevMillis, quantiles, iqrMillis,
                madMillis, medianInterval, relativeNoise, outliers, all);
    }
}
