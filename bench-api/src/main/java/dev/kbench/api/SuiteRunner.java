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

import dev.kbench.api.internal.BackendAnswers;
import dev.kbench.api.internal.Quantiles;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.CapturedGraph;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import dev.kbench.spi.Event;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Random;
import java.util.SplittableRandom;

/** Runs a {@link Suite}: planning, the schedule, per-benchmark warmup, repetitions and stopping. */
final class SuiteRunner {

    private final Driver driver;
    private final DeviceInterface device;
    private final SuiteOptions options;
    private final SuiteListener listener;
    private final List<Event> events = new ArrayList<>();
    private final String deviceName;
    private final DeviceIdentity identity;
    private final String host;
    private final OptionalDouble peak;
    private final String runId;
    private CacheClearer clearer = Bench.NO_CLEAR;
    /** Cold timed calls, held where the backend can; opened at the first cold repetition. */
    private TimedLoop.Cold cold;
    /** Draws the pads in front of fresh placements ({@link SuiteOptions#placeEvery()}), from the run's seed. */
    private Random pads;

    /** A fresh placement's pad is a multiple of this (2 MiB: CUDA's granularity for large allocations). */
    static final long PAD_STEP_BYTES = 2L << 20;
    /** A fresh placement's pad is 0 to this many steps (0 to 62 MiB). */
    static final int PAD_STEPS = 31;
    /** One clear's device time, measured after the first estimate; NaN until then. */
    private double clearMillis = Double.NaN;
    private final OptionalLong smallerClearBytes;
    private final int perBenchmark;
    private long done;
    private long planned;
    /** Whether the device has an energy counter: asked, or read, once, at the first repetition. */
    private Boolean energyCounter;
    /** The last reading after a repetition, while no device work has followed it; null otherwise. */
    private DeviceTelemetry lastAfter;

    SuiteRunner(Driver driver, SuiteOptions options, SuiteListener listener) {
        this.driver = driver;
        this.device = driver.device();
        this.options = java.util.Objects.requireNonNull(options, "options");
        this.listener = java.util.Objects.requireNonNull(listener, "listener");
        DeviceFacts facts = device.facts();
        this.deviceName = facts.name();
        this.identity = driver.identity();
        this.host = HostName.current();
        this.peak = facts.peakBandwidthBytesPerSecond();
        this.runId = options.runId().orElseGet(RunId::next);
        this.perBenchmark = options.noiseTarget().map(NoiseTarget::maxRepetitions).orElse(options.repetitions());
        this.smallerClearBytes = Bench.smallerClearBytes(facts, options.cacheClearBytes());
    }

    /** One benchmark and combination, and what has been measured for it so far. */
    private final class Entry {
        final Benchmark benchmark;
        final Params params;
        final List<double[]> repetitions = new ArrayList<>();
        Workload workload;
        /** The workload's untimed hook, {@link TimedLoop#NO_HOOK} where it keeps the default. */
        Runnable hook = TimedLoop.NO_HOOK;
        StopReason stopped;
        String reason;
        double estimateMillis = Double.NaN;
        int warmupCalls;
        int samplesPerRepetition;
        double measuringMillis;
        double hostMillis;
        long hostCalls;
        OptionalLong bytes = OptionalLong.empty();
        OptionalLong flops = OptionalLong.empty();
        HotLoop hot;
        TimingMethod method = TimingMethod.EVENTS;
        int callsPerSample = 1;
        String timingNote = "";
        final List<RepetitionTelemetry> telemetry = new ArrayList<>();
        String energyRefusal = "";
        int energyRefused;

        Entry(Benchmark benchmark, Params params) {
            this.benchmark = benchmark;
            this.params = params;
        }

        boolean active() {
            return stopped == null;
        }

        BenchmarkOutcome outcome() {
            return new BenchmarkOutcome(benchmark.name(), params, repetitions, stopped, Optional.ofNullable(reason),
                    estimateMillis, warmupCalls, bytes, flops, peak, measuringMillis,
                    hostCalls == 0 ? Double.NaN : hostMillis / hostCalls, clearMillis, smallerClearBytes, options.timing(),
                    method, callsPerSample, timingNote, telemetry, energyNote());
        }

        String energyNote() {
            if (energyRefused == 0) {
                return "";
            }
            return (energyRefused == telemetry.size() ? "no energy: "
                    : "no energy for " + energyRefused + " of " + telemetry.size() + " repetitions: ") + energyRefusal;
        }
    }

    SuiteResult run(Suite suite) {
        long seed = options.seed().orElseGet(() -> new SplittableRandom().nextLong());
        pads = new Random(seed ^ 0x9E3779B97F4A7C15L);
        List<Entry> entries = new ArrayList<>();
        for (Benchmark benchmark : suite.benchmarks()) {
            for (Params params : benchmark.combinations()) {
                Entry entry = new Entry(benchmark, params);
                entries.add(entry);
                Optional<String> skip = benchmark.skip().apply(params);
                if (skip.isPresent()) {
                    entry.stopped = StopReason.SKIPPED;
                    entry.reason = skip.get();
                }
            }
        }
        planned = entries.stream().filter(Entry::active).count() * perBenchmark;
        listener.started(seed, planned);
        entries.stream().filter(e -> e.stopped == StopReason.SKIPPED)
                .forEach(e -> listener.skipped(e.benchmark.name(), e.params, e.reason));
        try {
            if (options.cacheClearBytes() > 0 && options.timing() == Timing.COLD) {
                clearer = Bench.clearer(driver, options.cacheClearBytes());
            }
            if (options.schedule() == Schedule.SEQUENTIAL) {
                for (Entry entry : entries) {
                    while (entry.active()) {
                        repetition(entry);
                    }
                }
            } else {
                Random order = new Random(seed);
                List<Entry> round = new ArrayList<>();
                while (true) {
                    round.clear();
                    entries.stream().filter(Entry::active).forEach(round::add);
                    if (round.isEmpty()) {
                        break;
                    }
                    Collections.shuffle(round, order);
                    for (Entry entry : round) {
                        repetition(entry);
                    }
                }
            }
        } finally {
            entries.forEach(SuiteRunner::closeWorkload);
            events.forEach(Event::close);
            clearer.close();
            if (cold != null) {
                cold.close();
            }
        }
        return new SuiteResult(seed, options.schedule(), driver.name(), deviceName,
                entries.stream().map(Entry::outcome).toList(), runId);
    }

    private void repetition(Entry entry) {
        List<SampleRecord> rows = null;
        listener.starting(entry.benchmark.name(), entry.params, entry.repetitions.size());
        try {
            if (entry.workload == null) {
                lastAfter = null;
                prepare(entry);
            } else if (options.placeEvery() > 0 && entry.repetitions.size() % options.placeEvery() == 0) {
                lastAfter = null;
                place(entry);
            }
            // read before and after the timed calls, outside every timed region: the throttling and the
            // energy over the repetition, and the clock it ran at. The reading after the last repetition
            // serves as this one's before where no device work came between them; the energy counter is
            // read only for repetitions that could report energy (cold calls behind a clear never do).
            if (energyCounter == null) {
                energyCounter = BackendAnswers.nonNull(device.energyCounter(), device, "Device.energyCounter()").orElse(null);
            }
            if (energyCounter == null) {
                // only a reading tells: the first one, with the energy counter, also serves as this
                // repetition's before
                lastAfter = readTelemetry(true);
                energyCounter = lastAfter.energyMillijoules().isPresent();
            }
            boolean energy = energyCounter && (entry.hot != null || clearer == Bench.NO_CLEAR);
            DeviceTelemetry before = lastAfter != null && (!energy || lastAfter.energyMillijoules().isPresent())
                    ? lastAfter : readTelemetry(energy);
            lastAfter = null;
            long start = System.nanoTime();
            double[] times;
            device.profilerStart();
            try {
                times = timeCalls(entry, entry.samplesPerRepetition);
            } finally {
                device.profilerStop();
            }
            entry.measuringMillis += (System.nanoTime() - start) / 1e6;
            DeviceTelemetry after = readTelemetry(energy);
            lastAfter = after;
            RepetitionTelemetry telemetry = telemetry(entry, before, after, (System.nanoTime() - start) / 1e6,
                    times.length);
            int index = entry.repetitions.size();
            entry.repetitions.add(times);
            entry.telemetry.add(telemetry);
            rows = new ArrayList<>(times.length);
            for (int s = 0; s < times.length; s++) {
                rows.add(SampleRecord.builder(entry.benchmark.name(), entry.params.toString()).repetition(index)
                        .sample(s).timeMillis(times[s]).backend(driver.name()).device(deviceName).bytes(entry.bytes)
                        .flops(entry.flops).host(host).deviceId(identity.id()).runId(runId).telemetry(telemetry)
                        .build());
            }
        } catch (Exception | AssertionError | LinkageError e) {
            fail(entry, e);
        }
        if (rows != null) {
            // Outside the try: a listener that throws (a CSV that cannot be written) aborts the run
            // instead of being mistaken for a failure of the benchmark.
            listener.repetition(rows);
            decideStop(entry);
        }
        done++;
        listener.progress(done, planned);
    }

    /** The device's telemetry now, with or without its energy counter. */
    private DeviceTelemetry readTelemetry(boolean energy) {
        return BackendAnswers.nonNull(device.telemetry(energy), device, "Device.telemetry(" + energy + ")");
    }

    /**
     * What the device said about a repetition. Energy only where the repetition's calls ran back to back:
     * in cold timing the cache clears between them would be counted with the calls.
     */
    private RepetitionTelemetry telemetry(Entry entry, DeviceTelemetry before, DeviceTelemetry after,
                                          double windowMillis, int samples) {
        RepetitionTelemetry.Energy energy;
        if (!energyCounter) {
            energy = new RepetitionTelemetry.Energy(OptionalDouble.empty(), "");
        } else if (entry.hot == null && clearer != Bench.NO_CLEAR) {
            energy = RepetitionTelemetry.Energy.refused("cold timing runs a cache clear before every call, and the"
                    + " energy counter would count the clears with the calls; --timing hot (or --cache-clear off)"
                    + " measures energy");
        } else {
            // hot: batches of back-to-back calls; cold without a clear: the calls, and with graph replay the
            // untimed replay as well
            long calls = entry.hot != null ? (long) samples * entry.callsPerSample
                    : options.submission() == Submission.GRAPH ? 2L * samples : samples;
            // the counter's period is measured (once, here between repetitions) only for a repetition that
            // could be long enough for energy
            OptionalDouble period = after.energyUpdateMillis().isPresent()
                    || windowMillis < RepetitionTelemetry.MIN_ENERGY_WINDOW_MILLIS
                    ? after.energyUpdateMillis() : device.energyUpdateMillis();
            energy = RepetitionTelemetry.energy(before, after, period, windowMillis, calls);
        }
        if (!energy.refusal().isEmpty()) {
            entry.energyRefused++;
            entry.energyRefusal = energy.refusal();
        }
        return new RepetitionTelemetry(after.smClockMHz(), RepetitionTelemetry.throttling(before, after),
                energy.joulesPerCall());
    }

    private void fail(Entry entry, Throwable error) {
        entry.stopped = StopReason.FAILED;
        entry.reason = String.valueOf(error.getMessage() == null ? error.toString() : error.getMessage());
        closeWorkload(entry);
        planned -= remaining(entry);
        listener.failed(entry.benchmark.name(), entry.params, error);
    }

    private long remaining(Entry entry) {
        return Math.max(0, perBenchmark - entry.repetitions.size() - 1);
    }

    /** Setup, one checked call, the estimate and the warmup: everything before the first repetition. */
    private void prepare(Entry entry) throws Exception {
        Workload workload = create(entry);
        entry.bytes = workload.bytesPerCall();
        entry.flops = workload.flopsPerCall();
        workload.check();
        double measured = Bench.estimateMillis(device, clearer, workload::run);
        BenchOptions counts = BenchOptions.withDefaults().withWarmupMillis(options.warmupMillis())
                .withRepMillis(options.repetitionMillis())
                .withMaxCalls(options.maxSamplesPerRepetition(), BenchOptions.DEFAULT_MAX_WARMUP);
        Bench.Counts derived = Bench.Counts.derive(measured, counts, options.minSamplesPerRepetition());
        if (Double.isNaN(clearMillis)) {
            // once per run: the clear is the same buffer and fill for every benchmark
            clearMillis = Bench.clearMillis(device, clearer);
        }
        entry.estimateMillis = derived.estimate();
        entry.samplesPerRepetition = derived.repeat();
        entry.warmupCalls = derived.warmup();
        warmUp(entry);
        if (options.timing() == Timing.HOT) {
            int calls = HotLoop.callsPerBatch(derived.estimate());
            long batches = Math.max(1, (long) (options.repetitionMillis() / (calls * derived.estimate())));
            entry.samplesPerRepetition = (int) Math.min(batches, options.maxSamplesPerRepetition());
            entry.callsPerSample = calls;
            entry.hot = new HotLoop(device, workload::run, calls, options.submission());
            entry.method = entry.hot.method();
        } else if (options.submission() == Submission.GRAPH) {
            entry.method = TimingMethod.GRAPH;
        }
    }

    /** The entry's workload from its factory, run once to completion: the first call of every placement. */
    private Workload create(Entry entry) throws Exception {
        entry.workload = entry.benchmark.factory().create(device, entry.params);
        entry.hook = hook(entry.workload);
        entry.workload.run();
        device.synchronize();
        return entry.workload;
    }

    /** The warmup calls ({@code entry.warmupCalls}) before a placement's first timed repetition. */
    private static void warmUp(Entry entry) {
        for (int i = 0; i < entry.warmupCalls; i++) {
            entry.workload.run();
        }
    }

    /**
     * A fresh placement ({@link SuiteOptions#placeEvery()}): a pad of seeded random size is allocated, then a
     * new clear buffer (before the old one is freed, so that it lands elsewhere) and the workload again from its
     * factory, which is run once and warmed up as at the start; the pad is freed. The call counts stay those of
     * the first placement, so that every repetition of the benchmark times the same number of calls.
     */
    private void place(Entry entry) throws Exception {
        closeWorkload(entry);
        long padBytes = PAD_STEP_BYTES * pads.nextInt(PAD_STEPS + 1);
        DeviceBuffer pad = padBytes > 0
                ? BackendAnswers.allocate(device, padBytes) : null;
        try {
            if (clearer != Bench.NO_CLEAR) {
                CacheClearer fresh = Bench.clearer(driver, options.cacheClearBytes());
                clearer.close();
                clearer = fresh;
            }
            Workload workload = create(entry);
            warmUp(entry);
            if (options.timing() == Timing.HOT) {
                entry.hot = new HotLoop(device, workload::run, entry.callsPerSample, options.submission());
            }
        } finally {
            if (pad != null) {
                pad.close();
            }
        }
    }

    private double[] timeCalls(Entry entry, int calls) {
        Workload workload = entry.workload;
        if (entry.hot != null) {
            double[] times = new double[calls];
            for (int b = 0; b < calls; b++) {
                times[b] = entry.hot.time(workload::beforeEachCall);
            }
            entry.method = entry.hot.method();
            entry.timingNote = entry.hot.note();
            if (entry.method == TimingMethod.BATCH) {
                // launches not hidden: the host's pace matters, as in cold timing (launchBound)
                entry.hostMillis += entry.hot.hostMillisPerCall(calls) * calls * entry.callsPerSample;
                entry.hostCalls += (long) calls * entry.callsPerSample;
            }
            entry.hot.resetHostTime();
            return times;
        }
        while (events.size() < 2 * calls) {
            events.add(Bench.event(device));
        }
        if (options.submission() == Submission.GRAPH) {
            // as Bench.doBenchGraph with a clear: captured, replayed once untimed and once timed
            try (CapturedGraph graph = Bench.capture(device,
                    () -> TimedLoop.enqueue(events, calls, workload::beforeEachCall, clearer, workload::run))) {
                graph.replay();
                graph.replay();
                device.synchronize();
            }
            return TimedLoop.elapsedMillis(events, calls);
        }
        if (cold == null) {
            cold = new TimedLoop.Cold(device);
        }
        long hostNanos = cold.run(events, calls, entry.hook, clearer, workload::run);
        entry.method = cold.method();
        entry.timingNote = cold.note();
        if (entry.method == TimingMethod.EVENTS) {
            // launches not hidden: the host's pace can show (launchBound)
            entry.hostMillis += hostNanos / 1e6;
            entry.hostCalls += calls;
        }
        return TimedLoop.elapsedMillis(events, calls);
    }

    /** The workload's untimed hook, or {@link TimedLoop#NO_HOOK} where it keeps {@link Workload}'s, which does nothing. */
    private static Runnable hook(Workload workload) {
        try {
            return workload.getClass().getMethod("beforeEachCall").getDeclaringClass() == Workload.class
                    ? TimedLoop.NO_HOOK : workload::beforeEachCall;
        } catch (NoSuchMethodException e) {
            return workload::beforeEachCall;
        }
    }

    private void decideStop(Entry entry) {
        int count = entry.repetitions.size();
        Optional<NoiseTarget> target = options.noiseTarget();
        if (target.isEmpty()) {
            if (count >= options.repetitions()) {
                stop(entry, StopReason.REPETITIONS);
            }
            return;
        }
        NoiseTarget t = target.get();
        if (count >= t.minRepetitions() && relativeHalfWidth(entry, t.confidence()) <= t.relativeHalfWidth()) {
            stop(entry, StopReason.NOISE_TARGET);
        } else if (entry.measuringMillis >= t.budgetMillis()) {
            stop(entry, StopReason.TIME_BUDGET);
        } else if (count >= t.maxRepetitions()) {
            stop(entry, StopReason.MAX_REPETITIONS);
        }
    }

    private void stop(Entry entry, StopReason reason) {
        entry.stopped = reason;
        planned -= Math.max(0, perBenchmark - entry.repetitions.size());
        closeWorkload(entry);
    }

    /**
     * The half-width of the median's distribution-free confidence interval relative to the median.
     *
     * @return the relative half-width; infinite if the median is 0, NaN with too few samples for the
     *     confidence (the interval of {@link Quantiles#medianInterval} then has no bounds)
     */
    static double relativeHalfWidth(double[] samples, double confidence) {
        double[] sorted = samples.clone();
        java.util.Arrays.sort(sorted);
        double median = Quantiles.ofSorted(sorted, 0.5);
        double[] interval = Quantiles.medianInterval(sorted, confidence);
        return median > 0 ? (interval[1] - interval[0]) / 2 / median : Double.POSITIVE_INFINITY;
    }

    private static double relativeHalfWidth(Entry entry, double confidence) {
        return relativeHalfWidth(entry.repetitions.stream().flatMapToDouble(java.util.Arrays::stream).toArray(),
                confidence);
    }

    private static void closeWorkload(Entry entry) {
        if (entry.hot != null) {
            HotLoop loop = entry.hot;
            entry.hot = null;
            loop.close();
        }
        if (entry.workload != null) {
            Workload w = entry.workload;
            entry.workload = null;
            w.close();
        }
    }
}
