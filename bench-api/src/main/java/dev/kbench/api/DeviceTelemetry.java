package dev.kbench.api;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What a device reports about its state right now, where the backend can read it (NVML for CUDA).
 * Unknown values are empty; reading them is cheap and never fails.
 *
 * @param smClockMHz the current streaming-multiprocessor (core) clock
 * @param temperatureCelsius the current GPU temperature
 */
public record DeviceTelemetry(OptionalDouble smClockMHz, OptionalDouble temperatureCelsius) {

    /** Nothing known. */
    public static final DeviceTelemetry NONE = new DeviceTelemetry(OptionalDouble.empty(), OptionalDouble.empty());

    /** Validates the fields. */
    public DeviceTelemetry {
        Objects.requireNonNull(smClockMHz, "smClockMHz");
        Objects.requireNonNull(temperatureCelsius, "temperatureCelsius");
    }
}
