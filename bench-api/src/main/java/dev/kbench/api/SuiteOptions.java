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

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Immutable settings of a {@link Suite} run; start from {@link #withDefaults()}.
 *
 * @param repetitions repetitions per benchmark (without a noise target); at least 1, default 10
 * @param schedule the order of repetitions, default {@link Schedule#INTERLEAVED}
 * @param seed the generator seed for the interleaved order; empty draws one, which the result records
 * @param warmupMillis target duration of each benchmark's warmup before its first repetition (25 ms)
 * @param repetitionMillis target device time of one repetition's timed calls (10 ms)
 * @param maxSamplesPerRepetition cap on the timed calls per repetition (100)
 * @param cacheClearBytes bytes written by the clear before each timed call (256 MiB); 0 disables it
 * @param noiseTarget optional noise-based stopping, replacing the fixed repetition count
 * @param runId the run's identity ({@link RunId}); empty draws a new one, which the result and every
 *        sample record
 * @param minSamplesPerRepetition floor on the timed calls per repetition (1, Triton's {@code max(1, ...)}):
 *        a benchmark whose call with its clear takes longer than {@code repetitionMillis / min} still gets
 *        this many; at most {@code maxSamplesPerRepetition}
 * @param timing cold (each timed call alone after a clear; the default) or hot (one sample per batch of
 *        back-to-back calls, no clear); with hot, {@code maxSamplesPerRepetition} caps batches
 * @param submission direct (the host enqueues each timed call; the default) or graph (replayed from a
 *        captured graph)
 * @param placeEvery 0 (the default): each benchmark's buffers and the clear buffer are allocated once; R > 0:
 *        allocated afresh every R repetitions, each time behind a pad of seeded random size, so that one run
 *        samples several placements in device memory (the workload is created again from its factory and
 *        warmed up; the call counts stay those of the first placement)
 */
public record SuiteOptions(int repetitions, Schedule schedule, OptionalLong seed, double warmupMillis,
                           double repetitionMillis, int maxSamplesPerRepetition, long cacheClearBytes,
                           Optional<NoiseTarget> noiseTarget, Optional<String> runId, int minSamplesPerRepetition,
                           Timing timing, Submission submission, int placeEvery) {

    /** Validates the fields; messages name the bad value. */
    public SuiteOptions {
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be >= 1, got " + repetitions);
        }
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(seed, "seed");
        if (!(warmupMillis >= 0) || Double.isInfinite(warmupMillis)) {
            throw new IllegalArgumentException("warmupMillis must be finite and >= 0, got " + warmupMillis);
        }
        if (!(repetitionMillis > 0) || Double.isInfinite(repetitionMillis)) {
            throw new IllegalArgumentException("repetitionMillis must be finite and > 0, got " + repetitionMillis);
        }
        if (maxSamplesPerRepetition < 1) {
            throw new IllegalArgumentException("maxSamplesPerRepetition must be >= 1, got " + maxSamplesPerRepetition);
        }
        BenchOptions.checkCacheClearBytes(cacheClearBytes);
        Objects.requireNonNull(noiseTarget, "noiseTarget");
        Objects.requireNonNull(runId, "runId");
        runId.ifPresent(RunId::check);
        if (minSamplesPerRepetition < 1 || minSamplesPerRepetition > maxSamplesPerRepetition) {
            throw new IllegalArgumentException("minSamplesPerRepetition must be >= 1 and <= maxSamplesPerRepetition ("
                    + maxSamplesPerRepetition + "), got " + minSamplesPerRepetition);
        }
        Objects.requireNonNull(timing, "timing");
        Objects.requireNonNull(submission, "submission");
        if (placeEvery < 0) {
            throw new IllegalArgumentException("placeEvery must be >= 0 (0: one placement), got " + placeEvery);
        }
    }

    /**
     * Options that allocate each benchmark's buffers once (no fresh placements).
     *
     * @param repetitions repetitions per benchmark
     * @param schedule the order of repetitions
     * @param seed the seed of the interleaved order, empty to draw one
     * @param warmupMillis warmup target per benchmark
     * @param repetitionMillis target device time of one repetition
     * @param maxSamplesPerRepetition cap on timed calls per repetition
     * @param cacheClearBytes bytes per cache clear, 0 for none
     * @param noiseTarget optional noise-based stopping
     * @param runId the run's identity, empty to draw one
     * @param minSamplesPerRepetition floor on timed calls per repetition
     * @param timing cold or hot
     * @param submission direct or graph
     */
    public SuiteOptions(int repetitions, Schedule schedule, OptionalLong seed, double warmupMillis,
                        double repetitionMillis, int maxSamplesPerRepetition, long cacheClearBytes,
                        Optional<NoiseTarget> noiseTarget, Optional<String> runId, int minSamplesPerRepetition,
                        Timing timing, Submission submission) {
        this(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition, cacheClearBytes,
                noiseTarget, runId, minSamplesPerRepetition, timing, submission, 0);
    }

    /**
     * Options of no given run id (one is drawn when the suite runs).
     *
     * @param repetitions repetitions per benchmark
     * @param schedule the order of repetitions
     * @param seed the seed of the interleaved order, empty to draw one
     * @param warmupMillis warmup target per benchmark
     * @param repetitionMillis target device time of one repetition
     * @param maxSamplesPerRepetition cap on timed calls per repetition
     * @param cacheClearBytes bytes per cache clear, 0 for none
     * @param noiseTarget optional noise-based stopping
     */
    public SuiteOptions(int repetitions, Schedule schedule, OptionalLong seed, double warmupMillis,
                        double repetitionMillis, int maxSamplesPerRepetition, long cacheClearBytes,
                        Optional<NoiseTarget> noiseTarget) {
        this(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition, cacheClearBytes,
                noiseTarget, Optional.empty(), 1, Timing.COLD, Submission.DIRECT);
    }

    /**
     * Options with Triton's floor of one timed call per repetition.
     *
     * @param repetitions repetitions per benchmark
     * @param schedule the order of repetitions
     * @param seed the seed of the interleaved order, empty to draw one
     * @param warmupMillis warmup target per benchmark
     * @param repetitionMillis target device time of one repetition
     * @param maxSamplesPerRepetition cap on timed calls per repetition
     * @param cacheClearBytes bytes per cache clear, 0 for none
     * @param noiseTarget optional noise-based stopping
     * @param runId the run's identity, empty to draw one
     */
    public SuiteOptions(int repetitions, Schedule schedule, OptionalLong seed, double warmupMillis,
                        double repetitionMillis, int maxSamplesPerRepetition, long cacheClearBytes,
                        Optional<NoiseTarget> noiseTarget, Optional<String> runId) {
        this(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition, cacheClearBytes,
                noiseTarget, runId, 1, Timing.COLD, Submission.DIRECT);
    }

    /**
     * 10 interleaved repetitions of about 10 ms each after a 25 ms warmup, with Triton's 256 MiB clear.
     *
     * @return the defaults
     */
    public static SuiteOptions withDefaults() {
        return new SuiteOptions(10, Schedule.INTERLEAVED, OptionalLong.empty(), 25, 10, 100, CacheSizes.TRITON_BYTES,
                Optional.empty());
    }

    /**
     * With another number of repetitions.
     *
     * @param count repetitions per benchmark
     * @return new options
     */
    public SuiteOptions withRepetitions(int count) {
        return new SuiteOptions(count, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition,
                cacheClearBytes, noiseTarget, runId, minSamplesPerRepetition, timing, submission, placeEvery);
    }

    /**
     * With another schedule.
     *
     * @param order the schedule
     * @return new options
     */
    public SuiteOptions withSchedule(Schedule order) {
        return new SuiteOptions(repetitions, order, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition,
                cacheClearBytes, noiseTarget, runId, minSamplesPerRepetition, timing, submission, placeEvery);
    }

    /**
     * With a fixed seed, to replay a run's order.
     *
     * @param value the seed
     * @return new options
     */
    public SuiteOptions withSeed(long value) {
        return new SuiteOptions(repetitions, schedule, OptionalLong.of(value), warmupMillis, repetitionMillis,
                maxSamplesPerRepetition, cacheClearBytes, noiseTarget, runId, minSamplesPerRepetition, timing, submission,
                placeEvery);
    }

    /**
     * With other durations.
     *
     * @param warmup warmup target per benchmark in ms
     * @param perRepetition timed device time per repetition in ms
     * @return new options
     */
    public SuiteOptions withMillis(double warmup, double perRepetition) {
        return new SuiteOptions(repetitions, schedule, seed, warmup, perRepetition, maxSamplesPerRepetition,
                cacheClearBytes, noiseTarget, runId, minSamplesPerRepetition, timing, submission, placeEvery);
    }

    /**
     * With another cap on timed calls per repetition.
     *
     * @param max the cap
     * @return new options
     */
    public SuiteOptions withMaxSamplesPerRepetition(int max) {
        return new SuiteOptions(repetitions, schedule, seed, warmupMillis, repetitionMillis, max, cacheClearBytes,
                noiseTarget, runId, minSamplesPerRepetition, timing, submission, placeEvery);
    }

    /**
     * With another clear size.
     *
     * @param bytes bytes per clear; 0 disables it
     * @return new options
     */
    public SuiteOptions withCacheClearBytes(long bytes) {
        return new SuiteOptions(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition,
                bytes, noiseTarget, runId, minSamplesPerRepetition, timing, submission, placeEvery);
    }

    /**
     * With noise-based stopping instead of a fixed count.
     *
     * @param target the target
     * @return new options
     */
    public SuiteOptions withNoiseTarget(NoiseTarget target) {
        return new SuiteOptions(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition,
                cacheClearBytes, Optional.of(target), runId, minSamplesPerRepetition, timing, submission, placeEvery);
    }

    /**
     * With another timing: {@link Timing#HOT} times batches of back-to-back calls without a cache clear
     * (the clear size is then not used); see {@link TimingMethod} for how launches are hidden.
     *
     * @param mode cold (the default) or hot
     * @return new options
     */
    public SuiteOptions withTiming(Timing mode) {
        return new SuiteOptions(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition,
                cacheClearBytes, noiseTarget, runId, minSamplesPerRepetition, mode, submission, placeEvery);
    }

    /**
     * With another submission: {@link Submission#GRAPH} replays the timed calls from a captured graph.
     *
     * @param how direct (the default) or graph
     * @return new options
     */
    public SuiteOptions withSubmission(Submission how) {
        return new SuiteOptions(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition,
                cacheClearBytes, noiseTarget, runId, minSamplesPerRepetition, timing, how, placeEvery);
    }

    /**
     * With a given run id, e.g. one shared by several processes of one run.
     *
     * @param id the id, checked by {@link RunId#check(String)}
     * @return new options
     */
    public SuiteOptions withRunId(String id) {
        return new SuiteOptions(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition,
                cacheClearBytes, noiseTarget, Optional.of(id), minSamplesPerRepetition, timing, submission, placeEvery);
    }

    /**
     * With a floor on the timed calls per repetition: a benchmark whose call (with its clear) takes more
     * than {@code repetitionMillis / min} still gets {@code min} calls, so that no repetition rests on one
     * or two calls; its repetitions then take longer than {@code repetitionMillis}.
     *
     * @param min at least 1, at most {@link #maxSamplesPerRepetition()}
     * @return new options
     */
    public SuiteOptions withMinSamplesPerRepetition(int min) {
        return new SuiteOptions(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition,
                cacheClearBytes, noiseTarget, runId, min, timing, submission, placeEvery);
    }

    /**
     * With fresh placements every {@code every} repetitions (0: one placement for the whole run).
     *
     * @param every repetitions per placement, or 0
     * @return new options
     */
    public SuiteOptions withPlaceEvery(int every) {
        return new SuiteOptions(repetitions, schedule, seed, warmupMillis, repetitionMillis, maxSamplesPerRepetition,
                cacheClearBytes, noiseTarget, runId, minSamplesPerRepetition, timing, submission, every);
    }
}
