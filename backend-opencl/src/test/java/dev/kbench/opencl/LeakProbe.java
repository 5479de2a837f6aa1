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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.spi.DeviceInterface;
import dev.kbench.api.Dim3;
import dev.kbench.api.spi.Driver;
import dev.kbench.api.Drivers;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;

/**
 * Runs {@code rounds} doBench calls of {@code repetitions} timed repetitions each (a one-work-item kernel
 * per call, no cache clear) and prints, after each, the process's resident set and the device's live
 * OpenCL object counts: {@code round,repetitions,vmrss_kb,live_events,live_buffers,live_programs,live_kernels}.
 * Started in its own JVM by {@link NoLeakTest}, with a fixed, pre-touched heap so that the resident set
 * moves only with native memory.
 */
public final class LeakProbe {

    private LeakProbe() {
    }

    public static void main(String[] args) throws IOException {
        int rounds = Integer.parseInt(args[0]);
        int repetitions = Integer.parseInt(args[1]);
        Driver driver = Drivers.system().select("opencl");
        OpenClDevice device = (OpenClDevice) driver.deviceInterface();
        DeviceInterface di = device;
        String source = "__kernel void touch(__global int *x) { x[get_global_id(0)] += 1; }";
        BenchOptions options = BenchOptions.withDefaults().withCacheClearBytes(0).withWarmupMillis(0).withRepMillis(1e9)
                .withMaxCalls(repetitions, 1);
        try (KernelModule module = di.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, source, "touch.cl"));
             DeviceBuffer x = di.allocate(64)) {
            Kernel kernel = module.kernel("touch");
            List<KernelArg> kernelArgs = List.of(KernelArg.buffer(x));
            System.out.println("round,repetitions,vmrss_kb,live_events,live_buffers,live_programs,live_kernels");
            for (int round = 0; round < rounds; round++) {
                BenchResult result = Bench.doBench(driver, () -> kernel.launch(Dim3.of(1), Dim3.of(1), kernelArgs), options);
                NativeCounts counts = device.counts();
                System.out.println(String.format(Locale.ROOT, "%d,%d,%d,%d,%d,%d,%d", round, result.repeatCalls(), rssKb(),
                        counts.live(NativeCounts.Kind.EVENT), counts.live(NativeCounts.Kind.BUFFER),
                        counts.live(NativeCounts.Kind.PROGRAM), counts.live(NativeCounts.Kind.KERNEL)));
            }
        }
        driver.close();
    }

    static long rssKb() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.substring(6).replace("kB", "").strip());
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }
}
