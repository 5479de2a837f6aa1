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
import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.internal.Quantiles;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * {@code run --jmh-json FILE}: JMH's result JSON ({@code -rf json}), so JMH visualizers
 * (jmh.morethan.io, the Jenkins and TeamCity JMH plugins) read kbench runs. One entry per measured
 * benchmark and combination, mode {@code avgt} in {@code ms/op}; a JMH iteration is a kbench
 * repetition and its score the mean of the repetition's samples; a JMH fork is a kbench fork
 * ({@code run --forks F}: {@code "forks": F} and one {@code rawData} row per fork, as JMH writes them).
 * A benchmark without parameters has no {@code params} key, as in JMH.
 *
 * <p>As JMH computes them over the iteration scores of all forks: {@code score} is their mean, {@code scoreError}
 * the half-width of the 99.9% Student-t confidence interval of the mean ({@code "NaN"} with fewer than
 * 3 iterations, as JMH writes it), {@code scorePercentiles} their percentiles (here NumPy's linear
 * method). So {@code score} is a mean of means, not the table's median, and {@code scoreError} treats
 * iterations as independent, as JMH does; kbench's own intervals are per fork.
 */
final class JmhJson {

    /** The JMH version whose format this follows. */
    static final String JMH_VERSION = "1.37";
    /** JMH's confidence level for {@code scoreError}. */
    static final double CONFIDENCE = 0.999;

    private static final double[] PERCENTILES = {0, 50, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 100};

    private JmhJson() {
    }

    /**
     * The JMH JSON of a run.
     *
     * @param report the run
     * @return the JSON text, an array
     */
    static String write(RunReport report) {
        return write(report, Map.of());
    }

    /**
     * The JMH JSON of a run measured in forks.
     *
     * @param report the run
     * @param repetitionsPerFork per benchmark id ({@link BenchmarkOutcome#id()}), how many of its repetitions
     *        (in order) each fork measured; a benchmark not in the map is one fork
     * @return the JSON text, an array
     */
    static String write(RunReport report, Map<String, int[]> repetitionsPerFork) {
        ArrayNode root = RunJson.MAPPER.createArrayNode();
        for (RunReport.Row row : report.rows()) {
            if (row.outcome().measured()) {
                root.add(entry(report, row.outcome(), repetitionsPerFork.get(row.outcome().id())));
            }
        }
        try {
            return RunJson.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode entry(RunReport report, BenchmarkOutcome o, int[] perFork) {
        double[] scores = o.repetitions().stream().mapToDouble(r -> Arrays.stream(r).average().orElse(Double.NaN)).toArray();
        int[] forks = perFork != null && Arrays.stream(perFork).sum() == scores.length ? perFork : new int[] {scores.length};
        ObjectNode e = RunJson.MAPPER.createObjectNode();
        e.put("jmhVersion", JMH_VERSION);
        e.put("benchmark", "kbench." + report.result().backend() + "." + o.benchmark());
        e.put("mode", "avgt");
        e.put("threads", 1);
        e.put("forks", forks.length);
        e.put("jvm", ProcessHandle.current().info().command().orElse("java"));
        e.putArray("jvmArgs");
        e.put("jdkVersion", System.getProperty("java.version"));
        e.put("vmName", System.getProperty("java.vm.name"));
        e.put("vmVersion", System.getProperty("java.vm.version"));
        e.put("warmupIterations", 0);
        e.put("warmupTime", String.format(Locale.ROOT, "%s ms", Numbers.significant(report.options().warmupMillis(), 6)));
        e.put("warmupBatchSize", 1);
        e.put("measurementIterations", Arrays.stream(forks).max().orElse(0));
        e.put("measurementTime", String.format(Locale.ROOT, "%s ms", Numbers.significant(report.options().repetitionMillis(), 6)));
        e.put("measurementBatchSize", 1);
        if (!o.params().asMap().isEmpty()) {   // JMH writes no "params" for a benchmark without any
            ObjectNode params = e.putObject("params");
            for (Map.Entry<String, Object> p : o.params().asMap().entrySet()) {
                params.put(p.getKey(), o.params().getString(p.getKey()));
            }
        }
        ObjectNode metric = e.putObject("primaryMetric");
        double mean = Arrays.stream(scores).average().orElse(Double.NaN);
        double error = meanError(scores, CONFIDENCE);
        metric.put("score", mean);
        if (Double.isFinite(error)) {
            metric.put("scoreError", error);
            ArrayNode confidence = metric.putArray("scoreConfidence");
            confidence.add(mean - error);
            confidence.add(mean + error);
        } else {
            metric.put("scoreError", "NaN");
            ArrayNode confidence = metric.putArray("scoreConfidence");
            confidence.add("NaN");
            confidence.add("NaN");
        }
        ObjectNode percentiles = metric.putObject("scorePercentiles");
        for (double p : PERCENTILES) {
            percentiles.put(Double.toString(p), Quantiles.of(scores, p / 100));   // JMH's keys: "0.0" .. "100.0"
        }
        metric.put("scoreUnit", "ms/op");
        ArrayNode rawData = metric.putArray("rawData");
        int at = 0;
        for (int count : forks) {
            ArrayNode raw = rawData.addArray();
            for (int i = 0; i < count; i++) {
                raw.add(scores[at++]);
            }
        }
        e.putObject("secondaryMetrics");
        return e;
    }

    /**
     * JMH's {@code Statistics.getMeanErrorAt(confidence)}: the half-width of the Student-t interval of
     * the mean.
     *
     * @param values the iteration scores
     * @param confidence e.g. 0.999
     * @return the half-width; NaN with fewer than 3 values, as JMH
     */
    static double meanError(double[] values, double confidence) {
        int n = values.length;
        if (n <= 2) {
            return Double.NaN;
        }
        double mean = Arrays.stream(values).average().orElseThrow();
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double stddev = Math.sqrt(squares / (n - 1));
        double t = TDistribution.of(n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        return t * stddev / Math.sqrt(n);
    }
}
