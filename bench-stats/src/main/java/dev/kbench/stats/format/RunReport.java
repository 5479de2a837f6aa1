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
package dev.kbench.stats.format;

import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.StopReason;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.stats.Summarizer;
import dev.kbench.stats.Summary;
import dev.kbench.stats.SummaryWarning;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A suite run ready to be formatted: the result, how it was measured, what to report, and each
 * measured benchmark's summary (from bench-stats). Immutable.
 *
 * @param result what the suite measured
 * @param options how it was measured
 * @param statistic what to report per benchmark
 * @param rows one per outcome: by benchmark name, then the combinations in the suite's order
 */
public record RunReport(SuiteResult result, SuiteOptions options, Statistic statistic, List<Row> rows) {

    /**
     * One benchmark and combination.
     *
     * @param outcome what was measured
     * @param summary the summary of its samples, empty when it has none (skipped, or failed early)
     */
    public record Row(BenchmarkOutcome outcome, Optional<Summary> summary) {
        /** Validates the fields. */
        public Row {
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(summary, "summary");
        }

        /**
         * The value of a statistic that is one number.
         *
         * @param mode one of MIN, MAX, MEAN, MEDIAN
         * @return ms, NaN without samples
         */
        public double value(dev.kbench.api.ReturnMode mode) {
            return summary.map(s -> switch (mode) {
                case MIN -> s.minMillis();
                case MAX -> s.maxMillis();
                case MEAN -> s.meanMillis();
                case MEDIAN -> s.medianMillis();
                case ALL -> throw new IllegalArgumentException("ALL is not one value");
            }).orElse(Double.NaN);
        }
    }

    /** Validates and copies. */
    public RunReport {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(statistic, "statistic");
        rows = List.copyOf(rows);
    }

    /**
     * Summarises every measured outcome, with the summary's warnings and the outcome's
     * ({@link BenchmarkOutcome#warnings()}: thin measurements).
     *
     * @param result the run
     * @param options its settings
     * @param statistic what to report
     * @return the report
     */
    public static RunReport of(SuiteResult result, SuiteOptions options, Statistic statistic) {
        Summarizer summarizer = statistic instanceof Statistic.Quantiles q
                ? Summarizer.withDefaults().withQuantiles(q.labels().toArray(String[]::new))
                : Summarizer.withDefaults();
        List<Row> rows = new ArrayList<>();
        for (BenchmarkOutcome outcome : result.outcomes()) {
            Optional<Summary> summary = Optional.empty();
            if (outcome.measured()) {
                summary = Optional.of(summarizer.summarize(records(result, outcome)).getFirst()
                        .withWarnings(outcome.warnings().stream().map(SummaryWarning::of).toList()));
            }
            rows.add(new Row(outcome, summary));
        }
        // by benchmark, then the combinations in the order the suite lists them (a stable sort)
        rows.sort(Comparator.comparing(row -> row.outcome().benchmark()));
        return new RunReport(result, options, statistic, rows);
    }

    /**
     * An outcome's samples as samples-CSV rows, repetition by repetition.
     *
     * @param result the run, for the backend and device
     * @param outcome the benchmark
     * @return the rows
     */
    public static List<SampleRecord> records(SuiteResult result, BenchmarkOutcome outcome) {
        List<SampleRecord> records = new ArrayList<>();
        List<double[]> repetitions = outcome.repetitions();
        for (int r = 0; r < repetitions.size(); r++) {
            double[] times = repetitions.get(r);
            for (int s = 0; s < times.length; s++) {
                records.add(SampleRecord.builder(outcome.benchmark(), outcome.params().toString()).repetition(r)
                        .sample(s).timeMillis(times[s]).backend(result.backend()).device(result.device())
                        .bytes(outcome.bytesPerCall()).flops(outcome.flopsPerCall())
                        .telemetry(outcome.telemetry().get(r)).build());
            }
        }
        return records;
    }

    /**
     * Whether any outcome failed.
     *
     * @return true if one stopped with {@link StopReason#FAILED}
     */
    public boolean anyFailed() {
        return result.anyFailed();
    }
}
