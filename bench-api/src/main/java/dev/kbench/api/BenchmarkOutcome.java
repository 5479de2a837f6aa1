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
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a {@link Suite} measured for one benchmark and parameter combination. A suite run builds it; read
 * it through its accessors (new ones may be added, none removed). An outcome rebuilt from recorded
 * samples (the forks of a run, each in its own process) comes from {@link #builder}.
 */
public final class BenchmarkOutcome {

    private final String benchmark;
    private final Params params;
    private final List<double[]> repetitions;
    private final StopReason stopReason;
    private final Optional<String> reason;
    private final double estimateMillis;
    private final int warmupCalls;
    private final OptionalLong bytesPerCall;
    private final OptionalLong flopsPerCall;
    private final OptionalDouble peakBandwidthBytesPerSecond;
    private final double measuringMillis;
    private final double hostMillisPerCall;
    private final double clearMillis;
    private final OptionalLong smallerClearBytes;
    private final Timing timing;
    private final TimingMethod method;
    private final int callsPerSample;
    private final String timingNote;
    private final List<RepetitionTelemetry> telemetry;
    private final String energyNote;

    /** Copies the samples; cold, timed by events; the clear was not measured (an outcome rebuilt from samples). */
    BenchmarkOutcome(String benchmark, Params params, List<double[]> repetitions, StopReason stopReason,
                     Optional<String> reason, double estimateMillis, int warmupCalls,
                     OptionalLong bytesPerCall, OptionalLong flopsPerCall,
                     OptionalDouble peakBandwidthBytesPerSecond, double measuringMillis,
                     double hostMillisPerCall) {
        this(benchmark, params, repetitions, stopReason, reason, estimateMillis, warmupCalls, bytesPerCall, flopsPerCall,
                peakBandwidthBytesPerSecond, measuringMillis, hostMillisPerCall, Double.NaN, OptionalLong.empty(),
                Timing.COLD, TimingMethod.EVENTS, 1, "");
    }

    /** Copies the samples; no telemetry. */
    BenchmarkOutcome(String benchmark, Params params, List<double[]> repetitions, StopReason stopReason,
                     Optional<String> reason, double estimateMillis, int warmupCalls,
                     OptionalLong bytesPerCall, OptionalLong flopsPerCall,
                     OptionalDouble peakBandwidthBytesPerSecond, double measuringMillis,
                     double hostMillisPerCall, double clearMillis, OptionalLong smallerClearBytes, Timing timing,
                     TimingMethod method, int callsPerSample, String timingNote) {
        this(benchmark, params, repetitions, stopReason, reason, estimateMillis, warmupCalls, bytesPerCall, flopsPerCall,
                peakBandwidthBytesPerSecond, measuringMillis, hostMillisPerCall, clearMillis, smallerClearBytes, timing,
                method, callsPerSample, timingNote, List.of(), "");
    }

    /** Copies the samples; {@code telemetry} has one entry per repetition, or none. */
    BenchmarkOutcome(String benchmark, Params params, List<double[]> repetitions, StopReason stopReason,
                     Optional<String> reason, double estimateMillis, int warmupCalls,
                     OptionalLong bytesPerCall, OptionalLong flopsPerCall,
                     OptionalDouble peakBandwidthBytesPerSecond, double measuringMillis,
                     double hostMillisPerCall, double clearMillis, OptionalLong smallerClearBytes, Timing timing,
                     TimingMethod method, int callsPerSample, String timingNote, List<RepetitionTelemetry> telemetry,
                     String energyNote) {
        this.telemetry = telemetry.isEmpty() ? java.util.Collections.nCopies(repetitions.size(), RepetitionTelemetry.NONE)
                : List.copyOf(telemetry);
        if (this.telemetry.size() != repetitions.size()) {
            throw new IllegalArgumentException("telemetry for " + telemetry.size() + " of " + repetitions.size()
                    + " repetitions");
        }
        this.energyNote = Objects.requireNonNull(energyNote, "energyNote");
        this.timing = Objects.requireNonNull(timing, "timing");
        this.method = Objects.requireNonNull(method, "method");
        this.callsPerSample = callsPerSample;
        this.timingNote = Objects.requireNonNull(timingNote, "timingNote");
        this.benchmark = Objects.requireNonNull(benchmark, "benchmark");
        this.params = Objects.requireNonNull(params, "params");
        this.repetitions = repetitions.stream().map(double[]::clone).toList();
        this.stopReason = Objects.requireNonNull(stopReason, "stopReason");
        this.reason = Objects.requireNonNull(reason, "reason");
        this.estimateMillis = estimateMillis;
        this.warmupCalls = warmupCalls;
        this.bytesPerCall = bytesPerCall;
        this.flopsPerCall = flopsPerCall;
        this.peakBandwidthBytesPerSecond = peakBandwidthBytesPerSecond;
        this.measuringMillis = measuringMillis;
        this.hostMillisPerCall = hostMillisPerCall;
        this.clearMillis = clearMillis;
        this.smallerClearBytes = Objects.requireNonNull(smallerClearBytes, "smallerClearBytes");
    }

    /**
     * {@return what the device reported about each repetition, in the order of {@link #repetitions()}:
     * the clock, throttling and energy per call; {@link RepetitionTelemetry#NONE} where nothing is known}
     */
    public List<RepetitionTelemetry> telemetry() {
        return telemetry;
    }

    /**
     * {@return why energy was not reported for some or all repetitions although the device has an energy
     * counter (cold timing, repetitions too short for the counter's update period); empty otherwise}
     */
    public String energyNote() {
        return energyNote;
    }

    /**
     * {@return the number of repetitions that ran while throttled ({@link RepetitionTelemetry#throttled()})}
     */
    public int throttledRepetitions() {
        return (int) telemetry.stream().filter(RepetitionTelemetry::throttled).count();
    }

    /**
     * {@return the median over the repetitions of the energy per call in J, empty where no repetition has one}
     */
    public OptionalDouble joulesPerCall() {
        double[] values = telemetry.stream().map(RepetitionTelemetry::joulesPerCall).filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble).sorted().toArray();
        return values.length == 0 ? OptionalDouble.empty()
                : OptionalDouble.of(dev.kbench.api.internal.Quantiles.ofSorted(values, 0.5));
    }

    /**
     * {@return the bytes moved per joule, in GB/J: {@link #bytesPerCall()} over {@link #joulesPerCall()}; empty
     * where either is unknown}
     */
    public OptionalDouble gigabytesPerJoule() {
        OptionalDouble j = joulesPerCall();
        return j.isPresent() && j.getAsDouble() > 0 && bytesPerCall.isPresent()
                ? OptionalDouble.of(bytesPerCall.getAsLong() / 1e9 / j.getAsDouble()) : OptionalDouble.empty();
    }

    /**
     * {@return the floating-point operations per joule, in GFLOP/J: {@link #flopsPerCall()} over
     * {@link #joulesPerCall()}; empty where either is unknown}
     */
    public OptionalDouble gigaflopsPerJoule() {
        OptionalDouble j = joulesPerCall();
        return j.isPresent() && j.getAsDouble() > 0 && flopsPerCall.isPresent()
                ? OptionalDouble.of(flopsPerCall.getAsLong() / 1e9 / j.getAsDouble()) : OptionalDouble.empty();
    }

    /**
     * {@return the device time of one cache clear in ms, measured once per suite run after the first
     * estimate (see {@link BenchResult#clearMillis()}); 0 without a clear; NaN if not measured}
     */
    public double clearMillis() {
        return clearMillis;
    }

    /**
     * {@return the bytes of the device-sized clear where it would clear less than the clear used (the fix
     * that {@link MeasurementWarning} offers when the clear dominates), empty otherwise}
     */
    public OptionalLong smallerClearBytes() {
        return smallerClearBytes;
    }

    /** {@return cold (each sample one call) or hot (each sample a batch's time per call)} */
    public Timing timing() {
        return timing;
    }

    /** {@return how the samples were taken (events per call, graph replay, held or plain hot batches)} */
    public TimingMethod method() {
        return method;
    }

    /** {@return calls averaged into each sample: 1 in cold timing, the calls per batch in hot timing} */
    public int callsPerSample() {
        return callsPerSample;
    }

    /** {@return why hot timing could not hide the launches (e.g. a hold that timed out), empty otherwise} */
    public String timingNote() {
        return timingNote;
    }

    /** {@return the benchmark's name} */
    public String benchmark() {
        return benchmark;
    }

    /** {@return the combination} */
    public Params params() {
        return params;
    }

    /** {@return the samples of each repetition in milliseconds, in the order measured (copies)} */
    public List<double[]> repetitions() {
        return repetitions.stream().map(double[]::clone).toList();
    }

    /** {@return why it stopped; {@link StopReason#FAILED} and {@link StopReason#SKIPPED} carry a reason} */
    public StopReason stopReason() {
        return stopReason;
    }

    /** {@return the skip reason or the error message, empty otherwise} */
    public Optional<String> reason() {
        return reason;
    }

    /** {@return the per-call estimate taken before warmup (with the clear), NaN if never taken} */
    public double estimateMillis() {
        return estimateMillis;
    }

    /** {@return the untimed warmup calls made} */
    public int warmupCalls() {
        return warmupCalls;
    }

    /** {@return declared bytes per call} */
    public OptionalLong bytesPerCall() {
        return bytesPerCall;
    }

    /** {@return declared flops per call} */
    public OptionalLong flopsPerCall() {
        return flopsPerCall;
    }

    /** {@return the device's peak bandwidth, if the backend knows it} */
    public OptionalDouble peakBandwidthBytesPerSecond() {
        return peakBandwidthBytesPerSecond;
    }

    /** {@return wall-clock time spent in its repetitions} */
    public double measuringMillis() {
        return measuringMillis;
    }

    /**
     * {@return host time to enqueue one timed call with its clear and events (not the untimed hook),
     * averaged over its repetitions; NaN if nothing was measured}
     */
    public double hostMillisPerCall() {
        return hostMillisPerCall;
    }

    /**
     * Whether the host could not keep the device busy (the rule of {@link BenchResult#launchBound()}):
     * the samples then include host launch latency.
     *
     * @return true if enqueueing a call took at least half of a call's estimated device time
     */
    public boolean launchBound() {
        return hostMillisPerCall >= BenchResult.LAUNCH_BOUND_SHARE * estimateMillis;
    }

    /**
     * What makes this measurement too thin to trust, with the fix (the rules of
     * {@link BenchResult#warnings()}, over the smallest repetition).
     *
     * @return the warnings; none if nothing was measured
     */
    public List<MeasurementWarning> warnings() {
        if (!measured()) {
            return List.of();
        }
        int fewest = repetitions.stream().mapToInt(r -> r.length).min().orElseThrow();
        // hot timing has no clear: its estimate (launches not hidden) and median differ for other reasons
        return MeasurementWarning.of(fewest, timing == Timing.HOT ? Double.NaN : estimateMillis, medianMillis(),
                clearMillis, smallerClearBytes);
    }

    /**
     * Every sample of every repetition, in the order measured.
     *
     * @return milliseconds
     */
    public double[] samplesMillis() {
        return repetitions.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    /**
     * Whether it has samples to summarise.
     *
     * @return true if at least one repetition was measured
     */
    public boolean measured() {
        return !repetitions.isEmpty();
    }

    /**
     * The median of all samples.
     *
     * @return ms, NaN if nothing was measured
     */
    public double medianMillis() {
        return measured() ? Quantiles.of(samplesMillis(), 0.5) : Double.NaN;
    }

    /**
     * A quantile of all samples (NumPy linear).
     *
     * @param q the probability
     * @return ms, NaN if nothing was measured
     */
    public double quantileMillis(double q) {
        return measured() ? Quantiles.of(samplesMillis(), q) : Double.NaN;
    }

    /**
     * Throughput at the median: declared bytes per call over the median time.
     *
     * @return GB/s (10^9 bytes per second), empty without declared bytes or samples
     */
    public OptionalDouble gigabytesPerSecond() {
        return bytesPerCall.isPresent() && measured()
                ? OptionalDouble.of(bytesPerCall.getAsLong() / (medianMillis() * 1e-3) / 1e9) : OptionalDouble.empty();
    }

    /**
     * Arithmetic throughput at the median.
     *
     * @return TFLOP/s, empty without declared flops or samples
     */
    public OptionalDouble teraflopsPerSecond() {
        return flopsPerCall.isPresent() && measured()
                ? OptionalDouble.of(flopsPerCall.getAsLong() / (medianMillis() * 1e-3) / 1e12) : OptionalDouble.empty();
    }

    /**
     * Bandwidth at the median as a share of the device's peak.
     *
     * @return percent, empty without declared bytes or a known peak
     */
    public OptionalDouble percentOfPeakBandwidth() {
        OptionalDouble gbs = gigabytesPerSecond();
        return gbs.isPresent() && peakBandwidthBytesPerSecond.isPresent()
                ? OptionalDouble.of(100 * gbs.getAsDouble() * 1e9 / peakBandwidthBytesPerSecond.getAsDouble())
                : OptionalDouble.empty();
    }

    /**
     * The benchmark's identity as in the samples CSV.
     *
     * @return {@code name} or {@code name[params]}
     */
    public String id() {
        return SampleRecord.id(benchmark, params.toString());
    }

    @Override
    public String toString() {
        return "BenchmarkOutcome[" + id() + ", stopReason=" + stopReason + ", repetitions=" + repetitions.size() + "]";
    }
    /**
     * Starts an outcome rebuilt from recorded samples: stopped after its repetitions, cold and timed by
     * events per call, with nothing measured beyond the samples (estimate, host time and clear NaN) until
     * set.
     *
     * @param benchmark the benchmark's name
     * @param params the combination
     * @return a builder
     */
    public static Builder builder(String benchmark, Params params) {
        return new Builder(benchmark, params);
    }

    /**
     * Builds a {@link BenchmarkOutcome} from recorded samples, one setting at a time; not thread-safe.
     * Settings not given keep the defaults of {@link BenchmarkOutcome#builder}.
     */
    public static final class Builder {
        private final String benchmark;
        private final Params params;
        private List<double[]> repetitions = List.of();
        private OptionalLong bytesPerCall = OptionalLong.empty();
        private OptionalLong flopsPerCall = OptionalLong.empty();
        private Timing timing = Timing.COLD;
        private TimingMethod method = TimingMethod.EVENTS;
        private int callsPerSample = 1;
        private String timingNote = "";
        private List<RepetitionTelemetry> telemetry = List.of();
        private StopReason stopReason = StopReason.REPETITIONS;
        private Optional<String> reason = Optional.empty();
        private double estimateMillis = Double.NaN;
        private int warmupCalls;
        private double hostMillisPerCall = Double.NaN;
        private double clearMillis = Double.NaN;
        private OptionalLong smallerClearBytes = OptionalLong.empty();
        private OptionalDouble peakBandwidthBytesPerSecond = OptionalDouble.empty();
        private String energyNote = "";

        private Builder(String benchmark, Params params) {
            this.benchmark = Objects.requireNonNull(benchmark, "benchmark");
            this.params = Objects.requireNonNull(params, "params");
        }

        /**
         * Sets the samples.
         *
         * @param samples each repetition's samples in milliseconds, in the order measured (copied)
         * @return this builder
         */
        public Builder repetitions(List<double[]> samples) {
            this.repetitions = samples.stream().map(double[]::clone).toList();
            return this;
        }

        /**
         * Sets the work of one call, as the benchmark declared it.
         *
         * @param bytes bytes moved per call, empty if not declared
         * @param flops floating-point operations per call, empty if not declared
         * @return this builder
         */
        public Builder work(OptionalLong bytes, OptionalLong flops) {
            this.bytesPerCall = Objects.requireNonNull(bytes, "bytes");
            this.flopsPerCall = Objects.requireNonNull(flops, "flops");
            return this;
        }

        /**
         * Sets how the samples were timed.
         *
         * @param timing cold or hot
         * @param method how the samples were taken
         * @param callsPerSample calls averaged into each sample, at least 1
         * @param note why the method differs from the one asked for, or empty
         * @return this builder
         * @throws IllegalArgumentException if {@code callsPerSample} is less than 1
         */
        public Builder timing(Timing timing, TimingMethod method, int callsPerSample, String note) {
            if (callsPerSample < 1) {
                throw new IllegalArgumentException("calls per sample must be >= 1, got " + callsPerSample);
            }
            this.timing = Objects.requireNonNull(timing, "timing");
            this.method = Objects.requireNonNull(method, "method");
            this.callsPerSample = callsPerSample;
            this.timingNote = Objects.requireNonNull(note, "note");
            return this;
        }

        /**
         * Sets what the device reported per repetition (SM clock, throttling, energy per call).
         *
         * @param perRepetition one entry per repetition, in the order of {@link #repetitions}, or none
         * @return this builder
         */
        public Builder telemetry(List<RepetitionTelemetry> perRepetition) {
            this.telemetry = List.copyOf(perRepetition);
            return this;
        }

        /**
         * Sets why it stopped (by default after its repetitions).
         *
         * @param stopReason why it stopped
         * @param reason the skip reason or the error message, empty otherwise
         * @return this builder
         */
        public Builder stopped(StopReason stopReason, Optional<String> reason) {
            this.stopReason = Objects.requireNonNull(stopReason, "stopReason");
            this.reason = Objects.requireNonNull(reason, "reason");
            return this;
        }

        /**
         * Sets what was measured around the samples: the facts behind {@link BenchmarkOutcome#launchBound()}
         * and {@link BenchmarkOutcome#warnings()} (by default none: NaN, 0 warmup calls).
         *
         * @param estimateMillis the per-call estimate before warmup, NaN if never taken
         * @param warmupCalls the untimed warmup calls made
         * @param hostMillisPerCall host time to enqueue one timed call, NaN if not measured
         * @param clearMillis the device time of one cache clear, 0 without a clear, NaN if not measured
         * @param smallerClearBytes the device-sized clear where it would clear less, empty otherwise
         * @return this builder
         */
        public Builder measurement(double estimateMillis, int warmupCalls, double hostMillisPerCall, double clearMillis,
                                   OptionalLong smallerClearBytes) {
            this.estimateMillis = estimateMillis;
            this.warmupCalls = warmupCalls;
            this.hostMillisPerCall = hostMillisPerCall;
            this.clearMillis = clearMillis;
            this.smallerClearBytes = Objects.requireNonNull(smallerClearBytes, "smallerClearBytes");
            return this;
        }

        /**
         * Sets the device's peak bandwidth, for {@link BenchmarkOutcome#percentOfPeakBandwidth()}.
         *
         * @param bytesPerSecond the peak, empty if the backend does not know it
         * @return this builder
         */
        public Builder peakBandwidth(OptionalDouble bytesPerSecond) {
            this.peakBandwidthBytesPerSecond = Objects.requireNonNull(bytesPerSecond, "bytesPerSecond");
            return this;
        }

        /**
         * Sets why energy was refused although the device has a counter.
         *
         * @param note the reason, empty for none
         * @return this builder
         */
        public Builder energyNote(String note) {
            this.energyNote = Objects.requireNonNull(note, "note");
            return this;
        }

        /**
         * The outcome.
         *
         * @return a new outcome with this builder's settings
         * @throws IllegalArgumentException if telemetry was given for another number of repetitions
         */
        public BenchmarkOutcome build() {
            return new BenchmarkOutcome(benchmark, params, repetitions, stopReason, reason, estimateMillis, warmupCalls,
                    bytesPerCall, flopsPerCall, peakBandwidthBytesPerSecond, 0, hostMillisPerCall, clearMillis,
                    smallerClearBytes, timing, method, callsPerSample, timingNote, telemetry, energyNote);
        }
    }
}
