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
package dev.kbench.levelzero;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The tick arithmetic of {@link DeviceClock}: units per stype, masking, wrap-around. */
class DeviceClockTest {

    @Test
    void deviceProperties12ReportsCyclesPerSecond() {
        DeviceClock clock = DeviceClock.fromTicksPerSecond(19_200_000, 36);
        assertEquals(1e9 / 19.2e6, clock.nanosPerTick(), 1e-12);      // 52.083... ns per tick
        // 19,200 ticks at 19.2 MHz are exactly 1 ms.
        assertEquals(1_000_000.0, clock.elapsedNanos(1_000_000, 1_019_200), 1e-6);
        assertTrue(clock.resolutionText().contains("cycles/s (ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2)"));
    }

    @Test
    void devicePropertiesReportsNanosecondsPerTick() {
        DeviceClock clock = DeviceClock.fromNanosPerTick(80, 32);
        assertEquals(80.0, clock.nanosPerTick());
        assertEquals(25 * 80.0, clock.elapsedNanos(100, 125));
        assertTrue(clock.resolutionText().contains("ns per tick (ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES)"));
    }

    @Test
    void invalidHighBitsAreMaskedOff() {
        DeviceClock clock = DeviceClock.fromNanosPerTick(1, 24);
        assertEquals(0xff_ffffL, clock.mask());
        long start = 0xdead_beef_0000_0010L;   // low 24 bits: 0x000010
        long end = 0x1234_5678_9a00_0110L;     // low 24 bits: 0x000110
        assertEquals(0x100, clock.elapsedTicks(start, end));
        assertEquals(256.0, clock.elapsedNanos(start, end));
    }

    @Test
    void oneWrapAroundOfTheValidBitsIsHandled() {
        DeviceClock clock = DeviceClock.fromNanosPerTick(2, 24);
        long start = 0xff_fff0L;               // 16 ticks before the wrap
        long end = 0x00_0010L;                 // 16 ticks after it
        assertEquals(32, clock.elapsedTicks(start, end));
        assertEquals(64.0, clock.elapsedNanos(start, end));
        assertEquals(Math.scalb(1.0, 24) * 2, clock.wrapNanos());
    }

    @Test
    void sixtyFourValidBitsAreUnsigned() {
        DeviceClock clock = DeviceClock.fromNanosPerTick(1, 64);
        assertEquals(-1L, clock.mask());
        // Across the unsigned wrap: from 2^64 - 5 to 5 is 10 ticks.
        assertEquals(10, clock.elapsedTicks(-5L, 5L));
        // Across the signed boundary, no wrap: from 2^63 - 1 to 2^63 + 9 is 10 ticks.
        assertEquals(10, clock.elapsedTicks(Long.MAX_VALUE, Long.MIN_VALUE + 9));
        // A difference above 2^63 is a large positive number, not a negative one.
        assertEquals(Math.scalb(1.0, 63) + 1, clock.elapsedNanos(0, Long.MIN_VALUE + 1));
    }

    @Test
    void unsignedResolutionsAboveLongMaxAreNotNegative() {
        // timerResolution is a uint64_t; a (nonsensical but representable) value >= 2^63 stays positive.
        DeviceClock clock = DeviceClock.fromNanosPerTick(Long.MIN_VALUE, 64);
        assertEquals(Math.scalb(1.0, 63), clock.nanosPerTick());
    }

    @Test
    void unusableClocksAreRefusedWithTheValue() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> DeviceClock.fromTicksPerSecond(0, 32));
        assertEquals("the device reports a timerResolution of 0", zero.getMessage());
        IllegalArgumentException ns = assertThrows(IllegalArgumentException.class,
                () -> DeviceClock.fromNanosPerTick(0, 32));
        assertEquals("the device reports a timerResolution of 0", ns.getMessage());
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> new DeviceClock(Double.NaN, 32, "NaN"));
        assertEquals("the device timer's tick length must be positive and finite, got NaN ns", nan.getMessage());
        IllegalArgumentException bits = assertThrows(IllegalArgumentException.class,
                () -> DeviceClock.fromNanosPerTick(1, 0));
        assertTrue(bits.getMessage().contains("got 0"), bits.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DeviceClock.fromNanosPerTick(1, 65));
    }
}
