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
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;

/**
 * {@code kbench compare} on fixed samples files (compare/base.csv, compare/new.csv, made once with
 * NumPy's default_rng(20261129), normal samples): docs/formats.md §3's JSON sealed by a golden file,
 * p-values against SciPy, exit statuses, the table and the exports.
 */
class CompareCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path base;
    private Path next;

    @BeforeEach
    void files() throws IOException {
        base = Cli.resource("compare/base.csv", Files.createDirectories(dir.resolve("base")));
        next = Cli.resource("compare/new.csv", Files.createDirectories(dir.resolve("new")));
    }

    @Test
    void jsonIsTheContractsDocumentAndExitsOneOnARegression() throws IOException {
        Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--format", "json");
        assertEquals(1, r.status(), r.toString());
        Golden.assertMatches("compare/compare.json", r.out().replace(dir.toString(), "DIR"));

        JsonNode doc = JSON.readTree(r.out());
        assertEquals("brunnermunzel", doc.get("method").asText());
        assertEquals(0.001, doc.get("alpha").asDouble());
        List<String> names = stream(doc.get("results")).map(n -> n.get("benchmark").asText()).toList();
        assertEquals(List.of("copy", "gelu", "reduce_sum", "triad"), names, "rows by benchmark");
        List<String> verdicts = stream(doc.get("results")).map(n -> n.get("verdict").asText()).toList();
        assertEquals(List.of("slower", "faster", "slower", "same"), verdicts);
        assertEquals("empty", doc.get("only_in_base").get(0).get("benchmark").asText());
        assertEquals("sgemm", doc.get("only_in_new").get(0).get("benchmark").asText());
        assertEquals("size=64", doc.get("only_in_new").get(0).get("params").asText());

        // SciPy 1.17.1, for each benchmark with x = base and y = new samples:
        //   stats.brunnermunzel(x, y, alternative=a) for a in ('two-sided', 'less', 'greater')
        JsonNode copy = doc.get("results").get(0);
        assertEquals(24, copy.get("n_base").asInt());
        assertClose(19.129059919236674, copy.get("statistic").asDouble());
        assertClose(5.098478082890363e-21, copy.get("pvalue_two_sided").asDouble());
        assertClose(2.5492390414451814e-21, copy.get("pvalue_less").asDouble());
        assertClose(1.0, copy.get("pvalue_greater").asDouble());
        assertClose(1.207299606374135, copy.get("ratio").asDouble());
        JsonNode gelu = doc.get("results").get(1);
        assertClose(-41.96352582898628, gelu.get("statistic").asDouble());
        assertClose(1.459214507512033e-33, gelu.get("pvalue_greater").asDouble());
        JsonNode triad = triad(doc);
        assertClose(-1.950200683149452, triad.get("statistic").asDouble());
        assertClose(0.05726382644420063, triad.get("pvalue_two_sided").asDouble());
        assertClose(0.9713680867778997, triad.get("pvalue_less").asDouble());
        assertClose(0.028631913222100316, triad.get("pvalue_greater").asDouble());
        // complete separation: SciPy returns NaN; the contract asks for a finite, significant result
        JsonNode reduce = doc.get("results").get(2);
        assertEquals("reduce_sum", reduce.get("benchmark").asText());
        assertTrue(reduce.get("pvalue_less").asDouble() < 0.001);
        assertTrue(reduce.get("pvalue_greater").isNumber());
    }

    @Test
    void failOnDecidesTheExitStatus() {
        assertEquals(0, Cli.run("compare", base.toString(), next.toString(), "--fail-on", "never").status());
        assertEquals(1, Cli.run("compare", base.toString(), next.toString(), "--fail-on", "regression").status());
        assertEquals(1, Cli.run("compare", base.toString(), next.toString(), "--fail-on", "any").status());
    }

    @Test
    void onlyFasterPassesTheRegressionGateButNotAny() throws IOException {
        Path fastBase = keep(base, "gelu", "triad");
        Path fastNew = keep(next, "gelu", "triad");
        Cli.Result r = Cli.run("compare", fastBase.toString(), fastNew.toString());
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("faster"), r.out());
        assertEquals(1, Cli.run("compare", fastBase.toString(), fastNew.toString(), "--fail-on", "any").status());
    }

    @Test
    void unsettledAlsoFailsOnSameForWantOfData() throws IOException {
        // triad is `same` with its interval (0.969 .. 1.007) reaching past the 1 % threshold: "settled": false
        Path openBase = keep(base, "triad");
        Path openNew = keep(next, "triad");
        assertEquals(0, Cli.run("compare", openBase.toString(), openNew.toString()).status());
        Cli.Result open = Cli.run("compare", openBase.toString(), openNew.toString(), "--fail-on", "unsettled");
        assertEquals(1, open.status(), open.toString());
        assertEquals("kbench compare: 0 slower, 0 faster, 1 not settled (triad n=1024) (--fail-on unsettled)\n",
                open.err(), open.toString());
        Cli.Result openJson = Cli.run("compare", openBase.toString(), openNew.toString(), "--fail-on", "unsettled",
                "--format", "json");
        assertEquals(1, openJson.status(), openJson.toString());
        assertFalse(JSON.readTree(openJson.out()).get("results").get(0).get("settled").asBoolean());
        assertEquals("", openJson.err(), "JSON says it in the document");

        // settled verdicts pass it, faster as well as same inside the threshold; slower fails it as regression does
        Path fastBase = keep(base, "gelu");
        Path fastNew = keep(next, "gelu");
        assertEquals(0, Cli.run("compare", fastBase.toString(), fastNew.toString(), "--fail-on", "unsettled").status());
        // a file against itself, its samples the unit: every interval reaches past 1 % (the widest, copy's, is
        // 0.954 .. 1.051), so nothing is settled; against 6 % every one lies inside and each `same` is settled
        Cli.Result self = Cli.run("compare", base.toString(), base.toString(), "--fail-on", "unsettled");
        assertEquals(1, self.status(), self.toString());
        assertTrue(self.err().contains("kbench compare: 0 slower, 0 faster, 5 not settled (copy n=1024, empty, "),
                self.toString());
        Cli.Result wide = Cli.run("compare", base.toString(), base.toString(), "--fail-on", "unsettled", "--threshold",
                "6%", "--format", "json");
        assertEquals(0, wide.status(), wide.toString());
        stream(JSON.readTree(wide.out()).get("results")).forEach(n -> assertTrue(n.get("settled").asBoolean(),
                n.toString()));
        Path slowBase = keep(base, "copy");
        Path slowNew = keep(next, "copy");
        Cli.Result slow = Cli.run("compare", slowBase.toString(), slowNew.toString(), "--fail-on", "unsettled");
        assertEquals(1, slow.status(), slow.toString());
        assertEquals("kbench compare: 1 slower, 0 faster, 0 not settled (--fail-on unsettled)\n", slow.err());

        // the gate names exactly the benchmarks whose JSON says "settled": false
        JsonNode doc = JSON.readTree(Cli.run("compare", base.toString(), next.toString(), "--format", "json").out());
        String named = stream(doc.get("results")).filter(n -> !n.get("settled").asBoolean())
                .map(n -> n.get("benchmark").asText() + " " + n.get("params").asText()).collect(Collectors.joining(", "));
        Cli.Result all = Cli.run("compare", base.toString(), next.toString(), "--fail-on", "unsettled");
        assertEquals(1, all.status(), all.toString());
        assertEquals("kbench compare: 2 slower, 1 faster, 1 not settled (" + named + ") (--fail-on unsettled)\n",
                all.err());
    }

    @Test
    void aFileAgainstItselfIsAllSame() throws IOException {
        Cli.Result r = Cli.run("compare", base.toString(), base.toString(), "--format", "json");
        assertEquals(0, r.status(), r.toString());
        // allowed, and said: a CI gate given one file twice would never fail
        assertTrue(r.err().startsWith("kbench compare: warning: the base '" + base + "' and the new '" + base
                + "' are the same file; compared with itself every benchmark is the same\n"), r.toString());
        Path link = base.resolveSibling("link.csv");
        Files.createSymbolicLink(link, base);
        Cli.Result linked = Cli.run("compare", base.toString(), link.toString());
        assertTrue(linked.err().contains("are the same file"), "compared by the file, not its name: " + linked);
        Cli.Result two = Cli.run("compare", base.toString(), next.toString());
        assertFalse(two.err().contains("are the same file"), two.toString());
        Cli.Result report = Cli.run("report", "--base", base.toString(), base.toString(), "-o",
                dir.resolve("self.html").toString());
        assertEquals(0, report.status(), report.toString());
        assertTrue(report.err().startsWith("kbench report: warning: the base '" + base + "'"), report.toString());
        JsonNode doc = JSON.readTree(r.out());
        assertEquals(5, doc.get("results").size());
        stream(doc.get("results")).forEach(n -> assertEquals("same", n.get("verdict").asText(), n.toString()));
        assertEquals("trimmed_mean", doc.get("center").asText(), "the default");
        Cli.Result median = Cli.run("compare", base.toString(), base.toString(), "--format", "json", "--center",
                "MEDIAN");
        assertEquals(0, median.status(), median.toString());
        assertEquals("median", JSON.readTree(median.out()).get("center").asText());
    }

    @Test
    void theTableShowsMediansChangePValuesAndVerdicts() {
        Cli.Result r = Cli.run("compare", base.toString(), next.toString());
        String copy = line(r.out(), "copy");
        assertTrue(copy.contains("+20.7%") && copy.contains("slower"), copy);
        assertTrue(copy.contains("2.5e-21"), "the p-value behind a verdict is shown: " + copy);
        String triad = line(r.out(), "triad");
        assertTrue(triad.contains("same") && !triad.contains("0.0573"), "same rows hide p-values: " + triad);
        assertFalse(r.out().contains("\u001b["), "no colour when not on a terminal");
        assertTrue(r.out().contains("only in base: empty"), r.out());
        assertTrue(r.out().contains("only in new: sgemm[size=64]"), r.out());
        assertTrue(r.err().contains("2 slower, 1 faster"), r.err());

        String always = line(Cli.run("compare", base.toString(), next.toString(), "--always-show-pvalues").out(), "triad");
        assertTrue(always.contains("0.0573"), always);
    }

    @Test
    void otherMethodsAreSciPys() throws IOException {
        // stats.mannwhitneyu(x, y, alternative='less') and stats.ttest_ind(x, y, equal_var=False, alternative='greater')
        // for triad, SciPy 1.17.1
        JsonNode mw = JSON.readTree(Cli.run("compare", base.toString(), next.toString(), "--method", "mannwhitneyu",
                "--format", "json").out());
        assertEquals("mannwhitneyu", mw.get("method").asText());
        assertClose(378.0, triad(mw).get("statistic").asDouble());
        JsonNode welch = JSON.readTree(Cli.run("compare", base.toString(), next.toString(), "--method", "welch",
                "--format", "json").out());
        assertClose(1.9253320074781186, triad(welch).get("statistic").asDouble());
        assertClose(0.03022481108794017, triad(welch).get("pvalue_greater").asDouble());
    }

    private static JsonNode triad(JsonNode compare) {
        for (JsonNode row : compare.get("results")) {
            if (row.get("benchmark").asText().equals("triad")) {
                return row;
            }
        }
        throw new AssertionError("no triad row in " + compare);
    }

    @Test
    void aBadSamplesFileIsExitTwoWithFileLineAndColumn() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "benchmark,sample,time_ms\ncopy,0,0.5\ncopy,1,-0.25\n");
        Cli.Result r = Cli.run("compare", base.toString(), bad.toString(), "--format", "json");
        assertEquals(2, r.status(), r.toString());
        assertEquals("", r.out(), "no output is written for bad input");
        assertTrue(r.err().contains("bad.csv:3"), r.err());
        assertTrue(r.err().contains("time_ms"), r.err());
        assertTrue(r.err().contains("--help"), "a hint follows the message: " + r.err());
        assertEquals(2, r.err().lines().count(), "one line plus a hint: " + r.err());

        Files.writeString(bad, "benchmark,time_ms\ncopy,0.5\n");
        Cli.Result missing = Cli.run("compare", bad.toString(), base.toString());
        assertEquals(2, missing.status(), missing.toString());
        assertTrue(missing.err().contains("sample"), missing.err());

        Cli.Result absent = Cli.run("compare", dir.resolve("nope.csv").toString(), base.toString());
        assertEquals(2, absent.status());
        assertTrue(absent.err().contains("nope.csv"), absent.err());
    }

    @Test
    void badOptionsAreExitTwoWithAHint() {
        Cli.Result method = Cli.run("compare", base.toString(), next.toString(), "--method", "ttest");
        assertEquals(2, method.status());
        assertTrue(method.err().contains("ttest") && method.err().contains("brunnermunzel"), method.err());
        assertEquals(2, Cli.run("compare", base.toString(), next.toString(), "--alpha", "1.5").status());
        assertEquals(2, Cli.run("compare", base.toString(), next.toString(), "--fail-on", "sometimes").status());
        Cli.Result center = Cli.run("compare", base.toString(), next.toString(), "--center", "mean");
        assertEquals(2, center.status());
        assertTrue(center.err().contains("--center") && center.err().contains("'mean'")
                && center.err().contains("trimmed_mean"), center.err());
        Cli.Result one = Cli.run("compare", base.toString());
        assertEquals(2, one.status());
        assertTrue(one.err().contains("kbench compare --help"), one.err());
    }

    @Test
    void filesWithNothingInCommonAreBadInput() throws IOException {
        Path a = keep(base, "empty");
        Path b = keep(next, "sgemm");
        Cli.Result r = Cli.run("compare", a.toString(), b.toString());
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("no benchmark is in both"), r.err());
    }

    @Test
    void anExportWithoutAKnownExtensionIsNamedAsGiven() {
        for (String given : List.of("/dev/null", dir.resolve("v1.2/compare").toString(), "compare.pdf")) {
            Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--export-to", given);
            assertEquals(2, r.status(), r.toString());
            assertTrue(r.err().startsWith("kbench compare: --export-to '" + given + "': cannot tell the format from the "
                    + "extension; use .txt, .md, .html or .svg"), r.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"txt", "md", "html", "svg"})
    void exportsByExtension(String extension) throws Exception {
        Path export = dir.resolve("compare." + extension);
        Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--export-to", export.toString());
        assertEquals(1, r.status(), r.toString());
        String text = Files.readString(export);
        switch (extension) {
            case "txt" -> {
                assertTrue(line(text, "copy").contains("slower"), text);
                assertFalse(text.contains("\u001b["), text);
            }
            case "md" -> {
                assertTrue(text.contains("| benchmark | params |"), text);
                assertTrue(text.contains("| copy | n=1024 |"), text);
            }
            case "html" -> {
                assertTrue(text.startsWith("<!DOCTYPE html>"), text);
                assertTrue(text.contains("<svg") && text.contains("<table>"), text);
                assertTrue(text.contains("<td class=\"bad\">slower</td>"), text);
            }
            case "svg" -> {
                Document svg = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().parse(export.toFile());
                assertEquals("svg", svg.getDocumentElement().getLocalName());
                assertEquals(4, svg.getElementsByTagName("g").getLength(), "one group per compared benchmark");
                assertTrue(text.contains("copy[n=1024]"), text);
            }
            default -> throw new AssertionError(extension);
        }
    }

    @Test
    void anUnknownExportExtensionIsRejectedBeforeAnythingIsWritten() {
        Path export = dir.resolve("compare.pdf");
        Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--export-to", export.toString());
        assertEquals(2, r.status());
        assertEquals("", r.out());
        assertTrue(r.err().contains(".txt, .md, .html or .svg"), r.err());
        assertFalse(Files.exists(export));
    }

    @Test
    void markdownOnStdout() {
        Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--format", "md");
        assertTrue(r.out().contains("| --- | --- | ---: |"), r.out());
    }

    static void assertClose(double expected, double actual) {
        // docs/formats.md §3: 1e-9 relative, or 1e-12 absolute for tiny p-values
        double tolerance = Math.max(Math.abs(expected) * 1e-9, 1e-12);
        assertEquals(expected, actual, tolerance);
    }

    private static java.util.stream.Stream<JsonNode> stream(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false);
    }

    private static String line(String text, String benchmark) {
        return text.lines().filter(l -> l.startsWith(benchmark + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line for " + benchmark + " in\n" + text));
    }

    /** A copy of a samples file with only the rows of some benchmarks. */
    private Path keep(Path file, String... benchmarks) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> kept = lines.stream().skip(1)
                .filter(l -> List.of(benchmarks).contains(l.substring(0, l.indexOf(','))))
                .collect(Collectors.toList());
        kept.addFirst(lines.getFirst());
        Path out = Files.createTempFile(dir, "kept", ".csv");
        Files.write(out, kept);
        return out;
    }

    /** One file of three devices' copy: dev1 within 0.1 % of dev0, dev2 20 % slower. */
    private Path devices() throws IOException {
        StringBuilder csv = new StringBuilder("benchmark,params,sample,time_ms,backend,device,host,device_id\n");
        double[] shift = {0, 0.001, 0.2};
        for (int d = 0; d < 3; d++) {
            for (int s = 0; s < 12; s++) {
                csv.append("copy,,").append(s).append(',').append(1 + shift[d] + 0.003 * s).append(",opencl,cpu,h,dev")
                        .append(d).append('\n');
            }
        }
        Path file = dir.resolve("devices.csv");
        Files.writeString(file, csv);
        return file;
    }

    @Test
    void aDashboardFormatWritesOneComparisonOfDevices() throws IOException {
        Path file = devices();
        Cli.Result many = Cli.run("compare", "--by-device", file.toString(), "--format", "github");
        assertEquals(2, many.status(), many::toString);
        assertTrue(many.err().contains("--format github writes one comparison; with 2 devices besides the base"),
                many::toString);
        Cli.Result one = Cli.run("compare", file.toString(), "--base-device", "dev0", "--new-device", "dev2",
                "--format", "bencher", "--fail-on", "never");
        assertEquals(0, one.status(), one::toString);
        JsonNode ratio = new ObjectMapper().readTree(one.out()).get("copy").get("ratio");
        assertTrue(ratio.get("value").asDouble() > 1.15 && ratio.get("lower_value").asDouble() <= ratio.get("value")
                .asDouble(), one::toString);
    }

    @Test
    void theGateNamesTheDeviceOfEachOpenBenchmarkAmongSeveral() throws IOException {
        Path file = devices();
        // against dev0's 1.000..1.033 ms, dev1's 1.001..1.034 ms is the same with an interval past 1 %: open
        Cli.Result gate = Cli.run("compare", "--by-device", file.toString(), "--fail-on", "unsettled");
        assertEquals(1, gate.status(), gate::toString);
        assertEquals("kbench compare: 1 slower, 0 faster, 1 not settled (copy on opencl cpu [dev1] on h) "
                + "(--fail-on unsettled)\n", gate.err(), gate::toString);
        // one device besides the base: the table above says which, the name alone is enough
        Cli.Result one = Cli.run("compare", file.toString(), "--base-device", "dev0", "--new-device", "dev1",
                "--fail-on", "unsettled");
        assertEquals(1, one.status(), one::toString);
        assertEquals("kbench compare: 0 slower, 0 faster, 1 not settled (copy) (--fail-on unsettled)\n", one.err(),
                one::toString);
    }
}
