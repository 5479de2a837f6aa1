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

import java.util.OptionalLong;

/**
 * One prepared benchmark instance: created untimed by a {@link Benchmark}'s factory for one parameter
 * combination, then called many times. Implementations hold their device buffers and kernels and
 * free them in {@link #close()}.
 */
public interface Workload extends AutoCloseable {

    /** Enqueues one call of the work to time on the device's work stream; must not synchronize. */
    void run();

    /**
     * An untimed hook run on the host before each timed call (before its cache clear and start event),
     * and not before the estimate or warmup calls: Triton's {@code grad_to_none} slot, the suite
     * counterpart of {@link BenchOptions#beforeEach()}. It may enqueue device work, which then runs
     * before the clear; its host time is not counted as launch cost. The default does nothing. A workload
     * that overrides it has its cold calls held one at a time, the hook running once the call before it has
     * completed; one that keeps the default has the next call held before the current one is released,
     * where the backend can.
     */
    default void beforeEachCall() {
    }

    /**
     * Checks the result of one {@link #run()} against a reference; called once, untimed, before any
     * timing. The default checks nothing.
     *
     * @throws AssertionError or a runtime exception, with a message saying what differed
     */
    default void check() {
    }

    /**
     * Bytes moved by one call, for GB/s.
     *
     * @return the count, empty if not declared
     */
    default OptionalLong bytesPerCall() {
        return OptionalLong.empty();
    }

    /**
     * Floating-point operations of one call, for TFLOP/s.
     *
     * @return the count, empty if not declared
     */
    default OptionalLong flopsPerCall() {
        return OptionalLong.empty();
    }

    /** Frees what the factory allocated. */
    @Override
    default void close() {
    }
}
