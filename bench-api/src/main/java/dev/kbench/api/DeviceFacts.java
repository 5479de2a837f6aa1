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

import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a backend knows about its device. Unknown values are empty; a value that is present is positive (and
 * finite), as no device has no memory, no cache, no compute units, no clock or no bandwidth: a backend that
 * cannot read a value leaves it empty rather than passing 0.
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
        positive("totalMemoryBytes", totalMemoryBytes);
        positive("lastLevelCacheBytes", lastLevelCacheBytes);
        positive("computeUnits", computeUnits);
        positive("clockMHz", clockMHz);
        positive("peakBandwidthBytesPerSecond", peakBandwidthBytesPerSecond);
        extra = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
    }

    private static void positive(String fact, OptionalLong value) {
        if (value.isPresent() && value.getAsLong() <= 0) {
            throw new IllegalArgumentException(refused(fact, Long.toString(value.getAsLong())));
        }
    }

    private static void positive(String fact, OptionalDouble value) {
        if (value.isPresent() && !(value.getAsDouble() > 0 && Double.isFinite(value.getAsDouble()))) {
            throw new IllegalArgumentException(refused(fact, Double.toString(value.getAsDouble())));
        }
    }

    private static String refused(String fact, String value) {
        return "a device's " + fact + " of " + value + " is not a fact; a known value is positive and finite, "
                + "an unknown one empty";
    }
}
