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
/**
 * The Vulkan compute backend: kernels are SPIR-V compute shaders run on a Vulkan device through the
 * Java FFM API (jextract bindings of {@code vulkan.h}, calling {@code libvulkan.so.1}). Found by
 * {@link java.util.ServiceLoader} as a {@link dev.kbench.spi.Driver}; it uses only kbench's extender door.
 */
module dev.kbench.vulkan {
    requires transitive dev.kbench.api;

    provides dev.kbench.spi.Driver with dev.kbench.vulkan.VulkanDriver;
}
