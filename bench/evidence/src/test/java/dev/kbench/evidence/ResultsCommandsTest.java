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
package dev.kbench.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The numbers in the documentation are printed by the scripts under {@code bench/results/} from the raw files
 * committed beside them, and the documentation gives the command for each. Every such command, run as written from
 * the repository root, must still run on what is committed: a script that no longer reads a results directory, a
 * directory renamed under a command or a name the command's glob no longer matches fails here, not in a reader's
 * hands. The README's tallies must be what {@code ab_tally.py} prints.
 */
class ResultsCommandsTest {
    private static final Path ROOT = Path.of(System.getProperty("kbench.root", "../.."))
            .toAbsolutePath()
            .normalize();
    /** Debian's interpreter, for which CI installs SciPy and NumPy (python3-scipy, python3-numpy). */
    private static final String PYTHON = "/usr/bin/python3";
    /** The longest a command may take: the slowest reads every archive (about 4 minutes on a 2-core machine). */
    private static final long LIMIT_MINUTES = 20;
    /** A command for a script: an optional variable, the script and its words up to a comment or another command. */
    private static final Pattern COMMAND =
            Pattern.compile("(?:(\\w+=\\S+) )?python3 (bench/results/\\w+\\.py)((?: +[^ #;|&]+)*)");
    private static final Pattern FENCED = Pattern.compile("(?ms)^```[^\\n]*\\n(.*?)^```");
    private static final Pattern INDENTED = Pattern.compile("(?m)^ {4,}(\\S.*)$");
    /**
     * An inline code span as Markdown reads one: a run of backticks, then the shortest text up to a run of as many
     * (``a `b` c`` is one span); a pattern for single backticks alone would pair the rest of the document wrongly
     * from the first such span on.
     */
    private static final Pattern SPAN = Pattern.compile("(?s)(?<!`)(`+)(?!`)(.+?)(?<!`)\\1(?!`)");
    private static final Pattern WORD = Pattern.compile("'[^']*'|\"[^\"]*\"|\\S+");
    /**
     * A word that stands for what the reader supplies ({@code DIR}, {@code ARCHIVES}, {@code POOL.tgz}, {@code G},
     * {@code callN-summary.txt}, {@code ...}) or that the shell computes ({@code $(...)}): such a command is a form,
     * not one to run.
     */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\.\\.\\..*|.*\\$.*|[A-Z][A-Z_]*(\\.\\w+)?|.*\\bcallN\\b.*");
    /** The directories that hold no documentation of the project's own. */
    private static final Set<String> NOT_DOCS = Set.of(".git", "target", "node_modules", ".device", ".mvn");

    private static final ExecutorService RUNNERS =
            Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()));

    @AfterAll
    static void stopRunners() {
        RUNNERS.shutdownNow();
    }

    /** A command as a document gives it. */
    record Documented(String command, String script, List<String> words, String variable, Path document) {
        boolean form() {
            return words.stream().anyMatch(w -> PLACEHOLDER.matcher(w).matches());
        }
    }

    /** What a command did. */
    record Ran(int exit, String out, String err) {}

    @TestFactory
    Stream<DynamicTest> everyDocumentedCommandRunsAsWrittenOnTheCommittedResults() throws IOException {
        List<Documented> runnable = runnable();
        assertFalse(runnable.isEmpty(), "no command for a script under bench/results/ found in the documentation");
        Map<Documented, CompletableFuture<Ran>> running = new LinkedHashMap<>();
        for (Documented d : runnable) {
            running.put(d, CompletableFuture.supplyAsync(() -> run(d), RUNNERS));
        }
        return running.entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(
                        e.getKey().command() + " (" + ROOT.relativize(e.getKey().document()) + ")",
                        () -> check(e.getKey(), e.getValue().join())));
    }

    @Test
    void everyScriptIsGivenACommandThatRuns() throws IOException {
        Set<String> commanded = new TreeSet<>();
        for (Documented d : runnable()) {
            commanded.add(d.script());
        }
        Set<String> scripts = new TreeSet<>();
        try (Stream<Path> files = Files.list(ROOT.resolve("bench/results"))) {
            files.filter(f -> f.toString().endsWith(".py"))
                    .forEach(f -> scripts.add("bench/results/" + f.getFileName()));
        }
        scripts.removeAll(commanded);
        assertEquals(Set.of(), scripts, "scripts under bench/results/ for which no document gives a command to run");
    }

    @Test
    void theReadmeGivesTheTalliesAsAbTallyPrintsThem() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md")).replaceAll("\\s+", " ");
        Matcher aa = find(readme, "\\*\\*(\\d+) of ([\\d,]+) A/A comparisons flagged\\*\\* \\(below ([\\d.]+) %");
        String h200 = tally().out();
        Matcher printed = find(h200, "(?m)^\\| all \\| \\| (\\d+) \\| (\\d+) \\| ([\\d.]+) % \\|");
        assertEquals(printed.group(1), aa.group(2).replace(",", ""), "the H200's A/A comparisons");
        assertEquals(printed.group(2), aa.group(1), "the H200's A/A comparisons flagged");
        assertEquals(printed.group(3), aa.group(3), "the bound on the H200's A/A rate");

        Matcher planted = find(readme, "planted changes `slower` in ([\\d,]+) of ([\\d,]+) comparisons as printed \\((\\d+) runs");
        String h100 = tally("--gpu", "h100").out();
        Matcher all = find(h100, "(?m)^\\| all \\| \\| \\| \\| (\\d+) \\| (\\d+) \\|");
        assertEquals(all.group(2), planted.group(1).replace(",", ""), "the H100's planted comparisons `slower`");
        assertEquals(all.group(1), planted.group(2).replace(",", ""), "the H100's planted comparisons");
        assertEquals(
                find(h100, "planted runs of ab-campaign.sh with a verdict: (\\d+)").group(1),
                planted.group(3),
                "the H100's planted runs");
    }

    /** The commands to run, each once: those that are not forms and need no variable. */
    private static List<Documented> runnable() throws IOException {
        Map<String, Documented> commands = new LinkedHashMap<>();
        for (Documented d : documented()) {
            commands.putIfAbsent(d.command(), d);
        }
        return commands.values().stream()
                // summarize_verdicts.py with KBENCH= runs kbench compare once per comparison (about 17 minutes);
                // its tables are also re-made from the CSVs it wrote by the command with --from-csv, which runs here.
                .filter(d -> d.variable() == null)
                .filter(d -> !d.form())
                .toList();
    }

    private static Ran tally(String... words) {
        Ran ran = run(new Documented("ab_tally.py", "bench/results/ab_tally.py", List.of(words), null, ROOT));
        assertEquals(0, ran.exit(), ran.err());
        return ran;
    }

    private static Matcher find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        if (!m.find()) {
            fail("found no /" + regex + "/ in:\n" + text);
        }
        return m;
    }

    private static void check(Documented d, Ran ran) {
        String said = "\n--- stdout (end)\n" + tail(ran.out()) + "\n--- stderr (end)\n" + tail(ran.err());
        assertFalse(ran.err().contains("Traceback"), d.command() + " failed" + said);
        if (d.words().isEmpty() && ran.exit() == 2) {
            // a script named alone, where it needs arguments, says how to call it
            assertTrue(ran.err().toLowerCase().contains("usage"), d.command() + " gave no usage" + said);
            return;
        }
        assertEquals(0, ran.exit(), d.command() + " exited " + ran.exit() + said);
        assertFalse(ran.out().isBlank(), d.command() + " printed nothing" + said);
    }

    private static String tail(String s) {
        return s.length() <= 2000 ? s : s.substring(s.length() - 2000);
    }

    /** Runs a command as written, from the repository root; a glob that matches nothing is an error, as in bash. */
    private static Ran run(Documented d) {
        try {
            Path out = Files.createTempFile("kbench-results-", ".out");
            Path err = Files.createTempFile("kbench-results-", ".err");
            try {
                String line = "shopt -s failglob; exec " + PYTHON + " " + d.script() + " " + String.join(" ", d.words());
                Process p = new ProcessBuilder("bash", "-c", line)
                        .directory(ROOT.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
                if (!p.waitFor(LIMIT_MINUTES, TimeUnit.MINUTES)) {
                    p.destroyForcibly().waitFor();
                    return new Ran(-1, Files.readString(out), "still running after " + LIMIT_MINUTES + " minutes");
                }
                return new Ran(p.exitValue(), Files.readString(out), Files.readString(err));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Every command for a script under bench/results/ that a Markdown file of the repository gives. */
    static List<Documented> documented() throws IOException {
        List<Documented> found = new ArrayList<>();
        for (Path doc : documents()) {
            String text = Files.readString(doc, StandardCharsets.UTF_8);
            List<String> code = new ArrayList<>();
            Matcher fenced = FENCED.matcher(text);
            while (fenced.find()) {
                code.addAll(joined(fenced.group(1)));
            }
            String prose = FENCED.matcher(text).replaceAll("");
            Matcher indented = INDENTED.matcher(String.join("\n", joined(prose)));
            while (indented.find()) {
                code.add(indented.group(1));
            }
            Matcher span = SPAN.matcher(INDENTED.matcher(prose).replaceAll(""));
            while (span.find()) {
                code.add(span.group(2).replaceAll("\\s+", " "));
            }
            for (String piece : code) {
                Matcher c = COMMAND.matcher(piece);
                while (c.find()) {
                    List<String> words = new ArrayList<>();
                    Matcher w = WORD.matcher(c.group(3));
                    while (w.find()) {
                        words.add(w.group());
                    }
                    found.add(new Documented(c.group().strip(), c.group(2), words, c.group(1), doc));
                }
            }
        }
        return found;
    }

    /** The lines of a block, a line that ends in a backslash joined to the next. */
    private static List<String> joined(String block) {
        return List.of(block.replaceAll("\\\\\\n\\s*", " ").split("\n"));
    }

    private static List<Path> documents() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(f -> f.toString().endsWith(".md"))
                    .filter(f -> ROOT.relativize(f).getNameCount() == 1
                            || Set.of("docs", "bench").contains(ROOT.relativize(f).getName(0).toString()))
                    .filter(f -> {
                        for (Path part : ROOT.relativize(f)) {
                            if (NOT_DOCS.contains(part.toString())) {
                                return false;
                            }
                        }
                        return true;
                    })
                    .sorted()
                    .toList();
        }
    }
}
