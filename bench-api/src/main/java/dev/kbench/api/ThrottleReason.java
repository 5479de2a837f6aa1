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

import java.util.Optional;

/**
 * Why a device ran below the clock it would otherwise have run at, while a repetition was measured.
 * The first five are NVML's clock-event reason bits ({@code nvmlDeviceGetCurrentClocksEventReasons});
 * the last two are NVML's cumulative violation-time counters ({@code nvmlDeviceGetViolationStatus}),
 * which catch a limit that came and went between two readings of the bits. Reasons that are not
 * throttling (the GPU idle, an applications-clocks or display-clocks setting, sync boost) are not here.
 */
public enum ThrottleReason {
    /** The software power cap (the board's power limit) lowered the clocks. */
    SW_POWER_CAP("sw_power_cap"),
    /** Hardware slowdown (temperature, power brake or an external signal) at least halved the clocks. */
    HW_SLOWDOWN("hw_slowdown"),
    /** The software thermal limit (GPU or memory temperature) lowered the clocks. */
    SW_THERMAL("sw_thermal"),
    /** The hardware thermal limit lowered the clocks. */
    HW_THERMAL("hw_thermal"),
    /** An external power brake (the system's power supply) lowered the clocks. */
    HW_POWER_BRAKE("hw_power_brake"),
    /** The power-policy violation time grew during the repetition: a power limit held the clocks down for a while. */
    POWER_LIMIT("power_limit"),
    /** The thermal-policy violation time grew during the repetition: a thermal limit held the clocks down for a while. */
    THERMAL_LIMIT("thermal_limit");

    private final String token;

    ThrottleReason(String token) {
        this.token = token;
    }

    /**
     * {@return the name the samples CSV and the JSON use, e.g. {@code sw_power_cap}}
     */
    public String token() {
        return token;
    }

    /**
     * The reason with this token.
     *
     * @param token a name as {@link #token()} gives it
     * @return the reason, empty for an unknown token
     */
    public static Optional<ThrottleReason> ofToken(String token) {
        for (ThrottleReason r : values()) {
            if (r.token.equals(token)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
