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
package dev.kbench.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A measurement too thin to trust, said with its fix: too few timed calls per repetition, or a cache
 * clear that takes most of each repetition's time. {@link BenchResult#warnings()} and
 * {@link BenchmarkOutcome#warnings()} apply the rules; summaries of samples files apply the first.
 *
 * @param kind what is thin
 * @param message one sentence with the numbers and what to do
 */
public record MeasurementWarning(Kind kind, String message) {

    /** Fewer timed samples than this per repetition (one {@code doBench}) earn a warning. */
    public static final int MIN_SAMPLES_PER_REPETITION = 5;

    /**
     * A clear taking more than this share of a timed call's estimated time (clear and call) earns a warning.
     * The estimate times clear and call together and the samples time the call alone, so the clear's
     * share is {@code 1 - median / estimate}.
     */
    public static final double MAX_CACHE_CLEAR_SHARE = 0.5;

    /** The fix for both kinds, for the CLI and for code. */
    static final String FIX = "use a smaller cache clear (--cache-clear device, or"
            + " BenchOptions.withCacheClearBytes(CacheSizes.deviceSized(facts, 2))) or longer repetitions"
            + " (--rep-ms, BenchOptions.withRepMillis or SuiteOptions.withMillis)";

    /** The kinds of thin measurement. */
    public enum Kind {
        /** Fewer than {@link #MIN_SAMPLES_PER_REPETITION} samples in a repetition. */
        FEW_SAMPLES_PER_REPETITION,
        /** The cache clear takes more than {@link #MAX_CACHE_CLEAR_SHARE} of the repetition's time. */
        CACHE_CLEAR_DOMINATES;

        /**
         * The name in JSON.
         *
         * @return e.g. {@code few_samples_per_repetition}
         */
        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Validates the fields. */
    public MeasurementWarning {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    /**
     * The warning for a repetition of fewer than {@link #MIN_SAMPLES_PER_REPETITION} samples.
     *
     * @param samplesPerRepetition the fewest samples any repetition has
     * @return the warning, or empty if there are enough
     */
    public static Optional<MeasurementWarning> fewSamplesPerRepetition(int samplesPerRepetition) {
        if (samplesPerRepetition >= MIN_SAMPLES_PER_REPETITION) {
            return Optional.empty();
        }
        return Optional.of(new MeasurementWarning(Kind.FEW_SAMPLES_PER_REPETITION, String.format(Locale.ROOT,
                "only %d sample(s) per repetition, fewer than %d: each repetition rests on too few calls; %s",
                samplesPerRepetition, MIN_SAMPLES_PER_REPETITION, FIX)));
    }

    /**
     * Both rules for one measurement.
     *
     * @param samplesPerRepetition the fewest samples any repetition has
     * @param estimateMillis the per-call estimate (clear and call) the counts were derived from
     * @param medianMillis the median sample (the call alone)
     * @return the warnings, possibly none
     */
    public static List<MeasurementWarning> of(int samplesPerRepetition, double estimateMillis, double medianMillis) {
        List<MeasurementWarning> warnings = new ArrayList<>(2);
        fewSamplesPerRepetition(samplesPerRepetition).ifPresent(warnings::add);
        double clearShare = 1 - medianMillis / estimateMillis;
        if (estimateMillis > 0 && clearShare > MAX_CACHE_CLEAR_SHARE) {
            warnings.add(new MeasurementWarning(Kind.CACHE_CLEAR_DOMINATES, String.format(Locale.ROOT,
                    "the cache clear takes %.0f%% of each timed call's time (estimate %.4g ms, median %.4g ms), more"
                            + " than %.0f%%: most of the repetition's budget goes to clearing; %s",
                    100 * clearShare, estimateMillis, medianMillis,
                    100 * MAX_CACHE_CLEAR_SHARE, FIX)));
        }
        return List.copyOf(warnings);
    }
}
