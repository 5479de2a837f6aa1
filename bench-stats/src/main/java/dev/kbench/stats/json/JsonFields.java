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
package dev.kbench.stats.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.BenchmarkId;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.GroupSequential;
import dev.kbench.stats.QuantileValue;
import dev.kbench.stats.Summary;
import dev.kbench.stats.TestMethod;
import java.util.List;

/**
 * The JSON fields that the summary JSON and the run JSON share, and the compare document that compare prints and
 * the history embeds, each written in one place so the formats cannot drift apart (docs/formats.md). Internal to
 * bench-stats: this package is exported to the history only.
 */
public final class JsonFields {

    private JsonFields() {
    }

    /**
     * Writes a number, or {@code null} where it is NaN or infinite (JSON has neither).
     *
     * @param node the object to write into
     * @param key the field's name
     * @param value the value
     */
    public static void number(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, value);
        } else {
            node.putNull(key);
        }
    }

    /**
     * Writes a summary's count, extremes, mean, median, standard deviation and quantiles:
     * {@code n}, {@code min_ms}, {@code max_ms}, {@code mean_ms}, {@code median_ms},
     * {@code stddev_ms}, {@code quantiles}.
     *
     * @param node the object to write into
     * @param s the summary
     */
    public static void summary(ObjectNode node, Summary s) {
        node.put("n", s.n());
        number(node, "min_ms", s.minMillis());
        number(node, "max_ms", s.maxMillis());
        number(node, "mean_ms", s.meanMillis());
        number(node, "median_ms", s.medianMillis());
        number(node, "stddev_ms", s.stddevMillis());
        ObjectNode quantiles = node.putObject("quantiles");
        for (QuantileValue q : s.quantiles()) {
            number(quantiles, q.label(), q.valueMillis());
        }
    }

    /**
     * The compare document (docs/formats.md §3), as a tree: what {@code StatsJson.compare} prints, and what the
     * history embeds for a change point's two segments.
     *
     * @param report the report
     * @return the document
     */
    public static ObjectNode compare(CompareReport report) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("method", report.method().jsonName());
        number(root, "alpha", report.alpha());
        ArrayNode results = root.putArray("results");
        for (BenchmarkComparison c : report.results()) {
            ObjectNode r = results.addObject();
            r.put("benchmark", c.id().benchmark());
            r.put("params", c.id().params());
            r.put("n_base", c.nBase());
            r.put("n_new", c.nNew());
            number(r, "median_base_ms", c.medianBaseMillis());
            number(r, "median_new_ms", c.medianNewMillis());
            number(r, "ratio", c.ratio());
            number(r, "statistic", c.test().statistic());
            number(r, "pvalue_two_sided", c.test().pValueTwoSided());
            number(r, "pvalue_less", c.test().pValueLess());
            number(r, "pvalue_greater", c.test().pValueGreater());
            r.put("verdict", c.verdict().jsonName());
            r.put("samples_base", c.samplesBase());
            r.put("samples_new", c.samplesNew());
            number(r, "ratio_ci_low", c.ratioInterval().lower());
            number(r, "ratio_ci_high", c.ratioInterval().upper());
            if (c.stability().isPresent()) {
                number(r, "stability", c.stability().get().agreement());
                r.put("stable", c.stability().get().stable());
            } else {
                r.putNull("stability");
                r.putNull("stable");
            }
            ArrayNode notes = r.putArray("notes");
            c.notes().forEach(notes::add);
            r.put("unit", c.unit().jsonName());
            r.put("n_forks_base", c.forksBase());
            r.put("n_forks_new", c.forksNew());
            r.put("between_run_variance", c.betweenRunVariance());
            r.put("test_verdict", c.testVerdict().jsonName());
            number(r, "mdc", c.mdc());
            number(r, "sm_clock_mhz_base", c.smClockBaseMHz());
            number(r, "sm_clock_mhz_new", c.smClockNewMHz());
            number(r, "cycles_ratio", c.cyclesRatio());
            number(r, "center_base_ms", c.centerBaseMillis());
            number(r, "center_new_ms", c.centerNewMillis());
            // same for want of data (the interval reaches past the threshold) is not settled: more forks could tell
            r.put("settled", GroupSequential.settled(c, report.thresholdRel()).isPresent());
        }
        ids(root.putArray("only_in_base"), report.onlyInBase());
        ids(root.putArray("only_in_new"), report.onlyInNew());
        if (report.method() == TestMethod.BRUNNER_MUNZEL) {
            root.put("distribution", report.distribution().jsonName());
        }
        root.put("aggregation", report.aggregationName());
        root.put("correction", report.correction().jsonName());
        number(root, "alpha_per_benchmark", report.alphaPerBenchmark());
        double level = report.results().isEmpty() ? Double.NaN
                : report.results().getFirst().ratioInterval().confidenceLevel();
        number(root, "confidence_level", level);
        root.put("unit", report.unit().jsonName());
        number(root, "threshold", report.thresholdRel());
        root.put("center", report.center().jsonName());
        return root;
    }

    private static void ids(ArrayNode array, List<BenchmarkId> ids) {
        for (BenchmarkId id : ids) {
            ObjectNode o = array.addObject();
            o.put("benchmark", id.benchmark());
            o.put("params", id.params());
        }
    }

}
