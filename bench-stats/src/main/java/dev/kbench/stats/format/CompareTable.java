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

import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.BenchmarkId;
import dev.kbench.stats.Center;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.GroupSequential;
import dev.kbench.stats.TestResult;
import dev.kbench.stats.Unit;
import dev.kbench.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * The readable forms of a comparison: a table (benchmark, medians, change, p-value, verdict) as text,
 * Markdown or HTML, and a header line saying how it was tested.
 */
public final class CompareTable {

    private CompareTable() {
    }

    /**
     * The table of a comparison.
     *
     * @param report the comparison
     * @param alwaysShowPValues show the p-value of every row, not only of significant ones
     * @return the table
     */
    public static TextTable of(CompareReport report, boolean alwaysShowPValues) {
        boolean intervals = report.results().stream().anyMatch(r -> r.ratioInterval().isDefined());
        TextTable table = new TextTable()
                .column("benchmark", TextTable.Align.LEFT)
                .column("params", TextTable.Align.LEFT)
                .column("base ms", TextTable.Align.RIGHT)
                .column("new ms", TextTable.Align.RIGHT)
                .column("change", TextTable.Align.RIGHT);
        if (intervals) {
            table.column(String.format(Locale.ROOT, "%.0f%% CI", 100 * confidence(report)), TextTable.Align.RIGHT);
        }
        table.column("MDC", TextTable.Align.RIGHT)
                .column("p-value", TextTable.Align.RIGHT)
                .column("verdict", TextTable.Align.LEFT)
                .column("note", TextTable.Align.LEFT);
        for (BenchmarkComparison r : report.results()) {
            TextTable.Tone tone = tone(r.verdict());
            table.row().cell(r.id().benchmark()).cell(r.id().params())
                    .cell(Numbers.millis(r.centerBaseMillis()))
                    .cell(Numbers.millis(r.centerNewMillis()))
                    .cell(Numbers.change(r.ratio()), tone);
            if (intervals) {
                table.cell(interval(r));
            }
            table.cell(mdc(r.mdc()));
            table.cell(r.verdict() != Verdict.SAME || alwaysShowPValues ? Numbers.pValue(pValue(r)) : "")
                    .cell(r.verdict().jsonName(), tone)
                    .cell(String.join("; ", r.notes().stream().map(CompareTable::shortNote).toList()), TextTable.Tone.DIM);
        }
        return table;
    }

    /**
     * The ratio's interval as the table's CI column shows it.
     *
     * @param r a comparison
     * @return e.g. {@code -0.4%..+0.5%}, or empty without an interval ({@code --bootstrap 0})
     */
    public static String interval(BenchmarkComparison r) {
        return r.ratioInterval().isDefined()
                ? Numbers.change(r.ratioInterval().lower()) + ".." + Numbers.change(r.ratioInterval().upper()) : "";
    }

    /**
     * The p-value behind a verdict: {@code pvalue_less} for slower, {@code pvalue_greater} for faster,
     * the two-sided one for same.
     *
     * @param r the comparison
     * @return the p-value
     */
    public static double pValue(BenchmarkComparison r) {
        TestResult t = r.test();
        return switch (r.verdict()) {
            case SLOWER -> t.pValueLess();
            case FASTER -> t.pValueGreater();
            case SAME -> t.pValueTwoSided();
        };
    }

    /**
     * One line saying what was compared and how.
     *
     * @param report the comparison
     * @param basePath the base file as given
     * @param newPath the new file as given
     * @return the line
     */
    public static String describe(CompareReport report, String basePath, String newPath) {
        String method = report.method().jsonName()
                + (report.method() == dev.kbench.stats.TestMethod.BRUNNER_MUNZEL
                        ? " (" + report.distribution().jsonName() + ")" : "");
        String alpha = Numbers.plain(report.alpha())
                + (report.alphaPerBenchmark() != report.alpha()
                        ? " (" + report.correction().jsonName() + ": " + Numbers.significant(report.alphaPerBenchmark(), 3)
                                + " per benchmark)" : "");
        return String.format(Locale.ROOT,
                "kbench compare: %s -> %s, %s on %s%s, alpha %s, threshold %s: %d slower, %d faster, %d same",
                basePath, newPath, method, report.aggregationName(),
                report.center() == Center.DEFAULT ? "" : " (center " + report.center().jsonName() + ")",
                alpha,
                Numbers.significant(100 * report.thresholdRel(), 3) + "%", report.count(Verdict.SLOWER),
                report.count(Verdict.FASTER), report.count(Verdict.SAME));
    }

    /**
     * The change per clock, one line per benchmark: the change in time beside the change in cycles (each
     * sample's time times its repetition's SM clock), with both sides' median clocks, as NVBench's robust
     * compare states it.
     *
     * @param report the comparison
     * @return the text, each line ending with a newline; a benchmark without clocks says so
     */
    public static String perClock(CompareReport report) {
        StringBuilder text = new StringBuilder("per clock (cycles = time x SM clock of each repetition):\n");
        for (BenchmarkComparison r : report.results()) {
            text.append("  ").append(r.id()).append(": ");
            if (Double.isNaN(r.cyclesRatio())) {
                text.append("no SM clock in ").append(Double.isNaN(r.smClockBaseMHz()) ? "base" : "new")
                        .append(" (the sm_clock_mhz column, read through NVML)\n");
                continue;
            }
            text.append(String.format(Locale.ROOT, "time %+.2f%%, cycles %+.2f%% (SM clock: base %s MHz, new %s MHz%s)%n",
                    100 * (r.ratio() - 1), 100 * (r.cyclesRatio() - 1), Numbers.significant(r.smClockBaseMHz(), 6),
                    Numbers.significant(r.smClockNewMHz(), 6), r.clocksDiffer() ? ", differ" : ""));
        }
        return text.toString();
    }

    /**
     * Lines saying what the verdicts can and cannot tell: one fork per side (between-run variance
     * unknown) or forks tested sample by sample (ignored); or nothing.
     *
     * @param report the comparison
     * @return the text, each line ending with a newline
     */
    public static String caveats(CompareReport report) {
        StringBuilder text = new StringBuilder();
        report.caveats().forEach(line -> text.append(line).append('\n'));
        return text.toString();
    }

    /**
     * A line saying, for the benchmarks tested by fork whose minimal detectable change is above a
     * change, how many forks a side would see that change ({@link GroupSequential#forksFor}); or nothing.
     *
     * @param report the comparison
     * @param change the relative change to see, e.g. 0.01
     * @return the text, ending with a newline, or empty
     */
    public static String reach(CompareReport report, double change) {
        List<String> needs = new ArrayList<>();
        for (BenchmarkComparison r : report.results()) {
            if (r.unit() != Unit.FORK || !(r.mdc() > change)) {
                continue;
            }
            OptionalInt forks = GroupSequential.forksFor(r, change, report.alphaPerBenchmark());
            String name = r.id().label();
            needs.add(forks.isPresent() ? name + " about " + forks.getAsInt() + " forks a side (MDC " + mdc(r.mdc())
                    + " with " + Math.min(r.nBase(), r.nNew()) + ")" : name + " more forks (no MDC yet)");
        }
        if (needs.isEmpty()) {
            return "";
        }
        return "to see a " + Numbers.significant(100 * change, 3) + "% change: " + String.join("; ", needs)
                + " (kbench ab --target-mdc " + Numbers.significant(100 * change, 3) + "% adds them)\n";
    }

    /** The minimal detectable change as a percentage, {@code none} where no change can be detected. */
    private static String mdc(double mdc) {
        if (Double.isNaN(mdc)) {
            return "-";
        }
        return Double.isInfinite(mdc) ? "none" : Numbers.significant(100 * mdc, 2) + "%";
    }

    /**
     * Lines naming benchmarks present in only one input, or nothing.
     *
     * @param report the comparison
     * @return the text, each line ending with a newline
     */
    public static String unmatched(CompareReport report) {
        StringBuilder text = new StringBuilder();
        if (!report.onlyInBase().isEmpty()) {
            text.append("only in base: ").append(ids(report.onlyInBase())).append('\n');
        }
        if (!report.onlyInNew().isEmpty()) {
            text.append("only in new: ").append(ids(report.onlyInNew())).append('\n');
        }
        return text.toString();
    }

    private static String ids(List<BenchmarkId> ids) {
        return ids.stream().map(BenchmarkId::toString).collect(Collectors.joining(", "));
    }

    static TextTable.Tone tone(Verdict verdict) {
        return switch (verdict) {
            case SLOWER -> TextTable.Tone.BAD;
            case FASTER -> TextTable.Tone.GOOD;
            case SAME -> TextTable.Tone.PLAIN;
        };
    }

    private static double confidence(CompareReport report) {
        return report.results().stream().filter(r -> r.ratioInterval().isDefined())
                .mapToDouble(r -> r.ratioInterval().confidenceLevel()).findFirst().orElse(0.95);
    }

    /** The first clause of a note, for the table; the JSON has the whole note. */
    private static String shortNote(String note) {
        int colon = note.indexOf(':');
        return colon > 0 ? note.substring(0, colon) : note;
    }
}
