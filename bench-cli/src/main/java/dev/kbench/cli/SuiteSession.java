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

import dev.kbench.api.spi.Driver;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteListener;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.stats.format.RunFiles;
import dev.kbench.stats.format.RunReport;
import dev.kbench.stats.SamplesCsvWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a suite for {@code run} and {@code demo}: streams samples to the CSV as they are measured,
 * shows progress on stderr, then writes the results in the chosen formats.
 */
final class SuiteSession {

    private SuiteSession() {
    }

    /**
     * Runs the suite and writes every output.
     *
     * @param driver the driver to run on
     * @param suite the benchmarks
     * @param options how to measure
     * @param output what to write
     * @param out stdout
     * @param err stderr
     * @param command the command line, for the environment sidecar
     * @return {@link ExitCodes#OK}, or {@link ExitCodes#FAILURE} if a benchmark failed
     */
    static int run(Driver driver, Suite suite, SuiteOptions options, OutputOptions output, PrintWriter out,
                   PrintWriter err, List<String> command) {
        ProgressListener progress = new ProgressListener(err, output.progressMode(), output.quiet);
        List<SuiteListener> listeners = new ArrayList<>();
        SamplesCsvWriter csv = openCsv(output);
        try {
            if (csv != null) {
                // first, so a repetition is on disk before anything reports it
                listeners.add(SuiteListener.onSamples(rows -> append(csv, rows)));
            }
            String device = driver.deviceInterface().facts().name();
            listeners.add(new SuiteListener() {
                @Override
                public void started(long seed, long plannedRepetitions) {
                    if (!output.quiet) {
                        err.println("kbench: " + driver.name() + " on " + device + ", seed " + seed + " (--seed "
                                + seed + " replays this order), " + plannedRepetitions + " repetitions planned");
                        err.flush();
                    }
                }
            });
            listeners.add(progress);
            RunEnvironment env = RunEnvironment.start(driver);
            SuiteResult result = suite.run(driver, options, SuiteListener.all(listeners));
            env.finish(driver);
            progress.clearBar();
            if (csv != null) {
                String warning = env.write(csv.file(), output.append, command);
                if (!warning.isEmpty()) {
                    err.println(warning);
                }
            }
            report(result, options, output, out);
            if (csv != null && !output.quiet) {
                err.println("kbench: samples in " + csv.file() + ", environment in " + RunEnvironment.sidecar(csv.file())
                        + "; compare two runs with: kbench compare BASE.csv NEW.csv");
            }
            return result.anyFailed() ? ExitCodes.FAILURE : ExitCodes.OK;
        } finally {
            progress.clearBar();
            if (csv != null) {
                try {
                    csv.close();
                } catch (IOException e) {
                    err.println("kbench: closing " + csv.file() + " failed: " + e.getMessage());
                }
            }
        }
    }

    /**
     * Writes a run's results in the chosen formats: stdout, and the JSON files asked for.
     *
     * @param result the run
     * @param options how it was measured
     * @param output what to write
     * @param out stdout
     */
    static void report(SuiteResult result, SuiteOptions options, OutputOptions output, PrintWriter out) {
        RunReport report = RunReport.of(result, options, output.statistic());
        output.format.write(report, out, Terminal.colours());
        if (output.json != null) {
            write(output.json, RunFiles.json(report));
        }
        if (output.jmhJson != null) {
            write(output.jmhJson, RunFiles.jmhJson(report));
        }
    }

    /**
     * Opens the {@code --csv-samples} file, replacing it unless {@code --append}.
     *
     * @param output the options
     * @return the writer, null without {@code --csv-samples}
     */
    static SamplesCsvWriter openCsv(OutputOptions output) {
        if (output.csvSamples == null) {
            return null;
        }
        try {
            if (!output.append) {
                Files.deleteIfExists(output.csvSamples);
            }
            return SamplesCsvWriter.open(output.csvSamples);
        } catch (IOException e) {
            throw new InputException("cannot write the samples file '" + output.csvSamples + "': " + e.getMessage(), e);
        }
    }

    /** Appends rows, failing the run if the file cannot be written. */
    static void append(SamplesCsvWriter csv, List<SampleRecord> rows) {
        try {
            csv.append(rows);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + csv.file() + " failed: " + e.getMessage(), e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text.endsWith("\n") ? text : text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write '" + file + "': " + e.getMessage(), e);
        }
    }
}
