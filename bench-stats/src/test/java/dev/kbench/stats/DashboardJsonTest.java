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
package dev.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kbench.api.SampleRecord;
import dev.kbench.stats.format.DashboardJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dashboard exports: github-action-benchmark's customSmallerIsBetter and Bencher's BMF. */
class DashboardJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRunOfForksIsTheMedianOfForkMediansWithTheirRangeAsBounds() throws Exception {
        // fork medians 1.0, 1.2, 1.1: median 1.1; 3 forks are too few for a 95% order-statistic interval
        List<SampleRecord> samples = Records.forks("gelu", "n=1024", new double[][] {{0.9, 1.0, 1.1}, {1.2, 1.2, 1.3},
                {1.0, 1.1, 1.2}});
        JsonNode github = JSON.readTree(DashboardJson.run(SampleSet.of(samples), DashboardJson.Dashboard.GITHUB));
        assertEquals(1, github.size());
        JsonNode g = github.get(0);
        assertEquals("gelu[n=1024]", g.get("name").asText());
        assertEquals("ms", g.get("unit").asText());
        assertEquals(1.1, g.get("value").asDouble(), 1e-12);
        String[] range = g.get("range").asText().split("\\.\\.");
        assertEquals(1.0, Double.parseDouble(range[0]), 1e-12, g.toString());
        assertEquals(1.2, Double.parseDouble(range[1]), 1e-12, g.toString());
        assertTrue(g.get("extra").asText().startsWith("lowest..highest of 3 fork medians"), g.toString());

        JsonNode bencher = JSON.readTree(DashboardJson.run(SampleSet.of(samples), DashboardJson.Dashboard.BENCHER));
        JsonNode latency = bencher.get("gelu[n=1024]").get("latency");
        assertEquals(1.1e6, latency.get("value").asDouble(), 1e-6);
        assertEquals(1.0e6, latency.get("lower_value").asDouble(), 1e-6);
        assertEquals(1.2e6, latency.get("upper_value").asDouble(), 1e-6);
    }

    @Test
    void aComparisonIsTheRatioWithItsInterval() throws Exception {
        double[] base = new double[40];
        double[] next = new double[40];
        for (int i = 0; i < 40; i++) {
            base[i] = 1.0 + 0.001 * (i % 7);
            next[i] = 1.1 + 0.001 * (i % 5);
        }
        CompareReport report = Compare.withDefaults().with(Unit.SAMPLE).compare(Records.samples("copy", "", base),
                Records.samples("copy", "", next));
        BenchmarkComparison c = report.results().getFirst();
        JsonNode g = JSON.readTree(DashboardJson.compare(report, DashboardJson.Dashboard.GITHUB)).get(0);
        assertEquals("copy new/base", g.get("name").asText());
        assertEquals("ratio", g.get("unit").asText());
        assertEquals(c.ratio(), g.get("value").asDouble(), 1e-12);
        assertTrue(g.get("extra").asText().startsWith("slower;"), g.toString());
        JsonNode b = JSON.readTree(DashboardJson.compare(report, DashboardJson.Dashboard.BENCHER)).get("copy");
        assertEquals(c.ratioInterval().lower(), b.get("ratio").get("lower_value").asDouble(), 1e-12);
        assertEquals(c.ratioInterval().upper(), b.get("ratio").get("upper_value").asDouble(), 1e-12);
        assertEquals(c.medianNewMillis() * 1e6, b.get("latency").get("value").asDouble(), 1e-6);
    }
}
