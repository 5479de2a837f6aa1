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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hot timing on the simulated clock: a call of 2 us that the host takes 5 us to launch, so the device
 * idles 3 us between calls unless the stream is held or the calls are replayed from a graph.
 */
class HotTimingTest {

    private static final double CALL = 0.002;
    private static final double LAUNCH = 0.005;

    private final SimulatedDriver driver = new SimulatedDriver("sim", true);
    private final SimulatedDriver.Device device = driver.device;
    private int calls;

    HotTimingTest() {
        device.launchMillis = LAUNCH;
    }

    private void call() {
        calls++;
        device.enqueue(CALL);
    }

    private static void assertAll(double expected, double[] samples) {
        for (double s : samples) {
            assertEquals(expected, s, 1e-12, () -> Arrays.toString(samples));
        }
    }

    @Test
    void heldBatchesTimeTheCallsWithoutTheLaunchGaps() {
        device.gates = true;
        BenchResult result = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withTiming(Timing.HOT));
        // the estimate runs unheld: 5 calls of max(2, 5) us = 0.005 ms each; calls per batch
        // ceil(1 ms / 0.005 ms) = 200; batches int(100 ms / (200 * 0.005 ms)) = 100
        assertEquals(LAUNCH, result.estimateMillis(), 1e-12);
        assertEquals(200, result.callsPerSample());
        assertEquals(100, result.repeatCalls());
        assertEquals(100, device.holds, "one hold per batch");
        assertEquals(1, device.gatesClosed);
        assertAll(CALL, result.timesMillis());
        assertEquals(Timing.HOT, result.timing());
        assertEquals(TimingMethod.HELD, result.method());
        assertEquals(0, driver.clearersCreated, "hot timing clears nothing");
        assertEquals(1 + 5 + result.warmupCalls() + 200 * 100, calls, "first call + estimate + warmup + timed");
        assertEquals(device.eventsCreated, device.eventsClosed, "every event closed");
        assertFalse(result.launchBound(), "launches hidden: the host sets no pace");
        assertTrue(result.warnings().stream().noneMatch(w -> w.kind() == MeasurementWarning.Kind.CACHE_CLEAR_DOMINATES),
                "the gap between the unheld estimate and the held median is no clear: " + result.warnings());
    }

    @Test
    void withoutAGateTheBatchShowsTheHostsLaunchRate() {
        BenchResult result = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withTiming(Timing.HOT));
        assertEquals(TimingMethod.BATCH, result.method());
        assertAll(LAUNCH, result.timesMillis());
        assertTrue(result.hostMillisPerCall() >= 0, "host time measured where launches are not hidden");
    }

    @Test
    void aHoldThatTimesOutVoidsItsBatchAndDropsTheGate() {
        device.gates = true;
        device.holdsTimeOut = true;
        BenchResult result = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withTiming(Timing.HOT));
        assertEquals(1, device.holds, "the gate is dropped after its first timeout");
        assertEquals(1, device.gatesClosed);
        assertEquals(TimingMethod.BATCH, result.method());
        assertEquals(100, result.repeatCalls(), "the void batch is timed again, not counted");
        assertAll(LAUNCH, result.timesMillis());
    }

    @Test
    void coldCallsAreHeldOneAtATimeWhereTheBackendCanHold() {
        device.gates = true;
        BenchResult result = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withCacheClearBytes(0));
        assertEquals(TimingMethod.HELD, result.method());
        assertEquals(result.repeatCalls(), device.holds, "one hold per timed call");
        assertEquals(1, device.gatesClosed);
        assertAll(CALL, result.timesMillis());
        assertTrue(Double.isNaN(result.hostMillisPerCall()), "launches hidden: the host sets no pace");
        assertFalse(result.launchBound());
        assertEquals(device.eventsCreated, device.eventsClosed, "every event closed");
    }

    @Test
    void aLoopWhoseSecondEventIsRefusedClosesItsFirst() {
        device.nullEventAt = device.eventsCreated + 1;
        DeviceException e = assertThrows(DeviceException.class, () -> new HotLoop(device, this::call, 4, Submission.DIRECT));
        assertTrue(e.getMessage().startsWith("the backend answered DeviceInterface.createEvent() with null"), e.getMessage());
        assertEquals(1, device.eventsCreated, "the first event was made");
        assertEquals(1, device.eventsClosed, "and closed when the second was refused");
    }

    @Test
    void aColdHoldThatTimesOutTimesTheCallAgainUnheldAndDropsTheGate() {
        device.gates = true;
        device.holdsTimeOut = true;
        BenchResult result = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withCacheClearBytes(0));
        assertEquals(1, device.holds, "the gate is dropped after its first timeout");
        assertEquals(1, device.gatesClosed);
        assertEquals(TimingMethod.EVENTS, result.method());
        assertAll(LAUNCH, result.timesMillis());
    }

    @Test
    void coldCallsAreHeldAheadWhereTheGateHoldsTwo() {
        device.gates = true;
        device.maxHolds = 2;
        BenchResult result = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withCacheClearBytes(0));
        assertEquals(TimingMethod.HELD, result.method());
        assertEquals(result.repeatCalls(), device.holds, "one hold per timed call");
        assertEquals(2, device.mostHoldsInPlace, "the next call held before the current one was released");
        // the simulated events throw where the host would wait on an event still behind a hold
        assertEquals(result.repeatCalls(), device.eventSynchronizations, "the host waits for each call's end event");
        assertEquals(1, device.gatesClosed);
        assertAll(CALL, result.timesMillis());
        assertTrue(Double.isNaN(result.hostMillisPerCall()), "launches hidden: the host sets no pace");
    }

    @Test
    void withAHookOrTurnedOffColdCallsAreHeldOneAtATime() {
        device.gates = true;
        device.maxHolds = 2;
        int[] hooks = {0};
        BenchResult result = Bench.doBench(driver, this::call,
                BenchOptions.withDefaults().withCacheClearBytes(0).withBeforeEach(() -> hooks[0]++));
        assertEquals(TimingMethod.HELD, result.method());
        assertEquals(result.repeatCalls(), hooks[0]);
        assertEquals(1, device.mostHoldsInPlace, "a hook may synchronize: one hold at a time");
        assertAll(CALL, result.timesMillis());
        String before = System.getProperty(TimedLoop.AHEAD_PROPERTY);
        System.setProperty(TimedLoop.AHEAD_PROPERTY, "false");
        try {
            Bench.doBench(driver, this::call, BenchOptions.withDefaults().withCacheClearBytes(0));
            assertEquals(1, device.mostHoldsInPlace, TimedLoop.AHEAD_PROPERTY + "=false: one hold at a time");
        } finally {
            if (before == null) {
                System.clearProperty(TimedLoop.AHEAD_PROPERTY);
            } else {
                System.setProperty(TimedLoop.AHEAD_PROPERTY, before);
            }
        }
    }

    @Test
    void aColdHoldAheadThatTimesOutTimesTheCallAgainUnheldAndDropsTheGate() {
        device.gates = true;
        device.maxHolds = 2;
        device.holdsTimeOut = true;
        BenchResult result = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withCacheClearBytes(0));
        assertEquals(2, device.holds, "the first call's hold and the next one's, then the gate is dropped");
        assertEquals(1, device.gatesClosed);
        assertEquals(TimingMethod.EVENTS, result.method());
        assertEquals(result.repeatCalls(), result.timesMillis().length, "every call timed, the first one again");
        assertAll(LAUNCH, result.timesMillis());
    }

    @Test
    void aCallThatFailsToEnqueueLeavesNoHoldInPlace() {
        device.gates = true;
        for (int most : new int[] {1, 2}) {
            device.maxHolds = most;
            int[] left = {1 + 5 + 3};   // the first call, the estimate and some warmup calls succeed
            RuntimeException failure = new RuntimeException("launch failed");
            RuntimeException thrown = assertThrows(RuntimeException.class,
                    () -> Bench.doBench(driver, () -> {
                        if (left[0]-- <= 0 && device.inPlace != null) {
                            throw failure;
                        }
                        call();
                    }, BenchOptions.withDefaults().withCacheClearBytes(0)));
            assertEquals(failure, thrown);
            assertNull(device.inPlace, "held " + most + " at a time: every hold released");
        }
    }

    @Test
    void suiteHoldsAheadOnlyWorkloadsWithoutAHook() {
        device.gates = true;
        device.maxHolds = 2;
        SuiteResult plain = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1)
                .withCacheClearBytes(0), SuiteListener.onSamples(rows -> { }));
        assertEquals(TimingMethod.HELD, plain.outcomes().getFirst().method());
        assertAll(CALL, plain.outcomes().getFirst().samplesMillis());
        assertEquals(2, device.mostHoldsInPlace, "a workload that keeps the default hook is held ahead");
        device.mostHoldsInPlace = 0;
        int[] hooks = {0};
        SuiteResult hooked = Suite.of(Benchmark.of("call", (d, params) -> new Workload() {
            @Override
            public void run() {
                call();
            }

            @Override
            public void beforeEachCall() {
                hooks[0]++;
            }
        })).run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1).withCacheClearBytes(0),
                SuiteListener.onSamples(rows -> { }));
        assertEquals(1, device.mostHoldsInPlace, "a workload with a hook is held one call at a time");
        assertEquals(hooked.outcomes().getFirst().samplesMillis().length, hooks[0], "the hook ran before each call");
        assertAll(CALL, hooked.outcomes().getFirst().samplesMillis());
    }

    @Test
    void withoutAGateColdCallsAreTimedByEventsAlone() {
        BenchResult result = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withCacheClearBytes(0));
        assertEquals(TimingMethod.EVENTS, result.method());
        assertEquals(0, device.holds);
        assertTrue(result.hostMillisPerCall() >= 0, "host time measured where launches are not hidden");
    }

    @Test
    void hotGraphReplaysTheBatch() {
        BenchResult result = Bench.doBenchGraph(driver, this::call, BenchOptions.withDefaults().withTiming(Timing.HOT));
        assertEquals(TimingMethod.GRAPH, result.method());
        assertEquals(1, device.graphsCaptured, "the batch is captured once");
        assertEquals(result.repeatCalls(), device.graphReplays, "one replay per sample");
        assertAll(CALL, result.timesMillis());
    }

    @Test
    void theTimedRegionIsMarkedForProfilersAndNothingElse() {
        // cold: the estimate's 2 events come before the range, the 2 x 400 timed ones inside it
        BenchResult cold = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withCacheClearBytes(0));
        assertEquals(List.of("start@2", "stop@" + (2 + 2 * cold.repeatCalls())), device.profilerRanges);
        device.profilerRanges.clear();
        int before = device.eventsRecorded;
        BenchResult hot = Bench.doBench(driver, this::call, BenchOptions.withDefaults().withTiming(Timing.HOT));
        assertEquals(List.of("start@" + (before + 2), "stop@" + (before + 2 + 2 * hot.repeatCalls())),
                device.profilerRanges, "hot: one range around every batch, after the estimate");
        device.profilerRanges.clear();
        suite().run(driver, SuiteOptions.withDefaults().withRepetitions(3).withSeed(1).withCacheClearBytes(0),
                SuiteListener.onSamples(rows -> { }));
        assertEquals(6, device.profilerRanges.size(), "one range per repetition: " + device.profilerRanges);
    }

    @Test
    void batchSizeIsBoundedBothWays() {
        assertEquals(HotLoop.MAX_CALLS_PER_BATCH, HotLoop.callsPerBatch(1e-6));
        assertEquals(1, HotLoop.callsPerBatch(5.0));
        assertEquals(4, HotLoop.callsPerBatch(0.3), "ceil(1 / 0.3) = 4");
    }

    @Test
    void methodSaysWhatAMeasurementWouldUse() {
        assertEquals(TimingMethod.EVENTS, Bench.method(driver, Timing.COLD, Submission.DIRECT));
        assertEquals(TimingMethod.BATCH, Bench.method(driver, Timing.HOT, Submission.DIRECT));
        assertEquals(TimingMethod.GRAPH, Bench.method(driver, Timing.HOT, Submission.GRAPH));
        device.gates = true;
        assertEquals(TimingMethod.HELD, Bench.method(driver, Timing.HOT, Submission.DIRECT));
        assertEquals(1, device.gatesClosed, "the probe's gate is freed");
        assertEquals(TimingMethod.HELD, Bench.method(driver, Timing.COLD, Submission.DIRECT),
                "cold calls are held one at a time where the backend can hold");
        assertEquals(2, device.gatesClosed, "the probe's gate is freed");
    }

    private Suite suite() {
        return Suite.of(Benchmark.of("call", (d, params) -> new Workload() {
            @Override
            public void run() {
                call();
            }

            @Override
            public void close() {
            }
        }));
    }

    @Test
    void suiteHotOutcomeSaysHowItWasTimed() {
        device.gates = true;
        List<SampleRecord> rows = new ArrayList<>();
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1)
                .withTiming(Timing.HOT), SuiteListener.onSamples(rows::addAll));
        BenchmarkOutcome o = result.outcomes().getFirst();
        // 10 ms per repetition / (200 calls * 0.005 ms) = 10 batches
        assertEquals(List.of(10, 10), o.repetitions().stream().map(r -> r.length).toList());
        assertAll(CALL, o.samplesMillis());
        assertEquals(Timing.HOT, o.timing());
        assertEquals(TimingMethod.HELD, o.method());
        assertEquals(200, o.callsPerSample());
        assertEquals("", o.timingNote());
        assertEquals(0, driver.clearersCreated, "hot timing creates no clearer even with a clear size set");
        assertEquals(20, rows.size());
        assertEquals(1, device.gatesClosed, "the loop is closed with its workload");
    }

    @Test
    void suiteNotesAHoldThatTimedOut() {
        device.gates = true;
        device.holdsTimeOut = true;
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(1).withSeed(1)
                .withTiming(Timing.HOT), SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome o = result.outcomes().getFirst();
        assertEquals(TimingMethod.BATCH, o.method());
        assertTrue(o.timingNote().startsWith("the simulated gate holding the stream timed out after 2000 ms"), o.timingNote());
        assertAll(LAUNCH, o.samplesMillis());
    }

    @Test
    void suiteColdGraphTimesEachCapturedCall() {
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(1).withSeed(1)
                .withCacheClearBytes(0).withSubmission(Submission.GRAPH), SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome o = result.outcomes().getFirst();
        assertEquals(Timing.COLD, o.timing());
        assertEquals(TimingMethod.GRAPH, o.method());
        assertEquals(1, o.callsPerSample());
        assertAll(CALL, o.samplesMillis());
        assertEquals(1, device.graphsCaptured);
    }
}
