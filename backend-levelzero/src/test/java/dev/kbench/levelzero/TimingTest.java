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

import static dev.kbench.api.KernelArg.buffer;
import static dev.kbench.api.KernelArg.i64;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Event;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Events and doBench through the loader, against the test driver's device clock (19.2 MHz, 24 valid bits,
 * junk above them: it wraps every 0.874 s).
 *
 * <p>The one timed check: a kernel that spins for 2 ms of device time must measure about 2 ms. The lower
 * bound is exact: the kernel spins until 2 ms have passed, and the timestamps are written before and
 * after it (one tick is 52 ns). The upper bound is generous, 3 ms for the median of 20: the test
 * driver's clock leaves out the time the OS keeps its thread off the CPU during a kernel, as a GPU is
 * not preempted by the host, but a command costs a few microseconds and the device may still wait for
 * the host between commands (the host enqueues behind a 20 ms kernel first, as doBench's work runs
 * ahead of its events, so that the device rarely does). A wrong tick conversion (ns per tick taken for
 * cycles per second, or the reverse) or missing masking would be off by orders of magnitude.
 */
class TimingTest {

    private static final double TWO_MS = 2.0;
    private static final double ONE_TICK_MS = 1e3 / 19.2e6;

    private static LevelZeroDriver driver;
    private static DeviceInterface device;
    private static Kernel busy;
    private static DeviceBuffer sink;

    @BeforeAll
    static void open() {
        TestDriver.assertScenario("default");
        driver = new LevelZeroDriver();
        device = driver.device();
        busy = device.loadModule(TestDriver.kernels()).kernel("busy_wait");
        sink = device.allocate(8);
    }

    @AfterAll
    static void close() {
        driver.close();
    }

    private static void spin(long micros) {
        busy.launch(Dim3.of(1), Dim3.of(1), buffer(sink), i64(micros));
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    @Test
    void aKernelAskedToRun2msMeasuresAbout2ms() {
        double[] times = new double[20];
        List<Event> events = new ArrayList<>();
        spin(20_000);
        for (int i = 0; i < times.length; i++) {
            Event start = device.createEvent();
            Event end = device.createEvent();
            events.add(start);
            events.add(end);
            start.record();
            spin(2000);
            end.record();
        }
        device.synchronize();
        for (int i = 0; i < times.length; i++) {
            times[i] = events.get(2 * i).elapsedMillis(events.get(2 * i + 1));
            assertTrue(times[i] >= TWO_MS - ONE_TICK_MS, "sample " + i + ": " + times[i] + " ms");
        }
        events.forEach(Event::close);
        double median = median(times);
        assertTrue(median <= 3.0, "median " + median + " ms of " + Arrays.toString(times));
    }

    @Test
    void doBenchRunsEndToEndThroughTheLoader() {
        BenchOptions options = BenchOptions.withDefaults().withWarmupMillis(10).withRepMillis(40)
                .withCacheClearBytes(1 << 20).withQuantiles(0.5);
        long fills = TestDriver.stat("run.fills");
        long launches = TestDriver.stat("run.launches");
        BenchResult result = Bench.doBench(driver, () -> spin(2000), options);
        double[] times = result.timesMillis();
        assertEquals(result.repeatCalls(), times.length);
        for (double t : times) {
            assertTrue(t >= TWO_MS - ONE_TICK_MS, "a sample of " + t + " ms");
        }
        assertTrue(result.quantileValues()[0] <= 3.0, "median " + result.quantileValues()[0] + " ms");
        assertTrue(result.estimateMillis() >= TWO_MS - ONE_TICK_MS, "estimate " + result.estimateMillis() + " ms");
        // Triton's counts: one clear before each of the 5 estimate calls and each timed call, and kbench's
        // clear timed on its own (Bench.CLEAR_CALLS clears); 1 + 5 + warmup + repeat calls of fn.
        assertEquals(5 + Bench.CLEAR_CALLS + result.repeatCalls(), TestDriver.stat("run.fills") - fills);
        assertEquals(1 + 5 + result.warmupCalls() + result.repeatCalls(), TestDriver.stat("run.launches") - launches);
    }

    @Test
    void wrapAroundsOfTheValidBitsAreHandled() {
        // Back-to-back events around 2 ms kernels for longer than the 0.874 s wrap period: the chain of
        // intervals covers the whole time, so at least one interval crosses a wrap of the 24 valid bits.
        int kernels = 500;
        List<TimestampEvent> chain = new ArrayList<>();
        chain.add((TimestampEvent) device.createEvent());
        chain.getFirst().record();
        for (int i = 0; i < kernels; i++) {
            spin(2000);
            TimestampEvent e = (TimestampEvent) device.createEvent();
            e.record();
            chain.add(e);
        }
        device.synchronize();
        long mask = (1L << 24) - 1;
        int wraps = 0;
        boolean junkAbove = false;
        for (int i = 0; i < kernels; i++) {
            long a = chain.get(i).raw();
            long b = chain.get(i + 1).raw();
            wraps += (b & mask) < (a & mask) ? 1 : 0;
            junkAbove |= (a & ~mask) != 0;
            double ms = chain.get(i).elapsedMillis(chain.get(i + 1));
            // Mishandled, a wrap gives a negative interval or one near the 874 ms period.
            assertTrue(ms >= TWO_MS - ONE_TICK_MS && ms < 437, "interval " + i + ": " + ms + " ms");
        }
        assertTrue(wraps >= 1, "no interval crossed a wrap of the device clock");
        assertTrue(junkAbove, "the test driver writes junk above the valid bits; none was seen");
        chain.forEach(Event::close);
    }

    @Test
    void eventMisuseIsReported() {
        try (Event a = device.createEvent(); Event b = device.createEvent()) {
            IllegalStateException unrecorded = assertThrows(IllegalStateException.class, () -> a.elapsedMillis(b));
            assertEquals("cannot measure from an event that was not recorded; call record() first",
                    unrecorded.getMessage());
            assertThrows(IllegalStateException.class, a::synchronize);
            b.record();
            a.record();
            IllegalStateException order = assertThrows(IllegalStateException.class, () -> a.elapsedMillis(b));
            assertEquals("the end event was recorded before the start event; record start first", order.getMessage());
            assertTrue(b.elapsedMillis(a) >= 0);
            try (LevelZeroDriver other = new LevelZeroDriver(); Event foreign = other.device().createEvent()) {
                foreign.record();
                assertThrows(IllegalArgumentException.class, () -> a.elapsedMillis(foreign));
            }
        }
        Event closed = device.createEvent();
        closed.close();
        assertThrows(IllegalStateException.class, closed::record);
    }

    @Test
    void eventSynchronizeWaitsForTheWorkBeforeIt() {
        try (Event e = device.createEvent()) {
            long launches = TestDriver.stat("run.launches");
            spin(30_000);
            e.record();
            e.synchronize();
            assertEquals(launches + 1, TestDriver.stat("run.launches"));
        }
    }

    @Test
    void eventsShareSlabsOfHostMemory() {
        LevelZeroDevice d = (LevelZeroDevice) device;
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < TimestampSlots.SLOTS_PER_SLAB + 1; i++) {
            events.add(device.createEvent());
        }
        int slabs = d.slots().slabCount();
        assertTrue(slabs >= 2, slabs + " slabs");
        events.forEach(Event::close);
        for (int i = 0; i < 3 * TimestampSlots.SLOTS_PER_SLAB; i++) {
            device.createEvent().close();
        }
        assertEquals(slabs, d.slots().slabCount(), "closed events' slots are reused");
    }

    @Test
    void theCacheClearerZeroesItsDeviceBufferOnTheStream() {
        long bytes = 3 << 20;
        try (CacheClearer clearer = driver.cacheClearer(bytes)) {
            assertEquals(bytes, clearer.bytes());
            // The test driver's device memory is host memory: write it directly, then let the device clear it.
            MemorySegment memory = ((ZeCacheClearer) clearer).pointer().reinterpret(bytes);
            memory.fill((byte) 0xab);
            long filled = TestDriver.stat("run.filledBytes");
            clearer.clear();
            device.synchronize();
            assertEquals(bytes, TestDriver.stat("run.filledBytes") - filled);
            for (long i = 0; i < bytes; i += 8) {
                assertEquals(0L, memory.get(ValueLayout.JAVA_LONG, i), "byte " + i);
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> driver.cacheClearer(0));
        assertEquals("a cache clearer needs at least 1 byte, got 0", e.getMessage());
    }
}
