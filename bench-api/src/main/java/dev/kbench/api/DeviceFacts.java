package dev.kbench.api;

import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a backend knows about its device. Unknown values are empty.
 *
 * @param name the device name
 * @param vendor the vendor
 * @param totalMemoryBytes global memory size
 * @param lastLevelCacheBytes last-level (L2 or global memory) cache size
 * @param computeUnits streaming multiprocessors / compute units / EUs
 * @param clockMHz the maximum core clock
 * @param peakBandwidthBytesPerSecond theoretical peak memory bandwidth
 * @param extra further backend-specific facts, in a stable order
 */
public record DeviceFacts(String name, String vendor, OptionalLong totalMemoryBytes,
                          OptionalLong lastLevelCacheBytes, OptionalLong computeUnits,
                          OptionalDouble clockMHz, OptionalDouble peakBandwidthBytesPerSecond,
                          Map<String, String> extra) {

    /** Validates and copies the arguments. */
    public DeviceFacts {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(totalMemoryBytes, "totalMemoryBytes");
        Objects.requireNonNull(lastLevelCacheBytes, "lastLevelCacheBytes");
        Objects.requireNonNull(computeUnits, "computeUnits");
        Objects.requireNonNull(clockMHz, "clockMHz");
        Objects.requireNonNull(peakBandwidthBytesPerSecond, "peakBandwidthBytesPerSecond");
        extra = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
    }
}
