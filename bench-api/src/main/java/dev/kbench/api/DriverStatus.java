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
import java.util.Optional;

/**
 * What discovery found for one provider: its name, whether it is active, and why.
 *
 * @param name the driver's name, or the provider's description when it failed to load
 * @param state active, inactive, or broken (the provider threw while loading or probing)
 * @param reason what was found, why it is inactive, or the error
 * @param backend the backend, empty when it is broken
 */
public record DriverStatus(String name, State state, String reason, Optional<Backend> backend) {

    /** A provider's state. */
    public enum State {
        /** Found a usable device. */
        ACTIVE,
        /** Loaded, but cannot run here. */
        INACTIVE,
        /**
         * Threw while loading or probing, gave a name a backend may not have or that another backend has too, or
         * could not say its kinds of kernel code; never silently ignored.
         */
        BROKEN;

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Validates the arguments. */
    public DriverStatus {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(backend, "backend");
    }

    /**
     * Whether the driver can run.
     *
     * @return {@code state() == ACTIVE}
     */
    public boolean active() {
        return state == State.ACTIVE;
    }

    /**
     * One line for users, e.g. {@code cuda: inactive: libcuda.so.1 not found}.
     *
     * @return the line
     */
    public String describe() {
        return name + ": " + state + ": " + reason;
    }
}
