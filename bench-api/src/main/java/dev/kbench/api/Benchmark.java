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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A named benchmark of a {@link Suite}: parameter axes, a factory that prepares a {@link Workload}
 * for each combination (the untimed setup), and an optional rule that skips combinations with a reason.
 *
 * {@snippet :
 * Benchmark copy = Benchmark.of("copy", (device, params) -> new CopyWorkload(device, params.getLong("n")))
 *         .withAxis(Axis.powersOfTwo("n", 10, 24))
 *         .withSkip(params -> params.getLong("n") > (1L << 22) && cpuOnly
 *                 ? Optional.of("too large for a CPU device") : Optional.empty());
 * }
 *
 * @param name the benchmark's name, used in the samples CSV
 * @param axes the parameter axes, in order
 * @param factory prepares one workload for a combination
 * @param skip returns a reason to skip a combination, or empty to run it
 */
public record Benchmark(String name, List<Axis> axes, Factory factory, Function<Params, Optional<String>> skip) {

    /** Prepares a workload on a device for one parameter combination; its work is untimed. */
    @FunctionalInterface
    public interface Factory {
        /**
         * Allocates, loads and initialises what the timed calls need.
         *
         * @param device the device to prepare on
         * @param params the combination
         * @return the workload
         * @throws Exception if preparation fails; the suite records the error for this benchmark
         */
        Workload create(Device device, Params params) throws Exception;
    }

    /** Validates the benchmark. */
    public Benchmark {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.contains(",") || name.contains("\n")) {
            throw new IllegalArgumentException("benchmark name '" + name + "' must be non-blank without commas or newlines");
        }
        axes = List.copyOf(axes);
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(skip, "skip");
        if (axes.stream().map(Axis::name).distinct().count() != axes.size()) {
            throw new IllegalArgumentException("benchmark '" + name + "' has two axes of the same name");
        }
    }

    /**
     * A benchmark without axes.
     *
     * @param name the name
     * @param factory the setup
     * @return the benchmark
     */
    public static Benchmark of(String name, Factory factory) {
        return new Benchmark(name, List.of(), factory, params -> Optional.empty());
    }

    /**
     * This benchmark with one more axis.
     *
     * @param axis the axis
     * @return a new benchmark
     */
    public Benchmark withAxis(Axis axis) {
        List<Axis> more = new ArrayList<>(axes);
        more.add(axis);
        return new Benchmark(name, more, factory, skip);
    }

    /**
     * This benchmark with one axis's values replaced by an override such as {@code 2^20,2^24}.
     *
     * @param axisName the axis
     * @param values the values as text
     * @return a new benchmark, or this one if it has no such axis
     */
    public Benchmark withOverride(String axisName, String values) {
        return new Benchmark(name, axes.stream().map(a -> a.name().equals(axisName) ? a.withValues(values) : a).toList(),
                factory, skip);
    }

    /**
     * This benchmark with a rule that skips combinations.
     *
     * @param rule a reason to skip, or empty to run
     * @return a new benchmark
     */
    public Benchmark withSkip(Function<Params, Optional<String>> rule) {
        return new Benchmark(name, axes, factory, rule);
    }

    /**
     * Every parameter combination, the last axis varying fastest.
     *
     * @return the cartesian product of the axes
     */
    public List<Params> combinations() {
        List<Map<String, Object>> product = new ArrayList<>();
        product.add(new LinkedHashMap<>());
        for (Axis axis : axes) {
            List<Map<String, Object>> next = new ArrayList<>();
            for (Map<String, Object> partial : product) {
                for (Object value : axis.values()) {
                    Map<String, Object> extended = new LinkedHashMap<>(partial);
                    extended.put(axis.name(), value);
                    next.add(extended);
                }
            }
            product = next;
        }
        return product.stream().map(Params::of).toList();
    }
}
