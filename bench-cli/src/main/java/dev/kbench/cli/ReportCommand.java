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

import dev.kbench.api.SampleRecord;
import dev.kbench.cli.format.ReportPage;
import dev.kbench.cli.format.StatsNames;
import dev.kbench.stats.BrunnerMunzelTest;
import dev.kbench.stats.Compare;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.Summarizer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kbench report [--base BASE.csv] FILE.csv -o report.html}: a self-contained HTML page with SVG plots.
 * The base is named, never positional, so two positional files (the order this command once took, new
 * before base) are refused instead of being read the other way round.
 */
@Command(name = "report", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Write an HTML report with plots of one samples file, or of a comparison.", "",
                "A self-contained page (inline SVG, no scripts) with a summary table and a box-and-strip plot of each "
                + "benchmark's samples; given --base BASE.csv too, the comparison of FILE.csv against it (chart and table) and base-vs-new plots.",
                "", "Examples:", "  kbench report new.csv -o report.html",
                "  kbench report --base main.csv pr.csv -o report.html"},
        footer = {"", "Exit status: 0 written; 2 bad input or usage (an existing -o FILE without --force included); "
                + "5 FILE could not be written."})
final class ReportCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.csv", description = "The samples to report on (the new ones when comparing).")
    private Path file;

    /** More positional files: refused with a message, so that the old NEW BASE order is never read backwards. */
    @Parameters(index = "1..*", hidden = true)
    private List<Path> extra = List.of();

    @Option(names = "--base", paramLabel = "BASE.csv", description = "Base samples to compare FILE.csv with (optional).")
    private Path basePath;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "The HTML file to write.")
    private Path output;

    @Option(names = OutputFiles.FORCE, description = "Replace an existing -o FILE (never a read-only file or a link).")
    private boolean force;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "brunnermunzel",
            description = "Test for the comparison: brunnermunzel (default), mannwhitneyu or welch.")
    private String method;

    @Option(names = "--alpha", paramLabel = "ALPHA", defaultValue = "0.001", description = "Significance level (default 0.001).")
    private double alpha;

    @Override
    public Integer call() {
        if (!extra.isEmpty()) {
            List<Path> files = Stream.concat(Stream.of(file), extra.stream()).toList();
            throw new CommandLine.ParameterException(spec.commandLine(), "report takes one samples file, got "
                    + files.size() + ": " + files.stream().map(f -> "'" + f + "'").collect(Collectors.joining(" "))
                    + "; name the base with --base, as in `kbench report --base BASE.csv NEW.csv -o report.html`"
                    + " (report no longer takes `NEW.csv BASE.csv`: the base comes first, as in `kbench compare BASE.csv NEW.csv`)");
        }
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("the input " + file, file);
        inputs.put("the input " + basePath, basePath);
        OutputFiles.Existing existing = force ? OutputFiles.Existing.REPLACE : OutputFiles.Existing.REFUSE;
        OutputFiles.check(Map.of("-o", output), inputs, option -> existing);
        Compare compare = Compare.withDefaults().with(StatsNames.method(method))
                .with(BrunnerMunzelTest.Distribution.T).withAlpha(alpha);
        Summarizer summarizer = Summarizer.withDefaults();
        List<SampleRecord> samples = Inputs.readSamples(file);
        ReportPage.Input current = new ReportPage.Input(file.toString(), samples, summarizer.summarize(samples));
        Optional<ReportPage.Input> base = Optional.empty();
        Optional<CompareReport> comparison = Optional.empty();
        if (basePath != null) {
            List<SampleRecord> baseSamples = Inputs.readSamples(basePath);
            base = Optional.of(new ReportPage.Input(basePath.toString(), baseSamples, summarizer.summarize(baseSamples)));
            comparison = Optional.of(compare.compare(baseSamples, samples));
        }
        String html = ReportPage.html(current, base, comparison);
        OutputFiles.write("-o", output, html, existing);
        spec.commandLine().getErr().println("kbench report: wrote " + output);
        spec.commandLine().getErr().flush();
        return ExitCodes.OK;
    }
}
