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

import dev.kbench.stats.io.SamplesCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A forked run's parent killed while a fork runs, as a user or a batch system would: SIGTERM to the
 * parent, SIGINT to its process group (Ctrl-C) and SIGKILL to the parent. Real {@code run --forks 3}
 * and {@code ab} on PoCL: no child process survives the parent, every completed fork's samples are in
 * the samples file, and the forks' temporary directory is gone. Nothing is timed: the kill waits for
 * the second fork's child process to exist.
 */
class ForkSignalsTest {

    /**
     * Forks with a warmup of about 3 s (calls long enough that the warmup's cap of calls does not cut it): a
     * fork in standby goes on as soon as the one before has released its device, before kbench prints its
     * line, so a signal sent when that line appears finds it warming up, and the fork after it still waiting.
     * Should a loaded machine let it record a repetition first, that repetition is kept and the tests count it.
     */
    private static final List<String> SLOW_WARMUP = List.of("--filter", "copy", "-p", "n=2^18", "--repetitions", "3",
            "--rep-ms", "1", "--warmup-ms", "3000", "--cache-clear", "64KiB");

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
        Files.createDirectories(tmp);
        List<String> command = new ArrayList<>(List.of("python3", "-c", LEADER));
        List<String> cli = new ArrayList<>(Jvm.onClassPath(e -> true, args.toArray(String[]::new)));
        cli.add(1, "-Djava.io.tmpdir=" + tmp);
        command.addAll(cli);
        return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
    }

    /** Waits until stderr shows the second fork started and its JVM runs under its guard; returns the descendants. */
    private static List<ProcessHandle> secondForkRunning(Process parent, Path err, String secondFork) throws Exception {
        for (int i = 0; i < 1200; i++) {
            assertTrue(parent.isAlive(), "the run ended before it could be killed:\n" + Files.readString(err));
            if (Files.readString(err).contains(secondFork)) {
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

    private static Set<Integer> forks(Path csv) {
        return Cli.forks(csv);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT", "KILL"})
    void aKilledRunWithForksTakesItsChildrenAlongAndKeepsTheCompletedForks(String signal) throws Exception {
        Path tmp = dir.resolve("tmp");
        Path err = dir.resolve("err.txt");
        Path csv = dir.resolve("forks.csv");
        List<String> args = new ArrayList<>(List.of("--backend", "opencl", "run", "--forks", "3", "--seed", "11",
                "--csv-samples", csv.toString()));
        args.addAll(SLOW_WARMUP);
        Process parent = start(tmp, err, args);
        try {
            List<ProcessHandle> tree = secondForkRunning(parent, err, "kbench: fork 1 of 3");
            kill(parent, signal);
            assertTrue(parent.waitFor(90, TimeUnit.SECONDS), "the parent did not exit:\n" + Files.readString(err));
            String report = Files.readString(err);
            nothingSurvives(tree, tmp, report);
            assertTrue(forks(csv).contains(0), "fork 0 completed before the kill; its samples are kept:\n" + report);
            assertFalse(forks(csv).contains(2), report);
            if (!signal.equals("KILL")) {
                // fork 1's repetitions recorded before the signal are kept, as many as the report says
                assertEquals(Cli.keptOfDied(report, "run fork 1"), Cli.rows(csv, 1), report);
            }
            if (!signal.equals("KILL")) {
                assertTrue(report.contains("stopped by a signal after"), report);
                assertTrue(report.contains("in " + csv + " (column fork)"), report);
            }
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
        // seed 7: base base new new (ForksTest), so the first fork is base 0 and the second base 1 (SLOW_WARMUP)
        Process parent = start(tmp, err, List.of("--backend", "opencl", "ab", "--base-kernel", base.toString(),
                "--new-kernel", base.toString(), "--entry", "spin", "--grid", "16", "--block", "256", "--arg",
                "buf:f32:4096:fill=1", "--arg", "i32:4096", "--arg", "i32:5000", "--repetitions", "3", "--rep-ms", "1",
                "--warmup-ms", "3000", "--cache-clear", "64KiB", "--forks", "2", "--seed", "7", "--base-csv",
                baseCsv.toString(), "--new-csv", newCsv.toString()));
        try {
            List<ProcessHandle> tree = secondForkRunning(parent, err, "kbench ab: base fork 1");
            kill(parent, signal);
            assertTrue(parent.waitFor(90, TimeUnit.SECONDS), "the parent did not exit:\n" + Files.readString(err));
            String report = Files.readString(err);
            nothingSurvives(tree, tmp, report);
            assertTrue(forks(baseCsv).contains(0) && !forks(baseCsv).contains(2), report);
            if (!signal.equals("KILL")) {
                // base fork 1 (in standby, on as soon as base fork 0 released its device) may have recorded
                // repetitions before the signal: they are kept, as many as the report says
                assertEquals(Cli.keptOfDied(report, "base fork 1"), Cli.rows(baseCsv, 1), report);
            }
            // no new fork ran: its file is removed on the way out, or (SIGKILL) holds no sample
            assertTrue(!Files.exists(newCsv) || SamplesCsv.read(newCsv).isEmpty(), report);
            if (!signal.equals("KILL")) {
                assertFalse(Files.exists(newCsv), report);
                assertTrue(report.contains("kbench ab: no verdict; kept "), report);
                assertFalse(report.contains("kbench ab: compare"), report);
            }
        } finally {
            parent.destroyForcibly();
        }
    }
}
