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
package dev.kbench.spi.kit;

import dev.kbench.api.Availability;
import dev.kbench.api.DeviceIdentity;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a backend's device discovery found: whether it is available and why, one inventory line per
 * platform, driver and device seen, the device chosen to run on and every device it could run on. Each
 * backend probes with its own native API and returns one of these; {@link DiscoveryCache} keeps it.
 *
 * @param availability active with the chosen device's description, or inactive with the reason
 * @param inventory one line per platform, driver and device seen
 * @param chosen the device to run on; empty exactly when inactive
 * @param devices every device the backend could run on, in index order; empty when inactive
 * @param <D> the backend's handle on a device
 */
public record Discovery<D extends Discovery.Device>(Availability availability, List<String> inventory,
                                                    Optional<D> chosen, List<D> devices) {

    /**
     * A device as a backend's discovery saw it.
     */
    public interface Device {

        /**
         * The device's identity for samples and listings.
         *
         * @return the identity
         */
        DeviceIdentity identity();
    }

    /** Validates and copies; an inactive discovery has no devices. */
    public Discovery {
        Objects.requireNonNull(availability, "availability");
        inventory = List.copyOf(inventory);
        Objects.requireNonNull(chosen, "chosen");
        devices = List.copyOf(devices);
        if (availability.active() != chosen.isPresent()) {
            throw new IllegalArgumentException("an active discovery has a chosen device and an inactive one none: "
                    + availability);
        }
        if (!availability.active() && !devices.isEmpty()) {
            throw new IllegalArgumentException("an inactive discovery lists no devices: " + availability);
        }
    }

    /**
     * A discovery that found a device to run on.
     *
     * @param description the chosen device, as {@link Availability#reason()} reports it
     * @param inventory one line per platform, driver and device seen
     * @param chosen the device to run on
     * @param devices every device the backend could run on
     * @param <D> the backend's handle on a device
     * @return the discovery
     */
    public static <D extends Device> Discovery<D> active(String description, List<String> inventory, D chosen,
                                                         List<D> devices) {
        return new Discovery<>(Availability.active(description), inventory, Optional.of(chosen), devices);
    }

    /**
     * A discovery that found nothing to run on.
     *
     * @param reason why, as {@link Availability#reason()} reports it
     * @param inventory what was seen before discovery stopped
     * @param <D> the backend's handle on a device
     * @return the discovery
     */
    public static <D extends Device> Discovery<D> inactive(String reason, List<String> inventory) {
        return new Discovery<>(Availability.inactive(reason), inventory, Optional.empty(), List.of());
    }

    /**
     * The identities of {@link #devices()}, as {@link dev.kbench.spi.Driver#devices()} lists them.
     *
     * @return the identities, in index order; empty when inactive
     */
    public List<DeviceIdentity> identities() {
        return devices.stream().map(Device::identity).toList();
    }

    /**
     * The chosen device, for a driver about to use it.
     *
     * @param backend the driver's name, for the message
     * @return the device
     * @throws IllegalStateException naming the reason when inactive
     */
    public D require(String backend) {
        return chosen.orElseThrow(() -> new IllegalStateException(backend + " is inactive: " + availability.reason()));
    }
}
