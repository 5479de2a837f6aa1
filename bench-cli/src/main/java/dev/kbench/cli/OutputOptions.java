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

import dev.kbench.api.ReturnMode;
import dev.kbench.stats.format.RunFormat;
import dev.kbench.stats.format.Statistic;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** Where and how a run's results are written: the output options of {@code run} and {@code demo}. */
final class OutputOptions {

    @Option(names = "--quantiles", paramLabel = "Q", split = ",",
            description = "Report these quantiles of each benchmark's samples, e.g. 0.2,0.5,0.8 (NumPy linear); "
                    + "they win over --return-mode, as in Triton's do_bench.")
    List<String> quantiles;

    @Option(names = "--return-mode", paramLabel = "MODE",
            description = "Report one value per benchmark: min, max, mean, median (default) or all (every sample).")
    ReturnMode returnMode;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "Result format on stdout: table (default), md, csv or json.")
    RunFormat format;

    @Option(names = "--csv-samples", paramLabel = "FILE",
            description = "Write every sample to FILE as it is measured (docs/formats.md §2; flushed after each "
                    + "repetition, so an interrupted run keeps what it measured); replaces FILE unless --append.")
    Path csvSamples;

    @Option(names = "--append", description = "Append to the --csv-samples file instead of replacing it.")
    boolean append;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write kbench's run JSON, with every sample, to FILE.")
    Path json;

    @Option(names = "--jmh-json", paramLabel = "FILE",
            description = "Also write JMH's result JSON to FILE, for JMH visualizers (mode avgt, ms/op; "
                    + "an iteration is a repetition).")
    Path jmhJson;

    @Option(names = {"-q", "--quiet"}, description = "No progress bar and no notices on stderr; errors still show.")
    boolean quiet;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
            description = "auto (default: a bar when stderr is a terminal), bar, lines (one line per repetition, "
                    + "for CI logs) or none.")
    String progress;

    /**
     * What to report per benchmark.
     *
     * @return quantiles if given, else the return mode, else the median
     */
    Statistic statistic() {
        if (quantiles != null && !quantiles.isEmpty()) {
            for (String q : quantiles) {
                double value;
                try {
                    value = Double.parseDouble(q.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--quantiles: '" + q + "' is not a number in [0, 1]", e);
                }
                if (!(value >= 0 && value <= 1)) {
                    throw new IllegalArgumentException("--quantiles: " + q + " is outside [0, 1]");
                }
            }
            return new Statistic.Quantiles(quantiles.stream().map(String::trim).toList());
        }
        return returnMode == null ? Statistic.DEFAULT : new Statistic.Mode(returnMode);
    }

    /**
     * How progress is shown.
     *
     * @return the mode
     */
    ProgressListener.Mode progressMode() {
        return switch (progress.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "auto" -> quiet || !Terminal.interactive() ? ProgressListener.Mode.NONE : ProgressListener.Mode.BAR;
            case "bar" -> quiet ? ProgressListener.Mode.NONE : ProgressListener.Mode.BAR;
            case "lines" -> ProgressListener.Mode.LINES;
            case "none" -> ProgressListener.Mode.NONE;
            default -> throw new IllegalArgumentException("--progress '" + progress + "': use auto, bar, lines or none");
        };
    }

    /**
     * Checks the options before anything runs.
     *
     * @throws IllegalArgumentException on the first invalid one
     */
    void validate() {
        statistic();
        progressMode();
        if (append && csvSamples == null) {
            throw new IllegalArgumentException("--append needs --csv-samples FILE");
        }
        for (Path file : new Path[] {csvSamples, json, jmhJson}) {
            if (file != null) {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
                    throw new IllegalArgumentException("cannot write '" + file + "': the directory " + parent
                            + " does not exist");
                }
            }
        }
    }
}
