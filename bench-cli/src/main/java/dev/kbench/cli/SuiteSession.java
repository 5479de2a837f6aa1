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

import dev.kbench.api.Backend;
import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.NoiseTarget;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteListener;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.stats.format.Numbers;
import dev.kbench.stats.format.RunFiles;
import dev.kbench.stats.format.RunReport;
import dev.kbench.stats.io.SamplesCsvWriter;
import java.io.PrintWriter;
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
     * @param main the command, told to end the process when the watchdog fires
     * @param driver the driver to run on
     * @param suite the benchmarks
     * @param options how to measure
     * @param output what to write
     * @param out stdout
     * @param err stderr
     * @param command the command line, for the environment sidecar
     * @param release in a fork ({@link dev.kbench.forks.Forks#FORK_VARIABLE} set), run once the last work on the
     *        device has finished: closes what holds the device and says so
     *        ({@link dev.kbench.forks.ForkChild#handOver(Runnable)}); not run elsewhere
     * @return {@link ExitCodes#OK}, or {@link ExitCodes#FAILURE} if a benchmark failed or nothing was measured;
     *     a fork of {@code run --forks} ({@link ForkedRuns#REPORT_VARIABLE} set) writes its run JSON whatever it
     *     measured and exits with {@link ExitCodes#OK} once it has, its parent judging the run from the forks' JSON
     */
    static int run(Main main, Backend driver, Suite suite, SuiteOptions options, OutputOptions output, PrintWriter out,
                   PrintWriter err, List<String> command, Runnable release) {
        dev.kbench.forks.ForkChild.awaitGoBeforeWork();
        ProgressListener progress = new ProgressListener(err, output.progressMode(), output.quiet);
        List<SuiteListener> listeners = new ArrayList<>();
        String runId = output.runId();
        options = options.withRunId(runId);
        OutputFiles.Samples csv = output.openSamples(runId);
        Watchdog watchdog = new Watchdog(err, output.timeout(), output.quiet, message -> {
            // on the watchdog's thread, while the measuring thread is stuck in a device call
            progress.clearBar();
            err.println(message);
            if (csv != null) {
                String closing = csv.finish();
                err.println(closing != null ? "kbench: " + closing : csv.rows() == 0
                        ? "kbench: no sample was measured; " + csv.file() + " is left as it was"
                        : "kbench: the " + csv.rows() + " samples measured so far are in " + csv.file());
            } else {
                err.println("kbench: the samples measured so far are lost; --csv-samples FILE keeps them as they are measured");
            }
            err.flush();
            main.exitEarly(ExitCodes.TIMEOUT);
        });
        try {
            if (csv != null) {
                // first, so a repetition is on disk before anything reports it
                listeners.add(SuiteListener.onSamples(csv::append));
            }
            listeners.add(watchdog);
            String device = driver.device().facts().name();
            SuiteOptions measuring = options;
            listeners.add(new SuiteListener() {
                @Override
                public void started(long seed, long plannedRepetitions) {
                    if (!output.quiet) {
                        err.println("kbench: " + driver.name() + " on " + device + ", run " + runId + ", seed " + seed
                                + " (--seed " + seed + " replays this order), " + planned(measuring, plannedRepetitions));
                        err.flush();
                    }
                }
            });
            listeners.add(progress);
            listeners.add(new SuiteListener() {
                // a traced fork's phases (-Dkbench.forks.trace): the suite set up, its first repetition timed
                private boolean timed;

                @Override
                public void started(long seed, long plannedRepetitions) {
                    dev.kbench.forks.ForkChild.trace("suite");
                }

                @Override
                public void repetition(List<SampleRecord> samples) {
                    if (!timed) {
                        timed = true;
                        dev.kbench.forks.ForkChild.trace("timed1");
                    }
                }
            });
            RunEnvironment env = RunEnvironment.start(driver, runId);
            dev.kbench.forks.ForkChild.trace("environment");
            SuiteResult result = suite.run(driver, options, SuiteListener.all(listeners));
            dev.kbench.forks.ForkChild.trace("measured");
            env.finish(driver).ifPresent(why -> err.println("kbench: the device's state at the end of the run was not read ("
                    + why + "); what was measured is reported without it"));
            watchdog.close();
            progress.clearBar();
            if (System.getenv(dev.kbench.forks.Forks.FORK_VARIABLE) != null) {
                err.flush();
                release.run();
            }
            // a fork of run --forks reports whatever became of its benchmarks, for the parent's table and exit status
            boolean reportsToParent = System.getenv(ForkedRuns.REPORT_VARIABLE) != null;
            if (!measured(result)) {
                report(result, options, output, out, java.util.Map.of(), reportsToParent);
                if (reportsToParent) {
                    return ExitCodes.OK;
                }
                err.println("kbench: nothing was measured (every benchmark was skipped or failed)"
                        + leftAsTheyWere(output, csv == null ? null : csv.file()));
                return ExitCodes.FAILURE;
            }
            if (csv != null) {
                String warning = env.write(csv.target(), command);
                if (!warning.isEmpty()) {
                    err.println(warning);
                }
            }
            report(result, options, output, out);
            if (csv != null && !output.quiet) {
                err.println("kbench: samples in " + csv.file() + (SamplesCsvWriter.isStream(csv.file()) ? ""
                        : ", environment in " + RunEnvironment.sidecar(csv.file())) + "; compare two runs with: " + Main.typed() + " compare BASE.csv NEW.csv");
            }
            return reportsToParent ? ExitCodes.OK : exitStatus(result);
        } finally {
            watchdog.close();
            progress.clearBar();
            if (csv != null) {
                String closing = csv.finish();
                if (closing != null) {
                    err.println("kbench: " + closing);
                }
            }
        }
    }

    /**
     * What the run plans, for its first line: a number of repetitions, or with a noise target the most it
     * may take, since each benchmark stops as soon as its median is precise enough.
     *
     * @param options how the suite is measured
     * @param plannedRepetitions the suite runner's count: every benchmark's repetitions, or maximum repetitions
     * @return for example {@code 160 repetitions planned}, or {@code up to 16000 repetitions: ...}
     */
    static String planned(SuiteOptions options, long plannedRepetitions) {
        if (options.noiseTarget().isEmpty()) {
            return plannedRepetitions + (plannedRepetitions == 1 ? " repetition planned" : " repetitions planned");
        }
        NoiseTarget target = options.noiseTarget().get();
        return String.format(java.util.Locale.ROOT, "up to %d repetitions: each benchmark stops once its median's "
                        + "%.0f%% interval is within ±%s%%, after %d to %d repetitions or %s s of measuring",
                plannedRepetitions, 100 * target.confidence(), Numbers.plain(100 * target.relativeHalfWidth()),
                target.minRepetitions(), target.maxRepetitions(), Numbers.plain(target.budgetMillis() / 1000));
    }

    /**
     * The outputs a run that measured nothing leaves alone, for the end of its message.
     *
     * @param output the run's outputs
     * @param samples the samples file, or null
     * @return e.g. {@code ; s.csv and run.json are left as they were}, or empty where none was given
     */
    static String leftAsTheyWere(OutputOptions output, Path samples) {
        List<String> files = new ArrayList<>();
        if (samples != null) {
            files.add(samples.toString());
        }
        for (OutputTarget target : new OutputTarget[] {output.json(), output.jmhJson()}) {
            if (target != null) {
                files.add(target.file().toString());
            }
        }
        return files.isEmpty() ? "" : "; " + String.join(" and ", files) + (files.size() == 1 ? " is left as it was"
                : " are left as they were");
    }

    /**
     * Whether a run measured anything: a benchmark with at least one repetition.
     *
     * @param result the run
     * @return false where every benchmark was skipped or failed, or none was reached
     */
    static boolean measured(SuiteResult result) {
        return result.outcomes().stream().anyMatch(BenchmarkOutcome::measured);
    }

    /**
     * A run's exit status, one process's or a forked run's merged over its forks: a benchmark that failed, or
     * nothing measured, fails it.
     *
     * @param result the run
     * @return {@link ExitCodes#OK}, else {@link ExitCodes#FAILURE}
     */
    static int exitStatus(SuiteResult result) {
        return measured(result) && !result.anyFailed() ? ExitCodes.OK : ExitCodes.FAILURE;
    }

    /**
     * Writes a run's results in the chosen formats: stdout, and the JSON files asked for (each written
     * whole, through a temporary file and a rename). Where nothing was {@link #measured}, stdout has the
     * table of what became of each benchmark (nothing where no benchmark was reached, as when a signal
     * stops a forked run before its first fork recorded one) and no file is written: an existing
     * {@code --json} or {@code --jmh-json} FILE, even with {@code --force}, is left as it was.
     *
     * @param result the run
     * @param options how it was measured
     * @param output what to write
     * @param out stdout
     */
    static void report(SuiteResult result, SuiteOptions options, OutputOptions output, PrintWriter out) {
        report(result, options, output, out, java.util.Map.of());
    }

    /**
     * Writes a run measured in forks, as {@link #report(SuiteResult, SuiteOptions, OutputOptions, PrintWriter)}.
     *
     * @param result the run, every fork's repetitions one after another
     * @param options how it was measured
     * @param output what to write
     * @param out stdout
     * @param repetitionsPerFork per benchmark id, how many repetitions each fork measured (for the JMH JSON)
     */
    static void report(SuiteResult result, SuiteOptions options, OutputOptions output, PrintWriter out,
                       java.util.Map<String, int[]> repetitionsPerFork) {
        report(result, options, output, out, repetitionsPerFork, false);
    }

    /**
     * As {@link #report(SuiteResult, SuiteOptions, OutputOptions, PrintWriter, java.util.Map)}, where
     * {@code unmeasuredToo} writes the files of a run that measured nothing as well: a fork's, for its parent.
     */
    private static void report(SuiteResult result, SuiteOptions options, OutputOptions output, PrintWriter out,
                               java.util.Map<String, int[]> repetitionsPerFork, boolean unmeasuredToo) {
        RunReport report = RunReport.of(result, options, output.statistic());
        if (!result.outcomes().isEmpty()) {
            output.format.write(report, out, Terminal.colours());
            out.flush();
        }
        if (!measured(result) && !unmeasuredToo) {
            return;
        }
        if (output.json() != null) {
            output.json().write(RunFiles.json(report));
        }
        if (output.jmhJson() != null) {
            output.jmhJson().write(RunFiles.jmhJson(report, repetitionsPerFork));
        }
    }
}
