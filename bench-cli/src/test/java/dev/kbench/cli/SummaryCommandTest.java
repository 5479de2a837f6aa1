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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kbench summary}: docs/formats.md §4 sealed by golden files, values against NumPy, bad input. */
class SummaryCommandTest {

    @TempDir
    Path dir;

    private Path samples;

    @BeforeEach
    void file() {
        samples = Cli.resource("compare/new.csv", dir);
    }

    @Test
    void jsonIsTheContractsDocument() throws IOException {
        Cli.Result r = Cli.run("summary", samples.toString(), "--format", "json");
        assertEquals(0, r.status(), r.toString());
        Golden.assertMatches("summary/summary.json", r.out());

        JsonNode doc = new ObjectMapper().readTree(r.out());
        JsonNode copy = doc.get("results").get(0);
        assertEquals("copy", copy.get("benchmark").asText());
        assertEquals("n=1024", copy.get("params").asText());
        assertEquals(24, copy.get("n").asInt());
        // NumPy 2.4.6, x = the copy samples of compare/new.csv:
        //   x.min(), x.max(), x.mean(), np.median(x), x.std(ddof=1), np.quantile(x, [0.2, 0.5, 0.8])
        assertEquals(0.052556, copy.get("min_ms").asDouble(), 1e-15);
        assertEquals(0.067275, copy.get("max_ms").asDouble(), 1e-15);
        assertEquals(0.05981320833333333, copy.get("mean_ms").asDouble(), 1e-15);
        assertEquals(0.060269, copy.get("median_ms").asDouble(), 1e-15);
        assertEquals(0.004179596631038504, copy.get("stddev_ms").asDouble(), 1e-15);
        assertEquals(0.056463, copy.get("quantiles").get("0.2").asDouble(), 1e-15);
        assertEquals(0.060269, copy.get("quantiles").get("0.5").asDouble(), 1e-15);
        assertEquals(0.062976, copy.get("quantiles").get("0.8").asDouble(), 1e-15);
        assertEquals(5, doc.get("results").size());
    }

    @Test
    void quantilesAreChosenAndKeptAsWritten() {
        Cli.Result r = Cli.run("summary", samples.toString(), "--format", "json", "--quantiles", "0.1,0.50,0.9");
        assertEquals(0, r.status(), r.toString());
        Golden.assertMatches("summary/summary-quantiles.json", r.out());
        assertTrue(r.out().contains("\"0.50\""), r.out());
    }

    @Test
    void theTableHasOneRowPerBenchmark() {
        Cli.Result r = Cli.run("summary", samples.toString());
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("median ms") && r.out().contains("p20 ms") && r.out().contains("p80 ms"), r.out());
        assertEquals(1 + 1 + 5, r.out().lines().count(), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("sgemm") && l.contains("size=64") && l.contains("0.4")), r.out());
    }

    @Test
    void badInputIsExitTwo() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "benchmark,sample,time_ms\ncopy,0,abc\n");
        Cli.Result r = Cli.run("summary", bad.toString(), "--format", "json");
        assertEquals(2, r.status(), r.toString());
        assertEquals("", r.out());
        assertTrue(r.err().contains("bad.csv:2"), r.err());
        assertEquals(2, Cli.run("summary", samples.toString(), "--quantiles", "1.5").status());
        assertEquals(2, Cli.run("summary", samples.toString(), "--quantiles", "x").status());
    }
}
