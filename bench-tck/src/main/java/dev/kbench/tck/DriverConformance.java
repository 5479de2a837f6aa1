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
package dev.kbench.tck;

import static dev.kbench.api.KernelArg.buffer;
import static dev.kbench.api.KernelArg.f32;
import static dev.kbench.api.KernelArg.f64;
import static dev.kbench.api.KernelArg.i32;
import static dev.kbench.api.KernelArg.i64;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Benchmark;
import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.Dim3;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.StopReason;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteListener;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.api.Workload;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import dev.kbench.spi.Event;
import dev.kbench.spi.kit.BufferCacheClearer;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The conformance tests every kbench backend runs against its real driver. A backend's test extends it,
 * says how to reach its driver and hands over {@link ConformanceKernels} in a source kind it accepts:
 *
 * <pre>{@code
 * class OpenClConformanceTest extends DriverConformance {
 *     protected Driver driver() { return (Driver) Drivers.system().select("opencl"); }
 *     protected KernelSource conformanceKernels() { return ConformanceKernels.openClC(); }
 *     protected KernelSource brokenKernel() { return KernelSource.ofText(SourceKind.OPENCL_C, "kernel void k(", "broken.cl"); }
 * }
 * }</pre>
 *
 * <p>What it holds a backend to: an active driver that names itself and its devices; events recorded in
 * order give non-negative, additive times; buffers round-trip bytes from native and heap memory, fill
 * their whole size, refuse bad sizes and closed buffers with the kit's messages; cache clearers have
 * their size, overwrite every byte of their buffer and refuse a size of 0; kernels launch with every
 * argument kind (buffers, 32- and 64-bit integers, floats, doubles, local memory) and compute the
 * documented results; a missing entry point, a wrong argument count and a broken source are errors that
 * name what failed; closing anything twice is harmless; a suite whose buffers and clear buffer are
 * allocated afresh every repetition ({@code SuiteOptions.withPlaceEvery}) computes right in each placement.
 */
public abstract class DriverConformance {

    /** Creates the tests; a subclass supplies the driver and the kernels. */
    protected DriverConformance() {
    }

    /**
     * The driver under test, active, with its first device. The kit does not close it: the subclass
     * owns its lifecycle (one per class, or the system's shared instance).
     *
     * @return the driver
     */
    protected abstract Driver driver();

    /**
     * {@link ConformanceKernels} in a source kind the driver accepts.
     *
     * @return the kernels
     */
    protected abstract KernelSource conformanceKernels();

    /**
     * A source in a kind the driver accepts that fails to build (a syntax error, a corrupt binary).
     *
     * @return the broken source
     */
    protected abstract KernelSource brokenKernel();

    private DeviceInterface device() {
        Driver driver = driver();
        assertTrue(driver.availability().active(),
                () -> "the driver '" + driver.name() + "' is not active: " + driver.availability().reason());
        return driver.device();
    }

    @Test
    void theDriverIsActiveAndNamesItselfAndItsDevices() {
        Driver driver = driver();
        DeviceInterface device = device();
        // kbench's own lookup holds the driver to the rule of names (what --backend takes) and to saying its kinds
        DriverStatus looked = Drivers.of(List.of(driver)).statuses().getFirst();
        assertEquals(DriverStatus.State.ACTIVE, looked.state(), looked.describe());
        assertFalse(driver.devices().isEmpty(), "an active driver lists at least its device");
        for (DeviceIdentity identity : driver.devices()) {
            assertEquals(driver.name(), identity.backend(), identity.toString());
            assertFalse(identity.name().isBlank(), identity.toString());
        }
        assertEquals(driver.name(), driver.identity().backend());
        assertFalse(device.facts().name().isBlank(), "the device's facts name it");
        assertTrue(device.acceptedSources().contains(conformanceKernels().kind()),
                "the conformance kernels' kind " + conformanceKernels().kind() + " is one the device accepts: "
                        + device.acceptedSources());
    }

    @Test
    void nothingTheDriverSaysOfItselfOrItsDeviceIsNull() {
        // kbench reads these without a second look, on every run and in `kbench info`; a null is an
        // internal error there, far from the backend that returned it
        Driver driver = driver();
        DeviceInterface device = device();
        assertNotNull(driver.availability(), "availability()");
        assertNotNull(driver.devices(), "devices()");
        assertNotNull(driver.identity(), "identity()");
        assertNotNull(driver.inventory(), "inventory() (empty when there is nothing to say)");
        driver.inventory().forEach(line -> assertNotNull(line, "a line of inventory()"));
        assertNotNull(driver.sourceKinds(), "sourceKinds()");
        assertNotNull(device.facts(), "device().facts()");
        assertNotNull(device.acceptedSources(), "device().acceptedSources()");
        assertNotNull(device.telemetry(), "device().telemetry() (DeviceTelemetry.NONE when nothing is known)");
        assertNotNull(device.telemetry(true), "device().telemetry(true)");
        assertNotNull(device.telemetry(false), "device().telemetry(false)");
        assertNotNull(device.energyCounter(), "device().energyCounter() (empty when only a reading would tell)");
        assertNotNull(device.energyUpdateMillis(), "device().energyUpdateMillis()");
        try (Event event = device.createEvent(); DeviceBuffer buffer = device.allocate(4096);
             CacheClearer clearer = driver.cacheClearer(4096)) {
            assertNotNull(event, "device().createEvent()");
            assertNotNull(buffer, "device().allocate(4096)");
            assertNotNull(clearer, "cacheClearer(4096)");
        }
        try (KernelModule module = device.loadModule(conformanceKernels())) {
            assertNotNull(module, "device().loadModule(...)");
            assertNotNull(module.kernel("fill"), "a module's kernel(...)");
        }
    }

    @Test
    void eventsRecordedInOrderGiveNonNegativeAdditiveTimes() {
        DeviceInterface device = device();
        try (DeviceBuffer buffer = device.allocate(4L << 20)) {
            Event start = device.createEvent();
            Event middle = device.createEvent();
            Event end = device.createEvent();
            try {
                start.record();
                device.fill(buffer, 1);
                middle.record();
                device.fill(buffer, 2);
                end.record();
                end.synchronize();
                double first = start.elapsedMillis(middle);
                double second = middle.elapsedMillis(end);
                double whole = start.elapsedMillis(end);
                assertTrue(first >= 0 && second >= 0, "elapsed times are non-negative: " + first + ", " + second + " ms");
                // the timestamps' resolution may round each difference: allow a microsecond
                assertEquals(whole, first + second, 1e-3, "times between events add up");
            } finally {
                start.close();
                middle.close();
                end.close();
                end.close();
            }
        }
    }

    @Test
    void nativeMemoryRoundTripsByteForByte() {
        DeviceInterface device = device();
        int n = 300_001;
        try (Arena arena = Arena.ofConfined(); DeviceBuffer buffer = device.allocate(4L * n)) {
            MemorySegment source = arena.allocate(4L * n);
            for (int i = 0; i < n; i++) {
                source.setAtIndex(ValueLayout.JAVA_INT, i, i * 31 + 7);
            }
            device.write(source, buffer);
            MemorySegment target = arena.allocate(4L * n);
            device.read(buffer, target);
            assertEquals(-1, source.mismatch(target), "the bytes read back differ from those written");
        }
    }

    @Test
    void heapArraysRoundTrip() {
        DeviceInterface device = device();
        long[] values = new long[3000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 0x9e3779b97f4a7c15L;
        }
        try (DeviceBuffer buffer = device.allocate(8L * values.length)) {
            device.write(MemorySegment.ofArray(values), buffer);
            long[] back = new long[values.length];
            device.read(buffer, MemorySegment.ofArray(back));
            assertArrayEquals(values, back);
        }
    }

    @Test
    void aShortWriteOrReadTouchesOnlyTheStartOfTheBuffer() {
        DeviceInterface device = device();
        try (DeviceBuffer buffer = device.allocate(64)) {
            device.fill(buffer, 0x01010101);
            device.write(MemorySegment.ofArray(new int[] {5, 6}), buffer);
            int[] all = new int[16];
            device.read(buffer, MemorySegment.ofArray(all));
            assertEquals(5, all[0]);
            assertEquals(6, all[1]);
            for (int i = 2; i < all.length; i++) {
                assertEquals(0x01010101, all[i], "word " + i);
            }
            int[] start = new int[1];
            device.read(buffer, MemorySegment.ofArray(start));
            assertEquals(5, start[0]);
        }
    }

    @Test
    void fillWritesThePatternOverTheWholeBuffer() {
        DeviceInterface device = device();
        int n = 4099;
        try (DeviceBuffer buffer = device.allocate(4L * n)) {
            device.fill(buffer, Float.floatToRawIntBits(2.5f));
            float[] back = new float[n];
            device.read(buffer, MemorySegment.ofArray(back));
            float[] expected = new float[n];
            Arrays.fill(expected, 2.5f);
            assertArrayEquals(expected, back);
            device.fill(buffer, 0xDEADBEEF);
            int[] words = new int[n];
            device.read(buffer, MemorySegment.ofArray(words));
            assertTrue(Arrays.stream(words).allMatch(w -> w == 0xDEADBEEF), "every word holds the second pattern");
        }
    }

    @Test
    void badSizesAreRefusedWithTheValue() {
        DeviceInterface device = device();
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> device.allocate(0));
        assertEquals("a device buffer needs at least 1 byte, got 0", zero.getMessage());
        try (DeviceBuffer odd = device.allocate(6)) {
            IllegalArgumentException fill = assertThrows(IllegalArgumentException.class, () -> device.fill(odd, 1));
            assertEquals("fill writes a 32-bit pattern: the buffer's size must be a multiple of 4, got 6 bytes",
                    fill.getMessage());
            IllegalArgumentException write = assertThrows(IllegalArgumentException.class,
                    () -> device.write(MemorySegment.ofArray(new byte[7]), odd));
            assertEquals("cannot write 7 bytes into a device buffer of 6 bytes", write.getMessage());
            IllegalArgumentException read = assertThrows(IllegalArgumentException.class,
                    () -> device.read(odd, MemorySegment.ofArray(new byte[8])));
            assertEquals("cannot read 8 bytes from a device buffer of 6 bytes", read.getMessage());
        }
    }

    @Test
    void aClosedBufferIsRefusedAndClosingTwiceIsHarmless() {
        DeviceInterface device = device();
        DeviceBuffer buffer = device.allocate(1 << 16);
        assertEquals(1 << 16, buffer.bytes());
        buffer.close();
        buffer.close();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> device.fill(buffer, 0));
        assertEquals("the target buffer is closed", e.getMessage());
    }

    @Test
    @SuppressWarnings("try")   // closes the clearer inside its try on purpose: a clear after close is checked
    void cacheClearersHaveTheirSizeOverwriteEveryByteAndRefuseZero() {
        Driver driver = driver();
        DeviceInterface device = device();
        try (CacheClearer clearer = driver.cacheClearer(1 << 20); CacheClearer odd = driver.cacheClearer(1001)) {
            assertEquals(1 << 20, clearer.bytes());
            assertEquals(1001, odd.bytes());
            odd.clear();
            if (clearer instanceof BufferCacheClearer<?> owned) {
                device.fill(owned.buffer(), 0xA5A5A5A5);
                clearer.clear();
                device.synchronize();
                byte[] back = new byte[1 << 20];
                device.read(owned.buffer(), MemorySegment.ofArray(back));
                for (int i = 0; i < back.length; i++) {
                    if (back[i] == (byte) 0xA5) {
                        throw new AssertionError("the clear left byte " + i + " of its buffer unwritten");
                    }
                }
            } else {
                clearer.clear();
                device.synchronize();
            }
            clearer.close();
            IllegalStateException closed = assertThrows(IllegalStateException.class, clearer::clear);
            assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        }
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> driver.cacheClearer(0));
        assertEquals("a cache clearer needs at least 1 byte, got 0", zero.getMessage());
    }

    @Test
    void kernelsLaunchWithBuffersFloatsAndInts() {
        DeviceInterface device = device();
        int n = 1000;
        try (KernelModule module = device.loadModule(conformanceKernels());
                DeviceBuffer a = device.allocate(4L * n);
                DeviceBuffer b = device.allocate(4L * n)) {
            device.fill(b, 0);
            // 4 groups of 256: the last 24 work items are past n and write nothing
            module.kernel("fill").launch(Dim3.of(4), Dim3.of(256), buffer(a), f32(2.5f), i32(n - 1));
            module.kernel("copy").launch(Dim3.of(4), Dim3.of(256), buffer(a), buffer(b), i32(n - 1));
            float[] back = new float[n];
            device.read(b, MemorySegment.ofArray(back));
            for (int i = 0; i < n - 1; i++) {
                assertEquals(2.5f, back[i], "element " + i);
            }
            assertEquals(0f, back[n - 1], "the element at n is not written");
            assertSame(module.kernel("copy"), module.kernel("copy"), "a module hands out one kernel per entry point");
        }
    }

    @Test
    void kernelsLaunchWithLocalMemory() {
        DeviceInterface device = device();
        int block = 64;
        int groups = 5;
        int n = block * groups - 10;
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = i % 7;
        }
        try (KernelModule module = device.loadModule(conformanceKernels());
                DeviceBuffer input = device.allocate(4L * n);
                DeviceBuffer output = device.allocate(4L * groups)) {
            device.write(MemorySegment.ofArray(in), input);
            module.kernel("block_sum").launch(Dim3.of(groups), Dim3.of(block), buffer(input), buffer(output),
                    KernelArg.local(4L * block), i32(n));
            float[] sums = new float[groups];
            device.read(output, MemorySegment.ofArray(sums));
            for (int g = 0; g < groups; g++) {
                float expected = 0;
                for (int i = g * block; i < Math.min(n, (g + 1) * block); i++) {
                    expected += in[i];
                }
                assertEquals(expected, sums[g], "the sum of group " + g);
            }
        }
    }

    @Test
    void kernelsLaunchWithEveryScalarKind() {
        DeviceInterface device = device();
        try (KernelModule module = device.loadModule(conformanceKernels()); DeviceBuffer out = device.allocate(32)) {
            device.fill(out, 0);
            long big = (1L << 40) + 3;
            module.kernel("kinds").launch(Dim3.of(1), Dim3.of(1), buffer(out), i32(-7), i64(big), f32(0.375f),
                    f64(1.0 / 3.0));
            double[] back = new double[4];
            device.read(out, MemorySegment.ofArray(back));
            assertArrayEquals(new double[] {-7, big, 0.375, 1.0 / 3.0}, back);
        }
    }

    @Test
    void aMissingEntryPointOrAWrongArgumentCountNamesTheKernel() {
        DeviceInterface device = device();
        try (KernelModule module = device.loadModule(conformanceKernels()); DeviceBuffer a = device.allocate(64)) {
            RuntimeException missing = assertThrows(RuntimeException.class, () -> module.kernel("no_such_kernel"));
            assertTrue(missing.getMessage().contains("no_such_kernel"), missing.getMessage());
            RuntimeException count = assertThrows(RuntimeException.class,
                    () -> module.kernel("copy").launch(Dim3.of(1), Dim3.of(16), buffer(a), buffer(a)));
            assertTrue(count.getMessage().contains("copy"), count.getMessage());
        }
    }

    @Test
    void aBrokenSourceIsAnErrorThatNamesIt() {
        DeviceInterface device = device();
        KernelSource broken = brokenKernel();
        RuntimeException e = assertThrows(RuntimeException.class, () -> device.loadModule(broken).close());
        assertTrue(String.valueOf(e.getMessage()).contains(broken.name()),
                "the error names the source '" + broken.name() + "': " + e.getMessage());
    }

    @Test
    void aSuiteWithAFreshPlacementEveryRepetitionComputesRightInEachAndKeepsEveryRepetition() {
        device();
        int n = 4096;
        List<String> wrong = new ArrayList<>();
        int[] placements = {0};
        Benchmark copy = Benchmark.of("tck_copy", (device, params) -> {
            float value = ++placements[0];
            KernelModule module = device.loadModule(conformanceKernels());
            DeviceBuffer a = device.allocate(4L * n);
            DeviceBuffer b = device.allocate(4L * n);
            module.kernel("fill").launch(Dim3.of(n / 256), Dim3.of(256), buffer(a), f32(value), i32(n));
            return new Workload() {
                @Override
                public void run() {
                    module.kernel("copy").launch(Dim3.of(n / 256), Dim3.of(256), buffer(a), buffer(b), i32(n));
                }

                @Override
                public void close() {
                    // what this placement's buffers hold after its repetition, before they are freed
                    float[] back = new float[n];
                    device.read(b, MemorySegment.ofArray(back));
                    for (int i = 0; i < n; i++) {
                        if (back[i] != value) {
                            wrong.add("placement " + (int) value + ", element " + i + ": " + back[i]);
                            break;
                        }
                    }
                    b.close();
                    a.close();
                    module.close();
                }
            };
        });
        SuiteOptions options = SuiteOptions.withDefaults().withRepetitions(4).withSeed(5).withMillis(1, 1)
                .withMaxSamplesPerRepetition(3).withCacheClearBytes(1L << 20).withPlaceEvery(1);
        SuiteResult result = Suite.of(copy).run(driver(), options, SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertEquals(StopReason.REPETITIONS, outcome.stopReason(), () -> outcome.reason().orElse(""));
        assertEquals(4, outcome.repetitions().size());
        assertEquals(4, placements[0], "one placement per repetition");
        assertEquals(List.of(), wrong);
    }

    @Test
    void closingAModuleTwiceIsHarmless() {
        DeviceInterface device = device();
        KernelModule module = device.loadModule(conformanceKernels());
        module.kernel("fill");
        module.close();
        module.close();
    }
}
