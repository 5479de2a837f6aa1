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

import java.util.Locale;

/** What one timed sample measures: a cold call on its own, or hot calls back to back. */
public enum Timing {
    /**
     * Each timed call on its own, between its own pair of device events, after a cache clear (when
     * one is set): the time of one call as it runs cold, Triton's {@code do_bench}. The default.
     */
    COLD,
    /**
     * Calls back to back with no cache clear: one pair of device events around a batch of calls, the
     * sample being the batch's time divided by its calls. Host launch cost is hidden where the backend
     * can hold its stream until the batch is enqueued ({@link TimingMethod#HELD}) or replay a graph
     * ({@link TimingMethod#GRAPH}), as NVBench's batch (hot) time.
     */
    HOT;

    /** {@return the lower-case name used on the command line and in results: {@code cold} or {@code hot}} */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
