package dev.kbench.cli.format;

import dev.kbench.stats.QuantileValue;
import dev.kbench.stats.Summary;
import dev.kbench.stats.SummaryWarning;
import java.util.List;

/** The readable table of {@code kbench summary}. */
public final class SummaryTable {

    private SummaryTable() {
    }

    /**
     * The table.
     *
     * @param summaries one per benchmark, all with the same quantiles
     * @return the table
     */
    public static TextTable of(List<Summary> summaries) {
        TextTable table = new TextTable()
                .column("benchmark", TextTable.Align.LEFT)
                .column("params", TextTable.Align.LEFT)
                .column("n", TextTable.Align.RIGHT)
                .column("min ms", TextTable.Align.RIGHT)
                .column("median ms", TextTable.Align.RIGHT)
                .column("mean ms", TextTable.Align.RIGHT)
                .column("max ms", TextTable.Align.RIGHT)
                .column("stddev ms", TextTable.Align.RIGHT);
        List<QuantileValue> labels = summaries.isEmpty() ? List.of() : summaries.getFirst().quantiles();
        for (QuantileValue q : labels) {
            table.column(Numbers.percentile(q.probability()) + " ms", TextTable.Align.RIGHT);
        }
        table.column("noise", TextTable.Align.RIGHT).column("outliers", TextTable.Align.RIGHT)
                .column("warnings", TextTable.Align.LEFT);
        for (Summary s : summaries) {
            table.row().cell(s.id().benchmark()).cell(s.id().params()).cell(Integer.toString(s.n()))
                    .cell(Numbers.millis(s.minMillis())).cell(Numbers.millis(s.medianMillis()))
                    .cell(Numbers.millis(s.meanMillis())).cell(Numbers.millis(s.maxMillis()))
                    .cell(Numbers.millis(s.stddevMillis()));
            for (QuantileValue q : s.quantiles()) {
                table.cell(Numbers.millis(q.valueMillis()));
            }
            boolean noisy = s.warnings().stream().anyMatch(w -> w.kind() == SummaryWarning.Kind.NOISY);
            table.cell(Numbers.fixed(100 * s.relativeNoise(), 1) + "%", noisy ? TextTable.Tone.BAD : TextTable.Tone.PLAIN)
                    .cell(Integer.toString(s.outliers().total()))
                    .cell(String.join("; ", s.warnings().stream().map(SummaryTable::label).toList()),
                            s.warnings().isEmpty() ? TextTable.Tone.PLAIN : TextTable.Tone.BAD);
        }
        return table;
    }

    /**
     * A warning as a table shows it: its kind in words, with the fix when the measurement was thin
     * (the JSON formats carry the full message).
     *
     * @param warning the warning
     * @return e.g. {@code noisy}, or {@code few samples per repetition: try --cache-clear device or a larger --rep-ms}
     */
    static String label(SummaryWarning warning) {
        String kind = warning.kind().jsonName().replace('_', ' ');
        return switch (warning.kind()) {
            case FEW_SAMPLES_PER_REPETITION, CACHE_CLEAR_DOMINATES -> kind + ": try --cache-clear device or a larger --rep-ms";
            case FEW_SAMPLES, NOISY, MISSING_WARMUP -> kind;
        };
    }
}
