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

import java.util.List;
import java.util.Set;

/**
 * A kbench backend (CUDA, OpenCL, Level Zero, or any other found on the path) as a user sees it: its
 * name, whether it can run here, its devices, and the {@link Device} it runs work on. The analogue of
 * Triton's active driver. Get one from {@link Drivers#active()} or {@link Drivers#select(String)}.
 *
 * {@snippet :
 * Backend backend = Drivers.system().active();
 * Device device = backend.device();
 * BenchResult result = Bench.doBench(backend, () -> kernel.launch(grid, block, args), BenchOptions.withDefaults());
 * }
 *
 * <p>Backends implement it through {@code dev.kbench.spi.Driver}; users do not implement it, and
 * {@link Bench} and {@link Suite} refuse an implementation that is not a driver. Thread-safe.
 */
public interface Backend extends AutoCloseable {

    /**
     * The backend's name, as {@code --backend} and {@code -Dkbench.backend} take it.
     *
     * @return the stable, lower-case name
     */
    String name();

    /**
     * Whether this backend can run here and, if not, why. Probing happens once and is cached; never
     * throws.
     *
     * @return the availability, never {@code null}
     */
    Availability availability();

    /**
     * The kinds of kernel code this backend's devices may take, in its order of preference; known without
     * opening a device (one device may take fewer: {@link Device#acceptedSources()}).
     *
     * @return the kinds, possibly empty for a backend that loads no kernel files
     */
    Set<SourceKind> sourceKinds();

    /**
     * The device this backend runs work on, opened on first use (and again after {@link #close()}).
     *
     * @return the device
     * @throws IllegalStateException if the backend is not active, with the reason
     */
    Device device();

    /**
     * Every device this backend can run on, in index order ({@link DeviceIdentity#index()}). Empty when
     * the backend is inactive. Enumerating opens no device.
     *
     * @return the devices
     */
    List<DeviceIdentity> devices();

    /**
     * The identity of the device {@link #device()} runs on: the backend's usual choice, or the one
     * given to {@link #withDevice(int)}.
     *
     * @return the identity
     * @throws IllegalStateException if the backend is not active
     */
    DeviceIdentity identity();

    /**
     * A new backend of the same kind whose {@link #device()} is the device with the given index; this
     * one is not changed. The caller closes the new one.
     *
     * {@snippet :
     * for (DeviceIdentity id : backend.devices()) {
     *     try (Backend one = backend.withDevice(id.index())) {
     *         SuiteResult result = suite.run(one, options, listener);
     *     }
     * }
     * }
     *
     * @param index a {@link DeviceIdentity#index()} of {@link #devices()}
     * @return the backend for that device
     * @throws IllegalArgumentException if no device has that index, listing the devices
     * @throws UnsupportedOperationException if this backend cannot choose devices
     */
    Backend withDevice(int index);

    /**
     * Platforms and devices this backend saw while probing, one human-readable line each, as
     * {@code kbench info} prints them.
     *
     * @return the inventory lines, possibly empty
     */
    List<String> inventory();

    /** Releases the device and everything opened through it. Idempotent. */
    @Override
    void close();
}
