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

import java.util.Arrays;

/**
 * One run of a series: its forks' medians, their median and bounds around it, by
 * {@link dev.kbench.stats.ForkEstimate}'s rule (the rule of the dashboards' exports too).
 *
 * @param run the run
 * @param forkMediansMillis each fork's median, in milliseconds, in fork order
 * @param medianMillis the median of the fork medians, in milliseconds
 * @param lowerMillis the lower bound: the median's distribution-free interval over the fork medians where
 *        the forks are enough for the level, else the lowest fork median (one fork: over its samples)
 * @param upperMillis the upper bound, likewise
 * @param interval whether the bounds are the median's confidence interval (else the lowest and highest value)
 * @param bounds how the bounds were made, e.g. {@code 95% interval of the median of 6 fork medians}
 * @param samples how many samples the run holds of this series
 */
public record TrendPoint(StoredRun run, double[] forkMediansMillis, double medianMillis, double lowerMillis,
                         double upperMillis, boolean interval, String bounds, int samples) {

    /**
     * Copies the fork medians.
     */
    public TrendPoint {
        forkMediansMillis = forkMediansMillis.clone();
    }

    /**
     * Each fork's median.
     *
     * @return a copy, in milliseconds
     */
    @Override
    public double[] forkMediansMillis() {
        return forkMediansMillis.clone();
    }

    /**
     * The lowest fork median.
     *
     * @return in milliseconds
     */
    public double minForkMillis() {
        return Arrays.stream(forkMediansMillis).min().orElse(Double.NaN);
    }

    /**
     * The highest fork median.
     *
     * @return in milliseconds
     */
    public double maxForkMillis() {
        return Arrays.stream(forkMediansMillis).max().orElse(Double.NaN);
    }
}
