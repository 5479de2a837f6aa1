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

import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.Driver;
import dev.kbench.tck.DriverConformance;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The conformance kit on the Vulkan backend, through the real loader and whatever Vulkan driver is
 * installed (lavapipe, Mesa's CPU driver, in CI). The kit's kernels are the GLSL compute shaders of
 * src/test/glsl, compiled and linked into conformance.spv by regenerate-spirv.sh.
 */
class VulkanConformanceTest extends DriverConformance {

    private static VulkanDriver driver;

    @BeforeAll
    static void open() {
        driver = new VulkanDriver();
    }

    @AfterAll
    static void close() {
        driver.close();
    }

    @Override
    protected Driver driver() {
        return driver;
    }

    @Override
    protected KernelSource conformanceKernels() {
        return VulkanTestKernels.conformance();
    }

    @Override
    protected KernelSource brokenKernel() {
        return new KernelSource(SourceKind.SPIRV, "not SPIR-V".getBytes(StandardCharsets.US_ASCII), "broken.spv", "");
    }
}
