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
import dev.kbench.api.ReturnMode;
import dev.kbench.api.Submission;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.Timing;
import dev.kbench.api.TimingMethod;
import dev.kbench.stats.Summary;
import dev.kbench.stats.SummaryWarning;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The table of a run: one row per benchmark and combination. */
final class RunTable {

    private RunTable() {
    }

    static String header(RunReport report) {
        return "# " + describe(report) + "\n";
    }

    static String markdownHeader(RunReport report) {
        return describe(report) + "\n\n";
    }

    /**
     * One line saying where and how the run was measured.
     *
     * @param report the run
     * @return e.g. {@code opencl on pthread-haswell, seed 42, interleaved, 10 repetitions, cache clear 256 MiB}
     */
    static String describe(RunReport report) {
        SuiteOptions o = report.options();
        String repetitions = o.noiseTarget().isPresent()
                ? String.format(Locale.ROOT, "noise target %s%% (%d..%d repetitions, %s ms budget)",
                        Numbers.significant(100 * o.noiseTarget().get().relativeHalfWidth(), 3),
                        o.noiseTarget().get().minRepetitions(), o.noiseTarget().get().maxRepetitions(),
                        Numbers.significant(o.noiseTarget().get().budgetMillis(), 6))
                : o.repetitions() + (o.repetitions() == 1 ? " repetition" : " repetitions");
        return String.format(Locale.ROOT, "kbench run: %s on %s, seed %d, %s, %s of ~%s ms, %s",
                report.result().backend(), report.result().device(), report.result().seed(),
                report.result().schedule().name().toLowerCase(Locale.ROOT), repetitions,
                Numbers.significant(o.repetitionMillis(), 6), o.timing() == Timing.HOT
                        ? "hot timing (batches of back-to-back calls, no cache clear)" : "cache clear " + bytes(o.cacheClearBytes()))
                + (o.submission() == Submission.GRAPH ? ", graph replay" : "")
                + (o.placeEvery() > 0 ? ", fresh placement every " + o.placeEvery() + " repetition(s)" : "");
    }

    static String bytes(long bytes) {
        if (bytes == 0) {
            return "off";
        }
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1 && value % 1024 == 0) {
            value /= 1024;
            unit++;
        }
        return Numbers.significant(value, 6) + " " + units[unit];
    }

    static TextTable of(RunReport report) {
        TextTable table = new TextTable()
                .column("benchmark", TextTable.Align.LEFT)
                .column("params", TextTable.Align.LEFT)
                .column("reps", TextTable.Align.RIGHT)
                .column("samples", TextTable.Align.RIGHT);
        List<String> valueLabels = valueLabels(report.statistic());
        for (String label : valueLabels) {
            table.column(label, report.statistic() instanceof Statistic.Mode m && m.mode() == ReturnMode.ALL
                    ? TextTable.Align.LEFT : TextTable.Align.RIGHT);
        }
        table.column("noise", TextTable.Align.RIGHT)
                .column("GB/s", TextTable.Align.RIGHT)
                .column("TFLOP/s", TextTable.Align.RIGHT)
                .column("% peak", TextTable.Align.RIGHT)
                .column("note", TextTable.Align.LEFT);
        for (RunReport.Row row : report.rows()) {
            BenchmarkOutcome o = row.outcome();
            table.row().cell(o.benchmark()).cell(o.params().toString());
            if (row.summary().isEmpty()) {
                table.cell(o.measured() ? Integer.toString(o.repetitions().size()) : "").cell("");
                for (int i = 0; i < valueLabels.size(); i++) {
                    table.cell("");
                }
                table.cell("").cell("").cell("").cell("");
            } else {
                Summary s = row.summary().get();
                table.cell(Integer.toString(o.repetitions().size())).cell(Integer.toString(s.n()));
                for (String value : values(report.statistic(), row)) {
                    table.cell(value);
                }
                table.cell(Numbers.fixed(100 * s.relativeNoise(), 1) + "%",
                        s.warnings().stream().anyMatch(w -> w.kind() == SummaryWarning.Kind.NOISY)
                                ? TextTable.Tone.BAD : TextTable.Tone.PLAIN);
                table.cell(o.gigabytesPerSecond().isPresent() ? Numbers.significant(o.gigabytesPerSecond().getAsDouble(), 4) : "");
                table.cell(o.teraflopsPerSecond().isPresent() ? Numbers.significant(o.teraflopsPerSecond().getAsDouble(), 4) : "");
                table.cell(o.percentOfPeakBandwidth().isPresent() ? Numbers.fixed(o.percentOfPeakBandwidth().getAsDouble(), 1) : "");
            }
            table.cell(note(row), tone(o));
        }
        return table;
    }

    static List<String> valueLabels(Statistic statistic) {
        return switch (statistic) {
            case Statistic.Quantiles q -> q.labels().stream()
                    .map(l -> Numbers.percentile(Double.parseDouble(l)) + " ms").toList();
            case Statistic.Mode m -> List.of(Statistic.label(m.mode()) + " ms");
        };
    }

    static List<String> values(Statistic statistic, RunReport.Row row) {
        Summary s = row.summary().orElseThrow();
        return switch (statistic) {
            case Statistic.Quantiles q -> s.quantiles().stream().map(v -> Numbers.millis(v.valueMillis())).toList();
            case Statistic.Mode m when m.mode() == ReturnMode.ALL -> List.of(Arrays.stream(row.outcome().samplesMillis())
                    .mapToObj(Numbers::millis).collect(Collectors.joining(" ")));
            case Statistic.Mode m -> List.of(Numbers.millis(row.value(m.mode())));
        };
    }

    /** Why a benchmark stopped, if not after its repetitions, and the summary's warnings. */
    static String note(RunReport.Row row) {
        BenchmarkOutcome o = row.outcome();
        List<String> parts = new ArrayList<>();
        switch (o.stopReason()) {
            case FAILED -> parts.add("FAILED: " + firstLine(o.reason().orElse("")));
            case SKIPPED -> parts.add("skipped: " + o.reason().orElse(""));
            case NOISE_TARGET -> parts.add("noise target met");
            case TIME_BUDGET -> parts.add("time budget reached");
            case MAX_REPETITIONS -> parts.add("max repetitions reached");
            case REPETITIONS -> { }
        }
        if (o.measured() && o.timing() == Timing.HOT) {
            parts.add(String.format(Locale.ROOT, "hot, %s, %d calls per sample", o.method().jsonName(), o.callsPerSample()));
        } else if (o.measured() && o.method() == TimingMethod.GRAPH) {
            parts.add("graph");
        }
        if (!o.timingNote().isEmpty()) {
            parts.add(o.timingNote());
        }
        if (o.launchBound()) {
            parts.add(String.format(java.util.Locale.ROOT, "launch-bound: the host takes %s us to enqueue a call, the device %s",
                    Numbers.significant(o.hostMillisPerCall() * 1e3, 3), Numbers.significant(o.estimateMillis() * 1e3, 3))
                    + " us to run one (estimate); times include host latency");
        }
        if (o.joulesPerCall().isPresent()) {
            double j = o.joulesPerCall().getAsDouble();
            parts.add("energy " + Numbers.significant(j * 1e3, 3) + " mJ/call"
                    + (o.gigabytesPerJoule().isPresent() ? ", " + Numbers.significant(o.gigabytesPerJoule().getAsDouble(), 3)
                    + " GB/J" : "")
                    + (o.gigaflopsPerJoule().isPresent() ? ", " + Numbers.significant(o.gigaflopsPerJoule().getAsDouble(), 3)
                    + " GFLOP/J" : ""));
        }
        if (!o.energyNote().isEmpty() && o.timing() == Timing.HOT) {
            // hot timing is where energy can be had: say why there is none (cold runs say it in the JSON only,
            // or every CUDA run's table would repeat that clears rule it out)
            parts.add(o.energyNote());
        }
        // the summary's warnings (the rules of kbench summary) and the run's thin-measurement warnings
        row.summary().filter(s -> !s.warnings().isEmpty()).ifPresent(s -> parts.add(SummaryTable.label(s.warnings())));
        return String.join("; ", parts);
    }

    private static TextTable.Tone tone(BenchmarkOutcome o) {
        return switch (o.stopReason()) {
            case FAILED -> TextTable.Tone.BAD;
            case SKIPPED -> TextTable.Tone.DIM;
            default -> TextTable.Tone.PLAIN;
        };
    }

    static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline) + " ...";
    }
}
