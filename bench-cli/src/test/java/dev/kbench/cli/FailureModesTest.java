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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.io.SamplesCsv;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI in separate processes where the defect is about processes: a kernel that never ends (the
 * watchdog), a launch far too large, a full disk and a size-limited file, a directory that takes no new
 * file, a failing standard output, two runs writing one samples file, a JVM crash in a kernel, and running
 * out of memory.
 */
class FailureModesTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    /** What a child did. */
    record Outcome(int status, String out, String err) {
        @Override
        public String toString() {
            return "status " + status + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    /** Runs a command to its end (10 minutes at most: a guard against a hang, not a timing), output to files. */
    private Outcome launch(ProcessBuilder builder) throws IOException, InterruptedException {
        File out = Files.createTempFile(dir, "child", ".out").toFile();
        File err = Files.createTempFile(dir, "child", ".err").toFile();
        if (builder.redirectOutput() == ProcessBuilder.Redirect.PIPE) {
            builder.redirectOutput(out);
        }
        Process process = builder.redirectError(err).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail("the CLI did not exit in 10 minutes: " + builder.command() + "\n" + Files.readString(err.toPath()));
        }
        return new Outcome(process.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    private Outcome kbench(String... args) throws IOException, InterruptedException {
        return launch(new ProcessBuilder(Jvm.onClassPath(e -> true, args)).directory(dir.toFile()));
    }

    /**
     * Runs the CLI as {@link #kbench} does under a limit on the size of the files it writes (ulimit -f, in KiB): a
     * write past it fails with "File too large", as on a full disk, and needs no root.
     */
    private Outcome kbenchWithFileLimit(long kib, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", "-c", "ulimit -f " + kib + " && exec \"$@\"", "bash"));
        command.addAll(Jvm.onClassPath(e -> true, args));
        return launch(new ProcessBuilder(command).directory(dir.toFile()));
    }

    private String[] spin(Path csv, String... more) {
        Path kernel = dir.resolve("spin.cl");
        if (!Files.exists(kernel)) {
            Cli.resource("kernels/spin.cl", dir);
        }
        return RunCommandTest.args(new String[] {"run", "--kernel", kernel.toString(), "--entry", "spin", "--grid", "16",
                "--block", "256", "--arg", "buf:f32:4096:fill=1", "--arg", "i32:4096", "--arg", "i32:50",
                "--max-samples", "3", "--rep-ms", "1", "--warmup-ms", "0", "--cache-clear", "0",
                "--csv-samples", csv.toString()}, more);
    }

    private static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    private static boolean root() throws IOException, InterruptedException {
        Process id = new ProcessBuilder("id", "-u").start();
        String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        id.waitFor();
        return uid.equals("0");
    }

    /** Every complete row of a samples file, as the strict reader parses them (a cut-off last line dropped). */
    private static List<SampleRecord> completeRows(Path csv, Path dir) throws IOException {
        String text = Files.readString(csv, StandardCharsets.UTF_8);
        Path whole = Files.createTempFile(dir, "whole", ".csv");
        Files.writeString(whole, text.substring(0, text.lastIndexOf('\n') + 1));
        return SamplesCsv.read(whole);
    }

    @Test
    void theWatchdogStopsAKernelThatNeverEndsAndKeepsTheSamples() throws Exception {
        Path kernel = Cli.resource("kernels/hang.cl", dir);
        Path csv = dir.resolve("hang.csv");
        // 40 calls run (setup, estimate, warmup and some repetitions of 3), then the kernel spins forever.
        // The timeout covers setup too (PoCL compiles the kernel): 5 s was seen too short on a loaded
        // 2-core machine (load 10), so 20 s leaves setup a wide margin; the hang itself costs 20 s.
        Outcome o = kbench("run", "--kernel", kernel.toString(), "--entry", "hang", "--grid", "1", "--block", "1",
                "--arg", "buf:i32:1:fill=0", "--arg", "buf:i32:1:fill=0", "--arg", "i32:40", "--max-samples", "3",
                "--rep-ms", "1", "--warmup-ms", "0", "--repetitions", "1000", "--cache-clear", "0", "--timeout", "20s",
                "--progress", "none", "--csv-samples", csv.toString());
        assertEquals(ExitCodes.TIMEOUT, o.status(), o.toString());
        assertTrue(o.err().contains("hang repetition ") && o.err().contains("did not finish within --timeout 20 s"),
                o.toString());
        List<SampleRecord> rows = SamplesCsv.read(csv);   // whole and valid: closed cleanly by the watchdog
        assertFalse(rows.isEmpty(), o.toString());
        assertTrue(o.err().contains("the " + rows.size() + " samples measured so far are in " + csv), o.toString());
        assertEquals("", o.out());
    }

    @Test
    void aLaunchFarTooLargeIsReportedWhileItRunsAndStopped() throws Exception {
        Path csv = dir.resolve("grid.csv");
        String[] args = spin(csv, "--timeout", "15s", "--repetitions", "2");
        args[java.util.Arrays.asList(args).indexOf("--grid") + 1] = "2147483647";
        Outcome o = kbench(args);
        assertEquals(ExitCodes.TIMEOUT, o.status(), o.toString());
        assertTrue(o.err().contains("spin (setup, warmup and repetition 0) still running after 10 s (--timeout 15 s)"),
                o.toString());
        assertTrue(o.err().contains("did not finish within --timeout 15 s"), o.toString());
        assertFalse(Files.exists(csv), "nothing was measured: the file this run created is removed");
    }

    @Test
    void aFailingStandardOutputIsExitFiveWithOneMessage() throws Exception {
        Path csv = dir.resolve("a.csv");
        assertEquals(0, kbench(spin(csv, "--repetitions", "2", "-q")).status());
        Outcome o = launch(new ProcessBuilder(Jvm.onClassPath(e -> true, "summary", csv.toString(), "--format", "json"))
                .redirectOutput(new File("/dev/full")));
        assertEquals(ExitCodes.WRITE_FAILED, o.status(), o.toString());
        assertEquals(List.of("kbench: cannot write to standard output: No space left on device (a full disk or a "
                + "closed pipe?); the results were not all written"), o.err().lines().toList());
    }

    /** What runs on a full disk: given the directory of a 64 KiB tmpfs, mounted for it and unmounted after. */
    @FunctionalInterface
    private interface OnSmallDisk {
        void run(Path mount) throws Exception;
    }

    /**
     * Runs a command that needs root (mount, chattr): skipped outside CI where it cannot run, a failure in CI
     * (which runs as root).
     */
    private static void asRoot(String what, String... command) throws IOException, InterruptedException {
        if (!root()) {
            Assumptions.assumeFalse(ci(), what + " needs root; CI runs as root");
            fail("CI=true but not root: this test needs root for " + what);
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            Assumptions.assumeFalse(ci(), "cannot do " + what + " here (" + output.strip() + ")");
            fail("CI=true but " + what + " failed: " + String.join(" ", command) + ": " + output);
        }
    }

    private void onSmallDisk(OnSmallDisk body) throws Exception {
        Path mount = Files.createDirectory(dir.resolve("small"));
        asRoot("mounting a 64 KiB tmpfs", "mount", "-t", "tmpfs", "-o", "size=64k", "kbench-test", mount.toString());
        try {
            body.run(mount);
        } finally {
            new ProcessBuilder("umount", mount.toString()).inheritIO().start().waitFor();
        }
    }

    /**
     * Runs the body on a directory that takes no new file and whose files cannot be renamed or removed
     * (chattr +i: root's own writes are refused too, where a mode of r-x is not), while its existing files
     * stay writable.
     */
    private void onImmutableDirectory(Path directory, OnSmallDisk body) throws Exception {
        asRoot("chattr +i", "chattr", "+i", directory.toString());
        try {
            body.run(directory);
        } finally {
            new ProcessBuilder("chattr", "-i", directory.toString()).inheritIO().start().waitFor();
        }
    }

    @Test
    void aFullDiskStopsTheRunWithExitFiveAndKeepsEveryCompleteRow() throws Exception {
        onSmallDisk(mount -> {
            Path csv = mount.resolve("full.csv");
            Outcome o = kbench(spin(csv, "--repetitions", "1000000", "-q"));
            assertEquals(ExitCodes.WRITE_FAILED, o.status(), o.toString());
            assertEquals(List.of("kbench run: --csv-samples: cannot write '" + csv + "': No space left on device"),
                    o.err().lines().toList(), "one message");
            assertTrue(Files.readString(csv, StandardCharsets.UTF_8).endsWith("\n"), "no row cut off");
            List<SampleRecord> rows = SamplesCsv.read(csv);
            assertTrue(rows.size() > 100, "the disk held hundreds of rows: " + rows.size());
            assertTrue(rows.stream().allMatch(r -> r.benchmark().equals("spin")));
        });
    }

    /**
     * A forked run whose samples file fills the disk: the forks' own samples files (on another disk) hold every
     * sample of the forks that ran, and the one message says where. The first fork's rows alone overflow the
     * disk, so the samples file got no whole append and is removed as a file the run created and wrote no
     * sample to: nothing half-written is left beside the complete copy.
     */
    @Test
    void aFullDiskInAForkedRunNamesWhereTheForksSamplesAre() throws Exception {
        onSmallDisk(mount -> {
            Path csv = mount.resolve("full.csv");
            // 1000 repetitions of 1 to 3 samples a fork (--max-samples 3), about 120 bytes a row: the first fork's
            // rows overflow 64 KiB
            Outcome o = kbench(spin(csv, "--repetitions", "1000", "--forks", "3", "-q"));
            assertEquals(ExitCodes.WRITE_FAILED, o.status(), o.toString());
            List<String> lines = o.err().lines().toList();
            assertEquals(1, lines.size(), "one message: " + o);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(
                    "kbench run: --csv-samples: cannot write '" + csv + "': No space left on device; the forks' samples "
                    + "files, each complete, are kept in ") + "(\\S+)").matcher(lines.getFirst());
            assertTrue(m.matches(), lines.getFirst());
            Path kept = Path.of(m.group(1));
            try {
                List<SampleRecord> first = SamplesCsv.read(kept.resolve("fork-0.csv"));
                assertEquals(1000, first.stream().map(r -> r.repetition().orElse(-1)).distinct().count(),
                        "fork 0's every repetition");
                assertTrue(first.stream().allMatch(r -> r.fork() == 0 && r.benchmark().equals("spin")), "fork 0's rows");
                assertFalse(Files.exists(csv), "no half-written samples file");
            } finally {
                dev.kbench.forks.Forks.deleteQuietly(kept);
            }
        });
    }

    /**
     * {@code --force} asks to replace a samples file, and the run could not write its first fork's rows (a full
     * disk): the file to be replaced is left as it was, not emptied, and nothing of the new run is left beside it.
     * The replacement is a file written beside the old one and renamed over it once it holds the first rows.
     */
    @Test
    void aFullDiskLeavesTheFileThatForceWasToReplaceAsItWas() throws Exception {
        onSmallDisk(mount -> {
            Path csv = mount.resolve("old.csv");
            Outcome first = kbench(spin(csv, "--repetitions", "20", "-q"));
            assertEquals(0, first.status(), first.toString());
            byte[] before = Files.readAllBytes(csv);
            Files.deleteIfExists(RunEnvironment.sidecar(csv));   // room on the disk for the old file alone
            // the first fork's rows overflow 64 KiB (aFullDiskInAForkedRunNamesWhereTheForksSamplesAre)
            Outcome o = kbench(spin(csv, "--repetitions", "1000", "--forks", "2", "--force", "-q"));
            assertEquals(ExitCodes.WRITE_FAILED, o.status(), o.toString());
            List<String> lines = o.err().lines().toList();
            assertEquals(1, lines.size(), "one message: " + o);
            assertTrue(lines.getFirst().startsWith("kbench run: --csv-samples: cannot write '" + csv + "': No space left "
                    + "on device; the forks' samples files, each complete, are kept in "), lines.getFirst());
            dev.kbench.forks.Forks.deleteQuietly(Path.of(lines.getFirst().substring(lines.getFirst().lastIndexOf(' ') + 1)));
            assertArrayEquals(before, Files.readAllBytes(csv), "the file --force was to replace, as it was");
            try (Stream<Path> files = Files.list(mount)) {
                assertEquals(List.of(csv), files.toList(), "nothing of the new run beside it");
            }
        });
    }

    @Test
    void aDirectoryThatTakesNoNewFileIsRefusedBeforeMeasuringAndItsFilesAreKept() throws Exception {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Path csv = locked.resolve("s.csv");
        Outcome first = kbench(spin(csv, "--repetitions", "2", "-q"));
        assertEquals(0, first.status(), first.toString());
        Path json = locked.resolve("run.json");
        Files.writeString(json, "{}\n");
        Path elsewhere = dir.resolve("elsewhere.csv");
        onImmutableDirectory(locked, d -> {
            byte[] samples = Files.readAllBytes(csv);
            byte[] environment = Files.readAllBytes(RunEnvironment.sidecar(csv));
            // replacing the samples file: its new file is written beside it and renamed over it
            Outcome forced = kbench(spin(csv, "--repetitions", "2", "--force", "-q"));
            assertEquals(ExitCodes.INVALID_INPUT, forced.status(), forced.toString());
            assertEquals("kbench run: --csv-samples: cannot write '" + csv + "': Operation not permitted (checked "
                    + "before measuring); choose another directory", forced.err().lines().findFirst().orElse(""));
            // appending: the rows could go in, the environment file beside them could not be replaced
            Outcome appended = kbench(spin(csv, "--repetitions", "2", "--append", "-q"));
            assertEquals(ExitCodes.INVALID_INPUT, appended.status(), appended.toString());
            assertTrue(appended.err().startsWith("kbench run: --csv-samples environment file: cannot write '"
                    + RunEnvironment.sidecar(csv) + "': Operation not permitted (checked before measuring)"), appended.err());
            // a whole-file output
            Outcome whole = kbench(spin(elsewhere, "--repetitions", "2", "--json", json.toString(), "--force", "-q"));
            assertEquals(ExitCodes.INVALID_INPUT, whole.status(), whole.toString());
            assertTrue(whole.err().startsWith("kbench run: --json: cannot write '" + json + "': Operation not permitted "
                    + "(checked before measuring)"), whole.err());
            assertFalse(Files.exists(elsewhere), "refused before measuring: " + whole);
            assertArrayEquals(samples, Files.readAllBytes(csv), "the samples file as it was");
            assertArrayEquals(environment, Files.readAllBytes(RunEnvironment.sidecar(csv)), "its environment file as it was");
            assertEquals("{}\n", Files.readString(json));
            try (Stream<Path> files = Files.list(d)) {
                assertEquals(3, files.count(), "nothing beside them");
            }
        });
    }

    /**
     * A directory that refuses the new file says why in the system's words, naming the user's file and not
     * the temporary file the check tried (the JDK's message for ENOENT and EACCES is only that path).
     */
    @Test
    void aRefusedOutputSaysWhyAndNamesTheUsersFile() throws Exception {
        Path csv = Path.of("/proc/kbench-samples.csv");   // procfs takes no new file (ENOENT), from root either
        Outcome o = kbench(spin(csv, "--repetitions", "2", "-q"));
        assertEquals(ExitCodes.INVALID_INPUT, o.status(), o.toString());
        assertEquals(List.of("kbench run: --csv-samples: cannot write '" + csv + "': No such file or directory (checked "
                + "before measuring); choose another directory", "Try 'kbench run --help' for usage."), o.err().lines().toList());
    }

    @Test
    void aSizeLimitedFileIsExitFiveAndLeavesNothingHalfWritten() throws Exception {
        Path csv = dir.resolve("a.csv");
        assertEquals(0, kbench(spin(csv, "--repetitions", "2", "-q")).status());
        Path html = dir.resolve("report.html");
        Outcome o = kbenchWithFileLimit(4, "report", csv.toString(), "-o", html.toString());
        assertEquals(ExitCodes.WRITE_FAILED, o.status(), o.toString());
        assertEquals(List.of("kbench report: -o: cannot write '" + html + "': File too large"), o.err().lines().toList());
        assertFalse(Files.exists(html), "no half-written report");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(p -> p.toString().contains("kbench-tmp")).toList());
        }
    }

    /**
     * A samples file that reaches a size limit (ulimit -f, as a full disk but without root) keeps every whole
     * row and nothing of the row it could not take, so a later run can {@code --append} to it. The limit, 1 MiB,
     * leaves room for the files PoCL writes when it compiles the kernel.
     */
    @Test
    void aSamplesFileCutShortByASizeLimitEndsAtAWholeRowAndTakesAppendsAfter() throws Exception {
        Path csv = dir.resolve("limited.csv");
        Outcome o = kbenchWithFileLimit(1024, spin(csv, "--repetitions", "1000000", "-q"));
        assertEquals(ExitCodes.WRITE_FAILED, o.status(), o.toString());
        assertEquals(List.of("kbench run: --csv-samples: cannot write '" + csv + "': File too large"),
                o.err().lines().toList(), "one message");
        String text = Files.readString(csv, StandardCharsets.UTF_8);
        assertTrue(text.endsWith("\n"), "no row cut off: ..." + text.substring(Math.max(0, text.length() - 80)));
        int kept = SamplesCsv.read(csv).size();
        assertTrue(kept > 10, "the limit held some rows: " + kept);
        Outcome more = kbench(spin(csv, "--repetitions", "2", "--append", "-q"));
        assertEquals(0, more.status(), more.toString());
        List<SampleRecord> after = SamplesCsv.read(csv);
        assertTrue(after.size() > kept, kept + " rows before, " + after.size() + " after");
        assertEquals(2, after.stream().map(SampleRecord::runId).distinct().count(), "both runs' rows");
    }

    /**
     * A history database that cannot take a run (a size limit, as a full disk but without root): exit 5, one
     * message naming the database, nothing of that run stored, the runs stored before intact, and the database
     * takes the next run once there is room.
     */
    @Test
    void aHistoryDatabaseThatCannotTakeARunKeepsWhatItHadAndTakesTheNext() throws Exception {
        Path db = dir.resolve("history.db");
        String[] before = {"history", "add", "--db", db.toString(), HistoryCommandTest.run(dir, 1, 6000).toString(),
            HistoryCommandTest.run(dir, 2, 6000).toString()};
        assertEquals(0, kbench(before).status());
        // the limit leaves the database 64 KiB to grow, where the next run takes megabytes; the database is made
        // larger than the SQLite driver's native library (about 1 MiB), which the JVM writes to /tmp as it starts
        assertTrue(Files.size(db) > 2 << 20, "the database holds megabytes: " + Files.size(db));
        Path large = HistoryCommandTest.run(dir, 3, 20_000);
        long limitKiB = Files.size(db) / 1024 + 64;
        Outcome o = kbenchWithFileLimit(limitKiB, "history", "add", "--db", db.toString(), large.toString());
        assertEquals(ExitCodes.WRITE_FAILED, o.status(), o.toString());
        List<String> lines = o.err().lines().toList();
        assertEquals(1, lines.size(), "one message: " + o);
        assertTrue(lines.getFirst().startsWith("kbench history add: jdbc:sqlite:" + db + ": adding " + large
                + " failed, nothing was added: "), o.toString());
        Outcome list = kbench("history", "list", "--db", db.toString());
        assertEquals(0, list.status(), list.toString());
        assertEquals(List.of("20261201T000001Z-00000001", "20261201T000002Z-00000002"), list.out().lines().skip(1)
                .filter(l -> !l.isBlank()).map(l -> l.split(" +")[0]).toList(), "the runs stored before, no other");
        Outcome next = kbench("history", "add", "--db", db.toString(), HistoryCommandTest.run(dir, 4, 8).toString());
        assertEquals(0, next.status(), next.toString());
    }

    @Test
    void aSecondRunWritingTheSameSamplesFileIsRefusedWhileTheFirstRuns() throws Exception {
        Path csv = dir.resolve("shared.csv");
        Process first = new ProcessBuilder(Jvm.onClassPath(e -> true, spin(csv, "--repetitions", "1000000",
                "--progress", "lines"))).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader err = new BufferedReader(new InputStreamReader(first.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = err.readLine()) != null && !line.startsWith("spin repetition 0:")) {
                // wait until the first run has written a repetition
            }
            assertTrue(first.isAlive(), "the first run is still measuring");
            for (String mode : List.of("--append", "--force")) {
                Outcome second = kbench(spin(csv, "--repetitions", "2", mode));
                assertEquals(2, second.status(), second.toString());
                assertTrue(second.err().contains("'" + csv + "' is being written by another kbench run"), second.toString());
            }
            Outcome plain = kbench(spin(csv, "--repetitions", "2"));
            assertEquals(2, plain.status(), plain.toString());
            assertTrue(plain.err().contains("exists"), plain.toString());
        } finally {
            first.destroy();
            first.waitFor(60, TimeUnit.SECONDS);
            first.destroyForcibly();
        }
        assertTrue(completeRows(csv, dir).stream().allMatch(r -> r.benchmark().equals("spin")));
    }

    /**
     * A kernel that writes far out of bounds crashes the JVM (PoCL runs kernels in-process). Started the way
     * the launchers (./kbench and the distribution's bin/kbench) start the JVM (kbench_safe_jvm in launcher.sh), the crash banner goes to stderr, never
     * into the JSON on stdout, and hs_err_pid*.log to a private temporary directory named on stderr.
     */
    @Test
    void aJvmCrashNeverReachesStdoutNorTheUsersDirectory() throws Exception {
        Path kernel = Cli.resource("kernels/crash.cl", dir);
        Path launcher = Path.of(System.getProperty("user.dir")).resolve("../bench-dist/src/bin/launcher.sh").normalize();
        assertTrue(Files.isRegularFile(launcher), "the launcher: " + launcher);
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path work = Files.createDirectory(dir.resolve("work"));
        List<String> command = new ArrayList<>(List.of("bash", "-c",
                "source \"$1\" && shift && kbench_safe_jvm && exec \"$1\" \"${KBENCH_SAFETY_FLAGS[@]}\" \"${@:2}\"", "bash",
                launcher.toString()));
        command.addAll(Jvm.onClassPath(e -> true, "run", "--kernel", kernel.toString(), "--entry", "crash", "--grid", "1",
                "--block", "1", "--arg", "buf:i32:1", "--arg", "i64:2^40", "--repetitions", "1", "--cache-clear", "0",
                "--format", "json"));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile());
        builder.environment().put("TMPDIR", tmp.toString());
        Outcome o = launch(builder);
        assertEquals(134, o.status(), "SIGABRT after the crash report: " + o);
        assertEquals("", o.out(), "nothing on stdout");
        assertTrue(o.err().contains("A fatal error has been detected by the Java Runtime Environment"), o.toString());
        try (Stream<Path> files = Files.list(work)) {
            assertEquals(List.of(), files.toList(), "nothing in the working directory");
        }
        Path crashes = tmp.resolve("kbench-crash-" + uid());
        List<Path> reports;
        try (Stream<Path> files = Files.list(crashes)) {
            reports = files.filter(p -> p.getFileName().toString().startsWith("hs_err_pid")).toList();
        }
        assertEquals(1, reports.size(), o.toString());
        assertTrue(o.err().contains(reports.getFirst().toString()), "the message names the report: " + o);
    }

    /**
     * A kernel writing just past its buffer corrupts the C heap; the JVM's crash report can then hang in malloc
     * until its timeout, 120 s by default, in about half of the tries (so the hang itself is not reproducible
     * on demand). The JVM the launchers start writes its report for at most 20 s.
     */
    @Test
    void aCrashReportIsBoundedInTime() throws Exception {
        Path launcher = Path.of(System.getProperty("user.dir")).resolve("../bench-dist/src/bin/launcher.sh").normalize();
        Outcome o = launch(new ProcessBuilder("bash", "-c",
                "source \"$1\" && kbench_safe_jvm && exec \"$2\" \"${KBENCH_SAFETY_FLAGS[@]}\" -XX:+PrintFlagsFinal -version",
                "bash", launcher.toString(), Jvm.java()).directory(dir.toFile()));
        assertEquals(0, o.status(), o.toString());
        String flag = (o.out() + o.err()).lines().filter(l -> l.contains(" ErrorLogTimeout ")).findFirst().orElseThrow();
        assertEquals(List.of("uint64_t", "ErrorLogTimeout", "=", "20", "{product}", "{command", "line}"),
                List.of(flag.strip().split("\\s+")), flag);
    }

    @Test
    void aTmpdirThatIsNoDirectoryIsNotCreated() throws Exception {
        Path launcher = Path.of(System.getProperty("user.dir")).resolve("../bench-dist/src/bin/launcher.sh").normalize();
        Path missing = dir.resolve("no/such/tmp");
        ProcessBuilder builder = new ProcessBuilder("bash", "-c",
                "source \"$1\" && kbench_safe_jvm && printf '%s\\n' \"${KBENCH_SAFETY_FLAGS[@]}\"", "bash", launcher.toString())
                .directory(dir.toFile());
        builder.environment().put("TMPDIR", missing.toString());
        Outcome o = launch(builder);
        assertEquals(0, o.status(), o.toString());
        // kbench_safe_jvm makes descriptor 1 stderr: the flags are printed there
        assertTrue(o.err().contains("-XX:ErrorFile=/tmp/kbench-crash-" + uid() + "/hs_err_pid%p.log\n"), o.toString());
        assertFalse(Files.exists(dir.resolve("no")), "nothing of the missing TMPDIR was created: " + o);
    }

    /**
     * Under the C locale (ASCII) a path with a non-ASCII byte is still a file name: the launchers run the JVM
     * with C.UTF-8's character set (kbench_utf8_names in launcher.sh). The name is made by the shell, since
     * this test's JVM may itself run under the C locale.
     */
    @Test
    void aNonAsciiPathUnderTheCLocaleIsAFileName() throws Exception {
        Path launcher = Path.of(System.getProperty("user.dir")).resolve("../bench-dist/src/bin/launcher.sh").normalize();
        Path csv = dir.resolve("plain.csv");
        String rest = ",".repeat(SamplesCsv.COLUMNS.size() - 7) + "\n";
        Files.writeString(csv, String.join(",", SamplesCsv.COLUMNS) + "\n" + "copy,,0,0,1.5,opencl,cpu" + rest
                + "copy,,0,1,2.5,opencl,cpu" + rest);
        for (String locale : List.of("export LC_ALL=C", "unset LC_ALL LC_CTYPE; export LANG=C",
                "unset LC_ALL LC_CTYPE LANG")) {
            List<String> command = new ArrayList<>(List.of("bash", "-c", "source \"$1\" && name=$'\\xc3\\xa9chantillons.csv'"
                    + " && cp \"$2\" \"$name\" && shift 2 && " + locale + " && kbench_utf8_names && exec \"$@\" \"$name\"",
                    "bash", launcher.toString(), csv.toString()));
            command.addAll(Jvm.onClassPath(e -> true, "summary"));
            Outcome o = launch(new ProcessBuilder(command).directory(dir.toFile()));
            assertEquals(0, o.status(), locale + ": " + o);
            assertTrue(o.out().lines().anyMatch(l -> l.startsWith("copy ")), locale + ": " + o);
        }
    }

    private static String uid() throws IOException, InterruptedException {
        Process id = new ProcessBuilder("id", "-u").start();
        String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        id.waitFor();
        return uid;
    }

    @Test
    void runningOutOfMemoryIsOneMessageWithTheFix() throws Exception {
        // 1,500,000 samples of one benchmark: their times alone (12 MB of doubles) exceed an 8 MiB heap
        Path csv = dir.resolve("big.csv");
        StringBuilder text = new StringBuilder(String.join(",", SamplesCsv.COLUMNS)).append('\n');
        // benchmark, params, repetition, sample, time_ms, backend, device; the other columns empty
        String rest = ",".repeat(SamplesCsv.COLUMNS.size() - 7) + "\n";
        for (int i = 0; i < 1_500_000; i++) {
            text.append("big,,0,").append(i).append(",1,opencl,cpu").append(rest);
        }
        Files.writeString(csv, text);
        for (boolean verbose : new boolean[] {false, true}) {
            List<String> command = Jvm.onClassPath(e -> true, "summary", csv.toString());
            command.add(1, "-Xmx8m");
            if (verbose) {
                command.add("--verbose");
            }
            Outcome o = launch(new ProcessBuilder(command));
            assertEquals(ExitCodes.FAILURE, o.status(), o.toString());
            List<String> lines = o.err().lines().collect(Collectors.toList());
            assertTrue(lines.getLast().startsWith("kbench: out of memory (") && lines.getLast().contains(
                    "give it more, e.g. KBENCH_JAVA_OPTS=-Xmx"), o.toString());
            if (verbose) {
                assertTrue(o.err().contains("java.lang.OutOfMemoryError") && o.err().contains("\tat "), o.toString());
            } else {
                assertEquals(1, lines.size(), "one message, no stack trace: " + o);
            }
        }
    }
}
