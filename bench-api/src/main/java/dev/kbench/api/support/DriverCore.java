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
package dev.kbench.api.support;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.spi.Availability;
import dev.kbench.api.spi.CacheClearer;
import dev.kbench.api.spi.Driver;

/**
 * The part of a {@link Driver} that is the same in every backend, which the backend's driver delegates
 * to: discovery made once on the first question and kept ({@link DiscoveryCache}), the answers about
 * availability and devices taken from it, and the chosen device opened on first use, reopened after
 * {@link #close()} and closed by it. A backend supplies its native probing, how to open the device it
 * chose and how to make a driver for another device. Thread-safe.
 *
 * @param <D> the backend's handle on a discovered device
 * @param <X> the backend's open device
 */
public final class DriverCore<D extends Discovery.Device, X extends OpenableDevice> {

    private final String name;
    private final DiscoveryCache<D> discovery;
    private final Function<D, X> open;
    private final IntFunction<Driver> forDevice;
    private X device;

    /**
     * A core that has not probed yet.
     *
     * @param name the driver's name, for messages
     * @param discover the backend's native probing, called once on the first question; it reports
     *        failures as an inactive discovery and never throws
     * @param open opens the device discovery chose
     * @param forDevice a new driver configured as this one but choosing the device at an index that
     *        {@link #devices()} lists
     */
    public DriverCore(String name, Supplier<Discovery<D>> discover, Function<D, X> open, IntFunction<Driver> forDevice) {
        this.name = Objects.requireNonNull(name, "name");
        this.discovery = new DiscoveryCache<>(name, discover);
        this.open = Objects.requireNonNull(open, "open");
        this.forDevice = Objects.requireNonNull(forDevice, "forDevice");
    }

    /**
     * As {@link Driver#availability()}.
     *
     * @return active with the chosen device, or inactive with the reason
     */
    public Availability availability() {
        return discovery.availability();
    }

    /**
     * As {@link Driver#inventory()}.
     *
     * @return one line per platform, driver and device seen
     */
    public List<String> inventory() {
        return discovery.inventory();
    }

    /**
     * As {@link Driver#devices()}.
     *
     * @return the devices the backend could run on; empty when inactive
     */
    public List<DeviceIdentity> devices() {
        return discovery.devices();
    }

    /**
     * As {@link Driver#identity()}.
     *
     * @return the chosen device's identity
     * @throws IllegalStateException naming the reason when inactive
     */
    public DeviceIdentity identity() {
        return discovery.identity();
    }

    /**
     * As {@link Driver#withDevice(int)}: checks the index against {@link #devices()}, then makes the driver.
     *
     * @param index a device index
     * @return the new driver, not probed yet
     * @throws IllegalArgumentException naming the devices if none has that index
     */
    public Driver withDevice(int index) {
        DeviceIdentity.find(devices(), index, name);
        return forDevice.apply(index);
    }

    /**
     * As {@link Driver#cacheClearer(long)}: checks the size, then asks the open device.
     *
     * @param bytes the buffer size
     * @return the clearer
     */
    public CacheClearer cacheClearer(long bytes) {
        BufferChecks.requireCacheClearBytes(bytes);
        return device().newCacheClearer(bytes);
    }

    /**
     * The open device, opening it on first use and again after {@link #close()}.
     *
     * @return the device
     * @throws IllegalStateException naming the reason when the driver is inactive
     */
    public synchronized X device() {
        D chosen = discovery.chosen();
        if (device == null || device.isClosed()) {
            device = open.apply(chosen);
        }
        return device;
    }

    /**
     * What discovery found, probing if it has not yet.
     *
     * @return the discovery
     */
    public Discovery<D> discovery() {
        return discovery.get();
    }

    /** Releases the device and everything made through it; a later {@link #device()} opens it again. */
    public synchronized void close() {
        if (device != null) {
            X opened = device;
            device = null;
            opened.close();
        }
    }

    /**
     * For the driver's {@code toString}: the availability, or {@code not probed} without probing.
     *
     * @return a short description
     */
    @Override
    public String toString() {
        return discovery.toString();
    }
}
