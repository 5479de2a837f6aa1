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
package dev.kbench.cuda;

import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.Driver;
import dev.kbench.tck.DriverConformance;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * The conformance kit on the CUDA backend, on a real GPU (tagged gpu: CI has none). The kit's kernels
 * are kernels/cuda/conformance.cu, compiled to PTX by kernels/cuda/build-ptx.sh.
 */
@Tag("gpu")
class CudaConformanceTest extends DriverConformance {

    private static CudaDriver driver;

    @BeforeAll
    static void open() {
        driver = new CudaDriver();
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
        return KernelSource.of(TestFiles.kernel("conformance.ptx"));
    }

    @Override
    protected KernelSource brokenKernel() {
        return KernelSource.ofText(SourceKind.PTX, ".version 9.0\n.target sm_90\n.entry broken( {", "broken.ptx");
    }
}
