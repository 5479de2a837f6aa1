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

import dev.kbench.spi.CapturedGraph;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Event;
import dev.kbench.spi.StreamGate;
import java.util.Locale;

/**
 * Hot timing, shared by {@link Bench} and the suite runner: one pair of device events around a batch of
 * back-to-back calls, the sample being the batch's time divided by its calls.
 *
 * <p>Launches are hidden where the backend allows: with {@link Submission#GRAPH} the batch is one graph
 * replay; otherwise the stream is held by the backend's {@link StreamGate} while the host enqueues the
 * batch (NVBench's blocking kernel, holding the whole batch rather than NVBench's first two calls), and
 * released once it is in. A hold that times out (the work blocked the host, or the backend's queue of
 * pending launches filled) voids its batch: the gate is dropped, the batch is timed again without it,
 * and the method becomes {@link TimingMethod#BATCH} with the reason in {@link #note()}.
 */
final class HotLoop implements AutoCloseable {

    /** Most calls in one batch: every call of a held batch waits in the backend's queue of pending launches. */
    static final int MAX_CALLS_PER_BATCH = 256;
    /** Device time one batch aims at, in ms: long against the events' resolution, short against drift. */
    static final double BATCH_TARGET_MILLIS = 1.0;

    private final DeviceInterface device;
    private final Runnable fn;
    private final int calls;
    private final Event start;
    private final Event end;
    private CapturedGraph graph;
    private StreamGate gate;
    private TimingMethod method;
    private String note = "";
    private long hostNanos;

    /**
     * Prepares the loop: captures the batch into a graph for {@link Submission#GRAPH}, and creates the
     * backend's gate where it has one.
     *
     * @param device the device
     * @param fn enqueues one call; it has run (warmed up) before, so nothing is loaded while held
     * @param calls calls per batch, {@code >= 1}
     * @param submission direct or graph
     */
    HotLoop(DeviceInterface device, Runnable fn, int calls, Submission submission) {
        this.device = device;
        this.fn = fn;
        this.calls = calls;
        this.start = Bench.event(device);
        Event second;
        try {
            second = Bench.event(device);
        } catch (RuntimeException | Error e) {
            start.close();
            throw e;
        }
        this.end = second;
        try {
            if (submission == Submission.GRAPH) {
                graph = Bench.capture(device, () -> {
                    for (int i = 0; i < calls; i++) {
                        fn.run();
                    }
                });
            }
            try {
                gate = TimedLoop.openGate(device);
            } catch (UnsupportedOperationException e) {
                gate = null;
                note = graph == null ? "launches not hidden: " + e.getMessage() : "";
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
        method = graph != null ? TimingMethod.GRAPH : gate != null ? TimingMethod.HELD : TimingMethod.BATCH;
    }

    /**
     * The calls per batch for a per-call estimate: enough for {@value #BATCH_TARGET_MILLIS} ms, at least 1, at
     * most {@value #MAX_CALLS_PER_BATCH}.
     *
     * @param estimateMillis one call's estimate in ms, positive
     * @return calls per batch
     */
    static int callsPerBatch(double estimateMillis) {
        return (int) Math.max(1, Math.min(MAX_CALLS_PER_BATCH, Math.ceil(BATCH_TARGET_MILLIS / estimateMillis)));
    }

    /**
     * Times one batch.
     *
     * @param beforeBatch the untimed hook, run on the host before the batch is held
     * @return the batch's device time divided by its calls, in ms
     */
    double time(Runnable beforeBatch) {
        beforeBatch.run();
        long t0 = System.nanoTime();
        if (gate != null) {
            gate.hold();
        }
        start.record();
        if (graph != null) {
            graph.replay();
        } else {
            for (int i = 0; i < calls; i++) {
                fn.run();
            }
        }
        end.record();
        if (gate != null) {
            gate.release();
        }
        hostNanos += System.nanoTime() - t0;
        device.synchronize();
        if (gate != null && gate.timedOut()) {
            note = String.format(Locale.ROOT, "the %s holding the stream timed out after %.0f ms while %d calls "
                    + "were enqueued (the work blocks the host, or the backend's launch queue is full); "
                    + "later batches are not held", gate.technique(), Bench.HOLD_TIMEOUT_MILLIS, calls);
            gate.close();
            gate = null;
            if (graph == null) {
                method = TimingMethod.BATCH;
            }
            return time(() -> { });
        }
        return TimedLoop.millis(start, end) / calls;
    }

    /** {@return calls per batch} */
    int calls() {
        return calls;
    }

    /** {@return how the batches were timed so far} */
    TimingMethod method() {
        return method;
    }

    /** {@return why launches are not hidden, empty when they are} */
    String note() {
        return note;
    }

    /**
     * {@return host ms to enqueue one call, over the batches timed; NaN where launches were hidden (held or
     * replayed), since the host then sets no pace}
     */
    double hostMillisPerCall(int batches) {
        return method == TimingMethod.BATCH && batches > 0 ? hostNanos / 1e6 / batches / calls : Double.NaN;
    }

    /** Starts a new count of host time for {@link #hostMillisPerCall}. */
    void resetHostTime() {
        hostNanos = 0;
    }

    @Override
    public void close() {
        if (gate != null) {
            gate.close();
            gate = null;
        }
        if (graph != null) {
            graph.close();
            graph = null;
        }
        start.close();
        end.close();
    }
}
