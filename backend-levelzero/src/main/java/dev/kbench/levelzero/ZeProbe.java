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
package dev.kbench.levelzero;

import dev.kbench.api.DeviceIdentity;
import dev.kbench.levelzero.ze.ZeApi;
import dev.kbench.levelzero.ze._ze_device_uuid_t;
import dev.kbench.levelzero.ze.ze_device_properties_t;
import dev.kbench.levelzero.ze.ze_driver_properties_t;
import dev.kbench.spi.kit.Discovery;
import dev.kbench.spi.kit.NativeLibraries;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Discovery: loads the Level Zero loader, checks it has every function the backend calls, initialises
 * it and finds the first GPU. Never throws: every failure becomes an inactive {@link Availability} that
 * says why.
 */
final class ZeProbe {

    /** The loader, as Debian's {@code libze1} installs it (the unversioned name comes only with {@code -dev}). */
    static final String LOADER = "libze_loader.so.1";

    /**
     * The Level Zero functions the backend calls, all of API 1.4 or older; the same list as the
     * {@code --include-function} lines of {@code jextract/includes.txt} (a test checks they agree).
     */
    static final List<String> REQUIRED_FUNCTIONS = List.of(
            "zeInit", "zeDriverGet", "zeDriverGetApiVersion", "zeDriverGetProperties",
            "zeDeviceGet", "zeDeviceGetProperties", "zeDeviceGetComputeProperties", "zeDeviceGetMemoryProperties",
            "zeDeviceGetCacheProperties", "zeDeviceGetCommandQueueGroupProperties",
            "zeContextCreate", "zeContextDestroy",
            "zeCommandListCreateImmediate", "zeCommandListDestroy", "zeCommandListAppendBarrier",
            "zeCommandListAppendWriteGlobalTimestamp", "zeCommandListAppendMemoryFill",
            "zeCommandListAppendMemoryCopy", "zeCommandListAppendLaunchKernel",
            "zeEventPoolCreate", "zeEventPoolDestroy", "zeEventCreate", "zeEventDestroy",
            "zeEventHostSynchronize", "zeEventHostReset",
            "zeMemAllocDevice", "zeMemAllocHost", "zeMemFree",
            "zeModuleCreate", "zeModuleDestroy", "zeModuleBuildLogGetString", "zeModuleBuildLogDestroy",
            "zeModuleGetKernelNames",
            "zeKernelCreate", "zeKernelDestroy", "zeKernelSetGroupSize", "zeKernelSetArgumentValue",
            "zeKernelGetProperties");

    /**
     * The device discovery chose.
     *
     * @param driver the {@code ze_driver_handle_t}
     * @param device the {@code ze_device_handle_t}
     * @param apiVersion the driver's {@code ze_api_version_t}
     * @param name the device name
     * @param index the device's position among all devices of all drivers
     * @param uuid the device's UUID ({@code ze_device_properties_t.uuid}) as 32 hex digits
     */
    record Target(MemorySegment driver, MemorySegment device, int apiVersion, String name, int index, String uuid)
            implements Discovery.Device {

        /** The device's identity for samples and listings. */
        @Override
        public DeviceIdentity identity() {
            return new DeviceIdentity("levelzero", index, name, uuid);
        }
    }

    private ZeProbe() {
    }

    /**
     * Checks that a library can be loaded and has every function in {@link #REQUIRED_FUNCTIONS}.
     *
     * @param library a library name for {@code dlopen}, e.g. {@link #LOADER}
     * @return why it cannot be used, or empty if it can
     */
    static Optional<String> checkLibrary(String library) {
        return NativeLibraries.check(library, REQUIRED_FUNCTIONS, "Level Zero 1.4", "a Level Zero loader of API 1.4 or later",
                "install the Level Zero loader, e.g. apt-get install libze1");
    }

    /**
     * Loads and initialises Level Zero and picks a GPU device.
     *
     * @param wanted the index of the device to use (its position among all devices of all drivers), or
     *        -1 for the first GPU
     * @return what was found; never throws
     */
    static Discovery<Target> run(int wanted) {
        List<String> inventory = new ArrayList<>();
        try {
            Optional<String> unusable = checkLibrary(LOADER);
            if (unusable.isPresent()) {
                return Discovery.inactive(unusable.get(), inventory);
            }
            int init = ZeApi.zeInit(ZeApi.ZE_INIT_FLAG_GPU_ONLY());
            if (init != ZeApi.ZE_RESULT_SUCCESS()) {
                String hint = init == ZeApi.ZE_RESULT_ERROR_UNINITIALIZED()
                        ? ": the loader found no Level Zero GPU driver (install Intel's, e.g. intel-level-zero-gpu,"
                          + " or name one in ZE_ENABLE_ALT_DRIVERS)"
                        : "";
                return Discovery.inactive("zeInit(ZE_INIT_FLAG_GPU_ONLY) returned " + Ze.describe(init) + hint, inventory);
            }
            return enumerate(inventory, wanted);
        } catch (IllegalCallerException e) {
            Module m = ZeProbe.class.getModule();
            return Discovery.inactive("native access is disabled (" + e.getMessage() + "); run java with "
                    + "--enable-native-access=" + (m.isNamed() ? m.getName() : "ALL-UNNAMED"), inventory);
        } catch (RuntimeException | LinkageError e) {
            return Discovery.inactive("Level Zero discovery failed: " + e, inventory);
        }
    }

    private static Discovery<Target> enumerate(List<String> inventory, int wanted) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
            Ze.check(ZeApi.zeDriverGet(count, MemorySegment.NULL), "zeDriverGet");
            int drivers = count.get(ValueLayout.JAVA_INT, 0);
            MemorySegment driverHandles = arena.allocate(ValueLayout.ADDRESS, Math.max(1, drivers));
            if (drivers > 0) {
                Ze.check(ZeApi.zeDriverGet(count, driverHandles), "zeDriverGet");
                drivers = count.get(ValueLayout.JAVA_INT, 0);
            }
            List<Target> gpus = new ArrayList<>();
            int seen = 0;
            for (int d = 0; d < drivers; d++) {
                MemorySegment driver = driverHandles.getAtIndex(ValueLayout.ADDRESS, d);
                MemorySegment version = arena.allocate(ValueLayout.JAVA_INT);
                Ze.check(ZeApi.zeDriverGetApiVersion(driver, version), "zeDriverGetApiVersion");
                int api = version.get(ValueLayout.JAVA_INT, 0);
                MemorySegment driverProps = ze_driver_properties_t.allocate(arena);
                ze_driver_properties_t.stype(driverProps, ZeApi.ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES());
                Ze.check(ZeApi.zeDriverGetProperties(driver, driverProps), "zeDriverGetProperties");
                String driverLine = String.format(Locale.ROOT, "driver %d (API %s, driver version 0x%08x)", d,
                        Ze.version(api), ze_driver_properties_t.driverVersion(driverProps));
                count.set(ValueLayout.JAVA_INT, 0, 0);
                Ze.check(ZeApi.zeDeviceGet(driver, count, MemorySegment.NULL), "zeDeviceGet");
                int devices = count.get(ValueLayout.JAVA_INT, 0);
                if (devices == 0) {
                    inventory.add(driverLine + ": no devices");
                    continue;
                }
                MemorySegment deviceHandles = arena.allocate(ValueLayout.ADDRESS, devices);
                Ze.check(ZeApi.zeDeviceGet(driver, count, deviceHandles), "zeDeviceGet");
                for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
                    MemorySegment device = deviceHandles.getAtIndex(ValueLayout.ADDRESS, i);
                    MemorySegment props = ze_device_properties_t.allocate(arena);
                    ze_device_properties_t.stype(props, ZeApi.ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES());
                    Ze.check(ZeApi.zeDeviceGetProperties(device, props), "zeDeviceGetProperties");
                    String name = ze_device_properties_t.name(props).getString(0);
                    int type = ze_device_properties_t.type(props);
                    long eus = (long) ze_device_properties_t.numSlices(props)
                            * ze_device_properties_t.numSubslicesPerSlice(props)
                            * ze_device_properties_t.numEUsPerSubslice(props);
                    inventory.add(String.format(Locale.ROOT, "%s: device %d: %s [%s, vendor 0x%04x, device 0x%04x, "
                                    + "%d EUs, %d MHz]", driverLine, i, name, deviceType(type),
                            ze_device_properties_t.vendorId(props), ze_device_properties_t.deviceId(props), eus,
                            ze_device_properties_t.coreClockRate(props)));
                    String uuid = DeviceIdentity.hex(_ze_device_uuid_t.id(ze_device_properties_t.uuid(props))
                            .toArray(ValueLayout.JAVA_BYTE));
                    if (type == ZeApi.ZE_DEVICE_TYPE_GPU()) {
                        gpus.add(new Target(driver, device, api, name, seen, uuid));
                    }
                    seen++;
                }
            }
            if (gpus.isEmpty()) {
                return Discovery.inactive("zeInit succeeded but none of the " + seen
                        + " Level Zero devices is a GPU", inventory);
            }
            Target target = gpus.getFirst();
            if (wanted >= 0) {
                final int index = wanted;
                Optional<Target> chosen = gpus.stream().filter(t -> t.index() == index).findFirst();
                if (chosen.isEmpty()) {
                    return Discovery.inactive("Level Zero device " + wanted + " is not one of the " + gpus.size()
                            + " GPU(s): " + String.join("; ", gpus.stream().map(t -> t.identity().describe()).toList()),
                            inventory);
                }
                target = chosen.get();
            }
            return Discovery.active(target.name() + " through " + LOADER + " (driver API "
                    + Ze.version(target.apiVersion()) + ")", inventory, target, gpus);
        } catch (ZeResultException e) {
            return Discovery.inactive("Level Zero discovery failed: " + e.getMessage(), inventory);
        }
    }

    static String deviceType(int type) {
        if (type == ZeApi.ZE_DEVICE_TYPE_GPU()) {
            return "GPU";
        } else if (type == ZeApi.ZE_DEVICE_TYPE_CPU()) {
            return "CPU";
        } else if (type == ZeApi.ZE_DEVICE_TYPE_FPGA()) {
            return "FPGA";
        } else if (type == ZeApi.ZE_DEVICE_TYPE_MCA()) {
            return "MCA";
        } else if (type == ZeApi.ZE_DEVICE_TYPE_VPU()) {
            return "VPU";
        }
        return "type " + type;
    }
}
