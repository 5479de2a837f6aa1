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
package dev.kbench.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.OptionalDouble;

import dev.kbench.api.DeviceTelemetry;

/**
 * NVIDIA's management library ({@code libnvidia-ml.so.1}, installed with the driver) through
 * {@code java.lang.foreign}: the SM clock and the temperature of one GPU, found by its PCI bus id (CUDA
 * ordinals and NVML indices differ under {@code CUDA_VISIBLE_DEVICES}).
 *
 * <p>Everything is optional: a missing library, a missing function, native access not granted, or any
 * NVML error makes the readings empty; nothing here throws. Linked once per JVM; thread-safe.
 */
final class Nvml {

    /** The library as the NVIDIA driver installs it. */
    static final String LIBRARY = "libnvidia-ml.so.1";
    private static final int NVML_SUCCESS = 0;
    private static final int NVML_CLOCK_SM = 1;
    private static final int NVML_TEMPERATURE_GPU = 0;

    /** The linked functions, or why there are none. */
    private record Linked(MethodHandle handleByPciBusId, MethodHandle clockInfo, MethodHandle temperature,
                          MethodHandle driverVersion, String failure) {
    }

    private static final class Holder {
        static final Linked LINKED = link();
    }

    private final MemorySegment device;

    private Nvml(MemorySegment device) {
        this.device = device;
    }

    /**
     * The NVML device with this PCI bus id.
     *
     * @param pciBusId e.g. {@code 0000:18:00.0}, as {@code cuDeviceGetPCIBusId} gives it
     * @return the device, or {@code null} when NVML cannot be used or does not know it
     */
    static Nvml forPciBusId(String pciBusId) {
        Linked linked = Holder.LINKED;
        if (linked.failure() != null || pciBusId == null || pciBusId.isEmpty()) {
            return null;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment handle = arena.allocate(ADDRESS);
            int result = (int) linked.handleByPciBusId().invokeExact(arena.allocateFrom(pciBusId), handle);
            return result == NVML_SUCCESS ? new Nvml(handle.get(ADDRESS, 0)) : null;
        } catch (Throwable t) {
            return null;
        }
    }

    /**
     * Why NVML cannot be used in this JVM, or {@code null} when it can.
     *
     * @return the reason or {@code null}
     */
    static String unavailable() {
        return Holder.LINKED.failure();
    }

    /**
     * The NVIDIA driver's version as NVML reports it (e.g. {@code 570.124.06}).
     *
     * @return the version, or empty when NVML cannot be used
     */
    static String driverVersion() {
        Linked linked = Holder.LINKED;
        if (linked.failure() != null) {
            return "";
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(96);
            int result = (int) linked.driverVersion().invokeExact(text, 96);
            return result == NVML_SUCCESS ? text.getString(0) : "";
        } catch (Throwable t) {
            return "";
        }
    }

    /**
     * The SM clock and the GPU temperature now; each empty if NVML cannot read it.
     *
     * @return the readings
     */
    DeviceTelemetry read() {
        Linked linked = Holder.LINKED;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(JAVA_INT);
            OptionalDouble clock = OptionalDouble.empty();
            if ((int) linked.clockInfo().invokeExact(device, NVML_CLOCK_SM, value) == NVML_SUCCESS) {
                clock = OptionalDouble.of(Integer.toUnsignedLong(value.get(JAVA_INT, 0)));
            }
            OptionalDouble temperature = OptionalDouble.empty();
            if ((int) linked.temperature().invokeExact(device, NVML_TEMPERATURE_GPU, value) == NVML_SUCCESS) {
                temperature = OptionalDouble.of(Integer.toUnsignedLong(value.get(JAVA_INT, 0)));
            }
            return new DeviceTelemetry(clock, temperature);
        } catch (Throwable t) {
            return DeviceTelemetry.NONE;
        }
    }

    private static Linked link() {
        Module module = Nvml.class.getModule();
        if (!module.isNativeAccessEnabled()) {
            return new Linked(null, null, null, null, "native access is not enabled for "
                    + (module.isNamed() ? "module " + module.getName() : "the class path"));
        }
        try {
            SymbolLookup lookup = SymbolLookup.libraryLookup(LIBRARY, Arena.global());
            Linker linker = Linker.nativeLinker();
            MethodHandle init = linker.downcallHandle(find(lookup, "nvmlInit_v2"), FunctionDescriptor.of(JAVA_INT));
            int result = (int) init.invokeExact();
            if (result != NVML_SUCCESS) {
                return new Linked(null, null, null, null, "nvmlInit_v2 returned " + result);
            }
            return new Linked(
                    linker.downcallHandle(find(lookup, "nvmlDeviceGetHandleByPciBusId_v2"),
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
                    linker.downcallHandle(find(lookup, "nvmlDeviceGetClockInfo"),
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS)),
                    linker.downcallHandle(find(lookup, "nvmlDeviceGetTemperature"),
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS)),
                    linker.downcallHandle(find(lookup, "nvmlSystemGetDriverVersion"),
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
                    null);
        } catch (Throwable t) {
            // IllegalArgumentException: no such library or symbol; anything else: the platform refused
            return new Linked(null, null, null, null, "NVML cannot be used: " + t.getMessage());
        }
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new IllegalArgumentException(LIBRARY + " has no " + name));
    }
}
