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
import java.util.List;
import java.util.Locale;

/**
 * One benchmark of one run, with the fork as the unit: each fork's median, the median of those, and
 * bounds around it. The one rule for a run's value wherever a single number with bounds is shown (the
 * history's trend, the dashboards' exports): with enough forks for the level, the median's
 * distribution-free interval over the fork medians; with 2 forks up to that, the lowest and highest
 * fork median; with one fork, the median's interval over its samples (else their lowest and highest).
 *
 * @param forkMediansMillis each fork's median, in fork order
 * @param medianMillis the median of the fork medians (with one fork, the median of its samples)
 * @param lowerMillis the lower bound
 * @param upperMillis the upper bound
 * @param interval whether the bounds are a confidence interval of the median (else the lowest and highest value)
 * @param bounds how the bounds were made, e.g. {@code 95% interval of the median of 6 fork medians}
 * @param samples the samples over all forks
 */
public record ForkEstimate(double[] forkMediansMillis, double medianMillis, double lowerMillis, double upperMillis,
                           boolean interval, String bounds, int samples) {

    /** Copies the fork medians. */
    public ForkEstimate {
        forkMediansMillis = forkMediansMillis.clone();
    }

    /** {@return each fork's median (a copy)} */
    @Override
    public double[] forkMediansMillis() {
        return forkMediansMillis.clone();
    }

    /** {@return the lowest fork median} */
    public double minForkMillis() {
        return Arrays.stream(forkMediansMillis).min().orElse(Double.NaN);
    }

    /** {@return the highest fork median} */
    public double maxForkMillis() {
        return Arrays.stream(forkMediansMillis).max().orElse(Double.NaN);
    }

    /**
     * The estimate of one benchmark's forks.
     *
     * @param summarizer summarizes the fork medians, or the one fork's samples (its confidence level sets the
     *        intervals')
     * @param id the benchmark, for the summaries
     * @param forks each fork's samples in milliseconds, at least one fork, none empty
     * @return the estimate
     * @throws IllegalArgumentException if there is no fork or a fork has no samples
     */
    public static ForkEstimate of(Summarizer summarizer, BenchmarkId id, List<double[]> forks) {
        if (forks.isEmpty()) {
            throw new IllegalArgumentException(id + ": no forks");
        }
        double[] medians = new double[forks.size()];
        int samples = 0;
        for (int i = 0; i < medians.length; i++) {
            double[] times = forks.get(i);
            if (times.length == 0) {
                throw new IllegalArgumentException(id + ": fork " + i + " has no samples");
            }
            medians[i] = Quantiles.of(times, 0.5);   // the fork unit's median, as compare takes it
            samples += times.length;
        }
        if (medians.length == 1) {
            Summary s = summarizer.summarize(id, forks.getFirst());
            Interval in = s.medianInterval();
            return in.isDefined()
                    ? new ForkEstimate(medians, s.medianMillis(), in.lower(), in.upper(), true, percent(in)
                            + " interval of the median over the samples of 1 fork", samples)
                    : new ForkEstimate(medians, s.medianMillis(), s.minMillis(), s.maxMillis(), false, "min..max of 1 fork",
                            samples);
        }
        Summary over = summarizer.summarize(id, medians);
        Interval in = over.medianInterval();
        if (in.isDefined()) {
            return new ForkEstimate(medians, over.medianMillis(), in.lower(), in.upper(), true, percent(in)
                    + " interval of the median of " + medians.length + " fork medians", samples);
        }
        return new ForkEstimate(medians, over.medianMillis(), over.minMillis(), over.maxMillis(), false, "lowest..highest of "
                + medians.length + " fork medians", samples);
    }

    private static String percent(Interval in) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * in.confidenceLevel());
    }
}
