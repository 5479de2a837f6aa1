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

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import dev.kbench.api.RunId;
import dev.kbench.forks.ForkOutcome;
import dev.kbench.forks.Forks;
import dev.kbench.stats.SamplesCsvWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kbench ab}: base and new measured alternately, fork by fork, in a seeded random order, then
 * compared; a CI gate whose verdict survives what differs between processes.
 */
@Command(name = "ab", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Measure base and new alternately, F fresh processes each, in a seeded random order "
                + "(e.g. base new new base ...), write both samples files, then print compare's verdict.", "",
                "Base and new are two kernel files (--base-kernel/--new-kernel, with the --entry, --grid, --block and "
                + "--arg options of run), two directories of the built-in suite's kernels (--base-suite-dir/"
                + "--new-suite-dir), or two commands (--base-command/--new-command) that each write a samples CSV to "
                + "the path given as {out} in the command and as $KBENCH_SAMPLES_OUT ($KBENCH_FORK and $KBENCH_SEED "
                + "are set too). Every run option (--filter, -p, --repetitions, --rep-ms, ...) applies to both sides. "
                + "Options after -- go to compare.", "",
                "Examples:",
                "  kbench ab --base-suite-dir main/kernels/suite --new-suite-dir pr/kernels/suite --filter gelu",
                "  kbench ab --base-kernel main.ptx --new-kernel pr.ptx --entry gelu --grid 65536 --block 256 \\",
                "      --arg buf:f32:2^24:fill=random --arg buf:f32:2^24 --arg i32:2^24",
                "  kbench ab --base-command 'main/kbench run --csv-samples {out}' \\",
                "      --new-command 'pr/kbench run --csv-samples {out}' -- --alpha 0.01", ""},
        footer = {"", "Exit status: compare's: 0 no regression; 1 a benchmark is slower (or fails --fail-on), or a "
                + "fork died (then the verdict is not a gate); 2 bad input or usage; 3 no single driver."})
final class AbCommand implements Callable<Integer> {

    /** The default number of forks per side. */
    static final int DEFAULT_FORKS = 10;

    private static final Set<String> PARENT_OPTIONS = Set.of("--base-kernel", "--new-kernel", "--base-suite-dir",
            "--new-suite-dir", "--base-command", "--new-command", "--forks", "--fork-timeout-s", "--seed",
            "--base-csv", "--new-csv", OutputFiles.FORCE);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private SuiteSelection selection;

    @CommandLine.Mixin
    private MeasureOptions measure;

    @Option(names = "--base-kernel", paramLabel = "FILE", description = "The base's kernel file.")
    private Path baseKernel;

    @Option(names = "--new-kernel", paramLabel = "FILE", description = "The new kernel file (same entry and arguments).")
    private Path newKernel;

    @Option(names = "--base-suite-dir", paramLabel = "DIR",
            description = "The base's built-in suite kernels: DIR/suite.cl, suite.ptx or suite.spv.")
    private Path baseSuiteDirectory;

    @Option(names = "--new-suite-dir", paramLabel = "DIR", description = "The new built-in suite kernels.")
    private Path newSuiteDirectory;

    @Option(names = "--base-command", paramLabel = "CMD",
            description = "A shell command measuring the base and writing a samples CSV to {out} ($KBENCH_SAMPLES_OUT).")
    private String baseCommand;

    @Option(names = "--new-command", paramLabel = "CMD", description = "The same for the new code.")
    private String newCommand;

    @Option(names = "--forks", paramLabel = "F", defaultValue = "" + DEFAULT_FORKS,
            description = "Fresh processes per side (default ${DEFAULT-VALUE}).")
    private int forks;

    @Option(names = "--fork-timeout-s", paramLabel = "S", defaultValue = "1800",
            description = "Kill a fork that has not ended after S seconds and record it as hung (default 1800).")
    private long forkTimeoutSeconds;

    @Option(names = "--base-csv", paramLabel = "FILE", defaultValue = "base.csv",
            description = "Where the base's samples go (default base.csv); must not exist unless --force.")
    private Path baseCsv;

    @Option(names = "--new-csv", paramLabel = "FILE", defaultValue = "new.csv",
            description = "Where the new samples go (default new.csv); must not exist unless --force.")
    private Path newCsv;

    @Option(names = OutputFiles.FORCE, description = "Replace existing --base-csv and --new-csv files (never read-only "
            + "files, links or devices); each is replaced once its first fork's samples are in.")
    private boolean force;

    @Parameters(paramLabel = "COMPARE-OPTION", description = "After --: options for compare, e.g. -- --alpha 0.01.")
    private List<String> compareOptions = List.of();

    /** One side: its name, the fork's command and where its samples go. */
    private record Side(String name, Path csv, String kernelOption, Path kernel, String command) {
    }

    @Override
    public Integer call() {
        Side[] sides = validate();
        PrintWriter err = spec.commandLine().getErr();
        long runSeed = measure.seed != null ? measure.seed : new SplittableRandom().nextLong();
        long[] seeds = Forks.seeds(runSeed, forks);
        List<Integer> order = order(runSeed, forks);
        err.println("kbench ab: " + forks + " forks per side, seed " + runSeed + " (--seed " + runSeed
                + " replays this order), order: " + String.join(" ", order.stream().map(s -> sides[s].name()).toList()));
        err.flush();
        try (Forks.Session session = Forks.Session.open()) {
            return measureAndCompare(sides, order, seeds, err);
        }
    }

    /** The forks in their order, until all ran or this JVM is stopping, then compare unless it stopped. */
    private int measureAndCompare(Side[] sides, List<Integer> order, long[] seeds, PrintWriter err) {
        Path directory = Forks.temporaryDirectory();
        List<ForkOutcome> outcomes = new ArrayList<>();
        OutputFiles.Samples[] writers = new OutputFiles.Samples[2];
        String[] runIds = {RunId.next(), RunId.next()};
        int[] next = new int[2];
        try {
            for (int s = 0; s < 2; s++) {
                // each side is a run of its own
                writers[s] = OutputFiles.Samples.open(sides[s].csv(), existing(), runIds[s]);
            }
            for (int s : order) {
                if (Forks.stopping()) {
                    break;
                }
                Side side = sides[s];
                int fork = next[s]++;
                Path file = directory.resolve(side.name() + "-" + fork + ".csv");
                err.println("kbench ab: " + side.name() + " fork " + fork + ", seed " + seeds[fork]);
                err.flush();
                List<String> command;
                Forks.ChildOutput stdout;
                Forks.Program program = side.command() != null ? Forks.Program.COMMAND : Forks.Program.KBENCH;
                if (side.command() != null) {
                    command = List.of("sh", "-c", side.command().replace("{out}", quoted(file)));
                    stdout = Forks.ChildOutput.FORWARD;
                } else {
                    command = ForkedRuns.childRun(spec, directory, PARENT_OPTIONS, List.of(side.kernelOption(),
                            side.kernel().toString(), "--csv-samples", file.toString(), "--seed",
                            Long.toString(seeds[fork]), "--run-id", runIds[s], "--quiet"));
                    stdout = Forks.ChildOutput.DISCARD;
                }
                OutputFiles.Samples writer = writers[s];
                // both samples files hold every completed fork's rows: the directory is a copy while none died
                boolean disposable = outcomes.stream().allMatch(ForkOutcome::completed);
                outcomes.add(Forks.launch(new Forks.Launch(side.name(), fork, seeds[fork], command, Map.of(), file,
                        directory, stdout, disposable, program), Duration.ofSeconds(forkTimeoutSeconds),
                        ForkedRuns.lines(err), writer::append));
            }
        } finally {
            for (OutputFiles.Samples w : writers) {
                String closing = w == null ? null : w.finish();
                if (closing != null) {
                    err.println("kbench ab: " + closing);
                }
            }
        }
        // each side's environment, as a run with --csv-samples records it, from its forks' own sidecars
        List<String> original = spec.root().commandLine().getParseResult().originalArgs();
        for (int s = 0; s < 2; s++) {
            if (writers[s] == null || writers[s].rows() == 0) {
                continue;
            }
            List<Path> files = new ArrayList<>();
            for (int fork = 0; fork < next[s]; fork++) {
                files.add(directory.resolve(sides[s].name() + "-" + fork + ".csv"));
            }
            String warning = RunEnvironment.writeRuns("--" + sides[s].name() + "-csv", writers[s].file(), existing(),
                    original, runIds[s], RunEnvironment.runsOf(files, true));
            if (!warning.isEmpty()) {
                err.println(warning);
            }
        }
        boolean dead = ForkedRuns.reportDead(outcomes, 2 * forks, directory, true, err);
        boolean emptySide = Arrays.stream(writers).anyMatch(w -> w == null || w.rows() == 0);
        if (outcomes.stream().anyMatch(ForkOutcome::stopped) || emptySide) {
            List<String> kept = new ArrayList<>();
            for (int s = 0; s < 2; s++) {
                kept.add(writers[s] == null || writers[s].rows() == 0 ? "no " + sides[s].name() + " samples"
                        : writers[s].rows() + " " + sides[s].name() + " samples in " + writers[s].file());
            }
            err.println("kbench ab: no verdict; kept " + String.join(", ", kept));
            err.flush();
            return ExitCodes.FAILURE;
        }
        List<String> args = new ArrayList<>(List.of("compare", sides[0].csv().toString(), sides[1].csv().toString()));
        args.addAll(compareOptions);
        err.println("kbench ab: " + String.join(" ", args.stream().map(AbCommand::shown).toList()));
        err.flush();
        int status = Main.commandLine(spec.commandLine().getOut(), err).execute(args.toArray(String[]::new));
        if (dead && status == ExitCodes.OK) {
            err.println("kbench ab: a fork died, so no verdict: exit status " + ExitCodes.FAILURE);
            err.flush();
            return ExitCodes.FAILURE;
        }
        return status;
    }

    /**
     * The order of the forks: {@code count} of each side (0 base, 1 new), shuffled by the seed.
     *
     * @param seed the run's seed
     * @param count forks per side
     * @return side indices, balanced
     */
    static List<Integer> order(long seed, int count) {
        List<Integer> order = new ArrayList<>(Collections.nCopies(count, 0));
        order.addAll(Collections.nCopies(count, 1));
        Collections.shuffle(order, new Random(seed));
        return order;
    }

    private Side[] validate() {
        if (forks < 1) {
            throw new IllegalArgumentException("--forks " + forks + ": use 1 or more per side");
        }
        if (forkTimeoutSeconds < 1) {
            throw new IllegalArgumentException("--fork-timeout-s " + forkTimeoutSeconds + ": use 1 or more");
        }
        int forms = (baseKernel != null || newKernel != null ? 1 : 0)
                + (baseSuiteDirectory != null || newSuiteDirectory != null ? 1 : 0)
                + (baseCommand != null || newCommand != null ? 1 : 0);
        if (forms != 1) {
            throw new IllegalArgumentException("give one pair: --base-kernel and --new-kernel, --base-suite-dir and "
                    + "--new-suite-dir, or --base-command and --new-command");
        }
        if (selection.kernel != null || selection.suiteDirectory != null) {
            throw new IllegalArgumentException("--kernel and --suite-dir name one side; use --base-kernel/--new-kernel "
                    + "or --base-suite-dir/--new-suite-dir");
        }
        measure.validate();
        checkCompareOptions();
        Map<String, Path> outputs = new LinkedHashMap<>();
        outputs.put("--base-csv", baseCsv);
        outputs.put("--new-csv", newCsv);
        outputs.put(RunEnvironment.option("--base-csv"), SamplesCsvWriter.isStream(baseCsv) ? null : RunEnvironment.sidecar(baseCsv));
        outputs.put(RunEnvironment.option("--new-csv"), SamplesCsvWriter.isStream(newCsv) ? null : RunEnvironment.sidecar(newCsv));
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("--base-kernel " + baseKernel, baseKernel);
        inputs.put("--new-kernel " + newKernel, newKernel);
        OutputFiles.check(outputs, inputs, option -> existing());
        if (baseCommand != null || newCommand != null) {
            if (baseCommand == null || newCommand == null || baseCommand.isBlank() || newCommand.isBlank()) {
                throw new IllegalArgumentException("--base-command and --new-command go together, each a command");
            }
            boolean runOptions = spec.commandLine().getParseResult().matchedOptions().stream()
                    .anyMatch(o -> !PARENT_OPTIONS.contains(o.longestName()));
            if (runOptions) {
                throw new IllegalArgumentException("with --base-command/--new-command, put the run options in the "
                        + "commands; kbench only hands each its output file");
            }
            return new Side[] {new Side("base", baseCsv, null, null, baseCommand),
                new Side("new", newCsv, null, null, newCommand)};
        }
        if (baseKernel != null || newKernel != null) {
            if (baseKernel == null || newKernel == null) {
                throw new IllegalArgumentException("--base-kernel and --new-kernel go together");
            }
            for (Path kernel : new Path[] {baseKernel, newKernel}) {
                selection.kernel = kernel;
                selection.validate();
            }
            selection.kernel = null;
            return new Side[] {new Side("base", baseCsv, "--kernel", baseKernel, null),
                new Side("new", newCsv, "--kernel", newKernel, null)};
        }
        if (baseSuiteDirectory == null || newSuiteDirectory == null) {
            throw new IllegalArgumentException("--base-suite-dir and --new-suite-dir go together");
        }
        for (Path directory : new Path[] {baseSuiteDirectory, newSuiteDirectory}) {
            selection.suiteDirectory = directory;
            selection.validate();
        }
        selection.suiteDirectory = null;
        return new Side[] {new Side("base", baseCsv, "--suite-dir", baseSuiteDirectory, null),
            new Side("new", newCsv, "--suite-dir", newSuiteDirectory, null)};
    }

    /** Checks the options after -- as compare will read them, before any fork runs. */
    private void checkCompareOptions() {
        List<String> args = new ArrayList<>(List.of("compare", baseCsv.toString(), newCsv.toString()));
        args.addAll(compareOptions);
        PrintWriter none = new PrintWriter(java.io.Writer.nullWriter());
        CommandLine.ParseResult parsed;
        try {
            parsed = Main.commandLine(none, none).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException("the compare options after --: " + e.getMessage(), e);
        }
        if (parsed.hasSubcommand() && parsed.subcommand().commandSpec().userObject() instanceof CompareCommand compare) {
            compare.checkOptions();
        }
    }

    private OutputFiles.Existing existing() {
        return force ? OutputFiles.Existing.REPLACE : OutputFiles.Existing.REFUSE;
    }

    /** A path quoted for {@code sh}. */
    static String quoted(Path file) {
        return "'" + file.toString().replace("'", "'\\''") + "'";
    }

    private static String shown(String arg) {
        return Stream.of(" ", "'", "\"").anyMatch(arg::contains) ? "'" + arg.replace("'", "'\\''") + "'" : arg;
    }
}
