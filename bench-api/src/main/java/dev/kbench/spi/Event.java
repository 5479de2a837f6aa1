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

/**
 * A device-side timestamp on the device's work stream, as Triton's {@code Event(enable_timing=True)}.
 * Not thread-safe; one event is recorded by one thread at a time.
 */
public interface Event extends AutoCloseable {

    /** Records this event at the current end of the device's work stream; returns at once. */
    void record();

    /** Blocks until the work recorded before this event has completed on the device. */
    void synchronize();

    /**
     * Device time between this event and a later one, both recorded and completed.
     *
     * @param end an event recorded after this one on the same device
     * @return elapsed time in milliseconds, finite and {@code >= 0}
     * @throws IllegalStateException if either event was not recorded or its timestamp is invalid
     */
    double elapsedMillis(Event end);

    /** Releases the native event. Idempotent. */
    @Override
    void close();
}
