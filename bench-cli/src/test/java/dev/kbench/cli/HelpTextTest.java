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

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --help} at any width keeps every token whole: {@code gelu,copy}, {@code .fatbin}, {@code a/b}. */
class HelpTextTest {

    /** A token a line break could split: a comma, period or slash followed by a letter or digit inside it. */
    private static final Pattern SPLITTABLE = Pattern.compile(".*[,./][A-Za-z0-9^-].*");

    @Test
    void everyCommandsHelpKeepsItsTokensWholeAtEveryWidth() {
        int checked = 0;
        for (int width = 55; width <= 160; width++) {
            CommandLine cli = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
            cli.setUsageHelpWidth(width);
            List<CommandLine> commands = new ArrayList<>(List.of(cli));
            commands.addAll(cli.getSubcommands().values());
            for (CommandLine command : commands) {
                String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
                for (String token : tokens(command.getCommandSpec())) {
                    checked++;
                    assertTrue(help.contains(token), "'" + token + "' is split in `kbench " + command.getCommandName()
                            + " --help` at width " + width + ":\n" + help);
                }
            }
        }
        assertTrue(checked > 1000, "tokens checked: " + checked);
    }

    /** The splittable tokens of a command's own text, without the punctuation around them. */
    private static List<String> tokens(CommandLine.Model.CommandSpec spec) {
        List<String> texts = new ArrayList<>();
        Stream.of(spec.usageMessage().description(), spec.usageMessage().footer()).forEach(t -> texts.addAll(Arrays.asList(t)));
        spec.options().forEach(o -> texts.addAll(Arrays.asList(o.description())));
        return texts.stream().flatMap(t -> Arrays.stream(t.split("\\s+")))
                .map(t -> t.replaceAll("^[(\\[`'\"]+", "").replaceAll("[)\\]`'\",.;:]+$", ""))
                .filter(t -> !t.contains("$") && !t.contains("%") && t.length() <= 24 && SPLITTABLE.matcher(t).matches())
                .toList();
    }
}
