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
import java.util.OptionalLong;

/**
 * A measurement too thin to trust, said with a fix that changes it: too few timed calls per repetition,
 * or a measured cache clear that takes most of each timed call where a smaller clear is at hand.
 * {@link BenchResult#warnings()} and {@link BenchmarkOutcome#warnings()} apply the rules; summaries of
 * samples files apply the first.
 *
 * @param kind what is thin
 * @param message one sentence with the numbers and what to do
 */
public record MeasurementWarning(Kind kind, String message) {

    /** Fewer timed samples than this per repetition (one {@code doBench}) earn a warning. */
    public static final int MIN_SAMPLES_PER_REPETITION = 5;

    /**
     * A clear taking more than this share of a timed call (one measured clear and the call's median,
     * {@code clear / (clear + median)}) earns a warning where a smaller clear is at hand.
     */
    public static final double MAX_CACHE_CLEAR_SHARE = 0.5;

    /** The fix for few samples when the estimate is not known: more calls per repetition. */
    static final String FIX = "longer repetitions (--rep-ms, BenchOptions.withRepMillis or SuiteOptions.withMillis) or a"
            + " floor of 5 calls per repetition (--min-samples 5, SuiteOptions.withMinSamplesPerRepetition)";

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
     * The few-samples rule alone, for a measurement whose clear was not measured: see
     * {@link #of(int, double, double, double, OptionalLong)}.
     *
     * @param samplesPerRepetition the fewest samples any repetition has
     * @param estimateMillis the per-call estimate (clear and call) the counts were derived from; NaN if unknown
     * @param medianMillis the median sample (the call alone)
     * @return the warnings, possibly none
     */
    public static List<MeasurementWarning> of(int samplesPerRepetition, double estimateMillis, double medianMillis) {
        return of(samplesPerRepetition, estimateMillis, medianMillis, Double.NaN, OptionalLong.empty());
    }

    /**
     * Both rules for one measurement, each with a fix only where the fix changes the outcome:
     * <ul>
     *   <li>fewer than {@link #MIN_SAMPLES_PER_REPETITION} samples in a repetition: the {@code --rep-ms}
     *       that gives that many ({@code 5 * estimate}: Triton's count is {@code rep / estimate}), the
     *       floor {@code --min-samples 5}, and the device-sized clear where it is smaller;</li>
     *   <li>a measured clear taking more than {@link #MAX_CACHE_CLEAR_SHARE} of each timed call, where the
     *       device-sized clear is smaller than the one used. Where it is not (the clear is already
     *       device-sized, or the device reports no cache, as PoCL may), no smaller clear is at hand, and
     *       the clear's cost is only time: no warning.</li>
     * </ul>
     *
     * @param samplesPerRepetition the fewest samples any repetition has
     * @param estimateMillis the per-call estimate (clear and call) the counts were derived from; NaN if unknown
     * @param medianMillis the median sample (the call alone)
     * @param clearMillis one clear's measured device time; 0 without a clear, NaN if not measured
     * @param smallerClearBytes the device-sized clear where it is smaller than the clear used, else empty
     * @return the warnings, possibly none
     */
    public static List<MeasurementWarning> of(int samplesPerRepetition, double estimateMillis, double medianMillis,
                                              double clearMillis, OptionalLong smallerClearBytes) {
        List<MeasurementWarning> warnings = new ArrayList<>(2);
        String smaller = smallerClearBytes.isPresent() ? String.format(Locale.ROOT, "--cache-clear device, %s MiB"
                + " (SuiteOptions or BenchOptions.withCacheClearBytes(CacheSizes.deviceSized(facts, 2)))",
                mebibytes(smallerClearBytes.getAsLong())) : "";
        if (samplesPerRepetition < MIN_SAMPLES_PER_REPETITION) {
            String fix = estimateMillis > 0 && Double.isFinite(estimateMillis) ? String.format(Locale.ROOT,
                    "--rep-ms %s gives %d (BenchOptions.withRepMillis, SuiteOptions.withMillis), as does a floor of"
                            + " --min-samples %d (SuiteOptions.withMinSamplesPerRepetition)",
                    repMillisFor(estimateMillis), MIN_SAMPLES_PER_REPETITION, MIN_SAMPLES_PER_REPETITION) : FIX;
            warnings.add(new MeasurementWarning(Kind.FEW_SAMPLES_PER_REPETITION, String.format(Locale.ROOT,
                    "only %d sample(s) per repetition, fewer than %d: each repetition rests on too few calls; %s%s",
                    samplesPerRepetition, MIN_SAMPLES_PER_REPETITION, fix,
                    smaller.isEmpty() ? "" : "; or a smaller clear: " + smaller)));
        }
        double clearShare = clearMillis / (clearMillis + medianMillis);
        if (!smaller.isEmpty() && clearMillis > 0 && clearShare > MAX_CACHE_CLEAR_SHARE) {
            warnings.add(new MeasurementWarning(Kind.CACHE_CLEAR_DOMINATES, String.format(Locale.ROOT,
                    "the cache clear takes %.0f%% of each timed call (one clear measured at %.4g ms, the call's"
                            + " median %.4g ms), more than %.0f%%: most of each repetition goes to clearing;"
                            + " a smaller clear: %s",
                    100 * clearShare, clearMillis, medianMillis, 100 * MAX_CACHE_CLEAR_SHARE, smaller)));
        }
        return List.copyOf(warnings);
    }

    /** The smallest {@code --rep-ms} giving {@link #MIN_SAMPLES_PER_REPETITION} calls, rounded up to 2 digits. */
    static String repMillisFor(double estimateMillis) {
        java.math.BigDecimal needed = java.math.BigDecimal.valueOf(MIN_SAMPLES_PER_REPETITION * estimateMillis)
                .round(new java.math.MathContext(2, java.math.RoundingMode.UP));
        return needed.stripTrailingZeros().toPlainString();
    }

    private static String mebibytes(long bytes) {
        return java.math.BigDecimal.valueOf(bytes / (double) (1L << 20)).round(new java.math.MathContext(3))
                .stripTrailingZeros().toPlainString();
    }
}
