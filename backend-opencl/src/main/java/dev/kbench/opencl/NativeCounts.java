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
package dev.kbench.opencl;

import java.util.EnumMap;
import java.util.Map;

/**
 * How many OpenCL objects of each kind a device created and released, so tests can prove that every
 * {@code cl_event}, {@code cl_mem}, {@code cl_program} and {@code cl_kernel} is released. Not thread-safe,
 * like the device.
 */
final class NativeCounts {

    /** The kinds counted. */
    enum Kind {
        /** {@code cl_event}, one per recorded marker. */
        EVENT,
        /** {@code cl_mem}. */
        BUFFER,
        /** {@code cl_program}. */
        PROGRAM,
        /** {@code cl_kernel}. */
        KERNEL
    }

    private final long[] created = new long[Kind.values().length];
    private final long[] released = new long[Kind.values().length];

    void onCreate(Kind kind) {
        created[kind.ordinal()]++;
    }

    void onRelease(Kind kind) {
        released[kind.ordinal()]++;
    }

    /**
     * Objects of a kind created so far.
     *
     * @param kind the kind
     * @return the count
     */
    long created(Kind kind) {
        return created[kind.ordinal()];
    }

    /**
     * Objects of a kind created and not yet released.
     *
     * @param kind the kind
     * @return the count
     */
    long live(Kind kind) {
        return created[kind.ordinal()] - released[kind.ordinal()];
    }

    /**
     * The live counts of every kind.
     *
     * @return kind to live count
     */
    Map<Kind, Long> live() {
        Map<Kind, Long> live = new EnumMap<>(Kind.class);
        for (Kind kind : Kind.values()) {
            live.put(kind, live(kind));
        }
        return live;
    }
}
