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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.internal.Quantiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The suite's plan, schedules, streaming and stopping, on the simulated clock. */
class SuiteTest {

    private final SimulatedDriver driver = new SimulatedDriver("sim", true);
    private final List<String> order = new ArrayList<>();
    private final List<String> closed = new ArrayList<>();
    private final List<List<SampleRecord>> streamed = new ArrayList<>();

    private Benchmark constant(String name, double millis) {
        return Benchmark.of(name, (device, params) -> new Workload() {
            final double cost = millis * ((Number) params.asMap().getOrDefault("scale", 1L)).doubleValue();

            @Override
            public void run() {
                driver.device.enqueue(cost);
            }

            @Override
            public OptionalLong bytesPerCall() {
                return OptionalLong.of(8_000_000);
            }

            @Override
            public void close() {
                closed.add(name + "[" + params + "]");
            }
        });
    }

    private SuiteListener recorder() {
        return new SuiteListener() {
            @Override
            public void repetition(List<SampleRecord> samples) {
                order.add(samples.getFirst().benchmark());
                streamed.add(samples);
            }
        };
    }

    @Test
    void interleavedRoundsVisitEveryBenchmarkOnceInASeededOrder() {
        Suite suite = Suite.of(constant("A", 1), constant("B", 1), constant("C", 1));
        SuiteResult result = suite.run(driver, SuiteOptions.withDefaults().withRepetitions(12).withSeed(42)
                .withCacheClearBytes(0), recorder());
        assertEquals(36, order.size());
        for (int round = 0; round < 12; round++) {
            assertEquals(List.of("A", "B", "C"), order.subList(3 * round, 3 * round + 3).stream().sorted().toList(),
                    "round " + round + " visits each benchmark once: " + order);
        }
        assertNotEquals(List.of("A", "B", "C").stream().toList(), distinctRounds(), "the order varies between rounds");
        assertEquals(42, result.seed());

        List<String> first = List.copyOf(order);
        order.clear();
        suite.run(driver, SuiteOptions.withDefaults().withRepetitions(12).withSeed(42).withCacheClearBytes(0), recorder());
        assertEquals(first, order, "the same seed replays the same order");
    }

    @Test
    void everyRunHasAnIdThatItsSamplesAndResultCarry() {
        Suite suite = Suite.of(constant("A", 1), constant("B", 1));
        SuiteResult first = suite.run(driver, SuiteOptions.withDefaults().withRepetitions(2).withCacheClearBytes(0),
                recorder());
        assertTrue(first.runId().matches("\\d{8}T\\d{6}Z-[0-9a-f]{8}"), first.runId());
        assertTrue(streamed.stream().flatMap(List::stream).allMatch(r -> r.runId().equals(first.runId())),
                "every sample carries the run's id");
        streamed.clear();
        SuiteResult second = suite.run(driver, SuiteOptions.withDefaults().withRepetitions(2).withCacheClearBytes(0),
                recorder());
        assertNotEquals(first.runId(), second.runId(), "two runs, two ids");
        assertTrue(first.runId().substring(0, 16).compareTo(second.runId().substring(0, 16)) <= 0,
                "ids sort by start time, to the second: " + first.runId() + ", " + second.runId());
        streamed.clear();
        SuiteResult given = suite.run(driver, SuiteOptions.withDefaults().withRepetitions(1).withCacheClearBytes(0)
                .withRunId("ci-build-4711"), recorder());
        assertEquals("ci-build-4711", given.runId());
        assertTrue(streamed.stream().flatMap(List::stream).allMatch(r -> r.runId().equals("ci-build-4711")));
    }

    private List<List<String>> distinctRounds() {
        List<List<String>> rounds = new ArrayList<>();
        for (int i = 0; i + 3 <= order.size(); i += 3) {
            rounds.add(order.subList(i, i + 3));
        }
        return rounds.stream().distinct().toList();
    }

    @Test
    void sequentialRunsAllRepetitionsOfOneBenchmarkThenTheNext() {
        Suite suite = Suite.of(constant("A", 1), constant("B", 1));
        suite.run(driver, SuiteOptions.withDefaults().withRepetitions(3).withSchedule(Schedule.SEQUENTIAL), recorder());
        assertEquals(List.of("A", "A", "A", "B", "B", "B"), order);
    }

    @Test
    void aSuiteOfFourSamplesPerRepetitionSaysSoWithTheFix() {
        // estimate 2.5 ms as below: int(10 / 2.5) = 4 samples per repetition, fewer than 5; the clear is
        // 1 - 2 / 2.5 = 20% of a timed call, not most of it.
        driver.clearMillis = 0.5;
        BenchmarkOutcome outcome = Suite.of(constant("copy", 2)).run(driver,
                SuiteOptions.withDefaults().withRepetitions(3), recorder()).outcomes().getFirst();
        assertEquals(List.of(MeasurementWarning.Kind.FEW_SAMPLES_PER_REPETITION),
                outcome.warnings().stream().map(MeasurementWarning::kind).toList());
        assertTrue(outcome.warnings().getFirst().message().contains("only 4 sample(s) per repetition"),
                outcome.warnings().getFirst().message());
    }

    @Test
    void aFloorOfFiveCallsGivesEveryRepetitionFive() {
        // estimate 2.5 ms: int(10 / 2.5) = 4 calls, raised to the floor of 5; the clear, measured once, is 0.5 ms
        driver.clearMillis = 0.5;
        BenchmarkOutcome outcome = Suite.of(constant("copy", 2)).run(driver, SuiteOptions.withDefaults().withRepetitions(3)
                .withMinSamplesPerRepetition(5), recorder()).outcomes().getFirst();
        assertEquals(List.of(5, 5, 5), outcome.repetitions().stream().map(r -> r.length).toList());
        assertEquals(List.of(), outcome.warnings());
        assertEquals(0.5, outcome.clearMillis());
        IllegalArgumentException above = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> SuiteOptions.withDefaults().withMaxSamplesPerRepetition(4).withMinSamplesPerRepetition(5));
        assertTrue(above.getMessage().contains("minSamplesPerRepetition must be >= 1 and <= maxSamplesPerRepetition (4), got 5"),
                above.getMessage());
    }

    @Test
    void repetitionsStreamCsvRowsWithCountsDerivedFromTheEstimate() {
        // estimate = 5 x (clear 0.5 + call 2) / 5 = 2.5 ms; 10 ms per repetition -> int(10 / 2.5) = 4 samples.
        driver.clearMillis = 0.5;
        SuiteResult result = Suite.of(constant("copy", 2)).run(driver, SuiteOptions.withDefaults().withRepetitions(3),
                recorder());
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertEquals(2.5, outcome.estimateMillis());
        assertEquals(10, outcome.warmupCalls(), "int(25 / 2.5)");
        assertEquals(3, streamed.size());
        SampleRecord row = streamed.get(2).get(3);
        assertEquals("copy", row.benchmark());
        assertEquals(2, row.repetition().getAsInt());
        assertEquals(3, row.sample());
        assertEquals(2.0, row.timeMillis());
        assertEquals("sim", row.backend());
        assertEquals("simulated", row.device());
        assertEquals(OptionalLong.of(8_000_000), row.bytes());
        assertEquals(StopReason.REPETITIONS, outcome.stopReason());
        assertArrayEquals(new double[] {2, 2, 2, 2}, outcome.repetitions().get(1));
        // 8e6 bytes in 2 ms = 4 GB/s
        assertEquals(4.0, outcome.gigabytesPerSecond().orElseThrow(), 1e-12);
        assertEquals(List.of("copy[]"), closed, "the workload is closed after its last repetition");
    }

    @Test
    void parameterAxesRunTheCartesianProductAndSkipsAreReported() {
        Benchmark b = constant("k", 1).withAxis(Axis.ints("scale", 1, 2)).withAxis(Axis.strings("dtype", "f32", "f16"))
                .withSkip(p -> p.getString("dtype").equals("f16") && p.getLong("scale") == 2
                        ? Optional.of("f16 needs scale 1") : Optional.empty());
        List<String> skipped = new ArrayList<>();
        SuiteResult result = Suite.of(b).run(driver, SuiteOptions.withDefaults().withRepetitions(2), new SuiteListener() {
            @Override
            public void skipped(String benchmark, Params params, String reason) {
                skipped.add(params + ": " + reason);
            }
        });
        assertEquals(List.of("scale=1;dtype=f32", "scale=1;dtype=f16", "scale=2;dtype=f32", "scale=2;dtype=f16"),
                result.outcomes().stream().map(o -> o.params().toString()).toList());
        assertEquals(List.of("scale=2;dtype=f16: f16 needs scale 1"), skipped);
        assertEquals(StopReason.SKIPPED, result.outcomes().get(3).stopReason());
    }

    @Test
    void aFailingBenchmarkIsRecordedAndTheOthersGoOn() {
        Benchmark broken = Benchmark.of("broken", (device, params) -> {
            throw new KernelException("kernel 'broken' failed to build: syntax error");
        });
        Benchmark wrong = Benchmark.of("wrong", (device, params) -> new Workload() {
            @Override
            public void run() {
            }

            @Override
            public void check() {
                throw new AssertionError("out[0] = 1.0, expected 2.0");
            }
        });
        List<String> failures = new ArrayList<>();
        SuiteResult result = Suite.of(broken, constant("ok", 1), wrong).run(driver,
                SuiteOptions.withDefaults().withRepetitions(4).withSeed(7), new SuiteListener() {
                    @Override
                    public void failed(String benchmark, Params params, Throwable error) {
                        failures.add(benchmark + ": " + error.getMessage());
                    }
                });
        assertEquals(List.of(StopReason.FAILED, StopReason.REPETITIONS, StopReason.FAILED),
                result.outcomes().stream().map(BenchmarkOutcome::stopReason).toList());
        assertEquals(4, result.outcomes().get(1).repetitions().size());
        assertTrue(failures.contains("wrong: out[0] = 1.0, expected 2.0"), failures.toString());
        assertTrue(result.anyFailed());
        assertEquals(driver.device.eventsCreated, driver.device.eventsClosed);
    }

    @Test
    void noiseTargetStopsWhenTheMedianIsTightOrTheBudgetIsSpent() {
        SuiteOptions options = SuiteOptions.withDefaults().withNoiseTarget(NoiseTarget.of(0.005).withRepetitions(3, 50));
        BenchmarkOutcome steady = Suite.of(constant("steady", 1)).run(driver, options, SuiteListener.onSamples(s -> { }))
                .outcomes().getFirst();
        assertEquals(StopReason.NOISE_TARGET, steady.stopReason());
        assertEquals(3, steady.repetitions().size(), "constant samples meet the target at the minimum");

        // Uniform noise on [1, 3) ms: after 50 repetitions of 5 samples the median's 95% half-width is
        // still about 3% of the median, far above the 0.5% target.
        java.util.Random noise = new java.util.Random(1);
        Benchmark noisy = Benchmark.of("noisy", (device, params) -> () -> driver.device.enqueue(1 + 2 * noise.nextDouble()));
        BenchmarkOutcome capped = Suite.of(noisy).run(driver, options, new SuiteListener() { }).outcomes().getFirst();
        assertEquals(StopReason.MAX_REPETITIONS, capped.stopReason());
        assertEquals(50, capped.repetitions().size());

        BenchmarkOutcome budget = Suite.of(noisy).run(driver,
                SuiteOptions.withDefaults().withNoiseTarget(NoiseTarget.of(0.005).withBudgetMillis(1e-9)),
                new SuiteListener() { }).outcomes().getFirst();
        assertEquals(StopReason.TIME_BUDGET, budget.stopReason());
    }

    @Test
    void overridesAndFiltersNameWhatIsWrong() {
        Suite suite = Suite.of(constant("copy", 1).withAxis(Axis.powersOfTwo("n", 10, 12)), constant("gelu", 1));
        assertEquals(List.of(1L << 20, 1L << 24),
                suite.withOverrides(Map.of("n", "2^20,2^24")).benchmarks().getFirst().axes().getFirst().values());
        assertEquals("no benchmark has a parameter 'm'; theirs are [n]",
                assertThrows(IllegalArgumentException.class, () -> suite.withOverrides(Map.of("m", "1"))).getMessage());
        assertEquals("value '3' for parameter 'n' is not an integer or 2^k",
                assertThrows(IllegalArgumentException.class, () -> suite.withOverrides(Map.of("n", "2^4,3"))).getMessage());
        assertEquals(List.of("gelu"), suite.filter(List.of("gel")).benchmarks().stream().map(Benchmark::name).toList());
        assertThrows(IllegalArgumentException.class, () -> suite.filter(List.of("sgemm")));
    }

    @Test
    void medianIntervalUsesBinomialOrderStatistics() {
        double[] ten = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        // scipy.stats.binom.cdf(1, 10, 0.5) = 0.0107 <= 0.025 < binom.cdf(2, 10, 0.5) = 0.0547 -> ranks 2 and 9
        assertArrayEquals(new double[] {2, 9}, Quantiles.medianInterval(ten, 0.95));
        double[] hundred = new double[100];
        for (int k = 0; k < 100; k++) {
            hundred[k] = k;
        }
        // largest j with scipy.stats.binom.cdf(j, 100, 0.5) <= 0.025 is 39 -> x(40), x(61) (1-based)
        assertArrayEquals(new double[] {39, 60}, Quantiles.medianInterval(hundred, 0.95));
        // n = 5 cannot reach 95% coverage (binom.cdf(0, 5, 0.5) = 0.03125 > 0.025): both bounds are NaN, as
        // scipy.stats.quantile_test([1, 2, 3, 4, 5], p=0.5).confidence_interval(0.95) gives (nan, nan)
        assertArrayEquals(new double[] {Double.NaN, Double.NaN},
                Quantiles.medianInterval(new double[] {1, 2, 3, 4, 5}, 0.95));
        // ... and the noise stopping rule then never calls the median narrow enough
        assertTrue(Double.isNaN(SuiteRunner.relativeHalfWidth(new double[] {1, 1, 1, 1, 1}, 0.95)));
    }

    @Test
    void aListenerThatThrowsAbortsTheRunAndClosesEverything() {
        SuiteListener full = SuiteListener.onSamples(rows -> {
            throw new java.io.UncheckedIOException(new java.io.IOException("No space left on device"));
        });
        assertThrows(java.io.UncheckedIOException.class,
                () -> Suite.of(constant("A", 1)).run(driver, SuiteOptions.withDefaults(), full));
        assertEquals(List.of("A[]"), closed);
        assertEquals(driver.device.eventsCreated, driver.device.eventsClosed);
    }

    @Test
    void freshPlacementsEveryTwoRepetitionsCreateTheWorkloadAndClearAgainBehindSeededPads() {
        List<String> created = new ArrayList<>();
        Benchmark counted = Benchmark.of("A", (device, params) -> {
            created.add("A");
            return constant("A", 1).factory().create(device, params);
        });
        SuiteOptions options = SuiteOptions.withDefaults().withRepetitions(7).withSeed(3).withPlaceEvery(2);
        SuiteResult result = Suite.of(counted).run(driver, options, recorder());
        // placements at repetitions 0, 2, 4, 6: four workloads, each closed; four clear buffers, each closed
        assertEquals(4, created.size());
        assertEquals(List.of("A[]", "A[]", "A[]", "A[]"), closed);
        assertEquals(4, driver.clearersCreated);
        assertEquals(4, driver.clearersClosed);
        // every repetition kept, each with the first placement's number of calls
        assertEquals(7, streamed.size());
        assertEquals(1, streamed.stream().mapToInt(List::size).distinct().count());
        assertEquals(7, result.outcomes().getFirst().repetitions().size());
        // the pads: multiples of 2 MiB up to 62 MiB, all freed, the same for the same seed
        List<Long> pads = List.copyOf(driver.device.allocated);
        assertTrue(pads.size() <= 3 && pads.stream().allMatch(b -> b > 0 && b % (2L << 20) == 0 && b <= 62L << 20),
                pads.toString());
        assertEquals(pads.size(), driver.device.buffersClosed);
        SimulatedDriver again = new SimulatedDriver("sim", true);
        Suite.of(counted).run(again, options, SuiteListener.onSamples(rows -> { }));
        assertEquals(pads, again.device.allocated);
    }

    @Test
    void aClearerOfAnotherSizeFailsTheBenchmarkKeepingWhatWasMeasured() {
        // the backend's second clearer (a fresh placement's) says 0 bytes: the benchmark fails there rather than go on
        // without a clear while its results report the size asked for; its two repetitions before were streamed, and
        // everything is closed. A faulty first clearer fails the run before anything is measured.
        int[] made = {0};
        driver.clearerBytes = bytes -> made[0]++ == 0 ? bytes : 0;
        List<String> failures = new ArrayList<>();
        SuiteResult result = Suite.of(constant("A", 1)).run(driver,
                SuiteOptions.withDefaults().withRepetitions(7).withSeed(3).withPlaceEvery(2), new SuiteListener() {
                    @Override
                    public void repetition(List<SampleRecord> samples) {
                        streamed.add(samples);
                    }

                    @Override
                    public void failed(String benchmark, Params params, Throwable error) {
                        failures.add(benchmark + ": " + error.getMessage());
                    }
                });
        assertEquals(StopReason.FAILED, result.outcomes().getFirst().stopReason());
        assertEquals(1, failures.size());
        assertTrue(failures.getFirst().startsWith("A: the backend 'sim' was asked for a cache clearer of "
                + CacheSizes.TRITON_BYTES + " bytes and gave a clearer of 0 bytes"), failures.toString());
        assertEquals(2, streamed.size());
        assertEquals(2, driver.clearersClosed);
        assertEquals(driver.device.eventsCreated, driver.device.eventsClosed);
        assertEquals(List.of("A[]"), closed);
        made[0] = 1;
        DeviceException first = assertThrows(DeviceException.class,
                () -> Suite.of(constant("A", 1)).run(driver, SuiteOptions.withDefaults(), recorder()));
        assertTrue(first.getMessage().contains("gave a clearer of 0 bytes"), first.getMessage());
        assertEquals(3, driver.clearersClosed);
    }

    @Test
    void aNullTelemetryIsTheBackendsFaultNamedInTheFailure() {
        // read before the first repetition: the benchmark fails naming the question, not with kbench's own
        // NullPointerException
        driver.device.nullAnswer = "telemetry";
        List<String> failures = new ArrayList<>();
        SuiteResult result = Suite.of(constant("A", 1)).run(driver, SuiteOptions.withDefaults().withRepetitions(3),
                new SuiteListener() {
                    @Override
                    public void failed(String benchmark, Params params, Throwable error) {
                        failures.add(benchmark + ": " + error.getMessage());
                    }
                });
        assertEquals(StopReason.FAILED, result.outcomes().getFirst().stopReason());
        assertEquals(1, failures.size());
        assertTrue(failures.getFirst().startsWith("A: the backend answered Device.telemetry(true) with null ("
                + SimulatedDriver.Device.class.getName()), failures.toString());
        assertEquals(List.of("A[]"), closed);
    }

    @Test
    void oneAllocationUnlessAskedAndANegativeIntervalIsRefused() {
        Suite.of(constant("A", 1)).run(driver, SuiteOptions.withDefaults().withRepetitions(5), recorder());
        assertEquals(1, driver.clearersCreated);
        assertEquals(List.of("A[]"), closed);
        assertEquals(List.of(), driver.device.allocated);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SuiteOptions.withDefaults().withPlaceEvery(-1));
        assertEquals("placeEvery must be >= 0 (0: one placement), got -1", e.getMessage());
    }

    @Test
    void theUntimedHookRunsBeforeEachTimedCallAndIsNotLaunchCost() {
        // Each call costs 4 ms on the simulated device; the hook spins 10 ms on the host and enqueues 3 ms
        // of device work before the clear. estimate = 5 x (clear 0.5 + call 4) / 5 = 4.5 ms (no hook);
        // 10 ms per repetition -> int(10 / 4.5) = 2 samples of 4 ms each: the hook's work is outside the
        // events, and its host time is not counted, so the outcome is not launch-bound.
        driver.clearMillis = 0.5;
        List<Integer> hookAtCall = new ArrayList<>();
        int[] calls = {0};
        Benchmark hooked = Benchmark.of("hooked", (device, params) -> new Workload() {
            @Override
            public void beforeEachCall() {
                hookAtCall.add(calls[0]);
                BenchTest.spin(10_000_000);
                driver.device.enqueue(3);
            }

            @Override
            public void run() {
                calls[0]++;
                driver.device.enqueue(4);
            }
        });
        SuiteResult result = Suite.of(hooked).run(driver, SuiteOptions.withDefaults().withRepetitions(3), recorder());
        BenchmarkOutcome outcome = result.outcomes().getFirst();
        assertEquals(4.5, outcome.estimateMillis(), 1e-12);
        int warmup = outcome.warmupCalls();
        assertEquals(5, warmup, "int(25 / 4.5)");
        for (double[] repetition : outcome.repetitions()) {
            assertArrayEquals(new double[] {4, 4}, repetition, 1e-12);
        }
        assertEquals(3 * 2, hookAtCall.size(), "once per timed call, never in the check, estimate or warmup");
        assertEquals(1 + 5 + warmup, hookAtCall.getFirst(), "after the checked call, the estimate and the warmup");
        assertTrue(outcome.hostMillisPerCall() < 10, "host time per call " + outcome.hostMillisPerCall());
        assertFalse(outcome.launchBound(), "host time per call " + outcome.hostMillisPerCall());
    }
}
