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

import static dev.kbench.stats.Reference.assertAgrees;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every test, distribution and alternative against SciPy 1.17.1 on the cases of
 * {@code make_reference.py} ({@code tests}): continuous, tied, skewed, unequal sizes, exact and
 * asymptotic Mann-Whitney, tiny p-values, degenerate inputs (NaN and infinities as SciPy gives them)
 * and 2 x 10^5 values with ties.
 */
class SciPyAgreementTest {

    static Stream<Arguments> cases() {
        return Reference.list("tests").stream().flatMap(c -> Stream.of(
                Arguments.of(c.get("name").asText(), "brunnermunzel_t", c),
                Arguments.of(c.get("name").asText(), "brunnermunzel_normal", c),
                Arguments.of(c.get("name").asText(), "mannwhitneyu", c),
                Arguments.of(c.get("name").asText(), "welch", c)));
    }

    private static TwoSampleTest test(String key) {
        return switch (key) {
            case "brunnermunzel_t" -> BrunnerMunzelTest.withDefaults();
            case "brunnermunzel_normal" -> BrunnerMunzelTest.withDefaults().with(BrunnerMunzelTest.Distribution.NORMAL);
            case "mannwhitneyu" -> MannWhitneyUTest.withDefaults();
            case "welch" -> WelchTTest.withDefaults();
            default -> throw new IllegalArgumentException(key);
        };
    }

    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("cases")
    void agreesWithSciPy(String name, String method, JsonNode c) {
        double[] x = Reference.array(c.get("x"));
        double[] y = Reference.array(c.get("y"));
        JsonNode expected = c.get(method);
        TestResult r = test(method).test(x, y);
        assertAgrees(expected.get("statistic").asDouble(), r.statistic(), "statistic");
        assertAgrees(expected.get("pvalue").get("two-sided").asDouble(), r.pValueTwoSided(), "two-sided p");
        assertAgrees(expected.get("pvalue").get("less").asDouble(), r.pValueLess(), "less p");
        assertAgrees(expected.get("pvalue").get("greater").asDouble(), r.pValueGreater(), "greater p");
    }

    @Test
    void docstringExampleOfBrunnerMunzel() {
        // >>> stats.brunnermunzel([1,2,1,1,1,1,1,1,1,1,2,4,1,1], [3,3,4,3,1,2,3,1,1,5,4])
        // BrunnerMunzelResult(statistic=3.1374674823029505, pvalue=0.0057862086661515377)
        TestResult r = BrunnerMunzelTest.withDefaults().test(
                new double[] {1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 1, 1}, new double[] {3, 3, 4, 3, 1, 2, 3, 1, 1, 5, 4});
        assertAgrees(3.1374674823029505, r.statistic(), "statistic");
        assertAgrees(0.0057862086661515377, r.pValueTwoSided(), "p");
    }

    @Test
    void brunnerMunzelRanksValuesOneUlpApart() {
        // Neighbouring doubles share the high bits the ranking sorts by first; ties must stay exact.
        // SciPy 1.17.1: e = 2**-52; x = [1.0, 1+e, 1+4*e, 1.0, 1+9*e]; y = [1+e, 1+7*e, 1+4*e, 1+9*e, 1+11*e]
        // stats.brunnermunzel(x, y) -> statistic=1.7780017780026673, pvalue=0.1193772442108788
        // stats.brunnermunzel(x, y, alternative='less').pvalue -> 0.0596886221054394
        double e = Math.ulp(1.0);
        TestResult r = BrunnerMunzelTest.withDefaults().test(new double[] {1.0, 1 + e, 1 + 4 * e, 1.0, 1 + 9 * e},
                new double[] {1 + e, 1 + 7 * e, 1 + 4 * e, 1 + 9 * e, 1 + 11 * e});
        assertAgrees(1.7780017780026673, r.statistic(), "statistic");
        assertAgrees(0.1193772442108788, r.pValueTwoSided(), "two-sided");
        assertAgrees(0.0596886221054394, r.pValueLess(), "less");
    }

    @Test
    void mannWhitneyExactOnTinySamples() {
        // stats.mannwhitneyu([1.5, 3.5], [1, 2, 3], alternative='two-sided') -> statistic=4.0, pvalue=0.8
        // stats.mannwhitneyu([1.5, 3.5], [1, 2, 3], alternative='less')      -> statistic=4.0, pvalue=0.8
        // stats.mannwhitneyu([1.5, 3.5], [1, 2, 3], alternative='greater')   -> statistic=4.0, pvalue=0.4
        TestResult r = MannWhitneyUTest.withDefaults().test(new double[] {1.5, 3.5}, new double[] {1, 2, 3});
        assertEquals(4.0, r.statistic());
        assertAgrees(0.8, r.pValueTwoSided(), "two-sided");
        assertAgrees(0.8, r.pValueLess(), "less");
        assertAgrees(0.4, r.pValueGreater(), "greater");
    }

    @Test
    void negativeZeroTiesWithZeroAsInNumPy() {
        // stats.mannwhitneyu([-0.0, 1.0, 2.0], [0.0, 3.0, 4.0]) -> statistic=2.5, pvalue=0.5065551690490403
        // (-0.0 ties with 0.0, so SciPy takes the asymptotic method with tie correction)
        TestResult withNegative = MannWhitneyUTest.withDefaults().test(new double[] {-0.0, 1, 2}, new double[] {0.0, 3, 4});
        assertEquals(2.5, withNegative.statistic());
        assertAgrees(0.5065551690490403, withNegative.pValueTwoSided(), "two-sided");
        // stats.brunnermunzel([-0.0, 1.0, 2.0], [0.0, 3.0, 4.0]) -> statistic=0.7844645405527363,
        // pvalue=0.5096085071914889 (SciPy 1.17.1)
        TestResult bm = BrunnerMunzelTest.withDefaults().test(new double[] {-0.0, 1, 2}, new double[] {0.0, 3, 4});
        assertAgrees(0.7844645405527363, bm.statistic(), "statistic");
        assertAgrees(0.5096085071914889, bm.pValueTwoSided(), "two-sided");
    }

    @Test
    void samplesAreNotModified() {
        double[] x = {3, 1, 2};
        double[] y = {6, 5, 4};
        for (TwoSampleTest t : List.of(BrunnerMunzelTest.withDefaults(), MannWhitneyUTest.withDefaults(),
                WelchTTest.withDefaults())) {
            t.test(x, y);
            assertTrue(x[0] == 3 && x[1] == 1 && y[0] == 6, t.method().jsonName());
        }
    }
}
