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

import dev.kbench.api.internal.Quantiles;
import java.util.List;
import java.util.Objects;

/**
 * Immutable settings of {@link Bench#doBench}; start from {@link #withDefaults()} and derive with the
 * {@code with...} methods, each of which validates its argument.
 *
 * {@snippet :
 * BenchOptions options = BenchOptions.withDefaults()
 *         .withRepMillis(200)
 *         .withQuantiles(0.2, 0.5, 0.8);
 * }
 *
 * @param warmupMillis target duration of the untimed warmup calls (Triton's {@code warmup}, 25 ms)
 * @param repMillis target duration of the timed calls (Triton's {@code rep}, 100 ms)
 * @param returnMode the summary when no quantiles are given (Triton's default {@code MEAN})
 * @param quantiles probabilities to summarise with instead of {@code returnMode}; empty for none
 * @param cacheClearBytes bytes written by the cache clear before each timed call; 0 disables the clear
 * @param maxRepeat cap on the number of timed calls (and so on events created)
 * @param maxWarmup cap on the number of warmup calls
 * @param minEstimateMillis floor applied to the per-call estimate before dividing by it
 * @param beforeEach untimed hook before each timed call (Triton's {@code grad_to_none} slot); in hot
 *     timing, before each timed batch. With a hook, held cold calls are held one at a time (the hook runs
 *     once the call before it has completed); without one, the next call is held before the current one
 *     is released, where the backend can
 * @param timing cold (each call timed alone after a clear, the default) or hot (batches of calls back to
 *     back, no clear)
 */
public record BenchOptions(double warmupMillis, double repMillis, ReturnMode returnMode, List<Double> quantiles,
                           long cacheClearBytes, int maxRepeat, int maxWarmup, double minEstimateMillis,
                           Runnable beforeEach, Timing timing) {

    /** Default cap on timed calls: 10,000 (20,000 events). */
    public static final int DEFAULT_MAX_REPEAT = 10_000;
    /** Default cap on warmup calls. */
    public static final int DEFAULT_MAX_WARMUP = 100_000;
    /**
     * Default floor of the per-call estimate, 1 microsecond: about the resolution of device events and
     * the launch floor of every backend. An estimate below it (0 when the clear is off and the function
     * enqueues nothing, https://github.com/triton-lang/triton/issues/8948) is raised to it, so counts stay finite and then capped.
     */
    public static final double DEFAULT_MIN_ESTIMATE_MILLIS = 1e-3;

    /** Validates every field; the messages name the bad value. */
    public BenchOptions {
        requireDuration("warmupMillis", warmupMillis, true);
        requireDuration("repMillis", repMillis, false);
        Objects.requireNonNull(returnMode, "returnMode");
        quantiles = List.copyOf(Objects.requireNonNull(quantiles, "quantiles"));
        for (double q : quantiles) {
            Quantiles.checkProbability(q);
        }
        checkCacheClearBytes(cacheClearBytes);
        if (maxRepeat < 1) {
            throw new IllegalArgumentException("maxRepeat must be >= 1, got " + maxRepeat);
        }
        if (maxWarmup < 1) {
            throw new IllegalArgumentException("maxWarmup must be >= 1, got " + maxWarmup);
        }
        if (!(minEstimateMillis > 0) || Double.isInfinite(minEstimateMillis)) {
            throw new IllegalArgumentException("minEstimateMillis must be a positive finite number, got " + minEstimateMillis);
        }
        Objects.requireNonNull(beforeEach, "beforeEach");
        Objects.requireNonNull(timing, "timing");
    }

    /**
     * Triton's defaults: warmup 25 ms, rep 100 ms, mean, 256 MiB clear, cold timing; kbench's caps.
     *
     * @return the default options
     */
    public static BenchOptions withDefaults() {
        return new BenchOptions(25, 100, ReturnMode.MEAN, List.of(), CacheSizes.TRITON_BYTES,
                DEFAULT_MAX_REPEAT, DEFAULT_MAX_WARMUP, DEFAULT_MIN_ESTIMATE_MILLIS, TimedLoop.NO_HOOK, Timing.COLD);
    }

    /**
     * With another warmup target.
     *
     * @param millis the warmup target in ms, finite and {@code >= 0}
     * @return new options
     */
    public BenchOptions withWarmupMillis(double millis) {
        return new BenchOptions(millis, repMillis, returnMode, quantiles, cacheClearBytes, maxRepeat, maxWarmup,
                minEstimateMillis, beforeEach, timing);
    }

    /**
     * With another timed-calls target.
     *
     * @param millis the target in ms, finite and {@code > 0}
     * @return new options
     */
    public BenchOptions withRepMillis(double millis) {
        return new BenchOptions(warmupMillis, millis, returnMode, quantiles, cacheClearBytes, maxRepeat, maxWarmup,
                minEstimateMillis, beforeEach, timing);
    }

    /**
     * With another return mode.
     *
     * @param mode the summary to return
     * @return new options
     */
    public BenchOptions withReturnMode(ReturnMode mode) {
        return new BenchOptions(warmupMillis, repMillis, mode, quantiles, cacheClearBytes, maxRepeat, maxWarmup,
                minEstimateMillis, beforeEach, timing);
    }

    /**
     * With quantiles, which win over the return mode.
     *
     * @param qs probabilities in [0, 1], at least one
     * @return new options
     * @throws IllegalArgumentException if {@code qs} is empty or a value is outside [0, 1]
     */
    public BenchOptions withQuantiles(double... qs) {
        if (qs.length == 0) {
            throw new IllegalArgumentException("the quantile list is empty; give at least one, e.g. 0.5, "
                    + "or use withoutQuantiles()");
        }
        return new BenchOptions(warmupMillis, repMillis, returnMode,
                java.util.Arrays.stream(qs).boxed().toList(), cacheClearBytes, maxRepeat, maxWarmup,
                minEstimateMillis, beforeEach, timing);
    }

    /**
     * Without quantiles: the return mode decides.
     *
     * @return new options
     */
    public BenchOptions withoutQuantiles() {
        return new BenchOptions(warmupMillis, repMillis, returnMode, List.of(), cacheClearBytes, maxRepeat, maxWarmup,
                minEstimateMillis, beforeEach, timing);
    }

    /**
     * Checks a cache-clear size as the command line's {@code --cache-clear} does: the clear writes 4-byte
     * words, so 0 (none) or a positive multiple of 4.
     *
     * @param bytes the size
     * @throws IllegalArgumentException naming the size otherwise
     */
    static void checkCacheClearBytes(long bytes) {
        if (bytes < 0 || bytes % 4 != 0) {
            throw new IllegalArgumentException("cacheClearBytes must be 0 (no clear) or a positive multiple of 4 "
                    + "(the clear writes 4-byte words), got " + bytes);
        }
    }

    /**
     * With another cache-clear size.
     *
     * @param bytes bytes written per clear; 0 disables clearing
     * @return new options
     */
    public BenchOptions withCacheClearBytes(long bytes) {
        return new BenchOptions(warmupMillis, repMillis, returnMode, quantiles, bytes, maxRepeat, maxWarmup,
                minEstimateMillis, beforeEach, timing);
    }

    /**
     * With other caps on the number of calls.
     *
     * @param repeat the most timed calls, {@code >= 1}
     * @param warmup the most warmup calls, {@code >= 1}
     * @return new options
     */
    public BenchOptions withMaxCalls(int repeat, int warmup) {
        return new BenchOptions(warmupMillis, repMillis, returnMode, quantiles, cacheClearBytes, repeat, warmup,
                minEstimateMillis, beforeEach, timing);
    }

    /**
     * With another floor for the per-call estimate.
     *
     * @param millis the floor in ms, positive and finite
     * @return new options
     */
    public BenchOptions withMinEstimateMillis(double millis) {
        return new BenchOptions(warmupMillis, repMillis, returnMode, quantiles, cacheClearBytes, maxRepeat, maxWarmup,
                millis, beforeEach, timing);
    }

    /**
     * With an untimed hook run on the host before each timed call's cache clear.
     *
     * @param hook the hook
     * @return new options
     */
    public BenchOptions withBeforeEach(Runnable hook) {
        return new BenchOptions(warmupMillis, repMillis, returnMode, quantiles, cacheClearBytes, maxRepeat, maxWarmup,
                minEstimateMillis, hook, timing);
    }

    /**
     * With another timing: {@link Timing#HOT} times batches of back-to-back calls without a cache clear
     * (the clear size is then not used), hiding the host's launches where the backend can.
     *
     * @param mode cold (the default) or hot
     * @return new options
     */
    public BenchOptions withTiming(Timing mode) {
        return new BenchOptions(warmupMillis, repMillis, returnMode, quantiles, cacheClearBytes, maxRepeat, maxWarmup,
                minEstimateMillis, beforeEach, mode);
    }

    private static void requireDuration(String name, double millis, boolean zeroAllowed) {
        if (Double.isNaN(millis) || Double.isInfinite(millis) || millis < 0 || (!zeroAllowed && millis == 0)) {
            throw new IllegalArgumentException(name + " must be a finite number of milliseconds "
                    + (zeroAllowed ? ">= 0" : "> 0") + ", got " + millis);
        }
    }
}
