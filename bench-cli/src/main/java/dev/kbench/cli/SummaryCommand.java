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

import dev.kbench.stats.SampleSet;
import dev.kbench.stats.Summarizer;
import dev.kbench.stats.Summary;
import dev.kbench.stats.format.DashboardJson;
import dev.kbench.stats.format.SummaryTable;
import dev.kbench.stats.io.StatsJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code kbench summary FILE.csv}: docs/formats.md §4, robust summaries of each benchmark's samples. */
@Command(name = "summary", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Summarise each benchmark of a samples file.", "",
                "docs/formats.md §4: n, min, max, mean, median, stddev (n-1) and quantiles (NumPy linear), with warnings "
                + "about noise, few samples or a missing warmup.",
                "", "Example:", "  kbench summary samples.csv --quantiles 0.1,0.5,0.9 --format json"},
        footer = {"", "Exit status: 0 ok; 2 bad input or usage; 5 standard output could not be written."})
final class SummaryCommand implements Callable<Integer> {

    /** The formats on stdout. */
    enum Format {
        /** The readable table. */
        TABLE,
        /** Markdown. */
        MD,
        /** docs/formats.md §4's JSON. */
        JSON,
        /** github-action-benchmark's customSmallerIsBetter JSON (§11). */
        GITHUB,
        /** Bencher's BMF JSON (§11). */
        BENCHER
    }

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.csv", description = "A samples file (docs/formats.md §2).")
    private Path file;

    @Option(names = "--quantiles", paramLabel = "Q", split = ",", defaultValue = "0.2,0.5,0.8",
            description = "Quantiles to report (default 0.2,0.5,0.8), kept as written for the JSON keys.")
    private List<String> quantiles;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "table (default), md, json (docs/formats.md §4), or for dashboards github "
                    + "(github-action-benchmark's customSmallerIsBetter) or bencher (Bencher's BMF): per benchmark the "
                    + "median of its forks' medians with an interval as bounds (§11).")
    private Format format;

    @Option(names = "--details", description = "With --format json: add the robust details (IQR, MAD, median "
            + "interval, relative noise, outliers, warnings) after §4's keys.")
    private boolean details;

    @Override
    public Integer call() {
        Summarizer summarizer = Summarizer.withDefaults().withQuantiles(OutputOptions.checkQuantiles(quantiles)
                .toArray(String[]::new));
        SampleSet samples = Inputs.readSamples(file, spec);
        List<Summary> summaries = summarizer.summarize(samples);
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case JSON -> out.print(details ? StatsJson.summaryWithDetails(summaries) : StatsJson.summary(summaries));
            case MD -> out.print(SummaryTable.of(summaries).toMarkdown());
            case GITHUB -> out.print(DashboardJson.run(samples, DashboardJson.Dashboard.GITHUB));
            case BENCHER -> out.print(DashboardJson.run(samples, DashboardJson.Dashboard.BENCHER));
            case TABLE -> out.print("# kbench summary: " + file + runs(samples) + "\n"
                    + SummaryTable.of(summaries).toText(Terminal.colours()));
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * How many runs a samples file holds, for a title: empty for one, else e.g.
     * {@code , 2 runs (20261201T111500Z-3f9a2c1b, 20261201T112000Z-0a1b2c3d)}.
     *
     * @param samples the file's samples
     * @return the note
     */
    static String runs(SampleSet samples) {
        List<String> ids = samples.runIds();
        if (ids.size() < 2) {
            return "";
        }
        List<String> shown = ids.stream().limit(3).map(id -> id.isEmpty() ? "(no run id)" : id).toList();
        return ", " + ids.size() + " runs (" + String.join(", ", shown) + (ids.size() > 3 ? ", ..." : "") + ")";
    }
}
