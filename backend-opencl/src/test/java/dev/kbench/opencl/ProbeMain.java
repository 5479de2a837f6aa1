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

import dev.kbench.api.Backend;
import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.Device;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.DriverLookupException;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Locale;

/**
 * What discovery finds in this JVM, printed: one {@code describe()} line per driver, the inventory, the
 * lookup's result; with the argument {@code bench}, also a small GELU doBench whose output is checked.
 * Started by {@link DriverTest} in child JVMs with different paths and environments.
 */
public final class ProbeMain {

    private ProbeMain() {
    }

    public static void main(String[] args) {
        for (DriverStatus status : Drivers.system().statuses()) {
            System.out.println(status.describe());
            status.backend().ifPresent(d -> d.inventory().forEach(line -> System.out.println("  " + line)));
        }
        Backend driver;
        try {
            driver = Drivers.system().active();
            System.out.println("lookup: " + driver.name());
        } catch (DriverLookupException e) {
            System.out.println("lookup failed: " + e.getMessage().lines().findFirst().orElse(""));
            return;
        }
        if (List.of(args).contains("bench")) {
            Device device = driver.device();
            int n = 1 << 16;
            try (Arena arena = Arena.ofConfined(); KernelModule module = device.loadModule(Gelu.source());
                 DeviceBuffer x = device.allocate(4L * n); DeviceBuffer y = device.allocate(4L * n)) {
                MemorySegment host = arena.allocate(4L * n);
                Gelu.fillInputs(host, n);
                device.write(host, x);
                List<KernelArg> kernelArgs = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32(n));
                BenchResult result = Bench.doBench(driver, () -> module.kernel(Gelu.ENTRY).launch(Gelu.grid(n, 256), Dim3.of(256),
                        kernelArgs), BenchOptions.withDefaults().withCacheClearBytes(1 << 20).withRepMillis(10).withWarmupMillis(2));
                device.read(y, host);
                for (int i = 0; i < n; i++) {
                    float in = Gelu.input(i);
                    double want = Gelu.reference(in);
                    if (!(Math.abs(host.getAtIndex(ValueLayout.JAVA_FLOAT, i) - want) <= Gelu.tolerance(in, want))) {
                        System.out.println("gelu WRONG at " + i);
                        System.exit(1);
                    }
                }
                System.out.println(String.format(Locale.ROOT, "gelu ok: %d samples, median %.4f ms", result.repeatCalls(),
                        result.medianMillis()));
            }
        }
        driver.close();
    }
}
