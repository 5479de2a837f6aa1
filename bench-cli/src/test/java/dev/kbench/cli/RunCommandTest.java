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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kbench.api.SampleRecord;
import dev.kbench.stats.io.SamplesCsv;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kbench run} on PoCL: the built-in suite, user kernels, every output, and bad input. */
class RunCommandTest {

    /** Quick settings: a small clear, short repetitions. */
    static final String[] QUICK = {"--cache-clear", "1MiB", "--warmup-ms", "1", "--rep-ms", "2", "--max-samples", "5"};

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    /** {@code run} with the quick settings and more arguments. */
    static String[] quick(String... more) {
        return args(args(new String[] {"run"}, QUICK), more);
    }

    static String[] args(String[] first, String... more) {
        return Stream.concat(Stream.of(first), Stream.of(more)).toArray(String[]::new);
    }

    @Test
    void theBuiltInSuiteRunsEveryKernelAfterItsCheck() throws IOException {
        Cli.Result r = Cli.run(quick("--repetitions", "2", "-p", "n=1000,2^12", "-p", "size=16,40",
                "--seed", "42", "--format", "json"));
        assertEquals(0, r.status(), r.toString());
        JsonNode doc = JSON.readTree(r.out());
        assertEquals("opencl", doc.get("backend").asText());
        assertEquals(42, doc.get("seed").asLong());
        assertEquals("interleaved", doc.get("schedule").asText());
        List<String> ids = stream(doc.get("results")).map(n -> n.get("benchmark").asText() + "[" + n.get("params").asText() + "]").toList();
        // by benchmark, then the sizes in the order given
        assertEquals(List.of("copy[n=1000]", "copy[n=4096]", "empty[]", "gelu[n=1000]", "gelu[n=4096]",
                "reduce_sum[n=1000]", "reduce_sum[n=4096]", "sgemm[size=16]", "sgemm[size=40]", "triad[n=1000]",
                "triad[n=4096]"), ids);
        for (JsonNode result : doc.get("results")) {
            assertEquals("ok", result.get("status").asText(), result.toString());
            assertEquals("repetitions", result.get("stop_reason").asText());
            assertEquals(2, result.get("repetitions").asInt());
            assertEquals(result.get("n").asInt(), stream(result.get("samples_ms")).mapToInt(JsonNode::size).sum());
            assertTrue(result.get("median_ms").asDouble() > 0, result.toString());
        }
        JsonNode triad = doc.get("results").get(10);
        assertEquals("triad", triad.get("benchmark").asText());
        assertEquals(3 * 4 * 4096, triad.get("bytes_per_call").asLong());
        assertEquals(2 * 4096, triad.get("flops_per_call").asLong());
        assertTrue(triad.get("gb_per_s").asDouble() > 0);
        assertTrue(r.err().contains("seed 42"), r.err());
    }

    @Test
    void samplesStreamToCsvAndTheJsonFilesAgree() throws IOException {
        Path csv = dir.resolve("samples.csv");
        Path json = dir.resolve("run.json");
        Path jmh = dir.resolve("jmh.json");
        Cli.Result r = Cli.run(quick("--filter", "copy,triad", "-p", "n=2^10", "--repetitions", "3",
                "--csv-samples", csv.toString(), "--json", json.toString(), "--jmh-json", jmh.toString()));
        assertEquals(0, r.status(), r.toString());
        List<SampleRecord> samples = SamplesCsv.read(csv);
        JsonNode run = JSON.readTree(json.toFile());
        Map<String, Integer> counts = new HashMap<>();
        samples.forEach(s -> counts.merge(s.id(), 1, Integer::sum));
        for (JsonNode result : run.get("results")) {
            String id = result.get("benchmark").asText() + "[" + result.get("params").asText() + "]";
            assertEquals(result.get("n").asInt(), counts.get(id), id);
        }
        assertTrue(samples.stream().allMatch(s -> s.backend().equals("opencl") && s.repetition().isPresent()));
        assertEquals(12 * 1024, samples.stream().filter(s -> s.benchmark().equals("triad")).findFirst().orElseThrow()
                .bytes().getAsLong());

        JsonNode entries = JSON.readTree(jmh.toFile());
        assertEquals(2, entries.size());
        for (JsonNode e : entries) {
            assertEquals("avgt", e.get("mode").asText());
            assertTrue(e.get("benchmark").asText().startsWith("kbench.opencl."), e.toString());
            assertEquals("1024", e.get("params").get("n").asText());
            JsonNode metric = e.get("primaryMetric");
            assertEquals("ms/op", metric.get("scoreUnit").asText());
            assertEquals(3, metric.get("rawData").get(0).size());
            double mean = stream(metric.get("rawData").get(0)).mapToDouble(JsonNode::asDouble).average().orElseThrow();
            assertEquals(mean, metric.get("score").asDouble(), 1e-12);
            assertTrue(metric.get("scoreError").asDouble() >= 0);
            assertEquals(2, metric.get("scoreConfidence").size());
            assertTrue(metric.get("scorePercentiles").has("50.0") && metric.get("scorePercentiles").has("100.0"));
        }

        Cli.Result appended = Cli.run(quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "1",
                "--csv-samples", csv.toString(), "--append", "--quiet"));
        assertEquals(0, appended.status(), appended.toString());
        assertTrue(SamplesCsv.read(csv).size() > samples.size());
        Cli.Result refused = Cli.run(quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "1",
                "--csv-samples", csv.toString(), "--quiet"));
        assertEquals(2, refused.status(), refused.toString());
        assertTrue(refused.err().contains("--csv-samples '" + csv + "' exists") && refused.err().contains("--force")
                && refused.err().contains("--append"), refused.err());
        Cli.Result replaced = Cli.run(quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "1",
                "--csv-samples", csv.toString(), "--force", "--quiet"));
        assertEquals(0, replaced.status());
        assertTrue(SamplesCsv.read(csv).stream().allMatch(s -> s.benchmark().equals("copy") && s.repetition().getAsInt() == 0));
        assertEquals("", replaced.err(), "--quiet writes nothing to stderr");
    }

    @Test
    void jmhJsonHasNoParamsForABenchmarkWithoutAny() throws IOException {
        Path jmh = dir.resolve("empty-jmh.json");
        Cli.Result r = Cli.run(quick("--filter", "empty", "--repetitions", "3", "--jmh-json", jmh.toString(), "--quiet"));
        assertEquals(0, r.status(), r.toString());
        JsonNode entry = JSON.readTree(jmh.toFile()).get(0);
        assertEquals("kbench.opencl.empty", entry.get("benchmark").asText());
        assertTrue(!entry.has("params"), "JMH writes no params for a benchmark without any: " + entry);
        assertEquals(1, entry.get("forks").asInt());
        assertEquals(3, entry.get("primaryMetric").get("rawData").get(0).size());
    }

    @Test
    void theEnvironmentFileFollowsTheRulesOfTheSamplesFile() throws IOException {
        Path csv = dir.resolve("env.csv");
        Path env = RunEnvironment.sidecar(csv);
        String[] run = {"--filter", "copy", "-p", "n=2^10", "--repetitions", "1", "--csv-samples", csv.toString(), "--quiet"};
        assertEquals(0, Cli.run(quick(run)).status());
        assertEquals(1, runs(env));

        // a sidecar left behind is an existing output: refused before anything is measured
        Files.delete(csv);
        String before = Files.readString(env);
        Cli.Result refused = Cli.run(quick(run));
        assertEquals(2, refused.status(), refused.toString());
        assertTrue(refused.err().contains("--csv-samples environment file '" + env + "' exists") && refused.err().contains("--force")
                && refused.err().contains("--append"), refused.err());
        assertFalse(Files.exists(csv), "nothing measured, nothing written");
        assertEquals(before, Files.readString(env));

        assertEquals(0, Cli.run(quick(args(run, "--append"))).status());
        assertEquals(2, runs(env), "--append keeps the runs recorded and adds this one");
        assertEquals(0, Cli.run(quick(args(run, "--force"))).status());
        assertEquals(1, runs(env), "--force starts anew");

        // a file of that name that is not kbench's is never replaced, not even with --force
        Files.writeString(env, "mine\n");
        Cli.Result foreign = Cli.run(quick(args(run, "--force")));
        assertEquals(0, foreign.status(), foreign.toString());
        assertTrue(foreign.err().contains(env + " exists and is not a kbench environment file; left it alone"), foreign.err());
        assertEquals("mine\n", Files.readString(env));

        // nor a link
        Path target = dir.resolve("target.json");
        Files.writeString(target, "target\n");
        Files.delete(env);
        Files.createSymbolicLink(env, target);
        Cli.Result link = Cli.run(quick(args(run, "--force")));
        assertEquals(2, link.status(), link.toString());
        assertTrue(link.err().contains("--csv-samples environment file '" + env + "' is a symbolic link"), link.err());
        assertEquals("target\n", Files.readString(target));
        Files.delete(env);

        // a stream has no sidecar
        assertEquals(0, Cli.run(quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "1", "--csv-samples",
                "/dev/null", "--quiet")).status());
        assertFalse(Files.exists(Path.of("/dev/null" + RunEnvironment.SUFFIX)));
    }

    @Test
    void mergeWritesItsOutputsUnderTheSameRules() throws IOException {
        Path csv = dir.resolve("one.csv");
        assertEquals(0, Cli.run(quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "1", "--csv-samples",
                csv.toString(), "--quiet")).status());
        Path out = dir.resolve("merged.csv");
        Path env = RunEnvironment.sidecar(out);
        assertEquals(0, Cli.run("merge", "-o", out.toString(), csv.toString()).status());
        assertEquals(SamplesCsv.read(csv), SamplesCsv.read(out));
        assertEquals(1, runs(env), "the input's environment is carried over");
        String merged = Files.readString(out);

        Files.delete(out);
        Cli.Result stale = Cli.run("merge", "-o", out.toString(), csv.toString());
        assertEquals(2, stale.status(), stale.toString());
        assertTrue(stale.err().contains("-o environment file '" + env + "' exists"), stale.err());
        assertFalse(Files.exists(out), "nothing written");
        assertEquals(0, Cli.run("merge", "--force", "-o", out.toString(), csv.toString()).status());
        assertEquals(merged, Files.readString(out));

        Cli.Result self = Cli.run("merge", "--force", "-o", csv.toString(), csv.toString());
        assertEquals(2, self.status(), self.toString());
        assertTrue(self.err().contains("is the same file as"), self.err());

        Path link = dir.resolve("link.csv");
        Files.createSymbolicLink(link, out);
        Cli.Result linked = Cli.run("merge", "--force", "-o", link.toString(), csv.toString());
        assertEquals(2, linked.status(), linked.toString());
        assertTrue(linked.err().contains("-o '" + link + "' is a symbolic link"), linked.err());
        assertEquals(merged, Files.readString(out));
        assertTrue(Files.list(dir).noneMatch(f -> f.getFileName().toString().endsWith(".kbench-tmp")), "no temporary file left");

        // the older form, OUT first without -o, still merges and says which form to write
        Path old = dir.resolve("old-form.csv");
        Cli.Result older = Cli.run("merge", old.toString(), csv.toString());
        assertEquals(0, older.status(), older.toString());
        assertTrue(older.err().contains(MergeCommand.OLD_FORM), older.err());
        assertEquals(merged, Files.readString(old));
        Cli.Result alone = Cli.run("merge", csv.toString());
        assertEquals(2, alone.status(), alone.toString());
        assertTrue(alone.err().contains("merge needs -o OUT.csv and at least one IN.csv"), alone.err());
        assertFalse(Cli.run("merge", "-o", old.toString(), csv.toString()).err().contains(MergeCommand.OLD_FORM));
    }

    private static int runs(Path env) throws IOException {
        return new ObjectMapper().readTree(env.toFile()).get("runs").size();
    }

    @Test
    void theSeedReplaysTheInterleavedOrder() {
        List<String> first = order("interleaved", "7");
        assertEquals(first, order("interleaved", "7"));
        List<String> sequential = order("sequential", "7");
        List<String> grouped = new ArrayList<>(sequential);
        grouped.sort(null);
        assertEquals(List.of("copy#0", "copy#1", "copy#2", "copy#3", "triad#0", "triad#1", "triad#2", "triad#3"), grouped);
        assertEquals(grouped, sequential, "sequential runs A-A-A, B-B-B");
    }

    private List<String> order(String schedule, String seed) {
        Path csv = dir.resolve(schedule + seed + System.nanoTime() + ".csv");
        Cli.Result r = Cli.run(quick("--filter", "copy,triad", "-p", "n=2^10", "--repetitions", "4",
                "--schedule", schedule, "--seed", seed, "--csv-samples", csv.toString(), "--quiet"));
        assertEquals(0, r.status(), r.toString());
        List<String> order = new ArrayList<>();
        for (SampleRecord s : SamplesCsv.read(csv)) {
            String key = s.benchmark() + "#" + s.repetition().getAsInt();
            if (!order.contains(key)) {
                order.add(key);
            }
        }
        return order;
    }

    @Test
    void formatsOnStdout() throws IOException {
        String[] base = quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "2", "--quiet");
        Cli.Result table = Cli.run(args(base, "--quantiles", "0.2,0.5,0.8"));
        assertEquals(0, table.status(), table.toString());
        assertTrue(table.out().startsWith("# kbench run: opencl on "), table.out());
        String header = table.out().lines().skip(1).findFirst().orElseThrow();
        assertTrue(header.contains("p20 ms") && header.contains("p50 ms") && header.contains("p80 ms")
                && header.contains("GB/s"), header);

        Cli.Result md = Cli.run(args(base, "--format", "md", "--return-mode", "mean"));
        assertTrue(md.out().contains("| benchmark | params | reps | samples | mean ms |"), md.out());

        Cli.Result csv = Cli.run(args(base, "--format", "csv", "--return-mode", "all"));
        List<CSVRecord> rows = CSVFormat.DEFAULT.builder().setHeader().get().parse(new StringReader(csv.out())).getRecords();
        assertEquals(1, rows.size());
        CSVRecord copy = rows.getFirst();
        assertEquals("copy", copy.get("benchmark"));
        assertEquals("n=1024", copy.get("params"));
        assertEquals("ok", copy.get("status"));
        int n = Integer.parseInt(copy.get("n"));
        assertEquals(n, copy.get("samples_ms").split(";").length);
        assertTrue(Double.parseDouble(copy.get("median_ms")) > 0);

        Cli.Result all = Cli.run(args(base, "--return-mode", "all"));
        assertTrue(all.out().contains("samples ms"), all.out());
    }

    @Test
    void aThinMeasurementIsAWarningInTheTableAndTheJson() throws IOException {
        // at most 2 samples per repetition, fewer than 5, whatever the device's speed
        String[] thin = {"run", "--filter", "copy", "-p", "n=2^10", "--cache-clear", "1MiB", "--warmup-ms", "1",
                "--rep-ms", "2", "--max-samples", "2", "--repetitions", "2"};
        Cli.Result table = Cli.run(thin);
        assertEquals(0, table.status(), table.toString());
        String copy = table.out().lines().filter(l -> l.startsWith("copy")).findFirst().orElseThrow();
        assertTrue(copy.contains("few samples per repetition") && copy.contains("(try a larger --rep-ms or --min-samples 5"),
                copy);

        Cli.Result json = Cli.run(args(thin, "--format", "json"));
        JsonNode warnings = JSON.readTree(json.out()).get("results").get(0).get("warnings");
        // --max-samples 2 caps a repetition at 2; a loaded machine may fit only 1 into --rep-ms 2
        assertTrue(stream(warnings).anyMatch(w -> w.asText().matches("(?s)only [12] sample\\(s\\) per repetition, fewer than 5.*")
                && w.asText().matches("(?s).*--rep-ms [0-9.]+ gives 5.*") && w.asText().contains("--min-samples 5")),
                warnings.toString());
        // a floor of 5 calls gives every repetition 5, whatever the clear costs here
        String[] five = {"run", "--filter", "copy", "-p", "n=2^10", "--cache-clear", "1MiB", "--warmup-ms", "1",
                "--rep-ms", "2", "--max-samples", "5", "--repetitions", "2", "--min-samples", "5", "--format", "json"};
        Cli.Result floored = Cli.run(five);
        assertEquals(0, floored.status(), floored.toString());
        JsonNode result = JSON.readTree(floored.out()).get("results").get(0);
        assertTrue(stream(result.get("warnings")).noneMatch(w -> w.asText().contains("per repetition")), result.toString());
        assertEquals(List.of(5, 5), stream(result.get("samples_ms")).map(JsonNode::size).toList(), result.toString());
        assertEquals(5, JSON.readTree(floored.out()).get("options").get("min_samples_per_repetition").asInt());
        assertBad(args(thin, "--min-samples", "3"), "--min-samples 3 is more than --max-samples 2");
    }

    @Test
    void freshPlacementsKeepEveryRepetitionAndTheJsonSaysHowOften() throws IOException {
        Cli.Result placed = Cli.run("run", "--filter", "copy", "-p", "n=2^10", "--cache-clear", "1MiB", "--warmup-ms", "1",
                "--rep-ms", "1", "--max-samples", "3", "--repetitions", "3", "--place-every", "1", "--format", "json");
        assertEquals(0, placed.status(), placed.toString());
        JsonNode doc = JSON.readTree(placed.out());
        assertEquals(1, doc.get("options").get("place_every").asInt());
        JsonNode result = doc.get("results").get(0);
        assertEquals(3, result.get("samples_ms").size(), result.toString());
        Cli.Result table = Cli.run("run", "--filter", "copy", "-p", "n=2^10", "--cache-clear", "1MiB", "--warmup-ms", "1",
                "--rep-ms", "1", "--max-samples", "2", "--repetitions", "2", "--place-every", "1");
        assertEquals(0, table.status(), table.toString());
        assertTrue(table.out().lines().findFirst().orElseThrow().endsWith(", fresh placement every 1 repetition(s)"),
                table.out());
        assertBad(new String[] {"run", "--filter", "copy", "--place-every", "-1"},
                "--place-every -1 is out of range: 0 (allocated once) to 1000000 repetitions");
    }

    @Test
    void aDeviceClearOnADeviceThatReportsNoCacheSaysSo() throws IOException {
        Cli.Result r = Cli.run("run", "--filter", "copy", "-p", "n=2^10", "--cache-clear", "device", "--repetitions", "1",
                "--format", "json");
        assertEquals(0, r.status(), r.toString());
        long cache;
        try (dev.kbench.api.Backend opencl = dev.kbench.api.Drivers.system().select("opencl")) {
            cache = opencl.device().facts().lastLevelCacheBytes().orElse(0);
        }
        long cleared = JSON.readTree(r.out()).get("options").get("cache_clear_bytes").asLong();
        if (cache > 0) {   // PoCL read the host's cache: the clear is twice it, and nothing needs saying
            assertEquals(Math.max(1L << 20, 2 * cache), cleared);
            assertFalse(r.err().contains("reports no last-level cache"), r.err());
        } else {           // PoCL reports 0 (as on CI's virtual machines): Triton's 256 MiB, said once
            assertEquals(256L << 20, cleared);
            assertTrue(r.err().contains("kbench: --cache-clear device: ") && r.err().contains(" reports no last-level cache size, so the clear is Triton's 256 MiB, as without the option"), r.err());
        }
    }

    @Test
    void aNoiseTargetStopsBenchmarksAndSaysWhy() throws IOException {
        Cli.Result r = Cli.run(quick("--filter", "empty", "--noise-target", "50%", "--min-repetitions", "3",
                "--max-repetitions", "30", "--format", "json", "--progress", "none"));
        assertEquals(0, r.status(), r.toString());
        // the most it may take, not a plan: each benchmark stops at its target
        assertTrue(r.err().contains(", up to 30 repetitions: each benchmark stops once its median's 95% interval is "
                + "within ±50%, after 3 to 30 repetitions or 10 s of measuring"), r.err());
        assertFalse(r.err().contains("planned"), r.err());
        JsonNode doc = JSON.readTree(r.out());
        assertEquals(0.5, doc.get("options").get("noise_target").get("relative_half_width").asDouble());
        JsonNode empty = doc.get("results").get(0);
        assertTrue(List.of("noise_target", "max_repetitions", "time_budget").contains(empty.get("stop_reason").asText()),
                empty.toString());
        assertTrue(empty.get("repetitions").asInt() >= 3);
    }

    @Test
    void aUserKernelRunsWithoutJava() throws IOException {
        Path kernel = Cli.resource("kernels/spin.cl", dir);
        Cli.Result r = Cli.run(quick("--kernel", kernel.toString(), "--entry", "spin", "--name", "spin64",
                "--grid", "16", "--block", "256", "--arg", "buf:f32:4096:fill=1", "--arg", "i32:4096", "--arg", "i32:64",
                "--bytes", "2^15", "--flops", "524288", "--repetitions", "2", "--format", "json", "--quiet"));
        assertEquals(0, r.status(), r.toString());
        JsonNode result = JSON.readTree(r.out()).get("results").get(0);
        assertEquals("spin64", result.get("benchmark").asText());
        assertEquals("", result.get("params").asText());
        assertEquals(32768, result.get("bytes_per_call").asLong());
        assertTrue(result.get("tflop_per_s").asDouble() > 0);
    }

    @Test
    void aFailingBenchmarkIsRecordedAndTheRunExitsOne() {
        Path kernel = Cli.resource("kernels/spin.cl", dir);
        Cli.Result r = Cli.run(quick("--kernel", kernel.toString(), "--entry", "spin", "--grid", "16",
                "--block", "256", "--arg", "buf:f32:4096", "--repetitions", "2"));
        assertEquals(1, r.status(), r.toString());
        String line = r.out().lines().filter(l -> l.startsWith("spin")).findFirst().orElseThrow();
        assertTrue(line.contains("FAILED"), r.out());
        assertTrue(r.err().contains("spin failed"), r.err());
    }

    @Test
    void badInputIsExitTwoBeforeAnythingRuns() {
        assertBad(new String[] {"run", "--filter", "nosuch"}, "no benchmark matches");
        assertBad(new String[] {"run", "-p", "m=3"}, "no benchmark has a parameter 'm'");
        // the parameters named are those of the benchmarks --filter kept
        assertBad(new String[] {"run", "--filter", "copy", "-p", "size=2^10"}, "no benchmark has a parameter 'size'; theirs are [n]");
        assertBad(new String[] {"run", "-p", "n=abc"}, "'abc'");
        assertBad(new String[] {"run", "--repetitions", "0"}, "--repetitions 0 is out of range: 1 to 1000000");
        assertBad(new String[] {"run", "--noise-target", "200%"}, "--noise-target '200%' is out of range");
        assertBad(new String[] {"run", "--cache-clear", "lots"}, "--cache-clear");
        assertBad(new String[] {"run", "--quantiles", "0.5,2"}, "outside [0, 1]");
        assertBad(new String[] {"run", "--quantiles", "0.5", "--return-mode", "min", "--format", "xml"}, "xml");
        assertBad(new String[] {"run", "--kernel", "nope.cl", "--entry", "k", "--grid", "1", "--block", "1"}, "nope.cl");
        assertBad(new String[] {"run", "--entry", "k"}, "need --kernel");
        assertBad(new String[] {"run", "--suite-source", "spv"}, "SPIRV");
        assertBad(new String[] {"run", "--append"}, "--append needs --csv-samples");
        assertBad(new String[] {"run", "--csv-samples", "/no/such/dir/x.csv"}, "does not exist");
    }

    /** Every numeric option is checked before a driver is looked up: name, value as given, range. */
    @Test
    void numericOptionsAreCheckedBeforeAnythingIsMeasured() {
        assertBad(new String[] {"run", "--max-samples", "2147483647", "--rep-ms", "1e12"},
                "--rep-ms 1e12 is out of range: more than 0, up to 600000");
        assertBad(new String[] {"run", "--max-samples", "2147483647"}, "--max-samples 2147483647 is out of range: 1 to 100000");
        assertBad(new String[] {"run", "--rep-ms", "1e12"}, "--rep-ms 1e12 is out of range: more than 0, up to 600000");
        assertBad(new String[] {"run", "--max-samples", "100000000"}, "--max-samples 100000000 is out of range");
        assertBad(new String[] {"run", "--max-samples", "1e8"}, "--max-samples");
        assertBad(new String[] {"run", "--rep-ms", "0"}, "--rep-ms 0 is out of range");
        assertBad(new String[] {"run", "--warmup-ms", "-1"}, "--warmup-ms -1 is out of range");
        assertBad(new String[] {"run", "--cache-clear", "99999999999999999999"},
                "--cache-clear '99999999999999999999' is out of range: 0 (off) or 4 bytes to 64GiB");
        assertBad(new String[] {"run", "--cache-clear", "1"}, "--cache-clear '1' is 1 bytes, not a multiple of 4");
        assertBad(new String[] {"run", "--cache-clear", "0.1KiB"}, "not a whole number of bytes");
        assertBad(new String[] {"run", "--quantiles", "0.5,0.2,0.50"}, "--quantiles: 0.50 is given twice (as 0.5)");
        assertBad(new String[] {"run", "--noise-target", "1%", "--min-repetitions", "9", "--max-repetitions", "3"},
                "--min-repetitions 9 is more than --max-repetitions 3");
        assertBad(new String[] {"run", "--noise-target", "1%", "--noise-budget-ms", "0"}, "--noise-budget-ms 0 is out of range");
        assertBad(new String[] {"run", "--timeout", "0.5s"}, "--timeout '0.5s' is out of range");
        assertBad(new String[] {"run", "--timeout", "soon"}, "--timeout 'soon' is not a duration");
        assertBad(new String[] {"--backend", "", "run"}, "--backend '' is empty");
        assertBad(new String[] {"demo", "--quantiles", "0.5,0.5"}, "--quantiles: 0.5 is given twice");
    }

    /** Nothing measured is a failure, and an existing samples file is left as it was. */
    @Test
    void nothingMeasuredIsExitOneAndKeepsTheSamplesFile() throws IOException {
        Path csv = dir.resolve("kept.csv");
        Cli.Result first = Cli.run(quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "1",
                "--csv-samples", csv.toString(), "--quiet"));
        assertEquals(0, first.status(), first.toString());
        String before = java.nio.file.Files.readString(csv);
        for (String mode : List.of("--force", "--append")) {
            Cli.Result skipped = Cli.run(quick("--filter", "copy", "-p", "n=0", "--csv-samples", csv.toString(), mode));
            assertEquals(1, skipped.status(), skipped.toString());
            assertTrue(skipped.err().contains("nothing was measured"), skipped.err());
            assertEquals(before, java.nio.file.Files.readString(csv), "the samples file is untouched");
        }
        Path fresh = dir.resolve("fresh.csv");
        for (String mode : List.of("--quiet", "--force", "--append")) {
            Cli.Result none = Cli.run(quick("--filter", "copy", "-p", "n=0", "--csv-samples", fresh.toString(), mode));
            assertEquals(1, none.status(), none.toString());
            assertFalse(java.nio.file.Files.exists(fresh), mode + ": a samples file this run created and wrote nothing "
                    + "to is removed (--force left its header behind)");
        }
        Path kernel = Cli.resource("kernels/spin.cl", dir);
        Cli.Result broken = Cli.run(quick("--kernel", kernel.toString(), "--entry", "nosuch", "--grid", "1",
                "--block", "1", "--csv-samples", csv.toString(), "--force"));
        assertEquals(1, broken.status(), broken.toString());
        assertEquals(before, java.nio.file.Files.readString(csv), "a kernel that cannot be built replaces nothing");
    }

    @Test
    void badKernelArgumentsAreExitTwo() {
        Path kernel = Cli.resource("kernels/spin.cl", dir);
        String[] base = {"run", "--kernel", kernel.toString(), "--entry", "spin", "--grid", "16", "--block", "256"};
        assertBad(args(base, "--arg", "buf:f33:4"), "unknown element type 'f33'");
        assertBad(args(base, "--arg", "i32:3000000000"), "does not fit in 32 bits");
        assertBad(args(base, "--arg", "buf:f32:0"), "must be >= 1");
        assertBad(args(base, "--arg", "vec:1"), "unknown kind 'vec'");
        assertBad(args(base, "--arg", "buf:f32:2^62"), "--arg 'buf:f32:2^62': 4611686018427387904 elements of f32 are "
                + "more than 2^63 bytes");
        assertBad(args(base, "--arg", "i64"), "--arg 'i64': an i64 argument has 2 fields");
        for (String grid : List.of("0", "-1", ",", "16,", ",16", "16,,1", "1,2,3,4")) {
            assertBad(new String[] {"run", "--kernel", kernel.toString(), "--entry", "spin", "--grid", grid, "--block", "256"},
                    "--grid '" + grid + "' is not X[,Y[,Z]] with positive integers");
        }
        // a grid whose work items no 64-bit count holds (its total() threw ArithmeticException at the launch)
        assertBad(new String[] {"run", "--kernel", kernel.toString(), "--entry", "spin", "--grid", "4294967296,4294967296",
            "--block", "256"}, "--grid '4294967296,4294967296' is more than 2^63 - 1 work items in all");
        IllegalArgumentException library = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new dev.kbench.api.Dim3(Long.MAX_VALUE, 2, 1));
        assertEquals("launch dimensions 9223372036854775807,2,1 are more than 2^63 - 1 work items in all", library.getMessage());
        assertEquals(Long.MAX_VALUE, new dev.kbench.api.Dim3(Long.MAX_VALUE, 1, 1).total());
        assertEquals(1L << 62, dev.kbench.api.Dim3.parse("2147483648,2147483648").total());
        assertBad(args(base, "--filter", "copy"), "cannot be combined with --kernel");
        // the benchmark's name: the entry's, or --name's
        assertBad(new String[] {"run", "--kernel", kernel.toString(), "--entry", "", "--grid", "16", "--block", "256"},
                "kbench run: --entry: benchmark name '' must be non-blank");
        assertBad(args(base, "--name", "a,b"), "kbench run: --name: benchmark name 'a,b' must be non-blank without commas");
    }

    private static void assertBad(String[] args, String expected) {
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.status(), String.join(" ", args) + "\n" + r);
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.err());
        assertTrue(r.err().contains("--help"), "a hint follows: " + r.err());
        assertFalse(r.err().contains("Exception"), "no stack trace without --verbose: " + r.err());
        assertEquals("", r.out());
    }

    @Test
    void verboseShowsTheStackTrace() {
        Cli.Result r = Cli.run("run", "--filter", "nosuch", "--verbose");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("IllegalArgumentException") && r.err().contains("\tat "), r.err());
    }

    @Test
    void anUnknownBackendIsTheLookupError() {
        Cli.Result r = Cli.run("--backend", "cuda", "run");
        assertEquals(3, r.status(), r.toString());
        assertTrue(r.err().startsWith("unknown backend 'cuda'"), r.err());
        assertTrue(r.err().contains("opencl: active"), r.err());
    }

    @Test
    void demoRunsTheSuiteAndPrintsTheTable() {
        Cli.Result r = Cli.run("demo");
        assertEquals(0, r.status(), r.toString());
        for (String name : List.of("empty", "copy", "triad", "gelu", "reduce_sum", "sgemm")) {
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith(name + " ")), name + " in\n" + r.out());
        }
        assertFalse(r.out().contains("FAILED"), r.out());
        assertTrue(r.err().contains("checked against a CPU reference"), r.err());
        // at least 5 timed calls per repetition on any machine: no thin-measurement warning in a first table
        assertFalse(r.out().contains("few samples per repetition"), r.out());
        assertTrue(r.err().contains(", 80 repetitions planned"), "5 repetitions of 16 benchmarks: " + r.err());
    }

    @Test
    void infoListsTheDriverAndTheDevice() {
        Cli.Result r = Cli.run("info");
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("opencl: active"), r.out());
        assertTrue(r.out().contains("active: opencl"), r.out());
    }

    private static Stream<JsonNode> stream(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false);
    }
}
