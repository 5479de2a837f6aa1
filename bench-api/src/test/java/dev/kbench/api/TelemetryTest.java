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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Throttling and energy per repetition: the arithmetic on two readings, and the suite runner reading a
 * simulated device's telemetry (a test double: counters that follow the simulated device clock) before
 * and after every repetition.
 */
class TelemetryTest {

    private static final double CALL = 0.002;
    /** The simulated board's power: 500 W, so one 0.002 ms call costs 1 mJ. */
    private static final double WATTS = 500;

    private final SimulatedDriver driver = new SimulatedDriver("sim", true);
    private final SimulatedDriver.Device device = driver.device;
    private int readings;

    private static DeviceTelemetry reading(Set<ThrottleReason> reasons, long powerNanos, long thermalNanos,
                                           long millijoules, double periodMillis) {
        return new DeviceTelemetry(OptionalDouble.of(1980), OptionalDouble.of(40), Optional.of(reasons),
                OptionalLong.of(powerNanos), OptionalLong.of(thermalNanos), OptionalLong.of(millijoules),
                OptionalDouble.of(periodMillis));
    }

    @Test
    void throttlingIsTheReasonsAtEitherEndAndTheCountersThatGrew() {
        DeviceTelemetry quiet = reading(Set.of(), 100, 7, 0, 1);
        assertEquals(Optional.of(Set.of()), RepetitionTelemetry.throttling(quiet, quiet), "known, none");
        DeviceTelemetry capped = reading(Set.of(ThrottleReason.SW_POWER_CAP), 100, 7, 0, 1);
        assertEquals(Optional.of(Set.of(ThrottleReason.SW_POWER_CAP)), RepetitionTelemetry.throttling(quiet, capped));
        assertEquals(Optional.of(Set.of(ThrottleReason.SW_POWER_CAP)), RepetitionTelemetry.throttling(capped, quiet),
                "a reason active when the repetition started counts too");
        DeviceTelemetry limited = reading(Set.of(), 101, 9, 0, 1);
        assertEquals(Optional.of(Set.of(ThrottleReason.POWER_LIMIT, ThrottleReason.THERMAL_LIMIT)),
                RepetitionTelemetry.throttling(quiet, limited), "a limit that came and went between the readings");
        assertEquals(Optional.empty(), RepetitionTelemetry.throttling(DeviceTelemetry.NONE, DeviceTelemetry.NONE),
                "unknown stays unknown, never 'none'");
        assertFalse(new RepetitionTelemetry(OptionalDouble.empty(), Optional.empty(), OptionalDouble.empty()).throttled());
    }

    @Test
    void energyPerCallIsTheCountersDifferenceOverTheCallsOrARefusal() {
        DeviceTelemetry before = reading(Set.of(), 0, 0, 10_000, 10);
        DeviceTelemetry after = reading(Set.of(), 0, 0, 12_500, 10);
        // 2500 mJ over 1000 calls in a 250 ms window (25 periods of 10 ms)
        OptionalDouble period = OptionalDouble.of(10);
        RepetitionTelemetry.Energy energy = RepetitionTelemetry.energy(before, after, period, 250, 1000);
        assertEquals(0.0025, energy.joulesPerCall().getAsDouble(), 1e-15);
        assertEquals("", energy.refusal());
        RepetitionTelemetry.Energy shortWindow = RepetitionTelemetry.energy(before, after, period, 199, 1000);
        assertTrue(shortWindow.joulesPerCall().isEmpty());
        assertEquals("a repetition of 199 ms spans fewer than 20 updates of the energy counter (one every 10 ms); "
                + "repetitions of 200 ms or more (--rep-ms, with --max-samples high enough not to end them sooner) get energy", shortWindow.refusal());
        RepetitionTelemetry.Energy unmeasured = RepetitionTelemetry.energy(before, after, OptionalDouble.empty(), 12.2, 1000);
        assertTrue(unmeasured.joulesPerCall().isEmpty());
        assertEquals("a repetition of 12.2 ms is too short to span 20 updates of the energy counter; longer repetitions "
                + "(--rep-ms, with --max-samples high enough not to end them sooner) get energy where they span 20 updates",
                unmeasured.refusal(), "shorter than the window for which the period is measured: refused unmeasured");
        assertEquals("the energy counter did not change while its update period was measured",
                RepetitionTelemetry.energy(before, after, OptionalDouble.empty(), 250, 1000).refusal());
        assertTrue(RepetitionTelemetry.energy(after, before, period, 250, 1000).refusal().contains("went backwards"));
        RepetitionTelemetry.Energy none = RepetitionTelemetry.energy(DeviceTelemetry.NONE, DeviceTelemetry.NONE, period, 250, 1);
        assertTrue(none.joulesPerCall().isEmpty(), "no counter: nothing, never zero");
        assertEquals("", none.refusal(), "and nothing to explain");
    }

    /** A counter of the simulated device: energy from its clock at 500 W, the power limit hit in repetition 1. */
    private DeviceTelemetry simulated(double periodMillis) {
        int reading = readings++;
        long power = reading >= 2 ? 5_000 : 0;   // readings 1 and 2 bracket repetition 1
        return new DeviceTelemetry(OptionalDouble.of(reading >= 2 ? 1755 : 1980), OptionalDouble.of(60),
                Optional.of(Set.of()), OptionalLong.of(power), OptionalLong.empty(),
                OptionalLong.of(Math.round(device.clockMillis * WATTS)), OptionalDouble.of(periodMillis));
    }

    private Suite suite() {
        return Suite.of(Benchmark.of("call", (d, params) -> new Workload() {
            @Override
            public void run() {
                device.enqueue(CALL);
            }

            @Override
            public void close() {
            }
        }));
    }

    @Test
    void hotRepetitionsGetEnergyPerCallAndTheThrottledOneIsFlagged() {
        device.gates = true;
        device.telemetry = () -> simulated(1e-9);
        List<SampleRecord> rows = new ArrayList<>();
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(3).withSeed(1)
                .withTiming(Timing.HOT), SuiteListener.onSamples(rows::addAll));
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertEquals(3, outcome.telemetry().size());
        assertEquals(1, outcome.throttledRepetitions());
        assertEquals(Optional.of(Set.of()), outcome.telemetry().get(0).throttling());
        assertEquals(Optional.of(Set.of(ThrottleReason.POWER_LIMIT)), outcome.telemetry().get(1).throttling());
        assertEquals(Optional.of(Set.of()), outcome.telemetry().get(2).throttling(), "the counter stopped growing");
        assertEquals(OptionalDouble.of(1755), outcome.telemetry().get(1).smClockMHz(), "the clock read after it");
        for (RepetitionTelemetry t : outcome.telemetry()) {
            // 500 W x 0.002 ms = 1 mJ a call; the counter is whole mJ, so each end is off by 0.5 mJ at most
            assertEquals(1e-3, t.joulesPerCall().getAsDouble(), 1e-3 / 1000);
        }
        assertEquals("", outcome.energyNote());
        assertEquals(1e-3, outcome.joulesPerCall().getAsDouble(), 1e-6);
        assertTrue(rows.stream().filter(r -> r.repetition().getAsInt() == 1)
                .allMatch(r -> r.throttling().equals(Optional.of(Set.of(ThrottleReason.POWER_LIMIT)))), "rows say it");
        assertTrue(rows.stream().allMatch(r -> r.joulesPerCall().isPresent()));
    }

    @Test
    void coldTimingRefusesEnergyBecauseTheClearsWouldCount() {
        device.telemetry = () -> simulated(1e-9);
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1),
                SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertTrue(outcome.joulesPerCall().isEmpty());
        assertTrue(outcome.energyNote().startsWith("no energy: cold timing runs a cache clear before every call"),
                outcome.energyNote());
        assertEquals(Optional.of(Set.of()), outcome.telemetry().get(0).throttling(), "throttling is still read");
        // one reading to learn that there is an energy counter, which serves as the first repetition's before,
        // then one after each (each serves as the next one's before: no device work between them), none of the
        // energy counter (about 3 ms a reading through NVML)
        assertEquals(List.of(true, false, false), device.telemetryReads);
    }

    @Test
    void aDeviceThatKnowsItsEnergyCounterIsNotReadForItInColdTiming() {
        device.telemetry = () -> simulated(1e-9);
        device.energyCounter = Optional.of(true);
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1),
                SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertTrue(outcome.energyNote().startsWith("no energy: cold timing runs a cache clear before every call"),
                outcome.energyNote());
        assertEquals(Optional.of(Set.of()), outcome.telemetry().get(0).throttling(), "throttling is still read");
        // repetition 0's before and each repetition's after, none of them with the energy counter
        assertEquals(List.of(false, false, false), device.telemetryReads);
    }

    @Test
    void aDeviceThatKnowsItsEnergyCounterGetsEnergyInHotTiming() {
        device.gates = true;
        device.telemetry = () -> simulated(1e-9);
        device.energyCounter = Optional.of(true);
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1)
                .withTiming(Timing.HOT), SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertEquals("", outcome.energyNote());
        assertTrue(outcome.telemetry().stream().allMatch(t -> t.joulesPerCall().isPresent()));
        assertEquals(List.of(true, true, true), device.telemetryReads);
    }

    @Test
    void aDeviceWithoutAnEnergyCounterIsNeverReadForOneAndSaysNothingOfEnergy() {
        device.telemetry = () -> simulated(1e-9);
        device.energyCounter = Optional.of(false);
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1)
                .withTiming(Timing.HOT), SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertEquals("", outcome.energyNote());
        assertTrue(outcome.telemetry().stream().allMatch(t -> t.joulesPerCall().isEmpty()));
        assertEquals(List.of(false, false, false), device.telemetryReads);
    }

    @Test
    void aFreshWorkloadOrPlacementBetweenRepetitionsReadsTheTelemetryAfresh() {
        device.telemetry = () -> simulated(1e-9);
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(4).withSeed(1)
                .withPlaceEvery(2), SuiteListener.onSamples(rows -> { }));
        assertEquals(4, result.outcomes().getFirst().telemetry().size());
        // the energy probe, repetition 0's before; 0: after; 1: after; a fresh placement, so 2: before, after; 3: after
        assertEquals(List.of(true, false, false, false, false, false), device.telemetryReads);
    }

    @Test
    void coldTimingWithoutAClearGetsEnergyPerCall() {
        device.telemetry = () -> simulated(1e-9);
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1)
                .withCacheClearBytes(0), SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertEquals("", outcome.energyNote());
        for (RepetitionTelemetry t : outcome.telemetry()) {
            // one call per sample, back to back: 1 mJ each, the counter's whole mJ off by 0.5 at each end at most
            assertEquals(1e-3, t.joulesPerCall().getAsDouble(), 1e-3 / 100);
        }
    }

    @Test
    void repetitionsShorterThanTwentyCounterUpdatesAreRefusedNotGuessed() {
        device.gates = true;
        device.telemetry = () -> simulated(1e6);
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1)
                .withTiming(Timing.HOT), SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertTrue(outcome.telemetry().stream().allMatch(t -> t.joulesPerCall().isEmpty()));
        assertTrue(outcome.energyNote().matches("no energy: a repetition of .* ms spans fewer than 20 updates of the "
                + "energy counter \\(one every 1\\.00e\\+06 ms\\); repetitions of 20000000 ms or more \\(--rep-ms, with "
                + "--max-samples high enough not to end them sooner\\) get energy"), outcome.energyNote());
    }

    @Test
    void aBackendWithoutTelemetryReportsNothing() {
        SuiteResult result = suite().run(driver, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1)
                .withTiming(Timing.HOT), SuiteListener.onSamples(rows -> { }));
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertEquals(List.of(RepetitionTelemetry.NONE, RepetitionTelemetry.NONE), outcome.telemetry());
        assertEquals("", outcome.energyNote());
        assertEquals(0, outcome.throttledRepetitions());
        assertTrue(outcome.gigabytesPerJoule().isEmpty());
    }
}
