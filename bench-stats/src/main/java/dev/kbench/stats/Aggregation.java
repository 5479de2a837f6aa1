package dev.kbench.stats;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a comparison tests: every sample, or one mean per repetition. */
public enum Aggregation {
    /** Every timed sample is one value: CONTRACTS.md §3's "the two sample arrays". The default. */
    SAMPLES("samples"),
    /**
     * One value per repetition, the mean of its samples, as benchstats recommends: repetitions taken
     * at different times absorb slow drifts, and the rank tests stay valid with few of them. Needs the
     * {@code repetition} column; enables the {@link Stability} check.
     */
    REPETITION_MEAN("repetition_mean");

    private final String cliName;

    Aggregation(String cliName) {
        this.cliName = cliName;
    }

    /**
     * The name on the command line and in JSON.
     *
     * @return {@code samples} or {@code repetition_mean}
     */
    public String cliName() {
        return cliName;
    }

    /**
     * The aggregation of a command-line name.
     *
     * @param name {@code samples} or {@code repetition_mean}, case-insensitive
     * @return the aggregation
     * @throws IllegalArgumentException naming the choices for any other name
     */
    public static Aggregation fromName(String name) {
        for (Aggregation a : values()) {
            if (a.cliName.equals(name.toLowerCase(Locale.ROOT))) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown aggregation '" + name + "'; choose one of "
                + Arrays.stream(values()).map(Aggregation::cliName).collect(Collectors.joining(", ")));
    }
}
