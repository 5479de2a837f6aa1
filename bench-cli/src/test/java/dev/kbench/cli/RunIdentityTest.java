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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.stats.SampleSet;
import dev.kbench.stats.io.SamplesCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every run has its own run id, so `--append` adds a run and `merge` keeps runs of one host apart; an
 * appending run holds its file's lock to the end (two real processes); a hard link to an input is the input;
 * and outputs that cannot be written fail with the path named.
 */
class RunIdentityTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    private static String[] quick(Path csv, String... more) {
        return RunCommandTest.args(RunCommandTest.quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "2",
                "--quiet", "--csv-samples", csv.toString()), more);
    }

    private static List<String> runIds(Path csv) {
        return SamplesCsv.read(csv).stream().map(r -> r.runId()).distinct().toList();
    }

    @Test
    void appendAddsARunThatReadersAccept() {
        Path csv = dir.resolve("a.csv");
        assertEquals(0, Cli.run(quick(csv)).status());
        Cli.Result again = Cli.run(quick(csv, "--append"));
        assertEquals(0, again.status(), again.toString());
        List<String> ids = runIds(csv);
        assertEquals(2, ids.size(), "two runs: " + ids);
        ids.forEach(id -> assertTrue(id.matches("\\d{8}T\\d{6}Z-[0-9a-f]{8}"), id));
        Cli.Result summary = Cli.run("summary", csv.toString());
        assertEquals(0, summary.status(), summary.toString());
        assertTrue(summary.out().contains(", 2 runs (" + ids.get(0) + ", " + ids.get(1) + ")"), summary.out());
        SampleSet set = SamplesCsv.readSet(csv, w -> { });
        assertEquals(2, set.series().values().iterator().next().forkCount(), "each run is a fork of its own");
        Cli.Result compare = Cli.run("compare", csv.toString(), csv.toString(), "--fail-on", "never");
        assertEquals(0, compare.status(), compare.toString());
        assertTrue(compare.out().contains("2 runs"), compare.out());
    }

    @Test
    void twoRunsOfOneHostMergeAndAGivenRunIdIsKept() throws IOException {
        Path a = dir.resolve("a.csv");
        Path c = dir.resolve("c.csv");
        assertEquals(0, Cli.run(quick(a, "--run-id", "ci-4711")).status());
        assertEquals(0, Cli.run(quick(c)).status());
        assertEquals(List.of("ci-4711"), runIds(a));
        assertTrue(Files.readString(RunEnvironment.sidecar(a)).contains("\"run_id\" : \"ci-4711\""));
        Path out = dir.resolve("out.csv");
        Cli.Result merged = Cli.run("merge", out.toString(), a.toString(), c.toString());
        assertEquals(0, merged.status(), merged.toString());
        assertEquals(2, runIds(out).size());
        Cli.Result bad = Cli.run(quick(dir.resolve("x.csv"), "--run-id", "a b"));
        assertEquals(2, bad.status(), bad.toString());
        assertTrue(bad.err().contains("--run-id: run id 'a b' is not"), bad.err());
    }

    @Test
    void aForceRunNeverTruncatesAFileAnotherRunAppendsTo() throws Exception {
        Path csv = dir.resolve("s.csv");
        assertEquals(0, Cli.run(quick(csv)).status());
        long before = Files.readAllLines(csv).size();
        // a second process appends for a long while
        List<String> command = Jvm.onClassPath(e -> true, RunCommandTest.args(RunCommandTest.quick("--filter", "copy",
                "-p", "n=2^10", "--repetitions", "100000", "--quiet", "--csv-samples", csv.toString(), "--append")));
        Process appender = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("appender.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (Files.readAllLines(csv).size() == before && System.nanoTime() < deadline && appender.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(appender.isAlive(), Files.readString(dir.resolve("appender.log")));
            List<String> first = Files.readAllLines(csv);
            assertTrue(first.size() > before, "the appender wrote");
            Cli.Result force = Cli.run(quick(csv, "--force"));
            assertEquals(2, force.status(), force.toString());
            assertTrue(force.err().contains("is being written by another kbench run"), force.err());
            Cli.Result append = Cli.run(quick(csv, "--append"));
            assertEquals(2, append.status(), append.toString());
            List<String> now = Files.readAllLines(csv);
            assertTrue(now.size() >= first.size() && now.subList(0, first.size()).equals(first), "nothing truncated");
        } finally {
            appender.destroy();
            appender.waitFor(60, TimeUnit.SECONDS);
        }
        // every complete row is readable, one run before and one after
        assertEquals(2, SamplesCsv.readSet(csv, w -> { }).runIds().size());
    }

    @Test
    void aHardLinkToTheKernelIsTheKernel() throws IOException {
        Path kernel = Cli.resource("kernels/spin.cl", dir);
        String source = Files.readString(kernel);
        Path link = dir.resolve("h.csv");
        Files.createLink(link, kernel);
        Cli.Result r = Cli.run("run", "--kernel", kernel.toString(), "--entry", "spin", "--grid", "16", "--block", "256",
                "--arg", "buf:f32:4096:fill=1", "--arg", "i32:4096", "--arg", "i32:50", "--csv-samples", link.toString(), "--force");
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("--csv-samples '" + link + "' is the same file as the --kernel file"), r.err());
        assertEquals(source, Files.readString(kernel));
    }

    @Test
    void outputsThatCannotBeWrittenNameThePath() throws Exception {
        Cli.Result full = Cli.run(quick(Path.of("/dev/full")));
        assertEquals(5, full.status(), full.toString());
        assertTrue(full.err().contains("--csv-samples: cannot write '/dev/full': No space left on device"), full.err());
        Path fifo = dir.resolve("samples.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor());
        Cli.Result noReader = Cli.run(quick(fifo));
        assertEquals(5, noReader.status(), noReader.toString());
        assertTrue(noReader.err().contains("no process opened it for reading within 10 s"), noReader.err());
        String longName = "x".repeat(300) + ".json";
        Cli.Result tooLong = Cli.run(quick(dir.resolve("ok.csv"), "--jmh-json", dir.resolve(longName).toString()));
        assertEquals(2, tooLong.status(), tooLong.toString());
        assertTrue(tooLong.err().contains("bytes long, more than the 255"), tooLong.err());
        assertTrue(!Files.exists(dir.resolve("ok.csv")), "nothing measured");
    }

    @Test
    void repeatedParametersAndEmptyQuantiles() {
        Cli.Result r = Cli.run(RunCommandTest.quick("--filter", "copy", "-p", "n=2^10", "-p", "n=2^11", "--repetitions",
                "1", "--quiet", "--format", "csv"));
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("n=1024") && r.out().contains("n=2048"), r.out());
        Cli.Result q = Cli.run(RunCommandTest.quick("--filter", "copy", "--quantiles", ","));
        assertEquals(2, q.status(), q.toString());
        assertTrue(q.err().contains("--quantiles"), q.err());
    }

    @Test
    void aCorruptSidecarIsNamedByCompareAndMerge() throws IOException {
        Path a = dir.resolve("a.csv");
        assertEquals(0, Cli.run(quick(a)).status());
        Files.writeString(RunEnvironment.sidecar(a), "{ not json");
        Cli.Result compare = Cli.run("compare", a.toString(), a.toString(), "--fail-on", "never");
        assertTrue(compare.err().contains("warning: " + RunEnvironment.sidecar(a) + " is not readable JSON"),
                compare.err());
        assertTrue(compare.err().contains("the driver-version check was skipped"), compare.err());
        Cli.Result merge = Cli.run("merge", dir.resolve("m.csv").toString(), a.toString());
        assertEquals(0, merge.status(), merge.toString());
        assertTrue(merge.err().contains("was not written"), merge.err());
        List<String> names = new ArrayList<>(List.of(dir.toFile().list()));
        assertTrue(!names.contains("m.csv.env.json"), names.toString());
    }
}
