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
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kbench.stats.io.SamplesCsv;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results and messages under every redirection a user writes, with real processes started the way the
 * launchers (./kbench, the distribution's bin/kbench) start the JVM: standard output moved off descriptor 1
 * (launcher.sh, kbench_safe_jvm). Results and messages sent to one file never overwrite each other, and
 * {@code /dev/stdout} as an output reaches standard output.
 */
class RedirectionTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    /** What a shell line left: its exit status and what it printed on its own stdout and stderr. */
    record Outcome(int status, String out, String err) {
        @Override
        public String toString() {
            return "status " + status + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    /**
     * Runs a bash line in {@link #dir} in which {@code kbench} (on the PATH) starts the CLI as the launchers
     * do and {@code "${args[@]}"} holds {@code args}.
     */
    private Outcome shell(String line, String... args) throws IOException, InterruptedException {
        Path launcher = Path.of(System.getProperty("user.dir")).resolve("../bench-dist/src/bin/launcher.sh").normalize();
        assertTrue(Files.isRegularFile(launcher), "the launcher: " + launcher);
        Path bin = dir.resolve("bin");
        if (!Files.isDirectory(bin)) {
            List<String> jvm = Jvm.onClassPath(e -> true);
            String script = "#!/usr/bin/env bash\nsource " + quote(launcher.toString()) + "\nkbench_safe_jvm\nexec "
                    + quote(jvm.getFirst()) + " \"${KBENCH_SAFETY_FLAGS[@]}\" "
                    + String.join(" ", jvm.subList(1, jvm.size()).stream().map(RedirectionTest::quote).toList())
                    + " \"$@\"\n";
            Files.createDirectory(bin);
            Files.writeString(bin.resolve("kbench"), script);
            assertTrue(bin.resolve("kbench").toFile().setExecutable(true));
        }
        List<String> command = new ArrayList<>(List.of("bash", "-c", "args=(\"$@\"); " + line, "bash"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().put("PATH", bin + File.pathSeparator + System.getenv("PATH"));
        builder.environment().put("SHELL", "/bin/bash");
        File out = Files.createTempFile(dir, "shell", ".out").toFile();
        File err = Files.createTempFile(dir, "shell", ".err").toFile();
        Process process = builder.redirectOutput(out).redirectError(err).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail("the shell line did not end in 10 minutes (a guard against a hang, not a timing): " + line);
        }
        return new Outcome(process.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** A short run of the spin kernel, its samples in {@code csv} (none when null), more options after. */
    private String[] spin(String csv, String... more) {
        Path kernel = dir.resolve("spin.cl");
        if (!Files.exists(kernel)) {
            Cli.resource("kernels/spin.cl", dir);
        }
        List<String> args = new ArrayList<>(List.of("run", "--kernel", kernel.toString(), "--entry", "spin", "--grid",
                "16", "--block", "256", "--arg", "buf:f32:4096:fill=1", "--arg", "i32:4096", "--arg", "i32:50",
                "--repetitions", "3", "--max-samples", "3", "--rep-ms", "1", "--warmup-ms", "0", "--cache-clear", "0"));
        if (csv != null) {
            args.addAll(List.of("--csv-samples", csv));
        }
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /**
     * Checks a run's table and messages in one text: every line whole (a message, the table's title, its
     * header or the spin row), the title and header once, in that order, and the samples message there.
     */
    private static void assertWholeRunLog(String text, String what) {
        List<String> lines = text.lines().toList();
        for (String line : lines) {
            assertTrue(line.startsWith("kbench: ") || line.startsWith("# kbench run: opencl on ")
                    || line.startsWith("benchmark ") || line.startsWith("spin "), "a line cut or overwritten: '" + line
                    + "' in " + what + ":\n" + text);
        }
        assertEquals(1, lines.stream().filter(l -> l.startsWith("# kbench run: ")).count(), what + ":\n" + text);
        int title = lines.indexOf(lines.stream().filter(l -> l.startsWith("# kbench run: ")).findFirst().orElseThrow());
        assertTrue(lines.get(title).contains(", interleaved, 3 repetitions of ~1 ms, cache clear off"), what + ":\n" + text);
        assertTrue(lines.get(title + 1).startsWith("benchmark "), what + ":\n" + text);
        assertTrue(lines.get(title + 2).startsWith("spin "), what + ":\n" + text);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("kbench: samples in s.csv")), what + ":\n" + text);
    }

    @Test
    void resultsAndMessagesRedirectedToOneFileFollowEachOther() throws Exception {
        Outcome o = shell("kbench \"${args[@]}\" > log.txt 2>&1", spin("s.csv"));
        assertEquals(0, o.status(), o.toString());
        assertWholeRunLog(Files.readString(dir.resolve("log.txt")), "> log.txt 2>&1");
    }

    @Test
    void hintsNameTheCommandAsTheUserTypedIt() throws Exception {
        Outcome onPath = shell("kbench \"${args[@]}\"", spin("p.csv"));
        assertEquals(0, onPath.status(), onPath.toString());
        assertTrue(onPath.err().contains("compare two runs with: kbench compare BASE.csv NEW.csv"), onPath.toString());
        Outcome byPath = shell("bin/kbench \"${args[@]}\"", spin("s.csv"));
        assertEquals(0, byPath.status(), byPath.toString());
        assertTrue(byPath.err().contains("compare two runs with: bin/kbench compare BASE.csv NEW.csv"), byPath.toString());
    }

    @Test
    void theShellsOwnOutputAfterAQuietRunFollowsTheTable() throws Exception {
        Outcome o = shell("( kbench \"${args[@]}\"; echo \"exit=$?\" ) > out.txt", spin("s.csv", "-q"));
        assertEquals(0, o.status(), o.toString());
        List<String> lines = Files.readAllLines(dir.resolve("out.txt"));
        assertEquals(4, lines.size(), lines.toString());
        assertTrue(lines.getFirst().startsWith("# kbench run: opencl on "), lines.toString());
        assertTrue(lines.get(1).startsWith("benchmark ") && lines.get(2).startsWith("spin "), lines.toString());
        assertEquals("exit=0", lines.getLast());
    }

    @Test
    void throughTeeTheFileAndThePipeHoldTheSameWholeLog() throws Exception {
        Outcome o = shell("set -o pipefail; kbench \"${args[@]}\" 2>&1 | tee tee.txt", spin("s.csv"));
        assertEquals(0, o.status(), o.toString());
        String file = Files.readString(dir.resolve("tee.txt"));
        assertEquals(o.out(), file);
        assertWholeRunLog(file, "2>&1 | tee");
    }

    @Test
    void onATerminalTheTableAndMessagesAreWhole() throws Exception {
        // script(1) gives the run a pseudo-terminal for stdin, stdout and stderr, and copies what it shows
        Outcome o = shell("script -qec \"$(printf '%q ' kbench \"${args[@]}\")\" /dev/null",
                spin("s.csv", "--progress", "none"));
        assertEquals(0, o.status(), o.toString());
        assertWholeRunLog(o.out().replace("\r", ""), "a terminal");
    }

    @Test
    void devStdoutAsAnOutputReachesStandardOutput() throws Exception {
        Outcome json = shell("kbench \"${args[@]}\" > out.txt 2> err.txt", spin(null, "--json", "/dev/stdout", "-q"));
        assertEquals(0, json.status(), json.toString());
        String out = Files.readString(dir.resolve("out.txt"));
        assertTrue(out.startsWith("# kbench run: "), out);
        JsonNode run = new ObjectMapper().readTree(out.substring(out.indexOf("\n{") + 1));
        assertEquals("spin", run.get("results").get(0).get("benchmark").asText(), out);
        assertEquals("", Files.readString(dir.resolve("err.txt")), "nothing but results: -q");

        Outcome csv = shell("kbench \"${args[@]}\" > samples.csv", spin("/dev/stdout", "--format", "json", "-q"));
        assertEquals(0, csv.status(), csv.toString());
        String text = Files.readString(dir.resolve("samples.csv"));
        String rows = text.substring(0, text.indexOf("{"));
        assertEquals(String.join(",", SamplesCsv.COLUMNS), rows.lines().findFirst().orElseThrow(), text);
        JsonNode samples = new ObjectMapper().readTree(text.substring(text.indexOf("{")));
        assertEquals(1 + samples.get("results").get(0).get("n").asInt(), rows.lines().count(),
                "the header and every sample, then the JSON: " + text);

        Outcome report = shell("kbench \"${args[@]}\" --csv-samples new.csv -q > /dev/null && "
                + "kbench report new.csv -o /dev/stdout > r.html", spin(null));
        assertEquals(0, report.status(), report.toString());
        String html = Files.readString(dir.resolve("r.html"));
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.stripTrailing().endsWith("</html>"), html);

        Outcome err = shell("kbench \"${args[@]}\" 2> err.txt", spin(null, "--json", "/dev/stderr", "-q"));
        assertEquals(0, err.status(), err.toString());
        assertTrue(Files.readString(dir.resolve("err.txt")).startsWith("{"), Files.readString(dir.resolve("err.txt")));
    }

    @Test
    void samplesOnDevStdoutAndMessagesInOneFileFollowEachOther() throws Exception {
        Outcome o = shell("kbench \"${args[@]}\" > log.txt 2>&1", spin("/dev/stdout", "--format", "json"));
        assertEquals(0, o.status(), o.toString());
        String text = Files.readString(dir.resolve("log.txt"));
        List<String> lines = text.lines().toList();
        int header = lines.indexOf(String.join(",", SamplesCsv.COLUMNS));
        assertTrue(header >= 0, text);
        JsonNode run = new ObjectMapper().readTree(text.substring(text.indexOf("\n{\n") + 1, text.indexOf("\n}\n") + 2));
        assertEquals(run.get("results").get(0).get("n").asInt(), lines.stream().filter(l -> l.startsWith("spin,")).count(),
                "a row per sample: " + text);
        assertTrue(lines.stream().filter(l -> l.startsWith("spin,")).allMatch(l -> l.split(",", -1).length
                == SamplesCsv.COLUMNS.size()), text);
        assertTrue(lines.getLast().startsWith("kbench: samples in /dev/stdout"), text);
    }

    @Test
    void aFullStandardOutputIsExitStatusFiveWithTheReason() throws Exception {
        Outcome o = shell("kbench \"${args[@]}\" > /dev/full", spin(null));
        assertEquals(ExitCodes.WRITE_FAILED, o.status(), o.toString());
        assertTrue(o.err().contains("kbench: cannot write to standard output: No space left on device"), o.toString());
    }
}
