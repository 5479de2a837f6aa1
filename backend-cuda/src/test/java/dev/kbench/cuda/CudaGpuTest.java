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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Availability;
import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.CacheSizes;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceException;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.api.Submission;
import dev.kbench.api.Timing;
import dev.kbench.api.TimingMethod;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.CapturedGraph;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Event;
import dev.kbench.spi.StreamGate;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import jcuda.driver.CUcontext;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The backend on a real NVIDIA GPU (run on the H200 with bench/gpu/run-cuda-tests.sh). Timings are
 * printed for the record, never compared with a performance target; the only time bounds checked are
 * those a correct event placement must meet for a kernel of known duration.
 */
@Tag("gpu")
class CudaGpuTest {

    private static final int BLOCK = GeluReference.BLOCK;

    private static CudaDriver driver;
    private static DeviceInterface device;
    private static KernelModule gelu;
    private static KernelModule spin;

    @BeforeAll
    static void open() {
        driver = new CudaDriver();
        Availability availability = driver.availability();
        assertTrue(availability.active(), "the cuda driver must be active on the GPU machine: " + availability.reason());
        device = driver.device();
        gelu = device.loadModule(KernelSource.of(TestFiles.kernel("gelu.ptx")));
        spin = device.loadModule(KernelSource.of(TestFiles.kernel("spin.ptx")));
    }

    @AfterAll
    static void close() {
        if (driver != null) {
            gelu.close();
            spin.close();
            driver.close();
        }
    }

    @Test
    void theEnergyCounterKnownAtOpenIsTheOneAReadingHas() {
        // the H200 has one; what the device learned when it opened must agree with a reading now
        assertEquals(java.util.Optional.of(device.telemetry(true).energyMillijoules().isPresent()),
                device.energyCounter());
        assertEquals(java.util.Optional.of(true), device.energyCounter(), "an H200 has an energy counter");
    }

    @Test
    void violationCountersReadTogetherAreTheOnesReadOneByOne() throws InterruptedException {
        Nvml nvml = ((CudaDevice) device).nvml();
        assertNotNull(nvml, "NVML on the GPU machine: " + Nvml.unavailable());
        // nvmlPerfPolicyType_t: POWER, THERMAL, LOW_UTILIZATION, TOTAL_BASE_CLOCKS; the last two advance on
        // an idle GPU, so that a difference of units (us against ns) would show
        int[] policies = {0, 1, 4, 11};
        boolean between = false;
        StringBuilder seen = new StringBuilder();
        for (int round = 0; round < 5 && !between; round++) {
            java.util.OptionalLong[] before = nvml.violationsOneByOne(policies);
            Thread.sleep(250);
            java.util.OptionalLong[] together = nvml.violationsTogether(policies);
            Thread.sleep(250);
            java.util.OptionalLong[] after = nvml.violationsOneByOne(policies);
            assertNotNull(together, "nvmlDeviceGetFieldValues could not read the violation counters");
            for (int i = 0; i < policies.length; i++) {
                seen.append(String.format(java.util.Locale.ROOT, "policy %d: %s <= %s <= %s%n", policies[i],
                        before[i], together[i], after[i]));
                assertEquals(before[i].isPresent(), together[i].isPresent(), seen.toString());
                if (before[i].isPresent()) {
                    long b = before[i].getAsLong();
                    long t = together[i].getAsLong();
                    long a = after[i].getAsLong();
                    assertTrue(b <= t && t <= a, "read together between the readings one by one:\n" + seen);
                    between |= b < t && t < a;
                }
            }
        }
        System.out.print(seen);
        assertTrue(between, "no counter advanced on both sides of the reading together, so its unit was not"
                + " compared:\n" + seen);
    }

    @Test
    void factsComeFromTheDeviceAttributes() {
        DeviceFacts facts = device.facts();
        System.out.println("facts: " + facts);
        System.out.println("inventory: " + driver.inventory());

        assertEquals("NVIDIA", facts.vendor());
        assertFalse(facts.name().isBlank());
        assertTrue(facts.totalMemoryBytes().orElseThrow() > 1L << 30);
        assertTrue(facts.lastLevelCacheBytes().orElseThrow() > 1L << 20);
        assertTrue(facts.computeUnits().orElseThrow() > 0);
        assertTrue(facts.clockMHz().orElseThrow() > 100);
        long memoryClockKHz = Long.parseLong(facts.extra().get("memoryClockMHz")) * 1000;
        long busWidth = Long.parseLong(facts.extra().get("memoryBusWidthBits"));
        assertEquals(2.0 * memoryClockKHz * 1000 * busWidth / 8, facts.peakBandwidthBytesPerSecond().orElseThrow(),
                2.0 * 1000 * 1000 * busWidth / 8, "2 x memory clock x bus width / 8");
        assertTrue(facts.extra().get("computeCapability").matches("\\d+\\.\\d"), facts.extra().toString());
        assertEquals("0", facts.extra().get("device"));
        assertFalse(driver.inventory().isEmpty());
        assertEquals(java.util.Set.of(SourceKind.PTX, SourceKind.CUBIN), device.acceptedSources());
    }

    @Test
    void theBlockingKernelHoldsTheStreamUntilReleased() {
        // the spin kernel (200 us) enqueued behind the hold runs only after the release: the end event
        // is at least the host's wait plus the spin after the start event recorded before the hold
        try (StreamGate gate = device.streamGate(60_000); Event start = device.createEvent(); Event end = device.createEvent()) {
            assertEquals("blocking kernel", gate.technique());
            start.record();
            gate.hold();
            spin.kernel("spin").launch(Dim3.of(1), Dim3.of(1), KernelArg.i64(200_000));
            end.record();
            long waitNanos = 20_000_000;
            long t0 = System.nanoTime();
            while (System.nanoTime() - t0 < waitNanos) {
                Thread.onSpinWait();
            }
            gate.release();
            device.synchronize();
            assertFalse(gate.timedOut(), "released by the host");
            double millis = start.elapsedMillis(end);
            System.out.printf(Locale.ROOT, "held 20 ms then spun 0.2 ms: %.3f ms between the events%n", millis);
            assertTrue(millis >= 20.2 * 0.95, "the spin waited for the release: " + millis + " ms");
        }
    }

    @Test
    void twoHoldsInPlaceReleaseInTurn() {
        // hold A, spin, event, hold B, spin, event: releasing A runs the first spin only; the second waits for B,
        // which the host releases 20 ms after the first spin's end event completed
        try (StreamGate gate = device.streamGate(60_000); Event first = device.createEvent();
             Event second = device.createEvent()) {
            assertEquals(2, gate.maxHolds());
            Kernel kernel = spin.kernel("spin");
            gate.hold();
            kernel.launch(Dim3.of(1), Dim3.of(1), KernelArg.i64(100_000));
            first.record();
            gate.hold();
            kernel.launch(Dim3.of(1), Dim3.of(1), KernelArg.i64(100_000));
            second.record();
            assertThrows(IllegalStateException.class, gate::hold, "two holds are the most in place");
            gate.release();
            first.synchronize();
            assertFalse(gate.timedOut(), "the first hold was released by the host");
            long t0 = System.nanoTime();
            while (System.nanoTime() - t0 < 20_000_000) {
                Thread.onSpinWait();
            }
            gate.release();
            device.synchronize();
            assertFalse(gate.timedOut(), "the second hold was released by the host");
            double millis = first.elapsedMillis(second);
            System.out.printf(Locale.ROOT, "second hold released 20 ms after the first call's end: %.3f ms between "
                    + "the end events%n", millis);
            assertTrue(millis >= 20.1 * 0.95, "the second spin waited for its own release: " + millis + " ms");
        }
    }

    @Test
    void aHoldNeverReleasedEndsByItsTimeout() {
        try (StreamGate gate = device.streamGate(50)) {
            gate.hold();
            device.synchronize();
            assertTrue(gate.timedOut(), "the blocking kernel gave up after 50 ms of global timer");
        }
    }

    @Test
    void hotTimingIsHeldOnCudaAndGraphsReplayTheBatch() {
        int n = 1 << 20;
        try (DeviceBuffer x = device.allocate(4L * n); DeviceBuffer y = device.allocate(4L * n)) {
            Kernel kernel = gelu.kernel("gelu");
            List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32(n));
            Runnable call = () -> kernel.launch(Dim3.of(n / BLOCK), Dim3.of(BLOCK), args);
            BenchOptions hot = BenchOptions.withDefaults().withTiming(Timing.HOT).withRepMillis(50);
            BenchResult held = Bench.doBench(driver, call, hot);
            BenchResult graph = Bench.doBenchGraph(driver, call, hot);
            BenchResult cold = Bench.doBench(driver, call, BenchOptions.withDefaults().withCacheClearBytes(0).withRepMillis(50));
            System.out.printf(Locale.ROOT, "gelu 2^20: hot held %.5f ms (%d calls/sample), hot graph %.5f ms, cold no clear %.5f ms%n",
                    held.medianMillis(), held.callsPerSample(), graph.medianMillis(), cold.medianMillis());
            assertEquals(TimingMethod.HELD, held.method());
            assertEquals(TimingMethod.GRAPH, graph.method());
            assertEquals(TimingMethod.GRAPH, Bench.method(driver, Timing.COLD, Submission.GRAPH), "an empty graph captures");
        }
    }

    @Test
    void geluMatchesTheCpuReference() {
        for (int n : new int[] {1, 1000, (1 << 20) + 7}) {
            double error = GeluReference.check(device, gelu.kernel("gelu"), n);
            System.out.printf(Locale.ROOT, "gelu n=%d max error %.3g%n", n, error);
            assertTrue(error <= GeluReference.TOLERANCE, "n=" + n + ": max error " + error);
        }
    }

    @Test
    void theDefaultLaunchPathHereIsFfm() {
        // the GPU tests run with native access for the backend (ALL-UNNAMED on the class path), so the
        // default must be FFM; "jcuda (...)" here says why the fast path could not be set up
        String launchPath = device.facts().extra().get("launchPath");
        assertTrue(launchPath.startsWith("ffm ("), launchPath);
        assertTrue(driver.inventory().contains("launch path: " + launchPath), driver.inventory().toString());
    }

    @Test
    void bothLaunchPathsComputeGeluTimeTheSpinKernelAndReportErrorsAlike() {
        for (String path : new String[] {"ffm", "jcuda"}) {
            try (CudaDriver forced = new CudaDriver(key -> key.equals(CudaDriver.LAUNCH_PROPERTY) ? path : System.getProperty(key))) {
                assertTrue(forced.availability().active(), path + ": " + forced.availability().reason());
                DeviceInterface dev = forced.device();
                assertTrue(dev.facts().extra().get("launchPath").startsWith(path + " ("), dev.facts().extra().toString());
                try (KernelModule geluModule = dev.loadModule(KernelSource.of(TestFiles.kernel("gelu.ptx")));
                     KernelModule spinModule = dev.loadModule(KernelSource.of(TestFiles.kernel("spin.ptx")))) {
                    for (int n : new int[] {1000, (1 << 20) + 7}) {
                        double error = GeluReference.check(dev, geluModule.kernel("gelu"), n);
                        System.out.printf(Locale.ROOT, "%s: gelu n=%d max error %.3g%n", path, n, error);
                        assertTrue(error <= GeluReference.TOLERANCE, path + " n=" + n + ": max error " + error);
                    }
                    // an i64 argument: the kernel spins for that many nanoseconds, so the events must span them
                    long nanos = 50_000;
                    try (Event start = dev.createEvent(); Event end = dev.createEvent()) {
                        start.record();
                        spinModule.kernel("spin").launch(Dim3.of(1), Dim3.of(1), KernelArg.i64(nanos));
                        end.record();
                        end.synchronize();
                        double millis = start.elapsedMillis(end);
                        assertTrue(millis >= 0.95 * nanos / 1e6 && millis < 1000, path + ": spin took " + millis + " ms");
                    }
                    Kernel kernel = geluModule.kernel("gelu");
                    DeviceBuffer x = dev.allocate(4 * BLOCK);
                    List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(x), KernelArg.i32(BLOCK));
                    KernelException block = assertThrows(KernelException.class,
                            () -> kernel.launch(Dim3.of(1), Dim3.of(4096), args));
                    assertTrue(block.getMessage().contains("CUDA_ERROR_INVALID_VALUE"), path + ": " + block.getMessage());
                    kernel.launch(Dim3.of(1), Dim3.of(BLOCK), List.of(KernelArg.buffer(x), KernelArg.buffer(x),
                            KernelArg.i32(BLOCK), KernelArg.local(64 * 1024)));
                    dev.synchronize();
                    x.close();
                    KernelException closed = assertThrows(KernelException.class,
                            () -> kernel.launch(Dim3.of(1), Dim3.of(BLOCK), args));
                    assertTrue(closed.getMessage().contains("closed"), path + ": " + closed.getMessage());
                }
            }
        }
        Availability bad = new CudaDriver(key -> key.equals(CudaDriver.LAUNCH_PROPERTY) ? "fast" : null).availability();
        assertFalse(bad.active());
        assertTrue(bad.reason().startsWith("-Dkbench.cuda.launch=fast is not a launch path"), bad.reason());
    }

    @Test
    void wrongArgumentsAreRejectedBeforeTheLaunch() {
        Kernel kernel = gelu.kernel("gelu");
        try (DeviceBuffer x = device.allocate(1024)) {
            KernelException count = assertThrows(KernelException.class,
                    () -> kernel.launch(Dim3.of(1), Dim3.of(BLOCK), KernelArg.buffer(x), KernelArg.buffer(x)));
            assertTrue(count.getMessage().startsWith("kernel 'gelu' takes 3 parameter(s) (.u64, .u64, .u32) but 2"),
                    count.getMessage());
            KernelException size = assertThrows(KernelException.class, () -> kernel.launch(Dim3.of(1), Dim3.of(BLOCK),
                    KernelArg.buffer(x), KernelArg.buffer(x), KernelArg.i64(256)));
            assertTrue(size.getMessage().startsWith("argument 2 of kernel 'gelu' is i64 256 but parameter 2"),
                    size.getMessage());
            device.synchronize();
        }
    }

    @Test
    void launchErrorsNameTheKernelAndTheCudaError() {
        Kernel kernel = gelu.kernel("gelu");
        try (DeviceBuffer x = device.allocate(4 * BLOCK)) {
            List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(x), KernelArg.i32(BLOCK));
            KernelException block = assertThrows(KernelException.class,
                    () -> kernel.launch(Dim3.of(1), Dim3.of(4096), args));
            assertTrue(block.getMessage().contains("launch of kernel 'gelu' (grid 1,1,1, block 4096,1,1"),
                    block.getMessage());
            assertTrue(block.getMessage().contains("CUDA_ERROR_INVALID_VALUE"), block.getMessage());
            // dynamic shared memory above 48 KiB is opted into; beyond the device's limit it is refused
            kernel.launch(Dim3.of(1), Dim3.of(BLOCK), List.of(KernelArg.buffer(x), KernelArg.buffer(x),
                    KernelArg.i32(BLOCK), KernelArg.local(64 * 1024)));
            device.synchronize();
            KernelException shared = assertThrows(KernelException.class, () -> kernel.launch(Dim3.of(1), Dim3.of(BLOCK),
                    List.of(KernelArg.buffer(x), KernelArg.buffer(x), KernelArg.i32(BLOCK), KernelArg.local(1 << 20))));
            assertTrue(shared.getMessage().contains("cannot use 1048576 bytes of dynamic shared memory"), shared.getMessage());
        }
    }

    @Test
    void aMissingKernelListsTheModulesKernels() {
        KernelException e = assertThrows(KernelException.class, () -> gelu.kernel("gelu_forward"));

        assertTrue(e.getMessage().contains("kernel 'gelu_forward' not found in module"), e.getMessage());
        assertTrue(e.getMessage().endsWith("its kernels: [gelu, empty]"), e.getMessage());
        assertSame(gelu.kernel("gelu"), gelu.kernel("gelu"));
    }

    @Test
    void aPtxErrorCarriesTheJitLog() {
        String bad = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry bad()\n{\n  bogus.instruction %r1;\n  ret;\n}\n";

        KernelException e = assertThrows(KernelException.class,
                () -> device.loadModule(KernelSource.ofText(SourceKind.PTX, bad, "bad.ptx")));

        System.out.println("JIT error: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("cannot load PTX module 'bad.ptx': cuModuleLoadDataEx returned CUDA_ERROR_"),
                e.getMessage());
        assertFalse(e.buildLog().isBlank(), "the JIT error log is attached");
        assertTrue(e.buildLog().contains("bad.ptx") || e.buildLog().toLowerCase(Locale.ROOT).contains("error"), e.buildLog());
        assertThrows(KernelException.class,
                () -> device.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, "kernel void k() {}", "k.cl")));
    }

    @Test
    void loadsACubinBuiltForThisDevice(@TempDir Path tmp) throws IOException, InterruptedException {
        Path cubin = cubin(tmp);

        try (KernelModule module = device.loadModule(KernelSource.of(cubin))) {
            double error = GeluReference.check(device, module.kernel("gelu"), 4099);
            assertTrue(error <= GeluReference.TOLERANCE, "max error " + error);
            KernelException missing = assertThrows(KernelException.class, () -> module.kernel("nope"));
            assertTrue(missing.getMessage().contains("extern \"C\""), missing.getMessage());
        }
    }

    /** The cubin from -Dkbench.cuda.cubin, else built with nvcc for this device's architecture. */
    private static Path cubin(Path tmp) throws IOException, InterruptedException {
        String given = System.getProperty("kbench.cuda.cubin");
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
        String arch = "sm_" + device.facts().extra().get("computeCapability").replace(".", "");
        Path cubin = tmp.resolve("gelu.cubin");
        Process nvcc = new ProcessBuilder("nvcc", "-cubin", "-arch=" + arch, "-o", cubin.toString(),
                TestFiles.kernel("gelu.cu").toString()).redirectErrorStream(true).start();
        String log = new String(nvcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(nvcc.waitFor(120, TimeUnit.SECONDS) && nvcc.exitValue() == 0,
                "nvcc -cubin failed (set -Dkbench.cuda.cubin=FILE to use a prebuilt one): " + log);
        return cubin;
    }

    @Test
    void writeFillAndReadRoundTripThroughNativeAndHeapMemory() {
        int n = (1 << 22) + 3;   // heap copies are staged in 64 MiB chunks; this is 16 MiB + 12 bytes
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = i * 0.25f;
        }
        try (DeviceBuffer buffer = device.allocate(4L * n); Arena arena = Arena.ofConfined()) {
            device.write(MemorySegment.ofArray(values), buffer);
            float[] back = new float[n];
            device.read(buffer, MemorySegment.ofArray(back));
            assertArrayEquals(values, back);

            device.fill(buffer, Float.floatToRawIntBits(-2.5f));
            MemorySegment host = arena.allocate(4L * n);
            device.read(buffer, host);
            assertEquals(-2.5f, host.getAtIndex(ValueLayout.JAVA_FLOAT, 0));
            assertEquals(-2.5f, host.getAtIndex(ValueLayout.JAVA_FLOAT, n - 1));

            assertThrows(IllegalArgumentException.class, () -> device.write(arena.allocate(4L * n + 4), buffer));
            assertThrows(IllegalArgumentException.class, () -> device.read(buffer, MemorySegment.ofArray(new float[n]).asReadOnly()));
        }
        try (DeviceBuffer odd = device.allocate(6)) {
            assertThrows(IllegalArgumentException.class, () -> device.fill(odd, 0));
        }
        DeviceException oom = assertThrows(DeviceException.class, () -> device.allocate(1L << 50));
        assertTrue(oom.getMessage().contains("CUDA_ERROR_OUT_OF_MEMORY"), oom.getMessage());
    }

    @Test
    void unwrapGivesTheStreamAndContextTheBackendUses() {
        CUstream stream = device.unwrap(CUstream.class);
        assertNotNull(device.unwrap(CUcontext.class));
        assertThrows(UnsupportedOperationException.class, () -> device.unwrap(String.class));
        try (DeviceBuffer buffer = device.allocate(4096); Arena arena = Arena.ofConfined()) {
            device.fill(buffer, 3);
            // the user's own work on the unwrapped stream runs after the backend's, in stream order
            assertEquals(0, JCudaDriver.cuMemsetD32Async(((CudaBuffer) buffer).pointer(), 7, 1024, stream));
            MemorySegment host = arena.allocate(4096);
            device.read(buffer, host);
            assertEquals(7, host.getAtIndex(ValueLayout.JAVA_INT, 1023));
        }
    }

    @Test
    void theCacheClearerZeroesItsBufferAndCanBeSizedFromTheL2() {
        try (CacheClearer triton = driver.cacheClearer(CacheSizes.TRITON_BYTES)) {
            assertEquals(256L << 20, triton.bytes());
            CudaBuffer buffer = ((CudaCacheClearer) triton).buffer();
            device.fill(buffer, 0x5a5a5a5a);
            triton.clear();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment host = arena.allocate(buffer.bytes());
                device.read(buffer, host);
                assertEquals(-1, host.mismatch(arena.allocate(buffer.bytes())), "all zero after clear()");
            }
        }
        long l2 = device.facts().lastLevelCacheBytes().orElseThrow();
        long sized = CacheSizes.deviceSized(device.facts(), 2);
        assertEquals((2 * l2 + 3) & ~3L, sized);
        try (CacheClearer deviceSized = driver.cacheClearer(sized); CacheClearer odd = driver.cacheClearer(1001)) {
            assertEquals(sized, deviceSized.bytes());
            assertEquals(1001, odd.bytes(), "the size asked for, as every backend keeps it");
            deviceSized.clear();
            odd.clear();
            device.synchronize();
        }
    }

    @Test
    void eventsTimeAKernelOfKnownDurationInNormalAndGraphMode() {
        long nanos = 200_000;
        Kernel kernel = spin.kernel("spin");
        List<KernelArg> args = List.of(KernelArg.i64(nanos));
        Runnable fn = () -> kernel.launch(Dim3.of(1), Dim3.of(1), args);
        BenchOptions options = BenchOptions.withDefaults().withRepMillis(50).withWarmupMillis(10).withQuantiles(0.5);

        BenchResult normal = Bench.doBench(driver, fn, options);
        BenchResult graph = Bench.doBenchGraph(driver, fn, options);
        BenchResult graphNoClear = Bench.doBenchGraph(driver, fn, options.withCacheClearBytes(0));

        System.out.printf(Locale.ROOT, "spin %d us: normal %.4f ms (%d samples), graph+clear %.4f ms (%d), graph %.4f ms (%d x %d)%n",
                nanos / 1000, normal.value(), normal.repeatCalls(), graph.value(), graph.repeatCalls(), graphNoClear.value(),
                graphNoClear.repeatCalls(), graphNoClear.callsPerSample());
        // The kernel cannot end before its own timer has advanced by `nanos`: every event pair must span at
        // least that (less 5% for the timer's granularity), in the graph as outside it. These are checks
        // of where the events sit, not performance targets.
        for (BenchResult result : List.of(normal, graph, graphNoClear)) {
            double min = Arrays.stream(result.timesMillis()).min().orElseThrow();
            assertTrue(min >= 0.95 * nanos / 1e6, "a sample of " + min + " ms is shorter than the kernel: " + result);
        }
        assertTrue(graph.callsPerSample() == 1 && graph.repeatCalls() > 1, graph.toString());
        assertEquals(1.0, graph.value() / normal.value(), 0.1, "graph-node events time each call as normal events do");
        assertEquals(1.0, graphNoClear.value() / normal.value(), 0.1, "replay time / calls matches one call");
    }

    @Test
    void captureRecordsWorkWithoutRunningItAndReplaysIt() {
        int n = 100_000;
        Kernel kernel = gelu.kernel("gelu");
        float[] input = new float[n];
        for (int i = 0; i < n; i++) {
            input[i] = (i % 1200 - 600) / 100f;
        }
        try (DeviceBuffer x = device.allocate(4L * n); DeviceBuffer y = device.allocate(4L * n);
             Event start = device.createEvent(); Event end = device.createEvent()) {
            device.write(MemorySegment.ofArray(input), x);
            device.fill(y, 0);
            float[] out = new float[n];
            try (CapturedGraph graph = device.capture(() -> {
                device.fill(y, Float.floatToRawIntBits(Float.NaN));
                start.record();
                kernel.launch(Dim3.of(Math.ceilDiv(n, BLOCK)), Dim3.of(BLOCK), KernelArg.buffer(x), KernelArg.buffer(y),
                        KernelArg.i32(n));
                end.record();
            })) {
                device.read(y, MemorySegment.ofArray(out));
                assertEquals(0f, out[0], "capturing does not run the work");
                graph.replay();
                device.synchronize();
                double millis = start.elapsedMillis(end);
                assertTrue(millis > 0 && millis < 1000, "elapsed " + millis);
                device.read(y, MemorySegment.ofArray(out));
                assertTrue(GeluReference.maxError(input, out) <= GeluReference.TOLERANCE);
            }
        }
    }

    @Test
    void aFailedCaptureEndsTheCaptureAndNestedCapturesAreRefused() {
        IllegalStateException thrown = new IllegalStateException("boom");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> device.capture(() -> {
            throw thrown;
        }));
        assertSame(thrown, e);

        IllegalStateException nested = assertThrows(IllegalStateException.class,
                () -> device.capture(() -> device.capture(() -> { })));
        assertTrue(nested.getMessage().contains("already being captured"), nested.getMessage());

        try (DeviceBuffer buffer = device.allocate(16); Arena arena = Arena.ofConfined()) {
            device.fill(buffer, 9);
            device.synchronize();
            MemorySegment host = arena.allocate(16);
            device.read(buffer, host);
            assertEquals(9, host.getAtIndex(ValueLayout.JAVA_INT, 3), "the stream works after the failed captures");
        }
    }

    @Test
    void doBenchOfGeluAtEverySizeInNormalAndGraphMode() {
        BenchOptions options = BenchOptions.withDefaults().withRepMillis(20).withWarmupMillis(5).withQuantiles(0.5, 0.2, 0.8);
        Kernel geluKernel = gelu.kernel("gelu");
        Kernel empty = gelu.kernel("empty");
        for (int e : new int[] {0, 10, 14, 18, 20, 22, 24, 26, 28}) {
            long n = 1L << e;
            Kernel kernel = e == 0 ? empty : geluKernel;
            try (DeviceBuffer x = device.allocate(4 * n); DeviceBuffer y = device.allocate(4 * n)) {
                device.fill(x, Float.floatToRawIntBits(1f));
                List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32((int) n));
                Runnable fn = () -> kernel.launch(Dim3.of(Math.ceilDiv(n, BLOCK)), Dim3.of(BLOCK), args);
                for (boolean graphMode : new boolean[] {false, true}) {
                    BenchResult result = graphMode ? Bench.doBenchGraph(driver, fn, options) : Bench.doBench(driver, fn, options);
                    double[] q = result.quantileValues();
                    System.out.printf(Locale.ROOT, "%s n=2^%d median %.6f ms q20 %.6f q80 %.6f (%d samples)%n",
                            graphMode ? "graph " : "normal", e, q[0], q[1], q[2], result.repeatCalls());
                    assertTrue(result.repeatCalls() >= 1 && result.timesMillis().length == result.repeatCalls());
                    assertTrue(Arrays.stream(result.timesMillis()).allMatch(t -> t >= 0 && Double.isFinite(t)), result.toString());
                    assertTrue(q[1] <= q[0] && q[0] <= q[2]);
                    assertTrue(e == 0 || q[0] > 0, "a gelu call takes time: " + result);
                }
            }
        }
    }

    @Test
    @SuppressWarnings("try")   // closes the driver inside its try on purpose: what a closed driver does is checked
    void closingTheDriverInvalidatesItsDeviceAndAReopenWorks() {
        try (CudaDriver second = new CudaDriver()) {
            DeviceInterface first = second.device();
            DeviceBuffer buffer = first.allocate(64);
            Event event = first.createEvent();
            second.close();
            second.close();
            IllegalStateException closed = assertThrows(IllegalStateException.class, () -> first.allocate(64));
            assertTrue(closed.getMessage().contains("was closed"), closed.getMessage());
            buffer.close();
            event.close();
            DeviceInterface reopened = second.device();
            try (DeviceBuffer again = reopened.allocate(64)) {
                reopened.fill(again, 1);
                reopened.synchronize();
            }
        }
    }

    @Test
    void theDeviceIsChosenByIndex() {
        Availability bad = new CudaDriver(key -> key.equals(CudaDriver.DEVICE_PROPERTY) ? "99" : null).availability();
        assertFalse(bad.active());
        assertTrue(bad.reason().startsWith("-Dkbench.cuda.device=99 is not a device index;"), bad.reason());
        assertFalse(new CudaDriver(key -> key.equals(CudaDriver.DEVICE_PROPERTY) ? "first" : null).availability().active());
        Availability zero = new CudaDriver(key -> key.equals(CudaDriver.DEVICE_PROPERTY) ? "0" : null).availability();
        assertTrue(zero.active() && zero.reason().contains("(device 0 of "), zero.reason());
    }

    @Test
    void eventsRefuseMisuse() {
        try (Event a = device.createEvent(); Event b = device.createEvent()) {
            IllegalStateException unrecorded = assertThrows(IllegalStateException.class, () -> a.elapsedMillis(b));
            assertTrue(unrecorded.getMessage().contains("was not"), unrecorded.getMessage());
            a.record();
            b.record();
            b.synchronize();
            assertTrue(a.elapsedMillis(b) >= 0);
        }
    }
}
