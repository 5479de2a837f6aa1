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
package dev.kbench.opencl;

import dev.kbench.api.DeviceIdentity;
import dev.kbench.spi.kit.Discovery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jocl.CL;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/**
 * OpenCL's discovery: what the ICD loader offers here, every platform and device, and the one kbench
 * runs on, as a {@link Discovery} of {@link Candidate}s.
 */
final class Probe {

    private Probe() {
    }

    /**
     * One device of one platform.
     *
     * @param index the device's position among all devices of all platforms, as listed by the inventory
     * @param platform the platform
     * @param device the device
     * @param platformName {@code CL_PLATFORM_NAME}
     * @param platformVersion {@code CL_PLATFORM_VERSION}
     * @param name {@code CL_DEVICE_NAME}
     * @param type {@code CL_DEVICE_TYPE}
     * @param usable whether it is available and has a compiler
     * @param description one line for the inventory
     * @param id the PCI bus id or UUID, empty if the device has neither extension
     */
    record Candidate(int index, cl_platform_id platform, cl_device_id device, String platformName, String platformVersion,
                     String name, long type, boolean usable, String description, String id) implements Discovery.Device {

        /** The device's identity for samples and listings. */
        @Override
        public DeviceIdentity identity() {
            return new DeviceIdentity("opencl", index, name, id);
        }

        /** GPU first, then accelerator, then CPU, then anything else. */
        int preference() {
            if ((type & CL.CL_DEVICE_TYPE_GPU) != 0) {
                return 0;
            }
            if ((type & CL.CL_DEVICE_TYPE_ACCELERATOR) != 0) {
                return 1;
            }
            if ((type & CL.CL_DEVICE_TYPE_CPU) != 0) {
                return 2;
            }
            return 3;
        }
    }

    /**
     * Enumerates platforms and devices and chooses one. Assumes JOCL loaded; never throws for OpenCL
     * errors (they become the inactive reason).
     *
     * @param override the value of {@code -Dkbench.opencl.device}, or {@code null}
     * @return what was found; the devices are the usable ones
     */
    static Discovery<Candidate> run(String override) {
        int[] count = new int[1];
        int status = Cl.status(() -> CL.clGetPlatformIDs(0, null, count));
        if (status == CL.CL_PLATFORM_NOT_FOUND_KHR || (status == CL.CL_SUCCESS && count[0] == 0)) {
            return inactive("the OpenCL ICD loader found no platform (clGetPlatformIDs: "
                    + (status == CL.CL_SUCCESS ? "0 platforms" : OpenClException.errorName(status))
                    + "); install an OpenCL driver (the NVIDIA driver, or pocl-opencl-icd for CPUs) and check that "
                    + "/etc/OpenCL/vendors (or OCL_ICD_VENDORS) lists its .icd file", List.of());
        }
        if (status != CL.CL_SUCCESS) {
            return inactive("clGetPlatformIDs failed: " + OpenClException.errorName(status), List.of());
        }
        cl_platform_id[] platforms = new cl_platform_id[count[0]];
        int listed = Cl.status(() -> CL.clGetPlatformIDs(platforms.length, platforms, null));
        if (listed != CL.CL_SUCCESS) {
            return inactive("clGetPlatformIDs failed: " + OpenClException.errorName(listed), List.of());
        }
        List<String> inventory = new ArrayList<>();
        List<Candidate> candidates = new ArrayList<>();
        for (int p = 0; p < platforms.length; p++) {
            addPlatform(p, platforms[p], inventory, candidates);
        }
        if (candidates.isEmpty()) {
            return inactive(platforms.length + " OpenCL platform(s) but no device: " + String.join("; ", inventory), inventory);
        }
        Optional<Candidate> chosen;
        if (override != null && !override.isBlank()) {
            chosen = byOverride(override.strip(), candidates);
            if (chosen.isEmpty()) {
                return inactive("-D" + OpenClDriver.DEVICE_PROPERTY + "=" + override.strip() + " matches none of the "
                        + candidates.size() + " OpenCL devices (give an index or part of a name): "
                        + String.join("; ", candidates.stream().map(Candidate::description).toList()), inventory);
            }
            if (!chosen.get().usable()) {
                return inactive("-D" + OpenClDriver.DEVICE_PROPERTY + "=" + override.strip() + " chose " + chosen.get().description()
                        + ", which is not usable (unavailable or without a compiler)", inventory);
            }
        } else {
            chosen = candidates.stream().filter(Candidate::usable)
                    .min(Comparator.comparingInt(Candidate::preference).thenComparingInt(Candidate::index));
            if (chosen.isEmpty()) {
                return inactive("no usable OpenCL device (all are unavailable or lack a compiler): "
                        + String.join("; ", candidates.stream().map(Candidate::description).toList()), inventory);
            }
        }
        Candidate c = chosen.get();
        List<String> marked = new ArrayList<>(inventory);
        for (int i = 0; i < marked.size(); i++) {
            if (marked.get(i).equals(c.description())) {
                marked.set(i, c.description() + " <- selected");
            }
        }
        return Discovery.active(c.description(), marked, c, candidates.stream().filter(Candidate::usable).toList());
    }

    private static void addPlatform(int p, cl_platform_id platform, List<String> inventory, List<Candidate> candidates) {
        String platformName;
        String platformVersion;
        try {
            platformName = Cl.platformString(platform, CL.CL_PLATFORM_NAME);
            platformVersion = Cl.platformString(platform, CL.CL_PLATFORM_VERSION);
        } catch (OpenClException e) {
            inventory.add("platform " + p + ": unreadable (" + e.getMessage() + ")");
            return;
        }
        int[] count = new int[1];
        int status = Cl.status(() -> CL.clGetDeviceIDs(platform, CL.CL_DEVICE_TYPE_ALL, 0, null, count));
        if (status != CL.CL_SUCCESS || count[0] == 0) {
            inventory.add("platform " + p + " '" + platformName + "' (" + platformVersion + "): no devices (clGetDeviceIDs: "
                    + (status == CL.CL_SUCCESS ? "0 devices" : OpenClException.errorName(status)) + ")");
            return;
        }
        cl_device_id[] devices = new cl_device_id[count[0]];
        int listed = Cl.status(() -> CL.clGetDeviceIDs(platform, CL.CL_DEVICE_TYPE_ALL, devices.length, devices, null));
        if (listed != CL.CL_SUCCESS) {
            inventory.add("platform " + p + " '" + platformName + "': clGetDeviceIDs failed: " + OpenClException.errorName(listed));
            return;
        }
        inventory.add("platform " + p + " '" + platformName + "' (" + platformVersion + "): " + devices.length + " device(s)");
        int firstIndex = candidates.size();
        for (cl_device_id device : devices) {
            int index = candidates.size();
            try {
                String name = Cl.deviceString(device, CL.CL_DEVICE_NAME);
                long type = Cl.deviceULong(device, CL.CL_DEVICE_TYPE);
                String version = Cl.deviceString(device, CL.CL_DEVICE_VERSION);
                boolean available = Cl.deviceUInt(device, CL.CL_DEVICE_AVAILABLE) != 0;
                boolean compiler = Cl.deviceUInt(device, CL.CL_DEVICE_COMPILER_AVAILABLE) != 0;
                String description = String.format(Locale.ROOT, "device %d: %s [%s] on platform %d '%s', %s%s%s", index, name,
                        typeName(type), p, platformName, version, available ? "" : ", unavailable",
                        compiler ? "" : ", no compiler");
                String id = Cl.deviceId(device);
                if (id.isEmpty()) {
                    // neither a bus id nor a UUID: the position, stable while the platforms stay the same
                    id = "cl:" + p + ":" + (index - firstIndex);
                }
                description += " [" + id + "]";
                Candidate candidate = new Candidate(index, platform, device, platformName, platformVersion, name, type,
                        available && compiler, description, id);
                candidates.add(candidate);
                inventory.add(description);
            } catch (OpenClException e) {
                inventory.add("device on platform " + p + ": unreadable (" + e.getMessage() + ")");
            }
        }
    }

    /**
     * The device an override names: a number is an index into the inventory's device list; anything else
     * is a case-insensitive part of the device name, else of the platform name; among several matches
     * the usual preference (GPU, accelerator, CPU) decides.
     */
    static Optional<Candidate> byOverride(String override, List<Candidate> candidates) {
        if (override.chars().allMatch(Character::isDigit)) {
            int index;
            try {
                index = Integer.parseInt(override);
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            return candidates.stream().filter(c -> c.index() == index).findFirst();
        }
        String wanted = override.toLowerCase(Locale.ROOT);
        Comparator<Candidate> order = Comparator.comparing((Candidate c) -> !c.usable())
                .thenComparingInt(Candidate::preference).thenComparingInt(Candidate::index);
        Optional<Candidate> byDevice = candidates.stream()
                .filter(c -> c.name().toLowerCase(Locale.ROOT).contains(wanted)).min(order);
        if (byDevice.isPresent()) {
            return byDevice;
        }
        return candidates.stream().filter(c -> c.platformName().toLowerCase(Locale.ROOT).contains(wanted)).min(order);
    }

    /**
     * The device type as a word.
     *
     * @param type the {@code CL_DEVICE_TYPE} bitfield
     * @return {@code GPU}, {@code ACCELERATOR}, {@code CPU}, {@code CUSTOM} or {@code DEFAULT}, joined by {@code |}
     */
    static String typeName(long type) {
        List<String> names = new ArrayList<>();
        if ((type & CL.CL_DEVICE_TYPE_GPU) != 0) {
            names.add("GPU");
        }
        if ((type & CL.CL_DEVICE_TYPE_ACCELERATOR) != 0) {
            names.add("ACCELERATOR");
        }
        if ((type & CL.CL_DEVICE_TYPE_CPU) != 0) {
            names.add("CPU");
        }
        if ((type & CL.CL_DEVICE_TYPE_CUSTOM) != 0) {
            names.add("CUSTOM");
        }
        if ((type & CL.CL_DEVICE_TYPE_DEFAULT) != 0) {
            names.add("DEFAULT");
        }
        return names.isEmpty() ? "type " + type : String.join("|", names);
    }

    static Discovery<Candidate> inactive(String reason, List<String> inventory) {
        return Discovery.inactive(reason, inventory);
    }
}
