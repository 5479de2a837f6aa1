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

import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.io.WriteMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The docs say what the code does: every section reference ({@code §N}) names a section that exists and
 * is about what the sentence citing it talks about, and the samples CSV header that docs/formats.md §2
 * and docs/stats.md document is the one the writer writes.
 */
class DocsTest {

    private static final Path ROOT = Path.of(System.getProperty("kbench.root", "..")).toAbsolutePath().normalize();
    private static final Pattern HEADING = Pattern.compile("(?m)^## (\\d+)\\. (.*)$");
    private static final Pattern REFERENCE = Pattern.compile("§\\s*(\\d+)");
    private static final Pattern FILE_NAMED = Pattern.compile("([a-z]+\\.md)\\)?\\s*$");
    /** A file named before a reference: {@code (docs/formats.md }, {@code ([formats.md](formats.md) }. */
    private static final String FILE_CITED = "\\(?\\[?(?:docs/)?[a-z]+\\.md]?(?:\\((?:docs/)?[a-z]+\\.md\\))?\\s*$";

    /**
     * Topics a sentence may name, each with a word of the heading of the section about it: a reference in a
     * sentence that names one topic must cite that topic's section (cli.md and formats.md once cited the
     * forks section, §6, for the environment sidecar, §7).
     */
    private static final Map<String, String> TOPICS = Map.of(
            "sidecar", "sidecar",
            "env.json", "sidecar",
            "exit status", "Exit statuses",
            "lookup", "lookup");

    /** How many characters right before a reference say what it is cited for. */
    private static final int CITED_FOR = 30;

    @TempDir
    Path dir;

    @Test
    void theSamplesHeaderIsDocumentedAsTheWriterWritesIt() throws IOException {
        Path file = dir.resolve("empty.csv");
        try (SamplesCsvWriter writer = SamplesCsvWriter.open(file, WriteMode.CREATE_NEW)) {
            assertEquals(file, writer.file());   // the header is written on open
        }
        String header = Files.readAllLines(file).getFirst();
        List<String> written = List.of(header.split(","));

        String formats = section(read("docs/formats.md"), 2);
        List<String> documented = new ArrayList<>();
        Matcher row = Pattern.compile("(?m)^\\| ((?:`[a-z_]+`(?:, )?)+) \\|").matcher(formats);
        while (row.find()) {
            Matcher name = Pattern.compile("`([a-z_]+)`").matcher(row.group(1));
            while (name.find()) {
                documented.add(name.group(1));
            }
        }
        assertEquals(written, documented, "docs/formats.md §2's table lists the writer's columns in the writer's order");
        assertTrue(read("docs/stats.md").contains("`" + header + "`"),
                "docs/stats.md shows the writer's header, " + header);
    }

    @Test
    void everySectionReferenceNamesASectionAboutItsSentence() throws IOException {
        Map<String, Map<Integer, String>> headings = new LinkedHashMap<>();
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        for (Path doc : docs) {
            Map<Integer, String> sections = new LinkedHashMap<>();
            Matcher h = HEADING.matcher(Files.readString(doc));
            while (h.find()) {
                sections.put(Integer.parseInt(h.group(1)), h.group(2));
            }
            headings.put(doc.getFileName().toString(), sections);
        }
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Path doc : docs) {
            String name = doc.getFileName().toString();
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher ref = REFERENCE.matcher(lines.get(i));
                while (ref.find()) {
                    checked++;
                    int number = Integer.parseInt(ref.group(1));
                    String before = sentenceBefore(lines, i, ref.start());
                    // the file named right before the sign, else the formats document (the contract of record)
                    Matcher named = FILE_NAMED.matcher(before);
                    String target = named.find() ? named.group(1) : "formats.md";
                    String where = name + ":" + (i + 1) + ": §" + number + " of " + target;
                    Map<Integer, String> sections = headings.get(target);
                    if (sections == null || !sections.containsKey(number)) {
                        wrong.add(where + " does not exist (its sections: " + sections + ")");
                        continue;
                    }
                    // what the reference is cited for: the words right before it (and before the file it names)
                    String citedFor = before.replaceFirst(FILE_CITED, "").replaceAll("[(\\s]+$", "");
                    citedFor = citedFor.substring(Math.max(0, citedFor.length() - CITED_FOR)).toLowerCase(Locale.ROOT);
                    for (Map.Entry<String, String> topic : TOPICS.entrySet()) {
                        if (citedFor.contains(topic.getKey())
                                && !sections.get(number).contains(topic.getValue())) {
                            sections.entrySet().stream().filter(s -> s.getValue().contains(topic.getValue())).findFirst()
                                    .ifPresent(s -> wrong.add(where + " is cited for '" + topic.getKey() + "', which is §"
                                            + s.getKey() + " (" + s.getValue() + "), not " + sections.get(number)));
                        }
                    }
                }
            }
        }
        assertTrue(checked > 20, "the docs cite sections: " + checked);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    /** The text of the sentence (within its paragraph) before a position: what the reference is cited for. */
    private static String sentenceBefore(List<String> lines, int line, int column) {
        StringBuilder text = new StringBuilder(lines.get(line).substring(0, column));
        for (int i = line - 1; i >= 0 && !lines.get(i).isBlank() && text.length() < 400; i--) {
            text.insert(0, lines.get(i) + " ");
        }
        String before = text.toString();
        int end = Math.max(before.lastIndexOf(". "), Math.max(before.lastIndexOf("; "), before.lastIndexOf("§")));
        return end < 0 ? before : before.substring(end + 1);
    }

    private static String section(String markdown, int number) {
        Matcher h = HEADING.matcher(markdown);
        int start = -1;
        while (h.find()) {
            if (start >= 0) {
                return markdown.substring(start, h.start());
            }
            if (Integer.parseInt(h.group(1)) == number) {
                start = h.end();
            }
        }
        assertTrue(start >= 0, "no section " + number);
        return markdown.substring(start);
    }

    private static String read(String path) throws IOException {
        return Files.readString(ROOT.resolve(path));
    }
}
