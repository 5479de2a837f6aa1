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
                    .cell(label(s.warnings()),
                            s.warnings().isEmpty() ? TextTable.Tone.PLAIN : TextTable.Tone.BAD);
        }
        return table;
    }

    /**
     * Warnings as a table shows them: their kinds in words, then the fix once when the measurement was
     * thin (the JSON formats carry each full message).
     *
     * @param warnings a summary's warnings
     * @return e.g. {@code noisy; few samples per repetition (try a larger --rep-ms or --min-samples 5)}
     */
    static String label(List<SummaryWarning> warnings) {
        // a throttled benchmark says how many repetitions and why: the message up to its explanation
        String kinds = String.join("; ", warnings.stream().map(w -> w.kind() == SummaryWarning.Kind.THROTTLED
                ? w.message().substring(0, w.message().indexOf(':')) : w.kind().jsonName().replace('_', ' ')).toList());
        List<String> fixes = new java.util.ArrayList<>(2);
        for (SummaryWarning w : warnings) {
            switch (w.kind()) {
                case FEW_SAMPLES_PER_REPETITION -> fixes.add("a larger --rep-ms or --min-samples 5");
                // raised only where the device-sized clear is smaller than the clear used
                case CACHE_CLEAR_DOMINATES -> fixes.add("--cache-clear device");
                case FEW_SAMPLES, NOISY, MISSING_WARMUP, THROTTLED -> { }
            }
        }
        return fixes.isEmpty() ? kinds : kinds + " (try " + String.join(", or ", fixes) + ")";
    }
}
