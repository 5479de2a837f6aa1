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

import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Event;
import dev.kbench.spi.StreamGate;
import java.util.List;
import java.util.Locale;

/**
 * The one timed loop of kbench: for each timed call, the untimed hook, then the cache clear, the start
 * event, the call and the end event. {@link Bench#doBench}, the suite runner and graph mode with a
 * clear (which captures this loop into a graph) all enqueue through it, so the three cannot drift.
 *
 * <p>The host time it returns covers the clear, the two events and the call, and not the hook: a slow
 * hook (resetting gradients, refilling inputs) is the caller's own work, not launch cost, and must not
 * make a measurement look launch-bound.
 *
 * <p>Cold calls are timed through {@link Cold}: one at a time behind the backend's {@link StreamGate}
 * where it has one (NVBench's cold measurement), else all enqueued and synchronized once (Triton's).
 */
final class TimedLoop {

    /**
     * System property that turns the hold off ({@code false}) for cold and hot timing alike, for an A/B
     * of the hold itself; default {@code true}.
     */
    static final String HOLD_PROPERTY = dev.kbench.api.internal.Flags.HOLD;

    /**
     * System property that turns off ({@code false}) holding the next cold call before the current one is
     * released, for an A/B of it; default {@code true}.
     */
    static final String AHEAD_PROPERTY = dev.kbench.api.internal.Flags.HOLD_AHEAD;

    /**
     * Does nothing: the untimed hook of a workload or options that have none (cold calls may then be held
     * ahead), and the step between a clear and its start event where nothing is held.
     */
    static final Runnable NO_HOOK = () -> { };

    private TimedLoop() {
    }

    /**
     * The gate that holds timed calls (cold calls and hot batches alike): the backend's, unless
     * {@value #HOLD_PROPERTY} is {@code false}.
     *
     * @param device the device whose stream is held
     * @return a new gate with {@link Bench#HOLD_TIMEOUT_MILLIS}
     * @throws UnsupportedOperationException with the reason where nothing is held: the backend cannot hold its
     *     stream, or {@value #HOLD_PROPERTY} is {@code false}
     */
    static StreamGate openGate(DeviceInterface device) {
        if (!dev.kbench.api.internal.Flags.on(HOLD_PROPERTY)) {
            throw new UnsupportedOperationException(HOLD_PROPERTY + "=false");
        }
        return dev.kbench.api.internal.BackendAnswers.nonNull(device.streamGate(Bench.HOLD_TIMEOUT_MILLIS), device,
                "DeviceInterface.streamGate(" + Bench.HOLD_TIMEOUT_MILLIS + ")");
    }

    /**
     * Cold timed calls. Held (where the backend has a {@link StreamGate} and {@value #HOLD_PROPERTY} is not
     * {@code false}): for each call the hook runs and the clear is enqueued, then the stream is held shut
     * behind the clear, the start event, call and end event are enqueued, the stream is released and
     * synchronized, so no host submission reaches the device while a call is timed and the device never has
     * a queue of pending work behind it. The order is NVBench's (flush, block, timer start, launch, timer
     * stop, unblock), without its synchronize between the flush and the block: the device clears while the
     * host enqueues the rest. Measured on an
     * H200 (docs/performance.md), work enqueued while the device runs timed calls slowed them in some
     * processes and not in others, by up to 4 % at 2^22 elements, which made the medians of separate
     * processes disagree; held one at a time they agree within about a quarter of that. Otherwise (no
     * gate, or a hold that timed out) all calls are enqueued, then synchronized once.
     *
     * <p>Held ahead, where the gate can hold two at once ({@link StreamGate#maxHolds()}), there is no
     * untimed hook ({@link #NO_HOOK}) and {@value #AHEAD_PROPERTY} is not {@code false}: the next call's
     * clear and hold are enqueued before the current call is released, and the host waits for the current
     * call's end event instead of the whole stream. The device then goes from one call's end to the next
     * call's clear without waiting for the host, while still no host submission arrives during a timed
     * call; only the next clear and hold are queued behind it. With a hook the calls are held one at a time:
     * a hook may synchronize, and must see the call before it completed.
     */
    static final class Cold implements AutoCloseable {
        private final DeviceInterface device;
        private StreamGate gate;
        /** Holds enqueued on the gate and not yet released. */
        private int inPlace;
        private String note = "";

        /**
         * Opens the backend's gate when holding is wanted and the backend has one.
         *
         * @param device the device whose stream is held
         */
        Cold(DeviceInterface device) {
            this.device = device;
            try {
                gate = openGate(device);
            } catch (UnsupportedOperationException e) {
                gate = null;   // Triton's way: method() says events
            }
        }

        /** {@return {@link TimingMethod#HELD} while the calls are held, else {@link TimingMethod#EVENTS}} */
        TimingMethod method() {
            return gate != null ? TimingMethod.HELD : TimingMethod.EVENTS;
        }

        /** {@return why calls that were held are no longer held (a hold timed out), or empty} */
        String note() {
            return note;
        }

        /**
         * Times {@code calls} calls on events {@code 2i} and {@code 2i + 1} and synchronizes the device.
         *
         * @param events at least {@code 2 * calls} events
         * @param calls the number of timed calls
         * @param beforeEach the untimed hook, run on the host before each call's clear
         * @param clearer the cache clear enqueued before each start event
         * @param fn enqueues one call
         * @return host nanoseconds spent enqueuing the timed part, summed over the calls
         */
        long run(List<Event> events, int calls, Runnable beforeEach, CacheClearer clearer, Runnable fn) {
            long[] hostNanos = {0};
            try {
                int i = calls > 0 && gate != null && beforeEach == NO_HOOK && gate.maxHolds() >= 2
                        && dev.kbench.api.internal.Flags.on(AHEAD_PROPERTY)
                        ? ahead(events, calls, clearer, fn, hostNanos) : 0;
                return hostNanos[0] + oneAtATime(events, i, calls, beforeEach, clearer, fn);
            } catch (RuntimeException | Error e) {
                // a call that failed to enqueue must not leave the stream held for the next work
                while (gate != null && inPlace > 0) {
                    release();
                }
                throw e;
            }
        }

        private void hold() {
            gate.hold();
            inPlace++;
        }

        private void release() {
            gate.release();
            inPlace--;
        }

        /**
         * Times calls {@code 0..calls-1} held ahead, until a hold times out: the gate is then dropped.
         *
         * @param hostNanos where the host nanoseconds spent enqueuing the timed part are added
         * @return the first call not timed (calls when all were)
         */
        private int ahead(List<Event> events, int calls, CacheClearer clearer, Runnable fn, long[] hostNanos) {
            hostNanos[0] += holdNext(clearer);
            for (int i = 0; i < calls; i++) {
                hostNanos[0] += enqueue(events, i, 1, NO_HOOK, Bench.NO_CLEAR, NO_HOOK, fn);
                boolean next = i + 1 < calls;
                if (next) {
                    hostNanos[0] += holdNext(clearer);
                }
                release();
                events.get(2 * i + 1).synchronize();
                if (gate.timedOut()) {
                    if (next) {
                        release();
                    }
                    device.synchronize();
                    timedOut();
                    return i;
                }
            }
            device.synchronize();
            return calls;
        }

        /** Enqueues the next call's clear and its hold; returns the host nanoseconds spent. */
        private long holdNext(CacheClearer clearer) {
            long start = System.nanoTime();
            clearer.clear();
            hold();
            return System.nanoTime() - start;
        }

        /** Calls {@code first..calls-1} held one at a time, or all enqueued and synchronized once without a gate. */
        private long oneAtATime(List<Event> events, int first, int calls, Runnable beforeEach, CacheClearer clearer,
                                Runnable fn) {
            long hostNanos = 0;
            for (int i = first; i < calls; i++) {
                if (gate == null) {
                    hostNanos += enqueue(events, i, calls - i, beforeEach, clearer, NO_HOOK, fn);
                    device.synchronize();
                    return hostNanos;
                }
                hostNanos += enqueue(events, i, 1, beforeEach, clearer, this::hold, fn);
                release();
                device.synchronize();
                if (gate.timedOut()) {
                    timedOut();
                    i--;
                }
            }
            return hostNanos;
        }

        /** The call behind the last hold may have waited on the host inside its event pair: drops the gate. */
        private void timedOut() {
            note = String.format(Locale.ROOT, "the %s holding the stream timed out after %.0f ms; "
                    + "later cold calls are not held", gate.technique(), Bench.HOLD_TIMEOUT_MILLIS);
            gate.close();   // releases what is still held
            gate = null;
            inPlace = 0;
        }

        /** Frees the gate. Idempotent. */
        @Override
        public void close() {
            if (gate != null) {
                gate.close();
                gate = null;
            }
        }
    }

    /**
     * Enqueues {@code calls} timed calls on events {@code 2i} (start) and {@code 2i + 1} (end).
     *
     * @param events at least {@code 2 * calls} events
     * @param calls the number of timed calls
     * @param beforeEach the untimed hook, run on the host before each call's clear
     * @param clearer the cache clear enqueued before each start event
     * @param fn enqueues one call
     * @return host nanoseconds spent enqueuing the timed part (clear, events, call), summed over the calls
     */
    static long enqueue(List<Event> events, int calls, Runnable beforeEach, CacheClearer clearer, Runnable fn) {
        return enqueue(events, 0, calls, beforeEach, clearer, NO_HOOK, fn);
    }

    /**
     * Enqueues timed calls {@code first} to {@code first + calls - 1}, on events {@code 2i} and {@code 2i + 1}.
     *
     * @param events at least {@code 2 * (first + calls)} events
     * @param first the index of the first call
     * @param calls the number of timed calls
     * @param beforeEach the untimed hook, run on the host before each call's clear
     * @param clearer the cache clear enqueued before each start event
     * @param afterClear run between each call's clear and its start event (the hold of a held call)
     * @param fn enqueues one call
     * @return host nanoseconds spent enqueuing the timed part (clear, events, call), summed over the calls
     */
    static long enqueue(List<Event> events, int first, int calls, Runnable beforeEach, CacheClearer clearer,
                        Runnable afterClear, Runnable fn) {
        long hostNanos = 0;
        for (int i = first; i < first + calls; i++) {
            beforeEach.run();
            long start = System.nanoTime();
            clearer.clear();
            afterClear.run();
            events.get(2 * i).record();
            fn.run();
            events.get(2 * i + 1).record();
            hostNanos += System.nanoTime() - start;
        }
        return hostNanos;
    }

    /**
     * Reads the samples of a loop enqueued by {@link #enqueue}, after the device has synchronized.
     *
     * @param events the events passed to {@link #enqueue}
     * @param calls the number of timed calls
     * @return milliseconds between each call's start and end event
     */
    static double[] elapsedMillis(List<Event> events, int calls) {
        double[] times = new double[calls];
        for (int i = 0; i < calls; i++) {
            times[i] = millis(events.get(2 * i), events.get(2 * i + 1));
        }
        return times;
    }

    /**
     * The time between two completed events, as the backend's {@link Event#elapsedMillis} gives it, checked: a time
     * that is NaN, infinite or negative is the backend's fault, and fails the measurement here, naming it, rather
     * than as a sample no summary can hold.
     *
     * @param start the earlier event
     * @param end the later event
     * @return milliseconds, finite and {@code >= 0}
     * @throws IllegalStateException if the backend's time is not
     */
    static double millis(Event start, Event end) {
        double millis = start.elapsedMillis(end);
        if (!(millis >= 0 && millis < Double.POSITIVE_INFINITY)) {
            throw new IllegalStateException("the backend's event (" + start.getClass().getName() + ") gave " + millis
                    + " ms between two completed events; a time is finite and >= 0 (Event.elapsedMillis)");
        }
        return millis;
    }
}
