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
