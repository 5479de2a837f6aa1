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
package dev.kbench.cli;

import dev.kbench.api.Benchmark;
import dev.kbench.api.Device;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.api.Workload;
import java.util.List;

/** The spin kernel (kernels/spin.cl) as a suite benchmark: {@code iters} multiply-adds per element. */
final class Spin implements Workload {

    static final int N = 4096;

    private final KernelModule module;
    private final DeviceBuffer buffer;
    private final Kernel kernel;
    private final List<KernelArg> args;

    private Spin(Device device, int iters) {
        module = device.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, Cli.text("kernels/spin.cl"), "spin.cl"));
        buffer = device.allocate(4L * N);
        device.fill(buffer, Float.floatToRawIntBits(1f));
        kernel = module.kernel("spin");
        args = List.of(KernelArg.buffer(buffer), KernelArg.i32(N), KernelArg.i32(iters));
    }

    /** A benchmark of the spin kernel with a given amount of work per element. */
    static Benchmark benchmark(String name, int iters) {
        return Benchmark.of(name, (device, params) -> new Spin(device, iters));
    }

    @Override
    public void run() {
        kernel.launch(Dim3.of(N / 256), Dim3.of(256), args);
    }

    @Override
    public void close() {
        buffer.close();
        module.close();
    }
}
