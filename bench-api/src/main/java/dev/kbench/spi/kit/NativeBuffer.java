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

import dev.kbench.api.DeviceBuffer;
import java.util.Objects;

/**
 * The skeleton of a backend's device buffer: its device, its size and whether it is closed; closing is
 * idempotent and frees the native memory once, through {@link #free()}. Not thread-safe, as
 * {@link dev.kbench.spi.DeviceInterface} says.
 *
 * @param <D> the backend's device type
 */
public abstract class NativeBuffer<D> implements DeviceBuffer {

    private final D device;
    private final long bytes;
    private final String backend;
    private boolean closed;

    /**
     * A buffer of {@code bytes} on {@code device}.
     *
     * @param backend the driver's name, for messages
     * @param device the device that allocated it
     * @param bytes its size
     */
    protected NativeBuffer(String backend, D device, long bytes) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.device = Objects.requireNonNull(device, "device");
        this.bytes = bytes;
    }

    /**
     * The device that allocated it.
     *
     * @return the device
     */
    public final D device() {
        return device;
    }

    @Override
    public final long bytes() {
        return bytes;
    }

    /**
     * Whether {@link #close()} was called (or the device released it).
     *
     * @return true once closed
     */
    public final boolean isClosed() {
        return closed;
    }

    /** Frees the native memory the first time; later calls do nothing. */
    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        free();
    }

    /** Frees the native memory; called once, by the first {@link #close()}. */
    protected abstract void free();

    @Override
    public String toString() {
        return backend + " device buffer of " + bytes + " bytes" + (closed ? " (closed)" : "");
    }
}
