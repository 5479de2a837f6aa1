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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.CacheSizes;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.spi.DeviceInterface;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;

/** do_bench of the real GELU kernel on the OpenCL device, with its output checked against the reference. */
class GeluBenchTest {

    @Test
    void doBenchOfGeluMeasuresAndComputesTheRightOutput() {
        OpenClDriver driver = OpenCl.driver();
        DeviceInterface device = driver.device();
        int n = 1 << 20;
        long bytes = (long) n * Float.BYTES;
        try (Arena arena = Arena.ofConfined(); KernelModule module = device.loadModule(Gelu.source());
             DeviceBuffer x = device.allocate(bytes); DeviceBuffer y = device.allocate(bytes)) {
            MemorySegment host = arena.allocate(bytes, 64);
            Gelu.fillInputs(host, n);
            device.write(host, x);
            device.fill(y, Float.floatToRawIntBits(Float.NaN));
            Kernel kernel = module.kernel(Gelu.ENTRY);
            List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32(n));
            BenchOptions options = BenchOptions.withDefaults().withQuantiles(0.2, 0.5, 0.8).withWarmupMillis(5).withRepMillis(50)
                    .withCacheClearBytes(CacheSizes.deviceSized(device.facts(), 2));

            BenchResult result = Bench.doBench(driver, () -> kernel.launch(Gelu.grid(n, 256), Dim3.of(256), args), options);

            assertTrue(result.repeatCalls() >= 1 && result.warmupCalls() >= 1, result::toString);
            assertEquals(result.repeatCalls(), result.timesMillis().length);
            for (double t : result.timesMillis()) {
                assertTrue(t > 0 && Double.isFinite(t), "every sample is a positive device time, got " + t);
            }
            double[] q = result.quantileValues();
            assertTrue(q[0] <= q[1] && q[1] <= q[2], "quantiles are ordered");
            assertTrue(result.estimateMillis() > 0);

            device.read(y, host);
            assertMatchesReference(host, n);
        }
    }

    @Test
    void aSizeThatIsNotAMultipleOfTheWorkGroupIsMaskedAtTheTail() {
        DeviceInterface device = OpenCl.driver().device();
        int n = 100_003;
        long bytes = (long) (n + 64) * Float.BYTES;
        try (Arena arena = Arena.ofConfined(); KernelModule module = device.loadModule(Gelu.source());
             DeviceBuffer x = device.allocate(bytes); DeviceBuffer y = device.allocate(bytes)) {
            MemorySegment host = arena.allocate(bytes, 64);
            Gelu.fillInputs(host, n + 64);
            device.write(host, x);
            float sentinel = -12345.0f;
            device.fill(y, Float.floatToRawIntBits(sentinel));
            module.kernel(Gelu.ENTRY).launch(Gelu.grid(n, 128), Dim3.of(128), KernelArg.buffer(x), KernelArg.buffer(y),
                    KernelArg.i32(n));
            device.read(y, host);
            assertMatchesReference(host, n);
            for (int i = n; i < n + 64; i++) {
                assertEquals(sentinel, host.getAtIndex(ValueLayout.JAVA_FLOAT, i), "element " + i + " is past n and untouched");
            }
        }
    }

    static void assertMatchesReference(MemorySegment output, int n) {
        for (int i = 0; i < n; i++) {
            float x = Gelu.input(i);
            float got = output.getAtIndex(ValueLayout.JAVA_FLOAT, i);
            double want = Gelu.reference(x);
            if (!(Math.abs(got - want) <= Gelu.tolerance(x, want))) {
                throw new AssertionError("gelu(" + x + ") at " + i + ": device " + got + ", reference " + want
                        + ", allowed error " + Gelu.tolerance(x, want));
            }
        }
    }
}
