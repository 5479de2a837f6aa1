package dev.kbench.cuda.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
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
import dev.kbench.api.KernelSource;

/**
 * The GELU sweep (docs/cuda.md, "The H200 sweep") on the cuda backend: checks the kernel's output against the CPU reference
 * once, then runs {@code doBench} of {@code kernels/cuda/gelu.ptx} at n = 2^0 (the {@code empty} kernel),
 * 2^10, ..., 2^28 floats in normal mode, CUDA-graph mode with the cache clear inside the graph, and
 * Triton's graph mode (no clear); and, to check event timing, a {@code spin} kernel of known duration in
 * the same modes. Prints CSV ({@code Locale.ROOT}) to standard output or {@code --out}; progress to
 * standard error.
 *
 * <pre>
 * --ptx FILE        gelu PTX (default kernels/cuda/gelu.ptx)
 * --spin-ptx FILE   spin PTX (default kernels/cuda/spin.ptx)
 * --exponents LIST  n = 2^e for each e (default 0,10,14,18,20,22,24,26,28)
 * --modes LIST      normal, graph, graph-noclear (default all three)
 * --rep-ms MS       doBench rep (default 100); --warmup-ms MS (default 25)
 * --clear BYTES     cache clear size, or "device" for twice the L2 (default 268435456)
 * --spin-us LIST    spin durations in microseconds (default 10,100; empty for none)
 * --out FILE        write the CSV there instead of standard output
 * </pre>
 */
public final class GeluSweep {

    /** Threads per block. */
    public static final int BLOCK = 256;

    private static final String HEADER = "path,mode,kernel,n,median_ms,q20_ms,q80_ms,gb_per_s,samples,calls_per_sample,"
            + "estimate_ms,clear_bytes";

    private GeluSweep() {
    }

    /**
     * Runs the sweep.
     *
     * @param args the options above
     * @throws IOException if a PTX file cannot be read or the CSV cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path ptx = Path.of("kernels/cuda/gelu.ptx");
        Path spinPtx = Path.of("kernels/cuda/spin.ptx");
        List<Integer> exponents = List.of(0, 10, 14, 18, 20, 22, 24, 26, 28);
        List<String> modes = List.of("normal", "graph", "graph-noclear");
        List<Integer> spins = List.of(10, 100);
        double repMillis = 100;
        double warmupMillis = 25;
        String clear = Long.toString(256L << 20);
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--ptx" -> ptx = Path.of(value);
                case "--spin-ptx" -> spinPtx = Path.of(value);
                case "--exponents" -> exponents = ints(value);
                case "--modes" -> modes = List.of(value.split(","));
                case "--rep-ms" -> repMillis = Double.parseDouble(value);
                case "--warmup-ms" -> warmupMillis = Double.parseDouble(value);
                case "--clear" -> clear = value;
                case "--spin-us" -> spins = ints(value);
                case "--out" -> out = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'; see the class javadoc");
            }
            i++;
        }
        Driver driver = Drivers.system().select("cuda");
        DeviceInterface device = driver.deviceInterface();
        DeviceFacts facts = device.facts();
        long clearBytes = clear.equals("device") ? CacheSizes.deviceSized(facts, 2) : Long.parseLong(clear);
        BenchOptions options = BenchOptions.withDefaults().withRepMillis(repMillis).withWarmupMillis(warmupMillis)
                .withQuantiles(0.5, 0.2, 0.8).withCacheClearBytes(clearBytes);
        String path = GeluSweep.class.getModule().isNamed() ? "module" : "classpath";
        System.err.println("device: " + facts.name() + ", " + facts.extra() + ", path: " + path);

        List<String> rows = new ArrayList<>();
        rows.add(HEADER);
        try (KernelModule gelu = device.loadModule(KernelSource.of(ptx));
             KernelModule spin = device.loadModule(KernelSource.of(spinPtx))) {
            double error = check(device, gelu.kernel("gelu"), (1 << 20) + 7);
            System.err.printf(Locale.ROOT, "check: gelu n=%d max error %.3g (tolerance %.1g) %s%n", (1 << 20) + 7, error,
                    GeluReference.TOLERANCE, error <= GeluReference.TOLERANCE ? "ok" : "FAILED");
            if (!(error <= GeluReference.TOLERANCE)) {
                System.exit(1);
            }
            for (int e : exponents) {
                long n = 1L << e;
                Kernel kernel = gelu.kernel(e == 0 ? "empty" : "gelu");
                try (DeviceBuffer x = device.allocate(4 * n); DeviceBuffer y = device.allocate(4 * n)) {
                    device.fill(x, Float.floatToRawIntBits(1.0f));
                    device.synchronize();
                    Dim3 grid = Dim3.of(Math.ceilDiv(n, BLOCK));
                    List<KernelArg> kernelArgs = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32((int) n));
                    Runnable fn = () -> kernel.launch(grid, Dim3.of(BLOCK), kernelArgs);
                    for (String mode : modes) {
                        BenchResult result = run(driver, fn, options, mode);
                        rows.add(row(path, mode, kernel.name(), n, result, e == 0 ? 0 : 8 * n));
                        System.err.println(rows.getLast());
                    }
                }
            }
            Kernel spinKernel = spin.kernel("spin");
            for (int micros : spins) {
                List<KernelArg> spinArgs = List.of(KernelArg.i64(micros * 1000L));
                Runnable fn = () -> spinKernel.launch(Dim3.of(1), Dim3.of(1), spinArgs);
                for (String mode : modes) {
                    BenchResult result = run(driver, fn, options, mode);
                    rows.add(row(path, mode, "spin", micros * 1000L, result, 0));
                    System.err.println(rows.getLast());
                }
            }
        } finally {
            driver.close();
        }
        String csv = String.join("\n", rows) + "\n";
        if (out == null) {
            PrintStream stdout = System.out;
            stdout.print(csv);
            stdout.flush();
        } else {
            Files.writeString(out, csv, StandardCharsets.UTF_8);
        }
    }

    private static BenchResult run(Driver driver, Runnable fn, BenchOptions options, String mode) {
        return switch (mode) {
            case "normal" -> Bench.doBench(driver, fn, options);
            case "graph" -> Bench.doBenchGraph(driver, fn, options);
            case "graph-noclear" -> Bench.doBenchGraph(driver, fn, options.withCacheClearBytes(0));
            default -> throw new IllegalArgumentException("unknown mode '" + mode + "'; use normal, graph, graph-noclear");
        };
    }

    /**
     * Runs gelu once on random inputs in [-6, 6] and compares with {@link GeluReference}.
     *
     * @param device the device
     * @param gelu the kernel
     * @param n the number of elements
     * @return the largest error, see {@link GeluReference#maxError}
     */
    public static double check(DeviceInterface device, Kernel gelu, int n) {
        float[] input = new float[n];
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < n; i++) {
            input[i] = (float) (random.nextDouble() * 12 - 6);
        }
        float[] output = new float[n];
        try (Arena arena = Arena.ofConfined();
             DeviceBuffer x = device.allocate(4L * n); DeviceBuffer y = device.allocate(4L * n)) {
            MemorySegment host = arena.allocate(4L * n);
            MemorySegment.copy(input, 0, host, ValueLayout.JAVA_FLOAT, 0, n);
            device.write(host, x);
            device.fill(y, Float.floatToRawIntBits(Float.NaN));
            gelu.launch(Dim3.of(Math.ceilDiv(n, BLOCK)), Dim3.of(BLOCK),
                    KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32(n));
            device.read(y, host);
            MemorySegment.copy(host, ValueLayout.JAVA_FLOAT, 0, output, 0, n);
        }
        return GeluReference.maxError(input, output);
    }

    private static String row(String path, String mode, String kernel, long n, BenchResult result, long bytes) {
        double[] q = result.quantileValues();
        String bandwidth = bytes == 0 ? "" : String.format(Locale.ROOT, "%.1f", bytes / (q[0] * 1e-3) / 1e9);
        return String.format(Locale.ROOT, "%s,%s,%s,%d,%.6f,%.6f,%.6f,%s,%d,%d,%.6f,%d", path, mode, kernel, n, q[0], q[1],
                q[2], bandwidth, result.repeatCalls(), result.callsPerSample(), result.estimateMillis(),
                mode.equals("graph-noclear") ? 0 : result.options().cacheClearBytes());
    }

    private static List<Integer> ints(String list) {
        return list.isBlank() ? List.of() : Arrays.stream(list.split(",")).map(String::trim).map(Integer::valueOf).toList();
    }
}
