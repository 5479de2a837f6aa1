package dev.kbench.opencl.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.CacheClearer;
import dev.kbench.api.CacheSizes;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.DeviceInterface;
import dev.kbench.api.Dim3;
import dev.kbench.api.Driver;
import dev.kbench.api.Drivers;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;

/**
 * {@code do_bench} of the GELU kernel ({@code kernels/opencl/gelu.cl}) at several sizes on the
 * {@code opencl} driver, printed as CSV: median and 20%/80% quantiles in ms, and the median's
 * throughput in GB/s (8 bytes per element: one float read, one written). Each size's output is checked
 * against a double-precision reference before its line is printed.
 *
 * <p>Usage (no Maven needed; see docs/opencl.md):
 * <pre>
 * java --enable-native-access=jocl -p LIBS -m dev.kbench.opencl/dev.kbench.opencl.tools.GeluSweep [options]
 *   --log2n 16,20,24,28   sizes as powers of two (default 16,20,24,28)
 *   --block 256           work-group size (default 256)
 *   --cache triton|device|BYTES   cache clear: Triton's 256 MiB (default), 2x the device's
 *                         CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, or a size in bytes; 0 disables it
 *   --warmup-ms 25 --rep-ms 100   do_bench's targets (Triton's defaults)
 *   --samples FILE        also write every sample as a samples CSV (docs/formats.md §2)
 * </pre>
 * Choose the device with {@code -Dkbench.opencl.device=}. Exit status 0, or 1 if an output is wrong,
 * or 2 on bad usage.
 */
public final class GeluSweep {

    /** The multiple of the device's reported cache written by the {@code device} cache policy. */
    public static final int DEVICE_CACHE_MULTIPLE = 2;

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
        try {
            int wrong = run(options, System.out);
            System.exit(wrong == 0 ? 0 : 1);
        } catch (IOException e) {
            System.err.println("GeluSweep: " + e.getMessage());
            System.exit(2);
        }
    }

    /**
     * The parsed command line.
     *
     * @param log2n the sizes, as powers of two
     * @param block the work-group size
     * @param cache {@code triton}, {@code device} or a number of bytes
     * @param warmupMillis do_bench's warmup target
     * @param repMillis do_bench's repetition target
     * @param samples where to write every sample, or {@code null}
     */
    public record Options(List<Integer> log2n, int block, String cache, double warmupMillis, double repMillis, Path samples) {

        /**
         * Parses the options of the class description.
         *
         * @param args the command line
         * @return the options
         * @throws IllegalArgumentException naming a bad option or value
         */
        public static Options parse(String[] args) {
            List<Integer> log2n = List.of(16, 20, 24, 28);
            int block = 256;
            String cache = "triton";
            double warmup = 25;
            double rep = 100;
            Path samples = null;
            for (int i = 0; i < args.length; i++) {
                String flag = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option " + flag + " needs a value");
                }
                String value = args[++i];
                try {
                    switch (flag) {
                        case "--log2n" -> {
                            List<Integer> sizes = new ArrayList<>();
                            for (String part : value.split(",")) {
                                int e = Integer.parseInt(part.strip());
                                if (e < 0 || e > 30) {
                                    throw new IllegalArgumentException("--log2n values must be in 0..30, got " + e);
                                }
                                sizes.add(e);
                            }
                            log2n = List.copyOf(sizes);
                        }
                        case "--block" -> block = Integer.parseInt(value);
                        case "--cache" -> cache = value;
                        case "--warmup-ms" -> warmup = Double.parseDouble(value);
                        case "--rep-ms" -> rep = Double.parseDouble(value);
                        case "--samples" -> samples = Path.of(value);
                        default -> throw new IllegalArgumentException("unknown option " + flag
                                + "; use --log2n, --block, --cache, --warmup-ms, --rep-ms, --samples");
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("option " + flag + ": '" + value + "' is not a number");
                }
            }
            if (block < 1) {
                throw new IllegalArgumentException("--block must be >= 1, got " + block);
            }
            return new Options(log2n, block, cache, warmup, rep, samples);
        }

        long cacheBytes(DeviceFacts facts) {
            return switch (cache) {
                case "triton" -> CacheClearer.TRITON_BYTES;
                case "device" -> CacheSizes.deviceSized(facts, DEVICE_CACHE_MULTIPLE);
                default -> {
                    try {
                        long bytes = Long.parseLong(cache);
                        if (bytes < 0) {
                            throw new IllegalArgumentException("--cache bytes must be >= 0, got " + bytes);
                        }
                        yield bytes;
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--cache must be triton, device or a number of bytes, got '"
                                + cache + "'");
                    }
                }
            };
        }
    }

    /**
     * Runs the sweep and prints the CSV.
     *
     * @param options the options
     * @param out where the CSV goes
     * @return the number of sizes whose output was wrong
     * @throws IOException if the samples file cannot be written
     */
    public static int run(Options options, PrintStream out) throws IOException {
        Driver driver = Drivers.system().select("opencl");
        DeviceInterface device = driver.deviceInterface();
        DeviceFacts facts = device.facts();
        long cacheBytes = options.cacheBytes(facts);
        out.println("# kbench GeluSweep, kernels/opencl/gelu.cl, do_bench with quantiles 0.2,0.5,0.8");
        out.println("# device: " + facts.name() + " | vendor: " + facts.vendor() + " | " + facts.extra().get("deviceVersion")
                + " | driver " + facts.extra().get("driverVersion") + " | platform " + facts.extra().get("platform"));
        out.println("# global memory " + text(facts.totalMemoryBytes()) + " B, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE "
                + text(facts.lastLevelCacheBytes()) + " B, compute units " + text(facts.computeUnits()) + ", max clock "
                + (facts.clockMHz().isPresent() ? String.format(Locale.ROOT, "%.0f", facts.clockMHz().getAsDouble()) : "unknown")
                + " MHz, max work-group " + facts.extra().get("maxWorkGroupSize"));
        out.println("# cache clear: " + options.cache() + " = " + cacheBytes + " bytes; warmup " + options.warmupMillis()
                + " ms, rep " + options.repMillis() + " ms; java " + System.getProperty("java.version"));
        out.println("backend,device,n,block,bytes_moved,cache_clear_bytes,estimate_ms,warmup_calls,repeat_calls,"
                + "median_ms,q20_ms,q80_ms,min_ms,gbps_median,max_abs_error,checked");
        BenchOptions bench = BenchOptions.withDefaults().withQuantiles(0.2, 0.5, 0.8).withCacheClearBytes(cacheBytes)
                .withWarmupMillis(options.warmupMillis()).withRepMillis(options.repMillis());
        List<String> sampleRows = new ArrayList<>();
        int wrong = 0;
        try (KernelModule module = device.loadModule(Gelu.source())) {
            Kernel kernel = module.kernel(Gelu.ENTRY);
            for (int log2 : options.log2n()) {
                long n = 1L << log2;
                Check check = runOne(driver, device, kernel, n, options.block(), bench, out, facts.name(), cacheBytes, sampleRows);
                if (!check.ok()) {
                    wrong++;
                }
            }
        }
        if (options.samples() != null) {
            try (Writer writer = Files.newBufferedWriter(options.samples(), StandardCharsets.UTF_8)) {
                writer.write("benchmark,params,sample,time_ms,backend,device,bytes\n");
                for (String row : sampleRows) {
                    writer.write(row);
                    writer.write('\n');
                }
            }
        }
        return wrong;
    }

    /** The result of comparing the output with the reference. */
    record Check(boolean ok, double maxAbsError, long checked) {
    }

    private static Check runOne(Driver driver, DeviceInterface device, Kernel kernel, long n, int block, BenchOptions bench,
                                PrintStream out, String deviceName, long cacheBytes, List<String> sampleRows) {
        long bytes = n * Float.BYTES;
        try (Arena arena = Arena.ofConfined();
             DeviceBuffer x = device.allocate(bytes);
             DeviceBuffer y = device.allocate(bytes)) {
            MemorySegment host = arena.allocate(bytes, 64);
            Gelu.fillInputs(host, n);
            device.write(host, x);
            device.fill(y, Float.floatToRawIntBits(Float.NaN));
            Dim3 grid = Gelu.grid(n, block);
            Dim3 local = Dim3.of(block);
            List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32((int) n));
            BenchResult result = Bench.doBench(driver, () -> kernel.launch(grid, local, args), bench);
            device.read(y, host);
            Check check = check(host, n);
            double[] q = result.quantileValues();
            double gbps = Gelu.bytesMoved(n) / (q[1] * 1e-3) / 1e9;
            double min = result.statistic(dev.kbench.api.ReturnMode.MIN);
            out.println(String.format(Locale.ROOT, "opencl,%s,%d,%d,%d,%d,%.6f,%d,%d,%.6f,%.6f,%.6f,%.6f,%.2f,%.3e,%s",
                    csv(deviceName), n, block, Gelu.bytesMoved(n), cacheBytes, result.estimateMillis(), result.warmupCalls(),
                    result.repeatCalls(), q[1], q[0], q[2], min, gbps, check.maxAbsError(),
                    check.ok() ? "ok(" + check.checked() + ")" : "WRONG"));
            out.flush();
            double[] times = result.timesMillis();
            for (int i = 0; i < times.length; i++) {
                sampleRows.add(String.format(Locale.ROOT, "gelu_forward,n=%d;block=%d;cache=%d,%d,%s,opencl,%s,%d", n, block,
                        cacheBytes, i, Double.toString(times[i]), csv(deviceName), Gelu.bytesMoved(n)));
            }
            return check;
        }
    }

    /** Checks every element up to 2^20 and an evenly strided 2^20 of larger outputs, plus the last 1024. */
    static Check check(MemorySegment output, long n) {
        long stride = Math.max(1, n >> 20);
        double maxError = 0;
        long checked = 0;
        boolean ok = true;
        for (long i = 0; i < n; i = i < n - 1024 ? i + stride : i + 1) {
            float x = Gelu.input(i);
            float got = output.getAtIndex(ValueLayout.JAVA_FLOAT, i);
            double want = Gelu.reference(x);
            double error = Math.abs(got - want);
            if (!(error <= Gelu.tolerance(x, want))) {
                ok = false;
            }
            maxError = Math.max(maxError, error);
            checked++;
        }
        return new Check(ok, maxError, checked);
    }

    private static String text(java.util.OptionalLong value) {
        return value.isPresent() ? Long.toString(value.getAsLong()) : "unknown";
    }

    private static String csv(String value) {
        return value.contains(",") || value.contains("\"") ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }
}
