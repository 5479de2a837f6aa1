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
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Forks and the interleaved base/new command with real child processes: kbench JVMs on PoCL, and
 * shell commands for the two-command form. No timing is asserted: the planted difference is a kernel
 * doing 64 times the reads under the same name, and the identical sides are identical data.
 */
class ForksTest {

    /** Small, quick measurements: each fork is mostly JVM start and PoCL set-up. */
    private static final List<String> QUICK = List.of("--filter", "copy", "-p", "n=2^12", "--repetitions", "3",
            "--rep-ms", "1", "--warmup-ms", "1", "--cache-clear", "64KiB");

    @TempDir
    Path dir;

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    private static String[] args(List<String> head, List<String> tail) {
        return java.util.stream.Stream.concat(head.stream(), tail.stream()).toArray(String[]::new);
    }

    /**
     * compare's options for ab runs of 2 forks a side: the fork-level test cannot reach alpha 0.001
     * with so few forks (its smallest p-value is 1 / C(4, 2)), so these tests of the interleaving
     * machinery compare samples.
     */
    private static final List<String> SAMPLE_UNIT = List.of("--", "--unit", "sample");

    private static Set<Integer> forks(Path csv) {
        return Cli.forks(csv);
    }

    /**
     * The forked table and JSON say what one process says beyond the samples: the estimate behind the few-samples
     * note's {@code --rep-ms} fix and the clear's measured time. Where the device reports a last-level cache (PoCL
     * does where the host exposes its caches), Triton's 256 MiB clear on PoCL takes far more than a 4 KiB copy
     * (tens of ms against tens of us), which one process notes as `cache clear dominates` with the device-sized
     * clear it offers, and the merged run keeps that from its forks' JSON. Where the device reports none (PoCL in a
     * VM that hides the host's caches), no smaller clear is known and neither one process nor the merged run warns.
     */
    @Test
    void aForkedRunKeepsTheNotesThatNeedMoreThanTheSamples() throws IOException {
        Cli.Result info = Cli.run("--backend", "opencl", "info");
        assertEquals(0, info.status(), info::toString);
        boolean cache = info.out().contains("last-level cache: ");
        Path json = dir.resolve("forks.json");
        Cli.Result r = Cli.run("--backend", "opencl", "run", "--filter", "copy", "-p", "n=2^10", "--repetitions", "2",
                "--rep-ms", "1", "--warmup-ms", "1", "--forks", "2", "--seed", "5", "--json", json.toString());
        assertEquals(0, r.status(), r::toString);
        String copy = r.out().lines().filter(l -> l.startsWith("copy")).findFirst().orElseThrow();
        assertTrue(copy.contains("few samples per repetition") && copy.contains("try a larger --rep-ms"),
                "the note of one process: " + r.out());
        assertEquals(cache, copy.contains("cache clear dominates"), "last-level cache reported: " + cache + "; " + r.out());
        com.fasterxml.jackson.databind.JsonNode result = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(json.toFile()).path("results").get(0);
        assertTrue(result.path("clear_ms").asDouble() > 0, result::toString);
        assertTrue(result.path("estimate_ms").asDouble() > 0, result::toString);
        assertTrue(result.path("warnings").toString().matches(".*--rep-ms [0-9.]+ gives 5.*"), result::toString);
        if (cache) {
            assertTrue(result.path("smaller_clear_bytes").asLong() > 0
                    && result.path("smaller_clear_bytes").asLong() < 256L << 20,
                    "the device-sized clear the note offers: " + result);
            assertTrue(result.path("warnings").toString().contains("the cache clear takes"), result::toString);
        } else {
            assertTrue(result.path("smaller_clear_bytes").isNull(), result::toString);
            assertFalse(result.path("warnings").toString().contains("the cache clear takes"), result::toString);
        }
    }

    /** A forked run with a noise target says why its benchmarks stopped, as one process does. */
    @Test
    void aForkedRunWithANoiseTargetSaysWhyItStopped() {
        Cli.Result r = Cli.run("--backend", "opencl", "run", "--filter", "copy", "-p", "n=2^12", "--cache-clear", "64KiB",
                "--noise-target", "5%", "--noise-budget-ms", "300", "--forks", "2", "--seed", "6");
        assertEquals(0, r.status(), r::toString);
        String copy = r.out().lines().filter(l -> l.startsWith("copy")).findFirst().orElseThrow();
        assertTrue(copy.contains("noise target met") || copy.contains("time budget reached")
                || copy.contains("max repetitions reached"), "one of the noise target's reasons: " + r.out());
    }

    /**
     * A forked run whose every benchmark is skipped says why in its table, as one process does, and exits 1 with
     * nothing measured; its forks, which reported what became of each benchmark, did not die: none is reported
     * dead, and none is run twice (a fork judged dead made the next one's standby be dropped and started again).
     * A --json FILE already there is left as it was.
     */
    @Test
    void aForkedRunThatMeasuredNothingSaysWhyAndNoForkDied() throws IOException {
        Path csv = dir.resolve("none.csv");
        Path json = Files.writeString(dir.resolve("none.json"), "kept\n");
        Cli.Result r = Cli.run("--backend", "opencl", "run", "--filter", "copy", "-p", "n=2^36", "--forks", "2",
                "--csv-samples", csv.toString(), "--json", json.toString(), "--force");
        assertEquals(ExitCodes.FAILURE, r.status(), r::toString);
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("copy") && l.contains(
                "skipped: n = 68719476736 needs more elements than the kernels' 32-bit sizes allow")), r::toString);
        assertTrue(r.err().contains("kbench: nothing was measured (every benchmark was skipped or failed); " + json
                + " is left as it was"), r::toString);
        assertFalse(r.err().contains("died") || r.err().contains("went on ahead"), r::toString);
        assertEquals(1, r.err().lines().filter(l -> l.startsWith("kbench: fork 1 of 2, seed")).count(), r::toString);
        assertEquals("kept\n", Files.readString(json));
        assertFalse(Files.exists(csv), r::toString);
    }

    /**
     * A benchmark that its forks failed, beside one they measured, keeps its row and reason in the merged run;
     * the peak bandwidth and the host's enqueue time the forks reported give % of peak and the launch-bound note,
     * and a noise target met in one fork of two is not met by the run.
     */
    @Test
    void theMergedRunKeepsAFailedBenchmarkAndTheForksFacts() throws IOException {
        Path forks = dir.resolve("forks");
        Files.createDirectories(forks);
        String copy = "{\"benchmark\": \"copy\", \"params\": \"n=1024\", \"stop_reason\": \"%s\", \"repetitions\": 3, "
                + "\"timing\": \"cold\", \"method\": \"held\", \"calls_per_sample\": 1, \"estimate_ms\": %s, "
                + "\"host_ms_per_call\": %s, \"clear_ms\": 0.5, \"peak_gb_per_s\": 4800}";
        String bad = "{\"benchmark\": \"bad\", \"params\": \"\", \"stop_reason\": \"failed\", \"reason\": "
                + "\"kernel 'bad' takes 3 arguments\", \"timing\": \"cold\", \"method\": \"held\", \"calls_per_sample\": 1}";
        Files.writeString(ForkedRuns.orderFile(forks, 0), "{\"results\": [" + bad + ", " + String.format(Locale.ROOT, copy,
                "noise_target", "0.004", "0.010") + "]}");
        Files.writeString(ForkedRuns.orderFile(forks, 1), "{\"results\": [" + bad + ", " + String.format(Locale.ROOT, copy,
                "time_budget", "0.006", "0.012") + "]}");
        List<SampleRecord> rows = new java.util.ArrayList<>();
        for (int fork = 0; fork < 2; fork++) {
            for (int sample = 0; sample < 3; sample++) {
                rows.add(SampleRecord.builder("copy", "n=1024").repetition(0).sample(sample).timeMillis(0.008)
                        .backend("opencl").device("d").bytes(8_000_000).fork(fork).build());
            }
        }
        List<dev.kbench.stats.BenchmarkId> order = List.of(new dev.kbench.stats.BenchmarkId("bad", ""),
                new dev.kbench.stats.BenchmarkId("copy", "n=1024"));
        dev.kbench.api.SuiteResult run = ForkedRuns.merged(rows, new ForkedRuns.Reported("opencl", "d", order),
                ForkedRuns.facts(forks, 2), 1, dev.kbench.api.Schedule.INTERLEAVED);
        assertTrue(run.anyFailed(), "the forks, which exit 0 once they reported, fail the run as one process does");
        List<dev.kbench.api.BenchmarkOutcome> merged = run.outcomes();
        assertEquals(List.of("bad", "copy"), merged.stream().map(dev.kbench.api.BenchmarkOutcome::benchmark).toList());
        assertEquals(dev.kbench.api.StopReason.FAILED, merged.get(0).stopReason());
        assertEquals(Optional.of("kernel 'bad' takes 3 arguments"), merged.get(0).reason());
        dev.kbench.api.BenchmarkOutcome c = merged.get(1);
        assertEquals(0.005, c.estimateMillis(), 1e-12, "the forks' median estimate");
        assertEquals(0.011, c.hostMillisPerCall(), 1e-12, "the forks' median host time");
        assertTrue(c.launchBound(), "0.011 ms to enqueue a call the device runs in 0.005 ms");
        // 8e6 bytes in 0.008 ms is 1000 GB/s; of 4800 GB/s, 20.8 %
        assertEquals(100.0 * 1000 / 4800, c.percentOfPeakBandwidth().getAsDouble(), 1e-9);
        assertEquals(6, c.samplesMillis().length);
        assertEquals(dev.kbench.api.StopReason.TIME_BUDGET, c.stopReason(),
                "one fork met its noise target, the other ran out of time: the run did not meet it");
    }

    @Test
    void runWithThreeForksRecordsForksZeroToTwoAndPrintsOneTable() throws java.io.IOException {
        Path csv = dir.resolve("forks.csv");
        Path jmh = dir.resolve("jmh.json");
        Cli.Result r = Cli.run(args(List.of("--backend", "opencl", "run", "--forks", "3", "--seed", "11",
                "--csv-samples", csv.toString(), "--jmh-json", jmh.toString()), QUICK));
        assertEquals(0, r.status(), r.toString());
        assertEquals(Set.of(0, 1, 2), forks(csv), r.toString());
        assertTrue(r.out().contains("copy") && r.out().contains("n=4096"), r.toString());
        assertEquals(1, r.out().lines().filter(l -> l.startsWith("# kbench run")).count(), r.toString());
        long[] seeds = dev.kbench.forks.Forks.seeds(11, 3);
        for (int fork = 0; fork < 3; fork++) {
            assertTrue(r.err().contains("fork " + fork + " of 3, seed " + seeds[fork]), r.toString());
        }
        // JMH's JSON as JMH writes a run of 3 forks: "forks": 3 and one rawData row per fork
        com.fasterxml.jackson.databind.JsonNode entry = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(jmh.toFile()).get(0);
        assertEquals(3, entry.get("forks").asInt(), entry::toString);
        com.fasterxml.jackson.databind.JsonNode raw = entry.get("primaryMetric").get("rawData");
        assertEquals(3, raw.size(), entry::toString);
        long repetitions = SamplesCsv.read(csv).stream().filter(s -> s.fork() == 1)
                .map(s -> s.id() + "/" + s.repetition()).distinct().filter(k -> k.startsWith(
                        entry.get("benchmark").asText().substring("kbench.opencl.".length()))).count();
        assertEquals(repetitions, raw.get(1).size(), entry::toString);
        assertEquals(entry.get("measurementIterations").asInt(), raw.get(0).size(), entry::toString);
    }

    /**
     * Runs kbench with these arguments and kills (SIGKILL) the {@code nth} child process it starts (0: the first),
     * as soon as that process is a fork's guard; returns kbench's result, having failed if no such child was seen.
     */
    private static Cli.Result killingChild(int nth, String... args) throws Exception {
        Set<Long> before = ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
        CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run(args));
        java.util.Map<Long, Long> firstSeen = new java.util.LinkedHashMap<>();
        long killed = -1;
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (killed < 0 && !run.isDone() && System.nanoTime() < deadline) {
            for (ProcessHandle child : ProcessHandle.current().children().toList()) {
                if (!before.contains(child.pid())) {
                    firstSeen.putIfAbsent(child.pid(), System.nanoTime());
                }
            }
            if (firstSeen.size() > nth) {
                long pid = firstSeen.keySet().stream().skip(nth).findFirst().orElseThrow();
                // once the process is the fork's guard (setsid, then sh), not a clone of this JVM or its spawn helper
                // on the way to it, this kills the fork itself
                Optional<String> image = ProcessHandle.of(pid).flatMap(p -> p.info().command());
                if (image.filter(c -> c.endsWith("/setsid") || c.endsWith("sh")).isPresent()) {
                    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);   // SIGKILL
                    killed = pid;
                }
            }
            Thread.sleep(10);
        }
        Cli.Result r = run.get(5, TimeUnit.MINUTES);
        assertTrue(killed > 0, "child " + nth + " was never seen: " + r);
        return r;
    }

    /**
     * After a fork died, the forks' directory that a run with a samples file names on stderr holds a file the dead
     * fork left (its samples file or a JVM crash report), not only the copies of the other forks' samples, and the
     * mark the death wrote ({@link dev.kbench.forks.Forks#KEEP_MARK}); where the run says the dead fork left
     * nothing, the directory is gone. Removes a named directory.
     */
    private static void keptOnlyForTheDead(Cli.Result r, String deadFile) throws IOException {
        java.util.regex.Matcher named = java.util.regex.Pattern.compile(
                "died; their samples files and any JVM crash report \\(hs_err\\) are in (\\S+)").matcher(r.err());
        if (named.find()) {
            Path directory = Path.of(named.group(1));
            boolean crashed;
            try (java.util.stream.Stream<Path> files = Files.list(directory)) {
                crashed = files.anyMatch(f -> f.getFileName().toString().startsWith("hs_err"));
            }
            assertTrue(crashed || Files.isRegularFile(directory.resolve(deadFile)), "kept without the dead fork's "
                    + deadFile + ": " + r);
            assertTrue(Files.exists(directory.resolve(dev.kbench.forks.Forks.KEEP_MARK)), "not marked kept: " + r);
            dev.kbench.forks.Forks.deleteQuietly(directory);
        } else {
            assertTrue(r.err().contains("died before writing a samples file or a JVM crash report"), r.toString());
            java.util.regex.Matcher any = java.util.regex.Pattern.compile("/\\S*kbench-forks-\\d+").matcher(r.err());
            while (any.find()) {
                assertFalse(Files.exists(Path.of(any.group())), "left behind though nothing of the dead is in it: " + r);
            }
        }
    }

    @Test
    void aKilledForkIsReportedAndTheOthersDataKept() throws Exception {
        Path csv = dir.resolve("killed.csv");
        Cli.Result r = killingChild(1, args(List.of("--backend", "opencl", "run", "--forks", "3", "--seed", "12",
                "--csv-samples", csv.toString()), QUICK));
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        assertTrue(r.err().contains("run fork 1 (seed " + dev.kbench.forks.Forks.seeds(12, 3)[1] + ") died: ended by signal 9"),
                r.toString());
        assertTrue(r.err().contains("1 of 3 forks died"), r.toString());
        // fork 1 may have recorded repetitions before the kill (it starts in standby and goes on as soon as fork 0
        // released its device): those are kept, as many as the report says
        assertTrue(forks(csv).containsAll(Set.of(0, 2)), "forks 0 and 2 are kept: " + r);
        assertEquals(Cli.keptOfDied(r.err(), "run fork 1"), Cli.rows(csv, 1), r.toString());
        assertTrue(r.out().contains("copy"), "the table over the forks that completed: " + r);
        keptOnlyForTheDead(r, "fork-1.csv");
    }

    /**
     * A fork that dies costs the fork waiting in standby behind it nothing: fork 0 is killed (its guard, SIGKILL)
     * once its JVM and fork 1's, in standby, have started, and that standby is the one that runs as fork 1, one
     * process of fork 1 in the forks' trace, and likewise for fork 2: no standby is killed and started again for
     * the sake of the directory, which the death marks kept at once, where the guards of the forks after it read it.
     */
    @Test
    void aForkThatDiesLeavesTheStandbyBehindItToRun() throws Exception {
        Path csv = dir.resolve("standby-kept.csv");
        Path trace = dir.resolve("standby-kept-trace.txt");
        Set<Long> before = ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
        System.setProperty(dev.kbench.forks.Forks.TRACE_PROPERTY, trace.toString());
        Cli.Result r;
        boolean killed = false;
        try {
            // a fork measures 5 repetitions of about 1 s (a call of copy at 2^20 takes 0.8 ms on PoCL here, the
            // default cap of 100 calls a repetition raised): fork 0 took 5.8 to 6.9 s from its JVM's start to its
            // end here, fork 1's JVM started beside it within a second, and was ready 2.3 to 4.2 s after fork 0's start
            CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run(args(List.of("--backend",
                    "opencl", "run", "--forks", "3", "--seed", "31", "--csv-samples", csv.toString()), List.of("--filter",
                    "copy", "-p", "n=2^20", "--repetitions", "5", "--rep-ms", "1000", "--max-samples", "2000",
                    "--warmup-ms", "1", "--cache-clear", "64KiB"))));
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (!killed && !run.isDone() && System.nanoTime() < deadline) {
                // the JVMs of fork 0 and of fork 1, in standby, have started: where fork 1 were killed and started
                // again, the trace would hold two processes of fork 1
                if (traceLines(trace, false).stream().filter(f -> f[3].equals("start")).map(f -> f[2])
                        .collect(Collectors.toSet()).containsAll(Set.of("0", "1"))) {
                    // fork 0's guard: the child of this JVM whose command names fork 0's samples file
                    Optional<ProcessHandle> first = ProcessHandle.current().children()
                            .filter(p -> !before.contains(p.pid()) && Cli.guardOf(p, "fork-0.csv")).findFirst();
                    if (first.isPresent()) {
                        killed = first.get().destroyForcibly();
                    }
                }
                Thread.sleep(10);
            }
            r = run.get(5, TimeUnit.MINUTES);
        } finally {
            System.clearProperty(dev.kbench.forks.Forks.TRACE_PROPERTY);
        }
        assertTrue(killed, "fork 0 was never killed while fork 1 waited in standby: " + r);
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        assertTrue(r.err().contains("run fork 0 (seed " + dev.kbench.forks.Forks.seeds(31, 3)[0] + ") died: ended by "
                + "signal 9"), r.toString());
        assertTrue(r.err().contains("1 of 3 forks died"), r.toString());
        assertTrue(forks(csv).containsAll(Set.of(1, 2)), "forks 1 and 2 are kept: " + r);
        java.util.Map<Integer, Long> processes = traceLines(trace, true).stream()
                .filter(f -> Long.parseLong(f[1]) != ProcessHandle.current().pid() && f[3].equals("start"))
                .collect(Collectors.groupingBy(f -> Integer.parseInt(f[2]), java.util.TreeMap::new, Collectors.counting()));
        assertEquals(java.util.Map.of(0, 1L, 1, 1L, 2, 1L), processes, "one process a fork: " + r);
        assertFalse(r.err().contains("went on ahead"), r.toString());
        keptOnlyForTheDead(r, "fork-0.csv");
    }

    /** Forks killed by the fork timeout before they wrote anything: no empty directory is left and named. */
    @Test
    void forksThatLeftNothingLeaveNoDirectoryToLookAt() throws Exception {
        Path csv = dir.resolve("fk02.csv");
        Cli.Result r = Cli.run(args(List.of("--backend", "opencl", "run", "--forks", "2", "--fork-timeout-s", "1",
                "--csv-samples", csv.toString()), List.of("--filter", "copy", "-p", "n=2^12", "--repetitions", "100000",
                "--rep-ms", "1", "--warmup-ms", "1", "--cache-clear", "64KiB")));
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        assertTrue(r.err().contains("2 of 2 forks died"), r.toString());
        java.util.regex.Matcher named = java.util.regex.Pattern.compile("/\\S*kbench-forks-\\d+").matcher(r.err());
        while (named.find()) {
            Path directory = Path.of(named.group());
            assertTrue(Files.isDirectory(directory), "named on stderr, so there: " + r);
            try (java.util.stream.Stream<Path> files = Files.walk(directory)) {
                assertTrue(files.anyMatch(Files::isRegularFile), "named on stderr, so something to look at: " + r);
            }
        }
    }

    @Test
    void theLibrarysForksReCreateASuiteFromItsFactoryInEachChild() {
        List<String> lines = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        List<SampleRecord> rows = new java.util.ArrayList<>();
        // no timeout, said as ChronoUnit.FOREVER (Duration.toNanos of it once threw once the first fork had run)
        dev.kbench.forks.Forks.Result result = dev.kbench.forks.Forks.of(ForkedSuites.Fill.class).withForks(2)
                .withBackend("opencl").withOutput(lines::add).withTimeout(java.time.temporal.ChronoUnit.FOREVER.getDuration())
                .run(dev.kbench.api.SuiteOptions.withDefaults().withRepetitions(2).withMillis(1, 1)
                        .withCacheClearBytes(65536).withSeed(9), rows::addAll);
        assertEquals(9, result.seed());
        assertFalse(result.anyDied(), result + "\n" + String.join("\n", lines));
        assertEquals(List.of(dev.kbench.forks.Forks.seeds(9, 2)[0], dev.kbench.forks.Forks.seeds(9, 2)[1]),
                result.forks().stream().map(dev.kbench.forks.ForkOutcome::seed).toList());
        assertEquals(Set.of(0, 1), rows.stream().map(SampleRecord::fork).collect(Collectors.toSet()));
        assertTrue(rows.stream().allMatch(r -> r.benchmark().equals("fill")), rows.toString());

        // every fork died: nothing was measured, and the runner says so instead of returning a result
        dev.kbench.forks.ForksFailedException failed = org.junit.jupiter.api.Assertions.assertThrows(
                dev.kbench.forks.ForksFailedException.class, () -> dev.kbench.forks.Forks.of(ForkedSuites.Broken.class)
                        .withForks(2).withBackend("opencl").run(dev.kbench.api.SuiteOptions.withDefaults(), r -> { }));
        assertTrue(failed.getMessage().startsWith("every fork died (2 of 2), nothing was measured; run fork 0 (seed "),
                failed.getMessage());
        assertTrue(failed.getMessage().contains("this suite cannot be built here"), failed.getMessage());
        dev.kbench.forks.Forks.Result broken = failed.result();
        assertEquals(2, broken.forks().size(), "the second fork runs after the first died");
        for (dev.kbench.forks.ForkOutcome fork : broken.forks()) {
            assertFalse(fork.completed());
            assertEquals(0, fork.samples());
            assertTrue(fork.stderrTail().stream().anyMatch(l -> l.contains("this suite cannot be built here")),
                    fork.stderrTail().toString());
            assertTrue(fork.describe().contains("died: exit status 1"), fork.describe());
        }
        // they died after opening their samples files: the directory is kept for them
        java.nio.file.Path kept = broken.forks().get(0).errorDirectory();
        assertTrue(Files.isRegularFile(kept.resolve("fork-0.csv")), kept + " lost the samples files");
        dev.kbench.forks.Forks.deleteQuietly(kept);

        // forks that die before they write anything leave no directory behind
        dev.kbench.forks.ForksFailedException unmade = org.junit.jupiter.api.Assertions.assertThrows(
                dev.kbench.forks.ForksFailedException.class, () -> dev.kbench.forks.Forks.of(ForkedSuites.Unmade.class)
                        .withForks(2).withBackend("opencl").run(dev.kbench.api.SuiteOptions.withDefaults(), r -> { }));
        assertTrue(unmade.getMessage().contains("died: exit status 1"), unmade.getMessage());
        assertTrue(unmade.getMessage().contains("the constructor of " + ForkedSuites.Unmade.class.getName()
                + " threw java.lang.IllegalStateException: this factory cannot be made here"), unmade.getMessage());
        for (dev.kbench.forks.ForkOutcome fork : unmade.result().forks()) {
            assertFalse(Files.exists(fork.errorDirectory()), fork.errorDirectory() + " is left behind");
        }
    }

    /** One fork's lines in the forks' trace: when its JVM started, was ready, got go, and ended. */
    private record Traced(long pid, java.util.Map<String, Long> at) {
        long get(String event) {
            Long micros = at.get(event);
            assertTrue(micros != null, "fork process " + pid + " has no " + event + " in its trace: " + at);
            return micros;
        }
    }

    /**
     * The lines of a trace, each split into its fields: micros, pid, fork, event. With {@code whole} every line
     * must be whole (the trace of forks that have all ended); without, a trace not written yet has no lines and
     * a line still being written is left out (a trace read while forks write it).
     */
    private static List<String[]> traceLines(Path trace, boolean whole) throws IOException {
        List<String[]> lines = new java.util.ArrayList<>();
        for (String line : whole || Files.exists(trace) ? Files.readAllLines(trace) : List.<String>of()) {
            String[] f = line.split(" ");
            if (whole) {
                assertEquals(4, f.length, line);
            }
            if (f.length == 4) {
                lines.add(f);
            }
        }
        return lines;
    }

    /** Per process (pid) of a trace's lines, when it wrote each event, in the order of their first lines. */
    private static java.util.Map<Long, java.util.Map<String, Long>> byProcess(List<String[]> lines) {
        java.util.Map<Long, java.util.Map<String, Long>> byPid = new java.util.LinkedHashMap<>();
        for (String[] f : lines) {
            byPid.computeIfAbsent(Long.parseLong(f[1]), p -> new java.util.HashMap<>()).put(f[3], Long.parseLong(f[0]));
        }
        return byPid;
    }

    /**
     * The forks of a trace, in the order they got go: the children's own lines, each child's first event its
     * JVM's start.
     */
    private static List<Traced> traced(Path trace) throws IOException {
        return byProcess(traceLines(trace, true)).entrySet().stream().filter(e -> e.getValue().containsKey("start"))
                .map(e -> new Traced(e.getKey(), e.getValue()))
                .sorted(java.util.Comparator.comparingLong(t -> t.at().getOrDefault("go", Long.MAX_VALUE))).toList();
    }

    /** Whether a process of the trace waits in standby: it has written ready and not go. */
    private static boolean waitingInStandby(Path trace) throws IOException {
        return byProcess(traceLines(trace, false)).values().stream()
                .anyMatch(e -> e.containsKey("ready") && !e.containsKey("go"));
    }

    /**
     * The parent's lines of a trace of {@code run --forks} (this JVM's pid): per fork index, when this JVM
     * launched the fork's process and when it saw it end.
     */
    private static java.util.Map<Integer, java.util.Map<String, Long>> parentTraced(Path trace) throws IOException {
        java.util.Map<Integer, java.util.Map<String, Long>> byFork = new java.util.TreeMap<>();
        for (String[] f : traceLines(trace, true)) {
            if (Long.parseLong(f[1]) == ProcessHandle.current().pid()) {
                byFork.computeIfAbsent(Integer.parseInt(f[2]), k -> new java.util.HashMap<>()).put(f[3], Long.parseLong(f[0]));
            }
        }
        return byFork;
    }

    /**
     * Asserts that no fork went on to the device before the fork before it had released its device (in
     * standby {@code device}, the default) or ended (in standby {@code start}), that every fork but the first
     * waited in standby, and that at least one was ready before the one before it ended.
     */
    private static void noOverlapButStandby(Path trace, int forks, String report, String handsOn) throws IOException {
        List<Traced> all = traced(trace);
        assertEquals(forks, all.size(), "one process per fork, no standby after the last: " + all + "\n" + report);
        boolean overlapped = false;
        for (int k = 0; k + 1 < all.size(); k++) {
            Traced before = all.get(k);
            Traced after = all.get(k + 1);
            assertTrue(after.get("go") > before.get(handsOn), "fork process " + after.pid() + " went on before "
                    + before.pid() + "'s " + handsOn + ": " + all);
            assertTrue(before.get("go") < before.get("released") && before.get("released") < before.get("end"),
                    "fork process " + before.pid() + " released its device after its go and before its end: " + all);
            overlapped |= after.get("ready") < before.get("end");
        }
        assertFalse(all.getFirst().at().containsKey("ready"), "the first fork has nothing to wait for: " + all);
        assertTrue(overlapped, "no fork started up while the one before it measured: " + all + "\n" + report);
    }

    /** An A/A {@code ab} of the spin kernel with each fork's long warmup, the fork count options given. */
    private Cli.Result spinAb(Path spin, List<String> forkOptions, String baseCsv, String newCsv) {
        List<String> command = new java.util.ArrayList<>(List.of("--backend", "opencl", "ab", "--base-kernel",
                spin.toString(), "--new-kernel", spin.toString(), "--entry", "spin", "--grid", "16", "--block", "256",
                "--arg", "buf:f32:4096:fill=1", "--arg", "i32:4096", "--arg", "i32:50", "--seed", "7",
                "--base-csv", dir.resolve(baseCsv).toString(), "--new-csv", dir.resolve(newCsv).toString()));
        command.addAll(forkOptions);
        return Cli.run(args(command, LONG_WARMUP.subList(4, LONG_WARMUP.size())));
    }

    /** Each fork warms up 1.5 s, so that the next one's JVM starts up meanwhile (what standby is for). */
    private static final List<String> LONG_WARMUP = List.of("--filter", "copy", "-p", "n=2^12", "--repetitions", "2",
            "--rep-ms", "1", "--warmup-ms", "1500", "--cache-clear", "64KiB");

    @Test
    void standbyForksStartWhileThePreviousMeasuresAndGoOnOnlyAfterItEnded() throws IOException {
        Path trace = dir.resolve("trace.txt");
        System.setProperty(dev.kbench.forks.Forks.TRACE_PROPERTY, trace.toString());
        try {
            Cli.Result run = Cli.run(args(List.of("--backend", "opencl", "run", "--forks", "7", "--seed", "13",
                    "--csv-samples", dir.resolve("run.csv").toString()), LONG_WARMUP));
            assertEquals(0, run.status(), run.toString());
            assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6), forks(dir.resolve("run.csv")), run.toString());
            noOverlapButStandby(trace, 7, run.toString(), "released");
            List<Traced> seven = traced(trace);
            assertTrue(java.util.stream.IntStream.range(0, 3).anyMatch(k -> seven.get(k + 4).get("start") < seven.get(k).get("end")),
                    "four forks wait in standby ahead of the running one: fork k + 4 started before fork k ended (where "
                    + "fork 0 trains an AOT cache, only from fork 1 on): " + seven);
            // the standby that takes the place of the one that went on is launched when the running fork hands
            // over, before this JVM has seen that fork end (fork 6 at fork 1's hand-over, or fork 5 at fork 0's)
            java.util.Map<Integer, java.util.Map<String, Long>> parent = parentTraced(trace);
            assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6), parent.keySet(), "this JVM traces each fork's launch: " + parent);
            assertTrue(java.util.stream.IntStream.range(0, 2).anyMatch(k -> parent.get(k + 5).get("launched")
                    < parent.get(k).get("reaped")), "fork k + 5 launched before fork k was seen to end: " + parent);
            assertFalse(run.err().contains("device released"), "the forks' hand-over line is not passed on: " + run);

            Files.delete(trace);
            Path spin = Cli.resource("kernels/spin.cl", dir);
            Cli.Result ab = spinAb(spin, List.of("--forks", "2"), "b.csv", "n.csv");
            assertEquals(ExitCodes.OK, ab.status(), ab.toString());
            assertEquals(Set.of(0, 1), forks(dir.resolve("b.csv")), ab.toString());
            assertEquals(Set.of(0, 1), forks(dir.resolve("n.csv")), ab.toString());
            noOverlapButStandby(trace, 4, ab.toString(), "released");

            // ab's loop that stops when decided keeps as many forks in standby as run --forks does
            Files.delete(trace);
            Cli.Result decided = spinAb(spin, List.of("--max-forks", "3"), "b3.csv", "n3.csv");
            assertEquals(ExitCodes.OK, decided.status(), decided.toString());
            assertEquals(Set.of(0, 1, 2), forks(dir.resolve("b3.csv")), decided.toString());
            noOverlapButStandby(trace, 6, decided.toString(), "released");
            List<Traced> pairs = traced(trace);
            assertTrue(java.util.stream.IntStream.range(0, 3).anyMatch(k -> pairs.get(k + 3).get("start") < pairs.get(k).get("end")),
                    "ab --max-forks: fork k + 3 started before fork k ended: " + pairs);

            // start: forks wait before their driver's discovery and go on once the one before has exited
            Files.delete(trace);
            System.setProperty(dev.kbench.forks.Forks.STANDBY_PROPERTY, "start");
            Cli.Result started = Cli.run(args(List.of("--backend", "opencl", "run", "--forks", "3", "--seed", "13",
                    "--csv-samples", dir.resolve("start.csv").toString()), LONG_WARMUP));
            assertEquals(0, started.status(), started.toString());
            assertEquals(Set.of(0, 1, 2), forks(dir.resolve("start.csv")), started.toString());
            noOverlapButStandby(trace, 3, started.toString(), "end");

            // off: every fork starts when the one before it has ended, and none waits
            Files.delete(trace);
            System.setProperty(dev.kbench.forks.Forks.STANDBY_PROPERTY, "off");
            Cli.Result off = Cli.run(args(List.of("--backend", "opencl", "run", "--forks", "2"), QUICK));
            assertEquals(0, off.status(), off.toString());
            List<Traced> sequential = traced(trace);
            assertEquals(2, sequential.size(), sequential.toString());
            assertTrue(sequential.stream().noneMatch(t -> t.at().containsKey("ready")), sequential.toString());
            assertTrue(sequential.get(1).get("go") > sequential.get(0).get("end"), sequential.toString());

            refused(dev.kbench.forks.Forks.STANDBY_PROPERTY, "sometimes",
                    "-Dkbench.forks.standby=sometimes is not a standby mode: use device (the default), start or off");
            System.clearProperty(dev.kbench.forks.Forks.STANDBY_PROPERTY);
            refused(dev.kbench.forks.Forks.DEPTH_PROPERTY, "9", "-Dkbench.forks.standby.depth=9 is not a standby depth: use 1 to 8 ("
                    + dev.kbench.forks.ForkSequence.defaultDepth(Runtime.getRuntime().availableProcessors())
                    + " is the default on this host)");
            // four standbys, six from 16 processors on
            assertEquals(List.of(4, 4, 4, 6, 6), java.util.stream.IntStream.of(1, 2, 15, 16, 128)
                    .mapToObj(dev.kbench.forks.ForkSequence::defaultDepth).toList());
            System.clearProperty(dev.kbench.forks.Forks.DEPTH_PROPERTY);
            refused(dev.kbench.forks.Forks.HANDOVER_PROPERTY, "early",
                    "-Dkbench.forks.handover=early is not a hand-over: use finished (the default) or closed");
            System.clearProperty(dev.kbench.forks.Forks.HANDOVER_PROPERTY);
            // the on/off switches: a typo is refused, not read as their default or as off
            refused("kbench.forks.aot", "perhaps", "-Dkbench.forks.aot=perhaps is not on or off: use true (the default) or false");
            System.clearProperty("kbench.forks.aot");
            refused("kbench.hold", "flase", "-Dkbench.hold=flase is not on or off: use true (the default) or false");
            System.clearProperty("kbench.hold");
            refused("kbench.hold.ahead", "0", "-Dkbench.hold.ahead=0 is not on or off: use true (the default) or false");
            System.clearProperty("kbench.hold.ahead");
            // a trace the forks could not write is refused, not left silently empty (the forks never fail for it)
            Path nowhere = dir.resolve("missing").resolve("trace.txt");
            refused(dev.kbench.forks.Forks.TRACE_PROPERTY, nowhere.toString(), "-Dkbench.forks.trace: cannot write '"
                    + nowhere + "': the directory " + nowhere.getParent() + " does not exist");
            refused(dev.kbench.forks.Forks.TRACE_PROPERTY, dir.toString(), "-Dkbench.forks.trace '" + dir
                    + "' is a directory; give a file name");
        } finally {
            System.clearProperty("kbench.forks.aot");
            System.clearProperty("kbench.hold");
            System.clearProperty("kbench.hold.ahead");
            System.clearProperty(dev.kbench.forks.Forks.TRACE_PROPERTY);
            System.clearProperty(dev.kbench.forks.Forks.STANDBY_PROPERTY);
            System.clearProperty(dev.kbench.forks.Forks.DEPTH_PROPERTY);
            System.clearProperty(dev.kbench.forks.Forks.HANDOVER_PROPERTY);
        }
    }

    /** A run with {@code property} set to {@code value} exits 2 with {@code message}, before any fork writes. */
    private void refused(String property, String value, String message) {
        System.setProperty(property, value);
        Path csv = dir.resolve("refused.csv");
        Cli.Result bad = Cli.run(args(List.of("--backend", "opencl", "run", "--forks", "2", "--csv-samples",
                csv.toString()), QUICK));
        assertEquals(ExitCodes.INVALID_INPUT, bad.status(), bad.toString());
        assertTrue(bad.err().contains(message), bad.toString());
        assertFalse(Files.exists(csv), bad.toString());
    }

    @Test
    void aStandbyThatIsNotUsedIsKilledAndLeavesNoProcessAndNoFile() throws Exception {
        Path forks = Files.createDirectory(dir.resolve("forks"));
        Path trace = dir.resolve("trace.txt");
        java.util.function.IntFunction<dev.kbench.forks.Forks.Launch> launch = fork -> {
            List<String> command = new java.util.ArrayList<>(dev.kbench.forks.Forks.javaCommand(
                    Main.class.getModule().isNamed() ? Main.class.getModule().getName() : null, Main.class.getName(),
                    forks, List.of()));
            Path csv = forks.resolve("fork-" + fork + ".csv");
            command.addAll(List.of("--backend", "opencl", "run", "--csv-samples", csv.toString(), "--quiet"));
            command.addAll(QUICK);
            return new dev.kbench.forks.Forks.Launch("run", fork, fork, command, java.util.Map.of(), csv, forks,
                    dev.kbench.forks.Forks.ChildOutput.DISCARD);
        };
        Set<Long> before = ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
        List<String> lines = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        List<SampleRecord> rows = new java.util.ArrayList<>();
        System.setProperty(dev.kbench.forks.Forks.TRACE_PROPERTY, trace.toString());
        Set<Long> during;
        try (dev.kbench.forks.ForkSequence sequence = new dev.kbench.forks.ForkSequence(
                java.time.Duration.ofMinutes(5), lines::add, dev.kbench.forks.Forks.Standby.START)) {
            dev.kbench.forks.ForkOutcome first = sequence.run(launch.apply(0), () -> List.of(launch.apply(1)),
                    rows::addAll);
            assertTrue(first.completed(), first.describe() + "\n" + lines);
            // the standby's JVM starts beside the first fork, which on a loaded machine may end before the standby
            // has got as far as waiting; it then waits for go until the sequence is closed: wait for that (60 s)
            for (int i = 0; i < 600 && !waitingInStandby(trace); i++) {
                Thread.sleep(100);
            }
            during = ProcessHandle.current().descendants().map(ProcessHandle::pid).filter(p -> !before.contains(p))
                    .collect(Collectors.toSet());
        } finally {
            System.clearProperty(dev.kbench.forks.Forks.TRACE_PROPERTY);
        }
        assertFalse(during.isEmpty(), "the second fork waited in standby after the first ended");
        // killed processes are gone once reaped, within 30 s
        for (int i = 0; i < 300 && during.stream().anyMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive)
                .orElse(false)); i++) {
            Thread.sleep(100);
        }
        assertTrue(during.stream().noneMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)),
                "closing the sequence killed the standby and all it started");
        try (java.util.stream.Stream<Path> files = Files.list(forks)) {
            List<Path> left = files.toList();
            assertTrue(left.contains(forks.resolve("fork-0.csv")) && left.stream().allMatch(f -> f.getFileName().toString()
                    .startsWith("fork-0.")), "only the first fork's samples (and its environment): " + left);
        }
        List<Traced> traced = traced(trace);
        assertEquals(2, traced.size(), traced.toString());
        // the standby got as far as waiting, and never went on to a device
        assertTrue(traced.get(1).at().containsKey("ready") && !traced.get(1).at().containsKey("go"), traced.toString());
        assertEquals(Set.of(0), rows.stream().map(SampleRecord::fork).collect(Collectors.toSet()));
    }

    /**
     * The device passes from standby to standby at each hand-over, without waiting for the caller to come back
     * from the fork before, and each hand-over starts the next planned fork in standby: eight children that
     * each, in standby, wait for go, write when they got it, hand over at once and then take 10 s to end (a
     * teardown longer than the next fork's turn). All of forks 1 to 7 go on before fork 0 has ended, in order:
     * forks 1 to 4 were started in standby with fork 0, forks 5 to 7 at the hand-overs of forks 0 to 2. Where the
     * caller gave go (once it had seen fork k end), fork 2 would have waited for fork 0's end; where the caller
     * started the standbys, fork 5 would have started only after fork 0's end. Each fork is announced (the
     * sequence's {@code went}) once, in order, as it goes on: before its own output, and for forks 1 to 7 before
     * the caller is back from fork 0 (kbench's "fork K of F" line used to come only when the caller asked for
     * fork K, after the fork before had ended and its samples had been appended).
     */
    @Test
    void theDevicePassesFromForkToForkWhileTheCallerWaitsForAnEarlierOne() throws Exception {
        Path forks = Files.createDirectory(dir.resolve("chain"));
        String child = "if [ -n \"$" + dev.kbench.forks.Forks.STANDBY_VARIABLE + "\" ]; then IFS= read -r g; "
                + "[ \"$g\" = go ] || exit 1; fi; date +%s%N > \"$1/went-$" + dev.kbench.forks.Forks.FORK_VARIABLE
                + "\"; echo measuring; echo '" + "kbench fork: device released" + "'; sleep 10; date +%s%N > \"$1/end-$"
                + dev.kbench.forks.Forks.FORK_VARIABLE + "\"";
        java.util.function.IntFunction<dev.kbench.forks.Forks.Launch> launch = fork -> new dev.kbench.forks.Forks.Launch(
                "run", fork, fork, List.of("sh", "-c", child, "child", forks.toString()), java.util.Map.of(),
                forks.resolve("fork-" + fork + ".csv"), forks, dev.kbench.forks.Forks.ChildOutput.FORWARD);
        List<String> lines = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        List<String> afterFirst = new java.util.ArrayList<>();
        try (dev.kbench.forks.ForkSequence sequence = new dev.kbench.forks.ForkSequence(
                java.time.Duration.ofMinutes(2), lines::add, dev.kbench.forks.Forks.Standby.DEVICE,
                went -> lines.add("went " + went.fork()))) {
            for (int fork = 0; fork < 8; fork++) {
                int now = fork;
                dev.kbench.forks.ForkOutcome outcome = sequence.run(launch.apply(fork),
                        () -> dev.kbench.forks.ForkSequence.ahead(now, 8, launch), rows -> { });
                assertEquals(java.util.OptionalInt.of(0), outcome.exitStatus(), outcome.describe() + "\n" + lines);
                if (fork == 0) {
                    synchronized (lines) {
                        afterFirst.addAll(lines);
                    }
                }
            }
        }
        List<String> announced = lines.stream().filter(l -> l.startsWith("went ")).toList();
        assertEquals(java.util.stream.IntStream.range(0, 8).mapToObj(f -> "went " + f).toList(), announced,
                "each fork announced once, in order: " + lines);
        for (int fork = 0; fork < 8; fork++) {
            int own = lines.indexOf("[fork " + fork + "] measuring");
            assertTrue(own > lines.indexOf("went " + fork), "fork " + fork + " announced before its output: " + lines);
            assertTrue(fork == 0 || afterFirst.contains("went " + fork), "fork " + fork + " announced as it went on, "
                    + "before fork 0 had ended: " + afterFirst);
        }
        java.util.function.BiFunction<String, Integer, Long> at = (what, fork) -> {
            try {
                return Long.parseLong(Files.readString(forks.resolve(what + "-" + fork)).trim());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        String timeline = java.util.stream.IntStream.range(0, 8).mapToObj(f -> "fork " + f + " went at "
                + (at.apply("went", f) - at.apply("went", 0)) / 1_000_000 + " ms").collect(Collectors.joining(", "))
                + "; fork 0 ended at " + (at.apply("end", 0) - at.apply("went", 0)) / 1_000_000 + " ms";
        for (int fork = 1; fork < 8; fork++) {
            assertTrue(at.apply("went", fork) > at.apply("went", fork - 1), "fork " + fork + " went on after fork "
                    + (fork - 1) + ": " + timeline + "\n" + lines);
            assertTrue(at.apply("went", fork) < at.apply("end", 0), "fork " + fork + " went on while fork 0 was still "
                    + "ending: " + timeline);
        }
    }

    /**
     * A fork that went on ahead of the caller and is then not wanted (an ab that decided closes the sequence) is
     * killed and reported to the listener as dropped; standbys that never went on are killed silently. Fork 0
     * hands over at once and takes 3 s to end, so fork 1 goes on while the caller waits for fork 0; fork 1 holds
     * the device, so forks 2 and 3 wait in standby.
     */
    @Test
    void aForkThatWentOnAheadAndIsNotWantedIsReportedDropped() throws Exception {
        Path forks = Files.createDirectory(dir.resolve("dropped"));
        String child = "if [ -n \"$" + dev.kbench.forks.Forks.STANDBY_VARIABLE + "\" ]; then IFS= read -r g; "
                + "[ \"$g\" = go ] || exit 1; fi; if [ \"$" + dev.kbench.forks.Forks.FORK_VARIABLE + "\" = 0 ]; then "
                + "echo '" + "kbench fork: device released" + "'; fi; sleep 3";
        java.util.function.IntFunction<dev.kbench.forks.Forks.Launch> launch = fork -> new dev.kbench.forks.Forks.Launch(
                "run", fork, fork, List.of("sh", "-c", child), java.util.Map.of(), forks.resolve("fork-" + fork + ".csv"),
                forks, dev.kbench.forks.Forks.ChildOutput.FORWARD);
        List<String> events = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        List<String> lines = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        try (dev.kbench.forks.ForkSequence sequence = new dev.kbench.forks.ForkSequence(
                java.time.Duration.ofMinutes(2), lines::add, dev.kbench.forks.Forks.Standby.DEVICE,
                new dev.kbench.forks.ForkSequence.Listener() {
                    @Override
                    public void went(dev.kbench.forks.Forks.Launch l) {
                        events.add("went " + l.fork());
                    }

                    @Override
                    public void dropped(dev.kbench.forks.Forks.Launch l) {
                        events.add("dropped " + l.fork());
                    }
                })) {
            dev.kbench.forks.ForkOutcome first = sequence.run(launch.apply(0),
                    () -> dev.kbench.forks.ForkSequence.ahead(0, 4, launch), rows -> { });
            assertEquals(java.util.OptionalInt.of(0), first.exitStatus(), first.describe() + "\n" + lines);
            assertEquals(List.of("went 0", "went 1"), events, "fork 1 went on at fork 0's release: " + lines);
        }
        assertEquals(List.of("went 0", "went 1", "dropped 1"), events, "fork 1 dropped, forks 2 and 3 never went: " + lines);
    }

    @Test
    void theLibrarysSequentialAbOfASuiteAgainstItselfLooksAndGivesNoChange() {
        List<String> lines = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        dev.kbench.forks.Forks side = dev.kbench.forks.Forks.of(ForkedSuites.Fill.class).withBackend("opencl")
                .withOutput(lines::add);
        List<dev.kbench.forks.SequentialAb.Look> seen = new java.util.ArrayList<>();
        dev.kbench.forks.SequentialAb ab = dev.kbench.forks.SequentialAb.of(dev.kbench.stats.Compare.withDefaults(),
                dev.kbench.stats.Compare.DEFAULT_ALPHA).withMaxForks(3);
        assertEquals(List.of(3), ab.looks().stream().map(dev.kbench.stats.GroupSequential.Look::forks).toList());
        dev.kbench.forks.SequentialAb.Result r = ab.run(side, side, dev.kbench.api.SuiteOptions.withDefaults()
                .withRepetitions(2).withMillis(1, 1).withCacheClearBytes(65536), 5, seen::add);
        assertTrue(r.allCompleted(), r.forks() + "\n" + String.join("\n", lines));
        assertEquals(3, r.pairs());
        assertEquals(seen, r.looks(), "every look went to the progress sink as it was taken");
        assertEquals(1, r.looks().size(), r.looks().toString());
        dev.kbench.forks.SequentialAb.Look look = r.looks().getFirst();
        assertTrue(look.describe().startsWith("look 1 at 3 forks a side ("), look.describe());
        assertTrue(look.look().last(), "the last planned look spends all of alpha");
        // each pair one fork a side, both with the pair's seed; each side's samples tagged with forks 0..2
        long[] seeds = dev.kbench.forks.Forks.seeds(5, 3);
        for (int pair = 0; pair < 3; pair++) {
            List<dev.kbench.forks.ForkOutcome> two = r.forks().subList(2 * pair, 2 * pair + 2);
            assertEquals(Set.of("base", "new"), two.stream().map(dev.kbench.forks.ForkOutcome::side)
                    .collect(Collectors.toSet()), r.forks().toString());
            for (dev.kbench.forks.ForkOutcome fork : two) {
                assertEquals(pair, fork.fork());
                assertEquals(seeds[pair], fork.seed());
            }
        }
        assertEquals(Set.of(0, 1, 2), r.base().stream().map(SampleRecord::fork).collect(Collectors.toSet()));
        assertEquals(Set.of(0, 1, 2), r.next().stream().map(SampleRecord::fork).collect(Collectors.toSet()));
        // A/A: the suite against itself, 3 fork medians a side, which no rank test at 0.001 can tell apart
        dev.kbench.stats.CompareReport report = r.report().orElseThrow();
        assertEquals(1, report.results().size(), report.toString());
        assertEquals(dev.kbench.stats.Verdict.SAME, report.results().getFirst().verdict(), report.toString());
        assertEquals(look.report(), report);
        assertFalse(r.outOfTime());
    }

    @Test
    void theLibrarysSequentialAbRunsItsWarmUpForkFirstAndKeepsNoneOfItsSamples() {
        List<String> lines = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        dev.kbench.forks.Forks side = dev.kbench.forks.Forks.of(ForkedSuites.Fill.class).withBackend("opencl")
                .withOutput(lines::add);
        dev.kbench.forks.SequentialAb.Result r = dev.kbench.forks.SequentialAb.of(dev.kbench.stats.Compare.withDefaults(),
                dev.kbench.stats.Compare.DEFAULT_ALPHA).withMaxForks(2).withWarmupForks(1).run(side, side,
                dev.kbench.api.SuiteOptions.withDefaults().withRepetitions(2).withMillis(1, 1).withCacheClearBytes(65536),
                5, look -> { });
        assertTrue(r.allCompleted(), r.forks() + "\n" + String.join("\n", lines));
        assertEquals(2, r.pairs());
        dev.kbench.forks.ForkOutcome warmup = r.forks().getFirst();
        assertEquals("base" + dev.kbench.forks.SequentialAb.WARMUP_SUFFIX, warmup.side(), r.forks().toString());
        assertEquals(dev.kbench.forks.Forks.seeds(5, 3)[2], warmup.seed());
        assertTrue(warmup.samples() > 0, warmup.describe());
        assertEquals(5, r.forks().size(), r.forks().toString());
        // the pairs' samples alone: each side's as many as its two forks recorded
        assertEquals(Set.of(0, 1), r.base().stream().map(SampleRecord::fork).collect(Collectors.toSet()));
        for (String name : List.of("base", "new")) {
            long recorded = r.forks().stream().filter(f -> f.side().equals(name))
                    .mapToLong(dev.kbench.forks.ForkOutcome::samples).sum();
            assertEquals(recorded, ("base".equals(name) ? r.base() : r.next()).size(), r.forks().toString());
        }
    }

    @Test
    void abOfTwoSuiteDirectoriesRunsTheSeededOrderAndFlagsAPlantedSlowdown() throws IOException {
        Path base = Files.createDirectories(dir.resolve("base"));
        Path slow = Files.createDirectories(dir.resolve("slow"));
        String suite = Cli.text("/dev/kbench/cli/suite/suite.cl");
        Files.writeString(base.resolve("suite.cl"), suite);
        String copy = """
                    if (i < (size_t) n) {
                        dst[i] = src[i];
                    }
                """;
        String sixtyFourReads = """
                    if (i < (size_t) n) {
                        float t = 0.0f;
                        for (int k = 0; k < 64; k++) {
                            t += src[(i * 7 + (size_t) k * 4099) % (size_t) n];
                        }
                        dst[i] = src[i] + (t == -1.0f ? 1.0f : 0.0f);
                    }
                """;
        assertTrue(suite.contains(copy), "the copy kernel's body changed; update this test");
        Files.writeString(slow.resolve("suite.cl"), suite.replace(copy, sixtyFourReads));
        Path baseCsv = dir.resolve("b.csv");
        Path newCsv = dir.resolve("n.csv");
        Cli.Result r = Cli.run(args(List.of("--backend", "opencl", "ab", "--base-suite-dir", base.toString(),
                "--new-suite-dir", slow.toString(), "--forks", "2", "--seed", "7", "--base-csv", baseCsv.toString(),
                "--new-csv", newCsv.toString()),
                java.util.stream.Stream.concat(QUICK.stream(), SAMPLE_UNIT.stream()).toList()));
        assertTrue(r.err().contains("seed 7 (--seed 7 replays this order), order: base base new new"), r.toString());
        assertEquals(Set.of(0, 1), forks(baseCsv), r.toString());
        assertEquals(Set.of(0, 1), forks(newCsv), r.toString());
        assertEquals(ExitCodes.REGRESSION, r.status(), r.toString());
        assertTrue(r.out().contains("slower"), r.toString());
        // each side records where it ran, as run --csv-samples does: one run per fork, tagged with it
        for (Path csv : List.of(baseCsv, newCsv)) {
            com.fasterxml.jackson.databind.JsonNode env = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(RunEnvironment.sidecar(csv).toFile());
            assertEquals("kbench-env/1", env.get("format").asText(), csv.toString());
            assertEquals(2, env.get("runs").size(), env.toString());
            assertEquals(List.of(0, 1), java.util.stream.StreamSupport.stream(env.get("runs").spliterator(), false)
                    .map(run -> run.get("fork").asInt()).toList(), env.toString());
            assertEquals("opencl", env.get("runs").get(0).get("backend").asText(), env.toString());
        }
    }

    @Test
    void runForksRowsAreInTheSuitesOrder() {
        // -p lists the sizes from large to small: the suite's order, which the interleaved samples do not keep
        Cli.Result r = Cli.run("--backend", "opencl", "run", "--forks", "2", "--seed", "3", "--filter", "copy", "-p",
                "n=2^13,2^12,2^11,2^10", "--repetitions", "2", "--max-samples", "2", "--rep-ms", "1", "--warmup-ms", "0",
                "--cache-clear", "0");
        assertEquals(0, r.status(), r.toString());
        List<String> rows = r.out().lines().filter(l -> l.startsWith("copy ")).map(l -> l.split("\\s+")[1]).toList();
        assertEquals(List.of("n=8192", "n=4096", "n=2048", "n=1024"), rows, r.toString());
    }

    @Test
    void runRunsItsWarmUpForkFirstAndKeepsNoneOfItsSamples() throws IOException {
        Path csv = dir.resolve("warmed.csv");
        Cli.Result r = Cli.run(args(List.of("--backend", "opencl", "run", "--forks", "2", "--warmup-forks", "1",
                "--seed", "13", "--csv-samples", csv.toString()), QUICK));
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.err().contains("kbench: 2 forks, one after another, after 1 warm-up fork; run "), r.toString());
        // the warm-up fork first, its seed after the measured forks' own, which are those of a run without it
        long[] seeds = dev.kbench.forks.Forks.seeds(13, 3);
        int warmup = r.err().indexOf("kbench: warm-up fork 0 of 1, seed " + seeds[2]);
        int first = r.err().indexOf("kbench: fork 0 of 2, seed " + seeds[0]);
        assertTrue(warmup >= 0 && warmup < first && r.err().contains("kbench: fork 1 of 2, seed " + seeds[1]),
                r.toString());
        // the measured forks' samples alone: two forks, each sample once
        List<SampleRecord> rows = SamplesCsv.read(csv);
        assertEquals(Set.of(0, 1), forks(csv), r.toString());
        assertEquals(rows.size(), rows.stream().map(s -> s.id() + "/" + s.fork() + "/" + s.repetition() + "/" + s.sample())
                .distinct().count(), "a sample of the warm-up fork would repeat one of fork 0: " + r);
        assertTrue(r.err().contains("samples of 2 forks in " + csv), r.toString());
        com.fasterxml.jackson.databind.JsonNode env = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(RunEnvironment.sidecar(csv).toFile());
        assertEquals(2, env.get("runs").size(), "the measured forks' environments alone: " + env);
        assertEquals(1, r.out().lines().filter(l -> l.startsWith("# kbench run")).count(), r.toString());
    }

    @Test
    void aWarmUpForkThatDiesIsReportedAndTheMeasuredForksRun() throws Exception {
        Path csv = dir.resolve("warm-killed.csv");
        Cli.Result r = killingChild(0, args(List.of("--backend", "opencl", "run", "--forks", "2", "--warmup-forks",
                "1", "--seed", "14", "--csv-samples", csv.toString()), QUICK));
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        assertTrue(r.err().contains("run warm-up fork 0 (seed " + dev.kbench.forks.Forks.warmupSeeds(14, 2, 1)[0]
                + ") died: ended by signal 9") && r.err().contains("1 of 3 forks died"), r.toString());
        assertEquals(Set.of(0, 1), forks(csv), "the measured forks ran and are kept: " + r);
        assertTrue(r.err().contains("samples of 2 forks in " + csv), r.toString());
        keptOnlyForTheDead(r, "run-warm-up-0.csv");
    }

    @Test
    void runRefusesANegativeCountOfWarmUpForksAndPlansNone() {
        Path csv = dir.resolve("never.csv");
        Cli.Result negative = Cli.run("--backend", "opencl", "run", "--forks", "2", "--warmup-forks", "-1",
                "--csv-samples", csv.toString());
        assertEquals(ExitCodes.INVALID_INPUT, negative.status(), negative.toString());
        assertTrue(negative.err().contains("--warmup-forks -1: use 0 to 10000"), negative.toString());
        assertFalse(Files.exists(csv), negative.toString());
        // counts no run could reach were taken: Integer.MAX_VALUE forks ran out of memory planning their seeds, as
        // many warm-up forks threw NegativeArraySizeException (an internal error)
        for (String option : List.of("--forks", "--warmup-forks")) {
            // each case gives its option once (picocli refuses an option given twice, which would pass for this)
            Cli.Result huge = option.equals("--forks")
                    ? Cli.run("--backend", "opencl", "run", option, "2147483647", "--csv-samples", csv.toString())
                    : Cli.run("--backend", "opencl", "run", "--forks", "2", option, "2147483647", "--csv-samples",
                            csv.toString());
            assertEquals(ExitCodes.INVALID_INPUT, huge.status(), huge.toString());
            assertTrue(huge.err().contains(option + " 2147483647: use " + (option.equals("--forks") ? 1 : 0) + " to 10000"),
                    huge.toString());
            assertFalse(Files.exists(csv), huge.toString());
        }
        Cli.Result list = Cli.run("--backend", "opencl", "run", "--list", "--warmup-forks", "1");
        assertEquals(ExitCodes.INVALID_INPUT, list.status(), list.toString());
        assertTrue(list.err().contains("--list plans one process on one device; drop --devices, --forks and "
                + "--warmup-forks"), list.toString());
    }

    @Test
    void theLibrarysForksRunTheirWarmUpForkFirstAndHandOnNoneOfItsSamples() {
        List<String> lines = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        List<SampleRecord> rows = new java.util.ArrayList<>();
        dev.kbench.api.SuiteOptions options = dev.kbench.api.SuiteOptions.withDefaults().withRepetitions(2)
                .withMillis(1, 1).withCacheClearBytes(65536).withSeed(9);
        dev.kbench.forks.Forks.Result result = dev.kbench.forks.Forks.of(ForkedSuites.Fill.class).withForks(2)
                .withWarmupForks(1).withBackend("opencl").withOutput(lines::add).run(options, rows::addAll);
        assertFalse(result.anyDied(), result + "\n" + String.join("\n", lines));
        long[] seeds = dev.kbench.forks.Forks.seeds(9, 3);
        assertEquals(List.of(seeds[0], seeds[1]), result.forks().stream().map(dev.kbench.forks.ForkOutcome::seed).toList());
        dev.kbench.forks.ForkOutcome warmup = result.warmups().getFirst();
        assertEquals(1, result.warmups().size(), result.toString());
        assertEquals("run" + dev.kbench.forks.SequentialAb.WARMUP_SUFFIX, warmup.side());
        assertEquals(seeds[2], warmup.seed());
        assertTrue(warmup.samples() > 0, warmup.describe());
        assertEquals(result.forks().stream().mapToLong(dev.kbench.forks.ForkOutcome::samples).sum(), rows.size(),
                "the measured forks' samples alone: " + result);

        // a warm-up fork that dies is an outcome like any other, and the measured forks run
        dev.kbench.forks.Forks.Result died = dev.kbench.forks.Forks.of(ForkedSuites.WarmUpDies.class).withForks(2)
                .withWarmupForks(1).withBackend("opencl").run(options, r -> { });
        assertTrue(died.anyDied(), died.toString());
        assertFalse(died.warmups().getFirst().completed(), died.toString());
        assertTrue(died.forks().stream().allMatch(dev.kbench.forks.ForkOutcome::completed), died.toString());
        assertTrue(died.warmups().getFirst().stderrTail().stream().anyMatch(l -> l.contains("a warm-up fork dies here")),
                died.toString());
        // it died before it wrote a file: the measured forks' files, whose samples were handed on, keep nothing
        assertFalse(Files.exists(died.warmups().getFirst().errorDirectory()), died.toString());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> dev.kbench.forks.Forks.of(ForkedSuites.Fill.class).withWarmupForks(-1));
    }

    @Test
    void abOfTwoKernelFilesPassesEveryRepeatedOptionAndFlagsEightTimesTheWork() throws IOException {
        Path base = Cli.resource("kernels/spin.cl", dir);
        String source = Files.readString(base);
        assertTrue(source.contains("k < iters"), "spin.cl changed; update this test");
        Path slow = Files.writeString(dir.resolve("spin8.cl"), source.replace("k < iters", "k < 8 * iters"));
        Cli.Result r = Cli.run("--backend", "opencl", "ab", "--base-kernel", base.toString(), "--new-kernel",
                slow.toString(), "--entry", "spin", "--grid", "16", "--block", "256", "--arg", "buf:f32:4096:fill=1",
                // at least one sample per repetition whatever a call costs: 20 per side, completely separated
                "--arg", "i32:4096", "--arg", "i32:200", "--repetitions", "10", "--rep-ms", "1", "--warmup-ms", "1",
                "--cache-clear", "64KiB", "--forks", "2", "--seed", "5", "--base-csv", dir.resolve("b.csv").toString(),
                "--new-csv", dir.resolve("n.csv").toString(), "--", "--unit", "sample");
        assertEquals(ExitCodes.REGRESSION, r.status(), r.toString());
        assertTrue(r.out().contains("spin") && r.out().contains("slower"), r.toString());
        String order = "order: " + String.join(" ", AbCommand.order(5, 2).stream().map(s -> s == 0 ? "base" : "new").toList());
        assertTrue(r.err().contains(order), r.toString());
        assertEquals(Set.of(0, 1), forks(dir.resolve("b.csv")), r.toString());
        assertEquals(Set.of(0, 1), forks(dir.resolve("n.csv")), r.toString());
    }

    /** A samples file of one fork: 20 samples around {@code scale}, a little different per fork. */
    private Path fixture(String name, int fork, double scale) throws IOException {
        StringBuilder csv = new StringBuilder("benchmark,params,repetition,sample,time_ms\n");
        for (int s = 0; s < 20; s++) {
            csv.append(String.format(Locale.ROOT, "k,n=1,0,%d,%.6f%n", s, scale * (1 + 0.01 * fork + 0.001 * s)));
        }
        return Files.writeString(dir.resolve(name + "-" + fork + ".csv"), csv);
    }

    private Cli.Result abCommands(String baseCommand, String newCommand, int forks) {
        return Cli.run("ab", "--base-command", baseCommand, "--new-command", newCommand, "--forks", Integer.toString(forks),
                "--seed", "3", "--base-csv", dir.resolve("b.csv").toString(), "--new-csv", dir.resolve("n.csv").toString());
    }

    /** A fork's samples: 20 around {@code scale}, the fork's offset {@code spread} times its index modulo 5. */
    private void tight(String name, int forks, double scale, double spread) throws IOException {
        for (int fork = 0; fork < forks; fork++) {
            StringBuilder csv = new StringBuilder("benchmark,params,repetition,sample,time_ms\n");
            for (int s = 0; s < 20; s++) {
                csv.append(String.format(Locale.ROOT, "k,n=1,0,%d,%.7f%n", s,
                        scale * (1 + spread * (fork % 5) + 0.0001 * s)));
            }
            Files.writeString(dir.resolve(name + "-" + fork + ".csv"), csv);
        }
    }

    /** A side's command that copies fixture {@code name}'s file of its fork to {@code {out}}. */
    private String copies(String name) {
        return "cp '" + dir + "'/" + name + "-$KBENCH_FORK.csv {out}";
    }

    private Cli.Result abUntil(String base, String next, String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("--force"));
        args.addAll(List.of(options));
        return abOf(copies(base), copies(next), args.toArray(String[]::new));
    }

    @Test
    void abStopsWhenDecided() throws IOException {
        tight("same", 30, 1, 0.001);
        tight("slower", 30, 1.05, 0.001);
        tight("wide", 30, 1, 0.02);
        // fork medians within 0.4 % of each other: the interval is inside +-1 % at the first look, 9 forks a side
        Cli.Result same = abUntil("same", "same", "--max-forks", "20");
        assertEquals(ExitCodes.OK, same.status(), same.toString());
        assertTrue(same.err().contains("looks at 9, 12, 15, 18, 20 forks a side")
                && same.err().contains("look 1 at 9 forks a side") && same.err().contains("1 of 1 benchmark(s) settled")
                && same.err().contains("9 forks a side in"), same.toString());
        assertEquals(java.util.stream.IntStream.range(0, 9).boxed().collect(java.util.stream.Collectors.toSet()),
                forks(dir.resolve("b.csv")), same.toString());
        // the verdict is compare's at the look's share of alpha and the look's interval level
        assertTrue(same.err().contains("--alpha 0.00057") && same.err().contains("--confidence-level 0.97135")
                && same.out().contains("same"), same.toString());

        Cli.Result slower = abUntil("same", "slower", "--max-forks", "20");
        assertEquals(ExitCodes.REGRESSION, slower.status(), slower.toString());
        assertTrue(slower.err().contains("look 1 at 9 forks a side") && slower.out().contains("slower"), slower.toString());

        // forks spread 8 %: nothing settles within 10 forks, and the table says what a 1 % change would take
        Cli.Result wide = abUntil("wide", "wide", "--max-forks", "10");
        assertEquals(ExitCodes.OK, wide.status(), wide.toString());
        assertTrue(wide.err().contains("look 1 at 9 forks a side") && wide.err().contains("look 2 at 10 forks a side")
                && wide.err().contains("0 of 1 benchmark(s) settled"), wide.toString());
        assertTrue(wide.out().contains("to see a 1% change: k n=1 about "), wide.toString());
        // the budget, not a decision, ended it: the line names the benchmark, its change and interval
        assertTrue(wide.err().contains("kbench ab: not settled at 10 forks a side (1 of 1; `same` there is for want"
                + " of forks): k n=1 "), wide.toString());
        assertTrue(!same.err().contains("not settled") && !slower.err().contains("not settled"), same.toString());
        // a CI gate that will not pass what the budget left open: compare's --fail-on unsettled, after --
        Cli.Result gated = abUntil("wide", "wide", "--max-forks", "10", "--", "--fail-on", "unsettled");
        assertEquals(ExitCodes.REGRESSION, gated.status(), gated.toString());
        assertTrue(gated.err().contains(": 0 slower, 0 faster, 1 not settled (k n=1) (--fail-on unsettled)"),
                gated.toString());
        Cli.Result settled = abUntil("same", "same", "--max-forks", "20", "--", "--fail-on", "unsettled");
        assertEquals(ExitCodes.OK, settled.status(), settled.toString());
        // and the JSON says so per benchmark: settled where the loop decided, not where the budget ended it
        for (String fixture : List.of("same", "wide")) {
            Cli.Result json = abUntil(fixture, fixture, "--max-forks", "10", "--", "--format", "json");
            assertEquals(ExitCodes.OK, json.status(), json.toString());
            com.fasterxml.jackson.databind.JsonNode result = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(json.out()).get("results").get(0);
            assertEquals("same", result.get("verdict").asText(), json.toString());
            assertEquals(fixture.equals("same"), result.get("settled").asBoolean(), json.toString());
            // the verdict's interval is the last look's, as its line printed it, not compare's default 95 %
            java.util.regex.Matcher look = java.util.regex.Pattern.compile("look \\d+ at \\d+ forks a side \\([^)]*\\): "
                    + "alpha \\S+ of \\S+, ([0-9.]+)% interval").matcher(json.err());
            String level = null;
            while (look.find()) {
                level = look.group(1);
            }
            assertTrue(level != null, json.toString());
            double confidence = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out())
                    .get("confidence_level").asDouble();
            assertTrue(confidence > 0.95, json.toString());
            assertEquals(Double.parseDouble(level), 100 * confidence, 0.01, json.toString());
        }

        // a target MDC instead of a fork count: the first look is at 7 forks, the fewest that can reject at 0.001
        Cli.Result target = abUntil("same", "same", "--target-mdc", "1%");
        assertEquals(ExitCodes.OK, target.status(), target.toString());
        assertTrue(target.err().contains("look 1 at 7 forks a side") && target.err().contains("1 of 1 benchmark(s) at "
                + "the MDC target"), target.toString());
    }

    @Test
    void forksShareAnAotCacheThatTheFirstWrites() throws IOException {
        // tests run from target/classes, a directory, with which no JVM writes an AOT cache: the forks get none
        Path built = Files.createDirectory(dir.resolve("built"));
        assertEquals(List.of(), dev.kbench.forks.Forks.aotOptions(built));
        String[] paths = {System.getProperty("java.class.path"), System.getProperty("jdk.module.path")};
        Path jar = Files.writeString(dir.resolve("some.jar"), "");
        System.setProperty("java.class.path", jar.toString());
        System.clearProperty("jdk.module.path");
        Path kept = dir.resolve("kept");
        System.setProperty(dev.kbench.forks.Forks.AOT_DIRECTORY_PROPERTY, kept.toString());
        try {
            aotCacheOfOneDirectory();
            // the complete cache was kept for later runs of this JVM and jar: a run in another directory maps it
            List<Path> caches;
            try (java.util.stream.Stream<Path> files = Files.list(kept)) {
                caches = files.toList();
            }
            assertEquals(1, caches.size(), caches.toString());
            assertTrue(caches.getFirst().getFileName().toString().matches("forks-[0-9a-f]{32}\\.aot"), caches.toString());
            assertEquals("half written", Files.readString(caches.getFirst()));
            Path other = Files.createDirectory(dir.resolve("other"));
            List<String> next = dev.kbench.forks.Forks.javaCommand(null, "Main", other, List.of());
            assertTrue(next.contains("-XX:AOTCache=" + caches.getFirst()) && next.stream().noneMatch(o -> o.startsWith("-XX:AOTCacheOutput")),
                    "no training run: " + next);
            // another JVM (other options) or a changed jar is another cache: that run trains its own
            List<String> otherOptions = dev.kbench.forks.Forks.javaCommand(null, "Main", other, List.of("-Xmx1g"));
            assertTrue(otherOptions.contains("-XX:AOTCacheOutput=" + other.resolve("forks.aot")), otherOptions.toString());
            Files.writeString(jar, "changed");
            Path third = Files.createDirectory(dir.resolve("third"));
            List<String> changed = dev.kbench.forks.Forks.javaCommand(null, "Main", third, List.of());
            assertTrue(changed.contains("-XX:AOTCacheOutput=" + third.resolve("forks.aot")), changed.toString());
            // no directory to keep caches in: each run trains its own, as before
            System.setProperty(dev.kbench.forks.Forks.AOT_DIRECTORY_PROPERTY, "");
            Path fourth = Files.createDirectory(dir.resolve("fourth"));
            assertTrue(dev.kbench.forks.Forks.javaCommand(null, "Main", fourth, List.of())
                    .contains("-XX:AOTCacheOutput=" + fourth.resolve("forks.aot")));
        } finally {
            System.clearProperty(dev.kbench.forks.Forks.AOT_DIRECTORY_PROPERTY);
            System.setProperty("java.class.path", paths[0] == null ? "" : paths[0]);
            if (paths[1] != null) {
                System.setProperty("jdk.module.path", paths[1]);
            }
        }
    }

    private void aotCacheOfOneDirectory() throws IOException {
        Path forks = Files.createDirectory(dir.resolve("forks"));
        String cache = forks.resolve("forks.aot").toString();
        List<String> first = dev.kbench.forks.Forks.javaCommand(null, "Main", forks, List.of());
        assertTrue(first.contains("-XX:AOTCacheOutput=" + cache), first.toString());
        // while the first trains, or if it wrote nothing, the others go without
        assertFalse(dev.kbench.forks.Forks.aotOptions(forks).stream().anyMatch(o -> o.startsWith("-XX:AOT")));
        Files.writeString(forks.resolve("forks.aot.config"), "training");
        Files.writeString(forks.resolve("forks.aot"), "half written");
        assertFalse(dev.kbench.forks.Forks.aotOptions(forks).stream().anyMatch(o -> o.startsWith("-XX:AOT")));
        Files.delete(forks.resolve("forks.aot.config"));
        List<String> later = dev.kbench.forks.Forks.javaCommand(null, "Main", forks, List.of());
        assertTrue(later.contains("-XX:AOTCache=" + cache) && !later.contains("-XX:AOTCacheOutput=" + cache), later.toString());
    }

    /**
     * A side's command that measures {@code hot} (100 times slower) on its first call, a warm-up fork when ab has
     * one, and {@code name} from then on: a warm-up fork's samples that reached a samples file would show.
     */
    private String firstCallHot(String side, String name) {
        return "echo measuring $KBENCH_FORK; " + firstCall(side, copies("hot"), copies(name));
    }

    /** A side's command that runs {@code first} on its first call and {@code later} on every other. */
    private String firstCall(String side, String first, String later) {
        String count = "'" + dir.resolve(side + ".calls") + "'";
        return "n=$(cat " + count + " 2>/dev/null || echo 0); echo $((n + 1)) > " + count + "; if [ $n = 0 ]; then "
                + first + "; else " + later + "; fi";
    }

    /** {@code ab} of two commands, seed 3, into b.csv and n.csv. */
    private Cli.Result abOf(String baseCommand, String newCommand, String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("ab", "--base-command", baseCommand, "--new-command",
                newCommand, "--seed", "3", "--base-csv", dir.resolve("b.csv").toString(), "--new-csv",
                dir.resolve("n.csv").toString()));
        args.addAll(List.of(options));
        return Cli.run(args.toArray(String[]::new));
    }

    private static double slowest(Path csv) {
        return SamplesCsv.read(csv).stream().mapToDouble(SampleRecord::timeMillis).max().orElseThrow();
    }

    @Test
    void abLeavesTheWarmUpForksSamplesOut() throws IOException {
        for (int fork = 0; fork < 7; fork++) {
            fixture("same", fork, 1);
            fixture("hot", fork, 100);
        }
        Cli.Result r = abOf(firstCallHot("base", "same"), firstCallHot("new", "same"), "--forks", "7",
                "--warmup-forks", "2");
        assertEquals(ExitCodes.OK, r.status(), r.toString());
        String order = "order: " + String.join(" ", AbCommand.order(3, 7).stream().map(s -> s == 0 ? "base" : "new").toList());
        assertTrue(r.err().contains("kbench ab: 7 forks per side, after 2 warm-up forks, seed 3") && r.err().contains(order),
                "the same order as without warm-up forks: " + r);
        // base then new, with seeds after the measured forks' own, and before any measured fork
        long[] seeds = dev.kbench.forks.Forks.seeds(3, 9);
        int first = r.err().indexOf("kbench ab: warm-up fork 0 (base), seed " + seeds[7]);
        int second = r.err().indexOf("kbench ab: warm-up fork 1 (new), seed " + seeds[8]);
        int measured = Math.min(r.err().indexOf("kbench ab: base fork 0, seed " + seeds[0]),
                r.err().indexOf("kbench ab: new fork 0, seed " + seeds[0]));
        assertTrue(first >= 0 && first < second && second < measured, r.toString());
        assertTrue(r.err().contains("[base warm-up 0] measuring 0") && r.err().contains("[new warm-up 1] measuring 1"),
                r.toString());
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6), forks(dir.resolve("b.csv")));
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6), forks(dir.resolve("n.csv")));
        assertTrue(slowest(dir.resolve("b.csv")) < 2 && slowest(dir.resolve("n.csv")) < 2, "no warm-up samples kept");
        assertEquals(7 * 20, SamplesCsv.read(dir.resolve("b.csv")).size(), "7 forks of 20 samples, none more");
    }

    @Test
    void abStopsWhenDecidedAfterItsWarmUpFork() throws IOException {
        tight("same", 30, 1, 0.001);
        for (int fork = 0; fork < 2; fork++) {
            fixture("hot", fork, 100);
        }
        // one warm-up fork, of base: the new side's first call is its fork 0
        Cli.Result r = abOf(firstCallHot("base", "same"), copies("same"),
                "--max-forks", "20", "--warmup-forks", "1");
        assertEquals(ExitCodes.OK, r.status(), r.toString());
        assertTrue(r.err().contains("at most 20 forks a side, after 1 warm-up fork, seed 3")
                && r.err().contains("kbench ab: warm-up fork 0 (base)") && r.err().contains("look 1 at 9 forks a side")
                && r.err().contains("9 forks a side in"), r.toString());
        assertEquals(java.util.stream.IntStream.range(0, 9).boxed().collect(java.util.stream.Collectors.toSet()),
                forks(dir.resolve("b.csv")), r.toString());
        assertTrue(slowest(dir.resolve("b.csv")) < 2, "no warm-up samples kept: " + r);
    }

    @Test
    void aWarmUpForkThatDiesGivesNoVerdict() throws IOException {
        tight("same", 30, 1, 0.001);
        String diesFirst = firstCall("base", "kill -9 $$", copies("same"));
        String same = copies("same");
        // stopping when decided: no pair runs after it
        Cli.Result open = abOf(diesFirst, same, "--max-forks", "20", "--warmup-forks", "1");
        assertEquals(ExitCodes.FAILURE, open.status(), open.toString());
        assertTrue(open.err().contains("base warm-up fork 0 (seed ") && open.err().contains("died: ended by signal 9")
                && open.err().contains("no verdict"), open.toString());
        assertFalse(open.err().contains("kbench ab: base fork 0") || open.err().contains("kbench ab: new fork 0"),
                open.toString());
        // a fixed count: the measured forks run, their samples are kept, and the verdict is not a gate
        Files.delete(dir.resolve("base.calls"));
        Cli.Result fixed = abOf(diesFirst, same, "--forks", "7", "--warmup-forks", "1", "--force");
        assertEquals(ExitCodes.FAILURE, fixed.status(), fixed.toString());
        assertTrue(fixed.err().contains("base warm-up fork 0 (seed ") && fixed.err().contains("a fork died, so no verdict"),
                fixed.toString());
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6), forks(dir.resolve("b.csv")));
    }

    @Test
    void abRefusesANegativeCountOfWarmUpForks() {
        Cli.Result r = abUntil("same", "same", "--warmup-forks", "-1");
        assertEquals(ExitCodes.INVALID_INPUT, r.status(), r.toString());
        assertTrue(r.err().contains("--warmup-forks -1: use 0 to 10000"), r.toString());
        assertFalse(Files.exists(dir.resolve("b.csv")), "no fork ran: " + r);
        // and counts beyond the most forks a side (--max-forks 2147483647 ran out of memory planning its looks)
        for (String[] huge : new String[][] {{"--warmup-forks", "10001", "0"}, {"--max-forks", "2147483647", "2"}}) {
            Cli.Result refused = abUntil("same", "same", huge[0], huge[1]);
            assertEquals(ExitCodes.INVALID_INPUT, refused.status(), refused.toString());
            assertTrue(refused.err().contains(huge[0] + " " + huge[1] + ": use " + huge[2] + " to 10000"), refused.toString());
            assertFalse(Files.exists(dir.resolve("b.csv")), "no fork ran: " + refused);
        }
    }

    @Test
    void abRefusesAFixedAndAnOpenForkCountTogether() {
        Cli.Result both = abUntil("same", "same", "--forks", "10", "--max-forks", "20");
        assertEquals(ExitCodes.INVALID_INPUT, both.status(), both.toString());
        assertTrue(both.err().contains("--forks 10") && both.err().contains("--max-forks"), both.toString());
        Cli.Result zero = abUntil("same", "same", "--target-mdc", "0%");
        assertEquals(ExitCodes.INVALID_INPUT, zero.status(), zero.toString());
        assertTrue(zero.err().contains("--target-mdc '0%'"), zero.toString());
        Cli.Result one = abUntil("same", "same", "--max-forks", "1");
        assertEquals(ExitCodes.INVALID_INPUT, one.status(), one.toString());
        assertTrue(one.err().contains("kbench ab: --max-forks 1: use 2 to " + dev.kbench.forks.Forks.MOST_FORKS + " per side"), one.toString());
        assertFalse(Files.exists(dir.resolve("b.csv")), "no fork ran: " + one);
        Cli.Result none = abUntil("same", "same", "--forks", "0");
        assertEquals(ExitCodes.INVALID_INPUT, none.status(), none.toString());
        assertTrue(none.err().contains("kbench ab: --forks 0: use 1 to " + dev.kbench.forks.Forks.MOST_FORKS + " per side"), none.toString());
        Cli.Result noTime = abUntil("same", "same", "--max-time-s", "0");
        assertEquals(ExitCodes.INVALID_INPUT, noTime.status(), noTime.toString());
        assertTrue(noTime.err().contains("kbench ab: --max-time-s 0: use 1 or more"), noTime.toString());
        assertFalse(Files.exists(dir.resolve("b.csv")), "no fork ran: " + noTime);
    }

    @Test
    void abOfTwoCommandsGivesCompareExitStatus() throws IOException {
        // 7 forks a side: the fewest with which the fork-level test can reach alpha 0.001 (1 / C(14, 7)).
        for (int fork = 0; fork < 7; fork++) {
            fixture("same", fork, 1);
            fixture("double", fork, 2);
        }
        String same = "echo measuring $KBENCH_FORK; cp '" + dir + "'/same-$KBENCH_FORK.csv {out}";
        String twice = "cp '" + dir + "'/double-$KBENCH_FORK.csv \"$KBENCH_SAMPLES_OUT\"";
        String order = "order: " + String.join(" ", AbCommand.order(3, 7).stream().map(s -> s == 0 ? "base" : "new").toList());

        Cli.Result identical = abCommands(same, same, 7);
        assertEquals(ExitCodes.OK, identical.status(), identical.toString());
        assertTrue(identical.err().contains(order), identical.toString());
        assertTrue(identical.err().contains("[base 2] measuring 2") && identical.err().contains("[new 0] measuring 0"),
                "a command's output goes to stderr with its side and fork: " + identical);
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6), forks(dir.resolve("b.csv")));
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6), forks(dir.resolve("n.csv")));

        // existing samples files are refused before any fork runs, and replaced with --force
        String before = Files.readString(dir.resolve("b.csv"));
        Cli.Result exists = abCommands(same, twice, 7);
        assertEquals(ExitCodes.INVALID_INPUT, exists.status(), exists.toString());
        assertTrue(exists.err().contains("--base-csv '" + dir.resolve("b.csv") + "' exists") && exists.err().contains("--force"),
                exists.toString());
        assertFalse(exists.err().contains("[base 0]"), "no fork ran: " + exists);
        assertEquals(before, Files.readString(dir.resolve("b.csv")));
        Cli.Result slower = Cli.run("ab", "--base-command", same, "--new-command", twice, "--forks", "7", "--seed", "3",
                "--base-csv", dir.resolve("b.csv").toString(), "--new-csv", dir.resolve("n.csv").toString(), "--force");
        assertEquals(ExitCodes.REGRESSION, slower.status(), slower.toString());
        assertTrue(slower.err().contains(order), "the same seed gives the same order: " + slower);
    }

    @Test
    void aDeadForkOfACommandIsNotANoRegression() throws IOException {
        for (int fork = 0; fork < 2; fork++) {
            fixture("same", fork, 1);
        }
        String same = "cp '" + dir + "'/same-$KBENCH_FORK.csv {out}";
        String dies = "if [ $KBENCH_FORK = 1 ]; then kill -9 $$; fi; " + same;
        Cli.Result r = abCommands(same, dies, 2);
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        assertTrue(r.err().contains("new fork 1 (seed " + dev.kbench.forks.Forks.seeds(3, 2)[1] + ") died: ended by signal 9"),
                r.toString());
        assertTrue(r.err().contains("a fork died, so no verdict"), r.toString());
        assertFalse(forks(dir.resolve("n.csv")).contains(1), r.toString());
    }

    /**
     * A side whose first two forks die before recording a sample (a kernel that does not build, here a command that
     * fails) ends a run of a fixed fork count there: the other forks would fail alike. It ran all of them.
     */
    @Test
    void aSideWhoseFirstTwoForksRecordNothingEndsTheRun() throws IOException {
        for (int fork = 0; fork < 6; fork++) {
            fixture("same", fork, 1);
        }
        String same = "cp '" + dir + "'/same-$KBENCH_FORK.csv {out}";
        Cli.Result r = abCommands("exit 3", same, 6);
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        assertTrue(r.err().contains("kbench ab: base forks 0 to 1 died before recording a sample (their output is above); "
                + "no further fork is started, as every base fork would fail alike\n"), r.toString());
        assertEquals(2, r.err().lines().filter(l -> l.matches("kbench: base fork \\d \\(seed -?\\d+\\) died: the command "
                + "exited with status 3.*")).count(), r.toString());
        assertFalse(r.err().contains("kbench ab: base fork 2, seed"), "base fork 2 did not start: " + r);
        assertTrue(r.err().contains("kbench ab: no verdict"), r.toString());
        // one dead fork is not enough: the run goes on, as in aDeadForkOfACommandIsNotANoRegression
        String first = "if [ $KBENCH_FORK = 0 ]; then exit 3; fi; " + same;
        for (String file : List.of("b.csv", "b.csv.env.json", "n.csv", "n.csv.env.json")) {
            Files.deleteIfExists(dir.resolve(file));
        }
        Cli.Result once = abCommands(first, same, 6);
        assertEquals(1, once.err().lines().filter(l -> l.contains(" died: ")).count(), once.toString());
        assertFalse(once.err().contains("no further fork is started"), once.toString());
    }

    @Test
    void aCommandThatExitsWithThreeIsNotBlamedOnTheDriverChoice() throws IOException {
        fixture("same", 0, 1);
        String same = "cp '" + dir + "'/same-0.csv {out}";
        Cli.Result r = abCommands("exit 3", same, 1);
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        assertTrue(r.err().contains("base fork 0 (seed " + dev.kbench.forks.Forks.seeds(3, 1)[0]
                + ") died: the command exited with status 3"), r.toString());
        assertFalse(r.err().contains("driver"), "a user's command has no driver to choose: " + r);
    }

    @Test
    void aCommandThatExitsZeroAndWritesNothingIsSaidSo() {
        Cli.Result r = abCommands("true", "true", 2);
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        for (String side : List.of("base", "new")) {
            assertTrue(r.err().contains("kbench ab: the " + side + " command exited 0 in each fork and wrote no samples: "
                    + "it is to write a samples CSV to {out} (the quoted path) or $KBENCH_SAMPLES_OUT\n"), r.toString());
        }
        assertTrue(r.err().contains("kbench ab: no verdict; kept no base samples, no new samples"), r.toString());
        // a command that fails is reported by its death, not as one that wrote nothing
        Cli.Result failed = abCommands("exit 3", "exit 3", 2);
        assertFalse(failed.err().contains("wrote no samples"), failed.toString());
    }

    @Test
    void abChecksCompareOptionsBeforeAnyForkRuns() {
        Cli.Result r = Cli.run("ab", "--base-command", "echo ran-base", "--new-command", "echo ran-new", "--forks", "1",
                "--base-csv", dir.resolve("b.csv").toString(), "--new-csv", dir.resolve("n.csv").toString(),
                "--", "--alpha", "5");
        assertEquals(ExitCodes.INVALID_INPUT, r.status(), r.toString());
        assertTrue(r.err().contains("--alpha") && r.err().contains("5"), r.toString());
        assertFalse(r.err().contains("ran-base") || r.err().contains("fork 0"), "no fork ran: " + r);
        Cli.Result unknown = Cli.run("ab", "--base-command", "echo ran-base", "--new-command", "echo ran-new",
                "--base-csv", dir.resolve("b.csv").toString(), "--new-csv", dir.resolve("n.csv").toString(),
                "--", "--no-such-option");
        assertEquals(ExitCodes.INVALID_INPUT, unknown.status(), unknown.toString());
        assertTrue(unknown.err().contains("--no-such-option"), unknown.toString());
        assertFalse(unknown.err().contains("ran-base"), "no fork ran: " + unknown);
        assertFalse(Files.exists(dir.resolve("b.csv")) || Files.exists(dir.resolve("n.csv")));
    }

    @Test
    void forksThatAllTimeOutDoNotClaimTheirSamplesAreInAFile() {
        Path csv = dir.resolve("fk02.csv");
        // a 5 s warmup cannot end within a fork's 1 s: both forks are killed as hung before their first sample,
        // the first one started afresh and the second one in standby, whose start-up does not count
        Cli.Result r = Cli.run(args(List.of("--backend", "opencl", "run", "--forks", "2", "--fork-timeout-s", "1",
                "--csv-samples", csv.toString()), List.of("--filter", "copy", "-p", "n=2^18", "--repetitions", "3",
                "--rep-ms", "1", "--warmup-ms", "5000", "--cache-clear", "64KiB")));
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        assertTrue(r.err().contains("hung: no exit within 1 s"), r.toString());
        assertFalse(r.err().contains("samples of 2 forks in"), r.toString());
        assertTrue(r.err().contains("no fork recorded a sample; nothing was written to " + csv), r.toString());
        assertFalse(Files.exists(csv), r.toString());
    }

    @Test
    void abRejectsTwoFormsAndHalfPairs() {
        Cli.Result r = Cli.run("ab", "--base-command", "true", "--new-kernel", "x.cl");
        assertEquals(ExitCodes.INVALID_INPUT, r.status(), r.toString());
        assertTrue(r.err().contains("give one pair"), r.toString());
        Cli.Result half = Cli.run("ab", "--base-command", "true");
        assertEquals(ExitCodes.INVALID_INPUT, half.status(), half.toString());
        assertTrue(half.err().contains("--base-command and --new-command go together"), half.toString());
        // a suite directory that is not there is named by its value, not by run's --suite-dir, which ab has not
        Cli.Result missing = Cli.run("ab", "--base-suite-dir", "no-such-suite", "--new-suite-dir", ".");
        assertEquals(ExitCodes.INVALID_INPUT, missing.status(), missing.toString());
        assertEquals("kbench ab: suite directory 'no-such-suite' does not exist or is not a directory",
                missing.err().lines().findFirst().orElse(""), missing.toString());
    }
}
