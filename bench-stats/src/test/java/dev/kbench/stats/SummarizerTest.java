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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kbench.api.SampleRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SummarizerTest {

    /** Descriptive statistics are Commons Statistics' (two-pass): within a few ulps of NumPy's. */
    private static final double ULPS = 1e-14;

    private static void assertClose(double expected, double actual, String what) {
        assertTrue(Math.abs(expected - actual) <= ULPS * Math.abs(expected), () -> what + ": expected " + expected
                + " but was " + actual);
    }

    @Test
    void agreesWithNumPyAndSciPy() {
        Summarizer summarizer = Summarizer.withDefaults().withQuantiles("0.2", "0.5", "0.8", "0.25", "0.75", "0", "1");
        for (JsonNode c : Reference.list("summaries")) {
            String name = c.get("name").asText();
            double[] x = Reference.array(c.get("x"));
            Summary s = summarizer.summarize(new BenchmarkId(name, ""), x);
            assertEquals(x.length, s.n());
            assertEquals(c.get("min").asDouble(), s.minMillis(), name);
            assertEquals(c.get("max").asDouble(), s.maxMillis(), name);
            assertClose(c.get("mean").asDouble(), s.meanMillis(), name + " mean");
            assertClose(c.get("median").asDouble(), s.medianMillis(), name + " median");
            if (c.has("stddev")) {
                assertClose(c.get("stddev").asDouble(), s.stddevMillis(), name + " stddev");
            } else {
                assertEquals(0.0, s.stddevMillis(), "one sample: 0, where np.std(ddof=1) is NaN");
            }
            for (QuantileValue q : s.quantiles()) {
                // np.quantile(x, q) with NumPy's default method='linear': bench-api's Quantiles, to the bit
                assertEquals(c.get("quantiles").get(q.label()).asDouble(), q.valueMillis(), name + " q" + q.label());
            }
            assertEquals(c.get("iqr").asDouble(), s.iqrMillis(), name + " iqr");
            assertClose(c.get("mad").asDouble(), s.madMillis(), name + " mad");
            double noise = c.get("relative_noise").asDouble();
            if (Double.isNaN(noise)) {
                assertEquals(0.0, s.relativeNoise(), name);
            } else {
                assertAgrees(noise, s.relativeNoise(), name + " relative noise");
            }
            JsonNode o = c.get("outliers");
            assertEquals(o.get("low_severe").asInt(), s.outliers().lowSevere(), name);
            assertEquals(o.get("low_mild").asInt(), s.outliers().lowMild(), name);
            assertEquals(o.get("high_mild").asInt(), s.outliers().highMild(), name);
            assertEquals(o.get("high_severe").asInt(), s.outliers().highSevere(), name);
            c.get("median_ci").properties().forEach(e -> {
                double level = Double.parseDouble(e.getKey());
                Interval ci = summarizer.withConfidenceLevel(level).summarize(new BenchmarkId(name, ""), x)
                        .medianInterval();
                assertEquals(e.getValue().get(0).asDouble(), ci.lower(), name + " CI low " + level);
                assertEquals(e.getValue().get(1).asDouble(), ci.upper(), name + " CI high " + level);
            });
        }
    }

    @Test
    void medianIntervalIndicesAreSciPysQuantileTest() {
        for (JsonNode c : Reference.list("median_ci_indices")) {
            int n = c.get("n").asInt();
            double level = c.get("level").asDouble();
            double[] x = new double[n];
            Arrays.setAll(x, i -> i);
            Interval ci = Summarizer.medianInterval(x, level);
            String what = "n=" + n + " level=" + level;
            assertEquals(c.get("low").asDouble(), ci.lower(), what);
            assertEquals(c.get("high").asDouble(), ci.upper(), what);
        }
    }

    @Test
    void medianIntervalAgreesWithCommonsBinomialBeyondTheExactRange() {
        // The exact sums stop at n = 53; beyond, the log-space sums must pick the indices that Commons
        // Statistics' BinomialDistribution (checked against SciPy above) picks.
        for (double level : new double[] {0.5, 0.8, 0.9, 0.95, 0.99, 0.999}) {
            for (int n = 1; n <= 20_000; n = n < 300 ? n + 1 : n * 11 / 10) {
                double[] x = new double[n];
                Arrays.setAll(x, i -> i);
                org.apache.commons.statistics.distribution.BinomialDistribution b =
                        org.apache.commons.statistics.distribution.BinomialDistribution.of(n, 0.5);
                double a = (1 - level) / 2;
                int low = b.inverseCumulativeProbability(a) - 1;
                int high = b.inverseSurvivalProbability(a);
                Interval ci = Summarizer.medianInterval(x, level);
                String what = "n=" + n + " level=" + level;
                assertEquals(low >= 0 ? low : Double.NaN, ci.lower(), what);
                assertEquals(high < n ? high : Double.NaN, ci.upper(), what);
            }
        }
    }

    @Test
    void quantileKeysAreKeptAsWritten() {
        Summary s = Summarizer.withDefaults().withQuantiles("0.50", " 0.9", "1e-1")
                .summarize(new BenchmarkId("k", ""), new double[] {1, 2, 3, 4, 5});
        assertEquals(List.of("0.50", "0.9", "1e-1"), s.quantiles().stream().map(QuantileValue::label).toList());
        assertEquals(List.of("0.2", "0.5", "0.8", "1"), Summarizer.withDefaults().withQuantiles(0.2, 0.5, 0.8, 1.0)
                .summarize(new BenchmarkId("k", ""), new double[] {1}).quantiles().stream().map(QuantileValue::label).toList());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> Summarizer.withDefaults().withQuantiles("0,5"));
        assertEquals("quantile '0,5' is not a probability in [0, 1]; use e.g. 0.2,0.5,0.8", bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Summarizer.withDefaults().withQuantiles("1.5"));
        assertThrows(IllegalArgumentException.class, () -> Summarizer.withDefaults().withQuantiles("NaN"));
        assertThrows(IllegalArgumentException.class, () -> Summarizer.withDefaults().withQuantiles("0.5", "0.50"));
    }

    @Test
    void warnsAboutFewSamplesNoiseAndMissingWarmup() {
        BenchmarkId id = new BenchmarkId("k", "");
        assertEquals(List.of(SummaryWarning.Kind.FEW_SAMPLES), kinds(Summarizer.withDefaults()
                .summarize(id, new double[] {1.0, 1.001, 0.999})));

        Random random = new Random(3);
        double[] quiet = new double[100];
        double[] noisy = new double[100];
        for (int i = 0; i < 100; i++) {
            quiet[i] = 1 + 0.01 * random.nextGaussian();
            noisy[i] = 1 + 0.2 * random.nextGaussian();
        }
        assertEquals(List.of(), kinds(Summarizer.withDefaults().summarize(id, quiet)));
        Summary loud = Summarizer.withDefaults().summarize(id, noisy);
        assertEquals(List.of(SummaryWarning.Kind.NOISY), kinds(loud));
        assertTrue(loud.warnings().getFirst().message().startsWith("relative noise 2"), loud.warnings().toString());
        assertEquals(List.of(), kinds(Summarizer.withDefaults().withNoiseThreshold(0.5).summarize(id, noisy)));

        double[] cold = quiet.clone();
        cold[0] = 5;
        cold[1] = 2;
        Summary s = Summarizer.withDefaults().summarize(id, cold);
        assertEquals(List.of(SummaryWarning.Kind.MISSING_WARMUP), kinds(s));
        assertTrue(s.warnings().getFirst().message().startsWith("the first 2 sample(s) are much slower than the rest"),
                s.warnings().getFirst().message());
        assertEquals(2, s.outliers().highSevere());
    }

    @Test
    void missingWarmupCountsRepetitions() {
        Random random = new Random(4);
        List<SampleRecord> rows = new ArrayList<>();
        double[][] reps = new double[6][20];
        for (int r = 0; r < reps.length; r++) {
            for (int i = 0; i < 20; i++) {
                reps[r][i] = 1 + 0.01 * random.nextGaussian();
            }
        }
        reps[0][0] = 3;
        rows.addAll(Records.repetitions("k", "", reps));
        assertEquals(List.of(), kinds(Summarizer.withDefaults().summarize(rows).getFirst()),
                "one cold repetition of six is a spike, not a missing warmup");
        reps[2][0] = 3;
        reps[4][0] = 4;
        Summary s = Summarizer.withDefaults().summarize(Records.repetitions("k", "", reps)).getFirst();
        assertEquals(List.of(SummaryWarning.Kind.MISSING_WARMUP), kinds(s));
        assertTrue(s.warnings().getFirst().message().contains("in 3 of 6 repetitions"), s.warnings().toString());
    }

    @Test
    void groupsByBenchmarkAndParamsSortedByNameThenParameterValues() {
        List<SampleRecord> rows = new ArrayList<>(Records.samples("b", "n=1048576", 1, 2, 3));
        rows.addAll(Records.samples("a", "", 4, 5));
        rows.addAll(Records.samples("b", "n=1024", 6));
        rows.addAll(Records.samples("b", "n=1048576", 7));
        rows.addAll(Records.samples("b", "n=64", 8));
        List<Summary> s = Summarizer.withDefaults().summarize(rows);
        // numbers by value: as text, n=1024 < n=1048576 < n=64
        assertEquals(List.of(new BenchmarkId("a", ""), new BenchmarkId("b", "n=64"), new BenchmarkId("b", "n=1024"),
                new BenchmarkId("b", "n=1048576")), s.stream().map(Summary::id).toList());
        assertEquals(4, s.getLast().n());
        assertEquals(7.0, s.getLast().maxMillis());
    }

    @Test
    void fewSamplesPerRepetitionIsAWarningWithTheFix() {
        List<SampleRecord> rows = new ArrayList<>();
        for (int r = 0; r < 10; r++) {
            rows.add(SampleRecord.builder("k", "").repetition(r).sample(0).timeMillis(1 + r * 1e-3).backend("opencl")
                    .device("dev").build());
        }
        Summary thin = Summarizer.withDefaults().summarize(rows).getFirst();
        assertEquals(List.of(SummaryWarning.Kind.FEW_SAMPLES_PER_REPETITION), kinds(thin));
        // from samples alone the clear and the device are unknown: the fixes that always add calls
        assertTrue(thin.warnings().getFirst().message().contains("--rep-ms")
                && thin.warnings().getFirst().message().contains("--min-samples 5"), thin.warnings().getFirst().message());
        // the same samples without repetitions: one run of 10, nothing per repetition to judge
        Summary plain = Summarizer.withDefaults().summarize(new BenchmarkId("k", ""),
                rows.stream().mapToDouble(SampleRecord::timeMillis).toArray());
        assertEquals(List.of(), kinds(plain));
    }

    @Test
    void oneSampleHasZeroSpreadAndNoInterval() {
        Summary s = Summarizer.withDefaults().summarize(new BenchmarkId("k", ""), new double[] {0.5});
        assertEquals(0.0, s.stddevMillis());
        assertEquals(0.0, s.madMillis());
        assertEquals(0.0, s.relativeNoise());
        assertTrue(Double.isNaN(s.medianInterval().lower()));
        assertThrows(IllegalArgumentException.class,
                () -> Summarizer.withDefaults().summarize(new BenchmarkId("k", ""), new double[0]));
    }

    private static List<SummaryWarning.Kind> kinds(Summary s) {
        return s.warnings().stream().map(SummaryWarning::kind).toList();
    }
}
