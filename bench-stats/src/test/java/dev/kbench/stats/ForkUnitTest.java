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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The fork as the unit of a comparison: what a test of samples says about two runs, and what a test
 * of runs says about the code, on simulated between-fork offsets (fixed seeds, no timing).
 */
class ForkUnitTest {

    private static final int FORKS = 10;
    private static final int SAMPLES = 200;
    private static final double FORK_CV = 0.01;
    private static final double SAMPLE_CV = 0.02;
    private static final int TRIALS = 200;

    /** One side: each fork's samples are lognormal noise around a fork's own lognormal offset. */
    private static List<SampleRecord> side(SplittableRandom random, double shift) {
        double[][] forks = new double[FORKS][SAMPLES];
        for (int f = 0; f < FORKS; f++) {
            double offset = Math.exp(FORK_CV * gaussian(random));
            for (int s = 0; s < SAMPLES; s++) {
                forks[f][s] = 0.1 * shift * offset * Math.exp(SAMPLE_CV * gaussian(random));
            }
        }
        return Records.forks("k", "n=1", forks);
    }

    /** Box-Muller on the seeded generator, so the data does not depend on the JDK's Gaussian. */
    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** How many of the seeded trials each comparison flags (slower or faster). */
    private static int[] flagged(double shift, Compare... compares) {
        int[] flagged = new int[compares.length];
        for (int t = 0; t < TRIALS; t++) {
            SplittableRandom random = new SplittableRandom(1000 + t);
            List<SampleRecord> base = side(random, 1);
            List<SampleRecord> next = side(random, shift);
            for (int c = 0; c < compares.length; c++) {
                BenchmarkComparison r = compares[c].compare(base, next).results().getFirst();
                if (r.verdict() != Verdict.SAME) {
                    flagged[c]++;
                }
            }
        }
        return flagged;
    }

    @Test
    void aTestOfSamplesFlagsBetweenRunOffsetsAndATestOfForksDoesNot() {
        Compare samples = Compare.withDefaults().with(Unit.SAMPLE).withThreshold(0).withBootstrapResamples(0);
        Compare forksAlone = Compare.withDefaults().withThreshold(0).withBootstrapResamples(200);
        Compare defaults = Compare.withDefaults().withBootstrapResamples(200);
        int[] flagged = flagged(1, samples, forksAlone, defaults);
        // Identical code: every flag is a false alarm. Samples see only within-run noise, so the
        // between-run offsets (1 % CV) look like changes; at alpha 0.001 two one-sided tests should
        // flag 0.4 of 200 trials, so 2 leaves room for Brunner-Munzel's small-sample t approximation.
        assertTrue(flagged[0] > TRIALS / 2, "per-sample test flagged " + flagged[0] + " of " + TRIALS);
        assertTrue(flagged[1] <= 2, "per-fork test flagged " + flagged[1] + " of " + TRIALS);
        assertTrue(flagged[2] <= 2, "defaults flagged " + flagged[2] + " of " + TRIALS);
    }

    @Test
    void aTestOfForksDetectsAPlantedShiftAboveItsMinimalDetectableChange() {
        Compare defaults = Compare.withDefaults().withBootstrapResamples(200);
        int slower = 0;
        for (int t = 0; t < TRIALS / 4; t++) {
            SplittableRandom random = new SplittableRandom(5000 + t);
            BenchmarkComparison r = defaults.compare(side(random, 1), side(random, 1.05)).results().getFirst();
            assertEquals(Unit.FORK, r.unit());
            // (z(0.999) + z(0.8)) * sqrt(2 / 10) * 1 % = 1.76 %, for a 1 % spread of fork medians.
            assertTrue(r.mdc() > 0.004 && r.mdc() < 0.04, "mdc " + r.mdc());
            if (r.verdict() == Verdict.SLOWER) {
                slower++;
            }
        }
        assertTrue(slower >= TRIALS / 4 * 95 / 100, "a planted +5 % flagged in " + slower + " of " + TRIALS / 4);
    }

    @Test
    void oneForkPerSideTestsSamplesAndSaysBetweenRunVarianceIsUnknown() {
        BenchmarkComparison r = Compare.withDefaults().compare(Records.samples("k", "", 1, 2, 3, 4),
                Records.samples("k", "", 1, 2, 3, 5)).results().getFirst();
        assertEquals(Unit.SAMPLE, r.unit());
        assertEquals(1, r.forksBase());
        assertEquals("unknown", r.betweenRunVariance());
        InputException e = assertThrows(InputException.class, () -> Compare.withDefaults()
                .with(Unit.FORK).compare(Records.samples("k", "", 1, 2, 3), Records.samples("k", "", 1, 2, 3)));
        assertTrue(e.getMessage().contains("the fork unit needs at least 2 forks on each side"), e.getMessage());
    }

    @Test
    void tooFewForksForAlphaAreNamedWithTheLeastThatCanReachIt() {
        // from math import comb; [k for k in range(1, 20) if 1 / comb(2 * k, k) < a][0] for a in 0.001, 0.01
        // -> 7, 5; 1 / comb(12, 6) = 0.00108
        assertEquals(7, Compare.leastForks(0.001));
        assertEquals(5, Compare.leastForks(0.01));
        double[] low = {1.00, 1.01, 1.02, 1.00, 1.01, 1.02, 1.01};
        double[] high = {1.10, 1.11, 1.12, 1.10, 1.11, 1.12, 1.11};
        Compare compare = Compare.withDefaults().withSeed(3);
        BenchmarkComparison six = compare.compare(onSteps(Arrays.copyOf(low, 6)), onSteps(Arrays.copyOf(high, 6)))
                .results().getFirst();
        assertEquals(Verdict.SAME, six.verdict(), "6 forks a side, completely separated by 10 %");
        assertTrue(six.notes().stream().anyMatch(n -> n.equals("no verdict but same is possible: with 6 and 6 forks"
                + " the least one-sided p-value, 1/C(12, 6) = 0.0011, is not below alpha 0.001; 7 forks a side are"
                + " the least that can reach it")), six.notes().toString());
        BenchmarkComparison seven = compare.compare(onSteps(low), onSteps(high)).results().getFirst();
        assertEquals(Verdict.SLOWER, seven.verdict());
        assertTrue(seven.notes().stream().noneMatch(n -> n.startsWith("no verdict")), seven.notes().toString());
    }

    @Test
    void forkPValuesAreSciPysOnTheForkMedians() {
        List<SampleRecord> base = Records.forks("k", "", new double[][] {
            {1.00, 1.02, 0.99}, {1.05, 1.04, 1.06, 1.03}, {0.98, 1.01, 1.00}});
        List<SampleRecord> next = Records.forks("k", "", new double[][] {
            {1.03, 1.01, 1.02}, {0.99, 1.00, 1.01}, {1.10, 1.08, 1.09}, {1.02, 1.04, 1.03}});
        BenchmarkComparison r = Compare.withDefaults().compare(base, next).results().getFirst();
        assertEquals(Unit.FORK, r.unit());
        assertEquals("tested", r.betweenRunVariance());
        assertEquals(3, r.nBase());
        assertEquals(10, r.samplesBase());
        // SciPy 1.17.1, x = [np.median(f) for f in base forks] = [1.0, 1.045, 1.0], y = [1.02, 1.0, 1.09, 1.03]:
        // scipy.stats.brunnermunzel(x, y, alternative=alt) for alt in 'two-sided', 'less', 'greater'
        assertEquals(0.669774686623137, r.test().statistic(), 1e-12);
        assertEquals(0.5431758049016034, r.test().pValueTwoSided(), 1e-12);
        assertEquals(0.2715879024508017, r.test().pValueLess(), 1e-12);
        assertEquals(0.7284120975491983, r.test().pValueGreater(), 1e-12);
        assertEquals(1.0, r.medianBaseMillis());
        assertEquals(1.025, r.medianNewMillis(), 1e-15);
    }

    /** Forks of three samples, a timer step (0.032) apart, around each of these medians. */
    private static List<SampleRecord> onSteps(double... medians) {
        double[][] forks = new double[medians.length][];
        for (int f = 0; f < medians.length; f++) {
            forks[f] = new double[] {medians[f] - 0.032, medians[f], medians[f] + 0.032};
        }
        return Records.forks("k", "", forks);
    }

    @Test
    void theTrimmedMeanCentersForkMediansAsSciPyAndLeavesTheTestAlone() {
        double[] x = {7.296, 7.296, 7.328, 7.264, 7.296, 7.36, 7.232, 7.328, 7.296, 7.392, 7.2};
        double[] y = {7.36, 7.392, 7.328, 7.36, 7.424, 7.296, 7.36, 7.392, 7.456, 7.328};
        Compare median = Compare.withDefaults().withSeed(7).with(Center.MEDIAN);
        BenchmarkComparison m = median.compare(onSteps(x), onSteps(y)).results().getFirst();
        CompareReport report = Compare.withDefaults().withSeed(7).compare(onSteps(x), onSteps(y));
        BenchmarkComparison t = report.results().getFirst();
        assertEquals(Center.TRIMMED_MEAN, report.center(), "the default");
        // SciPy 1.17.1: scipy.stats.trim_mean(x, 0.2), scipy.stats.trim_mean(y, 0.2), and their ratio
        assertEquals(7.30057142857143, t.centerBaseMillis(), 1e-12);
        assertEquals(7.365333333333335, t.centerNewMillis(), 1e-12);
        assertEquals(1.008870799415571, t.ratio(), 1e-12);
        // np.median(x), np.median(y): the steps themselves, the medians whatever the center
        for (BenchmarkComparison c : List.of(m, t)) {
            assertEquals(7.296, c.medianBaseMillis(), 1e-12);
            assertEquals(7.36, c.medianNewMillis(), 1e-12);
        }
        assertEquals(7.296, m.centerBaseMillis(), 1e-12);
        assertEquals(7.36 / 7.296, m.ratio(), 1e-12);
        assertEquals(m.test(), t.test());
        // the median's replicates are ratios of steps (7.36 / 7.296 = 1.00877 or 7.392 / 7.296 = 1.01316 ...);
        // the trimmed mean's fall between them
        assertTrue(t.ratioInterval().lower() != m.ratioInterval().lower(), t.ratioInterval() + " " + m.ratioInterval());
        assertTrue(t.ratioInterval().lower() < t.ratio() && t.ratio() < t.ratioInterval().upper(), t.ratioInterval().toString());
    }

    @Test
    void aCenterOfNoValueOrOfAValueThatIsNotFiniteIsRefused() {
        // np.median([1, 2, 3, 4]), scipy.stats.trim_mean([1, 2, 3, 4, 100], 0.2): 2.5, 3.0
        assertEquals(2.5, Center.MEDIAN.of(new double[] {4, 1, 3, 2}), 1e-15);
        assertEquals(3.0, Center.TRIMMED_MEAN.of(new double[] {1, 2, 3, 4, 100}), 1e-15);
        for (Center center : Center.values()) {
            assertEquals("no values to center", assertThrows(IllegalArgumentException.class,
                    () -> center.of(new double[0])).getMessage(), center + ": the trimmed mean was 0 / 0 = NaN");
            // sorted last, NaN passed for the slowest value: the median of {NaN, 1, 2, 3, 4} was 3.0
            assertEquals("values to center must be finite, got NaN", assertThrows(IllegalArgumentException.class,
                    () -> center.of(new double[] {Double.NaN, 1, 2, 3, 4})).getMessage(), center.toString());
            assertEquals("values to center must be finite, got Infinity", assertThrows(IllegalArgumentException.class,
                    () -> center.of(new double[] {1, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})).getMessage(),
                    center.toString());
            assertEquals("values", assertThrows(NullPointerException.class, () -> center.of(null)).getMessage());
        }
    }

    @Test
    void forkMediansOnAFewStepsEarnANoteThatNamesTheTrimmedMean() {
        double[] x = new double[24];
        double[] y = new double[24];
        for (int f = 0; f < 24; f++) {
            x[f] = 7.296 + 0.032 * (f % 4 - 1);
            y[f] = 7.36 + 0.032 * (f % 3 - 1);
        }
        BenchmarkComparison median = Compare.withDefaults().withThreshold(0.005).with(Center.MEDIAN)
                .compare(onSteps(x), onSteps(y)).results().getFirst();
        assertTrue(median.notes().stream().anyMatch(n -> n.startsWith("the fork medians take 5 values, 0.44% apart")
                && n.contains("--center trimmed_mean")), median.notes().toString());
        BenchmarkComparison trimmed = Compare.withDefaults().withThreshold(0.005)
                .compare(onSteps(x), onSteps(y)).results().getFirst();
        assertTrue(trimmed.notes().stream().noneMatch(n -> n.contains("fork medians take")), trimmed.notes().toString());
        // steps of 0.055 % (58 us on the same timer) are below a quarter of the threshold: no note
        for (int f = 0; f < 24; f++) {
            x[f] = 58.304 + 0.032 * (f % 4 - 1);
            y[f] = 58.88 + 0.032 * (f % 3 - 1);
        }
        BenchmarkComparison fine = Compare.withDefaults().withThreshold(0.005).with(Center.MEDIAN)
                .compare(onSteps(x), onSteps(y)).results().getFirst();
        assertTrue(fine.notes().stream().noneMatch(n -> n.contains("fork medians take")), fine.notes().toString());
    }

    @Test
    void samplesTestedAreCenteredByTheirMedianWhateverTheCenter() {
        // one fork a side: samples tested; the base's trimmed mean would be 1.3 (1.1, 1.2 and 1.6)
        List<SampleRecord> base = Records.forks("k", "", new double[][] {{1.0, 1.1, 1.2, 1.6, 1.7}});
        List<SampleRecord> next = Records.forks("k", "", new double[][] {{1.0, 1.1, 1.2, 1.3, 9.0}});
        BenchmarkComparison r = Compare.withDefaults().with(Center.TRIMMED_MEAN).compare(base, next).results().getFirst();
        assertEquals(Unit.SAMPLE, r.unit());
        assertEquals(1.2, r.medianBaseMillis(), 1e-15);
        assertEquals(1.2, r.medianNewMillis(), 1e-15);
    }

    @Test
    void completeSeparationOfFewForksIsNoStrongerThanItsPermutationProbability() {
        List<SampleRecord> base = Records.forks("k", "", new double[][] {{1.0, 1.1}, {1.2, 1.3}, {1.4, 1.5}, {1.6, 1.7}});
        List<SampleRecord> next = Records.forks("k", "", new double[][] {{2.0, 2.1}, {2.2, 2.3}, {2.4, 2.5}, {2.6, 2.7}});
        BenchmarkComparison r = Compare.withDefaults().withAlpha(0.05).compare(base, next).results().getFirst();
        // scipy.stats.mannwhitneyu([1, 2, 3, 4], [5, 6, 7, 8], method='exact', alternative='less').pvalue
        assertEquals(0.014285714285714285, r.test().pValueLess(), 1e-15);
        assertEquals(1.0, r.test().pValueGreater());
        assertEquals(Verdict.SLOWER, r.verdict());
        // At alpha 0.001 four forks a side can never be significant: no shift is detectable.
        BenchmarkComparison strict = Compare.withDefaults().compare(base, next).results().getFirst();
        assertEquals(Verdict.SAME, strict.verdict());
        assertEquals(Double.POSITIVE_INFINITY, strict.mdc());
    }
}
