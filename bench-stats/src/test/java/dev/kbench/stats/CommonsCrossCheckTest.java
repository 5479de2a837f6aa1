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
import java.util.Set;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.PValueMethod;
import org.apache.commons.statistics.inference.TTest;
import org.junit.jupiter.api.Test;

/**
 * A second outside reference: Commons Statistics' own tests agree with ours wherever they compute
 * the same thing (Mann-Whitney once told which of exact or asymptotic SciPy would pick; Welch when
 * the variances are not both zero), to a few ulps, not to the bit: their sums differ from NumPy's.
 */
class CommonsCrossCheckTest {

    private static final double TOLERANCE = 1e-12;

    private static void close(double expected, double actual, String what) {
        assertTrue(Math.abs(expected - actual) <= TOLERANCE * Math.max(Math.abs(expected), 1e-300),
                () -> what + ": Commons " + expected + ", kbench " + actual);
    }

    @Test
    void mannWhitneyAgreesWithCommonsGivenSciPysChoiceOfMethod() {
        int checked = 0;
        for (JsonNode c : Reference.list("tests")) {
            if (c.get("name").asText().equals("all_equal") || c.get("name").asText().startsWith("large_")) {
                // all_equal: Commons gives 0/0 = NaN; SciPy (and so kbench) z = -inf, p clipped to 1.
                // large_: covered against SciPy; here they would only slow the build.
                continue;
            }
            double[] x = Reference.array(c.get("x"));
            double[] y = Reference.array(c.get("y"));
            TestResult ours = MannWhitneyUTest.withDefaults().test(x, y);
            var commons = org.apache.commons.statistics.inference.MannWhitneyUTest.withDefaults()
                    .with(PValueMethod.ASYMPTOTIC);
            var probe = commons.test(x, y);
            boolean exact = !probe.hasTiedValues() && Math.min(x.length, y.length) <= MannWhitneyUTest.EXACT_LIMIT;
            if (exact && (long) x.length * y.length > 2000) {
                continue;  // Commons' exact method caches an nx * ny * U table: skip the big unbalanced cases
            }
            var method = commons.with(exact ? PValueMethod.EXACT : PValueMethod.ASYMPTOTIC);
            String name = c.get("name").asText();
            assertEquals(probe.getStatistic(), ours.statistic(), name);
            close(method.with(AlternativeHypothesis.TWO_SIDED).test(x, y).getPValue(), ours.pValueTwoSided(), name);
            close(method.with(AlternativeHypothesis.LESS_THAN).test(x, y).getPValue(), ours.pValueLess(), name);
            close(method.with(AlternativeHypothesis.GREATER_THAN).test(x, y).getPValue(), ours.pValueGreater(), name);
            checked++;
        }
        assertTrue(checked > 30, "checked " + checked);
    }

    @Test
    void welchAgreesWithCommonsWhereVariancesAreNotBothZero() {
        Set<String> skip = Set.of("all_equal", "constant_vs_constant", "identical_12", "welch_near_equal_means");
        for (JsonNode c : Reference.list("tests")) {
            String name = c.get("name").asText();
            if (skip.contains(name) || name.startsWith("large_")) {
                continue;  // t = 0/0 or +-inf, or t near 0 where the last bits of the means decide
            }
            double[] x = Reference.array(c.get("x"));
            double[] y = Reference.array(c.get("y"));
            TestResult ours = WelchTTest.withDefaults().test(x, y);
            TTest commons = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC);
            TTest.Result two = commons.test(x, y);
            close(two.getStatistic(), ours.statistic(), name + " t");
            close(two.getPValue(), ours.pValueTwoSided(), name + " two-sided");
            close(commons.with(AlternativeHypothesis.LESS_THAN).test(x, y).getPValue(), ours.pValueLess(), name);
            close(commons.with(AlternativeHypothesis.GREATER_THAN).test(x, y).getPValue(), ours.pValueGreater(), name);
        }
    }
}
