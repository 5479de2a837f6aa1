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
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.CapturedGraph;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import dev.kbench.spi.Event;
import dev.kbench.spi.StreamGate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Triton's {@code triton.testing.do_bench}, step by step, on any backend; and the analogue of its
 * {@code do_bench_cudagraph} for backends that capture graphs.
 *
 * <p>{@link #doBench(Backend, Runnable, BenchOptions)} does, in order: call {@code fn} once and
 * synchronize; create the cache clearer; estimate one call's cost as an event pair around 5 calls,
 * each preceded by a cache clear, divided by 5; derive {@code nWarmup = max(1, (int) (warmup / estimate))}
 * and {@code nRepeat = max(1, (int) (rep / estimate))}; create {@code nRepeat} event pairs; make the
 * warmup calls (no clear, no synchronize); then for each repetition run the untimed hook, clear the
 * cache, record the start event, call {@code fn}, record the end event; synchronize once; read the
 * elapsed times.
 *
 * <p>Beyond Triton: after the estimate, one cache clear is timed on its own ({@value #CLEAR_CALLS} clears
 * between an event pair, divided by {@value #CLEAR_CALLS}; {@link BenchResult#clearMillis()}), so that
 * the warning that the clear dominates rests on a measured clear rather than on the first estimate, which
 * also holds one-time costs; an estimate below {@link BenchOptions#minEstimateMillis()} (0 when nothing is
 * enqueued, https://github.com/triton-lang/triton/issues/8948) is raised to it instead of dividing by zero; the counts are capped by
 * {@link BenchOptions#maxRepeat()} and {@link BenchOptions#maxWarmup()}; the result keeps every
 * sample and says when the floor or the cap applied.
 *
 * {@snippet :
 * Backend backend = Drivers.system().active();
 * BenchResult result = Bench.doBench(backend, () -> kernel.launch(grid, block, args),
 *         BenchOptions.withDefaults().withQuantiles(0.2, 0.5, 0.8));
 * double[] q = result.quantileValues();   // ms
 * }
 *
 * <p>{@code fn} must enqueue its work on the backend's work stream (see {@link Device}) and
 * must not synchronize, or the host time to launch leaks into the measurement.
 */
public final class Bench {

    /** Calls timed together for the first estimate, as in Triton. */
    public static final int ESTIMATE_CALLS = 5;
    /**
     * Clears timed together, after the estimate (whose clears have touched the clear buffer), to measure
     * one clear's device time.
     */
    public static final int CLEAR_CALLS = 3;
    /** Graph replays timed in graph mode without a clear, as Triton's {@code n_retries}. */
    public static final int GRAPH_REPLAYS = 10;
    /**
     * How long, in ms, hot timing lets the backend hold its stream while the host enqueues one batch
     * before the hold ends by itself and the batch is timed again without it (see {@link Timing#HOT}).
     */
    public static final double HOLD_TIMEOUT_MILLIS = 2000;

    static final CacheClearer NO_CLEAR = new CacheClearer() {
        @Override
        public void clear() {
        }

        @Override
        public long bytes() {
            return 0;
        }

        @Override
        public void close() {
        }
    };

    /**
     * The clear a measurement uses: {@link #NO_CLEAR} for 0 bytes, else the backend's clearer of exactly that
     * size. Every clearer kbench measures with comes from here, so that the size its results report is the
     * size cleared: a backend whose clearer is missing or of another size fails the measurement (closing that
     * clearer) rather than have it reported as the size asked for.
     *
     * @param driver the backend
     * @param bytes the bytes to clear, 0 for no clear
     * @return the clearer, the caller's to close
     * @throws DeviceException naming the backend, the size asked for and the size given
     */
    static CacheClearer clearer(Driver driver, long bytes) {
        if (bytes == 0) {
            return NO_CLEAR;
        }
        CacheClearer clearer = driver.cacheClearer(bytes);
        if (clearer == null || clearer.bytes() != bytes) {
            String given = clearer == null ? "null" : "a clearer of " + clearer.bytes() + " bytes";
            if (clearer != null) {
                clearer.close();
            }
            throw new DeviceException("the backend '" + driver.name() + "' was asked for a cache clearer of " + bytes
                    + " bytes and gave " + given + " (" + driver.getClass().getName() + "); its results would report a "
                    + "clear it does not do: a fault of that backend's");
        }
        return clearer;
    }

    /**
     * A new event of the backend's device: every event kbench times with comes from here.
     *
     * @param di the device
     * @return the event, the caller's to close
     * @throws DeviceException if the backend answers null
     */
    static Event event(DeviceInterface di) {
        return BackendAnswers.nonNull(di.createEvent(), di, "DeviceInterface.createEvent()");
    }

    /**
     * The backend's capture of work as a graph: every graph kbench replays comes from here.
     *
     * @param di the device
     * @param work enqueues the work to capture
     * @return the graph, the caller's to close
     * @throws DeviceException if the backend answers null
     * @throws UnsupportedOperationException with the backend's reason if it cannot capture graphs
     */
    static CapturedGraph capture(DeviceInterface di, Runnable work) {
        return BackendAnswers.nonNull(di.capture(work), di, "DeviceInterface.capture(...)");
    }

    private Bench() {
    }

    /**
     * {@code do_bench} on the active driver of {@link Drivers#system()}.
     *
     * @param fn enqueues one call of the work to time
     * @param options the settings
     * @return every sample and the summary
     * @throws DriverLookupException if no single driver is active
     */
    public static BenchResult doBench(Runnable fn, BenchOptions options) {
        return doBench(Drivers.system().active(), fn, options);
    }

    /**
     * {@code do_bench} on a backend's device, with a cache clearer of {@link BenchOptions#cacheClearBytes()}
     * created after the first call and freed at the end.
     *
     * @param backend the backend whose device runs {@code fn}
     * @param fn enqueues one call of the work to time
     * @param options the settings
     * @return every sample and the summary
     */
    public static BenchResult doBench(Backend backend, Runnable fn, BenchOptions options) {
        Driver driver = Drivers.driver(backend);
        if (options.timing() == Timing.HOT) {
            return measureHot(driver.device(), fn, options, Submission.DIRECT);
        }
        List<CacheClearer> created = new ArrayList<>(1);
        try {
            return measure(driver.device(), () -> {
                CacheClearer clearer = clearer(driver, options.cacheClearBytes());
                created.add(clearer);
                return clearer;
            }, fn, options);
        } finally {
            created.forEach(CacheClearer::close);
        }
    }

    private static BenchResult measure(DeviceInterface di, Supplier<CacheClearer> cache, Runnable fn,
                                       BenchOptions options) {
        Objects.requireNonNull(di, "device");
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(options, "options");
        fn.run();
        di.synchronize();
        CacheClearer clearer = cache.get();

        Counts counts = Counts.derive(estimateMillis(di, clearer, fn), options);
        double clearMillis = clearMillis(di, clearer);

        List<Event> events = new ArrayList<>(2 * counts.repeat());
        try (TimedLoop.Cold cold = new TimedLoop.Cold(di)) {
            for (int i = 0; i < 2 * counts.repeat(); i++) {
                events.add(event(di));
            }
            for (int i = 0; i < counts.warmup(); i++) {
                fn.run();
            }
            di.profilerStart();
            long hostNanos;
            try {
                hostNanos = cold.run(events, counts.repeat(), options.beforeEach(), clearer, fn);
            } finally {
                di.profilerStop();
            }
            // held calls hide their launches: the host's pace cannot show in them (NaN: not launch-bound)
            double hostMillisPerCall = cold.method() == TimingMethod.HELD ? Double.NaN
                    : hostNanos / 1e6 / counts.repeat();
            double[] times = TimedLoop.elapsedMillis(events, counts.repeat());
            return new BenchResult(times, counts.estimate(), counts.warmup(), counts.repeat(), 1,
                    counts.floored(), counts.capped(), hostMillisPerCall, options, clearMillis,
                    smallerClearBytes(di.facts(), clearer.bytes()), cold.method());
        } finally {
            events.forEach(Event::close);
        }
    }

    /**
     * The analogue of Triton's {@code do_bench_cudagraph}: the timed calls are captured into a graph
     * and replayed, so host launch cost leaves the measurement. Triton's defaults use
     * {@code repMillis = 20}.
     *
     * <p>With {@link BenchOptions#cacheClearBytes()} 0, exactly Triton's algorithm: one call captured
     * and replayed between an event pair gives the estimate; {@code nRepeat = max(1, (int) (rep / estimate))}
     * calls are unrolled into one graph, which is replayed {@value #GRAPH_REPLAYS} times between event
     * pairs; each sample is a replay's time divided by {@code nRepeat}.
     *
     * <p>With a clear (kbench's extension; Triton's graph mode has none), each unrolled call is captured
     * as clear, start event, call, end event, so every call is timed on its own with a cold cache and
     * no host launch cost; the graph is replayed once untimed and once timed, giving {@code nRepeat}
     * samples.
     *
     * <p>The untimed hook runs on the host while capturing, once per captured call, as Triton's
     * {@code grad_to_none} does.
     *
     * @param backend a backend that captures graphs (CUDA)
     * @param fn enqueues one call; it must be capturable (no synchronization, no host reads)
     * @param options the settings ({@code warmupMillis} is not used)
     * @return every sample and the summary
     * @throws UnsupportedOperationException if the backend cannot capture graphs
     */
    public static BenchResult doBenchGraph(Backend backend, Runnable fn, BenchOptions options) {
        Driver driver = Drivers.driver(backend);
        DeviceInterface di = driver.device();
        Objects.requireNonNull(fn, "fn");
        if (options.timing() == Timing.HOT) {
            return measureHot(di, fn, options, Submission.GRAPH);
        }
        fn.run();
        di.synchronize();
        CacheClearer clearer = clearer(driver, options.cacheClearBytes());
        List<Event> events = new ArrayList<>();
        try (clearer) {
            double measured;
            try (CapturedGraph once = capture(di, () -> {
                clearer.clear();
                fn.run();
            }); Event start = event(di); Event end = event(di)) {
                di.synchronize();
                start.record();
                once.replay();
                end.record();
                di.synchronize();
                measured = TimedLoop.millis(start, end);
            }
            Counts counts = Counts.derive(measured, options);
            int n = counts.repeat();
            if (clearer == NO_CLEAR) {
                try (CapturedGraph graph = capture(di, () -> {
                    for (int i = 0; i < n; i++) {
                        options.beforeEach().run();
                        fn.run();
                    }
                })) {
                    di.synchronize();
                    double[] times = new double[GRAPH_REPLAYS];
                    for (int r = 0; r < GRAPH_REPLAYS; r++) {
                        try (Event start = event(di); Event end = event(di)) {
                            start.record();
                            graph.replay();
                            end.record();
                            di.synchronize();
                            times[r] = TimedLoop.millis(start, end) / n;
                        }
                    }
                    return new BenchResult(times, counts.estimate(), 1, GRAPH_REPLAYS, n, counts.floored(),
                            counts.capped(), Double.NaN, options, Double.NaN, java.util.OptionalLong.empty(), TimingMethod.GRAPH);
                }
            }
            for (int i = 0; i < 2 * n; i++) {
                events.add(event(di));
            }
            try (CapturedGraph graph = capture(di,
                    () -> TimedLoop.enqueue(events, n, options.beforeEach(), clearer, fn))) {
                graph.replay();
                graph.replay();
                di.synchronize();
                double[] times = TimedLoop.elapsedMillis(events, n);
                return new BenchResult(times, counts.estimate(), 2, n, 1, counts.floored(), counts.capped(), Double.NaN,
                        options, Double.NaN, java.util.OptionalLong.empty(), TimingMethod.GRAPH);
            }
        } finally {
            events.forEach(Event::close);
        }
    }

    /**
     * How a measurement with these settings would take its samples on a backend, found by trying: an
     * empty graph is captured for {@link Submission#GRAPH}, else a stream gate is created and freed.
     * Nothing is timed.
     *
     * @param backend the backend
     * @param timing cold or hot
     * @param submission direct or graph
     * @return {@link TimingMethod#GRAPH}, or for direct submission {@link TimingMethod#HELD} where the
     *     backend can hold its stream (and {@code kbench.hold} is not {@code false}), else
     *     {@link TimingMethod#EVENTS} (cold) or {@link TimingMethod#BATCH} (hot)
     * @throws UnsupportedOperationException with the backend's reason if it cannot capture graphs and
     *     {@code submission} is {@link Submission#GRAPH}
     */
    public static TimingMethod method(Backend backend, Timing timing, Submission submission) {
        DeviceInterface di = Drivers.driver(backend).device();
        if (submission == Submission.GRAPH) {
            try (CapturedGraph _ = capture(di, () -> { })) {
                return TimingMethod.GRAPH;
            }
        }
        try (StreamGate _ = TimedLoop.openGate(di)) {
            return TimingMethod.HELD;
        } catch (UnsupportedOperationException e) {
            return timing == Timing.COLD ? TimingMethod.EVENTS : TimingMethod.BATCH;
        }
    }

    /**
     * Hot timing ({@link Timing#HOT}): one call and a synchronize; the estimate over
     * {@value #ESTIMATE_CALLS} calls without a clear; the warmup calls, never held (a first launch that
     * loads code would wait on a held stream); then {@code max(1, (int) (rep / (calls * estimate)))}
     * batches (at most {@link BenchOptions#maxRepeat()}) of {@link HotLoop#callsPerBatch} calls each, one
     * sample per batch.
     */
    private static BenchResult measureHot(DeviceInterface di, Runnable fn, BenchOptions options,
                                          Submission submission) {
        Objects.requireNonNull(di, "device");
        Objects.requireNonNull(fn, "fn");
        fn.run();
        di.synchronize();
        Counts counts = Counts.derive(estimateMillis(di, NO_CLEAR, fn), options);
        for (int i = 0; i < counts.warmup(); i++) {
            fn.run();
        }
        int calls = HotLoop.callsPerBatch(counts.estimate());
        long wanted = Math.max(1, (long) (options.repMillis() / (calls * counts.estimate())));
        int batches = (int) Math.min(wanted, options.maxRepeat());
        try (HotLoop loop = new HotLoop(di, fn, calls, submission)) {
            double[] times = new double[batches];
            di.profilerStart();
            try {
                for (int b = 0; b < batches; b++) {
                    times[b] = loop.time(options.beforeEach());
                }
            } finally {
                di.profilerStop();
            }
            return new BenchResult(times, counts.estimate(), counts.warmup(), batches, calls, counts.floored(),
                    wanted > options.maxRepeat(), loop.hostMillisPerCall(batches), options, 0,
                    java.util.OptionalLong.empty(), loop.method());   // hot timing clears nothing
        }
    }

    /**
     * Triton's first estimate: one event pair around {@value #ESTIMATE_CALLS} calls, each after a clear,
     * divided by {@value #ESTIMATE_CALLS}. Shared by doBench and the suite runner's warmup.
     */
    static double estimateMillis(DeviceInterface di, CacheClearer clearer, Runnable fn) {
        try (Event start = event(di); Event end = event(di)) {
            start.record();
            for (int i = 0; i < ESTIMATE_CALLS; i++) {
                clearer.clear();
                fn.run();
            }
            end.record();
            di.synchronize();
            return TimedLoop.millis(start, end) / ESTIMATE_CALLS;
        }
    }

    /**
     * One clear's device time: an event pair around {@value #CLEAR_CALLS} clears, divided by
     * {@value #CLEAR_CALLS}. Called after the estimate, whose clears have touched the buffer, so no
     * one-time cost (first touch of the pages, the fill kernel's compilation) is in it. Shared by doBench
     * and the suite runner.
     *
     * @return ms; 0 without a clear (nothing is enqueued)
     */
    static double clearMillis(DeviceInterface di, CacheClearer clearer) {
        if (clearer.bytes() == 0) {
            return 0;
        }
        try (Event start = event(di); Event end = event(di)) {
            start.record();
            for (int i = 0; i < CLEAR_CALLS; i++) {
                clearer.clear();
            }
            end.record();
            di.synchronize();
            return TimedLoop.millis(start, end) / CLEAR_CALLS;
        }
    }

    /**
     * The device-sized clear ({@link CacheSizes#deviceSized}, twice the last-level cache) where the device
     * reports its cache and that clear is smaller than the one used: the only clear advice that changes
     * anything.
     *
     * @param facts the device
     * @param clearBytes the clear used
     * @return the smaller clear's bytes, or empty
     */
    static java.util.OptionalLong smallerClearBytes(DeviceFacts facts, long clearBytes) {
        long deviceSized = facts.lastLevelCacheBytes().isPresent() ? CacheSizes.deviceSized(facts, 2) : clearBytes;
        return deviceSized < clearBytes ? java.util.OptionalLong.of(deviceSized) : java.util.OptionalLong.empty();
    }

    /** The counts derived from an estimate, with Triton's formula and kbench's floor and caps. */
    record Counts(double estimate, int warmup, int repeat, boolean floored, boolean capped) {

        static Counts derive(double measuredMillis, BenchOptions options) {
            return derive(measuredMillis, options, 1);
        }

        /** With at least {@code minRepeat} timed calls (1: Triton's {@code max(1, ...)}), within the cap. */
        static Counts derive(double measuredMillis, BenchOptions options, int minRepeat) {
            boolean floored = !(measuredMillis >= options.minEstimateMillis());
            double estimate = floored ? options.minEstimateMillis() : measuredMillis;
            long warmup = Math.max(1, (long) (options.warmupMillis() / estimate));
            long repeat = Math.max(minRepeat, (long) (options.repMillis() / estimate));
            return new Counts(estimate, (int) Math.min(warmup, options.maxWarmup()),
                    (int) Math.min(repeat, options.maxRepeat()), floored, repeat > options.maxRepeat());
        }
    }
}
