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

import dev.kbench.api.Kernel;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.vulkan.vk.VkApi;
import dev.kbench.vulkan.vk.VkShaderModuleCreateInfo;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code VkShaderModule} of SPIR-V compute shaders; its kernels are its {@code GLCompute} entry points,
 * made on first request and closed with it.
 */
final class VulkanModule implements KernelModule {

    private final VulkanDevice device;
    private final Spirv spirv;
    private final String name;
    private final MemorySegment module;
    private final Map<String, VulkanKernel> kernels = new LinkedHashMap<>();
    private boolean closed;

    VulkanModule(VulkanDevice device, Spirv spirv, KernelSource source) {
        this.device = device;
        this.spirv = spirv;
        this.name = source.name();
        byte[] code = source.code();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment words = arena.allocate(code.length, 4);
            MemorySegment.copy(code, 0, words, ValueLayout.JAVA_BYTE, 0, code.length);
            MemorySegment info = VkShaderModuleCreateInfo.allocate(arena);
            VkShaderModuleCreateInfo.sType(info, VkApi.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO());
            VkShaderModuleCreateInfo.codeSize(info, code.length);
            VkShaderModuleCreateInfo.pCode(info, words);
            MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
            int result = VkApi.vkCreateShaderModule(device.handle(), info, MemorySegment.NULL, handle);
            if (result != VkApi.VK_SUCCESS()) {
                throw new KernelException("vkCreateShaderModule of '" + name + "' returned " + Vk.describe(result));
            }
            module = handle.get(ValueLayout.ADDRESS, 0);
        }
    }

    VulkanDevice device() {
        return device;
    }

    MemorySegment handle() {
        return module;
    }

    String name() {
        return name;
    }

    void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the vulkan module '" + name + "' is closed");
        }
    }

    @Override
    public Kernel kernel(String entry) {
        ensureOpen();
        VulkanKernel kernel = kernels.get(entry);
        if (kernel == null) {
            Spirv.Entry found = spirv.entries().get(entry);
            if (found == null) {
                throw new KernelException("the SPIR-V module '" + name + "' has no compute entry point '" + entry
                        + "'; it has " + (spirv.entries().isEmpty() ? "none" : String.join(", ", spirv.entries().keySet())));
            }
            kernel = new VulkanKernel(this, found);
            kernels.put(entry, kernel);
        }
        return kernel;
    }

    /** Waits for the stream, then destroys its kernels' pipelines and the shader module. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        device.disown(this);
        if (!device.isClosed()) {
            device.stream().synchronize();
        }
        for (VulkanKernel kernel : kernels.values()) {
            kernel.destroy();
        }
        kernels.clear();
        VkApi.vkDestroyShaderModule(device.handle(), module, MemorySegment.NULL);
    }

    @Override
    public String toString() {
        return spirv.toString();
    }
}
