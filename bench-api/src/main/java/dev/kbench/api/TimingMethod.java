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

/** How the samples of a measurement were taken; results carry it beside the {@link Timing}. */
public enum TimingMethod {
    /**
     * A pair of device events around each call, all calls enqueued by the host, then one synchronize:
     * cold timing where the backend cannot hold its stream (or {@code -Dkbench.hold=false}).
     */
    EVENTS,
    /**
     * The calls were captured once into a graph and replayed, so the host enqueued no call while they
     * were timed (cold: an event pair around each captured call; hot: around each replay of a batch).
     */
    GRAPH,
    /**
     * Enqueued while the device's stream was held shut (a blocking kernel on CUDA, a user event on
     * OpenCL) and released once the work was in. Hot: each batch ran without host launch gaps. Cold
     * (the default where the backend can hold): each call, with its clear and events, was held, released
     * and synchronized alone, as NVBench's cold measurement does, so no host submission reached the
     * device while a call was timed.
     */
    HELD,
    /**
     * Hot batches with nothing hiding the launches (the backend cannot hold its stream, or a hold timed
     * out): where one call is shorter than the host takes to launch it, the host's launch rate shows.
     */
    BATCH;

    /** {@return the lower-case name used in results: {@code events}, {@code graph}, {@code held}, {@code batch}} */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
