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
package dev.kbench.vulkan;

import dev.kbench.api.DeviceIdentity;
import dev.kbench.spi.kit.Discovery;
import dev.kbench.spi.kit.NativeLibraries;
import dev.kbench.vulkan.vk.VkApi;
import dev.kbench.vulkan.vk.VkApplicationInfo;
import dev.kbench.vulkan.vk.VkInstanceCreateInfo;
import dev.kbench.vulkan.vk.VkPhysicalDeviceIDProperties;
import dev.kbench.vulkan.vk.VkPhysicalDeviceProperties;
import dev.kbench.vulkan.vk.VkPhysicalDeviceProperties2;
import dev.kbench.vulkan.vk.VkQueueFamilyProperties;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Vulkan discovery: loads {@code libvulkan.so.1}, creates the process's one Vulkan instance and lists its
 * physical devices with a compute queue family. Never throws: every failure is an inactive discovery that
 * names what is missing.
 */
final class VkProbe {

    /** The Vulkan loader, as {@code dlopen} finds it. */
    static final String LOADER = "libvulkan.so.1";

    /** Vulkan 1.1, the version the backend asks for ({@code VK_MAKE_API_VERSION(0, 1, 1, 0)}). */
    static final int API_VERSION_1_1 = (1 << 22) | (1 << 12);

    /** The loader functions kbench calls first; a loader without them is not a Vulkan 1.1 loader. */
    private static final List<String> REQUIRED_FUNCTIONS = List.of("vkEnumerateInstanceVersion", "vkCreateInstance",
            "vkEnumeratePhysicalDevices", "vkGetPhysicalDeviceProperties2", "vkCreateDevice");

    private static MemorySegment instance;

    /**
     * A physical device that has a compute queue family.
     *
     * @param physicalDevice the {@code VkPhysicalDevice}
     * @param queueFamily the index of the first queue family with {@code VK_QUEUE_COMPUTE_BIT}
     * @param timestampValidBits that family's {@code timestampValidBits}; 0 when it has no timestamps
     * @param identity the device's identity: index in the instance's enumeration, name, device UUID
     * @param type the device type, e.g. {@code CPU}, {@code discrete GPU}
     */
    record Target(MemorySegment physicalDevice, int queueFamily, int timestampValidBits, DeviceIdentity identity,
                  String type) implements Discovery.Device {
    }

    private VkProbe() {
    }

    /**
     * Finds the Vulkan devices and chooses one.
     *
     * @param wanted the index of the device to use, or -1 for the first GPU (else the first device)
     * @return what was found; never throws
     */
    static Discovery<Target> run(int wanted) {
        List<String> inventory = new ArrayList<>();
        try {
            Optional<String> unusable = checkLibrary(LOADER);
            if (unusable.isPresent()) {
                return Discovery.inactive(unusable.get(), inventory);
            }
            return enumerate(instance(), inventory, wanted);
        } catch (IllegalCallerException e) {
            Module m = VkProbe.class.getModule();
            return Discovery.inactive("native access is disabled (" + e.getMessage() + "); run java with "
                    + "--enable-native-access=" + (m.isNamed() ? m.getName() : "ALL-UNNAMED"), inventory);
        } catch (VulkanException e) {
            String hint = e.result() == VkApi.VK_ERROR_INCOMPATIBLE_DRIVER()
                    ? ": the loader found no Vulkan driver (install one, e.g. apt-get install mesa-vulkan-drivers for"
                      + " lavapipe on the CPU, or the GPU vendor's driver)"
                    : "";
            return Discovery.inactive(e.getMessage() + hint, inventory);
        } catch (RuntimeException | LinkageError e) {
            return Discovery.inactive("Vulkan discovery failed: " + e, inventory);
        }
    }

    /**
     * Checks that a library can be loaded and has the functions discovery calls first.
     *
     * @param library a library name for {@code dlopen}
     * @return why it cannot be used, or empty if it can
     */
    static Optional<String> checkLibrary(String library) {
        return NativeLibraries.check(library, REQUIRED_FUNCTIONS, "Vulkan 1.1", "a Vulkan 1.1 loader",
                "install the Vulkan loader and a driver, e.g. apt-get install libvulkan1 mesa-vulkan-drivers");
    }

    /**
     * The process's Vulkan instance (API 1.1, no layers, no extensions), created on first use and kept
     * for the life of the process: the physical devices of every driver and device belong to it.
     *
     * @return the {@code VkInstance}
     * @throws VulkanException if it cannot be created
     */
    static synchronized MemorySegment instance() {
        if (instance == null) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment version = arena.allocate(ValueLayout.JAVA_INT);
                Vk.check(VkApi.vkEnumerateInstanceVersion(version), "vkEnumerateInstanceVersion");
                int found = version.get(ValueLayout.JAVA_INT, 0);
                if (Integer.compareUnsigned(found & ~0xfff, API_VERSION_1_1) < 0) {
                    throw new VulkanException("the Vulkan loader is version " + version(found)
                            + "; kbench needs Vulkan 1.1", VkApi.VK_ERROR_INCOMPATIBLE_DRIVER());
                }
                MemorySegment app = VkApplicationInfo.allocate(arena);
                VkApplicationInfo.sType(app, VkApi.VK_STRUCTURE_TYPE_APPLICATION_INFO());
                VkApplicationInfo.pApplicationName(app, arena.allocateFrom("kbench"));
                VkApplicationInfo.pEngineName(app, arena.allocateFrom("kbench"));
                VkApplicationInfo.apiVersion(app, API_VERSION_1_1);
                MemorySegment info = VkInstanceCreateInfo.allocate(arena);
                VkInstanceCreateInfo.sType(info, VkApi.VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO());
                VkInstanceCreateInfo.pApplicationInfo(info, app);
                MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
                Vk.check(VkApi.vkCreateInstance(info, MemorySegment.NULL, handle), "vkCreateInstance");
                instance = handle.get(ValueLayout.ADDRESS, 0);
            }
        }
        return instance;
    }

    private static Discovery<Target> enumerate(MemorySegment instance, List<String> inventory, int wanted) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
            Vk.check(VkApi.vkEnumeratePhysicalDevices(instance, count, MemorySegment.NULL), "vkEnumeratePhysicalDevices");
            int n = count.get(ValueLayout.JAVA_INT, 0);
            MemorySegment handles = arena.allocate(ValueLayout.ADDRESS, Math.max(1, n));
            Vk.check(VkApi.vkEnumeratePhysicalDevices(instance, count, handles), "vkEnumeratePhysicalDevices");
            n = count.get(ValueLayout.JAVA_INT, 0);
            List<Target> devices = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                MemorySegment physical = handles.getAtIndex(ValueLayout.ADDRESS, i);
                describe(arena, physical, i, inventory).ifPresent(devices::add);
            }
            if (devices.isEmpty()) {
                return Discovery.inactive(n == 0
                        ? "the Vulkan loader found no physical device (install a driver, e.g. apt-get install "
                          + "mesa-vulkan-drivers for lavapipe on the CPU)"
                        : "no Vulkan device has a compute queue", inventory);
            }
            Target chosen;
            if (wanted >= 0) {
                chosen = devices.stream().filter(d -> d.identity().index() == wanted).findFirst().orElseThrow(
                        () -> new IllegalStateException("no Vulkan device " + wanted));
            } else {
                chosen = devices.stream().filter(d -> d.type().endsWith("GPU")).findFirst().orElse(devices.get(0));
            }
            return Discovery.active("Vulkan device " + chosen.identity().describe() + " (" + chosen.type() + ")",
                    inventory, chosen, devices);
        }
    }

    private static Optional<Target> describe(Arena arena, MemorySegment physical, int index, List<String> inventory) {
        MemorySegment idProperties = VkPhysicalDeviceIDProperties.allocate(arena);
        VkPhysicalDeviceIDProperties.sType(idProperties, VkApi.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES());
        MemorySegment properties2 = VkPhysicalDeviceProperties2.allocate(arena);
        VkPhysicalDeviceProperties2.sType(properties2, VkApi.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2());
        VkPhysicalDeviceProperties2.pNext(properties2, idProperties);
        VkApi.vkGetPhysicalDeviceProperties2(physical, properties2);
        MemorySegment properties = VkPhysicalDeviceProperties2.properties(properties2);
        String name = VkPhysicalDeviceProperties.deviceName(properties).getString(0);
        String type = type(VkPhysicalDeviceProperties.deviceType(properties));
        String uuid = DeviceIdentity.hex(VkPhysicalDeviceIDProperties.deviceUUID(idProperties)
                .toArray(ValueLayout.JAVA_BYTE));
        String line = "device " + index + ": " + name + " [" + type + ", Vulkan "
                + version(VkPhysicalDeviceProperties.apiVersion(properties)) + ", vendor 0x"
                + Integer.toHexString(VkPhysicalDeviceProperties.vendorID(properties)) + "]";

        MemorySegment familyCount = arena.allocate(ValueLayout.JAVA_INT);
        VkApi.vkGetPhysicalDeviceQueueFamilyProperties(physical, familyCount, MemorySegment.NULL);
        int families = familyCount.get(ValueLayout.JAVA_INT, 0);
        MemorySegment familyProperties = VkQueueFamilyProperties.allocateArray(Math.max(1, families), arena);
        VkApi.vkGetPhysicalDeviceQueueFamilyProperties(physical, familyCount, familyProperties);
        for (int f = 0; f < families; f++) {
            MemorySegment family = VkQueueFamilyProperties.asSlice(familyProperties, f);
            if ((VkQueueFamilyProperties.queueFlags(family) & VkApi.VK_QUEUE_COMPUTE_BIT()) != 0) {
                int validBits = VkQueueFamilyProperties.timestampValidBits(family);
                inventory.add(line + ": compute queue family " + f + ", " + (validBits == 0 ? "no timestamps"
                        : validBits + "-bit timestamps"));
                return Optional.of(new Target(physical, f, validBits, new DeviceIdentity("vulkan", index, name, uuid),
                        type));
            }
        }
        inventory.add(line + ": no compute queue family, not usable");
        return Optional.empty();
    }

    /**
     * A {@code VkPhysicalDeviceType} in words.
     *
     * @param type the device type
     * @return e.g. {@code discrete GPU}
     */
    static String type(int type) {
        if (type == VkApi.VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU()) {
            return "discrete GPU";
        } else if (type == VkApi.VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU()) {
            return "integrated GPU";
        } else if (type == VkApi.VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU()) {
            return "virtual GPU";
        } else if (type == VkApi.VK_PHYSICAL_DEVICE_TYPE_CPU()) {
            return "CPU";
        }
        return "other";
    }

    /**
     * A packed Vulkan version as {@code major.minor.patch}.
     *
     * @param version {@code VK_MAKE_API_VERSION} packing
     * @return the text
     */
    static String version(int version) {
        return (version >>> 22 & 0x7f) + "." + (version >>> 12 & 0x3ff) + "." + (version & 0xfff);
    }
}
