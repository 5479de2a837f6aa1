package dev.kbench.stats;

/** What a comparison tests: every sample, or one mean per repetition. */
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
}
