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

import dev.kbench.api.Device;

/**
 * What a backend's device offers kbench beyond what users see in {@link Device}: timing events and,
 * optionally, graph capture. The analogue of Triton's {@code get_device_interface()}. A driver's
 * {@link Driver#device()} returns one; {@link dev.kbench.api.Bench} and suites record its events around
 * the work users enqueue.
 *
 * <p>Instances are not thread-safe: drive one device from one thread at a time.
 */
public interface DeviceInterface extends Device {

    /**
     * Creates a timing event on this device.
     *
     * @return a new, unrecorded event; the caller closes it
     */
    Event createEvent();

    /**
     * Records {@code work} (kernel launches, cache clears and event records on this device's work
     * stream) into a replayable graph instead of running it, as CUDA graphs do. Events recorded
     * inside {@code work} are replayed with the graph and can then be read.
     *
     * @param work enqueues the work to capture
     * @return the captured graph; the caller closes it
     * @throws UnsupportedOperationException if the backend has no graphs
     */
    default CapturedGraph capture(Runnable work) {
        throw new UnsupportedOperationException("this backend has no graph capture; run without graph mode");
    }

    /**
     * A gate that holds this device's work stream while the host enqueues a batch (see
     * {@link StreamGate}), for hot timing without host launch cost.
     *
     * @param timeoutMillis how long one hold may last before it ends by itself, positive
     * @return a new gate; the caller closes it
     * @throws UnsupportedOperationException if the backend cannot hold its stream; hot timing then
     *     times batches without hiding the launches
     */
    default StreamGate streamGate(double timeoutMillis) {
        throw new UnsupportedOperationException("this backend cannot hold its work stream");
    }

    /**
     * Marks the start of a timed region for a profiler attached to the process (CUDA:
     * {@code cuProfilerStart}, so that {@code nsys profile --capture-range=cudaProfilerApi} and
     * {@code ncu --profile-from-start off} capture the timed calls and nothing else). Called on the host
     * before a repetition's or a measurement's timed calls are enqueued, outside every event pair; it
     * must never fail a measurement. By default it does nothing.
     */
    default void profilerStart() {
    }

    /** Marks the end of a timed region begun by {@link #profilerStart()}, after the device synchronized. */
    default void profilerStop() {
    }
}
