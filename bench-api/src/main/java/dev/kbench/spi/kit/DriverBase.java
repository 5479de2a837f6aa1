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
import dev.kbench.api.SourceKind;
import dev.kbench.api.internal.BackendNames;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A {@link Driver} whose backend supplies only native probing and opening: discovery made once, on the
 * first question, and kept; the answers about availability, inventory and devices taken from it; the
 * chosen device opened on first use, reopened after {@link #close()} and closed by it; device indices
 * and cache-clear sizes checked with one wording. Thread-safe.
 *
 * {@snippet :
 * public final class VulkanDriver extends DriverBase<VulkanProbe.Target, VulkanDevice> {
 *     public VulkanDriver() {
 *         super("vulkan", List.of(SourceKind.SPIRV));
 *     }
 *
 *     @Override
 *     protected Discovery<VulkanProbe.Target> discover() {
 *         return VulkanProbe.run();            // reports failures as Discovery.inactive(reason, inventory)
 *     }
 *
 *     @Override
 *     protected VulkanDevice open(VulkanProbe.Target chosen) {
 *         return new VulkanDevice(chosen);
 *     }
 * }
 * }
 *
 * @param <D> the backend's handle on a discovered device
 * @param <X> the backend's open device
 */
public abstract class DriverBase<D extends Discovery.Device, X extends OpenableDevice> implements Driver {

    private final String name;
    private final Set<SourceKind> sourceKinds;
    private DiscoveryCache<D> discovery;
    private X device;

    /**
     * A driver that has not probed yet; construction must stay cheap, as discovery makes every provider.
     *
     * @param name the backend's name, lower case ({@code [a-z][a-z0-9_-]*}), as users select it
     * @param sourceKinds the kinds of kernel code its devices may take, in order of preference
     * @throws IllegalArgumentException if the name is not of that form
     */
    protected DriverBase(String name, List<SourceKind> sourceKinds) {
        Objects.requireNonNull(name, "name");
        this.name = BackendNames.check(name);
        this.sourceKinds = Collections.unmodifiableSet(new LinkedHashSet<>(sourceKinds));
    }

    /**
     * The backend's native probing, called once, on the first question asked of this driver.
     *
     * @return what was found; failures are an inactive discovery with the reason, never an exception
     */
    protected abstract Discovery<D> discover();

    /**
     * Opens the device discovery chose; called on first use and again after {@link #close()}.
     *
     * @param chosen the chosen device
     * @return the open device
     */
    protected abstract X open(D chosen);

    /**
     * A new driver configured as this one but choosing the device at {@code index}, which
     * {@link #devices()} lists (already checked). By default the backend cannot choose devices.
     *
     * @param index the device's index
     * @return the new driver, not probed yet
     * @throws UnsupportedOperationException if the backend cannot choose devices
     */
    protected Driver forDevice(int index) {
        throw new UnsupportedOperationException(name + " cannot choose a device");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Set<SourceKind> sourceKinds() {
        return sourceKinds;
    }

    @Override
    public final Availability availability() {
        return cache().availability();
    }

    @Override
    public final List<String> inventory() {
        return cache().inventory();
    }

    @Override
    public final List<DeviceIdentity> devices() {
        return cache().devices();
    }

    @Override
    public final DeviceIdentity identity() {
        return cache().identity();
    }

    @Override
    public final Driver withDevice(int index) {
        DeviceIdentity.find(devices(), index, name);
        return forDevice(index);
    }

    @Override
    public final CacheClearer cacheClearer(long bytes) {
        BufferChecks.requireCacheClearBytes(bytes);
        return openDevice().newCacheClearer(bytes);
    }

    @Override
    public final DeviceInterface device() {
        return openDevice();
    }

    /**
     * The open device as the backend's type, opening it on first use and again after {@link #close()}.
     *
     * @return the device
     * @throws IllegalStateException naming the reason when the driver is inactive
     */
    protected final synchronized X openDevice() {
        D chosen = cache().chosen();
        if (device == null || device.isClosed()) {
            device = Objects.requireNonNull(open(chosen), "open");
        }
        return device;
    }

    /**
     * What discovery found, probing if it has not yet.
     *
     * @return the discovery
     */
    protected final Discovery<D> discovery() {
        return cache().get();
    }

    /** Releases the device and everything made through it; a later {@link #device()} opens it again. */
    @Override
    public final synchronized void close() {
        if (device != null) {
            X opened = device;
            device = null;
            opened.close();
        }
    }

    /**
     * The class and the availability, or {@code not probed} without probing.
     *
     * @return a short description
     */
    @Override
    public String toString() {
        DiscoveryCache<D> known;
        synchronized (this) {
            known = discovery;
        }
        return getClass().getSimpleName() + "[" + (known == null ? "not probed" : known) + "]";
    }

    private synchronized DiscoveryCache<D> cache() {
        if (discovery == null) {
            discovery = new DiscoveryCache<>(name, this::discover);
        }
        return discovery;
    }
}
