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
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What one {@link Bench#doBench} measured: every sample and how the counts were derived. Built by
 * {@link Bench} only; read it through its accessors (new ones may be added, none removed).
 */
public final class BenchResult {

    private final double[] timesMillis;
    private final double estimateMillis;
    private final int warmupCalls;
    private final int repeatCalls;
    private final int callsPerSample;
    private final boolean estimateFloored;
    private final boolean repeatCapped;
    private final double hostMillisPerCall;
    private final BenchOptions options;
    private final double clearMillis;
    private final OptionalLong smallerClearBytes;
    private final TimingMethod method;

    /**
     * The share of the per-call estimate above which the host, not the device, sets the pace: see
     * {@link #launchBound()}.
     */
    public static final double LAUNCH_BOUND_SHARE = 0.5;

    /** Copies the samples. */
    BenchResult(double[] timesMillis, double estimateMillis, int warmupCalls, int repeatCalls, int callsPerSample,
                boolean estimateFloored, boolean repeatCapped, double hostMillisPerCall, BenchOptions options,
                double clearMillis, OptionalLong smallerClearBytes,
                TimingMethod method) {
        this.timesMillis = timesMillis.clone();
        this.estimateMillis = estimateMillis;
        this.warmupCalls = warmupCalls;
        this.repeatCalls = repeatCalls;
        this.callsPerSample = callsPerSample;
        this.estimateFloored = estimateFloored;
        this.repeatCapped = repeatCapped;
        this.hostMillisPerCall = hostMillisPerCall;
        this.options = Objects.requireNonNull(options, "options");
        this.method = Objects.requireNonNull(method, "method");
        this.clearMillis = clearMillis;
        this.smallerClearBytes = Objects.requireNonNull(smallerClearBytes, "smallerClearBytes");
    }

    /**
     * {@return the device time of one cache clear in ms, measured on its own after the estimate
     * ({@link Bench#CLEAR_CALLS} clears between an event pair); 0 without a clear; NaN in graph mode,
     * where it is not measured}
     */
    public double clearMillis() {
        return clearMillis;
    }

    /** {@return cold (each call timed alone) or hot (batches of back-to-back calls), as the options asked} */
    public Timing timing() {
        return options.timing();
    }

    /**
     * {@return how the samples were taken: for {@link Bench#doBench} cold {@link TimingMethod#HELD} where
     * the backend held its stream around each call, else {@link TimingMethod#EVENTS};
     * {@link TimingMethod#GRAPH} for {@link Bench#doBenchGraph}; in hot timing {@link TimingMethod#HELD}
     * where the backend held its stream while each batch was enqueued, else {@link TimingMethod#BATCH}}
     */
    public TimingMethod method() {
        return method;
    }

    /** {@return the per-call estimate the counts were derived from, after the floor, in ms} */
    public double estimateMillis() {
        return estimateMillis;
    }

    /** {@return the number of untimed warmup calls made} */
    public int warmupCalls() {
        return warmupCalls;
    }

    /** {@return the number of timed samples ({@code timesMillis().length})} */
    public int repeatCalls() {
        return repeatCalls;
    }

    /**
     * {@return calls of the function averaged into each sample: 1 for {@link Bench#doBench}; in graph mode
     * without a clear, the calls unrolled into the replayed graph; in hot timing, the calls per batch}
     */
    public int callsPerSample() {
        return callsPerSample;
    }

    /** {@return whether the measured estimate was below the floor and raised to it} */
    public boolean estimateFloored() {
        return estimateFloored;
    }

    /** {@return whether the derived number of timed calls exceeded the cap and was cut} */
    public boolean repeatCapped() {
        return repeatCapped;
    }

    /**
     * {@return host time in ms to enqueue one timed call with its clear and events (not the untimed hook),
     * measured in the timed loop; NaN in graph mode and with the stream held (cold or hot), where the host sets no pace}
     */
    public double hostMillisPerCall() {
        return hostMillisPerCall;
    }

    /** {@return the options used} */
    public BenchOptions options() {
        return options;
    }

    /**
     * Whether the host could not keep the device busy: enqueueing one timed call took at least
     * {@link #LAUNCH_BOUND_SHARE} of the device time one call (with its clear) takes. The device then
     * waits for the host between the start event and the kernel, so the samples include host launch
     * latency and overstate the kernel; keep the cache clear on (it gives the host a head start), or use
     * graph mode.
     *
     * @return true if the measurement is launch-bound
     */
    public boolean launchBound() {
        return hostMillisPerCall >= LAUNCH_BOUND_SHARE * estimateMillis;
    }

    /**
     * What makes this measurement too thin to trust, with a fix that changes it: fewer than
     * {@link MeasurementWarning#MIN_SAMPLES_PER_REPETITION} samples, or a measured cache clear taking more
     * than {@link MeasurementWarning#MAX_CACHE_CLEAR_SHARE} of each timed call where the device-sized
     * clear would be smaller (see {@link MeasurementWarning#of(int, double, double, double, OptionalLong)}).
     *
     * @return the warnings, possibly none
     */
    public List<MeasurementWarning> warnings() {
        // hot timing has no clear: its estimate (launches not hidden) and median differ for other reasons
        return MeasurementWarning.of(repeatCalls, timing() == Timing.HOT ? Double.NaN : estimateMillis, medianMillis(),
                clearMillis, smallerClearBytes);
    }

    /** {@return every timed device time in milliseconds, in the order measured (a copy)} */
    public double[] timesMillis() {
        return timesMillis.clone();
    }

    /**
     * The summary Triton's {@code do_bench} would return for these samples when it is one number:
     * the single quantile if one was asked for, else the return mode's statistic.
     *
     * @return milliseconds
     * @throws IllegalStateException if several quantiles or {@link ReturnMode#ALL} were asked for
     */
    public double value() {
        List<Double> qs = options.quantiles();
        if (qs.size() == 1) {
            return Quantiles.of(timesMillis, qs.getFirst());
        }
        if (!qs.isEmpty() || options.returnMode() == ReturnMode.ALL) {
            throw new IllegalStateException("this result summarises to several values; use quantileValues() or timesMillis()");
        }
        return statistic(options.returnMode());
    }

    /**
     * The statistic of a return mode over the samples.
     *
     * @param mode MIN, MAX, MEAN or MEDIAN
     * @return milliseconds
     */
    public double statistic(ReturnMode mode) {
        return switch (mode) {
            case MIN -> Arrays.stream(timesMillis).min().orElseThrow();
            case MAX -> Arrays.stream(timesMillis).max().orElseThrow();
            case MEAN -> Arrays.stream(timesMillis).sum() / timesMillis.length;
            case MEDIAN -> Quantiles.of(timesMillis, 0.5);
            case ALL -> throw new IllegalArgumentException("ALL is not a single statistic");
        };
    }

    /**
     * The requested quantiles, in the order asked.
     *
     * @return milliseconds, empty if no quantiles were asked for
     */
    public double[] quantileValues() {
        return Quantiles.of(timesMillis, options.quantiles().stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * The median.
     *
     * @return milliseconds
     */
    public double medianMillis() {
        return statistic(ReturnMode.MEDIAN);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof BenchResult that && Arrays.equals(timesMillis, that.timesMillis)
                && estimateMillis == that.estimateMillis && warmupCalls == that.warmupCalls
                && repeatCalls == that.repeatCalls && callsPerSample == that.callsPerSample && estimateFloored == that.estimateFloored
                && repeatCapped == that.repeatCapped
                && Double.compare(hostMillisPerCall, that.hostMillisPerCall) == 0 && options.equals(that.options)
                && method == that.method;
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(timesMillis), estimateMillis, warmupCalls, repeatCalls, options);
    }

    @Override
    public String toString() {
        return "BenchResult[n=" + repeatCalls + ", timing=" + timing().jsonName() + ", method=" + method.jsonName()
                + ", callsPerSample=" + callsPerSample + ", estimateMillis=" + estimateMillis + ", warmupCalls=" + warmupCalls
                + ", estimateFloored=" + estimateFloored + ", repeatCapped=" + repeatCapped
                + ", warnings=" + warnings().stream().map(w -> w.kind().jsonName()).toList() + "]";
    }
}
