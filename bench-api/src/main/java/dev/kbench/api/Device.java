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

import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A device of the active backend and its one in-order work stream (CUDA stream, OpenCL command queue,
 * Level Zero command list): buffers, kernel modules and copies; everything enqueued here runs in
 * order. Get one from {@link Backend#device()}; {@link Bench} times work enqueued on it.
 *
 * {@snippet :
 * Backend backend = Drivers.system().active();     // exactly one active backend, or an explicit choice
 * Device device = backend.device();
 * try (DeviceBuffer x = device.allocate(4L * n)) {
 *     device.write(host, x);
 * }
 * }
 *
 * <p>Backends implement it (through their driver); users do not. Instances are not thread-safe: drive
 * one device from one thread at a time.
 */
public interface Device {

    /** Blocks until all work enqueued so far has completed on the device. */
    void synchronize();

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
     * As {@link #telemetry()}, but without the energy counter where {@code energy} is false (its reading,
     * and its period, then empty): for repetitions that cannot report energy, where reading the counter
     * only costs time (about 3 ms a reading through NVML on an H200).
     *
     * @param energy whether to read the energy counter
     * @return what is known; by default {@link #telemetry()}
     */
    default DeviceTelemetry telemetry(boolean energy) {
        return telemetry();
    }

    /**
     * Whether {@link #telemetry(boolean) telemetry(true)} reads an energy counter on this device, where the
     * backend knows it without reading the counter now (CUDA learns it when the device is opened). A run asks
     * once, before its first repetition: where the answer is known, a run whose repetitions cannot report
     * energy (cold timing behind a cache clear) never reads the counter, which takes about 3 ms a reading
     * through NVML on an H200, and still says why it has no energy.
     *
     * @return whether the device has an energy counter; empty where only a reading would tell (the default)
     */
    default Optional<Boolean> energyCounter() {
        return Optional.empty();
    }

    /**
     * How often the device's energy counter changes, in ms, measured the first time it is asked for (which
     * can take several of its periods, so only between repetitions, and only where a repetition is long
     * enough for energy); afterwards {@link #telemetry()} carries it too.
     *
     * @return the period, empty where the device has no energy counter or it did not change while measured;
     *         by default what {@link #telemetry()} says
     */
    default OptionalDouble energyUpdateMillis() {
        return telemetry().energyUpdateMillis();
    }

    /**
     * The kernel source kinds {@link #loadModule(KernelSource)} accepts, in the device's order of
     * preference (iteration order).
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
