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

import java.util.Locale;

/**
 * The device's global timestamp clock as {@code ze_device_properties_t} describes it: how long a tick
 * is and how many low bits of a raw timestamp are valid. Converts two raw timestamps into the
 * nanoseconds between them, masking the invalid high bits and handling one wrap-around of the valid
 * ones.
 *
 * <p>{@code timerResolution} means different things depending on the {@code stype} the properties were
 * queried with (Level Zero spec, {@code ze_device_properties_t}): nanoseconds per tick for
 * {@code ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES}, ticks (cycles) per second for
 * {@code ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2} (API 1.2 and later).
 *
 * <p>An interval longer than one period of the valid bits ({@link #wrapNanos()}) cannot be told from a
 * shorter one; it is measured modulo that period.
 *
 * @param nanosPerTick the length of one tick in nanoseconds, positive and finite
 * @param validBits the number of valid low bits of a raw timestamp, 1 to 64
 * @param resolutionText how the resolution was reported, for {@code DeviceFacts}
 */
record DeviceClock(double nanosPerTick, int validBits, String resolutionText) {

    /** Validates the arguments. */
    DeviceClock {
        if (!(nanosPerTick > 0) || Double.isInfinite(nanosPerTick)) {
            throw new IllegalArgumentException("the device timer's tick length must be positive and finite, got "
                    + nanosPerTick + " ns");
        }
        if (validBits < 1 || validBits > 64) {
            throw new IllegalArgumentException("timestampValidBits must be between 1 and 64, got " + validBits);
        }
    }

    /**
     * The clock described by {@code ze_device_properties_t} queried with {@code ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES}.
     *
     * @param timerResolution nanoseconds per tick, as an unsigned 64-bit value
     * @param timestampValidBits the valid bits
     * @return the clock
     * @throws IllegalArgumentException if the resolution is 0 or the bits are not 1 to 64
     */
    static DeviceClock fromNanosPerTick(long timerResolution, int timestampValidBits) {
        requireResolution(timerResolution);
        return new DeviceClock(unsigned(timerResolution), timestampValidBits, String.format(Locale.ROOT,
                "%s ns per tick (ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES)", Long.toUnsignedString(timerResolution)));
    }

    /**
     * The clock described by {@code ze_device_properties_t} queried with
     * {@code ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2}.
     *
     * @param timerResolution ticks per second, as an unsigned 64-bit value
     * @param timestampValidBits the valid bits
     * @return the clock
     * @throws IllegalArgumentException if the resolution is 0 or the bits are not 1 to 64
     */
    static DeviceClock fromTicksPerSecond(long timerResolution, int timestampValidBits) {
        requireResolution(timerResolution);
        return new DeviceClock(1e9 / unsigned(timerResolution), timestampValidBits, String.format(Locale.ROOT,
                "%s cycles/s (ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2)", Long.toUnsignedString(timerResolution)));
    }

    /**
     * The mask of the valid bits.
     *
     * @return {@code 2^validBits - 1}, all ones for 64 bits
     */
    long mask() {
        return validBits == 64 ? -1L : (1L << validBits) - 1;
    }

    /**
     * The ticks from one raw timestamp to a later one, modulo the period of the valid bits.
     *
     * @param startRaw the earlier timestamp as written by the device, invalid bits included
     * @param endRaw the later timestamp
     * @return the ticks in between, an unsigned 64-bit value
     */
    long elapsedTicks(long startRaw, long endRaw) {
        return ((endRaw & mask()) - (startRaw & mask())) & mask();
    }

    /**
     * The nanoseconds from one raw timestamp to a later one, modulo {@link #wrapNanos()}.
     *
     * @param startRaw the earlier timestamp as written by the device
     * @param endRaw the later timestamp
     * @return nanoseconds, {@code >= 0}
     */
    double elapsedNanos(long startRaw, long endRaw) {
        return unsigned(elapsedTicks(startRaw, endRaw)) * nanosPerTick;
    }

    /**
     * The period after which the valid bits wrap around.
     *
     * @return nanoseconds
     */
    double wrapNanos() {
        return Math.scalb(1.0, validBits) * nanosPerTick;
    }

    private static void requireResolution(long timerResolution) {
        if (timerResolution == 0) {
            throw new IllegalArgumentException("the device reports a timerResolution of 0");
        }
    }

    private static double unsigned(long value) {
        double d = (double) (value >>> 1) * 2.0;
        return d + (value & 1);
    }
}
