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
/*
 * kbench evidence runs (docs/performance.md §3 and §4): A/A false positives and power with the suites API, and host
 * overhead per launch. A single-file program: run it with the java source launcher and kbench's
 * jars on the class path, on whichever backend is active (or -Dkbench.backend=NAME):
 *
 *   java --enable-native-access=ALL-UNNAMED -cp "$JARS" bench/evidence/Evidence.java aa    [options]
 *   java --enable-native-access=ALL-UNNAMED -cp "$JARS" bench/evidence/Evidence.java power [options]
 *   java --enable-native-access=ALL-UNNAMED -cp "$JARS" bench/evidence/Evidence.java overhead [options]
 *
 * Options: --n N (elements; default 2^24), --trials T (200 for aa, 100 for power), --reps R (10),
 * --rep-ms MS (per repetition, 10), --clear BYTES|device (256 MiB), --schedules INTERLEAVED,SEQUENTIAL,
 * --deltas 0.01,0.02 (power: new = n * (1 + delta)), --kernels DIR (default: the repository's kernels/),
 * --buffers shared|separate (shared: both benchmarks of a comparison read and write the same device
 * buffers, so only the measurement differs; separate: each allocates its own, so buffer placement in
 * device memory differs too).
 *
 *   ... Evidence.java clbuild FILE.cl   builds an OpenCL C file, and on failure each kernel of it alone
 * Prints CSV lines to stdout (one per trial) and a summary on stderr.
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.Benchmark;
import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.CacheSizes;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Drivers;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.Schedule;
import dev.kbench.api.SourceKind;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteListener;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.api.Workload;
import dev.kbench.api.Device;
import dev.kbench.api.Backend;
import dev.kbench.stats.Aggregation;
import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.Compare;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.Verdict;

public class Evidence {

    static final int BLOCK = 256;

    record Options(String mode, long n, int trials, int reps, double repMillis, String clear, List<Schedule> schedules,
                   List<Double> deltas, Path kernels, boolean sharedBuffers) {
        static Options parse(String[] args) {
            Map<String, String> o = new HashMap<>();
            for (int i = 1; i + 1 < args.length; i += 2) {
                o.put(args[i], args[i + 1]);
            }
            String mode = args.length > 0 ? args[0] : "aa";
            return new Options(mode, Long.parseLong(o.getOrDefault("--n", Long.toString(1L << 24))),
                    Integer.parseInt(o.getOrDefault("--trials", mode.equals("power") ? "100" : "200")),
                    Integer.parseInt(o.getOrDefault("--reps", "10")),
                    Double.parseDouble(o.getOrDefault("--rep-ms", "10")),
                    o.getOrDefault("--clear", Long.toString(256L << 20)),
                    java.util.Arrays.stream(o.getOrDefault("--schedules", "INTERLEAVED,SEQUENTIAL").split(","))
                            .map(Schedule::valueOf).toList(),
                    java.util.Arrays.stream(o.getOrDefault("--deltas", "0.01,0.02").split(","))
                            .map(Double::valueOf).toList(),
                    Path.of(o.getOrDefault("--kernels", "kernels")),
                    !o.getOrDefault("--buffers", "shared").equals("separate"));
        }
    }

    /** The GELU kernel of the seeds, from the PTX (CUDA) or OpenCL C the other harnesses use. */
    static Kernel gelu(Device device, Path kernels, List<KernelModule> modules) {
        KernelModule module;
        String entry;
        if (device.acceptedSources().contains(SourceKind.PTX)) {
            module = device.loadModule(KernelSource.of(kernels.resolve("cuda/gelu.ptx")));
            entry = "gelu";
        } else {
            module = device.loadModule(KernelSource.of(kernels.resolve("opencl/gelu.cl")));
            entry = "gelu_forward";
        }
        modules.add(module);
        return module.kernel(entry);
    }

    /** Device buffers of a comparison, allocated once when shared by both benchmarks. */
    static final class Buffers {
        final long capacity;
        final boolean shared;
        DeviceBuffer x;
        DeviceBuffer out;

        Buffers(long capacity, boolean shared) {
            this.capacity = capacity;
            this.shared = shared;
        }

        DeviceBuffer[] get(Device device) {
            if (!shared || x == null) {
                x = device.allocate(capacity * 4);
                out = device.allocate(capacity * 4);
                device.fill(x, Float.floatToRawIntBits(0.5f));
            }
            return new DeviceBuffer[] {x, out};
        }

        void release(DeviceBuffer[] pair) {
            if (!shared) {
                pair[0].close();
                pair[1].close();
            }
        }

        void close() {
            if (shared && x != null) {
                x.close();
                out.close();
            }
        }
    }

    /** GELU over the first n elements of the buffers. */
    static Benchmark geluBenchmark(String name, long n, Kernel kernel, Buffers buffers) {
        return Benchmark.of(name, (device, params) -> {
            DeviceBuffer[] pair = buffers.get(device);
            DeviceBuffer x = pair[0];
            DeviceBuffer out = pair[1];
            List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(out), KernelArg.i32((int) n));
            Dim3 grid = Dim3.of(Math.ceilDiv(n, BLOCK));
            return new Workload() {
                @Override
                public void run() {
                    kernel.launch(grid, Dim3.of(BLOCK), args);
                }

                @Override
                public void check() {
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment host = arena.allocate(4 * Math.min(n, 1024));
                        device.read(out, host);
                        float expected = (float) (0.5 * 0.5 * (1 + erf(0.5 / Math.sqrt(2))));
                        for (long i = 0; i < host.byteSize() / 4; i++) {
                            float got = host.getAtIndex(ValueLayout.JAVA_FLOAT, i);
                            if (Math.abs(got - expected) > 1e-5f) {
                                throw new AssertionError("gelu out[" + i + "] = " + got + ", expected " + expected);
                            }
                        }
                    }
                }

                @Override
                public OptionalLong bytesPerCall() {
                    return OptionalLong.of(8 * n);
                }

                @Override
                public void close() {
                    buffers.release(pair);
                }
            };
        });
    }

    static double erf(double x) {
        // Abramowitz-Stegun 7.1.26 is too coarse; integrate the series for |x| < 3 (x = 0.35 here).
        double sum = 0, term = x;
        for (int k = 0; k < 60; k++) {
            sum += term / (2 * k + 1);
            term *= -x * x / (k + 1);
        }
        return 2 / Math.sqrt(Math.PI) * sum;
    }

    public static void main(String[] args) {
        Options options = Options.parse(args);
        if (options.mode().equals("clbuild")) {
            clbuild(Drivers.system().active().device(), Path.of(args[1]));
            return;
        }
        Backend driver = Drivers.system().active();
        Device device = driver.device();
        long clear = options.clear().equals("device") ? CacheSizes.deviceSized(device.facts(), 2)
                : Long.parseLong(options.clear());
        List<KernelModule> modules = new ArrayList<>();
        Kernel kernel = gelu(device, options.kernels(), modules);
        System.err.printf(Locale.ROOT, "# %s on %s (%s), n=%d, clear=%d bytes%n", options.mode(), driver.name(),
                device.facts().name(), options.n(), clear);
        switch (options.mode()) {
            case "aa" -> comparisons(driver, kernel, options, clear, List.of(0.0));
            case "power" -> comparisons(driver, kernel, options, clear, options.deltas());
            case "overhead" -> overhead(driver, device, kernel, options, clear);
            default -> throw new IllegalArgumentException("mode must be aa, power or overhead, got " + options.mode());
        }
        modules.forEach(KernelModule::close);
        driver.close();
    }

    /** A/A (delta 0) or planted differences: base = n, new = n * (1 + delta), verdicts counted. */
    static void comparisons(Backend driver, Kernel kernel, Options o, long clear, List<Double> deltas) {
        System.out.println("mode,schedule,delta,trial,aggregation,verdict,ratio,pvalue_less,pvalue_greater,"
                + "n_base_samples,n_new_samples,measuring_ms");
        for (Schedule schedule : o.schedules()) {
            for (double delta : deltas) {
                long nNew = Math.round(o.n() * (1 + delta));
                Map<String, int[]> counts = new HashMap<>();
                double measuring = 0;
                for (int trial = 0; trial < o.trials(); trial++) {
                    Buffers buffers = new Buffers(nNew, o.sharedBuffers());
                    Suite suite = Suite.of(geluBenchmark("base", o.n(), kernel, buffers),
                            geluBenchmark("new", nNew, kernel, buffers));
                    List<SampleRecord> rows = new ArrayList<>();
                    SuiteResult result = suite.run(driver, SuiteOptions.withDefaults().withRepetitions(o.reps())
                            .withSchedule(schedule).withSeed(1000L * trial + 17).withMillis(25, o.repMillis())
                            .withCacheClearBytes(clear), SuiteListener.onSamples(rows::addAll));
                    buffers.close();
                    if (result.anyFailed()) {
                        throw new IllegalStateException("a benchmark failed: " + result.outcomes());
                    }
                    double ms = result.outcomes().stream().mapToDouble(BenchmarkOutcome::measuringMillis).sum();
                    measuring += ms;
                    List<SampleRecord> base = rows.stream().filter(r -> r.benchmark().equals("base")).toList();
                    List<SampleRecord> next = rows.stream().filter(r -> r.benchmark().equals("new"))
                            .map(r -> SampleRecord.builder("base", r.params()).repetition(r.repetition())
                                    .sample(r.sample()).timeMillis(r.timeMillis()).backend(r.backend())
                                    .device(r.device()).bytes(r.bytes()).flops(r.flops()).build()).toList();
                    for (Aggregation aggregation : Aggregation.values()) {
                        CompareReport report = Compare.withDefaults().with(aggregation).withStabilityShuffles(100)
                                .withBootstrapResamples(100).compare(base, next);
                        BenchmarkComparison c = report.results().getFirst();
                        counts.computeIfAbsent(aggregation.jsonName(), k -> new int[3])[c.verdict().ordinal()]++;
                        System.out.printf(Locale.ROOT, "%s,%s,%.3f,%d,%s,%s,%.5f,%.3g,%.3g,%d,%d,%.1f%n", o.mode(),
                                schedule, delta, trial, aggregation.jsonName(), c.verdict(), c.ratio(), c.test().pValueLess(),
                                c.test().pValueGreater(), c.samplesBase(), c.samplesNew(), ms);
                    }
                    System.out.flush();
                }
                for (Map.Entry<String, int[]> e : counts.entrySet()) {
                    int[] v = e.getValue();
                    System.err.printf(Locale.ROOT, "# %s %s delta=%.3f aggregation=%s: %s=%d %s=%d %s=%d of %d; "
                                    + "mean measuring time per comparison %.0f ms%n", o.mode(), schedule, delta, e.getKey(),
                            Verdict.values()[0], v[0], Verdict.values()[1], v[1], Verdict.values()[2], v[2], o.trials(),
                            measuring / o.trials());
                }
            }
        }
    }

    /** Host cost of one launch and one event record, and the doBench floor of the empty-ish kernel (n = 1). */
    static void overhead(Backend driver, Device device, Kernel kernel, Options o, long clear) {
        try (DeviceBuffer x = device.allocate(4 * 1024); DeviceBuffer out = device.allocate(4 * 1024)) {
            List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(out), KernelArg.i32(1));
            Dim3 one = Dim3.of(1);
            Dim3 block = Dim3.of(BLOCK);
            int batch = 2000;
            System.out.println("what,median_us,q20_us,q80_us");
            double[] launch = new double[50];
            double[] record = new double[50];
            var event = device.createEvent();
            for (int r = 0; r < launch.length + 5; r++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < batch; i++) {
                    kernel.launch(one, block, args);
                }
                long t1 = System.nanoTime();
                device.synchronize();
                long t2 = System.nanoTime();
                for (int i = 0; i < batch; i++) {
                    event.record();
                }
                long t3 = System.nanoTime();
                device.synchronize();
                if (r >= 5) {
                    launch[r - 5] = (t1 - t0) / 1e3 / batch;
                    record[r - 5] = (t3 - t2) / 1e3 / batch;
                }
            }
            event.close();
            print("host_launch", launch);
            print("host_event_record", record);
            BenchResult floor = Bench.doBench(driver, () -> kernel.launch(one, block, args),
                    BenchOptions.withDefaults().withCacheClearBytes(clear));
            print("dobench_n1_with_clear", java.util.Arrays.stream(floor.timesMillis()).map(t -> t * 1e3).toArray());
            BenchResult noClear = Bench.doBench(driver, () -> kernel.launch(one, block, args),
                    BenchOptions.withDefaults().withCacheClearBytes(0));
            print("dobench_n1_no_clear", java.util.Arrays.stream(noClear.timesMillis()).map(t -> t * 1e3).toArray());
            // Host time of a whole doBench call beyond the device time it measured.
            long t0 = System.nanoTime();
            BenchResult timed = Bench.doBench(driver, () -> kernel.launch(one, block, args),
                    BenchOptions.withDefaults().withCacheClearBytes(clear));
            double hostMs = (System.nanoTime() - t0) / 1e6;
            System.out.printf(Locale.ROOT, "dobench_host_ms_total,%.3f,%d_calls,%.6f_ms_estimate%n", hostMs,
                    1 + 5 + timed.warmupCalls() + timed.repeatCalls(), timed.estimateMillis());
        }
    }

    /** Builds an OpenCL C file; on failure, each kernel alone (with the file's preamble), naming the ones that fail. */
    static void clbuild(Device device, Path file) {
        KernelSource whole = KernelSource.of(file);
        try (KernelModule m = device.loadModule(whole)) {
            System.out.println("whole file: ok");
            return;
        } catch (RuntimeException e) {
            System.out.println("whole file: FAILED: " + e.getMessage().lines().filter(l -> l.contains("fatal")).toList());
        }
        String text = whole.text();
        String[] parts = text.split("(?=__kernel )");
        for (int i = 1; i < parts.length; i++) {
            String name = parts[i].substring(0, parts[i].indexOf('(')).replace("__kernel void", "").trim();
            String alone = parts[0] + parts[i];
            try (KernelModule m = device.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, alone, name + ".cl"))) {
                System.out.println(name + ": ok");
            } catch (RuntimeException e) {
                System.out.println(name + ": FAILED: " + e.getMessage().lines().filter(l -> l.contains("fatal")).toList());
                System.out.println(alone);
            }
        }
    }

    static void print(String what, double[] us) {
        double[] q = dev.kbench.api.internal.Quantiles.of(us, 0.5, 0.2, 0.8);
        System.out.printf(Locale.ROOT, "%s,%.3f,%.3f,%.3f%n", what, q[0], q[1], q[2]);
    }
}
