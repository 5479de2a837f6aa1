package dev.kbench.stats;

import dev.kbench.api.SampleRecord;
import java.util.Objects;

/**
 * A benchmark's identity in the samples CSV: name and parameters (docs/formats.md §2).
 *
 * @param benchmark the name, not blank
 * @param params the parameters, {@code k=v} pairs joined by {@code ;}, empty for none
 */
public record BenchmarkId(String benchmark, String params) {

    /** Validates the fields. */
    public BenchmarkId {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(params, "params");
    }

    /**
     * The identity of a sample's benchmark.
     *
     * @param record the sample
     * @return its benchmark and params
     */
    public static BenchmarkId of(SampleRecord record) {
        return new BenchmarkId(record.benchmark(), record.params());
    }

    /**
     * The identity as text, as {@link SampleRecord#id()}.
     *
     * @return {@code benchmark}, or {@code benchmark[params]} when there are parameters
     */
    @Override
    public String toString() {
        return params.isEmpty() ? benchmark : benchmark + "[" + params + "]";
    }
}
