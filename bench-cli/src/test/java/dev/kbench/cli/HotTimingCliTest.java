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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --timing hot}, {@code --graph}, {@code --list} and {@code --dry-run} on PoCL. */
class HotTimingCliTest {

    private static final String[] HOT = {"run", "--timing", "hot", "--warmup-ms", "1", "--rep-ms", "2",
        "--max-samples", "5", "--repetitions", "2", "--seed", "7"};

    @TempDir
    Path dir;

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    @Test
    void hotTimingHoldsTheQueueAndEveryOutputSaysSo() throws IOException {
        Path json = dir.resolve("run.json");
        Cli.Result table = Cli.run(RunCommandTest.args(HOT, "--filter", "copy", "-p", "n=2^12", "--json", json.toString()));
        assertEquals(0, table.status(), table::toString);
        assertTrue(table.out().contains("hot timing (batches of back-to-back calls, no cache clear)"), table.out());
        assertTrue(table.out().matches("(?s).*copy +n=4096 .*hot, held, \\d+ calls per sample.*"), table.out());
        assertFalse(table.out().contains("cache clear dominates"), "hot timing has no clear: " + table.out());

        JsonNode run = new ObjectMapper().readTree(Files.readString(json));
        assertEquals("hot", run.path("options").path("timing").asText());
        assertEquals("direct", run.path("options").path("submission").asText());
        assertEquals(0, run.path("options").path("cache_clear_bytes").asLong(), "nothing is cleared in hot timing");
        JsonNode copy = run.path("results").get(0);
        assertEquals("hot", copy.path("timing").asText());
        assertEquals("held", copy.path("method").asText());
        assertTrue(copy.path("calls_per_sample").asInt() >= 1, copy::toString);
        assertTrue(copy.path("timing_note").isNull(), copy::toString);

        Cli.Result csv = Cli.run(RunCommandTest.args(HOT, "--filter", "copy", "-p", "n=2^12", "--format", "csv"));
        assertEquals(0, csv.status(), csv::toString);
        List<String> lines = csv.out().lines().toList();
        assertTrue(lines.get(0).endsWith(",reason,timing,method,calls_per_sample"), lines.get(0));
        assertTrue(lines.get(1).matches(".*,hot,held,\\d+"), lines.get(1));
    }

    @Test
    void forkedHotRunsAreLabelledAsTheirForksTimedThem() throws IOException {
        Path json = dir.resolve("forked.json");
        Cli.Result r = Cli.run(RunCommandTest.args(HOT, "--forks", "2", "--filter", "copy", "-p", "n=2^12", "--json",
                json.toString()));
        assertEquals(0, r.status(), r::toString);
        java.util.regex.Matcher note = java.util.regex.Pattern.compile("copy +n=4096 .*hot, held, (\\d+) calls per sample")
                .matcher(r.out());
        assertTrue(note.find(), r.out());
        JsonNode copy = new ObjectMapper().readTree(Files.readString(json)).path("results").get(0);
        assertEquals("hot", copy.path("timing").asText(), copy::toString);
        assertEquals("held", copy.path("method").asText(), copy::toString);
        // the forks' own count, which depends on their estimate of a call (1 where a loaded machine made it
        // 1 ms or more): the table and the JSON say the same one
        assertTrue(copy.path("calls_per_sample").asInt() >= 1, copy::toString);
        assertEquals(Integer.parseInt(note.group(1)), copy.path("calls_per_sample").asInt(), copy + "\n" + r.out());
    }

    @Test
    void theForksCountOfCallsPerSampleIsWhatTheMergedRunSays() throws IOException {
        // two forks' run JSON as a fork writes it: the first fork's count and method label the merged run
        Path forks = dir.resolve("forks");
        Files.createDirectories(forks);
        for (int fork = 0; fork < 2; fork++) {
            Files.writeString(ForkedRuns.orderFile(forks, fork), "{\"results\": [{\"benchmark\": \"copy\", \"params\": "
                    + "\"n=4096\", \"timing\": \"hot\", \"method\": \"" + (fork == 0 ? "held" : "batch")
                    + "\", \"calls_per_sample\": " + (17 + fork) + ", \"timing_note\": null}]}");
        }
        ForkedRuns.ForkFacts t = ForkedRuns.facts(forks, 2).get(new dev.kbench.stats.BenchmarkId("copy", "n=4096"));
        assertEquals(dev.kbench.api.Timing.HOT, t.timing());
        assertEquals(dev.kbench.api.TimingMethod.HELD, t.method());
        assertEquals(17, t.callsPerSample());
        assertEquals("forks timed it by different methods: held in 1, batch in 1", t.note());
    }

    @Test
    void coldOutputsSayHeldAndOneCallPerSample() {
        // OpenCL can hold its queue (a user event): cold calls are held one at a time
        Cli.Result csv = Cli.run(RunCommandTest.quick("--filter", "copy", "-p", "n=2^10", "--repetitions", "1",
                "--format", "csv"));
        assertEquals(0, csv.status(), csv::toString);
        assertTrue(csv.out().lines().skip(1).findFirst().orElseThrow().endsWith(",cold,held,1"), csv.out());
    }

    @Test
    void hotWithAClearAndGraphWithoutGraphsAreRefusedBeforeMeasuring() {
        Cli.Result clear = Cli.run(RunCommandTest.args(HOT, "--filter", "copy", "--cache-clear", "1MiB"));
        assertEquals(2, clear.status(), clear::toString);
        assertTrue(clear.err().startsWith("kbench run: --cache-clear '1MiB' with --timing hot: hot timing runs calls "
                + "back to back with no clear"), clear.err());
        assertEquals("", clear.out());

        Cli.Result graph = Cli.run(RunCommandTest.args(HOT, "--filter", "copy", "--graph"));
        assertEquals(2, graph.status(), graph::toString);
        assertTrue(graph.err().startsWith("kbench run: --graph: the opencl backend cannot capture graphs"), graph.err());
        assertEquals("", graph.out());

        Cli.Result bad = Cli.run("run", "--timing", "warm", "--filter", "copy");
        assertEquals(2, bad.status(), bad::toString);
        assertTrue(bad.err().contains("--timing"), bad.err());
    }

    @Test
    void listPrintsWhatWouldRunAndWhatWouldBeSkippedWithoutMeasuring() {
        Path csv = dir.resolve("never.csv");
        Cli.Result r = Cli.run("run", "--list", "--filter", "copy,empty", "-p", "n=2^10,2^40", "--csv-samples",
                csv.toString());
        assertEquals(0, r.status(), r::toString);
        assertEquals(List.of("empty", "copy[n=1024]",
                "copy[n=1099511627776]  skipped: n = 1099511627776 needs more elements than the kernels' 32-bit sizes allow"),
                r.out().lines().toList());
        assertFalse(Files.exists(csv), "--list writes nothing");
        assertFalse(Files.exists(dir.resolve("never.csv.env.json")), "--list writes nothing");
    }

    @Test
    void dryRunChecksLikeARunAndPrintsTheSettingsFirst() {
        Cli.Result r = Cli.run("run", "--dry-run", "--filter", "gelu", "-p", "n=2^10", "--timing", "hot",
                "--repetitions", "3");
        assertEquals(0, r.status(), r::toString);
        List<String> lines = r.out().lines().toList();
        assertEquals(2, lines.size(), r::toString);
        assertTrue(lines.get(0).startsWith("kbench run --dry-run: opencl on "), lines.get(0));
        assertTrue(lines.get(0).endsWith("; 1 to measure, 0 to skip; 3 repetitions (interleaved) of ~10.0 ms after a "
                + "25.0 ms warmup; hot timing (batches of back-to-back calls, no cache clear), method held; nothing measured"),
                lines.get(0));
        assertEquals("gelu[n=1024]", lines.get(1));

        Cli.Result cold = Cli.run("run", "--dry-run", "--filter", "gelu", "-p", "n=2^10", "--repetitions", "3");
        assertEquals(0, cold.status(), cold::toString);
        assertTrue(cold.out().lines().findFirst().orElseThrow().endsWith(", method held; nothing measured"),
                "OpenCL holds cold calls one at a time: " + cold.out());

        Cli.Result refused = Cli.run("run", "--dry-run", "--forks", "2");
        assertEquals(2, refused.status(), refused::toString);
        assertTrue(refused.err().startsWith("kbench run: --dry-run plans one process on one device"), refused.err());
    }
}
