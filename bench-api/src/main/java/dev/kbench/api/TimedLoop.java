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
import dev.kbench.spi.Event;
import java.util.List;

/**
 * The one timed loop of kbench: for each timed call, the untimed hook, then the cache clear, the start
 * event, the call and the end event. {@link Bench#doBench}, the suite runner and graph mode with a
 * clear (which captures this loop into a graph) all enqueue through it, so the three cannot drift.
 *
 * <p>The host time it returns covers the clear, the two events and the call, and not the hook: a slow
 * hook (resetting gradients, refilling inputs) is the caller's own work, not launch cost, and must not
 * make a measurement look launch-bound.
 */
final class TimedLoop {

    private TimedLoop() {
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
        long hostNanos = 0;
        for (int i = 0; i < calls; i++) {
            beforeEach.run();
            long start = System.nanoTime();
            clearer.clear();
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
            times[i] = events.get(2 * i).elapsedMillis(events.get(2 * i + 1));
        }
        return times;
    }
}
