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

import dev.kbench.api.Backend;
import dev.kbench.api.Benchmark;
import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.Params;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.Submission;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.api.Timing;
import dev.kbench.api.TimingMethod;
import dev.kbench.api.internal.BackendAnswers;
import dev.kbench.cli.suite.SuiteKernels;
import dev.kbench.forks.ForkOutcome;
import dev.kbench.forks.ForkSequence;
import dev.kbench.forks.Forks;
import dev.kbench.forks.SequentialAb;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code kbench run}: the built-in suite or a user kernel on the active (or {@code --backend}) driver. */
@Command(name = "run", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Run the built-in suite or a kernel file on the active (or --backend) driver.", "",
                "The built-in suite is empty, copy, triad, gelu, reduce_sum and sgemm, each checked against a CPU "
                + "reference before it is timed. Repetitions are interleaved in a seeded random order; each is a "
                + "do_bench-style measurement with a cache clear before every timed call and device events around it "
                + "(--timing cold); --timing hot times batches of back-to-back calls with the launches hidden.",
                "", "Examples:",
                "  kbench run --filter gelu -p n=2^20,2^24 --csv-samples base.csv",
                "  kbench run --kernel saxpy.cl --entry saxpy --grid 4096 --block 256 \\",
                "      --arg i32:2^20 --arg f32:2 --arg buf:f32:2^20:fill=1 --arg buf:f32:2^20 \\",
                "      --bytes 12582912 --flops 2097152",
                "  kbench run --forks 5 --filter gelu --csv-samples base.csv   # 5 fresh JVMs, one after another",
                "  kbench run --filter gelu -p n=2^20 --timing hot             # NVBench's batch (hot) time",
                "  kbench run --list -p n=2^20,2^40                             # what would run or be skipped", ""},
        footer = {"", "Exit status: 0 all measured; 1 a benchmark failed (its error is in the table), a fork died or "
                + "nothing was measured; 2 bad input; 3 no single driver; 4 stopped by the --timeout watchdog; 5 an "
                + "output could not be written."})
final class RunCommand implements Callable<Integer> {

    @CommandLine.ParentCommand
    private Main main;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private SuiteSelection selection;

    @CommandLine.Mixin
    private MeasureOptions measure;

    @CommandLine.Mixin
    private OutputOptions output;

    @CommandLine.Option(names = "--forks", paramLabel = "F", defaultValue = "1",
            description = "Measure in F fresh processes (JVM, device context, allocations), one after another; the "
                    + "samples CSV's fork column tells them apart (default 1: this process only; at most " + Forks.MOST_FORKS + ").")
    private int forks;

    @CommandLine.Option(names = "--warmup-forks", paramLabel = "W", defaultValue = "0",
            description = "Run W warm-up forks before the measured ones (JMH's -wf), their samples left out: a run's "
                    + "first process can read slower than the rest (docs/performance.md) "
                    + "(default 0).")
    private int warmupForks;

    @CommandLine.Option(names = "--fork-timeout-s", paramLabel = "S", defaultValue = "1800",
            description = "With --forks: kill a fork that has not ended after S seconds and record it as hung "
                    + "(default 1800).")
    private long forkTimeoutSeconds;

    /** The options a forked run handles itself instead of passing them to its children. */
    static final Set<String> PARENT_OPTIONS = Set.of("--forks", "--warmup-forks", "--fork-timeout-s",
            OutputOptions.CSV_SAMPLES, "--append", "--json", "--jmh-json", "--format", "--seed", "--quantiles",
            "--return-mode", "--quiet", "--run-id");

    @CommandLine.Option(names = "--devices", paramLabel = "all|I,J",
            description = "Measure every device (all) or the listed device indices (see kbench info), each in its "
                    + "own process, one after another; samples carry host, device and device_id.")
    private String devices;

    @CommandLine.Option(names = "--parallel-devices",
            description = "With --devices: measure the devices at the same time (they share the host's CPU, memory "
                    + "and PCIe; see docs/performance.md for what that costs).")
    private boolean parallelDevices;

    @CommandLine.Option(names = "--list",
            description = "Print every benchmark and parameter combination the run would measure, and those it would "
                    + "skip with the reason; measure nothing, write nothing.")
    private boolean list;

    @CommandLine.Option(names = "--dry-run",
            description = "Check everything a run checks (options, outputs, driver, kernels, the cache-clear "
                    + "allocation), then print the settings and what --list prints; measure nothing, write nothing.")
    private boolean dryRun;

    @CommandLine.Option(names = "--device", paramLabel = "INDEX",
            description = "Measure device INDEX (see kbench info) in this process instead of the driver's default.")
    private Integer device;

    /** The device {@code --device} names, a usage error naming the option if the backend has no such device. */
    private Backend chosenDevice(Backend driver) {
        return withDevice(driver, device, "--device", Integer.toString(device));
    }

    /**
     * The backend for one device, as an option asks for it.
     *
     * @param option {@code --device} or {@code --devices}
     * @param given the option's value
     * @throws UsageException naming the option if the device is not one of the backend's, or the backend
     *         cannot choose a device (the API's default: it runs on its one device)
     */
    private static Backend withDevice(Backend driver, int index, String option, String given) {
        Backend chosen;
        try {
            chosen = UsageException.option(option, driver::withDevice, index);
        } catch (UnsupportedOperationException e) {
            throw new UsageException(option + " " + given + ": the backend '" + driver.name() + "' cannot choose a "
                    + "device (" + e.getMessage() + "); leave " + option + " out to run on its one device", e);
        }
        // a null would have the run measure the default device under the option's name
        return BackendAnswers.nonNull(chosen, driver, "withDevice(" + index + ")");
    }

    @Override
    public Integer call() {
        selection.validate();
        measure.validate();
        output.validate(selection.inputs());
        UsageException.between("--forks", forks, 1, Forks.MOST_FORKS);
        UsageException.between("--warmup-forks", warmupForks, 0, Forks.MOST_FORKS);
        UsageException.atLeast("--fork-timeout-s", forkTimeoutSeconds, 1);
        List<String> original = spec.root().commandLine().getParseResult().originalArgs();
        if (list || dryRun) {
            if (devices != null || forked()) {
                throw new UsageException((list ? "--list" : "--dry-run") + " plans one process on one device; "
                        + "drop --devices, --forks and --warmup-forks, or give --device I");
            }
            try (Backend chosen = device == null ? null : chosenDevice(main.driver())) {
                return plan(chosen != null ? chosen : main.driver());
            }
        }
        if (devices != null) {
            if (device != null) {
                throw new UsageException("--device and --devices exclude each other; give one");
            }
            if (output.json != null || output.jmhJson != null) {
                throw new UsageException("--json and --jmh-json are written per process; with --devices use "
                        + "--csv-samples FILE (and " + Main.typed() + " report FILE)");
            }
            Backend driver = main.driver();
            List<DeviceIdentity> chosen = DeviceRuns.select(devices,
                    BackendAnswers.nonNull(driver.devices(), driver, "devices()"), driver.name());
            // each device's process runs --device I: a backend that cannot choose one is told here, once
            Backend probe = withDevice(driver, chosen.getFirst().index(), "--devices", devices);
            try {
                probe.close();
            } catch (RuntimeException e) {
                // not opened here; a backend that fails to close says so in each device's process
            }
            return DeviceRuns.run(spec, chosen,
                    parallelDevices ? DeviceRuns.Schedule.PARALLEL : DeviceRuns.Schedule.SEQUENTIAL,
                    measure.resolve(SuiteOptions.withDefaults(), null), output,
                    Duration.ofSeconds(forkTimeoutSeconds).multipliedBy(forks + warmupForks), original);
        }
        if (parallelDevices) {
            throw new UsageException("--parallel-devices needs --devices all|I,J");
        }
        if (forked()) {
            return forked(original);
        }
        Backend chosen = device == null ? null : chosenDevice(main.driver());
        try {
            return measure(chosen != null ? chosen : main.driver(), original);
        } finally {
            if (chosen != null) {
                closeAfterMeasuring(chosen::close);
            }
        }
    }

    /**
     * Closes what measured, once the run has measured: a fork closes before it writes its samples, a run on
     * {@code --device} after it has reported. A backend that fails to close is said on stderr as that
     * backend's fault, and what was measured stands, its exit status too (in a fork the samples would be lost).
     */
    private void closeAfterMeasuring(Runnable close) {
        try {
            close.run();
        } catch (RuntimeException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("kbench: closing the backend failed: " + Errors.described(e)
                    + "; what was measured is kept");
            err.flush();
        }
    }

    private int measure(Backend driver, List<String> original) {
        List<SuiteKernels> kernels = new ArrayList<>();
        try {
            dev.kbench.api.Device opened = BackendAnswers.opened(driver);
            dev.kbench.forks.ForkChild.trace("opened");
            Suite suite = selection.suite(opened, kernels::add, true);
            dev.kbench.forks.ForkChild.trace("prepared");
            SuiteOptions options = measure.resolve(SuiteOptions.withDefaults(), opened.facts());
            // a fork in standby (device) waits here for its turn: its device is open, its kernels built and a
            // user kernel's buffer values made
            RunEnvironment.prefetch();
            dev.kbench.forks.ForkChild.awaitGoBeforeWork();
            measure.checkCacheClear(driver, options);
            measure.deviceClearNote(driver.device().facts()).ifPresent(note -> {
                spec.commandLine().getErr().println(note);
                spec.commandLine().getErr().flush();
            });
            if (options.submission() == Submission.GRAPH) {
                measure.method(driver, options);   // a --graph the backend cannot capture fails before measuring
            }
            return SuiteSession.run(main, driver, suite, options, output, spec.commandLine().getOut(),
                    spec.commandLine().getErr(), original, () -> dev.kbench.forks.ForkChild.handOver(() ->
                        // a fork hands the device on before it writes its report and exits
                        closeAfterMeasuring(() -> {
                            try {
                                closeAll(kernels);
                            } finally {
                                driver.close();
                            }
                        })));
        } finally {
            closeAfterMeasuring(() -> closeAll(kernels));
        }
    }

    /** Closes every kernel module, and forgets them, the first failure thrown once all were tried. */
    private static void closeAll(List<SuiteKernels> kernels) {
        RuntimeException first = null;
        for (SuiteKernels k : kernels) {
            try {
                k.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        kernels.clear();
        if (first != null) {
            throw first;
        }
    }

    /**
     * {@code --list} and {@code --dry-run}: the suite as the run would build it (its kernels built and
     * checked), then one line per benchmark and combination, {@code skipped: REASON} after those the run
     * would skip; with {@code --dry-run} first one line of settings, the cache clear allocated and freed.
     */
    private int plan(Backend driver) {
        PrintWriter out = spec.commandLine().getOut();
        List<SuiteKernels> kernels = new ArrayList<>();
        try {
            dev.kbench.api.Device opened = BackendAnswers.opened(driver);
            Suite suite = selection.suite(opened, kernels::add, false);
            SuiteOptions options = measure.resolve(SuiteOptions.withDefaults(), opened.facts());
            List<String> lines = new ArrayList<>();
            int measured = 0;
            for (Benchmark benchmark : suite.benchmarks()) {
                for (Params params : benchmark.combinations()) {
                    String id = SampleRecord.id(benchmark.name(), params.toString());
                    java.util.Optional<String> skip = benchmark.skip().apply(params);
                    lines.add(skip.map(reason -> id + "  skipped: " + reason).orElse(id));
                    measured += skip.isEmpty() ? 1 : 0;
                }
            }
            if (dryRun) {
                measure.checkCacheClear(driver, options);
                out.println(settings(driver, options, measured, lines.size() - measured,
                        measure.method(driver, options)));
            }
            lines.forEach(out::println);
            out.flush();
            return ExitCodes.OK;
        } finally {
            kernels.forEach(SuiteKernels::close);
        }
    }

    /** The first line of {@code --dry-run}: where, how much and how the run would measure. */
    static String settings(Backend driver, SuiteOptions options, int measured, int skipped, TimingMethod method) {
        String repetitions = options.noiseTarget().isPresent()
                ? "up to " + options.noiseTarget().get().maxRepetitions() + " repetitions (noise target)"
                : options.repetitions() + (options.repetitions() == 1 ? " repetition" : " repetitions");
        String timing = options.timing() == Timing.HOT ? "hot timing (batches of back-to-back calls, no cache clear)"
                : "cold timing, cache clear " + (options.cacheClearBytes() == 0 ? "off" : options.cacheClearBytes() + " bytes");
        timing += ", method " + method.jsonName();
        return String.format(Locale.ROOT, "kbench run --dry-run: %s on %s; %d to measure, %d to skip; %s (%s) of ~%s ms "
                        + "after a %s ms warmup; %s; nothing measured", driver.name(), driver.device().facts().name(),
                measured, skipped, repetitions, options.schedule().name().toLowerCase(Locale.ROOT),
                options.repetitionMillis(), options.warmupMillis(), timing);
    }

    /** Whether the run measures in child processes: more than one fork, or warm-up forks before its one. */
    private boolean forked() {
        return forks > 1 || warmupForks > 0;
    }

    /**
     * A fork of {@link #forked(List)}: a child run writing its samples into the forks' directory, and a measured
     * fork its run JSON too; a warm-up fork is on side {@code run warm-up}, numbered among the warm-up forks.
     */
    private Forks.Launch child(Path directory, int fork, boolean warmup, long seed, String runId, boolean disposable) {
        String side = warmup ? "run" + SequentialAb.WARMUP_SUFFIX : "run";
        Path file = Forks.samplesFile(directory, side, fork);
        List<String> extra = new ArrayList<>(List.of(OutputOptions.CSV_SAMPLES, file.toString(), "--seed",
                Long.toString(seed), "--run-id", runId, "--quiet"));
        if (!warmup) {
            // the child's run JSON gives the suite's order of the rows, which its interleaved samples do not
            extra.addAll(List.of("--json", ForkedRuns.orderFile(directory, fork).toString()));
        }
        List<String> command = ForkedRuns.childRun(spec, directory, PARENT_OPTIONS, extra);
        return new Forks.Launch(side, fork, seed, command, Map.of(ForkedRuns.REPORT_VARIABLE, "1"), file, directory,
                Forks.ChildOutput.DISCARD, disposable, Forks.Program.KBENCH);
    }

    /** The run in {@code forks} child processes, one after another, after {@code warmupForks} warm-up forks. */
    private int forked(List<String> original) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // each fork named as it goes on: kbench: fork 1 of 4, seed S
        ForkSequence sequence = ForkedRuns.sequence(Duration.ofSeconds(forkTimeoutSeconds), err, launch -> output.quiet
                ? null
                : launch.side().equals("run") ? "kbench: fork " + launch.fork() + " of " + forks
                : "kbench: warm-up fork " + launch.fork() + " of " + warmupForks);
        SuiteOptions options = measure.resolve(SuiteOptions.withDefaults(), null);
        long seed = options.seed().orElseGet(() -> new SplittableRandom().nextLong());
        long[] seeds = Forks.seeds(seed, forks);
        long[] warmupSeeds = Forks.warmupSeeds(seed, forks, warmupForks);
        Path directory = Forks.temporaryDirectory();
        List<SampleRecord> all = new ArrayList<>();
        // every fork's outcome in the order run, the warm-up forks' first; then the measured forks' alone
        List<ForkOutcome> ran = new ArrayList<>();
        List<ForkOutcome> outcomes = new ArrayList<>();
        String runId = output.runId();
        OutputFiles.Samples csv = output.openSamples(runId);
        // the samples file holds every completed fork's rows, so the forks' directory is a copy: removed if
        // this JVM is killed, unless a fork died (its death marks the directory kept: Forks.KEEP_MARK); without
        // one, the directory is the only record and is named here
        boolean copies = csv != null;
        try (Forks.Session _ = Forks.Session.open(); sequence) {
            try {
                if (!output.quiet || !copies) {
                    err.println("kbench: " + forks + " forks, one after another" + ForkedRuns.afterWarmups(warmupForks)
                            + "; run " + runId + ", seed " + seed + " (--seed " + seed + " replays every fork's order)"
                            + (copies ? "" : "; their samples files are in " + directory));
                    err.flush();
                }
                int total = warmupForks + forks;
                java.util.function.IntFunction<Forks.Launch> launch = at -> at < warmupForks
                        ? child(directory, at, true, warmupSeeds[at], runId, copies)
                        : child(directory, at - warmupForks, false, seeds[at - warmupForks], runId, copies);
                for (int i = 0; i < total; i++) {
                    boolean warmup = i < warmupForks;
                    // stopped: no further fork starts, but one that went on at the last hand-over is collected
                    Forks.Launch next = launch.apply(i);
                    if (sequence.stopsBefore(next)) {
                        break;
                    }
                    int now = i;
                    ForkOutcome outcome = sequence.run(next, () -> ForkSequence.ahead(now, total, launch),
                            rows -> {
                                // a warm-up fork's samples are left out
                                if (!warmup) {
                                    all.addAll(rows);
                                    if (csv != null) {
                                        ForkedRuns.append(csv, rows, directory);
                                    }
                                }
                            });
                    ran.add(outcome);
                    if (!warmup) {
                        outcomes.add(outcome);
                    }
                }
            } finally {
                if (csv != null) {
                    String closing = csv.finish();
                    if (closing != null) {
                        err.println("kbench: " + closing);
                    }
                }
            }
            SuiteResult merged = ForkedRuns.merged(all, ForkedRuns.reported(directory, outcomes.size()),
                    ForkedRuns.facts(directory, outcomes.size()), seed, options.schedule());
            SuiteSession.report(merged, options, output, out, ForkedRuns.repetitionsPerFork(all));
            out.flush();
            if (!SuiteSession.measured(merged)) {
                // the samples file has its own line
                err.println("kbench: nothing was measured" + (merged.outcomes().isEmpty() ? ""
                        : " (every benchmark was skipped or failed)") + SuiteSession.leftAsTheyWere(output, null));
            }
            if (csv != null && csv.rows() > 0) {
                List<Path> files = new ArrayList<>();
                for (int fork = 0; fork < outcomes.size(); fork++) {
                    files.add(Forks.samplesFile(directory, "run", fork));
                }
                String warning = RunEnvironment.writeRuns(csv.target(), original, runId,
                        RunEnvironment.runsOf(files, true));
                if (!warning.isEmpty()) {
                    err.println(warning);
                }
            }
            boolean dead = ForkedRuns.reportDead(ran, warmupForks + forks, directory, copies, err);
            if (csv != null && (!output.quiet || dead)) {
                err.println("kbench: " + ForkedRuns.kept(outcomes, forks, csv));
                err.flush();
            }
            // as one process: a benchmark that failed, or nothing measured, fails the run too
            return dead ? ExitCodes.FAILURE : SuiteSession.exitStatus(merged);
        }
    }
}
