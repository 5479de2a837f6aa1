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
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kbench never deletes or replaces a path it was not asked to replace: existing outputs need --force
 * (or --append), devices and FIFOs are written to, read-only files and links are never replaced, an
 * output may not be an input or another output, and whole files appear in one rename.
 */
class OutputFilesTest {

    /** st_mode's file type bits (S_IFMT) of a character device and of a FIFO. */
    private static final int S_IFMT = 0170000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFIFO = 0010000;

    @TempDir
    Path dir;

    private static int fileType(Path file) throws IOException {
        return (int) Files.getAttribute(file, "unix:mode", LinkOption.NOFOLLOW_LINKS) & S_IFMT;
    }

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    private static String[] quick(Path csv, String... more) {
        return RunCommandTest.args(RunCommandTest.quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "1",
                "--quiet", "--csv-samples", csv.toString()), more);
    }

    /** A samples file of 20 fixed samples of one benchmark, as a run would write it. */
    private Path recorded(String name) throws IOException {
        StringBuilder text = new StringBuilder("benchmark,params,repetition,sample,time_ms\n");
        for (int i = 0; i < 20; i++) {
            text.append("copy,n=1024,").append(i / 5).append(',').append(i % 5).append(',')
                    .append(String.format(Locale.ROOT, "%.4f", 0.05 + 0.001 * (i % 7))).append('\n');
        }
        Path csv = dir.resolve(name);
        Files.writeString(csv, text);
        return csv;
    }

    private Path measured(String name) {
        Path csv = dir.resolve(name);
        Cli.Result r = Cli.run(quick(csv));
        assertEquals(0, r.status(), r.toString());
        return csv;
    }

    @Test
    void devNullIsWrittenToAndStaysADevice() throws IOException {
        Path devNull = Path.of("/dev/null");
        for (String mode : List.of("--force", "--append")) {
            Cli.Result r = Cli.run(RunCommandTest.args(quick(devNull, mode), "--json", "/dev/null"));
            assertEquals(0, r.status(), r.toString());
            assertEquals(S_IFCHR, fileType(devNull), "/dev/null is still a character device");
        }
        Cli.Result plain = Cli.run(quick(devNull));
        assertEquals(0, plain.status(), "a device is written to without --force: " + plain);
    }

    @Test
    void aFifoIsWrittenToAndStaysAFifo() throws Exception {
        Path fifo = dir.resolve("samples.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Cli.Result r = Cli.run(quick(fifo));
        assertEquals(0, r.status(), r.toString());
        String text = read.get(60, TimeUnit.SECONDS);
        assertTrue(text.startsWith(String.join(",", SamplesCsv.COLUMNS) + "\n") && text.contains("\ncopy,"), text);
        assertEquals(S_IFIFO, fileType(fifo), "still a FIFO");
    }

    @Test
    void readOnlyFilesAndLinksAreNeverReplaced() throws IOException {
        Path csv = measured("base.csv");
        String before = Files.readString(csv);
        Path readOnly = dir.resolve("ro.csv");
        Files.copy(csv, readOnly);
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r--r--r--"));
        for (String mode : List.of("--force", "--append")) {
            Cli.Result r = Cli.run(quick(readOnly, mode));
            assertEquals(2, r.status(), r.toString());
            assertTrue(r.err().contains("--csv-samples '" + readOnly + "' is read-only"), r.err());
            assertEquals(before, Files.readString(readOnly));
        }
        Path json = dir.resolve("ro.json");
        Files.writeString(json, "{}\n");
        Files.setPosixFilePermissions(json, PosixFilePermissions.fromString("r--r--r--"));
        Cli.Result r = Cli.run(quick(dir.resolve("x.csv"), "--json", json.toString(), "--force"));
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("--json '" + json + "' is read-only"), r.err());
        assertEquals("{}\n", Files.readString(json));

        Path link = dir.resolve("link.csv");
        Files.createSymbolicLink(link, csv);
        Cli.Result forced = Cli.run(quick(link, "--force"));
        assertEquals(2, forced.status(), forced.toString());
        assertTrue(forced.err().contains("is a symbolic link to " + csv), forced.err());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(before, Files.readString(csv));
        Path report = dir.resolve("report.html");
        Files.createSymbolicLink(report, csv);
        Cli.Result html = Cli.run("report", csv.toString(), "-o", report.toString(), "--force");
        assertEquals(2, html.status(), html.toString());
        assertTrue(Files.isSymbolicLink(report));
        assertEquals(before, Files.readString(csv));
        // appending goes through a link without replacing it
        int rows = SamplesCsv.read(csv).size();
        Cli.Result appended = Cli.run(quick(link, "--append"));
        assertEquals(0, appended.status(), appended.toString());
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(SamplesCsv.read(csv).size() > rows, "the rows went to the link's target");
    }

    @Test
    void anOutputIsNeverAnInputOrAnotherOutput() throws IOException {
        Path csv = measured("a.csv");
        String before = Files.readString(csv);
        Cli.Result report = Cli.run("report", csv.toString(), "-o", csv.toString(), "--force");
        assertEquals(2, report.status(), report.toString());
        assertTrue(report.err().contains("-o '" + csv + "' is the same file as the input " + csv), report.err());
        // without --force the same: not a hint to add --force, which would be refused next
        Cli.Result unforced = Cli.run("report", csv.toString(), "-o", csv.toString());
        assertEquals(2, unforced.status(), unforced.toString());
        assertTrue(unforced.err().contains("-o '" + csv + "' is the same file as the input " + csv), unforced.err());
        Cli.Result viaDots = Cli.run("report", csv.toString(), "-o", dir.resolve("sub/../a.csv").toString(), "--force");
        assertEquals(2, viaDots.status(), "compared by real path, not by spelling: " + viaDots);
        Cli.Result compare = Cli.run("compare", csv.toString(), csv.toString(), "--export-to", csv.toString(), "--force");
        assertEquals(2, compare.status(), compare.toString());
        assertEquals(before, Files.readString(csv));

        Path fresh = dir.resolve("s.csv");
        Cli.Result both = Cli.run(quick(fresh, "--json", fresh.toString()));
        assertEquals(2, both.status(), both.toString());
        assertTrue(both.err().contains("--json '" + fresh + "' is the same file as --csv-samples " + fresh), both.err());
        assertFalse(Files.exists(fresh), "refused before anything was written");
        Path kernel = Cli.resource("kernels/spin.cl", dir);
        String source = Files.readString(kernel);
        Cli.Result overKernel = Cli.run("run", "--kernel", kernel.toString(), "--entry", "spin", "--grid", "1",
                "--block", "1", "--jmh-json", kernel.toString(), "--force");
        assertEquals(2, overKernel.status(), overKernel.toString());
        assertEquals(source, Files.readString(kernel));
    }

    @Test
    void wholeFilesNeedForceAndAppearInOneRename() throws IOException {
        // report and compare read recorded samples: a measured file on a loaded machine can hold a single
        // sample, which compare rightly refuses (exit 2) and which would hide what this test checks
        Path csv = recorded("base.csv");
        Path json = dir.resolve("run.json");
        Files.writeString(json, "old\n");
        Cli.Result refused = Cli.run(quick(dir.resolve("b.csv"), "--json", json.toString()));
        assertEquals(2, refused.status(), refused.toString());
        assertTrue(refused.err().contains("--json '" + json + "' exists") && refused.err().contains("--force"), refused.err());
        assertEquals("old\n", Files.readString(json));
        assertFalse(Files.exists(dir.resolve("b.csv")));

        Cli.Result forced = Cli.run(quick(dir.resolve("b.csv"), "--json", json.toString(), "--force"));
        assertEquals(0, forced.status(), forced.toString());
        assertTrue(Files.readString(json).startsWith("{"), "replaced");
        Path html = dir.resolve("report.html");
        Files.writeString(html, "old\n");
        Cli.Result reportRefused = Cli.run("report", csv.toString(), "-o", html.toString());
        assertEquals(2, reportRefused.status(), reportRefused.toString());
        assertEquals("old\n", Files.readString(html));
        Cli.Result reportForced = Cli.run("report", csv.toString(), "-o", html.toString(), "--force");
        assertEquals(0, reportForced.status(), reportForced.toString());
        assertTrue(Files.readString(html).contains("<html"));
        Path export = dir.resolve("cmp.md");
        Files.writeString(export, "old\n");
        Cli.Result compareRefused = Cli.run("compare", csv.toString(), csv.toString(), "--export-to", export.toString());
        assertEquals(2, compareRefused.status(), compareRefused.toString());
        assertTrue(compareRefused.err().contains("exists"), compareRefused.err());
        assertEquals("old\n", Files.readString(export));
        Cli.Result compareForced = Cli.run("compare", csv.toString(), csv.toString(), "--export-to", export.toString(),
                "--force");
        assertEquals(0, compareForced.status(), compareForced.toString());
        try (Stream<Path> files = Files.list(dir)) {
            List<String> left = files.map(p -> p.getFileName().toString()).filter(n -> n.contains("kbench-tmp")).toList();
            assertEquals(List.of(), left, "no temporary file is left behind");
        }
    }

    /** A directory given as an output is bad input, found before anything is measured, for every output. */
    @Test
    void aDirectoryIsNoOutput() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("folder"));
        Path csv = dir.resolve("s.csv");
        for (String option : List.of("--json", "--jmh-json", "--csv-samples")) {
            for (String mode : List.of("--quiet", "--force")) {
                Cli.Result r = Cli.run(RunCommandTest.args(RunCommandTest.quick("--filter", "copy", "-p", "n=2^10",
                        "--repetitions", "1", mode), option.equals("--csv-samples") ? new String[] {option, folder.toString()}
                        : new String[] {"--csv-samples", csv.toString(), option, folder.toString()}));
                assertEquals(2, r.status(), r.toString());
                assertTrue(r.err().contains(option + " '" + folder + "' is a directory; give a file name"), r.err());
                assertFalse(Files.exists(csv), "nothing measured: " + r);
            }
        }
        Path recorded = recorded("r.csv");
        Cli.Result report = Cli.run("report", recorded.toString(), "-o", folder.toString());
        assertEquals(2, report.status(), report.toString());
        Cli.Result merge = Cli.run("merge", folder.toString(), recorded.toString());
        assertEquals(2, merge.status(), merge.toString());
        assertTrue(Files.isDirectory(folder), "still a directory");
    }

    @Test
    void appendAndForceExcludeEachOther() {
        Cli.Result r = Cli.run(quick(dir.resolve("x.csv"), "--append", "--force"));
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("--append and --force exclude each other"), r.err());
    }
}
