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
package dev.kbench.cli.suite;

import dev.kbench.api.Axis;
import dev.kbench.api.Benchmark;
import dev.kbench.api.Params;
import dev.kbench.api.Suite;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * kbench's built-in suite: the same workloads on every vendor, each checked once against a CPU
 * reference before it is timed.
 *
 * <ul>
 *   <li>{@code empty}: a kernel that does nothing, one work-item: the launch floor.</li>
 *   <li>{@code copy}, {@code triad} (STREAM), {@code gelu} (the seeds' kernel), {@code reduce_sum}:
 *       over {@code n} floats, by default {@code n = 2^10, 2^15, 2^20} (tiny to memory-bound on a CPU
 *       device; use {@code -p n=2^20,2^24,2^28} on a large GPU).</li>
 *   <li>{@code sgemm}: square {@code size x size} matrices with 16x16 tiles, by default
 *       {@code size = 64, 128, 256}.</li>
 * </ul>
 *
 * <p>Combinations that need more memory than the device has, or more elements than the kernels' 32-bit
 * indices allow, are skipped with the reason.
 */
public final class BuiltinSuite {

    /** The benchmarks' names, which are also the kernels' names in {@code kernels/suite}. */
    public static final List<String> NAMES = List.of("empty", "copy", "triad", "gelu", "reduce_sum", "sgemm");
    /** The default vector lengths. */
    public static final String DEFAULT_N = "2^10,2^15,2^20";
    /** The default matrix sizes. */
    public static final String DEFAULT_SIZE = "64,128,256";

    private BuiltinSuite() {
    }

    /**
     * The suite for a device whose kernels are {@code kernels}.
     *
     * @param kernels the suite's kernel module on the device; {@code null} gives a suite that can be
     *     filtered and overridden (to check a selection) but not run
     * @param memory the device's memory, for the skip rule; empty if unknown
     * @return the suite with the default parameter values
     */
    public static Suite create(SuiteKernels kernels, OptionalLong memory) {
        Axis n = Axis.ints("n", 1).withValues(DEFAULT_N);
        Axis size = Axis.ints("size", 1).withValues(DEFAULT_SIZE);
        return Suite.of(
                Benchmark.of("empty", (device, params) -> new EmptyWorkload(kernels)),
                vector("copy", n, memory, p -> 2 * 4 * p, (k, v) -> new CopyWorkload(k, v), kernels),
                vector("triad", n, memory, p -> 3 * 4 * p, (k, v) -> new TriadWorkload(k, v), kernels),
                vector("gelu", n, memory, p -> 2 * 4 * p, (k, v) -> new GeluWorkload(k, v), kernels),
                vector("reduce_sum", n, memory, p -> 4 * p + 8 * ReduceSumWorkload.MAX_GROUPS,
                        (k, v) -> new ReduceSumWorkload(k, v), kernels),
                Benchmark.of("sgemm", (device, params) -> new SgemmWorkload(kernels, params.getLong("size")))
                        .withAxis(size)
                        .withSkip(skipRule("size", memory, s -> 3 * 4 * s * s, s -> s * s)));
    }

    /** The random inputs of the benchmarks that have any, and how many floats each holds for a combination. */
    private static final Map<String, Inputs> INPUTS = Map.of(
            "copy", new Inputs(p -> p.getLong("n"), CopyWorkload.INPUTS),
            "triad", new Inputs(p -> p.getLong("n"), TriadWorkload.INPUTS),
            "gelu", new Inputs(p -> p.getLong("n"), GeluWorkload.INPUTS),
            "reduce_sum", new Inputs(p -> p.getLong("n"), ReduceSumWorkload.INPUTS),
            "sgemm", new Inputs(p -> p.getLong("size") * p.getLong("size"), SgemmWorkload.INPUTS));

    private record Inputs(ToLongFunction<Params> count, List<HostInputs.Floats> floats) {
    }

    /**
     * Gets a run of {@code suite} ready before its turn on the device (a fork in standby): builds the
     * suite's module and makes, on the host, the random inputs of every combination it will measure (those
     * not skipped), in the suite's order, up to {@value HostInputs#BUDGET_BYTES} bytes; the workloads take
     * them when they are set up, so the device waits for none of that host work.
     *
     * @param kernels the suite's kernels, which keep the inputs until a workload takes them or they close
     * @param suite the suite as it will run (filtered, with its overrides)
     * @return the bytes of inputs made
     */
    public static long prepare(SuiteKernels kernels, Suite suite) {
        kernels.build();
        Set<HostInputs.Key> keys = new LinkedHashSet<>();
        for (Benchmark benchmark : suite.benchmarks()) {
            Inputs inputs = INPUTS.get(benchmark.name());
            for (Params params : inputs == null ? List.<Params>of() : benchmark.combinations()) {
                if (benchmark.skip().apply(params).isEmpty()) {
                    long count = inputs.count().applyAsLong(params);
                    inputs.floats().forEach(f -> keys.add(f.of(count)));
                }
            }
        }
        return kernels.inputs().make(keys, HostInputs.BUDGET_BYTES);
    }

    /** A workload over one length. */
    @FunctionalInterface
    private interface Sized {
        DeviceWorkload create(SuiteKernels kernels, long n);
    }

    private static Benchmark vector(String name, Axis n, OptionalLong memory, ToLongFunction<Long> bytes,
                                    Sized workload, SuiteKernels kernels) {
        return Benchmark.of(name, (device, params) -> workload.create(kernels, params.getLong("n")))
                .withAxis(n)
                .withSkip(skipRule("n", memory, bytes, v -> v));
    }

    private static Function<Params, Optional<String>> skipRule(String axis, OptionalLong memory,
                                                               ToLongFunction<Long> bytes,
                                                               ToLongFunction<Long> elements) {
        return params -> {
            long value = params.getLong(axis);
            if (value < 1) {
                return Optional.of(axis + " must be >= 1");
            }
            double elementCount = elements.applyAsLong(value);
            if (value > Integer.MAX_VALUE || elementCount > Integer.MAX_VALUE) {
                return Optional.of(axis + " = " + value + " needs more elements than the kernels' 32-bit sizes allow");
            }
            long needed = bytes.applyAsLong(value);
            if (memory.isPresent() && needed > memory.getAsLong() * 0.8) {
                return Optional.of(String.format(Locale.ROOT, "needs %.1f GiB of device memory; the device has %.1f GiB",
                        needed / (double) (1L << 30), memory.getAsLong() / (double) (1L << 30)));
            }
            return Optional.empty();
        };
    }
}
