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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What {@code compare}, {@code summary} and {@code report} do with damaged samples files, forks,
 * and out-of-range statistical options.
 */
class SamplesInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HEADER = "benchmark,params,repetition,sample,time_ms,backend,device,bytes,flops,fork,host,device_id\n";

    @TempDir
    Path dir;

    /** Rows of one benchmark: {@code forks} forks of 30 samples around {@code ms}, each fork offset by up to 1 %. */
    private Path samples(String name, int forks, double ms, long seed) throws IOException {
        return samples(name, forks, ms, seed, 0.02);
    }

    /** The same with uniform relative noise of width {@code noise}. */
    private Path samples(String name, int forks, double ms, long seed, double noise) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder text = new StringBuilder(HEADER);
        for (int f = 0; f < forks; f++) {
            double offset = 1 + 0.01 * (random.nextDouble() - 0.5);
            for (int s = 0; s < 30; s++) {
                text.append(String.format(Locale.ROOT, "k,n=1,0,%d,%.6f,opencl,PoCL,,,%d,h,\n", s,
                        ms * offset * (1 + noise * random.nextDouble()), f));
            }
        }
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    @Test
    void aLastLineCutOffByACrashIsLeftOutWithOneWarning() throws IOException {
        Path file = samples("cut.csv", 1, 1.0, 1);
        String text = Files.readString(file);
        Files.writeString(file, text.substring(0, text.length() - 12));
        long lines = text.lines().count();
        Cli.Result r = Cli.run("summary", file.toString(), "--format", "json");
        assertEquals(0, r.status(), r.toString());
        assertEquals(29, JSON.readTree(r.out()).get("results").get(0).get("n").asInt(), r.out());
        assertEquals(1, r.err().lines().filter(l -> l.contains("warning")).count(), r.err());
        assertTrue(r.err().contains(file + ":" + lines + ": the last line has no line break at its end"), r.err());

        Cli.Result compare = Cli.run("compare", file.toString(), file.toString(), "--format", "json");
        assertEquals(0, compare.status(), compare.toString());
        // each side read warns once of its cut line; the file given twice is said too
        assertEquals(2, compare.err().lines().filter(l -> l.contains("warning") && l.contains("the last line has no line "
                + "break")).count(), compare.err());
        assertEquals(1, compare.err().lines().filter(l -> l.contains("are the same file")).count(), compare.err());
    }

    @Test
    void aBadLineBeforeTheLastIsAnError() throws IOException {
        Path file = samples("bad.csv", 1, 1.0, 1);
        String text = Files.readString(file);
        Files.writeString(file, text.replaceFirst("k,n=1,0,3,[0-9.]+,opencl", "k,n=1,0,3,0.1"));
        Cli.Result r = Cli.run("summary", file.toString());
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains(file + ":5: has 11 of the header's 12 fields: the line is incomplete or garbled"),
                r.err());
    }

    @Test
    void duplicatedRowsAreAnErrorNamingBothLines() throws IOException {
        Path file = samples("twice.csv", 1, 1.0, 1);
        String text = Files.readString(file);
        Files.writeString(file, text + text.lines().skip(3).findFirst().orElseThrow() + "\n");
        Cli.Result r = Cli.run("compare", file.toString(), samples("other.csv", 1, 1.0, 2).toString());
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains(file + ":32: repeats line 4: both are benchmark 'k[n=1]' on host 'h',"
                + " device 'PoCL', fork 0, repetition 0, sample 2"), r.err());
    }

    @Test
    void aBinaryFileIsCalledOne() throws IOException {
        Path nul = dir.resolve("zeros.csv");
        Files.write(nul, new byte[4096]);
        Cli.Result r = Cli.run("summary", nul.toString());
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("binary"), r.err());
        assertFalse(r.err().contains("quote values"), r.err());

        Path gzip = dir.resolve("samples.csv");
        Files.write(gzip, new byte[] {(byte) 0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, (byte) 0xcb, (byte) 0xf1, 10});
        Cli.Result g = Cli.run("summary", gzip.toString());
        assertEquals(2, g.status(), g.toString());
        assertTrue(g.err().contains("is not UTF-8 text: a binary file"), g.err());
    }

    @Test
    void forksOnBothSidesAreTheUnitAndOneForkSaysSo() throws IOException {
        Path base = samples("base.csv", 4, 1.0, 1);
        Path next = samples("new.csv", 4, 1.0, 2);
        Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--format", "json");
        assertEquals(0, r.status(), r.toString());
        JsonNode result = JSON.readTree(r.out()).get("results").get(0);
        assertEquals("fork", result.get("unit").asText());
        assertEquals(4, result.get("n_forks_base").asInt());
        assertEquals(4, result.get("n_base").asInt());
        assertEquals("tested", result.get("between_run_variance").asText());
        // 4 forks a side cannot reach alpha 0.001 with a rank test: 1 / C(8, 4) = 0.014.
        assertTrue(result.get("mdc").isNull(), result.toString());

        Cli.Result table = Cli.run("compare", base.toString(), next.toString());
        assertTrue(table.out().contains("on fork_median"), table.out());

        Cli.Result samples = Cli.run("compare", base.toString(), next.toString(), "--unit", "sample");
        assertTrue(samples.out().contains("between-run variance is ignored"), samples.out());

        Path one = samples("one.csv", 1, 1.0, 3);
        Cli.Result single = Cli.run("compare", one.toString(), next.toString());
        assertTrue(single.out().contains("1 of 1 benchmark(s) have one fork on a side: between-run variance is unknown,"
                + " so their verdicts are about these two runs, not about the code"), single.out());
        Cli.Result forced = Cli.run("compare", one.toString(), next.toString(), "--unit", "fork");
        assertEquals(2, forced.status(), forced.toString());
        assertTrue(forced.err().contains("the fork unit needs at least 2 forks on each side"), forced.err());
    }

    @Test
    void thresholdKeepsASmallSignificantChangeSame() throws IOException {
        // The same noise (seed), 0.1 % wide, and the new side 0.5 % slower: significant, but small.
        Path base = samples("base.csv", 1, 1.0, 1, 0.001);
        Path next = samples("new.csv", 1, 1.005, 1, 0.001);
        Cli.Result strict = Cli.run("compare", base.toString(), next.toString(), "--threshold", "0", "--format", "json");
        assertEquals(1, strict.status(), strict.toString());
        Cli.Result loose = Cli.run("compare", base.toString(), next.toString(), "--format", "json");
        assertEquals(0, loose.status(), loose.toString());
        JsonNode result = JSON.readTree(loose.out()).get("results").get(0);
        assertEquals("same", result.get("verdict").asText());
        assertEquals("slower", result.get("test_verdict").asText());
        assertEquals(0.01, JSON.readTree(loose.out()).get("threshold").asDouble());
        Cli.Result half = Cli.run("compare", base.toString(), next.toString(), "--threshold", "0.1%", "--format", "json");
        assertEquals(1, half.status(), half.toString());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            --bootstrap | 2000000000 | --bootstrap '2000000000' is out of range: expected an integer from 0 to 1000000
            --bootstrap | -1         | --bootstrap '-1' is out of range: expected an integer from 0 to 1000000
            --bootstrap | 1.5        | --bootstrap '1.5' is out of range: expected an integer from 0 to 1000000
            --alpha     | 1          | --alpha '1' is out of range: expected a number in (0, 1), e.g. 0.001
            --alpha     | NaN        | --alpha 'NaN' is out of range: expected a number in (0, 1), e.g. 0.001
            --threshold | 150%       | --threshold '150%' is out of range: expected a relative change from 0 to below 1, e.g. 1% or 0.01
            --threshold | -1%        | --threshold '-1%' is out of range: expected a relative change from 0 to below 1, e.g. 1% or 0.01
            --unit      | run        | --unit: unknown unit 'run'; choose one of auto, fork, repetition, sample
            --confidence-level | 100% | --confidence-level '100%' is out of range: expected a level above 0 and below 100%, e.g. 95% or 0.95
            --confidence-level | 0    | --confidence-level '0' is out of range: expected a level above 0 and below 100%, e.g. 95% or 0.95
            --confidence-level | 95   | --confidence-level '95' is out of range: expected a level above 0 and below 100%, e.g. 95% or 0.95
            --confidence-level | high | --confidence-level 'high' is out of range: expected a level above 0 and below 100%, e.g. 95% or 0.95
            """)
    void numericOptionsAreCheckedBeforeAnyFileIsRead(String option, String value, String message) {
        Path missing = dir.resolve("missing.csv");
        for (String command : new String[] {"compare", "report"}) {
            Cli.Result r = command.equals("compare")
                    ? Cli.run("compare", missing.toString(), missing.toString(), option, value)
                    : Cli.run("report", "--base", missing.toString(), missing.toString(), "-o",
                            dir.resolve("r.html").toString(), option, value);
            assertEquals(2, r.status(), r.toString());
            assertTrue(r.err().contains("kbench " + command + ": " + message), r.err());
        }
    }

    @Test
    void reportReadsForks() throws IOException {
        Path base = samples("base.csv", 3, 1.0, 1);
        Path next = samples("new.csv", 3, 1.0, 2);
        Path html = dir.resolve("r.html");
        Cli.Result r = Cli.run("report", "--base", base.toString(), next.toString(), "-o", html.toString());
        assertEquals(0, r.status(), r.toString());
        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(page.contains("fork_median"), page);
        assertTrue(page.contains("backend opencl"), page);
    }
}
