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
package dev.kbench.cli.suite;

import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.Workload;
import java.util.List;

/**
 * {@code empty}: one work-item of a kernel that does nothing, the launch floor. Its one int parameter
 * is unused (NVIDIA's OpenCL compiler cannot build a kernel without parameters).
 */
final class EmptyWorkload implements Workload {

    private final Kernel kernel;

    EmptyWorkload(SuiteKernels kernels) {
        this.kernel = kernels.kernel("empty");
    }

    private static final List<KernelArg> ARGS = List.of(KernelArg.i32(0));

    @Override
    public void run() {
        kernel.launch(Dim3.of(1), Dim3.of(1), ARGS);
    }
}
