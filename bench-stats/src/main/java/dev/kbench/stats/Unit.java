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
 * The unit a comparison tests: what one value of the test stands for. A test answers a question
 * about the population its values are drawn from: samples of one process say how that process
 * differs from another, forks (separate processes) say how the code does.
 */
public enum Unit {
    /**
     * {@link #FORK} for a benchmark with at least 2 forks on each side, else {@link #SAMPLE} with the
     * warning that the verdict is about two runs. The default.
     */
    AUTO("auto", "auto"),
    /**
     * One value per fork, the median of its samples; the ratio's interval is a two-stage bootstrap
     * (forks, then samples within each fork). Needs at least 2 forks on each side.
     */
    FORK("fork", "fork_median"),
    /**
     * One value per repetition (of each fork), the mean of its samples, as benchstats recommends;
     * adds the {@link Stability} check. Needs the {@code repetition} column.
     */
    REPETITION("repetition", "repetition_mean"),
    /** Every timed sample is one value. */
    SAMPLE("sample", "samples");

    /** The fewest forks on each side that {@link #FORK} tests, and from which {@link #AUTO} tests forks. */
    public static final int FEWEST_FORKS = 2;

    private final String jsonName;
    private final String aggregationName;

    Unit(String jsonName, String aggregationName) {
        this.jsonName = jsonName;
        this.aggregationName = aggregationName;
    }

    /**
     * The name compare JSON gives it ({@code unit}, docs/formats.md).
     *
     * @return {@code auto}, {@code fork}, {@code repetition} or {@code sample}
     */
    public String jsonName() {
        return jsonName;
    }

    /**
     * The name of what is tested, compare JSON's {@code aggregation}.
     *
     * @return {@code auto}, {@code fork_median}, {@code repetition_mean} or {@code samples}
     */
    public String aggregationName() {
        return aggregationName;
    }
}
