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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compare workflow of docs/cli.md, end to end on PoCL: {@code run --csv-samples}, then {@code compare} of a run against itself
 * (exit 0, all same) and against a run of a deliberately slower variant, the same benchmark name doing
 * twice the work (exit 1, slower); and the launcher's way of running, a JVM on the module path with
 * only the OpenCL backend.
 */
class EndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    @Test
    void aRunComparedWithItselfIsAllSame() throws Exception {
        Path samples = dir.resolve("base.csv");
        Cli.Result run = Cli.run(RunCommandTest.quick("--filter", "copy,triad,reduce_sum", "-p", "n=2^12",
                "--repetitions", "5", "--csv-samples", samples.toString()));
        assertEquals(0, run.status(), run.toString());
        Cli.Result compare = Cli.run("compare", samples.toString(), samples.toString(), "--format", "json");
        assertEquals(0, compare.status(), compare.toString());
        JsonNode results = JSON.readTree(compare.out()).get("results");
        assertEquals(3, results.size());
        results.forEach(r -> assertEquals("same", r.get("verdict").asText(), r.toString()));
    }

    @Test
    void aSlowerVariantFailsTheGate() throws Exception {
        // 32 times the work: a difference no load on a shared machine can hide or fake, where twice the work
        // with 20 samples a side was once judged "same" on a busy 2-core machine (the runs are not
        // interleaved, so load that hits one run and not the other must stay far below the planted factor)
        Path base = planted("base.csv", 200);
        Path slow = planted("slow.csv", 200 * 32);
        Cli.Result regression = Cli.run("compare", base.toString(), slow.toString(), "--format", "json");
        assertEquals(1, regression.status(), regression.toString());
        JsonNode result = JSON.readTree(regression.out()).get("results").get(0);
        assertEquals("planted", result.get("benchmark").asText());
        assertEquals("slower", result.get("verdict").asText(), result.toString());
        assertTrue(result.get("ratio").asDouble() > 1, result.toString());

        Cli.Result improvement = Cli.run("compare", slow.toString(), base.toString());
        assertEquals(0, improvement.status(), improvement.toString());
        assertTrue(improvement.out().lines().anyMatch(l -> l.startsWith("planted") && l.contains("faster")), improvement.out());
        assertEquals(1, Cli.run("compare", slow.toString(), base.toString(), "--fail-on", "any").status());
    }

    /** The spin kernel with a given amount of work, benchmarked under the one name {@code planted}. */
    private Path planted(String file, int iters) {
        Path kernel = dir.resolve("spin.cl");
        if (!kernel.toFile().exists()) {
            Cli.resource("kernels/spin.cl", dir);
        }
        Path samples = dir.resolve(file);
        // 20 repetitions of up to 10 samples without a cache clear
        Cli.Result r = Cli.run("run", "--kernel", kernel.toString(), "--entry", "spin", "--name", "planted",
                "--grid", "16", "--block", "256", "--arg", "buf:f32:4096:fill=1", "--arg", "i32:4096",
                "--arg", "i32:" + iters, "--repetitions", "20", "--rep-ms", "10", "--max-samples", "10",
                "--warmup-ms", "5", "--cache-clear", "0", "--csv-samples", samples.toString(), "--quiet");
        assertEquals(0, r.status(), r.toString());
        return samples;
    }

    @Test
    void theLaunchersWayOnTheModulePath() throws Exception {
        Path samples = dir.resolve("module.csv");
        List<String> command = Jvm.onModulePath(e -> Jvm.withoutBackends(e) || e.contains("backend-opencl")
                        || e.contains("jocl"), "--backend", "opencl", "run", "--filter", "copy", "-p", "n=2^10",
                "--repetitions", "2", "--cache-clear", "1MiB", "--csv-samples", samples.toString());
        command.add(1, "--enable-native-access=jocl,dev.kbench.opencl");
        NoDriverTest.Outcome o = NoDriverTest.launch(command);
        assertEquals(0, o.status(), o.toString());
        assertTrue(o.out().lines().anyMatch(l -> l.startsWith("copy") && l.contains("n=1024")), o.out());
        assertEquals(2, dev.kbench.stats.io.SamplesCsv.read(samples).stream()
                .mapToInt(s -> s.repetition().getAsInt()).distinct().count());
    }
}
