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

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import dev.kbench.stats.Compare;
import dev.kbench.stats.CompareReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The change points of every series of a trend: E-divisive means over the runs' medians (one value per run,
 * the median of its fork medians), then each change's two segments compared with kbench's comparison,
 * whose unit is the fork when both segments hold at least two.
 */
public final class Changes {

    private Changes() {
    }

    /**
     * Finds the change points of every series.
     *
     * @param trend the trend, per series its runs in order
     * @param samples the samples of the trend's runs
     * @param detector the change point detector
     * @param compare the comparison of the segments either side of each change
     * @param acknowledged change points acknowledged before ({@link History#acknowledged()})
     * @return the change points, by series and then index
     */
    public static List<ChangePoint> find(Map<Series, List<TrendPoint>> trend, List<SampleRecord> samples,
                                         EDivisive detector, Compare compare, Set<String> acknowledged) {
        List<ChangePoint> out = new ArrayList<>();
        trend.forEach((series, points) -> {
            double[] values = points.stream().mapToDouble(p -> p.estimate().medianMillis()).toArray();
            List<EDivisive.Split> splits = detector.find(values);
            List<SampleRecord> own = samples.stream().filter(series::contains).toList();
            for (int k = 0; k < splits.size(); k++) {
                EDivisive.Split split = splits.get(k);
                int from = k == 0 ? 0 : splits.get(k - 1).index();
                int to = k + 1 < splits.size() ? splits.get(k + 1).index() : points.size();
                List<StoredRun> left = runs(points, from, split.index());
                List<StoredRun> right = runs(points, split.index(), to);
                Optional<CompareReport> comparison = Optional.empty();
                String note = "";
                try {
                    comparison = Optional.of(compare.compare(of(own, left), of(own, right)))
                            .filter(r -> r.results().size() == 1);
                } catch (IllegalArgumentException | InputException e) {
                    note = e.getMessage();
                }
                StoredRun after = points.get(split.index()).run();
                out.add(new ChangePoint(series, points.get(split.index() - 1).run(), after, split, left, right,
                        comparison, note, acknowledged.contains(series.key() + "\n" + after.runId())));
            }
        });
        return out;
    }

    private static List<StoredRun> runs(List<TrendPoint> points, int from, int to) {
        return points.subList(from, to).stream().map(TrendPoint::run).toList();
    }

    private static List<SampleRecord> of(List<SampleRecord> samples, List<StoredRun> runs) {
        Set<String> ids = new HashSet<>();
        runs.forEach(r -> ids.add(r.runId()));
        return samples.stream().filter(s -> ids.contains(s.runId())).toList();
    }
}
