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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A set of named benchmarks run the way the benchstats discussion argues they must be: several
 * repetitions of each, every repetition a doBench-style measurement (a clear before each timed call,
 * device events around it), in a randomly interleaved order from a recorded seed, with results
 * streamed to listeners as each repetition completes.
 *
 * {@snippet :
 * Suite suite = Suite.of(
 *         Benchmark.of("copy", CopyWorkload::new).withAxis(Axis.powersOfTwo("n", 20, 24)),
 *         Benchmark.of("triad", TriadWorkload::new).withAxis(Axis.powersOfTwo("n", 20, 24)));
 * try (SamplesCsvWriter csv = SamplesCsvWriter.open(Path.of("samples.csv"), WriteMode.CREATE_NEW)) {  // bench-stats
 *     SuiteResult result = suite.run(Drivers.system().active(), SuiteOptions.withDefaults(),
 *             SuiteListener.onSamples(rows -> {
 *                 try {
 *                     csv.append(rows);                  // appends and flushes: a killed run keeps its rows
 *                 } catch (IOException e) {
 *                     throw new UncheckedIOException(e); // a listener that throws aborts the run
 *                 }
 *             }));
 *     System.out.println("seed " + result.seed());
 * }
 * }
 *
 * <p>Each benchmark, before its first measured repetition: is prepared by its factory (untimed), run
 * once and synchronized, checked by {@link Workload#check()}, timed over 5 calls with clears to
 * estimate one call's cost, and warmed up for {@link SuiteOptions#warmupMillis()}. Each repetition
 * then times {@code max(1, (int) (repetitionMillis / estimate))} calls, capped. A benchmark whose
 * setup, check or measurement throws is recorded as failed, its workload closed, and the run goes on;
 * a benchmark's workload is closed as soon as it has its last repetition.
 *
 * @param benchmarks the benchmarks, in declaration order
 */
public record Suite(List<Benchmark> benchmarks) {

    /** Validates the benchmarks. */
    public Suite {
        benchmarks = List.copyOf(benchmarks);
        if (benchmarks.stream().map(Benchmark::name).distinct().count() != benchmarks.size()) {
            throw new IllegalArgumentException("two benchmarks of the suite have the same name");
        }
    }

    /**
     * A suite of benchmarks.
     *
     * @param benchmarks the benchmarks
     * @return the suite
     */
    public static Suite of(Benchmark... benchmarks) {
        return new Suite(List.of(benchmarks));
    }

    /**
     * The benchmarks whose name contains one of the filters (all if none given).
     *
     * @param filters name substrings
     * @return a new suite
     * @throws IllegalArgumentException if no benchmark matches, listing the names
     */
    public Suite filter(List<String> filters) {
        if (filters.isEmpty()) {
            return this;
        }
        List<Benchmark> kept = benchmarks.stream().filter(b -> filters.stream().anyMatch(b.name()::contains)).toList();
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("no benchmark matches " + filters + "; the suite has "
                    + benchmarks.stream().map(Benchmark::name).toList());
        }
        return new Suite(kept);
    }

    /**
     * This suite with parameter values overridden on every benchmark that has the axis.
     *
     * @param overrides axis name to values as text, e.g. {@code n -> "2^20,2^24"}
     * @return a new suite
     * @throws IllegalArgumentException if no benchmark has one of the axes
     */
    public Suite withOverrides(Map<String, String> overrides) {
        List<Benchmark> changed = new ArrayList<>(benchmarks);
        for (Map.Entry<String, String> o : overrides.entrySet()) {
            boolean known = benchmarks.stream().anyMatch(b -> b.axes().stream().anyMatch(a -> a.name().equals(o.getKey())));
            if (!known) {
                throw new IllegalArgumentException("no benchmark has a parameter '" + o.getKey() + "'; theirs are "
                        + benchmarks.stream().flatMap(b -> b.axes().stream()).map(Axis::name).distinct().toList());
            }
            changed.replaceAll(b -> b.withOverride(o.getKey(), o.getValue()));
        }
        return new Suite(changed);
    }

    /**
     * Runs the suite on a backend's device.
     *
     * @param backend the backend
     * @param options the settings
     * @param listener receives results as they are measured
     * @return every outcome
     */
    public SuiteResult run(Backend backend, SuiteOptions options, SuiteListener listener) {
        return new SuiteRunner(Drivers.driver(backend), options, listener).run(this);
    }
}
