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

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.Event;
import dev.kbench.spi.kit.BufferChecks;
import dev.kbench.spi.kit.OpenableDevice;
import dev.kbench.vulkan.vk.VkApi;
import dev.kbench.vulkan.vk.VkBufferCreateInfo;
import dev.kbench.vulkan.vk.VkDeviceCreateInfo;
import dev.kbench.vulkan.vk.VkDeviceQueueCreateInfo;
import dev.kbench.vulkan.vk.VkMemoryAllocateInfo;
import dev.kbench.vulkan.vk.VkMemoryHeap;
import dev.kbench.vulkan.vk.VkMemoryRequirements;
import dev.kbench.vulkan.vk.VkMemoryType;
import dev.kbench.vulkan.vk.VkPhysicalDeviceFeatures;
import dev.kbench.vulkan.vk.VkPhysicalDeviceFeatures2;
import dev.kbench.vulkan.vk.VkPhysicalDeviceLimits;
import dev.kbench.vulkan.vk.VkPhysicalDeviceMaintenance4Features;
import dev.kbench.vulkan.vk.VkPhysicalDeviceMemoryProperties;
import dev.kbench.vulkan.vk.VkPhysicalDeviceProperties;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * An open Vulkan device: a {@code VkDevice} with one compute queue, the work stream on it
 * ({@link VkStream}), buffers in host-visible, host-coherent memory (device-local too where the device
 * has such a type), timestamp-query events and SPIR-V compute modules. Not thread-safe.
 */
final class VulkanDevice implements OpenableDevice {

    private static final int API_VERSION_1_3 = (1 << 22) | (3 << 12);

    private final VkProbe.Target target;
    private final MemorySegment device;
    private final VkStream stream;
    private final DeviceFacts facts;
    private final MemorySegment memoryProperties;
    private final Arena deviceArena = Arena.ofShared();
    private final double timestampPeriodNanos;
    private final boolean shaderInt64;
    private final boolean shaderFloat64;
    private final boolean maintenance4;
    private final long maxWorkGroupInvocations;
    private final long[] maxWorkGroupSize = new long[3];
    private final long[] maxWorkGroupCount = new long[3];
    private final int maxPushConstantsBytes;
    private final Set<AutoCloseable> owned = new LinkedHashSet<>();
    private boolean closed;

    VulkanDevice(VkProbe.Target target) {
        this.target = target;
        MemorySegment physical = target.physicalDevice();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment properties = VkPhysicalDeviceProperties.allocate(arena);
            VkApi.vkGetPhysicalDeviceProperties(physical, properties);
            MemorySegment limits = VkPhysicalDeviceProperties.limits(properties);
            timestampPeriodNanos = VkPhysicalDeviceLimits.timestampPeriod(limits);
            maxWorkGroupInvocations = VkPhysicalDeviceLimits.maxComputeWorkGroupInvocations(limits) & 0xffffffffL;
            for (int i = 0; i < 3; i++) {
                maxWorkGroupSize[i] = VkPhysicalDeviceLimits.maxComputeWorkGroupSize(limits)
                        .getAtIndex(ValueLayout.JAVA_INT, i) & 0xffffffffL;
                maxWorkGroupCount[i] = VkPhysicalDeviceLimits.maxComputeWorkGroupCount(limits)
                        .getAtIndex(ValueLayout.JAVA_INT, i) & 0xffffffffL;
            }
            maxPushConstantsBytes = VkPhysicalDeviceLimits.maxPushConstantsSize(limits);
            int apiVersion = VkPhysicalDeviceProperties.apiVersion(properties);

            MemorySegment maintenance = VkPhysicalDeviceMaintenance4Features.allocate(arena);
            VkPhysicalDeviceMaintenance4Features.sType(maintenance,
                    VkApi.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES());
            MemorySegment features2 = VkPhysicalDeviceFeatures2.allocate(arena);
            VkPhysicalDeviceFeatures2.sType(features2, VkApi.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2());
            boolean vulkan13 = Integer.compareUnsigned(apiVersion & ~0xfff, API_VERSION_1_3) >= 0;
            if (vulkan13) {
                VkPhysicalDeviceFeatures2.pNext(features2, maintenance);
            }
            VkApi.vkGetPhysicalDeviceFeatures2(physical, features2);
            MemorySegment supported = VkPhysicalDeviceFeatures2.features(features2);
            shaderInt64 = VkPhysicalDeviceFeatures.shaderInt64(supported) != 0;
            shaderFloat64 = VkPhysicalDeviceFeatures.shaderFloat64(supported) != 0;
            maintenance4 = vulkan13 && VkPhysicalDeviceMaintenance4Features.maintenance4(maintenance) != 0;

            MemorySegment enabled = VkPhysicalDeviceFeatures.allocate(arena);
            VkPhysicalDeviceFeatures.shaderInt64(enabled, shaderInt64 ? 1 : 0);
            VkPhysicalDeviceFeatures.shaderFloat64(enabled, shaderFloat64 ? 1 : 0);
            MemorySegment priority = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1.0f);
            MemorySegment queueInfo = VkDeviceQueueCreateInfo.allocate(arena);
            VkDeviceQueueCreateInfo.sType(queueInfo, VkApi.VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO());
            VkDeviceQueueCreateInfo.queueFamilyIndex(queueInfo, target.queueFamily());
            VkDeviceQueueCreateInfo.queueCount(queueInfo, 1);
            VkDeviceQueueCreateInfo.pQueuePriorities(queueInfo, priority);
            MemorySegment info = VkDeviceCreateInfo.allocate(arena);
            VkDeviceCreateInfo.sType(info, VkApi.VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO());
            VkDeviceCreateInfo.queueCreateInfoCount(info, 1);
            VkDeviceCreateInfo.pQueueCreateInfos(info, queueInfo);
            VkDeviceCreateInfo.pEnabledFeatures(info, enabled);
            if (maintenance4) {
                MemorySegment enable = VkPhysicalDeviceMaintenance4Features.allocate(arena);
                VkPhysicalDeviceMaintenance4Features.sType(enable,
                        VkApi.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES());
                VkPhysicalDeviceMaintenance4Features.maintenance4(enable, 1);
                VkDeviceCreateInfo.pNext(info, enable);
            }
            MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
            Vk.check(VkApi.vkCreateDevice(physical, info, MemorySegment.NULL, handle), "vkCreateDevice");
            device = handle.get(ValueLayout.ADDRESS, 0);
            MemorySegment queue = arena.allocate(ValueLayout.ADDRESS);
            VkApi.vkGetDeviceQueue(device, target.queueFamily(), 0, queue);
            stream = new VkStream(device, queue.get(ValueLayout.ADDRESS, 0), target.queueFamily());

            memoryProperties = VkPhysicalDeviceMemoryProperties.allocate(deviceArena);
            VkApi.vkGetPhysicalDeviceMemoryProperties(physical, memoryProperties);
            facts = facts(properties, apiVersion);
        }
    }

    private DeviceFacts facts(MemorySegment properties, int apiVersion) {
        long deviceLocal = 0;
        int heaps = VkPhysicalDeviceMemoryProperties.memoryHeapCount(memoryProperties);
        for (int h = 0; h < heaps; h++) {
            MemorySegment heap = VkMemoryHeap.asSlice(VkPhysicalDeviceMemoryProperties.memoryHeaps(memoryProperties), h);
            if ((VkMemoryHeap.flags(heap) & VkApi.VK_MEMORY_HEAP_DEVICE_LOCAL_BIT()) != 0) {
                deviceLocal += VkMemoryHeap.size(heap);
            }
        }
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("device type", target.type());
        extra.put("Vulkan API", VkProbe.version(apiVersion));
        extra.put("driver version", "0x" + Integer.toHexString(VkPhysicalDeviceProperties.driverVersion(properties)));
        extra.put("compute queue family", Integer.toString(target.queueFamily()));
        extra.put("timestamp period", timestampPeriodNanos + " ns");
        extra.put("timestamp valid bits", Integer.toString(target.timestampValidBits()));
        extra.put("shaderInt64", Boolean.toString(shaderInt64));
        extra.put("shaderFloat64", Boolean.toString(shaderFloat64));
        extra.put("maintenance4 (LocalSizeId)", Boolean.toString(maintenance4));
        extra.put("max work-group invocations", Long.toString(maxWorkGroupInvocations));
        extra.put("max push constants", maxPushConstantsBytes + " bytes");
        extra.put("device UUID", target.identity().id());
        return new DeviceFacts(target.identity().name(), vendor(VkPhysicalDeviceProperties.vendorID(properties)),
                deviceLocal > 0 ? OptionalLong.of(deviceLocal) : OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalDouble.empty(), OptionalDouble.empty(), extra);
    }

    private static String vendor(int id) {
        return switch (id) {
            case 0x10de -> "NVIDIA";
            case 0x1002 -> "AMD";
            case 0x8086 -> "Intel";
            case 0x13b5 -> "ARM";
            case 0x5143 -> "Qualcomm";
            case 0x10005 -> "Mesa";
            default -> "vendor 0x" + Integer.toHexString(id);
        };
    }

    MemorySegment handle() {
        return device;
    }

    VkStream stream() {
        return stream;
    }

    int timestampValidBits() {
        return target.timestampValidBits();
    }

    double timestampPeriodNanos() {
        return timestampPeriodNanos;
    }

    String describe() {
        return "vulkan device " + target.identity().describe();
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the vulkan device is closed");
        }
    }

    /**
     * Registers something to close with the device.
     *
     * @param resource the resource
     * @param <T> its type
     * @return the resource
     */
    <T extends AutoCloseable> T own(T resource) {
        owned.add(resource);
        return resource;
    }

    void disown(AutoCloseable resource) {
        owned.remove(resource);
    }

    @Override
    public void synchronize() {
        ensureOpen();
        stream.synchronize();
    }

    @Override
    public DeviceFacts facts() {
        return facts;
    }

    @Override
    public Set<SourceKind> acceptedSources() {
        return Set.of(SourceKind.SPIRV);
    }

    @Override
    public KernelModule loadModule(KernelSource source) {
        ensureOpen();
        if (!source.kind().equals(SourceKind.SPIRV)) {
            throw new KernelException("the vulkan backend takes SPIR-V compute shaders only; '" + source.name() + "' is "
                    + source.kind() + " (compile GLSL compute shaders with glslangValidator -V)");
        }
        Spirv spirv = Spirv.parse(source.code(), source.name());
        if (spirv.openCl()) {
            throw new KernelException("'" + source.name() + "' is OpenCL SPIR-V (it declares the Kernel capability), "
                    + "which Vulkan cannot run: the vulkan backend takes SPIR-V compute shaders, e.g. GLSL compiled with "
                    + "glslangValidator -V. kbench's built-in suite ships only OpenCL SPIR-V, so it is not available on "
                    + "vulkan: run a compute shader of your own with kbench run --kernel FILE.spv --entry NAME");
        }
        if (spirv.needsInt64() && !shaderInt64 || spirv.needsFloat64() && !shaderFloat64) {
            throw new KernelException("'" + source.name() + "' needs " + (spirv.needsInt64() && !shaderInt64
                    ? "64-bit integers (shaderInt64)" : "64-bit floats (shaderFloat64)") + ", which " + describe()
                    + " does not support");
        }
        return own(new VulkanModule(this, spirv, source));
    }

    boolean maintenance4() {
        return maintenance4;
    }

    int maxPushConstantsBytes() {
        return maxPushConstantsBytes;
    }

    long maxWorkGroupInvocations() {
        return maxWorkGroupInvocations;
    }

    long maxWorkGroupSize(int dimension) {
        return maxWorkGroupSize[dimension];
    }

    long maxWorkGroupCount(int dimension) {
        return maxWorkGroupCount[dimension];
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        ensureOpen();
        BufferChecks.requireAllocation(bytes);
        return own(newBuffer(bytes));
    }

    /**
     * A buffer of {@code bytes} in host-visible, host-coherent memory, mapped for its life. Its
     * {@code VkBuffer} is rounded up to a multiple of 4 bytes, so that a fill of the whole buffer
     * ({@code vkCmdFillBuffer} writes 32-bit words) reaches every byte.
     */
    private VulkanBuffer newBuffer(long bytes) {
        long size = (bytes + 3) & ~3L;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = VkBufferCreateInfo.allocate(arena);
            VkBufferCreateInfo.sType(info, VkApi.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO());
            VkBufferCreateInfo.size(info, size);
            VkBufferCreateInfo.usage(info, VkApi.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT()
                    | VkApi.VK_BUFFER_USAGE_TRANSFER_SRC_BIT() | VkApi.VK_BUFFER_USAGE_TRANSFER_DST_BIT());
            VkBufferCreateInfo.sharingMode(info, VkApi.VK_SHARING_MODE_EXCLUSIVE());
            MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
            Vk.check(VkApi.vkCreateBuffer(device, info, MemorySegment.NULL, handle), "vkCreateBuffer(" + size + " bytes)");
            MemorySegment buffer = handle.get(ValueLayout.ADDRESS, 0);
            MemorySegment memory = MemorySegment.NULL;
            try {
                MemorySegment requirements = VkMemoryRequirements.allocate(arena);
                VkApi.vkGetBufferMemoryRequirements(device, buffer, requirements);
                int type = memoryType(VkMemoryRequirements.memoryTypeBits(requirements));
                MemorySegment allocation = VkMemoryAllocateInfo.allocate(arena);
                VkMemoryAllocateInfo.sType(allocation, VkApi.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO());
                VkMemoryAllocateInfo.allocationSize(allocation, VkMemoryRequirements.size(requirements));
                VkMemoryAllocateInfo.memoryTypeIndex(allocation, type);
                MemorySegment memoryHandle = arena.allocate(ValueLayout.ADDRESS);
                Vk.check(VkApi.vkAllocateMemory(device, allocation, MemorySegment.NULL, memoryHandle),
                        "vkAllocateMemory(" + VkMemoryRequirements.size(requirements) + " bytes)");
                memory = memoryHandle.get(ValueLayout.ADDRESS, 0);
                Vk.check(VkApi.vkBindBufferMemory(device, buffer, memory, 0), "vkBindBufferMemory");
                MemorySegment mapped = arena.allocate(ValueLayout.ADDRESS);
                Vk.check(VkApi.vkMapMemory(device, memory, 0, size, 0, mapped), "vkMapMemory");
                return new VulkanBuffer(this, bytes, size, buffer, memory,
                        mapped.get(ValueLayout.ADDRESS, 0).reinterpret(size));
            } catch (RuntimeException e) {
                if (!memory.equals(MemorySegment.NULL)) {
                    VkApi.vkFreeMemory(device, memory, MemorySegment.NULL);
                }
                VkApi.vkDestroyBuffer(device, buffer, MemorySegment.NULL);
                throw e;
            }
        }
    }

    /** The first host-visible, host-coherent type, preferring one that is device-local too. */
    private int memoryType(int allowed) {
        int visible = VkApi.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT() | VkApi.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT();
        int local = visible | VkApi.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT();
        int types = VkPhysicalDeviceMemoryProperties.memoryTypeCount(memoryProperties);
        for (int wanted : new int[] {local, visible}) {
            for (int t = 0; t < types; t++) {
                MemorySegment type = VkMemoryType.asSlice(VkPhysicalDeviceMemoryProperties.memoryTypes(memoryProperties), t);
                if ((allowed & (1 << t)) != 0 && (VkMemoryType.propertyFlags(type) & wanted) == wanted) {
                    return t;
                }
            }
        }
        throw new IllegalStateException(describe() + " has no host-visible, host-coherent memory for a storage buffer");
    }

    VulkanBuffer own(DeviceBuffer buffer, String role) {
        ensureOpen();
        return BufferChecks.own(buffer, VulkanBuffer.class, this, "vulkan", role);
    }

    @Override
    public void write(MemorySegment source, DeviceBuffer target) {
        VulkanBuffer buffer = own(target, "target");
        BufferChecks.requireWritable(source, buffer);
        stream.synchronize();
        MemorySegment.copy(source, 0, buffer.mapped(), 0, source.byteSize());
    }

    @Override
    public void read(DeviceBuffer source, MemorySegment target) {
        VulkanBuffer buffer = own(source, "source");
        BufferChecks.requireReadable(buffer, target);
        stream.synchronize();
        MemorySegment.copy(buffer.mapped(), 0, target, 0, target.byteSize());
    }

    @Override
    public void fill(DeviceBuffer target, int pattern) {
        VulkanBuffer buffer = own(target, "target");
        BufferChecks.requireFillable(buffer);
        long bytes = buffer.bytes();
        stream.submit(cmd -> VkApi.vkCmdFillBuffer(cmd, buffer.handle(), 0, bytes, pattern), null);
    }

    @Override
    public Event createEvent() {
        ensureOpen();
        if (target.timestampValidBits() == 0) {
            throw new UnsupportedOperationException(describe() + ": its compute queue family " + target.queueFamily()
                    + " has no timestamps (timestampValidBits = 0), and kbench times with timestamp queries");
        }
        return own(new VulkanEvent(this));
    }

    @Override
    public CacheClearer newCacheClearer(long bytes) {
        ensureOpen();
        VulkanBuffer buffer = newBuffer(bytes);
        return own(new VulkanCacheClearer(buffer));
    }

    /** Waits for the queue, closes what was made through the device, then destroys it. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            stream.synchronize();
        } finally {
            closed = true;
            List<AutoCloseable> all = new ArrayList<>(owned);
            owned.clear();
            for (int i = all.size() - 1; i >= 0; i--) {
                try {
                    all.get(i).close();
                } catch (Exception e) {
                    // keep closing the rest: the device goes away with them
                }
            }
            stream.close();
            VkApi.vkDestroyDevice(device, MemorySegment.NULL);
            deviceArena.close();
        }
    }

    @Override
    public String toString() {
        return describe() + (closed ? " (closed)" : "");
    }
}
