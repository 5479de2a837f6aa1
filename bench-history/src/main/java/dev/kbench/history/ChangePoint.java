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
package dev.kbench.history;

import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.CompareReport;
import java.util.List;
import java.util.Optional;

/**
 * A change point of a series: where its runs' medians changed, by E-divisive means, with the segments
 * either side compared by kbench's fork-level comparison.
 *
 * @param series the series
 * @param before the last run before the change
 * @param after the first run after the change (the change came with its commit, or between the two commits)
 * @param split the change point's statistics over the runs' medians (index, p-value, means)
 * @param segmentBefore the runs of the segment before (back to the previous change point)
 * @param segmentAfter the runs of the segment after (up to the next change point)
 * @param report the segments' samples compared, before as base and after as new, fork by fork (one result, the
 *        series'); empty when they cannot be compared (then {@code note} says why)
 * @param note why there is no comparison, or empty
 * @param acknowledged whether it was acknowledged before (then it is not new)
 */
public record ChangePoint(Series series, StoredRun before, StoredRun after, EDivisive.Split split,
                          List<StoredRun> segmentBefore, List<StoredRun> segmentAfter,
                          Optional<CompareReport> report, String note, boolean acknowledged) {

    /**
     * Copies the segments.
     *
     * @throws IllegalArgumentException if the report holds other than one result
     */
    public ChangePoint {
        segmentBefore = List.copyOf(segmentBefore);
        segmentAfter = List.copyOf(segmentAfter);
        if (report.isPresent() && report.get().results().size() != 1) {
            throw new IllegalArgumentException("a change point's comparison has one result, the series'; it has "
                    + report.get().results().size());
        }
    }

    /** {@return the series' result of the segments' comparison, or empty where they could not be compared} */
    public Optional<BenchmarkComparison> comparison() {
        return report.map(r -> r.results().getFirst());
    }
}
