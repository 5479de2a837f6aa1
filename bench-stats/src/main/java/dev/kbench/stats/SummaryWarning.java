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

import java.util.Locale;
import java.util.Objects;

/**
 * Something about a benchmark's samples a user should see before trusting its numbers.
 *
 * @param kind what is wrong
 * @param message one sentence with the numbers and what to do
 */
public record SummaryWarning(Kind kind, String message) {

    /** The kinds of warning. */
    public enum Kind {
        /** Fewer samples than {@link Summarizer#withMinSamples(int)}. */
        FEW_SAMPLES,
        /** Relative noise above {@link Summarizer#withNoiseThreshold(double)}. */
        NOISY,
        /** The first sample(s) are much slower than the rest: the warmup was too short. */
        MISSING_WARMUP,
        /** {@link dev.kbench.api.MeasurementWarning.Kind#FEW_SAMPLES_PER_REPETITION}. */
        FEW_SAMPLES_PER_REPETITION,
        /**
         * {@link dev.kbench.api.MeasurementWarning.Kind#CACHE_CLEAR_DOMINATES}: known only where the
         * estimate is, in a run, not from a samples file.
         */
        CACHE_CLEAR_DOMINATES,
        /**
         * Some repetitions ran while the device was throttled (the samples' {@code throttle} column): the
         * message counts them and names the reasons.
         */
        THROTTLED;

        /**
         * The name in JSON.
         *
         * @return e.g. {@code few_samples}
         */
        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Validates the fields. */
    public SummaryWarning {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    /**
     * A thin measurement's warning as a summary warning.
     *
     * @param warning the measurement's warning
     * @return the same kind and message
     */
    public static SummaryWarning of(dev.kbench.api.MeasurementWarning warning) {
        return new SummaryWarning(Kind.valueOf(warning.kind().name()), warning.message());
    }
}
