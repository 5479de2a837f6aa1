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
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;

class MedianBootstrapTest {

    @Test
    void mediansFollowTheExactBootstrapDistribution() {
        // median_bootstrap_pmf of make_reference.py: the pmf of np.median over all n^n resamples of [0..n-1]
        for (JsonNode c : Reference.list("median_bootstrap_pmf")) {
            int n = c.get("n").asInt();
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = i;
            }
            MedianBootstrap bootstrap = MedianBootstrap.of(values, new SplittableRandom(17));
            int draws = 400_000;
            Map<Double, Integer> counts = new HashMap<>();
            for (int i = 0; i < draws; i++) {
                counts.merge(bootstrap.next(), 1, Integer::sum);
            }
            double chi2 = 0;
            int cells = 0;
            for (var e : c.get("pmf").properties()) {
                double expected = draws * e.getValue().asDouble();
                double observed = counts.getOrDefault(Double.parseDouble(e.getKey()), 0);
                chi2 += (observed - expected) * (observed - expected) / expected;
                cells++;
            }
            assertEquals(cells, counts.size(), "no value outside the exact support: " + counts.keySet());
            double p = ChiSquaredDistribution.of(cells - 1).survivalProbability(chi2);
            assertTrue(p > 1e-3, "n=" + n + ": chi-square " + chi2 + " on " + (cells - 1) + " df, p=" + p);
        }
    }

    @Test
    void ratioIntervalMatchesSciPysPercentileBootstrap() {
        // ratio_bootstrap of make_reference.py: scipy.stats.bootstrap((base, new), median(new)/median(base),
        // n_resamples=200000, method='percentile', confidence_level=0.95); another RNG, so agreement is to the
        // Monte Carlo error of the interval's ends over a discrete distribution, not to the bit.
        JsonNode c = Reference.root().get("ratio_bootstrap");
        Interval ci = MedianBootstrap.ratioInterval(Reference.doubles(c.get("base")), Reference.doubles(c.get("new")),
                200_000, 0.95, new SplittableRandom(1));
        assertEquals(c.get("low").asDouble(), ci.lower(), 0.005 * c.get("low").asDouble());
        assertEquals(c.get("high").asDouble(), ci.upper(), 0.005 * c.get("high").asDouble());
    }

    @Test
    void sameSeedSameInterval() {
        double[] base = {1.0, 1.2, 0.9, 1.1, 1.05, 0.95};
        double[] next = {1.3, 1.1, 1.25, 1.2, 1.4};
        assertEquals(MedianBootstrap.ratioInterval(base, next, 1000, 0.9, new SplittableRandom(5)),
                MedianBootstrap.ratioInterval(base, next, 1000, 0.9, new SplittableRandom(5)));
    }
}
