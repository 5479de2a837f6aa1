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
        MISSING_WARMUP;

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
}
