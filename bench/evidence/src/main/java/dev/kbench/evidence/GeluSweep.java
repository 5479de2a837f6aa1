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
package dev.kbench.evidence;

import dev.kbench.api.Backend;
import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.CacheSizes;
import dev.kbench.api.Device;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.Dim3;
import dev.kbench.api.Drivers;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.ReturnMode;
import dev.kbench.api.SourceKind;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The GELU sweep on any backend (docs/cuda.md and docs/opencl.md, "The H200 sweep"): checks the kernel's
 * output against the double-precision reference once ({@link Gelu#check}, 2^20 + 7 elements), then runs
 * {@code doBench} of the GELU kernel at n = 2^e floats (e = 0 runs the {@code empty} kernel where the module
 * has one: the launch floor) in each mode, and, where the backend has one, a {@code spin} kernel of known
 * duration to check event timing. The timed input is filled with 1.0f, as the C harness of bench/fidelity
 * does. The driver is the lookup's ({@code -Dkbench.backend=NAME} chooses one). Prints CSV
 * ({@code Locale.ROOT}) to standard output or {@code --out}; the device and progress go to standard error.
 *
 * <pre>
 * --exponents LIST  n = 2^e for each e (default 0,10,14,18,20,22,24,26,28)
 * --modes LIST      normal, graph, graph-noclear (default all three; graph modes are skipped where the
 *                   backend cannot capture graphs)
 * --block N         threads per block / work-group size (default 256)
 * --clear SIZE      cache clear: triton (256 MiB, the default), device (twice the reported last-level
 *                   cache) or a number of bytes; 0 disables it
 * --warmup-ms MS    doBench's warmup (default 25); --rep-ms MS its rep (default 100)
 * --spin-us LIST    spin kernel durations in microseconds (default 10,100; empty for none; CUDA only)
 * --out FILE        write the CSV there instead of standard output
 * --samples FILE    also write every sample as a samples CSV (docs/formats.md §2)
 * </pre>
 *
 * Columns: {@code path} (whether the backend ran on the module path or the class path), {@code mode},
 * {@code kernel}, {@code n}, {@code median_ms}, {@code q20_ms}, {@code q80_ms}, {@code gb_per_s} (8 bytes
 * per element at the median; empty for kernels that move nothing), {@code samples},
 * {@code calls_per_sample}, {@code estimate_ms}, {@code clear_bytes}, {@code backend}, {@code block},
 * {@code warmup_calls}, {@code min_ms}. Exit status 0; 1 if the check failed; 2 on bad usage.
 */
public final class GeluSweep {

    /** The default threads per block (work-group size). */
    public static final int BLOCK = 256;

    static final String HEADER = "path,mode,kernel,n,median_ms,q20_ms,q80_ms,gb_per_s,samples,calls_per_sample,"
            + "estimate_ms,clear_bytes,backend,block,warmup_calls,min_ms";
    /** Elements of the correctness check: a whole number of blocks plus a tail. */
    static final int CHECK_ELEMENTS = (1 << 20) + 7;

    /**
     * The parsed command line.
     *
     * @param exponents the sizes, as powers of two
     * @param modes normal, graph, graph-noclear
     * @param block threads per block
     * @param clear {@code triton}, {@code device} or a number of bytes
     * @param warmupMillis doBench's warmup
     * @param repMillis doBench's rep
     * @param spinMicros spin kernel durations
     * @param out where the CSV goes, or {@code null} for standard output
     * @param samples where every sample goes, or {@code null}
     */
    record Options(List<Integer> exponents, List<String> modes, int block, String clear, double warmupMillis,
                   double repMillis, List<Integer> spinMicros, Path out, Path samples) {

        static Options parse(String... args) {
            List<Integer> exponents = List.of(0, 10, 14, 18, 20, 22, 24, 26, 28);
            List<String> modes = List.of("normal", "graph", "graph-noclear");
            int block = BLOCK;
            String clear = "triton";
            double warmup = 25;
            double rep = 100;
            List<Integer> spins = List.of(10, 100);
            Path out = null;
            Path samples = null;
            for (int i = 0; i < args.length; i += 2) {
                String flag = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option " + flag + " needs a value");
                }
                String value = args[i + 1];
                try {
                    switch (flag) {
                        case "--exponents" -> exponents = ints(flag, value, 0, 30);
                        case "--modes" -> modes = modes(value);
                        case "--block" -> block = ints(flag, value, 1, Integer.MAX_VALUE).getFirst();
                        case "--clear" -> clear = value;
                        case "--warmup-ms" -> warmup = Double.parseDouble(value);
                        case "--rep-ms" -> rep = Double.parseDouble(value);
                        case "--spin-us" -> spins = ints(flag, value, 1, 10_000_000);
                        case "--out" -> out = Path.of(value);
                        case "--samples" -> samples = Path.of(value);
                        default -> throw new IllegalArgumentException("unknown option " + flag + "; use --exponents, "
                                + "--modes, --block, --clear, --warmup-ms, --rep-ms, --spin-us, --out, --samples");
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("option " + flag + ": '" + value + "' is not a number");
                }
            }
            return new Options(exponents, modes, block, clear, warmup, rep, spins, out, samples);
        }

        long clearBytes(DeviceFacts facts) {
            return switch (clear) {
                case "triton" -> CacheSizes.TRITON_BYTES;
                case "device" -> CacheSizes.deviceSized(facts, 2);
                default -> {
                    long bytes;
                    try {
                        bytes = Long.parseLong(clear);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--clear must be triton, device or a number of bytes, got '"
                                + clear + "'");
                    }
                    if (bytes < 0) {
                        throw new IllegalArgumentException("--clear bytes must be >= 0, got " + bytes);
                    }
                    yield bytes;
                }
            };
        }

        private static List<String> modes(String value) {
            List<String> modes = List.of(value.split(","));
            for (String mode : modes) {
                if (!List.of("normal", "graph", "graph-noclear").contains(mode)) {
                    throw new IllegalArgumentException("--modes: unknown mode '" + mode + "'; use normal, graph, graph-noclear");
                }
            }
            return modes;
        }

        private static List<Integer> ints(String flag, String list, int min, int max) {
            List<Integer> values = list.isBlank() ? List.of()
                    : Arrays.stream(list.split(",")).map(String::strip).map(Integer::valueOf).toList();
            for (int v : values) {
                if (v < min || v > max) {
                    throw new IllegalArgumentException(flag + " values must be in " + min + ".." + max + ", got " + v);
                }
            }
            return values;
        }
    }

    private GeluSweep() {
    }

    /**
     * Runs the sweep.
     *
     * @param args the options above
     */
    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("GeluSweep: " + e.getMessage());
            System.exit(2);
            return;
        }
        Backend driver = Drivers.system().active();
        try {
            int status = run(driver, options, System.out, System.err);
            System.exit(status);
        } finally {
            driver.close();
        }
    }

    /**
     * Runs the sweep on a driver.
     *
     * @param driver the driver
     * @param options the options
     * @param stdout where the CSV goes unless {@code --out} names a file
     * @param log where the device, the check and progress go
     * @return 0, or 1 if the check failed (nothing is timed then)
     */
    static int run(Backend driver, Options options, PrintStream stdout, PrintStream log) {
        Device device = driver.device();
        DeviceFacts facts = device.facts();
        long clearBytes = options.clearBytes(facts);
        BenchOptions bench = BenchOptions.withDefaults().withRepMillis(options.repMillis())
                .withWarmupMillis(options.warmupMillis()).withQuantiles(0.5, 0.2, 0.8).withCacheClearBytes(clearBytes);
        String path = driver.getClass().getModule().isNamed() ? "module" : "classpath";
        log.println("device: " + facts.name() + " | vendor: " + facts.vendor() + " | " + facts.extra() + " | backend "
                + driver.name() + " on the " + (path.equals("module") ? "module path" : "class path") + " | clear " + clearBytes + " bytes | java "
                + System.getProperty("java.version"));

        Gelu.Kernels kernels = Gelu.kernelsFor(device.acceptedSources());
        Sweep sweep = new Sweep(driver, path, options.block(), bench);
        try (KernelModule module = device.loadModule(kernels.source())) {
            Kernel gelu = module.kernel(kernels.gelu());
            Gelu.Check check = Gelu.check(device, gelu, CHECK_ELEMENTS, options.block());
            log.printf(Locale.ROOT, "check: %s n=%d max abs error %.3g, %d outside tolerance: %s%n", kernels.gelu(),
                    check.checked(), check.maxAbsError(), check.wrong(), check.ok() ? "ok" : "FAILED");
            if (!check.ok()) {
                return 1;
            }
            for (int e : options.exponents()) {
                long n = 1L << e;
                Kernel kernel = e == 0 && kernels.empty().isPresent() ? module.kernel(kernels.empty().get()) : gelu;
                try (DeviceBuffer x = device.allocate(4 * n); DeviceBuffer y = device.allocate(4 * n)) {
                    device.fill(x, Float.floatToRawIntBits(1.0f));
                    device.synchronize();
                    Dim3 grid = Dim3.of(Math.ceilDiv(n, options.block()));
                    List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32((int) n));
                    Runnable fn = () -> kernel.launch(grid, Dim3.of(options.block()), args);
                    boolean moves = kernel == gelu;
                    for (String mode : options.modes()) {
                        sweep.time(mode, kernel.name(), n, moves ? 8 * n : 0, fn, log);
                    }
                }
            }
        }
        if (!options.spinMicros().isEmpty() && device.acceptedSources().contains(SourceKind.PTX)) {
            try (KernelModule spin = device.loadModule(
                    KernelSource.ofText(SourceKind.PTX, Gelu.resource("cuda/spin.ptx"), "kernels/cuda/spin.ptx"))) {
                Kernel kernel = spin.kernel("spin");
                for (int micros : options.spinMicros()) {
                    List<KernelArg> args = List.of(KernelArg.i64(micros * 1000L));
                    for (String mode : options.modes()) {
                        sweep.time(mode, "spin", micros * 1000L, 0, () -> kernel.launch(Dim3.of(1), Dim3.of(1), args), log);
                    }
                }
            }
        }
        write(options.out(), sweep.rows, stdout);
        if (options.samples() != null) {
            write(options.samples(), sweep.samples, null);
        }
        return 0;
    }

    /** The rows and samples measured so far. */
    private static final class Sweep {
        final Backend driver;
        final String path;
        final int block;
        final BenchOptions bench;
        final List<String> rows = new ArrayList<>(List.of(HEADER));
        final List<String> samples = new ArrayList<>(List.of("benchmark,params,sample,time_ms,backend,device,bytes"));

        Sweep(Backend driver, String path, int block, BenchOptions bench) {
            this.driver = driver;
            this.path = path;
            this.block = block;
            this.bench = bench;
        }

        void time(String mode, String kernel, long n, long bytes, Runnable fn, PrintStream log) {
            BenchResult result;
            try {
                result = switch (mode) {
                    case "normal" -> Bench.doBench(driver, fn, bench);
                    case "graph" -> Bench.doBenchGraph(driver, fn, bench);
                    default -> Bench.doBenchGraph(driver, fn, bench.withCacheClearBytes(0));
                };
            } catch (UnsupportedOperationException e) {
                log.println("skipped: " + mode + " " + kernel + " n=" + n + ": " + e.getMessage());
                return;
            }
            double[] q = result.quantileValues();
            String bandwidth = bytes == 0 ? "" : String.format(Locale.ROOT, "%.1f", bytes / (q[0] * 1e-3) / 1e9);
            long clear = mode.equals("graph-noclear") ? 0 : result.options().cacheClearBytes();
            rows.add(String.format(Locale.ROOT, "%s,%s,%s,%d,%.6f,%.6f,%.6f,%s,%d,%d,%.6f,%d,%s,%d,%d,%.6f", path, mode,
                    kernel, n, q[0], q[1], q[2], bandwidth, result.repeatCalls(), result.callsPerSample(),
                    result.estimateMillis(), clear, driver.name(), block, result.warmupCalls(),
                    result.statistic(ReturnMode.MIN)));
            log.println(rows.getLast());
            String device = csv(driver.device().facts().name());
            double[] times = result.timesMillis();
            for (int i = 0; i < times.length; i++) {
                samples.add(String.format(Locale.ROOT, "%s,mode=%s;n=%d;block=%d;clear=%d,%d,%s,%s,%s,%s", kernel, mode, n,
                        block, clear, i, Double.toString(times[i]), driver.name(), device, bytes == 0 ? "" : bytes));
            }
        }
    }

    private static void write(Path file, List<String> lines, PrintStream otherwise) {
        String text = String.join("\n", lines) + "\n";
        if (file == null) {
            otherwise.print(text);
            otherwise.flush();
            return;
        }
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static String csv(String value) {
        return value.contains(",") || value.contains("\"") ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }
}
