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
 * What a comparison tests: every sample, or one mean per repetition; the older spelling of
 * {@link Unit#SAMPLE} and {@link Unit#REPETITION}.
 */
public enum Aggregation {
    /** Every timed sample is one value: docs/formats.md §3's "the two sample arrays". The default. */
    SAMPLES("samples"),
    /**
     * One value per repetition, the mean of its samples, as benchstats recommends: repetitions taken
     * at different times absorb slow drifts, and the rank tests stay valid with few of them. Needs the
     * {@code repetition} column; enables the {@link Stability} check.
     */
    REPETITION_MEAN("repetition_mean");

    private final String jsonName;

    Aggregation(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * The name compare JSON gives it (docs/formats.md).
     *
     * @return {@code samples} or {@code repetition_mean}
     */
    public String jsonName() {
        return jsonName;
    }

    /**
     * The unit this aggregation stands for.
     *
     * @return {@link Unit#SAMPLE} or {@link Unit#REPETITION}
     */
    public Unit unit() {
        return this == SAMPLES ? Unit.SAMPLE : Unit.REPETITION;
    }
}
