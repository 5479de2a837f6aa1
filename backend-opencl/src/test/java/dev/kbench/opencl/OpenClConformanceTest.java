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
package dev.kbench.opencl;

import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.Driver;
import dev.kbench.tck.ConformanceKernels;
import dev.kbench.tck.DriverConformance;

/** The conformance kit on the OpenCL backend, with the system's OpenCL platform (PoCL in CI). */
class OpenClConformanceTest extends DriverConformance {

    @Override
    protected Driver driver() {
        return OpenCl.driver();
    }

    @Override
    protected KernelSource conformanceKernels() {
        return ConformanceKernels.openClC();
    }

    @Override
    protected KernelSource brokenKernel() {
        return KernelSource.ofText(SourceKind.OPENCL_C, "__kernel void broken(__global float* out) { out[0] = ; }",
                "broken.cl");
    }
}
