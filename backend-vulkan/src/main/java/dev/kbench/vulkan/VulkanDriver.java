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

import dev.kbench.api.SourceKind;
import dev.kbench.spi.Driver;
import dev.kbench.spi.kit.Discovery;
import dev.kbench.spi.kit.DriverBase;
import java.util.List;

/**
 * The Vulkan compute backend, {@code vulkan}: SPIR-V compute shaders on a Vulkan physical device through
 * {@code libvulkan.so.1}. By default it runs on the first GPU of the process's Vulkan instance, else on
 * its first device (lavapipe, Mesa's CPU driver, shows as {@code llvmpipe}); {@code withDevice(index)}
 * chooses another.
 */
public final class VulkanDriver extends DriverBase<VkProbe.Target, VulkanDevice> {

    private final int deviceIndex;

    /** The driver {@link java.util.ServiceLoader} makes: cheap, it probes nothing until asked. */
    public VulkanDriver() {
        this(-1);
    }

    private VulkanDriver(int deviceIndex) {
        super("vulkan", List.of(SourceKind.SPIRV));
        this.deviceIndex = deviceIndex;
    }

    @Override
    protected Discovery<VkProbe.Target> discover() {
        return VkProbe.run(deviceIndex);
    }

    @Override
    protected VulkanDevice open(VkProbe.Target chosen) {
        return new VulkanDevice(chosen);
    }

    @Override
    protected Driver forDevice(int index) {
        return new VulkanDriver(index);
    }
}
