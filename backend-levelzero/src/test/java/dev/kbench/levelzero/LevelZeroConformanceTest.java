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

import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.Driver;
import dev.kbench.tck.DriverConformance;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The conformance kit on the Level Zero backend, through the real loader and kbench's C test driver
 * (src/test/c/ze_test_driver.c), which runs the kit's kernels (in kbench_test_kernels.spv, whose OpenCL C
 * includes the kit's; see src/test/opencl/regenerate-spirv.sh) on the CPU. The test driver refuses copies from memory
 * it did not allocate, so the kit's heap round trip also shows that the backend stages heap memory
 * through zeMemAllocHost memory.
 */
class LevelZeroConformanceTest extends DriverConformance {

    private static LevelZeroDriver driver;

    @BeforeAll
    static void open() {
        TestDriver.assertScenario("default");
        driver = new LevelZeroDriver();
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
        return TestDriver.kernels();
    }

    @Override
    protected KernelSource brokenKernel() {
        return new KernelSource(SourceKind.SPIRV, "not SPIR-V".getBytes(StandardCharsets.US_ASCII), "broken.spv", "");
    }
}
