package dev.kbench.stats;

import java.util.Objects;

/**
 * One quantile of a summary.
 *
 * @param label the probability as the user wrote it, the key in JSON, e.g. {@code 0.2}
 * @param probability the probability, in [0, 1]
 * @param valueMillis the quantile in milliseconds, NumPy's {@code linear} method
 */
public record QuantileValue(String label, double probability, double valueMillis) {

    /** Validates the label. */
    public QuantileValue {
        Objects.requireNonNull(label, "label");
    }
}
