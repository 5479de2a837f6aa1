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

import dev.kbench.api.Availability;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.cuda.CudaDriver;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Event;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Host time per {@code Kernel.launch} on the cuda backend, through the FFM and the JCuda launch paths in
 * the same JVM. For each round and each path (a fresh {@link CudaDriver} with
 * {@code -Dkbench.cuda.launch} set to it), it launches the {@code empty} kernel of
 * {@code kernels/cuda/gelu.ptx} (one block of 256 threads, arguments x, y, n that it does not touch) in
 * batches: synchronize, record an event, read {@code System.nanoTime}, launch {@code --batch} times
 * without synchronizing, read the clock, record an event. Host µs per launch = clock difference / batch;
 * device µs per launch = the events' elapsed time / batch. When the two are about equal the driver's
 * launch queue was full and the host waited for the GPU: the host figure is then the GPU's launch
 * throughput, not the host's cost; use a smaller {@code --batch}. Prints CSV ({@code Locale.ROOT}) to
 * standard output or {@code --out}, a summary to standard error.
 *
 * <pre>
 * --launch LIST   launch paths in the order run per round: ffm, jcuda (default ffm,jcuda)
 * --rounds R      rounds (default 3)
 * --batches N     timed batches per path and round (default 200); 5 untimed batches come first
 * --batch K       launches per batch (default 2000)
 * --ptx FILE      the PTX (default: kernels/cuda/gelu.ptx, packaged); --kernel NAME (default empty)
 * --out FILE      write the CSV there instead of standard output
 * </pre>
 *
 * {@snippet lang=sh :
 * java --enable-native-access=jcuda,dev.kbench.cuda -p LIBS --add-modules ALL-MODULE-PATH -cp EVIDENCE dev.kbench.evidence.LaunchCost
 * }
 */
public final class LaunchCost {

    private static final int WARMUP_BATCHES = 5;
    private static final String HEADER = "path,launch,round,batches,batch,host_median_us,host_q20_us,host_q80_us,"
            + "host_min_us,device_median_us,launch_path";

    private LaunchCost() {
    }

    /**
     * Runs the measurement.
     *
     * @param args the options above
     * @throws IOException if the PTX cannot be read or the CSV cannot be written
     */
    public static void main(String[] args) throws IOException {
        List<String> launches = List.of("ffm", "jcuda");
        int rounds = 3;
        int batches = 200;
        int batch = 2000;
        Path ptx = null;
        String kernelName = "empty";
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--launch" -> launches = List.of(value.split(","));
                case "--rounds" -> rounds = Integer.parseInt(value);
                case "--batches" -> batches = Integer.parseInt(value);
                case "--batch" -> batch = Integer.parseInt(value);
                case "--ptx" -> ptx = Path.of(value);
                case "--kernel" -> kernelName = value;
                case "--out" -> out = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'; see the class javadoc");
            }
            i++;
        }
        if (rounds < 1 || batches < 1 || batch < 1) {
            throw new IllegalArgumentException("--rounds, --batches and --batch must be >= 1");
        }
        KernelSource source = ptx == null ? Gelu.kernelsFor(java.util.Set.of(dev.kbench.api.SourceKind.PTX)).source()
                : KernelSource.of(ptx);
        String path = LaunchCost.class.getModule().isNamed() ? "module" : "classpath";
        List<String> rows = new ArrayList<>();
        rows.add(HEADER);
        for (int round = 1; round <= rounds; round++) {
            for (String launch : launches) {
                System.setProperty(CudaDriver.LAUNCH_PROPERTY, launch.strip());
                try (CudaDriver driver = new CudaDriver()) {
                    Availability availability = driver.availability();
                    if (!availability.active()) {
                        System.err.println("cuda is inactive with -D" + CudaDriver.LAUNCH_PROPERTY + "=" + launch + ": "
                                + availability.reason());
                        System.exit(1);
                    }
                    DeviceInterface device = driver.device();
                    String launchPath = device.facts().extra().get("launchPath");
                    double[][] perLaunch = measure(device, source, kernelName, batches, batch);
                    double[] host = perLaunch[0];
                    double[] gpu = perLaunch[1];
                    String row = String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f,\"%s\"", path,
                            launch.strip(), round, batches, batch, quantile(host, 0.5), quantile(host, 0.2),
                            quantile(host, 0.8), host[0], quantile(gpu, 0.5), launchPath.replace("\"", "'"));
                    rows.add(row);
                    System.err.printf(Locale.ROOT, "round %d %-5s host %.3f us/launch (q20 %.3f, q80 %.3f), device %.3f "
                                    + "us/launch; %s%n", round, launch.strip(), quantile(host, 0.5), quantile(host, 0.2),
                            quantile(host, 0.8), quantile(gpu, 0.5), launchPath);
                }
            }
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

    /** Returns {host µs per launch, device µs per launch} per timed batch, each sorted ascending. */
    private static double[][] measure(DeviceInterface device, KernelSource source, String kernelName, int batches,
                                      int batch) {
        double[] host = new double[batches];
        double[] gpu = new double[batches];
        try (KernelModule module = device.loadModule(source);
             DeviceBuffer x = device.allocate(4 * GeluSweep.BLOCK); DeviceBuffer y = device.allocate(4 * GeluSweep.BLOCK);
             Event start = device.createEvent(); Event end = device.createEvent()) {
            Kernel kernel = module.kernel(kernelName);
            Dim3 grid = Dim3.of(1);
            Dim3 block = Dim3.of(GeluSweep.BLOCK);
            List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32(GeluSweep.BLOCK));
            for (int b = -WARMUP_BATCHES; b < batches; b++) {
                device.synchronize();
                start.record();
                long t0 = System.nanoTime();
                for (int i = 0; i < batch; i++) {
                    kernel.launch(grid, block, args);
                }
                long t1 = System.nanoTime();
                end.record();
                end.synchronize();
                if (b >= 0) {
                    host[b] = (t1 - t0) / 1e3 / batch;
                    gpu[b] = start.elapsedMillis(end) * 1e3 / batch;
                }
            }
        }
        Arrays.sort(host);
        Arrays.sort(gpu);
        return new double[][] {host, gpu};
    }

    /** The q-quantile of sorted values, interpolating linearly between neighbours. */
    static double quantile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }
}
