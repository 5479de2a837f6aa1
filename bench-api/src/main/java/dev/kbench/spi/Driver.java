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
package dev.kbench.spi;

import dev.kbench.api.Backend;
import dev.kbench.api.DeviceIdentity;
import java.util.List;

/**
 * A backend, found with {@link java.util.ServiceLoader} ({@code provides dev.kbench.spi.Driver with ...}):
 * the analogue of Triton's {@code DriverBase}. What users see of it is {@link Backend}; this interface
 * adds what kbench itself needs to time work: the {@link DeviceInterface} with its events, and cache
 * clearers. {@link dev.kbench.spi.kit.DriverBase} implements everything but native probing and opening.
 *
 * <p>Implementations must be cheap to construct (discovery instantiates every provider), must not
 * throw from {@link #availability()} (a backend that cannot run says why instead) and must be
 * thread-safe. Native resources are acquired lazily by {@link #device()} and released by
 * {@link #close()}.
 */
public interface Driver extends Backend {

    /**
     * The device this driver runs work on, opened on first use.
     *
     * @return the device interface
     * @throws IllegalStateException if the driver is not active
     */
    @Override
    DeviceInterface device();

    /**
     * Every device this driver can run on; by default the one device it opens, or none when inactive.
     *
     * @return the devices
     */
    @Override
    default List<DeviceIdentity> devices() {
        if (!availability().active()) {
            return List.of();
        }
        return List.of(identity());
    }

    /**
     * The identity of the device {@link #device()} runs on; by default index 0 with the device's name.
     *
     * @return the identity
     * @throws IllegalStateException if the driver is not active
     */
    @Override
    default DeviceIdentity identity() {
        return new DeviceIdentity(name(), 0, device().facts().name(), "");
    }

    /**
     * A new driver of the same backend for the device with the given index; by default unsupported.
     *
     * @param index a {@link DeviceIdentity#index()} of {@link #devices()}
     * @return the driver for that device
     * @throws IllegalArgumentException if no device has that index, listing the devices
     * @throws UnsupportedOperationException if this backend cannot choose devices
     */
    @Override
    default Driver withDevice(int index) {
        throw new UnsupportedOperationException(name() + " cannot choose a device");
    }

    /**
     * Platforms and devices this driver saw while probing; by default none.
     *
     * @return the inventory lines, possibly empty
     */
    @Override
    default List<String> inventory() {
        return List.of();
    }

    /**
     * A cache clearer that writes {@code bytes} of device memory each time it is used, as Triton's
     * {@code clear_cache} does.
     *
     * @param bytes the size of the buffer written per clear, at least 1
     * @return a new clearer; the caller closes it
     * @throws IllegalArgumentException if {@code bytes} is not positive
     */
    CacheClearer cacheClearer(long bytes);
}
