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
package dev.kbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.SuiteOptions;
import dev.kbench.forks.ForkOutcome;
import dev.kbench.forks.Forks;
import dev.kbench.stats.SamplesFormatException;
import dev.kbench.stats.io.SamplesCsv;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import picocli.CommandLine;

/**
 * {@code kbench run --devices all|I,J}: each device measured in its own child process of the fork runner
 * ({@link Forks#launch}: a fresh JVM running {@code kbench run --device I}, with {@code --forks F} handed
 * on, so each device gets its own F forks), one after another, or all at once with
 * {@code --parallel-devices}. The children's samples (their fork column kept) and environment sidecars
 * are combined into the {@code --csv-samples} file in device order; a device whose process dies is
 * reported and recorded, and the others go on.
 */
final class DeviceRuns {

    /** How the devices' processes are scheduled. */
    enum Schedule {
        /** One device after another: no device shares the host, the PCIe root or the CPU with another. */
        SEQUENTIAL,
        /** All devices at once: faster, at the price of shared host resources. */
        PARALLEL
    }

    /** Options of {@code run} that the parent handles; the children get their own samples file, device and seed. */
    private static final Set<String> PARENT_OPTIONS = Set.of("--devices", "--parallel-devices", "--device",
            OutputOptions.CSV_SAMPLES, "--append", "--json", "--jmh-json", "--quiet", "--seed", "--run-id");

    private DeviceRuns() {
    }

    /**
     * The devices a {@code --devices} value names.
     *
     * @param value {@code all} or comma-separated indices
     * @param devices the driver's devices
     * @param backend the driver's name
     * @return the chosen devices, in the order given
     * @throws UsageException naming the option, the value and the devices there are
     */
    static List<DeviceIdentity> select(String value, List<DeviceIdentity> devices, String backend) {
        String list = devices.stream().map(DeviceIdentity::describe).reduce((a, b) -> a + "; " + b).orElse("none");
        if (value.strip().equalsIgnoreCase("all")) {
            if (devices.isEmpty()) {
                throw new UsageException("--devices all: " + backend + " lists no device");
            }
            return devices;
        }
        List<DeviceIdentity> chosen = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            String p = part.strip();
            int index;
            try {
                index = Integer.parseInt(p);
            } catch (NumberFormatException e) {
                throw new UsageException("--devices: '" + value + "' is not 'all' or a list of device "
                        + "indices such as 0,2; " + backend + " devices: " + list);
            }
            DeviceIdentity found = devices.stream().filter(d -> d.index() == index).findFirst()
                    .orElseThrow(() -> new UsageException("--devices: " + index + " is not a device of "
                            + backend + "; its devices: " + list));
            if (chosen.contains(found)) {
                throw new UsageException("--devices: device " + index + " is listed twice in '" + value + "'");
            }
            chosen.add(found);
        }
        return chosen;
    }

    /**
     * Measures the devices and combines their outputs.
     *
     * @param spec the parent's {@code run} command, whose options the children get
     * @param devices the devices, from {@link #select}
     * @param schedule one after another or at once
     * @param options the measurement options, for the seed
     * @param output the user's output options
     * @param timeout how long one device's process may take
     * @param original the command line as given, for the environment sidecar
     * @return {@link ExitCodes#OK}, or {@link ExitCodes#FAILURE} if a device's process did not complete
     */
    static int run(CommandLine.Model.CommandSpec spec, List<DeviceIdentity> devices, Schedule schedule,
                   SuiteOptions options, OutputOptions output, Duration timeout, List<String> original) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // every device runs the same seeded order, so that their repetitions line up
        long seed = options.seed().orElseGet(() -> new SplittableRandom().nextLong());
        String runId = output.runId();
        // opened (and locked) before the first device runs and held to the end, so no other run writes it meanwhile
        try (OutputFiles.Samples csv = output.openSamples(runId)) {
            return run(spec, devices, schedule, seed, runId, csv, output, timeout, original, out, err);
        }
    }

    private static int run(CommandLine.Model.CommandSpec spec, List<DeviceIdentity> devices, Schedule schedule, long seed,
                           String runId, OutputFiles.Samples csv, OutputOptions output, Duration timeout,
                           List<String> original, PrintWriter out, PrintWriter err) {
        Path directory = Forks.temporaryDirectory();
        if (!output.quiet) {
            err.println("kbench: " + devices.size() + " device(s), " + (schedule == Schedule.PARALLEL ? "in parallel"
                    : "one after another") + ", each in its own process; run " + runId + ", seed " + seed);
            err.flush();
        }
        Consumer<String> table = ForkedRuns.lines(out);
        Consumer<String> messages = ForkedRuns.lines(err);
        List<Forks.Launch> launches = new ArrayList<>();
        for (DeviceIdentity d : devices) {
            Path file = samples(directory, d);
            List<String> command = ForkedRuns.childRun(spec, directory, PARENT_OPTIONS, List.of("--device",
                    Integer.toString(d.index()), OutputOptions.CSV_SAMPLES, file.toString(), "--seed", Long.toString(seed),
                    "--run-id", runId, "--quiet"));
            launches.add(new Forks.Launch("device", d.index(), seed, command, Map.of(), file, directory,
                    Forks.ChildOutput.FORWARD));
        }
        // the JVM's shutdown (SIGTERM, SIGINT) kills the children and waits for their samples to be combined
        try (Forks.Session _ = Forks.Session.open()) {
            long start = System.nanoTime();
            List<ForkOutcome> outcomes = new ArrayList<>();
            if (schedule == Schedule.SEQUENTIAL) {
                for (int i = 0; i < launches.size() && !Forks.stopping(); i++) {
                    if (!output.quiet) {
                        err.println("kbench: device " + devices.get(i).describe());
                        err.flush();
                    }
                    outcomes.add(Forks.launch(launches.get(i), timeout, table, messages, rows -> { }));
                }
            } else {
                try (ExecutorService pool = Executors.newFixedThreadPool(launches.size())) {
                    List<Future<ForkOutcome>> running = new ArrayList<>();
                    for (Forks.Launch launch : launches) {
                        running.add(pool.submit(() -> Forks.launch(launch, timeout, table, messages, rows -> { })));
                    }
                    for (Future<ForkOutcome> f : running) {
                        outcomes.add(f.get());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the devices were measured", e);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
            if (!output.quiet) {
                err.printf(Locale.ROOT, "kbench: %d device(s) measured %s in %.1f s%n", devices.size(),
                        schedule.name().toLowerCase(Locale.ROOT), (System.nanoTime() - start) / 1e9);
            }
            if (csv != null) {
                combine(directory, devices, outcomes, csv, runId, output, original, err);
            }
            boolean dead = ForkedRuns.reportDead(outcomes, launches.size(), directory, output.csvSamples != null, err);
            err.flush();
            return dead ? ExitCodes.FAILURE : ExitCodes.OK;
        }
    }

    private static Path samples(Path directory, DeviceIdentity d) {
        return Forks.samplesFile(directory, "device", d.index());
    }

    /**
     * Writes every device's samples into the user's file, in device order and with their own fork column,
     * and their environments beside it; a device whose process did not complete is recorded with its status.
     */
    private static void combine(Path directory, List<DeviceIdentity> devices, List<ForkOutcome> outcomes,
                                OutputFiles.Samples csv, String runId, OutputOptions output, List<String> original,
                                PrintWriter err) {
        List<JsonNode> runs = new ArrayList<>();
        try (csv) {
            for (int i = 0; i < devices.size(); i++) {
                DeviceIdentity d = devices.get(i);
                Path file = samples(directory, d);
                if (Files.isRegularFile(file)) {
                    try {
                        List<SampleRecord> rows = SamplesCsv.read(file, w -> err.println("kbench: warning: " + w));
                        ForkedRuns.append(csv, rows, directory);
                    } catch (SamplesFormatException | UncheckedIOException e) {
                        err.println("kbench: the samples of device " + d.describe() + " are unreadable: " + e.getMessage());
                    }
                }
                runs.addAll(RunEnvironment.runsOf(List.of(file), false));
                ForkOutcome outcome = outcomes.get(i);
                if (!outcome.completed()) {
                    ObjectNode failed = JsonNodeFactory.instance.objectNode();
                    failed.put("run_id", runId);
                    failed.put("backend", d.backend());
                    failed.put("device_index", d.index());
                    failed.put("device", d.name());
                    failed.put("device_id", d.id());
                    if (outcome.exitStatus().isPresent()) {
                        failed.put("exit_status", outcome.exitStatus().getAsInt());
                    } else {
                        failed.putNull("exit_status");
                    }
                    failed.put("failure", outcome.describe());
                    runs.add(failed);
                }
            }
        }
        if (csv.rows() == 0) {
            err.println("kbench: no device recorded a sample; nothing was written to " + csv.file());
            return;
        }
        String warning = RunEnvironment.writeRuns(csv.target(), original, runId, runs);
        if (!warning.isEmpty()) {
            err.println(warning);
        }
        if (!output.quiet) {
            err.println("kbench: samples of " + devices.size() + " device(s) in " + output.csvSamples
                    + "; compare them with: " + Main.typed() + " compare --by-device " + output.csvSamples);
        }
    }
}
