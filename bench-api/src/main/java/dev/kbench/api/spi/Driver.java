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
package dev.kbench.api.spi;

import dev.kbench.api.DeviceIdentity;

/**
 * A backend, found with {@link java.util.ServiceLoader}: the analogue of Triton's {@code DriverBase}.
 *
 * <p>Implementations must be cheap to construct (discovery instantiates every provider) and must not
 * throw from {@link #availability()}: a backend that cannot run says why instead. Native resources are
 * acquired lazily by {@link #deviceInterface()} and released by {@link #close()}.
 */
public interface Driver extends AutoCloseable {

    /**
     * The driver's name, one of {@code cuda}, {@code opencl}, {@code levelzero}.
     *
     * @return the stable, lower-case name users select it by
     */
    String name();

    /**
     * Whether this backend can run here and, if not, why. Probing happens once and is cached.
     *
     * @return the availability, never {@code null}
     */
    Availability availability();

    /**
     * The device this driver runs work on, opened on first use.
     *
     * @return the device interface
     * @throws IllegalStateException if the driver is not active
     */
    DeviceInterface deviceInterface();

    /**
     * Every device this driver can run on, in index order ({@link DeviceIdentity#index()}). Empty when
     * the driver is inactive. Enumerating opens no device.
     *
     * @return the devices
     */
    default java.util.List<DeviceIdentity> devices() {
        if (!availability().active()) {
            return java.util.List.of();
        }
        return java.util.List.of(identity());
    }

    /**
     * The identity of the device {@link #deviceInterface()} runs on: by default the driver's usual
     * choice (device 0 for CUDA), or the one given to {@link #withDevice(int)}.
     *
     * @return the identity
     * @throws IllegalStateException if the driver is not active
     */
    default DeviceIdentity identity() {
        return new DeviceIdentity(name(), 0, deviceInterface().facts().name(), "");
    }

    /**
     * A new driver of the same backend whose {@link #deviceInterface()} and {@link #cacheClearer(long)}
     * use the device with the given index; this driver is not changed. The caller closes the new one.
     *
     * {@snippet :
     * for (DeviceIdentity id : driver.devices()) {
     *     try (Driver one = driver.withDevice(id.index())) {
     *         SuiteResult result = suite.run(one, options, listener);
     *     }
     * }
     * }
     *
     * @param index a {@link DeviceIdentity#index()} of {@link #devices()}
     * @return the driver for that device
     * @throws IllegalArgumentException if no device has that index, listing the devices
     * @throws UnsupportedOperationException if this backend cannot choose devices
     */
    default Driver withDevice(int index) {
        throw new UnsupportedOperationException(name() + " cannot choose a device");
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

    /**
     * Platforms and devices this driver saw while probing, one human-readable line each, for
     * {@code kbench info}.
     *
     * @return the inventory lines, possibly empty
     */
    default java.util.List<String> inventory() {
        return java.util.List.of();
    }

    /** Releases the device and everything opened through it. Idempotent. */
    @Override
    void close();
}
