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

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.DeviceTelemetry;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import java.lang.foreign.MemorySegment;
import java.util.Set;

/**
 * The device a {@link Driver} runs work on, and its one in-order work stream (CUDA stream, OpenCL
 * command queue, Level Zero command list): everything enqueued here runs in order, and {@link Event}s
 * are recorded on it. The analogue of Triton's {@code get_device_interface()}.
 *
 * <p>Instances are not thread-safe: drive one device from one thread at a time.
 */
public interface DeviceInterface {

    /** Blocks until all work enqueued so far has completed on the device. */
    void synchronize();

    /**
     * Creates a timing event on this device.
     *
     * @return a new, unrecorded event; the caller closes it
     */
    Event createEvent();

    /**
     * What the backend knows about the device.
     *
     * @return the facts
     */
    DeviceFacts facts();

    /**
     * The device's clock and temperature now, where the backend can read them (NVML for CUDA); called
     * between repetitions, never inside a timed region.
     *
     * @return what is known, {@link DeviceTelemetry#NONE} by default
     */
    default DeviceTelemetry telemetry() {
        return DeviceTelemetry.NONE;
    }

    /**
     * The kernel source kinds {@link #loadModule(KernelSource)} accepts.
     *
     * @return a non-empty set
     */
    Set<SourceKind> acceptedSources();

    /**
     * Builds or loads a kernel module.
     *
     * @param source the code and its kind
     * @return the module; the caller closes it
     * @throws KernelException if the kind is not accepted or the build fails, with the build log
     */
    KernelModule loadModule(KernelSource source);

    /**
     * Allocates device memory (contents undefined).
     *
     * @param bytes the size, at least 1
     * @return the buffer; the caller closes it
     * @throws IllegalArgumentException if {@code bytes < 1}
     * @throws IllegalStateException if the device is out of memory, naming the size
     */
    DeviceBuffer allocate(long bytes);

    /**
     * Copies host memory to the start of a device buffer and waits for the copy.
     *
     * @param source host memory, at most {@code target.bytes()} long
     * @param target the device buffer
     */
    void write(MemorySegment source, DeviceBuffer target);

    /**
     * Copies the start of a device buffer to host memory after all enqueued work has completed.
     *
     * @param source the device buffer
     * @param target host memory, at most {@code source.bytes()} long
     */
    void read(DeviceBuffer source, MemorySegment target);

    /**
     * Enqueues a fill of the whole buffer with a repeated 32-bit pattern.
     *
     * @param target the buffer; its size must be a multiple of 4
     * @param pattern the 32-bit value (use {@link Float#floatToRawIntBits(float)} for floats)
     */
    void fill(DeviceBuffer target, int pattern);

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
     * A backend-specific handle for users who enqueue their own work on the same stream, e.g. the
     * CUDA {@code CUstream}, the OpenCL {@code cl_command_queue}, or the Level Zero command list.
     * Each backend documents the types it offers.
     *
     * @param type the handle's class
     * @param <T> the handle's type
     * @return the handle
     * @throws UnsupportedOperationException if this backend has no handle of that type
     */
    default <T> T unwrap(Class<T> type) {
        throw new UnsupportedOperationException("no native handle of type " + type.getName());
    }
}
