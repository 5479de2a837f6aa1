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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.Timing;
import dev.kbench.api.TimingMethod;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.StreamGate;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Held timing on the real OpenCL device: hot batches and cold calls held behind a user event, and the
 * timeout when the host blocks.
 */
class HotTimingTest {

    private static final int N = 1 << 16;

    private interface Body {
        void run(OpenClDriver driver, DeviceInterface device, Runnable call, DeviceBuffer y, MemorySegment host);
    }

    private static void withGelu(Body body) {
        OpenClDriver driver = OpenCl.driver();
        DeviceInterface device = driver.device();
        long bytes = (long) N * Float.BYTES;
        try (Arena arena = Arena.ofConfined(); KernelModule module = device.loadModule(Gelu.source());
             DeviceBuffer x = device.allocate(bytes); DeviceBuffer y = device.allocate(bytes)) {
            MemorySegment host = arena.allocate(bytes, 64);
            Gelu.fillInputs(host, N);
            device.write(host, x);
            device.fill(y, Float.floatToRawIntBits(Float.NaN));
            Kernel kernel = module.kernel(Gelu.ENTRY);
            List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32(N));
            body.run(driver, device, () -> kernel.launch(Gelu.grid(N, 64), Dim3.of(64), args), y, host);
        }
    }

    @Test
    void hotBatchesAreHeldBehindAUserEventAndComputeTheRightOutput() {
        withGelu((driver, device, call, y, host) -> {
            BenchResult result = Bench.doBench(driver, call, BenchOptions.withDefaults().withTiming(Timing.HOT)
                    .withWarmupMillis(2).withRepMillis(20));
            assertEquals(TimingMethod.HELD, result.method(), result::toString);
            assertTrue(result.callsPerSample() >= 1, result::toString);
            for (double t : result.timesMillis()) {
                assertTrue(t > 0 && Double.isFinite(t), "every sample is a positive device time per call, got " + t);
            }
            device.read(y, host);
            GeluBenchTest.assertMatchesReference(host, N);
        });
    }

    @Test
    void aGateHoldsTheQueueUntilReleased() {
        withGelu((driver, device, call, y, host) -> {
            try (StreamGate gate = device.streamGate(60_000)) {
                assertEquals("user event", gate.technique());
                gate.hold();
                call.run();
                gate.release();
                device.synchronize();
                assertFalse(gate.timedOut(), "released by the host, not by the watchdog");
                device.read(y, host);
                GeluBenchTest.assertMatchesReference(host, N);
            }
        });
    }

    @Test
    void aFunctionThatBlocksTheHostEndsTheHoldByTimeoutAndFallsBack() {
        // the function waits for the queue, which the held batch keeps shut: without the watchdog this
        // would never return (NVBench's deadlock with a synchronizing launcher)
        withGelu((driver, device, call, y, host) -> {
            BenchResult result = Bench.doBench(driver, () -> {
                call.run();
                device.synchronize();
            }, BenchOptions.withDefaults().withTiming(Timing.HOT).withWarmupMillis(1).withRepMillis(5));
            assertEquals(TimingMethod.BATCH, result.method(), "the held batch is voided and timed again unheld");
            for (double t : result.timesMillis()) {
                assertTrue(t > 0 && Double.isFinite(t), "every sample is a positive device time per call, got " + t);
            }
        });
    }

    @Test
    void coldCallsAreHeldOneAtATimeByDefaultAndComputeTheRightOutput() {
        withGelu((driver, device, call, y, host) -> {
            BenchResult result = Bench.doBench(driver, call, BenchOptions.withDefaults().withCacheClearBytes(1 << 20)
                    .withWarmupMillis(1).withRepMillis(5));
            assertEquals(TimingMethod.HELD, result.method(), result::toString);
            assertEquals(1, result.callsPerSample());
            assertTrue(Double.isNaN(result.hostMillisPerCall()), "held calls hide their launches: no host pace");
            assertEquals(result.repeatCalls(), result.timesMillis().length);
            for (double t : result.timesMillis()) {
                assertTrue(t > 0 && Double.isFinite(t), "every sample is a positive device time, got " + t);
            }
            device.read(y, host);
            GeluBenchTest.assertMatchesReference(host, N);
        });
    }

    @Test
    void coldCallsAreNotHeldWithTheHoldPropertyFalse() {
        withGelu((driver, device, call, y, host) -> {
            String before = System.getProperty("kbench.hold");
            System.setProperty("kbench.hold", "false");
            try {
                BenchResult result = Bench.doBench(driver, call, BenchOptions.withDefaults()
                        .withCacheClearBytes(1 << 20).withWarmupMillis(1).withRepMillis(5));
                assertEquals(TimingMethod.EVENTS, result.method(), result::toString);
                assertTrue(result.hostMillisPerCall() > 0, "unheld, the host's pace is measured");
            } finally {
                if (before == null) {
                    System.clearProperty("kbench.hold");
                } else {
                    System.setProperty("kbench.hold", before);
                }
            }
        });
    }

    @Test
    void aColdFunctionThatBlocksTheHostEndsTheHoldByTimeoutAndIsTimedUnheld() {
        withGelu((driver, device, call, y, host) -> {
            BenchResult result = Bench.doBench(driver, () -> {
                call.run();
                device.synchronize();
            }, BenchOptions.withDefaults().withCacheClearBytes(1 << 20).withWarmupMillis(1).withRepMillis(5));
            assertEquals(TimingMethod.EVENTS, result.method(), "the hold timed out: the call is timed again unheld");
            for (double t : result.timesMillis()) {
                assertTrue(t > 0 && Double.isFinite(t), "every sample is a positive device time, got " + t);
            }
        });
    }
}
