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
package dev.kbench.api.internal;

import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.Params;
import dev.kbench.api.RepetitionTelemetry;
import dev.kbench.api.Schedule;
import dev.kbench.api.StopReason;
import dev.kbench.api.Timing;
import dev.kbench.api.TimingMethod;
import dev.kbench.api.SuiteResult;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Builds the result types whose construction is not public API, for kbench's own modules (a run rebuilt
 * from recorded samples): the results' package registers its constructors here when it is initialised.
 */
public final class Results {

    /** The results' constructors; implemented in the results' package only. */
    public interface Constructors {
        /**
         * See {@link #outcome}.
         *
         * @param benchmark the benchmark's name
         * @param params the combination
         * @param repetitions each repetition's samples in ms
         * @param stopReason why it stopped
         * @param reason the skip reason or error message
         * @param estimateMillis the per-call estimate, NaN if never taken
         * @param warmupCalls the untimed warmup calls made
         * @param bytesPerCall declared bytes per call
         * @param flopsPerCall declared flops per call
         * @param peakBandwidthBytesPerSecond the device's peak bandwidth
         * @param measuringMillis wall-clock time spent in its repetitions
         * @param hostMillisPerCall host time to enqueue one timed call, NaN if not measured
         * @param timing cold or hot
         * @param method how the samples were taken
         * @param callsPerSample calls averaged into each sample
         * @param timingNote why the method differs from the one asked for, or empty
         * @param telemetry what the device reported about each repetition, or none
         * @return the outcome
         */
        BenchmarkOutcome outcome(String benchmark, Params params, List<double[]> repetitions, StopReason stopReason,
                                 Optional<String> reason, double estimateMillis, int warmupCalls,
                                 OptionalLong bytesPerCall, OptionalLong flopsPerCall,
                                 OptionalDouble peakBandwidthBytesPerSecond, double measuringMillis,
                                 double hostMillisPerCall, Timing timing, TimingMethod method, int callsPerSample,
                                 String timingNote, List<RepetitionTelemetry> telemetry);

        /**
         * See {@link #suite}.
         *
         * @param seed the seed of the order
         * @param schedule the schedule
         * @param backend the driver's name
         * @param device the device's name
         * @param outcomes the outcomes
         * @param runId the run id, empty if unknown
         * @return the result
         */
        SuiteResult suite(long seed, Schedule schedule, String backend, String device, List<BenchmarkOutcome> outcomes,
                          String runId);
    }

    private static volatile Constructors constructors;

    private Results() {
    }

    /**
     * Registers the constructors; called once by the results' package.
     *
     * @param c the constructors
     */
    public static void register(Constructors c) {
        constructors = Objects.requireNonNull(c, "c");
    }

    private static Constructors constructors() {
        Constructors c = constructors;
        if (c == null) {
            try {
                Class.forName(BenchmarkOutcome.class.getName(), true, BenchmarkOutcome.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            c = Objects.requireNonNull(constructors, "constructors");
        }
        return c;
    }

    /**
     * A benchmark outcome with the given fields.
     *
     * @param benchmark the benchmark's name
     * @param params the combination
     * @param repetitions each repetition's samples in ms (copied)
     * @param stopReason why it stopped
     * @param reason the skip reason or error message, empty otherwise
     * @param estimateMillis the per-call estimate, NaN if never taken
     * @param warmupCalls the untimed warmup calls made
     * @param bytesPerCall declared bytes per call
     * @param flopsPerCall declared flops per call
     * @param peakBandwidthBytesPerSecond the device's peak bandwidth, if known
     * @param measuringMillis wall-clock time spent in its repetitions
     * @param hostMillisPerCall host time to enqueue one timed call, NaN if not measured
     * @return the outcome
     */
    public static BenchmarkOutcome outcome(String benchmark, Params params, List<double[]> repetitions,
                                           StopReason stopReason, Optional<String> reason, double estimateMillis,
                                           int warmupCalls, OptionalLong bytesPerCall, OptionalLong flopsPerCall,
                                           OptionalDouble peakBandwidthBytesPerSecond, double measuringMillis,
                                           double hostMillisPerCall) {
        return outcome(benchmark, params, repetitions, stopReason, reason, estimateMillis, warmupCalls, bytesPerCall,
                flopsPerCall, peakBandwidthBytesPerSecond, measuringMillis, hostMillisPerCall, Timing.COLD,
                TimingMethod.EVENTS, 1, "");
    }

    /**
     * A benchmark outcome with the given fields and how its samples were timed (a run rebuilt from forks
     * that timed hot, or replayed graphs).
     *
     * @param benchmark the benchmark's name
     * @param params the combination
     * @param repetitions each repetition's samples in ms (copied)
     * @param stopReason why it stopped
     * @param reason the skip reason or error message, empty otherwise
     * @param estimateMillis the per-call estimate, NaN if never taken
     * @param warmupCalls the untimed warmup calls made
     * @param bytesPerCall declared bytes per call
     * @param flopsPerCall declared flops per call
     * @param peakBandwidthBytesPerSecond the device's peak bandwidth, if known
     * @param measuringMillis wall-clock time spent in its repetitions
     * @param hostMillisPerCall host time to enqueue one timed call, NaN if not measured
     * @param timing cold or hot
     * @param method how the samples were taken
     * @param callsPerSample calls averaged into each sample
     * @param timingNote why the method differs from the one asked for, or empty
     * @return the outcome
     */
    public static BenchmarkOutcome outcome(String benchmark, Params params, List<double[]> repetitions,
                                           StopReason stopReason, Optional<String> reason, double estimateMillis,
                                           int warmupCalls, OptionalLong bytesPerCall, OptionalLong flopsPerCall,
                                           OptionalDouble peakBandwidthBytesPerSecond, double measuringMillis,
                                           double hostMillisPerCall, Timing timing, TimingMethod method,
                                           int callsPerSample, String timingNote) {
        return outcome(benchmark, params, repetitions, stopReason, reason, estimateMillis, warmupCalls, bytesPerCall,
                flopsPerCall, peakBandwidthBytesPerSecond, measuringMillis, hostMillisPerCall, timing, method,
                callsPerSample, timingNote, List.of());
    }

    /**
     * A benchmark outcome with the given fields, how its samples were timed, and what the device reported
     * about each repetition (a run rebuilt from forks whose samples carry telemetry).
     *
     * @param benchmark the benchmark's name
     * @param params the combination
     * @param repetitions each repetition's samples in ms (copied)
     * @param stopReason why it stopped
     * @param reason the skip reason or error message, empty otherwise
     * @param estimateMillis the per-call estimate, NaN if never taken
     * @param warmupCalls the untimed warmup calls made
     * @param bytesPerCall declared bytes per call
     * @param flopsPerCall declared flops per call
     * @param peakBandwidthBytesPerSecond the device's peak bandwidth, if known
     * @param measuringMillis wall-clock time spent in its repetitions
     * @param hostMillisPerCall host time to enqueue one timed call, NaN if not measured
     * @param timing cold or hot
     * @param method how the samples were taken
     * @param callsPerSample calls averaged into each sample
     * @param timingNote why the method differs from the one asked for, or empty
     * @param telemetry one per repetition, in their order; or none
     * @return the outcome
     */
    public static BenchmarkOutcome outcome(String benchmark, Params params, List<double[]> repetitions,
                                           StopReason stopReason, Optional<String> reason, double estimateMillis,
                                           int warmupCalls, OptionalLong bytesPerCall, OptionalLong flopsPerCall,
                                           OptionalDouble peakBandwidthBytesPerSecond, double measuringMillis,
                                           double hostMillisPerCall, Timing timing, TimingMethod method,
                                           int callsPerSample, String timingNote, List<RepetitionTelemetry> telemetry) {
        return constructors().outcome(benchmark, params, repetitions, stopReason, reason, estimateMillis, warmupCalls,
                bytesPerCall, flopsPerCall, peakBandwidthBytesPerSecond, measuringMillis, hostMillisPerCall, timing,
                method, callsPerSample, timingNote, telemetry);
    }

    /**
     * A suite result with the given fields.
     *
     * @param seed the seed of the order
     * @param schedule the schedule
     * @param backend the driver's name
     * @param device the device's name
     * @param outcomes the outcomes (copied)
     * @param runId the run id, empty if unknown
     * @return the result
     */
    public static SuiteResult suite(long seed, Schedule schedule, String backend, String device,
                                    List<BenchmarkOutcome> outcomes, String runId) {
        return constructors().suite(seed, schedule, backend, device, outcomes, runId);
    }
}
