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

import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What a device reports about its state right now, where the backend can read it (NVML for CUDA).
 * Unknown values are empty, never zero; reading them is cheap and never fails. The counters are
 * cumulative: what happened during a repetition is the difference of a reading after it and one before.
 *
 * @param smClockMHz the current streaming-multiprocessor (core) clock
 * @param temperatureCelsius the current GPU temperature
 * @param throttleReasons the throttling reasons active now (NVML's clock-event reasons, of
 *        {@link ThrottleReason#SW_POWER_CAP} .. {@link ThrottleReason#HW_POWER_BRAKE}); an empty set when
 *        none is, empty when unknown
 * @param powerLimitedNanos the cumulative time the clocks were held down by a power limit, in ns
 * @param thermalLimitedNanos the cumulative time the clocks were held down by a thermal limit, in ns
 * @param energyMillijoules the energy the device used since its driver was loaded, in mJ
 * @param energyUpdateMillis how often the energy counter changes, in ms, as measured by the backend: a
 *        difference of two readings is uncertain by up to this period's worth of energy at each end
 */
public record DeviceTelemetry(OptionalDouble smClockMHz, OptionalDouble temperatureCelsius,
                              Optional<Set<ThrottleReason>> throttleReasons, OptionalLong powerLimitedNanos,
                              OptionalLong thermalLimitedNanos, OptionalLong energyMillijoules,
                              OptionalDouble energyUpdateMillis) {

    /** Nothing known. */
    public static final DeviceTelemetry NONE = new DeviceTelemetry(OptionalDouble.empty(), OptionalDouble.empty());

    /** Validates the fields and copies the set. */
    public DeviceTelemetry {
        Objects.requireNonNull(smClockMHz, "smClockMHz");
        Objects.requireNonNull(temperatureCelsius, "temperatureCelsius");
        throttleReasons = Objects.requireNonNull(throttleReasons, "throttleReasons").map(DeviceTelemetry::copy);
        Objects.requireNonNull(powerLimitedNanos, "powerLimitedNanos");
        Objects.requireNonNull(thermalLimitedNanos, "thermalLimitedNanos");
        Objects.requireNonNull(energyMillijoules, "energyMillijoules");
        Objects.requireNonNull(energyUpdateMillis, "energyUpdateMillis");
    }

    /**
     * The clock and temperature alone; no throttling or energy readings.
     *
     * @param smClockMHz the current streaming-multiprocessor (core) clock
     * @param temperatureCelsius the current GPU temperature
     */
    public DeviceTelemetry(OptionalDouble smClockMHz, OptionalDouble temperatureCelsius) {
        this(smClockMHz, temperatureCelsius, Optional.empty(), OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalDouble.empty());
    }

    /** An unmodifiable copy in the enum's order. */
    static Set<ThrottleReason> copy(Collection<ThrottleReason> reasons) {
        EnumSet<ThrottleReason> set = EnumSet.noneOf(ThrottleReason.class);
        set.addAll(reasons);
        return Collections.unmodifiableSet(set);
    }
}
