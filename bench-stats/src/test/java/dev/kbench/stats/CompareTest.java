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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CompareTest {

    private static JsonNode testCase(String name) {
        return Reference.list("tests").stream().filter(c -> c.get("name").asText().equals(name)).findFirst()
                .orElseThrow();
    }

    private static BenchmarkComparison only(CompareReport report) {
        assertEquals(1, report.results().size());
        return report.results().getFirst();
    }

    @Test
    void rawSamplesAreTestedAsSciPyWouldTestTheTwoArrays() {
        JsonNode c = testCase("normal_30_30");
        double[] x = Reference.array(c.get("x"));
        double[] y = Reference.array(c.get("y"));
        for (TestMethod m : TestMethod.values()) {
            String key = m == TestMethod.BRUNNER_MUNZEL ? "brunnermunzel_t" : m.jsonName();
            BenchmarkComparison r = only(Compare.withDefaults().with(m)
                    .compare(Records.samples("k", "n=1", x), Records.samples("k", "n=1", y)));
            JsonNode e = c.get(key);
            assertAgrees(e.get("statistic").asDouble(), r.test().statistic(), m + " statistic");
            assertAgrees(e.get("pvalue").get("two-sided").asDouble(), r.test().pValueTwoSided(), m + " two-sided");
            assertAgrees(e.get("pvalue").get("less").asDouble(), r.test().pValueLess(), m + " less");
            assertAgrees(e.get("pvalue").get("greater").asDouble(), r.test().pValueGreater(), m + " greater");
            assertEquals(30, r.nBase());
            assertEquals(30, r.samplesNew());
            assertEquals(new BenchmarkId("k", "n=1"), r.id());
            assertTrue(r.stability().isEmpty(), "no stability check on raw samples");
        }
    }

    @Test
    void repetitionMeansAreNumPyMeansAndTheTestIsSciPys() {
        for (JsonNode c : Reference.list("repetition_compare")) {
            double[][] base = matrix(c.get("base"));
            double[][] next = matrix(c.get("new"));
            BenchmarkComparison r = only(Compare.withDefaults().with(Aggregation.REPETITION_MEAN)
                    .compare(Records.repetitions("k", "", base), Records.repetitions("k", "", next)));
            String name = c.get("name").asText();
            assertEquals(base.length, r.nBase(), name);
            assertEquals(next.length, r.nNew(), name);
            assertEquals(List.of(base).stream().mapToInt(a -> a.length).sum(), r.samplesBase(), name);
            assertAgrees(c.get("median_base").asDouble(), r.medianBaseMillis(), name + " median base");
            assertAgrees(c.get("median_new").asDouble(), r.medianNewMillis(), name + " median new");
            assertAgrees(c.get("statistic").asDouble(), r.test().statistic(), name + " statistic");
            assertAgrees(c.get("pvalue").get("two-sided").asDouble(), r.test().pValueTwoSided(), name);
            assertAgrees(c.get("pvalue").get("less").asDouble(), r.test().pValueLess(), name);
            assertAgrees(c.get("pvalue").get("greater").asDouble(), r.test().pValueGreater(), name);
            assertTrue(r.stability().isPresent(), name);
        }
    }

    @Test
    void verdictsFollowTheOneSidedPValues() {
        JsonNode c = testCase("far_200_200");
        double[] fast = Reference.array(c.get("x"));
        double[] slow = Reference.array(c.get("y"));
        Compare compare = Compare.withDefaults();
        assertEquals(Verdict.SLOWER, only(compare.compare(Records.samples("k", "", fast), Records.samples("k", "", slow))).verdict());
        assertEquals(Verdict.FASTER, only(compare.compare(Records.samples("k", "", slow), Records.samples("k", "", fast))).verdict());
        assertEquals(Verdict.SAME, only(compare.compare(Records.samples("k", "", fast), Records.samples("k", "", fast))).verdict());
    }

    @Test
    void alphaDecidesBorderlineCases() {
        // normal_50_47: scipy.stats.brunnermunzel(x, y, alternative='less').pvalue, read from the reference
        JsonNode c = testCase("normal_50_47");
        double less = c.get("brunnermunzel_t").get("pvalue").get("less").asDouble();
        List<SampleRecord> base = Records.samples("k", "", Reference.array(c.get("x")));
        List<SampleRecord> next = Records.samples("k", "", Reference.array(c.get("y")));
        // Threshold 0: the test alone decides.
        Compare compare = Compare.withDefaults().withThreshold(0);
        assertEquals(Verdict.SLOWER, only(compare.withAlpha(less * 1.01).compare(base, next)).verdict());
        assertEquals(Verdict.SAME, only(compare.withAlpha(less * 0.99).compare(base, next)).verdict());
    }

    @Test
    void bonferroniDividesAlphaByTheNumberOfBenchmarks() {
        JsonNode c = testCase("normal_50_47");
        double less = c.get("brunnermunzel_t").get("pvalue").get("less").asDouble();
        double[] x = Reference.array(c.get("x"));
        double[] y = Reference.array(c.get("y"));
        List<SampleRecord> base = new ArrayList<>();
        List<SampleRecord> next = new ArrayList<>();
        for (String name : List.of("a", "b", "c", "d")) {
            base.addAll(Records.samples(name, "", x));
            next.addAll(Records.samples(name, "", y));
        }
        Compare compare = Compare.withDefaults().withThreshold(0).withAlpha(less * 2);
        CompareReport plain = compare.compare(base, next);
        CompareReport corrected = compare.with(Correction.BONFERRONI).compare(base, next);
        assertEquals(4, plain.count(Verdict.SLOWER));
        assertEquals(less * 2 / 4, corrected.alphaPerBenchmark());
        assertEquals(less * 2, corrected.alpha());
        assertEquals(4, corrected.count(Verdict.SAME));
    }

    @Test
    void allValuesEqualIsSameWithPValuesOne() {
        for (TestMethod m : List.of(TestMethod.BRUNNER_MUNZEL, TestMethod.WELCH)) {
            BenchmarkComparison r = only(Compare.withDefaults().with(m)
                    .compare(Records.samples("k", "", 3, 3, 3, 3, 3), Records.samples("k", "", 3, 3, 3, 3, 3, 3, 3)));
            assertEquals(new TestResult(0, 1, 1, 1), r.test(), m.jsonName());
            assertEquals(Verdict.SAME, r.verdict());
            assertEquals(1.0, r.ratio());
            assertTrue(r.notes().getFirst().startsWith("all values are equal"), r.notes().toString());
        }
        // stats.mannwhitneyu([3.0]*5, [3.0]*7) -> statistic=17.5, pvalue=1.0 for every alternative: SciPy's own, finite
        BenchmarkComparison mwu = only(Compare.withDefaults().with(TestMethod.MANN_WHITNEY_U)
                .compare(Records.samples("k", "", 3, 3, 3, 3, 3), Records.samples("k", "", 3, 3, 3, 3, 3, 3, 3)));
        assertEquals(new TestResult(17.5, 1, 1, 1), mwu.test());
    }

    @Test
    void completeSeparationIsSignificantInItsDirection() {
        List<SampleRecord> low = Records.samples("k", "", 1.0, 1.1, 1.2, 1.3);
        List<SampleRecord> high = Records.samples("k", "", 2.0, 2.1, 2.2);
        // scipy.stats.brunnermunzel([1.0, 1.1, 1.2, 1.3], [2.0, 2.1, 2.2]) -> statistic=inf, pvalue=nan
        BenchmarkComparison slower = only(Compare.withDefaults().compare(low, high));
        assertEquals(Double.POSITIVE_INFINITY, slower.test().statistic());
        assertEquals(0.0, slower.test().pValueTwoSided());
        assertEquals(0.0, slower.test().pValueLess());
        assertEquals(1.0, slower.test().pValueGreater());
        assertEquals(Verdict.SLOWER, slower.verdict());
        assertTrue(slower.notes().getFirst().startsWith("complete separation: every new value is above"));

        BenchmarkComparison faster = only(Compare.withDefaults().compare(high, low));
        assertEquals(0.0, faster.test().pValueGreater());
        assertEquals(1.0, faster.test().pValueLess());
        assertEquals(Verdict.FASTER, faster.verdict());

        // scipy.stats.brunnermunzel(..., distribution='normal') is finite there (p 0.0 / 1.0): kept as SciPy's
        BenchmarkComparison normal = only(Compare.withDefaults().with(BrunnerMunzelTest.Distribution.NORMAL)
                .compare(low, high));
        assertEquals(new TestResult(Double.POSITIVE_INFINITY, 0, 0, 1), normal.test());
        assertEquals(Verdict.SLOWER, normal.verdict());
    }

    @Test
    void welchOnTwoDifferentConstantsKeepsSciPysFinitePValues() {
        // scipy.stats.ttest_ind([1.0]*5, [2.0]*4, equal_var=False) -> statistic=-inf, pvalue=0.0 (df set to 1)
        BenchmarkComparison r = only(Compare.withDefaults().with(TestMethod.WELCH)
                .compare(Records.samples("k", "", 1, 1, 1, 1, 1), Records.samples("k", "", 2, 2, 2, 2)));
        assertEquals(new TestResult(Double.NEGATIVE_INFINITY, 0, 0, 1), r.test());
        assertEquals(Verdict.SLOWER, r.verdict());
        assertEquals(2.0, r.ratio());
    }

    @Test
    void tooFewSamplesIsAnErrorNamingTheBenchmark() {
        InputException e = assertThrows(InputException.class, () -> Compare.withDefaults()
                .compare(Records.samples("gemm", "m=64", 1.0), Records.samples("gemm", "m=64", 1.0, 2.0)));
        assertTrue(e.getMessage().contains("'gemm[m=64]'") && e.getMessage().contains("1 sample(s) in the base"),
                e.getMessage());
        for (TestMethod m : TestMethod.values()) {
            assertThrows(InputException.class, () -> Compare.withDefaults().with(m)
                    .compare(Records.samples("k", "", 1.0, 2.0), Records.samples("k", "", 1.0)), m.jsonName());
        }
    }

    @Test
    void repetitionMeansNeedRepetitionIndices() {
        InputException e = assertThrows(InputException.class, () -> Compare.withDefaults()
                .with(Aggregation.REPETITION_MEAN)
                .compare(Records.samples("copy", "", 1, 2, 3), Records.samples("copy", "", 1, 2, 3)));
        assertTrue(e.getMessage().contains("'copy'") && e.getMessage().contains("repetition"), e.getMessage());
    }

    @Test
    void rowsAndBenchmarksInOnlyOneInputAreInBenchmarkOrder() {
        List<SampleRecord> base = new ArrayList<>(Records.samples("a", "", 1, 2, 3));
        base.addAll(Records.samples("gone", "n=2", 1, 2));
        base.addAll(Records.samples("b", "", 1, 2, 3));
        base.addAll(Records.samples("gone", "n=1", 1, 2));
        List<SampleRecord> next = new ArrayList<>(Records.samples("new", "", 1, 2));
        next.addAll(Records.samples("b", "", 1, 2, 3));
        next.addAll(Records.samples("a", "", 1, 2, 3));
        java.util.Collections.reverse(base); // b first now: the order of the input does not matter
        CompareReport r = Compare.withDefaults().compare(base, next);
        assertEquals(List.of(new BenchmarkId("a", ""), new BenchmarkId("b", "")),
                r.results().stream().map(BenchmarkComparison::id).toList());
        assertEquals(List.of(new BenchmarkId("gone", "n=1"), new BenchmarkId("gone", "n=2")), r.onlyInBase());
        assertEquals(List.of(new BenchmarkId("new", "")), r.onlyInNew());
    }

    @Test
    void sameSeedSameReportWhateverTheOrderOrThreads() {
        Random random = new Random(11);
        List<List<SampleRecord>> bases = new ArrayList<>();
        List<List<SampleRecord>> nexts = new ArrayList<>();
        for (int b = 0; b < 40; b++) {
            bases.add(Records.repetitions("bench" + b, "", gaussian(random, 4, 15, 1.0)));
            nexts.add(Records.repetitions("bench" + b, "", gaussian(random, 5, 15, 1.0 + b * 0.002)));
        }
        Compare compare = Compare.withDefaults().with(Aggregation.REPETITION_MEAN).withStabilityShuffles(50)
                .withBootstrapResamples(200);
        CompareReport all = compare.compare(flat(bases), flat(nexts));
        assertEquals(all, compare.compare(flat(bases), flat(nexts)));

        List<Integer> order = new ArrayList<>();
        for (int b = 0; b < 40; b++) {
            order.add(b);
        }
        Collections.shuffle(order, random);
        CompareReport shuffled = compare.compare(flat(order.stream().map(bases::get).toList()), flat(nexts));
        var byId = shuffled.results().stream().collect(Collectors.toMap(BenchmarkComparison::id, Function.identity()));
        for (BenchmarkComparison r : all.results()) {
            assertEquals(r, byId.get(r.id()));
            // Alone (sequential, below the parallel threshold): the same again.
            assertEquals(r, only(compare.compare(bases.get(indexOf(r)), nexts.get(indexOf(r)))));
        }
        CompareReport otherSeed = compare.withSeed(99).compare(flat(bases), flat(nexts));
        assertNotEquals(all.results().getFirst().ratioInterval(), otherSeed.results().getFirst().ratioInterval());
        assertEquals(all.results().getFirst().test(), otherSeed.results().getFirst().test());
    }

    @Test
    void ratioIsOfTheMediansWithABootstrapIntervalAroundIt() {
        JsonNode c = testCase("lognormal_64_80");
        double[] x = Reference.array(c.get("x"));
        double[] y = Reference.array(c.get("y"));
        BenchmarkComparison r = only(Compare.withDefaults().compare(Records.samples("k", "", x), Records.samples("k", "", y)));
        assertEquals(dev.kbench.api.internal.Quantiles.of(y, 0.5) / dev.kbench.api.internal.Quantiles.of(x, 0.5), r.ratio());
        assertTrue(r.ratioInterval().lower() < r.ratio() && r.ratio() < r.ratioInterval().upper(), r.ratioInterval().toString());
        assertEquals(0.95, r.ratioInterval().confidenceLevel());

        BenchmarkComparison none = only(Compare.withDefaults().withBootstrapResamples(0)
                .compare(Records.samples("k", "", x), Records.samples("k", "", y)));
        assertFalse(none.ratioInterval().isDefined());
    }

    @Test
    void zeroBaseMedianGivesAnInfiniteRatio() {
        BenchmarkComparison r = only(Compare.withDefaults().compare(Records.samples("k", "", 0, 0, 0, 1),
                Records.samples("k", "", 1, 2, 3, 4)));
        assertEquals(Double.POSITIVE_INFINITY, r.ratio());
    }

    @Test
    void stabilityIsHighForAClearDifferenceAndFlagsABorderlineOne() {
        Random random = new Random(5);
        double[][] base = gaussian(random, 12, 20, 1.0);
        double[][] clear = gaussian(random, 12, 20, 1.2);
        BenchmarkComparison sure = only(Compare.withDefaults().with(Aggregation.REPETITION_MEAN)
                .compare(Records.repetitions("k", "", base), Records.repetitions("k", "", clear)));
        assertEquals(Verdict.SLOWER, sure.verdict());
        assertEquals(new Stability(1000, 1.0, true), sure.stability().orElseThrow());

        double[][] close = gaussian(random, 12, 20, 1.012);
        Compare repetitions = Compare.withDefaults().with(Aggregation.REPETITION_MEAN).withThreshold(0);
        double less = only(repetitions.compare(Records.repetitions("k", "", base), Records.repetitions("k", "", close)))
                .test().pValueLess();
        // Just significant: the verdict holds for this order of samples only.
        BenchmarkComparison borderline = only(repetitions.withAlpha(less * 1.001)
                .compare(Records.repetitions("k", "", base), Records.repetitions("k", "", close)));
        assertEquals(Verdict.SLOWER, borderline.verdict());
        Stability s = borderline.stability().orElseThrow();
        assertFalse(s.stable(), s.toString());
        assertTrue(s.agreement() < 0.95, s.toString());
        assertTrue(borderline.notes().stream().anyMatch(n -> n.startsWith("unstable:")), borderline.notes().toString());

        assertTrue(only(repetitions.withStabilityShuffles(0)
                .compare(Records.repetitions("k", "", base), Records.repetitions("k", "", clear))).stability().isEmpty());
    }

    @Test
    void fewValuesEarnANote() {
        BenchmarkComparison r = only(Compare.withDefaults().compare(Records.samples("k", "", 1, 2, 3),
                Records.samples("k", "", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)));
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("fewer than 10 values (base 3, new 11)")), r.notes().toString());
    }

    @Test
    void settingsAreValidated() {
        assertThrows(IllegalArgumentException.class, () -> Compare.withDefaults().withAlpha(0));
        assertThrows(IllegalArgumentException.class, () -> Compare.withDefaults().withAlpha(1));
        assertThrows(IllegalArgumentException.class, () -> Compare.withDefaults().withAlpha(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Compare.withDefaults().withConfidenceLevel(1));
        assertThrows(IllegalArgumentException.class, () -> Compare.withDefaults().withBootstrapResamples(-1));
        assertThrows(IllegalArgumentException.class, () -> Compare.withDefaults().withStabilityShuffles(-1));
        assertThrows(IllegalArgumentException.class, () -> Compare.withDefaults().withStabilityThreshold(0));
    }

    private static int indexOf(BenchmarkComparison r) {
        return Integer.parseInt(r.id().benchmark().substring("bench".length()));
    }

    private static List<SampleRecord> flat(List<List<SampleRecord>> lists) {
        return lists.stream().flatMap(List::stream).toList();
    }

    private static double[][] gaussian(Random random, int reps, int samples, double mean) {
        double[][] m = new double[reps][samples];
        for (double[] rep : m) {
            for (int i = 0; i < samples; i++) {
                rep[i] = mean + 0.05 * random.nextGaussian();
            }
        }
        return m;
    }

    private static double[][] matrix(JsonNode rows) {
        double[][] m = new double[rows.size()][];
        for (int i = 0; i < m.length; i++) {
            m[i] = Reference.doubles(rows.get(i));
        }
        return m;
    }
}
