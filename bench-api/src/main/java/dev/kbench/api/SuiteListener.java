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

import java.util.List;
import java.util.function.Consumer;

/**
 * Receives a {@link Suite} run's results as they are measured, on the measuring thread. Every method
 * has an empty default. Listeners must not measure; throwing from one aborts the run.
 */
public interface SuiteListener {

    /**
     * The run starts.
     *
     * @param seed the seed of the interleaved order (recorded so the run can be replayed)
     * @param plannedRepetitions the repetitions planned over all benchmarks (an upper bound with a noise target)
     */
    default void started(long seed, long plannedRepetitions) {
    }

    /**
     * One repetition of one benchmark starts; the first also sets the benchmark up (setup, check,
     * estimate and warmup). Lets a listener watch for a step that takes too long.
     *
     * @param benchmark the benchmark's name
     * @param params the combination
     * @param repetition the repetition's index, from 0
     */
    default void starting(String benchmark, Params params, int repetition) {
    }

    /**
     * One repetition of one benchmark was measured.
     *
     * @param samples its samples, in order, as samples-CSV rows
     */
    default void repetition(List<SampleRecord> samples) {
    }

    /**
     * A combination was skipped.
     *
     * @param benchmark the benchmark's name
     * @param params the combination
     * @param reason why
     */
    default void skipped(String benchmark, Params params, String reason) {
    }

    /**
     * A benchmark failed; the run goes on with the others.
     *
     * @param benchmark the benchmark's name
     * @param params the combination
     * @param error what failed
     */
    default void failed(String benchmark, Params params, Throwable error) {
    }

    /**
     * Progress after each repetition.
     *
     * @param done repetitions done
     * @param planned repetitions planned (may shrink when benchmarks stop early or fail)
     */
    default void progress(long done, long planned) {
    }

    /**
     * A listener that hands each repetition's rows to a consumer, e.g. a samples-CSV writer that
     * appends and flushes.
     *
     * @param sink receives each repetition's rows
     * @return the listener
     */
    static SuiteListener onSamples(Consumer<List<SampleRecord>> sink) {
        return new SuiteListener() {
            @Override
            public void repetition(List<SampleRecord> samples) {
                sink.accept(samples);
            }
        };
    }

    /**
     * A listener that forwards to several, in order.
     *
     * @param listeners the listeners
     * @return the combined listener
     */
    static SuiteListener all(List<SuiteListener> listeners) {
        List<SuiteListener> copy = List.copyOf(listeners);
        return new SuiteListener() {
            @Override
            public void started(long seed, long plannedRepetitions) {
                copy.forEach(l -> l.started(seed, plannedRepetitions));
            }

            @Override
            public void starting(String benchmark, Params params, int repetition) {
                copy.forEach(l -> l.starting(benchmark, params, repetition));
            }

            @Override
            public void repetition(List<SampleRecord> samples) {
                copy.forEach(l -> l.repetition(samples));
            }

            @Override
            public void skipped(String benchmark, Params params, String reason) {
                copy.forEach(l -> l.skipped(benchmark, params, reason));
            }

            @Override
            public void failed(String benchmark, Params params, Throwable error) {
                copy.forEach(l -> l.failed(benchmark, params, error));
            }

            @Override
            public void progress(long done, long planned) {
                copy.forEach(l -> l.progress(done, planned));
            }
        };
    }
}
