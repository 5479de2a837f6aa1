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

/** How the timed calls of a suite reach the device. */
public enum Submission {
    /** The host enqueues every timed call. The default. */
    DIRECT,
    /**
     * The timed calls are captured into a graph and replayed (CUDA graphs), with no host launch cost:
     * cold, each captured call between its own events and after its clear; hot, a batch per replay.
     * Backends without graphs fail the benchmark with their message.
     */
    GRAPH
}
