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

import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.spi.Availability;
import dev.kbench.api.spi.CacheClearer;
import dev.kbench.api.spi.DeviceInterface;
import dev.kbench.api.spi.Driver;

/**
 * The part of a {@link Driver} that is the same in every backend: discovery made once on the first
 * question and kept ({@link DiscoveryCache}), the answers about availability and devices taken from it,
 * and the chosen device opened on first use, reopened after {@link #close()} and closed by it. A backend
 * supplies its native probing ({@link #discover()}) and how to open the device it chose
 * ({@link #open(Discovery.Device)}).
 *
 * @param <D> the backend's handle on a discovered device
 * @param <X> the backend's open device
 */
public abstract class DiscoveringDriver<D extends Discovery.Device, X extends OpenableDevice> implements Driver {

    private final String name;
    private final DiscoveryCache<D> discovery;
    private X device;

    /**
     * A driver that has not probed yet.
     *
     * @param name the driver's name, as {@link #name()} returns it
     */
    protected DiscoveringDriver(String name) {
        this.name = name;
        this.discovery = new DiscoveryCache<>(name, this::discover);
    }

    /**
     * Probes with the backend's native API; called once, on the first question.
     *
     * @return what was found; failures are reported as an inactive discovery, never thrown
     */
    protected abstract Discovery<D> discover();

    /**
     * Opens the device discovery chose.
     *
     * @param chosen the device
     * @return the open device
     */
    protected abstract X open(D chosen);

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Availability availability() {
        return discovery.availability();
    }

    @Override
    public final List<String> inventory() {
        return discovery.inventory();
    }

    @Override
    public final List<DeviceIdentity> devices() {
        return discovery.devices();
    }

    @Override
    public final DeviceIdentity identity() {
        return discovery.identity();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Checks the index against {@link #devices()}, then asks the backend for the driver
     * ({@link #forDevice(int)}).
     */
    @Override
    public final Driver withDevice(int index) {
        DeviceIdentity.find(devices(), index, name());
        return forDevice(index);
    }

    /**
     * A new driver configured as this one but choosing the device at {@code index}.
     *
     * @param index a device index that {@link #devices()} lists
     * @return the new driver, not probed yet
     */
    protected abstract Driver forDevice(int index);

    @Override
    public final DeviceInterface deviceInterface() {
        return device();
    }

    /**
     * {@inheritDoc}
     *
     * <p>The clearer comes from the open device ({@link OpenableDevice#newCacheClearer(long)}).
     */
    @Override
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
    protected final synchronized X device() {
        D chosen = discovery.chosen();
        if (device == null || device.isClosed()) {
            device = open(chosen);
        }
        return device;
    }

    /**
     * What discovery found, probing if it has not yet.
     *
     * @return the discovery
     */
    protected final Discovery<D> discovery() {
        return discovery.get();
    }

    /** Releases the device and everything made through it; a later {@link #deviceInterface()} opens it again. */
    @Override
    public synchronized void close() {
        if (device != null) {
            X open = device;
            device = null;
            open.close();
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + discovery + "]";
    }
}
