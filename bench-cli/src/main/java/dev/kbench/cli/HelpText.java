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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * Help text that never splits a token across lines. picocli wraps with {@link java.text.BreakIterator},
 * which breaks after a comma, a period or a slash inside a word ({@code gelu,copy}, {@code .fatbin},
 * {@code --base-suite-dir/--new-suite-dir}); a user who copies such a token from {@code --help} gets half of
 * it. Each rendered section is rejoined: a line that ends inside a token of the command's own text gives
 * that piece to the next line, and a line made too long gives its last word on.
 */
final class HelpText {

    private HelpText() {
    }

    /**
     * Makes every section of the command's help, and of its subcommands', keep tokens whole.
     *
     * @param cli the command line
     */
    static void keepTokensWhole(CommandLine cli) {
        String source = String.join("\n", texts(cli.getCommandSpec()));
        Map<String, CommandLine.IHelpSectionRenderer> sections = cli.getHelpSectionMap();
        sections.replaceAll((key, renderer) -> help -> rejoin(renderer.render(help), source, help.commandSpec().usageMessage().width()));
        cli.setHelpSectionMap(sections);
        cli.getSubcommands().values().forEach(HelpText::keepTokensWhole);
    }

    /** The command's own words: its header, description and footer, its options' and parameters' descriptions. */
    private static List<String> texts(CommandLine.Model.CommandSpec spec) {
        List<String> texts = new ArrayList<>();
        CommandLine.Model.UsageMessageSpec usage = spec.usageMessage();
        Stream.of(usage.header(), usage.description(), usage.footer()).forEach(t -> texts.addAll(Arrays.asList(t)));
        spec.options().forEach(o -> texts.addAll(Arrays.asList(o.description())));
        spec.positionalParameters().forEach(p -> texts.addAll(Arrays.asList(p.description())));
        return texts;
    }

    /**
     * Whether a line that ends with {@code last} and a next line that starts with {@code first} split one
     * token: the wrapping breaks inside a word only after a comma, period or slash (picocli keeps hyphens),
     * and the command's text holds the two pieces joined.
     */
    private static boolean split(String last, String first, String source) {
        return !last.isEmpty() && ",./".indexOf(last.charAt(last.length() - 1)) >= 0 && !first.isEmpty()
                && source.contains(last + first);
    }

    /**
     * A rendered section with every token of {@code source} that the wrapping split across two lines
     * moved whole onto the second line.
     *
     * @param text the section as picocli rendered it
     * @param source the text it was rendered from, whose tokens must stay whole
     * @param width the help's width
     * @return the section
     */
    static String rejoin(String text, String source, int width) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        for (int i = 0; i + 1 < lines.size(); i++) {
            String line = lines.get(i);
            String next = lines.get(i + 1);
            int space = line.lastIndexOf(' ');
            String tail = line.substring(space + 1);
            String head = next.stripLeading();
            int indent = next.length() - head.length();
            if (space < 0 || line.isBlank() || head.isEmpty() || !split(tail, head.split(" ", 2)[0], source)) {
                continue;   // the lines broke at a space
            }
            lines.set(i, line.substring(0, space).stripTrailing());
            lines.set(i + 1, " ".repeat(indent) + tail + head);
            // a line made too long gives its last words to the next line of its paragraph (same indent),
            // or to a new one after the paragraph's last line
            for (int j = i + 1; j < lines.size() && lines.get(j).length() > width; j++) {
                String over = lines.get(j);
                int cut = over.lastIndexOf(' ');
                if (cut <= indent) {
                    break;   // one word longer than the column: picocli's own overflow
                }
                String word = over.substring(cut + 1);
                lines.set(j, over.substring(0, cut).stripTrailing());
                String following = j + 1 < lines.size() ? lines.get(j + 1) : "";
                String rest = following.stripLeading();
                if (rest.isEmpty() || following.length() - rest.length() != indent) {
                    lines.add(j + 1, " ".repeat(indent) + word);
                } else {
                    // the word may be the first piece of a token split over these two lines: no space then
                    lines.set(j + 1, " ".repeat(indent) + word + (split(word, rest.split(" ", 2)[0], source) ? "" : " ") + rest);
                }
            }
        }
        return String.join("\n", lines);
    }
}
