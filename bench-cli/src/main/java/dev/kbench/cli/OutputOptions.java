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
import dev.kbench.api.RunId;
import dev.kbench.stats.format.RunFormat;
import dev.kbench.stats.format.Statistic;
import dev.kbench.stats.io.WriteMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /** The option naming the samples file, as a parent passes it to its child processes. */
    static final String CSV_SAMPLES = "--csv-samples";

    @Option(names = CSV_SAMPLES, paramLabel = "FILE",
            description = "Write every sample to FILE as it is measured (flushed after each repetition, so an "
                    + "interrupted run keeps what it measured). An existing FILE is an error unless --append or --force; "
                    + "a second run writing the same FILE is refused while the first holds it.")
    Path csvSamples;

    @Option(names = "--append", description = "Add this run to an existing --csv-samples file (same header) instead of "
            + "refusing it; its rows carry this run's run_id, so the file holds two runs, not repeated samples.")
    boolean append;

    @Option(names = "--run-id", paramLabel = "ID", description = "This run's identity in the samples' run_id column and "
            + "the environment file (default: the UTC start time and 8 random hex digits, e.g. 20261201T111500Z-3f9a2c1b); "
            + "e.g. a CI build id. Letters, digits and . _ : + - only.")
    String runId;

    /** The run id, drawn once. */
    private String resolvedRunId;

    @Option(names = OutputFiles.FORCE, description = "Replace existing output files (--csv-samples and its FILE.env.json, --json, --jmh-json); "
            + "never read-only files, links or devices. An existing samples file is replaced only once the first "
            + "repetition is measured.")
    boolean force;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10m",
            description = "Stop the run with exit status 4 when one repetition of a benchmark (the first with its setup "
                    + "and warmup) takes longer than this: e.g. 90s, 10m (default), 1h, or 0/off for never. The samples "
                    + "measured so far stay in --csv-samples; every 10 s of one long step a line on stderr says so.")
    String timeout;

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
        if (quantiles != null) {
            return new Statistic.Quantiles(checkQuantiles(quantiles));
        }
        return returnMode == null ? Statistic.DEFAULT : new Statistic.Mode(returnMode);
    }

    /**
     * Checks the values of a {@code --quantiles} option ({@code run}, {@code demo}, {@code summary}).
     *
     * @param quantiles the values as split at commas
     * @return them, trimmed
     * @throws UsageException naming the value that is not a number in [0, 1] or is given twice, or
     *         saying that none was given ({@code --quantiles ,})
     */
    static List<String> checkQuantiles(List<String> quantiles) {
        if (quantiles.isEmpty() || quantiles.stream().anyMatch(String::isBlank)) {
            throw new UsageException("--quantiles '" + String.join(",", quantiles) + "' has an empty "
                    + "value; give numbers in [0, 1] separated by commas, e.g. 0.2,0.5,0.8");
        }
        Map<Double, String> seen = new HashMap<>();
        for (String q : quantiles) {
            double value;
            try {
                value = Double.parseDouble(q.trim());
            } catch (NumberFormatException e) {
                throw new UsageException("--quantiles: '" + q + "' is not a number in [0, 1]", e);
            }
            if (!(value >= 0 && value <= 1)) {
                throw new UsageException("--quantiles: " + q + " is outside [0, 1]");
            }
            String before = seen.putIfAbsent(value, q);
            if (before != null) {
                throw new UsageException("--quantiles: " + q + " is given twice" + (before.equals(q) ? ""
                        : " (as " + before + ")") + "; give each quantile once");
            }
        }
        return quantiles.stream().map(String::trim).toList();
    }

    /**
     * This invocation's run id: {@code --run-id}, else one drawn now and kept.
     *
     * @return the id
     * @throws UsageException naming {@code --run-id} if the value is not a valid id
     */
    String runId() {
        if (resolvedRunId == null) {
            resolvedRunId = runId != null ? UsageException.option("--run-id", RunId::check, runId) : RunId.next();
        }
        return resolvedRunId;
    }

    /**
     * The watchdog's timeout.
     *
     * @return the duration; zero for none
     * @throws UsageException naming {@code --timeout} if the value is not a duration in range
     */
    Duration timeout() {
        return parseTimeout(timeout);
    }

    /** Largest --timeout: a week. */
    private static final Duration MAX_TIMEOUT = Duration.ofDays(7);

    static Duration parseTimeout(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("0") || t.equals("off")) {
            return Duration.ZERO;
        }
        Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|min|h)?").matcher(t);
        String range = "; give a duration from 1s to 7d (168h) such as 90s, 10m or 1h, or 0/off for none";
        if (!m.matches()) {
            throw new UsageException("--timeout '" + text + "' is not a duration" + range);
        }
        double value = Double.parseDouble(m.group(1));
        double seconds = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> value / 1000;
            case "m", "min" -> value * 60;
            case "h" -> value * 3600;
            default -> value;
        };
        if (!(seconds >= 1) || seconds > MAX_TIMEOUT.toSeconds()) {
            throw new UsageException("--timeout '" + text + "' is out of range" + range);
        }
        return Duration.ofMillis(Math.round(seconds * 1000));
    }

    /**
     * The samples file: appended to with {@code --append}, replaced with {@code --force}, else refused if it exists.
     *
     * @return {@code --csv-samples}, or null when not given
     */
    OutputTarget samples() {
        return OutputTarget.samples(CSV_SAMPLES, csvSamples,
                append ? WriteMode.APPEND : force ? WriteMode.REPLACE : WriteMode.CREATE_NEW);
    }

    /**
     * Opens {@code --csv-samples} for this run (and locks it).
     *
     * @param runId the run id every row gets
     * @return the open file, or null when {@code --csv-samples} was not given
     * @throws UsageException if the file exists and may not be, or another run holds it
     */
    OutputFiles.Samples openSamples(String runId) {
        OutputTarget samples = samples();
        return samples == null ? null : samples.openSamples(runId);
    }

    /**
     * The run JSON file.
     *
     * @return {@code --json}, or null when not given
     */
    OutputTarget json() {
        return OutputTarget.of("--json", json, force);
    }

    /**
     * The JMH JSON file.
     *
     * @return {@code --jmh-json}, or null when not given
     */
    OutputTarget jmhJson() {
        return OutputTarget.of("--jmh-json", jmhJson, force);
    }

    /** The outputs given; the samples file's environment sidecar among them. */
    private List<OutputTarget> targets() {
        OutputTarget samples = samples();
        List<OutputTarget> targets = new ArrayList<>();
        targets.add(samples);
        targets.add(samples == null ? null : samples.sidecar().orElse(null));
        targets.add(json());
        targets.add(jmhJson());
        targets.add(ForkedRuns.trace());
        return targets;
    }

    /**
     * How progress is shown.
     *
     * @return the mode
     */
    ProgressListener.Mode progressMode() {
        return switch (progress.trim().toLowerCase(Locale.ROOT)) {
            case "auto" -> quiet || !Terminal.interactive() ? ProgressListener.Mode.NONE : ProgressListener.Mode.BAR;
            case "bar" -> quiet ? ProgressListener.Mode.NONE : ProgressListener.Mode.BAR;
            case "lines" -> ProgressListener.Mode.LINES;
            case "none" -> ProgressListener.Mode.NONE;
            default -> throw new UsageException("--progress '" + progress + "': use auto, bar, lines or none");
        };
    }

    /**
     * Checks the options before anything runs.
     *
     * @param inputs what the command reads (a kernel file), which no output may overwrite
     * @throws UsageException on the first invalid one
     */
    void validate(Map<String, Path> inputs) {
        statistic();
        progressMode();
        timeout();
        runId();
        if (append && csvSamples == null) {
            throw new UsageException("--append needs --csv-samples FILE");
        }
        if (append && force) {
            throw new UsageException("--append and " + OutputFiles.FORCE + " exclude each other: add to the "
                    + "samples file, or replace it");
        }
        OutputFiles.check(targets(), inputs);
    }
}
