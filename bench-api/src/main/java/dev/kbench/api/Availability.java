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

/**
 * Whether a driver can run on this machine, with the reason when it cannot.
 *
 * @param active whether the driver found a usable device
 * @param reason a human sentence: why it is inactive, or what it found when active
 */
public record Availability(boolean active, String reason) {

    /** Validates the reason. */
    public Availability {
        Objects.requireNonNull(reason, "reason");
    }

    /**
     * An active driver.
     *
     * @param found what was found, e.g. the device name
     * @return the availability
     */
    public static Availability active(String found) {
        return new Availability(true, found);
    }

    /**
     * An inactive driver.
     *
     * @param why why it cannot run, naming what is missing
     * @return the availability
     */
    public static Availability inactive(String why) {
        return new Availability(false, why);
    }
}
