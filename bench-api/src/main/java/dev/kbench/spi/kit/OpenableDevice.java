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

import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;

/**
 * A backend's open device, as a {@link DriverBase} opens, reopens and closes it.
 */
public interface OpenableDevice extends DeviceInterface {

    /**
     * Whether {@link #close()} has released the device.
     *
     * @return true once closed
     */
    boolean isClosed();

    /** Releases the device and everything made through it. Idempotent. */
    void close();

    /**
     * A cache clearer on this device's stream or queue.
     *
     * @param bytes the buffer size, already checked to be at least 1
     * @return the clearer
     */
    CacheClearer newCacheClearer(long bytes);
}
