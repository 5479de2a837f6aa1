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

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.ForkEstimate;
import dev.kbench.stats.Summarizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The trend of every series over stored runs: per run, each fork's median and the median of those with
 * bounds ({@link ForkEstimate}). The fork is the unit, as in kbench's comparisons: what differs between processes is
 * invisible to the samples of one.
 */
public final class Trend {

    private Trend() {
    }

    /**
     * The trend of every series in some runs.
     *
     * @param runs the runs, in the order the trend follows (oldest first)
     * @param samples their samples
     * @param confidenceLevel the level of each run's median interval, e.g. 0.95
     * @return per series (in {@link Series#ORDER}), one point per run that measured it, in the order of {@code runs}
     */
    public static Map<Series, List<TrendPoint>> of(List<StoredRun> runs, List<SampleRecord> samples,
                                                    double confidenceLevel) {
        Summarizer summarizer = Summarizer.withDefaults().withConfidenceLevel(confidenceLevel);
        // series -> run -> fork -> times
        Map<Series, Map<String, Map<Integer, List<Double>>>> grouped = new TreeMap<>(Series.ORDER);
        for (SampleRecord s : samples) {
            grouped.computeIfAbsent(Series.of(s), k -> new LinkedHashMap<>())
                    .computeIfAbsent(s.runId(), k -> new TreeMap<>())
                    .computeIfAbsent(s.fork(), k -> new ArrayList<>()).add(s.timeMillis());
        }
        Map<Series, List<TrendPoint>> trend = new LinkedHashMap<>();
        grouped.forEach((series, byRun) -> {
            List<TrendPoint> points = new ArrayList<>();
            for (StoredRun run : runs) {
                Map<Integer, List<Double>> forks = byRun.get(run.runId());
                if (forks == null) {
                    continue;
                }
                ForkEstimate est = ForkEstimate.of(summarizer, series.id(), forks.values().stream()
                        .map(times -> times.stream().mapToDouble(Double::doubleValue).toArray()).toList());
                points.add(new TrendPoint(run, est));
            }
            trend.put(series, points);
        });
        return trend;
    }
}
