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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A backend's facts: a known value is positive and finite, an unknown one empty, never 0 or NaN read as a size. */
class DeviceFactsTest {

    private static DeviceFacts facts(OptionalLong memory, OptionalLong cache, OptionalLong units, OptionalDouble clock,
                                     OptionalDouble bandwidth) {
        return new DeviceFacts("gpu", "vendor", memory, cache, units, clock, bandwidth, Map.of());
    }

    @Test
    void knownValuesArePositiveAndFiniteAndUnknownOnesEmpty() {
        OptionalLong none = OptionalLong.empty();
        OptionalDouble unknown = OptionalDouble.empty();
        DeviceFacts all = facts(OptionalLong.of(1), OptionalLong.of(1), OptionalLong.of(1), OptionalDouble.of(Double.MIN_VALUE),
                OptionalDouble.of(4.8e12));
        assertEquals(4.8e12, all.peakBandwidthBytesPerSecond().getAsDouble());
        assertEquals(none, facts(none, none, none, unknown, unknown).lastLevelCacheBytes());
        assertRefused("a device's totalMemoryBytes of -1 is", () -> facts(OptionalLong.of(-1), none, none, unknown, unknown));
        assertRefused("a device's lastLevelCacheBytes of 0 is", () -> facts(none, OptionalLong.of(0), none, unknown, unknown));
        assertRefused("a device's computeUnits of " + Long.MIN_VALUE + " is",
                () -> facts(none, none, OptionalLong.of(Long.MIN_VALUE), unknown, unknown));
        assertRefused("a device's clockMHz of NaN is", () -> facts(none, none, none, OptionalDouble.of(Double.NaN), unknown));
        assertRefused("a device's clockMHz of -0.0 is", () -> facts(none, none, none, OptionalDouble.of(-0.0), unknown));
        assertRefused("a device's peakBandwidthBytesPerSecond of Infinity is",
                () -> facts(none, none, none, unknown, OptionalDouble.of(Double.POSITIVE_INFINITY)));
    }

    private static void assertRefused(String start, org.junit.jupiter.api.function.Executable make) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, make);
        assertEquals(start + " not a fact; a known value is positive and finite, an unknown one empty", e.getMessage());
    }
}
