package dev.kbench.api;

import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One timed sample, as a row of the samples CSV (CONTRACTS.md §2). A benchmark's identity is the
 * pair ({@code benchmark}, {@code params}).
 *
 * @param benchmark the benchmark's name, not blank
 * @param params parameters as {@code k=v} pairs joined by {@code ;} in a stable order, empty for none
 * @param repetition the 0-based repetition index, empty when the source had none
 * @param sample the 0-based sample index within the repetition
 * @param timeMillis the sample in milliseconds, finite and {@code >= 0}
 * @param backend the driver it ran on, empty if unknown
 * @param device the device it ran on, empty if unknown
 * @param bytes bytes moved by one call, for throughput, empty if unknown
 * @param flops floating-point operations of one call, empty if unknown
 */
public record SampleRecord(String benchmark, String params, OptionalInt repetition, int sample, double timeMillis,
                           String backend, String device, OptionalLong bytes, OptionalLong flops) {

    /** Validates every field; messages name the bad value. */
    public SampleRecord {
        Objects.requireNonNull(benchmark, "benchmark");
        if (benchmark.isBlank()) {
            throw new IllegalArgumentException("benchmark name is blank");
        }
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(repetition, "repetition");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(flops, "flops");
        if (repetition.isPresent() && repetition.getAsInt() < 0) {
            throw new IllegalArgumentException("repetition must be >= 0, got " + repetition.getAsInt());
        }
        if (sample < 0) {
            throw new IllegalArgumentException("sample must be >= 0, got " + sample);
        }
        if (!(timeMillis >= 0) || Double.isInfinite(timeMillis)) {
            throw new IllegalArgumentException("time_ms must be finite and >= 0, got " + timeMillis);
        }
    }

    /**
     * The benchmark's identity: name and parameters.
     *
     * @return {@code benchmark} if there are no parameters, else {@code benchmark[params]}
     */
    public String id() {
        return params.isEmpty() ? benchmark : benchmark + "[" + params + "]";
    }
}
