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
import dev.kbench.cli.format.CompareExport;
import dev.kbench.cli.format.CompareTable;
import dev.kbench.cli.format.StatsNames;
import dev.kbench.stats.Compare;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.StatsJson;
import dev.kbench.stats.Verdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code kbench compare BASE.csv NEW.csv}: docs/formats.md §3, a significance test per benchmark and a CI gate. */
@Command(name = "compare", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Compare two samples files benchmark by benchmark; a CI gate.", "",
                "Every benchmark present in both files gets a significance test (docs/formats.md §3): NEW is slower "
                + "when pvalue_less < alpha, faster when pvalue_greater < alpha, else same.", "", "Example:", "  kbench compare main.csv pr.csv --export-to compare.html"},
        footer = {"", "Exit status: 0 nothing fails the --fail-on rule; 1 a benchmark does (default: one is slower); "
                + "2 bad input or usage; 5 an output could not be written."})
final class CompareCommand implements Callable<Integer> {

    /** What makes {@code compare} exit with status 1. */
    enum FailOn {
        /** A benchmark is slower (the default). */
        REGRESSION,
        /** A benchmark is slower or faster: any significant change. */
        ANY,
        /** Never: report only. */
        NEVER
    }

    /** The formats on stdout. */
    enum Format {
        /** The readable table. */
        TABLE,
        /** Markdown. */
        MD,
        /** docs/formats.md §3's JSON. */
        JSON
    }

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE.csv", description = "Samples of the base, e.g. the main branch.")
    private Path basePath;

    @Parameters(index = "1", paramLabel = "NEW.csv", description = "Samples of the new code.")
    private Path newPath;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "brunnermunzel",
            description = "brunnermunzel (default), mannwhitneyu or welch; p-values are SciPy's.")
    private String method;

    @Option(names = "--alpha", paramLabel = "ALPHA", defaultValue = "0.001",
            description = "Significance level of each one-sided test (default 0.001).")
    private double alpha;

    @Option(names = "--distribution", paramLabel = "DIST", defaultValue = "t",
            description = "Brunner-Munzel's p-value distribution: t (default) or normal.")
    private String distribution;

    @Option(names = "--fail-on", paramLabel = "WHAT", defaultValue = "regression",
            description = "Exit 1 on: regression (default: a benchmark is slower), any (slower or faster) or never.")
    private FailOn failOn;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "table (default; coloured on a terminal), md or json (docs/formats.md §3).")
    private Format format;

    @Option(names = "--always-show-pvalues", description = "Show the p-value of every benchmark, not only of changed ones.")
    private boolean alwaysShowPValues;

    @Option(names = "--export-to", paramLabel = "FILE",
            description = "Also write the comparison to FILE: .txt, .md, .html (table and chart) or .svg (chart).")
    private Path exportTo;

    @Option(names = OutputFiles.FORCE, description = "Replace an existing --export-to FILE (never a read-only file or a link).")
    private boolean force;

    @Option(names = "--aggregate", paramLabel = "WHAT", defaultValue = "samples",
            description = "Test every sample (samples, default) or one mean per repetition (repetition_mean, "
                    + "as benchstats recommends; adds a stability check).")
    private String aggregate;

    @Option(names = "--correction", paramLabel = "HOW", defaultValue = "none",
            description = "Multiple-comparison correction of alpha: none (default) or bonferroni.")
    private String correction;

    @Option(names = "--bootstrap", paramLabel = "N", defaultValue = "1000",
            description = "Bootstrap resamples for the interval of the median ratio (default 1000; 0 skips it).")
    private int bootstrap;

    @Option(names = "--seed", paramLabel = "SEED", description = "Seed of the bootstrap and the stability shuffles.")
    private Long seed;

    @Override
    public Integer call() {
        Compare compare = Compare.withDefaults()
                .with(StatsNames.method(method))
                .with(StatsNames.distribution(distribution))
                .with(StatsNames.aggregation(aggregate))
                .with(StatsNames.correction(correction))
                .withAlpha(alpha)
                .withBootstrapResamples(bootstrap);
        if (seed != null) {
            compare = compare.withSeed(seed);
        }
        CompareExport export = exportTo == null ? null : CompareExport.forFile(exportTo.getFileName().toString());
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("the input " + basePath, basePath);
        inputs.put("the input " + newPath, newPath);
        Map<String, Path> outputs = new HashMap<>();
        outputs.put("--export-to", exportTo);
        OutputFiles.Existing existing = force ? OutputFiles.Existing.REPLACE : OutputFiles.Existing.REFUSE;
        OutputFiles.check(outputs, inputs, option -> existing);
        List<SampleRecord> base = Inputs.readSamples(basePath);
        List<SampleRecord> next = Inputs.readSamples(newPath);
        CompareReport report = compare.compare(base, next);
        if (report.results().isEmpty()) {
            throw new InputException("no benchmark is in both " + basePath + " and " + newPath + "; "
                    + CompareTable.unmatched(report).strip().replace('\n', ';'));
        }
        String title = CompareTable.describe(report, basePath.toString(), newPath.toString());
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case JSON -> out.print(StatsJson.compare(report));
            case MD -> out.print(CompareExport.MD.render(report, title, alwaysShowPValues));
            case TABLE -> out.print("# " + title + "\n" + CompareTable.of(report, alwaysShowPValues).toText(Terminal.colours())
                    + CompareTable.unmatched(report));
        }
        out.flush();
        if (exportTo != null) {
            OutputFiles.write("--export-to", exportTo, export.render(report, title, alwaysShowPValues), existing);
        }
        boolean fails = switch (failOn) {
            case REGRESSION -> report.count(Verdict.SLOWER) > 0;
            case ANY -> report.count(Verdict.SLOWER) + report.count(Verdict.FASTER) > 0;
            case NEVER -> false;
        };
        if (fails && format != Format.JSON) {
            spec.commandLine().getErr().println("kbench compare: " + report.count(Verdict.SLOWER) + " slower, "
                    + report.count(Verdict.FASTER) + " faster (--fail-on " + failOn.name().toLowerCase(Locale.ROOT) + ")");
            spec.commandLine().getErr().flush();
        }
        return fails ? ExitCodes.REGRESSION : ExitCodes.OK;
    }
}
