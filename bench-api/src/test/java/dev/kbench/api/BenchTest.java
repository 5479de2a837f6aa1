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
package dev.kbench.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Checks doBench's arithmetic against Triton's algorithm with a simulated device clock. */
class BenchTest {

    private final SimulatedDriver driver = new SimulatedDriver("sim", true);
    private final SimulatedDriver.Device device = driver.device;
    private int calls;

    private Runnable kernel(double millis) {
        return () -> {
            calls++;
            device.enqueue(millis);
        };
    }

    @Test
    void countsFollowTritonsFormula() {
        // fn = 0.125 ms, clear = 0.125 ms: estimate = 5 * (0.125 + 0.125) / 5 = 0.25 ms,
        // n_warmup = int(25 / 0.25) = 100, n_repeat = int(100 / 0.25) = 400.
        driver.clearMillis = 0.125;
        BenchResult result = Bench.doBench(driver, kernel(0.125), BenchOptions.withDefaults());

        assertEquals(0.25, result.estimateMillis());
        assertEquals(100, result.warmupCalls());
        assertEquals(400, result.repeatCalls());
        assertEquals(1 + 5 + 100 + 400, calls, "first call + estimate + warmup + timed");
        assertEquals(5 + Bench.CLEAR_CALLS + 400, driver.clears,
                "a clear before each estimate call and each timed call, the clears timed alone, none in warmup");
        assertEquals(0.125, result.clearMillis());
        assertEquals(2 + 2 + 2 * 400, device.eventsCreated, "the estimate's pair, the clear's pair, the timed pairs");
        assertEquals(device.eventsCreated, device.eventsClosed, "every event closed");
        assertEquals(List.of(CacheSizes.TRITON_BYTES), driver.clearerSizes);
        assertEquals(1, driver.clearersClosed);
        assertFalse(result.estimateFloored());
        assertFalse(result.repeatCapped());
        double[] times = result.timesMillis();
        assertEquals(400, times.length);
        assertTrue(Arrays.stream(times).allMatch(t -> t == 0.125), "the clear is outside the timed region");
        assertEquals(0.125, result.value(), "mean by default");
    }

    @Test
    void aTimeThatIsNotFiniteAndNonNegativeFailsTheMeasurementNamingTheBackendsEvent() {
        // a backend's event that gave -0.1 ms or Infinity was taken as a sample, and the run failed later, far from
        // the cause (an internal error building the report, in kbench run)
        for (double bad : new double[] {-0.1, Double.NaN, Double.POSITIVE_INFINITY}) {
            device.reported = elapsed -> bad;
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Bench.doBench(driver, kernel(0.125), BenchOptions.withDefaults()));
            assertTrue(e.getMessage().startsWith("the backend's event (" + SimulatedDriver.SimulatedEvent.class.getName()
                    + ") gave " + bad + " ms"), e.getMessage());
            assertTrue(e.getMessage().endsWith(" ms between two completed events; a time is finite and >= 0 "
                    + "(Event.elapsedMillis)"), e.getMessage());
        }
    }

    @Test
    void aClearerOfAnotherSizeThanAskedOrNoneFailsTheMeasurementNamingTheBackend() {
        // a clearer of 0 bytes was taken as no clear while the results said 256 MiB were cleared
        for (long said : new long[] {0, 1024, CacheSizes.TRITON_BYTES + 4}) {
            driver.clearerBytes = bytes -> said;
            int closed = driver.clearersClosed;
            DeviceException e = assertThrows(DeviceException.class,
                    () -> Bench.doBench(driver, kernel(0.125), BenchOptions.withDefaults()));
            assertEquals("the backend 'sim' was asked for a cache clearer of " + CacheSizes.TRITON_BYTES + " bytes and gave "
                    + "a clearer of " + said + " bytes (" + SimulatedDriver.class.getName() + "); its results would report a "
                    + "clear it does not do: a fault of that backend's", e.getMessage());
            assertEquals(closed + 1, driver.clearersClosed, "the faulty clearer is closed");
        }
        driver.clearerBytes = bytes -> bytes;
        driver.nullClearer = true;
        DeviceException e = assertThrows(DeviceException.class,
                () -> Bench.doBench(driver, kernel(0.125), BenchOptions.withDefaults()));
        assertTrue(e.getMessage().contains(" bytes and gave null ("), e.getMessage());
    }

    @Test
    void aNullEventOrGraphIsTheBackendsFaultNotAnErrorOfKbenchs() {
        device.nullAnswer = "createEvent()";
        DeviceException e = assertThrows(DeviceException.class,
                () -> Bench.doBench(driver, kernel(0.125), BenchOptions.withDefaults()));
        assertTrue(e.getMessage().startsWith("the backend answered DeviceInterface.createEvent() with null ("
                + SimulatedDriver.Device.class.getName()), e.getMessage());
        assertEquals(driver.clearersCreated, driver.clearersClosed);
        device.nullAnswer = "capture()";
        e = assertThrows(DeviceException.class, () -> Bench.doBenchGraph(driver, kernel(0.125), BenchOptions.withDefaults()));
        assertTrue(e.getMessage().startsWith("the backend answered DeviceInterface.capture(...) with null"), e.getMessage());
        assertEquals(driver.clearersCreated, driver.clearersClosed);
        assertEquals(device.eventsCreated, device.eventsClosed);
    }

    @Test
    void synchronizesOnceAfterFirstCallOnceAfterEstimateOnceAtTheEnd() {
        Bench.doBench(driver, kernel(0.5), BenchOptions.withDefaults().withCacheClearBytes(0));
        assertEquals(3, device.synchronizations);
        assertEquals(0, driver.clearersCreated, "cacheClearBytes 0 disables the clear");
    }

    @Test
    void truncatesCountsAsPythonIntDoes() {
        // estimate = 0.3 ms: int(25 / 0.3) = 83, int(100 / 0.3) = 333 (Python: int(25/0.3) == 83, int(100/0.3) == 333)
        BenchResult result = Bench.doBench(driver, kernel(0.3),
                BenchOptions.withDefaults().withCacheClearBytes(0));
        assertEquals(83, result.warmupCalls());
        assertEquals(333, result.repeatCalls());
    }

    @Test
    void aClearThatEatsTheBudgetIsAWarningWithTheFix() {
        // The default 256 MiB clear on a CPU device: clear 60 ms, kernel 0.74 ms. estimate = 60.74 ms,
        // n_repeat = int(100 / 60.74) = 1 sample; 5 samples need --rep-ms 5 x 60.74 = 303.7, 310 to 2 digits.
        // The clear, measured on its own, is 60 / (60 + 0.74) = 98.8% of a timed call, and the device's
        // 50 MiB cache makes the device-sized clear 100 MiB, smaller than 256 MiB: a fix that changes it.
        driver.clearMillis = 60;
        BenchResult result = Bench.doBench(driver, kernel(0.74), BenchOptions.withDefaults());
        assertEquals(1, result.repeatCalls());
        assertEquals(60, result.clearMillis());
        assertEquals(List.of(MeasurementWarning.Kind.FEW_SAMPLES_PER_REPETITION,
                MeasurementWarning.Kind.CACHE_CLEAR_DOMINATES), result.warnings().stream().map(MeasurementWarning::kind).toList());
        String few = result.warnings().get(0).message();
        assertTrue(few.contains("--rep-ms 310 gives 5") && few.contains("--min-samples 5")
                && few.contains("--cache-clear device, 100 MiB"), few);
        String dominates = result.warnings().get(1).message();
        assertTrue(dominates.contains("99%") && dominates.contains("one clear measured at 60.00 ms")
                && dominates.contains("--cache-clear device, 100 MiB"), dominates);
        assertTrue(result.toString().contains("few_samples_per_repetition"), result.toString());
    }

    @Test
    void aDeviceThatReportsNoCacheIsNotToldToSizeTheClearToIt() {
        // PoCL where it cannot read the host's cache reports 0, passed on as unknown: the device-sized clear is
        // the same 256 MiB, so suggesting it would change nothing; only the fix that does is given
        device.lastLevelCacheBytes = OptionalLong.empty();
        driver.clearMillis = 60;
        BenchResult result = Bench.doBench(driver, kernel(0.74), BenchOptions.withDefaults());
        assertEquals(List.of(MeasurementWarning.Kind.FEW_SAMPLES_PER_REPETITION),
                result.warnings().stream().map(MeasurementWarning::kind).toList());
        String few = result.warnings().getFirst().message();
        assertTrue(few.contains("--rep-ms 310 gives 5") && !few.contains("--cache-clear"), few);
    }

    @Test
    void theClearRuleUsesTheMeasuredClearNotTheFirstEstimate() {
        // One-time costs make the first calls slow: 50 ms each for the first call and the 5 estimate calls,
        // 1 ms after. estimate = 0.5 + 50 = 50.5 ms, so the old rule (1 - median / estimate) saw a clear of
        // 98% of a call; measured, the 0.5 ms clear is 0.5 / (0.5 + 1) = 33%: no such warning.
        driver.clearMillis = 0.5;
        int[] made = {0};
        BenchResult result = Bench.doBench(driver, () -> device.enqueue(made[0]++ < 6 ? 50 : 1), BenchOptions.withDefaults());
        assertEquals(50.5, result.estimateMillis());
        assertEquals(0.5, result.clearMillis());
        assertEquals(1, result.medianMillis());
        assertTrue(result.warnings().stream().noneMatch(w -> w.kind() == MeasurementWarning.Kind.CACHE_CLEAR_DOMINATES),
                result.warnings().toString());
    }

    @Test
    void thinRulesAtTheirThresholds() {
        OptionalLong smaller = OptionalLong.of(1L << 20);
        // 5 samples per repetition are enough; a measured clear of exactly half a timed call is not "most"
        assertEquals(List.of(), MeasurementWarning.of(MeasurementWarning.MIN_SAMPLES_PER_REPETITION, 1.0, 0.5, 0.5, smaller));
        assertEquals(List.of(MeasurementWarning.Kind.FEW_SAMPLES_PER_REPETITION),
                MeasurementWarning.of(4, 1.0, 0.5, 0.5, smaller).stream().map(MeasurementWarning::kind).toList());
        assertEquals(List.of(MeasurementWarning.Kind.CACHE_CLEAR_DOMINATES),
                MeasurementWarning.of(400, 1.0, 0.49, 0.51, smaller).stream().map(MeasurementWarning::kind).toList());
        // no smaller clear at hand: the clear's cost is time only, and no advice would change it
        assertEquals(List.of(), MeasurementWarning.of(400, 1.0, 0.49, 0.51, OptionalLong.empty()));
        // a clear not measured (rebuilt from samples, graph mode) is not judged; no clear at all neither
        assertEquals(List.of(), MeasurementWarning.of(400, 1.0, 0.01));
        assertEquals(List.of(), MeasurementWarning.of(400, 0.001, 0.5, 0, smaller));
        // the --rep-ms that gives 5 samples, rounded up to 2 digits: 5 x 60.74 = 303.7 -> 310, 5 x 0.3 = 1.5
        assertEquals("310", MeasurementWarning.repMillisFor(60.74));
        assertEquals("1.5", MeasurementWarning.repMillisFor(0.3));
    }

    @Test
    void aCheapClearAndEnoughSamplesSayNothing() {
        driver.clearMillis = 0.125;
        BenchResult result = Bench.doBench(driver, kernel(0.125), BenchOptions.withDefaults());
        // clear = half of the 0.25 ms estimate, 400 samples
        assertEquals(List.of(), result.warnings());
    }

    @Test
    void slowKernelStillGetsOneCallEach() {
        BenchResult result = Bench.doBench(driver, kernel(500), BenchOptions.withDefaults().withCacheClearBytes(0));
        assertEquals(1, result.warmupCalls());
        assertEquals(1, result.repeatCalls());
        assertEquals(500, result.value());
    }

    @Test
    void zeroEstimateIsFlooredAndCappedInsteadOfDividingByZero() {
        BenchResult result = Bench.doBench(driver, () -> calls++, BenchOptions.withDefaults().withCacheClearBytes(0));
        assertTrue(result.estimateFloored());
        assertEquals(BenchOptions.DEFAULT_MIN_ESTIMATE_MILLIS, result.estimateMillis());
        // int(25 / 1e-3) = 25000 warmup calls (below the cap), int(100 / 1e-3) = 100000 capped to 10000.
        assertEquals(25_000, result.warmupCalls());
        assertEquals(BenchOptions.DEFAULT_MAX_REPEAT, result.repeatCalls());
        assertTrue(result.repeatCapped());
        assertEquals(2 + 2 * BenchOptions.DEFAULT_MAX_REPEAT, device.eventsCreated);
    }

    @Test
    void capsAreConfigurable() {
        BenchResult result = Bench.doBench(driver, kernel(0.001),
                BenchOptions.withDefaults().withCacheClearBytes(0).withMaxCalls(50, 7));
        assertEquals(50, result.repeatCalls());
        assertEquals(7, result.warmupCalls());
        assertTrue(result.repeatCapped());
    }

    @Test
    void hookRunsBeforeEachTimedCallOnly() {
        List<Integer> hookAtCall = new ArrayList<>();
        BenchOptions options = BenchOptions.withDefaults().withCacheClearBytes(0).withBeforeEach(() -> hookAtCall.add(calls));
        BenchResult result = Bench.doBench(driver, kernel(1), options);
        assertEquals(result.repeatCalls(), hookAtCall.size());
        assertEquals(1 + 5 + result.warmupCalls(), hookAtCall.getFirst(), "after the warmup calls");
    }

    @Test
    void returnModesAndQuantilesSummariseTheSamples() {
        // Calls cost these 7 values in turn; the estimate (calls 1..5) is 4.13 ms, so rep 1000 ms asks for
        // 242 timed calls, capped to 7.
        double[] costs = {3.1, 0.2, 7.7, 1.5, 2.25, 9.0, 4.4};
        int[] i = {0};
        Runnable varying = () -> device.enqueue(costs[i[0]++ % costs.length]);
        BenchOptions base = BenchOptions.withDefaults().withCacheClearBytes(0).withWarmupMillis(0).withRepMillis(1000)
                .withMaxCalls(7, 1);
        // first call (i=0), 5 estimate calls (1..5), 1 warmup (6): the timed calls start at i = 7 = costs[0].
        BenchResult all = Bench.doBench(driver, varying, base.withReturnMode(ReturnMode.ALL));
        assertArrayEquals(costs, all.timesMillis(), 1e-12);
        assertThrows(IllegalStateException.class, all::value);
        // numpy.quantile([3.1,0.2,7.7,1.5,2.25,9.0,4.4], [0.2,0.5,0.8]) -> [1.6500000000000001, 3.1, 7.040000000000003]
        i[0] = 0;
        BenchResult q = Bench.doBench(driver, varying, base.withQuantiles(0.2, 0.5, 0.8));
        assertArrayEquals(new double[] {1.6500000000000001, 3.1, 7.040000000000003}, q.quantileValues(), 1e-12);
        assertEquals(0.2, q.statistic(ReturnMode.MIN), 1e-12);
        assertEquals(9.0, q.statistic(ReturnMode.MAX), 1e-12);
        // numpy.mean(...) -> 4.021428571428571
        assertEquals(4.021428571428571, q.statistic(ReturnMode.MEAN), 1e-12);
        assertEquals(3.1, q.medianMillis(), 1e-12);
    }

    @Test
    void closesEventsWhenTheFunctionThrows() {
        int[] n = {0};
        Runnable failsLater = () -> {
            if (++n[0] > 10) {
                throw new IllegalStateException("kernel failed");
            }
            device.enqueue(1);
        };
        assertThrows(IllegalStateException.class, () -> Bench.doBench(driver, failsLater, BenchOptions.withDefaults()));
        assertEquals(device.eventsCreated, device.eventsClosed);
        assertEquals(driver.clearersCreated, driver.clearersClosed);
    }

    @Test
    void graphModeWithoutClearIsTritonsDoBenchCudagraph() {
        // estimate = one replay of one call = 0.25 ms; n_repeat = int(20 / 0.25) = 80 unrolled calls;
        // 10 replays, each sample = replay time / 80.
        BenchOptions options = BenchOptions.withDefaults().withRepMillis(20).withCacheClearBytes(0);
        BenchResult result = Bench.doBenchGraph(driver, kernel(0.25), options);
        assertEquals(0.25, result.estimateMillis());
        assertEquals(Bench.GRAPH_REPLAYS, result.repeatCalls());
        assertEquals(80, result.callsPerSample());
        assertEquals(2, device.graphsCaptured);
        assertEquals(1 + Bench.GRAPH_REPLAYS, device.graphReplays);
        assertEquals(1 + 1 + 80, calls, "first call, one captured for the estimate, 80 captured unrolled");
        assertTrue(Arrays.stream(result.timesMillis()).allMatch(t -> Math.abs(t - 0.25) < 1e-12));
        assertEquals(device.eventsCreated, device.eventsClosed);
    }

    @Test
    void graphModeWithClearTimesEachCallInsideTheGraph() {
        driver.clearMillis = 0.5;
        // estimate = clear + call = 0.75 ms; n_repeat = int(15 / 0.75) = 20 per-call samples of 0.25 ms.
        BenchOptions options = BenchOptions.withDefaults().withRepMillis(15);
        BenchResult result = Bench.doBenchGraph(driver, kernel(0.25), options);
        assertEquals(20, result.repeatCalls());
        assertEquals(1, result.callsPerSample());
        assertTrue(Arrays.stream(result.timesMillis()).allMatch(t -> Math.abs(t - 0.25) < 1e-12),
                Arrays.toString(result.timesMillis()));
        assertEquals(1 + 20, driver.clears, "one clear captured for the estimate, one per captured call");
        assertEquals(device.eventsCreated, device.eventsClosed);
        assertEquals(driver.clearersCreated, driver.clearersClosed);
    }

    @Test
    void invalidOptionsNameTheValue() {
        BenchOptions defaults = BenchOptions.withDefaults();
        assertMessage("warmupMillis must be a finite number of milliseconds >= 0, got -1.0",
                () -> defaults.withWarmupMillis(-1));
        assertMessage("repMillis must be a finite number of milliseconds > 0, got NaN", () -> defaults.withRepMillis(Double.NaN));
        assertMessage("repMillis must be a finite number of milliseconds > 0, got 0.0", () -> defaults.withRepMillis(0));
        assertMessage("quantile 1.5 is outside [0, 1]; use e.g. 0.2,0.5,0.8", () -> defaults.withQuantiles(0.5, 1.5));
        assertMessage("quantile NaN is outside [0, 1]; use e.g. 0.2,0.5,0.8", () -> defaults.withQuantiles(Double.NaN));
        assertThrows(IllegalArgumentException.class, defaults::withQuantiles);
        assertMessage("cacheClearBytes must be 0 (no clear) or a positive multiple of 4 (the clear writes 4-byte words), "
                + "got -4", () -> defaults.withCacheClearBytes(-4));
        // as the command line's --cache-clear 3 is refused
        assertMessage("cacheClearBytes must be 0 (no clear) or a positive multiple of 4 (the clear writes 4-byte words), "
                + "got 3", () -> defaults.withCacheClearBytes(3));
        assertMessage("cacheClearBytes must be 0 (no clear) or a positive multiple of 4 (the clear writes 4-byte words), "
                + "got 3", () -> SuiteOptions.withDefaults().withCacheClearBytes(3));
        assertMessage("run id 'a b' is not 1 to 64 letters, digits, '.', '_', ':', '+' or '-', e.g. 20261201T111500Z-3f9a2c1b",
                () -> SuiteOptions.withDefaults().withRunId("a b"));
        assertMessage("maxRepeat must be >= 1, got 0", () -> defaults.withMaxCalls(0, 1));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    @Test
    void aHostSlowerThanTheDeviceIsReportedAsLaunchBound() {
        // Each call spins 50 us on the host and costs 10 us on the (simulated) device, without a clear:
        // the device waits for the host, so the samples would include host latency.
        Runnable slowHost = () -> {
            long until = System.nanoTime() + 50_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            device.enqueue(0.010);
        };
        BenchOptions quick = BenchOptions.withDefaults().withCacheClearBytes(0).withWarmupMillis(0).withRepMillis(1);
        BenchResult bound = Bench.doBench(driver, slowHost, quick);
        assertTrue(bound.hostMillisPerCall() >= 0.050, "host time per call " + bound.hostMillisPerCall());
        assertTrue(bound.launchBound());

        // A 20 ms device call is never launch-bound for a host that enqueues in microseconds.
        BenchResult deviceBound = Bench.doBench(driver, kernel(20), quick.withRepMillis(100));
        assertFalse(deviceBound.launchBound(), "host time per call " + deviceBound.hostMillisPerCall());
        assertTrue(Double.isNaN(Bench.doBenchGraph(driver, kernel(1), quick).hostMillisPerCall()));
    }

    @Test
    void aSlowUntimedHookIsNotLaunchCost() {
        // The hook spins 10 ms on the host before each timed call; each call costs 4 ms on the simulated
        // device and is enqueued in microseconds. Counting the hook would give >= 10 ms of host time per
        // call, far above half the 4 ms estimate; without it the measurement is device-bound.
        Runnable slowHook = () -> spin(10_000_000);
        BenchOptions options = BenchOptions.withDefaults().withCacheClearBytes(0).withWarmupMillis(0).withRepMillis(40)
                .withBeforeEach(slowHook);
        BenchResult result = Bench.doBench(driver, kernel(4), options);
        assertEquals(10, result.repeatCalls(), "int(40 / 4)");
        assertTrue(result.hostMillisPerCall() < 10, "host time per call " + result.hostMillisPerCall());
        assertFalse(result.launchBound(), "host time per call " + result.hostMillisPerCall());
    }

    static void spin(long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
