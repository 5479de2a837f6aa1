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
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The shell examples of README.md and docs/*.md that are marked as tests run as written. A marker is an
 * HTML comment on the line before a code block (fenced, or indented by four spaces):
 * <ul>
 *   <li>{@code <!-- test: pocl -->}: every {@code ./kbench} command of the block runs, in order, in a
 *       fresh directory holding a copy of {@code kernels/}, on the class path of this module (PoCL is
 *       the active driver in CI), and must exit 0;</li>
 *   <li>{@code <!-- test: pocl; compare: 0|1 -->}: the same, but {@code compare} may also exit 1
 *       (a real regression between two runs on a CPU is possible; bad input, exit 2, is not);</li>
 *   <li>{@code <!-- test: parse -->}: commands for a GPU, or too long for CI: their arguments must
 *       parse (picocli), nothing runs.</li>
 * </ul>
 * A marked block holds only {@code ./kbench} commands (continuation lines end with {@code \}; a
 * {@code #} starts a comment; {@code > FILE} at the end sends standard output to FILE).
 */
class DocExamplesTest {

    private static final Pattern MARKER = Pattern.compile("^<!-- test: (pocl|parse)((?:; *\\w+: *[0-9|]+)*) -->$");
    private static final Path ROOT = Path.of(System.getProperty("kbench.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    /** One marked block: where it is, how to test it, its commands. */
    record Block(String where, String mode, Map<String, Set<Integer>> exits, List<List<String>> commands) { }

    @TestFactory
    Stream<DynamicTest> markedExamplesRunOrParse() throws IOException {
        List<Block> blocks = blocks();
        assertTrue(blocks.stream().anyMatch(b -> b.mode().equals("pocl")), "README.md has runnable examples");
        return blocks.stream().map(b -> DynamicTest.dynamicTest(b.where() + " (" + b.mode() + ")", () -> {
            if (b.mode().equals("parse")) {
                for (List<String> command : b.commands()) {
                    parse(b, command);
                }
            } else {
                Path work = Files.createTempDirectory(dir, "example");
                copy(ROOT.resolve("kernels"), work.resolve("kernels"));
                for (List<String> command : b.commands()) {
                    run(b, command, work);
                }
            }
        }));
    }

    @Test
    void theMarkerGrammarIsReadAsDocumented() {
        List<Block> found = parseMarkdown("t.md", List.of("<!-- test: pocl; compare: 0|1 -->", "",
                "    ./kbench run --csv-samples a.csv \\", "        --repetitions 2   # a comment",
                "    ./kbench compare a.csv a.csv --format json > 'c d.json'",
                "", "text", "<!-- test: parse -->", "```sh", "./kbench --backend cuda info", "```"));
        assertEquals(2, found.size());
        assertEquals(List.of(List.of("run", "--csv-samples", "a.csv", "--repetitions", "2"), List.of("compare", "a.csv", "a.csv", "--format", "json", ">", "c d.json")),
                found.get(0).commands());
        assertEquals(Set.of(0, 1), found.get(0).exits().get("compare"));
        assertEquals(List.of(List.of("--backend", "cuda", "info")), found.get(1).commands());
        assertEquals("t.md:9", found.get(1).where());
    }

    private static void parse(Block block, List<String> command) {
        int redirect = command.indexOf(">");
        List<String> args = redirect >= 0 ? command.subList(0, redirect) : command;
        CommandLine cli = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        try {
            cli.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            fail(block.where() + ": `kbench " + String.join(" ", args) + "` does not parse: " + e.getMessage());
        }
    }

    private static void run(Block block, List<String> args, Path work) throws IOException, InterruptedException {
        List<String> command = Jvm.onClassPath(e -> !e.contains("test-classes") && !e.contains("junit")
                && !e.contains("opentest4j") && !e.contains("apiguardian"), args.toArray(String[]::new));
        int redirect = args.indexOf(">");
        Path out = redirect >= 0 ? work.resolve(args.get(redirect + 1)) : work.resolve(".stdout");
        if (redirect >= 0) {
            command = command.subList(0, command.size() - (args.size() - redirect));
            args = args.subList(0, redirect);
        }
        Path err = work.resolve(".stderr");
        Process p = new ProcessBuilder(command).directory(work.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        boolean exited = p.waitFor(600, TimeUnit.SECONDS);
        if (!exited) {
            p.destroyForcibly();
        }
        List<String> ran = args;
        Set<Integer> allowed = block.exits().getOrDefault(args.stream().filter(a -> !a.startsWith("-")).findFirst().orElse(""),
                Set.of(0));
        assertTrue(exited && allowed.contains(p.exitValue()), () -> block.where() + ": `kbench " + String.join(" ", ran)
                + "` exited " + (exited ? p.exitValue() : "(timeout)") + ", expected " + allowed + "\n--- stdout ---\n"
                + read(out) + "--- stderr ---\n" + read(err));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static List<Block> blocks() throws IOException {
        List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        List<Block> blocks = new ArrayList<>();
        for (Path file : files) {
            blocks.addAll(parseMarkdown(ROOT.relativize(file).toString(), Files.readAllLines(file)));
        }
        return blocks;
    }

    /** The marked blocks of one Markdown file. */
    static List<Block> parseMarkdown(String name, List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = MARKER.matcher(lines.get(i).strip());
            if (!m.matches()) {
                continue;
            }
            int j = i + 1;
            while (j < lines.size() && lines.get(j).isBlank()) {
                j++;
            }
            assertTrue(j < lines.size(), name + ":" + (i + 1) + ": a test marker without a code block");
            List<String> code = new ArrayList<>();
            int start = j;
            if (lines.get(j).startsWith("```")) {
                for (j++; j < lines.size() && !lines.get(j).startsWith("```"); j++) {
                    code.add(lines.get(j));
                }
            } else {
                for (; j < lines.size() && (lines.get(j).startsWith("    ") || lines.get(j).isBlank()); j++) {
                    code.add(lines.get(j).isBlank() ? "" : lines.get(j).substring(4));
                }
            }
            Map<String, Set<Integer>> exits = new LinkedHashMap<>();
            for (String rule : m.group(2).split(";")) {
                if (!rule.isBlank()) {
                    String[] kv = rule.split(":");
                    exits.put(kv[0].strip(), Arrays.stream(kv[1].strip().split("\\|")).map(Integer::valueOf)
                            .collect(Collectors.toSet()));
                }
            }
            blocks.add(new Block(name + ":" + (start + 1), m.group(1), exits, commands(name, start, code)));
        }
        return blocks;
    }

    /** The {@code ./kbench} commands of a block, continuation lines joined, comments dropped, words split. */
    private static List<List<String>> commands(String name, int start, List<String> code) {
        List<List<String>> commands = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String raw : code) {
            String text = stripComment(raw).strip();
            boolean continued = text.endsWith("\\");
            line.append(continued ? text.substring(0, text.length() - 1) : text).append(' ');
            if (continued) {
                continue;
            }
            String full = line.toString().strip();
            line.setLength(0);
            if (full.isEmpty()) {
                continue;
            }
            List<String> words = words(full);
            assertEquals("./kbench", words.get(0), name + " near line " + (start + 1)
                    + ": a block marked as a test holds only ./kbench commands, not: " + full);
            commands.add(words.subList(1, words.size()));
        }
        assertFalse(commands.isEmpty(), name + ":" + (start + 1) + ": a marked block without commands");
        return commands;
    }

    private static String stripComment(String line) {
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'' && !dbl) {
                single = !single;
            } else if (c == '"' && !single) {
                dbl = !dbl;
            } else if (c == '#' && !single && !dbl && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    /** Splits a command line into words as a POSIX shell would for these examples: quotes, no expansion. */
    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
