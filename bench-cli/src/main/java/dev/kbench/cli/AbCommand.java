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

import dev.kbench.api.RunId;
import dev.kbench.api.SampleRecord;
import dev.kbench.forks.ForkOutcome;
import dev.kbench.forks.ForkSequence;
import dev.kbench.forks.Forks;
import dev.kbench.forks.SequentialAb;
import dev.kbench.stats.GroupSequential;
import dev.kbench.stats.Unit;
import dev.kbench.stats.format.CompareTable;
import dev.kbench.stats.format.Numbers;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
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
                "With --max-forks, --max-time-s or --target-mdc instead of --forks, forks run a pair at a time and ab "
                + "stops as soon as every benchmark is settled (or its MDC reaches the target), with the error rates "
                + "held by group-sequential alpha spending (docs/stats.md).", "",
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

    /** The most forks a side when stopping when decided, unless --max-forks says otherwise. */
    static final int DEFAULT_MAX_FORKS = SequentialAb.DEFAULT_MAX_FORKS;

    /**
     * With a fixed fork count, how many of a side's first forks that die before recording a sample end the run: a
     * failure that every fork of the side meets (a kernel that does not build) repeats in each, and one fork that
     * died of a passing cause is not enough to give up.
     */
    static final int BARREN_FORKS = 2;

    private static final Set<String> PARENT_OPTIONS = Set.of("--base-kernel", "--new-kernel", "--base-suite-dir",
            "--new-suite-dir", "--base-command", "--new-command", "--forks", "--fork-timeout-s", "--seed",
            "--base-csv", "--new-csv", OutputFiles.FORCE, "--max-forks", "--max-time-s", "--target-mdc", "--warmup-forks");

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
            description = "Fresh processes per side (default ${DEFAULT-VALUE}, at most " + Forks.MOST_FORKS + ").")
    private int forks;

    @Option(names = "--max-forks", paramLabel = "N",
            description = "Stop when decided: add forks a pair at a time, look at the comparison after some pairs and "
                    + "stop once every benchmark is settled (slower or faster at the look's share of alpha with its "
                    + "interval beyond the threshold, or its interval wholly inside the threshold), at most N forks a "
                    + "side (2 to " + Forks.MOST_FORKS + "); the error rates are held by group-sequential alpha spending (docs/stats.md). Without "
                    + "--max-forks, --max-time-s or --target-mdc, ab runs --forks forks a side.")
    private Integer maxForks;

    @Option(names = "--max-time-s", paramLabel = "S",
            description = "Stop when decided (as --max-forks; at most " + DEFAULT_MAX_FORKS + " forks a side unless "
                    + "--max-forks says otherwise) and start no pair of forks that would end after S seconds of forks.")
    private Long maxTimeSeconds;

    @Option(names = "--target-mdc", paramLabel = "REL",
            description = "Instead of a fork count: add fork pairs until every benchmark's minimal detectable change "
                    + "is at most REL (e.g. 1%%), within --max-forks (default " + DEFAULT_MAX_FORKS + ") and "
                    + "--max-time-s, then compare.")
    private String targetMdc;

    @Option(names = "--warmup-forks", paramLabel = "N", defaultValue = "0",
            description = "Run N warm-up forks before the measured ones (alternately base and new, base first) and "
                    + "leave their samples out, as JMH's -wf (default 0): on a GPU the run's first process can read "
                    + "differently from the rest (docs/performance.md).")
    private int warmupForks;

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
    private record Side(String name, OutputTarget csv, String kernelOption, Path kernel, String command) {
    }

    /** {@code --base-csv}: replaced only with {@code --force}. */
    private OutputTarget baseTarget() {
        return OutputTarget.of("--base-csv", baseCsv, force);
    }

    /** {@code --new-csv}: replaced only with {@code --force}. */
    private OutputTarget newTarget() {
        return OutputTarget.of("--new-csv", newCsv, force);
    }

    @Override
    public Integer call() {
        Side[] sides = validate();
        PrintWriter err = spec.commandLine().getErr();
        long runSeed = measure.seed != null ? measure.seed : new SplittableRandom().nextLong();
        if (maxForks != null || maxTimeSeconds != null || targetMdc != null) {
            return sequential(sides, runSeed, err);
        }
        long[] seeds = Forks.seeds(runSeed, forks);
        List<Integer> order = order(runSeed, forks);
        err.println("kbench ab: " + forks + " forks per side" + ForkedRuns.afterWarmups(warmupForks) + ", seed "
                + runSeed + " (--seed " + runSeed + " replays this order), order: "
                + String.join(" ", order.stream().map(s -> sides[s].name()).toList()));
        err.flush();
        try (Forks.Session _ = Forks.Session.open()) {
            return measureAndCompare(sides, order, seeds, runSeed, err);
        }
    }

    /** The forks of one {@code ab}: where they write, what they recorded, how they ended. */
    private final class Run implements SequentialAb.Sides {
        final Side[] sides;
        final Path directory = Forks.temporaryDirectory();
        final List<ForkOutcome> outcomes = new ArrayList<>();
        final OutputFiles.Samples[] writers = new OutputFiles.Samples[2];
        final String[] runIds = {RunId.next(), RunId.next()};
        final int[] next = new int[2];
        final PrintWriter err;
        final ForkSequence sequence;

        Run(Side[] sides, PrintWriter err) {
            this.sides = sides;
            this.err = err;
            this.sequence = ForkedRuns.sequence(Duration.ofSeconds(forkTimeoutSeconds), err, Run::name);
        }

        /** What names a fork in ab's log: {@code kbench ab: base fork 3}, {@code kbench ab: warm-up fork 0 (base)}. */
        private static String name(Forks.Launch launch) {
            String side = launch.side();
            if (side.endsWith(SequentialAb.WARMUP_SUFFIX)) {
                return "kbench ab: warm-up fork " + launch.fork() + " ("
                        + side.substring(0, side.length() - SequentialAb.WARMUP_SUFFIX.length()) + ")";
            }
            return "kbench ab: " + side + " fork " + launch.fork();
        }

        void open() {
            for (int s = 0; s < 2; s++) {
                // each side is a run of its own
                writers[s] = sides[s].csv().openSamples(runIds[s]);
            }
        }

        /**
         * Runs a side's next fork, the forks that follow it (as far as known) started in standby meanwhile, its
         * samples appended to the side's file and handed on.
         */
        @Override
        public ForkOutcome run(SequentialAb.Fork fork, List<SequentialAb.Fork> ahead,
                               java.util.function.Consumer<List<SampleRecord>> samples) {
            int s = fork.side();
            if (!fork.warmup()) {
                next[s]++;
            }
            OutputFiles.Samples writer = writers[s];
            ForkOutcome outcome = sequence.run(launch(fork), () -> ahead.stream().map(this::launch).toList(), recorded -> {
                // a warm-up fork's samples are left out
                if (!fork.warmup()) {
                    ForkedRuns.append(writer, recorded, directory);
                    samples.accept(recorded);
                }
            });
            outcomes.add(outcome);
            return outcome;
        }

        @Override
        public boolean stopsBefore(SequentialAb.Fork fork) {
            return sequence.stopsBefore(launch(fork));
        }

        /**
         * A fork of one side: its command, where it writes, and what its exit status means. The forks' directory
         * holds copies (both samples files hold every completed fork's rows); a fork that dies marks it kept
         * ({@link Forks#KEEP_MARK}).
         */
        private Forks.Launch launch(SequentialAb.Fork fork) {
            int s = fork.side();
            long seed = fork.seed();
            Side side = sides[s];
            String name = side.name() + (fork.warmup() ? SequentialAb.WARMUP_SUFFIX : "");
            Path file = Forks.samplesFile(directory, name, fork.index());
            List<String> command;
            Forks.ChildOutput stdout;
            Forks.Program program = side.command() != null ? Forks.Program.COMMAND : Forks.Program.KBENCH;
            if (side.command() != null) {
                command = List.of("sh", "-c", side.command().replace("{out}", quoted(file)));
                stdout = Forks.ChildOutput.FORWARD;
            } else {
                command = ForkedRuns.childRun(spec, directory, PARENT_OPTIONS, List.of(side.kernelOption(),
                        side.kernel().toString(), OutputOptions.CSV_SAMPLES, file.toString(), "--seed",
                        Long.toString(seed), "--run-id", runIds[s], "--quiet"));
                stdout = Forks.ChildOutput.DISCARD;
            }
            return new Forks.Launch(name, fork.index(), seed, command, Map.of(), file, directory, stdout, true, program);
        }

        void close(PrintWriter err) {
            sequence.close();
            for (OutputFiles.Samples w : writers) {
                String closing = w == null ? null : w.finish();
                if (closing != null) {
                    err.println("kbench ab: " + closing);
                }
            }
        }

        /**
         * After the forks: compare's verdict with these options, or no verdict where a fork died or the run was
         * stopped; {@code planned} is the number of forks the run was to have, 0 until decided.
         */
        int compare(List<String> options, int planned, PrintWriter err) {
            // each side's environment, as a run with --csv-samples records it, from its forks' own sidecars
            List<String> original = spec.root().commandLine().getParseResult().originalArgs();
            for (int s = 0; s < 2; s++) {
                if (writers[s] == null || writers[s].rows() == 0) {
                    continue;
                }
                List<Path> files = new ArrayList<>();
                for (int fork = 0; fork < next[s]; fork++) {
                    files.add(Forks.samplesFile(directory, sides[s].name(), fork));
                }
                String warning = RunEnvironment.writeRuns(writers[s].target(), original, runIds[s],
                        RunEnvironment.runsOf(files, true));
                if (!warning.isEmpty()) {
                    err.println(warning);
                }
            }
            boolean dead = ForkedRuns.reportDead(outcomes, planned, directory, true, err);
            boolean emptySide = Arrays.stream(writers).anyMatch(w -> w == null || w.rows() == 0);
            boolean stopped = ForkedRuns.stopped(outcomes);
            if (stopped || emptySide) {
                for (int s = 0; s < 2 && !dead && !stopped; s++) {
                    if (sides[s].command() != null && (writers[s] == null || writers[s].rows() == 0)) {
                        // its forks all exited 0: the command ran, and wrote nowhere kbench reads
                        err.println("kbench ab: the " + sides[s].name() + " command exited 0 in each fork and wrote no "
                                + "samples: it is to write a samples CSV to {out} (the quoted path) or $"
                                + Forks.SAMPLES_OUT_VARIABLE);
                    }
                }
                List<String> kept = new ArrayList<>();
                for (int s = 0; s < 2; s++) {
                    kept.add(writers[s] == null || writers[s].rows() == 0 ? "no " + sides[s].name() + " samples"
                            : writers[s].rows() + " " + sides[s].name() + " samples in " + writers[s].file());
                }
                err.println("kbench ab: no verdict; kept " + String.join(", ", kept));
                err.flush();
                return ExitCodes.FAILURE;
            }
            List<String> args = new ArrayList<>(List.of("compare", sides[0].csv().file().toString(),
                    sides[1].csv().file().toString()));
            args.addAll(options);
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
    }

    /** The forks in their order, until all ran or this JVM is stopping, then compare unless it stopped. */
    private int measureAndCompare(Side[] sides, List<Integer> order, long[] seeds, long runSeed, PrintWriter err) {
        Run run = new Run(sides, err);
        try {
            run.open();
            // the warm-up forks, then every fork in its order, each side's forks numbered from 0
            List<SequentialAb.Fork> all = new ArrayList<>(SequentialAb.warmups(runSeed, forks, warmupForks));
            int[] index = new int[2];
            for (int s : order) {
                all.add(new SequentialAb.Fork(s, index[s], seeds[index[s]]));
                index[s]++;
            }
            // per side, how many of its first measured forks died before recording a sample (0 once one did not)
            int[] barren = new int[2];
            for (int i = 0; i < all.size(); i++) {
                // stopped: no further fork starts, but one that went on at the last hand-over is collected
                if (run.stopsBefore(all.get(i))) {
                    break;
                }
                SequentialAb.Fork fork = all.get(i);
                ForkOutcome outcome = run.run(fork, ForkSequence.ahead(i, all.size(), all::get), rows -> { });
                if (fork.warmup()) {
                    continue;
                }
                int s = fork.side();
                boolean diedEmpty = outcome.samples() == 0 && !outcome.completed() && !outcome.stopped();
                boolean firstForks = barren[s] == fork.index();   // every fork of the side before this one died so
                barren[s] = diedEmpty && firstForks ? barren[s] + 1 : 0;
                if (barren[s] == BARREN_FORKS && i + 1 < all.size()) {
                    // a kernel that does not build, a benchmark that fails or a device that cannot run it fails every
                    // fork of the side alike: the others would only repeat it
                    err.println("kbench ab: " + sides[s].name() + " forks 0 to " + (BARREN_FORKS - 1) + " died before "
                            + "recording a sample (their output is above); no further fork is started, as every "
                            + sides[s].name() + " fork would fail alike");
                    err.flush();
                    break;
                }
            }
        } finally {
            run.close(err);
        }
        return run.compare(compareOptions, 2 * forks + warmupForks, err);
    }

    /**
     * Stop when decided: the loop of {@link SequentialAb} over the two sides' forks, its looks on stderr,
     * then compare's verdict at the last look's share of alpha.
     */
    private int sequential(Side[] sides, long runSeed, PrintWriter err) {
        int most = maxForks != null ? maxForks : DEFAULT_MAX_FORKS;
        CompareCommand compareCommand = compareCommand();
        SequentialAb ab = SequentialAb.of(compareCommand.checkOptions(), compareCommand.alpha()).withMaxForks(most)
                .withWarmupForks(warmupForks);
        if (maxTimeSeconds != null) {
            ab = ab.withTimeBudget(Duration.ofSeconds(maxTimeSeconds));
        }
        OptionalDouble target = targetMdc == null ? OptionalDouble.empty()
                : OptionalDouble.of(MeasureOptions.parseRelative("--target-mdc", targetMdc));
        if (target.isPresent()) {
            ab = ab.withTargetMdc(target.getAsDouble());
        }
        err.println("kbench ab: stop when " + (target.isPresent() ? "every MDC is at most "
                + Numbers.significant(100 * target.getAsDouble(), 3) + "%" : "decided (looks at " + String.join(", ",
                ab.looks().stream().map(l -> Integer.toString(l.forks())).toList()) + " forks a side)")
                + ", at most " + most + " forks a side" + (maxTimeSeconds != null ? " and " + maxTimeSeconds + " s" : "")
                + ForkedRuns.afterWarmups(warmupForks)
                + ", seed " + runSeed + " (--seed " + runSeed + " replays this order)");
        err.flush();
        long start = System.nanoTime();
        try (Forks.Session _ = Forks.Session.open()) {
            Run run = new Run(sides, err);
            SequentialAb.Result result;
            try {
                run.open();
                result = ab.run(run, runSeed, look -> {
                    err.println("kbench ab: " + look.describe());
                    err.flush();
                });
                if (result.outOfTime()) {
                    err.println("kbench ab: the time budget (--max-time-s " + maxTimeSeconds + ") ends the forks here");
                }
                if (!result.decided() && result.allCompleted() && !result.looks().isEmpty()) {
                    unsettled(result.looks().getLast(), err);
                }
            } finally {
                run.close(err);
            }
            int pairsRun = result.pairs();
            double seconds = (System.nanoTime() - start) / 1e9;
            // a pair cut short (a fork that died or was stopped, or a signal between its two forks) is started, not run
            long[] completed = new long[2];
            // the warm-up forks' outcomes carry their own side names, and are not counted
            for (int s = 0; s < 2; s++) {
                String name = sides[s].name();
                completed[s] = result.forks().stream().filter(f -> f.completed() && f.side().equals(name)).count();
            }
            String ran = completed[0] == pairsRun && completed[1] == pairsRun
                    ? pairsRun + " fork" + (pairsRun == 1 ? "" : "s") + " a side"
                    : pairsRun + " pair" + (pairsRun == 1 ? "" : "s") + " started (" + completed[0] + " "
                            + sides[0].name() + " and " + completed[1] + " " + sides[1].name() + " forks completed)";
            err.println(String.format(Locale.ROOT, "kbench ab: %s in %.1f s (%.2f s a pair)", ran, seconds,
                    pairsRun == 0 ? 0 : seconds / pairsRun));
            List<String> options = result.looks().isEmpty() || target.isPresent() ? compareOptions
                    : at(result.looks().getLast().look());
            return run.compare(options, 0, err);
        }
    }

    /**
     * Names the benchmarks the budget left unsettled, each with its change and interval: their {@code same}
     * is for want of forks, which the line says.
     */
    private static void unsettled(SequentialAb.Look last, PrintWriter err) {
        List<String> open = last.unsettled().stream().map(r -> r.id().label() + " " + Numbers.change(r.ratio())
                + (r.ratioInterval().isDefined() ? " (" + CompareTable.interval(r) + ")" : "")).toList();
        if (!open.isEmpty()) {
            err.println("kbench ab: not settled at " + last.look().forks() + " forks a side (" + open.size() + " of "
                    + last.report().results().size() + "; `same` there is for want of forks): " + String.join(", ", open));
        }
    }

    /**
     * The compare options at a look: the user's --alpha and --confidence-level replaced by the look's, so that
     * the verdict printed is the one the look judged.
     */
    private List<String> at(GroupSequential.Look look) {
        Set<String> replaced = Set.of("--alpha", CompareOptions.CONFIDENCE_LEVEL);
        List<String> options = new ArrayList<>();
        for (int i = 0; i < compareOptions.size(); i++) {
            String option = compareOptions.get(i);
            if (replaced.contains(option)) {
                i++;
            } else if (replaced.stream().noneMatch(o -> option.startsWith(o + "="))) {
                options.add(option);
            }
        }
        // the shortest decimals that read back as the same doubles
        options.addAll(List.of("--alpha", Numbers.plain(look.alpha()), CompareOptions.CONFIDENCE_LEVEL,
                Numbers.plain(look.confidenceLevel())));
        return options;
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
        UsageException.between("--forks", forks, 1, Forks.MOST_FORKS, " per side");
        if (maxForks != null || maxTimeSeconds != null || targetMdc != null) {
            if (spec.commandLine().getParseResult().hasMatchedOption("--forks")) {
                throw new UsageException("--forks " + forks + " fixes the fork count; --max-forks, --max-time-s"
                        + " and --target-mdc let ab choose it: give one or the other");
            }
            if (maxForks != null) {
                UsageException.between("--max-forks", maxForks, Unit.FEWEST_FORKS, Forks.MOST_FORKS, " per side");
            }
            if (maxTimeSeconds != null) {
                UsageException.atLeast("--max-time-s", maxTimeSeconds, 1);
            }
            if (targetMdc != null) {
                double target = MeasureOptions.parseRelative("--target-mdc", targetMdc);
                if (!(target > 0 && target < 1)) {
                    throw new UsageException("--target-mdc '" + targetMdc + "' is out of range: more than 0,"
                            + " less than 1 (100%), e.g. 1% or 0.01");
                }
            }
        }
        UsageException.between("--warmup-forks", warmupForks, 0, Forks.MOST_FORKS);
        UsageException.atLeast("--fork-timeout-s", forkTimeoutSeconds, 1);
        int forms = (baseKernel != null || newKernel != null ? 1 : 0)
                + (baseSuiteDirectory != null || newSuiteDirectory != null ? 1 : 0)
                + (baseCommand != null || newCommand != null ? 1 : 0);
        if (forms != 1) {
            throw new UsageException("give one pair: --base-kernel and --new-kernel, --base-suite-dir and "
                    + "--new-suite-dir, or --base-command and --new-command");
        }
        if (selection.kernel != null || selection.suiteDirectory != null) {
            throw new UsageException("--kernel and --suite-dir name one side; use --base-kernel/--new-kernel "
                    + "or --base-suite-dir/--new-suite-dir");
        }
        measure.validate();
        ForkedRuns.standby();
        checkCompareOptions();
        List<OutputTarget> outputs = Arrays.asList(baseTarget(), newTarget(), baseTarget().sidecar().orElse(null),
                newTarget().sidecar().orElse(null), ForkedRuns.trace());
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("--base-kernel " + baseKernel, baseKernel);
        inputs.put("--new-kernel " + newKernel, newKernel);
        OutputFiles.check(outputs, inputs);
        if (baseCommand != null || newCommand != null) {
            if (baseCommand == null || newCommand == null || baseCommand.isBlank() || newCommand.isBlank()) {
                throw new UsageException("--base-command and --new-command go together, each a command");
            }
            boolean runOptions = spec.commandLine().getParseResult().matchedOptions().stream()
                    .anyMatch(o -> !PARENT_OPTIONS.contains(o.longestName()));
            if (runOptions) {
                throw new UsageException("with --base-command/--new-command, put the run options in the "
                        + "commands; kbench only hands each its output file");
            }
            return new Side[] {new Side("base", baseTarget(), null, null, baseCommand),
                new Side("new", newTarget(), null, null, newCommand)};
        }
        if (baseKernel != null || newKernel != null) {
            if (baseKernel == null || newKernel == null) {
                throw new UsageException("--base-kernel and --new-kernel go together");
            }
            for (Path kernel : new Path[] {baseKernel, newKernel}) {
                selection.kernel = kernel;
                selection.validate();
            }
            selection.kernel = null;
            return new Side[] {new Side("base", baseTarget(), "--kernel", baseKernel, null),
                new Side("new", newTarget(), "--kernel", newKernel, null)};
        }
        if (baseSuiteDirectory == null || newSuiteDirectory == null) {
            throw new UsageException("--base-suite-dir and --new-suite-dir go together");
        }
        for (Path directory : new Path[] {baseSuiteDirectory, newSuiteDirectory}) {
            selection.suiteDirectory = directory;
            selection.validate();
        }
        selection.suiteDirectory = null;
        return new Side[] {new Side("base", baseTarget(), "--suite-dir", baseSuiteDirectory, null),
            new Side("new", newTarget(), "--suite-dir", newSuiteDirectory, null)};
    }

    /** Checks the options after -- as compare will read them, before any fork runs. */
    private void checkCompareOptions() {
        compareCommand().checkOptions();
    }

    /** The compare command the options after -- make. */
    private CompareCommand compareCommand() {
        List<String> args = new ArrayList<>(List.of("compare", baseCsv.toString(), newCsv.toString()));
        args.addAll(compareOptions);
        PrintWriter none = new PrintWriter(java.io.Writer.nullWriter());
        CommandLine.ParseResult parsed;
        try {
            parsed = Main.commandLine(none, none).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new UsageException("the compare options after --: " + e.getMessage(), e);
        }
        if (parsed.hasSubcommand() && parsed.subcommand().commandSpec().userObject() instanceof CompareCommand compare) {
            return compare;
        }
        throw new IllegalStateException("the compare options after -- did not make a compare command");
    }

    /** A path quoted for {@code sh}. */
    static String quoted(Path file) {
        return "'" + file.toString().replace("'", "'\\''") + "'";
    }

    private static String shown(String arg) {
        return Stream.of(" ", "'", "\"").anyMatch(arg::contains) ? "'" + arg.replace("'", "'\\''") + "'" : arg;
    }
}
