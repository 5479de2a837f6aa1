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

import dev.kbench.spi.kit.NativeBuffer;
import dev.kbench.vulkan.vk.VkApi;
import java.lang.foreign.MemorySegment;

/**
 * A {@code VkBuffer} bound to its own host-visible, host-coherent allocation, mapped for its life.
 * The buffer may be up to 3 bytes longer than {@link #bytes()} (a whole number of 32-bit words).
 */
final class VulkanBuffer extends NativeBuffer<VulkanDevice> {

    private final long size;
    private final MemorySegment buffer;
    private final MemorySegment memory;
    private final MemorySegment mapped;

    VulkanBuffer(VulkanDevice device, long bytes, long size, MemorySegment buffer, MemorySegment memory,
                 MemorySegment mapped) {
        super("vulkan", device, bytes);
        this.size = size;
        this.buffer = buffer;
        this.memory = memory;
        this.mapped = mapped;
    }

    /** @return the {@code VkBuffer} */
    MemorySegment handle() {
        return buffer;
    }

    /** @return the size of the {@code VkBuffer}: {@link #bytes()} rounded up to a multiple of 4 */
    long size() {
        return size;
    }

    /** @return the mapped memory, {@link #size()} bytes */
    MemorySegment mapped() {
        return mapped;
    }

    /** Waits for the stream (the buffer may still be in use), then unmaps and frees the memory. */
    @Override
    protected void free() {
        VulkanDevice device = device();
        device.disown(this);
        if (!device.isClosed()) {
            device.stream().synchronize();
        }
        VkApi.vkUnmapMemory(device.handle(), memory);
        VkApi.vkDestroyBuffer(device.handle(), buffer, MemorySegment.NULL);
        VkApi.vkFreeMemory(device.handle(), memory, MemorySegment.NULL);
    }
}
