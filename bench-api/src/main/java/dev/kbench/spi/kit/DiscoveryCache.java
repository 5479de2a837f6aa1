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
import java.util.function.Supplier;

/**
 * A driver's discovery, made on the first question and kept for the driver's life: the
 * {@link dev.kbench.spi.Driver} methods about availability and devices, answered the same way by
 * every backend. Thread-safe; the probe runs at most once.
 *
 * @param <D> the backend's handle on a device
 */
public final class DiscoveryCache<D extends Discovery.Device> {

    private final String backend;
    private final Supplier<Discovery<D>> probe;
    private Discovery<D> found;

    /**
     * A cache that has not probed yet.
     *
     * @param backend the driver's name, for messages
     * @param probe the backend's discovery; it reports failures in the result and never throws
     */
    public DiscoveryCache(String backend, Supplier<Discovery<D>> probe) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.probe = Objects.requireNonNull(probe, "probe");
    }

    /**
     * The discovery, probing on the first call.
     *
     * @return what discovery found
     */
    public synchronized Discovery<D> get() {
        if (found == null) {
            found = Objects.requireNonNull(probe.get(), "discovery");
        }
        return found;
    }

    /**
     * As {@link dev.kbench.spi.Driver#availability()}.
     *
     * @return active with the chosen device, or inactive with the reason
     */
    public Availability availability() {
        return get().availability();
    }

    /**
     * As {@link dev.kbench.spi.Driver#inventory()}.
     *
     * @return one line per platform, driver and device seen
     */
    public List<String> inventory() {
        return get().inventory();
    }

    /**
     * As {@link dev.kbench.spi.Driver#devices()}.
     *
     * @return the identities of the devices the backend could run on; empty when inactive
     */
    public List<DeviceIdentity> devices() {
        return get().identities();
    }

    /**
     * The chosen device.
     *
     * @return the device
     * @throws IllegalStateException naming the reason when inactive
     */
    public D chosen() {
        return get().require(backend);
    }

    /**
     * As {@link dev.kbench.spi.Driver#identity()}.
     *
     * @return the chosen device's identity
     * @throws IllegalStateException naming the reason when inactive
     */
    public DeviceIdentity identity() {
        return chosen().identity();
    }

    /**
     * For {@code toString}: the availability, or {@code not probed} without probing.
     *
     * @return a short description
     */
    @Override
    public synchronized String toString() {
        return found == null ? "not probed" : found.availability().toString();
    }
}
