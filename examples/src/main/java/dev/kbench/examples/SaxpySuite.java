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
package dev.kbench.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

import dev.kbench.api.Axis;
import dev.kbench.api.Benchmark;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Drivers;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.SourceKind;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteListener;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.api.Workload;
import dev.kbench.api.Device;
import dev.kbench.api.Backend;
import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.Compare;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.Summarizer;
import dev.kbench.stats.Summary;
import dev.kbench.stats.io.WriteMode;

/**
 * kbench from any JVM project: a suite of two implementations of {@code z = a x + y} over a sweep of
 * sizes, each checked once against the CPU, measured in interleaved repetitions with a cache clear
 * before every timed call; samples streamed to a CSV as they are measured; then summaries and a
 * Brunner-Munzel comparison of the two implementations, from bench-stats.
 *
 * <p>Run it with {@code examples/run.sh} after {@code ./mvnw install} at the repository root.
 */
public final class SaxpySuite {

    /** The scalar a. */
    static final float A = 2.0f;

    private SaxpySuite() {
    }

    /**
     * Runs the example on the active driver.
     *
     * @param args the samples CSV to write (default {@code saxpy-samples.csv})
     * @throws IOException if the CSV cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path csv = Path.of(args.length > 0 ? args[0] : "saxpy-samples.csv");
        Result result = run(Drivers.system().active(), csv, SuiteOptions.withDefaults().withCacheClearBytes(64L << 20), "2^16,2^20");
        System.out.printf(Locale.ROOT, "seed %d on %s (%s); samples in %s%n", result.suite().seed(), result.suite().device(),
                result.suite().backend(), csv);
        for (Summary s : result.summaries()) {
            System.out.printf(Locale.ROOT, "%-8s %-10s n=%4d  median %.4f ms  p20 %.4f  p80 %.4f%n", s.id().benchmark(),
                    s.id().params(), s.n(), s.medianMillis(), s.quantiles().get(0).valueMillis(),
                    s.quantiles().get(2).valueMillis());
        }
        for (BenchmarkComparison c : result.saxpy4VsSaxpy().results()) {
            System.out.printf(Locale.ROOT, "saxpy4 vs saxpy at %s: %+.1f%% (%s, p=%.2g)%n", c.id().params(),
                    100 * (c.ratio() - 1), c.verdict().jsonName(), c.test().pValueTwoSided());
        }
    }

    /**
     * What {@link #run} measured.
     *
     * @param suite the suite's result
     * @param summaries one per benchmark and size
     * @param saxpy4VsSaxpy saxpy as the base, saxpy4 as the new code, per size
     */
    public record Result(SuiteResult suite, List<Summary> summaries, CompareReport saxpy4VsSaxpy) { }

    /**
     * Measures saxpy and saxpy4 over the sizes, streaming samples to {@code csv}.
     *
     * @param driver the driver
     * @param csv the samples file, replaced
     * @param options how to measure
     * @param sizes the values of {@code n}, e.g. {@code 2^16,2^20}
     * @return what was measured
     * @throws IOException if the CSV cannot be written
     */
    public static Result run(Backend driver, Path csv, SuiteOptions options, String sizes) throws IOException {
        Axis n = Axis.ints("n", 1).withValues(sizes);
        Suite suite = Suite.of(
                Benchmark.of("saxpy", (device, params) -> new Saxpy(device, "saxpy", params.getLong("n"), 1)).withAxis(n),
                Benchmark.of("saxpy4", (device, params) -> new Saxpy(device, "saxpy4", params.getLong("n"), 4)).withAxis(n));
        List<SampleRecord> samples = new ArrayList<>();
        SuiteResult result;
        try (SamplesCsvWriter out = SamplesCsvWriter.open(csv, WriteMode.REPLACE)) {
            result = suite.run(driver, options, SuiteListener.all(List.of(
                    SuiteListener.onSamples(rows -> {
                        try {
                            out.append(rows);   // on disk before the next repetition starts
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }),
                    SuiteListener.onSamples(samples::addAll))));
        }
        if (result.anyFailed()) {
            throw new IllegalStateException("a benchmark failed: " + result.outcomes());
        }
        List<Summary> summaries = Summarizer.withDefaults().summarize(samples);
        CompareReport compare = Compare.withDefaults().compare(renamed(samples, "saxpy"), renamed(samples, "saxpy4"));
        return new Result(result, summaries, compare);
    }

    /** One implementation's samples under a common name, so that the two can be compared. */
    private static List<SampleRecord> renamed(List<SampleRecord> samples, String benchmark) {
        return samples.stream().filter(s -> s.benchmark().equals(benchmark))
                .map(s -> SampleRecord.builder("saxpy", s.params()).repetition(s.repetition()).sample(s.sample())
                        .timeMillis(s.timeMillis()).backend(s.backend()).device(s.device()).bytes(s.bytes())
                        .flops(s.flops()).build())
                .toList();
    }

    /** One implementation at one size: buffers, the kernel, and the CPU check. */
    static final class Saxpy implements Workload {
        private final long n;
        private final int width;
        private final KernelModule module;
        private final Kernel kernel;
        private final DeviceBuffer x;
        private final DeviceBuffer y;
        private final DeviceBuffer z;
        private final Device device;

        Saxpy(Device device, String entry, long n, int width) {
            if (!device.acceptedSources().contains(SourceKind.OPENCL_C)) {
                throw new IllegalArgumentException("this example ships OpenCL C; the device accepts " + device.acceptedSources());
            }
            this.device = device;
            this.n = n;
            this.width = width;
            this.module = device.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, source(), "saxpy.cl"));
            this.kernel = module.kernel(entry);
            this.x = device.allocate(4 * n);
            this.y = device.allocate(4 * n);
            this.z = device.allocate(4 * n);
            device.fill(x, Float.floatToRawIntBits(1.5f));
            device.fill(y, Float.floatToRawIntBits(0.25f));
        }

        @Override
        public void run() {
            long items = n / width;
            kernel.launch(Dim3.of((items + 255) / 256), Dim3.of(256), KernelArg.buffer(x), KernelArg.buffer(y),
                    KernelArg.buffer(z), KernelArg.f32(A), KernelArg.i32(Math.toIntExact(n)));
        }

        @Override
        public void check() {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment result = arena.allocate(ValueLayout.JAVA_FLOAT, n);
                device.read(z, result);
                for (long i = 0; i < n; i++) {
                    float got = result.getAtIndex(ValueLayout.JAVA_FLOAT, i);
                    if (got != A * 1.5f + 0.25f) {
                        throw new AssertionError("z[" + i + "] = " + got + ", expected " + (A * 1.5f + 0.25f));
                    }
                }
            }
        }

        @Override
        public OptionalLong bytesPerCall() {
            return OptionalLong.of(12 * n);
        }

        @Override
        public OptionalLong flopsPerCall() {
            return OptionalLong.of(2 * n);
        }

        @Override
        public void close() {
            z.close();
            y.close();
            x.close();
            module.close();
        }

        private static String source() {
            try (InputStream in = SaxpySuite.class.getResourceAsStream("saxpy.cl")) {
                return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
