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
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kbench history through the CLI, on an SQLite file: add, list, trend, changes and compare. */
class HistoryCommandTest {

    @TempDir
    Path dir;

    /** Writes run i's samples and sidecar: 4 forks of 8 samples, +6% from run 12 on. */
    private Path run(int i) throws IOException {
        return run(dir, i, 8);
    }

    /**
     * Writes run i's samples and sidecar into a directory: 4 forks of the given samples each, +6% from run 12 on.
     *
     * @return the samples file, {@code run<i>.csv}
     */
    static Path run(Path dir, int i, int samples) throws IOException {
        String id = String.format(Locale.ROOT, "20261201T%06dZ-%08x", i, i);
        SplittableRandom random = new SplittableRandom(i);
        StringBuilder csv = new StringBuilder("benchmark,params,repetition,sample,time_ms,backend,device,fork,host,device_id,run_id\n");
        double level = i < 12 ? 2.0 : 2.12;
        for (int f = 0; f < 4; f++) {
            double fork = 1 + 0.002 * random.nextGaussian();
            for (int s = 0; s < samples; s++) {
                csv.append(String.format(Locale.ROOT, "saxpy,n=4096,0,%d,%.6f,opencl,cpu,%d,node1,cl:0:0,%s%n", s,
                        level * fork * (1 + 0.005 * random.nextGaussian()), f, id));
            }
        }
        Path file = dir.resolve("run" + i + ".csv");
        Files.writeString(file, csv);
        String commit = String.format(Locale.ROOT, "%040x", 0xabc000 + i);
        Files.writeString(dir.resolve("run" + i + ".csv.env.json"), "{\"format\": \"kbench-env/1\", \"run_id\": \"" + id
                + "\", \"kbench_version\": \"0.1.0\", \"host\": \"node1\", \"git\": {\"commit\": \"" + commit
                + "\", \"branch\": \"main\", \"dirty\": false}, \"runs\": [{\"run_id\": \"" + id + "\", \"started\": \""
                + String.format(Locale.ROOT, "2026-12-01T00:%02d:00Z", i) + "\", \"backend\": \"opencl\"}]}");
        return file;
    }

    @Test
    void addListTrendChangesAndCompare() throws IOException {
        String db = dir.resolve("h/history.db").toString();
        String[] add = new String[22];
        add[0] = "history";
        add[1] = "add";
        add[2] = "--db";
        add[3] = db;
        for (int i = 0; i < 18; i++) {
            add[4 + i] = run(i).toString();
        }
        Cli.Result added = Cli.run(add);
        assertEquals(0, added.status(), added::toString);
        assertEquals(18, added.out().lines().filter(l -> l.startsWith("added run ")).count(), added::toString);
        assertTrue(added.out().contains("(commit 0000000000 on main, 1 benchmark(s), 4 fork(s), 32 samples)"), added::toString);

        Cli.Result again = Cli.run("history", "add", "--db", db, dir.resolve("run3.csv").toString());
        assertEquals(2, again.status(), again::toString);
        assertTrue(again.err().contains("is already in the history"), again::toString);

        Cli.Result list = Cli.run("history", "list", "--db", db, "--format", "json");
        assertEquals(0, list.status(), list::toString);
        JsonNode runs = new ObjectMapper().readTree(list.out()).get("runs");
        assertEquals(18, runs.size());
        assertEquals("main", runs.get(0).get("branch").asText());
        assertEquals(String.format(Locale.ROOT, "%040x", 0xabc000 + 17), runs.get(17).get("commit").asText());

        Path html = dir.resolve("trend.html");
        Cli.Result trend = Cli.run("history", "trend", "--db", db, "--format", "json", "--html", html.toString());
        assertEquals(0, trend.status(), trend::toString);
        JsonNode series = new ObjectMapper().readTree(trend.out()).get("series");
        assertEquals(1, series.size());
        assertEquals(18, series.get(0).get("points").size());
        assertEquals(4, series.get(0).get("points").get(0).get("fork_medians_ms").size());
        assertEquals(12, series.get(0).get("change_points").get(0).get("index").asInt());
        Cli.Result table = Cli.run("history", "trend", "--db", db);
        assertEquals(0, table.status(), table::toString);
        // 4 forks a run are too few for the median's 95% interval: the bounds are the fork medians' range, said so
        assertTrue(table.out().contains("95% interval (else range)"), table::toString);
        assertEquals(18, table.out().lines().filter(l -> l.contains(" .. ") && l.contains(" range ")).count(), table::toString);
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("<svg") && !page.contains("<script"), page);

        Cli.Result changes = Cli.run("history", "changes", "--db", db, "--format", "json");
        assertEquals(1, changes.status(), changes::toString);
        JsonNode found = new ObjectMapper().readTree(changes.out());
        assertEquals(1, found.get("new").asInt());
        JsonNode change = found.get("change_points").get(0);
        assertEquals(String.format(Locale.ROOT, "%040x", 0xabc000 + 11), change.get("before").get("commit").asText());
        assertEquals(String.format(Locale.ROOT, "%040x", 0xabc000 + 12), change.get("after").get("commit").asText());
        assertEquals("kbench-changes/2", found.get("format").asText());
        // the segments compared: compare's own document (docs/formats.md §3), one result
        JsonNode compared = change.get("compare");
        assertEquals("brunnermunzel", compared.get("method").asText(), compared::toString);
        assertEquals(1, compared.get("results").size(), compared::toString);
        JsonNode result = compared.get("results").get(0);
        assertEquals("slower", result.get("verdict").asText());
        assertEquals("fork", result.get("unit").asText());
        assertEquals(12 * 4, result.get("n_base").asInt());
        assertTrue(result.get("ratio_ci_low").asDouble() > 1 + compared.get("threshold").asDouble(), result::toString);
        assertTrue(result.get("settled").asBoolean(), result::toString);
        assertTrue(changes.err().contains("1 new change point(s)"), changes::toString);

        Cli.Result seen = Cli.run("history", "changes", "--db", db, "--acknowledge");
        assertEquals(0, seen.status(), seen::toString);
        Cli.Result after = Cli.run("history", "changes", "--db", db);
        assertEquals(0, after.status(), after::toString);
        assertTrue(after.out().contains("+6.0%"), after::toString);

        String base = String.format(Locale.ROOT, "%040x", 0xabc000 + 2);
        Cli.Result compare = Cli.run("history", "compare", "--db", db, base, "20261201T000015Z", "--alpha", "0.05");
        assertEquals(1, compare.status(), compare::toString);
        assertTrue(compare.out().contains("slower"), compare::toString);
        // --fail-on unsettled: two commits before the change the runs are `same`, the interval of their fork
        // medians (0.9955 .. 1.0067) inside 1 %, but 4 forks a run are too few for the test to flag any change
        // (1 / C(8, 4) = 0.014 > 0.001): not settled, which the gate fails and names; the change is slower
        String early = String.format(Locale.ROOT, "%040x", 0xabc000 + 5);
        JsonNode open = new ObjectMapper().readTree(Cli.run("history", "compare", "--db", db, base, early,
                "--format", "json").out()).get("results").get(0);
        assertEquals("same", open.get("verdict").asText(), open::toString);
        assertTrue(open.get("ratio_ci_low").asDouble() > 0.99 && open.get("ratio_ci_high").asDouble() < 1.01,
                open::toString);
        assertTrue(open.get("mdc").isNull() && !open.get("settled").asBoolean(), open::toString);
        assertEquals(0, Cli.run("history", "compare", "--db", db, base, early).status());
        Cli.Result early1 = Cli.run("history", "compare", "--db", db, base, early, "--fail-on", "unsettled");
        assertEquals(1, early1.status(), early1::toString);
        assertTrue(early1.err().contains("kbench history compare: 0 slower, 0 faster, 1 not settled (saxpy n=4096) "
                + "(--fail-on unsettled)"), early1::toString);
        Cli.Result gate = Cli.run("history", "compare", "--db", db, base, "20261201T000015Z", "--alpha", "0.05",
                "--fail-on", "unsettled");
        assertEquals(1, gate.status(), gate::toString);
        assertTrue(gate.err().contains("kbench history compare: 1 slower, 0 faster, 0 not settled (--fail-on "
                + "unsettled)"), gate::toString);
        Cli.Result unknown = Cli.run("history", "compare", "--db", db, "nosuchrun", "20261201T000015Z");
        assertEquals(2, unknown.status(), unknown::toString);
        assertTrue(unknown.err().contains("BASE 'nosuchrun' names no stored run"), unknown::toString);
    }

    @Test
    void badNamesForARunAreBadInputNamingTheOption() throws IOException {
        String db = dir.resolve("history.db").toString();
        Path file = run(0);
        List<List<String>> cases = List.of(
                List.of("--run-id", "a b", "--run-id: run id 'a b' is not 1 to 64 letters"),
                List.of("--run-id", "", "--run-id: run id '' is not 1 to 64 letters"),
                List.of("--commit", "", "--commit '' (0 characters) is not 1 to 255 characters on one line"),
                List.of("--commit", "abc\ndef", "--commit 'abc\\u000adef' (7 characters) is not 1 to 255 characters"),
                List.of("--branch", "x".repeat(256), "--branch '" + "x".repeat(80) + "...' (256 characters) is not"));
        for (List<String> c : cases) {
            Cli.Result r = Cli.run("history", "add", "--db", db, file.toString(), c.get(0), c.get(1));
            assertEquals(2, r.status(), r::toString);
            assertTrue(r.err().startsWith("kbench history add: " + c.get(2)), r::toString);
            assertFalse(r.err().contains("internal error"), r::toString);
        }
        Cli.Result none = Cli.run("history", "list", "--db", db);
        assertTrue(none.status() != 0 || !none.out().contains("20261201T"), "nothing was added: " + none);
        Cli.Result spaced = Cli.run("history", "add", "--db", db, file.toString(), "--branch", "release 1.x", "--commit", "v1.2-3-gabc");
        assertEquals(0, spaced.status(), spaced::toString);
        assertTrue(spaced.out().contains("on release 1.x"), spaced::toString);
    }

    @Test
    void aHistoryThatIsNotThereIsNamedAndNotCreated() {
        Path missing = dir.resolve("typo/history.db");
        for (String command : List.of("list", "trend", "changes")) {
            Cli.Result r = Cli.run("history", command, "--db", missing.toString());
            assertEquals(2, r.status(), r::toString);
            assertTrue(r.err().startsWith("kbench history " + command + ": --db " + missing + ": there is no history at "
                    + missing + " (the file does not exist)"), r::toString);
        }
        assertFalse(Files.exists(dir.resolve("typo")), "nothing created for a command that only reads");
        // without --db the message says the default was used (no test writes one where the tests run)
        Cli.Result byDefault = Cli.run("history", "list");
        assertEquals(2, byDefault.status(), byDefault::toString);
        assertTrue(byDefault.err().startsWith("kbench history list: --db (default) " + dev.kbench.history.History.DEFAULT_FILE
                + ": there is no history at "), byDefault::toString);
        Cli.Result empty = Cli.run("history", "list", "--db", "");
        assertEquals(2, empty.status(), empty::toString);
        assertTrue(empty.err().startsWith("kbench history list: --db '' is empty"), empty::toString);
        for (String notAFile : List.of("/dev/null", dir.toString())) {
            Cli.Result r = Cli.run("history", "add", "--db", notAFile, "nothing.csv");
            assertEquals(2, r.status(), r::toString);
            assertEquals("kbench history add: --db " + notAFile + ": " + notAFile + " is not a file (a directory or a "
                    + "device); give an SQLite file", r.err().lines().findFirst().orElse(""), r::toString);
        }
    }

    @Test
    void aDatabaseThatCannotBeOpenedIsNamed() throws IOException {
        Path file = dir.resolve("not-a-db");
        Files.writeString(file, "plain text, not SQLite\n".repeat(100));
        Cli.Result r = Cli.run("history", "list", "--db", file.toString());
        assertEquals(2, r.status(), r::toString);
        assertTrue(r.err().contains("--db " + file + ": the history database cannot be opened or migrated"), r::toString);
    }

    @Test
    void aPasswordInTheDatabaseUrlIsNeverPrinted() {
        // port 1: nothing listens there, so connecting fails at once
        for (String db : List.of("jdbc:postgresql://127.0.0.1:1/kbench?user=ci&password=s3cret&ssl=false",
                "jdbc:postgresql://ci:s3cret@127.0.0.1:1/kbench")) {
            Cli.Result r = Cli.run("history", "list", "--db", db);
            assertEquals(2, r.status(), r::toString);
            assertTrue(r.err().contains("--db jdbc:postgresql://") && r.err().contains("***"), r::toString);
            assertFalse((r.out() + r.err()).contains("s3cret"), r::toString);
        }
    }
}
