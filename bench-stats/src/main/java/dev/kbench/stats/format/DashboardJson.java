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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.BenchmarkId;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.DeviceGroup;
import dev.kbench.stats.ForkEstimate;
import dev.kbench.stats.Interval;
import dev.kbench.stats.SampleSet;
import dev.kbench.stats.Summarizer;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run or a comparison in the formats of the dashboards users run (docs/formats.md §11):
 * github-action-benchmark's {@code customSmallerIsBetter} JSON and Bencher's Metric Format (BMF) JSON.
 *
 * <p>A run's value per benchmark is the median of its forks' medians with {@link ForkEstimate}'s bounds
 * (at 95%: the median's interval over the forks with 6 or more, else the lowest and highest fork
 * median, else the median's interval over the samples of the one fork), as the history's trend shows. A comparison's
 * value is the median ratio new/base with its bootstrap interval, compare's verdict beside it.
 */
public final class DashboardJson {

    /** The dashboards. */
    public enum Dashboard {
        /** github-action-benchmark, tool {@code customSmallerIsBetter}: an array of {name, unit, value, range, extra}. */
        GITHUB,
        /** Bencher Metric Format: {benchmark: {measure: {value, lower_value, upper_value}}}, latency in nanoseconds. */
        BENCHER
    }

    private static final double LEVEL = 0.95;
    private static final double NANOS_PER_MILLI = 1e6;

    private DashboardJson() {
    }

    /**
     * A run's benchmarks for a dashboard.
     *
     * @param samples the run's samples (a file with several devices names each benchmark with its device)
     * @param dashboard which format
     * @return the JSON text
     */
    public static String run(SampleSet samples, Dashboard dashboard) {
        List<DeviceGroup> groups = samples.deviceGroups();
        ArrayNode github = RunJson.MAPPER.createArrayNode();
        ObjectNode bencher = RunJson.MAPPER.createObjectNode();
        Summarizer summarizer = Summarizer.withDefaults().withConfidenceLevel(LEVEL);
        for (DeviceGroup group : groups.isEmpty() ? List.<DeviceGroup>of() : groups) {
            SampleSet one = groups.size() == 1 ? samples : samples.only(group);
            for (Map.Entry<BenchmarkId, SampleSet.Series> e : one.series().entrySet()) {
                String name = e.getKey() + (groups.size() > 1 ? " on " + group.label() : "");
                ForkEstimate est = estimate(summarizer, e.getKey(), e.getValue());
                if (dashboard == Dashboard.GITHUB) {
                    ObjectNode o = github.addObject();
                    o.put("name", name);
                    o.put("unit", "ms");
                    o.put("value", est.medianMillis());
                    o.put("range", range(est.lowerMillis(), est.upperMillis()));
                    o.put("extra", est.bounds() + "; " + e.getValue().size() + " samples");
                } else {
                    ObjectNode latency = bencher.putObject(name).putObject("latency");
                    latency.put("value", est.medianMillis() * NANOS_PER_MILLI);
                    latency.put("lower_value", est.lowerMillis() * NANOS_PER_MILLI);
                    latency.put("upper_value", est.upperMillis() * NANOS_PER_MILLI);
                }
            }
        }
        return write(dashboard == Dashboard.GITHUB ? github : bencher);
    }

    /**
     * A comparison for a dashboard: per benchmark the median ratio new/base (smaller is better) with its interval.
     *
     * @param report the comparison
     * @param dashboard which format
     * @return the JSON text
     */
    public static String compare(CompareReport report, Dashboard dashboard) {
        ArrayNode github = RunJson.MAPPER.createArrayNode();
        ObjectNode bencher = RunJson.MAPPER.createObjectNode();
        for (BenchmarkComparison c : report.results()) {
            Interval r = c.ratioInterval();
            double lower = r.isDefined() ? r.lower() : c.ratio();
            double upper = r.isDefined() ? r.upper() : c.ratio();
            if (dashboard == Dashboard.GITHUB) {
                ObjectNode o = github.addObject();
                o.put("name", c.id() + " new/base");
                o.put("unit", "ratio");
                o.put("value", c.ratio());
                o.put("range", range(lower, upper));
                o.put("extra", String.format(Locale.ROOT, "%s; base %s ms, new %s ms; %s %d|%d", c.verdict().jsonName(),
                        Numbers.significant(c.centerBaseMillis(), 6), Numbers.significant(c.centerNewMillis(), 6),
                        c.unit().jsonName() + "s", c.nBase(), c.nNew()));
            } else {
                ObjectNode b = bencher.putObject(c.id().toString());
                ObjectNode ratio = b.putObject("ratio");
                ratio.put("value", c.ratio());
                ratio.put("lower_value", lower);
                ratio.put("upper_value", upper);
                b.putObject("latency").put("value", c.centerNewMillis() * NANOS_PER_MILLI);
            }
        }
        return write(dashboard == Dashboard.GITHUB ? github : bencher);
    }

    /** A run's value and bounds for one benchmark: {@link ForkEstimate}'s rule, over the series' forks. */
    private static ForkEstimate estimate(Summarizer summarizer, BenchmarkId id, SampleSet.Series series) {
        double[] times = series.timesMillis();
        List<double[]> forks = new ArrayList<>();
        int at = 0;
        for (int size : series.runSizes(false)) {
            forks.add(Arrays.copyOfRange(times, at, at + size));
            at += size;
        }
        return ForkEstimate.of(summarizer, id, forks);
    }

    private static String range(double lower, double upper) {
        return Numbers.plain(lower) + ".." + Numbers.plain(upper);
    }

    private static String write(Object root) {
        try {
            return RunJson.MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
