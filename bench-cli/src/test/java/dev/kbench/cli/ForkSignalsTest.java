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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.io.SamplesCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A forked run's parent killed while a fork runs, as a user or a batch system would: SIGTERM to the
 * parent, SIGINT to its process group (Ctrl-C) and SIGKILL to the parent. Real {@code run --forks 4}
 * and {@code ab} on PoCL: no child process survives the parent, every completed fork's samples are in
 * the samples file, and the forks' temporary directory is gone. Nothing is timed: the kill waits for
 * the second fork's child process to exist. The signal then usually catches the second fork, but a loaded
 * machine may deliver it later, after that fork completed: the tests check the same contract whichever fork
 * it caught, read from the report (SIGTERM, SIGINT) or from the samples files (SIGKILL, which leaves no report).
 */
class ForkSignalsTest {

    /** A report's line naming a fork dead. */
    private static final Pattern DIED = Pattern.compile("(?m)^kbench: " + Cli.died("\\w+ fork \\d+"));

    /** The forks of a run of four ({@link #startFourForks}), in the order they run. */
    private static final List<Forked> FOUR_FORKS = IntStream.range(0, 4).mapToObj(i -> new Forked("run", i)).toList();

    /** The repetitions each fork runs, in both tests. */
    private static final int REPETITIONS = 3;

    /**
     * Forks with a warmup asked of 3 s (a count of calls from the fork's estimate of a call, which on PoCL
     * overestimates it: 0.6 to 1.5 s a fork measured here): a fork in standby goes on as soon as the one before
     * has released its device, before kbench prints its line, so a signal sent when that line appears finds it
     * warming up, and the fork after it still waiting. Should a loaded machine let it record a repetition first,
     * that repetition is kept and the tests count it; should it delay the signal until that fork has completed,
     * the signal catches a later fork instead (two more forks follow the one waited for, in both tests). One
     * benchmark with one parameter: a fork that completed wrote {@link #REPETITIONS} repetitions of it.
     */
    private static final List<String> SLOW_WARMUP = List.of("--filter", "copy", "-p", "n=2^18", "--repetitions",
            Integer.toString(REPETITIONS), "--rep-ms", "1", "--warmup-ms", "3000", "--cache-clear", "64KiB");

    /**
     * Starts a command in a session of its own with SIGINT at its default: a shell or a JVM that starts
     * a background process hands it SIGINT ignored, and a JVM keeps an ignored SIGINT ignored.
     */
    private static final String LEADER = """
            import os, signal, sys
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.setsid()
            os.execv(sys.argv[1], sys.argv[1:])
            """;

    @TempDir
    Path dir;

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    /** The parent: the CLI in its own session, its temporary files under {@code tmp}, its stderr in a file. */
    private Process start(Path tmp, Path err, List<String> args) throws IOException {
        return start(tmp, err, List.of(), args);
    }

    /**
     * The parent, as {@link #start(Path, Path, List)}, its JVM given {@code jvmOptions} as well (which its forks
     * inherit).
     */
    private Process start(Path tmp, Path err, List<String> jvmOptions, List<String> args) throws IOException {
        Files.createDirectories(tmp);
        List<String> command = new ArrayList<>(List.of("python3", "-c", LEADER));
        List<String> cli = new ArrayList<>(Jvm.onClassPath(e -> true, args.toArray(String[]::new)));
        cli.add(1, "-Djava.io.tmpdir=" + tmp);
        cli.addAll(2, jvmOptions);
        command.addAll(cli);
        return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
    }

    /**
     * The parent of a run of four forks of {@link #SLOW_WARMUP} with this seed, its samples in {@code csv}, its JVM
     * given {@code jvmOptions} (which the forks inherit).
     */
    private Process startFourForks(Path tmp, Path err, List<String> jvmOptions, Path csv, long seed)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("--backend", "opencl", "run", "--forks", "4", "--seed",
                Long.toString(seed), "--csv-samples", csv.toString()));
        args.addAll(SLOW_WARMUP);
        return start(tmp, err, jvmOptions, args);
    }

    /**
     * Waits until stderr names a fork gone on, the first fork's rows are all in its samples file (where there is
     * one: the line comes as the fork goes on, when the fork before releases the device, before that fork has
     * written its samples), and a fork's JVM runs under its guard; returns the descendants.
     */
    private static List<ProcessHandle> secondForkRunning(Process parent, Path err, String secondFork, Path firstForkCsv)
            throws Exception {
        for (int i = 0; i < 1200; i++) {
            assertTrue(parent.isAlive(), "the run ended before it could be killed:\n" + Files.readString(err));
            if (Files.readString(err).contains(secondFork) && (firstForkCsv == null || appended(firstForkCsv))) {
                List<ProcessHandle> tree = parent.descendants().toList();
                // the child JVM under its guard: not a clone of the parent on its way to exec
                if (tree.stream().anyMatch(p -> p.info().command().orElse("").endsWith("java")
                        && p.parent().map(q -> q.pid() != parent.pid()).orElse(false))) {
                    return tree;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the second fork did not start in 120 s:\n" + Files.readString(err));
    }

    private static void kill(Process parent, String signal) throws Exception {
        List<String> command = switch (signal) {
            case "TERM" -> List.of("kill", "-TERM", Long.toString(parent.pid()));
            case "INT" -> List.of("kill", "-s", "INT", "--", "-" + parent.pid());   // Ctrl-C: the whole process group
            case "KILL" -> List.of("kill", "-KILL", Long.toString(parent.pid()));
            default -> throw new IllegalArgumentException(signal);
        };
        assertEquals(0, new ProcessBuilder(command).inheritIO().start().waitFor());
    }

    /** Asserts that none of the processes lives on, nor the forks' directory, within 30 s. */
    private static void nothingSurvives(List<ProcessHandle> tree, Path tmp, String report) throws Exception {
        for (int i = 0; i < 300; i++) {
            boolean alive = tree.stream().anyMatch(ProcessHandle::isAlive);
            boolean leftover;
            try (Stream<Path> files = Files.list(tmp)) {
                leftover = files.anyMatch(f -> f.getFileName().toString().startsWith("kbench-forks-"));
            }
            if (!alive && !leftover) {
                return;
            }
            Thread.sleep(100);
        }
        List<String> survivors = tree.stream().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        try (Stream<Path> files = Files.list(tmp)) {
            throw new AssertionError("survivors " + survivors + ", left in " + tmp + ": " + files.toList() + "\n" + report
                    + crashReports(tmp));
        }
    }

    /** The first lines of every JVM crash report (hs_err) in the forks' directories under tmp, to see why a fork died. */
    private static String crashReports(Path tmp) throws java.io.IOException {
        try (Stream<Path> files = Files.walk(tmp, 2)) {
            StringBuilder out = new StringBuilder();
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("hs_err")).toList()) {
                out.append("\n--- ").append(f).append('\n');
                try (Stream<String> lines = Files.lines(f, java.nio.charset.StandardCharsets.ISO_8859_1)) {
                    lines.limit(40).forEach(l -> out.append(l).append('\n'));
                }
            }
            return out.toString();
        }
    }

    /**
     * One fork of a forked run or an ab, as the report names it.
     *
     * @param side {@code run}, or {@code base} or {@code new}
     * @param index its index within its side, the samples files' column fork
     */
    private record Forked(String side, int index) {

        /** As the report names it, e.g. {@code base fork 1}. */
        String name() {
            return side + " fork " + index;
        }
    }

    /**
     * A fork's rows in a samples file, none where the file does not exist; a last line cut off (the parent
     * killed while appending) is left out, as kbench reads such a file.
     */
    private static List<SampleRecord> rows(Path csv, int fork) {
        if (!Files.exists(csv)) {
            return List.of();
        }
        return SamplesCsv.read(csv, warning -> { }).stream().filter(r -> r.fork() == fork).toList();
    }

    /**
     * Whether a samples file holds every row of a fork that completed. A row is one sample (one timed call): the
     * fork ran {@link #REPETITIONS} repetitions of its one benchmark, each of the same number of calls
     * (fixed by the fork's estimate of a call), numbered from 0.
     */
    private static boolean complete(Path csv, int fork) {
        List<SampleRecord> rows = rows(csv, fork);
        Map<Integer, Set<Integer>> samples = rows.stream().collect(Collectors.groupingBy(r -> r.repetition().orElse(-1),
                TreeMap::new, Collectors.mapping(SampleRecord::sample, Collectors.toCollection(TreeSet::new))));
        int calls = samples.isEmpty() ? 0 : samples.values().iterator().next().size();
        Set<Integer> each = IntStream.range(0, calls).boxed().collect(Collectors.toSet());
        return rows.stream().map(r -> r.benchmark() + " " + r.params()).distinct().count() == 1
                && samples.keySet().equals(IntStream.range(0, REPETITIONS).boxed().collect(Collectors.toSet()))
                && samples.values().stream().allMatch(each::equals)
                && rows.size() == REPETITIONS * calls;
    }

    /** Whether the first fork's rows are all in a samples file that the parent may be appending to now. */
    private static boolean appended(Path csv) {
        try {
            return complete(csv, 0);
        } catch (RuntimeException e) {
            return false;   // a row being written
        }
    }

    /** What the samples files hold, fork by fork, for a failure's message. */
    private static String held(Map<String, Path> files) {
        StringBuilder out = new StringBuilder();
        for (Path csv : new TreeMap<>(files).values()) {
            out.append('\n').append(csv.getFileName()).append(": ");
            if (!Files.exists(csv)) {
                out.append("no file");
                continue;
            }
            Map<Integer, Map<Integer, Long>> counts = SamplesCsv.read(csv, warning -> { }).stream().collect(
                    Collectors.groupingBy(SampleRecord::fork, TreeMap::new, Collectors.groupingBy(
                            r -> r.repetition().orElse(-1), TreeMap::new, Collectors.counting())));
            out.append(counts.isEmpty() ? "no sample" : counts.entrySet().stream().map(e -> "fork " + e.getKey()
                    + " samples by repetition " + e.getValue()).collect(Collectors.joining("; ")));
        }
        return out.toString();
    }

    /** Asserts that each samples file holds no row of a fork outside {@code order}. */
    private static void noOtherFork(List<Forked> order, Map<String, Path> files, String context) {
        for (Map.Entry<String, Path> file : files.entrySet()) {
            Set<Integer> known = order.stream().filter(f -> f.side().equals(file.getKey())).map(Forked::index)
                    .collect(Collectors.toSet());
            if (Files.exists(file.getValue())) {
                Set<Integer> held = SamplesCsv.read(file.getValue(), warning -> { }).stream().map(SampleRecord::fork)
                        .collect(Collectors.toSet());
                assertTrue(known.containsAll(held), file.getValue() + " holds a fork not run" + context);
            }
        }
    }

    /**
     * The contract of a parent stopped by SIGTERM or SIGINT, whichever fork the signal caught. The report says
     * after how many completed forks, K, it stopped; the signal was sent once the second fork's line appeared,
     * after the first fork completed, so K is at least 1. The K forks that completed are in the samples files
     * in full; the fork after them is the one the signal caught, named by the report as dead, stopped, and the
     * files hold as many of its rows as the report says were kept (those it recorded before the signal: none if
     * it had not started). The one other fork the report may name stopped is the next, where the fork caught had
     * measured all its rows and handed its device on, and the next had gone on, when the signal came (the fork
     * caught was closing and writing its report): then the one caught keeps every row, and the next as many as the
     * report says. No fork after those named has a row.
     *
     * @param order the forks in the order they run
     * @param files each side's samples file
     * @param report the parent's stderr
     */
    private static void stoppedAsReported(List<Forked> order, Map<String, Path> files, String report) {
        String context = "\n" + report + held(files);
        Matcher after = Pattern.compile("kbench: stopped by a signal after (\\d+) of " + order.size()
                + " forks completed; no further fork was started\n").matcher(report);
        assertTrue(after.find(), "no fork was stopped: the signal came after the last fork had ended, or the "
                + "report does not say that the run was stopped" + context);
        assertFalse(Pattern.compile("(?m)^\\[.*\\] (Killed$|\\(its output could not be read further)").matcher(report).find(),
                "no line from a fork after the shutdown killed it (its guard's shell reporting the kill, a closed "
                + "stream)" + context);
        int completed = Integer.parseInt(after.group(1));
        assertTrue(completed >= 1 && completed < order.size(), "the first fork completed before the signal, and "
                + "the report names the fork that the signal caught" + context);
        long dead = DIED.matcher(report).results().count();
        assertTrue(dead == 1 || dead == 2 && completed + 1 < order.size(), dead + " forks reported dead: the fork the "
                + "signal caught and, where it had handed its device on, at most the one after it" + context);
        int stopped = completed + (int) dead;
        for (int i = 0; i < order.size(); i++) {
            Forked fork = order.get(i);
            Path csv = files.get(fork.side());
            if (i < completed) {
                assertTrue(complete(csv, fork.index()), fork.name() + " completed: all its rows are kept" + context);
            } else if (i < stopped) {
                assertTrue(Pattern.compile("(?m)^kbench: " + Cli.died(Pattern.quote(fork.name())) + "stopped: ")
                        .matcher(report).find(),
                        fork.name() + " is one of the " + dead + " forks reported dead, and was stopped" + context);
                assertEquals(Cli.keptOfDied(report, fork.name()), Cli.rows(csv, fork.index()),
                        fork.name() + " was stopped: the rows it recorded are kept, as many as the report says" + context);
                if (i < stopped - 1) {
                    assertTrue(complete(csv, fork.index()), fork.name() + " is reported dead beside the fork after it, "
                            + "so it had handed its device on, all its rows recorded" + context);
                }
            } else {
                assertEquals(0, Cli.rows(csv, fork.index()), fork.name() + " was not started" + context);
            }
        }
        noOtherFork(order, files, context);
    }

    /**
     * The one overlap of two forks that a signal can catch, made on purpose: fork 1 hands its device over after its
     * last repetition, and fork 2 goes on then, while fork 1 is still ending: closing its context, writing its
     * report, exiting. On PoCL here that end often outlasts the time the test takes to see fork 2's line; a test
     * agent, {@link SlowForkExit}, holds fork 1's exit for a minute so that it always does. A signal once fork 2 has
     * gone on stops both: fork 0 completed, fork 1 is named stopped with every row it recorded kept, fork 2 with
     * what it had recorded, and fork 3 never started.
     */
    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalWhileAForkThatHandedOverIsEndingStopsItAndTheNextOneKeepingBoth(String signal) throws Exception {
        Path csv = dir.resolve("forks.csv");
        Path agent = SlowForkExit.jar(dir.resolve("slow-exit.jar"));
        String report = stopFourForks(signal, List.of("-javaagent:" + agent + "=1"), csv, 13, "kbench: fork 2 of 4");
        Map<String, Path> files = Map.of("run", csv);
        stoppedAsReported(FOUR_FORKS, files, report);
        // stoppedAsReported names the dead forks stopped; here they are fork 1, still ending, and fork 2
        assertTrue(report.contains("kbench: stopped by a signal after 1 of 4 forks completed")
                && DIED.matcher(report).results().count() == 2, "fork 1, still ending, and fork 2, gone on at its "
                + "hand-over, both stopped:\n" + report + held(files));
    }

    /**
     * The contract of a parent killed by SIGKILL, which writes no report. The parent appends a fork's rows to its
     * samples file once the fork has ended, so the files hold the forks that ended before the kill, in the order
     * they ran: the first fork (appended before the second fork's line appeared) and any after it that ended
     * too, each in full, except that the kill may have cut the appending of the last of them. The fork that ran
     * when the parent was killed has no row there (its guard kills it once the parent is gone, and nothing reads
     * its samples), nor has any fork after it; and one fork at least had not ended, or the kill came too late
     * to test anything.
     *
     * @param order the forks in the order they run
     * @param files each side's samples file
     * @param report the parent's stderr
     */
    private static void killedAsWritten(List<Forked> order, Map<String, Path> files, String report) {
        String context = "\n" + report + held(files);
        int ended = 0;
        while (ended < order.size() && !rows(files.get(order.get(ended).side()), order.get(ended).index()).isEmpty()) {
            ended++;
        }
        assertTrue(ended >= 1, order.getFirst().name() + " ended before the kill: its rows are kept" + context);
        assertTrue(ended < order.size(), "every fork had ended when the parent was killed" + context);
        for (int i = 0; i < order.size(); i++) {
            Forked fork = order.get(i);
            Path csv = files.get(fork.side());
            if (i == 0 || i < ended - 1) {
                assertTrue(complete(csv, fork.index()), fork.name() + " ended before the kill and before the fork "
                        + "after it: all its rows are kept" + context);
            } else if (i >= ended) {
                assertTrue(rows(csv, fork.index()).isEmpty(), "the forks kept are those that ended first, in order; "
                        + fork.name() + " is not one of them" + context);
            }
        }
        noOtherFork(order, files, context);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT", "KILL"})
    void aKilledRunWithForksTakesItsChildrenAlongAndKeepsTheCompletedForks(String signal) throws Exception {
        Path csv = dir.resolve("forks.csv");
        String report = stopFourForks(signal, List.of(), csv, 11, "kbench: fork 1 of 4");
        Map<String, Path> files = Map.of("run", csv);
        if (signal.equals("KILL")) {
            killedAsWritten(FOUR_FORKS, files, report);
        } else {
            stoppedAsReported(FOUR_FORKS, files, report);
            assertTrue(report.contains("in " + csv + " (column fork)"), report);
        }
    }

    /**
     * Starts a run of four forks ({@link #startFourForks}), sends it {@code signal} once {@code goneOn} (a fork's
     * line) appeared and the first fork's rows are in {@code csv}, and checks that no process of it and no forks'
     * directory is left; returns its report (stderr).
     */
    private String stopFourForks(String signal, List<String> jvmOptions, Path csv, long seed, String goneOn)
            throws Exception {
        Path tmp = dir.resolve("tmp");
        Path err = dir.resolve("err.txt");
        Process parent = startFourForks(tmp, err, jvmOptions, csv, seed);
        try {
            List<ProcessHandle> tree = secondForkRunning(parent, err, goneOn, csv);
            kill(parent, signal);
            assertTrue(parent.waitFor(90, TimeUnit.SECONDS), "the parent did not exit:\n" + Files.readString(err));
            String report = Files.readString(err);
            nothingSurvives(tree, tmp, report);
            return report;
        } finally {
            parent.destroyForcibly();
        }
    }

    /**
     * A run whose fork 0 died (its guard killed with SIGKILL while fork 1 waited in standby beside it) and which is
     * then killed itself (SIGKILL, while fork 1 measures) leaves its forks' directory, marked kept by the death, in
     * place: the guards of the forks after it, fork 1's started before the death, read the mark and kill their
     * forks without removing it. Without a death the same kill removes it (the test above).
     */
    @Test
    void aRunKilledAfterAForkDiedKeepsItsForksDirectory() throws Exception {
        Path tmp = dir.resolve("tmp");
        Path err = dir.resolve("err.txt");
        Path csv = dir.resolve("died.csv");
        Process parent = startFourForks(tmp, err, List.of(), csv, 13);
        try {
            ProcessHandle first = null;
            for (int i = 0; i < 1200 && first == null; i++) {
                assertTrue(parent.isAlive(), "the run ended before its fork 0 could be killed:\n" + Files.readString(err));
                List<ProcessHandle> tree = parent.descendants().toList();
                Optional<ProcessHandle> guard0 = guard(tree, "fork-0.csv");
                if (guard0.isPresent() && guard(tree, "fork-1.csv").isPresent()) {
                    first = guard0.get();
                }
                Thread.sleep(100);
            }
            assertTrue(first != null, "forks 0 and 1 were never both started:\n" + Files.readString(err));
            first.destroyForcibly();
            Path directory = null;
            for (int i = 0; i < 600 && directory == null; i++) {
                try (Stream<Path> files = Files.list(tmp)) {
                    directory = files.filter(f -> f.getFileName().toString().startsWith("kbench-forks-")
                            && Files.exists(f.resolve(dev.kbench.forks.Forks.KEEP_MARK))).findFirst().orElse(null);
                }
                Thread.sleep(100);
            }
            assertTrue(directory != null, "the death marked no directory kept:\n" + Files.readString(err));
            List<ProcessHandle> tree = secondForkRunning(parent, err, "kbench: fork 1 of 4", null);
            kill(parent, "KILL");
            assertTrue(parent.waitFor(90, TimeUnit.SECONDS), "the parent did not exit:\n" + Files.readString(err));
            String report = Files.readString(err);
            // the reapers (from sessions of their own, named with the directory) have done all they will do
            for (int i = 0; i < 300 && (tree.stream().anyMatch(ProcessHandle::isAlive) || reaping(tmp)); i++) {
                Thread.sleep(100);
            }
            assertFalse(tree.stream().anyMatch(ProcessHandle::isAlive) || reaping(tmp), "still running:\n" + report);
            assertTrue(Files.exists(directory.resolve(dev.kbench.forks.Forks.KEEP_MARK)), directory + " was removed, "
                    + "though a fork had died:\n" + report);
        } finally {
            parent.destroyForcibly();
        }
    }

    /** The guard among {@code tree} of the fork whose command names {@code samplesFile}. */
    private static Optional<ProcessHandle> guard(List<ProcessHandle> tree, String samplesFile) {
        return tree.stream().filter(p -> Cli.guardOf(p, samplesFile)).findFirst();
    }

    /** Whether a guard's reaper of a forks' directory under {@code tmp} runs. */
    private static boolean reaping(Path tmp) {
        return ProcessHandle.allProcesses().map(Cli::arguments).anyMatch(a -> a.contains("kbench-reaper")
                && a.stream().anyMatch(x -> x.startsWith(tmp.toString())));
    }

    /**
     * A run with a warm-up fork stopped (SIGTERM) once the warm-up fork's JVM runs: nothing survives, and the
     * samples file holds no warm-up row. Where the signal caught the warm-up fork, as it does unless a loaded
     * machine delivers it late, the report names it stopped and no sample is kept; otherwise the measured forks
     * that completed before the one caught are kept whole.
     */
    @Test
    void aRunStoppedInItsWarmUpForkKeepsNoWarmUpSample() throws Exception {
        Path tmp = dir.resolve("tmp");
        Path err = dir.resolve("err.txt");
        Path csv = dir.resolve("warm.csv");
        List<String> args = new ArrayList<>(List.of("--backend", "opencl", "run", "--forks", "2", "--warmup-forks", "1",
                "--seed", "11", "--csv-samples", csv.toString()));
        args.addAll(SLOW_WARMUP);
        Process parent = start(tmp, err, args);
        try {
            List<ProcessHandle> tree = secondForkRunning(parent, err, "kbench: warm-up fork 0 of 1", null);
            kill(parent, "TERM");
            assertTrue(parent.waitFor(90, TimeUnit.SECONDS), "the parent did not exit:\n" + Files.readString(err));
            String report = Files.readString(err);
            nothingSurvives(tree, tmp, report);
            Map<String, Path> files = Map.of("run", csv);
            String context = "\n" + report + held(files);
            Matcher after = Pattern.compile("kbench: stopped by a signal after (\\d+) of 3 forks completed").matcher(report);
            assertTrue(after.find(), "the report says that the run was stopped" + context);
            int completed = Integer.parseInt(after.group(1));
            if (completed == 0) {
                assertTrue(report.contains("kbench: run warm-up fork 0 (seed " + dev.kbench.forks.Forks.warmupSeeds(11, 2, 1)[0]
                        + ") died: stopped: "), "the warm-up fork was caught" + context);
                assertEquals(0, Cli.rows(csv, 0) + Cli.rows(csv, 1), "no warm-up sample in the file" + context);
            } else {
                for (int fork = 0; fork < completed - 1; fork++) {
                    assertTrue(complete(csv, fork), "measured fork " + fork + " completed: whole, no warm-up row" + context);
                }
            }
            noOtherFork(List.of(new Forked("run", 0), new Forked("run", 1)), files, context);
        } finally {
            parent.destroyForcibly();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT", "KILL"})
    void aKilledAbTakesItsChildrenAlongAndKeepsTheCompletedForks(String signal) throws Exception {
        Path tmp = dir.resolve("tmp");
        Path err = dir.resolve("err.txt");
        Path base = Cli.resource("kernels/spin.cl", dir);
        Path baseCsv = dir.resolve("b.csv");
        Path newCsv = dir.resolve("n.csv");
        // seed 7: base base new new (ForksTest), so the first fork is base 0 and the second base 1, whose line the
        // kill waits for; the signal may still catch a later fork (SLOW_WARMUP)
        List<Forked> order = new ArrayList<>();
        int[] next = new int[2];
        for (int side : AbCommand.order(7, 2)) {
            order.add(new Forked(side == 0 ? "base" : "new", next[side]++));
        }
        assertEquals(List.of(new Forked("base", 0), new Forked("base", 1)), order.subList(0, 2), order.toString());
        Process parent = start(tmp, err, List.of("--backend", "opencl", "ab", "--base-kernel", base.toString(),
                "--new-kernel", base.toString(), "--entry", "spin", "--grid", "16", "--block", "256", "--arg",
                "buf:f32:4096:fill=1", "--arg", "i32:4096", "--arg", "i32:5000", "--repetitions",
                Integer.toString(REPETITIONS), "--rep-ms", "1", "--warmup-ms", "3000", "--cache-clear", "64KiB",
                "--forks", "2", "--seed", "7", "--base-csv", baseCsv.toString(), "--new-csv", newCsv.toString()));
        try {
            List<ProcessHandle> tree = secondForkRunning(parent, err, "kbench ab: base fork 1", baseCsv);
            kill(parent, signal);
            assertTrue(parent.waitFor(90, TimeUnit.SECONDS), "the parent did not exit:\n" + Files.readString(err));
            String report = Files.readString(err);
            nothingSurvives(tree, tmp, report);
            assertTrue(report.contains("order: " + String.join(" ", order.stream().map(Forked::side).toList())), report);
            Map<String, Path> files = Map.of("base", baseCsv, "new", newCsv);
            if (signal.equals("KILL")) {
                killedAsWritten(order, files, report);
            } else {
                stoppedAsReported(order, files, report);
                noVerdict(files, report);
            }
        } finally {
            parent.destroyForcibly();
        }
    }

    /**
     * Asserts that ab gave no verdict and said what it kept: a side that kept no sample has no file (it is removed
     * on the way out), and the last line says what each side kept.
     */
    private static void noVerdict(Map<String, Path> files, String report) {
        List<String> kept = new ArrayList<>();
        for (String side : List.of("base", "new")) {
            Path file = files.get(side);
            long rows = Files.exists(file) ? SamplesCsv.read(file).size() : 0;
            assertEquals(rows > 0, Files.exists(file), side + ": " + report);
            kept.add(rows > 0 ? rows + " " + side + " samples in " + file : "no " + side + " samples");
        }
        assertTrue(report.contains("kbench ab: no verdict; kept " + String.join(", ", kept) + "\n"), kept + "\n" + report);
        assertFalse(report.contains("kbench ab: compare"), report);
    }

    /**
     * A signal between two forks: each fork is a command that writes its samples and ends at once, the first
     * second fork of a side to run sending SIGTERM to kbench as it ends, so the signal comes as that fork
     * completes (or is stopped) and before the next is started; the other side's second fork, should kbench
     * start it before the signal is handled (a loaded machine may take longer than a fork of a few
     * milliseconds), waits until it is stopped, so that it cannot complete the pair that the signal cut short.
     * Either way the run was cut short by the signal: kbench says so,
     * gives no verdict on the forks it has, keeps their samples, and does not exit 0. With a fixed count of forks
     * ({@code --forks 3}) whose first two are of one side or of both (so that a verdict could be drawn from what
     * ran), and stopping when decided ({@code --max-forks}, in pairs: the signal comes with the first fork of the
     * second pair, so that the sides have not run as many forks).
     */
    @ParameterizedTest
    @ValueSource(strings = {"one side first", "both sides first", "until decided"})
    void aSignalBetweenForksLeavesAbWithoutAVerdict(String mode) throws Exception {
        // a seed whose first two forks are of both sides or of one
        long seed = LongStream.iterate(1, x -> x + 1).filter(x -> {
            List<Integer> order = AbCommand.order(x, 3);
            return order.get(0).equals(order.get(1)) == mode.equals("one side first");
        }).findFirst().orElseThrow();
        List<String> forks = mode.equals("until decided") ? List.of("--max-forks", "9") : List.of("--forks", "3");
        Path tmp = dir.resolve("tmp");
        Path err = dir.resolve("err.txt");
        Path pid = dir.resolve("parent.pid");
        StringBuilder rows = new StringBuilder("benchmark,params,repetition,sample,time_ms\n");
        for (int s = 0; s < 20; s++) {
            rows.append("k,n=1,0,").append(s).append(',').append(1 + 0.001 * s).append('\n');
        }
        Path samples = Files.writeString(dir.resolve("fork.csv"), rows);
        Path signalled = dir.resolve("signalled");
        String command = "cp '" + samples + "' {out}; if [ \"$KBENCH_FORK\" = 1 ]; then if mkdir '" + signalled
                + "' 2>/dev/null; then while [ ! -s '" + pid + "' ]; do sleep 0.1; done; kill -TERM \"$(cat '" + pid
                + "')\"; else while :; do sleep 0.1; done; fi; fi";
        Map<String, Path> files = Map.of("base", dir.resolve("b.csv"), "new", dir.resolve("n.csv"));
        List<String> args = new ArrayList<>(List.of("ab", "--base-command", command, "--new-command", command,
                "--seed", Long.toString(seed), "--base-csv", files.get("base").toString(), "--new-csv",
                files.get("new").toString()));
        args.addAll(forks);
        Process parent = start(tmp, err, args);
        try {
            Files.writeString(pid, Long.toString(parent.pid()));
            assertTrue(parent.waitFor(90, TimeUnit.SECONDS), "the parent did not exit:\n" + Files.readString(err));
            String report = Files.readString(err);
            assertTrue(parent.exitValue() != 0, "exit " + parent.exitValue() + "\n" + report);
            // a fixed count names it; a run until decided has none
            assertTrue(Pattern.compile("kbench: stopped by a signal after [1-5]" + (mode.equals("until decided") ? ""
                    : " of 6") + " forks completed; no further fork was started\n").matcher(report).find(),
                    report + held(files));
            noVerdict(files, report);
            if (mode.equals("until decided")) {
                // the second pair was started, not run: the sides' forks differ, or its first fork was stopped
                assertTrue(Pattern.compile("kbench ab: 2 pairs started \\([12] base and [12] new forks completed\\) in ")
                        .matcher(report).find(), report);
            }
            int kept = 0;
            for (Path file : files.values()) {
                kept += Files.exists(file) ? SamplesCsv.read(file).size() : 0;
            }
            assertTrue(kept >= 20 && kept < 6 * 20, "the forks that completed are kept, not every fork ran\n" + report);
        } finally {
            parent.destroyForcibly();
        }
    }
}
